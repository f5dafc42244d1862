"""The `tabletop` command line: subcommands, help, version, one-line errors, packaging."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import tomllib
from importlib.metadata import metadata
from pathlib import Path

import pytest

import rules
import tabletop_tui.cli as cli
from rules.simulate import play_one
from tabletop_tui.saves import write_save

ROOT = Path(__file__).resolve().parent.parent
SIM = ["simulate", "--game", "happy-city", "--players", "2", "--games", "1"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = cli.main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def finished_save(folder: Path, game: str = "happy-city") -> Path:
    state, _ = play_one(game, ["random", "random"], seed=4)
    path = folder / "saves" / f"done-{game}.json"
    write_save(path, rules.get_game(game), state, [{"kind": "human"}] * 2)
    return path


# ---- help and version -----------------------------------------------------------------
@pytest.mark.parametrize("argv", [[], ["play"], ["simulate"], ["replay"], ["serve"]])
def test_every_command_has_help_with_examples(capsys, argv):
    rc, out, _ = run(capsys, *argv, "--help")
    assert rc == 0
    assert "examples:" in out and "tabletop" in out


def test_main_help_lists_every_subcommand(capsys):
    _, out, _ = run(capsys, "--help")
    for command in ("play", "simulate", "replay", "serve"):
        assert f"    {command} " in out


def test_version_comes_from_the_package_metadata(capsys):
    rc, out, _ = run(capsys, "--version")
    assert rc == 0
    assert out.strip() == f"tabletop {metadata('tabletop')['Version']}"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["version"] == metadata("tabletop")["Version"]


def test_python_dash_m_is_the_same_command():
    out = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout.startswith("tabletop ")
    bad = subprocess.run(
        [sys.executable, "-m", "tabletop_tui", "simulate", "--players", "two"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr


# ---- bad arguments: one line, status 2 ------------------------------------------------
BAD = [
    (["bogus"], "invalid choice"),
    (["--bogus"], "unrecognized"),
    (["simulate"], "required"),
    (["simulate", "--game", "happy-city", "--players", "two"], "not a whole number"),
    (["simulate", "--game", "nope", "--players", "2"], "unknown game"),
    (["simulate", "--game", "happy-city", "--players", "9"], "2-5"),
    ([*SIM, "--games", "0"], "--games must be 1-"),
    ([*SIM, "--options", "[1]"], "JSON object"),
    ([*SIM, "--options", "{not json"], "bad --options"),
    ([*SIM, "--options", '{"mode": "chaos"}'], "cannot be"),
    ([*SIM, "--level", "master"], "invalid choice"),
    ([*SIM, "--level", "easy", "hard", "normal"], "1 or 2 values"),
    (["replay"], "required"),
    (["replay", "no-such-save.json"], "no such save"),
    (["replay", ""], "replay: .: not a save file: it is a folder"),  # once nameless
    (["replay", "--step", "x", "a.json"], "not a whole number"),
    (["serve", "--port", "0"], "1-65535"),
    (["serve", "--port", "http"], "not a port number"),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_argument_gives_one_clear_line_and_status_2(capsys, argv, words):
    rc, out, err = run(capsys, *argv)
    assert rc == 2
    assert len(err.strip().splitlines()) == 1, err
    assert words in err and "Traceback" not in err
    assert out == ""


def test_a_broken_save_is_refused_by_replay_in_one_line(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"format": 1, "game": "happy-city", "players": ["A", "B"], "seed": 1e400, "actions": []}'
    )
    rc, _, err = run(capsys, "replay", str(broken))
    assert rc == 2 and err.count("\n") == 1
    assert "broken.json" in err and "seed" in err


def test_replay_step_outside_the_game_is_refused(capsys, tmp_path):
    path = finished_save(tmp_path)
    rc, _, err = run(capsys, "replay", str(path), "--step", "100000")
    assert rc == 2 and "--step must be 0-" in err


# ---- what each command runs --------------------------------------------------------------
def test_play_is_the_default_and_takes_data_dir_before_or_after(monkeypatch, tmp_path):
    import tabletop_tui.app as app_module

    seen = []
    monkeypatch.setattr(app_module.TabletopApp, "run", lambda self: seen.append(self.data_dir))
    assert cli.main([]) == 0
    assert cli.main(["--data-dir", str(tmp_path / "a")]) == 0
    assert cli.main(["play", "--data-dir", str(tmp_path / "b")]) == 0
    assert cli.main(["--data-dir", str(tmp_path / "c"), "play"]) == 0
    assert seen[1:] == [tmp_path / "a", tmp_path / "b", tmp_path / "c"]


def test_replay_opens_the_viewer_at_the_chosen_step(monkeypatch, tmp_path):
    import tabletop_tui.screens.replay as replay_module

    seen = []
    monkeypatch.setattr(
        replay_module.ReplayApp, "run", lambda self: seen.append((self.replay, self.start_step))
    )
    path = finished_save(tmp_path)
    assert cli.main(["replay", str(path), "--step", "3"]) == 0
    replay, step = seen[0]
    assert step == 3 and replay.over and replay.players == ["Random 1", "Random 2"]


def test_simulate_passes_one_level_per_seat(monkeypatch, capsys):
    import rules.simulate as sim

    calls = []
    real = sim.simulate

    def fake(game_id, players, games, seed, options=None, levels=None, **kw):
        calls.append(levels)
        return real(game_id, players, games, seed, options)

    monkeypatch.setattr(sim, "simulate", fake)
    rc, out, _ = run(capsys, *SIM, "--level", "hard", "--json")
    assert rc == 0 and json.loads(out)["games"] == 1
    rc, _, _ = run(capsys, *SIM, "--level", "easy", "normal", "--json")
    assert rc == 0
    assert calls == [["hard", "hard"], ["easy", "normal"]]


def test_simulate_without_bot_levels_says_so(monkeypatch, capsys):
    import rules.simulate as sim

    monkeypatch.setattr(sim, "simulate", lambda game_id, players, games, seed, options=None: None)
    rc, _, err = run(capsys, *SIM, "--level", "hard")
    assert rc == 2 and "levels are not available" in err


def test_simulate_plain_output(capsys):
    rc, out, _ = run(capsys, *SIM)
    assert rc == 0 and "games played:        1" in out


class FakeServer:
    made: list = []
    stopped_by = None  # no signal stopped it

    def __init__(self, command, host, port, public_url=None, saves_folder=""):
        FakeServer.made.append((command, host, port, public_url))

    def serve(self):
        return None


@pytest.fixture
def fake_serve(monkeypatch):
    pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")
    import tabletop_tui.addresses as addresses
    import tabletop_tui.serve as serve_module

    FakeServer.made = []
    monkeypatch.setattr(serve_module, "TabletopServer", FakeServer)
    monkeypatch.setattr(addresses, "listen_problem", lambda host, port: None)
    return FakeServer.made


def test_serve_binds_loopback_by_default_with_the_same_data_folder(fake_serve, capsys, tmp_path):
    rc, _, err = run(capsys, "--data-dir", str(tmp_path), "serve")
    assert rc == 0 and err == ""
    command, host, port, _ = fake_serve[0]
    assert (host, port) == ("127.0.0.1", 8000)
    assert "-m tabletop_tui play --data-dir" in command and str(tmp_path.resolve()) in command


def test_serve_warns_when_binding_beyond_loopback(fake_serve, capsys):
    rc, _, err = run(capsys, "serve", "--host", "0.0.0.0", "--port", "8123")
    assert rc == 0 and fake_serve[0][1:] == ("0.0.0.0", 8123, None)
    assert "warning" in err and "anyone" in err and "printed address" in err
    url = "http://192.168.1.20:8123"
    rc, _, _ = run(capsys, "serve", "--host", "0.0.0.0", "--port", "8123", "--public-url", url)
    assert rc == 0 and fake_serve[1][3] == url


def test_serve_on_every_address_prints_the_address_others_use(monkeypatch):
    pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")
    import tabletop_tui.serve as serve_module

    monkeypatch.setattr(serve_module, "lan_address", lambda: "192.168.1.20")
    urls = serve_module.browser_urls("0.0.0.0", 8123, "k3y", None)
    assert urls == ["http://192.168.1.20:8123/?key=k3y", "http://127.0.0.1:8123/?key=k3y"]
    assert serve_module.browser_urls("127.0.0.1", 80, "k", None) == ["http://127.0.0.1:80/?key=k"]
    assert serve_module.browser_urls("::1", 80, "k", None) == ["http://[::1]:80/?key=k"]
    given = serve_module.browser_urls("0.0.0.0", 80, "k", "https://games.example.org/")
    assert given == ["https://games.example.org/?key=k"]


def test_serve_on_an_address_not_of_this_machine_is_one_line_and_status_2(monkeypatch, capsys):
    """It once printed the address to open, then failed with status 1."""
    pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")
    import socket

    import tabletop_tui.serve as serve_module

    monkeypatch.setattr(serve_module, "TabletopServer", FakeServer)  # never a real server
    rc, out, err = run(capsys, "serve", "--host", "198.51.100.77", "--port", "8123")
    assert rc == 2 and out == ""
    assert err == "tabletop serve: --host 198.51.100.77 is not an address of this machine\n"

    def unknown(*args, **kw):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    rc, out, err = run(capsys, "serve", "--host", "no-such-host.invalid")
    assert rc == 2 and out == "" and err.count("\n") == 1 and "is not an address" in err


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    rc, _, err = run(capsys, "serve")
    assert rc == 1 and "pip install" in err and "[web]" in err


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.1.2.3", True), ("::1", True), ("[::1]", True),
     ("localhost", True), ("0.0.0.0", False), ("192.168.1.20", False), ("example.org", False)],
)  # fmt: skip
def test_loopback_hosts(host, loopback):
    assert cli.is_loopback(host) is loopback


# ---- packaging ------------------------------------------------------------------------------
def test_package_metadata_has_licence_classifiers_urls_and_web_extra():
    meta = metadata("tabletop")
    assert meta["License-Expression"] == "MIT"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    classifiers = meta.get_all("Classifier") or []
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert any(c.startswith("Environment :: Console") for c in classifiers)
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert urls["Source"].startswith("https://github.com/")
    assert "web" in (meta.get_all("Provides-Extra") or [])


# ---- Ctrl-C, bad seeds and options, crashes --------------------------------------------------
BAD_SIMULATE = [
    ([*SIM, "--seed", str(2**63)], "--seed must be within"),
    ([*SIM, "--seed", str(2**63 - 1), "--games", "2"], "--seed must be within"),
    ([*SIM, "--options", "[" * 100_000], "nested far too deeply"),
    ([*SIM, "--options", '{"a": ' * 50_000], "nested far too deeply"),
    ([*SIM, "--seed", "9" * 5000], "a number far too long: '9999"),  # once 5000 characters
    ([*SIM, "--games", str(10**26)], "--games must be 1-"),  # once blamed --seed
]


@pytest.mark.parametrize(
    ("argv", "words"), BAD_SIMULATE, ids=["seed", "seed+games", "[", "{", "digits", "games"]
)
def test_out_of_range_seeds_and_deep_options_are_one_line(capsys, argv, words):
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and out == "" and err.count("\n") == 1 and words in err
    assert len(err) < 300


def test_ctrl_c_in_simulate_reports_the_games_played(monkeypatch, capsys):
    import rules.simulate as sim

    real = sim.simulate
    calls = []

    def stopped_on_the_third(*args, **kw):
        calls.append(args[3])  # the seed
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(sim, "simulate", stopped_on_the_third)
    sim_10 = [*SIM[:-1], "10", "--seed", "5"]
    rc, out, _ = run(capsys, *sim_10)
    assert rc == 130 and calls == [5, 6, 7]
    assert "2 of 10 games were played" in out and "games played:        2" in out
    calls.clear()
    rc, out, _ = run(capsys, *sim_10, "--json")
    report = json.loads(out)
    assert rc == 130 and report["games"] == 2 and report["stopped_early"]


def test_a_real_ctrl_c_stops_simulate_cleanly():
    # The child starts with the default SIGINT handling: a test worker may ignore SIGINT,
    # and an ignored signal is inherited, which would leave the child playing 100,000 games.
    proc = subprocess.Popen(
        [sys.executable, "-m", "tabletop_tui", *SIM[:-1], "100000", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(4)  # long enough to start and finish a few games, even on a loaded machine
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130 and "Traceback" not in err
    if out:  # no output only if not even one game was finished
        report = json.loads(out)
        assert report["stopped_early"] and 0 < report["games"] < 100000


def test_an_unexpected_error_is_one_line_a_status_and_a_crash_log(monkeypatch, capsys, tmp_path):
    import rules.simulate as sim

    def broken(*args, **kw):
        raise RuntimeError("an engine fault")

    monkeypatch.setattr(sim, "simulate", broken)
    rc, out, err = run(capsys, "--data-dir", str(tmp_path), *SIM)
    assert rc == 1 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "unexpected error (RuntimeError: an engine fault)" in err
    (log,) = (tmp_path / "crash-logs").iterdir()
    assert str(log) in err
    assert "Traceback" in log.read_text() and "an engine fault" in log.read_text()


def test_output_read_by_a_reader_that_leaves_is_no_crash(monkeypatch, capsys, tmp_path):
    """`tabletop simulate | head -1` once ended on an 'unexpected error' and a crash log."""

    def pipe_closed(a):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setitem(cli.COMMANDS, "simulate", pipe_closed)
    rc, out, err = run(capsys, "--data-dir", str(tmp_path), *SIM)
    assert rc == 1 and out == err == "" and not (tmp_path / "crash-logs").exists()


def test_an_app_that_crashes_exits_non_zero_with_a_crash_log(monkeypatch, capsys, tmp_path):
    from textual.app import App

    import tabletop_tui.app as app_module
    from tabletop_tui.screens.title import TitleScreen

    def crash(self):
        raise RuntimeError("a screen fault")

    monkeypatch.setattr(TitleScreen, "on_mount", crash, raising=False)
    monkeypatch.setattr(app_module.TabletopApp, "run", lambda self: App.run(self, headless=True))
    rc, _, err = run(capsys, "--data-dir", str(tmp_path))
    assert rc == 1 and err.count("\n") == 1 and "Traceback" not in err
    (log,) = (tmp_path / "crash-logs").iterdir()
    assert str(log) in err and "a screen fault" in log.read_text()


def test_a_dumb_terminal_is_told_instead_of_drawn(tmp_path):
    import os
    import pty

    env = {**os.environ, "TERM": "dumb"}
    env.pop("TEXTUAL_DRIVER", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the app's command on a real (pseudo) terminal
        os.execve(
            sys.executable, [sys.executable, "-m", "tabletop_tui", "--data-dir", str(tmp_path)], env
        )
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert os.waitstatus_to_exitcode(status) == 2
    assert "TERM=dumb" in text and "tabletop serve" in text and "\x1b[" not in text
