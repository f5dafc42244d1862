"""What each seat may see (``view``): the table, the piles, hand sizes, its own hand and
where each of its cards may go, as the declared ``HappinessView``."""

from __future__ import annotations

from typing import cast

from ..cards import SYMBOLS, TOPIC_LABELS, TOPICS, catalogue, min_deck
from ..view_types import (
    BoardCell,
    CardFace,
    HappinessPlayer,
    HappinessView,
    LastPlay,
    StoryDue,
    WindowView,
)
from .deck import deck_plan
from .fields import BUILD, BUMMER, OVER, PLAY, STORY, STORY_MAX, WINDOW, HappinessFields
from .moves import actors, legal_actions
from .scores import score_view


def card_view(state: HappinessFields, cid: int) -> CardFace:
    return state.cards[cid].to_dict()


def seat_view(state: HappinessFields, seat: int | None) -> HappinessView:
    """What ``seat`` may know: the table, the piles, hand sizes and its own hand."""
    nj, nb = deck_plan(state)
    cat = catalogue()
    board, bounds = _board_view(state)
    hand, spots = _hand_view(state, seat)
    return {
        "game": "happiness",
        "options": dict(state.options),
        "viewer": seat,
        "stage": state.stage,
        "turn": state.turn,
        "round": state.round,
        "actors": actors(state),
        "acting": state.actor if state.stage in (STORY, BUMMER) else None,
        "youngest": state.youngest,
        "last_seat_of_round": state.last_seat_of_round,
        "end_triggered": state.end_triggered,
        "over": state.stage == OVER,
        "community": len(state.deck),
        "deck": {
            "size": state.deck_size if state.stage != BUILD else nj + nb,
            "joycards": nj,
            "bummers": nb,
            "minimum": min_deck(state.n),
        },
        "topics": [
            {
                "topic": t,
                "label": TOPIC_LABELS[t],
                "left_out": t in state.excluded,
                "cards": cat.topic_count(t),
            }
            for t in TOPICS
        ],
        "board": board,
        "bounds": bounds,
        "players": _players_view(state),
        "hand": hand,
        "spots": spots,
        "window": _window_view(state),
        "story": _story_view(state),
        "last": _last_view(state),
        "journal": [dict(e) for e in state.journal],
        "symbols": {
            letter: {"colour": colour, "name": name} for letter, (colour, name) in SYMBOLS.items()
        },
        "story_max": STORY_MAX,
    }


def _players_view(state: HappinessFields) -> list[HappinessPlayer]:
    cards = state.cards
    return [
        {
            "seat": s,
            "name": state.players[s],
            "hand_count": len(state.hands[s]),
            "youngest": s == state.youngest,
            "score": score_view(state, s),
            "euphoria_pile": [cards[i].word for i in state.euphoria_pile[s]],
            "bummer_pile": [cards[i].word for i in state.bummer_pile[s]],
        }
        for s in range(state.n)
    ]


def _board_view(state: HappinessFields) -> tuple[list[BoardCell], list[int] | None]:
    """The cards on the table, row by row, and the bounds they span."""
    board: list[BoardCell] = [
        {"x": x, "y": y, "by": by, "card": card_view(state, cid)}
        for (x, y), (cid, by) in sorted(state.board.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    ]
    if not state.board:
        return board, None
    xs = [x for x, _ in state.board]
    ys = [y for _, y in state.board]
    return board, [min(xs), min(ys), max(xs), max(ys)]


def _hand_view(
    state: HappinessFields, seat: int | None
) -> tuple[list[CardFace] | None, dict[str, list[list[int]]]]:
    """The viewer's own hand, and where each card may go when the viewer must place."""
    hand = None
    spots: dict[str, list[list[int]]] = {}
    if seat is not None and 0 <= seat < state.n:
        hand = [card_view(state, i) for i in state.hands[seat]]
    if hand is not None and state.stage in (PLAY, BUMMER) and seat in actors(state):
        for a in legal_actions(state, seat):
            if a.kind == "place":
                spots.setdefault(a.args[0], []).append([a.args[1], a.args[2]])
    return hand, spots


def _story_view(state: HappinessFields) -> StoryDue | None:
    """Whose story is due, about which card (in the story stage only)."""
    if state.stage != STORY or state.last is None or state.actor is None:
        return None
    return {
        "seat": state.actor,
        "word": state.cards[state.last["card"]].word,
        "bummer": state.last["bummer"],
    }


def _last_view(state: HappinessFields) -> LastPlay | None:
    if state.last is None:
        return None
    cards = state.cards
    kept = {k: v for k, v in state.last.items() if not k.endswith("cards") and k != "card"}
    last = cast(LastPlay, kept)  # the record's keys, less its card ids
    last["word"] = cards[state.last["card"]].word
    last["swept_words"] = [cards[i].word for i in state.last["swept_cards"]]
    last["euphoria_words"] = [cards[i].word for i in state.last["euphoria_cards"]]
    return last


def _window_view(state: HappinessFields) -> WindowView | None:
    if state.stage != WINDOW:
        return None
    return {
        "mode": "timer" if state.timer else "turns",
        "seconds": state.options.get("silence_seconds", 5),
        "waiting": sorted(state.waiting) if state.timer else list(state.waiting),
        "after_turn_of": state.turn,
    }
