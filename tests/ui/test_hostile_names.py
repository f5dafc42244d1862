"""Names from players and files are text: markup, unmatched brackets, control
characters and escape sequences in them are drawn literally or as visible
placeholders, on every screen of every game, from the first move to the end screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules import get_game
from rules.core import GameState
from rules.happiness import HAPPINESS
from tabletop_tui.controller import Controller
from tabletop_tui.demo import bot_moves
from tabletop_tui.saves import BadSave, load_checked, write_save
from tabletop_tui.text import visible

from .helpers import make_app, screen_text, to_move_list
from .positions import HERE as POSITIONS

# Every game meets a trailing backslash (it once let the bold tag after it out).
HOSTILE = ["Q[/]", "x[ [b]y[/b]\\", "\x1b[31mRed\x07\\", "[b]Bo[/b][/i]", "Zed\\"]
GAMES = [
    ("happy-city", {}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
    ("happiness", {}),
    ("sweet-lands", {}),
]


# A game whose bots take seconds to finish it ends as a recorded game of the same table
# ends (tests/ui/positions), its players renamed: the end screen is what is looked at.
RECORDED_ENDS = {"sweet-lands": "sweet-lands-end-2p"}


def renamed(position_name: str, names: list[str]) -> GameState:
    data = json.loads((POSITIONS / f"{position_name}.json").read_text(encoding="utf-8"))
    assert len(data["players"]) == len(names)
    return get_game(data["game"]).from_save({**data, "players": names})


def states_through(folder: Path, game: str, options: dict, players: int):
    """The set-up and two states in play of one seeded game, and its end (or a recorded
    game's), each saved with the hostile names (as a hand edit would leave them) and
    opened as the app does."""
    spec = get_game(game)
    names = [HOSTILE[i % len(HOSTILE)] for i in range(players)]
    state = spec.new_game(names, seed=21, options=options)
    out: list[GameState] = []  # each as the app opens it
    for moves in (0, 7, 33, 100_000):  # at the start, after 7 moves, after 40, at the end
        if moves == 100_000 and game in RECORDED_ENDS:
            state = renamed(RECORDED_ENDS[game], names)
        state = bot_moves(state, moves)
        path = folder / "saves" / f"{game}-{len(out)}.json"
        write_save(path, spec, state, [{"kind": "human"}] * players)
        loaded = load_checked(path)
        assert not isinstance(loaded, BadSave), loaded
        out.append(loaded)
    return spec, out


def leaked_markup(text: str) -> list[str]:
    """A closing tag or a doubled backslash left once the names drawn (whole, or cut
    short with a mark) are taken out: markup a name let out of its escape."""
    for name in sorted(map(visible, HOSTILE), key=len, reverse=True):
        text = text.replace(name, "")
        for end in range(len(name) - 1, 2, -1):
            text = text.replace(name[:end] + "…", "").replace(name[:end] + "~", "")
    return re.findall(r".{0,30}(?:\[/|\\\\).{0,20}", text)


def check_drawn(text: str, players: list[str], every: bool = False) -> None:
    """No raw escape reaches the terminal, and the names are drawn as they are: at
    least one (a game screen may show only some), or ``every`` one."""
    assert "\x1b" not in text and "\x07" not in text
    text = text.replace("\u200b", "")
    shown = [visible(name) for name in players]
    assert not leaked_markup(text), leaked_markup(text)
    found = [name in text for name in shown]
    assert all(found) if every else any(found), (shown, found, text[:3000])


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[f"{g}{o}" for g, o in GAMES])
async def test_every_screen_draws_hostile_names_as_text(tmp_path, game, options):
    players = 2 if game == "sweet-lands" else 3
    spec, states = states_through(tmp_path, game, options, players)
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 45)) as pilot:
        for state in states:
            humans = [{"kind": "human"}] * players
            if state.is_over:
                app.show_end(Controller(spec, state, humans, viewer=None))
            else:
                seat = state.actors()[0]
                app.open_game(Controller(spec, state, humans, viewer=seat))
            await pilot.pause()
            check_drawn(screen_text(app), list(state.players), every=state.is_over)
        if not states[1].is_over:  # a hand-off to the next player names them
            seat = states[1].actors()[0]
            other = (seat + 1) % players
            app.open_game(Controller(spec, states[1], [{"kind": "human"}] * players, viewer=other))
            await pilot.pause()
            check_drawn(screen_text(app), [states[1].players[seat]], every=True)  # "pass to"


def test_visible_shows_control_characters_as_placeholders():
    assert visible("a\x1b[31mb\x07") == "a␛[31mb␇"
    assert visible("tab\there\x7f\x9b") == "tab␉here␡�"
    assert visible("Q[/]") == "Q[/]" and visible("plain") == "plain"
    assert visible("\u202eevil") == "�evil"  # a right-to-left override turns no text round


async def test_the_resume_list_and_the_replay_viewer_draw_them_as_text(tmp_path):
    spec, states = states_through(tmp_path, "happy-city", {}, 4)
    bad_name = tmp_path / "saves" / "\x1b[2Jwiped[b].json"
    bad_name.write_text("{not json")
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(app)
        check_drawn(text, HOSTILE)
        assert "␛[2Jwiped[b].json: not valid JSON" in text
        await pilot.press("v")  # the replay viewer of the highlighted save: its table
        await pilot.pause()
        check_drawn(screen_text(app), HOSTILE)
        await to_move_list(pilot)
        check_drawn(screen_text(app), HOSTILE)
        await pilot.press("f")  # the warning before following a seat lists every name
        await pilot.pause()
        check_drawn(screen_text(app), HOSTILE)


async def test_stories_with_markup_are_drawn_as_told(tmp_path):
    """A story is free text (the rules refuse control characters in it): brackets and
    markup in it are drawn as typed, in the log and in the end screen's journal."""
    import json

    spec = HAPPINESS
    story = "Q[/] x[ [b]bold[/b] [/i]"
    state = spec.new_game(["Ann", "Bob"], seed=4)
    told = 0
    while not state.is_over:
        seat = state.actors()[0]
        if getattr(state, "stage", "") == "story" and told < 3:
            state = state.apply(spec.parse_action(f"{seat}:story:{json.dumps([story])}"))
            told += 1
        else:
            state = bot_moves(state, 1)
        if told == 1 and not state.is_over:
            mid = state  # the game screen with a story in its log
    assert told == 3
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 45)) as pilot:
        seat = mid.actors()[0]
        app.open_game(Controller(spec, mid, [{"kind": "human"}] * 2, viewer=seat))
        await pilot.pause()
        app.show_end(Controller(spec, state, [{"kind": "human"}] * 2, viewer=None))
        await pilot.pause()
        journal = app.screen.query_one("#end-extra")
        lines = journal.render_lines(journal.region.reset_offset)
        drawn = "\n".join(line.text for line in lines)
        assert "Story journal" in drawn and story in drawn


@pytest.mark.parametrize(
    "name",
    ["Q[/]", "x[ [b]y[/b] [/i]", "[b]Bo[/b][/i]", "a\\[b]", "Zed\\", "[[", "\\\\[x]", "[$x]",
     "[@click=app.quit]hi[/]", "a\\\\"],
)  # fmt: skip
def test_escaped_names_read_back_as_themselves_in_both_markups(name):
    from rich.text import Text
    from textual.markup import to_content

    from tabletop_tui.text import ZERO_WIDTH, markup_safe, rich_markup_safe

    textual_plain = to_content(f"[b]{markup_safe(name)}[/b] end").plain
    rich_plain = Text.from_markup(f"[b]{rich_markup_safe(name)}[/b] end").plain
    assert textual_plain.replace(ZERO_WIDTH, "") == f"{name} end"
    assert rich_plain.replace(ZERO_WIDTH, "") == f"{name} end"


async def test_the_records_screen_draws_them_as_text(tmp_path):
    """A name such as Q[/] once crashed the Records screen when its player list opened
    (MarkupError), and its chart dropped an escape sequence without a trace."""
    from textual.widgets import Select

    from tabletop_tui.coach.records import Record
    from tabletop_tui.coach.records_screen import RecordsScreen

    names = HOSTILE[:3]
    played = Record("a.json", "happy-city", "Family", names, [{"kind": "human"}] * 3,
                    [9.0, 5.0, 7.0], [0], [0, 0, 0])  # fmt: skip
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(RecordsScreen([played]))
        await pilot.pause()
        app.screen.query_one("#records-player", Select).focus()
        await pilot.press("enter")  # the list of players opens
        await pilot.pause()
        check_drawn(screen_text(app), names, every=True)


async def test_a_notice_naming_a_bot_draws_its_name_as_text(tmp_path):
    """Happiness: claiming a bot's seat names the bot in a notice (read as markup)."""
    from textual.content import Content

    spec = HAPPINESS
    state = spec.new_game(HOSTILE[:3], seed=21)
    seats = [{"kind": "bot", "level": "easy"}] + [{"kind": "human"}] * 2
    app = make_app(tmp_path)
    async with app.run_test(size=(140, 45)) as pilot:
        app.open_game(Controller(spec, state, seats, viewer=1))
        await pilot.pause()
        told: list[str] = []
        app.screen.notify = lambda message, **kw: told.append(message)
        app.screen.claim_for(0)
        assert Content.from_markup(told[0]).plain == "Q[/] is a bot."
