"""One exit-status policy for every command, checked on real processes: Ctrl-C (the
key in a full-screen app, or SIGINT from outside) is 130, a mistake on the command
line 2, an error 1. `simulate` and `serve` have theirs in test_cli.py and
test_serve.py; the full-screen apps run here on a pseudo-terminal.

Every wait is for something drawn or printed, with a generous limit for a busy
machine; no test measures time."""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

import rules
from tabletop_tui.demo import bot_moves
from tabletop_tui.saves import write_save

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

ANSI = re.compile(r"\x1b(\[[0-9;?<>=$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][A-Z0-9]|[=>])")
WAIT = 90.0  # seconds for an app to draw what is awaited, however busy the machine


class Terminal:
    """A command running on a pseudo-terminal of 120x40, its screen read as text."""

    def __init__(self, *args: str):
        env = {**os.environ, "TERM": "xterm-256color"}
        env.pop("TEXTUAL_DRIVER", None)
        self.pid, self.fd = os.forkpty()
        if self.pid == 0:  # the child: its own SIGINT handling, a sized terminal
            try:
                signal.signal(signal.SIGINT, signal.SIG_DFL)  # a test worker may ignore it
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
                os.execve(sys.executable, [sys.executable, "-m", "tabletop_tui", *args], env)
            finally:
                os.kill(os.getpid(), signal.SIGKILL)  # never go on as a copy of the worker
        self.seen = ""
        self.status: int | None = None

    def read(self, seconds: float) -> bool:
        """Read what the app wrote within ``seconds``; False once it has closed."""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if not ready:
            return True
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:  # the child has gone and closed its side
            return False
        self.seen += ANSI.sub("", chunk.decode("utf-8", "replace"))
        return bool(chunk)

    def wait_for(self, words: str) -> None:
        deadline = time.monotonic() + WAIT
        while words not in self.seen:
            assert time.monotonic() < deadline, f"{words!r} never drawn: {self.seen[-500:]!r}"
            assert self.read(0.5), f"the app ended before drawing {words!r}"

    def press(self, keys: bytes) -> None:
        self.seen = ""
        os.write(self.fd, keys)

    def interrupt(self, how: str) -> int:
        """Ctrl-C as a key (raw mode: it reaches the app as one) or as SIGINT from
        outside; the exit status that follows."""
        if how == "key":
            self.press(b"\x03")
        else:
            os.kill(self.pid, signal.SIGINT)
        return self.exit_status()

    def exit_status(self) -> int:
        deadline = time.monotonic() + WAIT
        while self.read(0.5) and time.monotonic() < deadline:
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        self.status = os.waitstatus_to_exitcode(status)
        return self.status

    def kill(self) -> None:
        """End a child that has not been waited for (a reaped one's id may be reused)."""
        if self.status is None:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)


TITLE = "hot-seat in your terminal"


def in_progress_save(folder: Path) -> Path:
    spec = rules.get_game("happy-city")
    state = bot_moves(spec.new_game(["Ann", "Bob"], seed=5), 3)
    path = folder / "saves" / "live.json"
    write_save(path, spec, state, [{"kind": "human"}] * 2)
    return path


@pytest.mark.parametrize("how", ["key", "signal"])
def test_ctrl_c_quits_play_with_130(tmp_path, how):
    """Ctrl-C once showed a notice; a SIGINT from outside ended with status 0."""
    term = Terminal("--data-dir", str(tmp_path))
    try:
        term.wait_for(TITLE)
        assert term.interrupt(how) == 130
    finally:
        term.kill()


def test_sigint_during_a_game_saves_it_and_quits_with_130(tmp_path):
    save = in_progress_save(tmp_path)
    before = rules.get_game("happy-city").from_save(json.loads(save.read_text()))
    term = Terminal("--data-dir", str(tmp_path))
    try:
        term.wait_for(TITLE)
        term.press(b"r")
        term.wait_for("Saved games, newest first")
        term.press(b"\r")
        term.wait_for("Happy City")
        assert term.interrupt("signal") == 130
    finally:
        term.kill()
    again = rules.get_game("happy-city").from_save(json.loads(save.read_text()))
    assert again.action_keys() == before.action_keys()  # the save is whole
    assert not any(save.parent.glob(".*.lock"))  # and its lock was let go


@pytest.mark.parametrize("how", ["key", "signal"])
def test_ctrl_c_quits_replay_with_130(tmp_path, how):
    save = in_progress_save(tmp_path)
    term = Terminal("replay", str(save))
    try:
        term.wait_for("Ann")
        assert term.interrupt(how) == 130
    finally:
        term.kill()


def test_sigint_during_a_review_is_130_and_leaves_the_save_alone(tmp_path):
    spec = rules.get_game("happy-city")
    state = bot_moves(spec.new_game(["Ann", "Bob"], seed=5), 100_000)
    save = tmp_path / "done.json"
    write_save(save, spec, state, [{"kind": "human"}] * 2)
    before = save.read_bytes()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop_tui", "review", str(save)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stderr is not None
        assert proc.stderr.readline().startswith("Reviewing Ann's decisions")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and "Traceback" not in err and "stopped (Ctrl-C)" in err
    assert save.read_bytes() == before


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--no-such-option"],
        ["replay"],
        ["review", "no-such-save.json"],
        ["serve", "--port", "0"],
        ["simulate", "--game", "no-such-game", "--players", "2"],
    ],
    ids=["play", "replay", "review", "serve", "simulate"],
)
def test_a_bad_argument_is_status_2_for_every_command(argv):
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", *argv], capture_output=True, text=True, timeout=WAIT
    )
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
