"""What the Sweet Lands screens ask the game's explainer, typed: each panel asks for the
one thing it draws (a move's cost and gains, the reasons a group of pieces is closed,
the track rates, the standings) when it draws it. The answers are the engine's; this
module only reads them back into the figures a panel lays out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.core import Action, Explanation, Ref
from rules.sweet_lands import SoloVerdict, Standing, SweetLandsExplainer, TrackRate

if TYPE_CHECKING:
    from . import SweetLandsController


@dataclass(frozen=True)
class Asked:
    """What the board panel asks when it is drawn: the standings on the final scoring
    tiles, the Advanced Skill Tiles' costs and each milestone (its sides, who claimed
    it or how close each player is)."""

    standings: list[Standing]
    advanced: dict[str, dict[str, int]]
    milestones: dict[int, Explanation] = field(default_factory=dict)  # by tile id


def board(c: SweetLandsController) -> Asked:
    tiles = c.view()["milestone_tiles"]
    told = {t["id"]: c.explain(Ref("milestone", t["id"])) for t in tiles}
    return Asked(standings(c), advanced_costs(c), {m: t for m, t in told.items() if t})


def explainer(c: SweetLandsController) -> SweetLandsExplainer:
    found = c.spec.explainer
    assert isinstance(found, SweetLandsExplainer), "a Sweet Lands game has its own explainer"
    return found


def moves_explained(c: SweetLandsController, legal: list[Action]) -> dict[str, Explanation]:
    """Each legal move's explanation (its cost and gains), by the move's key."""
    return {a.key: c.explain_action(a) for a in legal}


def cost_of(told: Explanation | None) -> dict[str, int]:
    """The move's cost by resource, as the explainer's cost lines give it."""
    if told is None:
        return {}
    return {line.unit: -int(line.amount or 0) for line in told.of_kind("cost")}


def gains_of(told: Explanation | None) -> list[str]:
    """What the move gives at once, in the engine's words."""
    return [line.label for line in told.of_kind("gain")] if told is not None else []


def setup_of(told: Explanation | None) -> list[str]:
    """What the move sets up for later (a property merging cities), in words."""
    return [line.label for line in told.of_kind("setup")] if told is not None else []


def refusals(c: SweetLandsController, group: str) -> dict[str, str]:
    """Why each piece of a group ("areas", "cards", "skills", "tokens", "free",
    "tower") is closed to the seat at the keyboard now, by the piece's id."""
    return explainer(c).refusals(c.state, c.viewer, group)


def refused(c: SweetLandsController, ref: Ref) -> str | None:
    """Why one thing (an area, a card) is closed to the seat at the keyboard."""
    told = c.explain(ref)
    return told.refused if told is not None else None


def map_refusal(c: SweetLandsController, what: str, ident: int) -> str | None:
    """Why a hex or an edge cannot be chosen in the viewer's map step now."""
    if c.viewer is None:
        return None
    return explainer(c).map_refusal(c.state, c.viewer, what, ident)


def track_rates(c: SweetLandsController, seat: int) -> list[TrackRate]:
    return explainer(c).track_rates(c.state, seat)


def standings(c: SweetLandsController) -> list[Standing]:
    return explainer(c).standings(c.state)


def solo_verdict(c: SweetLandsController) -> SoloVerdict | None:
    return explainer(c).solo_verdict(c.state)


def advanced_costs(c: SweetLandsController) -> dict[str, dict[str, int]]:
    return explainer(c).advanced_costs(c.state)
