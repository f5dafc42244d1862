"""Random play with invariants after every step; saves, determinism and privacy."""

import json
import random

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.facts.scoring import final_tile_vp
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol.state import RULES_EDITION

DATA = D.load()


def random_game(n, seed, check=None):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed)
    states = [s]
    while not s.is_over:
        seat = s.actors()[0]
        s = s.apply(rng.choice(s.legal_actions(seat)))
        if check:
            check(s)
        states.append(s)
    return s, states


def invariants(s):
    d = DATA
    uids = list(s.deck) + list(s.discard)
    uids += [u for pack in s.ext.get("packs", ()) for u in pack]  # hand drafting
    for P in s.p:
        uids += P.hand + P.played + [u for c in P.columns.values() for u in c]
    assert sorted(uids) == list(range(len(d.deck))), "every card exactly once"
    specials = [int(k[8:]) for P in s.p for k, _ in P.tiles.values() if k.startswith("special:")]
    assert sorted(specials + s.specials) == sorted(d.specials), "special tiles conserved"
    for P in s.p:
        assert all(v >= 0 for v in P.res.values()), "no negative resources"
        assert P.discs >= 0
        if 1 <= s.round <= 4 and s.phase in ("action", "cleanup"):
            assert len(P.hand) >= 1, "hand never empty in rounds 1-4"
        kinds = list(P.props.values())
        for k in D.ROW_TYPES:
            assert kinds.count(k) == P.rows[k] <= 5
        assert kinds.count("shop") == 3 - len(P.shops)
        assert kinds.count("lab") == P.labs <= 4
        assert kinds.count("tower") == int(P.tower)
        if P.map:
            m = d.maps[P.map]
            for h in P.props:
                assert m.kinds[h] == "capital" or P.tiles[h][1], (
                    "properties on flipped tiles or capitals"
                )
        assert len(P.rabbits) == P.rabbits_taken <= 9
        assert all(h in P.props for h in P.rabbits)
        assert len(set(P.skills)) == len(P.skills)
        for colour, col in P.columns.items():
            assert len(col) <= Q.column_limit(s, s.p.index(P), colour)
        for i, t in enumerate(d.prosperity):
            assert 0 <= P.prosp[i] <= t["length"]
    for i, t in enumerate(d.prosperity):
        at_end = [k for k, P in enumerate(s.p) if P.prosp[i] == t["length"]]
        assert (s.pros_first[i] is None) == (not at_end)
        assert s.pros_first[i] is None or s.pros_first[i] in at_end
    for sk, left in s.skill_supply.items():
        assert left + sum(P.skills.count(sk) for P in s.p) == 3
    advanced = [sk for P in s.p for sk in P.skills if sk > 100] + list(s.ext.get("advanced", ()))
    assert len(advanced) == len(set(advanced)), "each advanced tile once"
    if s.options.get("advanced_skills") == "on":
        assert len(advanced) == s.n + 1
    assert len(s.ms_claimed) <= 3


def independent_score(s, seat):
    """Final score recomputed from the raw pieces, not through breakdown()."""
    d = DATA
    P = s.p[seat]
    total = P.vp + 2 * P.cp + P.res["gold"] // 5 + P.res["diamond"] + 10 * len(P.milestones)
    counts = [
        len(P.tiles),
        len(P.rabbits),
        len(P.roads),
        len(P.props),
        sum(len(c) for c in P.columns.values()),
        P.ip,
    ]
    for i, t in enumerate(d.prosperity):
        best = max((r for r in t["rates"] if r[0] <= P.prosp[i]), key=lambda r: r[0])
        total += counts[i] * best[1] // best[2]
    if P.rows["tent"] == 5:
        total += 2 * len(P.rabbits)
    if P.rows["house"] == 5:
        total += P.cp
    if P.rows["building"] == 5:
        total += P.ip
    total += [-40, -20, -10, -5, 10][MQ.connected_ports(s, seat)]
    total += final_tile_vp(s, seat)
    return total


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_play_invariants(n):
    s, _ = random_game(n, 100 + n, invariants)
    r = s.result()
    assert r["scores"] == [independent_score(s, k) for k in range(n)]
    assert sorted(x for place in r["ranking"] for x in place) == list(range(n))


def test_random_play_always_terminates():
    for seed in range(4):
        s, states = random_game(1 + seed % 4, seed)
        assert s.is_over and len(states) < 20000


def test_save_load_gives_the_same_state():
    s, _ = random_game(2, 7)
    data = json.loads(json.dumps(SPEC.to_save(s)))
    t = SPEC.from_save(data)
    for seat in (None, 0, 1):
        assert json.dumps(t.view(seat), sort_keys=True) == json.dumps(s.view(seat), sort_keys=True)
    assert t.result() == s.result()


def test_same_seed_same_game():
    a, _ = random_game(3, 11)
    b, _ = random_game(3, 11)
    assert a.action_keys() == b.action_keys() and a.result() == b.result()


def test_view_hides_other_hands_deck_order_and_rng():
    _, states = random_game(3, 5)
    for s in states[:: max(1, len(states) // 40)]:
        for seat in (None, 0, 1, 2):
            v = s.view(seat)
            json.dumps(v)
            for p in v["players"]:
                if p["seat"] != seat:
                    assert p["hand"] is None
                else:
                    assert [c["uid"] for c in p["hand"]] == s.p[seat].hand
            assert "deck" not in v and "rng" not in json.dumps(v).lower()
            assert v["deck_count"] == len(s.deck)


def test_log_names_drawn_cards_only_to_their_owner():
    s, _ = random_game(2, 9)
    for seat in (None, 0, 1):
        private = [e for e in s.log_for(seat) if e.startswith("You draw")]
        own = [e.text for e in s.log_entries() if e.seat == seat and e.text.startswith("You draw")]
        assert private == own
    assert not [e for e in s.log_for(None) if e.startswith("You draw")]


def test_solo_decks_order_hidden():
    s, _ = random_game(1, 3)
    v = s.view(0)
    assert set(v["solo"]) == {"a_left", "b_left", "shown"}


def test_smart_bot_plays_a_legal_solo_game():
    from rules.sweet_lands.bot.greedy import SweetLandsBot

    s = SPEC.new_game(["Solo"], seed=4)
    bot = SweetLandsBot(4)
    while not s.is_over:
        s = s.apply(bot.choose(s, 0))  # apply() rejects any illegal choice
    assert s.result()["scores"][0] > 0


def test_apply_never_changes_the_state_it_was_called_on():
    # players are shared between a state and its successor until a move changes
    # them: every change must land in the new state only
    from .test_resample import fingerprint

    for n, seed in ((1, 3), (3, 2)):
        rng = random.Random(seed)
        s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed)
        while not s.is_over:
            before = fingerprint(s)
            acts = s.legal_actions(s.actors()[0])
            nxt = s.apply(acts[rng.randrange(len(acts))])
            assert fingerprint(s) == before, s.step
            s = nxt


def test_apply_never_changes_the_state_it_was_called_on_at_cleanup():
    # cleanup changes every player, not only the one who moved
    from .helpers import edit, started

    s = edit(started(2))
    s.p[1].passed = True
    s.p[1].discs = 1
    s.p[1].skills, s.p[1].flipped = [8], [8]
    passed = s.apply(s.find_action(0, "pass"))
    assert passed.stack[-1]["op"] == "aid_move"
    after = passed.apply(passed.legal_actions(0)[0])  # the last pass: cleanup runs
    assert after.p[1].discs == 0 and after.p[1].flipped == []
    assert passed.p[1].discs == 1 and passed.p[1].flipped == [8]


def test_saves_record_their_rules_edition():
    s, _ = random_game(2, 3)
    data = SPEC.to_save(s)
    assert data["extra"] == {"rules": RULES_EDITION}
    # a save written before editions (no "extra") still loads while its moves replay
    old = {k: v for k, v in data.items() if k != "extra"}
    assert SPEC.from_save(old).action_keys() == s.action_keys()


def test_old_save_that_no_longer_replays_is_refused_naming_its_edition():
    from rules.core import SaveError

    s, _ = random_game(2, 3)
    data = {k: v for k, v in SPEC.to_save(s).items() if k != "extra"}
    data["actions"] = data["actions"][:40] + ['0:area:["Z"]']
    with pytest.raises(SaveError) as err:
        SPEC.from_save(data)
    assert "rules edition 1" in str(err.value) and err.value.step == 41
    data["extra"] = {"rules": RULES_EDITION}  # a current save: the plain reason, no edition talk
    with pytest.raises(SaveError) as err:
        SPEC.from_save(data)
    assert "edition" not in str(err.value)
