"""``tabletop records``: the Records screen's tables as text, one game and mode at a time.

For each game and mode: its finished games (newest first, bots marked as on screen),
each person's mean score, and the games won against each kind of opponent, the same
figures the Records screen charts. ``--json`` prints the records themselves.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

RECORDS_EXAMPLES = """examples:
  tabletop records
  tabletop records --game sweet-lands
  tabletop records --player Ann --json
"""


def add_records_parser(sub, fmt) -> None:
    rec = sub.add_parser(
        "records",
        help="print the records of finished games",
        description=(
            "Print every finished game kept in the records, game by game and mode by "
            "mode: the games, each person's mean score and wins against each opponent."
        ),
        epilog=RECORDS_EXAMPLES,
        formatter_class=fmt,
    )
    rec.add_argument("--game", help="only this game (its id, such as happy-city)")
    rec.add_argument("--player", help="only games this person played")
    rec.add_argument("--json", action="store_true", help="the records as JSON")
    rec.add_argument("--data-dir", default=argparse.SUPPRESS, help="where saves live")


def run_records(a: argparse.Namespace) -> int:
    from ..saves import data_dir
    from .records import RecordsProblem, load_records

    base = data_dir(a.data_dir)
    try:
        records, damaged = load_records(Path(base), a.game, a.player)
    except RecordsProblem as exc:
        print(f"tabletop records: {exc}", file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps([vars(r) for r in records], indent=1, ensure_ascii=False))
    else:
        print(records_text(records, damaged))
    return 0


def records_text(records: list, damaged: int = 0) -> str:
    """Every game and mode's table and summary, in words."""
    from .charts import win_rates
    from .records import kind_title

    if not records:
        lines = ["No finished game in the records yet."]
    else:
        lines = []
        by_kind: dict[tuple[str, str], list] = defaultdict(list)
        for r in records:
            by_kind[r.kind].append(r)
        for kind in sorted(by_kind, key=kind_title):
            games = by_kind[kind]
            lines.append(f"{kind_title(kind)}: {len(games)} game{'s' * (len(games) != 1)}")
            for r in reversed(games):  # newest first, as on screen
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.finished))
                scores = ", ".join(f"{r.seat_name(k)} {s:g}" for k, s in enumerate(r.scores))
                won = " and ".join(r.seat_name(w) for w in r.winners)
                used = sum(r.hints)
                hints = f"; {used} hint{'s' * (used != 1)}" if used else ""
                lines.append(f"  {when}  {scores}; won by {won}{hints}")
            lines += summary_lines(games, win_rates(games))
            lines.append("")
    if damaged:
        lines.append(f"{damaged} damaged record{'s' * (damaged != 1)} skipped.")
    return "\n".join(lines).rstrip()


def summary_lines(games: list, rates: dict[str, tuple[int, int]]) -> list[str]:
    scores: dict[str, list[float]] = defaultdict(list)
    for r in games:
        for seat, name in enumerate(r.players):
            if r.seats[seat].get("kind") == "human":
                scores[name].append(r.scores[seat])
    out = [
        f"  {name}: mean score {statistics.mean(got):.1f} over {len(got)}"
        for name, got in sorted(scores.items())
    ]
    out += [f"  People won {w} of {n} against {who}" for who, (w, n) in rates.items()]
    return out
