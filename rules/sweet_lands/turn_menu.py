"""The turn menu: the main and free actions the seat on turn may take now.

Legality is written in the refusal functions (turn.py, turn_checks.py). The menu
asks them itself for the flips, the simple free actions (build, draw, buy, sell,
trade, disc, card), the Clock Tower, milestones and the characters' free actions.
The areas and the cards in hand are asked about on every turn step of every game a
bot plays out, so for those the menu tests the yes-or-no form of their refusals
written out (prices, hand costs), and test_turn_menu_is_every_move_without_a_refusal
holds the two together.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core import Action
from . import character_steps as CS
from . import characters as C
from . import data as D
from . import economy as EC
from . import map_queries as MQ
from . import queries as Q
from . import turn_checks as TC
from .board_part import BoardPart, seat_moves
from .constants import MAX_SEATS
from .fields import StateFields
from .queries import _rabbit_areas, area_needs
from .step_base import first_copies


@cache
def _area_action(seat: int, aid: str) -> Action:
    return Action(seat, "area", (aid,), _area_label(aid))


@cache
def _play_action(seat: int, uid: int) -> Action:
    return Action(seat, "play", (uid,), _play_label(D.load().deck[uid]))


@cache
def _milestone_action(seat: int, mid: int) -> Action:
    return Action(seat, "fa_milestone", (mid,), f"Free: claim milestone {mid}")


_AREA_TABLES: dict[tuple, tuple] = {}


def _areas_of(seat: int, rikka: bool, costs: dict) -> tuple:
    """Every area as (area, cost, the three items of its price check (see
    _price_check), pays wheat with wood, needs more than its price, move) for a seat
    with this cost table (one of a few dozen: see area_costs)."""
    key = (seat, rikka, id(costs))
    hit = _AREA_TABLES.get(key)
    if hit is None or hit[0] is not costs:
        rabbit, needs = _rabbit_areas(), area_needs()
        table = tuple(
            (
                aid,
                cost,
                *_price_check(cost),
                rikka and aid in rabbit,
                aid in needs,
                _area_action(seat, aid),
            )
            for aid, cost in costs.items()
        )
        hit = _AREA_TABLES[key] = (costs, table)
    return hit[1]


def _price_check(cost: dict) -> tuple:
    """A price as (resource, amount, further (resource, amount) items), for the
    menu's test (_area_options): most prices have one item, tested alone, and a free
    area has amount 0 (no test). A price with an amount of 0 in it (none in the
    data) has every item in the further ones, each tested."""
    items = tuple(cost.items())
    if not items:
        return (None, 0, ())
    if all(k for _r, k in items):
        return (*items[0], items[1:])
    return (items[0][0], float("-inf"), items)


def _covers(res: dict, items: tuple) -> bool:
    """can_pay for these items, without the wheat paid with wood."""
    for r, k in items:
        if res[r] < k:
            return False
    return True


@cache
def _area_label(aid: str) -> str:
    return f"Use area {aid}: {D.load().areas[aid]['text']}"


@cache
def _play_label(cid: int) -> str:
    return f"Play {D.load().cards[cid].name}"


def turn_options(s: StateFields, seat: int) -> list[Action]:
    # a part handed down by the parent serves this state's first menu only: a
    # state arranged by hand afterwards (tests, tools) is asked afresh
    part, s._board = s._board, None
    if part is None or part.seat != seat:
        part = BoardPart(seat)
    s._board_made = part  # for the next state (see _successor)
    if not s.main_done:
        out = _main_options(s, seat, part)
    else:
        out = [part.moves.end]
    out += _free_options(s, seat, part)
    return out


def _main_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    P = s.p[seat]
    out = _area_options(s, seat, part)
    # card_refusal: the last card stays in hand (keep, written out)
    if len(P.hand) > (0 if s.round >= 5 else 1):
        gold = P.res["gold"]
        cards = part.cards
        if cards is None:
            cards = part.cards = _card_prices(s, seat)
        for cost, play in cards:
            if cost <= gold:
                out.append(play)
    for sk in P.skills:
        if TC.skill_refusal(s, seat, sk) is None:
            out.append(Action(seat, "flip", (sk,), f"Flip skill tile {sk}"))
    out.append(part.moves.pass_)
    return out


def _card_prices(s: StateFields, seat: int) -> list[tuple[int, Action]]:
    """(price, play move) of each card type in hand, first copy first."""
    return [
        (Q.card_cost(s, seat, uid), _play_action(seat, uid)) for uid in first_copies(s.p[seat].hand)
    ]


def _area_candidates(s: StateFields, seat: int) -> list[tuple]:
    """The open areas with a free space, each as (area, cost, the price check's
    three items, hand cost, pays wheat with wood, needs more than its price, move)."""
    costs = Q.area_costs(s, seat)
    hand_costs = D.load().board["hand_costs"]
    occ, opened = s.occ, s.opened
    out = []
    for aid, cost, r, k, more, wood, needs, use in _areas_of(
        seat, C.of(s.p[seat]).wood_for_wheat, costs
    ):
        spaces = occ.get(aid)
        if spaces is not None and aid in opened and None in spaces:
            out.append((aid, cost, r, k, more, hand_costs[spaces.index(None)], wood, needs, use))
    return out


def _area_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    """The areas area_refusal lets the seat use, with Rikka's wood splits."""
    P = s.p[seat]
    res = P.res
    areas = part.areas
    if areas is None:
        areas = part.areas = _area_candidates(s, seat)
    diamonds_pay = C.of(P).diamonds_for_cards
    # _hand_payable: an Action Disc pays any hand cost, else spare cards do
    # (and Gretel's diamonds left after the price)
    spare = len(P.hand) - (0 if s.round >= 5 else 1)  # keep, written out
    discs = P.discs
    out = []
    for aid, cost, r, k, more, hand, wood, needs, use in areas:
        if wood:
            if not EC.can_pay(s, seat, cost, True):
                continue
        # can_pay, written out: this runs for every area on every turn step
        elif k and (res[r] < k or more and not _covers(res, more)):
            continue
        if not discs and (
            spare + (res["diamond"] - cost.get("diamond", 0) if diamonds_pay else 0) < hand
        ):
            continue
        if needs:
            spot = part.spot
            if spot is None:
                spot = part.spot = MQ.has_property_spot(s, seat)
            if TC.area_effect_refusal(s, seat, aid, cost, cost, spot) is not None:
                continue
        out.append(use)
        if wood:
            for k in Q.rikka_splits(s, seat, aid)[1:]:
                label = f"Use area {aid}, paying {k} of its wheat with wood"
                out.append(Action(seat, "area", (aid, k), label))
    return out


def _free_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    # the simple free actions: each move offered when its refusal in turn_checks
    # finds nothing (their legality is written there only)
    out: list[Action] = []
    for refusal, args, moves in _SIMPLE_FREE[seat]:
        if refusal(s, seat, args) is None:
            out += moves
    return _board_free_options(s, seat, part, out)


def _simple_free(seat: int) -> tuple[tuple[Any, tuple, tuple[Action, ...]], ...]:
    """The simple free actions of a seat in menu order, each as (its refusal, the
    arguments to ask it with, the moves it lets in): buying asks once for all three."""
    m = seat_moves(seat)
    return tuple(
        (TC.FREE_CHECKS[kind], args, moves)
        for kind, args, moves in (
            ("fa_build", (), (m.build,)),
            ("fa_draw", (), (m.draw,)),
            ("fa_buy", ("wheat",), m.buys),
            ("fa_sell", ("wheat",), (m.sell_wheat,)),
            ("fa_sell", ("wood",), (m.sell_wood,)),
            ("fa_sell", ("iron",), (m.sell_iron,)),
            ("fa_trade", (), (m.trade,)),
            ("fa_disc", (), (m.disc,)),
            ("fa_card", (), (m.card,)),
        )
    )


# By seat, read by index (built on every turn step).
_SIMPLE_FREE = [_simple_free(seat) for seat in range(MAX_SEATS)]


def _board_free_options(
    s: StateFields, seat: int, part: BoardPart, out: list[Action]
) -> list[Action]:
    """The free actions that depend on the board only: milestones, the Clock
    Tower and the character's own (added to ``out``)."""
    milestones = part.milestones
    if milestones is None:
        milestones = part.milestones = _milestone_options(s, seat)
    if milestones:
        out += milestones
    tower = part.tower
    if tower is None:
        P = s.p[seat]
        tower = part.tower = bool(P.wonders and not P.tower and TC.tower_refusal(s, seat) is None)
    if tower:
        out.append(part.moves.tower)
    character = part.character
    if character is None:
        free = C.of(s.p[seat]).free_labels
        character = part.character = CS.free_options(s, seat) if free else []
    if character:
        out += character  # F hook: character free actions
    return out


def _milestone_options(s: StateFields, seat: int) -> tuple[Action, ...]:
    """milestone_refusal, for milestones known to be in play."""
    if not s.milestones:
        return ()
    claimed, known = s.ms_claimed, s.p[seat].milestone_results()
    out = []
    for mid, _side in s.milestones:
        if mid not in claimed:
            met = known.get(mid)
            if met or (met is None and TC.milestone_met_now(s, seat, mid, known)):
                out.append(_milestone_action(seat, mid))
    return tuple(out)
