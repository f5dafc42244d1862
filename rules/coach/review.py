"""A review of one seat's decisions in a finished game: where the move played lost
the most expected score against the best move the ``hard`` bot found.

The game is replayed from its seed and moves. At each decision of the seat (more than
one legal move) the bot ranks the moves from the seat's observation at that moment
(its view then, its legal moves, resampled copies), exactly as it would have at the
table. When the move played is not the bot's choice, both are played out in the same
imagined games (common random numbers) and the seat's scores compared game by game
(``paired``): the mean difference is the estimated loss, in the game's points, with a
95% interval. A move is a mistake only when the whole interval is a loss; otherwise it
was about as good, and it costs nothing in the total. Every imagined game is drawn
from what the player could know at that moment, so a blind draw or a hidden card is
judged by the odds the player faced, never by what came up.

The total is the sum of the mistakes' losses, never more than the seat could have
gained: the best the bot's imagined games expected for the seat at any decision,
less the score the seat made. The turning points are the largest mistakes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from .. import get_game
from ..bots import Budget, make_ranker, observe, paired
from .hinting import points_word

TURNING = 3  # turning points shown
WORLDS = 6  # imagined games comparing the move played with the best
RANK_BUDGET = Budget(seconds=0.3, iterations=8)  # the bot's ranking at each decision
METHOD = 2  # how losses are judged; a review kept under another method is made again
MISTAKE, WITHIN_NOISE = "mistake", "about as good"


class Cancelled(Exception):
    """The review was stopped before the end."""


@dataclass
class Decision:
    step: int  # index of the move in the game's list of moves
    round: Any
    played: str  # labels, for people
    best: str
    loss: float  # expected points lost against the best move (0: none found)
    played_key: str = ""
    best_key: str = ""
    low: float | None = None  # the loss's 95% interval, game by game
    high: float | None = None
    verdict: str = ""  # MISTAKE, WITHIN_NOISE, or "" (the bot's own move was played)
    best_expected: float | None = None  # the seat's mean final score after the best move
    # for a mistake: what each move costs, gives and sets up, in the game's words
    played_why: str = ""
    best_why: str = ""


@dataclass
class Review:
    game: str
    seat: int
    player: str
    points: str  # the game's word for its score
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True  # False: cancelled part way (not kept with the save)
    final_score: float | None = None  # what the seat scored

    @property
    def mistakes(self) -> list[Decision]:
        return [d for d in self.decisions if d.verdict == MISTAKE]

    @property
    def turning_points(self) -> list[Decision]:
        worst = sorted(self.mistakes, key=lambda d: (-d.loss, d.step))
        return worst[:TURNING]

    @property
    def could_gain(self) -> float | None:
        """The most the seat could have gained: the best final score the imagined games
        expected for it at any judged decision, less what it scored (None: unknown)."""
        best = [d.best_expected for d in self.decisions if d.best_expected is not None]
        if not best or self.final_score is None:
            return None
        return max(0.0, max(best) - self.final_score)

    @property
    def expected_loss(self) -> float:
        """The mistakes' losses added up, bounded by ``could_gain``."""
        total = sum(d.loss for d in self.mistakes)
        bound = self.could_gain
        return total if bound is None else min(total, bound)

    @property
    def loss_margin(self) -> float:
        """The "±" of the summed losses (the mistakes' intervals, taken as independent)."""
        halves = [(d.high - d.low) / 2 for d in self.mistakes if d.low is not None and d.high]
        return sum(h * h for h in halves) ** 0.5

    def to_json(self) -> dict:
        return asdict(self) | {"method": METHOD}

    @classmethod
    def from_json(cls, data: dict) -> Review:
        if data.get("method") != METHOD:
            raise ValueError("a review judged another way: made again")
        decisions = [Decision(**d) for d in data.get("decisions", [])]
        score = data.get("final_score")
        return cls(
            str(data["game"]),
            int(data["seat"]),
            str(data["player"]),
            str(data["points"]),
            decisions,
            bool(data.get("complete", True)),
            float(score) if isinstance(score, (int, float)) else None,
        )


def review_game(
    spec: Any,
    final: Any,
    seat: int,
    seed: int = 0,
    rank_budget: Budget | None = None,
    worlds: int = WORLDS,
    progress: Callable[[float], None] | None = None,
) -> Review:
    """Review ``seat``'s decisions in the finished game ``final``. ``progress`` is told
    the share done after each move; raising Cancelled from it stops the review."""
    keys = final.action_keys()
    review = Review(spec.id, seat, final.players[seat], points_word(spec.id))
    state = spec.new_game(list(final.players), seed=final.seed, options=dict(final.options))
    for step, key in enumerate(keys):
        action = spec.parse_action(key)
        if action.seat == seat and seat in state.actors():
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                review.decisions.append(
                    judge_decision(
                        spec.id, state, seat, step, key, seed + step, rank_budget, worlds
                    )
                )
        state = state.apply(action)
        if progress is not None:
            progress((step + 1) / len(keys))
    review.final_score = score_of(state, seat) if state.is_over else None
    return review


def judge_decision(game_id, state, seat, step, key, seed, rank_budget, worlds) -> Decision:
    """The bot's best move at this decision and what the move played lost against it."""
    obs = observe(state, seat)  # the seat's knowledge at that moment, nothing more
    bot = make_ranker(game_id, seed, rank_budget or RANK_BUDGET)
    best = bot.rank(obs)[0].action
    played = next(a for a in obs.legal if a.key == key)
    rnd = obs.view.get("round") if isinstance(obs.view, dict) else None
    if best.key == key:
        return Decision(step, rnd, played.label, best.label, 0.0, key, best.key)
    best_ends, played_ends = [], []
    for w in range(worlds):
        world = obs.sample(seed * 7919 + w)
        offered = {a.key: a for a in world.legal_actions(seat)}
        if best.key not in offered or key not in offered:
            continue  # this copy holds other hidden cards: no fair comparison
        ends = [bot.imagine(world, seat, offered[k]) for k in (best.key, key)]
        if None in ends:
            continue
        best_ends.append(score_of(ends[0], seat))
        played_ends.append(score_of(ends[1], seat))
    diff = paired(best_ends, played_ends)
    verdict = MISTAKE if diff.clear and diff.mean > 0 else WITHIN_NOISE
    expected = sum(best_ends) / len(best_ends) if best_ends else None
    why = {"played_why": "", "best_why": ""}
    if verdict == MISTAKE:  # a turning point says what each move does
        explainer = get_game(game_id).explainer
        for field_name, action in (("played_why", played), ("best_why", best)):
            told = explainer.action(state, seat, action)
            lines = told.of_kind("cost", "gain", "setup") or told.of_kind("fact")
            why[field_name] = "; ".join(x.text() for x in lines)
    return Decision(
        step,
        rnd,
        played.label,
        best.label,
        round(max(0.0, diff.mean), 2),
        key,
        best.key,
        round(diff.low, 2) if diff.games > 1 else None,
        round(diff.high, 2) if diff.games > 1 else None,
        verdict,
        None if expected is None else round(expected, 2),
        **why,
    )


def score_of(state: Any, seat: int) -> float:
    return float(state.result()["scores"][seat])


def review_text(review: Review) -> str:
    """The review in words (``tabletop review SAVE`` prints it; the screen shows it)."""
    word = review.points
    mistakes, noisy = review.mistakes, sum(d.verdict == WITHIN_NOISE for d in review.decisions)
    lines = [
        f"Review of {review.player}'s decisions ({len(review.decisions)} with a choice)"
        + ("" if review.complete else ", stopped part way"),
        f"Expected {word} lost to clear mistakes: {review.expected_loss:.1f}"
        + (f" (give or take {review.loss_margin:.1f})" if mistakes else ""),
    ]
    bound = review.could_gain
    if bound is not None and sum(d.loss for d in mistakes) > bound:
        lines.append(
            f"  (capped at {bound:.1f}: the most the imagined games ever expected for "
            f"{review.player}, less the {review.final_score:g} scored)"
        )
    lines.append(
        f"{len(mistakes)} clear mistake{'s' * (len(mistakes) != 1)}; {noisy} other "
        f"move{'s' * (noisy != 1)} differed from the bot's but within the noise of "
        "its imagined games (about as good)."
    )
    turning = review.turning_points
    if not turning:
        lines.append("No turning point: no move played was clearly worse than the best found.")
    for n, d in enumerate(turning, start=1):
        where = f"round {d.round}, " if d.round is not None else ""
        spread = f" ({d.low:.1f} to {d.high:.1f})" if d.low is not None and d.high else ""
        lines.append(f"{n}. {where}move {d.step + 1}: about {d.loss:.1f} {word} lost{spread}")
        lines.append(f"   played: {d.played}" + (f" ({d.played_why})" if d.played_why else ""))
        lines.append(f"   best found: {d.best}" + (f" ({d.best_why})" if d.best_why else ""))
    return "\n".join(lines)
