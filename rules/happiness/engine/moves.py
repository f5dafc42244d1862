"""Who acts now, the moves a seat may make, and why a move is refused."""

from __future__ import annotations

from collections.abc import Callable

from ...core import Action, unsavable
from ..cards import TOPIC_LABELS, TOPICS, Card, min_deck
from .board import connect_spots, gap_spots, mismatch, other_bummer_connects, spots_for
from .deck import card_by_word, deck_plan
from .fields import (
    BUILD,
    BUMMER,
    CENTRE,
    OVER,
    PLAY,
    STORY,
    STORY_MAX,
    WINDOW,
    HappinessFields,
    neighbours,
)


def actors(state: HappinessFields) -> list[int]:
    stage = state.stage
    if stage == OVER:
        return []
    if stage == WINDOW:
        return sorted(state.waiting) if state.timer else state.waiting[:1]
    if stage == PLAY or state.actor is None:
        return [state.turn]
    return [state.actor]


def can_claim(state: HappinessFields, seat: int) -> bool:
    cards = state.cards
    return bool(state.board) and any(cards[i].is_bummer for i in state.hands[seat])


def sample_story(state: HappinessFields) -> str:
    word = state.cards[state.last["card"]].word if state.last else "this card"
    return f"A short story about {word}."


def legal_actions(state: HappinessFields, seat: int) -> list[Action]:
    if seat not in actors(state):
        return []
    stage = state.stage
    if stage == BUILD:
        return build_moves(state, seat)
    if stage in (PLAY, BUMMER):
        return card_moves(state, seat)
    if stage == STORY:
        return story_moves(state, seat)
    return window_moves(state, seat) if stage == WINDOW else []


def build_moves(state: HappinessFields, seat: int) -> list[Action]:
    # Dealing first: a menu's first move is the one that changes nothing unasked
    deal = Action(seat, "build_done", (), f"Deal from a deck of {sum(deck_plan(state))} cards")
    out = [deal]
    for t in TOPICS:
        if t in state.excluded:
            out.append(Action(seat, "toggle_topic", (t,), f"Put {TOPIC_LABELS[t]} back in"))
        elif sum(deck_plan(state, set(state.excluded) | {t})) >= min_deck(state.n):
            out.append(Action(seat, "toggle_topic", (t,), f"Leave out {TOPIC_LABELS[t]}"))
    return out


def card_moves(state: HappinessFields, seat: int) -> list[Action]:
    want_bummer = state.stage == BUMMER
    cards = state.cards
    out: list[Action] = []
    for cid in state.hands[seat]:
        c = cards[cid]
        if c.is_bummer != want_bummer:
            continue
        for x, y in spots_for(state, seat, cid):
            out.append(Action(seat, "place", (c.word, x, y), place_label(c, x, y)))
    if state.stage == PLAY and not out:
        out.append(Action(seat, "pass_turn", (), "Pass: no Joycard in hand"))
    return out


def story_moves(state: HappinessFields, seat: int) -> list[Action]:
    return [
        Action(seat, "story", (sample_story(state),), "Tell a story"),
        Action(seat, "skip_story", (), "Skip the story"),
    ]


def window_moves(state: HappinessFields, seat: int) -> list[Action]:
    out = [Action(seat, "pass", (), "Stay silent")]  # first: Enter keeps the silence
    if can_claim(state, seat):
        out.append(Action(seat, "claim", (), "Break the silence with a Bummer"))
    if state.timer:
        out.append(Action(seat, "close", (), "The silence is over"))
    return out


def place_label(c: Card, x: int, y: int) -> str:
    if c.is_bummer:
        return f"Play the Bummer {c.word} at ({x}, {y})"
    return f"Play {c.word} ({c.points} Joypoint{'s' if c.points != 1 else ''}) at ({x}, {y})"


# the kinds of move each stage takes, and what the table is doing if another is tried
ALLOWED = {
    BUILD: ("toggle_topic", "build_done"),
    PLAY: ("place", "pass_turn"),
    STORY: ("story", "skip_story"),
    WINDOW: ("claim", "pass", "close"),
    BUMMER: ("place",),
}
ARG_COUNTS = {"toggle_topic": 1, "place": 3, "story": 1}


def why_illegal(state: HappinessFields, a: Action) -> str | None:
    if a.kind not in ALLOWED[state.stage]:
        return f"Not now: {_doing(state, state.players[a.seat])}."
    expect = ARG_COUNTS.get(a.kind, 0)
    if len(a.args) != expect:
        return f"'{a.kind}' takes {expect} argument(s)."
    if a.kind == "place":
        return place_problem(state, a.seat, *a.args)
    problem = PROBLEMS.get(a.kind)
    return problem(state, a) if problem is not None else None


def _doing(state: HappinessFields, who: str) -> str:
    """What the table is doing, to a move of another stage (``who``: its player)."""
    return {
        BUILD: f"{who} is building the deck",
        PLAY: f"{who} must play a Joycard",
        STORY: f"{who} may tell a story or skip it",
        WINDOW: "the table is in the silence between turns",
        BUMMER: f"{who} must play a Bummer",
    }[state.stage]


def topic_problem(state: HappinessFields, a: Action) -> str | None:
    t = a.args[0]
    if t not in TOPICS:
        return f"There is no topic {t!r} (topics: {', '.join(TOPICS)})."
    least = min_deck(state.n)
    if t not in state.excluded and sum(deck_plan(state, set(state.excluded) | {t})) < least:
        return f"Leaving out {t} would leave fewer than {least} cards."
    return None


def pass_problem(state: HappinessFields, a: Action) -> str | None:
    if any(not state.cards[i].is_bummer for i in state.hands[a.seat]):
        return "A seat holding a Joycard must play one."
    return None


def story_problem(state: HappinessFields, a: Action) -> str | None:
    text = a.args[0]
    if not isinstance(text, str) or not text.strip():
        return "A story needs some text (or skip the story)."
    if len(text.strip()) > STORY_MAX:
        return f"A story holds at most {STORY_MAX} characters."
    if any(ord(ch) < 32 and ch not in "\n\t" for ch in text):
        return "A story may not hold control characters."
    if why := unsavable(text):
        return f"This story cannot be saved: {why}."
    return None


def claim_problem(state: HappinessFields, a: Action) -> str | None:
    if not state.board:
        return "There is nothing on the table for a Bummer to touch."
    if not can_claim(state, a.seat):
        return f"{state.players[a.seat]} holds no Bummer."
    return None


def close_problem(state: HappinessFields, a: Action) -> str | None:
    if not state.timer:
        return "In the turn-based silence every seat answers in turn; nobody closes it."
    return None


# what may be wrong with a move of each kind, once its stage and arguments fit
PROBLEMS: dict[str, Callable[[HappinessFields, Action], str | None]] = {
    "toggle_topic": topic_problem,
    "pass_turn": pass_problem,
    "story": story_problem,
    "claim": claim_problem,
    "close": close_problem,
}


def place_problem(state: HappinessFields, seat: int, word, x, y) -> str | None:
    cid = card_by_word(word)
    if cid is None or cid not in state.hands[seat]:
        return f"{word!r} is not in {state.players[seat]}'s hand."
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
        return "A spot is two whole numbers (x, y)."
    card, cell = state.cards[cid], (x, y)
    if state.stage == PLAY and card.is_bummer:
        return "A Bummer is played only in the silence between turns."
    if state.stage == BUMMER and not card.is_bummer:
        return "After claiming the silence, play a Bummer."
    if cell in state.board:
        return f"({x}, {y}) already holds {state.cards[state.board[cell][0]].word}."
    if not state.board:
        if card.is_bummer:
            return "A Bummer needs cards on the table to connect to."
        if cell != CENTRE:
            return "On an empty table the card goes in the centre, (0, 0)."
        return None
    if any(nb in state.board for nb in neighbours(cell)):
        why = mismatch(state, cid, cell)
        return f"{card.word} cannot go at ({x}, {y}): {why}." if why else None
    return _apart_problem(state, seat, cid, cell)


def _apart_problem(state: HappinessFields, seat: int, cid: int, cell) -> str | None:
    """Why card cid may not be placed at ``cell``, apart from every card."""
    card = state.cards[cid]
    if connect_spots(state, cid):
        return (
            f"{card.word} can connect to the cards on the table, so it may not be "
            f"placed apart from them."
        )
    if cell not in gap_spots(state):
        return "A card placed apart goes two steps (straight or diagonal) from the nearest card."
    if card.is_bummer and other_bummer_connects(state, seat):
        return (
            "That Bummer would bum out nothing, and another of your Bummers can be "
            "played against Joycards."
        )
    return None
