"""The gains the explainer gives for Industry marker and Prosperity track moves, and the
screen's labels for those moves, which read them from the explainer's answer."""

from rules.core import Explanation, Line
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import setup_tools as tools
from tabletop_tui.games.sweet_lands.labels import label_for

from .helpers import EXPLAINER, edit, explained_moves, started

DATA = D.load()


def explained(s, seat=0):
    return {m["key"]: m for m in explained_moves(s, seat)}


def marker_step(carriage, loco):
    """Seat 0 to advance an Industry marker, the Carriage and the Locomotive where given."""
    s = edit(started(2))
    s.p[0].carriage, s.p[0].loco = carriage, loco
    s.p[0].labs = 4  # no Research Lab space holds a marker back
    s.stack.append({"op": "industry", "seat": 0, "n": 1})
    tools.settle(s)
    return s


def test_marker_gains_name_the_space_its_bonus_and_ip_icons():
    s = marker_step(1, 3)  # the Carriage to 2 (green: no bonus), the Locomotive to 4 (orange)
    moves = explained(s)
    assert moves['0:marker:["carriage"]']["gains"] == ["space 2", "1 IP icon"]
    assert moves['0:marker:["loco"]']["gains"] == ["space 4", "1 IP icon"]
    s = marker_step(0, 1)  # the Carriage to 1 (orange: its bonus), the Locomotive to 2 (green)
    moves = explained(s)
    assert moves['0:marker:["carriage"]']["gains"] == ["space 1", "gain 2 iron"]
    assert moves['0:marker:["loco"]']["gains"] == ["space 2", "gain 5 gold", "1 IP icon"]


def test_marker_gains_past_the_end_are_what_the_move_scores():
    last = len(DATA.industry) - 1
    s = marker_step(last, 0)
    key = '0:marker:["carriage"]'
    assert explained(s)[key]["gains"] == ["1 VP (past the end of the track)"]
    after = s.apply(next(a for a in s.legal_actions(0) if a.key == key))
    assert after.p[0].vp == s.p[0].vp + DATA.player["end_of_industry_vp"] == s.p[0].vp + 1


def test_track_gains_name_the_space_its_bonus_and_the_first_end_bonus():
    s = edit(started(2))
    s.p[0].res["diamond"] = 1
    s.p[0].prosp = [1, 0, 0, 0, 0, 0]
    tools.effect(s, 0, "prosperity", 1)
    tools.settle(s)
    stays = "rate stays 1 VP per 3 terrain tiles"
    assert explained(s)["0:track:[0]"]["gains"] == ["space 2", stays, "gain 3 gold"]
    s.p[0].prosp = [4, 0, 0, 0, 0, 0]
    first = explained(s)["0:track:[0]"]
    rises = "rate rises to 1 VP per terrain tile"
    assert first["gains"] == ["space 5", rises, "place 2 terrain tiles", "4 VP"]
    assert first["cost"] == {"diamond": 1}
    s.pros_first = [1, None, None, None, None, None]  # another seat got there first
    assert explained(s)["0:track:[0]"]["gains"] == ["space 5", rises]


def test_each_prosperity_step_says_the_vp_rate_it_reaches_in_words():
    s = edit(started(2))
    s.p[0].res["diamond"] = 1
    tools.effect(s, 0, "prosperity", 1)
    tools.settle(s)
    said = explained(s)
    assert "rate rises to 1 VP per 3 terrain tiles" in said["0:track:[0]"]["gains"]
    assert "rate rises to 1 VP per 2 roads" in said["0:track:[2]"]["gains"]
    s.p[0].prosp = [2, 0, 0, 0, 0, 0]
    assert "rate rises to 1 VP per 2 terrain tiles" in explained(s)["0:track:[0]"]["gains"]


def test_marker_and_track_labels_show_the_gains_of_the_explainer():
    s = marker_step(0, 1)
    v = s.view(0)
    marker = next(a for a in s.legal_actions(0) if a.key == '0:marker:["loco"]')
    told = EXPLAINER.action(s, 0, marker)
    assert label_for(marker, v, told) == "Advance the Locomotive: space 2, gain 5 gold, 1 IP icon"
    # the label follows the explainer, not the data files
    said = Explanation(told.title, (Line("what the engine says", kind="gain"),))
    assert label_for(marker, v, said) == "Advance the Locomotive: what the engine says"
    s = edit(started(2))
    tools.effect(s, 0, "prosperity", 1)
    tools.settle(s)
    v = s.view(0)
    track = next(a for a in s.legal_actions(0) if a.key == "0:track:[0]")
    name = f"Prosperity {DATA.prosperity[0]['id']} (terrain)"
    rate = "rate rises to 1 VP per 3 terrain tiles"
    assert label_for(track, v, EXPLAINER.action(s, 0, track)) == f"{name}: space 1, {rate}"
    said = Explanation("", (Line("diamond", -1, "diamond", kind="cost"), Line("X", kind="gain")))
    assert label_for(track, v, said) == f"{name}: X - pays 1 diamond"
