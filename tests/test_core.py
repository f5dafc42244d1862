"""The engine protocol's shared pieces: registry, actions, RNG, import hygiene."""

import subprocess
import sys

import pytest

import rules
from rules.core import Action, IllegalAction, Rng, rank_by


def test_registry_lists_happy_city():
    spec = rules.get_game("happy-city")
    assert spec.id in rules.GAMES and spec.min_players == 2 and spec.max_players == 5
    for _name, opt in spec.options.items():
        assert opt.default in opt.choices and opt.label


def test_unknown_game_is_a_key_error_naming_known_games():
    with pytest.raises(KeyError, match="happy-city"):
        rules.get_game("chess")


def test_bad_option_is_refused():
    with pytest.raises(ValueError, match="scoring"):
        rules.get_game("happy-city").new_game(["A", "B"], options={"scoring": "divide"})


def test_action_key_round_trip():
    for a in [Action(0, "pass"), Action(3, "buy", ("Zoo",)), Action(1, "place", (2, -1, "x:y"))]:
        assert Action.parse(a.key) == a


@pytest.mark.parametrize("key", ["", "x:draw", "0:", "0:draw:[1", "0:draw:{}"])
def test_bad_action_key_is_illegal_action(key):
    with pytest.raises(IllegalAction):
        Action.parse(key)


def test_rng_deterministic_copyable_and_uniform_enough():
    a, b = Rng(5), Rng(5)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    c = a.copy()
    assert a.next64() == c.next64()
    counts = [0] * 4
    r = Rng(1)
    for _ in range(4000):
        counts[r.below(4)] += 1
    assert all(850 < k < 1150 for k in counts)


def test_rank_by_groups_ties():
    assert rank_by([(0, 5), (1, 7), (2, 5)]) == [[1], [0, 2]]


def test_rules_imports_neither_textual_nor_rich():
    code = (
        "import sys, rules, rules.bots, rules.simulate\n"
        "from rules.bots import make_bot\n"
        "for g in rules.GAMES: make_bot(g)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
        "print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_labeler_falls_back_to_the_key_for_malformed_arguments():
    from rules.core import labeler

    label = labeler({"buy": lambda a: f"Buy {a.args[0]}"})
    assert label(Action(0, "buy", ("Zoo",))) == "Buy Zoo"
    assert label(Action(0, "buy")) == "0:buy"
    assert label(Action(0, "other")) == "0:other"


def test_every_game_registers_itself_with_a_bot_and_every_shipped_game_a_screen_and_help():
    from rules.bots import make_bot
    from tabletop_tui.games import all_ui

    ui = all_ui()
    menu = [(spec.order, spec.title) for spec in rules.GAMES.values()]
    assert menu == sorted(menu)  # menus list games in this order
    assert set(rules.BOTS) == set(rules.GAMES) == set(rules.FOUND_IN)
    # the games of rules/ each have a screen package; a game kept in tests/ has none
    shipped = {game for game, package in rules.FOUND_IN.items() if package.startswith("rules.")}
    assert shipped and set(ui) == shipped
    for game_id, spec in rules.GAMES.items():
        assert spec.summary and callable(make_bot(game_id).choose)
        if game_id in shipped:
            assert ui[game_id].help.is_file()
            assert ui[game_id].screen_class().__name__.endswith("Screen")
            own_end = ui[game_id].end_screen_class()  # None: the app's shared end screen
            assert own_end is None or own_end.__name__.endswith("EndScreen")
        res = _finished(spec).result()
        summary_keys = {key for _, key in res.get("summary", [])}
        assert summary_keys <= set(res["breakdown"][0])


def _finished(spec):
    from rules.bots import make_bot

    n = max(2, spec.min_players)
    state = spec.new_game([f"P{i}" for i in range(n)], seed=2)
    bots = [make_bot(spec.id, "random", i) for i in range(n)]
    while not state.is_over:
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state


def test_save_file_loader_lives_outside_core():
    import rules.core
    import rules.savefile

    assert not hasattr(rules.core, "load_save_file") and callable(rules.savefile.load_save_file)


def test_states_have_effective_slots():
    for spec in rules.GAMES.values():
        state = spec.new_game([f"P{i}" for i in range(max(2, spec.min_players))], seed=1)
        assert not hasattr(state, "__dict__"), f"{spec.id} states carry a __dict__"
        with pytest.raises(AttributeError):
            state.not_an_attribute = 1  # type: ignore[attr-defined]
