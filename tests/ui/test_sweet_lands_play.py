"""Sweet Lands through the real UI: a whole solo game against Mio by key presses, a
two-player hot-seat stretch with hand-offs and a privacy scan of every screen, direct
choices (map cursor, clicks on hexes, areas and cards), refusals explained, undo, help.

Choices are the smart bot's; the keys that make them are pressed on the screen. Long
stretches use ``helpers.keys``, which posts the same Key events as ``pilot.press`` but
waits only until every message is handled (pilot.press also polls for an idle CPU,
~40 ms a key, which would make a 200-move game take minutes).
"""

from __future__ import annotations

import re

from textual.widgets import DataTable, OptionList, Static

from rules.bots import make_bot
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.model import data as D
from tabletop_tui.app import TabletopApp
from tabletop_tui.games.sweet_lands.demo import controller, new_state, play_until
from tabletop_tui.games.sweet_lands.hexmap import HexMap
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.pick_table import PickTable
from tabletop_tui.widgets.scrolling_text import ScrollingText

from .helpers import keys, record_notes, screen_text
from .positions import mid_game

MAP_KINDS = {"hex", "special", "edge", "place", "rabbit"}


def make_app(tmp_path):
    app = TabletopApp(data_dir=tmp_path, bot_delay=0, default_seed=7)
    app.animation_level = "none"  # no tab-underline or scroll animations to wait for
    return record_notes(app)


def move_ids(screen) -> list[str]:
    ol = screen.query_one(OptionList)
    return [ol.get_option_at_index(i).id for i in range(ol.option_count)]


def list_keys(screen, action) -> list[str]:
    """The keys that choose this move in the move list (focusing the list first)."""
    ids = move_ids(screen)
    idx, n = ids.index(action.key), len(ids)
    seq = ["home", *["down"] * idx] if idx <= n - 1 - idx else ["end", *["up"] * (n - 1 - idx)]
    return ([] if screen.query_one(OptionList).has_focus else ["l"]) + seq + ["enter"]


async def pick_on_map(pilot, action):
    """Move the map cursor over the legal places with ] until it is on the target; Enter."""
    screen = pilot.app.screen
    target = ("edge" if action.kind == "edge" else "hex", action.args[0])
    hm = screen.query_one(HexMap)
    if screen.query_one("#sl-tabs").active != "tab-map" or not hm.has_focus:
        await keys(pilot, "m")
    pool = sorted(hm.targets, key=hm._order)
    i, j = pool.index(hm.cursor), pool.index(target)
    fwd = (j - i) % len(pool)
    seq = (
        ["right_square_bracket"] * fwd
        if fwd <= len(pool) - fwd
        else ["left_square_bracket"] * (len(pool) - fwd)
    )
    await keys(pilot, *seq, "enter")
    if (
        action.kind == "special" and screen.chooser.filter
    ):  # several special tiles: choose in the list
        await keys(pilot, *list_keys(screen, action))


async def press_for(pilot, action, on_map=False):
    """Choose a move by keys: E, S, the map cursor (if on_map) or the move list."""
    screen = pilot.app.screen
    if action.kind == "end":
        await keys(pilot, "e")
    elif action.kind == "done":
        await keys(pilot, "s")
    elif action.kind in MAP_KINDS and on_map:
        await pick_on_map(pilot, action)
    else:
        await keys(pilot, *list_keys(screen, action))
    if action.kind == "pass":  # passing is asked once: the same choice again confirms
        await keys(pilot, "enter")


async def click_hex(pilot, target):
    hm = pilot.app.screen.query_one(HexMap)
    x, y = hm._centre[target]
    sx, sy = hm.scroll_offset
    await pilot.click(hm, offset=(int(x) - sx, int(y) - sy))
    await pilot.pause()


async def click_row(pilot, selector, key):
    table = pilot.app.screen.query_one(selector, PickTable)
    row = table.get_row_index(key)
    table.scroll_to(y=0, animate=False)
    table.scroll_visible(animate=False)
    await pilot.pause()
    top = table.row_top(row)  # rows may wrap to several lines
    await pilot.click(table, offset=(3, 1 + top))
    await pilot.pause()


class Chooser:
    """The smart bot's choices, but at most ``mains`` main actions a round before passing
    (``later_mains`` in round 3, ``last_mains`` in rounds 4-5): a whole game in under a
    hundred moves, every kind of step still comes up."""

    def __init__(self, seed: int, mains: int = 3, later_mains: int | None = None, last_mains=None):
        self.bot = make_bot("sweet-lands", "smart", seed)
        self.mains = mains
        self.later_mains = mains if later_mains is None else later_mains
        self.last_mains = self.later_mains if last_mains is None else last_mains
        self.count: dict = {}

    def choose(self, state, seat):
        legal = state.legal_actions(seat)
        key = (seat, state.round)
        limit = (self.mains, self.later_mains, self.last_mains)[min(2, max(0, state.round - 2))]
        if not state.stack and not state.main_done and self.count.get(key, 0) >= limit:
            return next(a for a in legal if a.kind == "pass")
        a = self.bot.choose(state, seat)
        if a.kind in ("area", "play", "flip"):
            self.count[key] = self.count.get(key, 0) + 1
        return a


def visible_text(app) -> str:
    return screen_text(app)


def dom_text(screen) -> str:
    """Text held by the screen's widgets, shown or not (hidden tabs included)."""
    parts = []
    for w in screen.query(Static):
        parts.append(str(getattr(w, "_last_text", "") or w.render()))
    for w in screen.query(Lines):
        parts.append(w.text())
    for w in screen.query(ScrollingText):
        parts.append(w.plain())
    for t in screen.query(PickTable):
        for row in range(t.row_count):
            parts.append(" ".join(str(c) for c in t.get_row_at(row)))
    for ol in screen.query(OptionList):
        parts += [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
    return "\n".join(parts)


def secret_names(state, viewer) -> set[str]:
    """Card names in other seats' hands that nothing public (or the viewer's hand) shows."""
    d = D.load()

    def names(uids):
        return {d.cards[d.deck[u]].name for u in uids}

    public = names(state.discard)
    for P in state.p:
        public |= names(P.played) | names(u for c in P.columns.values() for u in c)
    if viewer is not None:
        public |= names(state.p[viewer].hand)
    out = set()
    for s, P in enumerate(state.p):
        if s != viewer:
            out |= names(P.hand)
    return out - public


# ---------------------------------------------------------------------------------------
async def test_solo_game_against_mio_by_key_presses(tmp_path):
    app = make_app(tmp_path)
    chooser = Chooser(5, mains=2, later_mains=2, last_mains=0)  # 4-5: income, pass, cleanup
    seen_tabs, seen_ops, clicks = set(), set(), {"hex": 0, "area": 0, "card": 0}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        spec = SWEET_LANDS
        # a deal whose game brings up every kind of step (an Industry marker choice too),
        # Mio taking its share of the draws (the solo option; its log line is a step too)
        game = spec.new_game(["Ann"], seed=19, options={"mio_takes": "cards"})
        app.open_game(controller(game, viewer=0))
        await pilot.pause()
        screen = app.screen
        assert type(screen).__name__ == "SweetLandsScreen"
        mio_seen = False
        for step in range(2000):
            screen = app.screen
            if type(screen).__name__ == "SweetLandsEndScreen":
                break
            c = screen.controller
            if c.next_step() == "over":  # the end screen comes a frame after the last move
                await pilot.pause(0.05)
                continue
            assert c.next_step() == "human"  # solo: no hand-off, no bot seat
            v = c.view()
            seen_tabs.add(screen.query_one("#sl-tabs").active)
            seen_ops.add((v["pending"] or {"op": "turn"})["op"])
            if v["solo"]["shown"] and not mio_seen:
                # Mio's two cards and blocked spaces are on the Board panel
                await keys(pilot, "b")
                board = dom_text(screen)
                assert "[M]" in board and all(cid in board for cid in v["solo"]["shown"])
                mio_seen = True
            a = chooser.choose(c.state, c.viewer)
            done_before = len(c.state.action_keys())
            # The first round by direct choices where one is possible: mouse and map keys.
            if v["round"] == 1 and a.kind == "hex" and clicks["hex"] < 2:
                clicks["hex"] += 1
                await click_hex(pilot, ("hex", a.args[0]))
            elif v["round"] == 1 and a.kind == "area" and clicks["area"] < 2:
                clicks["area"] += 1
                await keys(pilot, "b")
                await click_row(pilot, "#sl-areas", a.args[0])
            elif a.kind == "discard" and clicks["card"] < 2 and v["round"] <= 2:
                clicks["card"] += 1
                await keys(pilot, "h")
                await click_row(pilot, "#sl-hand", str(a.args[0]))
            else:  # round 1 on the map by keys, later rounds by the move list (quicker)
                await press_for(pilot, a, on_map=v["round"] == 1)
            taken = c.state.action_keys()[done_before:]  # then any forced one-answer steps
            assert taken[:1] == [a.key] or screen.chooser.filter, f"step {step}: {a.key} not taken"
            if step == 30:  # look at every panel once, and the help
                for k in "tbhpm":
                    await keys(pilot, k)
                    seen_tabs.add(screen.query_one("#sl-tabs").active)
                await keys(pilot, "z", "g", "g", "z", "z")
                await pilot.press("f1")
                assert type(app.screen).__name__ == "HelpScreen"
                await pilot.press("escape")
        end = app.screen
        assert type(end).__name__ == "SweetLandsEndScreen"
        text = ""
        for _ in range(40):  # the end screen composes, then fills its boxes when mounted
            boxes = end.query("#end-extra").results(Static)
            text = "".join(str(box.render()) for box in boxes)
            if text:
                break
            await pilot.pause(0.05)
        res = end.controller.state.result()
        assert "250" in text and "300" in text and str(res["scores"][0]) in text
        table = end.query_one("#end-table", DataTable)
        assert table.row_count == 1 and len(table.columns) == 2 + 10  # the nine parts and the total
        await pilot.pause(0.1)  # let the end screen's header finish mounting before closing
    assert mio_seen and clicks == {"hex": 2, "area": 2, "card": 2}
    assert seen_tabs == {"tab-map", "tab-tracks", "tab-board", "tab-hand", "tab-players"}
    assert {
        "choose_char",
        "choose_map",
        "choose_aid",
        "hand",
        "terrain",
        "industry",
        "prosperity",
        "property",
        "place",
        "aid_move",
        "turn",
    } <= seen_ops


async def test_two_player_hot_seat_hides_the_other_hand(tmp_path):
    """Two humans share the terminal for the first round (setup, turns, cleanup) and the
    hand-off into the second: at every hand-off and every move, no screen (visible, or
    text held in a hidden tab) shows a card only the other seat holds. Round 2's turns
    are left out: they add only map steps (property tokens, a capital), which show no
    hand, at half again the time."""
    app = make_app(tmp_path)
    chooser = Chooser(3, mains=2)
    handoffs = checks = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_game(controller(new_state(2, 11), viewer=None))
        await pilot.pause()
        for _ in range(3000):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handoffs += 1
                game = app.screen_stack[-2]
                state = game.controller.state
                both = secret_names(state, None)
                text = visible_text(app)
                assert not [n for n in both if n in text]
                assert game.controller.viewer is None
                held = dom_text(game)
                assert not [n for n in both if n in held]
                await keys(pilot, "enter")
                continue
            c = screen.controller
            if c.state.round >= 2:  # the hand-off into round 2 is checked: done
                break
            v = c.view()
            secret = secret_names(c.state, c.viewer)
            if checks % 3 == 0:  # the whole screen now (every third move), and all tabs' text
                text = visible_text(app)
                assert not [n for n in secret if n in text], "another seat's card is on screen"
            if checks % 2 == 0:  # the text of every tab, shown or not (every other move)
                held = dom_text(screen)
                assert not [n for n in secret if n in held]
            checks += 1
            if checks % 8 == 0:  # and each panel in turn
                await keys(pilot, "hbtpm"[checks // 8 % 5])
            assert c.next_step() == "human" and v["viewer"] == c.viewer
            await press_for(pilot, chooser.choose(c.state, c.viewer), on_map=checks < 30)
    assert handoffs >= 8 and checks > 40


async def test_map_clicks_and_refusals_are_explained(tmp_path):
    c = mid_game(players=2, seed=7, round_=2, want="hex")
    app = record_notes(TabletopApp(data_dir=tmp_path, bot_delay=0))
    app.animation_level = "none"
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        assert screen.query_one("#sl-tabs").active == "tab-map"
        hm = screen.query_one(HexMap)
        assert hm.scale == "large" and not hm.has_focus  # focus moves to the map by M only
        m = D.load().maps[c.view()["players"][0]["map"]]
        before = c.state
        # a capital hex is never a legal place for a tile
        await click_hex(pilot, ("hex", m.capitals[0]))
        assert c.state is before
        note = app.notes[-1]
        assert "Not allowed" in str(note.title) and "Capital" in note.message
        # an area while a map step is running
        await keys(pilot, "b")
        await click_row(pilot, "#sl-areas", "K")
        assert c.state is before and "Finish the current step" in app.notes[-1].message
        # a legal hex by click
        await keys(pilot, "m")
        legal = [a for a in c.legal() if a.kind == "hex"]
        await click_hex(pilot, ("hex", legal[0].args[0]))
        assert c.state is not before and c.state.action_keys()[-1] == legal[0].key
        # the steps of this turn are listed
        assert "on hex" in screen.query_one("#sl-steps", ScrollingText).plain()
        # undo brings it back
        await pilot.press("u")
        assert c.state is before


async def test_area_refusal_and_hand_cost(tmp_path):
    c = mid_game(players=2, seed=3, round_=1, want="area")
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        v = c.view()
        closed = next(a for a in v["areas"] if a not in v["opened"])
        await keys(pilot, "b")
        await click_row(pilot, "#sl-areas", closed)
        assert "opens in round" in app.notes[-1].message
        area = next(a for a in c.legal() if a.kind == "area")
        await click_row(pilot, "#sl-areas", area.args[0])
        assert c.state.action_keys()[-1] == area.key
        assert app.screen.query_one("#sl-tabs").active == "tab-hand"  # pay the hand cost there
        status = str(app.screen.query_one("#sl-status", Static).render())
        assert "hand cost" in status and "more" in status


async def test_compact_layout_every_panel(tmp_path):
    c = mid_game(players=3, seed=5, round_=3, want="area")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.open_game(c)
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("-compact")
        assert screen.query_one(HexMap).scale == "small"
        for k, word in (
            ("t", "Prosperity"),
            ("b", "spaces"),
            ("h", "Your hand"),
            ("p", "Players"),
            ("m", "Your map"),
        ):
            await keys(pilot, k)
            assert word in visible_text(app), k
        # nothing drawn with an emoji or an ambiguous-width glyph
        assert not re.search(r"[\u2600-\u27bf\U0001F000-\U0001FFFF]", visible_text(app))
        await keys(pilot, "n")  # Bob's map, read only
        assert "Bob's map" in visible_text(app)


def test_help_has_legend_and_keys():
    from tabletop_tui.games import help_text

    text = help_text("sweet-lands")
    for word in (
        "Mio",
        "250 VP",
        "300 VP",
        "Extra Draw Area",
        "Carriage",
        "Sweet Lands keys",
        "Ctrl+Q",
    ):
        assert word in text
    assert "## Keys everywhere" in text and text.count("## Keys everywhere") == 1


def test_demo_states_are_real_games():
    c = mid_game(players=2, seed=7, round_=2, want="hex")
    assert c.state.round >= 2 and any(a.kind == "hex" for a in c.legal())
    s = play_until(new_state(1, 5), lambda s: s.round >= 2)
    assert s.view(0)["solo"]["shown"]


async def test_player_names_are_shown_as_typed_never_as_markup(tmp_path):
    spec = SWEET_LANDS
    state = play_until(
        spec.new_game(["[b]Ann", "Bob[/i]"], seed=4, options={}), lambda s: s.round >= 1
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(controller(state, viewer=state.actors()[0]))
        await pilot.pause()
        for k in "mtbhp":
            await keys(pilot, k)
            assert "[b]Ann" in visible_text(app) or k in "mb", k
        assert "Bob[/i]" in visible_text(app)


async def test_from_the_title_screen_first_move_by_enter_then_resume(tmp_path):
    """Title -> setup (Sweet Lands, solo) -> Enter alone picks nothing, Down and Enter
    pick the first character; the save resumes at that step."""
    from textual.widgets import Select

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#setup-game", Select).value = "sweet-lands"
        await pilot.pause()
        app.screen.query_one("#setup-count", Select).value = 1
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SweetLandsScreen"
        assert isinstance(app.focused, OptionList)  # the move list has the keys, not the tabs
        c = app.screen.controller
        assert "character" in str(app.screen.query_one("#sl-status", Static).render())
        await pilot.press("enter")  # nothing highlighted: a stray Enter picks nothing
        await pilot.pause()
        assert not c.state.action_keys()
        await pilot.press("down", "enter")  # the arrows choose, then Enter
        await pilot.pause()
        keys_done = c.state.action_keys()
        assert keys_done and keys_done[0].startswith("0:character:")
    app2 = make_app(tmp_path)
    async with app2.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert type(app2.screen).__name__ == "SweetLandsScreen"
        assert app2.screen.controller.state.action_keys() == keys_done
        assert app2.screen.controller.view()["pending"]["op"] == "choose_map"


async def test_screen_mount_runs_the_shared_mount_once(tmp_path, monkeypatch):
    # Textual runs on_mount of every class in the hierarchy by itself; the Sweet Lands
    # screen must not call the shared one again (it advanced the game twice)
    from tabletop_tui.games.base import GameScreenBase

    calls = []
    shared = GameScreenBase.on_mount

    def counting(self):
        calls.append(type(self).__name__)
        shared(self)

    monkeypatch.setattr(GameScreenBase, "on_mount", counting)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_game(mid_game())
        await pilot.pause()
        await pilot.pause()
    assert len(calls) == 1
