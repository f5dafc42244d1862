"""Whether an area's effect could act, kept in the turn menu's board facts by the area
and the diamonds left after paying (turn_checks.sort_areas' ``acts``), against the
same question asked afresh (no ``acts``), issue 47 item 6.

An area whose effect alone decides reads the board and, for a Prosperity track's
last space, the diamonds left once the area (and the copying area) is paid. The
edge positions ask two questions with one kept dict that differ in one input of
the key alone, and in the answer; seeded games compare every turn menu's areas
asked with the dict the menu kept and without one."""

from __future__ import annotations

import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import turn_checks as TC

from .helpers import edit, rich, started


def _use(s, aid, minus=None):
    """Area ``aid`` as sort_areas takes it: a free space with no hand cost."""
    cost = Q.area_costs(s, 0)[aid]
    return (aid, cost, minus, *TC.price_items(cost), 0, False, None)


def _asked(s, uses, acts):
    why: dict = {}
    usable = TC.sort_areas(s, 0, uses, acts=acts, why=why)
    return [u[0] for u in usable], why


def _agree(questions):
    """Ask each (state, use) in both orders with one kept dict: each answer is the one
    asked afresh, and the answers afresh differ (or the position tests nothing)."""
    afresh = [_asked(s, [use], None) for s, use in questions]
    assert afresh[0] != afresh[1], "the edge position must change the answer"
    for order in ((0, 1), (1, 0)):
        kept: dict = {}
        got = {i: _asked(questions[i][0], [questions[i][1]], kept) for i in order}
        assert [got[0], got[1]] == afresh, order


def _last_spaces(s):
    """Every Prosperity track one space short of its end: the last costs a diamond."""
    s.p[0].prosp = [t["length"] - 1 for t in D.load().prosperity]
    return s


def test_the_area_is_in_the_key():
    # area A places terrain (a hex beside a capital is free), area C a Cookie Rabbit
    # (the Food marker is short of the first): same board, same diamonds
    s = edit(started(2))
    rich(s)
    _agree([(s, _use(s, "A")), (s, _use(s, "C"))])


def test_the_diamonds_left_are_in_the_key():
    # area G costs 2 diamonds and advances Prosperity: with every track at its last
    # space it acts only with a diamond left after paying
    states = []
    for diamonds in (2, 3):
        s = _last_spaces(edit(started(2)))
        rich(s)
        s.p[0].res["diamond"] = diamonds
        states.append(s)
    _agree([(states[0], _use(states[0], "G")), (states[1], _use(states[1], "G"))])


def test_the_copying_areas_price_counts_in_the_diamonds_left():
    # G asked as a copy, with a price on top that takes a diamond, against G alone
    s = _last_spaces(edit(started(2)))
    rich(s)
    s.p[0].res["diamond"] = 3
    _agree([(s, _use(s, "G")), (s, _use(s, "G", {"diamond": 1}))])


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 5, {}), (3, 7, {"skill_tiles": "mixed"}), (4, 11, {"advanced_skills": "on"})],
)
def test_areas_asked_with_the_kept_dict_match_afresh_on_seeded_games(players, seed, options):
    state = SPEC.new_game([f"P{i}" for i in range(players)], seed=seed, options=options)
    pick = random.Random(seed).random
    menus = kept_used = 0
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        part = state._board_made  # the board facts this menu kept
        if not state.stack and not state.main_done and part is not None and part.areas:
            acts = part.acts
            assert acts is not None
            before = len(acts)
            kept = TC.sort_areas(state, seat, part.areas, part.spot, acts=dict(acts))
            afresh = TC.sort_areas(state, seat, part.areas, part.spot)
            assert [u[0] for u in kept] == [u[0] for u in afresh], menus
            menus += 1
            kept_used += before > 0
        state = state.apply(legal[int(pick() * len(legal))])
    assert menus > 30 * players and kept_used > 10 * players, (menus, kept_used)
