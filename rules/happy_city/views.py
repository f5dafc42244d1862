"""What a seat sees of a card-row game (Happy City, Family and Expert, and Happiest
Town), declared: ``view(seat)`` returns a :class:`HappyCityView` or a
:class:`HappiestTownView`, each a JSON-safe mapping of facts. Nothing here is prose:
what a move gives, why it is refused and what a card does come from the explainer
(explainer.py), asked for the one thing a screen shows."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class CardFace(TypedDict):
    """A card as printed (``Card.to_dict``), and what an edition adds to it."""

    id: int
    name: str
    name_fr: str
    kind: str  # building | dwelling | special | market
    colour: str | None
    letter: str  # the colour's letter (Happiest Town: the type's)
    cost: int
    income: int
    inhabitants: int
    hearts: int
    deck: int
    needs: list[list[Any]]  # [[group, count], ...] a special needs in the city
    effects: list[str]  # the mechanisms of an Expert special (its words: the explainer)
    substitute: bool
    category: str
    # Happy City: the price this seat pays (Expert effects change it)
    your_cost: NotRequired[int]
    # Happiest Town: its own names for the two symbols, the type, and the money an
    # infrastructure card pays out once, when built
    population: NotRequired[int]
    happiness: NotRequired[int]
    type: NotRequired[str | None]
    on_build: NotRequired[dict[str, int]]


class SpecialFace(CardFace):
    """A special card on the table (Happiest Town: an infrastructure card)."""

    takeable: bool  # the viewer may take it now


class EndAdjustment(TypedDict):
    card: str
    effect: str
    points: int


class ScoreView(TypedDict):
    """A seat's score as it stands (the breakdown's figures)."""

    inhabitants: int
    crossed_inhabitants: int
    hearts: int
    crossed_hearts: int
    net_inhabitants: int
    net_hearts: int
    rule: str  # multiply | add
    score: int
    coins: int
    cards: int
    # Expert: the score before the end-of-game effects, and those effects
    base_score: NotRequired[int]
    adjustments: NotRequired[list[EndAdjustment]]
    effect_inhabitants: NotRequired[int]
    effect_hearts: NotRequired[int]
    choices: NotRequired[dict[str, Any]]
    # Happiest Town's names for the same figures
    population: NotRequired[int]
    crossed_population: NotRequired[int]
    happiness: NotRequired[int]
    crossed_happiness: NotRequired[int]
    net_population: NotRequired[int]
    net_happiness: NotRequired[int]


class PlayerView(TypedDict):
    seat: int
    name: str
    coins: int
    income: int
    city: list[CardFace]  # in the order the cards were placed
    score: ScoreView
    # Happy City
    rows: NotRequired[list[list[CardFace]]]
    special: NotRequired[str | None]
    colours: NotRequired[dict[str, int]]
    market_colour: NotRequired[str | None]
    free_cards: NotRequired[int]
    louvre_phases: NotRequired[int]
    end_choices: NotRequired[dict[str, Any]]
    # Happiest Town
    buildings: NotRequired[int]
    infrastructure: NotRequired[str | None]
    types: NotRequired[dict[str, int]]


class DeckView(TypedDict):
    deck: int  # 1-3
    count: int
    discards: int
    costs: list[int]  # the lowest and highest cost in it
    name: NotRequired[str]  # Happiest Town: low, middle, high


class PileView(TypedDict):
    """A dwelling (residence) pile: its name, cards left and the card it shows."""

    name: str
    count: int
    card: CardFace


class CardRowView(TypedDict):
    """What both editions show the same way."""

    game: str
    options: dict[str, Any]
    viewer: int | None
    round: int
    turn: int
    stage: str
    first_player: int
    last_player: int
    end_triggered: bool
    over: bool
    bank: int | None
    players: list[PlayerView]
    decks: list[DeckView]
    visible: list[CardFace]  # the central row
    row_size: int  # cards the row is refilled to (it never holds more)
    dwellings: list[PileView]
    specials: list[SpecialFace]  # the special (infrastructure) cards still to take
    letters: dict[str, str]  # the colour (type) of a card or need -> its letter
    goal: int  # cards in a city that make the round the last


class HappyCityView(CardRowView):
    city_limit: int
    mode: str  # family | expert
    market_pool: list[str]
    pending: dict[str, Any] | None  # the Louvre's or an end-of-game question


class HappiestTownView(CardRowView):
    variant: str  # standard | children
    pending: list[str] | None  # the infrastructure cards the seat must choose between
    discarded_this_turn: int
    colours: dict[str, str]  # type -> the colour its cards are drawn in
