"""A save replayed for the read-only viewer: the state before and after every move.

Loading checks the save the way the resume list does, then replays it once, keeping
a copy of the state every CHECKPOINT moves; any other step is reached by applying
at most CHECKPOINT - 1 moves from the copy before it. Nothing here imports Textual.
What a screen may show comes only from ``view(seat)`` and ``log_for(seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .saves import SaveProblem, brief, check_record, read_json

CHECKPOINT = 20


class ReplayError(ValueError):
    """A save that cannot be replayed; the message names the file and the reason
    (cut short: it can quote whatever the file holds)."""

    def __init__(self, message: str):
        super().__init__(brief(message))


@dataclass
class Replay:
    path: Path
    spec: Any
    players: list[str]
    actions: list[Any]  # parsed actions, with their labels
    checkpoints: list[Any] = field(repr=False)
    _cache: tuple[int, Any] | None = field(default=None, repr=False)
    _lines: dict[int | None, list[list[str]]] = field(default_factory=dict, repr=False)

    @property
    def last(self) -> int:
        """The number of moves; steps run from 0 (the set-up) to ``last``."""
        return len(self.actions)

    @property
    def over(self) -> bool:
        return bool(self.state_at(self.last).is_over)

    def state_at(self, step: int) -> Any:
        step = max(0, min(step, self.last))
        if self._cache and self._cache[0] == step:
            return self._cache[1]
        base = (step // CHECKPOINT) * CHECKPOINT
        state = self.checkpoints[step // CHECKPOINT]
        if self._cache and base <= self._cache[0] <= step:
            base, state = self._cache
        for action in self.actions[base:step]:
            state = state.apply(action)
        self._cache = (step, state)
        return state

    def view(self, step: int, seat: int | None) -> dict:
        return self.state_at(step).view(seat)

    def log(self, step: int, seat: int | None) -> list[str]:
        return list(self.state_at(step).log_for(seat))

    def lines_by_step(self, seat: int | None) -> list[list[str]]:
        """For every step, the log lines it added that this seat may read (one pass)."""
        if seat not in self._lines:
            state = self.checkpoints[0]
            seen = state.log_for(seat)
            out = [list(seen)]
            for action in self.actions:
                state = state.apply(action)
                log = state.log_for(seat)
                out.append(list(log[len(seen) :]))
                seen = log
            self._lines[seat] = out
        return self._lines[seat]

    def new_lines(self, step: int, seat: int | None) -> list[str]:
        """The log lines this seat could read that the move of this step added."""
        return self.lines_by_step(seat)[max(0, min(step, self.last))]

    def step_label(self, step: int, seat: int | None = None) -> str:
        """What the step did, in words this seat may read: the first log line it added
        (an action's own label could name something only its seat knows)."""
        if step == 0:
            return "Set-up"
        action = self.actions[step - 1]
        who = self.players[action.seat] if 0 <= action.seat < len(self.players) else "?"
        lines = self.new_lines(step, seat)
        if lines:
            return lines[0]
        if seat == action.seat:
            return f"{who}: {action.label or action.key}"
        return f"{who} acts"


def failure_at(path: Path, raw: dict, spec: Any, step: int, key: str, exc: Exception) -> str:
    """Why step ``step`` failed, as the game's own loader words it: it knows more, such
    as the rules edition an older Sweet Lands save was played under."""
    from rules.core import IllegalAction, SaveError

    try:
        spec.from_save(raw, path=path.name)
    except SaveError as refused:
        if refused.step == step:
            return str(refused)
    except Exception:  # noqa: BLE001 - fall back to our own words below
        pass
    if isinstance(exc, IllegalAction):
        return f"{path.name}: step {step}: {key[:80]!r} is illegal: {exc.reason}"
    return f"{path.name}: step {step}: {key[:80]!r} could not be replayed ({type(exc).__name__})"


def load_replay(path: str | Path) -> Replay:
    """The save replayed for the viewer; ReplayError names the file and what is wrong,
    whatever the file holds (never another exception)."""
    path = Path(path)
    try:
        missing = not path.exists() and not path.is_symlink()
    except OSError as exc:  # e.g. a name too long for the file system
        raise ReplayError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if missing:
        raise ReplayError(f"{path}: no such save file")
    try:
        raw = read_json(path)
        spec, players, options = check_record(raw)
    except SaveProblem as exc:
        raise ReplayError(f"{path.name or path}: {exc}") from None  # "" is the folder "."
    try:
        state = spec.new_game(players, seed=raw.get("seed", 0), options=options)
    except Exception as exc:  # noqa: BLE001 - any fault of a bad save is named, never fatal
        raise ReplayError(f"{path.name}: cannot set the game up ({exc})") from None
    actions, checkpoints = [], [state]
    for i, key in enumerate(raw["actions"], start=1):
        try:
            action = spec.parse_action(key)
            state = state.apply(action)
        except Exception as exc:  # noqa: BLE001 - any fault of a bad save is named, never fatal
            raise ReplayError(failure_at(path, raw, spec, i, key, exc)) from None
        actions.append(action)
        if i % CHECKPOINT == 0:
            checkpoints.append(state)
    replay = Replay(path, spec, list(players), actions, checkpoints)
    replay._cache = (len(actions), state)
    return replay
