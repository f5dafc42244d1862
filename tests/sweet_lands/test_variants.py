"""The three variants (game options, off by default): one test per clause, random
and bot play with each alone and all together, saves, determinism and privacy."""

import json
import random

import pytest

from rules.sweet_lands import OPTIONS
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves.variants import seats_after
from rules.sweet_lands.protocol.state import RULES_EDITION

from .helpers import act, edit
from .test_play import independent_score, invariants

DATA = D.load()
ALL = {"turn_order": "pass_order", "draft": "on", "advanced_skills": "on"}
ONE_BY_ONE = [{k: v} for k, v in ALL.items()]


def game(n, seed=1, **options):
    return SPEC.new_game([f"P{i + 1}" for i in range(n)], seed=seed, options=options)


def play_random(s, rng, until=None, check=None):
    while not s.is_over and not (until and until(s)):
        seat = rng.choice(s.actors())
        s = s.apply(rng.choice(s.legal_actions(seat)))
        if check:
            check(s)
    return s


def test_variants_are_options_off_by_default_with_help():
    for name in ("turn_order", "draft", "advanced_skills"):
        opt = OPTIONS[name]
        assert opt.default == opt.choices[0] and opt.help


# ---------------------------------------------------------------- variable turn order
def test_variable_turn_order_follows_the_previous_pass_order():
    rng = random.Random(2)
    s = game(3, turn_order="pass_order")
    s = play_random(s, rng, until=lambda s: s.round == 2)
    order = s.ext["order"]
    assert sorted(order) == [0, 1, 2]
    s = play_random(s, rng, until=lambda s: s.phase == "action" and not s.stack)
    seen = [s.turn]
    while len(seen) < 3:
        s = act(s, "pass")
        s = play_random(s, rng, until=lambda t: not t.stack or t.phase != "action")
        seen.append(s.turn)
    assert tuple(seen) == order
    assert s.view(None)["turn_order"] == list(order)


def test_variable_turn_order_off_plays_clockwise():
    s = edit(game(3))
    s.round, s.start = 2, 0
    s.ext["order"] = (2, 0, 1)
    assert list(seats_after(s, 0)) == [1, 2, 0]
    s.options = {**s.options, "turn_order": "pass_order"}
    assert list(seats_after(s, 0)) == [1, 2, 0]
    assert list(seats_after(s, 2)) == [0, 1, 2]


# ---------------------------------------------------------------- hand drafting
def to_draft(n=3, seed=1, **options):
    rng = random.Random(seed)
    s = game(n, seed, draft="on", **options)
    return play_random(s, rng, until=lambda s: bool(s.stack) and s.stack[-1]["op"] == "draft")


def test_hand_drafting_simultaneous_picks_keep_six():
    s = to_draft(3)
    assert s.actors() == [0, 1, 2]
    assert all(len(p) == 6 for p in s.ext["packs"])
    while s.stack and s.stack[-1]["op"] == "draft":
        seat = s.actors()[-1]
        s = s.apply(s.legal_actions(seat)[0])
    assert all(len(P.hand) >= 6 for P in s.p)
    assert "packs" not in s.ext


def test_hand_drafting_packs_move_to_the_left():
    s = to_draft(3)
    before = s.ext["packs"]
    for seat in (0, 1, 2):
        s = s.apply(s.legal_actions(seat)[0])
    after = s.ext["packs"]
    for seat in range(3):
        assert set(after[(seat + 1) % 3]) < set(before[seat])
        assert len(after[seat]) == 5


def test_hand_drafting_a_seat_that_picked_waits_for_the_others():
    s = to_draft(2)
    s = s.apply(s.legal_actions(0)[0])
    assert s.actors() == [1] and s.legal_actions(0) == []


def uids_in(v):
    """Every card uid a view names."""
    if isinstance(v, dict):
        own = {v["uid"]} if "uid" in v else set()
        return own | {u for x in v.values() for u in uids_in(x)}
    if isinstance(v, list):
        return {u for x in v for u in uids_in(x)}
    return set()


def test_hand_drafting_privacy_at_every_pick():
    s = to_draft(3, seed=4)
    while s.stack and s.stack[-1]["op"] == "draft":
        packs = s.ext["packs"]
        for viewer in (None, 0, 1, 2):
            v = s.view(viewer)
            shown = uids_in(v)
            for seat, pack in enumerate(packs):
                if seat != viewer:
                    assert not shown & set(pack), "another seat's pack is never shown"
            if viewer is not None:
                assert [c["uid"] for c in v["draft"]["pack"]] == list(packs[viewer])
                labels = {a.key for a in s.legal_actions(viewer)}
                assert all(a.startswith(f"{viewer}:") for a in labels)
            else:
                assert v["draft"]["pack"] is None
        for viewer in (None, 0, 1, 2):
            for e in s.log_for(viewer):
                if e.startswith("You keep"):
                    assert viewer is not None
        seat = s.actors()[0]
        s = s.apply(s.legal_actions(seat)[0])


def test_hand_drafting_resample_deals_the_other_packs_afresh():
    s = to_draft(3, seed=5)
    r = s.resample(0, 9)
    assert r.ext["packs"][0] == s.ext["packs"][0]

    def unseen(x):
        return sorted([u for i in (1, 2) for u in x.ext["packs"][i] + tuple(x.p[i].hand)] + x.deck)

    assert unseen(r) == unseen(s)
    assert [len(p) for p in r.ext["packs"]] == [len(p) for p in s.ext["packs"]]
    assert r.ext["packs"][1:] != s.ext["packs"][1:]


def test_hand_drafting_carmen_draws_and_automates_after_the_draft():
    rng = random.Random(1)
    s = game(2, 3, draft="on")
    while s.phase == "setup":
        f = s.stack[-1]
        if f["op"] == "choose_char":
            s = act(s, "character", ("carmen", "eline")[f["seat"]])
        else:
            s = s.apply(s.legal_actions(f["seat"])[0])
    s = play_random(s, rng, until=lambda s: s.stack and s.stack[-1]["op"] == "draft")
    assert len(s.p[0].hand) == 0
    while s.stack[-1]["op"] == "draft":
        s = s.apply(s.legal_actions(s.actors()[0])[0])
    assert s.stack[-1]["op"] == "free_auto" and len(s.p[0].hand) == 8


def test_hand_drafting_not_in_solo():
    rng = random.Random(1)
    # the printed draw (Mio takes no cards), so the six cards are all there
    s = game(1, draft="on", mio_takes="nothing")
    s = play_random(s, rng, until=lambda s: s.phase == "action")
    assert len(s.p[0].hand) >= 6 and "packs" not in s.ext


# ---------------------------------------------------------------- advanced skill tiles
def test_advanced_skill_tiles_players_plus_one_at_setup():
    for n in (1, 2, 3, 4):
        s = game(n, advanced_skills="on")
        tiles = s.ext["advanced"]
        assert len(tiles) == n + 1 and set(tiles) <= set(range(101, 115))
        assert s.view(None)["advanced_skills"] == list(tiles)
    assert "advanced" not in game(2).ext


def test_advanced_skill_tile_instead_of_a_skill_tile_for_a_diamond():
    s = edit(play_random(game(2, advanced_skills="on"), random.Random(1), lambda s: s.round == 1))
    s.stack.append({"op": "skill", "seat": 0, "n": 1})
    s.p[0].res["diamond"] = 1
    sk = s.ext["advanced"][0]
    a = s.find_action(0, "skill", sk)
    assert a is not None and "diamond" in a.label
    s = s.apply(a)
    assert sk in s.p[0].skills and s.p[0].res["diamond"] == 0
    assert sk not in s.ext["advanced"]
    s2 = edit(s)
    s2.stack.append({"op": "skill", "seat": 1, "n": 1})
    s2.p[1].res["diamond"] = 0
    assert all(a.args[0] < 100 for a in s2.legal_actions(1))


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("options", [*ONE_BY_ONE, ALL], ids=lambda o: "+".join(o))
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_variant_random_play_reaches_the_end_with_the_invariants(options, n):
    s = play_random(game(n, 30 + n, **options), random.Random(n), check=invariants)
    r = s.result()
    assert r["scores"] == [independent_score(s, k) for k in range(n)]


@pytest.mark.parametrize("options", [*ONE_BY_ONE, ALL], ids=lambda o: "+".join(o))
def test_variant_bot_play_reaches_the_end(options):
    from rules.sweet_lands.bot.greedy import SweetLandsBot

    n = 3 if options is ALL else 2
    s = game(n, 5, **options)
    bots = [SweetLandsBot(k) for k in range(n)]
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(bots[seat].choose(s, seat))
    assert all(x > 0 for x in s.result()["scores"])


EVERY = [
    *ONE_BY_ONE,
    {"skill_tiles": "further"},
    {"skill_tiles": "mixed"},
    {"character_boards": "any"},
    {**ALL, "skill_tiles": "mixed", "character_boards": "any"},
]


@pytest.mark.parametrize("options", EVERY, ids=lambda o: "+".join(f"{k}={v}" for k, v in o.items()))
def test_every_option_save_load_and_same_seed(options):
    a = play_random(game(3, 8, **options), random.Random(8))
    b = play_random(game(3, 8, **options), random.Random(8))
    assert a.action_keys() == b.action_keys() and a.result() == b.result()
    t = SPEC.from_save(json.loads(json.dumps(SPEC.to_save(a))))
    for seat in (None, 0, 1, 2):
        assert json.dumps(t.view(seat), sort_keys=True) == json.dumps(a.view(seat), sort_keys=True)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_bot_play_with_every_option_at_each_player_count(n):
    from rules.sweet_lands.bot.greedy import SweetLandsBot

    options = {**ALL, "skill_tiles": "mixed"}
    s = game(n, 40 + n, **options)
    bots = [SweetLandsBot(k) for k in range(n)]
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(bots[seat].choose(s, seat))
        invariants(s)
    assert s.result()["scores"] == [independent_score(s, k) for k in range(n)]


def test_save_records_the_rules_edition():
    s = play_random(game(2, 2, **ALL), random.Random(2))
    assert SPEC.to_save(s)["extra"]["rules"] == RULES_EDITION == 7
