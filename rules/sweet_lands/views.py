"""What each seat sees: ``view(seat)``, the whole game as one seat may know it.

Other seats' hands are counts only; the viewer's own hand carries each card's play
cost, and ``explain`` (explain.py) the costs, gains and refusals of the viewer's moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import characters as C
from . import data as D
from . import explain as E
from . import map_queries as MQ
from . import queries as Q
from . import variants as V
from .fields import StateFields
from .steps import describe_effect
from .story import condition_words


def view(s: StateFields, seat: int | None) -> dict:
    d = D.load()
    players = [_player_view(s, i, seat == i) for i in range(s.n)]
    # read by key: the pending step may be of any kind
    top: Mapping[str, Any] | None = s.stack[-1] if s.stack else None
    return {
        "game": "sweet-lands",
        "viewer": seat,
        "options": dict(s.options),
        "round": s.round,
        "phase": s.phase,
        "turn": s.turn,
        "start": s.start,
        "over": s.is_over,
        "main_done": s.main_done,
        "cards_kept": Q.cards_kept(s),  # cards that must stay in hand this round
        "pending": (
            {
                k: top[k]
                for k in ("op", "seat", "n", "t", "r", "type", "colour", "area", "uid", "paid")
                if k in top
            }
            | (
                {"parts": [describe_effect(op, v) for op, v in top["parts"]]}
                if "parts" in top
                else {}
            )
            if top
            else None
        ),
        "areas": {a: [("mio" if o == "mio" else o) for o in occ] for a, occ in s.occ.items()},
        "opened": sorted(s.opened),
        "deck_count": len(s.deck),
        "discard": [d.deck[u] for u in s.discard],
        "skill_supply": {str(k): v for k, v in s.skill_supply.items()},
        "special_tiles": list(s.specials),
        "round_aid": [{"standard": list(st), "pass": ps} for st, ps in s.aid_spaces],
        "mio_aid": s.mio_aid,
        "milestones": [[m, side, s.ms_claimed.get(m)] for m, side in s.milestones],
        "milestone_tiles": milestone_tiles(s),
        "final_tiles": list(s.final_tiles),
        "prosperity_first": list(s.pros_first),
        "solo": (
            {
                "a_left": len(s.solo_a),
                "b_left": len(s.solo_b),
                "shown": list(s.solo_shown),
            }
            if s.solo
            else None
        ),
        "players": players,
        **V.view(s, seat),  # F hook: the viewer's own draft pack only
        **setup_view(s),  # F hook: characters and map sides while choosing
        "final_standings": E.final_standings(s),
        "advanced_costs": E.advanced_costs(s),  # the Advanced Skill Tiles on show
        "solo_verdict": E.solo_verdict(s),
        "explain": _explain_for(s, seat),
    }


def _player_view(s: StateFields, seat: int, mine: bool) -> dict:
    d = D.load()
    P = s.p[seat]
    return {
        "seat": seat,
        "name": s.players[seat],
        "character": P.char,
        "map": P.map,
        "resources": dict(P.res),
        "income": dict(P.inc),
        "hand_count": len(P.hand),
        "hand": (
            [
                d.cards[d.deck[u]].to_dict() | {"uid": u, "play_cost": Q.card_cost(s, seat, u)}
                for u in P.hand
            ]
            if mine
            else None
        ),
        "token_costs": {k: Q.token_cost(s, seat, k) for k in Q.token_kinds(s, seat)},
        "played": [d.deck[u] for u in P.played],
        "columns": {c: [d.deck[u] for u in v] for c, v in P.columns.items()},
        "tiles": {str(h): [k, f] for h, k_f in sorted(P.tiles.items()) for k, f in [k_f]},
        "roads": sorted(P.roads),
        "properties": {str(h): t for h, t in sorted(P.props.items())},
        "rabbits": sorted(P.rabbits),
        "extra_draw": sorted(P.eda),
        "rows_taken": dict(P.rows),
        "shops_left": list(P.shops),
        "labs_taken": P.labs,
        "clock_tower": P.tower,
        "carriage": P.carriage,
        "locomotive": P.loco,
        "food": P.food,
        "rabbits_taken": P.rabbits_taken,
        "wood_discount": P.discount,
        "prosperity": list(P.prosp),
        "vp": P.vp,
        "cp": P.cp,
        "ip": P.ip,
        "wonders": P.wonders,
        "skills": list(P.skills),
        "flipped": list(P.flipped),
        "discs": P.discs,
        "aid": P.aid,
        "passed": P.passed,
        "milestones": list(P.milestones),
        "cities": len(MQ.cities(s, seat)) if P.map else 0,
        "connected_ports": MQ.connected_ports(s, seat) if P.map else 0,
        "tags": Q.tags(s, seat),
        "column_limits": Q.column_limits(s, seat),
        "prosperity_rates": E.prosperity_rates(s, seat),
        "extra": C.view_extra(s, seat),  # F hook
    }


def _explain_for(s: StateFields, seat: int | None) -> dict | None:
    """Costs and gains of the viewer's moves and the reasons for what it cannot use
    now (None for the public view and before the seat has a map)."""
    if seat is None or not s.p[seat].map or s.is_over:
        return None
    return {
        "moves": E.moves_explained(s, seat) if seat in s.actors() else [],
        "refusals": E.refusals(s, seat),
        "map": E.map_refusals(s, seat),
        "places": E.map_facts(s, seat),  # roads' hexes and effects, cities, merges
    }


def milestone_tiles(s: StateFields) -> list[dict]:
    """Each milestone in play with both conditions in words, the side dealt face up,
    which sides count (both unless the "face_up" option is set) and who claimed it."""
    d = D.load()
    either = s.options.get("milestones", "either") != "face_up"
    return [
        {
            "id": m,
            "face_up": side,
            "conditions": {k: condition_words(d.milestones[m][k]) for k in ("a", "b")},
            "counting": ["a", "b"] if either else [side],
            "claimed_by": s.ms_claimed.get(m),
        }
        for m, side in s.milestones
    ]


# ---------------------------------------------------------------- setup
def condition_text(cond: dict) -> str:
    """A Clock Tower or milestone condition in words."""
    return condition_words(cond)


def character_table(s: StateFields) -> list[dict]:
    """Every character with its abilities, Clock Tower condition and board, and
    whether it can still be chosen: what the character step shows."""
    d = D.load()
    gone = C.unavailable(s)
    out = []
    for cid, c in d.characters.items():
        conds = ["the first Wonder icon"] + [condition_text(x) for x in c["clock_tower"]]
        out.append(
            {
                "id": cid,
                "name": c["name"],
                "basic": c["basic"],
                "clock_tower": c["tower"],
                "condition": ", ".join(conds),
                "board": f"{c.get('board', '?')}{c.get('side', '')}",
                "start": dict(c["start"]),
                "income": dict(c["income"]),
                "available": cid not in gone,
            }
        )
    return out


LETTERS = {"wheat": "w", "forest": "f", "mine": "m", "sea": "s", "capital": "C"}
LETTERS |= {"special": "X", "eda": "E"}


def map_preview(m: D.MapBoard) -> list[str]:
    """A few lines of letters showing a map side (w f m s terrain, C capital,
    X special hex, E Extra Draw Area, P port, . no hex), odd rows shifted."""
    cols = max(c for c, _r in m.coords) + 1
    rows = max(r for _c, r in m.coords) + 1
    grid = [["."] * cols for _ in range(rows)]
    for h, (c, r) in enumerate(m.coords):
        grid[r][c] = "P" if h in m.ports else LETTERS[m.kinds[h]]
    return [(" " if r % 2 else "") + " ".join(line) for r, line in enumerate(grid)]


def setup_view(s: StateFields) -> dict:
    """During setup: the character table and a preview of every map side."""
    if s.phase != "setup":
        return {}
    d = D.load()
    taken = {p.map for p in s.p if p.map}
    maps = [
        {
            "id": mid,
            "name": m.name,
            "preview": map_preview(m),
            "available": mid == "A" or mid not in taken,
        }
        for mid, m in d.maps.items()
    ]
    return {"characters": character_table(s), "maps": maps}
