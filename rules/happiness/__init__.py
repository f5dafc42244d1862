"""Happiness: a storytelling tile-laying card game (engine only; no UI here)."""

from ..core import Action, GameSpec, Option, labeler
from .bot import HappinessPolicy
from .cards import TOPIC_LABELS, catalogue
from .engine import HappinessState
from .explainer import HappinessExplainer
from .preview import explain_place
from .view_types import BoardCell, CardFace, HappinessPlayer, HappinessView

OPTIONS = {
    "silence": Option(
        "Bummer window",
        "timer",
        ("timer", "turns", "turns_from_player"),
        "After each turn: a silent countdown in which anyone may claim a Bummer, or "
        "ask each player in turn instead of using a timer, either from the next player "
        "round to the one who just played, or from the one who just played round to "
        "the next player (who then plays: one hand-off a card with two at the keyboard).",
        (
            "Silent countdown",
            "Ask each in turn, next player first",
            "Ask each in turn, the one who played first",
        ),
    ),
    "silence_seconds": Option(
        "Silence length",
        5,
        (3, 5, 8, 10, 15),
        "How long the silence after each turn lasts, in which anyone holding a Bummer "
        "may claim it (countdown mode only). Newcomers need time to read the prompt and "
        "their hand: a first game starts at 10 seconds; players who know the cards "
        "keep the pace up with 3 or 5.",
        ("3 seconds", "5 seconds", "8 seconds", "10 seconds", "15 seconds"),
        first_game=10,
    ),
    "bot_reaction": Option(
        "Bot reaction time",
        "1-2.5",
        ("0.5-1.5", "1-2.5", "2-4"),
        "How long a bot waits, once the silence begins, before it may break it: a time "
        "drawn at random in this range each silence, so people holding a Bummer get "
        "a fair chance to claim first.",
        ("Quick: 0.5 to 1.5 s", "Like a person: 1 to 2.5 s", "Slow: 2 to 4 s"),
    ),
    "youngest": Option(
        "Youngest player",
        0,
        (0, 1, 2, 3, 4, 5),
        "The youngest player builds the deck and plays first.",
        ("Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6"),
    ),
    "bummer_scoring": Option(
        "Bummed-out Joypoints",
        "take",
        ("take", "strip"),
        "The Bummer's player scores the Joypoints of the cards it sweeps; 'strip' also "
        "takes them away from whoever played those cards.",
        ("Bummer player scores them", "Scored, and lost by their players"),
    ),
}


def _place(a: Action) -> str:
    word, x, y = a.args
    cid = catalogue().by_word.get(word)
    card = catalogue().cards[cid] if cid is not None else None
    if card is not None and card.is_bummer:
        return f"Play the Bummer {word} at ({x}, {y})"
    if card is not None:
        return (
            f"Play {word} ({card.points} Joypoint{'s' if card.points != 1 else ''}) at ({x}, {y})"
        )
    return f"Play {word} at ({x}, {y})"


_LABELS = {
    "toggle_topic": lambda a: f"Leave out or put back {TOPIC_LABELS.get(a.args[0], a.args[0])}",
    "build_done": lambda a: "Deal the cards",
    "place": _place,
    "pass_turn": lambda a: "Pass: no Joycard in hand",
    "story": lambda a: f"Tell a story: {a.args[0]}",
    "skip_story": lambda a: "Skip the story",
    "claim": lambda a: "Break the silence with a Bummer",
    "pass": lambda a: "Stay silent",
    "close": lambda a: "The silence is over",
}


_label = labeler(_LABELS)


HAPPINESS = GameSpec(
    id="happiness",
    title="Happiness",
    min_players=2,
    max_players=6,
    options=OPTIONS,
    factory=HappinessState.new,
    labeler=_label,
    summary="Lay word cards edge to edge, tell a story about each, and watch out for Bummers.",
    order=40,
    explainer=HappinessExplainer(),
)
HappinessState.spec = HAPPINESS

SPECS = [HAPPINESS]
__all__ = [  # the declared view, for screens and outside checks; the preview
    "BoardCell",
    "HappinessExplainer",
    "CardFace",
    "HappinessPlayer",
    "HappinessView",
    "explain_place",
]
# game id -> its bot's greedy policy (``bot``), from which rules.bots builds each level
BOTS = {"happiness": HappinessPolicy}
