"""Happy City (Family and Expert modes) and Happiest Town, the original edition."""

from ..core import GameSpec, Option, labeler
from .bot import HappiestTownBot, HappyCityBot
from .engine import HappyCityState
from .explain import score_sum
from .explainer import CardRowExplainer, effect_text
from .happiest_town import HappiestTownState
from .moves import row_labels
from .town_cards import DECKS
from .views import (
    CardFace,
    CardRowView,
    DeckView,
    HappiestTownView,
    HappyCityView,
    PileView,
    PlayerView,
    SpecialFace,
)


def bank_option(coins: int, money: str) -> Option:
    return Option(
        "Bank",
        "unlimited",
        ("unlimited", "box"),
        f"Unlimited bank, or only the {coins} {money} in the box.",
        ("Unlimited", f"Box {money} only ({coins})"),
    )


OPTIONS = {
    "mode": Option(
        "Mode",
        "family",
        ("family", "expert"),
        "Family uses the pink special buildings; Expert the red ones with effects "
        "and the coloured Happy Market sides, drafted before the first round.",
        ("Family", "Expert"),
    ),
    "scoring": Option(
        "Scoring",
        "multiply",
        ("multiply", "add"),
        "Children's variant: add inhabitants and hearts instead of multiplying.",
        ("Inhabitants x hearts", "Inhabitants + hearts (children)"),
    ),
    "bank": bank_option(70, "coins"),
}

_LABELS = {
    **row_labels("Keep the row as it is", "Buy", lambda d: f"deck {d}"),
    "coin": lambda a: "Buy nothing and take 1 coin",
    "pass": lambda a: "Take no special building",
    # Expert mode
    "market": lambda a: f"Take the {a.args[0]} Happy Market",
    "target": lambda a: f"Louvre: add the income of seat {a.args[0] + 1}",
    "copy": lambda a: (
        "Copy a special drawn at random from the box" if a.args[0] == "box" else f"Copy {a.args[0]}"
    ),
    "neighbour": lambda a: f"Use the city of seat {a.args[0] + 1}",
}


HAPPY_CITY = GameSpec(
    "happy-city", "Happy City", 2, 5, OPTIONS, HappyCityState.new, labeler(_LABELS),
    summary="Build a city of 10 cards; score inhabitants times hearts.", order=10,
    private_info=False,  # no hands: the row, the cities and the coins are all public
    explainer=CardRowExplainer(),
)  # fmt: skip
HappyCityState.spec = HAPPY_CITY

TOWN_OPTIONS = {
    "variant": Option(
        "Variant",
        "standard",
        ("standard", "children"),
        "The children's variant plays without infrastructure and adds population "
        "and happiness instead of multiplying them.",
        ("Standard", "Children's variant (ages 6-8)"),
    ),
    "bank": bank_option(40, "money"),
}

_TOWN_LABELS = {
    **row_labels("Stop discarding", "Build", lambda d: f"the {DECKS[d - 1]}-cost deck"),
    "pass": lambda a: "Build nothing",
}


HAPPIEST_TOWN = GameSpec(
    "happiest-town", "Happiest Town", 2, 4, TOWN_OPTIONS, HappiestTownState.new,
    labeler(_TOWN_LABELS), order=20,
    summary="The original edition: build 10 buildings; score population times happiness.",
    private_info=False, explainer=CardRowExplainer(),
)  # fmt: skip
HappiestTownState.spec = HAPPIEST_TOWN

SPECS = [HAPPY_CITY, HAPPIEST_TOWN]
__all__ = [  # the declared views and the explainer's words, for screens and outside checks
    "CardRowExplainer",
    "effect_text",
    "score_sum",
    "CardFace",
    "CardRowView",
    "DeckView",
    "HappiestTownView",
    "HappyCityView",
    "PileView",
    "PlayerView",
    "SpecialFace",
]
# game id -> its bot's greedy policy (``bot``), from which rules.bots builds each level
BOTS = {"happy-city": HappyCityBot, "happiest-town": HappiestTownBot}
