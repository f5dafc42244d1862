"""Hidden Nim: a small game with a hidden hand, kept in the tests to prove that a game
registers and is tested without an edit outside its own folder.

Its whole rules are in ``engine.py``'s docstring; it has no screen, so the app does
not offer it (the app lists only games with a screen package).
"""

from rules.core import GameSpec, Option, labeler

from .bot import HiddenNimBot
from .engine import HiddenNimState
from .explainer import HiddenNimExplainer

OPTIONS = {
    "heap": Option(
        "Heap",
        15,
        (15, 21),
        "How many stones the heap starts with.",
        ("15 stones", "21 stones"),
    ),
    "last_stone": Option(
        "Last stone",
        "bonus",
        ("bonus", "penalty"),
        "Whether taking the last stone gains or loses 5 points.",
        ("gains 5 points", "loses 5 points"),
    ),
}

_LABELS = {
    "take": lambda a: f"Take {a.args[0]} stone{'s' if a.args[0] != 1 else ''}",
    "play": lambda a: f"Play your {a.args[0]} card and take {a.args[0]} stones",
}

HIDDEN_NIM = GameSpec(
    id="hidden-nim",
    title="Hidden Nim",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    factory=HiddenNimState.new,
    labeler=labeler(_LABELS),
    summary="Take stones from one heap, 1 or 2 at a time or by playing a hidden card.",
    order=900,
    explainer=HiddenNimExplainer(),
)
HiddenNimState.spec = HIDDEN_NIM

SPECS = [HIDDEN_NIM]
BOTS = {"hidden-nim": HiddenNimBot}
