"""Play across screens as processes: a host and two `tabletop join` terminals in tmux.

Run: nice -n 10 python benchmarks/net_tmux_play.py [--game happy-city] [--until over|round2]
The host runs headless; each joiner runs in its own tmux session and is driven by
keys only (Down, Enter: the first move of whatever the seat's screen offers). It
stops when the host's save says the game is over (or its second round began) and
prints the moves, the keys sent and the time; exit status 1 if it stalled.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], capture_output=True, text=True, check=False).stdout


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="happy-city")
    ap.add_argument("--until", choices=("over", "round2"), default="over")
    ap.add_argument("--port", type=int, default=8795)
    ap.add_argument("--seconds", type=float, default=240)
    a = ap.parse_args()
    data = Path(tempfile.mkdtemp(prefix="tabletop-tmux-"))
    py = sys.executable
    host = subprocess.Popen(
        [py, "-m", "tabletop_tui", "host", a.game, "--players", "Ann", "Bob", "--seed", "4",
         "--port", str(a.port), "--data-dir", str(data / "host")],
        stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert host.stdout is not None
    addresses, save = [], None
    while save is None:
        line = host.stdout.readline()
        if not line:
            print("the host did not start")
            return 1
        if found := re.search(r"join (http://\S+/seat/\S+)", line):
            addresses.append(found.group(1))
        if line.startswith("Saved after every move to "):
            save = Path(line.removeprefix("Saved after every move to ").strip())
    sessions = [f"tabletop-seat{i}" for i in range(2)]
    for name, address in zip(sessions, addresses, strict=True):
        tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "32",
             f"{py} -m tabletop_tui join {address} --data-dir {data / name}")  # fmt: skip
    start, keys, last_step, still = time.monotonic(), 0, -1, 0
    ok = False
    try:
        time.sleep(3)
        while time.monotonic() - start < a.seconds:
            for name in sessions:
                tmux("send-keys", "-t", name, "Down", "Enter")
                keys += 2
            time.sleep(0.35)
            header = json.loads(save.read_text())["header"]
            if header["over"] or (a.until == "round2" and header["round"] >= 2):
                ok = True
                break
            still = still + 1 if header["steps"] == last_step else 0
            last_step = header["steps"]
            if still > 40:
                print(f"stalled at step {last_step}; the screens:")
                for name in sessions:
                    print(tmux("capture-pane", "-p", "-t", name))
                break
        time.sleep(1.5)
        header = json.loads(save.read_text())["header"]
        shown = [tmux("capture-pane", "-p", "-t", name) for name in sessions]
        ends = sum("final scores" in screen for screen in shown)
        print(
            f"{a.game}: {header['steps']} moves, round {header['round']}, over {header['over']}; "
            f"{keys} keys to the joiners in {time.monotonic() - start:.1f} s; "
            f"end screens shown: {ends} of 2"
        )
        if a.until == "over":
            ok = ok and ends == 2
    finally:
        for name in sessions:
            tmux("kill-session", "-t", name)
        host.kill()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
