"""The hand: every card of the player at the keyboard, drawn by one widget.

It replaced a widget per card: showing a hand of four after one of five hid a widget,
and a widget shown or hidden renumbers the painting order of everything after it, so
Textual repainted the whole screen on every move. This widget stays, its height stays
(except in the compact grid when the hand gains or loses a row), and only a card that
looks different is drawn again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip

from ...widgets.drawn_lines import DrawnLines
from ...widgets.tiles import H, W, card_lines

# How a card sits: a gap column after each in a row (wide), or a grid of four
# without gaps (compact).
WIDE_STRIDE, COMPACT_STRIDE, COMPACT_COLUMNS = W + 1, W, 4


class Hand(DrawnLines):
    """Cards in a row (a spare line below them), or four to a row when compact."""

    DEFAULT_CSS = "Hand { width: 1fr; height: auto; }"

    class Clicked(Message):
        def __init__(self, index: int):
            super().__init__()
            self.index = index

    def __init__(self, **kw):
        super().__init__(**kw)
        self.looks: list[tuple] = []  # (card, key label, frame) for each card shown
        self.compact = False
        self.columns = COMPACT_COLUMNS  # cards a row when compact (fewer when narrow)
        self._drawn: dict[tuple, list[list[Segment]]] = {}  # a card's look -> its lines

    # ---- what is shown ---------------------------------------------------------------
    def set_hand(
        self,
        cards: Sequence[Mapping[str, Any]],
        selected: int,
        framed: bool,
        compact: bool,
        columns: int = COMPACT_COLUMNS,
    ) -> None:
        """Show ``cards``; ``framed``: the selected one wears the selection frame;
        ``columns``: cards a row in the compact grid."""
        looks = [
            (
                card,
                f"key {k + 1}" if k < 9 else "",
                "selected" if framed and k == selected else "normal",
            )
            for k, card in enumerate(cards)
        ]
        keyed = [(card["word"], label, frame) for card, label, frame in looks]
        before = [(card["word"], label, frame) for card, label, frame in self.looks]
        if keyed == before and (compact, columns) == (self.compact, self.columns):
            return
        rows_before, grid_before = self._rows(), (self.compact, self.columns)
        self.looks, self.compact, self.columns = looks, compact, columns
        if (compact, columns) != grid_before or (compact and self._rows() != rows_before):
            self.refresh(layout=True)  # a new grid, or the compact one changed its height
            return
        for k in range(max(len(keyed), len(before))):
            if (keyed[k] if k < len(keyed) else None) != (before[k] if k < len(before) else None):
                self.refresh(self._slot(k))

    def _columns(self) -> int:
        if self.compact:
            return self.columns
        return max(1, len(self.looks))  # one row, however many

    def _stride(self) -> int:
        return COMPACT_STRIDE if self.compact else WIDE_STRIDE

    def _rows(self) -> int:
        return -(-len(self.looks) // self._columns())

    def _slot(self, k: int) -> Region:
        row, col = divmod(k, self.columns) if self.compact else (0, k)
        return Region(col * self._stride(), row * H, self._stride(), H)

    def get_content_height(self, container, viewport, width: int) -> int:
        if not self.compact:
            return H + 1  # a row of cards and the line below it, hand or not
        return self._rows() * H

    # ---- drawing -----------------------------------------------------------------------
    def _card_lines(self, k: int, base: Style) -> list[list[Segment]]:
        card, label, frame = self.looks[k]
        look = (card["word"], label, frame, self._stride(), base)
        lines = self._drawn.get(look)
        if lines is None:
            console = self.app.console
            gap = self._stride() - W
            pad = [Segment(" " * gap, self._blank(base))] if gap else []
            lines = [
                list(Segment.apply_style(t.render(console), base)) + pad
                for t in card_lines(card, label, frame)
            ]
            self._drawn[look] = lines
        return lines

    @staticmethod
    def _blank(base: Style) -> Style:
        """Cells between and around cards: the background alone, as the old per-card
        widgets' container drew them."""
        return Style(bgcolor=base.bgcolor)

    def render_line(self, y: int) -> Strip:
        style = self.line_style()
        width = self.size.width
        row, line = divmod(y, H)
        columns = self._columns()
        first = row * columns
        shown = range(first, min(first + columns, len(self.looks)))
        if not shown:
            return Strip([Segment(" " * width, self._blank(style))], width)
        segments = [segment for k in shown for segment in self._card_lines(k, style)[line]]
        used = len(shown) * self._stride()
        if used < width:
            segments += [Segment(" " * (width - used), self._blank(style))]
        elif used > width:
            return Strip(segments, used).crop(0, width)
        return Strip(segments, width)

    def index_at(self, x: int, y: int) -> int | None:
        """The place in the hand of the card drawn at (x, y), if any."""
        col = x // self._stride()
        k = (y // H) * self._columns() + col
        return k if col < self._columns() and 0 <= k < len(self.looks) else None

    def on_click(self, event) -> None:
        k = self.index_at(event.x, event.y)
        if k is not None:
            self.post_message(self.Clicked(k))
