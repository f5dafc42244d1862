"""Markup text kept as drawn lines: the status line, the hand's title, the players.

A Static parses and wraps its whole text again at each change, and measures it once
more to see whether its height changed. Here the text comes in blocks (the players
panel: one a player), each block's lines are kept by its text and width (the same
texts come back turn after turn), and a layout pass is asked for only when the number
of lines changes.
"""

from __future__ import annotations

from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget


class KeptText(Widget):
    """Blocks of markup, one under the other, each wrapped as a Static wraps it."""

    DEFAULT_CSS = "KeptText { height: auto; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self.blocks: list[str] = []
        self._kept: dict[tuple, list[Strip]] = {}  # (block, width, style) -> its lines

    def set_text(self, text: str) -> None:
        self.set_blocks([text])

    def set_blocks(self, blocks: list[str]) -> None:
        if blocks == self.blocks:
            return
        before = self._lines() if self.size.width else None
        self.blocks = list(blocks)
        if before is None or len(self._lines()) != len(before):
            self.refresh(layout=True)  # never measured, or taller or shorter now
        else:
            # All of it, padding too: a layout pass that moved this box is not always
            # repainted in full by Textual, and a box that repaints itself whole
            # hides that (as a Static does).
            self.refresh()

    def _block_lines(self, block: str, width: int) -> list[Strip]:
        style = self.visual_style
        key = (block, width, style)
        lines = self._kept.get(key)
        if lines is None:
            if len(self._kept) > 200:  # the texts of a long game: start afresh
                self._kept.clear()
            content = Content.from_markup(block)
            lines = self._kept[key] = Visual.to_strips(self, content, width, None, style)
        return lines

    def _lines(self, width: int | None = None) -> list[Strip]:
        width = self.size.width if width is None else width
        return [line for block in self.blocks for line in self._block_lines(block, width)]

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)
