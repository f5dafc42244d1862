"""Markup text kept as drawn lines: the status line, the hand's title, the players.

A Static parses and wraps its whole text again at each change, and measures it once
more to see whether its height changed. Here the text comes in blocks (the players
panel: one a player), each block's lines are kept by its text and width (the same
texts come back turn after turn), a layout pass is asked for only when the number
of lines changes, and otherwise only the lines that changed are drawn again.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region
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
        self._flat: tuple[int, list[Strip]] | None = None  # width -> every block's lines

    def set_text(self, text: str) -> None:
        self.set_blocks([text])

    def set_blocks(self, blocks: list[str]) -> None:
        if blocks == self.blocks:
            return
        before = self._lines() if self.size.width else None
        self.blocks = list(blocks)
        self._flat = None
        after = self._lines() if before is not None else None
        if before is None or after is None or len(after) != len(before):
            self.refresh(layout=True)  # never measured, or taller or shorter now
            return
        # The same height: only the lines that differ are drawn again (a block that
        # kept its text keeps its very lines); the styles cache keeps the others,
        # also when a layout pass moves the box in the same frame.
        width = self.size.width
        changed = [
            Region(0, y, width, 1)
            for y, (old, new) in enumerate(zip(before, after, strict=True))
            if old is not new
        ]
        if changed:  # (none would mean all of it to Textual)
            self.refresh(*changed)  # one call: each one costs about as much as a line

    def prepare(self, text: str) -> None:
        """Wrap ``text`` now, while nothing waits (after a frame), so showing it later
        costs no parse: the story prompt of the card a player is about to place."""
        if self.size.width:
            self._block_lines(text, self.size.width)

    def notify_style_update(self) -> None:
        self._flat = None  # the lines' style may differ: look them up again
        super().notify_style_update()

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
        if self._flat is not None and self._flat[0] == width:
            return self._flat[1]
        lines = [line for block in self.blocks for line in self._block_lines(block, width)]
        self._flat = (width, lines)
        return lines

    def get_content_height(self, container, viewport, width: int) -> int:
        return len(self._lines(width))

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        if y < len(lines):
            return lines[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)
