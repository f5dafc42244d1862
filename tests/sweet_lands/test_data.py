"""Counts and structures the rulebook states, checked on the substitute data."""

import copy

import pytest

from rules.sweet_lands.model import data as D


@pytest.fixture(scope="module")
def d():
    return D.load()


def test_data_areas_A_to_Q(d):
    main = [a for a in d.area_order if "imitation" not in d.areas[a]]
    assert main == list("ABCDEFGHIJKLMNOPQ")
    cats = [d.areas[a]["category"] for a in main]
    assert (cats.count("basic"), cats.count("special"), cats.count("advanced")) == (6, 6, 5)


def test_data_area_spaces_one_or_three(d):
    assert all(a["spaces"] in (1, 3) for a in d.areas.values())


def test_data_advanced_areas_open_in_rounds_2_and_3(d):
    opens = [d.areas[a]["opens"] for a in "MNOPQ"]
    assert opens.count(2) == 2 and opens.count(3) == 2


def test_data_imitation_boards(d):
    imit = [a for a in d.areas.values() if "imitation" in a]
    assert {a["min_players"] for a in imit} == {3, 4}


def test_data_round_aid_tiles(d):
    assert len(d.aid_standard) == 15 and len(d.aid_pass) == 5
    assert d.board["round_aid"]["tiles_by_players"] == {
        "1": [8, 2],
        "2": [8, 2],
        "3": [9, 3],
        "4": [11, 3],
    }


def test_data_terrain_supply_and_roads(d):
    s = d.board["supply"]
    assert (s["wheat"], s["forest"], s["mine"], s["sea"], s["roads"]) == (60, 52, 52, 28, 105)
    assert len(d.specials) == 6


def test_data_skill_tiles_milestones_final_tiles(d):
    # F: 1-12 the first list, 21-30 the further list, 101-114 the advanced tiles
    assert sorted(d.skills) == [*range(1, 13), *range(21, 31), *range(101, 115)]
    assert len(d.milestones) == 6 and len(d.final_tiles) == 4


def test_data_citizen_deck(d):
    assert len(d.deck) == 207 and len(d.cards) - 1 >= 60
    imm = [c for c in d.cards[1:] if c.kind == "immediate"]
    assert {c.industry for c in imm} == set(D.INDUSTRY_TAGS)
    assert any(c.brownie for c in imm) and any(c.kind == "pass" for c in d.cards[1:])


def test_data_maps(d):
    assert "A" in d.maps and sum(1 for k in d.maps if k.startswith("B")) >= 4
    for m in d.maps.values():
        assert len(m.ports) == 4 and m.capitals and m.edas
        assert sum(1 for k in m.kinds if k == "special") >= 1


def test_data_player_pieces(d):
    p = d.player
    assert p["rabbits"] == 9 and len(d.rows) == 5 and len(d.shops) == 3
    assert len(p["industry"]["labs_after"]) == 4
    lengths = [t["length"] for t in d.prosperity]
    assert all(lengths[i + 1] > lengths[i] for i in (0, 2, 4))
    assert len(d.characters) >= 4


def test_data_solo_cards(d):
    assert len(d.solo_a) == 8 and len(d.solo_b) == 8


def test_data_check_rejects_a_wrong_count():
    board = D.read_table("board.toml")
    bad = copy.deepcopy(board)
    bad["supply"]["wheat"] = 59
    with pytest.raises(D.DataError):
        D.check(
            bad,
            D.read_table("player.toml"),
            D.read_table("maps.toml"),
            D.read_table("cards.toml"),
            D.read_table("solo.toml"),
        )
