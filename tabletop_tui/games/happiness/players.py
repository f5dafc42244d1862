"""The players panel: a few lines of markup for each player, kept as drawn lines.

A Static showing them parsed and wrapped the whole panel again at every move, when a
move changes one player's lines (a score, a hand count, the turn mark). This panel
keeps each block's lines by its text and width, repaints only the lines that changed
and asks for a layout pass only when the number of lines changes.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget


class PlayersPanel(Widget):
    """Blocks of markup, one under the other, each wrapped as a Static wraps it."""

    DEFAULT_CSS = "PlayersPanel { height: auto; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self.blocks: list[str] = []
        self._kept: dict[tuple, list[Strip]] = {}  # (block, width, style) -> its lines

    def set_blocks(self, blocks: list[str]) -> None:
        if blocks == self.blocks:
            return
        before = self._lines() if self.size.width else None
        self.blocks = list(blocks)
        if before is None:
            self.refresh(layout=True)  # never laid out: the next layout measures it
            return
        after = self._lines()
        if len(after) != len(before):
            self.refresh(layout=True)  # the panel gets taller or shorter
            return
        width = self.size.width
        for y, (old, new) in enumerate(zip(before, after, strict=True)):
            if old is not new:
                self.refresh(Region(0, y, width, 1))

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
