"""Pending decisions: one class per kind of step a seat may have to answer.

A pending step is a small record on the state's stack (a dict with "op", "seat" and
the counts it needs, cheap to copy and to show in a view). Its behaviour lives in the
class registered for its op in ``STEPS``: the choices it offers, why it refuses a
move, and how it resolves one. Steps whose op is in ``AUTOMATIC`` need no decision
and run as soon as they reach the top of the stack (see ``PendingSteps._settle``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..core import Action
from . import data as D
from .constants import ACTION
from .queries import _fmt

if TYPE_CHECKING:
    from .state import SweetLandsState

Frame = dict[str, Any]


class Step:
    """How one kind of pending decision behaves."""

    op: ClassVar[str] = ""
    # "Up to" steps may be stopped early with a "done" action.
    stoppable: ClassVar[bool] = False
    # Counted steps end once their count "n" reaches zero.
    counted: ClassVar[bool] = False
    # What the seat is asked, for refusals and prompts.
    question: ClassVar[str] = ""

    def options(self, s: SweetLandsState, f: Frame) -> list[Action]:
        raise NotImplementedError

    def resolve(self, s: SweetLandsState, f: Frame, a: Action) -> None:
        raise NotImplementedError

    def spent(self, f: Frame) -> bool:
        return self.counted and f.get("n", 0) <= 0

    def dropped(self, s: SweetLandsState, f: Frame) -> None:
        """Called when the step leaves the stack without (further) choices."""

    def stopped(self, s: SweetLandsState, f: Frame) -> None:
        """Called when the seat answers "done"."""
        s.stack.pop()
        self.dropped(s, f)

    def refusal(self, s: SweetLandsState, f: Frame, a: Action) -> str:
        who = s.who(f["seat"])
        if a.kind == "done" and not self.stoppable:
            return f"{who} must answer this step; it cannot be stopped early: {self.question}"
        return f"That is not one of the choices now: {who} must {self.question}"

    def take_one(self, s: SweetLandsState, f: Frame) -> None:
        """Count one choice off a counted step, leaving the stack when it is spent,
        before the choice's own effects are pushed above it."""
        f["n"] -= 1
        if f["n"] <= 0 and s.stack and s.stack[-1] is f:
            s.stack.pop()


def _discard_options(s: SweetLandsState, seat: int, kind: str = "discard") -> list[Action]:
    d = D.load()
    out, seen = [], set()
    verb = "Keep" if kind == "keep" else "Discard"
    for uid in s.p[seat].hand:
        cid = d.deck[uid]
        if cid not in seen:
            seen.add(cid)
            out.append(Action(seat, kind, (uid,), f"{verb} {d.cards[cid].name}"))
    return out


class ChooseCharacter(Step):
    op = "choose_char"
    question = "choose a character"

    def options(self, s, f):
        d = D.load()
        from .characters import unavailable  # F hook: one side per board

        taken = unavailable(s)
        seat = f["seat"]
        return [
            Action(seat, "character", (cid,), f"Play {c['name']}")
            for cid, c in d.characters.items()
            if cid not in taken
        ]

    def resolve(self, s, f, a):
        d = D.load()
        P = s.p[a.seat]
        s.stack.pop()
        c = d.characters[a.args[0]]
        P.char = a.args[0]
        for r, k in c["start"].items():
            P.res[r] += k
        for r, k in c["income"].items():
            P.inc[r] = k
        s.log(f"{s.who(a.seat)} plays {c['name']}.")


class ChooseMap(Step):
    op = "choose_map"
    question = "choose a map board (side A is shared; each B side once)"

    def options(self, s, f):
        d = D.load()
        taken = {p.map for p in s.p}
        seat = f["seat"]
        return [
            Action(seat, "map", (mid,), f"Use map {m.name}")
            for mid, m in d.maps.items()
            if mid == "A" or mid not in taken
        ]

    def resolve(self, s, f, a):
        s.stack.pop()
        s.p[a.seat].map = a.args[0]
        s.log(f"{s.who(a.seat)} takes map {D.load().maps[a.args[0]].name}.")


class ChooseAid(Step):
    op = "choose_aid"
    question = "put the Round Aid token on a free space"

    def options(self, s, f):
        used = {p.aid for p in s.p} | {s.mio_aid}
        seat = f["seat"]
        return [
            Action(seat, "aid", (i,), f"Round Aid space {i + 1}")
            for i in range(len(s.aid_spaces))
            if i not in used
        ]

    def resolve(self, s, f, a):
        s.stack.pop()
        s.p[a.seat].aid = a.args[0]
        s.log(f"{s.who(a.seat)} puts the Round Aid token on space {a.args[0] + 1}.")


class MoveAid(ChooseAid):
    op = "aid_move"
    question = "move the Round Aid token to a free space"

    def resolve(self, s, f, a):
        s.stack.pop()
        P = s.p[a.seat]
        old = P.aid
        P.aid = a.args[0]
        s.log(f"{s.who(a.seat)} moves the Round Aid token to space {a.args[0] + 1}.")
        if s.solo:
            s.mio_aid = old
            s.log(f"Mio's Round Aid token takes space {old + 1}.")


class HandCost(Step):
    """The cards owed for an action space: cards, an Action Disc (for the whole cost,
    before anything is paid) or, for Gretel Stollen, diamonds in place of cards. A
    part payment is only offered when the rest can still be paid in full."""

    op = "hand"
    question = "pay the hand cost of the action space"

    def options(self, s, f):
        seat = f["seat"]
        P = s.p[seat]
        out = []
        if f.get("first") and P.discs:
            out.append(Action(seat, "disc", (), "Place an Action Disc: no cards to discard"))
        spare_cards = len(P.hand) - s.keep
        diamonds = P.res["diamond"] if P.char == "gretel" else 0
        if spare_cards + diamonds >= f["n"]:
            if spare_cards >= 1:
                out += _discard_options(s, seat)
            if diamonds >= 1:
                out.append(Action(seat, "diamond", (), "Pay a diamond in place of a card"))
        return out

    def resolve(self, s, f, a):
        P = s.p[a.seat]
        if a.kind == "disc":
            P.discs -= 1
            f["n"] = 0
            s.log(f"{s.who(a.seat)} uses an Action Disc instead of cards.")
        elif a.kind == "diamond":
            P.res["diamond"] -= 1
            P.diamond_cards += 1
            f["n"] -= 1
            if P.char == "gretel" and P.tower:
                P.vp += 3
            s.log(f"{s.who(a.seat)} pays a diamond in place of a card.")
        else:
            s._discard_card(a.seat, a.args[0])
            f["n"] -= 1
        f["first"] = False
        if f["n"] <= 0:
            s.stack.pop()


class DiscardOne(Step):
    op = "discard1"
    question = "discard a card"

    def options(self, s, f):
        return _discard_options(s, f["seat"])

    def resolve(self, s, f, a):
        s.stack.pop()
        s._discard_card(a.seat, a.args[0])


class KeepOne(Step):
    op = "keep"
    question = "choose the one card to keep (the others are discarded)"

    def options(self, s, f):
        return _discard_options(s, f["seat"], "keep")

    def resolve(self, s, f, a):
        s.stack.pop()
        P = s.p[a.seat]
        gone = [u for u in P.hand if u != a.args[0]]
        P.hand = [a.args[0]]
        s.discard.extend(gone)
        s.log(f"{s.who(a.seat)} keeps 1 card and discards {len(gone)}.")


def _terrain_options(s: SweetLandsState, seat: int) -> list[Action]:
    m = s.mapb(seat)
    out = []
    for h in s.terrain_spots(seat):
        if m.kinds[h] == "special":
            for tid in s.specials:
                out.append(
                    Action(seat, "special", (h, tid), f"Special terrain tile {tid} on hex {h}")
                )
        else:
            out.append(Action(seat, "hex", (h,), f"{m.kinds[h].title()} tile on hex {h}"))
    return out


def _road_options(s: SweetLandsState, seat: int) -> list[Action]:
    return [Action(seat, "edge", (e,), f"Road on edge {e}") for e in s.road_spots(seat)]


class PlaceTerrain(Step):
    op = "terrain"
    stoppable = counted = True
    question = "place terrain tiles (or stop)"

    def options(self, s, f):
        return _terrain_options(s, f["seat"]) if f["n"] > 0 else []

    def resolve(self, s, f, a):
        self.take_one(s, f)
        s._place_terrain(a.seat, a.args[0], a.args[1] if a.kind == "special" else None)


class PlaceRoad(Step):
    op = "road"
    stoppable = counted = True
    question = "place roads (or stop)"

    def options(self, s, f):
        return _road_options(s, f["seat"]) if f["n"] > 0 else []

    def resolve(self, s, f, a):
        self.take_one(s, f)
        s._place_road(a.seat, a.args[0])


class TerrainAndRoads(Step):
    """Terrain tiles ("t" left) and roads ("r" left) in any order; with "one" set, a
    single tile or road (the free build action)."""

    op = "tr"
    stoppable = True
    question = "place terrain tiles and roads in any order (or stop)"

    def spent(self, f):
        return f["t"] <= 0 and f["r"] <= 0

    def options(self, s, f):
        seat = f["seat"]
        out = _terrain_options(s, seat) if f["t"] > 0 else []
        if f["r"] > 0:
            out += _road_options(s, seat)
        return out

    def resolve(self, s, f, a):
        road = a.kind == "edge"
        if f.get("one"):
            f["t"] = f["r"] = 0
        elif road:
            f["r"] -= 1
        else:
            f["t"] -= 1
        if self.spent(f) and s.stack and s.stack[-1] is f:
            s.stack.pop()
        if road:
            s._place_road(a.seat, a.args[0])
        else:
            s._place_terrain(a.seat, a.args[0], a.args[1] if a.kind == "special" else None)


class IndustrySteps(Step):
    op = "industry"
    stoppable = counted = True
    question = "advance an Industry marker (or stop)"

    def options(self, s, f):
        seat = f["seat"]
        return [
            Action(seat, "marker", (mk,), f"Advance the {mk}")
            for mk in ("carriage", "loco")
            if s.marker_can_move(seat, mk)
        ]

    def automatic(self, s: SweetLandsState, f: Frame) -> bool:
        """Without the Locomotive only the Carriage can move: no choice to make."""
        seat = f["seat"]
        if f["n"] <= 0 or s.p[seat].loco is not None:
            return False
        if s.marker_can_move(seat, "carriage"):
            self.take_one(s, f)
            s._move_marker(seat, "carriage")
        else:
            s.stack.pop()
        return True

    def resolve(self, s, f, a):
        self.take_one(s, f)
        s._move_marker(a.seat, a.args[0])


class ProsperitySteps(Step):
    op = "prosperity"
    stoppable = counted = True
    question = "advance on a Prosperity track (or stop)"

    def options(self, s, f):
        d = D.load()
        seat = f["seat"]
        return [
            Action(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}")
            for i in s.pros_movable(seat, f.get("colour"))
        ]

    def resolve(self, s, f, a):
        self.take_one(s, f)
        s._advance_prosperity(a.seat, a.args[0])


class PlaceRabbit(Step):
    op = "rabbit"
    stoppable = counted = True
    question = "place a Cookie Rabbit on a property without one (or stop)"

    def options(self, s, f):
        seat = f["seat"]
        if not s.rabbit_ready(seat):
            return []
        return [
            Action(seat, "rabbit", (h,), f"Cookie Rabbit on hex {h}") for h in s.rabbit_spots(seat)
        ]

    def resolve(self, s, f, a):
        self.take_one(s, f)
        s._place_rabbit(a.seat, a.args[0])

    def dropped(self, s, f):
        # With every rabbit already taken, each rabbit owed scores VP instead.
        P = s.p[f["seat"]]
        if f["n"] > 0 and P.rabbits_taken >= 9:
            vp = D.load().player["no_rabbit_vp"] * f["n"]
            P.vp += vp
            s.log(f"{s.who(f['seat'])} has no Cookie Rabbit left: {vp} VP instead.")


class TakeToken(Step):
    """Choose which property token to take next; its row bonuses wait ("after")
    until the whole action is done."""

    op = "property"
    stoppable = counted = True
    question = "take a property token (or stop)"

    def options(self, s, f):
        seat = f["seat"]
        if not s.property_spots(seat, f["eligible"]):
            return []
        paid = f.get("paid", True)
        return [
            Action(seat, "token", (k,), f"Take a {k} token")
            for k in s.token_kinds(seat)
            if not paid or s.can_pay(seat, s.token_cost(seat, k))
        ]

    def resolve(self, s, f, a):
        seat, tok = a.seat, a.args[0]
        cost = s.token_cost(seat, tok) if f.get("paid", True) else {}
        s.pay(seat, cost)
        f["n"] -= 1
        s.stack.append(
            {
                "op": "place",
                "seat": seat,
                "type": tok,
                "eligible": f["eligible"],
                "chain": f.get("chain"),
            }
        )
        s.log(f"{s.who(seat)} takes a {tok} token" + (f" for {_fmt(cost)}." if cost else "."))

    def dropped(self, s, f):
        s._push(f["seat"], f.get("after", ()), f.get("chain"))


class PlaceToken(Step):
    op = "place"
    question = "place the token on a flipped tile or a capital without a property"

    def options(self, s, f):
        seat = f["seat"]
        return [
            Action(seat, "place", (h,), f"Place it on hex {h}")
            for h in s.property_spots(seat, f.get("eligible"))
        ]

    def resolve(self, s, f, a):
        s.stack.pop()
        s._place_property(a.seat, f["type"], a.args[0])


class TakeSkill(Step):
    op = "skill"
    question = "take a skill tile you do not have yet"

    def options(self, s, f):
        seat = f["seat"]
        from .variants import advanced_options  # F hook: Advanced Skill Tiles

        mine = s.p[seat].skills
        return [
            Action(seat, "skill", (sk,), f"Take skill tile {sk}")
            for sk, left in s.skill_supply.items()
            if left and sk not in mine
        ] + advanced_options(s, seat)

    def resolve(self, s, f, a):
        s.stack.pop()
        if f["n"] > 1:
            s.stack.append(
                {"op": "skill", "seat": a.seat, "n": f["n"] - 1, "chain": f.get("chain")}
            )
        s._take_skill(a.seat, a.args[0])


class TakeBasic(Step):
    op = "basic"
    question = "choose a basic resource to take"

    def options(self, s, f):
        seat = f["seat"]
        return [Action(seat, "res", (r,), f"Take 1 {r}") for r in D.BASIC]

    def resolve(self, s, f, a):
        f["n"] -= 1
        if f["n"] <= 0:
            s.stack.pop()
        s.p[a.seat].res[a.args[0]] += 1


class PayBasic(Step):
    op = "paybasic"
    question = "choose a basic resource to pay"

    def options(self, s, f):
        seat = f["seat"]
        res = s.p[seat].res
        return [Action(seat, "res", (r,), f"Pay 1 {r}") for r in D.BASIC if res[r] >= 1]

    def resolve(self, s, f, a):
        f["n"] -= 1
        if f["n"] <= 0:
            s.stack.pop()
        s.p[a.seat].res[a.args[0]] -= 1


class RaiseIncome(Step):
    op = "income_any"
    question = "choose an income track to raise"

    def options(self, s, f):
        seat = f["seat"]
        return [Action(seat, "income", (r,), f"Raise {r} income") for r in D.INCOMES]

    def resolve(self, s, f, a):
        f["n"] = f.get("n", 1) - 1
        if f["n"] <= 0:
            s.stack.pop()
        if a.kind == "track":
            s._advance_prosperity(a.seat, a.args[0])
        else:
            s._raise_income(a.seat, a.args[0], D.load().player["income_step"][a.args[0]])


class CapitalBonus(RaiseIncome):
    op = "capital"
    question = "raise an income track or advance on a Prosperity track"

    def options(self, s, f):
        d = D.load()
        seat = f["seat"]
        return super().options(s, f) + [
            Action(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}")
            for i in s.pros_movable(seat)
        ]


class ChooseColumn(Step):
    op = "column"
    question = "choose the column whose Industry Bonus to take"

    def options(self, s, f):
        seat = f["seat"]
        return [Action(seat, "column", (c,), f"Industry Bonus: {c} column") for c in D.COLOURS]

    def resolve(self, s, f, a):
        s.stack.pop()
        s._ibonus(a.seat, a.args[0], f.get("chain_from"))


class Automate(Step):
    op = "automate"
    question = "automate the card just played (1 diamond) or keep it face up"

    def options(self, s, f):
        seat = f["seat"]
        out = [
            Action(seat, "automate", (c,), f"Automate into the {c} column (1 diamond)")
            for c in s.automate_columns(seat, f["uid"])
            if not s.automate_refusal(seat, f["uid"], c)
        ]
        out.append(Action(seat, "keepcard", (), "Do not automate"))
        return out

    def refusal(self, s, f, a):
        if a.kind == "automate" and a.args and isinstance(a.args[0], str):
            reason = s.automate_refusal(f["seat"], f["uid"], a.args[0])
            if reason:
                return reason
        return super().refusal(s, f, a)

    def resolve(self, s, f, a):
        s.stack.pop()
        uid = f["uid"]
        P = s.p[a.seat]
        P.played.remove(uid)
        if a.kind != "automate":
            P.played.append(uid)
        else:
            P.res["diamond"] -= 1
            P.columns[a.args[0]].append(uid)
            name = D.load().cards[D.load().deck[uid]].name
            s.log(f"{s.who(a.seat)} automates {name} into the {a.args[0]} column.")


class CopyArea(Step):
    op = "copy"
    question = "choose the area to copy (paying its cost)"

    def options(self, s, f):
        seat = f["seat"]
        return [
            Action(seat, "copy", (a,), f"Copy area {a}")
            for a in s._copy_targets(f["area"])
            if not s.area_refusal(seat, a, copying=True)
        ]

    def refusal(self, s, f, a):
        if a.kind == "copy" and a.args and a.args[0] in s._copy_targets(f["area"]):
            reason = s.area_refusal(f["seat"], a.args[0], copying=True)
            if reason:
                return reason
        return super().refusal(s, f, a)

    def resolve(self, s, f, a):
        s.stack.pop()
        aid = a.args[0]
        cost = s.area_cost(a.seat, aid)
        s.pay(a.seat, cost, s.rikka_area(a.seat, aid))
        s.log(f"{s.who(a.seat)} copies area {aid}.")
        s._push_area_effect(a.seat, aid)


class ChoosePart(Step):
    """An Immediate Ability with several parts: the seat picks which part resolves
    next ("parts" holds those still to do, in printed order)."""

    op = "order"
    question = "choose which part of the ability to resolve next"

    def options(self, s, f):
        seat = f["seat"]
        return [
            Action(seat, "part", (i,), f"Next: {describe_effect(op, v)}")
            for i, (op, v) in enumerate(f["parts"])
        ]

    def resolve(self, s, f, a):
        parts = list(f["parts"])
        op, v = parts.pop(a.args[0])
        if len(parts) > 1:
            f["parts"] = tuple(parts)
        else:
            s.stack.pop()
            if parts:
                s._push(a.seat, parts, f.get("chain"))
        s._push(a.seat, ((op, v),), f.get("chain"))


def describe_effect(op: str, v: Any) -> str:
    """A short phrase for one effect part, for labels and views."""
    if isinstance(v, dict):
        amount = ", ".join(f"{k} {n}" for k, n in v.items())
        return f"{op.replace('_', ' ')} ({amount})"
    if isinstance(v, tuple):
        return f"{op.replace('_', ' ')} " + " ".join(str(x) for x in v)
    return f"{op.replace('_', ' ')} {v}"


STEPS: dict[str, Step] = {
    cls.op: cls()
    for cls in (
        ChooseCharacter,
        ChooseMap,
        ChooseAid,
        MoveAid,
        HandCost,
        DiscardOne,
        KeepOne,
        PlaceTerrain,
        PlaceRoad,
        TerrainAndRoads,
        IndustrySteps,
        ProsperitySteps,
        PlaceRabbit,
        TakeToken,
        PlaceToken,
        TakeSkill,
        TakeBasic,
        PayBasic,
        RaiseIncome,
        CapitalBonus,
        ChooseColumn,
        Automate,
        CopyArea,
        ChoosePart,
    )
}


class PendingSteps:
    """The stack of pending steps: what to offer, and running the automatic ones."""

    __slots__ = ()

    def _frame_options(self, f: Frame) -> list[Action]:
        step = STEPS[f["op"]]
        out = step.options(self, f)
        if step.stoppable:
            out.append(Action(f["seat"], "done", (), "Stop"))
        return out

    def _resolve_step(self, a: Action) -> None:
        f = self.stack[-1]
        step = STEPS[f["op"]]
        if a.kind == "done":
            step.stopped(self, f)
        else:
            step.resolve(self, f, a)

    def _step_live(self, f: Frame) -> bool:
        """Does this step still offer something besides "done"?"""
        step = STEPS[f["op"]]
        return not step.spent(f) and bool(step.options(self, f))

    def _settle(self) -> None:
        """Run automatic steps until a decision is needed or the stack is empty."""
        industry = STEPS["industry"]
        while self.stack:
            f = self.stack[-1]
            op = f["op"]
            step = STEPS.get(op)
            if step is not None:
                if op == "industry" and industry.automatic(self, f):
                    continue
                if self._step_live(f):
                    return
                self.stack.pop()
                step.dropped(self, f)
                continue
            self.stack.pop()
            AUTOMATIC[op](self, f)


def _action_start(s: SweetLandsState, f: Frame) -> None:
    from .variants import first_seat  # F hook: variable turn order

    s.phase = ACTION
    s.turn = first_seat(s)
    s.main_done = False
    s.checkpoint += 1
    s.log(f"Round {s.round}: action phase; {s.who(s.turn)} starts.")


# Steps that need no decision: op -> what running it does.
AUTOMATIC = {
    "fx": lambda s, f: s._effect(f["seat"], f["fx"], f["v"], f.get("chain")),
    "begin": lambda s, f: s._begin_round(),
    "next_round": lambda s, f: s._begin_round(),
    "income": lambda s, f: s._income(f["seat"]),
    "action_start": _action_start,
    "end_turn": lambda s, f: s._end_turn(),
    "pass_score": lambda s, f: s._score_pass(f["seat"]),  # F: see phases._pass
    "ibonus_now": lambda s, f: s._ibonus(f["seat"], f["v"], None),
}
