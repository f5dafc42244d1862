"""Copy on write: a move never changes the state it was applied to.

A state's copy shares its players and containers with its parent until a move takes
them over (``_own``) or replaces them. Random play with every character and every
variant option: after each ``apply``, the parent's view for every seat (and the
public one), its history and its hidden parts are exactly what they were before.
"""

import copy
import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.model import data as D
from rules.sweet_lands.model.constants import Op
from rules.sweet_lands.model.fields import RARE_FIELDS, StateFields
from rules.sweet_lands.model.player import PLAYER_RARE_FIELDS, PlayerState

from .helpers import edit, started

ALL_VARIANTS = {"turn_order": "pass_order", "draft": "on", "advanced_skills": "on"}

# (characters by seat, seed, options): the 14 characters and every option value.
GAMES = [
    (("coral", "carmen", "sakura", "lotus"), 1, {**ALL_VARIANTS, "skill_tiles": "mixed"}),
    (("biscuit", "solbee", "alice"), 2, {"advanced_skills": "on", "skill_tiles": "further"}),
    (("elsa", "nata", "eline"), 3, {"draft": "on", "granted_costs": "paid"}),
    (("gretel", "jasmine"), 4, {"turn_order": "pass_order", "milestones": "face_up"}),
    (("sena", "rikka"), 5, {**ALL_VARIANTS, "skill_tiles": "further"}),
    (("carmen",), 6, {**ALL_VARIANTS, "skill_tiles": "further"}),
    (("sakura",), 7, {"advanced_skills": "on", "granted_costs": "paid"}),
]


def fingerprint(s):
    """What every seat sees, the history and the hidden parts no view shows."""
    return (
        [s.view(seat) for seat in (*range(s.n), None)],
        s.action_keys(),
        list(s.deck),
        dict(s.ext),
        [dict(p.ext) for p in s.p],
    )


# Plain free actions (trading, buying, selling...) crowd the menu: random play picks
# them seldom, and the rarer moves that reach the characters' abilities often.
PLAIN_FREE = {"fa_build", "fa_draw", "fa_buy", "fa_sell", "fa_trade", "fa_disc", "fa_card"}


def choose(s, rng, seat, chars):
    acts = s.legal_actions(seat)
    if s.stack and s.stack[-1]["op"] == "choose_char":
        mine = [a for a in acts if a.args == (chars[seat],)]
        return mine[0] if mine else rng.choice(acts)
    rare = [a for a in acts if a.kind.startswith("fa_") and a.kind not in PLAIN_FREE]
    rare += [a for a in acts if a.kind in ("flip", "skill")]
    if rare and rng.random() < 0.7:
        return rng.choice(rare)
    main = [a for a in acts if a.kind not in PLAIN_FREE]
    if main and rng.random() < 0.8:
        return rng.choice(main)
    return rng.choice(acts)


def _play_checking(chars, seed, options, snapshot):
    """Play a seeded game with these characters: after each move, ``snapshot`` of
    the state it was applied to is what it was before."""
    options = {"character_boards": "any", **options}
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(len(chars))], seed=seed, options=options)
    while not s.is_over:
        before = snapshot(s)
        seat = rng.choice(s.actors())
        nxt = s.apply(choose(s, rng, seat, chars))
        assert snapshot(s) == before, (s.step, nxt.action_keys()[-1])
        s = nxt
    assert [p.char for p in s.p] == list(chars)


@pytest.mark.parametrize(("chars", "seed", "options"), GAMES)
def test_apply_leaves_the_parent_state_unchanged(chars, seed, options):
    _play_checking(chars, seed, options, fingerprint)


def test_sibling_moves_do_not_see_each_other():
    # every legal move from one position, each applied to the same parent: none of
    # them leaks into the parent or into a sibling made before it
    rng = random.Random(8)
    s = SPEC.new_game(
        ["P0", "P1", "P2"], seed=8, options={"character_boards": "any", **ALL_VARIANTS}
    )
    checked = 0
    while not s.is_over and checked < 60:
        seat = rng.choice(s.actors())
        acts = s.legal_actions(seat)
        if len(acts) > 1:
            before = fingerprint(s)
            kids = [s.apply(a) for a in acts[:6]]
            prints = [fingerprint(k) for k in kids]
            for k in kids:
                if not k.is_over:
                    k.apply(rng.choice(k.legal_actions(rng.choice(k.actors()))))
            assert fingerprint(s) == before
            assert [fingerprint(k) for k in kids] == prints
            checked += 1
        s = s.apply(rng.choice(acts))


# Every field of a seat's record by name (those kept in its PlayerRareFields too),
# the memo aside: it is shared by every copy of the seat on purpose (see PlayerState).
SEAT_FIELDS = sorted(
    ({n for n in PlayerState.__slots__ if not n.startswith("_")} | set(PLAYER_RARE_FIELDS))
    - {"memo"}
)
# Every field of the state by name (those kept in its RareFields too), the seats'
# records aside (SEAT_FIELDS) and the menus and board facts kept for the next call.
STATE_FIELDS = sorted(
    ({n for n in StateFields.__slots__ if not n.startswith("_")} | set(RARE_FIELDS)) - {"p"}
)


def every_field(s):
    """A deep copy of every field of the state and of each seat's record (the
    character by identity): what no move may change in place."""
    seats = [
        {n: P.role if n == "role" else copy.deepcopy(getattr(P, n)) for n in SEAT_FIELDS}
        for P in s.p
    ]
    return seats, {n: copy.deepcopy(getattr(s, n)) for n in STATE_FIELDS}


@pytest.mark.parametrize(("chars", "seed", "options"), GAMES[:5])
def test_no_move_changes_a_field_of_the_state_it_was_applied_to(chars, seed, options):
    # every field, not only what the views show: a container changed in place, or a
    # record of seldom used fields changed while still shared with the parent, shows
    _play_checking(chars, seed, options, every_field)


def test_a_step_that_ends_by_itself_changes_its_seats_record_in_the_new_state_only():
    # seat 1's Cookie Rabbit step, dropped with every rabbit taken, scores VP once
    # seat 0 answers the step above it: settle gives the new state its own copy of
    # seat 1's record first (no seeded game above reaches this)
    s = edit(started(2))
    s.p[1].rabbits_taken = 9
    s.stack.append({"op": Op.RABBIT, "seat": 1, "n": 1})
    s.stack.append({"op": Op.DISCARD_ONE, "seat": 0})
    before = every_field(s)
    after = s.apply(s.legal_actions(0)[0])
    assert every_field(s) == before
    assert after.p[1].vp == s.p[1].vp + D.load().player["no_rabbit_vp"]
