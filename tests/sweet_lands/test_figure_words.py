"""Sweet Lands figures a player checks, in words (issue 46 item 2): roads named by
their two hexes (never "edge 44") in the log and refusals, the VP of a pass itemised by
source in the log, and every character named in the players' panel."""

from __future__ import annotations

import random
import re
from functools import cache

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.model import data as D
from tabletop_tui.games.sweet_lands.text import character_short

from ..expect import given
from .helpers import EXPLAINER


@cache
def _played(seed: int, steps: int = 2500):
    state = SPEC.new_game(["Ann", "Bob"], seed=seed, options={})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.actors()[0]
        state = state.apply(rng.choice(state.legal_actions(seat)))
    return state


def test_the_log_names_each_road_by_its_two_hexes():
    log = _played(3).log_for(None)
    roads = [line for line in log if "road" in line and "places" in line]
    assert roads, "the seeded game places roads"
    assert all(re.search(r"places the road \d+(-\d+| [A-Z]+ side)\.", line) for line in roads)
    assert not [line for line in log if re.search(r"\bedge \d", line)]


def test_a_road_refusal_names_the_road_by_its_hexes():
    m = D.load().maps["A"]
    two = next(e for e, hexes in enumerate(m.edge_hexes) if len(hexes) == 2)
    one = next(e for e, hexes in enumerate(m.edge_hexes) if len(hexes) == 1)
    a, b = m.edge_hexes[two]
    assert MQ.road_name(m, two) == f"{a}-{b}"
    assert re.fullmatch(rf"{m.edge_hexes[one][0]} (E|NE|NW|W|SW|SE) side", MQ.road_name(m, one))


def test_a_pass_in_the_log_itemises_its_vp():
    seen = 0
    for seed in (3, 4, 5):
        for line in _played(seed).log_for(None):
            hit = re.search(r"passes: \d+ CP, \d+ IP, (\d+) VP(?: \((.*)\))?\.$", line)
            if not hit or hit.group(1) == "0":
                continue
            parts = re.findall(r"(\d+) from ", hit.group(2) or "")
            assert sum(map(int, parts)) == int(hit.group(1)), line
            seen += 1
    assert seen, "some seeded pass scores VP"


def test_the_pass_move_explains_its_vp_sources_as_the_log_does():
    from rules.sweet_lands.moves import phases as PH

    state = SPEC.new_game(["Ann", "Bob"], seed=4, options={})
    rng = random.Random(4)
    told_sources = 0
    while not state.is_over:
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        passing = next((a for a in legal if a.kind == "pass"), None)
        if passing is not None:
            parts = PH.pass_parts(state, seat)[2]
            labels = [line.label for line in EXPLAINER.action(state, seat, passing).lines]
            assert PH.pass_vp_words(parts) in labels
            told_sources += bool(parts)
        state = state.apply(rng.choice(legal))
    assert told_sources, "some pass of the seeded game scores VP from a named source"


def test_every_character_has_a_name_in_the_players_panel():
    for cid, character in D.load().characters.items():
        assert character_short(cid) == character["name"].split()[0] != "-"
    assert character_short(None) == "-"


def test_a_milestone_tells_both_sides_and_how_close_each_player_is():
    from rules.core import Ref
    from rules.sweet_lands import PROGRESS
    from rules.sweet_lands.facts import queries as Q

    state = _played(3, 900)
    d = D.load()
    seats = [seat for seat, p in enumerate(state.p) if p.map]
    assert seats
    for mid, _side in state.milestones:
        told = given(EXPLAINER.thing(state, None, Ref("milestone", mid)))
        assert [line.label[:7] for line in told.lines[:2]] == ["side a:", "side b:"]
        if state.ms_claimed.get(mid) is not None:
            continue
        near = [line for line in told.lines if line.source == PROGRESS]
        assert len(near) == 2 * len(seats)
        ratios = [given(line.amount) / int(line.unit.split()[-1]) for line in near]
        assert ratios == sorted(ratios, reverse=True)
        for line in near:
            name, side = line.label.split(", side ")
            cond = d.milestones[mid][side]
            assert line.amount == Q.measure(state, state.players.index(name), cond)


def test_the_board_panel_shows_both_milestone_sides_and_the_closest_player():
    from rich.console import Console

    from rules.core import Ref
    from tabletop_tui.games.sweet_lands.asked import Asked
    from tabletop_tui.games.sweet_lands.board import board_renderable
    from tabletop_tui.games.sweet_lands.text import cond_text

    state = _played(3, 900)
    view = state.view(None)
    told = {
        t["id"]: given(EXPLAINER.thing(state, None, Ref("milestone", t["id"])))
        for t in view["milestone_tiles"]
    }
    asked = Asked(EXPLAINER.standings(state), EXPLAINER.advanced_costs(state), told)
    console = Console(width=160, record=True)
    console.print(board_renderable(view, asked))
    text = " ".join(console.export_text().split())
    d = D.load()
    for mid, _side in state.milestones:
        for k in ("a", "b"):
            assert " ".join(f"{k}: {cond_text(d.milestones[mid][k])}".split()) in text
    assert re.search(r"(Ann|Bob), side [ab]: \d+ of \d+", text)


def test_an_industry_bonus_choice_says_what_each_column_yields_now():
    from rules.core import Action
    from rules.sweet_lands.protocol import setup_tools as tools
    from tabletop_tui.games.sweet_lands.labels import label_for

    from .helpers import edit, started

    s = edit(started(2))
    d = D.load()
    grey = next(uid for uid, cid in enumerate(d.deck) if d.cards[cid].auto)
    s.p[0].columns = {**s.p[0].columns, "grey": [grey]}
    tools.effect(s, 0, "ibonus", "any")
    tools.settle(s)
    assert {a.kind for a in s.legal_actions(0)} == {"column"}
    for colour in D.COLOURS:
        column = Action(0, "column", (colour,))
        told = EXPLAINER.action(s, 0, column)
        gains = [line.label for line in told.of_kind("gain")]
        assert len(gains) >= len(d.player["columns"][colour]["ability"]) > 0
        if colour == "grey":
            assert any(g.startswith(f"{d.cards[d.deck[grey]].name}: ") for g in gains)
        label = label_for(column, s.view(0), told)
        assert label.startswith(f"{colour.capitalize()} column: ") and gains[0] in label


def test_the_log_says_why_an_industry_marker_moved():
    moved = [
        line
        for seed in (3, 4, 5)
        for line in _played(seed).log_for(None)
        if re.search(r"advances the (Carriage|Locomotive) to space", line)
    ]
    assert moved, "the seeded games move an Industry marker"
    for line in moved:
        assert re.search(r"to space \d+ \(from [^)]+\)", line), line


def test_the_tracks_panel_writes_each_prosperity_rate_in_words():
    from rich.console import Console

    from tabletop_tui.games.sweet_lands.tracks import tracks_renderable

    state = _played(3, 900)
    view = state.view(0)
    for width in (60, 120):
        console = Console(width=width, record=True)
        console.print(tracks_renderable(view, 0, EXPLAINER.track_rates(state, 0), width))
        text = console.export_text()
        rates = re.findall(r"\d+ at \d+ VP (?:per \d+|each) = \d+VP", text)
        assert len(rates) == len(D.load().prosperity), text
        assert not re.search(r"\b\d+/\d+ x\d", text)
        assert "1 VP per 3 terrain tiles" in text  # the rates legend, in words


def test_a_full_column_of_one_card_says_1_card():
    from rules.sweet_lands.facts import queries as Q

    from .helpers import edit, started

    s = edit(started(2))
    d = D.load()
    wild = [uid for uid, cid in enumerate(d.deck) if d.cards[cid].industry == "wild"]
    s.p[0].res["diamond"] = 1
    colour = "grey"
    assert Q.column_limit(s, 0, colour) == 1
    s.p[0].columns = {**s.p[0].columns, colour: [wild[0]]}
    said = Q.automate_refusal(s, 0, wild[1], colour)
    assert said is not None and "(1 card)" in said


def test_a_round_aid_choice_says_what_its_tiles_give_and_its_pass_tile_scores():
    """Each free Round Aid space names the goods of its standard tiles and, where it has
    one, what its pass tile scores at the next pass."""
    d = D.load()
    state = SPEC.new_game(["Ann", "Bob"], seed=4, options={})
    while not [a for a in state.legal_actions(state.actors()[0]) if a.kind == "aid"]:
        seat = state.actors()[0]
        state = state.apply(state.legal_actions(seat)[0])
    seat = state.actors()[0]
    spaces = state.view(seat)["round_aid"]
    for action in [a for a in state.legal_actions(seat) if a.kind == "aid"]:
        told = [line.text() for line in EXPLAINER.action(state, seat, action).lines]
        space = spaces[action.args[0]]
        assert len(told) == sum(len(d.aid_standard[t]) for t in space["standard"]) + (
            space["pass"] is not None
        )
        assert (space["pass"] is not None) == any(t.startswith("when you pass:") for t in told)
