"""Something planted where a save's lock file goes (a link, a hard link, a pipe) is
never followed, written, truncated or removed: the save is treated as one that
cannot be locked, and a message names the lock file. Checked on every path that
takes a lock: Delete on the resume list, Resume, the end screen of a finished game,
and `tabletop review`."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import rules
import rules.coach
from rules.bots import Budget
from tabletop_tui.cli import main
from tabletop_tui.demo import bot_moves
from tabletop_tui.save_lock import LockRefused, lock_path, take_lock
from tabletop_tui.saves import write_save

from .helpers import make_app

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no flock on Windows")

SECRET = b"a file of the user's that a planted link points at\n"


def save_of(folder: Path, name: str, moves: int) -> Path:
    spec = rules.get_game("happy-city")
    state = bot_moves(spec.new_game(["Ann", "Bob"], seed=5), moves)
    path = folder / "saves" / name
    write_save(path, spec, state, [{"kind": "human"}] * 2)
    return path


def plant_link(save: Path, tmp_path: Path) -> Path:
    """A link at the save's lock path to another file; returns that file."""
    target = tmp_path / "precious.txt"
    target.write_bytes(SECRET)
    lock_path(save).symlink_to(target)
    return target


def untouched(save: Path, target: Path) -> bool:
    return lock_path(save).is_symlink() and target.read_bytes() == SECRET


@pytest.mark.parametrize("kind", ["link", "dangling link", "hard link", "pipe"])
def test_take_lock_refuses_what_is_not_its_own_file(tmp_path, kind):
    save = tmp_path / "saves" / "g.json"
    save.parent.mkdir()
    lock = lock_path(save)
    target = tmp_path / "precious.txt"
    if kind != "dangling link":
        target.write_bytes(SECRET)
    if kind.endswith("link") and kind != "hard link":
        lock.symlink_to(target)
    elif kind == "hard link":
        os.link(target, lock)
    else:
        os.mkfifo(lock)
    with pytest.raises(LockRefused, match=str(lock).replace(".", r"\.")):
        take_lock(save, "a terminal")
    if kind == "dangling link":
        assert not target.exists()  # O_CREAT did not make the link's target
    elif kind != "pipe":
        assert target.read_bytes() == SECRET
    assert os.path.lexists(lock)  # and the thing planted is left where it was


async def test_delete_resume_and_end_screen_leave_a_planted_link_alone(tmp_path):
    done = save_of(tmp_path, "finished.json", 100_000)
    playing = save_of(tmp_path, "playing.json", 6)  # saved later: listed first
    target = plant_link(playing, tmp_path)
    other = tmp_path / "other.txt"
    other.write_bytes(SECRET)
    lock_path(done).symlink_to(other)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("d")  # Delete asks first; the lock is checked before asking
        await pilot.pause()
        assert untouched(playing, target)
        assert app.notes[-1].title == "Save not locked"
        assert str(lock_path(playing)) in app.notes[-1].message
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("enter")  # Resume: the game opens, unlocked, and says so
        await pilot.pause()
        assert app.controller is not None and app.controller.save_path == playing
        assert untouched(playing, target)
        assert "Save not locked" in [n.title for n in app.notes[-3:]]
        app.back_to_title()  # leaving releases no lock: the link stays
        await pilot.pause()
        assert untouched(playing, target)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("down", "enter")  # the finished game: its end screen
        await pilot.pause()
        assert type(app.screen).__name__ == "EndScreen"
        assert untouched(done, other)
        app.back_to_title()
        await pilot.pause()
    assert untouched(playing, target) and untouched(done, other)
    assert playing.exists() and done.exists()


def quick_review(monkeypatch) -> None:
    """`tabletop review` with the smallest search: these tests are about the file."""
    real = rules.coach.review_game
    small = Budget(seconds=None, iterations=1)
    monkeypatch.setattr(
        rules.coach,
        "review_game",
        lambda spec, state, seat: real(spec, state, seat, seed=1, rank_budget=small, worlds=1),
    )


def test_tabletop_review_leaves_a_planted_link_alone_and_says_so(tmp_path, capsys, monkeypatch):
    quick_review(monkeypatch)
    save = save_of(tmp_path, "done.json", 100_000)
    before = save.read_bytes()
    target = plant_link(save, tmp_path)
    assert main(["review", str(save)]) == 0
    err = capsys.readouterr().err
    assert "not kept with the save" in err and str(lock_path(save)) in err
    assert untouched(save, target) and save.read_bytes() == before


def test_tabletop_review_writes_under_the_lock_and_never_past_a_holder(
    tmp_path, capsys, monkeypatch
):
    quick_review(monkeypatch)
    save = save_of(tmp_path, "done.json", 100_000)
    before = save.read_bytes()
    holder, _ = take_lock(save, "a browser tab")
    assert holder is not None
    assert main(["review", str(save)]) == 0
    assert "open in another window (a browser tab" in capsys.readouterr().err
    assert save.read_bytes() == before  # the window playing it keeps it as it is
    holder.release()
    assert main(["review", str(save)]) == 0
    assert "kept with the save" in capsys.readouterr().err
    assert b'"coach"' in save.read_bytes() and not lock_path(save).exists()
