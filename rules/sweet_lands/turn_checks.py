"""Why a turn move is refused now, in words (None when it may be made): areas,
cards, skill flips, the Clock Tower, milestones and free actions; and the argument
types each turn move takes (so a malformed key is refused with a reason before any
rule is asked). The turn menu (turn_menu.py) offers the moves these refuse nothing,
the view shows the reasons, and ``apply`` raises them (turn.turn_refusal)."""

from __future__ import annotations

from functools import cache

from . import character_steps as CS
from . import characters as C
from . import data as D
from . import economy as EC
from . import map_queries as MQ
from . import queries as Q
from . import skills as SK
from .constants import MARKER_COLOUR
from .fields import Cost, StateFields
from .queries import BLOCKABLE_OPS, _rabbit_areas, area_needs
from .story import condition_words


def _basics(s: StateFields, seat: int) -> int:
    res = s.p[seat].res
    return res["wheat"] + res["wood"] + res["iron"]


def _no_spare_card(s: StateFields, seat: int) -> bool:
    return len(s.p[seat].hand) <= s.keep


_KEEP = "you have no card to spare (one must stay in hand)"


def _build_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if _no_spare_card(s, seat):
        return f"Building needs a discarded card, and {_KEEP}."
    basics = _basics(s, seat)
    if basics < 3:
        return f"Building needs 3 basic resources, you have {basics}."
    if not (MQ.any_terrain_spot(s, seat) or MQ.road_spots(s, seat)):
        return "There is no spot for a tile or a road."
    return None


def _draw_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    gold = s.p[seat].res["gold"]
    if gold < 15:
        return f"Drawing costs 15 gold, you have {gold}."
    if not (s.deck or s.discard):
        return "The Citizen Deck and the discard pile are both empty."
    return None


def _buy_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    gold = s.p[seat].res["gold"]
    return f"Buying costs 4 gold, you have {gold}." if gold < 4 else None


def _sell_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    return f"You have no {args[0]} to sell." if s.p[seat].res[args[0]] < 1 else None


def _trade_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    basics = _basics(s, seat)
    return f"Trading needs 3 basic resources, you have {basics}." if basics < 3 else None


def _disc_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    return None if s.p[seat].discs else "You have no Action Disc to return."


def _card_refusal(s: StateFields, seat: int, args: tuple) -> str | None:
    if _no_spare_card(s, seat):
        return f"Discarding for resources needs a card, and {_KEEP}."
    return None


# Free action -> why it cannot be taken now (None: it can). The turn menu offers the
# simple ones by asking these very functions (turn_menu._SIMPLE_FREE).
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
@cache
def _copy_targets_among(aid: str, areas: tuple[str, ...]) -> tuple[str, ...]:
    """The areas in play that copy area ``aid`` may copy."""
    d = D.load()
    cats = d.areas[aid]["copy"]
    return tuple(
        a
        for a in areas
        if d.areas[a]["category"] in cats
        and not d.areas[a]["copy"]
        and "imitation" not in d.areas[a]
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def main_refusal(s: StateFields, seat: int) -> str | None:
    if s.main_done:
        return "You have already taken your main action this turn; end the turn."
    return None


def area_refusal(
    s: StateFields, seat: int, aid: str, copying: bool = False, minus: dict | None = None
) -> str | None:
    """Why area ``aid`` cannot be used (or copied) now; None if it can."""
    d = D.load()
    area = d.areas[aid]
    if aid not in s.opened:
        return f"Area {aid} opens in round {area['opens']}."
    k = 0
    if not copying:
        occ = s.occ[aid]
        if None not in occ:
            by = "Mio and the other players" if "mio" in occ else "other players"
            return f"Every space of area {aid} is taken (by {by})."
        k = d.board["hand_costs"][occ.index(None)]
    cost = Q.area_costs(s, seat)[aid]
    total = EC.merge(cost, minus) if minus else cost
    short = EC.shortfall(s, seat, total, Q.rikka_area(s, seat, aid))
    if short:
        return f"Area {aid} {short}."
    if not copying:
        left = s.p[seat].res["diamond"] - cost.get("diamond", 0)
        short = hand_shortfall(s, seat, k, left)
        if short:
            return f"Area {aid}: {short}"
    if copying and area["copy"]:
        return f"Area {aid} copies other areas and cannot be copied itself."
    return area_effect_refusal(s, seat, aid, cost, total)


def area_effect_refusal(
    s: StateFields, seat: int, aid: str, cost: Cost, total: Cost, spot: bool | None = None
) -> str | None:
    """The checks after price and hand cost, for the areas that need more: a copy
    area needs a target it can still pay for, a property area a free spot and a
    token it can still pay for. ``total`` is what the seat pays before the effect
    (the area's cost, plus the copying area's when it is copied); ``spot`` is
    has_property_spot(seat) when the caller knows it already."""
    need = area_needs().get(aid)
    if need is None:
        return None
    if need == "effect":
        left = s.p[seat].res["diamond"] - total.get("diamond", 0)
        why = effects_refusal(s, seat, D.load().areas[aid]["effect"], left)
        return f"Area {aid} would do nothing now: {why}." if why else None
    if need == "copy":
        if not _any_copy_target(s, seat, aid, cost, spot):
            return (
                f"After paying for area {aid}, no area it copies can be paid for "
                "and do something now."
            )
        return None
    if not (MQ.has_property_spot(s, seat) if spot is None else spot):
        return f"Area {aid} places properties, but no flipped tile or capital is free."
    if not _any_affordable_token(s, seat, total):
        return f"After paying for area {aid}, no property token is affordable."
    return None


def effects_refusal(
    s: StateFields, seat: int, effects: tuple | list, diamonds_left: int
) -> str | None:
    """Why none of ``effects`` could act now (each part's reason), so that the area,
    flip or free action bringing them is refused before anything is paid; None
    when some part can act. ``diamonds_left``: the seat's diamonds after the price
    (a Prosperity track's last space costs one)."""
    if not effects or any(op not in BLOCKABLE_OPS for op, _v in effects):
        return None
    reasons: list[str] = []
    for op, _v in effects:
        why = effect_blocked(s, seat, op, diamonds_left)
        if why is None:
            return None
        if why not in reasons:
            reasons.append(why)
    return "; ".join(reasons)


def effect_blocked(s: StateFields, seat: int, op: str, diamonds_left: int) -> str | None:
    """Why effect ``op`` (one of BLOCKABLE_OPS) finds nothing to act on; None if it can act."""
    P = s.p[seat]
    if op in ("terrain", "terrain_road") and MQ.any_terrain_spot(s, seat):
        return None
    if op in ("road", "terrain_road") and MQ.road_spots(s, seat):
        return None
    if op == "terrain":
        return "no hex can take a terrain tile"
    if op == "road":
        return "no edge can take a road"
    if op == "terrain_road":
        return "no hex can take a terrain tile and no edge a road"
    if op == "rabbit":
        if P.rabbits_taken >= 9:
            return None  # each rabbit owed scores VP instead
        need = D.load().player["food"]["rabbit_at"][P.rabbits_taken]
        if P.food < need:
            return f"the next Cookie Rabbit needs the Food marker on {need}, it is on {P.food}"
        if not MQ.rabbit_spots(s, seat):
            return "a Cookie Rabbit goes on a property of yours without one, and there is none"
        return None
    if op == "industry":
        if Q.marker_can_move(s, seat, "carriage") or Q.marker_can_move(s, seat, "loco"):
            return None
        return "no Industry marker can advance (a Research Lab still on your board blocks it)"
    # prosperity
    for i, track in enumerate(D.load().prosperity):
        pos = P.prosp[i]
        if pos + 1 < track["length"] or (pos + 1 == track["length"] and diamonds_left >= 1):
            return None
    return "no Prosperity track can advance (a track's last space costs a diamond)"


def _any_copy_target(
    s: StateFields, seat: int, aid: str, cost: Cost, spot: bool | None = None
) -> bool:
    """Whether copy area ``aid``, paid with ``cost``, leaves some area it copies
    usable: the same test as area_refusal(target, copying=True, minus=cost)."""
    costs = Q.area_costs(s, seat)
    rikka = C.of(s.p[seat]).wood_for_wheat
    rabbit = _rabbit_areas()
    res = s.p[seat].res
    for c in copy_targets(s, aid):
        if c not in s.opened:
            continue
        if rikka and c in rabbit:
            if not EC.can_pay(s, seat, EC.merge(costs[c], cost), True):
                continue
        elif not EC.affordable(res, costs[c], cost):
            continue
        if c not in area_needs() or (
            area_effect_refusal(s, seat, c, costs[c], EC.merge(costs[c], cost), spot) is None
        ):
            return True
    return False


def hand_shortfall(s: StateFields, seat: int, k: int, diamonds_left: int) -> str | None:
    """Why a hand cost of ``k`` cards cannot be paid in full; None if it can."""
    if _hand_payable(s, seat, k, diamonds_left):
        return None
    P = s.p[seat]
    spare = len(P.hand) - s.keep + (diamonds_left if C.of(P).diamonds_for_cards else 0)
    keep = " (one must stay in hand)" if s.keep else ""
    return f"the free space costs {_plural(k, 'card')}, you can spare {max(spare, 0)}{keep}."


def _hand_payable(s: StateFields, seat: int, k: int, diamonds_left: int) -> bool:
    P = s.p[seat]
    if P.discs:
        return True
    spare = len(P.hand) - s.keep
    if C.of(P).diamonds_for_cards:
        spare += diamonds_left
    return spare >= k


def card_refusal(s: StateFields, seat: int, uid: int) -> str | None:
    d = D.load()
    P = s.p[seat]
    if uid not in P.hand:
        return "That card is not in your hand."
    name = d.cards[d.deck[uid]].name
    main = main_refusal(s, seat)
    if main:
        return main
    if len(P.hand) <= s.keep:
        return f"{name} is your last card, and one card must stay in hand until round 5."
    cost = Q.card_cost(s, seat, uid)
    if P.res["gold"] < cost:
        return f"{name} costs {cost} gold, you have {P.res['gold']}."
    return None


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
        return f"Milestone {mid} is already taken by {s.who(s.ms_claimed[mid])}."
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


def milestone_met_now(s: StateFields, seat: int, mid: int, known: dict | None = None) -> bool:
    """Whether the seat meets milestone ``mid``; ``known`` is the seat's
    milestone_results() when the caller has them already."""
    # the tests read much of the board, and the menu asks on every turn step
    if known is None:
        known = s.p[seat].milestone_results()
    met = known.get(mid)
    if met is None:
        met = known[mid] = Q.milestone_met(s, seat, mid)
    return met


def free_refusal(s: StateFields, seat: int, kind: str, args: tuple) -> str | None:
    """Why a free action cannot be taken now; None if it can."""
    if kind in CS.FREE_KINDS:  # F hook: character free actions
        return CS.free_refusal(s, seat, kind, args)
    check = FREE_CHECKS.get(kind)
    return check(s, seat, args) if check else None


def copy_targets(s: StateFields, aid: str) -> tuple[str, ...]:
    return _copy_targets_among(aid, tuple(s.occ))


def _any_affordable_token(s: StateFields, seat: int, minus: Cost) -> bool:
    res = s.p[seat].res
    for _kind, cost in Q.token_costs(s, seat):  # a loop: the area menu asks often
        if EC.affordable(res, cost, minus):
            return True
    return False


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
