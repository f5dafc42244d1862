"""What a seat sees, as both editions show it (views.py declares the shapes): the
players, the decks, the row, the piles and the specials on the table. Each edition's
``card_view`` and ``player_view`` (the edition table) add its own facts, and its
``seat_view`` adds the rest."""

from __future__ import annotations

from .fields import DECK_COSTS, OVER, ROW_SIZE, CardRowFields
from .row import end_triggered
from .scores import score_view
from .views import CardFace, CardRowView, DeckView, PileView, PlayerView


def printed_face(state: CardRowFields, i: int, seat: int | None = None) -> CardFace:
    """A card as printed."""
    return state.cards[i].to_dict()


def player_view(state: CardRowFields, seat: int) -> PlayerView:
    card_view = state.edition.card_view
    view: PlayerView = {
        "seat": seat,
        "name": state.players[seat],
        "coins": state.coins[seat],
        "income": state.edition.income_of(state, seat),
        "city": [card_view(state, i, None) for i in state.city[seat]],
        "score": score_view(state, seat),
    }
    return state.edition.player_view(state, seat, view)


def decks_view(state: CardRowFields) -> list[DeckView]:
    words = state.edition.deck_words
    out: list[DeckView] = []
    for d in range(3):
        deck: DeckView = {
            "deck": d + 1,
            "count": len(state.decks[d]),
            "discards": len(state.discards[d]),
            "costs": list(DECK_COSTS[d + 1]),
        }
        if words is not None:
            deck["name"] = words[d]
        out.append(deck)
    return out


def piles_view(state: CardRowFields, seat: int | None) -> list[PileView]:
    card_view = state.edition.card_view
    return [
        {"name": name, "count": len(pile), "card": card_view(state, face, seat)}
        for pile, name, face in zip(state.piles, state.pile_names, state.pile_faces, strict=True)
    ]


def row_view(state: CardRowFields, seat: int | None) -> CardRowView:
    """The parts both editions share."""
    edition = state.edition
    card_view = edition.card_view
    takeable = edition.takeable_specials(state, seat) if seat is not None else []
    return {
        "game": state.spec.id,
        "options": dict(state.options),
        "viewer": seat,
        "round": state.round,
        "turn": state.turn,
        "stage": state.stage,
        "first_player": 0,
        "last_player": state.n - 1,
        "end_triggered": end_triggered(state),
        "over": state.stage == OVER,
        "bank": state.bank,
        "players": [player_view(state, s) for s in range(state.n)],
        "decks": decks_view(state),
        "visible": [card_view(state, i, seat) for i in state.visible],
        "row_size": ROW_SIZE,
        "dwellings": piles_view(state, seat),
        "specials": [
            {**card_view(state, i, None), "takeable": i in takeable} for i in state.specials
        ],
        "letters": dict(edition.group_letters),
        "goal": edition.goal,
    }
