"""Hand drafting in hot-seat: every pick behind its own hand-off, and no screen (shown,
or text held in a hidden tab) ever names a card of a pack or hand in front of another
seat."""

from __future__ import annotations

from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.model import data as D
from tabletop_tui.games.sweet_lands.demo import NAMES, controller, play_until
from tabletop_tui.widgets.common import HandoffScreen
from tabletop_tui.widgets.pick_table import PickTable

from .helpers import keys
from .test_sweet_lands_play import Chooser, dom_text, make_app, press_for, visible_text


def hidden_names(state, viewer) -> set[str]:
    """Names of cards only other seats hold (hands and draft packs), minus any the
    viewer can see for itself."""
    d = D.load()
    packs = state.ext.get("packs", ())

    def names(uids):
        return {d.cards[d.deck[u]].name for u in uids}

    seen = names(state.discard)
    for P in state.p:
        seen |= names(P.played) | names(u for c in P.columns.values() for u in c)
    if viewer is not None:
        seen |= names(state.p[viewer].hand) | (names(packs[viewer]) if packs else set())
    out = set()
    for s, P in enumerate(state.p):
        if s != viewer:
            out |= names(P.hand) | (names(packs[s]) if packs else set())
    return out - seen


async def test_draft_picks_behind_hand_offs_show_only_ones_own_pack(tmp_path):
    app = make_app(tmp_path)
    chooser = Chooser(5)
    state = SWEET_LANDS.new_game(NAMES[:2], seed=3, options={"draft": "on"})
    handoffs = picks = 0
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_game(controller(state, viewer=None))
        await pilot.pause()
        for _ in range(400):
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                handoffs += 1
                game = app.screen_stack[-2]
                secret = hidden_names(game.controller.state, None)
                shown, held = visible_text(app), dom_text(game)  # each read once
                assert not [n for n in secret if n in shown]
                assert not [n for n in secret if n in held]
                await keys(pilot, "enter")
                continue
            c = screen.controller
            s = c.state
            if s.phase == "action" and not s.stack:
                break
            secret = hidden_names(s, c.viewer)
            shown, held = visible_text(app), dom_text(screen)
            assert not [n for n in secret if n in shown], "another seat's card shown"
            assert not [n for n in secret if n in held]
            if s.stack and s.stack[-1]["op"] == "draft":
                picks += 1
            await press_for(pilot, chooser.choose(s, c.viewer), on_map=False)
    assert picks == 10 and handoffs >= 10  # 5 picks each, the sixth card dealt


def first_pick():
    """Seed 9 at the draft's first pick."""
    state = SWEET_LANDS.new_game(NAMES[:2], seed=9, options={"draft": "on"})
    return play_until(state, lambda s: bool(s.stack) and s.stack[-1]["op"] == "draft")


async def test_draft_shows_each_copy_names_the_picker_and_hands_off_before_a_new_pack(tmp_path):
    # seed 9: Ann's first pack holds two copies of one card
    state = first_pick()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(controller(state, viewer=None))
        await pilot.pause()
        await keys(pilot, "enter")  # Ann takes the terminal
        screen = app.screen
        c = screen.controller
        pack = c.view()["draft"]["pack"]
        ids = [card["id"] for card in pack]
        assert len(set(ids)) < len(ids)  # a duplicate: each copy is a row of its own
        assert (
            screen.query_one("#tab-hand").display
            and screen.query_one("#sl-hand", PickTable).row_count == 6
        )
        first = pack[0]
        assert f"{first['cost']}g" in visible_text(app) and "Kept so far: none" in visible_text(app)
        assert "Ann" in str(screen.query_one("#sl-status").render())
        await keys(pilot, "1")  # keeps the first card: Bob picks next, behind a hand-off
        assert isinstance(app.screen, HandoffScreen)
        await keys(pilot, "enter")
        assert "Bob" in str(screen.query_one("#sl-status").render())  # not Ann's name
        await keys(pilot, "1")  # the packs move on: the new pack waits behind a hand-off
        assert isinstance(app.screen, HandoffScreen)
        await keys(pilot, "enter")  # a double Enter only confirms the hand-off
        assert [len(p.hand) for p in c.state.p] == [1, 1]  # no pick was spent unseen
        assert first["name"] in str(screen.query_one("#sl-handwhy").render())  # Ann's kept card


async def test_against_a_bot_the_next_pack_waits_behind_a_hand_off_too(tmp_path):
    state = first_pick()
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.open_game(controller(state, viewer=0, kinds=["human", "bot"]))
        await pilot.pause()
        screen = app.screen
        c = screen.controller
        assert not isinstance(screen, HandoffScreen) and c.viewer == 0
        await keys(pilot, "1")  # Ann keeps a card; the bot picks; the packs move on
        for _ in range(20):
            if isinstance(app.screen, HandoffScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, HandoffScreen)
        assert "packs moved on" in visible_text(app)
        assert [len(p.hand) for p in c.state.p] == [1, 1]
        await keys(pilot, "enter", "enter")  # a double Enter only confirms the hand-off
        assert app.screen is screen and [len(p.hand) for p in c.state.p] == [1, 1]
