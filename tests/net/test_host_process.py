"""`tabletop host` as a process: killed with kill -9, resumed from its save; seats rejoin."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

from tabletop_tui.net.client import SeatLink, parse_address

from ..expect import given


def start_host(*args: str) -> tuple[subprocess.Popen, list[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop_tui", "host", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    addresses, save = [], ""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if found := re.search(r"join (http://\S+/seat/\S+)", line):
            addresses.append(found.group(1))
        if line.startswith("Saved after every move to "):
            save = line.removeprefix("Saved after every move to ").strip()
            break
    assert save, proc.stderr.read() if proc.poll() is not None else "no addresses printed"
    return proc, addresses, save


def test_a_host_killed_with_kill_9_resumes_from_its_save_and_the_seats_rejoin(tmp_path):
    proc, addresses, save = start_host(
        "happy-city", "--players", "Ann", "Bob", "--seed", "3", "--data-dir", str(tmp_path)
    )
    try:
        links = [SeatLink(parse_address(a)) for a in addresses]
        for link in links:
            link.connect()
        mover = next(link for link in links if given(link.table).legal)
        mover.ask("act", given(mover.table).legal[0][0])
        step = given(mover.table).step
        assert step == 1
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        for link in links:
            link.close()
    again, addresses_again, save_again = start_host("--resume", save, "--data-dir", str(tmp_path))
    try:
        assert save_again == save
        # the same tokens: each seat rejoins with the address it was given
        assert [a.rsplit("/", 1)[1] for a in addresses_again] == [
            a.rsplit("/", 1)[1] for a in addresses
        ]
        port = addresses_again[0].split(":")[2].split("/")[0]
        link = SeatLink(
            parse_address(f"http://127.0.0.1:{port}/seat/{addresses[0].rsplit('/', 1)[1]}")
        )
        link.connect()
        assert given(link.table).step == step
        link.close()
    finally:
        again.kill()
        again.wait()


def test_join_with_a_token_the_host_does_not_know_prints_one_line_and_exits_2(tmp_path):
    proc, addresses, _save = start_host("happiness", "--data-dir", str(tmp_path))
    try:
        wrong = addresses[0].rsplit("/", 1)[0] + "/not-the-token"
        done = subprocess.run(
            [sys.executable, "-m", "tabletop_tui", "join", wrong],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
        assert done.returncode == 2
        assert done.stderr.strip().count("\n") == 0 and "token" in done.stderr
    finally:
        proc.kill()
        proc.wait()
