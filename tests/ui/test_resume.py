"""The resume list: headers instead of replays, broken files reported one by one and
left untouched, columns that fit, the mode, the seed of finished games only, delete."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from textual.widgets import OptionList, Static

import rules
from rules.core.state import GameState
from rules.simulate import play_one
from tabletop_tui.save_index import INDEX_NAME
from tabletop_tui.saves import list_saves, write_save

from .helpers import make_app, screen_text

HUMANS = [{"kind": "human"}] * 2


def save(folder: Path, name: str, game: str, state) -> Path:
    path = folder / "saves" / f"{name}.json"
    write_save(path, rules.get_game(game), state, [{"kind": "human"}] * len(state.players))
    return path


def finished(folder: Path, name: str, game: str, seed: int) -> Path:
    state, _ = play_one(game, ["random", "random"], seed=seed)
    return save(folder, name, game, state)


def in_progress(folder: Path, name: str, players: list[str], seed: int, **options) -> Path:
    spec = rules.get_game("happy-city")
    state = spec.new_game(players, seed=seed, options=options)
    state = state.apply(state.legal_actions(state.actors()[0])[0])
    return save(folder, name, "happy-city", state)


def refuse_replay(monkeypatch):
    def no(self, action):
        raise AssertionError("the listing replayed a save")

    monkeypatch.setattr(GameState, "apply", no)


def test_listing_reads_the_header_and_replays_nothing(tmp_path, monkeypatch):
    finished(tmp_path, "sl", "sweet-lands", 3)
    in_progress(tmp_path, "hc", ["Ann", "Bob"], 11, mode="expert")
    refuse_replay(monkeypatch)
    good, bad = list_saves(tmp_path)
    assert not bad and len(good) == 2
    by_game = {g.game: g for g in good}
    sl, hc = by_game["sweet-lands"], by_game["happy-city"]
    assert sl.over and sl.seed == 3 and sl.winners and sl.steps > 100
    assert not hc.over and hc.seed is None and hc.mode == "Expert" and hc.steps == 1


def test_an_old_save_without_header_is_replayed_once(tmp_path, monkeypatch):
    spec = rules.get_game("happy-city")
    state, _ = play_one("happy-city", ["random", "random"], seed=8)
    path = tmp_path / "saves" / "old.json"
    path.parent.mkdir(parents=True)
    data = spec.to_save(state)
    data["ui"] = {"seats": HUMANS, "saved_at": 1_700_000_000.0, "round": 9, "over": True}
    path.write_text(json.dumps(data))
    (first,), bad = list_saves(tmp_path)
    assert not bad and first.over and first.seed == 8 and first.mode == "Family"
    assert first.saved_at == 1_700_000_000.0
    refuse_replay(monkeypatch)  # the file is unchanged: no second replay
    (again,), _ = list_saves(tmp_path)
    assert again == first
    assert "header" not in json.loads(path.read_text())  # listing never writes


def broken_files(folder: Path) -> dict[str, str]:
    """name -> file text, each mutated from a real save the way a bad edit would."""
    good = in_progress(folder, "template", ["Ann", "Bob"], 5)
    data = json.loads(good.read_text())
    good.unlink()

    def variant(**changes):
        d = json.loads(json.dumps(data))
        for dotted, value in changes.items():
            *parents, last = dotted.split(".")
            target = d
            for p in parents:
                target = target[p]
            target[last] = value
        return json.dumps(d)

    return {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "huge-seed.json": variant().replace('"seed": 5', '"seed": 1e400', 1),
        "options-text.json": variant(options="expert"),
        "yesterday.json": variant(**{"ui.saved_at": "yesterday"}),
        "header-yesterday.json": variant(**{"header.saved_at": "yesterday"}),
        "players-text.json": variant(players="Anna"),
        "not-object.json": "[1, 2, 3]",
        "bad-step.json": variant(actions=[*data["actions"], "0:buy:[1.5]"], header=None),
        "truncated.json": variant()[:200],
        "format-true.json": variant(format=True),  # once listed, then refused on resume
        "format-float.json": variant(format=1.0),
    }


EXPECTED_WORDS = {
    "deep.json": "nested",
    "huge-seed.json": "seed",
    "options-text.json": "options",
    "yesterday.json": "saved_at",
    "header-yesterday.json": "saved_at",
    "players-text.json": "players",
    "not-object.json": "not a JSON object",
    "bad-step.json": "step 2",
    "truncated.json": "not valid JSON",
    "format-true.json": "unknown save format True",
    "format-float.json": "unknown save format 1.0",
}


async def test_each_broken_save_gets_its_own_message_and_is_left_untouched(tmp_path):
    texts = broken_files(tmp_path)
    for name, text in texts.items():
        (tmp_path / "saves" / name).write_text(text)
    in_progress(tmp_path, "fine", ["Ann", "Bob"], 6)
    before = {p.name: p.read_bytes() for p in (tmp_path / "saves").iterdir()}
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"
        bad_text = str(app.screen.query_one("#resume-bad", Static).render())
        lines = bad_text.splitlines()
        for name, word in EXPECTED_WORDS.items():
            line = next(line for line in lines if line.startswith(f"- {name}:"))
            assert word in line, line
        assert app.screen.query_one(OptionList).option_count == 1  # the good save still lists
    # the folder's index (written once its saves are 2 s old, which a loaded machine
    # reaches during the test) is the list's own file, not a save
    after = {p.name: p.read_bytes() for p in (tmp_path / "saves").iterdir()}
    after.pop(INDEX_NAME, None)
    assert after == before


async def open_resume(pilot):
    await pilot.press("r")
    await pilot.pause()
    return pilot.app.screen


async def test_columns_fit_and_show_mode_and_only_finished_seeds(tmp_path):
    long_names = ["Annabelle-Marguerite", "Bartholomew", "Cleopatra", "Dominique"]
    in_progress(tmp_path, "a-live", long_names, 48151, mode="expert", bank="box")
    finished(tmp_path, "b-done", "happiest-town", 62342)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        text = screen_text(app)
        lines = text.splitlines()
        at = next(n for n, line in enumerate(lines) if "Happy City" in line)
        assert all(len(line) <= 80 for line in lines)
        assert "Annabelle-Marg" in lines[at] and "…" in lines[at]
        assert "Expert, Box coins only (70)" in lines[at + 1]  # the mode in full, never cut
        assert "Standard" in text  # Happiest Town's variant
        assert "62342" in text  # the finished game's seed
        assert "48151" not in text  # never the seed of a game in progress
        # newest first: the finished game is highlighted and described with its winner
        assert "Finished. Won by" in text
        await pilot.press("down")
        await pilot.pause()
        text = screen_text(app)  # the game in progress, in full, still without its seed
        assert "Annabelle-Marguerite, Bartholomew, Cleopatra, Dominique" in text
        assert "Finished" not in text and "48151" not in text


async def test_delete_asks_first(tmp_path):
    """No and Escape keep the save, Yes deletes it: the three answers in turn on one list."""
    keep = in_progress(tmp_path, "a-keep", ["Ann", "Bob"], 1)
    target = in_progress(tmp_path, "b-target", ["Cleo", "Dan"], 2)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_resume(pilot)
        for answer in ("n", "escape", "y"):
            for _ in range(2):  # the target's row (the list keeps its place after a No)
                if "Cleo" in str(screen.query_one("#resume-detail", Static).render()):
                    break
                await pilot.press("down")
                await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            assert type(app.screen).__name__ == "ConfirmDelete"
            assert "b-target.json" in screen_text(app) and "cannot be undone" in screen_text(app)
            await pilot.press(answer)
            await pilot.pause()
            assert app.screen is screen
            assert target.exists() is (answer != "y") and keep.exists(), answer
            assert screen.query_one(OptionList).option_count == (1 if answer == "y" else 2)


async def test_resume_footer_names_the_keys(tmp_path):
    in_progress(tmp_path, "a", ["Ann", "Bob"], 1)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        footer = screen_text(app).splitlines()[-1]
        for words in ("Resume", "Replay", "Delete", "Back"):
            assert words in footer


async def test_a_save_whose_moves_fail_is_caught_before_it_opens(tmp_path):
    """The header looks right, so the list shows the save; opening it replays first."""
    path = in_progress(tmp_path, "edited", ["Ann", "Bob"], 3)
    data = json.loads(path.read_text())
    data["actions"].append('0:buy:["Castle in the air"]')
    data["header"]["steps"] = len(data["actions"])  # an edit that kept the header in step
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_resume(pilot)
        assert screen.query_one(OptionList).option_count == 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen  # no game opened, no crash
        bad_text = str(screen.query_one("#resume-bad", Static).render())
        assert "edited.json: step 2" in bad_text
        assert not screen.query_one(OptionList).display
    assert path.read_bytes() == before


def test_a_resumed_game_keeps_each_bot_seats_level(tmp_path):
    from tabletop_tui.saves import read_seats

    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Bot", "Odd"], seed=3)
    seats = [
        {"kind": "human"},
        {"kind": "bot", "level": "hard"},
        {"kind": "bot", "level": "sneaky"},  # hand-edited: an unknown level plays normal
    ]
    path = tmp_path / "s.json"
    write_save(path, spec, state, seats)
    assert read_seats(path, 3) == [
        {"kind": "human"},
        {"kind": "bot", "level": "hard"},
        {"kind": "bot", "level": "normal"},
    ]


async def test_opening_a_listed_save_replays_it_once(tmp_path, monkeypatch):
    in_progress(tmp_path, "hc", ["Ann", "Bob"], 5)
    spec = rules.get_game("happy-city")
    replays = []
    real = type(spec).from_save

    def counted(self, data, path=None):
        replays.append(path)
        return real(self, data, path=path)

    monkeypatch.setattr(type(spec), "from_save", counted)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        assert replays == []  # the list reads headers only
        await pilot.press("enter")
        await pilot.pause()
        assert app.controller is not None and app.controller.state.action_keys()
    assert len(replays) == 1


# ---- count, filter, bots, many saves, tidying (issue 47 item 4, issue 46) ---------------------
DAY = 86400.0


def aged(path: Path, days: float) -> Path:
    """The save as if last saved ``days`` ago (its header and ui times)."""
    data = json.loads(path.read_text())
    data["header"]["saved_at"] = data["ui"]["saved_at"] = time.time() - days * DAY
    path.write_text(json.dumps(data))
    return path


def head(screen) -> str:
    return str(screen.query_one("#resume-head", Static).render())


def listed(screen) -> list[str]:
    ol = screen.query_one("#resume-list", OptionList)
    return [Path(str(ol.get_option_at_index(i).id)).name for i in range(ol.option_count)]


async def test_the_list_counts_the_saves_and_g_shows_one_game_at_a_time(tmp_path):
    in_progress(tmp_path, "hc-1", ["Ann", "Bob"], 1)
    in_progress(tmp_path, "hc-2", ["Cleo", "Dev"], 2)
    finished(tmp_path, "ht", "happiest-town", 3)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_resume(pilot)
        assert head(screen) == "Saved games, newest first: 3 (1 finished)."
        assert "g Filter" in screen_text(app).splitlines()[-1]
        choices = []
        for _ in range(3):
            await pilot.press("g")
            await pilot.pause()
            choices.append((head(screen), sorted(listed(screen))))
        first = "Saved games, newest first: "
        assert choices == [
            (first + "Happiest Town, 1 of 3 (1 finished).", ["ht.json"]),
            (first + "Happy City, 2 of 3 (0 finished).", ["hc-1.json", "hc-2.json"]),
            (first + "3 (1 finished).", ["hc-1.json", "hc-2.json", "ht.json"]),
        ]
        assert isinstance(app.focused, OptionList)  # Enter still resumes the highlighted save


async def test_bot_seats_are_marked_with_their_level_in_the_row_and_the_detail(tmp_path):
    spec = rules.get_game("happy-city")
    state = spec.new_game(["Ann", "Robo"], seed=4)
    path = tmp_path / "saves" / "bots.json"
    write_save(path, spec, state, [{"kind": "human"}, {"kind": "bot", "level": "hard"}])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        row = next(line for line in screen_text(app).splitlines() if "Happy City" in line)
        assert "Ann, Robo (hard bot)" in row
        assert "Players: Ann, Robo (hard bot)" in screen_text(app)


async def test_a_thousand_saves_all_come_into_the_list_and_end_reaches_the_oldest(tmp_path):
    template = json.loads(in_progress(tmp_path, "t", ["Ann", "Bob"], 1).read_text())
    (tmp_path / "saves" / "t.json").unlink()
    for i in range(1000):
        template["header"]["saved_at"] = template["ui"]["saved_at"] = 1_700_000_000.0 + i
        (tmp_path / "saves" / f"s{i:04}.json").write_text(json.dumps(template))
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_resume(pilot)
        assert head(screen).startswith("Saved games, newest first: 1,000 (0 finished)")
        await pilot.press("end")
        await pilot.pause()
        assert screen.current().path.name == "s0000.json"  # the oldest
        for _ in range(20):
            await pilot.pause()
        assert listed(screen) == [f"s{i:04}.json" for i in reversed(range(1000))]


def saves_in(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (folder / "saves").glob("[!.]*.json")}


def lock_elsewhere(path: Path):
    from tabletop_tui.save_lock import take_lock

    lock, _ = take_lock(path, "another window")
    assert lock is not None
    return lock


async def open_tidy(pilot):
    await pilot.press("t")
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "TidyScreen"
    return str(pilot.app.screen.query_one("#tidy-list", Static).render())


async def test_tidy_lists_old_finished_games_asks_and_deletes_only_those(tmp_path):
    """No and Escape keep every save, Yes deletes the one listed: in turn, on one list."""
    old_done = aged(finished(tmp_path, "old-done", "happy-city", 1), 200)
    new_done = aged(finished(tmp_path, "new-done", "happy-city", 2), 10)
    old_live = aged(in_progress(tmp_path, "old-live", ["Ann", "Bob"], 3), 400)
    held = aged(finished(tmp_path, "old-held", "happiest-town", 4), 300)
    unreadable = tmp_path / "saves" / "old-broken.json"
    unreadable.write_text('{"over": true}')
    os.utime(unreadable, (1_000_000_000, 1_000_000_000))
    before = saves_in(tmp_path)
    lock = lock_elsewhere(held)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_resume(pilot)
        for answer in ("n", "escape", "y"):
            shown = await open_tidy(pilot)
            assert "1 finished game last saved before" in shown and "old-done.json" in shown
            for name in ("new-done", "old-live", "old-broken"):
                assert name not in shown
            assert "old-held.json: open in another window (another window" in shown
            assert "Y deletes the 1 save listed" in screen_text(app)
            await pilot.press(answer)
            await pilot.pause()
            assert app.screen is screen
            assert old_done.exists() is (answer != "y"), answer
            assert sorted(listed(screen)) == sorted(
                p.name for p in (new_done, old_live, held, old_done) if p.exists()
            )
    lock.release()
    assert saves_in(tmp_path) == {k: v for k, v in before.items() if k != "old-done.json"}


async def test_tidy_ages_are_chosen_with_the_arrows_and_the_list_follows(tmp_path):
    aged(finished(tmp_path, "month-old", "happy-city", 1), 45)
    aged(finished(tmp_path, "year-old", "happy-city", 2), 400)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        shown = await open_tidy(pilot)  # 3 months by default
        assert "year-old" in shown and "month-old" not in shown
        await pilot.press("up")  # 1 month
        await pilot.pause()
        shown = str(app.screen.query_one("#tidy-list", Static).render())
        assert "year-old" in shown and "month-old" in shown
        await pilot.press("down", "down", "down")  # 1 year
        await pilot.pause()
        shown = str(app.screen.query_one("#tidy-list", Static).render())
        assert "year-old" in shown and "month-old" not in shown
        await pilot.press("down")  # none older than the longest age is left out
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert len(list((tmp_path / "saves").glob("*.json"))) == 2


async def test_tidy_leaves_a_save_that_changed_or_was_locked_after_it_was_listed(tmp_path):
    changed = aged(finished(tmp_path, "a-changed", "happy-city", 1), 200)
    locked = aged(finished(tmp_path, "b-locked", "happy-city", 2), 200)
    gone = aged(finished(tmp_path, "c-deleted", "happy-city", 3), 200)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await open_resume(pilot)
        shown = await open_tidy(pilot)
        assert all(p.name in shown for p in (changed, locked, gone))
        aged(changed, 1)  # played on in another window meanwhile
        lock = lock_elsewhere(locked)
        await pilot.press("y")
        await pilot.pause()
        lock.release()
        note = app.notes[-1].message
        assert "Deleted 1 save." in note
        assert "a-changed.json: changed since it was listed" in note
        assert "b-locked.json: open in another window" in note
    assert changed.exists() and locked.exists() and not gone.exists()


async def test_tidy_by_mouse_the_button_names_what_it_deletes(tmp_path):
    old = aged(finished(tmp_path, "old", "happy-city", 1), 200)
    young = aged(finished(tmp_path, "young", "happy-city", 2), 5)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_resume(pilot)
        await open_tidy(pilot)
        assert "Delete 1 save" in screen_text(app)
        await pilot.click("#tidy-yes")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"
    assert not old.exists() and young.exists()
