from __future__ import annotations

from ..core import Action
from . import data as D
from .constants import ACTION, COLUMN_OF_TAG
from .queries import _fmt

# frame ops that wait for a decision
CHOICE = {
    "choose_char",
    "choose_map",
    "choose_aid",
    "hand",
    "terrain",
    "road",
    "tr",
    "industry",
    "prosperity",
    "rabbit",
    "property",
    "place",
    "skill",
    "basic",
    "income_any",
    "column",
    "capital",
    "automate",
    "copy",
    "discard1",
    "paybasic",
    "aid_move",
    "keep",
}
NO_DONE = {
    "choose_char",
    "choose_map",
    "choose_aid",
    "hand",
    "basic",
    "income_any",
    "column",
    "capital",
    "automate",
    "copy",
    "discard1",
    "paybasic",
    "aid_move",
    "keep",
    "place",
    "skill",
}


class PendingSteps:
    __slots__ = ()

    def _frame_options(self, f):
        d = D.load()
        op = f["op"]
        seat = f["seat"]
        P = self.p[seat]
        A = Action
        out = []
        if op == "choose_char":
            taken = {p.char for p in self.p}
            for cid, c in d.characters.items():
                if cid not in taken:
                    out.append(A(seat, "character", (cid,), f"Play {c['name']}"))
        elif op == "choose_map":
            taken = {p.map for p in self.p}
            for mid, m in d.maps.items():
                if mid == "A" or mid not in taken:
                    out.append(A(seat, "map", (mid,), f"Use map {m.name}"))
        elif op in ("choose_aid", "aid_move"):
            used = {p.aid for p in self.p} | {self.mio_aid}
            for i in range(len(self.aid_spaces)):
                if i not in used:
                    out.append(A(seat, "aid", (i,), f"Round Aid space {i + 1}"))
        elif op == "hand":
            if f.get("first") and P.discs:
                out.append(A(seat, "disc", (), "Place an Action Disc: no cards to discard"))
            if len(P.hand) - f["n"] >= self.keep:
                out += self._discard_options(seat)
            if P.char == "gretel" and P.res["diamond"] >= 1:
                out.append(A(seat, "diamond", (), "Pay a diamond in place of a card"))
        elif op in ("discard1", "keep"):
            out = self._discard_options(seat, "keep" if op == "keep" else "discard")
        elif op in ("terrain", "road", "tr"):
            if op in ("terrain", "tr") and f.get("t", f.get("n", 0)) > 0:
                m = self.mapb(seat)
                for h in self.terrain_spots(seat):
                    if m.kinds[h] == "special":
                        for tid in self.specials:
                            out.append(
                                A(
                                    seat,
                                    "special",
                                    (h, tid),
                                    f"Special terrain tile {tid} on hex {h}",
                                )
                            )
                    else:
                        out.append(A(seat, "hex", (h,), f"{m.kinds[h].title()} tile on hex {h}"))
            if op in ("road", "tr") and f.get("r", f.get("n", 0)) > 0:
                for e in self.road_spots(seat):
                    out.append(A(seat, "edge", (e,), f"Road on edge {e}"))
        elif op == "industry":
            for mk in ("carriage", "loco"):
                if self.marker_can_move(seat, mk):
                    out.append(A(seat, "marker", (mk,), f"Advance the {mk}"))
        elif op == "prosperity":
            for i in self.pros_movable(seat, f.get("colour")):
                out.append(A(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}"))
        elif op == "rabbit":
            if self.rabbit_ready(seat):
                for h in self.rabbit_spots(seat):
                    out.append(A(seat, "rabbit", (h,), f"Cookie Rabbit on hex {h}"))
        elif op == "property":
            for k in self.token_kinds(seat):
                if self.can_pay(seat, self.token_cost(seat, k)) and self.property_spots(
                    seat, f["eligible"]
                ):
                    out.append(A(seat, "token", (k,), f"Take a {k} token"))
        elif op == "place":
            for h in self.property_spots(seat, f.get("eligible")):
                out.append(A(seat, "place", (h,), f"Place it on hex {h}"))
        elif op == "skill":
            for sk, left in self.skill_supply.items():
                if left and sk not in P.skills:
                    out.append(A(seat, "skill", (sk,), f"Take skill tile {sk}"))
        elif op in ("basic", "paybasic"):
            for r in D.BASIC:
                if op == "basic" or P.res[r] >= 1:
                    out.append(A(seat, "res", (r,), ("Take 1 " if op == "basic" else "Pay 1 ") + r))
        elif op == "income_any":
            for r in D.INCOMES:
                out.append(A(seat, "income", (r,), f"Raise {r} income"))
        elif op == "capital":
            for r in D.INCOMES:
                out.append(A(seat, "income", (r,), f"Raise {r} income"))
            for i in self.pros_movable(seat):
                out.append(A(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}"))
        elif op == "column":
            for c in D.COLOURS:
                out.append(A(seat, "column", (c,), f"Industry Bonus: {c} column"))
        elif op == "automate":
            card = d.cards[d.deck[f["uid"]]]
            if P.res["diamond"] >= 1:
                cols = D.COLOURS if card.industry == "wild" else (COLUMN_OF_TAG.get(card.industry),)
                for c in cols:
                    if c and len(P.columns[c]) < self.column_limit(seat, c):
                        out.append(
                            A(seat, "automate", (c,), f"Automate into the {c} column (1 diamond)")
                        )
            out.append(A(seat, "keepcard", (), "Do not automate"))
        elif op == "copy":
            for a in self._copy_targets(f["area"]):
                if self._area_ok(seat, a, copying=True):
                    out.append(A(seat, "copy", (a,), f"Copy area {a}"))
        if op in CHOICE and op not in NO_DONE:
            out.append(A(seat, "done", (), "Stop"))
        return out

    def _discard_options(self, seat, kind="discard"):
        d = D.load()
        out, seen = [], set()
        for uid in self.p[seat].hand:
            cid = d.deck[uid]
            if cid not in seen:
                seen.add(cid)
                verb = "Keep" if kind == "keep" else "Discard"
                out.append(Action(seat, kind, (uid,), f"{verb} {d.cards[cid].name}"))
        return out

    # ------------------------------------------------------------------ doing
    def _do(self, a):
        seat, kind, args = a.seat, a.kind, a.args
        d = D.load()
        P = self.p[seat]
        if not self.stack:
            self._do_turn(a)
            self._settle()
            return
        f = self.stack[-1]
        op = f["op"]
        if op == "choose_char":
            self.stack.pop()
            c = d.characters[args[0]]
            P.char = args[0]
            for r, k in c["start"].items():
                P.res[r] += k
            for r, k in c["income"].items():
                P.inc[r] = k
            self.log(f"{self.who(seat)} plays {c['name']}.")
        elif op == "choose_map":
            self.stack.pop()
            P.map = args[0]
            self.log(f"{self.who(seat)} takes map {d.maps[args[0]].name}.")
        elif op == "choose_aid":
            self.stack.pop()
            P.aid = args[0]
            self.log(f"{self.who(seat)} puts the Round Aid token on space {args[0] + 1}.")
        elif op == "aid_move":
            self.stack.pop()
            old = P.aid
            P.aid = args[0]
            self.log(f"{self.who(seat)} moves the Round Aid token to space {args[0] + 1}.")
            if self.solo:
                self.mio_aid = old
                self.log(f"Mio's Round Aid token takes space {old + 1}.")
        elif op == "hand":
            if kind == "disc":
                P.discs -= 1
                f["n"] = 0
                self.log(f"{self.who(seat)} uses an Action Disc instead of cards.")
            elif kind == "diamond":
                P.res["diamond"] -= 1
                P.diamond_cards += 1
                f["n"] -= 1
                if P.char == "gretel" and P.tower:
                    P.vp += 3
                self.log(f"{self.who(seat)} pays a diamond in place of a card.")
            else:
                self._discard_card(seat, args[0])
                f["n"] -= 1
            f["first"] = False
            if f["n"] <= 0:
                self.stack.pop()
        elif op in ("discard1", "keep"):
            self.stack.pop()
            if op == "keep":
                gone = [u for u in P.hand if u != args[0]]
                P.hand = [args[0]]
                self.discard.extend(gone)
                self.log(f"{self.who(seat)} keeps 1 card and discards {len(gone)}.")
            else:
                self._discard_card(seat, args[0])
        elif op in ("terrain", "road", "tr"):
            if kind == "done":
                self.stack.pop()
            elif kind in ("hex", "special"):
                if f.get("one"):
                    f["t"] = f["r"] = 0
                elif op == "tr":
                    f["t"] -= 1
                else:
                    f["n"] -= 1
                self._end_if_spent(f)
                self._place_terrain(seat, args[0], args[1] if kind == "special" else None)
            elif kind == "edge":
                if f.get("one"):
                    f["t"] = f["r"] = 0
                elif op == "tr":
                    f["r"] -= 1
                else:
                    f["n"] -= 1
                self._end_if_spent(f)
                self._place_road(seat, args[0])
        elif op == "industry":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._move_marker(seat, args[0])
        elif op == "prosperity":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._advance_prosperity(seat, args[0])
        elif op == "rabbit":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._place_rabbit(seat, args[0])
        elif op == "property":
            if kind == "done":
                self.stack.pop()
                self._push(seat, f.get("after", ()), f.get("chain"))
            else:
                tok = args[0]
                cost = self.token_cost(seat, tok)
                self.pay(seat, cost)
                f["n"] -= 1
                self.stack.append(
                    {
                        "op": "place",
                        "seat": seat,
                        "type": tok,
                        "eligible": f["eligible"],
                        "chain": f.get("chain"),
                    }
                )
                self.log(
                    f"{self.who(seat)} takes a {tok} token"
                    + (f" for {_fmt(cost)}." if cost else ".")
                )
        elif op == "place":
            self.stack.pop()
            self._place_property(seat, f["type"], args[0])
        elif op == "skill":
            self.stack.pop()
            if f["n"] > 1:
                self.stack.append(
                    {"op": "skill", "seat": seat, "n": f["n"] - 1, "chain": f.get("chain")}
                )
            self._take_skill(seat, args[0])
        elif op in ("basic", "paybasic"):
            f["n"] -= 1
            if f["n"] <= 0:
                self.stack.pop()
            if op == "basic":
                P.res[args[0]] += 1
            else:
                P.res[args[0]] -= 1
        elif op in ("income_any", "capital"):
            f["n"] = f.get("n", 1) - 1
            if f["n"] <= 0:
                self.stack.pop()
            if kind == "track":
                self._advance_prosperity(seat, args[0])
            else:
                self._raise_income(seat, args[0], d.player["income_step"][args[0]])
        elif op == "column":
            self.stack.pop()
            self._ibonus(seat, args[0], f.get("chain_from"))
        elif op == "automate":
            self.stack.pop()
            uid = f["uid"]
            P.played.remove(uid)
            if kind == "automate":
                P.res["diamond"] -= 1
                P.columns[args[0]].append(uid)
                self.log(
                    f"{self.who(seat)} automates {d.cards[d.deck[uid]].name} into the {args[0]} column."
                )
            else:
                P.played.append(uid)
        elif op == "copy":
            self.stack.pop()
            aid = args[0]
            cost = self.area_cost(seat, aid)
            self.pay(seat, cost, self.rikka_area(seat, aid))
            self.log(f"{self.who(seat)} copies area {aid}.")
            self._push_area_effect(seat, aid)
        else:  # pragma: no cover - every choice frame is handled above
            raise AssertionError(op)
        self._settle()

    def _end_if_spent(self, f):
        if f["op"] == "tr":
            spent = f["t"] <= 0 and f["r"] <= 0
        else:
            spent = f["n"] <= 0
        if spent and self.stack and self.stack[-1] is f:
            self.stack.pop()

    def _settle(self):
        """Run automatic frames until a decision is needed or the stack is empty."""
        while self.stack:
            f = self.stack[-1]
            op = f["op"]
            if op == "industry" and f["n"] > 0 and self.p[f["seat"]].loco is None:
                # only the Carriage can move: no choice to make
                if self.marker_can_move(f["seat"], "carriage"):
                    f["n"] -= 1
                    self._end_if_spent(f)
                    self._move_marker(f["seat"], "carriage")
                else:
                    self.stack.pop()
                continue
            if op in CHOICE:
                if self._frame_live(f):
                    return
                self.stack.pop()
                if op == "property":
                    self._push(f["seat"], f.get("after", ()), f.get("chain"))
                continue
            self.stack.pop()
            if op == "fx":
                self._effect(f["seat"], f["fx"], f["v"], f.get("chain"))
            elif op == "begin":
                self._begin_round()
            elif op == "income":
                self._income(f["seat"])
            elif op == "action_start":
                self.phase = ACTION
                self.turn = self.start
                self.main_done = False
                self.checkpoint += 1
                self.log(f"Round {self.round}: action phase; {self.who(self.turn)} starts.")
            elif op == "end_turn":
                self._end_turn()
            elif op == "next_round":
                self._begin_round()
            elif op == "ibonus_now":
                self._ibonus(f["seat"], f["v"], None)
            else:  # pragma: no cover
                raise AssertionError(op)

    def _frame_live(self, f):
        """Does this choice frame still offer something besides 'Stop'?"""
        op = f["op"]
        if op in ("terrain", "road", "rabbit", "prosperity", "industry", "property"):
            if f.get("n", 0) <= 0:
                return False
        if op == "tr" and f["t"] <= 0 and f["r"] <= 0:
            return False
        opts = self._frame_options(f)
        if op in NO_DONE:
            return bool(opts)
        real = [o for o in opts if o.kind != "done"]
        if not real:
            if op == "rabbit" and self.p[f["seat"]].rabbits_taken >= 9:
                self.p[f["seat"]].vp += D.load().player["no_rabbit_vp"] * f["n"]
                self.log(
                    f"{self.who(f['seat'])} has no Cookie Rabbit left: "
                    f"{D.load().player['no_rabbit_vp'] * f['n']} VP instead."
                )
            return False
        return True
