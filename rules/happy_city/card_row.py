"""What Happy City and Happiest Town share: a central row, three decks, a bank,
cities of named cards and a score ranked with money as the tie-break."""

from __future__ import annotations

from ..core import rank_by
from .explain import formula, score_items


class CardRowRules:
    """Mixed into both states (before GameState). Needs: players, cards, city, decks,
    discards, visible, coins, bank, and breakdown(seat) with 'score' and 'coins'."""

    __slots__ = ()
    MONEY = "coins"  # what the tie-break is called in this edition

    @property
    def n(self) -> int:
        return len(self.players)

    def owns_name(self, seat: int, name: str) -> bool:
        cards = self.cards
        return any(cards[i].name == name for i in self.city[seat])

    def drawable(self) -> list[int]:
        """Decks (1-3) a player may draw from now: cards in the deck or its discards."""
        return [d + 1 for d in range(3) if self.decks[d] or self.discards[d]]

    def _visible_named(self, name) -> int | None:
        for k, i in enumerate(self.visible):
            if self.cards[i].name == name:
                return k
        return None

    def _gain(self, seat: int, amount: int) -> int:
        """Pay a seat from the bank; a box-limited bank pays only what it holds."""
        if self.bank is not None:
            amount = min(amount, self.bank)
            self.bank -= amount
        self.coins[seat] += amount
        return amount

    def _pay(self, seat: int, amount: int) -> None:
        amount = max(0, amount)  # a cost cut below zero pays nothing back
        self.coins[seat] -= amount
        if self.bank is not None:
            self.bank += amount

    def result(self) -> dict:
        parts = [self.breakdown(s) for s in range(self.n)]
        ranking = rank_by((s, (parts[s]["score"], parts[s]["coins"])) for s in range(self.n))
        by_score = rank_by((s, parts[s]["score"]) for s in range(self.n))
        money = self.MONEY
        if len(by_score[0]) == 1:
            tie_break = "none needed: the best score is not shared"
        elif len(ranking[0]) == 1:
            tie_break = f"{money}: of the tied players, the one with the most {money} left wins"
        else:
            tie_break = f"{money} did not separate the leaders: they share the win"
        return {
            "scores": [p["score"] for p in parts],
            "breakdown": parts,
            "ranking": ranking,
            "winners": ranking[0],
            "tie_break": tie_break,
            # every point itemised, for the end screen (see explain.py)
            "items": [score_items(self, s, parts[s], money) for s in range(self.n)],
            "formula": formula(parts[0]),
            "summary": [[money.capitalize(), "coins"]],
        }
