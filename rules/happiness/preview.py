"""What a placement would do, worked out before it is made: where the spot is (named by
its neighbours), the Joypoints the card scores, the plus it completes with its bonus,
the cards a Bummer sweeps. The explainer (explainer.py) asks it of the state;
``explain_place`` asks it of a seat's view, for a reader that holds only the view.

Both use the engine's own plus and sweep functions, so what is said cannot disagree
with the move it describes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..core.text import counted
from .engine.board import name_place, plus_cells
from .engine.fields import neighbours
from .view_types import HappinessView


class Seen(NamedTuple):
    """A card as ``plus_cells`` and ``name_place`` read it (a view's card made one)."""

    word: str
    points: int
    edges: tuple


class Placement(NamedTuple):
    where: str  # the spot named by a card near it
    bummer: bool
    points: int  # the card's own Joypoints (0 for a Bummer)
    plus: list[str]  # the words of the plus it completes, its own included
    bonus: int  # the Joypoints that plus adds
    swept: list[str]  # the Joycards a Bummer sweeps
    swept_points: int
    swept_from: list[int]  # the seat that played each swept card


Cards = Mapping[int, Any] | Sequence[Any]  # card id -> a card with word, points, edges


def placement(
    cards: Cards, board: dict, cid: int, bummer: bool, cell: tuple[int, int], seat: int | None
) -> Placement:
    """What card ``cid`` laid at the empty ``cell`` by ``seat`` does on ``board``
    (cell -> (card id, seat that played it))."""
    where = name_place(cards, board, cell)
    if bummer:
        swept = [board[c] for c in neighbours(cell) if c in board]
        words = [cards[i].word for i, _ in swept]
        points = sum(cards[i].points for i, _ in swept)
        return Placement(where, True, 0, [], 0, words, points, [by for _, by in swept])
    plus = sorted(plus_cells(cards, {**board, cell: (cid, seat)}, cell))
    ids = [cid if c == cell else board[c][0] for c in plus]
    bonus = sum(cards[i].points for i in ids)  # the engine's sum, own card included
    return Placement(
        where, False, cards[cid].points, [cards[i].word for i in ids], bonus, [], 0, []
    )


def explain_place(view: HappinessView, word: str, cell) -> dict:
    """The facts of putting the viewer's card ``word`` at ``cell``, from the view alone:
    where, whether it may go there, the Joypoints it scores, the plus it completes
    with its bonus, the cards a Bummer sweeps, and ``text``, one line saying it all."""
    shown = [c["card"] for c in view["board"]] + list(view["hand"] or [])
    cards = {c["id"]: Seen(c["word"], c["points"], tuple(c["edges"])) for c in shown}
    cell = (cell[0], cell[1])
    board = {(c["x"], c["y"]): (c["card"]["id"], c["by"]) for c in view["board"]}
    card = next(c for c in view["hand"] or [] if c["word"] == word)
    legal = list(cell) in view["spots"].get(word, [])
    bummer = card["kind"] == "bummer"
    facts: dict = {"word": word, "legal": legal, "bummer": bummer, "points": 0, "plus": []}
    facts.update(bonus=0, swept=[], swept_points=0)
    if not legal:
        facts["where"] = name_place(cards, board, cell)
        facts["text"] = f"{word} cannot go {facts['where']}: move to a marked spot."
        return facts
    done = placement(cards, board, card["id"], bummer, cell, view["viewer"])
    facts.update(where=done.where, points=done.points, plus=done.plus, bonus=done.bonus)
    facts.update(swept=done.swept, swept_points=done.swept_points)
    if bummer:
        worth = counted(done.swept_points, "Joypoint")
        swept = f"sweeps {', '.join(done.swept)} ({worth}) into your Bummer Pile"
        facts["text"] = f"Bummer {word} {done.where}: {swept if done.swept else 'sweeps nothing'}."
        return facts
    text = f"{word} {done.where}: {counted(done.points, 'Joypoint')}"
    if done.plus:
        bonus = counted(done.bonus, "Joypoint")
        text += f"; completes a plus ({', '.join(done.plus)}) for {bonus} more"
    facts["text"] = text + "."
    return facts
