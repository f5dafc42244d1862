"""What a placement would do, said before it is made: the screen's preview line.

Worked out from a seat's view only (the public table and the viewer's own hand), with
the engine's own plus and sweep functions the engine applies, so the preview cannot disagree with
the move it describes.
"""

from __future__ import annotations

from typing import NamedTuple

from .engine.board import name_place, plus_cells
from .engine.fields import neighbours
from .view_types import HappinessView


class _Seen(NamedTuple):
    """A card as the view shows it: what ``plus_cells`` and ``name_place`` read."""

    word: str
    points: int
    edges: tuple


def _plural(n: int) -> str:
    return f"{n} Joypoint{'s' if n != 1 else ''}"


def explain_place(view: HappinessView, word: str, cell) -> dict:
    """The facts of putting the viewer's card ``word`` at ``cell``: where (named by its
    neighbours), whether it may go there, the Joypoints it scores, the plus it completes
    with its bonus, the cards a Bummer sweeps, and ``text``, one line saying it all."""
    shown = [c["card"] for c in view["board"]] + list(view["hand"] or [])
    cards = {c["id"]: _Seen(c["word"], c["points"], tuple(c["edges"])) for c in shown}
    cell = (cell[0], cell[1])
    board = {(c["x"], c["y"]): (c["card"]["id"], c["by"]) for c in view["board"]}
    hand = {c["word"]: c for c in view["hand"] or []}
    card = hand[word]
    where = name_place(cards, board, cell)
    legal = list(cell) in view["spots"].get(word, [])
    facts: dict = {
        "word": word,
        "where": where,
        "legal": legal,
        "bummer": card["kind"] == "bummer",
        "points": 0,
        "plus": [],
        "bonus": 0,
        "swept": [],
        "swept_points": 0,
    }
    if not legal:
        facts["text"] = f"{word} cannot go {where}: move to a marked spot."
        return facts
    if facts["bummer"]:
        swept = [board[c][0] for c in neighbours(cell) if c in board]
        facts["swept"] = [cards[i].word for i in swept]
        facts["swept_points"] = sum(cards[i].points for i in swept)
        if swept:
            facts["text"] = (
                f"Bummer {word} {where}: sweeps {', '.join(facts['swept'])} "
                f"({_plural(facts['swept_points'])}) into your Bummer Pile."
            )
        else:
            facts["text"] = f"Bummer {word} {where}: sweeps nothing."
        return facts
    facts["points"] = card["points"]
    text = f"{word} {where}: {_plural(card['points'])}"
    plus = sorted(plus_cells(cards, {**board, cell: (card["id"], view["viewer"])}, cell))
    if plus:
        ids = [card["id"] if c == cell else board[c][0] for c in plus]
        facts["plus"] = [cards[i].word for i in ids]
        facts["bonus"] = sum(cards[i].points for i in ids)  # the engine's sum, own card included
        text += (
            f"; completes a plus ({', '.join(facts['plus'])}) for {_plural(facts['bonus'])} more"
        )
    facts["text"] = text + "."
    return facts
