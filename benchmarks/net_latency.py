"""How fast a move on one seat reaches the other seats, and what an idle host costs.

Run: nice -n 10 python benchmarks/net_latency.py [--moves 200] [--idle 5]
A host (in this process, on its own thread) and two seats over 127.0.0.1; one seat
moves, the time until the other seat has the new table is taken per move. Then the
process's CPU time over an idle spell with both seats connected (heartbeats only).
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

import rules
from tabletop_tui.net.client import SeatLink, parse_address
from tabletop_tui.net.host import REMOTE, HostTable
from tabletop_tui.net.server import HostServer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=200)
    ap.add_argument("--idle", type=float, default=5.0)
    ap.add_argument("--game", default="happy-city")
    a = ap.parse_args()
    spec = rules.get_game(a.game)
    table = HostTable.start(spec, spec.new_game(["Ann", "Bob"], seed=1), [REMOTE, REMOTE])
    port = HostServer(table, bot_delay=0).run_in_thread()
    links = [SeatLink(parse_address(f"http://127.0.0.1:{port}/seat/{t}")) for t in table.tokens]
    arrived = [threading.Event(), threading.Event()]
    for i, link in enumerate(links):
        link.connect()
        link.on_table = lambda _t, i=i: arrived[i].set()
    times = []
    for _ in range(a.moves):
        if table.state.is_over:
            break
        mover = table.state.actors()[0]
        other = 1 - mover
        arrived[other].clear()
        start = time.perf_counter()
        links[mover].ask("act", links[mover].table.legal[0][0])
        arrived[other].wait(5)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    print(
        f"{a.game}: {len(times)} moves; move seen by the other seat: median "
        f"{statistics.median(times):.2f} ms, 95th {times[int(len(times) * 0.95) - 1]:.2f} ms, "
        f"worst {times[-1]:.2f} ms (goal: under 100 ms)"
    )
    before, t0 = time.process_time(), time.perf_counter()
    time.sleep(a.idle)
    share = (time.process_time() - before) / (time.perf_counter() - t0)
    print(
        f"idle, host and two seats in one process: {share * 100:.2f}% of a core (goal: under 10%)"
    )
    for link in links:
        link.close()
    print(host_process_idle(a.game, a.idle))


def host_process_idle(game: str, seconds: float) -> str:
    """A real `tabletop host` process with two seats connected, left idle: its CPU."""
    import os
    import re
    import subprocess
    import sys
    import tempfile

    data = tempfile.mkdtemp(prefix="tabletop-idle-")
    cmd = [sys.executable, "-m", "tabletop_tui", "host", game, "--port", "0", "--data-dir", data]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    addresses = []
    while len(addresses) < 2:
        found = re.search(r"join (http://\S+/seat/\S+)", proc.stdout.readline())
        if found:
            addresses.append(found.group(1))
    links = [SeatLink(parse_address(a)) for a in addresses]
    for link in links:
        link.connect()
    time.sleep(1)  # past the start-up

    def cpu() -> float:
        stat = Path(f"/proc/{proc.pid}/stat").read_text()
        fields = stat.rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    before, t0 = cpu(), time.perf_counter()
    time.sleep(seconds)
    share = (cpu() - before) / (time.perf_counter() - t0)
    for link in links:
        link.close()
    proc.kill()
    proc.wait()
    return f"idle `tabletop host` process, two seats connected, {seconds:g} s: {share * 100:.2f}% of a core"


if __name__ == "__main__":
    main()
