"""What each seat sees: ``view(seat)``, the whole game as one seat may know it.

Other seats' hands are counts only; the viewer's own hand carries each card's play
cost. A view holds facts, no prose: costs, gains, refusals, rates and standings are
the explainer's (explainer.py), asked for the one thing a screen draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..model import data as D
from ..model.constants import ACTION
from ..model.fields import StateFields
from ..model.view_types import (
    CardView,
    CharacterRow,
    MapSide,
    MilestoneTile,
    PendingView,
    PlayerView,
    SetupView,
    SweetLandsView,
)
from ..moves import characters as C
from ..moves import variants as V


def view(s: StateFields, seat: int | None) -> SweetLandsView:
    d = D.load()
    players = [_player_view(s, i, seat == i) for i in range(s.n)]
    # read by key: the pending step may be of any kind
    top: Mapping[str, Any] | None = s.stack[-1] if s.stack else None
    out: SweetLandsView = {
        "game": "sweet-lands",
        "viewer": seat,
        "options": dict(s.options),
        "round": s.round,
        "phase": s.phase,
        "turn": s.turn,
        "start": s.start,
        "over": s.is_over,
        "main_done": s.main_done,
        "main_action": main_action(s),
        "cards_kept": Q.cards_kept(s),  # cards that must stay in hand this round
        "pending": _pending(top) if top else None,
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
        "turn_order": None,
    }
    out.update(V.view(s, seat))  # F hook: the viewer's own draft pack only
    out.update(setup_view(s))  # F hook: characters and map sides while choosing
    return out


def main_action(s: StateFields) -> str | None:
    """Where the seat on turn is with its main action (see SweetLandsView)."""
    if s.phase != ACTION:
        return None
    if s.p[s.turn].passed:
        return "passed"
    if s.stack and s.main_open:
        return "under way"  # the main action's own steps: its costs, then its effects
    return "done" if s.main_done else "to do"


def _pending(top: Mapping[str, Any]) -> PendingView:
    """The pending step's name, seat and counters (the keys a frame of its kind has)."""
    out: PendingView = {"op": top["op"], "seat": top["seat"]}
    for k in ("n", "t", "r", "type", "colour", "area", "uid", "paid"):
        if k in top:
            out[k] = top[k]
    return out


def _player_view(s: StateFields, seat: int, mine: bool) -> PlayerView:
    d = D.load()
    P = s.p[seat]
    cities = sorted(sorted(c) for c in MQ.cities(s, seat)) if P.map else []
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
                # to_dict() is the printed card: a CardView with its uid and price
                cast(
                    CardView,
                    d.cards[d.deck[u]].to_dict() | {"uid": u, "play_cost": Q.card_cost(s, seat, u)},
                )
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
        "cities": len(cities),
        "city_hexes": cities,
        "connected_ports": MQ.connected_ports(s, seat) if P.map else 0,
        "tags": Q.tags(s, seat),
        "column_limits": Q.column_limits(s, seat),
        "extra": C.view_extra(s, seat),  # F hook
    }


def milestone_tiles(s: StateFields) -> list[MilestoneTile]:
    """Each milestone in play: the side dealt face up, which sides count (both unless
    the "face_up" option is set) and who claimed it (its conditions: the explainer)."""
    either = s.options.get("milestones", "either") != "face_up"
    return [
        {
            "id": m,
            "face_up": side,
            "counting": ["a", "b"] if either else [side],
            "claimed_by": s.ms_claimed.get(m),
        }
        for m, side in s.milestones
    ]


# ---------------------------------------------------------------- setup
def character_table(s: StateFields) -> list[CharacterRow]:
    """Every character with its board, start and income, and whether it can still be
    chosen (its abilities and Clock Tower condition: the explainer's)."""
    d = D.load()
    gone = C.unavailable(s)
    out: list[CharacterRow] = []
    for cid, c in d.characters.items():
        out.append(
            {
                "id": cid,
                "name": c["name"],
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


def setup_view(s: StateFields) -> SetupView:
    """During setup: the character table and a preview of every map side."""
    if s.phase != "setup":
        return {}
    d = D.load()
    taken = {p.map for p in s.p if p.map}
    maps: list[MapSide] = [
        {
            "id": mid,
            "name": m.name,
            "preview": map_preview(m),
            "available": mid == "A" or mid not in taken,
        }
        for mid, m in d.maps.items()
    ]
    return {"characters": character_table(s), "maps": maps}
