"""Sweet Lands: 1-4 players, hex-map city building over five rounds; solo against Mio.

The engine is a state record with the rules as plain functions taking it, in modules
by concept, grouped in five tiers, each a package; a tier imports only the tiers below
it (the import-linter contract "Sweet Lands engine tiers" in pyproject.toml), so no
import cycle can form between tiers, and the contract "The rules have no import
cycle" keeps the modules inside a tier from importing each other both ways. Top to
bottom:

- ``explaining``: ``SweetLandsExplainer``, what a move or a thing costs, gives and
  why it is refused, in typed lines, asked for one thing at a time; the rule work
  behind it (``explain``); the look-up's words; the glossary.
- ``protocol``: ``SweetLandsState`` (new, actors, legal_actions, apply, view,
  result, resample, copy-on-write copies); the table of pending steps; the turn's
  moves and menu; what a seat sees (facts only, typed in ``model.view_types``);
  position tools for tests and demos.
- ``moves``: the rules that change a game a step at a time: pending steps and the
  ``Step`` base class, the characters and their free actions, the effect table, the
  round's phases, the rulebook variants, every condition and refusal of a turn's
  move, the kinds of pending step.
- ``facts``: what a position says (costs, counts, milestone tests, the Map Board's
  free spots, whether an effect could act now, final scoring) and the smallest
  changes every rule makes (paying, an income rise, a card draw, a tile flip, skill
  hooks).
- ``model``: what a game is made of, with no rule in it: the typed state record and
  a seat's record, the printed components (``data/*.toml``, checked on load), hex
  geometry, names (the pending steps' ``Op``), step frames as typed records, the
  menu's kept board facts, log phrases, the view's records.

The screens import only the names this module exports.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Action, GameSpec, Option, SaveError
from .bot import SweetLandsPolicy
from .explaining.explain import RoadFacts as RoadFacts  # the explainer's typed answers
from .explaining.explain import SoloVerdict as SoloVerdict
from .explaining.explain import Standing as Standing
from .explaining.explain import TrackRate as TrackRate
from .explaining.explain import rate_words as rate_words  # a Prosperity rate in words
from .explaining.explainer import PROGRESS as PROGRESS  # the source of a milestone's progress lines
from .explaining.explainer import SweetLandsExplainer as SweetLandsExplainer
from .model import data as _data
from .model.constants import MAX_SEATS
from .model.constants import Op as Op  # the pending steps' names, for the screens
from .model.view_types import CardView as CardView  # the view's records, for the screens
from .model.view_types import PendingView as PendingView
from .model.view_types import PlayerView as PlayerView
from .model.view_types import SweetLandsView as SweetLandsView
from .protocol.state import RULES_EDITION, SweetLandsState


def components():
    """The printed components, the same in every game: card faces, map boards,
    tracks, tiles and their printed effects. Screens read names and texts from it;
    a game's facts (limits, prices now) are in the view, its explanations (costs,
    gains, reasons) come from the explainer."""
    return _data.load()


def solo_card_spaces() -> dict:
    """The action spaces each of Mio's solo cards names (printed on the cards)."""
    return _data.solo_cards()


OPTIONS: dict[str, Option] = {
    "milestones": Option(
        "Milestone tiles",
        "either",
        ("either", "face_up"),
        help="Whether either condition of a milestone qualifies, or only the side dealt face up.",
        choice_labels=("either condition qualifies", "only the face-up side"),
    ),
    "granted_costs": Option(
        "Granted property placements",
        "free",
        ("free", "paid"),
        help="Whether a property placed through a card, tile or bonus pays its token cost.",
        choice_labels=("cost nothing (the standard rule)", "pay the token cost"),
    ),
    "character_boards": Option(
        "Character boards",
        "paired",
        ("paired", "any"),
        help="Whether the two characters printed on one double-sided board exclude each other.",
        choice_labels=("one side of each board", "any 14 characters"),
    ),
    "mio_takes": Option(
        "Solo: Mio takes cards",
        "nothing",
        ("nothing", "cards"),
        help=(
            "Solo only, a project rule beyond the rulebook: Mio also takes some of each "
            "income phase's draw (a fixed number of them): a harder solo game, "
            "where a strong player ends near 250 VP rather than 300."
        ),
        choice_labels=("nothing: draw as printed", "Mio takes its share (calibrated)"),
    ),
    "turn_order": Option(
        "Variant: variable turn order",
        "clockwise",
        ("clockwise", "pass_order"),
        help="From round 2, play in the order the players passed the round before.",
        choice_labels=("clockwise from the start player", "order of passing (Turn Order Board)"),
    ),
    "draft": Option(
        "Variant: hand drafting",
        "off",
        ("off", "on"),
        help="Round 1: keep one card of a pack of six and pass the rest left, six times.",
        choice_labels=("off", "draft the first hand"),
    ),
    "advanced_skills": Option(
        "Variant: Advanced Skill Tiles",
        "off",
        ("off", "on"),
        help="Players + 1 advanced tiles on show; pay 1 diamond to take one instead of a skill tile.",
        choice_labels=("off", "on"),
    ),
    "skill_tiles": Option(
        "Skill tiles in the 12 spaces",
        "first",
        ("first", "further", "mixed"),
        help="Which tiles fill the 12 skill spaces: the standard twelve, the ten further kinds, or 12 of both.",
        choice_labels=("first list (1-12)", "further list (10 types)", "12 drawn from both"),
    ),
}


def _label(action: Action) -> str:
    if not action.args:
        return action.kind
    return f"{action.kind} " + " ".join(str(x) for x in action.args)


@dataclass(frozen=True)
class SweetLandsSpec(GameSpec[SweetLandsState]):
    """Names the rules edition when an older save no longer replays."""

    def from_save(self, data: Mapping[str, Any], path: str | None = None):
        try:
            return super().from_save(data, path)
        except SaveError as exc:
            extra = data.get("extra") if isinstance(data, Mapping) else None
            edition = extra.get("rules") if isinstance(extra, Mapping) else None
            if edition == RULES_EDITION or exc.step is None:
                raise
            raise SaveError(
                f"this save was made with Sweet Lands rules edition {edition or 1}, and this "
                f"version plays edition {RULES_EDITION} (income order, hand costs, ability "
                f"order, free granted placements; Wonder icons on property rows; no Round Aid "
                f"move in the last round; nothing paid for an area that would do nothing; Mio's "
                f"solo cards and share of the draw; lower incomes and Prosperity rates), so it "
                f"no longer replays: {exc.reason}",
                step=exc.step,
                path=path,
            ) from None


SWEET_LANDS = SweetLandsSpec(
    id="sweet-lands",
    title="Sweet Lands",
    min_players=1,
    max_players=MAX_SEATS,
    options=OPTIONS,
    factory=SweetLandsState.new,
    labeler=_label,
    summary="Grow cities of sweets on a hex map over five rounds; solo against Mio.",
    order=30,
    solo="One player plays solo against Mio, the automaton, and aims for 250 VP.",
    explainer=SweetLandsExplainer(),
)
SweetLandsState.spec = SWEET_LANDS

SPECS = [SWEET_LANDS]
# game id -> its bot's greedy policy (``bot``), from which rules.bots builds each level
BOTS = {"sweet-lands": SweetLandsPolicy}
