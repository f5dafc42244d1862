"""GameSpec: what the registry hands out for each game id; saves and replay."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from .actions import Action, Option
from .errors import IllegalAction, SaveError, brief
from .explain import Explainer
from .state import GameState
from .text import name_problem

# What a game's package gives the registry to start a game: (names, seed, options
# already resolved) -> the first state.
# The game's own state class: a spec made with a game's factory hands out that class
# (``GameSpec[SweetLandsState]``), so code that knows the game gets its typed record.
S = TypeVar("S", bound=GameState, covariant=True)

SAVE_FORMAT = 1
# Seeds beyond this are refused: the generator folds them anyway, and a bound keeps
# a hand-edited save from carrying a number that is slow to read.
MAX_SEED = 2**63 - 1


@dataclass(frozen=True)
class GameSpec(Generic[S]):
    id: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    factory: Callable[[list[str], int, dict[str, Any]], S] = field(repr=False)
    labeler: Callable[[Action], str] | None = field(default=None, repr=False)
    summary: str = ""  # one line for menus and the setup screen
    order: int = 100  # menus list games by this, then by title
    solo: str = ""  # what one player plays against, for games that allow one player
    # Whether a seat ever holds something the others may not see (a hand, a private
    # draw). A game without such a thing needs no opaque hand-off between players.
    private_info: bool = True
    # What a move costs and gives and what a thing does, asked for when shown
    # (core.explain); the default knows only labels and the engine's refusals.
    explainer: Explainer = field(default_factory=Explainer, repr=False)

    # ---- creating games --------------------------------------------------
    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"options must map option names to choices, not {brief(options)}")
        out = {name: opt.default for name, opt in self.options.items()}
        for name, value in (options or {}).items():
            if name not in self.options:
                raise ValueError(f"{self.title} has no option {brief(name)}")
            opt = self.options[name]
            if not opt.allows(value):
                allowed = ", ".join(map(repr, opt.choices))
                raise ValueError(
                    f"option '{name}' cannot be {brief(value)} (choose from {allowed})"
                )
            out[name] = value
        return out

    def check_players(self, players: Any) -> list[str]:
        """The seat names as a list, or ValueError: a string is not a list of names."""
        if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, (list, tuple)):
            raise ValueError(f"players must be a list of names, not {brief(players)}")
        if not all(isinstance(p, str) for p in players):
            raise ValueError("every player name must be text")
        for name in players:  # checked before anything is made from a name
            if problem := name_problem(name):
                raise ValueError(problem)
        if not self.min_players <= len(players) <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {len(players)}"
            )
        return list(players)

    def new_game(
        self, players: list[str], seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> S:
        names = self.check_players(players)
        if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
            raise ValueError(
                f"the seed must be a whole number (at most {MAX_SEED}), not {brief(seed)}"
            )
        return self.factory(names, seed, self.resolve_options(options))

    def parse_action(self, key: str) -> Action:
        action = Action.parse(key)
        if self.labeler is not None:
            action = Action(action.seat, action.kind, action.args, self.labeler(action))
        return action

    # ---- saves -----------------------------------------------------------
    def to_save(self, state: GameState) -> dict[str, Any]:
        data = {
            "format": SAVE_FORMAT,
            "game": self.id,
            "players": list(state.players),
            "seed": state.seed,
            "options": dict(state.options),
            "actions": state.action_keys(),
        }
        extra = state.save_extra()
        if extra:  # e.g. the rules edition a save was played under (Sweet Lands)
            data["extra"] = extra
        return data

    def from_save(self, data: Mapping[str, Any], path: str | None = None) -> S:
        """Replay a save; any failure, at the header or at a step, is a SaveError."""
        if not isinstance(data, Mapping):
            raise SaveError("the save is not a JSON object", path=path)
        if data.get("format") != SAVE_FORMAT or type(data.get("format")) is not int:
            raise SaveError(f"unknown save format {brief(data.get('format'))}", path=path)
        if data.get("game") != self.id:
            raise SaveError(
                f"the save is for {brief(data.get('game'))}, not {self.id!r}", path=path
            )
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(k, str) for k in actions):
            raise SaveError("'actions' must be a list of action keys", path=path)
        try:
            state = self.new_game(data.get("players"), data.get("seed"), data.get("options"))  # type: ignore[arg-type]  # new_game checks what it is given
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            raise SaveError(str(exc), path=path) from None
        for i, key in enumerate(actions, start=1):
            try:
                state = state.apply(self.parse_action(key))
            except IllegalAction as exc:
                raise SaveError(
                    f"action {key!r} is illegal: {exc.reason}", step=i, path=path
                ) from None
            except Exception as exc:  # noqa: BLE001 - an engine fault must still name its step
                raise SaveError(
                    f"action {brief(key, 80)} could not be replayed ({type(exc).__name__})",
                    step=i,
                    path=path,
                ) from None
        return state


def write_atomic(path: Path, data: Mapping[str, Any]) -> None:
    """Write JSON so that a crash leaves either the old file or the new one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
