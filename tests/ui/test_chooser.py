"""The Sweet Lands chooser without an app: the one cursor, what Enter does and the
direct keys, on positions built with the engine's setup tools and seeded games. No
Pilot and no widget: the chooser is shown a position and moved as the widgets would
move it, and what it answers is checked against the engine's own moves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.bots import make_bot
from rules.sweet_lands import Op, SweetLandsState, SweetLandsView
from rules.sweet_lands.protocol import setup_tools as tools
from tabletop_tui.controller import Controller
from tabletop_tui.games.sweet_lands.chooser import (
    ALL,
    Chooser,
    KeyAnswer,
    map_target,
    place_codes,
    position_of,
)
from tabletop_tui.games.sweet_lands.demo import controller, new_state
from tabletop_tui.games.sweet_lands.hand import stable_slots
from tabletop_tui.games.sweet_lands.text import data
from tests.sweet_lands.helpers import edit, started

ENDING = {"end", "pass", "done"}  # a move that ends the turn, the round or a step


def chooser_at(state, viewer: int | None = None) -> tuple[Chooser, Controller]:
    """A chooser shown the position of ``viewer`` (by default the seat to act)."""
    seat = state.actors()[0] if viewer is None else viewer
    c = controller(state, viewer=seat)
    v = c.view()
    hand = v["players"][seat]["hand"] or []
    slots = stable_slots({}, [card["uid"] for card in hand])
    chooser = Chooser()
    chooser.show(position_of(c, v, c.legal(), slots, acting=True))
    chooser.shown_seat = seat
    return chooser, c


def decisions(players: int, seed: int, limit: int = 60) -> Iterator[tuple[SweetLandsState, int]]:
    """The positions of a seeded game (setup picks included) where a seat decides."""
    state = new_state(players, seed)
    bots = [make_bot("sweet-lands", "smart", seed + i) for i in range(players)]
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.actors()[0]
        yield state, seat
        state = state.apply(bots[seat].choose(state, seat))


def spent(before: SweetLandsView, after: SweetLandsView, seat: int) -> list[str]:
    """What the seat has less of, or what moved on, from ``before`` to ``after``."""
    b, a = before["players"][seat], after["players"][seat]
    less = [k for k, n in b["resources"].items() if a["resources"].get(k, 0) < n]
    if a["hand_count"] < b["hand_count"]:
        less.append("a card")
    if a["discs"] < b["discs"]:
        less.append("an action disc")
    for key in ("round", "phase", "turn"):
        if after[key] != before[key]:
            less.append(f"the {key}")
    if a["passed"] != b["passed"]:
        less.append("the round (passed)")
    return less


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 5), (3, 7), (4, 9)])
def test_the_default_highlight_never_spends_skips_or_ends_anything(players, seed):
    """Whatever the chooser highlights on a fresh list, taken, leaves the seat with as
    much as before, in the same turn, round and phase: a stray Enter costs nothing."""
    highlighted = 0
    for state, seat in decisions(players, seed):
        chooser, c = chooser_at(state, seat)
        move = chooser.highlighted()
        if move is None:
            assert chooser.enter_moves() == []
            continue
        highlighted += 1
        assert move.kind not in ENDING and not move.kind.startswith("fa_"), move
        before = state.view(seat)
        after = state.apply(move).view(seat)
        assert spent(before, after, seat) == [], (move.key, spent(before, after, seat))
    assert highlighted, "some list opened with a harmless move highlighted"


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 7)])
def test_enter_acts_on_what_the_line_says_on_every_row_of_the_list(players, seed):
    """Each row highlighted in turn: the line names that row's move, in its words, and
    Enter takes exactly that move."""
    for state, seat in decisions(players, seed, limit=25):
        chooser, _c = chooser_at(state, seat)
        labels = chooser.at().labels
        for i, move in enumerate(chooser.moves):
            chooser.point_list(i)
            assert chooser.enter_moves() == [move]
            assert chooser.enter_text() == labels[move.key]


def map_step_position():
    """A seat asked to place terrain tiles (a map step), built with the setup tools."""
    s = edit(started(2, 1))
    tools.effect(s, 0, "terrain", 2)
    tools.settle(s)
    assert s.stack and s.stack[-1]["op"] == Op.TERRAIN and s.actors() == [0], s.stack[-1:]
    return s


def test_the_map_and_the_list_are_one_cursor():
    chooser, _c = chooser_at(map_step_position(), 0)
    assert chooser.map_step()
    on_map = [i for i, a in enumerate(chooser.moves) if map_target(a) is not None]
    assert on_map
    for i in on_map[:5]:  # the list drives: the map cursor follows onto its place
        chooser.point_list(i)
        assert chooser.map_cursor == map_target(chooser.moves[i])
    place = map_target(chooser.moves[on_map[-1]])
    assert place is not None
    chooser.focus_on("map")
    chooser.point_map(place)  # the map drives: the list follows onto a move there
    move = chooser.highlighted()
    assert move is not None and map_target(move) == place
    acts = chooser.targets[place]
    said = chooser.enter_text()
    if len(acts) == 1:
        assert chooser.enter_moves() == acts and said == chooser.at().labels[acts[0].key]
    else:
        assert said == f"{len(acts)} ways: Enter lists them"


def test_a_map_place_that_is_no_choice_says_why_and_enter_takes_nothing():
    chooser, _c = chooser_at(map_step_position(), 0)
    m = data().maps[chooser.at().view["players"][0]["map"]]
    closed = next(("hex", h) for h in range(len(m.kinds)) if ("hex", h) not in chooser.targets)
    chooser.focus_on("map")
    chooser.point_map(closed)
    assert chooser.enter_moves() == []
    assert chooser.enter_text().startswith("nothing here: ")
    chooser.shown_seat = 1  # another player's map (N): never a choice of the viewer's
    assert chooser.enter_text() == (
        "nothing here: this is another player's map (N comes back to yours)"
    )


def test_typed_hex_numbers_find_the_place_and_a_wrong_number_is_refused_and_cleared():
    chooser, _c = chooser_at(map_step_position(), 0)
    v = chooser.at().view
    edge_hexes = data().maps[v["players"][0]["map"]].edge_hexes
    move = next(a for a in chooser.moves if map_target(a) is not None)
    code = place_codes(move, edge_hexes)[0]
    found: int | str = ""
    for digit in code:
        found = chooser.hex_digit(digit)
    assert isinstance(found, int) and code in place_codes(chooser.moves[found], edge_hexes)
    assert chooser.typed == code
    refused = chooser.hex_digit("9")  # hex numbers stop well before this one's
    while isinstance(refused, int):
        refused = chooser.hex_digit("9")
    assert "is cleared" in refused and chooser.typed == ""


def test_area_letters_choose_the_area_or_say_why_not():
    chooser, _c = chooser_at(started(2, 1), None)
    legal = chooser.at().legal
    open_areas = sorted({str(a.args[0])[0] for a in legal if a.kind in ("area", "copy")})
    assert open_areas
    found = chooser.area_key(open_areas[0])
    assert isinstance(found, list) and all(a.args[0][0] == open_areas[0] for a in found)
    closed = next(x for x in "ABCDEFGHIJKLMNOPQ" if x not in open_areas)
    refused = chooser.area_key(closed)
    assert isinstance(refused, KeyAnswer) and refused.refusal and refused.move is None


def test_card_digits_take_the_numbered_card_or_say_which_numbers_there_are():
    chooser, _c = chooser_at(started(2, 1), None)
    slots = chooser.at().slots
    playable = {a.args[0] for a in chooser.at().legal if a.kind == "play"}
    for uid, n in slots.items():
        answer = chooser.card_key(n)
        if uid in playable:
            assert answer.move is not None and answer.move.kind == "play"
        else:
            assert answer.move is None and answer.refusal  # the engine's reason
    missing = chooser.card_key(9) if 9 not in slots.values() else None
    if missing is not None:
        assert missing.refusal.startswith("No card has the number 9 (yours: ")


def test_the_free_key_and_the_end_key():
    chooser, _c = chooser_at(started(2, 1), None)
    free = chooser.free_key()
    if free is not None:
        assert chooser.moves[free].kind.startswith("fa_")
        chooser.point_list(free)
        again = chooser.free_key()
        assert again is not None and chooser.moves[again].kind.startswith("fa_")
    end = chooser.end_move()
    legal_kinds = {a.kind for a in chooser.at().legal}
    assert end is not None and end.kind == ("end" if "end" in legal_kinds else "pass")


def test_a_payment_of_several_is_numbered_with_a_row_that_pays_them_all():
    """The 3-for-1 trade: three resources paid, one row each, and a row that pays all
    three in one kind for each kind held three times."""
    s = edit(started(2, 1))
    seat = s.actors()[0]
    s.p[seat].res.update({"wheat": 5, "wood": 1, "stone": 0, "iron": 0})
    trade = next(a for a in s.legal_actions(seat) if a.kind == "fa_trade")
    s = s.apply(trade)
    chooser, _c = chooser_at(s, seat)
    pending = chooser.at().view["pending"]
    assert pending is not None and pending["op"] == Op.PAYBASIC
    assert chooser.numbered()
    rows = chooser.list_rows()
    assert all(text.startswith(f"{i}) ") for i, (_row, text) in enumerate(rows, 1))
    alls = [row for row, _text in rows if row.startswith(ALL)]
    assert [text for row, text in rows if row in alls] == [f"{len(rows)}) Pay all 3 in wheat"]
    n = [row for row, _text in rows].index(alls[0]) + 1
    assert chooser.card_key(n).row == alls[0]
    chooser.point_list(n - 1)  # a row of the screen's own: the line says what it pays
    assert chooser.enter_text() == "Pay all 3 in wheat"
    assert chooser.card_key(len(rows) + 1).refusal == f"Choose 1-{len(rows)} in the list."


def test_a_choice_asked_lists_only_its_moves_numbered_and_keeps_nothing_highlighted():
    chooser, _c = chooser_at(started(2, 1), None)
    areas = [a for a in chooser.at().legal if a.kind in ("area", "copy")]
    letter = str(areas[0].args[0])[0]
    found = chooser.area_key(letter)
    assert isinstance(found, list)
    chooser.filter = found
    chooser.show(chooser.at())
    assert chooser.moves == found and chooser.numbered()
    assert chooser.card_key(1).row == found[0].key
    chooser.filter = None
    chooser.show(chooser.at())
    assert [a.key for a in chooser.moves] == [a.key for a in chooser.at().legal]


def test_a_highlight_the_player_moved_stays_while_the_list_does_not_change():
    chooser, c = chooser_at(started(2, 1), None)
    last = next(i for i, a in enumerate(chooser.moves) if a.kind in ("end", "pass"))
    chooser.point_list(last)  # the player put the highlight there
    assert chooser.show(chooser.at()) is False  # same rows: nothing to refill
    assert chooser.index == last
    fresh, _c = chooser_at(c.state)  # the same list shown afresh: not there
    assert fresh.index != last


def test_enter_on_a_table_row_takes_what_the_line_names():
    """The Board's areas and the Hand's cards, each row in turn with the table's focus:
    one move is named and taken, several are counted and listed, none says why."""
    chooser, _c = chooser_at(started(2, 1), None)
    pos = chooser.at()
    me = pos.view["viewer"]
    assert me is not None
    chooser.focus_on("hand")
    for card in pos.view["players"][me]["hand"] or []:
        chooser.point_row("hand", str(card["uid"]))
        moves = chooser.enter_moves()
        if moves:
            assert len(moves) == 1 and chooser.highlighted() == moves[0]
            assert chooser.enter_text() == pos.labels[moves[0].key]
        else:
            assert chooser.enter_text() == f"nothing here: {pos.refusals.card(card)}"
    chooser.focus_on("areas")
    for aid in sorted({str(a.args[0]) for a in pos.legal if a.kind in ("area", "copy")}):
        chooser.point_row("areas", aid)
        moves = chooser.enter_moves()
        assert moves and all(a.args[0] == aid for a in moves)
        said = chooser.enter_text()
        if len(moves) == 1:
            assert said == pos.labels[moves[0].key]
        else:
            assert said == f"{len(moves)} ways: Enter lists them"
    chooser.point_row("areas", "Q")
    if not chooser.enter_moves():
        assert chooser.enter_text() == f"nothing here: {pos.refusals.area('Q')}"
