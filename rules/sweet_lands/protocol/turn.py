"""The turn's moves: main actions (areas, cards, flips, pass) and free actions.

``do_turn`` makes a move of the turn menu; ``turn_refusal`` gives the reason a move
outside it is refused, from the refusal functions of turn_checks.py, which the menu
(turn_menu.py) and the view use too, so the three never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import Action
from ..facts import economy as EC
from ..facts import primitives as PR
from ..facts import queries as Q
from ..facts import skills as SK
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.frame_types import (
    AutomateFrame,
    CopyFrame,
    Counted,
    HandFrame,
    OrderFrame,
    PlaceFrame,
    TerrainRoadFrame,
)
from ..model.story import amounts
from ..moves import character_steps as CS
from ..moves import characters as C
from ..moves import frames as FR
from ..moves import phases as PH
from ..moves import turn_checks as TC
from ..moves.turn_checks import TURN_ARGS, fits
from .turn_menu import turn_options

# Immediate Ability parts that cannot change what another part does: plain gains
# (a diamond aside: a Prosperity track's last space or an advanced tile spends one),
# a basic resource of one's choice, and drawn cards.
_ORDER_FREE = {"vp", "income", "disc", "basic", "draw"}
# Tiles and roads end on the same map in either order (a tile placed beside a road
# flips at once, a road flips the tiles beside it).
_MAP_PAIR = {"terrain", "road"}


def _order_matters(effects: tuple) -> bool:
    """Whether two or more parts could change each other's outcome (RULINGS.md)."""
    asked = [
        op
        for op, v in effects
        if op not in _ORDER_FREE and not (op == "gain" and not v.get("diamond"))
    ]
    return len(asked) > 1 and set(asked) != _MAP_PAIR


# ------------------------------------------------------------------ refusals
def turn_refusal(s: StateFields, seat: int, a: Action) -> str:
    """The reason a move outside the turn menu is refused (it is not legal)."""
    kind, args = a.kind, a.args
    shape = TURN_ARGS.get(kind)
    if shape is None:
        return f"'{kind}' is not a move of the turn menu."
    if not fits(args, shape):
        return f"'{a.key}' does not name a {kind} move (arguments {list(shape)} expected)."
    if kind.startswith("fa_"):
        reason = _free_move_refusal(s, seat, kind, args)
    else:
        reason = _MAIN_MOVE_REFUSALS[kind](s, seat, args)
    return reason or f"That move is not among the choices now ({a.key})."


def _play_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    return TC.card_refusal(s, seat, args[0]) or _twin_refusal(s, seat, args[0])


def _end_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if s.main_done:
        return None
    return "Take a main action (an area, a card, a flip or pass) before ending."


def _free_move_refusal(s: StateFields, seat: int, kind: str, args: tuple) -> str | None:
    if kind in ("fa_buy", "fa_sell") and args[0] not in D.BASIC:
        return f"{args[0]} is not a basic resource."
    return TC.free_refusal(s, seat, kind, args)


def _twin_refusal(s: StateFields, seat: int, uid: int) -> str | None:
    """Copies of one card in hand are one move: name the copy the menu offers."""
    deck = D.load().deck
    for b in turn_options(s, seat):
        if b.kind == "play" and b.args[0] != uid and deck[b.args[0]] == deck[uid]:
            return f"Another copy of this card is the one offered: {b.label}."
    return None


def _area_arg_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    aid = args[0]
    if aid not in s.occ:
        return f"There is no area {aid} in this game."
    reason = TC.main_refusal(s, seat) or TC.area_refusal(s, seat, aid)
    if reason or len(args) == 1:
        return reason
    if args[1] not in Q.rikka_splits(s, seat, aid):
        return f"Area {aid} cannot be paid with {args[1]} wood in place of wheat."
    return None


# The refusal of each turn move that is not a free action (those are "fa_" kinds).
_MAIN_MOVE_REFUSALS: dict[str, Callable[[StateFields, int, tuple], str | None]] = {
    "area": _area_arg_refusal,
    "play": _play_refusal,
    "flip": lambda s, seat, args: TC.skill_refusal(s, seat, args[0]),
    "pass": lambda s, seat, args: TC.main_refusal(s, seat),
    "end": _end_refusal,
}


# ------------------------------------------------------------------ doing
def do_turn(s: StateFields, a: Action) -> None:
    kind = a._kind  # the slots: see SweetLandsState._do
    s.main_open = kind in MAIN_KINDS
    _TURN_HANDLERS[kind](s, a._seat, a._args)


def _use_area(s: StateFields, seat: int, args: tuple) -> None:
    d = D.load()
    aid = args[0]
    idx = s.occ[aid].index(None)
    spaces = list(s.occ[aid])
    spaces[idx] = seat
    s.occ = {**s.occ, aid: spaces}
    cost = Q.area_cost(s, seat, aid)
    wood = args[1] if len(args) > 1 else None
    EC.pay(s, seat, cost, Q.rikka_area(s, seat, aid), wood)
    s.main_done = True
    paid = f", paying {amounts(cost)}" if cost else ""
    if wood:
        paid += f" ({wood} of the wheat in wood)"
    s.log(f"{s.players[seat]} uses area {aid} (space {idx + 1}){paid}.")
    if d.areas[aid]["copy"]:
        copy: CopyFrame = {"op": Op.COPY, "seat": seat, "area": aid}
        s.stack.append(copy)
    else:
        FR.push_area_effect(s, seat, aid)
    hand: HandFrame = {"op": Op.HAND, "seat": seat, "n": d.board["hand_costs"][idx], "first": True}
    s.stack.append(hand)


def _play_card(s: StateFields, seat: int, args: tuple) -> None:
    d = D.load()
    P = s.p[seat]
    uid = args[0]
    card = d.cards[d.deck[uid]]
    cost = Q.card_cost(s, seat, uid)
    P.res["gold"] -= cost
    P.drop_card(uid)
    P.played = [*P.played, uid]
    s.main_done = True
    s.log(f"{s.players[seat]} plays {card.name} for {cost} gold.")
    C.of(P).on_play(s, seat)  # Sena's gold income
    SK.on_play(s, seat)  # F hook: advanced tile 112
    if card.kind != "immediate":
        return
    if card.industry != "none":
        automate: AutomateFrame = {"op": Op.AUTOMATE, "seat": seat, "uid": uid}
        s.stack.append(automate)
    _push_in_chosen_order(s, seat, card.effect, card.name)


def _push_in_chosen_order(s: StateFields, seat: int, effects: tuple, why: str) -> None:
    """The parts of an Immediate Ability resolve in the order the seat picks;
    it is asked only when the order could matter."""
    if _order_matters(effects):
        order: OrderFrame = {"op": Op.ORDER, "seat": seat, "parts": tuple(effects), "why": why}
        s.stack.append(order)
    else:
        FR.push_effects(s, seat, effects, why=why)


def _flip_skill(s: StateFields, seat: int, args: tuple) -> None:
    sk = args[0]
    P = s.p[seat]
    P.flipped = [*P.flipped, sk]
    SK.pay_flip(s, seat, sk)  # F hook: further tiles 24/25 pay first
    s.main_done = True
    s.log(f"{s.players[seat]} uses the flip ability of skill tile {sk}.")
    FR.push_effects(s, seat, D.load().skills[sk]["effect"], why=f"skill tile {sk}")


def _free_build(s: StateFields, seat: int, args: tuple) -> None:
    s.log(f"{s.players[seat]} builds with a free action.")
    build: TerrainRoadFrame = {"op": Op.TERRAIN_ROAD, "seat": seat, "t": 1, "r": 1, "one": True}
    pay: Counted = {"op": Op.PAYBASIC, "seat": seat, "n": 3}
    s.stack.append(build)
    s.stack.append(pay)
    s.stack.append({"op": Op.DISCARD_ONE, "seat": seat})


def _free_draw(s: StateFields, seat: int, args: tuple) -> None:
    s.p[seat].res["gold"] -= 15
    s.log(f"{s.players[seat]} pays 15 gold to draw a card.")
    PR.draw(s, seat, 1)


def _free_buy(s: StateFields, seat: int, args: tuple) -> None:
    res = s.p[seat].res
    res["gold"] -= 4
    res[args[0]] += 1
    s.log(f"{s.players[seat]} buys 1 {args[0]} for 4 gold.")  # who(), written out


def _free_sell(s: StateFields, seat: int, args: tuple) -> None:
    res = s.p[seat].res
    res[args[0]] -= 1
    res["gold"] += 1
    s.log(f"{s.players[seat]} sells 1 {args[0]} for 1 gold.")  # who(), written out


def _free_trade(s: StateFields, seat: int, args: tuple) -> None:
    s.log(f"{s.players[seat]} trades 3 basic resources for 1.")  # who(), written out
    take: Counted = {"op": Op.BASIC, "seat": seat, "n": 1}
    pay: Counted = {"op": Op.PAYBASIC, "seat": seat, "n": 3}
    s.stack.append(take)
    s.stack.append(pay)


def _free_disc(s: StateFields, seat: int, args: tuple) -> None:
    s.p[seat].discs -= 1
    s.log(f"{s.players[seat]} returns an Action Disc for 2 basic resources.")
    take: Counted = {"op": Op.BASIC, "seat": seat, "n": 2}
    s.stack.append(take)


def _free_card(s: StateFields, seat: int, args: tuple) -> None:
    take: Counted = {"op": Op.BASIC, "seat": seat, "n": 2}
    s.stack.append(take)
    s.stack.append({"op": Op.DISCARD_ONE, "seat": seat})


def _claim_milestone(s: StateFields, seat: int, args: tuple) -> None:
    d = D.load()
    mid = args[0]
    s.ms_claimed = {**s.ms_claimed, mid: seat}
    P = s.p[seat]
    P.milestones = [*P.milestones, mid]
    s.log(f"{s.players[seat]} claims milestone {mid} (10 VP at the end).")
    taken = [m for m, _ in s.milestones if m in s.ms_claimed]
    if len(taken) >= d.board["milestones_cap"]:
        left = [m for m, _ in s.milestones if m not in s.ms_claimed]
        s.milestones = [m for m in s.milestones if m[0] in s.ms_claimed]
        if left:
            s.log("Three milestones are taken: the others leave the game.")


def _start_tower(s: StateFields, seat: int, args: tuple) -> None:
    s.log(f"{s.players[seat]} may now place the Clock Tower.")
    place: PlaceFrame = {"op": Op.PLACE, "seat": seat, "type": "tower", "eligible": None}
    s.stack.append(place)


MAIN_KINDS = frozenset(("area", "play", "flip", "pass"))  # the rest are free (or end)
# Turn moves that change no seat's record themselves: they stack the steps that do
# (each step's seat owns its record when the step is answered or runs by itself),
# or end the turn (phases.end_turn owns the records it changes).
STEPS_ONLY = frozenset(("end", "fa_trade", "fa_card", "fa_build"))
_TURN_HANDLERS: dict[str, Any] = {
    "area": _use_area,
    "play": _play_card,
    "flip": _flip_skill,
    "pass": lambda s, seat, args: PH.pass_round(s, seat),
    "end": lambda s, seat, args: PH.end_turn(s),
    "fa_build": _free_build,
    "fa_draw": _free_draw,
    "fa_buy": _free_buy,
    "fa_sell": _free_sell,
    "fa_trade": _free_trade,
    "fa_disc": _free_disc,
    "fa_card": _free_card,
    "fa_milestone": _claim_milestone,
    "fa_tower": _start_tower,
    **CS.TURN_HANDLERS,  # F hook: character free actions
}
