"""The round: start, income, passing, end of turn, cleanup."""

from __future__ import annotations

from . import characters as C
from . import data as D
from . import variants as V
from .constants import CLEANUP, INCOME, OVER
from .fields import StateFields


class RoundPhases(StateFields):
    __slots__ = ()

    def _begin_round(self) -> None:
        d = D.load()
        self.round += 1
        self.phase = INCOME
        V.begin_round(self)  # F hook: variable turn order
        if self.next_start is not None:
            self.start = self.next_start
        self.next_start = None
        for aid in self.occ:
            if d.areas[aid]["opens"] == self.round:
                self.opened = self.opened | {aid}
                if self.round > 1:
                    self.log(f"Round {self.round}: advanced area {aid} opens.")
        self.log(f"Round {self.round} begins: income phase.")
        if self.solo:
            self.solo_a, self.solo_b = list(self.solo_a), list(self.solo_b)
            self.occ = {k: list(v) for k, v in self.occ.items()}
            a, b = self.solo_a.pop(), self.solo_b.pop()
            self.solo_shown = [a, b]
            spaces = D.solo_cards()
            for card in (a, b):
                for area, idx in spaces[card]:
                    if area in self.occ and area in self.opened and idx <= len(self.occ[area]):
                        if self.occ[area][idx - 1] is None:
                            self.occ[area][idx - 1] = "mio"
            self.checkpoint += 1
            self.log(f"Mio reveals {a} and {b} and blocks their action spaces.")
        self.stack.append({"op": "action_start", "seat": self.start})
        V.before_action(self)  # F hook: hand drafting in round 1
        order = [(self.start + k) % self.n for k in range(self.n)]
        for seat in reversed(order):
            self.stack.append({"op": "income", "seat": seat})

    def _income(self, seat: int) -> None:
        d = D.load()
        P = self.p[seat]
        P.passed = False
        todo = []
        if P.aid is not None:
            for tid in self.aid_spaces[P.aid][0]:
                todo += list(d.aid_standard[tid])
        todo.append(("income_tracks", None))
        draw = d.board["first_round_draw"] if self.round == 1 else d.board["later_round_draw"]
        todo.append(("round_draw", draw))
        todo = C.of(P).income(self, seat, todo)  # Gretel's diamond, Coral's steps, Carmen's cards
        todo = V.income(self, seat, todo)  # F hook: no round-1 draw while drafting
        self.log(f"{self.who(seat)} collects income.")
        self._push(seat, todo)

    def pass_gains(self, seat: int) -> tuple[int, int, int]:
        """What passing now would give, in rulebook order: (CP, IP, VP)."""
        d = D.load()
        P = self.p[seat]
        ip = self.ip_icons(seat)
        cities = self.cities(seat)
        cp = d.board["city_points"][min(len(cities), 6)]
        vp = 0
        # 1. character (Clock Tower pass abilities)
        if P.tower:
            cp, ip, vp = C.of(P).tower_pass(self, seat, cities, cp, ip, vp)
        # 2. City Points, 3. Industry Points (added by the caller)
        # 4. Pass Aid tile
        if P.aid is not None and self.aid_spaces[P.aid][1] is not None:
            vp += self.formula_vp(seat, d.aid_pass[self.aid_spaces[P.aid][1]])
        # 5. skill tiles with pass abilities
        for sk in P.skills:
            if d.skills[sk]["kind"] == "pass":
                vp += self.formula_vp(seat, d.skills[sk]["pass"], ip)
        # 6. pass citizen cards
        for uid in P.played:
            card = d.cards[d.deck[uid]]
            if card.kind == "pass":
                vp += self.formula_vp(seat, card.passv, ip)
        return cp, ip, vp

    def _pass(self, seat: int) -> None:
        self.p[seat].passed = True
        V.record_pass(self, seat)  # F hook: the Turn Order Board
        self.stack.append({"op": "end_turn", "seat": seat})
        # The move only chooses next round's aid, so the last round skips it (RULINGS.md)
        if self.round < D.load().board["rounds"]:
            self.stack.append({"op": "aid_move", "seat": seat})
        # F hook: the pass is scored once the pass abilities that ask (Elsa's tile) are done
        self.stack.append({"op": "pass_score", "seat": seat})
        C.of(self.p[seat]).pass_first(self, seat)

    def _score_pass(self, seat: int) -> None:
        P = self.p[seat]
        cp, ip, vp = self.pass_gains(seat)
        P.cp += cp
        P.ip += ip
        P.ip_last = ip
        P.vp += vp
        parts = [f"{cp} CP, {ip} IP", f"{vp} VP"]
        self.log(f"{self.who(seat)} passes: " + ", ".join(parts) + ".")
        if self.next_start is None:
            self.next_start = seat
            self.log(f"{self.who(seat)} takes the start player marker.")

    def _end_turn(self) -> None:
        self.checkpoint += 1
        self.main_done = False
        for s in V.seats_after(self, self.turn):  # F hook: variable turn order
            if not self.p[s].passed:
                self.turn = s
                return
        self._cleanup()

    def _cleanup(self) -> None:
        if self.round >= D.load().board["rounds"]:
            self.phase = OVER
            self.is_over = True
            self.checkpoint += 1
            self.log("The fifth round is over: final scoring.")
            return
        self.phase = CLEANUP
        self.occ = {aid: [None] * len(spaces) for aid, spaces in self.occ.items()}
        for seat in range(self.n):
            self._own(seat)
        for P in self.p:
            P.discs = 0
            P.flipped = []
        C.cleanup(self)  # F hook: character free-action cubes
        self.log(f"Round {self.round}: cleanup.")
        if self.next_start is None:
            self.next_start = self.start
        self.stack.append({"op": "next_round", "seat": self.next_start})
        order = [(self.next_start + k) % self.n for k in range(self.n)]
        for seat in reversed(order):
            if len(self.p[seat].hand) >= 2:
                self.stack.append({"op": "keep", "seat": seat})
