"""Drive the app through real key presses."""

import asyncio
import html
import re
from types import SimpleNamespace

from rich.cells import cell_len
from textual import events

from rules.bots import make_bot
from tabletop_tui.app import TabletopApp
from tabletop_tui.widgets.common import HandoffScreen


def make_app(tmp_path, **kw):
    """The app as the tests drive it: bots answer at once, a fixed seed, and no animated
    scrolls or tab underlines, whose every frame Textual draws while the tests read only
    the settled screen (the card games' snapshot tests keep a player's animations)."""
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7, **kw)
    app.animation_level = "none"
    return record_notes(app)


def record_notes(app):
    """Keep every notification the app shows in ``app.notes`` (message, title), read
    through the public ``App.notify``, which every screen's ``notify`` calls."""
    shown = app.notify
    app.notes = []

    def notify(message, *, title="", **kw):
        app.notes.append(SimpleNamespace(message=str(message), title=str(title)))
        return shown(message, title=title, **kw)

    app.notify = notify
    return app


async def start_from_title(pilot, game_index=0, players=2, kinds=None):
    """Title -> setup via keys; choose the player count and seat kinds; start."""
    app = pilot.app
    await pilot.press("n")
    await pilot.pause()
    setup = app.screen
    from textual.widgets import Select

    setup.query_one("#setup-count", Select).value = players
    for i, k in enumerate(kinds or []):
        setup.query_one(f"#seat-kind-{i}", Select).value = k
    await pilot.pause()
    await pilot.press("ctrl+s")
    await pilot.pause()


KEY_FOR = {"keep": "k", "coin": "c", "pass": "p"}
CHARS = {
    "enter": "\r",
    "space": " ",
    "right_square_bracket": "]",
    "left_square_bracket": "[",
    "escape": "\x1b",
}


async def keys(pilot, *names):
    """Press keys: the same events pilot.press sends, without its idle polling (~40 ms
    a key, most of a whole game's time by keys)."""
    app = pilot.app
    for k in names:
        app.post_message(events.Key(k, CHARS.get(k, k if len(k) == 1 else None)))
        await drawn(pilot)  # once the key is handled and drawn
    await pilot.pause()  # and whatever the last key set off (a chosen move, a new screen)


async def drawn(pilot, frames: int = 1) -> None:
    """Wait, ``frames`` times, until what is queued is handled and the screen on top is
    drawn, or another screen comes: a frame's wait, with no idle polling (each
    ``pilot.pause()`` sleeps at least 20 ms)."""
    app = pilot.app
    for _ in range(frames):
        done = asyncio.Event()
        # The callback waits on the screen on top when the app reaches it: a screen
        # closed first (a lesson's table after its move, a hand-off) drops it, so a
        # change of screen ends the wait too.
        screen = app.screen
        app.screen_change_signal.subscribe(screen, lambda _new, d=done: d.set(), immediate=True)
        app.call_after_refresh(done.set)
        await done.wait()
        app.screen_change_signal.unsubscribe(screen)


async def press_for(pilot, action):
    """Press the keys that choose this action on the game screen."""
    screen = pilot.app.screen
    await keys(pilot, *keys_for(screen, action))


def keys_for(screen, action) -> list[str]:
    """The keys that choose this action on the game screen."""
    if action.kind == "draw":
        return [str(action.args[0])]
    if action.kind in KEY_FOR:
        return [KEY_FOR[action.kind]]
    idx = [a.key for a in screen.controller.legal()].index(action.key)
    return ["home", *["down"] * idx, "enter"]


async def play_to_end(pilot, max_steps=2000, on_step=None, game_id="happy-city", until=None):
    """Play every human move by key presses (choices made by the smart bot), to the end
    screen (returned), or until ``until(state)`` holds on a game screen (None)."""
    app = pilot.app
    chooser = make_bot(game_id, "smart", 5)
    for _ in range(max_steps):
        screen = app.screen
        name = type(screen).__name__
        if name == "EndScreen":
            return screen
        c = getattr(screen, "controller", None)
        if until is not None and c is not None and until(c.state):
            return None
        if isinstance(screen, HandoffScreen):
            if on_step:
                on_step(screen)
            await keys(pilot, "enter")
            continue
        c = getattr(screen, "controller", None)
        if c is None:
            await pilot.pause()
            continue
        if on_step:
            on_step(screen)
        step = c.next_step()
        if step == "human":
            # keys, not pilot.press: a whole game by pilot.press sleeps seconds in idle polls
            await keys(pilot, *keys_for(screen, chooser.choose(c.state, c.viewer)))
        else:
            await pilot.pause(0.01)
    raise AssertionError("the game did not reach the end screen")


_SVG_TEXT = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>([^<]*)</text>'
)
_SVG_CHAR_WIDTH = 20 * 0.61  # Rich's export_svg: 20-pixel rows, its default font_aspect_ratio


def coach_text(app) -> str:
    """The hint and why panels' lines as written, before the panel wraps them to its
    width (a game may show them in a narrow column)."""
    return "\n".join(str(w.render()) for w in app.screen.query("HintPanel Static, WhyPanel Static"))


def screen_text(app) -> str:
    """Everything the terminal shows right now, as plain text."""
    return "\n".join("".join(row) for row in screen_cells(app))


def screen_cells(app) -> list[list[str]]:
    """The terminal's cells, row by row (a wide character's second cell is ""): read
    back from the public ``App.export_screenshot``, whose SVG puts each run of text at
    its column of its line (blank runs are left out, so the grid starts as spaces)."""
    width, height = app.size
    cells = [[" "] * width for _ in range(height)]
    for x, y, run in _SVG_TEXT.findall(app.export_screenshot()):
        row, col = cells[int(y)], round(float(x) / _SVG_CHAR_WIDTH)
        for ch in html.unescape(run).replace("\xa0", " "):
            if ch == "\n":  # each line's end is a run of its own
                continue
            if cell_len(ch) == 0:  # zero-width: rides on the cell before it
                row[max(col - 1, 0)] += ch
                continue
            if col < width:
                row[col] = ch
            for extra in range(1, cell_len(ch)):  # a wide character covers two cells
                if col + extra < width:
                    row[col + extra] = ""
            col += cell_len(ch)
    return cells


async def to_move_list(pilot):
    """The replay viewer opens on the table: Escape from it to the viewer's list of
    moves (the state written out), where these tests look."""
    await pilot.pause()
    if type(pilot.app.screen).__name__ != "ReplayScreen":
        assert pilot.app.screen.review  # the table at the step, read-only
        await pilot.press("escape")
        await pilot.pause()
    assert type(pilot.app.screen).__name__ == "ReplayScreen"
    return pilot.app.screen


async def enter_held_under(pilot, monkeypatch, game, handoff: HandoffScreen) -> None:
    """Enter on ``handoff`` with its going kept back (``game.uncover`` held, until
    ``let_go``): the seat's view is drawn and laid out under it, and it stays on top."""
    held: list[HandoffScreen] = []
    monkeypatch.setattr(game, "uncover", held.append)
    await keys(pilot, "enter")
    await drawn(pilot, 3)
    assert held == [handoff] and pilot.app.screen is handoff  # laid out under it


async def let_go(pilot, monkeypatch, game, handoff: HandoffScreen) -> None:
    """The hand-off held by ``enter_held_under`` goes, showing ``game``."""
    monkeypatch.undo()
    game.uncover(handoff)
    await pilot.pause()  # (the notices said meanwhile come as it goes)
    await drawn(pilot, 2)
    assert pilot.app.screen is game


async def check_hand_off_due_again(pilot, monkeypatch, game, handoff: HandoffScreen) -> None:
    """Enter on ``handoff`` hands over under it; where the loop then asks for a hand-off
    again (here: the terminal never taken), nothing is drawn for anyone, the screen is
    still laid out (so the hand-off goes), and the next hand-off comes once it has
    gone, answering keys afresh."""
    c = game.controller
    seat = c.pending
    monkeypatch.setattr(c, "take_terminal", lambda _seat: None)
    await keys(pilot, "enter")
    await drawn(pilot, 3)
    assert pilot.app.screen is handoff and not handoff.handing  # asked again, afresh
    assert c.viewer is None and c.pending == seat
    monkeypatch.undo()
    await keys(pilot, "enter")
    await drawn(pilot, 3)
    assert pilot.app.screen is game and c.viewer == seat
