"""The turn menu: main actions (areas, cards, flips, pass) and free actions."""

from __future__ import annotations

from ..core import Action
from . import data as D
from .queries import _fmt, _merge


class TurnActions:
    __slots__ = ()

    def _turn_options(self, seat):
        d = D.load()
        P = self.p[seat]
        out = []
        A = Action
        if not self.main_done:
            for aid in self.occ:
                if self._area_ok(seat, aid):
                    out.append(A(seat, "area", (aid,), f"Use area {aid}: {d.areas[aid]['text']}"))
            seen = set()
            if len(P.hand) > self.keep:
                for uid in P.hand:
                    cid = d.deck[uid]
                    if cid in seen:
                        continue
                    seen.add(cid)
                    if P.res["gold"] >= self.card_cost(seat, uid):
                        out.append(A(seat, "play", (uid,), f"Play {d.cards[cid].name}"))
            for sk in P.skills:
                if d.skills[sk]["kind"] == "flip" and sk not in P.flipped:
                    out.append(A(seat, "flip", (sk,), f"Flip skill tile {sk}"))
            out.append(A(seat, "pass", (), "Pass for the rest of the round"))
        else:
            out.append(A(seat, "end", (), "End the turn"))
        # free actions
        basics = sum(P.res[r] for r in D.BASIC)
        can_discard = len(P.hand) > self.keep
        if can_discard and basics >= 3 and (self._any_terrain_spot(seat) or self.road_spots(seat)):
            out.append(
                A(
                    seat,
                    "fa_build",
                    (),
                    "Free: discard a card and pay 3 basic resources for 1 tile or road",
                )
            )
        if P.res["gold"] >= 15 and (self.deck or self.discard):
            out.append(A(seat, "fa_draw", (), "Free: pay 15 gold, draw a card"))
        if P.res["gold"] >= 4:
            for r in D.BASIC:
                out.append(A(seat, "fa_buy", (r,), f"Free: pay 4 gold for 1 {r}"))
        for r in D.BASIC:
            if P.res[r] >= 1:
                out.append(A(seat, "fa_sell", (r,), f"Free: pay 1 {r} for 1 gold"))
        if basics >= 3:
            out.append(A(seat, "fa_trade", (), "Free: pay 3 basic resources for 1 of your choice"))
        if P.discs:
            out.append(A(seat, "fa_disc", (), "Free: return an Action Disc for 2 basic resources"))
        if can_discard:
            out.append(A(seat, "fa_card", (), "Free: discard a card for 2 basic resources"))
        for mid, side in self.milestones:
            if mid not in self.ms_claimed and self.test(seat, d.milestones[mid][side]):
                out.append(A(seat, "fa_milestone", (mid,), f"Free: claim milestone {mid}"))
        if self._tower_ok(seat):
            out.append(A(seat, "fa_tower", (), "Free: place the Clock Tower"))
        return out

    def _tower_ok(self, seat):
        d = D.load()
        P = self.p[seat]
        if P.tower or P.wonders < 1 or not P.char:
            return False
        if not all(self.test(seat, c) for c in d.characters[P.char]["clock_tower"]):
            return False
        return bool(self.property_spots(seat))

    def _hand_payable(self, seat, k, diamonds_left):
        P = self.p[seat]
        if P.discs:
            return True
        spare = len(P.hand) - self.keep
        if P.char == "gretel":
            spare += diamonds_left
        return spare >= k

    def _area_ok(self, seat, aid, copying=False, minus=None):
        d = D.load()
        area = d.areas[aid]
        if aid not in self.opened:
            return False
        if not copying:
            if None not in self.occ[aid]:
                return False
            k = d.board["hand_costs"][self.occ[aid].index(None)]
        cost = self.area_cost(seat, aid)
        if not self.can_pay(seat, cost, self.rikka_area(seat, aid)):
            return False
        if not copying:
            left = self.p[seat].res["diamond"] - cost.get("diamond", 0)
            if not self._hand_payable(seat, k, left):
                return False
        if area["copy"]:
            if copying:
                return False
            # some copyable area must be affordable after paying for L
            return any(
                self._area_ok(seat, c, copying=True, minus=cost) for c in self._copy_targets(aid)
            )
        if minus:
            cost = _merge(cost, minus)
            if not self.can_pay(seat, cost, self.rikka_area(seat, aid)):
                return False
        for op, _v in area["effect"]:
            if op == "property":
                if not self.property_spots(seat) or not self._affordable_tokens(seat, cost):
                    return False
        return True

    def _copy_targets(self, aid):
        d = D.load()
        cats = d.areas[aid]["copy"]
        return [
            a
            for a in self.occ
            if d.areas[a]["category"] in cats
            and not d.areas[a]["copy"]
            and "imitation" not in d.areas[a]
        ]

    def _affordable_tokens(self, seat, minus=None):
        return [
            k
            for k in self.token_kinds(seat)
            if self.can_pay(seat, _merge(self.token_cost(seat, k), minus or {}))
        ]

    def _discard_card(self, seat, uid):
        d = D.load()
        self.p[seat].hand.remove(uid)
        self.discard.append(uid)
        self.log(f"{self.who(seat)} discards {d.cards[d.deck[uid]].name}.")

    def _do_turn(self, a):
        d = D.load()
        seat, kind, args = a.seat, a.kind, a.args
        P = self.p[seat]
        if kind == "area":
            aid = args[0]
            area = d.areas[aid]
            idx = self.occ[aid].index(None)
            self.occ[aid][idx] = seat
            cost = self.area_cost(seat, aid)
            self.pay(seat, cost, self.rikka_area(seat, aid))
            self.main_done = True
            self.log(
                f"{self.who(seat)} uses area {aid} (space {idx + 1})"
                + (f", paying {_fmt(cost)}." if cost else ".")
            )
            if area["copy"]:
                self.stack.append({"op": "copy", "seat": seat, "area": aid})
            else:
                self._push_area_effect(seat, aid)
            self.stack.append(
                {"op": "hand", "seat": seat, "n": d.board["hand_costs"][idx], "first": True}
            )
        elif kind == "play":
            uid = args[0]
            card = d.cards[d.deck[uid]]
            cost = self.card_cost(seat, uid)
            P.res["gold"] -= cost
            P.hand.remove(uid)
            P.played.append(uid)
            self.main_done = True
            self.log(f"{self.who(seat)} plays {card.name} for {cost} gold.")
            if P.char == "sena":
                self._raise_income(seat, "gold", 1)
                if P.tower:
                    P.vp += 2
            if card.kind == "immediate":
                if card.industry != "none":
                    self.stack.append({"op": "automate", "seat": seat, "uid": uid})
                self._push(seat, card.effect)
        elif kind == "flip":
            sk = args[0]
            P.flipped.append(sk)
            self.main_done = True
            self.log(f"{self.who(seat)} uses the flip ability of skill tile {sk}.")
            self._push(seat, d.skills[sk]["effect"])
        elif kind == "pass":
            self._pass(seat)
        elif kind == "end":
            self._end_turn()
        elif kind == "fa_build":
            self.log(f"{self.who(seat)} builds with a free action.")
            self.stack.append({"op": "tr", "seat": seat, "t": 1, "r": 1, "one": True})
            self.stack.append({"op": "paybasic", "seat": seat, "n": 3})
            self.stack.append({"op": "discard1", "seat": seat})
        elif kind == "fa_draw":
            P.res["gold"] -= 15
            self._draw(seat, 1)
        elif kind == "fa_buy":
            P.res["gold"] -= 4
            P.res[args[0]] += 1
            self.log(f"{self.who(seat)} buys 1 {args[0]} for 4 gold.")
        elif kind == "fa_sell":
            P.res[args[0]] -= 1
            P.res["gold"] += 1
            self.log(f"{self.who(seat)} sells 1 {args[0]} for 1 gold.")
        elif kind == "fa_trade":
            self.log(f"{self.who(seat)} trades 3 basic resources for 1.")
            self.stack.append({"op": "basic", "seat": seat, "n": 1})
            self.stack.append({"op": "paybasic", "seat": seat, "n": 3})
        elif kind == "fa_disc":
            P.discs -= 1
            self.log(f"{self.who(seat)} returns an Action Disc for 2 basic resources.")
            self.stack.append({"op": "basic", "seat": seat, "n": 2})
        elif kind == "fa_card":
            self.stack.append({"op": "basic", "seat": seat, "n": 2})
            self.stack.append({"op": "discard1", "seat": seat})
        elif kind == "fa_milestone":
            mid = args[0]
            self.ms_claimed[mid] = seat
            P.milestones.append(mid)
            self.log(f"{self.who(seat)} claims milestone {mid} (10 VP at the end).")
            taken = [m for m, _ in self.milestones if m in self.ms_claimed]
            if len(taken) >= d.board["milestones_cap"]:
                left = [m for m, _ in self.milestones if m not in self.ms_claimed]
                self.milestones = [m for m in self.milestones if m[0] in self.ms_claimed]
                if left:
                    self.log("Three milestones are taken: the others leave the game.")
        elif kind == "fa_tower":
            self.log(f"{self.who(seat)} may now place the Clock Tower.")
            self.stack.append({"op": "place", "seat": seat, "type": "tower", "eligible": None})

    def _push_area_effect(self, seat, aid):
        d = D.load()
        eff = d.areas[aid]["effect"]
        self._push(seat, eff)
