"""A Static that draws again only the lines of its text that changed.

Textual draws a Static's whole text again at every change of it (wrapping and styling
every line: most of the cost of the side panel's player summaries at a hand-off,
where one line in ten changes). This one keeps the drawn rows of each line of text, by
the line, its place and what decides its look, and draws only the lines it has not
drawn before.

The rows are the ones Textual 8.2.8 draws: its ``Content`` wraps and styles each line
of a text on its own, tagging each piece with its place (column and line number) for
the mouse. So a line drawn as line ``y`` of a text made of ``y`` empty lines and it
is drawn as in any text where it is line ``y``, as long as its markup is whole (no
tag left open at its end: the text's lines are then the lines of its markup). This
reads Textual's ``_render_content`` and ``_render_cache``: on another release, or with
an alignment or a selection that depend on the whole text, it draws as Textual does.
"""

from __future__ import annotations

from typing import Any

from textual.visual import Visual, visualize
from textual.widget import _RenderCache
from textual.widgets import Static

from ..paint import PROVEN_TEXTUAL, TEXTUAL_VERSION

BY_LINE = TEXTUAL_VERSION == PROVEN_TEXTUAL
KEPT_ROWS = 200  # lines of text whose rows are kept (a few turns of every seat's)


class KeptRowsStatic(Static):
    """A Static whose text (markup) has whole markup on every line."""

    def _render_content(self) -> None:
        content: Any = self.content
        styles = self.styles
        if not (
            BY_LINE
            and isinstance(content, str)
            and self._render_markup
            and tuple(styles.content_align) == ("left", "top")
            and self.text_selection is None
            and not self.screen._selecting
        ):
            super()._render_content()
            return
        width, height = self.size
        style = self.visual_style
        look = (width, style, styles.text_align, styles.text_overflow, styles.text_wrap)
        look += (styles.line_pad, self.auto_links, self.link_style)
        kept: dict = self.__dict__.setdefault("_kept_rows", {})
        rows = []
        for y, line in enumerate(content.split("\n")):
            if len(rows) >= height:
                break
            key = (y, line, look)
            drawn = kept.pop(key, None)  # taken out and put back: the newest last
            if drawn is None:
                visual = visualize(self, "\n" * y + line, markup=True)
                drawn = Visual.to_strips(self, visual, width, None, style)[y:]
                if len(kept) >= KEPT_ROWS:
                    del kept[next(iter(kept))]
            kept[key] = drawn
            rows += drawn
        self._render_cache = _RenderCache(self.size, rows[:height])
        self._dirty_regions.clear()
