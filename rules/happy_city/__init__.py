"""Happy City (Family and Expert modes) and Happiest Town, the original edition."""
from ..core import Action, GameSpec, Option
from .engine import HappyCityState

OPTIONS = {
    "mode": Option("Mode", "family", ("family", "expert"),
                   "Family uses the pink special buildings; Expert the red ones with effects "
                   "and the coloured Happy Market sides, drafted before the first round.",
                   ("Family", "Expert")),
    "scoring": Option("Scoring", "multiply", ("multiply", "add"),
                      "Children's variant: add inhabitants and hearts instead of multiplying.",
                      ("Inhabitants x hearts", "Inhabitants + hearts (children)")),
    "bank": Option("Bank", "unlimited", ("unlimited", "box"),
                   "Unlimited bank, or only the 70 coins in the box.",
                   ("Unlimited", "Box coins only (70)")),
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
    "copy": lambda a: ("Copy a special drawn at random from the box" if a.args[0] == "box"
                       else f"Copy {a.args[0]}"),
    "neighbour": lambda a: f"Use the city of seat {a.args[0] + 1}",
}


def _label(action: Action) -> str:
    f = _LABELS.get(action.kind)
    try:
        return f(action) if f else action.key
    except (IndexError, TypeError):
        return action.key


HAPPY_CITY = GameSpec(
    id="happy-city", title="Happy City", min_players=2, max_players=5, options=OPTIONS,
    factory=HappyCityState.new, labeler=_label,
    summary="Build a city of 10 cards; score inhabitants times hearts.",
)
HappyCityState.spec = HAPPY_CITY

SPECS = [HAPPY_CITY]
