"""Solo against Mio after issue 32's recalibration (RULINGS.md, "Solo recalibration"):
Mio's cards block eight spaces a round, and with the project rule ``mio_takes = "cards"``
(off by default) Mio also takes cards from each of the solo player's income draws;
games with rivals never lose any."""

import copy

import pytest

from rules.sweet_lands import OPTIONS
from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import setup_tools as tools

from .helpers import edit, settle, started

DATA = D.load()


def solo(**options):
    """A solo game at its first turn menu (Eline on map A)."""
    s = SPEC.new_game(["Ann"], seed=3, options=options)
    while s.phase == "setup":
        kind = s.stack[-1]["op"]
        pick = {"choose_char": "eline", "choose_map": "A"}.get(kind)
        found = s.find_action(0, "character" if kind == "choose_char" else "map", pick)
        s = s.apply(found if pick and found else s.legal_actions(0)[0])
    return settle(s)


def test_mio_takes_cards_is_a_solo_option_off_by_default():
    opt = OPTIONS["mio_takes"]
    assert opt.default == "nothing" and set(opt.choices) == {"cards", "nothing"} and opt.help
    assert 0 < DATA.mio_takes < DATA.board["later_round_draw"]


def test_solo_first_draw_less_mio_share_and_logged():
    s = solo(mio_takes="cards")
    assert len(s.p[0].hand) == DATA.board["first_round_draw"] - DATA.mio_takes
    assert any("Mio takes" in line for line in s.log_for(0))


def test_solo_printed_draw_by_default():
    s = solo()
    assert len(s.p[0].hand) == DATA.board["first_round_draw"]
    assert not any("Mio takes" in line for line in s.log_for(0))


def test_solo_later_round_draw_less_mio_share():
    s = edit(started(1))
    s.options = {**s.options, "mio_takes": "cards"}
    s.p[0].hand = s.p[0].hand[:1]
    s.p[0].aid, s.p[0].eda = None, set()
    s.round = 2
    tools.queue_income(s, 0)
    tools.settle(s)
    s = settle(s)
    assert len(s.p[0].hand) == 1 + DATA.board["later_round_draw"] - DATA.mio_takes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rivals_draw_as_printed_whatever_the_option(players):
    s = started(players)
    assert [len(p.hand) for p in s.p] == [DATA.board["first_round_draw"]] * players


def test_mio_cards_a_block_basic_spaces_b_special_and_advanced():
    raw = D.read_table("solo.toml")
    cats = {aid: a["category"] for aid, a in DATA.areas.items()}
    for card in raw["a"]:
        assert {cats[area] for area, _ in card["spaces"]} == {"basic"}
    for card in raw["b"]:
        assert {cats[area] for area, _ in card["spaces"]} <= {"special", "advanced"}
    blocked = [(a, i) for a, occ in solo().occ.items() for i, o in enumerate(occ) if o == "mio"]
    # round 1: every space of the A card, and the B card's spaces in open areas
    assert len(blocked) >= len(raw["a"][0]["spaces"])


def check_solo(solo_raw):
    D.check(
        D.read_table("board.toml"),
        D.read_table("player.toml"),
        D.read_table("maps.toml"),
        D.read_table("cards.toml"),
        solo_raw,
    )


def test_data_check_rejects_a_solo_card_naming_a_missing_space():
    bad = copy.deepcopy(D.read_table("solo.toml"))
    bad["a"][0]["spaces"][0] = ["G", 2]  # G has one space
    with pytest.raises(D.DataError, match="solo cards"):
        check_solo(bad)
    bad["a"][0]["spaces"][0] = ["H2", 1]  # an Imitation area: never in solo
    with pytest.raises(D.DataError, match="solo cards"):
        check_solo(bad)


def test_data_check_rejects_mio_taking_a_whole_draw():
    bad = copy.deepcopy(D.read_table("solo.toml"))
    bad["cards_taken"] = DATA.board["later_round_draw"]
    with pytest.raises(D.DataError, match="Mio takes"):
        check_solo(bad)
