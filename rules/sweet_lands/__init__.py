"""Sweet Lands: 1-4 players, hex-map city building over five rounds; solo against Mio."""

from ..core import Action, GameSpec
from .engine import SweetLandsState

OPTIONS: dict = {}


def _label(action: Action) -> str:
    if not action.args:
        return action.kind
    return f"{action.kind} " + " ".join(str(x) for x in action.args)


SWEET_LANDS = GameSpec(
    id="sweet-lands",
    title="Sweet Lands",
    min_players=1,
    max_players=4,
    options=OPTIONS,
    factory=SweetLandsState.new,
    labeler=_label,
    summary="Grow cities of sweets on a hex map over five rounds; solo against Mio.",
    order=30,
    solo="One player plays solo against Mio, the automaton, and aims for 250 VP.",
)
SweetLandsState.spec = SWEET_LANDS

SPECS = [SWEET_LANDS]
# game id -> "module:Class" of its own bot, imported when a bot is first asked for.
BOTS = {"sweet-lands": "rules.bots.sweet_lands:SweetLandsBot"}
