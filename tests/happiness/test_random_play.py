"""Random play over many seeds, every player count and option: invariants after every
step, with scoring recomputed independently of the engine."""

import json
import random
import re

import pytest

from rules.core import Action

from .helpers import CAT, SPEC

ALL = len(CAT.cards)
SIDES = {(0, -1): (0, 2), (1, 0): (1, 3), (0, 1): (2, 0), (-1, 0): (3, 1)}


def ok(a, b):
    return a == b or "silver" in (a, b)


def touching(board, cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in SIDES if (x + dx, y + dy) in board]


def check_invariants(s):
    places = s.all_card_places()
    assert len(places) == ALL and sorted(places) == list(range(ALL))
    for (x, y), (cid, _by) in s.board.items():
        card = s.cards[cid]
        assert not card.is_bummer  # a Bummer never stays on the table
        n = 0
        for (dx, dy), (mine, theirs) in SIDES.items():
            other = s.board.get((x + dx, y + dy))
            if other is not None:
                n += 1
                assert ok(card.edges[mine], s.cards[other[0]].edges[theirs])
        assert n < 4  # a completed plus always leaves the table
    for seat in range(s.n):
        b = s.breakdown(seat)
        assert b["score"] == b["joypoints"] + b["euphoria"] + b["bummed_out"] - b["lost_to_bummers"]
        assert all(s.cards[i].is_bummer for i in s.bummer_pile[seat][-1:])
        assert not any(s.cards[i].is_bummer for i in s.euphoria_pile[seat])
    if s.stage in ("play", "story") or s.is_over:
        hand_total = sum(len(h) for h in s.hands)
        assert hand_total <= 5 * s.n + s.n


def expected_delta(before, action):
    """Score changes an action should make, worked out from the rules, not the engine."""
    n = before.n
    delta = [0] * n
    if action.kind != "place":
        return delta
    word, x, y = action.args
    cid = CAT.by_word[word]
    card = before.cards[cid]
    board = {cell: v for cell, v in before.board.items()}
    seat = action.seat
    if card.is_bummer:
        swept = touching(board, (x, y))
        pts = sum(before.cards[board[c][0]].points for c in swept)
        delta[seat] += pts
        if before.options.get("bummer_scoring") == "strip":
            for c in swept:
                delta[board[c][1]] -= before.cards[board[c][0]].points
        return delta
    delta[seat] += card.points
    board[(x, y)] = (cid, seat)
    plus = set()
    for centre in [(x, y)] + touching(board, (x, y)):
        if len(touching(board, centre)) == 4:
            plus.add(centre)
            plus.update(touching(board, centre))
    delta[seat] += sum(before.cards[board[c][0]].points for c in plus)
    return delta


def check_step(before, action, after):
    want = expected_delta(before, action)
    got = [after.score(k) - before.score(k) for k in range(before.n)]
    assert got == want, (action.key, got, want)
    if action.kind == "place" and before.cards[CAT.by_word[action.args[0]]].is_bummer:
        cell = (action.args[1], action.args[2])
        seat = action.seat
        if not touching(before.board, cell):
            # a 0-bummer: no other Bummer in hand could have touched a Joycard
            for i in before.hands[seat]:
                if before.cards[i].is_bummer:
                    assert not any(_fits(before, i, c) for c in _frontier(before)), action.key
        assert len(after.bummer_pile[seat]) == len(before.bummer_pile[seat]) + 1 + len(
            touching(before.board, cell)
        )


def _frontier(s):
    return {
        (x + dx, y + dy)
        for (x, y) in s.board
        for dx, dy in SIDES
        if (x + dx, y + dy) not in s.board
    }


def _fits(s, cid, cell):
    x, y = cell
    card = s.cards[cid]
    return all(
        ok(card.edges[m], s.cards[s.board[(x + dx, y + dy)][0]].edges[t])
        for (dx, dy), (m, t) in SIDES.items()
        if (x + dx, y + dy) in s.board
    )


def play_random(n, seed, options=None, check=True, story_rate=0.3):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options or {})
    states = [s]
    while not s.is_over:
        choices = [a for seat in s.actors() for a in s.legal_actions(seat)]
        assert choices
        if s.stage == "build" and rng.random() < 0.5:
            choices = [a for a in choices if a.kind == "toggle_topic"] or choices
        if s.stage == "window":
            # claims are rare under uniform choice; make them common enough to test
            claims = [a for a in choices if a.kind == "claim"]
            if claims and rng.random() < 0.6:
                choices = claims
        a = rng.choice(choices)
        if a.kind == "story":
            if rng.random() < story_rate:
                a = Action(
                    a.seat,
                    "story",
                    (f'Story {rng.randrange(1000)}: \u00e9t\u00e9 \u2764 "quotes" : colon',),
                )
            else:
                a = Action(a.seat, "skip_story")
        new = s.apply(a)
        if check:
            check_invariants(new)
            check_step(s, a, new)
        s = new
        states.append(s)
    return states


OPTION_SETS = [
    {},
    {"silence": "turns", "bummer_scoring": "strip"},
    {"youngest": 1, "silence_seconds": 3},
]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "turns-strip", "youngest1"])
def test_random_play_invariants_every_player_count_and_option(n, options):
    seeds = 16 if n <= 3 else 8
    for seed in range(seeds):
        states = play_random(n, seed * 11 + n, options)
        final = states[-1]
        assert final.deck == [] and final.end_triggered
        assert final.turns_played % n == 0  # everyone had the same number of turns
        r = final.result()
        assert r["scores"] == [final.score(k) for k in range(n)]
        assert sorted(x for place in r["ranking"] for x in place) == list(range(n))


def test_random_play_makes_euphorias_and_bummers_happen():
    euph = bum = zero = 0
    for seed in range(12):
        final = play_random(3, seed, check=False)[-1]
        euph += sum(len(p) for p in final.euphoria_pile)
        bum += sum(len(p) for p in final.bummer_pile)
        zero += sum(1 for e in final.log_for(None) if "bums out nothing" in e)
    assert euph > 0 and bum > 0


def test_save_load_gives_the_same_state_at_many_points():
    for n, seed in [(2, 3), (4, 8), (6, 1)]:
        states = play_random(
            n, seed, {"silence": "turns"} if n == 4 else {}, check=False, story_rate=1
        )
        for s in states[:: max(1, len(states) // 9)] + [states[-1]]:
            data = json.loads(json.dumps(SPEC.to_save(s)))
            loaded = SPEC.from_save(data)
            for seat in [None, *range(n)]:
                assert loaded.view(seat) == s.view(seat)
                assert loaded.log_for(seat) == s.log_for(seat)
                assert loaded.legal_actions(seat if seat is not None else 0) == s.legal_actions(
                    seat if seat is not None else 0
                )
            assert loaded.checkpoint == s.checkpoint and loaded.result() == s.result()


def test_same_seed_and_actions_give_the_same_game():
    a = play_random(4, 99, check=False)[-1]
    b = SPEC.new_game([f"P{i}" for i in range(4)], seed=99)
    for key in a.action_keys():
        b = b.apply(SPEC.parse_action(key))
    assert a.view(None) == b.view(None) and a.result() == b.result()
    assert [a.view(k) for k in range(4)] == [b.view(k) for k in range(4)]


def test_different_seeds_deal_different_games():
    a = SPEC.new_game(["A", "B"], seed=1).apply(Action(0, "build_done"))
    b = SPEC.new_game(["A", "B"], seed=2).apply(Action(0, "build_done"))
    assert (a.deck, a.hands) != (b.deck, b.hands)


def test_view_never_holds_another_hand_the_deck_order_the_box_or_rng():
    for n in (3, 5):
        for s in play_random(n, 5, check=False)[::6]:
            for seat in [None, *range(n)]:
                v = s.view(seat)
                text = json.dumps(v)
                assert "rng" not in v and "seed" not in v
                hidden = set(s.deck) | set(s.box)
                for other in range(n):
                    if other != seat:
                        hidden |= set(s.hands[other])
                words = {s.cards[i].word for i in hidden}
                values = set(re.findall(r'"((?:[^"\\]|\\.)*)"', text))
                assert not words & values, (seat, words & values)
                log = "\n".join(s.log_for(seat))
                mentioned = set(re.findall(r"(?:dealt|draw) ([^.]*)\.", log))
                named = {w.strip() for m in mentioned for w in m.split(",")}
                assert not words & named, (seat, words & named)


def test_old_state_is_unchanged_and_stale_actions_refused():
    states = play_random(3, 4, check=False)
    for before, after in zip(states[:40], states[1:41], strict=False):
        snapshot = json.dumps([before.view(k) for k in [None, 0, 1, 2]])
        key = after.action_keys()[-1]
        again = before.apply(SPEC.parse_action(key))
        assert json.dumps([before.view(k) for k in [None, 0, 1, 2]]) == snapshot
        assert again.view(None) == after.view(None)
