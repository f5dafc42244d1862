"""A save that cannot be written is told with its path and reason while the game goes
on and the save is retried; opening a save does not rewrite it; one window per game."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import rules
import rules.core
from tabletop_tui.save_lock import lock_path, take_lock
from tabletop_tui.saves import write_save
from tabletop_tui.widgets.common import HandoffScreen

from .helpers import make_app, press_for, start_from_title, to_move_list


def record_notices(app) -> list[tuple[str, str]]:
    """(title, message) of every notice the app shows from now on, as drawn: read as
    Textual markup (a path or name that breaks the markup fails the test)."""
    from textual.content import Content

    seen: list[tuple[str, str]] = []
    real = app.notify

    def notify(message, *, title="", **kw):
        seen.append((Content.from_markup(str(title)).plain, Content.from_markup(message).plain))
        return real(message, title=title, **kw)

    app.notify = notify
    return seen


async def play_one_move(pilot) -> None:
    c = pilot.app.controller
    if c.next_step() != "human" or isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")  # the hand-off to the first player
        await pilot.pause()
    await press_for(pilot, c.legal()[0])
    await pilot.pause()


async def test_a_data_folder_that_is_a_file_is_told_and_the_game_goes_on(tmp_path):
    not_a_folder = tmp_path / "x["  # a path once read as markup: no notice was drawn
    not_a_folder.write_text("a file where the folder should be")
    app = make_app(not_a_folder)
    async with app.run_test(size=(120, 40)) as pilot:
        notices = record_notices(app)
        await start_from_title(pilot, players=2)
        c = app.controller
        assert c is not None and c.save_problem  # the game opened all the same
        title, message = notices[0]
        assert title == "Game not saved"
        assert str(c.save_path) in message and "Not a directory" in message
        await play_one_move(pilot)
        assert len(c.state.action_keys()) == 1  # still playable, in memory
        problems = [n for n in notices if n[0] == "Game not saved"]
        assert len(problems) == 1  # told once, not at every move
        not_a_folder.unlink()  # the player makes room: the next retry saves
        not_a_folder.mkdir()
        app.retry_save()
        assert not c.save_problem and notices[-1][0] == "Saved"
        saved = json.loads(c.save_path.read_text())
        assert saved["actions"] == c.state.action_keys()


def break_writes(monkeypatch, fault: BaseException, on: bool) -> dict[str, bool]:
    """Every save write raises ``fault`` while the switch returned is on."""
    real = rules.core.write_atomic
    switch = {"on": on}

    def write_atomic(path, data):
        if switch["on"]:
            raise fault
        real(path, data)

    monkeypatch.setattr(rules.core, "write_atomic", write_atomic)
    return switch


async def test_a_full_disk_is_told_and_retried(tmp_path, monkeypatch):
    full = break_writes(monkeypatch, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), True)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        notices = record_notices(app)
        await start_from_title(pilot, players=2)
        await play_one_move(pilot)
        c = app.controller
        assert "No space left on device" in c.save_problem and not c.save_path.exists()
        assert any(str(c.save_path) in m for _, m in notices)
        full["on"] = False
        app.retry_save()
        assert json.loads(c.save_path.read_text())["actions"] == c.state.action_keys()


def in_progress_save(folder: Path, extra: dict | None = None) -> Path:
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bob"], seed=5)
    state = state.apply(state.legal_actions(state.actors()[0])[0])
    path = folder / "saves" / "live.json"
    write_save(path, spec, state, [{"kind": "human"}] * 2, extra)
    return path


async def resume_first(pilot) -> None:
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_opening_a_save_does_not_rewrite_it_and_a_move_keeps_unknown_fields(tmp_path):
    path = in_progress_save(tmp_path, {"later_version": [1, 2], "ui": {"zoom": 2}})
    before = path.read_bytes()
    os.utime(path, (1_700_000_000, 1_700_000_000))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await resume_first(pilot)
        assert app.controller is not None and app.controller.save_path == path
        await pilot.pause(0.3)
        assert path.read_bytes() == before and path.stat().st_mtime == 1_700_000_000
        await play_one_move(pilot)
        app.controller.flush_save()
    after = json.loads(path.read_text())
    assert len(after["actions"]) == 2
    assert after["later_version"] == [1, 2] and after["ui"]["zoom"] == 2


async def test_a_game_open_elsewhere_is_refused_with_who_holds_it(tmp_path):
    path = in_progress_save(tmp_path)
    other, _ = take_lock(path, "a browser tab [/]")  # a lock file's words are drawn as text
    assert other is not None
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        notices = record_notices(app)
        await resume_first(pilot)
        assert app.controller is None  # not opened for play ...
        await to_move_list(pilot)  # ... but shown read-only, in the replay viewer
        title, message = notices[-1]
        assert title == "Game already open" and "read-only" in message
        assert "a browser tab [/]" in message and f"process {os.getpid()}" in message
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"
        await pilot.press("d")  # nor can it be deleted from under the other window
        await pilot.pause()
        assert path.exists() and notices[-1][0] == "Cannot delete"
        assert "a browser tab [/]" in notices[-1][1]
        other.release()
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller is not None  # free again: it opens
        assert lock_path(path).exists()
        await pilot.press("ctrl+q")
    assert not lock_path(path).exists()  # leaving frees it


HOLDER = """
import sys, time
from pathlib import Path

import pytest
from tabletop_tui.save_lock import take_lock
lock, _ = take_lock(Path(sys.argv[1]), "a terminal")
print("held", flush=True)
time.sleep(60)
"""


def test_a_lock_left_by_a_killed_process_is_free_again(tmp_path):
    save = tmp_path / "saves" / "g.json"
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        lock, holder = take_lock(save, "a terminal")
        assert lock is None and f"process {proc.pid}" in holder and "a terminal" in holder
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert lock_path(save).exists()  # the file stays after a kill ...
    deadline = time.monotonic() + 5
    lock, holder = take_lock(save, "a terminal")  # ... but its lock went with the process
    while lock is None and time.monotonic() < deadline:  # pragma: no cover - slow reaping
        time.sleep(0.05)
        lock, holder = take_lock(save, "a terminal")
    assert lock is not None and holder == ""
    lock.release()
    assert not lock_path(save).exists()


def test_a_full_disk_still_takes_the_lock_unsigned(tmp_path, monkeypatch):
    """The holder's note cannot be written on a full disk: the game opens all the same
    (it once crashed here) and still keeps a second window out."""

    def no_space(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "pwrite", no_space)
    save = tmp_path / "saves" / "g.json"
    lock, holder = take_lock(save, "a terminal")
    assert lock is not None and holder == ""
    second, who = take_lock(save, "a browser tab")
    assert second is None and who == "another window"
    lock.release()


FAULTS = [
    UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed"),
    ValueError("Circular reference detected"),
    RecursionError("maximum recursion depth exceeded"),
]


async def test_a_save_failing_for_any_reason_is_told_and_retried(tmp_path, monkeypatch):
    """Only OSError was caught: any other fault in a write escaped the controller while
    the game in memory had moved on and the file stayed behind. Each fault in turn, a
    move apiece, in one game."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        notices = record_notices(app)
        await start_from_title(pilot, players=2)
        for moves, fault in enumerate(FAULTS, start=1):
            # the writes before (each switched off) stand under this one
            broken = break_writes(monkeypatch, fault, True)
            await play_one_move(pilot)
            c = app.controller
            assert c is not None and len(c.state.action_keys()) == moves  # the move was made
            assert type(fault).__name__ in c.save_problem and str(c.save_path) in c.save_problem
            assert notices[-1][0] == "Game not saved"
            notices.clear()
            broken["on"] = False
            app.retry_save()
            assert json.loads(c.save_path.read_text())["actions"] == c.state.action_keys()
    assert app.return_code in (None, 0)


# ---- quitting while the game cannot be saved ---------------------------------------------
async def unsaved_game(pilot, folder: Path):
    """A game under way whose saves fail (its data folder is a file), one move in."""
    await start_from_title(pilot, players=2)
    await play_one_move(pilot)
    c = pilot.app.controller
    assert c is not None and "Not a directory" in c.save_problem
    return c


def blocked_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.write_text("a file where the data folder should be")
    return folder


async def test_ctrl_q_asks_while_the_game_is_not_saved_and_writes_it_elsewhere(tmp_path):
    """Ctrl+Q once quit at once, status 0, with nothing on disk."""
    app = make_app(blocked_folder(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        c = await unsaved_game(pilot, tmp_path)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert type(app.screen).__name__ == "UnsavedScreen"  # asked, not gone
        text = str(app.screen.query_one("#unsaved-text").render())
        assert str(c.save_path) in text and "Not a directory" in text
        await pilot.press("escape")  # keep playing
        await pilot.pause()
        assert app.controller is c and app.is_running
        await play_one_move(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        box = app.screen.query_one("#unsaved-path")
        box.value = str(tmp_path / "nowhere" / "x" / "\0bad.json")  # cannot be written
        await pilot.press("enter")
        await pilot.pause()
        assert app.is_running and "Cannot save" in str(
            app.screen.query_one("#unsaved-result").render()
        )
        box.value = str(tmp_path / "kept.json")
        await pilot.press("enter")
        await pilot.pause()
    assert app.return_code == 0 and app.rescued is None
    kept = json.loads((tmp_path / "kept.json").read_text())
    assert kept["actions"] == c.state.action_keys() and len(kept["actions"]) == 2


async def test_ctrl_c_and_leaving_for_the_title_ask_too_and_quitting_on_purpose_drops_it(
    tmp_path, monkeypatch
):
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    app = make_app(blocked_folder(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await unsaved_game(pilot, tmp_path)
        await pilot.press("escape")  # the game's Escape: to the title
        await pilot.pause()
        assert type(app.screen).__name__ == "UnsavedScreen"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert type(app.screen).__name__ == "UnsavedScreen"
        await pilot.click("#unsaved-drop")  # "Quit without it": on purpose
        await pilot.pause()
    assert app.return_code == 130 and app.rescued is None
    assert not (tmp_path / "tmp").exists()


async def test_closing_with_no_one_to_ask_rescues_the_game_to_the_temporary_folder(
    tmp_path, monkeypatch
):
    """A browser tab closed, or the process told to stop: the app cannot ask, so the
    game goes to the temporary folder and the command says where."""
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(tmp_path / "tmp"))
    app = make_app(blocked_folder(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        c = await unsaved_game(pilot, tmp_path)
        app.exit()  # as Textual does when the tab's page goes away
        await pilot.pause()
    assert app.rescued == tmp_path / "tmp" / "tabletop-rescued" / c.save_path.name
    assert json.loads(app.rescued.read_text())["actions"] == c.state.action_keys()
