"""The hard Happiness planner: holes, the odds over unseen cards, and what a greedy
rival's choices show of its hand."""

from __future__ import annotations

import copy

import pytest

from rules.bots import make_bot
from rules.happiness import HAPPINESS
from rules.happiness.bot.plan import Ahead, Planner, Unseen, fits, holes, needs, turns_ahead
from rules.happiness.bot.search import SearchingHappinessBot
from rules.happiness.cards import catalogue
from rules.happiness.engine import plus_cells

from ..expect import of_type


def game_in_play(seed=6, turns=4, hard_seat=None):
    """A 2-player game ``turns`` turns in; seat ``hard_seat`` (if any) plays hard and
    is returned with it, having seen every step."""
    state = HAPPINESS.new_game(["A", "B"], seed=seed, options={"silence": "turns"})
    bots = [make_bot("happiness", "normal", k) for k in range(2)]
    if hard_seat is not None:
        bots[hard_seat] = make_bot("happiness", "hard", 3)
    while state.turns_played < turns or state.stage != "play":
        seat = state.actors()[0]
        state = state.apply(bots[seat].choose(state, seat))
    return state, bots


def test_a_hole_is_the_last_empty_side_of_a_centre_or_a_cell_with_four_full_sides():
    card = (0, 0)
    three_arms = {(0, 0): card, (1, 0): card, (-1, 0): card, (0, 1): card}
    assert holes(three_arms) == {(0, -1): {(0, 0), (1, 0), (-1, 0), (0, 1)}}
    ring = {(1, 0): card, (-1, 0): card, (0, 1): card, (0, -1): card}
    assert holes(ring) == {(0, 0): set(ring)}
    assert holes({(0, 0): card, (1, 0): card}) == {}


def test_a_card_fits_a_spot_when_each_side_it_touches_matches():
    cards = catalogue().cards
    board = {(0, 0): (0, 0)}
    need = needs(cards, board, (1, 0))  # right of card 0: its right edge faces our left
    assert need == (None, None, None, cards[0].edges[1])
    for card in cards[:40]:
        want = card.edges[3] == cards[0].edges[1] or "silver" in (card.edges[3], cards[0].edges[1])
        assert fits(card.edges, need) == want


def test_the_rival_odds_cover_the_cards_in_play_and_nothing_it_cannot_hold():
    state, _ = game_in_play()
    unseen = Unseen(state, 0)
    assert sum(unseen.held.values()) == pytest.approx(len(state.hands[1]))
    assert not set(unseen.held) & set(state.hands[0])
    anything = (None, None, None, "silver")  # a spot any card fits
    assert 0.9 < unseen.rival_holds(anything, False) <= 1.0
    # shown out at this very turn (no draw since): that card cannot be held
    notes = of_type(SearchingHappinessBot, make_bot("happiness", "hard", 1)).notes
    for cid in unseen.joy:
        notes.out[cid] = state.turns_played
    assert Unseen(state, 0, notes).rival_holds(anything, False) == 0.0


def test_what_the_greedy_rival_did_not_play_was_not_in_its_hand():
    shown_out = 0
    for seed in (6, 7, 8):
        state = HAPPINESS.new_game(["A", "B"], seed=seed, options={"silence": "turns"})
        hard = of_type(SearchingHappinessBot, make_bot("happiness", "hard", 3))
        rival = make_bot("happiness", "normal", 4)
        while state.turns_played < 10 and not state.is_over:
            seat = state.actors()[0]
            bot = hard if seat == 0 else rival
            if seat == 0 and state.stage == "play":
                hard.notes.update(state.resample(0, 1), 0)
                last, held = state.last, state.hands[1]
                if last and last["seat"] == 1 and not last["bummer"] and state.deck:
                    before = held[:-1]  # the rival's hand at its choice, less the played card
                    fresh = [c for c, t in hard.notes.out.items() if t == state.turns_played - 1]
                    shown_out += len(fresh)
                    assert not set(fresh) & set(before)
            state = state.apply(bot.choose(state, seat))
    assert shown_out > 20


def test_hard_remembers_only_what_its_seat_saw():
    """The notes come from the public table: a hard bot that has watched a game
    decides the same on copies that redraw the hidden cards."""
    state, bots = game_in_play(seed=5, turns=6, hard_seat=0)
    hard = bots[0]
    assert hard.notes.out
    real = copy.deepcopy(hard).choose(state, 0)
    for k in range(3):
        other = state.resample(0, 500 + k)
        assert other.hands[1] != state.hands[1] or other.deck != state.deck
        assert copy.deepcopy(hard).choose(other, 0) == real


def plays_to_the_end(seed: int) -> list:
    """The states of one 2-player game at each Joycard choice, with whose turn it was."""
    state = HAPPINESS.new_game(["A", "B"], seed=seed, options={"silence": "turns"})
    bots = [make_bot("happiness", "normal", k) for k in range(2)]
    out = []
    while not state.is_over:
        seat = state.actors()[0]
        if state.stage == "play":
            out.append(state)
        state = state.apply(bots[seat].choose(state, seat))
    return out


def test_the_planner_knows_from_public_facts_which_turns_are_left():
    for seed in (3, 4, 5):
        plays = plays_to_the_end(seed)
        for k, state in enumerate(plays):
            seat = state.turn
            ahead = turns_ahead(state, seat)
            later = [s.turn for s in plays[k + 1 :]]
            # A Bummer in a silence draws a card too, so the game can only end sooner.
            assert ahead.mine or seat not in later
            assert ahead.rivals or not [s for s in later if s != seat]
            assert turns_ahead(state.resample(seat, 9), seat) == ahead
        last = plays[-1]
        assert turns_ahead(last, last.turn) == Ahead(False, False, False)
        assert turns_ahead(plays[0], plays[0].turn) == Ahead(True, True, True)


def test_on_the_last_turn_a_joycard_is_worth_only_what_it_takes_now():
    last = plays_to_the_end(4)[-1]
    seat, cards = last.turn, last.cards
    planner = Planner(last, seat)
    for a in last.legal_actions(seat)[:20]:
        word, x, y = a.args
        cid = last.card_by_word(word)
        board = dict(last.board)
        board[(x, y)] = (cid, seat)
        plus = plus_cells(cards, board, (x, y))
        now = cards[cid].points + sum(cards[board[c][0]].points for c in plus)
        bolts = sum(1 for e in cards[cid].edges if e == "silver")
        assert planner.value(cid, (x, y)) == pytest.approx(now - Planner.BOLT * bolts)
