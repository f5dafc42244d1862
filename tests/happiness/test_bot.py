"""The Happiness bot: legal, clearly better than random, and it uses the silence."""

from rules.bots import make_bot
from rules.happiness.bot.greedy import HappinessBot
from rules.simulate import play_one

from .helpers import BUM, JOY, act, hand, put, shape, started


def test_bot_is_registered_as_the_smart_bot():
    bot = make_bot("happiness", "smart", seed=3)
    assert isinstance(bot, HappinessBot) and bot.level == "normal"


def test_bot_beats_random_players():
    wins = 0
    games = 40
    for g in range(games):
        kinds = ["smart", "random"] if g % 2 == 0 else ["random", "smart"]
        state, _ = play_one("happiness", kinds, seed=g)
        if kinds.index("smart") in state.result()["winners"]:
            wins += 1
    assert wins >= 28, wins  # measured: about 85%


def test_bot_plays_every_count_and_mode_to_the_end():
    cases: list[tuple[int, dict[str, object]]] = [
        (3, {"silence": "turns"}),
        (5, {"bummer_scoring": "strip"}),
        (6, {"youngest": 5}),
    ]
    for n, opts in cases:
        state, steps = play_one("happiness", ["smart"] * n, seed=n, options=opts)
        assert state.is_over and steps > 10
        assert state.journal  # bots tell stories


def test_bot_completes_a_euphoria_when_it_can():
    s = started(2)
    for cell in list(s.board):
        del s.board[cell]
    a, b, c, d, e, f = JOY[:6]
    for w, cell in zip([b, c, d, e], [(0, 0), (0, -1), (0, 1), (-1, 0)], strict=False):
        put(s, w, *cell, by=1, edges="FFFF", points=2)
    hand(s, 0, a, f)
    shape(s, a, "FFFF", points=1)
    shape(s, f, "WWWW", points=4)
    choice = make_bot("happiness", seed=1).choose(s, 0)
    assert choice.kind == "place" and choice.args == (a, 1, 0)


def test_bot_claims_the_silence_for_a_rich_bummer():
    s = started(2)
    for cell in list(s.board):
        del s.board[cell]
    a, b, c = JOY[:3]
    put(s, b, 0, 0, edges="SSSS", points=4)
    put(s, c, 2, 0, edges="SSSS", points=4)
    hand(s, 0, a)
    shape(s, a, "LLLL", points=1)
    hand(s, 1, BUM[0])
    shape(s, BUM[0], "****")
    s = act(act(s, "place", a, 0, 2), "skip_story")
    assert s.stage == "window"
    bot = make_bot("happiness", seed=1)
    choice = bot.choose(s, 1)
    assert choice.kind == "claim"
    s = s.apply(choice)
    choice = bot.choose(s, 1)
    assert choice.args == (BUM[0], 1, 0)  # between the two 4-point cards
