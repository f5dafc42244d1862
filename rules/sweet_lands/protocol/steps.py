"""Pending decisions: one class per kind of step a seat may have to answer.

A pending step is a small record on the state's stack (a dict with "op", "seat" and
the counts it needs, cheap to copy and to show in a view). Its behaviour lives in the
class registered for its op in ``STEPS``: the choices it offers, why it refuses a
move, and how it resolves one. Steps whose op is in ``AUTOMATIC`` need no decision
and run as soon as they reach the top of the stack (see ``settle``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, cast

from ...core import Action
from ..facts import queries as Q
from ..model import data as D
from ..model.constants import ACTION, Op
from ..model.fields import StateFields
from ..model.frame_types import Counted, EffectFrame, Frame, HandFrame
from ..moves import characters as C
from ..moves import effects as FX
from ..moves import phases as PH
from ..moves import variants as V
from ..moves.character_steps import CHARACTER_STEPS
from ..moves.choice_steps import (
    Automate,
    CapitalBonus,
    ChooseColumn,
    ChoosePart,
    CopyArea,
    IndustrySteps,
    PayBasic,
    ProsperitySteps,
    RaiseIncome,
    TakeBasic,
    TakeSkill,
    TakeToken,
)
from ..moves.frames import Step, _discard_options, describe_effect, done_action
from ..moves.map_steps import (
    MapStep,
    PlaceRabbit,
    PlaceRoad,
    PlaceTerrain,
    PlaceToken,
    TerrainAndRoads,
)

__all__ = ["AUTOMATIC", "MAP_STEPS", "STEPS", "Step", "describe_effect", "frame_options", "settle"]


# The steps' moves are made once per seat and argument and shared by every state
# (an Action is an immutable value, and a shared one keeps its key text).
@cache
def _character_action(seat: int, cid: str) -> Action:
    return Action(seat, "character", (cid,), f"Play {D.load().characters[cid]['name']}")


@cache
def _map_action(seat: int, mid: str) -> Action:
    return Action(seat, "map", (mid,), f"Use map {D.load().maps[mid].name}")


@cache
def _aid_action(seat: int, space: int) -> Action:
    return Action(seat, "aid", (space,), f"Round Aid space {space + 1}")


class ChooseCharacter(Step[Frame]):
    op = Op.CHOOSE_CHAR
    question = "choose a character"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        d = D.load()
        taken = C.unavailable(s)  # F hook: one side per board
        seat = f["seat"]
        return [_character_action(seat, cid) for cid in d.characters if cid not in taken]

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        d = D.load()
        P = s.p[a.seat]
        s.stack.pop()
        c = d.characters[a.args[0]]
        C.assign(P, a.args[0])
        for r, k in c["start"].items():
            P.res[r] += k
        P.inc = {**P.inc, **c["income"]}  # copy on write (see PlayerState.copy)
        s.log(f"{s.players[a.seat]} plays {c['name']}.")


class ChooseMap(Step[Frame]):
    op = Op.CHOOSE_MAP
    question = "choose a map board (side A is shared; each B side once)"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        d = D.load()
        taken = {p.map for p in s.p}
        seat = f["seat"]
        return [_map_action(seat, mid) for mid in d.maps if mid == "A" or mid not in taken]

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        s.p[a.seat].map = a.args[0]
        s.log(f"{s.players[a.seat]} takes map {D.load().maps[a.args[0]].name}.")


class ChooseAid(Step[Frame]):
    op = Op.CHOOSE_AID
    question = "put the Round Aid token on a free space"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        used = {p.aid for p in s.p} | {s.mio_aid}
        seat = f["seat"]
        return [_aid_action(seat, i) for i in range(len(s.aid_spaces)) if i not in used]

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        s.p[a.seat].aid = a.args[0]
        s.log(f"{s.players[a.seat]} puts the Round Aid token on space {a.args[0] + 1}.")


class MoveAid(ChooseAid):
    op = Op.AID_MOVE
    question = "move the Round Aid token to a free space"

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        P = s.p[a.seat]
        old = P.aid
        P.aid = a.args[0]
        s.log(f"{s.players[a.seat]} moves the Round Aid token to space {a.args[0] + 1}.")
        if s.solo:
            s.mio_aid = old
            assert old is not None  # a seat passes only once its token is placed
            s.log(f"Mio's Round Aid token takes space {old + 1}.")


class HandCost(Step[HandFrame]):
    """The cards owed for an action space: cards, an Action Disc (for the whole cost,
    before anything is paid) or, for Gretel Stollen, diamonds in place of cards. A
    part payment is only offered when the rest can still be paid in full."""

    op = Op.HAND
    question = "pay the hand cost of the action space"

    def options(self, s: StateFields, f: HandFrame) -> list[Action]:
        seat = f["seat"]
        P = s.p[seat]
        out = []
        # the cards the space asks for come first (Enter's choice); a disc or a
        # diamond is spent only when chosen
        spare_cards = len(P.hand) - Q.cards_kept(s)
        diamonds = P.res["diamond"] if C.of(P).diamonds_for_cards else 0
        if spare_cards + diamonds >= f["n"]:
            if spare_cards >= 1:
                out += _discard_options(s, seat)
            if diamonds >= 1:
                out.append(Action(seat, "diamond", (), "Pay a diamond in place of a card"))
        if f.get("first") and P.discs:
            out.append(Action(seat, "disc", (), "Place an Action Disc: no cards to discard"))
        return out

    def refusal(self, s: StateFields, f: HandFrame, a: Action) -> str:
        P = s.p[f["seat"]]
        if a.kind in ("discard", "diamond", "disc"):
            if a.kind == "disc" and not f.get("first"):
                return "An Action Disc pays a whole hand cost: part of this one is already paid."
            if a.kind == "disc" and not P.discs:
                return "You have no Action Disc."
            spare = len(P.hand) - Q.cards_kept(s)
            diamonds = P.res["diamond"] if C.of(P).diamonds_for_cards else 0
            if a.kind == "discard" and spare < 1:
                return "Your last card must stay in hand until round 5."
            if spare + diamonds < f["n"]:
                return f"The rest of the hand cost ({f['n']}) could not be paid afterwards."
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: HandFrame, a: Action) -> None:
        P = s.p[a.seat]
        if a.kind == "disc":
            P.discs -= 1
            f["n"] = 0
            s.log(f"{s.players[a.seat]} uses an Action Disc instead of cards.")
        elif a.kind == "diamond":
            P.res["diamond"] -= 1
            P.diamond_cards += 1
            f["n"] -= 1
            s.log(f"{s.players[a.seat]} pays a diamond in place of a card.")
            C.of(P).on_diamond_card(s, a.seat)  # Gretel's Clock Tower
        else:
            discard_card(s, a.seat, a.args[0])
            f["n"] -= 1
        f["first"] = False
        if f["n"] <= 0:
            s.stack.pop()


class DiscardOne(Step[Frame]):
    op = Op.DISCARD_ONE
    question = "discard a card"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        return _discard_options(s, f["seat"])

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        discard_card(s, a.seat, a.args[0])


class KeepOne(Step[Frame]):
    op = Op.KEEP
    question = "choose the one card to keep (the others are discarded)"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        return _discard_options(s, f["seat"], "keep")

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        P = s.p[a.seat]
        gone = [u for u in P.hand if u != a.args[0]]
        P.hand = [a.args[0]]
        s.discard = s.discard + gone
        s.log(f"{s.players[a.seat]} keeps 1 card and discards {len(gone)}.")


def discard_card(s: StateFields, seat: int, uid: int) -> None:
    d = D.load()
    s.p[seat].drop_card(uid)
    s.discard = s.discard + [uid]
    s.log(f"{s.players[seat]} discards {d.cards[d.deck[uid]].name}.")


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
        *CHARACTER_STEPS,  # F: the characters' own steps
        V.DraftPick,  # F: hand drafting
    )
}


_INDUSTRY = cast(IndustrySteps, STEPS[Op.INDUSTRY])
INDUSTRY = Op.INDUSTRY  # settle reads it after every move: one global, no attribute

# Steps whose spent() is always False (neither counted nor spent in a way of their
# own): settle, which runs after every move, skips the call for them.
NEVER_SPENT = frozenset(
    op for op, step in STEPS.items() if not step.counted and type(step).spent is Step.spent
)

# The steps' class flags by op, for settle (a set look-up costs less than reading a
# class attribute through the instance).
STOPPABLE = frozenset(op for op, step in STEPS.items() if step.stoppable)
EVERY_SEAT = frozenset(op for op, step in STEPS.items() if step.every_seat)

# Steps answered by picking a hex or an edge.
MAP_STEPS = frozenset(op for op, step in STEPS.items() if isinstance(step, MapStep))


def frame_options(s: StateFields, f: Frame) -> list[Action]:
    step = STEPS[f["op"]]
    out = step.options(s, f)
    if step.stoppable:
        out.append(done_action(f["seat"]))
    return out


def settle(s: StateFields) -> None:
    """Run automatic steps until a decision is needed or the stack is empty.

    A step that still offers something besides "done" waits for its seat, and its
    menu is kept for legal_actions, which would otherwise build the same list
    again (the loop does this itself: it runs after every move)."""
    industry = _INDUSTRY
    stack = s.stack
    while stack:
        f = stack[-1]
        op = f["op"]
        seat = f["seat"]
        # the step's seat owns its record before a step changes it: one that runs by
        # itself or ends here (a step only asked for its options changes nothing)
        step = STEPS.get(op)
        if step is None:
            if not s._owned >> seat & 1:
                s._own(seat)
            stack.pop()
            s._board = None  # so may every automatic step (see turn_menu.BoardPart)
            AUTOMATIC[op](s, f)
            continue
        if op == INDUSTRY:
            s._own(seat)
            if industry.automatic(s, cast(Counted, s._own_top())):
                s._board = None
                continue
        if op in NEVER_SPENT or not step.spent(f):
            options = step.options(s, f)
            if options:  # live: it waits for its seat
                if op in STOPPABLE:
                    options.append(done_action(seat))
                if op in EVERY_SEAT:
                    options = [a for a in options if a.seat == seat]
                # (seat, step_key()'s three parts, the moves): see legal_actions, which
                # hands out copies of the list (so no one changes it: no tuple made)
                s._menu = (seat, s._keys, len(stack), s.phase, options)
                return
        s._own(seat)
        stack.pop()
        s._board = None  # a step that ends by itself may change the board
        step.dropped(s, f)


def _action_start(s: StateFields, f: Frame) -> None:
    s.phase = ACTION
    s.turn = V.first_seat(s)  # F hook: variable turn order
    s.main_done = False
    s.checkpoint += 1
    s.log(f"Round {s.round}: action phase; {s.players[s.turn]} starts.")


def _run_effect(s: StateFields, f: Frame) -> None:
    # the FX step's record (typed for the checker alone: a cast is a call on every effect)
    if TYPE_CHECKING:
        f = cast(EffectFrame, f)
    before = len(s.stack)
    FX.effect(s, f["seat"], f["fx"], f["v"], f.get("chain"))
    top = s.stack[-1] if len(s.stack) > before else None
    if top is not None and top["op"] == Op.INDUSTRY and f.get("why"):
        cast(Counted, top)["why"] = f["why"]  # the log says why the marker moves


# Steps that need no decision: op -> what running it does.
AUTOMATIC = {
    Op.FX: _run_effect,
    Op.BEGIN: lambda s, f: PH.begin_round(s),
    Op.NEXT_ROUND: lambda s, f: PH.begin_round(s),
    Op.INCOME: lambda s, f: PH.income(s, f["seat"]),
    Op.ACTION_START: _action_start,
    Op.END_TURN: lambda s, f: PH.end_turn(s),
    Op.PASS_SCORE: lambda s, f: PH.score_pass(s, f["seat"]),  # F: see phases.pass_round
    Op.IBONUS_NOW: lambda s, f: FX.industry_bonus(s, f["seat"], f["v"], None),
    Op.DRAFT_DEAL: V.deal,  # F: hand drafting
}
