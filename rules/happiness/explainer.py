"""Happiness's explainer: what a placement scores (the card's Joypoints, the plus it
completes, the Joycards a Bummer sweeps), why a move is refused, what a card or a spot
of the table is, asked for the one thing a screen, the coach or the look-up key shows.

It answers for one seat from what that seat may know: the table and the piles are
public, a hand is its owner's alone, so a card is placed or a spot tried only with
the seat's own cards.
"""

from __future__ import annotations

from ..core import Action, Explainer, Explanation, GameState, Line, Ref, refusal
from .cards import EDGE_NAMES, Card
from .engine import HappinessState, edge_label
from .engine.scores import score_explanation
from .explain import UNIT
from .preview import placement


class HappinessExplainer(Explainer):
    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        assert isinstance(state, HappinessState)  # this explainer serves Happiness
        labeler = state.spec.labeler
        title = action.label or (labeler(action) if labeler is not None else action.key)
        refused = refusal(state, seat, action)
        spot = _own_spot(state, seat, action)
        if spot is None:
            return Explanation(title, refused=refused)
        cid, cell = spot
        if refused is not None:  # named as the player would say it, with apply's reason
            where = state.place_name(cell)
            return Explanation(f"{state.cards[cid].word} cannot go {where}", refused=refused)
        return place_explanation(state, seat, cid, cell)

    def score(self, state: GameState, seat: int) -> Explanation:
        """Every Joypoint of ``seat``'s score, by card, plus and Bummer (all public: the
        table and the piles); once the game is over, the hand the seat had left."""
        assert isinstance(state, HappinessState)
        return score_explanation(state, seat)

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        assert isinstance(state, HappinessState)
        if ref.kind == "term":
            return self.term(state, ref.id)
        if ref.kind == "card" and isinstance(ref.id, str):
            cid = state.card_by_word(ref.id)
            return None if cid is None else _card_explanation(state, seat, cid)
        if ref.kind == "spot" and isinstance(ref.id, tuple) and len(ref.id) == 2:
            return _spot_explanation(state, seat, (ref.id[0], ref.id[1]))
        return None

    def named_things(self, state: GameState, seat: int | None) -> tuple[tuple[str, Ref], ...]:
        """Every card of the deck by its word (the deck's list is public)."""
        assert isinstance(state, HappinessState)
        words = dict.fromkeys(card.word for card in state.cards)
        return tuple((word, Ref("card", word)) for word in words)


def place_explanation(state: HappinessState, seat: int, cid: int, cell) -> Explanation:
    """A legal placement: the spot, and what it scores the seat at once."""
    card = state.cards[cid]
    done = placement(state.cards, state.board, cid, card.is_bummer, cell, seat)
    if card.is_bummer:
        lines = []
        if done.swept:
            swept = ", ".join(done.swept)
            lines.append(Line("Sweeps", done.swept_points, UNIT, swept, kind="gain"))
        if state.options.get("bummer_scoring", "take") == "strip":
            own = sum(
                state.cards[state.board[c][0]].points
                for c in state.sweep_cells(cell)
                if state.board[c][1] == seat
            )
            if own:  # its own Joycards swept are lost as well
                lines.append(Line("Own Joycards swept", -own, UNIT, kind="cost"))
        return Explanation(f"Bummer {card.word} {done.where}", tuple(lines))
    lines = [Line("Joypoints", done.points, UNIT, card.word, kind="gain")]
    if done.plus:
        lines.append(Line("Completes a plus", done.bonus, UNIT, ", ".join(done.plus), kind="gain"))
    return Explanation(f"{card.word} {done.where}", tuple(lines))


def _own_spot(state: HappinessState, seat: int, action: Action) -> tuple[int, tuple] | None:
    """(card id, cell) of a placement of a card in the seat's own hand on an empty
    cell, else None (anything else is explained by its label and refusal)."""
    if action.kind != "place" or len(action.args) != 3:
        return None
    word, x, y = action.args
    cid = state.card_by_word(word)
    if cid is None or not 0 <= seat < state.n or cid not in state.hands[seat]:
        return None
    if not all(type(v) is int for v in (x, y)) or (x, y) in state.board:
        return None
    return cid, (x, y)


def _card_explanation(state: HappinessState, seat: int | None, cid: int) -> Explanation:
    """A card as printed (the deck's list is public) and where the seat sees it."""
    card: Card = state.cards[cid]
    if card.is_bummer:
        lines = [Line("A Bummer: it sweeps the Joycards it touches into its player's pile")]
    else:
        lines = [Line("Joypoints", card.points, UNIT)]
    for side, colour in zip(EDGE_NAMES, card.edges, strict=True):
        lines.append(Line(f"{side.capitalize()} edge", source=edge_label(colour)))
    on_table = next(((cell, by) for cell, (i, by) in state.board.items() if i == cid), None)
    if on_table is not None:
        lines.append(Line("On the table", source=f"played by {state.players[on_table[1]]}"))
    elif seat is not None and 0 <= seat < state.n and cid in state.hands[seat]:
        lines.append(Line("In your hand"))
    return Explanation(card.word, tuple(lines))


def _spot_explanation(state: HappinessState, seat: int | None, cell) -> Explanation:
    """A cell of the table: the card on it, or what each card of the seat's hand that
    may go there would score."""
    held = state.board.get(cell)
    if held is not None:
        return _card_explanation(state, seat, held[0])
    lines = []
    if seat is not None and 0 <= seat < state.n:
        for cid in state.hands[seat]:
            word = state.cards[cid].word
            move = Action(seat, "place", (word, cell[0], cell[1]))
            if refusal(state, seat, move) is None:
                told = place_explanation(state, seat, cid, cell)
                total = sum(line.amount or 0 for line in told.of_kind("gain", "cost"))
                lines.append(Line(word, total, UNIT, told.title, kind="gain"))
    return Explanation(f"The spot {state.place_name(cell)}", tuple(lines))
