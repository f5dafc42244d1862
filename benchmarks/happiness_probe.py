"""Where Happiness games are won: `python benchmarks/happiness_probe.py MODE [...]`.

A benchmark-only look at the 2-player game, hard's opponent always ``normal``:

- ``oracle``: a ceiling. The oracle sees the live state (both hands, the deck order),
  so one imagined game per candidate is the real future, given greedy play after it.
  It is never a level and never shipped: it lives here only.
- ``--kinds``: which decisions the stronger side makes itself (``play``: laying a
  Joycard, ``window``: claiming the silence, ``bummer``: where a Bummer goes); the
  rest it leaves to ``normal``. That shows which decisions carry the edge.

Deals are mirrored (each seed from both seats), as in ``benchmarks/bots.py``.

What it showed (session 6, 20 games each unless said, seeds from 1000):

- the oracle on every decision wins 100% (+15.5 Joypoints a game); on Joycard
  placements alone 95% (+16.4: 12.4 Euphoria points a game against normal's 0.5, and
  its own Bummers sweep 10.3 while the rival's sweep 5.1); on the silence alone 55%,
  on Bummer placements alone 55%. With only hard's close candidates it still wins 90%.
- the old search (``search``) scored 1.1 Euphoria points a game: it never built pluses.
- the planner told the rival's real hand (``plan-peek``) wins 71% of 200 (+5.7); the
  fair planner (``hard``) 54% of 1000 games: the rest of the ceiling is the rival's
  hand, of which a greedy rival's choices show about a quarter.
- hard with the search on the silence or on Bummer placements did no better (49% of
  60, 54% of 200); claiming the silence for smaller or only bigger sweeps neither.

Session 7 (``plan-peek-joy`` / ``plan-peek-bummer``: the planner told only the
rival's Joycards or only its Bummers; ``plan-calibrate``: the fair planner, its odds
that the rival holds a Joycard fitting a spot scored against the real hand):

- told only the Joycards it wins 68% of 300 (CI 62-73%; Euphoria 6.5 a game against
  normal's 0.8), only the Bummers 56% of 300 (50-62%): the gap is whether a hole the
  planner leaves is safe from the rival's Joycards.
- the odds carry little more than the deck's mix: Brier 0.117 with the notes, 0.124
  without them, 0.207 for a constant guess (100 games). They run low: odds of 0.6-0.8
  came true 0.88-0.90 of the time, because a greedy rival hoards what it never
  chooses (its hand held 57% 1-point cards against the deck's 33%, 56% cards with a
  bolt against 39%).
- tried and dropped (win rates over the same deals, 400 games from seed 5000 or 600
  from seed 7000, where today's hard won 60% and 59%): a soft reading of every rival
  play (the chance of its choice had it held each card, a logistic over normal's
  estimate, over each way the card may have come in; it fits the hoarding by points
  better) 57-58%; odds sharpened to make up for running low 56-57% (both sides
  build fewer pluses), made bolder 56%; two holes left at once valued as one for each side 60%;
  silences read after the seat's own plays too 60%; the rival's filler worth 1.6
  58%; other plus and sweep weights 53%; Bummers placed by what the sweep leaves
  (the planner's holes and sweeps) 60%.
- kept: on its last turns the planner counts only what can still happen (no plus
  of its own with no turn left, no rival plus with no rival turn left, no sweep with
  no silence left): 60% of 600 (margin +2.0 against +1.8). Deals vary: from seed
  1000 (``benchmarks/bots.py``'s deals) the same hard wins 56% of 1000.

Session 8 (hard is now ``happiness_search``: the planner's close placements compared
on imagined games; ``plan`` is the planner alone; ``overrides``: wherever hard answers
differently from the planner, both answers played on in the live game by the planner
against normal, a far less noisy judge than whole games; 200 ms a decision):

- placements in the last turns (deck of 6 or fewer, imagined games to the end, the
  seat's follow-ups by the planner): from seed 7000 (80 games, 652 decisions) hard
  differed 114 times, its answers winning +3.5 games in all, margin +0.79 a
  difference (+2.5 and +0.80 over 94 differences when a lead must clear 2 standard
  errors); from seed 8000 (60 games) 61 differences, -2.0 games, margin -1.10. Neutral
  within the noise.
- the silence in the last turns: 28 differences, -3.0 games; Bummer spots: 9, 0.0.
  Both dropped (they stay the planner's).
- placements earlier in the game (seed 9000, 24 games, a lead of 2 standard errors):
  the seat's follow-ups by the planner over one more turn, 19 differences, -1 game,
  margin +0.05; by normal over two turns, 16, -1, +1.38. With a lead of 1 standard
  error, normal's follow-ups (seed 5000, 12 games): 34 differences in 98 decisions, 0
  games, margin -0.35; whole games (60 from seed 5000): 62% (CI 50-74%) over one more
  turn, 58% (46-70%) over two. No gain shown, and about 5-30 worlds a decision fit
  the budget, so the search runs only in the last turns, where imagined games end
  the game and count the win.
- confirmed (``benchmarks/bots.py --only Happiness --pair hard --games 1000``, the
  same 500 deals from both seats, one process, load 3-10): hard wins 56% (CI
  53-59%) against the planner's 55% (52-58%): the search is neutral, as the screens
  said. Decision time: median 0.6 ms, p95 194.8, max 215.1 (the planner's 0.5 / 6.6
  / 24.3).
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from benchkit import wilson

import rules
from rules.botkit.base import Bot, SeatKnowledge, reward
from rules.botkit.search import SearchBot
from rules.bots import Budget, make_bot

GAME, OPTIONS = "happiness", {"silence": "turns"}
KINDS = ("play", "window", "bummer")


class Oracle(SearchBot):
    """Sees everything: each candidate is played once in a copy of the live game and
    the greedy policy finishes it. Every candidate is compared, to the end."""

    def __init__(self, policy, seed: int = 0, narrow: bool = False):
        super().__init__(policy, seed, Budget(seconds=None, iterations=1))
        self.policy.settled = None  # type: ignore[method-assign,assignment]
        self.policy.judge = reward  # type: ignore[method-assign]
        self.policy.horizon = None
        if not narrow:  # narrow: only the candidates hard itself compares
            self.policy.candidates = self._all  # type: ignore[method-assign]

    def _all(self, world, seat, actions, k):
        best = self.policy.pick(world, seat, actions)
        if world.stage == "story" or world.stage == "build":
            return [best]
        return [best, *[a for a in actions if a != best]]

    def choose(self, state, seat):
        obs = SeatKnowledge(seat, {}, state.legal_actions(seat), [], lambda _s: state.copy())
        return self.decide(obs)


FAIR_HOLDS: dict = {}


def _peeking_planner(peek=(True, True)):
    """``peek``: which rival cards it is told of, indexed by is-a-Bummer."""
    from rules.happiness.bot.plan import PlanningHappinessBot, Unseen, fits

    fair = FAIR_HOLDS.setdefault("fn", Unseen.rival_holds)  # the unpatched odds

    class Peek(PlanningHappinessBot):
        """The planner told the truth about the rival's hand (a ceiling, not fair)."""

        def choose(self, state, seat):
            live = state

            def rival_holds(self, need, bummer):
                if not peek[bummer]:
                    return fair(self, need, bummer)
                return float(
                    any(
                        live.cards[i].is_bummer == bummer and fits(live.cards[i].edges, need)
                        for s, h in enumerate(live.hands)
                        if s != seat
                        for i in h
                    )
                )

            Unseen.rival_holds = rival_holds  # type: ignore[method-assign]
            return super().choose(state, seat)

    return Peek


CALIBRATION: list = []  # (odds with the notes, odds without, truth) per Joycard ask


def _calibrating_planner():
    """The fair planner, each of its Joycard odds recorded beside the truth."""
    from rules.happiness.bot.plan import PlanningHappinessBot, Unseen, fits

    fair = FAIR_HOLDS.setdefault("fn", Unseen.rival_holds)

    class Calibrating(PlanningHappinessBot):
        def choose(self, state, seat):
            live = state

            def rival_holds(self, need, bummer):
                odds = fair(self, need, bummer)
                if not bummer:
                    prior = self.rival_cards / max(1, self.live) * self.live_joy / len(self.joy)
                    fit = sum(1 for i in self.joy if fits(self.cards[i].edges, need))
                    truth = any(
                        not live.cards[i].is_bummer and fits(live.cards[i].edges, need)
                        for i in live.hands[1 - seat]
                    )
                    CALIBRATION.append(
                        (odds, 1.0 - (1.0 - min(1.0, prior)) ** fit, truth, live.turns_played)
                    )
                return odds

            Unseen.rival_holds = rival_holds  # type: ignore[method-assign]
            return super().choose(state, seat)

    return Calibrating


def calibration_lines() -> list[str]:
    """Brier scores and a reliability table of the recorded odds."""
    if not CALIBRATION:
        return []
    n = len(CALIBRATION)
    out = []
    for k, name in ((0, "with the notes"), (1, "without them")):
        brier = sum((row[k] - row[2]) ** 2 for row in CALIBRATION) / n
        out.append(f"  Joycard odds {name}: Brier {brier:.3f} over {n} asks")
    base = sum(row[2] for row in CALIBRATION) / n
    out.append(f"  a constant guess ({base:.2f}): Brier {base * (1 - base):.3f}")
    for first, last in ((0, 2), (3, 10), (11, 99)):
        out.append(f"  turns {first}-{last}, odds with / without the notes:")
        asks = [r for r in CALIBRATION if first <= r[3] <= last]
        for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
            line = f"    odds {lo:.1f}-{lo + 0.2:.1f}:"
            for k in (0, 1):
                rows = [r for r in asks if lo <= r[k] < lo + 0.2 or (lo == 0.8 and r[k] == 1.0)]
                held = sum(r[2] for r in rows) / len(rows) if rows else float("nan")
                line += f" {len(rows):6} asks held {held:.2f} |"
            out.append(line)
    return out


def PeekingPlanner(seed, peek=(True, True)):  # noqa: N802 - a class factory
    return _peeking_planner(peek)(seed)


class Mixed(Bot):
    """The strong bot on the decision kinds in ``kinds``, ``normal`` elsewhere."""

    def __init__(self, strong: Bot, normal: Bot, kinds: set[str]):
        super().__init__(0)
        self.strong, self.normal, self.kinds = strong, normal, kinds
        self.counts: dict[str, int] = defaultdict(int)  # decisions where they differ

    def choose(self, state, seat):
        bot = self.strong if state.stage in self.kinds else self.normal
        return bot.choose(state, seat)


def strong_bot(kind: str, seed: int, budget: Budget) -> Bot:
    if kind == "search":  # the search the other card games use, over normal's policy
        return SearchBot(rules.bots.policy_for(GAME, seed), seed, budget)
    if kind == "plan":  # the planner alone, without the search (hard before session 8)
        from rules.happiness.bot.plan import PlanningHappinessBot

        return PlanningHappinessBot(seed)
    if kind == "plan-peek":
        return PeekingPlanner(seed)
    if kind == "plan-calibrate":
        return _calibrating_planner()(seed)
    if kind in ("plan-peek-joy", "plan-peek-bummer"):  # told only of one kind of card
        return PeekingPlanner(seed, (kind == "plan-peek-joy", kind == "plan-peek-bummer"))
    if kind.startswith("oracle"):
        return Oracle(rules.bots.policy_for(GAME, seed), seed, kind == "oracle-narrow")
    return make_bot(GAME, kind, seed, budget)


def play_one(seed: int, strong_seat: int, kind: str, kinds: set, budget: Budget, times):
    spec = rules.get_game(GAME)
    state = spec.new_game(["P1", "P2"], seed=seed, options=OPTIONS)
    bots: list[Bot] = [make_bot(GAME, "normal", seed * 31 + i) for i in range(2)]
    me = seed * 31 + strong_seat
    if "+" in kind:  # "plan+hard": the first on Joycards, the second on the rest
        first, second = kind.split("+")
        inner = Mixed(strong_bot(second, me, budget), bots[strong_seat], kinds - {"play"})
        bots[strong_seat] = Mixed(strong_bot(first, me, budget), inner, {"play"})
    else:
        bots[strong_seat] = Mixed(strong_bot(kind, me, budget), bots[strong_seat], kinds)
    while not state.is_over:
        seat = state.actors()[0]
        t0 = time.process_time()
        action = bots[seat].choose(state, seat)
        if seat == strong_seat and len(state.legal_actions(seat)) > 1:
            times[state.stage].append(time.process_time() - t0)
        state = state.apply(action)
    return state


def played_on(state, seat: int, notes) -> tuple[float, int]:
    """The live game (real hands and deck) finished by the planner for ``seat`` and
    ``normal`` for the rival: the seat's win share and margin. An oracle's judge of
    one decision, never a bot."""
    from rules.happiness.bot.greedy import HappinessBot
    from rules.happiness.bot.plan import PlanningHappinessBot

    plan, rival = PlanningHappinessBot(9), HappinessBot(5)
    plan.notes = notes
    while not state.is_over:
        actor = state.actors()[0]
        acts = state.legal_actions(actor)
        bot = plan if actor == seat else rival
        state = state.apply(acts[0] if len(acts) == 1 else bot.pick(state, actor, acts))
    res = state.result()
    share = 1.0 / len(res["winners"]) if seat in res["winners"] else 0.0
    return share, res["scores"][seat] - res["scores"][1 - seat]


def override_check(deals: int, seed0: int, budget: Budget, stages: set) -> list[str]:
    """Decision by decision: in games of the planner against ``normal``, wherever the
    search (hard) answers differently from the planner, both answers are played on in
    the live game and compared. Far less noisy than whole games: the deal, the hands
    and the later play are the same on both sides."""
    import copy

    from rules.happiness.bot.plan import PlanningHappinessBot
    from rules.happiness.bot.search import SearchingHappinessBot

    rows: dict[str, list] = defaultdict(lambda: [0, 0, 0.0, 0.0])
    for d in range(deals):
        for strong in (0, 1):
            state = rules.get_game(GAME).new_game(["P1", "P2"], seed=seed0 + d, options=OPTIONS)
            bots: list[Bot] = [make_bot(GAME, "normal", 31 * d + k) for k in range(2)]
            planner = bots[strong] = PlanningHappinessBot(31 * d + strong)
            while not state.is_over:
                seat = state.actors()[0]
                action = bots[seat].choose(state, seat)
                if seat == strong and state.stage in stages and len(state.legal_actions(seat)) > 1:
                    row = rows[state.stage]
                    row[0] += 1
                    search = SearchingHappinessBot(31 * d + len(state.log_entries()), budget)
                    search.notes = copy.deepcopy(planner.notes)
                    other = search.choose(state, seat)
                    if other != action:
                        won, margin = played_on(state.apply(other), seat, search.notes)
                        won0, margin0 = played_on(state.apply(action), seat, search.notes)
                        row[1] += 1
                        row[2] += won - won0
                        row[3] += margin - margin0
                state = state.apply(action)
    return [
        f"  {stage}: {n} decisions, hard differs at {k}; played on, its answers win "
        f"{won:+.1f} games more in all, margin {margin / max(1, k):+.2f} a difference"
        for stage, (n, k, won, margin) in sorted(rows.items())
    ]


def parse(argv) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "kind",
        help="the stronger side: oracle, oracle-narrow, hard (the searching planner), plan "
        "(the planner alone), search (the shared search), normal, "
        "plan-peek (-joy, -bummer: told only those), plan-calibrate, or FIRST+SECOND "
        "(FIRST lays Joycards, SECOND the rest); or overrides: where hard and the "
        "planner differ, each answer played on in the live game",
    )
    p.add_argument("--kinds", default=",".join(KINDS), help="decisions it makes itself")
    p.add_argument("--deals", type=int, default=10, help="deals, each played from both seats")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--seconds", type=float, default=0.2)
    p.add_argument("--set", default="", help="planner weights, NAME=VALUE,... (trials)")
    p.add_argument(
        "--search",
        default="",
        help="the search's settings for trials, NAME=VALUE,... (happiness_search)",
    )
    return p.parse_args(argv)


def set_trial(target, settings: str, keep_type: bool = False) -> None:
    """``NAME=VALUE,...`` set on ``target`` (a module or a class) for a trial run, as
    floats (or as the type each name has, with ``keep_type``)."""
    for item in filter(None, settings.split(",")):
        name, value = item.split("=")
        cast = type(getattr(target, name)) if keep_type else float
        setattr(target, name, cast(float(value)))


def matches(args, kinds: set[str]) -> None:
    """Every deal from both seats, the stronger side against normal: wins, margins,
    where the points came from and how long each kind of decision took."""
    budget = Budget(seconds=args.seconds)
    times: dict[str, list[float]] = defaultdict(list)
    score, margins = 0.0, []
    parts: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for d in range(args.deals):
        for seat in (0, 1):
            end = play_one(args.seed + d, seat, args.kind, kinds, budget, times)
            res = end.result()
            if seat in res["winners"]:
                score += 1.0 / len(res["winners"])
            margins.append(res["scores"][seat] - res["scores"][1 - seat])
            for key in ("joypoints", "euphoria", "bummed_out"):
                for k, who in enumerate((seat, 1 - seat)):
                    parts[key][k] += end.breakdown(who)[key] / (2 * args.deals)
    n = 2 * args.deals
    lo, hi = wilson(score, n)
    print(
        f"{args.kind} on {sorted(kinds)} vs normal: wins {score / n:.0%} of {n} "
        f"(95% CI {lo:.0%}-{hi:.0%}); mean margin {sum(margins) / n:+.1f}"
    )
    print(
        "  points a game, strong / normal: "
        + ", ".join(f"{key} {a:.1f} / {b:.1f}" for key, (a, b) in parts.items())
    )
    for line in calibration_lines():
        print(line)
    for stage, ts in sorted(times.items()):
        ts.sort()
        print(f"  {stage:7} {len(ts):4} decisions, median {ts[len(ts) // 2] * 1000:.1f} ms")


def main(argv=None) -> None:
    args = parse(argv)
    if args.search:
        from rules.happiness.bot import (
            search as happiness_search,  # (only for a trial of its settings)
        )

        set_trial(happiness_search, args.search, keep_type=True)
    kinds = set(args.kinds.split(","))
    if args.kind == "overrides":
        print(f"hard's answers against the planner's, {2 * args.deals} games from {args.seed}:")
        for line in override_check(args.deals, args.seed, Budget(seconds=args.seconds), kinds):
            print(line)
        return
    if args.set:
        from rules.happiness.bot.plan import Planner  # (only for a trial of its weights)

        set_trial(Planner, args.set)
    matches(args, kinds)


if __name__ == "__main__":
    main()
