"""Bots for Happy City (Family, Expert) and Happiest Town: greedy on a projected score,
using public facts only.

Early cards are valued for income (it compounds over the remaining rounds); later
cards for how much they raise inhabitants x hearts. Every card also spends one of
the ten city slots, so weak cards are worth less than keeping the coin.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..botkit import (
    Budget,
    ExpertSearchBot,
    Policy,
    Progress,
    Ranked,
    RankingBot,
    SearchBot,
    SeatKnowledge,
)
from ..core import Action
from .cards import catalogue

SLOT_COST = 1.5
# A move that cannot beat the leader by this much on the imagined games (in the
# search's judge: a share of the win, plus 0.002 a point of margin) is compared no
# longer (``Policy.close_call``), and a decision left with one move is answered
# without spending the rest of its budget. Measured against a long search
# (``benchmarks/bots_decisions.py``, docs/performance.md): in Happiest Town a call of
# a tenth of a win halved hard's time and decided as well; in Happy City Family it
# decided measurably worse (and lost 6 of 8 games to hard spending every budget), so
# Happy City keeps a hundredth (about 0.7 of the time). Expert keeps a hundredth in
# both, where its extra time pays.
HAPPY_CITY_CLOSE_CALL = 0.01
# Happy City's minor steps, which deck to draw from and whether to discard, took about
# three quarters of hard's time with the fine call (their moves are near-equals told
# apart by luck): there the search takes Happiest Town's call. In Expert mode a discard
# matters (the long search's values of its moves lie 0.1-0.2 of a win apart; hard won
# 8 of 24 games against hard spending its whole budget with the coarse call at both
# steps), so there only the draw is a minor step. At the table hard draws as the normal
# bot does (``DRAW_STAGE``): the normal bot draws about as well as a search (regret
# 0.025 against 0.029 a decision on 13 Expert-mode positions,
# ``benchmarks/bots_decisions.py``), and hard so drawing won as often against hard
# spending every budget, in both modes, at 0.3-0.4 of its CPU (``benchmarks/bots.py
# --pair even``, README "Bot levels").
MINOR_STAGES = ("refill", "discard")
EXPERT_MINOR_STAGES = ("refill",)
MINOR_CLOSE_CALL = 0.1
DRAW_STAGE = "refill"
HAPPIEST_TOWN_CLOSE_CALL = 0.1
EXPERT_CLOSE_CALL = 0.01
LONG_GAME = 20  # from this round on, buying a card is worth more than anything it costs


# ---- the expert level: a handicap where the imagined games are one-sided -------------------
# The normal bot plays every seat of an imagined game, and it is much weaker than the
# rival a card-game expert meets (hard): from the first rounds on, expert won nearly
# every imagined game whatever it did (a mean share of the win of 0.9 to 1.1), so the
# share said nothing and its moves were told apart by the margin's small weight alone,
# after the fewest worlds (a move 5 points of margin worse counted as equally good).
# After dynamic komi, from Go programs' Monte Carlo search: once the first worlds show
# the imagined games one-sided, a game also counts a fifth of a win if won by more than
# the margin they averaged (lost by less, behind), which about half of them are, so
# moves are told apart again. The real win keeps its full weight: a move gives up a
# share of the real wins only for five times that share of wins beyond the komi (a
# first try that counted only the win beyond the komi, taking risks to widen a safe
# lead, lost its first 3 games of 3 against hard).
KOMI_WORLDS = 4  # worlds judged before the handicap is set (every candidate, on each)
ONE_SIDED = 0.8  # a mean share of the win at or above this (or at or below 1 - it)
KOMI_WEIGHT = 0.2  # a win beyond the komi, as a share of a win
MARGIN_WEIGHT = 0.002  # the judge's weight of a point of margin (``reward``'s)
MARGIN_CAP = 50


def handicapped(share: float, margin: float, komi: float) -> float:
    """An imagined game's value to the seat: the search's own judge (the share of the
    win, plus a little for the margin) and, with a handicap ``komi``, a fifth of a win
    more if the margin is beyond it (a tenth at it)."""
    value = share + MARGIN_WEIGHT * max(-MARGIN_CAP, min(MARGIN_CAP, margin))
    if komi:
        value += KOMI_WEIGHT * (1.0 if margin > komi else 0.5 if margin == komi else 0.0)
    return value


class HandicapExpertBot(ExpertSearchBot):
    """Happiest Town's expert: the shared expert search (``botkit.expert``), judging
    its imagined games with a handicap (komi) once they prove one-sided. (Happy City's
    expert has no handicap: in Expert mode it gave nothing in 12 games.)"""

    def __init__(self, policy: Policy, seed: int = 0, budget: Budget | None = None):
        super().__init__(policy, seed, budget)
        self.komi = 0.0  # the decision's handicap, in points of margin
        self._ends: list[list[tuple[float, float]]] = []  # each candidate's (share, margin)
        self._judged: list[tuple[float, float]] = []  # those of the world being judged
        self._worlds = 0  # worlds the decision has counted

    def judge(self, state: Any, seat: int) -> float:
        if not state.is_over:
            return self.policy.judge(state, seat)
        res = state.result()
        scores = res["scores"]
        winners = res["winners"]
        share = 1.0 / len(winners) if seat in winners else 0.0
        margin = float(scores[seat] - max(s for k, s in enumerate(scores) if k != seat))
        self._judged.append((share, margin))
        return handicapped(share, margin, self.komi)

    def judge_world(self, world, seat, cands, alive, values, finals, scores) -> int:
        if not any(values):  # a new decision
            self.komi, self._ends, self._worlds = 0.0, [[] for _ in cands], 0
        self._judged = []
        begun = super().judge_world(world, seat, cands, alive, values, finals, scores)
        if begun == len(alive) == len(self._judged) and all(values[k] for k in alive):
            for k, end in zip(alive, self._judged, strict=True):
                self._ends[k].append(end)
            self._worlds += 1
            if self._worlds == KOMI_WORLDS:
                self._set_komi(values)
        return begun

    def _set_komi(self, values: list[list[float]]) -> None:
        """Fix the decision's handicap from its first worlds and judge them again."""
        ends = [end for per in self._ends for end in per]
        share = sum(s for s, _ in ends) / len(ends)
        if 1 - ONE_SIDED < share < ONE_SIDED:
            return
        self.komi = sum(m for _, m in ends) / len(ends)
        for k, per in enumerate(self._ends):
            values[k][:] = [handicapped(s, m, self.komi) for s, m in per]


# ---- Expert mode ----------------------------------------------------------------------------
# Rough coin value of each ongoing effect per remaining round, for weighing specials.
_PER_ROUND = {
    "discount": lambda e: 0.3 * e["amount"] * 0.35,
    "deck_floor": lambda e: 0.5 * 1.5 * 0.35,
    "before_income": lambda e: 0.8 * e["amount"] * 0.6,
    "after_income_steal": lambda e: 1.5 * e["amount"] * 0.6,
    "neighbour_spends": lambda e: 0.3 * e["amount"] * 0.6,
    "no_buy_bonus": lambda e: 0.25 * (e["amount"] - 1) * 0.35,
}


class ExpertMixin:
    """Expert mode: every decision is weighed on a copy of the state, so each effect
    (discounts, income rules, end-of-game conditions, copies) counts through the
    engine's own hooks rather than a second set of rules in the bot."""

    # Provided by the Happy City bot this is mixed into.
    _discard: Callable[..., Action]
    _draw: Callable[..., Action]
    _special_bonus: Callable[..., float]

    def expert_choose(self, state, seat, actions, quick: bool = False):
        """Expert mode's move. ``quick`` (inside an imagined game): each option is
        weighed right after it is taken, the turn not moved on (``right_after``), which
        costs about 0.6 as much (0.17 ms a buying step against 0.28) and chose the same
        move at 146 of 149 buying steps of 8 seeded games; at the table the turn is
        played to its end."""
        stage = state.stage
        if stage == "market":
            return max(actions, key=lambda a: self._market_value(state, a.args[0]))
        if stage == "target":
            return max(actions, key=lambda a: (state.income_of(a.args[0]), -a.args[0]))
        if stage == "final":
            return max(actions, key=lambda a: self._final_value(state, seat, a))
        if stage == "discard":
            return self._discard(state, seat, actions)
        if stage == "refill":
            return self._draw(state, seat, actions)
        rl = self.rounds_left(state)  # judged before the decision, the same for every option
        base = self.position(state, seat, rl)
        best, best_v = None, float("-inf")
        for a in worth_considering(state, actions):
            hyp = self.right_after(state, seat, a) if quick else self._hypothetical(state, seat, a)
            v = 0.0 if hyp is None else self.position(hyp, seat, rl) - base
            if a.kind in ("buy", "dwelling"):
                v += self._special_bonus(state, seat, self._card_of(state, a))
                if state.round > LONG_GAME:  # never let a game stall: long games push to the end
                    v += 10.0
            if v > best_v:
                best, best_v = a, v
        return best

    # -- pieces ------------------------------------------------------------------------------
    @staticmethod
    def _card_of(state, a):
        cards = state.cards
        if a.kind == "buy":
            return cards[next(i for i in state.visible if cards[i].name == a.args[0])]
        if a.kind == "dwelling":
            return cards[
                next(p[-1] for p in state.dwellings if p and cards[p[-1]].name == a.args[0])
            ]
        return cards[next(i for i in state.specials if cards[i].name == a.args[0])]

    @staticmethod
    def _hypothetical(state, seat, a):
        """The world after this decision and the end of the seat's turn (a buy is
        followed by taking no special, which is a decision of its own), so that every
        option is judged at the same point of the round."""
        if a.kind == "pass":
            return None
        hyp = state.apply(a)
        while hyp.actors() == [seat] and hyp.stage == "special":
            hyp = hyp.apply(Action(seat, "pass", (), ""))
        return hyp

    @staticmethod
    def right_after(state, seat, a):
        """The world right after this decision, the turn not moved on (None: a pass)."""
        if a.kind == "pass":
            return None
        return state.taken(seat, a.kind, a.args[0] if a.args else "")

    @staticmethod
    def rounds_left(state) -> int:
        if state.end_triggered:
            return 0
        return max(0, 9 - max(len(c) for c in state.city))

    def position(self, state, seat, rl: int) -> float:
        """How good the seat's situation looks, in points, with ``rl`` rounds to come."""
        b = state.breakdown(seat)
        inh, hearts = b["net_inhabitants"], b["net_hearts"]
        if state.options.get("scoring") == "add":
            score = inh + hearts
        elif rl:
            score = (inh + 1.5) * (hearts + 1.5) - 2.25
        else:
            score = inh * hearts
        late = 1.0 if rl <= 2 else 0.6  # end-of-game adjustments firm up as the end nears
        score += late * sum(adj["points"] for adj in b.get("adjustments", []))
        coin_rate = 0.35 if rl else 0.05
        v = score + state.coins[seat] * coin_rate + state.income_of(seat) * rl * 0.6
        cards = state.cards
        v -= SLOT_COST * sum(
            1 for i in state.city[seat] if cards[i].kind in ("building", "dwelling")
        )
        sp = state.special[seat]
        if sp is not None:
            for e in cards[sp].effects:
                f = _PER_ROUND.get(e["do"])
                if f:
                    v += rl * f(e)
            v += state.free[seat] * 1.5
            if state.borrow[seat]:
                best = max(state.income_of(s) for s in range(state.n) if s != seat)
                v += state.borrow[seat] * best * 0.6
        return v

    def _market_value(self, state, colour) -> float:
        v = 0.0
        for i in state.specials:
            needs = dict(state.cards[i].needs)
            if colour in needs:
                v += needs[colour] / sum(needs.values())
        return v + (0.1 if colour == "yellow" else 0.0)  # yellow cards are cheap and give income

    def _final_value(self, state, seat, a) -> float:
        if a.kind == "copy" and a.args[0] == "box":
            cat = state.cards
            seen = set(state.specials) | {i for c in state.city for i in c}
            pool = [i for i in catalogue().expert_specials if i not in seen]
            if not pool:
                return 0.0
            total = 0.0
            for i in pool:
                total += state.breakdown(seat, dict(state.choices[seat], copy=cat[i].name))["score"]
            return total / len(pool)
        return state.apply(a).breakdown(seat)["score"]


def worth_considering(state, actions):
    """Leave out a coin the bank cannot pay (a box-limited bank that is empty) while
    anything else is possible: taking it would only pass the turn."""
    if state.bank == 0 and len(actions) > 1:
        return [a for a in actions if a.kind != "coin"]
    return actions


class MinorStepSearchBot(SearchBot):
    """Happy City's hard level: the shared search, which answers which deck to draw
    from as the normal bot does, at once. Only at the table: the coach's rankings
    search a draw too."""

    def decide(self, obs: SeatKnowledge) -> Action:
        if self.answers_at_once(obs.view):
            return self.policy.decide(obs)
        return super().decide(obs)

    def thinks_at(self, view: Mapping[str, Any], moves: int) -> bool:
        return moves > 1 and not self.answers_at_once(view)

    @staticmethod
    def answers_at_once(view: Mapping[str, Any]) -> bool:
        return view.get("stage") == DRAW_STAGE


# Expert's fewest worlds before it drops a candidate in Expert mode. An imagined game
# is mostly won or lost, and on its first 4 worlds every move can come out the same
# (all lost, margins a few points apart): the paired interval is then narrow and the
# race ended there, in a fifth of expert's decisions (a discard with the long search's
# values 0.12-0.35 apart was answered on 4 worlds, its worst move). Its second has
# room for more before a decision counts as settled.
EXPERT_MODE_FEWEST = 16


class FewestWorldsExpertBot(ExpertSearchBot):
    """Happy City's expert: the shared expert search, which in Expert mode compares
    every candidate on ``EXPERT_MODE_FEWEST`` worlds before it drops any."""

    def __init__(self, policy: Policy, seed: int = 0, budget: Budget | None = None):
        super().__init__(policy, seed, budget)
        self.fewest = 0  # the decision's fewest worlds before a drop (0: the search's own)

    def rank(
        self, obs: SeatKnowledge, scores: bool = False, progress: Progress = None
    ) -> list[Ranked]:
        self.fewest = EXPERT_MODE_FEWEST if obs.view.get("mode") == "expert" else 0
        return super().rank(obs, scores, progress)

    def settle(self, values: list[list[float]], alive: list[int], close: float | None) -> list[int]:
        if len(values[alive[0]]) < self.fewest:
            return alive
        return super().settle(values, alive, close)


class HappyCityBot(ExpertMixin, Policy):
    name = "smart"
    close_call = HAPPY_CITY_CLOSE_CALL
    expert_close_call = EXPERT_CLOSE_CALL

    def hard_bot(self, seed: int, budget: Budget | None) -> RankingBot | None:
        return MinorStepSearchBot(self, seed, budget)

    def expert_bot(self, seed: int, budget: Budget) -> RankingBot | None:
        return FewestWorldsExpertBot(self, seed, budget)

    def close_call_at(self, world) -> float | None:
        expert = world.options.get("mode") == "expert"
        minor = world.stage in (EXPERT_MINOR_STAGES if expert else MINOR_STAGES)
        if self.close_call is not None and minor:
            return max(self.close_call, MINOR_CLOSE_CALL)
        return self.close_call

    # Whether the moves inside an imagined game weigh each option as at the table (the
    # turn played to its end) rather than right after it is taken: the benchmarks'
    # long reference and the search as it was before issue 51 item 3 set it.
    full_playouts = False

    def playout_move(self, state, actor, seat, actions):
        if state.options.get("mode") == "expert" and not self.full_playouts:
            return self.expert_choose(state, actor, actions, quick=True)
        return self.pick(state, actor, actions)

    def pick(self, state, seat, actions):
        if len(actions) == 1:
            return actions[0]
        if state.options.get("mode") == "expert":
            return self.expert_choose(state, seat, actions)
        if state.stage == "discard":
            return self._discard(state, seat, actions)
        if state.stage == "refill":
            return self._draw(state, seat, actions)
        best, best_v = None, float("-inf")
        for a in worth_considering(state, actions):
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
        spend = cost * (0.35 if rounds_left else 0.05) * self._coin_worth(state, seat)
        return gain + income_value - spend - (SLOT_COST if card.kind != "special" else 0)

    @staticmethod
    def _coin_worth(state, seat) -> float:
        """Coins matter less once a seat holds more than the dearest card costs."""
        return 1.0 if state.coins[seat] <= 12 else 12 / state.coins[seat]

    def _completion(self, state, seat, card) -> float:
        """What one more card is worth for bringing the end of the game nearer: the
        more so the further the seat leads, and always in a game that drags on (with
        added scoring, a city of cheap cards may otherwise never be finished)."""
        if card.kind == "special":
            return 0.0
        mine = state.breakdown(seat)["score"]
        best_other = max(state.breakdown(s)["score"] for s in range(state.n) if s != seat)
        lead = 0.15 * max(-4.0, min(4.0, mine - best_other))
        push = 0.0 if state.round <= LONG_GAME else 10.0
        return lead * len(state.city[seat]) / 10 + push

    def value(self, state, seat, a):
        cards = state.cards
        if a.kind in ("coin", "pass"):
            return 0.4 * self._coin_worth(state, seat) if a.kind == "coin" else 0.0
        if a.kind == "buy":
            i = next(i for i in state.visible if cards[i].name == a.args[0])
        elif a.kind == "dwelling":
            i = next(p[-1] for p in state.dwellings if p and cards[p[-1]].name == a.args[0])
        elif a.kind == "claim":
            i = next(i for i in state.specials if cards[i].name == a.args[0])
        else:
            return self.rng.below(100) / 1000
        card = cards[i]
        return (
            self.card_value(state, seat, card, state.cost_of(seat, card))
            + self._special_bonus(state, seat, card)
            + self._completion(state, seat, card)
        )

    def _special_bonus(self, state, seat, card):
        """Favour colours that bring an available special within reach."""
        if state.special[seat] is not None or card.colour is None or card.kind == "special":
            return 0.0
        counts = state.colour_counts(seat)
        bonus = 0.0
        expert = state.options.get("mode") == "expert"
        for i in state.specials:
            sp = state.cards[i]
            missing = sum(max(0, k - counts.get(c, 0)) for c, k in sp.needs)
            if missing and dict(sp.needs).get(card.colour, 0) > counts.get(card.colour, 0):
                worth = 3.0 if expert else sp.inhabitants + sp.hearts + sp.income
                bonus = max(bonus, worth / missing * 0.8)
        return bonus

    def _discard(self, state, seat, actions):
        # Keep unless nothing visible is worth buying for us (then fish for better).
        cards = state.cards
        worth = [
            self.card_value(state, seat, cards[i], state.cost_of(seat, cards[i]))
            for i in state.visible
        ]
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


# ---- Happiest Town ----------------------------------------------------------------------------
class HappiestTownBot(Policy):
    """Greedy on a projected score, like the Happy City bot, plus a pull towards the
    facility types that bring an infrastructure card within reach."""

    name = "smart"
    close_call = HAPPIEST_TOWN_CLOSE_CALL
    expert_close_call = EXPERT_CLOSE_CALL

    def expert_bot(self, seed: int, budget: Budget) -> RankingBot | None:
        return HandicapExpertBot(self, seed, budget)

    def pick(self, state, seat, actions):
        if len(actions) == 1:
            return actions[0]
        if state.stage == "discard":
            return self._discard(state, seat, actions)
        if state.stage == "refill":
            budget = state.coins[seat]
            want = 3 if budget >= 7 else 2 if budget >= 4 else 1
            return min(actions, key=lambda a: (abs(a.args[0] - want), a.args[0]))
        if state.stage == "infra":
            return max(
                actions,
                key=lambda a: self.card_value(
                    state,
                    seat,
                    state.cards[next(i for i in state.pending if state.cards[i].name == a.args[0])],
                ),
            )
        best, best_v = None, float("-inf")
        for a in actions:
            v = self.value(state, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best

    def rounds_left(self, state):
        if state.end_triggered:
            return 0
        return max(0, 9 - max(len(c) for c in state.city))

    def card_value(self, state, seat, card):
        b = state.breakdown(seat)
        pop, hap = b["net_population"], b["net_happiness"]
        if state.children:
            gain = card.inhabitants + card.hearts
        else:
            gain = (pop + 1.5 + card.inhabitants) * (hap + 1.5 + card.hearts) - (pop + 1.5) * (
                hap + 1.5
            )
        rl = self.rounds_left(state)
        v = gain + card.income * rl * 0.6 * state.n / 3 - card.cost * (0.35 if rl else 0.05)
        return v + self._infra_pull(state, seat, card)

    def _infra_pull(self, state, seat, card):
        if state.infra[seat] is not None or not card.category:
            return 0.0
        counts = state.type_counts(seat)
        best = 0.0
        for i in state.row:
            need = dict(state.cards[i].needs)
            missing = sum(max(0, k - counts.get(t, 0)) for t, k in need.items())
            if missing and need.get(card.category, 0) > counts.get(card.category, 0):
                c = state.cards[i]
                best = max(best, (c.inhabitants + c.hearts + c.income + 1.5) / missing)
        return best

    def value(self, state, seat, a):
        cards = state.cards
        if a.kind == "pass":
            return 0.0
        if a.kind == "buy":
            i = next(i for i in state.visible if cards[i].name == a.args[0])
        else:
            i = next(p[-1] for p in state.residences if p and cards[p[-1]].name == a.args[0])
        v = self.card_value(state, seat, cards[i]) + self.rng.below(10) / 1000
        if state.round > LONG_GAME:  # never let a game stall: long games push to the end
            v += 10.0
        return v

    def _discard(self, state, seat, actions):
        # Throw away what we cannot use (a card we own, one far beyond our means, or
        # one not worth building), since fresh cards cost nothing but a draw.
        cards = state.cards
        money = state.coins[seat]
        for a in actions:
            if a.kind != "discard":
                continue
            c = next(cards[i] for i in state.visible if cards[i].name == a.args[0])
            if state.owns_name(seat, c.name) or c.cost > money + 3:
                return a
            if c.cost <= money and self.card_value(state, seat, c) < 0.5:
                return a
        return next(a for a in actions if a.kind == "keep")
