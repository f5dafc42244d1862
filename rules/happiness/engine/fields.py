"""What a Happiness state holds (its slots and how each is copied), the stage names,
the geometry of the table, and the small facts every other part reads."""

from __future__ import annotations

from typing import Any

from ...core import GameState, copy_nested
from ..cards import (
    COLOUR_SYMBOL,
    SYMBOLS,
    Card,
    catalogue,
)

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


class HappinessFields(GameState):
    __slots__ = (
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
        "bummer_pile",
        "journal",
        "end_triggered",
        "turns_played",
        "last",
        "deck_size",
        "_cache",
    )
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
    bummer_pile: list[list[int]]
    journal: list[dict[str, Any]]
    end_triggered: bool
    turns_played: int
    last: dict[str, Any] | None  # replaced, never changed in place
    deck_size: int
    _cache: dict[Any, Any]  # board facts; replaced (not cleared) when the board changes

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
        "bummer_pile": copy_nested,
        "journal": list,
    }

    # ---- small facts ----------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def last_seat_of_round(self) -> int:
        return (self.youngest - 1) % self.n

    def card_by_word(self, word):
        cid = catalogue().by_word.get(word) if isinstance(word, str) else None
        return cid

    def deck_plan(self, excluded=None) -> tuple[int, int]:
        """(Joycards, Bummers) the deck will hold with these topics left out."""
        cat = catalogue()
        excluded = set(self.excluded if excluded is None else excluded)
        want_j, want_b = cat.deck_sizes[self.n]
        kept_j = sum(1 for i in cat.joycards if not excluded & set(self.cards[i].topics))
        kept_b = sum(1 for i in cat.bummers if not excluded & set(self.cards[i].topics))
        return min(want_j, kept_j), min(want_b, kept_b)

    def score(self, seat: int) -> int:
        return self.joy[seat] + self.euphoria[seat] + self.bummed[seat] - self.lost[seat]
