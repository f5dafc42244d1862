"""No file in the saves folder can break the resume list, the loader or `replay`:
values out of range, other kinds of file, damaged text. Each is listed or named.
A property test mutates real saves of every game the way an edit, a bad disk or a
newer version could, and runs all three over each result."""

from __future__ import annotations

import io
import json
import math
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

import rules
import tabletop_tui.cli as cli
import tabletop_tui.saves as saves_module
from rules.simulate import play_one
from tabletop_tui import save_index
from tabletop_tui.replay import ReplayError, load_replay
from tabletop_tui.saves import (
    BadSave,
    SaveInfo,
    kept_fields,
    list_saves,
    load_checked,
    read_save_info,
    remove_stale_temps,
    write_save,
)
from tabletop_tui.screens.resume import describe, save_row
from tabletop_tui.text import visible

HUGE = "9" * 5000  # more digits than Python converts from text by default


def real_save(folder: Path, game: str, seed: int, finished: bool) -> Path:
    spec = rules.get_game(game)
    if finished:
        state, _ = play_one(game, ["random", "random"], seed=seed)
    else:
        state = spec.new_game(["Ann", "Bob"], seed=seed)
        for _ in range(3):
            state = state.apply(state.legal_actions(state.actors()[0])[0])
    path = folder / "saves" / f"{game}-{seed}.json"
    write_save(path, spec, state, [{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    return path


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> list[dict]:
    folder = tmp_path_factory.mktemp("originals")
    paths = [real_save(folder, g, 3, finished=g != "sweet-lands") for g in sorted(rules.GAMES)]
    return [json.loads(p.read_text()) for p in paths]


def render(thing) -> str:
    console = Console(file=io.StringIO(), width=100, color_system="truecolor")
    console.print(thing)
    return console.file.getvalue()  # type: ignore[attr-defined]


def run_everything(base: Path, path: Path) -> None:
    """The resume list (rows and detail rendered), opening the save, and `replay`."""
    good, bad = list_saves(base)
    assert len(good) + len(bad) == 1
    for info in good:
        render(save_row(info))
        render(describe(info))
        loaded = load_checked(info.path)
        assert isinstance(loaded, BadSave) or loaded.players == info.players
    for b in bad:
        assert b.reason.startswith(path.name)
    try:
        load_replay(path)
    except ReplayError as exc:
        assert str(exc).startswith(path.name)


def run_replay_command(path: Path, capsys_err: list[str]) -> int:
    """`tabletop replay PATH` with the viewer's run left out (it needs a terminal)."""
    import contextlib

    import tabletop_tui.screens.replay as viewer

    err = io.StringIO()
    real_run = viewer.ReplayApp.run
    viewer.ReplayApp.run = lambda self: None  # type: ignore[method-assign,misc,assignment]
    try:
        with contextlib.redirect_stderr(err):
            rc = cli.main(["replay", str(path)])
    finally:
        viewer.ReplayApp.run = real_run  # type: ignore[method-assign]
    capsys_err.append(err.getvalue())
    return rc


# ---- values a mutation may put anywhere -------------------------------------------------
NASTY = [
    "__HUGE__",  # written out as thousands of digits
    "-__HUGE__",
    1e300,
    -1e300,
    math.nan,
    math.inf,
    2.0**63,
    253_402_300_800.0,
    10**30,
    "Q[/]",
    "x[",
    "\x1b[31mred",
    "\x00\x07\x9b",
    "[" * 3000 + "]" * 3000,
]
VALUES = st.one_of(
    st.sampled_from(NASTY),
    st.sampled_from([None, True, False, "", [], {}, 0, -1]),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.lists(st.integers(), max_size=3),
)


def paths_in(doc, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += paths_in(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            out += paths_in(v, (*prefix, i))
    return out


@st.composite
def mutated(draw, originals):
    doc = json.loads(json.dumps(draw(st.sampled_from(originals))))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths_in(doc)[1:]))
        parent = doc
        for step in where[:-1]:
            parent = parent[step]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[where[-1]]
        else:
            parent[where[-1]] = draw(VALUES)
    text = json.dumps(doc, allow_nan=True).replace('"__HUGE__"', HUGE)
    text = text.replace('"-__HUGE__"', "-" + HUGE)
    data = text.encode("utf-8")
    damage = draw(st.integers(0, 15))
    if damage == 0:
        data = data[: draw(st.integers(0, len(data)))]  # a write cut short
    elif damage == 1:
        data = data.replace(b"a", b"\xff", 1)  # not UTF-8
    return data


def examples(n: int):
    """Hypothesis settings for n examples of a test that replays games (slow ones)."""
    return settings(
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@examples(80)
@given(data=st.data())
def test_no_mutated_save_breaks_the_list_the_loader_or_replay(originals, data):
    blob = data.draw(mutated(originals))
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        path = base / "saves" / "mutated.json"
        path.parent.mkdir()
        path.write_bytes(blob)
        run_everything(base, path)
        errors: list[str] = []
        rc = run_replay_command(path, errors)
        assert rc in (0, 2)
        assert "Traceback" not in errors[0]
        assert rc == 0 or len(errors[0].strip().splitlines()) == 1
        assert path.read_bytes() == blob  # never modified


# ---- named cases ----------------------------------------------------------------------------
def one_save(tmp_path: Path) -> tuple[Path, dict]:
    path = real_save(tmp_path, "happy-city", 4, finished=True)
    return path, json.loads(path.read_text())


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["header"].update(saved_at=1e300), "saved_at"),
        (lambda d: d["header"].update(saved_at=math.nan), "saved_at"),
        (lambda d: d["ui"].update(saved_at=-5), "saved_at"),
        (lambda d: d.update(players=["x" * 5000, "Bob"]), "longer than"),
        (lambda d: d.update(seed=2**70), "seed"),
    ],
)
def test_values_out_of_range_are_named(tmp_path, edit, words):
    path, data = one_save(tmp_path)
    edit(data)
    path.write_text(json.dumps(data, allow_nan=True))
    info = read_save_info(path)
    assert isinstance(info, BadSave) and words in info.reason


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.update(game="chess"), "unknown game 'chess'"),
        (lambda d: d.update(players=["Ann", 7]), "'players' must be a list of names"),
        (lambda d: d.update(players=["Ann"]), "takes 2-5 players"),
        (lambda d: d.update(options=["expert"]), "'options' must be an object"),
        (lambda d: d.update(options={"mode": "chaos"}), "bad options:"),
        (lambda d: d.update(actions="0:pass"), "'actions' must be a list of action keys"),
    ],
    ids=["game", "names", "count", "options", "option", "actions"],
)
def test_each_field_a_replay_uses_is_checked(tmp_path, edit, words):
    path, data = one_save(tmp_path)
    edit(data)
    path.write_text(json.dumps(data))
    info = read_save_info(path)
    assert isinstance(info, BadSave) and words in info.reason, info


def test_a_name_with_control_characters_is_read_as_its_visible_form(tmp_path):
    path, data = one_save(tmp_path)
    data["players"][0] = "A\x1bnn"
    del data["header"]  # the names are read from the record itself
    path.write_text(json.dumps(data))
    info = read_save_info(path)
    assert not isinstance(info, BadSave) and info.players[0] == visible("A\x1bnn") != "A\x1bnn"


def test_a_huge_number_is_named_by_the_list_and_by_replay(tmp_path):
    path, data = one_save(tmp_path)
    path.write_text(json.dumps(data).replace('"seed": 4', f'"seed": {HUGE}', 1))
    _, bad = list_saves(tmp_path)
    assert "number far too long" in bad[0].reason
    errors: list[str] = []
    assert run_replay_command(path, errors) == 2
    assert "number far too long" in errors[0] and "Traceback" not in errors[0]


def test_a_reason_quoting_a_huge_move_is_cut_short(tmp_path):
    """A 1 MB move key once made the list's reason (and `replay`'s line) 1 MB long:
    seconds to draw. The list, the loader and `replay` quote it briefly."""
    path, data = one_save(tmp_path)
    data["actions"][1] = "0:" + "x" * 1_000_000
    del data["header"]
    path.write_text(json.dumps(data))
    _, bad = list_saves(tmp_path)
    loaded = load_checked(path)
    assert isinstance(loaded, BadSave)
    for reason in (bad[0].reason, loaded.reason):
        assert reason.startswith(f"{path.name}: step 2") and len(reason) <= 600
        assert "xxx…xxx" in reason and reason.endswith("to 3 visible buildings.")
    errors: list[str] = []
    assert run_replay_command(path, errors) == 2
    assert "step 2" in errors[0] and "is illegal" in errors[0] and len(errors[0]) < 700


def test_the_older_sweet_lands_edition_is_named_whole(tmp_path):
    """The longest reason of our own (a save of an older rules edition) was once cut
    before it said the save no longer replays and why."""
    path = real_save(tmp_path, "sweet-lands", 2, finished=False)
    data = json.loads(path.read_text())
    data["extra"] = {"rules": 1}
    data["actions"][2] = "0:no-such-move"
    del data["header"]
    path.write_text(json.dumps(data))
    errors: list[str] = []
    assert run_replay_command(path, errors) == 2
    loaded = load_checked(path)
    assert isinstance(loaded, BadSave)
    for reason in (errors[0], loaded.reason):
        assert "rules edition 1" in reason and "…" not in reason
        assert reason.rstrip().endswith("Ann must choose a character.")


def test_a_round_out_of_range_in_the_header_is_replayed_instead(tmp_path):
    path, data = one_save(tmp_path)
    data["header"]["round"] = 10**40
    path.write_text(json.dumps(data))
    info = read_save_info(path)
    assert isinstance(info, SaveInfo) and info.round != 10**40  # the replay's own round


def test_other_kinds_of_file_are_named_and_never_waited_on(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "folder.json").mkdir()
    os.mkfifo(saves / "pipe.json")
    (saves / "dangling.json").symlink_to(saves / "nowhere")
    (saves / "loop.json").symlink_to(saves / "loop.json")
    _, bad = list_saves(tmp_path)  # a named pipe would block a plain open forever
    reasons = {b.path.name: b.reason for b in bad}
    assert "a folder" in reasons["folder.json"]
    assert "a named pipe" in reasons["pipe.json"]
    assert "cannot read the file (No such file" in reasons["dangling.json"]
    assert "cannot read the file (Too many levels of symbolic links)" in reasons["loop.json"]
    for name, words in (("folder.json", "a folder"), ("pipe.json", "named pipe")):
        errors: list[str] = []
        assert run_replay_command(saves / name, errors) == 2
        assert words in errors[0] and "no such" not in errors[0]


def test_an_unreadable_file_is_named(tmp_path, monkeypatch):
    path, _ = one_save(tmp_path)
    path.chmod(0)
    if os.geteuid() == 0:  # the superuser reads any file: refuse it the way the OS would
        real_open = os.open

        def refuse(name, flags, *args):
            if Path(name) == path:
                raise PermissionError(13, "Permission denied")
            return real_open(name, flags, *args)

        monkeypatch.setattr(os, "open", refuse)
    _, bad = list_saves(tmp_path)
    assert "cannot read the file (Permission denied)" in bad[0].reason
    errors: list[str] = []
    assert run_replay_command(path, errors) == 2 and "Permission denied" in errors[0]


def test_a_file_too_large_for_a_save_is_named_without_reading_it(tmp_path):
    path, _ = one_save(tmp_path)
    with path.open("ab") as fh:
        fh.truncate(9 * 1024 * 1024)
    _, bad = list_saves(tmp_path)
    assert "too large" in bad[0].reason


# ---- leftovers and unknown fields -------------------------------------------------------------
def test_stale_temporary_files_are_removed_and_never_listed(tmp_path):
    path, _ = one_save(tmp_path)
    old = path.parent / ".tmp-abc123.json"
    fresh = path.parent / ".tmp-def456.json"
    old.write_text(path.read_text())
    fresh.write_text(path.read_text()[:50])  # a write going on in another window
    os.utime(old, (1_000_000_000, 1_000_000_000))
    good, bad = list_saves(tmp_path)
    assert [g.path for g in good] == [path] and not bad
    assert not old.exists() and fresh.exists()
    assert remove_stale_temps(tmp_path / "no-such-folder") == []


def test_unknown_fields_survive_a_rewrite(tmp_path):
    path, data = one_save(tmp_path)
    data["from_a_newer_version"] = {"notes": [1, 2]}
    data["ui"]["zoom"] = 3
    data["extra"] = {"table_talk": "on"}
    data["header"]["cover_art"] = "b"
    data["header"]["seed"] = 123  # never carried over: written from the game, when over
    path.write_text(json.dumps(data))
    state = load_checked(path)
    kept = kept_fields(json.loads(path.read_text()))
    write_save(path, rules.get_game("happy-city"), state, [{"kind": "human"}] * 2, kept)
    again = json.loads(path.read_text())
    assert again["from_a_newer_version"] == {"notes": [1, 2]} and again["ui"]["zoom"] == 3
    assert again["extra"] == {"table_talk": "on"}
    assert again["header"]["cover_art"] == "b" and again["header"].get("seed") != 123
    assert again["actions"] == data["actions"] and again["ui"]["seats"][0] == {"kind": "human"}


# ---- the resume screen itself over a folder of mutated saves ----------------------------------
@examples(2)
@given(data=st.data())
def test_the_resume_screen_lists_a_folder_of_mutated_saves(originals, data):
    """The real screen: every row highlighted in turn (its detail drawn) and replayed
    with V, the broken files named; the app is still on its feet at the end."""
    import asyncio

    from textual.widgets import OptionList

    from tests.ui.helpers import make_app

    blobs = data.draw(st.lists(mutated(originals), min_size=12, max_size=12))

    async def browse(base: Path) -> None:
        app = make_app(base)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert type(screen).__name__ == "ResumeScreen"
            rows = screen.query_one(OptionList).option_count
            for _ in range(rows):
                await pilot.press("v")
                await pilot.pause()
                for _ in range(2):  # the replay viewer opened on its table: back twice
                    if app.screen is not screen:
                        await pilot.press("escape")
                        await pilot.pause()
                assert app.screen is screen
                await pilot.press("down")
                await pilot.pause()
            good, bad = list_saves(base)
            assert rows == len(good) and len(good) + len(bad) == len(blobs)
        assert app.return_code in (None, 0)

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "saves").mkdir()
        for i, blob in enumerate(blobs):
            (base / "saves" / f"m{i:02}.json").write_bytes(blob)
        asyncio.run(browse(base))


def test_a_games_own_extra_fields_win_over_kept_ones(tmp_path):
    spec = rules.get_game("sweet-lands")
    state = spec.new_game(["Ann", "Bob"], seed=3)
    path = tmp_path / "saves" / "sl.json"
    write_save(path, spec, state, [{"kind": "human"}] * 2, {"extra": {"rules": 0, "x": 1}})
    extra = json.loads(path.read_text())["extra"]
    assert extra["x"] == 1 and extra["rules"] == state.save_extra()["rules"]


# ---- the index (save_index.py) against reading every file ------------------------------------
@pytest.fixture
def indexed_at_once(monkeypatch):
    """Saves the test has just written are indexed (the app waits RACY_NS first)."""
    monkeypatch.setattr(save_index, "RACY_NS", -(10**9))


@pytest.fixture
def seeded_folder(tmp_path) -> Path:
    """Seeded saves of every game, finished and in progress (a bot seat in each), one
    written before headers existed, and two that cannot be used."""
    for game in sorted(rules.GAMES):
        real_save(tmp_path, game, 3, finished=True)
        real_save(tmp_path, game, 4, finished=False)
    folder = tmp_path / "saves"
    old = json.loads((folder / "happy-city-3.json").read_text())
    del old["header"]
    (folder / "before-headers.json").write_text(json.dumps(old))
    (folder / "not-json.json").write_text("{not json")
    bad_step = json.loads((folder / "happy-city-4.json").read_text())
    bad_step["actions"].append('0:buy:["Castle in the air"]')
    del bad_step["header"]
    (folder / "bad-step.json").write_text(json.dumps(bad_step))
    return tmp_path


def uncached(base: Path):
    saves_module._READ.clear()
    return list_saves(base, use_index=False)


def reading_counted(monkeypatch) -> list[str]:
    """The names of the save files read from now on (the index itself not counted)."""
    read: list[str] = []
    real = saves_module.read_json

    def counted(path):
        if Path(path).name != save_index.INDEX_NAME:
            read.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(saves_module, "read_json", counted)
    return read


def test_the_index_lists_exactly_what_reading_every_file_lists(
    seeded_folder, indexed_at_once, monkeypatch
):
    expected = uncached(seeded_folder)
    assert len(expected[0]) == 2 * len(rules.GAMES) + 1 and len(expected[1]) == 2
    assert any(i.seats and i.seats[1] == "bot:easy" for i in expected[0])
    saves_module._READ.clear()
    assert list_saves(seeded_folder) == expected  # reads every file, writes the index
    assert save_index.load_index(seeded_folder / "saves")
    saves_module._READ.clear()
    read = reading_counted(monkeypatch)
    assert list_saves(seeded_folder) == expected
    assert sorted(read) == ["bad-step.json", "not-json.json"]  # bad saves are never indexed


def same_size_damage(path: Path) -> None:
    """Break the JSON in place without changing the size, then put the old times back."""
    st = path.stat()
    blob = path.read_bytes()
    with path.open("r+b") as fh:
        fh.write(b"[" + blob[1:])
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def replaced(path: Path) -> None:
    """Another game's save renamed over this one, with this one's times put back."""
    st = path.stat()
    other = path.with_name("sweet-lands-4.json")
    stand_in = path.with_name(".stand-in")
    stand_in.write_bytes(other.read_bytes())
    os.replace(stand_in, path)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


def shortened(path: Path) -> None:
    with path.open("r+b") as fh:
        fh.truncate(100)


@pytest.mark.parametrize("change", [same_size_damage, replaced, shortened])
def test_a_save_changed_after_indexing_is_read_again(seeded_folder, indexed_at_once, change):
    list_saves(seeded_folder)  # the index
    change(seeded_folder / "saves" / "happy-city-3.json")
    saves_module._READ.clear()
    assert list_saves(seeded_folder) == uncached(seeded_folder)


def another_mode(text: str) -> str:
    """A change that still makes sense (another mode), the checksum left as it was."""
    outer = json.loads(text)
    assert '"mode":"Family"' in outer["entries"]
    return json.dumps({**outer, "entries": outer["entries"].replace('"Family"', '"Expert"')})


def forged_entry(text: str) -> str:
    """An entry of nonsense types under a correct checksum (as a hand edit could make)."""
    outer = json.loads(text)
    entries = json.loads(outer["entries"])
    for entry in entries.values():
        entry["players"] = 7
        entry["winners"] = ["nobody at this table"]
    inner = json.dumps(entries)
    return json.dumps({**outer, "entries": inner, "sha256": save_index._digest(inner)})


DAMAGED_INDEX = {
    "empty": lambda text: "",
    "not JSON": lambda text: "{not json",
    "cut short": lambda text: text[: len(text) // 2],
    "an entry changed, checksum left": another_mode,
    "nonsense under a right checksum": forged_entry,
    "another version": lambda text: text.replace('"version": 1', '"version": 99'),
    "a list": lambda text: "[]",
}


@pytest.mark.parametrize("damage", DAMAGED_INDEX.values(), ids=DAMAGED_INDEX.keys())
def test_a_damaged_index_is_rebuilt_and_never_trusted(seeded_folder, indexed_at_once, damage):
    expected = uncached(seeded_folder)
    index = seeded_folder / "saves" / save_index.INDEX_NAME
    list_saves(seeded_folder)
    index.write_text(damage(index.read_text()))
    saves_module._READ.clear()
    assert list_saves(seeded_folder) == expected
    assert save_index.load_index(index.parent)  # written again, whole
    saves_module._READ.clear()
    assert list_saves(seeded_folder) == expected


@pytest.mark.parametrize("kind", ["folder", "pipe", "link to a device"])
def test_an_index_path_holding_no_file_is_passed_over(seeded_folder, kind):
    index = seeded_folder / "saves" / save_index.INDEX_NAME
    if kind == "folder":
        index.mkdir()
    elif kind == "pipe":
        os.mkfifo(index)
    else:
        index.symlink_to("/dev/zero")
    assert list_saves(seeded_folder) == uncached(seeded_folder)


def test_listing_with_an_index_never_changes_a_save(seeded_folder, indexed_at_once):
    folder = seeded_folder / "saves"

    def snapshot():
        return {
            p.name: (p.read_bytes(), p.stat().st_mtime_ns)
            for p in folder.iterdir()
            if p.name != save_index.INDEX_NAME
        }

    before = snapshot()
    for _ in range(2):
        list_saves(seeded_folder)
    (folder / save_index.INDEX_NAME).write_text("{damaged")
    list_saves(seeded_folder)
    assert snapshot() == before


def test_a_save_changed_just_now_waits_to_be_indexed(tmp_path):
    path, _ = one_save(tmp_path)
    (info,), _ = list_saves(tmp_path)
    assert info.path == path
    assert path.name not in save_index.load_index(path.parent)  # its clock tick may not be over
