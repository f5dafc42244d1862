"""Hand drafting in hot-seat: every pick behind its own hand-off, and no screen (shown,
or text held in a hidden tab) ever names a card of a pack or hand in front of another
seat."""

from __future__ import annotations

from rules import get_game
from rules.sweet_lands import data as D
from tabletop_tui.games.sweet_lands.demo import NAMES, controller
from tabletop_tui.widgets.common import HandoffScreen

from .test_sweet_lands_play import Chooser, dom_text, keys, make_app, press_for, visible_text


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
    state = get_game("sweet-lands").new_game(NAMES[:2], seed=3, options={"draft": "on"})
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
                shown, held = visible_text(app), dom_text(game)
                assert not [n for n in secret if n in shown or n in held]
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
