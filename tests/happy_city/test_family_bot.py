"""The smart bot must clearly beat random play, and the simulator must report."""

import json
import subprocess
import sys

from rules.simulate import play_one, simulate


def test_smart_bot_beats_random_bot_over_200_seeded_games():
    wins = 0
    for g in range(200):
        kinds = ["smart", "random"] if g % 2 == 0 else ["random", "smart"]
        state, _ = play_one("happy-city", kinds, seed=g)
        if kinds.index("smart") in state.result()["winners"]:
            wins += 1
    assert wins >= 160, wins  # measured: about 96%


def test_simulate_reports_stats():
    st = simulate("happy-city", 4, 5, seed=1)
    d = st.as_dict(1.0)
    assert (
        d["games"] == 5
        and d["min_winning_score"] <= d["mean_winning_score"] <= d["max_winning_score"]
    )


def test_simulate_cli_json_and_errors():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop_tui",
            "simulate",
            "--game",
            "happy-city",
            "--players",
            "3",
            "--games",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0
    assert json.loads(out.stdout)["games"] == 3
    bad = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "simulate", "--game", "nope", "--players", "3"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "unknown game" in bad.stderr
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop_tui",
            "simulate",
            "--game",
            "happy-city",
            "--players",
            "7",
        ],
        capture_output=True,
        text=True,
    )
    assert bad.returncode != 0 and "2-5" in bad.stderr
