"""The card-row state record (Happy City, Family and Expert, and Happiest Town): what
a state holds, typed, in one place; the stage names; and ``Edition``, the table of
what tells the two editions apart.

``CardRowFields`` declares (and slots) every field of both editions and says in
``COPY`` how each one a move changes in place is copied. It holds no rule: the rules
are plain functions of the record in modules of their own (``row``, ``scores``,
``seat_views``, ``moves``, then each edition's), each typing its state as
``CardRowFields``. Each edition's state class (``engine.HappyCityState``,
``happiest_town.HappiestTownState``) is the record with the protocol on it and sets
``edition``, the table the shared rules read an edition's words, limits, stages and
hooks from (never a method an edition overrides).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ..core import GameState, copy_dicts, copy_nested
from .cards import Card
from .views import CardFace, CardRowView, PlayerView

DECK_COSTS = {1: (1, 3), 2: (4, 5), 3: (6, 9)}
ROW_SIZE = 3  # cards face up in the central row after a refill

# the stages both editions have
DISCARD, REFILL, OVER = "discard", "refill", "over"
# Happy City's own
BUY, SPECIAL, MARKET, TARGET, FINAL = "buy", "special", "market", "target", "final"
# Happiest Town's own
BUILD, INFRA = "build", "infra"

NO_ARGS = frozenset({"keep", "pass", "coin"})  # the kinds that take no argument

# How a copy copies each field a move changes in place: those of both editions, and
# Happy City's own (Happiest Town leaves these empty, so its copies share them).
COPY_BOTH: dict[str, Callable[[Any], Any]] = {
    "coins": list,
    "city": copy_nested,
    "decks": copy_nested,
    "discards": copy_nested,
    "visible": list,
    "piles": copy_nested,
    "special": list,
    "specials": list,
}
COPY_EXPERT: dict[str, Callable[[Any], Any]] = {
    "market_pool": list,
    "free": list,
    "borrow": list,
    "targets": dict,
    "choices": copy_dicts,
}


@dataclass(frozen=True)
class Edition:
    """What one edition declares for the rules both share: its words, its limits and
    stages, and the hooks where its rules differ (each a function of the record)."""

    # words
    money: str  # what the tie-break is called
    place_word: str  # a player's cards, in the log and refusals
    item_word: str  # what they are
    in_row: str
    pile_noun: str
    one_of_a_name: str
    decks_text: str
    symbol_words: tuple[str, str]
    group_letters: dict[str, str]  # a colour (type) -> the letter cards show
    deck_words: tuple[str, ...] | None  # the decks' own names (Happiest Town: low, ...)
    # limits and stages
    city_limit: int | None  # cards a city may hold, if limited
    goal: int  # cards in one city that make the current round the last
    # stage -> (action kinds allowed, what the seat must or may do, for refusals)
    stages: dict[str, tuple[tuple[str, ...], str]]
    buy_stage: str  # the stage that follows the refill
    # hooks
    income_of: Callable[[CardRowFields, int], int]
    cost_of: Callable[[CardRowFields, int, Card], int]
    group_of: Callable[[Card], str | None]  # what a special card's needs count
    paid_on_build: Callable[[Card], tuple[int, int] | None]  # (to builder, to others)
    takeable_specials: Callable[[CardRowFields, int], list[int]]
    breakdown: Callable[[CardRowFields, int], dict[str, Any]]
    card_view: Callable[[CardRowFields, int, int | None], CardFace]
    player_view: Callable[[CardRowFields, int, PlayerView], PlayerView]  # adds its facts


# The edition's view (HappyCityView, HappiestTownView): both are card-row views.
RowView = TypeVar("RowView", bound=CardRowView, covariant=True)


class CardRowFields(GameState[RowView]):
    # abstract: each edition's state class adds the protocol and sets ``edition``
    edition: ClassVar[Edition]

    __slots__ = (
        "n",
        "cards",
        "coins",
        "city",
        "decks",
        "discards",
        "visible",
        "piles",
        "pile_names",
        "pile_faces",
        "box",
        "bank",
        "round",
        "turn",
        "stage",
        "pending",
        "passed_at",
        "special",
        "specials",
        "expert",
        "market_pool",
        "free",
        "borrow",
        "targets",
        "choices",
        "discarded",
    )
    n: int  # seats
    cards: tuple[Card, ...]  # every physical card; an id is an index here
    coins: list[int]
    city: list[list[int]]  # per seat, in the order the cards were placed
    decks: list[list[int]]  # three decks, top card last
    discards: list[list[int]]
    visible: list[int]  # the central row
    piles: list[list[int]]  # dwelling (residence) piles, top card last
    pile_names: tuple[str, ...]  # the name of each pile, same order
    pile_faces: tuple[int, ...]  # a card of each pile, shown even when the pile is empty
    box: list[int]  # cards out of play; set up once, never changed after
    bank: int | None  # coins left in a box-limited bank; None = unlimited
    round: int
    turn: int  # the seat whose turn it is
    stage: str
    # the question being asked now (Happy City: the Louvre's or an end-of-game one;
    # Happiest Town: the infrastructure cards to choose between); replaced, never
    # changed in place
    pending: Any
    passed_at: int  # the checkpoint of the last turn's end: a hand-over, nothing revealed
    special: list[int | None]  # each seat's special (infrastructure) card, once taken
    specials: list[int]  # the special (infrastructure) cards on the table, still to take
    # Happy City only (set in both modes, changed by Expert effects; empty in Happiest Town)
    expert: bool
    market_pool: list[str]  # Happy Market colours not yet drafted
    free: list[int]  # cards each seat may still buy free of charge
    borrow: list[int]  # income phases left in which a seat adds an opponent's income
    targets: dict[int, int]  # seat -> opponent whose income it adds this income phase
    choices: list[dict[str, Any]]  # end-of-game answers per seat
    # Happiest Town only
    discarded: int  # facilities discarded this turn

    COPY = {**COPY_BOTH, **COPY_EXPERT}
