"""A bot never answers an illegal move, whatever its imagined copies hold.

A bot plans on resampled copies; a copy's legal moves may differ from the live
game's (a card the copy dealt into the deck sits in a hidden hand at the table).
Every answer must still be a member of the live legal list. These tests ask each
level's ``decide`` directly (not ``choose``, which also maps an answer onto the live
list), so the levels themselves are checked, not only the safety net.
"""

from __future__ import annotations

import itertools

import pytest

import rules
from rules.botkit.base import observe
from rules.bots import Budget, RandomBot, make_bot
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.model import data as D

TINY = Budget(seconds=None, iterations=1)  # no clock: the same on every machine
LEVELS = ("easy", "normal", "hard")
SEARCHING = ("hard", "expert")  # the levels consulted every HARD_CONSULT-th move
SL = "sweet-lands"


def _random_game_to_sakura_search(seed):
    """A random 2-player game with Sakura Mochi, up to her Clock Tower search (None
    when the game ends without one)."""
    state = SWEET_LANDS.new_game(["A", "B"], seed=seed)
    movers = [RandomBot(seed * 31 + i) for i in range(2)]
    while not (state.stack and state.stack[-1]["op"] == "sakura_search"):
        if state.is_over:
            return None
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        op = state.stack[-1]["op"] if state.stack else None
        pick = next((a for a in legal if op == "choose_char" and a.args[0] == "sakura"), None)
        state = state.apply(pick or movers[seat].pick(legal))
    return state


def decided(bot, state, seat):
    """The bot's own answer, checked against the live legal list."""
    legal = state.legal_actions(seat)
    action = bot.decide(observe(state, seat))
    if action.kind in getattr(
        bot, "free_text", ()
    ):  # words the player writes: the engine judges them
        return action
    assert action.key in {a.key for a in legal}, (bot.level, getattr(state, "round", 0), action)
    return next(a for a in legal if a.key == action.key)


def searching_sakura(seed=46):  # the first seed from 31 to get there
    """Sakura Mochi (seat 0 of two) at her Clock Tower search, every copy of the
    first Pass card design moved from the deck into the rival's hidden hand: the
    live game no longer offers that design, while copies that deal it back into the
    deck offer it first (the reported case: 2 players, seed 11, round 5)."""
    state = _random_game_to_sakura_search(seed)
    while state is None:  # rule changes move the games: the next seed that gets there
        seed += 1
        state = _random_game_to_sakura_search(seed)
    seat = state.actors()[0]
    d = D.load()
    design = d.deck[min(u for u in state.deck if d.cards[d.deck[u]].kind == "pass")]
    scene = state.detached_copy()  # arranged by hand: the rival holds the design
    rival = scene.p[1 - seat]
    moving = [u for u in scene.deck if d.deck[u] == design]
    rival.hand = [*rival.hand, *moving]
    scene.deck = [u for u in scene.deck if u not in moving]
    return scene, seat, design


def test_a_search_the_copy_allows_but_the_table_does_not_is_never_answered():
    state, seat, design = searching_sakura()
    assert all(a.args[0] != design for a in state.legal_actions(seat))
    firsts = {state.resample(seat, k).legal_actions(seat)[0].args[0] for k in range(20)}
    assert design in firsts  # some copies would answer the design the table lacks
    for level, bot_seed in itertools.product((*LEVELS, "expert"), range(12)):
        decided(make_bot(SL, level, bot_seed, TINY), state, seat)


# Every character in seat 0 once (the others take the next ones round the list),
# 1-4 players in turn, the variants in turn, the levels round the seats.
CHARACTERS = (
    "eline nata gretel jasmine sena rikka biscuit solbee lotus alice elsa carmen sakura coral"
).split()
VARIANTS: tuple[dict[str, str], ...] = (
    {},
    {"turn_order": "pass_order"},
    {"draft": "on"},
    {"advanced_skills": "on"},
    {"skill_tiles": "further"},
    {"skill_tiles": "mixed", "milestones": "face_up"},
    {"granted_costs": "paid"},
)
# (any 14 characters: with paired boards a rival's pick may rule out the one wanted)
SWEEP = [
    (k, CHARACTERS[k], 1 + k % 4, VARIANTS[k % len(VARIANTS)] | {"character_boards": "any"})
    for k in range(len(CHARACTERS))
]
# Consulting the levels on every move would take minutes: each seat's level answers
# every CONSULT-th of its moves (hard, the slow one, every HARD_CONSULT-th) and a
# random move otherwise, which also carries the game into odd corners.
CONSULT = 3
HARD_CONSULT = 12


def play_through(state, bots, levels, wanted=None):
    """Play the game to its end: each seat's level answers every CONSULT-th of its
    moves (hard every HARD_CONSULT-th) and a random move the others; ``wanted``
    names each seat's Sweet Lands character."""
    movers = [RandomBot(len(bots) + i) for i in range(len(bots))]
    moves = [0] * len(bots)
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        if wanted and state.stack and state.stack[-1]["op"] == "choose_char":
            pick = next((a for a in legal if a.args[0] == wanted[seat]), None)
            if pick is not None:
                state = state.apply(pick)
                continue
        moves[seat] += 1
        every = HARD_CONSULT if levels[seat] in SEARCHING else CONSULT
        if moves[seat] % every == 0:
            state = state.apply(decided(bots[seat], state, seat))
        else:
            state = state.apply(movers[seat].pick(legal))
    return state


@pytest.mark.parametrize(("k", "character", "players", "options"), SWEEP)
def test_every_character_variant_and_level_plays_to_the_end(k, character, players, options):
    seed = 500 + 41 * k
    names = [f"P{i}" for i in range(players)]
    state = SWEET_LANDS.new_game(names, seed=seed, options=options)
    wanted = [CHARACTERS[(k + i) % len(CHARACTERS)] for i in range(players)]
    levels = [LEVELS[(k + i) % 3] for i in range(players)]
    bots = [make_bot(SL, lv, seed + i, TINY) for i, lv in enumerate(levels)]
    state = play_through(state, bots, levels, wanted)
    assert state.p[0].char == character and state.round == 5


CARD_GAMES = [
    ("happy-city", {"mode": "family"}),
    ("happy-city", {"mode": "expert"}),
    ("happiest-town", {}),
    ("happiness", {"silence": "turns"}),
]


@pytest.mark.parametrize(("game", "options"), CARD_GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_card_game_bots_of_every_level_answer_only_legal_moves(game, options, players):
    spec = rules.get_game(game)
    for seed in range(3):
        state = spec.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
        levels = [LEVELS[(seed + i) % 3] for i in range(players)]
        bots = [make_bot(game, lv, seed * 7 + i, TINY) for i, lv in enumerate(levels)]
        assert play_through(state, bots, levels).is_over


@pytest.mark.parametrize(("game", "options"), CARD_GAMES)
def test_card_game_expert_bots_answer_only_legal_moves(game, options):
    spec = rules.get_game(game)
    for seed in range(2):
        levels = ["expert", LEVELS[seed % 3], "expert"]
        state = spec.new_game([f"P{i}" for i in range(3)], seed=seed, options=options)
        bots = [make_bot(game, lv, seed * 7 + i, TINY) for i, lv in enumerate(levels)]
        assert play_through(state, bots, levels).is_over


def test_sweet_lands_expert_answers_only_legal_moves_to_the_end():
    state = SWEET_LANDS.new_game(["A", "B"], seed=77)
    levels = ["expert", "hard"]
    bots = [make_bot(SL, lv, 77 + i, TINY) for i, lv in enumerate(levels)]
    assert play_through(state, bots, levels).round == 5
