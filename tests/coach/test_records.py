"""The records database: one row per finished game, safe against kills, corruption
and locks; the Records screen's charts."""

import json
import math
import sqlite3
import subprocess
import sys
import time

import pytest
from textual.widgets import TabbedContent

from tabletop_tui.app import TabletopApp
from tabletop_tui.coach import records
from tabletop_tui.coach.records import Record, RecordsProblem, add_record, read_records

HUMAN, HARD, EASY = (
    {"kind": "human"},
    {"kind": "bot", "level": "hard"},
    {"kind": "bot", "level": "easy"},
)


def sample_records() -> list[Record]:
    """A fixed history: games against hard and easy bots, and solo Sweet Lands."""
    out = []
    for n in range(8):
        out.append(
            Record(
                f"g{n}.json",
                "happy-city",
                "Family",
                ["Ann", "Bob"],
                [HUMAN, HARD if n % 2 else EASY],
                [30.0 + 3 * n, 40.0 - n],
                [0] if n >= 4 else [1],
                [n % 3, 0],
                finished=1_700_000_000 + 3600 * n,
            )
        )
    for n, score in enumerate([180.0, 240.0, 262.0, 305.0]):
        out.append(
            Record(
                f"s{n}.json",
                "sweet-lands",
                "Solo",
                ["Ann"],
                [HUMAN],
                [score],
                [0],
                [1],
                1_700_100_000 + n,
            )
        )
    return out


def test_a_game_is_recorded_once_and_read_back_with_filters(tmp_path):
    for rec in sample_records():
        assert add_record(tmp_path, rec)
    assert not add_record(tmp_path, sample_records()[0])  # the same save: kept once
    assert len(read_records(tmp_path)) == 12
    solo = read_records(tmp_path, game="sweet-lands")
    assert [r.scores for r in solo] == [[180.0], [240.0], [262.0], [305.0]]
    assert len(read_records(tmp_path, player="Bob")) == 8
    from tabletop_tui.coach.charts import win_rates

    assert win_rates(read_records(tmp_path)) == {"easy": (2, 4), "hard": (2, 4)}


def test_an_older_database_is_migrated_and_a_newer_one_refused(tmp_path):
    conn = sqlite3.connect(records.records_path(tmp_path))
    conn.execute("CREATE TABLE notes (x)")  # version 0: made before the records existed
    conn.commit()
    conn.close()
    add_record(tmp_path, sample_records()[0])
    conn = sqlite3.connect(records.records_path(tmp_path))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == records.SCHEMA_VERSION
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(RecordsProblem, match="newer tabletop"):
        read_records(tmp_path)


def test_a_corrupt_or_locked_database_is_reported_and_left_as_it_was(tmp_path, monkeypatch):
    path = records.records_path(tmp_path)
    path.write_bytes(b"not a database at all " * 100)
    with pytest.raises(RecordsProblem, match="damaged.*saves are not affected"):
        add_record(tmp_path, sample_records()[0])
    assert path.read_bytes() == b"not a database at all " * 100
    path.unlink()
    add_record(tmp_path, sample_records()[0])
    monkeypatch.setattr(records, "LOCK_WAIT", 0.05)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program in the middle of a write
    try:
        with pytest.raises(RecordsProblem, match="another program"):
            add_record(tmp_path, sample_records()[1])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert [r.save for r in read_records(tmp_path)] == ["g0.json"]


WRITER = """
import sys
from pathlib import Path
from tabletop_tui.coach.records import Record, add_record
base = Path(sys.argv[1])
n = 0
while True:
    add_record(base, Record(f"g{n}.json", "happy-city", "Family", ["Ann"] * 40, [{"kind": "human"}] * 40,
                            [float(n)] * 40, [0], [0] * 40))
    n += 1
    if n == 5:
        print("writing", flush=True)
"""


def test_records_survive_a_kill_during_a_write(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline() == b"writing\n"
        time.sleep(0.15)  # well inside the loop of writes
    finally:
        child.kill()  # SIGKILL: no clean-up of any kind
        child.wait()
    kept = read_records(tmp_path)
    assert len(kept) >= 5
    assert [r.save for r in kept] == [f"g{n}.json" for n in range(len(kept))]  # none half-written
    conn = sqlite3.connect(records.records_path(tmp_path))
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    add_record(tmp_path, sample_records()[-1])  # and it takes new records
    assert len(read_records(tmp_path)) == len(kept) + 1


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_snapshot_records_charts(snap_compare, tmp_path, size):
    for rec in sample_records():
        add_record(tmp_path, rec)

    async def before(pilot):
        await pilot.press("s")
        await pilot.pause()
        if size == (160, 50):  # the larger size shows the other two charts
            pilot.app.screen.query_one("#records-tabs").active = "tab-solo"
            await pilot.pause()

    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7)
    assert snap_compare(app, terminal_size=size, run_before=before)


def test_a_finished_game_at_the_table_makes_its_record_with_hints_and_rounds(tmp_path):
    from rules.coach import scores_by_round
    from tabletop_tui.coach.records import record_of_game
    from tabletop_tui.demo import finished

    c = finished(players=2)
    c.seats = [{"kind": "human", "hints_used": 2}, {"kind": "human"}]
    rec = record_of_game(c)
    res = c.state.result()
    assert (rec.game, rec.players, rec.winners, rec.hints) == (
        "happy-city",
        c.state.players,
        res["winners"],
        [2, 0],
    )
    assert rec.scores == [float(s) for s in res["scores"]]
    rounds = scores_by_round(c.spec, c.state)
    assert rounds[-1] == ("end", rec.scores) and len(rounds) >= 3 and rounds[0][0] == "R1"


SOUND_ROW = {
    "game": "happy-city",
    "players": ["Ann"],
    "seats": [HUMAN],
    "scores": [1.0],
    "winners": [0],
    "hints": [0],
    "finished": 1_700_000_000.0,
}
DAMAGED_ROWS: list[
    dict[str, object]
] = [  # what a hand edit (or another program) could leave in a row
    {"players": ["Ann", "Bob", "Cy"]},  # more players than seats and scores
    {"winners": [5]},  # a winner past the last seat
    {"game": "chess"},  # a game this version does not know
    {"scores": [math.nan]},  # a score that is no number
    {"finished": 1e300},  # a date past the year 9999
    {"players": [1]},  # a name that is not text
    {"seats": ["human"]},  # a seat that is not an object
]


def plant_damaged_rows(base) -> None:
    """The rows above, written past add_record, beside one sound record."""
    add_record(base, sample_records()[0])  # the table exists, at the current schema
    conn = sqlite3.connect(records.records_path(base))
    for n, change in enumerate(DAMAGED_ROWS):
        row = {**SOUND_ROW, **change}
        lists = [json.dumps(row[k]) for k in ("players", "seats", "scores", "winners", "hints")]
        conn.execute(
            "INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?)",
            (f"bad{n}.json", row["game"], "Family", "{}", *lists, row["finished"]),
        )
    conn.commit()
    conn.close()


def test_damaged_rows_are_left_out_and_counted(tmp_path):
    plant_damaged_rows(tmp_path)
    kept, damaged = records.load_records(tmp_path)
    assert [r.save for r in kept] == ["g0.json"] and damaged == len(DAMAGED_ROWS)


async def test_the_records_screen_skips_damaged_rows_in_every_tab_and_says_how_many(tmp_path):
    from ..ui.helpers import screen_text

    plant_damaged_rows(tmp_path)
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")  # once a crash in the score chart, every time
        await pilot.pause()
        assert type(app.screen).__name__ == "RecordsScreen"
        assert f"{len(DAMAGED_ROWS)} damaged records skipped" in screen_text(app)
        for tab in ("tab-solo", "tab-wins", "tab-games"):
            app.screen.query_one("#records-tabs", TabbedContent).active = tab
            await pilot.pause()
        assert "Ann 30" in screen_text(app) and "Cy" not in screen_text(app)
    assert app.return_code in (None, 0)


async def test_the_records_open_on_the_last_game_and_mode_and_never_join_two_games(tmp_path):
    """Charts per game and mode by default (the one played last), bots marked in the
    table, and with every game shown, one line per person and game."""
    from textual.widgets import Select

    from tabletop_tui.coach.charts import score_series

    from ..ui.helpers import screen_text

    for rec in sample_records():
        add_record(tmp_path, rec)
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#records-game", Select).value == "sweet-lands|Solo"
        screen.query_one("#records-game", Select).value = "happy-city|Family"
        screen.query_one("#records-tabs", TabbedContent).active = "tab-games"
        await pilot.pause()
        text = screen_text(app)
        assert "Bob (hard bot) 33" in text and "Bob (easy bot)" in text
        assert "Sweet Lands" not in text.split("Scores (bots marked)")[1]
    every = score_series(sample_records())  # every game at once
    assert sorted(every) == ["Ann: happy-city Family", "Ann: sweet-lands Solo"]
    assert every["Ann: sweet-lands Solo"][1] == [180.0, 240.0, 262.0, 305.0]


def test_tabletop_records_prints_each_game_and_mode_apart_with_bots_marked(tmp_path, capsys):
    from tabletop_tui.cli import main

    for rec in sample_records():
        add_record(tmp_path, rec)
    assert main(["records", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    family, solo = out.split("Sweet Lands, Solo: 4 games")
    assert family.startswith("Happy City, Family: 8 games")
    assert "Ann 51, Bob (hard bot) 33; won by Ann; 1 hint\n" in family
    assert "Ann: mean score 40.5 over 8" in family and "People won 2 of 4 against hard" in family
    assert "Ann: mean score 246.8 over 4" in solo and "Bob" not in solo
    assert main(["--data-dir", str(tmp_path), "records", "--game", "sweet-lands", "--json"]) == 0
    assert [r["save"] for r in json.loads(capsys.readouterr().out)] == [
        f"s{n}.json" for n in range(4)
    ]
