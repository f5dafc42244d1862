"""The turn menu: main actions (areas, cards, flips, pass) and free actions.

Every move of the menu has a refusal function that says, in words, why the seat
cannot make it now (None when it can). The menu offers exactly the moves with no
refusal, ``apply`` raises the same words, and the view shows them beside each area,
card and skill tile, so the three never disagree.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..core import Action
from . import character_steps as CS
from . import characters as C
from . import data as D
from . import phases as PH
from . import skills as SK
from .fields import Cost, StateFields
from .queries import _fmt, _merge, _rabbit_areas, affordable, area_needs
from .turn_checks import FREE_CHECKS, TURN_ARGS, fits
from .turn_menu import turn_options

# Immediate Ability parts whose order can never matter: plain gains.
_ORDER_FREE = {"gain", "vp", "income", "disc"}


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


class TurnActions(StateFields):
    __slots__ = ()

    # ------------------------------------------------------------------ refusals
    def main_refusal(self, seat: int) -> str | None:
        if self.main_done:
            return "You have already taken your main action this turn; end the turn."
        return None

    def area_refusal(
        self, seat: int, aid: str, copying: bool = False, minus: dict | None = None
    ) -> str | None:
        """Why area ``aid`` cannot be used (or copied) now; None if it can."""
        d = D.load()
        area = d.areas[aid]
        if aid not in self.opened:
            return f"Area {aid} opens in round {area['opens']}."
        k = 0
        if not copying:
            occ = self.occ[aid]
            if None not in occ:
                by = "Mio and the other players" if "mio" in occ else "other players"
                return f"Every space of area {aid} is taken (by {by})."
            k = d.board["hand_costs"][occ.index(None)]
        cost = self.area_costs(seat)[aid]
        total = _merge(cost, minus) if minus else cost
        short = self.shortfall(seat, total, self.rikka_area(seat, aid))
        if short:
            return f"Area {aid} {short}."
        if not copying:
            left = self.p[seat].res["diamond"] - cost.get("diamond", 0)
            short = self.hand_shortfall(seat, k, left)
            if short:
                return f"Area {aid}: {short}"
        if copying and area["copy"]:
            return f"Area {aid} copies other areas and cannot be copied itself."
        return self._area_effect_refusal(seat, aid, cost, total)

    def _area_effect_refusal(
        self, seat: int, aid: str, cost: Cost, total: Cost, spot: bool | None = None
    ) -> str | None:
        """The checks after price and hand cost, for the areas that need more: a copy
        area needs a target it can still pay for, a property area a free spot and a
        token it can still pay for. ``total`` is what the seat pays before the effect
        (the area's cost, plus the copying area's when it is copied); ``spot`` is
        has_property_spot(seat) when the caller knows it already."""
        need = area_needs().get(aid)
        if need is None:
            return None
        if need == "copy":
            if not self._any_copy_target(seat, aid, cost, spot):
                return f"After paying for area {aid}, no area it copies is affordable."
            return None
        if not (self.has_property_spot(seat) if spot is None else spot):
            return f"Area {aid} places properties, but no flipped tile or capital is free."
        if not self._any_affordable_token(seat, total):
            return f"After paying for area {aid}, no property token is affordable."
        return None

    def _any_copy_target(self, seat: int, aid: str, cost: Cost, spot: bool | None = None) -> bool:
        """Whether copy area ``aid``, paid with ``cost``, leaves some area it copies
        usable: the same test as area_refusal(target, copying=True, minus=cost)."""
        costs = self.area_costs(seat)
        rikka = C.of(self.p[seat]).wood_for_wheat
        rabbit = _rabbit_areas()
        res = self.p[seat].res
        for c in self._copy_targets(aid):
            if c not in self.opened:
                continue
            if rikka and c in rabbit:
                if not self.can_pay(seat, _merge(costs[c], cost), True):
                    continue
            elif not affordable(res, costs[c], cost):
                continue
            if c not in area_needs() or (
                self._area_effect_refusal(seat, c, costs[c], _merge(costs[c], cost), spot) is None
            ):
                return True
        return False

    def hand_shortfall(self, seat: int, k: int, diamonds_left: int) -> str | None:
        """Why a hand cost of ``k`` cards cannot be paid in full; None if it can."""
        if self._hand_payable(seat, k, diamonds_left):
            return None
        P = self.p[seat]
        spare = len(P.hand) - self.keep + (diamonds_left if C.of(P).diamonds_for_cards else 0)
        keep = " (one must stay in hand)" if self.keep else ""
        return f"the free space costs {_plural(k, 'card')}, you can spare {max(spare, 0)}{keep}."

    def _hand_payable(self, seat: int, k: int, diamonds_left: int) -> bool:
        P = self.p[seat]
        if P.discs:
            return True
        spare = len(P.hand) - self.keep
        if C.of(P).diamonds_for_cards:
            spare += diamonds_left
        return spare >= k

    def card_refusal(self, seat: int, uid: int) -> str | None:
        d = D.load()
        P = self.p[seat]
        if uid not in P.hand:
            return "That card is not in your hand."
        name = d.cards[d.deck[uid]].name
        main = self.main_refusal(seat)
        if main:
            return main
        if len(P.hand) <= self.keep:
            return f"{name} is your last card, and one card must stay in hand until round 5."
        cost = self.card_cost(seat, uid)
        if P.res["gold"] < cost:
            return f"{name} costs {cost} gold, you have {P.res['gold']}."
        return None

    def skill_refusal(self, seat: int, sk: int) -> str | None:
        d = D.load()
        P = self.p[seat]
        if sk not in P.skills:
            return f"You do not have skill tile {sk}."
        if d.skills[sk]["kind"] != "flip":
            return f"Skill tile {sk} has no flip ability ({d.skills[sk]['kind']})."
        if sk in P.flipped:
            return f"Skill tile {sk} is already flipped this round."
        return self.main_refusal(seat) or SK.flip_refusal(self, seat, sk)  # F hook: costs

    def tower_refusal(self, seat: int) -> str | None:
        P = self.p[seat]
        if not P.char:
            return "Choose a character first."
        if P.tower:
            return "Your Clock Tower is already placed."
        if P.wonders < 1:
            return "The Clock Tower needs the first Wonder icon on the Food track."
        if not C.of(P).tower_condition(self, seat):
            return "Your character's Clock Tower condition is not met yet."
        if not self.has_property_spot(seat):
            return "No flipped tile or capital is free for the Clock Tower."
        return None

    def milestone_refusal(self, seat: int, mid: int) -> str | None:
        """Why ``mid`` cannot be claimed now; None if it can."""
        if all(m != mid for m, _side in self.milestones):
            return f"Milestone {mid} is not in play."
        if mid in self.ms_claimed:
            return f"Milestone {mid} is already taken by {self.who(self.ms_claimed[mid])}."
        if not self._milestone_met_now(seat, mid):
            return f"You do not meet the condition of milestone {mid} yet."
        return None

    def _milestone_met_now(self, seat: int, mid: int, known: dict | None = None) -> bool:
        """Whether the seat meets milestone ``mid``; ``known`` is the seat's
        milestone_results() when the caller has them already."""
        # the tests read much of the board, and the menu asks on every turn step
        if known is None:
            known = self.p[seat].milestone_results()
        met = known.get(mid)
        if met is None:
            met = known[mid] = self.milestone_met(seat, mid)
        return met

    def free_refusal(self, seat: int, kind: str, args: tuple) -> str | None:
        """Why a free action cannot be taken now; None if it can."""
        if kind in CS.FREE_KINDS:  # F hook: character free actions
            return CS.free_refusal(self, seat, kind, args)
        check = FREE_CHECKS.get(kind)
        return check(self, seat, args) if check else None

    def turn_refusal(self, seat: int, a: Action) -> str:
        """The reason a move outside the turn menu is refused (it is not legal)."""
        kind, args = a.kind, a.args
        reason: str | None = None
        shape = TURN_ARGS.get(kind)
        if shape is None:
            return f"'{kind}' is not a move of the turn menu."
        if not fits(args, shape):
            return f"'{a.key}' does not name a {kind} move (arguments {list(shape)} expected)."
        if kind == "area":
            reason = self._area_arg_refusal(seat, args)
        elif kind == "play":
            reason = self.card_refusal(seat, args[0])
        elif kind == "flip":
            reason = self.skill_refusal(seat, args[0])
        elif kind == "pass":
            reason = self.main_refusal(seat)
        elif kind == "end" and not self.main_done:
            reason = "Take a main action (an area, a card, a flip or pass) before ending."
        elif kind.startswith("fa_"):
            if kind in ("fa_buy", "fa_sell") and args[0] not in D.BASIC:
                return f"{args[0]} is not a basic resource."
            reason = self.free_refusal(seat, kind, args)
        if reason is None and kind == "play":
            reason = self._twin_refusal(seat, args[0])
        return reason or f"That move is not among the choices now ({a.key})."

    def _twin_refusal(self, seat: int, uid: int) -> str | None:
        """Copies of one card in hand are one move: name the copy the menu offers."""
        deck = D.load().deck
        for b in turn_options(self, seat):
            if b.kind == "play" and b.args[0] != uid and deck[b.args[0]] == deck[uid]:
                return f"Another copy of this card is the one offered: {b.label}."
        return None

    def _area_arg_refusal(self, seat: int, args: tuple) -> str | None:
        aid = args[0]
        if aid not in self.occ:
            return f"There is no area {aid} in this game."
        reason = self.main_refusal(seat) or self.area_refusal(seat, aid)
        if reason or len(args) == 1:
            return reason
        if args[1] not in self.rikka_splits(seat, aid):
            return f"Area {aid} cannot be paid with {args[1]} wood in place of wheat."
        return None

    def _copy_targets(self, aid: str) -> tuple[str, ...]:
        return _copy_targets_among(aid, tuple(self.occ))

    def _any_affordable_token(self, seat: int, minus: Cost) -> bool:
        res = self.p[seat].res
        for _kind, cost in self.token_costs(seat):  # a loop: the area menu asks often
            if affordable(res, cost, minus):
                return True
        return False

    # ------------------------------------------------------------------ doing
    def _discard_card(self, seat: int, uid: int) -> None:
        d = D.load()
        self.p[seat].drop_card(uid)
        self.discard = self.discard + [uid]
        self.log(f"{self.who(seat)} discards {d.cards[d.deck[uid]].name}.")

    def _do_turn(self, a: Action) -> None:
        handler = _TURN_HANDLERS[a._kind]  # the slots: see SweetLandsState._do
        handler(self, a._seat, a._args)

    def _use_area(self, seat: int, args: tuple) -> None:
        d = D.load()
        aid = args[0]
        idx = self.occ[aid].index(None)
        spaces = list(self.occ[aid])
        spaces[idx] = seat
        self.occ = {**self.occ, aid: spaces}
        cost = self.area_cost(seat, aid)
        wood = args[1] if len(args) > 1 else None
        self.pay(seat, cost, self.rikka_area(seat, aid), wood)
        self.main_done = True
        paid = f", paying {_fmt(cost)}" if cost else ""
        if wood:
            paid += f" ({wood} of the wheat in wood)"
        self.log(f"{self.who(seat)} uses area {aid} (space {idx + 1}){paid}.")
        if d.areas[aid]["copy"]:
            self.stack.append({"op": "copy", "seat": seat, "area": aid})
        else:
            self._push_area_effect(seat, aid)
        self.stack.append(
            {"op": "hand", "seat": seat, "n": d.board["hand_costs"][idx], "first": True}
        )

    def _play_card(self, seat: int, args: tuple) -> None:
        d = D.load()
        P = self.p[seat]
        uid = args[0]
        card = d.cards[d.deck[uid]]
        cost = self.card_cost(seat, uid)
        P.res["gold"] -= cost
        P.drop_card(uid)
        P.played = [*P.played, uid]
        self.main_done = True
        self.log(f"{self.who(seat)} plays {card.name} for {cost} gold.")
        C.of(P).on_play(self, seat)  # Sena's gold income
        SK.on_play(self, seat)  # F hook: advanced tile 112
        if card.kind != "immediate":
            return
        if card.industry != "none":
            self.stack.append({"op": "automate", "seat": seat, "uid": uid})
        self._push_in_chosen_order(seat, card.effect)

    def _push_in_chosen_order(self, seat: int, effects: tuple) -> None:
        """The parts of an Immediate Ability resolve in the order the seat picks;
        it is asked only when the order could matter."""
        if len(effects) > 1 and any(op not in _ORDER_FREE for op, _v in effects):
            self.stack.append({"op": "order", "seat": seat, "parts": tuple(effects)})
        else:
            self._push(seat, effects)

    def _flip_skill(self, seat: int, args: tuple) -> None:
        sk = args[0]
        P = self.p[seat]
        P.flipped = [*P.flipped, sk]
        SK.pay_flip(self, seat, sk)  # F hook: further tiles 24/25 pay first
        self.main_done = True
        self.log(f"{self.who(seat)} uses the flip ability of skill tile {sk}.")
        self._push(seat, D.load().skills[sk]["effect"])

    def _free_build(self, seat: int, args: tuple) -> None:
        self.log(f"{self.who(seat)} builds with a free action.")
        self.stack.append({"op": "tr", "seat": seat, "t": 1, "r": 1, "one": True})
        self.stack.append({"op": "paybasic", "seat": seat, "n": 3})
        self.stack.append({"op": "discard1", "seat": seat})

    def _free_draw(self, seat: int, args: tuple) -> None:
        self.p[seat].res["gold"] -= 15
        self.log(f"{self.who(seat)} pays 15 gold to draw a card.")
        self._draw(seat, 1)

    def _free_buy(self, seat: int, args: tuple) -> None:
        res = self.p[seat].res
        res["gold"] -= 4
        res[args[0]] += 1
        self.log(f"{self.players[seat]} buys 1 {args[0]} for 4 gold.")  # who(), written out

    def _free_sell(self, seat: int, args: tuple) -> None:
        res = self.p[seat].res
        res[args[0]] -= 1
        res["gold"] += 1
        self.log(f"{self.players[seat]} sells 1 {args[0]} for 1 gold.")  # who(), written out

    def _free_trade(self, seat: int, args: tuple) -> None:
        self.log(f"{self.players[seat]} trades 3 basic resources for 1.")  # who(), written out
        self.stack.append({"op": "basic", "seat": seat, "n": 1})
        self.stack.append({"op": "paybasic", "seat": seat, "n": 3})

    def _free_disc(self, seat: int, args: tuple) -> None:
        self.p[seat].discs -= 1
        self.log(f"{self.who(seat)} returns an Action Disc for 2 basic resources.")
        self.stack.append({"op": "basic", "seat": seat, "n": 2})

    def _free_card(self, seat: int, args: tuple) -> None:
        self.stack.append({"op": "basic", "seat": seat, "n": 2})
        self.stack.append({"op": "discard1", "seat": seat})

    def _claim_milestone(self, seat: int, args: tuple) -> None:
        d = D.load()
        mid = args[0]
        self.ms_claimed = {**self.ms_claimed, mid: seat}
        P = self.p[seat]
        P.milestones = [*P.milestones, mid]
        self.log(f"{self.who(seat)} claims milestone {mid} (10 VP at the end).")
        taken = [m for m, _ in self.milestones if m in self.ms_claimed]
        if len(taken) >= d.board["milestones_cap"]:
            left = [m for m, _ in self.milestones if m not in self.ms_claimed]
            self.milestones = [m for m in self.milestones if m[0] in self.ms_claimed]
            if left:
                self.log("Three milestones are taken: the others leave the game.")

    def _start_tower(self, seat: int, args: tuple) -> None:
        self.log(f"{self.who(seat)} may now place the Clock Tower.")
        self.stack.append({"op": "place", "seat": seat, "type": "tower", "eligible": None})

    def _push_area_effect(self, seat: int, aid: str) -> None:
        # An area's property placements pay the token costs (its printed cost);
        # placements granted by anything else are free (see RULINGS.md).
        effects = D.load().areas[aid]["effect"]
        self._push(seat, [("area_property" if op == "property" else op, v) for op, v in effects])


_TURN_HANDLERS: dict[str, Any] = {
    "area": TurnActions._use_area,
    "play": TurnActions._play_card,
    "flip": TurnActions._flip_skill,
    "pass": lambda s, seat, args: PH.pass_round(s, seat),
    "end": lambda s, seat, args: PH.end_turn(s),
    "fa_build": TurnActions._free_build,
    "fa_draw": TurnActions._free_draw,
    "fa_buy": TurnActions._free_buy,
    "fa_sell": TurnActions._free_sell,
    "fa_trade": TurnActions._free_trade,
    "fa_disc": TurnActions._free_disc,
    "fa_card": TurnActions._free_card,
    "fa_milestone": TurnActions._claim_milestone,
    "fa_tower": TurnActions._start_tower,
    **CS.TURN_HANDLERS,  # F hook: character free actions
}
