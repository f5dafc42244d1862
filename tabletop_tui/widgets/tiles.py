"""Square Happiness cards drawn as 13x5 text boxes with an edge symbol on each side.

Each edge shows its symbol letter (F fire, W water, L leaf, S sun, * bolt) in its
colour, so the letter alone is enough to play.
"""

from __future__ import annotations

from rich.text import Text

W, H = 13, 5
SMALL_W, SMALL_H = 11, 3  # a cell of the table zoomed out to fit (the Happiness fit key)
EDGE_STYLE = {
    "F": "bold red",
    "W": "bold dodger_blue1",
    "L": "bold green3",
    "S": "bold yellow",
    "*": "bold bright_white on grey35",
}


def _fit(text: str, width: int) -> str:
    text = text if len(text) <= width else text[: width - 1] + "~"
    return text.center(width)


def card_lines(card: dict, owner: str = "", frame: str = "normal") -> list[Text]:
    """Five lines of 13 cells. frame: normal | cursor | selected (a doubled border, so
    the selection shows by its shape as well as its colour)."""
    top, right, bottom, left = card["symbols"]
    bummer = card["kind"] == "bummer"
    border = _border_style(frame, bummer)
    h, v, tl, tr, bl, br = _box(frame)

    def edge_row(sym: str, left_c: str, right_c: str) -> Text:
        t = Text()
        t.append(left_c + h * 5, border)
        t.append(sym, EDGE_STYLE[sym])
        t.append(h * 5 + right_c, border)
        return t

    word = Text()
    word.append(v, border)
    word.append(_fit(card["word"], W - 2), "bold red" if bummer else "bold")
    word.append(v, border)
    mid = Text()
    mid.append(left, EDGE_STYLE[left])
    mid.append(
        _fit(
            "BUMMER" if bummer else f"{card['points']} pt{'s' if card['points'] != 1 else ''}",
            W - 2,
        ),
        "red" if bummer else "green",
    )
    mid.append(right, EDGE_STYLE[right])
    who = Text()
    who.append(v, border)
    who.append(_fit(owner, W - 2), "dim")
    who.append(v, border)
    return [edge_row(top, tl, tr), word, mid, who, edge_row(bottom, bl, br)]


def _border_style(frame: str, bummer: bool) -> str:
    return {"cursor": "bold reverse yellow", "selected": "bold cyan"}.get(
        frame, "red" if bummer else "grey70"
    )


def _box(frame: str) -> tuple[str, ...]:
    """The rule, side and corners (tl, tr, bl, br) of a card's frame."""
    return tuple(
        "\u2550\u2551\u2554\u2557\u255a\u255d"
        if frame == "selected"
        else "\u2500\u2502\u250c\u2510\u2514\u2518"
    )


def small_card_lines(card: dict, owner: str = "", frame: str = "normal") -> list[Text]:
    """A card in three lines of 11 cells: edges as on the full card, the word in the
    middle, the points (B for a Bummer) and the owner's initial in the bottom border."""
    top, right, bottom, left = card["symbols"]
    bummer = card["kind"] == "bummer"
    border = _border_style(frame, bummer)
    h, v, tl, tr, bl, br = _box(frame)
    side = (SMALL_W - 3) // 2
    first = Text()
    first.append(tl + h * side, border)
    first.append(top, EDGE_STYLE[top])
    first.append(h * side + tr, border)
    word = Text()
    word.append(left, EDGE_STYLE[left])
    word.append(_fit(card["word"], SMALL_W - 2), "bold red" if bummer else "bold")
    word.append(right, EDGE_STYLE[right])
    last = Text()
    last.append(bl, border)
    last.append("B" if bummer else str(card["points"])[-1], "red" if bummer else "green")
    last.append(h * (side - 1), border)
    last.append(bottom, EDGE_STYLE[bottom])
    last.append(h * (side - 1), border)
    last.append((owner or " ")[0], "dim")
    last.append(br, border)
    return [first, word, last]


def _styled(text: str, style: str) -> Text:
    """A Text whose style reaches its segments: Rich renders a Text made with only a
    base style (``Text(text, style)``, no spans) as plain segments."""
    line = Text()
    line.append(text, style)
    return line


# A free spot's outline: dashed for a legal spot, doubled under the cursor, so the
# two differ by shape as well as by colour.
LEGAL_EDGE = "+ - - - - - +"
CURSOR_EDGE = "#===========#"


def spot_lines(
    label: str, cursor: bool = False, legal: bool = True, small: bool = False
) -> list[Text]:
    """An empty cell of the table: a legal spot (green, dashed outline), the cursor
    (reverse yellow, doubled outline, on a legal spot or not), or nothing; ``small``:
    three lines of 11 cells (the table zoomed out)."""
    width, height = (SMALL_W, SMALL_H) if small else (W, H)
    if not cursor and not legal:
        lines = [Text(" " * width) for _ in range(height)]
        if label:
            lines[height // 2] = _styled(_fit(label, width), "grey50")
        return lines
    style = "bold reverse yellow" if cursor else "bold green"
    edge, side = (CURSOR_EDGE, "#") if cursor else (LEGAL_EDGE, "|")
    edge = edge[: width - 1] + edge[-1]
    inner = width - 2
    middle = label if legal else "cursor"
    blank = _styled(side + " " * inner + side, style)
    lines = [blank] * height
    lines[0] = lines[-1] = _styled(edge, style)
    lines[height // 2] = _styled(side + _fit(middle, inner) + side, style)
    return lines
