"""Turn-menu checks that stand apart from the turn's moves: why each free action is
refused now, and the argument types each turn move takes (so a malformed key is
refused with a reason before any rule is asked)."""

from __future__ import annotations

from . import character_steps as CS
from .fields import StateFields


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
    if not (s._any_terrain_spot(seat) or s.road_spots(seat)):
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


FREE_CHECKS = {
    "fa_build": _build_refusal,
    "fa_draw": _draw_refusal,
    "fa_buy": _buy_refusal,
    "fa_sell": _sell_refusal,
    "fa_trade": _trade_refusal,
    "fa_disc": _disc_refusal,
    "fa_card": _card_refusal,
    "fa_milestone": lambda s, seat, args: s.milestone_refusal(seat, args[0]),
    "fa_tower": lambda s, seat, args: s.tower_refusal(seat),
}

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
