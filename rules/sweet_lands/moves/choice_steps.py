"""Pending steps answered from a list: tracks, tokens, skills, resources, columns,
automation, copies and the order of an ability's parts."""

from __future__ import annotations

from functools import cache

from ...core import Action
from ..facts import economy as EC
from ..facts import effect_checks as EF
from ..facts import map_queries as MQ
from ..facts import primitives as PR
from ..facts import queries as Q
from ..model import data as D
from ..model.constants import MAX_SEATS, Op
from ..model.fields import StateFields
from ..model.frame_types import (
    AutomateFrame,
    ColumnFrame,
    CopyFrame,
    Counted,
    OrderFrame,
    PlaceFrame,
    PropertyFrame,
    ProsperityFrame,
)
from ..model.story import amounts
from . import effects as FX
from . import frames as FR
from . import turn_checks as TC
from .frames import Step, describe_effect
from .variants import advanced_options  # F hook: Advanced Skill Tiles

# Labels of the one-resource choices, made once (these steps are the commonest).
_TAKE_LABELS = {r: f"Take 1 {r}" for r in D.BASIC}
_PAY_LABELS = {r: f"Pay 1 {r}" for r in D.BASIC}


# Random play answers these two steps more than any other move: one shared value
# per seat and resource (an Action is immutable).
@cache
def _take_actions(seat: int) -> tuple[Action, ...]:
    return tuple(Action(seat, "res", (r,), _TAKE_LABELS[r]) for r in D.BASIC)


@cache
def _pay_actions(seat: int) -> tuple[tuple[str, Action], ...]:
    return tuple((r, Action(seat, "res", (r,), _PAY_LABELS[r])) for r in D.BASIC)


# The same, by seat, read by index: a list read costs less than a cached call.
_TAKE_BY_SEAT = [_take_actions(seat) for seat in range(MAX_SEATS)]
_PAY_BY_SEAT = [_pay_actions(seat) for seat in range(MAX_SEATS)]


class IndustrySteps(Step[Counted]):
    op = Op.INDUSTRY
    stoppable = counted = True
    question = "advance an Industry marker (or stop)"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        return [
            Action(seat, "marker", (mk,), f"Advance the {mk}")
            for mk in ("carriage", "loco")
            if Q.marker_can_move(s, seat, mk)
        ]

    def automatic(self, s: StateFields, f: Counted) -> bool:
        """Without the Locomotive only the Carriage can move: no choice to make."""
        seat = f["seat"]
        if f["n"] <= 0 or s.p[seat].loco is not None:
            return False
        if Q.marker_can_move(s, seat, "carriage"):
            self.take_one(s, f)
            FX.move_marker(s, seat, "carriage", f.get("why", ""))
        else:
            s.stack.pop()
        return True

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        self.take_one(s, f)
        FX.move_marker(s, a.seat, a.args[0], f.get("why", ""))


class ProsperitySteps(Step[ProsperityFrame]):
    op = Op.PROSPERITY
    stoppable = counted = True
    question = "advance on a Prosperity track (or stop)"

    def options(self, s: StateFields, f: ProsperityFrame) -> list[Action]:
        return prosperity_options(s, f["seat"], f.get("colour"))

    def resolve(self, s: StateFields, f: ProsperityFrame, a: Action) -> None:
        self.take_one(s, f)
        FX.advance_prosperity(s, a.seat, a.args[0])


def prosperity_options(s: StateFields, seat: int, colour: str | None = None) -> list[Action]:
    """A step on each Prosperity track that can advance; a step onto a track's last
    space costs a diamond, says so, and comes after the free ones (Enter spends nothing)."""
    d = D.load()
    free, paid = [], []
    for i in Q.pros_movable(s, seat, colour):
        track = d.prosperity[i]
        if s.p[seat].prosp[i] + 1 == track["length"]:
            paid.append(_track_action(seat, i, True))
        else:
            free.append(_track_action(seat, i, False))
    return free + paid


# The steps' moves are made once per seat and argument and shared by every state
# (an Action is an immutable value, and a shared one keeps its key text).
@cache
def _track_action(seat: int, track: int, last_space: bool) -> Action:
    name = D.load().prosperity[track]["id"]
    label = f"Advance on {name} (1 diamond)" if last_space else f"Advance on {name}"
    return Action(seat, "track", (track,), label)


@cache
def _token_action(seat: int, kind: str) -> Action:
    return Action(seat, "token", (kind,), f"Take a {kind} token")


@cache
def _skill_action(seat: int, tile: int) -> Action:
    return Action(seat, "skill", (tile,), f"Take skill tile {tile}")


@cache
def _copy_action(seat: int, aid: str) -> Action:
    return Action(seat, "copy", (aid,), f"Copy area {aid}")


@cache
def _income_actions(seat: int) -> tuple[Action, ...]:
    step = D.load().player["income_step"]
    return tuple(Action(seat, "income", (r,), f"Raise {r} income (+{step[r]})") for r in D.INCOMES)


class TakeToken(Step[PropertyFrame]):
    """Choose which property token to take next; its row bonuses wait ("after")
    until the whole action is done."""

    op = Op.PROPERTY
    stoppable = counted = True
    question = "take a property token (or stop)"

    def options(self, s: StateFields, f: PropertyFrame) -> list[Action]:
        seat = f["seat"]
        if not MQ.property_spots(s, seat, f["eligible"]):
            return []
        paid = f.get("paid", True)
        return [
            _token_action(seat, k)
            for k in Q.token_kinds(s, seat)
            if not paid or EC.can_pay(s, seat, Q.token_cost(s, seat, k))
        ]

    def resolve(self, s: StateFields, f: PropertyFrame, a: Action) -> None:
        seat, tok = a.seat, a.args[0]
        cost = Q.token_cost(s, seat, tok) if f.get("paid", True) else {}
        EC.pay(s, seat, cost)
        f["n"] -= 1
        place: PlaceFrame = {
            "op": Op.PLACE,
            "seat": seat,
            "type": tok,
            "eligible": f["eligible"],
            "chain": f.get("chain"),
        }
        s.stack.append(place)
        s.log(
            f"{s.players[seat]} takes a {tok} token" + (f" for {amounts(cost)}." if cost else ".")
        )

    def dropped(self, s: StateFields, f: PropertyFrame) -> None:
        after = f.get("after", ())
        FR.push_effects(s, f["seat"], after, f.get("chain"), "the properties just placed")


class TakeSkill(Step[Counted]):
    op = Op.SKILL
    question = "take a skill tile you do not have yet"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        mine = s.p[seat].skills
        regular = [
            _skill_action(seat, sk)
            for sk, left in s.skill_supply.items()
            if left and sk not in mine
        ]
        paid = advanced_options(s, seat)
        if paid and not regular:
            # an advanced tile is bought, never forced: the grant may go unused
            return [_no_tile_action(seat), *paid]
        return regular + paid

    def refusal(self, s: StateFields, f: Counted, a: Action) -> str:
        if a.kind == "skill" and a.args and isinstance(a.args[0], int):
            sk, P = a.args[0], s.p[f["seat"]]
            if sk in P.skills:
                return f"You already have skill tile {sk}."
            if sk in s.ext.get("advanced", ()):  # F: Advanced Skill Tiles
                if P.res["diamond"] < 1:
                    return f"Advanced skill tile {sk} costs 1 diamond, you have none."
            elif not s.skill_supply.get(sk):
                return f"No skill tile {sk} is left in the skill spaces."
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        s.stack.pop()
        if f["n"] > 1:
            rest: Counted = {
                "op": Op.SKILL,
                "seat": a.seat,
                "n": f["n"] - 1,
                "chain": f.get("chain"),
            }
            s.stack.append(rest)
        FX.take_skill(s, a.seat, a.args[0])


@cache
def _no_tile_action(seat: int) -> Action:
    return Action(seat, "done", (), "Take no skill tile (those left cost 1 diamond each)")


class TakeBasic(Step[Counted]):
    op = Op.BASIC
    question = "choose a basic resource to take"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        return [*_TAKE_BY_SEAT[seat]]  # a display, not list(): no call

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        f["n"] -= 1
        if f["n"] <= 0:
            s.stack.pop()
        seat, r = a._seat, a._args[0]  # the slots: see SweetLandsState._do
        s.p[seat].res[r] += 1
        s.log(f"{s.players[seat]} takes 1 {r}.")  # who(), written out


class PayBasic(Step[Counted]):
    op = Op.PAYBASIC
    question = "choose a basic resource to pay"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        res = s.p[seat].res
        out = []
        for r, a in _PAY_BY_SEAT[seat]:  # a loop, not a comprehension: no frame
            if res[r] >= 1:
                out.append(a)
        return out

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        f["n"] -= 1
        if f["n"] <= 0:
            s.stack.pop()
        seat, r = a._seat, a._args[0]  # the slots: see SweetLandsState._do
        s.p[seat].res[r] -= 1
        s.log(f"{s.players[seat]} pays 1 {r}.")  # who(), written out


class RaiseIncome(Step[Counted]):
    op = Op.INCOME_ANY
    question = "choose an income track to raise"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        return [*_income_actions(f["seat"])]

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        f["n"] = f.get("n", 1) - 1
        if f["n"] <= 0:
            s.stack.pop()
        if a.kind == "track":
            FX.advance_prosperity(s, a.seat, a.args[0])
        else:
            r = a.args[0]
            k = D.load().player["income_step"][r]
            PR.raise_income(s, a.seat, r, k)
            s.log(f"{s.players[a.seat]}'s {r} income rises by {k}.")


class CapitalBonus(RaiseIncome):
    op = Op.CAPITAL
    question = "raise an income track or advance on a Prosperity track"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        return super().options(s, f) + prosperity_options(s, f["seat"])


class ChooseColumn(Step[ColumnFrame]):
    op = Op.COLUMN
    question = "choose the column whose Industry Bonus to take"

    def options(self, s: StateFields, f: ColumnFrame) -> list[Action]:
        seat = f["seat"]
        return [Action(seat, "column", (c,), f"Industry Bonus: {c} column") for c in D.COLOURS]

    def resolve(self, s: StateFields, f: ColumnFrame, a: Action) -> None:
        s.stack.pop()
        FX.industry_bonus(s, a.seat, a.args[0], f.get("chain_from"))


class Automate(Step[AutomateFrame]):
    op = Op.AUTOMATE
    question = "automate the card just played (1 diamond) or keep it face up"

    def options(self, s: StateFields, f: AutomateFrame) -> list[Action]:
        seat = f["seat"]
        # keeping the card face up spends nothing, so it is the first (Enter's) choice
        out = [Action(seat, "keepcard", (), "Do not automate")]
        out += [
            Action(seat, "automate", (c,), f"Automate into the {c} column (1 diamond)")
            for c in Q.automate_columns(s, seat, f["uid"])
            if not Q.automate_refusal(s, seat, f["uid"], c)
        ]
        return out

    def refusal(self, s: StateFields, f: AutomateFrame, a: Action) -> str:
        if a.kind == "automate" and a.args and isinstance(a.args[0], str):
            reason = Q.automate_refusal(s, f["seat"], f["uid"], a.args[0])
            if reason:
                return reason
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: AutomateFrame, a: Action) -> None:
        s.stack.pop()
        uid = f["uid"]
        P = s.p[a.seat]
        played = [u for u in P.played if u != uid]
        if a.kind != "automate":
            P.played = [*played, uid]
        else:
            P.played = played
            P.res["diamond"] -= 1
            colour = a.args[0]
            P.columns = {**P.columns, colour: [*P.columns[colour], uid]}
            name = D.load().cards[D.load().deck[uid]].name
            s.log(f"{s.players[a.seat]} automates {name} into the {colour} column for 1 diamond.")


class CopyArea(Step[CopyFrame]):
    op = Op.COPY
    question = "choose the area to copy (paying its cost)"

    def options(self, s: StateFields, f: CopyFrame) -> list[Action]:
        seat = f["seat"]
        return [
            _copy_action(seat, a)
            for a in EF.copy_targets(s, f["area"])
            if not TC.area_refusal(s, seat, a, copying=True)
        ]

    def refusal(self, s: StateFields, f: CopyFrame, a: Action) -> str:
        if a.kind == "copy" and a.args and a.args[0] in EF.copy_targets(s, f["area"]):
            reason = TC.area_refusal(s, f["seat"], a.args[0], copying=True)
            if reason:
                return reason
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: CopyFrame, a: Action) -> None:
        s.stack.pop()
        aid = a.args[0]
        cost = Q.area_cost(s, a.seat, aid)
        EC.pay(s, a.seat, cost, Q.rikka_area(s, a.seat, aid))
        paid = f", paying {amounts(cost)}" if cost else ""
        s.log(f"{s.players[a.seat]} copies area {aid}{paid}.")
        FR.push_area_effect(s, a.seat, aid)


class ChoosePart(Step[OrderFrame]):
    """An Immediate Ability with several parts: the seat picks which part resolves
    next ("parts" holds those still to do, in printed order)."""

    op = Op.ORDER
    question = "choose which part of the ability to resolve next"

    def options(self, s: StateFields, f: OrderFrame) -> list[Action]:
        seat = f["seat"]
        return [
            Action(seat, "part", (i,), f"Next: {describe_effect(op, v)}")
            for i, (op, v) in enumerate(f["parts"])
        ]

    def resolve(self, s: StateFields, f: OrderFrame, a: Action) -> None:
        parts = list(f["parts"])
        op, v = parts.pop(a.args[0])
        if len(parts) > 1:
            f["parts"] = tuple(parts)
        else:
            s.stack.pop()
            if parts:
                FR.push_effects(s, a.seat, parts, f.get("chain"), f.get("why", ""))
        FR.push_effects(s, a.seat, ((op, v),), f.get("chain"), f.get("why", ""))
