"""The turn menu: the main and free actions the seat on turn may take now.

The menu is built on every turn step of every game a bot plays out, so it asks the
cheap questions first and skips the words: each test here is the yes-or-no form of
one in the refusal functions (turn.py, turn_checks.py), and
test_turn_menu_is_every_move_without_a_refusal holds the two together.
"""

from __future__ import annotations

from functools import cache

from ..core import Action
from . import character_steps as CS
from . import data as D
from .fields import StateFields
from .queries import _rabbit_areas
from .turn import _area_needs

_BUY_LABELS = {r: f"Free: pay 4 gold for 1 {r}" for r in D.BASIC}
_SELL_LABELS = {r: f"Free: pay 1 {r} for 1 gold" for r in D.BASIC}
_FIXED_LABELS = {
    "end": "End the turn",
    "pass": "Pass for the rest of the round",
    "fa_build": "Free: discard a card and pay 3 basic resources for 1 tile or road",
    "fa_draw": "Free: pay 15 gold, draw a card",
    "fa_trade": "Free: pay 3 basic resources for 1 of your choice",
    "fa_disc": "Free: return an Action Disc for 2 basic resources",
    "fa_card": "Free: discard a card for 2 basic resources",
    "fa_tower": "Free: place the Clock Tower",
}


# The menu's moves without a changing part are made once and shared by every
# state: an Action is an immutable value, and a shared one keeps its key text.
@cache
def _fixed_actions(seat: int) -> dict[str, Action]:
    return {kind: Action(seat, kind, (), label) for kind, label in _FIXED_LABELS.items()}


def _fixed_action(seat: int, kind: str) -> Action:
    return _fixed_actions(seat)[kind]


@cache
def _buy_actions(seat: int) -> tuple[Action, ...]:
    return tuple(Action(seat, "fa_buy", (r,), _BUY_LABELS[r]) for r in D.BASIC)


@cache
def _sell_actions(seat: int) -> tuple[tuple[str, Action], ...]:
    return tuple((r, Action(seat, "fa_sell", (r,), _SELL_LABELS[r])) for r in D.BASIC)


@cache
def _area_action(seat: int, aid: str) -> Action:
    return Action(seat, "area", (aid,), _area_label(aid))


@cache
def _play_action(seat: int, uid: int) -> Action:
    return Action(seat, "play", (uid,), _play_label(D.load().deck[uid]))


@cache
def _milestone_action(seat: int, mid: int) -> Action:
    return Action(seat, "fa_milestone", (mid,), f"Free: claim milestone {mid}")


@cache
def _free_characters() -> frozenset[str]:
    """The characters with free actions of their own."""
    return frozenset(c for c, char in D.load().characters.items() if char.get("free"))


@cache
def _area_label(aid: str) -> str:
    return f"Use area {aid}: {D.load().areas[aid]['text']}"


@cache
def _play_label(cid: int) -> str:
    return f"Play {D.load().cards[cid].name}"


class TurnMenu(StateFields):
    __slots__ = ()

    def _turn_options(self, seat: int) -> list[Action]:
        if not self.main_done:
            out = self._main_options(seat)
        else:
            out = [_fixed_action(seat, "end")]
        out += self._free_options(seat)
        return out

    def _main_options(self, seat: int) -> list[Action]:
        d = D.load()
        P = self.p[seat]
        out = self._area_options(seat)
        if len(P.hand) > self.keep:  # card_refusal: the last card stays in hand
            gold = P.res["gold"]
            seen = set()
            for uid in P.hand:
                cid = d.deck[uid]
                if cid not in seen:
                    seen.add(cid)
                    if self.card_cost(seat, uid) <= gold:
                        out.append(_play_action(seat, uid))
        for sk in P.skills:
            if self.skill_refusal(seat, sk) is None:
                out.append(Action(seat, "flip", (sk,), f"Flip skill tile {sk}"))
        out.append(_fixed_action(seat, "pass"))
        return out

    def _area_options(self, seat: int) -> list[Action]:
        """The areas area_refusal lets the seat use, with Rikka's wood splits."""
        P = self.p[seat]
        res = P.res
        costs, rabbit, needs = self.area_costs(seat), _rabbit_areas(), _area_needs()
        rikka, gretel = P.char == "rikka", P.char == "gretel"
        hand_costs = D.load().board["hand_costs"]
        # _hand_payable: an Action Disc pays any hand cost, else spare cards do
        # (and Gretel's diamonds left after the price)
        spare = len(P.hand) - self.keep
        discs, opened = P.discs, self.opened
        spot: bool | None = None  # has_property_spot, asked once for all property areas
        out = []
        for aid, spaces in self.occ.items():
            if aid not in opened or None not in spaces:
                continue
            cost = costs[aid]
            wood = rikka and aid in rabbit
            if wood:
                if not self.can_pay(seat, cost, True):
                    continue
            else:  # can_pay, written out: this loop runs for every area on every turn step
                short = False
                for r, k in cost.items():
                    if res[r] < k:
                        short = True
                        break
                if short:
                    continue
            if not discs:
                room = spare + (res["diamond"] - cost.get("diamond", 0) if gretel else 0)
                if room < hand_costs[spaces.index(None)]:
                    continue
            if aid in needs:
                if spot is None:
                    spot = self.has_property_spot(seat)
                if self._area_effect_refusal(seat, aid, cost, cost, spot) is not None:
                    continue
            out.append(_area_action(seat, aid))
            if wood:
                for k in self.rikka_splits(seat, aid)[1:]:
                    label = f"Use area {aid}, paying {k} of its wheat with wood"
                    out.append(Action(seat, "area", (aid, k), label))
        return out

    def _free_options(self, seat: int) -> list[Action]:
        P = self.p[seat]
        res = P.res
        gold, basics = res["gold"], res["wheat"] + res["wood"] + res["iron"]
        spare_card = len(P.hand) > (0 if self.round >= 5 else 1)  # _no_spare_card, keep
        fixed = _fixed_actions(seat)
        out = []
        # the free-action refusals of turn_checks.py, in the same order
        if spare_card and basics >= 3 and (self._any_terrain_spot(seat) or self.road_spots(seat)):
            out.append(fixed["fa_build"])
        if gold >= 15 and (self.deck or self.discard):
            out.append(fixed["fa_draw"])
        if gold >= 4:
            out += _buy_actions(seat)
        for r, a in _sell_actions(seat):  # a loop, not a comprehension: no frame
            if res[r] >= 1:
                out.append(a)
        if basics >= 3:
            out.append(fixed["fa_trade"])
        if P.discs:
            out.append(fixed["fa_disc"])
        if spare_card:
            out.append(fixed["fa_card"])
        if self.milestones:  # milestone_refusal, for milestones known to be in play
            claimed, known = self.ms_claimed, P.milestone_results()
            for mid, _side in self.milestones:
                if mid not in claimed:
                    met = known.get(mid)
                    if met or (met is None and self._milestone_met_now(seat, mid, known)):
                        out.append(_milestone_action(seat, mid))
        if P.wonders and not P.tower and self.tower_refusal(seat) is None:
            out.append(fixed["fa_tower"])
        if P.char in _free_characters():
            out += CS.free_options(self, seat)  # F hook: character free actions
        return out
