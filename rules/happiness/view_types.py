"""What a seat sees of Happiness, declared: ``view(seat)`` returns a
:class:`HappinessView`, a JSON-safe mapping of facts. Nothing here is prose: what a
placement scores, why it is refused and what a spot or card does come from the
explainer (rules/happiness/explainer.py), asked for the one thing a screen shows."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class CardFace(TypedDict):
    """A word card as printed (``Card.to_dict``)."""

    id: int
    word: str
    kind: str  # joy | bummer
    points: int
    edges: list[str]  # top, right, bottom, left: each edge's colour
    symbols: list[str]  # the same edges as their symbol letters
    topics: list[str]


class BoardCell(TypedDict):
    x: int
    y: int
    by: int  # the seat that played it
    card: CardFace


class DeckFacts(TypedDict):
    size: int
    joycards: int
    bummers: int
    minimum: int  # the smallest deck the rulebook allows at this table


class TopicView(TypedDict):
    topic: str
    label: str  # the topic's name on the deck builder
    left_out: bool
    cards: int


class HappinessScore(TypedDict):
    joypoints: int
    euphoria: int
    bummed_out: int
    lost_to_bummers: int
    score: int
    euphoria_pile: int
    bummer_pile: int
    pluses: list[list[Any]]  # each plus completed: [bonus, [its words]]


class HappinessPlayer(TypedDict):
    seat: int
    name: str
    hand_count: int
    youngest: bool
    score: HappinessScore
    euphoria_pile: list[str]
    bummer_pile: list[str]


class WindowView(TypedDict):
    """The silence after a turn, while it lasts."""

    mode: str  # timer | turns
    seconds: int
    waiting: list[int]  # the seats it still waits for
    after_turn_of: int


class StoryDue(TypedDict):
    seat: int
    word: str
    bummer: bool


class LastPlay(TypedDict):
    """The last card played: where, what it scored, what it swept or completed."""

    seat: int
    cell: list[int]
    bummer: bool
    swept: list[list[int]]
    points: int
    euphoria: list[list[int]]
    bonus: NotRequired[int]
    word: str
    swept_words: list[str]
    euphoria_words: list[str]


class SymbolView(TypedDict):
    colour: str
    name: str


class HappinessView(TypedDict):
    game: str
    options: dict[str, Any]
    viewer: int | None
    stage: str
    turn: int
    round: int
    actors: list[int]
    acting: int | None  # the seat telling a story or playing its Bummer
    youngest: int
    last_seat_of_round: int
    end_triggered: bool
    over: bool
    community: int  # cards left in the community deck
    deck: DeckFacts
    topics: list[TopicView]
    board: list[BoardCell]  # row by row
    bounds: list[int] | None  # min x, min y, max x, max y of the cards on the table
    players: list[HappinessPlayer]
    hand: list[CardFace] | None  # the viewer's own hand; None for the public view
    spots: dict[str, list[list[int]]]  # word -> cells the viewer may place it on now
    window: WindowView | None
    story: StoryDue | None
    last: LastPlay | None
    journal: list[dict[str, Any]]  # the stories told, as told
    symbols: dict[str, SymbolView]  # symbol letter -> its colour and name
    story_max: int
