"""Final scoring and the result."""

from __future__ import annotations

from typing import Any

from ...core import rank_by
from ..model import data as D
from ..model.constants import SOLO_LINES
from ..model.fields import StateFields
from . import map_queries as MQ
from . import queries as Q


def elements(s: StateFields, seat: int) -> dict[str, int]:
    """The counts the Prosperity tracks score."""
    P = s.p[seat]
    return {
        "terrain": len(P.tiles),
        "rabbits": len(P.rabbits),
        "roads": len(P.roads),
        "properties": len(P.props),
        "automated": Q.automated(s, seat),
        "industry_points": P.ip,
    }


def breakdown(s: StateFields, seat: int) -> dict[str, Any]:
    d = D.load()
    P = s.p[seat]
    counts = elements(s, seat)
    pros = 0
    for i, t in enumerate(d.prosperity):
        vp, per = 0, 1
        for frm, v, p in t["rates"]:
            if P.prosp[i] >= frm:
                vp, per = v, p
        pros += counts[t["element"]] * vp // per
    sets = 0
    sb = d.player["set_bonus"]
    if P.rows["tent"] == 5:
        sets += sb["tent"]["vp"] * len(P.rabbits)
    if P.rows["house"] == 5:
        sets += sb["house"]["vp"] * P.cp
    if P.rows["building"] == 5:
        sets += sb["building"]["vp"] * P.ip
    ports = MQ.connected_ports(s, seat)
    parts = {
        "in_game": P.vp,
        "prosperity": pros,
        "city_points": d.board["city_point_vp"] * P.cp,
        "property_sets": sets,
        "gold": P.res["gold"] // d.board["gold_per_vp"],
        "diamonds": P.res["diamond"],
        "ports": d.board["port_vp"][min(ports, 4)],
        "milestones": d.board["milestone_vp"] * len(P.milestones),
        "final_tiles": final_tile_vp(s, seat),
    }
    parts["total"] = sum(parts.values())
    return parts


def final_tile_vp(s: StateFields, seat: int) -> int:
    d = D.load()
    total = 0
    for tid in s.final_tiles:
        tile = d.final_tiles[tid]
        vals = [Q.count(s, i, {"per": tile["measure"]}) for i in range(s.n)]
        total += place_vp(vals, tile["neutral"], d.board["final_tile_vp"])[seat]
    return total


def result(s: StateFields) -> dict[str, Any]:
    parts = [breakdown(s, i) for i in range(s.n)]
    scores = [p["total"] for p in parts]
    rabbits = [len(P.rabbits) for P in s.p]
    ranking = rank_by((i, (scores[i], rabbits[i])) for i in range(s.n))
    by_score = rank_by((i, scores[i]) for i in range(s.n))
    if len(by_score[0]) == 1:
        tie = "none needed: the best score is not shared"
    elif len(ranking[0]) == 1:
        tie = "Cookie Rabbits on the map: the tied player with the most ranks higher"
    else:
        tie = "Cookie Rabbits did not separate the leaders: they share the victory"
    out: dict[str, Any] = {
        "scores": scores,
        # the VP already on the score track: what a chart of the game so far plots (the
        # final scoring, ports included, is only counted at the end; README "Records")
        "in_play": [p["in_game"] for p in parts],
        "breakdown": parts,
        "ranking": ranking,
        "winners": ranking[0],
        "tie_break": tie,
        # the ranking table'i columns (heading, breakdown key); the score is the total
        "summary": [
            ["In-game", "in_game"],
            ["Prosp.", "prosperity"],
            ["City", "city_points"],
            ["Sets", "property_sets"],
            ["Gold", "gold"],
            ["Diam.", "diamonds"],
            ["Ports", "ports"],
            ["Milest.", "milestones"],
            ["Final", "final_tiles"],
        ],
    }
    if s.solo:
        i = scores[0]
        out["solo_title"] = next((title for vp, title, _ in SOLO_LINES if i > vp), None)
    return out


def place_vp(values, neutral, prizes):
    """15/7 for 1st/2nd with a virtual neutral player who never scores."""
    first, second = prizes
    allv = list(values) + [neutral]
    top = max(allv)
    at_top = [i for i, v in enumerate(allv) if v == top]
    out = [0] * len(values)
    for i in at_top:
        if i < len(values):
            out[i] = first
    if len(at_top) == 1:
        rest = [v for v in allv if v < top]
        if rest:
            nxt = max(rest)
            for i, v in enumerate(values):
                if v == nxt:
                    out[i] = second
    return out
