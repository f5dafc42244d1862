"""Expert mode of Happy City: the mechanisms of the red special buildings.

Expert adds a draft of the coloured Happy Market sides before the first round (last
seat first, counter-clockwise, the first player last); special buildings whose
effects are mechanisms named in their data (see effects.py), reached here through
hooks (income, prices, the income phase, purchases, claiming); and a choice of
opponent for the Louvre before an income phase. The end-of-game questions and the
Expert score are in expert_scoring.py. Family mode runs through the same class with
``expert`` False, so every hook starts by asking whether Expert is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import copy_dicts
from .card_row import DECK_COSTS, CardRowState
from .cards import Card, catalogue
from .effects import SYMBOLS, hook_of, neighbours, symbols_of

MARKET, TARGET, FINAL = "market", "target", "final"


def has_effect(card: Card, do: str) -> bool:
    return any(e["do"] == do for e in card.effects)


class ExpertRules(CardRowState):
    __slots__ = (
        "special",
        "specials",
        "expert",
        "market_pool",
        "free",
        "borrow",
        "targets",
        "choices",
    )
    # Happy City's special buildings, in both modes
    special: list[int | None]  # each seat's special building, once taken
    specials: list[int]  # those on the table, still to be taken
    # Expert mode only
    expert: bool
    market_pool: list[str]  # Happy Market colours not yet drafted
    free: list[int]  # cards each seat may still buy free of charge
    borrow: list[int]  # income phases left in which a seat adds an opponent's income
    targets: dict[int, int]  # seat -> opponent whose income it adds this income phase
    choices: list[dict[str, Any]]  # end-of-game answers per seat

    COPY = {
        **CardRowState.COPY,
        "special": list,
        "specials": list,
        "market_pool": list,
        "free": list,
        "borrow": list,
        "targets": dict,
        "choices": copy_dicts,
    }

    if TYPE_CHECKING:  # the Happy City state (engine.py) supplies its round flow

        def start_round(self) -> None: ...

        def _begin_turn(self) -> None: ...

    def special_card(self, seat: int) -> Card | None:
        sp = self.special[seat]
        return None if sp is None else self.cards[sp]

    def own_special(self, seat: int) -> Card:
        """The seat's special building, asked only where the seat is known to have one."""
        card = self.special_card(seat)
        assert card is not None, f"seat {seat} has no special building"
        return card

    # ---- hooks the family rules call -----------------------------------------------
    def income_of(self, seat: int, compare: bool = True) -> int:
        """Income the seat collects at an income phase (Expert effects included).

        ``compare=False`` leaves out income rules that compare incomes (the Barber),
        which is how such a rule looks at incomes without chasing itself.
        """
        total = super().income_of(seat)
        if not self.expert:
            return total
        for pos, i in enumerate(self.city[seat]):
            for eff in self.cards[i].effects:
                if hook_of(eff) != "symbols":
                    continue
                if eff.get("symbol", "income") != "income" and eff["do"] != "copy_previous":
                    continue
                if not compare and eff["do"] == "lowest_income":
                    continue
                total += symbols_of(self, seat, pos, eff, {})["income"]
        return total

    def cost_of(self, seat: int, card: Card) -> int:
        sp = self.special_card(seat)
        if not self.expert or sp is None or card.kind not in ("building", "dwelling"):
            return card.cost
        if self.free[seat] > 0:
            return 0
        cost = card.cost
        for eff in sp.effects:
            if eff["do"] == "discount" and card.colour == eff["colour"]:
                cost = max(0, cost - eff["amount"])
            elif eff["do"] == "deck_floor" and card.kind == "building":
                cost = min(cost, DECK_COSTS[card.deck][0])
        return cost

    def effect_income(self, seat: int) -> tuple[str, int] | None:
        """(card name, income) that the seat's special adds through its effects, or None."""
        sp = self.special[seat]
        if sp is None:
            return None
        card = self.cards[sp]
        if not any(hook_of(e) == "symbols" for e in card.effects):
            return None
        pos = self.city[seat].index(sp)
        got = self.card_symbols(seat, pos, card, {})["income"] - card.income
        if not any(e.get("symbol") == "income" or e["do"] == "copy_previous" for e in card.effects):
            return None
        return card.name, got

    def effects_of(self, seat: int, hook: str) -> list[tuple[dict[str, Any], Card]]:
        """(effect, card) pairs of the seat's special building plugged into ``hook``."""
        sp = self.special[seat]
        if sp is None:
            return []
        card = self.cards[sp]
        return [(e, card) for e in card.effects if hook_of(e) == hook]

    def card_symbols(
        self,
        seat: int,
        pos: int,
        card: Card,
        choice: dict[str, Any],
        end: bool = False,
        copying: bool = False,
    ) -> dict[str, int]:
        """Income, inhabitants and hearts a card at ``pos`` of the seat's city brings.

        ``end`` adds the end-of-game copies (Pyramid, Sphinx), whose income no longer
        matters. ``choice`` holds the seat's answers to end-of-game questions.
        """
        out = {"income": card.income, "inhabitants": card.inhabitants, "hearts": card.hearts}
        for eff in card.effects:
            hook = hook_of(eff)
            if hook == "symbols":
                got = symbols_of(self, seat, pos, eff, choice)
                for k in SYMBOLS:
                    out[k] += got[k]
            elif hook == "end_choice" and end:
                if eff["do"] == "copy_neighbour_position":
                    other = self._pyramid_source(seat, pos, choice.get("neighbour"))
                    if other is not None:
                        out["inhabitants"] += other.inhabitants
                        out["hearts"] += other.hearts
                elif eff["do"] == "copy_special" and not copying and choice.get("copy"):
                    copied = catalogue().by_name(choice["copy"])
                    got = self.card_symbols(seat, pos, copied, choice, end=True, copying=True)
                    out["inhabitants"] += got["inhabitants"]
                    out["hearts"] += got["hearts"]
        return out

    def _pyramid_source(self, seat: int, pos: int, nb: int | None) -> Card | None:
        """The ordinary card a Pyramid at ``pos`` would copy from neighbour ``nb``."""
        if nb is None or pos >= len(self.city[nb]):
            return None
        other = self.cards[self.city[nb][pos]]
        return None if other.kind == "special" else other

    def _replaceable(self, seat: int) -> bool:
        city = self.city[seat]
        return bool(city) and self.cards[city[-1]].kind != "market"

    def _take_market(self, seat: int, colour: str) -> None:
        cat = catalogue()
        self.city[seat] = [cat.expert_markets[cat.market_colours.index(colour)]]
        self.market_pool.remove(colour)
        self.checkpoint += 1
        self.log(f"{self.players[seat]} takes the {colour} Happy Market.")

    def _advance_market(self) -> None:
        """Move the draft on: last seat first, counter-clockwise, the first player last."""
        while self.stage == MARKET:
            if self.city[self.turn]:
                if self.turn == 0:
                    if self.market_pool:
                        self.log(
                            f"The unpicked Happy Market colours ({', '.join(self.market_pool)}) "
                            "go back to the box."
                        )
                    self.start_round()
                    return
                self.turn -= 1
                continue
            if len(self.market_pool) == 1:
                self.log(
                    f"Only the {self.market_pool[0]} Happy Market is left for "
                    f"{self.players[self.turn]}."
                )
                self._take_market(self.turn, self.market_pool[0])
                continue
            return

    def _before_income(self) -> None:
        for seat in range(self.n):
            for eff, card in self.effects_of(seat, "before_income"):
                who = self.players[seat]
                if self.coins[seat] > 0:
                    got = self._gain(seat, eff["amount"])
                    self.log(
                        f"{card.name}: {who} still has coins and collects {got} before the income phase."
                    )
                else:
                    self.log(f"{card.name}: {who} has no coin left, so it pays nothing this time.")

    def _income_step(self) -> None:
        """Ask each Louvre owner for an opponent, then pay the income and its after-effects."""
        for seat in range(self.n):
            if self.borrow[seat] > 0 and seat not in self.targets:
                opts = [s for s in range(self.n) if s != seat]
                name = self.own_special(seat).name
                if len(opts) == 1:
                    self.targets[seat] = opts[0]
                    continue
                self.pending = {"seat": seat, "kind": "target", "options": opts, "source": name}
                self.stage = TARGET
                self.checkpoint += 1
                return
        incomes = [self.income_of(s) for s in range(self.n)]
        for seat in range(self.n):
            extra = incomes[self.targets[seat]] if seat in self.targets else 0
            got = self._gain(seat, incomes[seat] + extra)
            line = f"{self.players[seat]} collects {got} coin{'s' if got != 1 else ''}."
            bonus = self.effect_income(seat)
            if bonus is not None:
                line += (
                    f" ({bonus[0]} adds {bonus[1]}.)"
                    if bonus[1]
                    else f" ({bonus[0]} adds nothing this time.)"
                )
            if seat in self.targets:
                line += (
                    f" ({self.own_special(seat).name}: {extra} of them match "
                    f"{self.players[self.targets[seat]]}'s income.)"
                )
            self.log(line)
        for seat in self.targets:
            self.borrow[seat] -= 1
        self.targets = {}
        self._after_income()
        self.turn = 0
        self._begin_turn()

    def _after_income(self) -> None:
        for seat in range(self.n):
            for eff, card in self.effects_of(seat, "after_income"):
                who = self.players[seat]
                opp = [s for s in range(self.n) if s != seat]
                most = max(self.coins[s] for s in opp)
                if most <= 0:
                    self.log(f"{card.name}: no opponent of {who} has a coin to take.")
                    continue
                for s in opp:
                    if self.coins[s] == most:
                        take = min(eff["amount"], self.coins[s])
                        self.coins[s] -= take
                        self.coins[seat] += take
                        self.log(
                            f"{card.name}: {who} takes {take} coin from {self.players[s]}, "
                            "the richest opponent."
                        )

    def _spent(self, buyer: int, cost: int) -> None:
        for seat in range(self.n):
            if seat == buyer or buyer not in neighbours(seat, self.n):
                continue
            for eff, card in self.effects_of(seat, "spend"):
                if cost >= eff["threshold"]:
                    got = self._gain(seat, eff["amount"])
                    self.log(
                        f"{card.name}: {self.players[buyer]} spent {cost}, so "
                        f"{self.players[seat]} takes {got} coin."
                    )

    def _on_claim(self, seat: int, card: Card) -> None:
        who = self.players[seat]
        for eff in card.effects:
            do = eff["do"]
            if do == "gain_per_card":
                got = self._gain(seat, eff["amount"] * len(self.city[seat]))
                self.log(
                    f"{card.name}: {who} collects {got} coins, {eff['amount']} per card in the city."
                )
            elif do == "gain_income_times":
                income = self.income_of(seat)
                got = self._gain(seat, eff["times"] * income)
                self.log(
                    f"{card.name}: {who} collects {got} coins ({eff['times']} x income {income})."
                )
            elif do == "everyone_gains":
                for k in range(self.n):
                    s = (seat + k) % self.n
                    got = self._gain(s, eff["amount"])
                    self.log(f"{card.name}: {self.players[s]} collects {got} coin.")
            elif do == "free_next":
                self.free[seat] += eff["count"]
                self.log(f"{card.name}: the next card {who} buys will be free.")
            elif do == "borrow_income":
                self.borrow[seat] = eff["phases"]
                self.log(
                    f"{card.name}: at the next {eff['phases']} income phases {who} also "
                    "collects an opponent's income."
                )

    def _discard_from_city(self, i: int) -> None:
        card = self.cards[i]
        if card.kind == "building":
            self.discards[card.deck - 1].append(i)
        else:  # a dwelling goes back on top of its pile
            pile = self._pile_named(card.name)
            assert pile is not None  # every dwelling has its pile
            pile.append(i)
