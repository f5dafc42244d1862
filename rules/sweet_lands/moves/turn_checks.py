"""Why a turn move is refused now, in words (None when it may be made): areas,
cards, skill flips, the Clock Tower, milestones and free actions; and the argument
types each turn move takes (so a malformed key is refused with a reason before any
rule is asked). The turn menu (turn_menu.py) offers the moves these refuse nothing,
the view shows the reasons, and ``apply`` raises them (turn.turn_refusal)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Container, Iterable, Mapping
from functools import cache
from typing import Any

from ...core.text import counted
from ..facts import economy as EC
from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..facts import skills as SK
from ..facts.effect_checks import (
    area_effect_acts,
    area_effect_refusal,
    copy_targets,
    effects_refusal,
)
from ..facts.queries import FREE_HAND_ROUND, area_needs
from ..model import data as D
from ..model.constants import MARKER_COLOUR
from ..model.fields import Cost, StateFields
from ..model.story import condition_words
from . import character_steps as CS
from . import characters as C


def _basics(s: StateFields, seat: int) -> int:
    res = s.p[seat].res
    return res["wheat"] + res["wood"] + res["iron"]


def _no_spare_card(s: StateFields, seat: int) -> bool:
    # Q.cards_kept, written out (a call costs more than the test): asked on every menu
    return len(s.p[seat].hand) <= (0 if s.round >= FREE_HAND_ROUND else 1)


# The simple free actions, one bit each of open_free_actions' answer (in the turn
# menu's order: buying is one bit for the three resources, selling one a resource).
FREE_BITS = (
    "fa_build",
    "fa_draw",
    "fa_buy",
    "sell wheat",
    "sell wood",
    "sell iron",
    "fa_trade",
    "fa_disc",
    "fa_card",
)
BUILD, DRAW, BUY, SELL_WHEAT, SELL_WOOD, SELL_IRON, TRADE, DISC, CARD = (1 << k for k in range(9))
_SELL = {"wheat": SELL_WHEAT, "wood": SELL_WOOD, "iron": SELL_IRON}


def build_spot(s: StateFields, seat: int) -> bool:
    """Whether building has somewhere to go: a hex for a tile or an edge for a road."""
    return MQ.any_terrain_spot(s, seat) or MQ.any_road_spot(s, seat)


def open_free_actions(s: StateFields, seat: int, spot: bool | None = None) -> int:
    """The simple free actions the seat may take now, as bits (BUILD, DRAW...): what
    each needs is written here only. The turn menu offers the moves of the bits set
    (asking on every turn step, so in one pass); a refusal puts a missing bit into
    words. ``spot``: build_spot(seat), when the caller knows it."""
    P = s.p[seat]
    res = P.res
    gold, wheat, wood, iron = res["gold"], res["wheat"], res["wood"], res["iron"]
    basics = wheat + wood + iron
    bits = 0
    if len(P.hand) > (0 if s.round >= FREE_HAND_ROUND else 1):  # a card to spare (Q.cards_kept)
        bits = CARD
        if basics >= 3 and (build_spot(s, seat) if spot is None else spot):
            bits |= BUILD
    if gold >= 4:
        bits |= BUY
        if gold >= 15 and (s.deck or s.discard):
            bits |= DRAW
    if wheat >= 1:
        bits |= SELL_WHEAT
    if wood >= 1:
        bits |= SELL_WOOD
    if iron >= 1:
        bits |= SELL_IRON
    if basics >= 3:
        bits |= TRADE
    if P.discs:
        bits |= DISC
    return bits


_KEEP = "you have no card to spare (one must stay in hand)"


def _build_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if open_free_actions(s, seat) & BUILD:
        return None
    if _no_spare_card(s, seat):
        return f"Building needs a discarded card, and {_KEEP}."
    basics = _basics(s, seat)
    if basics < 3:
        return f"Building needs 3 basic resources, you have {basics}."
    return "There is no spot for a tile or a road."


def _draw_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if open_free_actions(s, seat) & DRAW:
        return None
    gold = s.p[seat].res["gold"]
    if gold < 15:
        return f"Drawing costs 15 gold, you have {gold}."
    return "The Citizen Deck and the discard pile are both empty."


def _buy_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if open_free_actions(s, seat) & BUY:
        return None
    return f"Buying costs 4 gold, you have {s.p[seat].res['gold']}."


def _sell_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    return (
        None if open_free_actions(s, seat) & _SELL[args[0]] else f"You have no {args[0]} to sell."
    )


def _trade_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if open_free_actions(s, seat) & TRADE:
        return None
    return f"Trading needs 3 basic resources, you have {_basics(s, seat)}."


def _disc_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    return None if open_free_actions(s, seat) & DISC else "You have no Action Disc to return."


def _card_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if open_free_actions(s, seat) & CARD:
        return None
    return f"Discarding for resources needs a card, and {_KEEP}."


# Free action -> why it cannot be taken now (None: it can).
FREE_CHECKS = {
    "fa_build": _build_refusal,
    "fa_draw": _draw_refusal,
    "fa_buy": _buy_refusal,
    "fa_sell": _sell_refusal,
    "fa_trade": _trade_refusal,
    "fa_disc": _disc_refusal,
    "fa_card": _card_refusal,
    "fa_milestone": lambda s, seat, args: milestone_refusal(s, seat, args[0]),
    "fa_tower": lambda s, seat, args: tower_refusal(s, seat),
}


# ------------------------------------------------------------------ the turn's refusals
def main_refusal(s: StateFields, seat: int) -> str | None:
    if s.main_done:
        return "You have already taken your main action this turn; end the turn."
    return None


# An area's use, each condition written once: open_uses (the board) and sort_areas
# (the purse, the hand and what the area would do). area_refusal puts what they find
# into words; the turn menu offers the areas both let in.
PRICE, HAND, SELF_COPY, EFFECT = "price", "hand", "self-copy", "effect"

# An area asked about: (area, its price, what the seat pays besides before its effect
# (the copying area's price when it is copied; else None), the price as price_items
# gives it (three items), the free space's hand cost in cards (None when the area is
# copied), whether Rikka's wood may pay its wheat (rikka_area), a tag of the caller's).
AreaUse = tuple[str, Cost, Cost | None, Any, int, tuple, int | None, bool, Any]


def open_uses(s: StateFields, uses: Iterable[AreaUse]) -> list[AreaUse]:
    """Of ``uses``, those of areas open with a free space, each with the hand cost
    (in cards) of that space."""
    return open_spaces(s, [(use[0], uses_by_space(use)) for use in uses])


def uses_by_space(use: AreaUse) -> tuple[AreaUse, ...]:
    """``use`` with the hand cost of each space of an area, by the space's place."""
    aid, cost, minus, r, n, more, _k, wood, tag = use
    return tuple((aid, cost, minus, r, n, more, k, wood, tag) for k in D.load().board["hand_costs"])


def open_spaces(s: StateFields, areas: Iterable[tuple[str, tuple[AreaUse, ...]]]) -> list[AreaUse]:
    """Of ``areas`` (each area with its uses_by_space), the use of each area open with
    a free space: the use of its first free space (open_uses, for uses made ahead:
    the turn menu asks on every new board)."""
    occ, opened = s.occ, s.opened
    out = []
    for aid, by_space in areas:
        spaces = occ.get(aid)
        if spaces is not None and aid in opened and None in spaces:
            out.append(by_space[spaces.index(None)])
    return out


def sort_areas(
    s: StateFields,
    seat: int,
    uses: Iterable[AreaUse],
    spot: bool | None = None,
    why: dict[str, str] | None = None,
    first: bool = False,
    acts: dict[tuple[str, int], bool] | None = None,
) -> list[AreaUse]:
    """The uses of open areas the seat may make now; what stops each other one goes
    in ``why`` (when given): PRICE (it cannot pay the total), HAND (nor the hand
    cost), SELF_COPY (copying an area that copies) or EFFECT (the area would do
    nothing: area_effect_refusal, ``spot`` as there). ``first``: stop at the first
    use that may be made. ``acts``: whether the effect of an area whose effect
    alone decides (area_needs "effect") could act, by the area and the diamonds left
    after paying (all the effect reads besides the board), kept by the caller for
    this board (the turn menu's BoardPart), filled in as areas, and the areas a
    copy area copies, are asked.
    The turn menu asks about every area on every turn step: one loop, with no call
    for most areas."""
    P = s.p[seat]
    res = P.res
    # a hand cost: an Action Disc pays any, else spare cards (and Gretel's diamonds)
    disc, gretel = P.discs, P.role.diamonds_for_cards
    spare = len(P.hand) - (0 if s.round >= FREE_HAND_ROUND else 1)  # Q.cards_kept
    needs = area_needs()
    usable: list[AreaUse] = []
    for use in uses:
        aid, cost, minus, r, n, more, k, wood, _tag = use
        if wood or minus:
            priced = EC.can_pay(s, seat, EC.merge(cost, minus) if minus else cost, wood)
        else:  # can_pay, with the price made ahead (price_items): no call for one item
            priced = res[r] >= n and (not more or _pays_items(res, more))
        # what stops the use, written out here for the areas that need nothing more
        # than price and hand cost (no call); _need_stop for the rest
        if not priced:
            stop: str | None = PRICE
        elif k is None:  # copied: no hand cost, but an area that copies is no target
            need = needs.get(aid)
            stop = SELF_COPY if need == "copy" else _need_stop(s, seat, use, need, spot, acts)
        elif not disc and k > (
            spare + res["diamond"] - cost.get("diamond", 0) if gretel else spare
        ):
            stop = HAND
        else:
            need = needs.get(aid)
            stop = None if need is None else _need_stop(s, seat, use, need, spot, acts)
        if stop is None:
            usable.append(use)
            if first:
                break
        elif why is not None:
            why[aid] = stop
    return usable


def _pays_items(res: Mapping[str, int], items: tuple) -> bool:
    """Whether the purse holds each (resource, amount) of ``items``."""
    for x, m in items:  # noqa: SIM110 (a loop: no generator made)
        if res[x] < m:
            return False
    return True


def _need_stop(
    s: StateFields,
    seat: int,
    use: AreaUse,
    need: str | None,
    spot: bool | None,
    acts: dict[tuple[str, int], bool] | None,
) -> str | None:
    """EFFECT when the area of a use the seat can pay for, hand cost included, would
    do nothing (``need``: its area_needs entry), else None (sort_areas' last check)."""
    if need is None:
        return None
    aid, cost, minus, _r, _n, _more, _k, _wood, _tag = use
    if need == "copy":
        stopped = copy_refusal(s, seat, aid, cost, spot, acts) is not None
    elif need == "effect" and acts is not None:
        # the effect alone decides: it reads the board and the diamonds left after
        # paying (a Prosperity track's last space), nothing else of the purse
        left = s.p[seat].res["diamond"] - cost.get("diamond", 0)
        if minus:
            left -= minus.get("diamond", 0)
        known = acts.get((aid, left))
        if known is None:
            known = acts[aid, left] = area_effect_acts(s, seat, aid, left)
        stopped = not known
    else:
        total = EC.merge(cost, minus) if minus else cost
        stopped = area_effect_refusal(s, seat, aid, cost, total, spot) is not None
    return EFFECT if stopped else None


# copy_refusal's targets, each as sort_areas asks about it, by the copying area's
# targets, its price (kept with them: the very dict), the cost table and Rikka's wood
_COPY_TARGETS: dict[tuple, tuple[Cost, list[tuple[str, AreaUse]]]] = {}


def copy_refusal(
    s: StateFields,
    seat: int,
    aid: str,
    cost: Cost,
    spot: bool | None = None,
    acts: dict[tuple[str, int], bool] | None = None,
) -> str | None:
    """Why copy area ``aid``, paid with ``cost``, would copy nothing: sort_areas lets
    in no area it copies, each asked as a copy (its price on top of ``cost``, no
    hand cost); None when one may be copied. ``spot`` and ``acts`` as in sort_areas."""
    costs = Q.area_costs(s, seat)
    among = copy_targets(s, aid)
    key = (among, id(cost), id(costs), s.p[seat].role.wood_for_wheat)  # cost tables are kept
    kept = _COPY_TARGETS.get(key)
    if kept is None or kept[0] is not cost:
        kept = _COPY_TARGETS[key] = (cost, [_copied_use(s, seat, c, costs[c], cost) for c in among])
    for c, use in kept[1]:  # one at a time: the first usually passes
        if c in s.opened and sort_areas(s, seat, [use], spot, acts=acts):
            return None
    return f"After paying for area {aid}, no area it copies can be paid for and do something now."


def _copied_use(
    s: StateFields, seat: int, aid: str, cost: Cost, minus: Cost
) -> tuple[str, AreaUse]:
    """Area ``aid`` copied by an area priced ``minus``, as sort_areas asks about it:
    the two prices as one, made once (what sort_areas reads of a use with both
    prices is their sum), so its price is tested as any area's."""
    total = EC.merge(cost, minus)
    return aid, (aid, total, None, *price_items(total), None, Q.rikka_area(s, seat, aid), None)


def price_items(cost: Cost) -> tuple:
    """A price as sort_areas tests it: (resource, amount, further (resource, amount)
    items). A free price is (a resource, 0, ()); a price with an amount of 0 in it
    (none in the data) has all its items in the further ones."""
    items = tuple(cost.items())
    if not items:
        return ("gold", 0, ())
    if all(k for _r, k in items):
        return (*items[0], items[1:])
    return ("gold", 0, items)


def area_refusal(
    s: StateFields, seat: int, aid: str, copying: bool = False, minus: dict | None = None
) -> str | None:
    """Why area ``aid`` cannot be used (or copied) now; None if it can."""
    if aid not in s.opened:
        return f"Area {aid} opens in round {D.load().areas[aid]['opens']}."
    cost = Q.area_costs(s, seat)[aid]
    wood = Q.rikka_area(s, seat, aid)
    use = (aid, cost, minus, *price_items(cost), None, wood, None)
    if not copying:
        free = open_uses(s, [use])
        if not free:
            by = "Mio and the other players" if "mio" in s.occ[aid] else "other players"
            return f"Every space of area {aid} is taken (by {by})."
        use = free[0]
    why: dict[str, str] = {}
    sort_areas(s, seat, [use], why=why)
    fault = why.get(aid)
    total = EC.merge(cost, minus) if minus else cost
    if fault == PRICE:
        return f"Area {aid} {EC.shortfall(s, seat, total, wood)}."
    if fault == HAND:
        left = s.p[seat].res["diamond"] - cost.get("diamond", 0)
        return f"Area {aid}: {hand_shortfall(s, seat, use[6], left)}"
    if fault == SELF_COPY:
        return f"Area {aid} copies other areas and cannot be copied itself."
    if fault != EFFECT:
        return None
    if area_needs()[aid] == "copy":
        return copy_refusal(s, seat, aid, cost)
    return area_effect_refusal(s, seat, aid, cost, total)


def hand_shortfall(s: StateFields, seat: int, k: int, diamonds_left: int) -> str:
    """Why a hand cost of ``k`` cards cannot be paid in full (sort_areas' HAND)."""
    P = s.p[seat]
    spare = len(P.hand) - Q.cards_kept(s) + (diamonds_left if P.role.diamonds_for_cards else 0)
    keep = " (one must stay in hand)" if Q.cards_kept(s) else ""
    return f"the free space costs {counted(k, 'card')}, you can spare {max(spare, 0)}{keep}."


# A card's play: each condition written once, in sort_cards; card_refusal puts what
# it finds into words, and the turn menu offers the cards it lets in.
MAIN, LAST_CARD, GOLD = "main", "last card", "gold"


def sort_cards(
    s: StateFields, seat: int, priced: Iterable[tuple[int, int, Any]], why: dict | None = None
) -> list[tuple[int, int, Any]]:
    """Of ``priced`` (cards in hand, each as (card, its price (Q.card_cost), a tag of
    the caller's)), those the seat may play now; what stops each other card goes in
    ``why`` (when given): MAIN (the main action is taken), LAST_CARD (one must stay in
    hand) or GOLD (its price)."""
    gold = s.p[seat].res["gold"]
    stop = MAIN if main_refusal(s, seat) else LAST_CARD if _no_spare_card(s, seat) else None
    out = []
    for item in priced:
        uid, cost, _tag = item
        fault = stop or (GOLD if gold < cost else None)
        if fault is None:
            out.append(item)
        elif why is not None:
            why[uid] = fault
    return out


def card_refusal(s: StateFields, seat: int, uid: int) -> str | None:
    """Why card ``uid`` cannot be played now; None if it can."""
    P = s.p[seat]
    if uid not in P.hand:
        return "That card is not in your hand."
    cost = Q.card_cost(s, seat, uid)
    why: dict[int, str] = {}
    sort_cards(s, seat, [(uid, cost, None)], why)
    fault = why.get(uid)
    if fault == MAIN:
        return main_refusal(s, seat)
    if fault == LAST_CARD:
        return f"{_card_name(uid)} is your last card, and one card must stay in hand until round 5."
    if fault == GOLD:
        return f"{_card_name(uid)} costs {cost} gold, you have {P.res['gold']}."
    return None


def _card_name(uid: int) -> str:
    d = D.load()
    return d.cards[d.deck[uid]].name


def skill_refusal(s: StateFields, seat: int, sk: int) -> str | None:
    d = D.load()
    P = s.p[seat]
    if sk not in P.skills:
        return f"You do not have skill tile {sk}."
    if d.skills[sk]["kind"] != "flip":
        return f"Skill tile {sk} has no flip ability ({d.skills[sk]['kind']})."
    if sk in P.flipped:
        return f"Skill tile {sk} is already flipped this round."
    reason = main_refusal(s, seat) or SK.flip_refusal(s, seat, sk)  # F hook: costs
    if reason:
        return reason
    left = P.res["diamond"] - d.skills[sk].get("cost", {}).get("diamond", 0)
    why = effects_refusal(s, seat, d.skills[sk].get("effect", ()), left)
    return f"Skill tile {sk} would do nothing now: {why}." if why else None


def tower_refusal(s: StateFields, seat: int) -> str | None:
    P = s.p[seat]
    if not P.char:
        return "Choose a character first."
    if P.tower:
        return "Your Clock Tower is already placed."
    if P.wonders < 1:
        return f"The Clock Tower needs a Wonder icon first; they come from {wonder_sources()}."
    if not C.of(P).tower_condition(s, seat):
        unmet = [c for c in D.load().characters[P.char]["clock_tower"] if not Q.test(s, seat, c)]
        return (
            "Your character's Clock Tower condition is not met yet: "
            + "; ".join(_condition_gap(s, seat, c) for c in unmet)
            + "."
        )
    if not MQ.has_property_spot(s, seat):
        return "No flipped tile or capital is free for the Clock Tower."
    return None


def milestone_refusal(s: StateFields, seat: int, mid: int) -> str | None:
    """Why ``mid`` cannot be claimed now; None if it can."""
    if all(m != mid for m, _side in s.milestones):
        return f"Milestone {mid} is not in play."
    if mid in s.ms_claimed:
        return f"Milestone {mid} is already taken by {s.players[s.ms_claimed[mid]]}."
    if not milestone_met_now(s, seat, mid):
        tile = D.load().milestones[mid]
        sides = [side for m, side in s.milestones if m == mid]
        if s.options.get("milestones", "either") != "face_up":
            sides = ["a", "b"]
        gaps = " or ".join(_condition_gap(s, seat, tile[k]) for k in sides)
        return f"Milestone {mid} is not met yet: it needs {gaps}."
    return None


def _condition_gap(s: StateFields, seat: int, cond: dict) -> str:
    """A condition and where the seat stands: "Food Track progress 7 (you have 2)"."""
    return f"{condition_words(cond)} (you have {Q.measure(s, seat, cond)})"


@cache
def wonder_sources() -> str:
    """Where Wonder icons are printed, in words, read from the data."""
    d = D.load()
    out = [
        f"the Food track (space {b['at']})"
        for b in d.player["food"]["bonus"]
        if any(op == "wonder" for op, _v in D.effects(b["effect"], "food"))
    ]
    for i, (colour, bonus, _ip) in enumerate(d.industry):
        if any(op == "wonder" for op, _v in bonus):
            marker = "Carriage" if colour == MARKER_COLOUR["carriage"] else "Locomotive"
            out.append(f"the Industry track (space {i}, reached by the {marker})")
    rows = [i for i, row in enumerate(d.rows) if any(op == "wonder" for op, _v in row["tent"])]
    out += [f"the {_ORDINAL[i]} Tent, House or Building placed" for i in rows]
    return ", ".join(out[:-1]) + " or " + out[-1] if len(out) > 1 else out[0]


_ORDINAL = ["first", "second", "third", "fourth", "fifth"]


def milestone_met_now(s: StateFields, seat: int, mid: int) -> bool:
    """Whether the seat meets milestone ``mid``, in play (Q.milestone_met)."""
    return mid in milestones_met(s, seat)


_BOTH = ("a", "b")
# a kept result's key (the milestone, and the side face up when only that one counts)
# -> the getter of the fields its tests read (Q.milestone_reads)
_READERS: dict[object, Callable[[Any], Any]] = {}


def milestones_met(s: StateFields, seat: int, skip: Collection[int] = ()) -> list[int]:
    """The milestones in play the seat meets (those in ``skip`` aside), each result
    (Q.milestone_met) kept in the seat's memo with the values of the fields its
    tests read: the menu asks on every new board, and most moves change none of a
    milestone's fields. The whole answer is kept too, with the values of every field
    those tests read together, for the milestones dealt, the option and ``skip``
    (each the very container, of the same size: a move replaces one it changes):
    a seat's first menu after the other seats' moves finds it unchanged."""
    P = s.p[seat]
    face_up = s.options.get("milestones", "either") == "face_up"
    dealt = s.milestones
    whole = P.memo.get("milestones_met")
    if (
        whole is not None
        and whole[0] is dealt
        and whole[1] == len(dealt)
        and whole[2] == face_up
        and whole[3] is skip
        and whole[4] == len(skip)
    ):
        read_all = whole[5]
        if read_all(P) == whole[6]:
            return [*whole[7]]
    else:
        read_all = Q.milestones_reads(tuple((mid, side) for mid, side in dealt), face_up)
    out = _milestones_met_each(s, seat, skip, face_up)
    P.memo["milestones_met"] = (
        dealt,
        len(dealt),
        face_up,
        skip,
        len(skip),
        read_all,
        read_all(P),
        tuple(out),
    )
    return out


def _milestones_met_each(
    s: StateFields, seat: int, skip: Container[int], face_up: bool
) -> list[int]:
    """milestones_met, each milestone's result kept on its own."""
    P = s.p[seat]
    kept = P.memo.get("milestones")
    if kept is None:
        # shared by every copy of this player, on every line of play: an entry
        # serves only a record with equal values of what it was worked out from
        kept = P.memo["milestones"] = {}
    out = []
    for mid, side in s.milestones:
        if mid in skip:
            continue
        key = (mid, side) if face_up else mid
        read = _READERS.get(key)
        if read is None:
            read = _READERS[key] = Q.milestone_reads(mid, (side,) if face_up else _BOTH)
        reads = read(P)
        hit = kept.get(key)
        if hit is None or hit[0] != reads:
            hit = kept[key] = (reads, Q.milestone_met(s, seat, mid))
        if hit[1]:
            out.append(mid)
    return out


def free_refusal(s: StateFields, seat: int, kind: str, args: tuple) -> str | None:
    """Why a free action cannot be taken now; None if it can."""
    if kind in C.FREE_KINDS:  # F hook: character free actions
        return C.free_refusal(s, seat, kind)
    check = FREE_CHECKS.get(kind)
    return check(s, seat, args) if check else None


# The argument types each turn move takes ("area" may add Rikka's wood amount).
TURN_ARGS: dict[str, tuple] = {
    "area": (str, "int?"),
    "play": (int,),
    "flip": (int,),
    "pass": (),
    "end": (),
    "fa_build": (),
    "fa_draw": (),
    "fa_buy": (str,),
    "fa_sell": (str,),
    "fa_trade": (),
    "fa_disc": (),
    "fa_card": (),
    "fa_milestone": (int,),
    "fa_tower": (),
    **CS.TURN_ARGS,  # F hook
}


def fits(args: tuple, shape: tuple) -> bool:
    """Do the arguments have the types the move takes ("int?" is an optional int)?"""
    required = [t for t in shape if t != "int?"]
    if not len(required) <= len(args) <= len(shape):
        return False
    for value, want in zip(args, shape, strict=False):
        kind = int if want == "int?" else want
        if isinstance(value, bool) or not isinstance(value, kind):
            return False
    return True
