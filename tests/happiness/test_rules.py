"""One test per Happiness rule clause (see CLAUSES.md for the table)."""

import json

import pytest

import rules
from rules import IllegalAction
from rules.core import Action
from rules.happiness.cards import SYMBOLS, TOPICS, DataError, build_catalogue, min_deck
from rules.happiness.engine import STORY_MAX

from .helpers import (
    BUM,
    CAT,
    JOY,
    SPEC,
    act,
    cid,
    clear_table,
    deck,
    hand,
    new,
    places_of,
    put,
    shape,
    started,
)

A, B, C, D, E, F, G, H = JOY[:8]
X, Y = BUM[:2]


def fresh(n=2, **opts):
    """A started game with an empty table, seat 0 to play, hands rigged by each test."""
    s = started(n, **opts)
    clear_table(s)
    return s


# ---- components -------------------------------------------------------------------
def test_components_deck_is_marked_as_a_substitute():
    head = (rules.happiness.cards.DATA / "cards.toml").read_text(encoding="utf-8")[:1500]
    assert "SUBSTITUTE" in head and "editing this file" in head


def test_components_joycards_worth_1_to_4_bummers_worth_nothing():
    for c in CAT.cards:
        if c.is_bummer:
            assert c.points == 0
        else:
            assert 1 <= c.points <= 4
    assert {c.points for c in CAT.cards if not c.is_bummer} == {1, 2, 3, 4}


def test_components_every_card_has_a_word_and_four_edges_of_five_colours():
    colours = {"red", "blue", "green", "yellow", "silver"}
    for c in CAT.cards:
        assert c.word.strip() and len(c.edges) == 4 and set(c.edges) <= colours
    used = {e for c in CAT.cards for e in c.edges}
    assert used == colours


def test_components_each_colour_has_a_symbol_so_colour_is_never_needed():
    assert {v[0] for v in SYMBOLS.values()} == {"red", "blue", "green", "yellow", "silver"}
    assert {v[1] for v in SYMBOLS.values()} == {"fire", "water", "leaf", "sun", "bolt"}
    d = CAT.cards[0].to_dict()
    assert len(d["symbols"]) == 4 and all(ch in SYMBOLS for ch in d["symbols"])
    v = new(2).view(None)
    assert v["symbols"]["*"] == {"colour": "silver", "name": "bolt"}


def test_components_words_are_all_distinct_and_plenty():
    words = [c.word.lower() for c in CAT.cards]
    assert len(words) == len(set(words))
    assert len(CAT.joycards) >= 100 and 15 <= len(CAT.bummers) <= 30


def test_components_every_sensitive_topic_is_tagged_on_some_card():
    for t in TOPICS:
        assert CAT.topic_count(t) >= 3, t
        assert any(t in c.topics for c in CAT.cards if c.is_bummer) or t == "water"


@pytest.mark.parametrize(
    "bad, msg",
    [
        ({"joycard": [{"word": "A", "points": 5, "edges": "FFFF"}]}, "1 to 4"),
        ({"joycard": [{"word": "A", "points": 0, "edges": "FFFF"}]}, "1 to 4"),
        ({"joycard": [{"word": "A", "points": 2, "edges": "FFF"}]}, "four symbols"),
        ({"joycard": [{"word": "A", "points": 2, "edges": "FFFX"}]}, "unknown edge symbol"),
        (
            {
                "joycard": [
                    {"word": "A", "points": 2, "edges": "FFFF"},
                    {"word": "a", "points": 2, "edges": "FFFF"},
                ]
            },
            "twice",
        ),
        (
            {"joycard": [{"word": "A", "points": 2, "edges": "FFFF", "topics": ["snakes"]}]},
            "topics",
        ),
        ({"bummer": [{"word": "Z", "points": 1, "edges": "FFFF"}]}, "no Joypoints"),
    ],
)
def test_components_data_is_validated_on_load(bad, msg):
    import tomllib

    raw = tomllib.loads((rules.happiness.cards.DATA / "cards.toml").read_text(encoding="utf-8"))
    raw.update(bad)
    with pytest.raises(DataError, match=msg):
        build_catalogue(raw)


def test_components_data_needs_a_deck_entry_for_each_player_count():
    import tomllib

    raw = tomllib.loads((rules.happiness.cards.DATA / "cards.toml").read_text(encoding="utf-8"))
    raw["deck"] = raw["deck"][:-1]
    with pytest.raises(DataError, match="2-6"):
        build_catalogue(raw)


@pytest.mark.parametrize("n, j, b", [(2, 26, 4), (3, 39, 6), (4, 52, 8), (5, 65, 10), (6, 78, 12)])
def test_setup_deck_size_per_player_count(n, j, b):
    assert CAT.deck_sizes[n] == (j, b)
    s = started(n)
    kinds = [s.cards[i].is_bummer for i in s.deck + [x for h in s.hands for x in h]]
    assert len(kinds) == j + b == s.deck_size and sum(kinds) == b


# ---- setup ---------------------------------------------------------------------------
def test_setup_two_to_six_players():
    for n in (1, 7):
        with pytest.raises(ValueError):
            new(n)
    assert SPEC.min_players == 2 and SPEC.max_players == 6


def test_setup_youngest_builds_the_deck_before_anything_else():
    s = new(3, youngest=2)
    assert s.stage == "build" and s.actors() == [2]
    assert s.legal_actions(0) == [] and not any(s.hands)
    kinds = {a.kind for a in s.legal_actions(2)}
    assert kinds == {"toggle_topic", "build_done"}


def test_setup_youngest_option_must_name_a_seat():
    with pytest.raises(ValueError, match="youngest"):
        new(2, youngest=4)


def test_setup_builder_sees_topics_and_leaving_one_out_shrinks_the_deck():
    s = new(6)
    v = s.view(None)
    assert [t["topic"] for t in v["topics"]] == list(TOPICS)
    assert all(t["cards"] > 0 and not t["left_out"] for t in v["topics"])
    assert v["deck"]["size"] == 90
    s = act(s, "toggle_topic", "water")
    v = s.view(None)
    assert next(t for t in v["topics"] if t["topic"] == "water")["left_out"]
    plain = sum(1 for c in CAT.cards if not c.is_bummer and "water" not in c.topics)
    assert v["deck"]["joycards"] == min(78, plain)
    for t in TOPICS[:-1]:
        if t != "water":
            s = act(s, "toggle_topic", t)
    v = s.view(None)
    assert v["deck"]["size"] < 90 and v["deck"]["size"] >= min_deck(6)


def test_setup_builder_can_put_a_topic_back():
    s = act(act(new(2), "toggle_topic", "fire"), "toggle_topic", "fire")
    assert s.excluded == () and s.view(None)["deck"]["size"] == 30


def test_setup_left_out_topics_never_reach_the_deck():
    for seed in range(5):
        s = new(6, seed=seed)
        for t in ("loss", "gambling", "drinking"):
            s = act(s, "toggle_topic", t)
        s = act(s, "build_done")
        dealt = s.deck + [i for h in s.hands for i in h]
        assert not any({"loss", "gambling", "drinking"} & set(s.cards[i].topics) for i in dealt)


def test_setup_unknown_topic_is_refused():
    with pytest.raises(IllegalAction, match="no topic"):
        act(new(2), "toggle_topic", "spiders")


def test_setup_deal_five_each_rest_is_the_community_deck():
    for n in (2, 4, 6):
        s = started(n)
        assert [len(h) for h in s.hands] == [5] * n
        assert len(s.deck) == s.deck_size - 5 * n
        assert s.view(None)["community"] == len(s.deck)


def test_setup_youngest_player_goes_first():
    s = started(4, youngest=2)
    assert s.stage == "play" and s.actors() == [2] and s.round == 1


# ---- a turn ------------------------------------------------------------------------
def test_turn_play_one_card_then_story_then_draw_one():
    s = fresh()
    hand(s, 0, A, B)
    deck(s, C, D)
    s = act(s, "place", A, 0, 0)
    assert s.stage == "story" and s.actors() == [0] and len(s.hands[0]) == 1
    s = act(s, "skip_story")
    assert cid(C) in s.hands[0] and len(s.hands[0]) == 2 and s.deck == [cid(D)]


def test_turn_only_one_card_per_turn():
    s = fresh()
    hand(s, 0, A, B)
    s = act(s, "place", A, 0, 0)
    with pytest.raises(IllegalAction, match="story"):
        act(s, "place", B, 1, 0)


def test_turn_no_draw_when_the_community_deck_is_empty():
    s = fresh()
    hand(s, 0, A, B)
    deck(s)
    s = act(act(s, "place", A, 0, 0), "skip_story")
    assert s.hands[0] == [cid(B)]


def test_turn_story_text_goes_to_the_public_journal_and_the_save():
    s = fresh()
    hand(s, 0, A, B)
    text = "Our dog once ate the whole cake \u2014 \u00e9t\u00e9 2019: true!"
    s = act(act(s, "place", A, 0, 0), "story", text)
    entry = s.view(1)["journal"][-1]
    assert entry["text"] == text and entry["word"] == A and entry["seat"] == 0
    assert s.view(None)["journal"] == s.view(1)["journal"]
    key = s.action_keys()[-1]
    assert SPEC.parse_action(key).args == (text,)


def test_turn_story_may_be_skipped_and_leaves_no_journal_entry():
    s = fresh()
    hand(s, 0, A, B)
    s = act(act(s, "place", A, 0, 0), "skip_story")
    assert s.journal == []


@pytest.mark.parametrize("text", ["", "   ", "x" * (STORY_MAX + 1), "bell\x07"])
def test_turn_story_needs_some_text_within_the_limit(text):
    s = fresh()
    hand(s, 0, A, B)
    s = act(s, "place", A, 0, 0)
    with pytest.raises(IllegalAction):
        act(s, "story", text)


def test_turn_play_goes_round_the_seats_from_the_youngest():
    s = started(3, youngest=1, silence="turns")
    order: list[int] = []
    while len(order) < 6:
        seat = s.actors()[0]
        if s.stage == "play":
            order.append(seat)
        a = next(
            a
            for a in s.legal_actions(seat)
            if a.kind in ("place", "pass_turn", "skip_story", "pass")
        )
        s = s.apply(a)
    assert order == [1, 2, 0, 1, 2, 0]


def test_turn_seat_with_only_bummers_passes_and_draws():
    s = fresh()
    put(s, A, 0, 0)
    hand(s, 0, X, Y)
    deck(s, C, D)
    assert [a.kind for a in s.legal_actions(0)] == ["pass_turn"]
    s = act(s, "pass_turn")
    assert cid(C) in s.hands[0] and s.stage == "window"


def test_turn_pass_refused_while_holding_a_joycard():
    s = fresh()
    hand(s, 0, A, X)
    with pytest.raises(IllegalAction, match="must play"):
        act(s, "pass_turn")


# ---- placement --------------------------------------------------------------------------
def test_place_first_card_goes_in_the_centre():
    s = fresh()
    hand(s, 0, A)
    assert places_of(s, A) == [(0, 0)]
    with pytest.raises(IllegalAction, match="centre"):
        act(s, "place", A, 2, 3)


def test_place_later_cards_share_an_edge_never_only_a_corner():
    s = fresh()
    put(s, A, 0, 0, edges="****")
    hand(s, 0, B)
    shape(s, B, "****")
    assert places_of(s, B) == sorted([(0, -1), (1, 0), (0, 1), (-1, 0)])
    with pytest.raises(IllegalAction):
        act(s, "place", B, 1, 1)


def test_place_touching_triangles_must_match():
    s = fresh()
    put(s, A, 0, 0, edges="FFFF")
    hand(s, 0, B, C)
    shape(s, B, "WWWW")
    shape(s, C, "SFSS")  # only its right edge is fire
    with pytest.raises(IllegalAction, match="does not match"):
        act(s, "place", B, 1, 0)
    assert places_of(s, C) == [(-1, 0)]  # C's right edge meets A's left edge


def test_place_silver_bolt_matches_every_symbol():
    for sym in "FWLS":
        s = fresh()
        put(s, A, 0, 0, edges=sym * 4)
        hand(s, 0, B)
        shape(s, B, "****")
        assert len(places_of(s, B)) == 4
        s2 = fresh()
        put(s2, A, 0, 0, edges="****")
        hand(s2, 0, B)
        shape(s2, B, sym * 4)
        assert len(places_of(s2, B)) == 4


def test_place_every_touching_edge_is_checked_not_just_one():
    s = fresh()
    put(s, A, 0, 0, edges="FFFF")
    put(s, C, 2, 0, edges="WWWW")
    hand(s, 0, B)
    shape(s, B, "FFFF")  # fits A on its left, not C on its right
    assert (1, 0) not in places_of(s, B)
    with pytest.raises(IllegalAction, match="right edge"):
        act(s, "place", B, 1, 0)


def test_place_apart_when_the_card_has_no_connecting_spot():
    s = fresh()
    put(s, A, 0, 0, edges="FFFF")
    hand(s, 0, B)
    shape(s, B, "WWWW")
    spots = places_of(s, B)
    assert spots and all(abs(x) + abs(y) == 2 for x, y in spots)
    s = act(s, "place", B, 2, 0)
    assert s.board[(2, 0)][0] == cid(B)


def test_place_apart_refused_for_a_card_that_can_connect():
    s = fresh()
    put(s, A, 0, 0, edges="FFFF")
    hand(s, 0, B, C)
    shape(s, B, "FFFF")
    shape(s, C, "WWWW")
    with pytest.raises(IllegalAction, match="can connect"):
        act(s, "place", B, 2, 0)
    assert (2, 0) in places_of(s, C)  # judged card by card


def test_place_separated_groups_can_be_joined_later():
    s = fresh()
    put(s, A, 0, 0, edges="FFFF")
    put(s, C, 2, 0, edges="FFFF")
    hand(s, 0, B)
    shape(s, B, "FFFF")
    s = act(s, "place", B, 1, 0)
    assert {(0, 0), (1, 0), (2, 0)} <= set(s.board)


def test_place_joycard_on_an_emptied_table_goes_anywhere_the_centre():
    s = fresh()
    hand(s, 0, A)
    s.turns_played = 9
    assert places_of(s, A) == [(0, 0)]


def test_place_a_card_not_in_hand_is_refused():
    s = fresh()
    hand(s, 0, A)
    with pytest.raises(IllegalAction, match="not in"):
        act(s, "place", B, 0, 0)


# ---- scoring -----------------------------------------------------------------------------
def test_score_joypoints_on_play():
    s = fresh()
    hand(s, 0, A)
    shape(s, A, points=3)
    s = act(s, "place", A, 0, 0)
    assert s.score(0) == 3 and s.breakdown(0)["joypoints"] == 3


def _almost_plus(s, hole):
    """A plus around (0,0) with one cell missing; every edge fire."""
    cells = [(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)]
    words = [B, C, D, E, F]
    for w, cell in zip(words, cells, strict=False):
        if cell != hole:
            put(s, w, *cell, by=1, edges="FFFF", points=2)
    return [w for w, c in zip(words, cells, strict=False) if c != hole]


def test_euphoria_completing_a_plus_as_an_arm():
    s = fresh()
    on_table = _almost_plus(s, (1, 0))
    hand(s, 0, A)
    shape(s, A, "FFFF", points=3)
    s = act(s, "place", A, 1, 0)
    assert not s.board
    assert sorted(s.euphoria_pile[0]) == sorted(cid(w) for w in on_table + [A])
    assert s.breakdown(0)["euphoria"] == 2 * 4 + 3 and s.score(0) == 3 + 11


def test_euphoria_completing_a_plus_as_the_centre():
    s = fresh()
    _almost_plus(s, (0, 0))
    hand(s, 0, A)
    shape(s, A, "FFFF", points=1)
    s = act(s, "place", A, 0, 0)
    assert len(s.euphoria_pile[0]) == 5 and s.breakdown(0)["euphoria"] == 9


def test_euphoria_two_pluses_at_once_count_shared_cards_once():
    s = fresh()
    # centres at (0,0) and (2,0), sharing the arm (1,0) that A will fill
    cells = [(0, 0), (0, -1), (0, 1), (-1, 0), (2, 0), (2, -1), (2, 1), (3, 0)]
    for w, cell in zip(JOY[10:18], cells, strict=False):
        put(s, w, *cell, by=1, edges="LLLL", points=1)
    hand(s, 0, A)
    shape(s, A, "LLLL", points=4)
    s = act(s, "place", A, 1, 0)
    assert len(s.euphoria_pile[0]) == 9 and s.breakdown(0)["euphoria"] == 8 + 4
    assert not s.board


def test_euphoria_pile_counts_for_the_player_and_the_view():
    s = fresh()
    _almost_plus(s, (0, 1))
    hand(s, 0, A)
    shape(s, A, "FFFF")
    s = act(s, "place", A, 0, 1)
    p = s.view(None)["players"][0]
    assert len(p["euphoria_pile"]) == 5 and p["score"]["euphoria_pile"] == 5
    assert "Euphoria" in s.log_for(None)[-1]


def test_euphoria_needs_all_four_sides():
    s = fresh()
    _almost_plus(s, (0, 1))
    hand(s, 0, A)
    shape(s, A, "FFFF")
    s = act(s, "place", A, 2, 0)  # touches the arm (1,0) only
    assert s.euphoria_pile[0] == [] and len(s.board) == 5


# ---- the silence window and Bummers ---------------------------------------------------------
def _to_window(s):
    """Seat 0 plays A at (1,0) next to the rigged table and skips the story."""
    return act(act(s, "place", A, 1, 0), "skip_story")


def _bummer_table(n=3, **opts):
    s = fresh(n, **opts)
    put(s, B, 0, 0, edges="SSSS", points=2)
    put(s, C, 1, 1, edges="SSSS", points=3, by=1)
    hand(s, 0, A)
    shape(s, A, "SSSS", points=1)
    return s


def test_window_opens_after_every_turn_for_every_seat():
    s = _to_window(_bummer_table())
    assert s.stage == "window" and s.actors() == [0, 1, 2]
    assert s.view(None)["window"]["seconds"] == 5


def test_window_claim_only_for_a_seat_holding_a_bummer():
    s = _bummer_table()
    hand(s, 2, X, D)
    hand(s, 1, E)
    s = _to_window(s)
    assert "claim" in {a.kind for a in s.legal_actions(2)}
    assert "claim" not in {a.kind for a in s.legal_actions(1)}
    with pytest.raises(IllegalAction, match="no Bummer"):
        act(s, "claim", seat=1)


def test_bummer_never_played_on_ones_own_turn():
    s = _bummer_table()
    hand(s, 0, A, X)
    shape(s, X, "****")
    assert all(a.args[0] != X for a in s.legal_actions(0))
    with pytest.raises(IllegalAction, match="silence"):
        act(s, "place", X, 1, 0)


def test_bummer_sweeps_every_touching_joycard_and_itself_into_the_pile():
    s = _bummer_table()
    hand(s, 2, X)
    shape(s, X, "****")
    s = _to_window(s)  # A now at (1,0) touching B (0,0) and C (1,1)
    s = act(s, "claim", seat=2)
    assert s.stage == "bummer" and s.actors() == [2]
    s = act(s, "place", X, 2, 0)  # touches A at (1,0) only (C is at (1,1): a corner)
    assert sorted(s.bummer_pile[2]) == sorted([cid(A), cid(X)])
    s2 = act(act(_to_window(_with_x(_bummer_table())), "claim", seat=2), "place", X, 0, 1)
    # (0,1) touches B at (0,0) above and C at (1,1) to the right
    assert sorted(s2.bummer_pile[2]) == sorted([cid(B), cid(C), cid(X)])
    assert (0, 0) not in s2.board and (1, 1) not in s2.board and (1, 0) in s2.board


def _with_x(s, edges="****"):
    hand(s, 2, X)
    shape(s, X, edges)
    return s


def test_bummer_claimant_scores_the_bummed_out_joypoints():
    s = act(act(_to_window(_with_x(_bummer_table())), "claim", seat=2), "place", X, 0, 1)
    b = s.breakdown(2)
    assert b["bummed_out"] == 2 + 3 and b["score"] == 5 and b["bummer_pile"] == 3
    assert s.score(0) == 1 and s.score(1) == 0  # play points stay with their players


def test_bummer_strip_option_takes_the_points_from_their_players():
    s = _with_x(_bummer_table(bummer_scoring="strip"))
    s = act(act(_to_window(s), "claim", seat=2), "place", X, 0, 1)
    assert s.breakdown(2)["bummed_out"] == 5
    assert s.breakdown(0)["lost_to_bummers"] == 2 and s.breakdown(1)["lost_to_bummers"] == 3


def test_bummer_must_connect_like_any_card():
    s = _with_x(_bummer_table(), edges="WWWW")
    hand(s, 2, X, Y)
    shape(s, Y, "SSSS")
    s = act(_to_window(s), "claim", seat=2)
    assert places_of(s, X) == []  # X fits nowhere, and Y can connect: no 0-bummer
    with pytest.raises(IllegalAction):
        act(s, "place", X, 0, 1)
    assert (0, 1) in places_of(s, Y)


def test_bummer_zero_bummer_refused_while_another_play_exists():
    s = _with_x(_bummer_table(), edges="WWWW")
    hand(s, 2, X, Y)
    shape(s, Y, "SSSS")
    s = act(_to_window(s), "claim", seat=2)
    with pytest.raises(IllegalAction, match="nothing"):
        act(s, "place", X, 3, 0)


def test_bummer_zero_bummer_allowed_when_no_other_play_exists():
    s = _with_x(_bummer_table(), edges="WWWW")
    s = act(_to_window(s), "claim", seat=2)
    spots = places_of(s, X)
    assert spots and all(
        not any((x + dx, y + dy) in s.board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        for x, y in spots
    )
    s = act(s, "place", X, *spots[0])
    assert s.bummer_pile[2] == [cid(X)] and s.breakdown(2)["bummed_out"] == 0
    assert len(s.board) == 3


def test_bummer_claimant_tells_a_story_then_draws():
    s = _with_x(_bummer_table())
    deck(s, D, E, G)
    s = act(act(_to_window(s), "claim", seat=2), "place", X, 0, 1)
    assert s.stage == "story" and s.actors() == [2]
    s = act(s, "story", "The day it all went wrong.")
    assert s.journal[-1]["bummer"] and s.journal[-1]["word"] == X
    assert cid(E) in s.hands[2]  # seat 0 drew D after its turn
    assert s.stage == "play" and s.actors() == [1]


def test_window_one_bummer_per_window():
    s = _with_x(_bummer_table())
    hand(s, 1, Y)
    s = act(_to_window(s), "claim", seat=2)
    assert s.actors() == [2]
    with pytest.raises(IllegalAction):
        act(s, "claim", seat=1)


def test_window_closes_when_every_seat_stays_silent():
    s = _to_window(_bummer_table())
    for seat in (0, 2, 1):
        assert s.stage == "window"
        s = act(s, "pass", seat=seat)
    assert s.stage == "play" and s.actors() == [1]
    assert s.log_for(None)[-1].startswith("The silence passes")


def test_window_close_ends_the_countdown_for_everyone():
    s = _to_window(_bummer_table())
    s = act(s, "close", seat=1)
    assert s.stage == "play" and s.actors() == [1]


def _asked_in_turn(silence: str):
    """The seats asked one by one in a window where each stays silent, and the state
    after it."""
    s = _to_window(_bummer_table(silence=silence))
    asked = []
    while s.stage == "window":
        seat = s.actors()[0]
        assert len(s.actors()) == 1
        assert "close" not in {a.kind for a in s.legal_actions(seat)}
        asked.append(seat)
        s = act(s, "pass", seat=seat)
    return asked, s


def test_window_turns_mode_asks_each_seat_in_order_from_the_next_player():
    assert _asked_in_turn("turns")[0] == [1, 2, 0]


def test_window_turns_from_player_asks_the_player_first_and_the_next_player_last():
    asked, s = _asked_in_turn("turns_from_player")
    assert asked == [0, 2, 1]  # seat 0 just played; seat 1 plays next
    assert s.stage == "play" and s.actors() == [1]


def test_window_turns_mode_has_no_close():
    s = _to_window(_bummer_table(silence="turns"))
    with pytest.raises(IllegalAction):
        act(s, "close", seat=1)


def test_window_not_opened_while_the_table_is_empty():
    s = fresh(3)
    _almost_plus(s, (1, 0))
    hand(s, 0, A)
    shape(s, A, "FFFF")
    s = act(act(s, "place", A, 1, 0), "skip_story")
    assert not s.board and s.stage == "play" and s.actors() == [1]


def test_window_countdown_length_is_an_option():
    s = _to_window(_bummer_table(silence_seconds=8))
    assert s.view(None)["window"]["seconds"] == 8
    assert SPEC.options["silence_seconds"].choices == (3, 5, 8, 10, 15)


# ---- the end ------------------------------------------------------------------------------
def _auto(s, until=lambda s: s.is_over, limit=500):
    for _ in range(limit):
        if until(s):
            return s
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        a = next(
            (
                a
                for a in acts
                if a.kind in ("place", "pass_turn", "skip_story", "close", "build_done")
            ),
            acts[0],
        )
        s = s.apply(a)
    raise AssertionError("did not get there")


def test_end_after_the_round_in_which_the_last_card_is_drawn():
    s = started(3, youngest=1)
    s = _auto(s, until=lambda s: s.end_triggered)
    drawer_round = s.round
    assert s.deck == []
    s = _auto(s)
    assert s.round == drawer_round
    # every seat had the same number of turns
    assert s.turns_played % 3 == 0 and s.turns_played == 3 * drawer_round


def test_end_no_silence_window_after_the_final_turn():
    for seed in range(4):
        s = started(2, seed=seed)
        s = _auto(
            s,
            until=lambda s: (
                s.stage == "story"
                and s.after == "turn"
                and s.turn == s.last_seat_of_round
                and len(s.deck) <= 1
            ),
        )
        if s.end_triggered or s.deck:
            s = act(s, "skip_story")
            assert s.is_over and s.actors() == [] and s.stage == "over"
            return
    raise AssertionError("no seed ended on the last seat's own draw")


def test_end_last_card_drawn_by_a_bummer_in_the_window_after_a_round():
    s = fresh(3)
    s.turn = 2  # the last seat of the round (youngest is seat 0)
    put(s, B, 0, 0, edges="SSSS")
    hand(s, 2, A)
    shape(s, A, "SSSS")
    hand(s, 0, X)
    shape(s, X, "****")
    deck(s, D)
    s = act(act(s, "place", A, 1, 0), "skip_story")  # seat 2 draws D: the deck is empty
    assert s.end_triggered and s.is_over  # the round was already complete

    s = fresh(3)
    s.turn = 2
    put(s, B, 0, 0, edges="SSSS")
    hand(s, 2, A)
    shape(s, A, "SSSS")
    hand(s, 0, X)
    shape(s, X, "****")
    deck(s, D, E)
    s = act(act(s, "place", A, 1, 0), "skip_story")
    assert s.stage == "window" and not s.end_triggered
    s = act(act(act(s, "claim", seat=0), "place", X, 2, 0), "skip_story")
    assert s.end_triggered and s.is_over


def test_end_game_over_refuses_further_actions():
    s = _auto(started(2))
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Action(0, "skip_story"))
    assert s.result()["winners"]


# ---- winner and ties ---------------------------------------------------------------------
def _scored(joy, euph_pile, bum_pile):
    s = started(len(joy))
    s.joy = list(joy)
    s.euphoria_pile = [list(range(k)) for k in euph_pile]
    s.bummer_pile = [list(range(k)) for k in bum_pile]
    return s.result()


def test_tie_most_joypoints_wins():
    r = _scored([10, 12, 9], [5, 0, 9], [5, 0, 9])
    assert r["winners"] == [1] and r["tie_break"].startswith("none")
    assert r["scores"] == [10, 12, 9]


def test_tie_broken_by_most_cards_in_euphoria_pile():
    r = _scored([12, 12, 9], [5, 6, 0], [9, 0, 0])
    assert r["winners"] == [1] and "Euphoria" in r["tie_break"]


def test_tie_then_broken_by_most_cards_in_bummer_pile():
    r = _scored([12, 12, 9], [5, 5, 0], [2, 3, 0])
    assert r["winners"] == [1] and "Bummer" in r["tie_break"]


def test_tie_still_tied_is_a_shared_victory():
    r = _scored([12, 12, 9], [5, 5, 0], [3, 3, 0])
    assert r["winners"] == [0, 1] and "share" in r["tie_break"]
    assert r["ranking"] == [[0, 1], [2]]


# ---- privacy and the protocol ----------------------------------------------------------------
def test_privacy_view_shows_own_hand_only_and_hand_sizes_of_others():
    s = started(3)
    for seat in range(3):
        v = s.view(seat)
        assert [c["id"] for c in v["hand"]] == s.hands[seat]
        text = json.dumps(v)
        for other in range(3):
            if other != seat:
                for i in s.hands[other]:
                    assert json.dumps(s.cards[i].word) not in text
        assert [p["hand_count"] for p in v["players"]] == [5, 5, 5]
    assert s.view(None)["hand"] is None


def test_privacy_dealt_and_drawn_cards_are_logged_to_their_owner_only():
    s = fresh()
    hand(s, 0, A, B)
    deck(s, C, D)
    s = act(act(s, "place", A, 0, 0), "skip_story")
    assert any(C in e for e in s.log_for(0))
    assert not any(C in e for e in s.log_for(1)) and not any(C in e for e in s.log_for(None))
    dealt = started(2)
    mine = [e for e in dealt.log_for(0) if e.startswith("You are dealt")]
    assert len(mine) == 1 and not any(e.startswith("You are dealt") for e in dealt.log_for(None))


def test_checkpoint_moves_on_every_reveal_and_change_of_actor():
    s = new(2)
    c0 = s.checkpoint
    s2 = act(s, "toggle_topic", "fire")
    assert s2.checkpoint == c0  # the builder may still undo this
    s3 = act(s2, "build_done")
    assert s3.checkpoint > s2.checkpoint
    clear_table(s3)
    hand(s3, 0, A, B)
    deck(s3, C)
    s4 = act(s3, "place", A, 0, 0)
    assert s4.checkpoint > s3.checkpoint  # the card left a hidden hand
    s5 = act(s4, "skip_story")
    assert s5.checkpoint > s4.checkpoint  # a draw and a new actor


def test_protocol_wrong_seat_is_refused_and_the_state_unchanged():
    s = started(2)
    before = s.view(None)
    a = s.legal_actions(0)[0]
    with pytest.raises(IllegalAction, match="turn"):
        s.apply(Action(1, a.kind, a.args))
    assert s.view(None) == before


def test_protocol_action_keys_round_trip_with_labels():
    s = started(3)
    acts = list(new(3).legal_actions(0)) + list(s.legal_actions(0))
    for a in acts:
        b = SPEC.parse_action(a.key)
        assert b == a and b.key == a.key and b.label and b.label != a.key


def test_protocol_corrupt_save_names_the_step():
    s = _auto(started(2), until=lambda s: s.step > 12)
    data = SPEC.to_save(s)
    data["actions"][3] = '0:place:["Nowhere",0,0]'
    with pytest.raises(rules.SaveError, match="step 4"):
        SPEC.from_save(data)


def test_protocol_options_listed_with_defaults():
    for _name, opt in SPEC.options.items():
        assert (
            opt.default in opt.choices and opt.label and len(opt.choice_labels) == len(opt.choices)
        )
    assert set(SPEC.options) == {
        "silence",
        "silence_seconds",
        "bot_reaction",
        "youngest",
        "bummer_scoring",
    }


# ---- the log names places by their neighbours -----------------------------------------------
def test_log_a_placement_is_named_by_the_card_beside_it():
    s = _to_window(_bummer_table())  # A goes right of B (at 0,0)
    lines = [e.text for e in s.log_entries()]
    assert any(f"plays {A} right of {B}" in line for line in lines), lines[-4:]
    assert not any("(1, 0)" in line for line in lines)


def test_log_a_placement_apart_is_named_from_the_nearest_card():
    s = fresh(2)
    put(s, B, 0, 0, edges="SSSS", points=2)
    assert s.place_name((1, 1)) == f"1 right and 1 down from {B}"
    assert s.place_name((0, -1)) == f"above {B}"
