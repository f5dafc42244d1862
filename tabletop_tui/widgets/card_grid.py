"""A grid of cards drawn by one widget, line by line (Textual's Line API).

A widget per card made every move restyle, lay out and repaint a few dozen bordered
boxes and their containers. This widget draws all the cards of one area itself: each
card's lines are built once for its look and kept, a move that changes nothing here
costs nothing, and the height changes only when a row of cards is added or removed.

A card keeps the look of a bordered box: its colour (or type) letter and name in the
top border, in the card's colour; a heavy green border when it can be taken now; its
stats inside. Colour never carries meaning alone: the letter is always there. A name
too long for the border goes whole on the first lines inside (never split
between the border and the body).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.message import Message
from textual.strip import Strip

from .card import card_letter, card_lines, mini_lines
from .drawn_lines import DrawnLines
from .steady import TakesWidth, expect_outer_height, outer_height

COLOURS = ("yellow", "blue", "violet", "orange", "green", "none")
# corners (top left, top right, bottom left, bottom right), the rule, the side
ROUND = tuple("╭╮╰╯─│")
HEAVY = tuple("┏┓┗┛━┃")
KEPT_LOOKS = 300  # drawn card looks a grid keeps
# a card's title, body lines, usable, colour, the key that picks it ("" for none) and
# how many body lines go on with a name too long for the border
Face = tuple[str, tuple[str, ...], bool, str, str, int]


def _cut(text: str, width: int) -> str:
    """Shorten to ``width`` cells, marking the cut with ~ (an unambiguous glyph)."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "~"


def wrap(line: str, width: int) -> list[str]:
    """``textwrap.wrap(line, width) or [""]``, without its cost (a tenth of a ms a
    card) for a line that fits as it is: no whitespace at its ends or but spaces."""
    if len(line) <= width and line == line.strip() and line.isprintable():
        return [line]
    return textwrap.wrap(line, width) or [""]


def name_lines(letter: str, name: str, width: int, wrap: bool) -> tuple[str, list[str]]:
    """The title for a top border ``width`` cells wide, and the lines of the name that
    did not fit in it (none when ``wrap`` is false: the title is cut instead). A name
    is never split between the border and the body ("Apartment" above the line,
    "Block" below it): one too long for the border goes whole inside, the letter
    alone staying in the border."""
    full = f"{letter} {name}"
    if width <= 10:  # a mini card: the title runs from corner to corner
        return _cut(full, width - 2), []
    room = width - 6  # corner, rule and a space each side of the title
    if len(full) <= room or not wrap:
        return _cut(full, room), []
    return letter, textwrap.wrap(name, width - 4, break_long_words=True)


class CardGrid(DrawnLines, TakesWidth):
    """The cards of one area (a city, the visible row, the specials), ``columns`` a row."""

    COMPONENT_CLASSES = {"cardgrid--border", "cardgrid--usable"} | {
        f"cardgrid--c-{c}" for c in COLOURS
    }
    DEFAULT_CSS = """
    CardGrid { height: auto; width: 1fr; }
    CardGrid > .cardgrid--border { color: $panel-lighten-2; }
    CardGrid > .cardgrid--usable { color: $success; text-style: bold; }
    CardGrid > .cardgrid--c-yellow { color: yellow; background: yellow 8%; }
    CardGrid > .cardgrid--c-blue { color: dodgerblue; background: dodgerblue 8%; }
    CardGrid > .cardgrid--c-violet { color: violet; background: violet 8%; }
    CardGrid > .cardgrid--c-orange { color: orange; background: orange 8%; }
    CardGrid > .cardgrid--c-green { color: lime; background: lime 8%; }
    CardGrid > .cardgrid--c-none { color: $text; }
    """

    class Clicked(Message):
        def __init__(self, grid: CardGrid, card: Mapping[str, Any]):
            super().__init__()
            self.grid = grid
            self.area = grid.area
            self.card = card

    def __init__(self, area: str, columns: int, **kw):
        super().__init__(**kw)
        self.area = area
        self.default_columns = columns  # the count a screen may lower when it is small
        self.columns = columns
        self.card_width: int | None = None  # None: the width shared out between columns
        self.mini = False
        self.wrap_names = True
        # (card, extra line, usable now); a card is a view's card mapping
        self.cards: Sequence[tuple[Mapping[str, Any], str, bool]] = []
        self._shown: tuple | None = None
        self._faces: list[Face] = []  # drawn text per card
        self._drawn: dict[tuple, list[list[Segment]]] = {}  # a card's look -> its lines
        self._card_height = 0
        self._height = -1
        self.display = False

    # ---- content -----------------------------------------------------------------------
    def show(
        self,
        cards: Sequence[tuple[Mapping[str, Any], str, bool]],
        *,
        letters=None,
        stats=("inh", "hrt"),
        columns: int | None = None,
        card_width: int | None = None,
        mini: bool = False,
        wrap_names: bool = True,
    ) -> None:
        """Show these (card, extra line, usable) entries; repaint only if they changed.
        ``wrap_names=False`` cuts a long name in the border instead (no room at 80x24)."""
        columns = columns or self.columns
        letter_items = letters and tuple(letters.items())
        shown = (repr(cards), letter_items, stats, columns, card_width, mini, wrap_names)
        if shown == self._shown and self._faces_width == self._width():
            return
        self._shown = shown
        self.cards = cards
        self.columns, self.card_width, self.mini = columns, card_width, mini
        self.wrap_names = wrap_names
        self._letters, self._stats = letters, stats
        self._lay_out()

    _faces_width = -1
    # the content width told before the layout that gives it (expect_width), and the
    # width it had then: told while the layout has not come
    _told: tuple[int, int] | None = None

    def _width(self) -> int:
        total = self.size.width or self.app.size.width
        if self._told is not None and self._told[1] == self.size.width:
            total = self._told[0]
        return self.card_width or max(8, total // max(1, self.columns))

    def expect_width(self, width: int) -> int:
        self._told = (width - self.styles.gutter.width, self.size.width)
        if self._faces and self._faces_width != self._width():
            self._lay_out(widths=False)  # (its box is told its length after)
        # kept until the screen's layout: under a hand-off that layout comes after a
        # refresh of the screen on top, and the width dropped then made the grid lay
        # its cards out again at the old width, then at the new one
        laid_out = self.screen.screen_layout_refresh_signal
        laid_out.unsubscribe(self)
        laid_out.subscribe(self, self._laid_out_at_told)
        return outer_height(self, self._height)

    def _laid_out_at_told(self, _screen: object) -> None:
        """After the layout: the told width is the size's now, or was a wrong guess."""
        self.screen.screen_layout_refresh_signal.unsubscribe(self)
        self._told = None
        self.on_resize()

    def _lay_out(self, widths: bool = True) -> None:
        width = self._faces_width = self._width()
        faces = []
        for card, extra, usable in self.cards:
            title, more = name_lines(card_letter(card), card["name"], width, self.wrap_names)
            if self.mini:
                body = mini_lines(card, self._stats)
            else:
                body = card_lines(card, self._letters, self._stats)
            body = more + body + ([extra] if extra else [])
            inner = width - (2 if self.mini else 4)
            body = [piece for line in body for piece in wrap(line, inner)]
            colour = card.get("colour") or "none"
            faces.append((title, tuple(body), usable, colour, card.get("key", ""), len(more)))
        self._faces = faces
        self._card_height = 2 + max((len(face[1]) for face in faces), default=0)
        rows = -(-len(faces) // self.columns)
        height = rows * self._card_height
        self.display = bool(faces)
        if height != self._height:
            self._height = height
            self.styles.height = height  # the only change that needs a new layout
            # told first, with the panel's new length: found during the layout, they
            # asked for a second one (the reasons on a hand-off's new seat's cards)
            expect_outer_height(self, height, widths=widths)
        self.refresh()

    def on_resize(self) -> None:
        if self._faces and self._faces_width != self._width():
            self._lay_out()  # columns shared out afresh: names re-fitted to the new width

    # ---- drawing -----------------------------------------------------------------------
    def _card_lines(self, face: Face, width: int, base: Style) -> list[list[Segment]]:
        """A card's lines as segments in their final styles (the widget's own style
        folded in), so a line of the grid is a single Strip however many cards it holds."""
        look = (face, width, self._card_height, self.mini, base)
        lines = self._drawn.get(look)
        if lines is not None:
            return lines
        title, body, usable, colour, key, name_rows = face
        tint = self.get_component_rich_style(f"cardgrid--c-{colour}")
        back = base + Style(bgcolor=tint.bgcolor)
        named = back + Style(color=tint.color, bold=True)  # the title's look
        edge = self.get_component_rich_style(
            "cardgrid--usable" if usable else "cardgrid--border", partial=True
        )
        edge = back + Style(color=edge.color, bold=edge.bold)
        tl, tr, bl, br, h, v = HEAVY if usable else ROUND
        pad = 0 if self.mini else 1
        inner = width - 2 - 2 * pad
        lead = "" if self.mini else h + " "  # a mini card has no room for the rule
        rule = width - 2 - len(lead) - len(title) - (0 if self.mini else 1)
        lines = [
            [
                Segment(tl + lead, edge),
                Segment(title, named),
                Segment(("" if self.mini else " ") + h * rule + tr, edge),
            ]
        ]
        for k in range(self._card_height - 2):
            text = body[k] if k < len(body) else ""
            lines.append(
                [
                    Segment(v, edge),
                    # a name's rest reads as the name, in the title's look, not as stats
                    Segment(
                        " " * pad + _cut(text, inner).ljust(inner) + " " * pad,
                        named if k < name_rows else back,
                    ),
                    Segment(v, edge),
                ]
            )
        if key:  # the key in the bottom border, where it costs the name no room
            mark = f"[{key}]"
            lines.append(
                [
                    Segment(bl + h, edge),
                    Segment(mark, named),
                    Segment(h * (width - 3 - len(mark)) + br, edge),
                ]
            )
        else:
            lines.append([Segment(bl + h * (width - 2) + br, edge)])
        self._drawn[look] = lines
        # Looks come back (a card usable for one player, not for the next): a few
        # hundred are kept, the oldest dropped, as a game passes through many more.
        if len(self._drawn) > KEPT_LOOKS:
            del self._drawn[next(iter(self._drawn))]
        return lines

    def render_line(self, y: int) -> Strip:
        total = self.size.width
        base = self.line_style()
        if not self._faces or self._card_height == 0:
            return Strip([Segment(" " * total, base)], total)
        row, line = divmod(y, self._card_height)
        width = self._faces_width
        row_faces = self._faces[row * self.columns : (row + 1) * self.columns]
        segments = [
            segment for face in row_faces for segment in self._card_lines(face, width, base)[line]
        ]
        used = width * len(row_faces)
        if used < total:
            segments.append(Segment(" " * (total - used), base))
        elif used > total:  # cards of a fixed width wider than the panel: cut at its edge
            return Strip(segments, used).crop(0, total)
        return Strip(segments, total)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()  # a new theme or class: colours drawn afresh

    # ---- input -------------------------------------------------------------------------
    def card_at(self, x: int, y: int) -> Mapping[str, Any] | None:
        if not self._faces or self._card_height == 0 or x >= self._faces_width * self.columns:
            return None
        index = (y // self._card_height) * self.columns + x // self._faces_width
        return self.cards[index][0] if 0 <= index < len(self.cards) else None

    def offset_of(self, name: str) -> tuple[int, int] | None:
        """Where inside this grid the card of that name is drawn (its middle), if shown."""
        for index, (card, _, _) in enumerate(self.cards):
            if card["name"] == name:
                row, col = divmod(index, self.columns)
                width = self._faces_width
                return col * width + width // 2, row * self._card_height + self._card_height // 2
        return None

    def on_click(self, event) -> None:
        card = self.card_at(event.x, event.y)
        if card is not None:
            self.post_message(self.Clicked(self, card))
