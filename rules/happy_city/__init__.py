"""Happy City (Family and Expert modes) and Happiest Town, the original edition."""

from ..core import GameSpec, Option, labeler
from .engine import HappyCityState
from .happiest_town import HappiestTownState

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
    "bank": Option(
        "Bank",
        "unlimited",
        ("unlimited", "box"),
        "Unlimited bank, or only the 70 coins in the box.",
        ("Unlimited", "Box coins only (70)"),
    ),
}

_LABELS = {
    "keep": lambda a: "Keep the row as it is",
    "discard": lambda a: f"Discard {a.args[0]}",
    "draw": lambda a: f"Draw from deck {a.args[0]}",
    "buy": lambda a: f"Buy {a.args[0]}",
    "dwelling": lambda a: f"Buy {a.args[0]}",
    "coin": lambda a: "Buy nothing and take 1 coin",
    "claim": lambda a: f"Take {a.args[0]}",
    "pass": lambda a: "Take no special building",
    # Expert mode
    "market": lambda a: f"Take the {a.args[0]} Happy Market",
    "target": lambda a: f"Louvre: add the income of seat {a.args[0] + 1}",
    "copy": lambda a: (
        "Copy a special drawn at random from the box" if a.args[0] == "box" else f"Copy {a.args[0]}"
    ),
    "neighbour": lambda a: f"Use the city of seat {a.args[0] + 1}",
}


_label = labeler(_LABELS)


HAPPY_CITY = GameSpec(
    id="happy-city",
    title="Happy City",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    factory=HappyCityState.new,
    labeler=_label,
    summary="Build a city of 10 cards; score inhabitants times hearts.",
)
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
    "bank": Option(
        "Bank",
        "unlimited",
        ("unlimited", "box"),
        "Unlimited bank, or only the 40 money in the box.",
        ("Unlimited", "Box money only (40)"),
    ),
}

_TOWN_LABELS = {
    "keep": lambda a: "Stop discarding",
    "discard": lambda a: f"Discard {a.args[0]}",
    "draw": lambda a: f"Draw from the {('low', 'middle', 'high')[a.args[0] - 1]}-cost deck",
    "buy": lambda a: f"Build {a.args[0]}",
    "dwelling": lambda a: f"Build {a.args[0]}",
    "pass": lambda a: "Build nothing",
    "claim": lambda a: f"Take {a.args[0]}",
}


_town_label = labeler(_TOWN_LABELS)


HAPPIEST_TOWN = GameSpec(
    id="happiest-town",
    title="Happiest Town",
    min_players=2,
    max_players=4,
    options=TOWN_OPTIONS,
    factory=HappiestTownState.new,
    labeler=_town_label,
    summary="The original edition: build 10 buildings; score population times happiness.",
)
HappiestTownState.spec = HAPPIEST_TOWN

SPECS = [HAPPY_CITY, HAPPIEST_TOWN]
