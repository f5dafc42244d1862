"""The walker (issue 46): every menu of seeded games of every game and mode, with the
highlight each game's screen gives a freshly shown move list, and Enter on it judged
by what the engine does with the move (not by the screen's own idea of a harmless
move): it must not reveal a card, pay, spend a card, buy or build, use the main
action, pass or end the seat's part (a turn, a pick, a silence kept)."""

from __future__ import annotations

import time

import pytest

from rules import get_game
from rules.bots import make_bot
from rules.core import Action, GameState
from tabletop_tui.controller import Controller
from tabletop_tui.games import screen_class

GAMES = [
    ("happy-city", 3, {"mode": "family"}),
    ("happy-city", 2, {"mode": "expert"}),
    ("happiest-town", 3, {}),
    ("happiest-town", 2, {"variant": "children"}),
    ("happiness", 3, {}),
    ("happiness", 2, {"silence": "turns"}),
    ("sweet-lands", 1, {}),
    ("sweet-lands", 2, {"draft": "on", "advanced_skills": "on", "turn_order": "pass_order"}),
    ("sweet-lands", 3, {}),
]
STEPS = {"sweet-lands": 260}  # moves walked per game (the card games: to the end)


def _numbers(seat_view: dict) -> dict[str, int]:
    """What the seat holds that a move could spend: money, resources, cards, its city."""
    p = seat_view["players"][seat_view["viewer"]] if "players" in seat_view else {}
    held: dict[str, int] = {}
    for key in ("coins", "money"):
        if isinstance(p.get(key), int):
            held[key] = p[key]
    for name, amount in (p.get("resources") or {}).items():
        held[name] = amount
    if isinstance(p.get("hand_count"), int):
        held["cards"] = p["hand_count"]
    elif isinstance(seat_view.get("hand"), list):
        held["cards"] = len(seat_view["hand"])
    return held


def spends(state: GameState, seat: int, move: Action) -> str:
    """What Enter on ``move`` would give up, in words ("" if nothing)."""
    after = state.apply(move)
    if after.checkpoint != state.checkpoint:
        return "reveals a card or ends the turn for good"
    before_v, after_v = state.view(seat), after.view(seat)
    held, now = _numbers(before_v), _numbers(after_v)
    lost = [k for k, n in held.items() if now.get(k, n) < n]
    if lost:
        return "pays or spends " + ", ".join(lost)
    mine, later = before_v.get("players", [{}])[seat], after_v.get("players", [{}])[seat]
    if len(later.get("city") or ()) > len(mine.get("city") or ()):
        return "buys or builds"
    if before_v.get("main_done") is False and after_v.get("main_done") is True:
        return "uses the main action"
    if mine.get("passed") is False and later.get("passed") is True:
        return "passes"
    if seat not in after.actors() and not after.is_over:
        return "ends the seat's part"
    return ""


@pytest.mark.parametrize("game,players,options", GAMES)
def test_enter_on_a_fresh_default_highlight_never_spends(game, players, options):
    spec = get_game(game)
    screen = screen_class(game)
    walked = highlighted = 0
    started = time.perf_counter()
    for seed in range(2 if game != "sweet-lands" else 1):
        names = ["Ann", "Bob", "Cleo"][:players]
        state = spec.new_game(names, seed=seed, options=options)
        bots = [make_bot(game, "random", 40 + seed * 3 + i) for i in range(players)]
        seats = [{"kind": "human"} for _ in names]
        for _step in range(STEPS.get(game, 2000)):
            if state.is_over:
                break
            for seat in state.actors():
                c = Controller(spec, state, seats, viewer=seat)
                menu = screen.listed_moves(c.legal())
                if not menu:
                    continue
                walked += 1
                i = screen.default_highlight(c, menu)
                if i is not None:
                    highlighted += 1
                    said = spends(state, seat, menu[i])
                    assert not said, f"{game} seed {seed}: Enter on {menu[i].label!r} {said}"
            seat = state.actors()[0]
            state = state.apply(bots[seat].choose(state, seat))
    print(
        f"{game} {players}p {options}: {walked} menus, {highlighted} highlighted, "
        f"{time.perf_counter() - started:.2f} s"
    )
    assert walked > 10
