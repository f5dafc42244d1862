"""What one engine function costs of a random Sweet Lands game, in instructions.

The seeded random games of ``sl_instructions.py`` are played three times: once
recording every answer a function gives, then under cachegrind as they are and with
the function replaced by its recorded answers, in order. The games are the same
(the answers are), so the difference is what the function's own work costs, less
the replacement's call. It serves only for functions whose answers are plain data
(ints, strings, lists of them: an Action would come back a copy, not the menu's very
object) and that do not call themselves through the same name.

Run (valgrind needed; about a minute a function at 4 players):
  .venv/bin/python benchmarks/sl_function_share.py \\
      rules.sweet_lands.moves.turn_checks:milestones_met [MODULE:NAME ...]
"""

from __future__ import annotations

import argparse
import importlib
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from benchkit import cachegrind_instructions
from sl_instructions import play


def _replace(target: str, mode: str, answers_file: str) -> list[Any]:
    """Wrap (record) or replace (replay) the function named ``MODULE:NAME``."""
    module_name, name = target.split(":")
    module = importlib.import_module(module_name)
    original: Callable[..., Any] = getattr(module, name)
    answers: list[Any] = []
    if mode == "record":

        def recording(*args: Any, **kwargs: Any) -> Any:
            answer = original(*args, **kwargs)
            answers.append(answer)
            return answer

        setattr(module, name, recording)
    elif mode == "replay":
        with open(answers_file, "rb") as f:
            given = iter(pickle.load(f))

        def replaying(*args: Any, **kwargs: Any) -> Any:
            return next(given)

        setattr(module, name, replaying)
    return answers


def _count(target: str, mode: str, games: int, answers_file: str, players: int) -> int:
    return cachegrind_instructions(
        __file__, ["--run", target, mode, str(games), answers_file, "--players", str(players)]
    )


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("targets", nargs="*", help="MODULE:NAME of each function")
    p.add_argument("--games", type=int, default=10, help="games counted after the first")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--run", nargs=4, metavar=("TARGET", "MODE", "GAMES", "FILE"))
    a = p.parse_args()
    if a.run:
        target, mode, games, answers_file = a.run
        answers = _replace(target, mode, answers_file)
        play(a.players, int(games))
        if mode == "record":
            with open(answers_file, "wb") as f:
                pickle.dump(answers, f)
        return
    for target in a.targets:
        per_game = {}
        with tempfile.TemporaryDirectory() as tmp:
            for games in (1, 1 + a.games):
                answers_file = os.path.join(tmp, f"{games}.pickle")
                cmd = [sys.executable, __file__, "--run", target, "record", str(games)]
                # the hash seed cachegrind_instructions runs with: the same set orders
                env = {**os.environ, "PYTHONHASHSEED": "0"}
                args = [*cmd, answers_file, "--players", str(a.players)]
                subprocess.run(args, check=True, env=env)
                for mode in ("plain", "replay"):
                    per_game[mode, games] = _count(target, mode, games, answers_file, a.players)
        plain = (per_game["plain", 1 + a.games] - per_game["plain", 1]) / a.games
        replay = (per_game["replay", 1 + a.games] - per_game["replay", 1]) / a.games
        print(
            f"{target}: {(plain - replay) / 1e6:.2f} M instructions a game "
            f"({(plain - replay) / plain:.1%} of {plain / 1e6:.1f} M; {a.games} games after the first)"
        )


if __name__ == "__main__":
    main()
