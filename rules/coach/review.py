"""A review of one seat's decisions in a finished game: where the move played lost
the most expected score against the best move the ``hard`` bot found.

The game is replayed from its seed and moves. At each decision of the seat (more than
one legal move) the bot ranks the moves from the seat's observation at that moment
(its view then, its legal moves, resampled copies), exactly as it would have at the
table. When the move played is not the bot's choice, both are played out in the same
imagined games (common random numbers) and the seat's scores compared: the mean
difference is the estimated loss, in the game's points. The turning points are the
decisions with the largest losses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..bots import Budget, make_ranker, observe
from .hinting import points_word

TURNING = 3  # turning points shown
WORLDS = 6  # imagined games comparing the move played with the best
RANK_BUDGET = Budget(seconds=0.3, iterations=8)  # the bot's ranking at each decision


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


@dataclass
class Review:
    game: str
    seat: int
    player: str
    points: str  # the game's word for its score
    decisions: list[Decision] = field(default_factory=list)
    complete: bool = True  # False: cancelled part way (not kept with the save)

    @property
    def turning_points(self) -> list[Decision]:
        worst = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.step))
        return worst[:TURNING]

    @property
    def expected_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Review:
        decisions = [Decision(**d) for d in data.get("decisions", [])]
        return cls(
            str(data["game"]),
            int(data["seat"]),
            str(data["player"]),
            str(data["points"]),
            decisions,
            bool(data.get("complete", True)),
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
    return review


def judge_decision(game_id, state, seat, step, key, seed, rank_budget, worlds) -> Decision:
    """The bot's best move at this decision and what the move played lost against it."""
    obs = observe(state, seat)  # the seat's knowledge at that moment, nothing more
    bot = make_ranker(game_id, seed, rank_budget or RANK_BUDGET)
    best = bot.rank(obs)[0].action
    played = next(a for a in obs.legal if a.key == key)
    rnd = obs.view.get("round") if isinstance(obs.view, dict) else None
    loss = 0.0
    if best.key != key:
        diffs = []
        for w in range(worlds):
            world = obs.sample(seed * 7919 + w)
            offered = {a.key: a for a in world.legal_actions(seat)}
            if best.key not in offered or key not in offered:
                continue  # this copy holds other hidden cards: no fair comparison
            ends = [bot.imagine(world, seat, offered[k]) for k in (best.key, key)]
            if None in ends:
                continue
            diffs.append(score_of(ends[0], seat) - score_of(ends[1], seat))
        loss = max(0.0, sum(diffs) / len(diffs)) if diffs else 0.0
    return Decision(step, rnd, played.label, best.label, round(loss, 2), key, best.key)


def score_of(state: Any, seat: int) -> float:
    return float(state.result()["scores"][seat])


def review_text(review: Review) -> str:
    """The review in words (``tabletop review SAVE`` prints it; the screen shows it)."""
    word = review.points
    lines = [
        f"Review of {review.player}'s decisions ({len(review.decisions)} with a choice)"
        + ("" if review.complete else ", stopped part way"),
        f"Expected {word} lost against the hard bot's best moves: {review.expected_loss:.1f}",
    ]
    turning = review.turning_points
    if not turning:
        lines.append("No turning point: every move played was as good as the best found.")
    for n, d in enumerate(turning, start=1):
        where = f"round {d.round}, " if d.round is not None else ""
        lines.append(f"{n}. {where}move {d.step + 1}: about {d.loss:.1f} {word} lost")
        lines.append(f"   played: {d.played}")
        lines.append(f"   best found: {d.best}")
    return "\n".join(lines)
