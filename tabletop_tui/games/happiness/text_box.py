"""A Static for the status line, the hand's title and the players: markup text."""

from __future__ import annotations

from textual.widgets import Static


class TextBox(Static):
    """Markup text, shown whole; ``set_blocks`` stacks several texts one under another."""

    DEFAULT_CSS = "TextBox { height: auto; }"

    def __init__(self, text: str = "", **kw):
        super().__init__(text, **kw)
        self.blocks: list[str] = [text] if text else []

    def set_text(self, text: str) -> None:
        self.set_blocks([text])

    def set_blocks(self, blocks: list[str]) -> None:
        if blocks != self.blocks:
            self.blocks = list(blocks)
            self.update("\n".join(blocks))
