"""What the Sweet Lands screens ask the game's explainer, typed: each panel asks for the
one thing it draws (a move's cost and gains, the reasons a group of pieces is closed,
the track rates, the standings) when it draws it. The answers are the engine's; this
module only reads them back into the figures and lines a panel lays out: the reasons
areas, cards, skills, tokens and free actions cannot be used now are grouped, one line
a reason naming every piece it stops (``areas_text``, ``hand_text``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.markup import escape

from rules.core import Action, Explanation, Ref
from rules.sweet_lands import (
    SoloVerdict,
    Standing,
    SweetLandsExplainer,
    SweetLandsView,
    TrackRate,
)

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
    """Each legal move's explanation (its cost and gains), by the move's key: asked as
    legal moves, so the explainer does not look for a refusal the list never shows."""
    told = explainer(c)
    return {
        a.key: told.legal_move(c.state, a.seat if c.viewer is None else c.viewer, a) for a in legal
    }


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


# ---- the refusals of a group of pieces, one line a reason -----------------------------
FREE = "free actions"  # the name of a free action's piece: its reason says which


def _grouped(reasons: dict, name) -> list[str]:
    return _by_reason([(name(key), reason) for key, reason in reasons.items()])


def _by_reason(pieces: list[tuple[str, str]]) -> list[str]:
    """One line per reason, naming every piece it stops (each name once)."""
    by_reason: dict[str, list[str]] = {}
    for piece, reason in pieces:
        names = by_reason.setdefault(reason, [])
        if piece not in names:
            names.append(piece)
    # a reason that names its one piece already ("Area O opens in round 3") stands alone
    return [
        reason
        if len(names) == 1 and (names[0] in reason or names[0] == FREE)
        else f"{', '.join(names)}: {reason}"
        for reason, names in by_reason.items()
    ]


def areas_text(reasons: dict[str, str]) -> str:
    """The areas closed to the viewer, by reason (``reasons``: area -> reason)."""
    lines = _grouped(reasons, lambda aid: f"Area {aid}")
    return _block("Closed to you now", lines)


HAND_GROUPS = ("cards", "skills", "tokens", "free", "tower")  # what the hand panel asks


def hand_text(view: SweetLandsView, why: dict[str, dict[str, str]]) -> str:
    """Cards, skill tiles, property tokens, free actions and the Clock Tower (``why``:
    the explainer's refusals of each group in HAND_GROUPS)."""
    me = view.get("viewer")
    hand = (view["players"][me].get("hand") or []) if me is not None else []
    names = {str(c["uid"]): c["name"] for c in hand}
    cards = why.get("cards") or {}
    # two copies of a card are one move: a copy whose twin is usable is usable too
    usable = {name for uid, name in names.items() if uid not in cards}
    cards = {uid: r for uid, r in cards.items() if names.get(uid) not in usable}
    # one line a reason across the groups: "finish the current step first" stops
    # every piece at once, and is said once, naming them
    pieces = [(names.get(uid, f"card {uid}"), r) for uid, r in cards.items()]
    pieces += [(f"Skill {sk}", r) for sk, r in (why.get("skills") or {}).items()]
    pieces += [(kind.replace("-", " "), r) for kind, r in (why.get("tokens") or {}).items()]
    pieces += [(FREE, r) for r in (why.get("free") or {}).values()]
    pieces += [("Clock Tower", r) for r in (why.get("tower") or {}).values()]
    return _block("Not usable now", _by_reason(pieces))


def _block(title: str, lines: list[str]) -> str:
    if not lines:
        return ""
    return f"[b]{title}[/b]\n" + "\n".join(f"- {escape(line)}" for line in lines)
