"""The Happiness state record: what a state holds, typed, in one place; the stage
names and the geometry of the table.

``HappinessFields`` declares (and slots) every field and says in ``COPY`` how each
one a move changes in place is copied. It holds no rule: the rules are plain
functions of the record in modules of their own (``board``, ``deck``, ``moves``,
``scores``, ``turns``, ``views``), each typing its state as ``HappinessFields``;
``state.HappinessState`` adds the protocol (new, actors, legal_actions, apply, view,
result, resample), each method handing over to the module that holds the rule.
"""

from __future__ import annotations

from typing import Any

from ...core import GameState, copy_nested
from ..cards import COLOUR_SYMBOL, SYMBOLS, Card
from ..view_types import HappinessView

BUILD, PLAY, STORY, WINDOW, BUMMER, OVER = "build", "play", "story", "window", "bummer", "over"
STORY_MAX = 500
CENTRE = (0, 0)
# (dx, dy, index of my edge, index of the neighbour's edge that touches it)
DIRS = ((0, -1, 0, 2), (1, 0, 1, 3), (0, 1, 2, 0), (-1, 0, 3, 1))
GAP_OFFSETS = ((2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))


def neighbours(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy, _, _ in DIRS]


def edge_label(colour: str) -> str:
    letter = COLOUR_SYMBOL[colour]
    return f"{SYMBOLS[letter][1]} ({letter})"


class HappinessFields(GameState[HappinessView]):
    # abstract: state.HappinessState, the one class made, adds the protocol
    __slots__ = (
        "n",
        "timer",
        "last_seat_of_round",
        "cards",
        "youngest",
        "excluded",
        "deck",
        "box",
        "hands",
        "board",
        "stage",
        "turn",
        "round",
        "actor",
        "after",
        "waiting",
        "joy",
        "euphoria",
        "bummed",
        "lost",
        "euphoria_pile",
        "pluses",
        "played",
        "sweeps",
        "bummer_pile",
        "journal",
        "end_triggered",
        "turns_played",
        "last",
        "deck_size",
        "board_facts",
    )
    # set up once from the players and options (facts every rule reads)
    n: int  # seats
    timer: bool  # the silence is a countdown (else each seat is asked in turn)
    last_seat_of_round: int  # the seat right of the youngest
    cards: tuple[Card, ...]
    youngest: int
    excluded: tuple[str, ...]  # topics left out of the deck
    deck: list[int]  # community deck, top card last
    box: list[int]  # set up once, never changed after
    hands: list[list[int]]
    board: dict[tuple[int, int], tuple[int, int]]  # cell -> (card, seat that played it)
    stage: str
    turn: int
    round: int
    actor: int | None  # the seat in the story or bummer stage
    after: str | None
    waiting: list[int]  # seats the silence window still waits for
    joy: list[int]
    euphoria: list[int]
    bummed: list[int]
    lost: list[int]
    euphoria_pile: list[list[int]]
    pluses: list[list[list[Any]]]  # per seat, each plus completed: [bonus, its words]
    played: list[list[int]]  # per seat, the Joycards it laid, in order (for the end's itemising)
    # per seat, each Bummer it laid: [the Bummer's id, [[swept card id, its player], ...]]
    sweeps: list[list[list[Any]]]
    bummer_pile: list[list[int]]
    journal: list[dict[str, Any]]
    end_triggered: bool
    turns_played: int
    last: dict[str, Any] | None  # replaced, never changed in place
    deck_size: int
    board_facts: dict[Any, Any]  # worked out from the board; replaced (not cleared) when it changes

    COPY = {
        "deck": list,
        "hands": copy_nested,
        "board": dict,
        "waiting": list,
        "joy": list,
        "euphoria": list,
        "bummed": list,
        "lost": list,
        "euphoria_pile": copy_nested,
        "pluses": copy_nested,
        "played": copy_nested,
        "sweeps": copy_nested,
        "bummer_pile": copy_nested,
        "journal": list,
    }
