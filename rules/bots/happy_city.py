"""A Happy City bot: greedy on a projected-score estimate, using public facts only.

Early cards are valued for income (it compounds over the remaining rounds); later
cards for how much they raise inhabitants x hearts. Every card also spends one of
the ten city slots, so weak cards are worth less than keeping the coin.
"""
from __future__ import annotations

from ..core import Rng

SLOT_COST = 1.5


class HappyCityBot:
    name = "smart"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def choose(self, state, seat):
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        if state.stage == "discard":
            return self._discard(state, seat, actions)
        if state.stage == "refill":
            return self._draw(state, seat, actions)
        best, best_v = None, float("-inf")
        for a in actions:
            v = self.value(state, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best

    # -- estimates --------------------------------------------------------------
    def _totals(self, state, seat):
        inh = hearts = 0
        for i in state.city[seat]:
            c = state.cards[i]
            inh += c.inhabitants
            hearts += c.hearts
        return inh, hearts

    def card_value(self, state, seat, card, cost):
        inh, hearts = self._totals(state, seat)
        k = len(state.city[seat])
        if state.options.get("scoring") == "add":
            gain = card.inhabitants + card.hearts
        else:
            # A little optimism about future cards so the first heart is not worthless.
            base = max(inh, 0) + 1.5, max(hearts, 0) + 1.5
            gain = (base[0] + card.inhabitants) * (base[1] + card.hearts) - base[0] * base[1]
        rounds_left = 0 if state.end_triggered else max(0, 8 - k)
        income_value = card.income * rounds_left * 0.6
        spend = cost * (0.35 if rounds_left else 0.05)
        return gain + income_value - spend - (SLOT_COST if card.kind != "special" else 0)

    def value(self, state, seat, a):
        cards = state.cards
        if a.kind in ("coin", "pass"):
            return 0.4 if a.kind == "coin" else 0.0
        if a.kind == "buy":
            i = next(i for i in state.visible if cards[i].name == a.args[0])
        elif a.kind == "dwelling":
            i = next(p[-1] for p in state.dwellings if p and cards[p[-1]].name == a.args[0])
        elif a.kind == "claim":
            i = next(i for i in state.specials if cards[i].name == a.args[0])
        else:
            return self.rng.below(100) / 1000
        return self.card_value(state, seat, cards[i], state.cost_of(seat, cards[i])) + self._special_bonus(state, seat, cards[i])

    def _special_bonus(self, state, seat, card):
        """Favour colours that bring an available special within reach."""
        if state.special[seat] is not None or card.colour is None or card.kind == "special":
            return 0.0
        counts = state.colour_counts(seat)
        bonus = 0.0
        for i in state.specials:
            sp = state.cards[i]
            missing = sum(max(0, k - counts.get(c, 0)) for c, k in sp.needs)
            if missing and dict(sp.needs).get(card.colour, 0) > counts.get(card.colour, 0):
                bonus = max(bonus, (sp.inhabitants + sp.hearts + sp.income) / missing * 0.8)
        return bonus

    def _discard(self, state, seat, actions):
        # Keep unless nothing visible is worth buying for us (then fish for better).
        cards = state.cards
        worth = [self.card_value(state, seat, cards[i], state.cost_of(seat, cards[i]))
                 for i in state.visible]
        if worth and max(worth) < 0:
            worst = min(range(len(worth)), key=worth.__getitem__)
            name = cards[state.visible[worst]].name
            for a in actions:
                if a.kind == "discard" and a.args[0] == name:
                    return a
        return actions[0]

    def _draw(self, state, seat, actions):
        budget = state.coins[seat]
        want = 3 if budget >= 7 else 2 if budget >= 4 else 1
        decks = [a.args[0] for a in actions]
        # Nearest deck to what we can afford, preferring cheaper on ties.
        d = min(decks, key=lambda x: (abs(x - want), x))
        return next(a for a in actions if a.args[0] == d)
