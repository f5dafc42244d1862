"""Board queries: pure facts about a seat's pieces (counts, costs, legal spots)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any

from ...core.text import counted
from ..model import data as D
from ..model.constants import COLUMN_OF_TAG, PROPERTY_OF_COLUMN
from ..model.fields import StateFields
from . import economy as EC
from . import map_queries as MQ
from . import skills as SK


def tags(s: StateFields, seat: int, exclude_uid: int | None = None) -> dict[str, int]:
    d = D.load()
    P = s.p[seat]
    out = {t: 0 for t in D.TAGS}
    for uid in P.played + [u for c in P.columns.values() for u in c]:
        if uid == exclude_uid:
            continue
        for t in d.cards[d.deck[uid]].tags:
            out[t] += 1
    P.role.add_tags(out)  # Sena's every tag, Sakura's Wagashi tag
    return out


# From this round on no card must stay in hand (before it, one must).
FREE_HAND_ROUND = 5


def cards_kept(s: StateFields) -> int:
    """Cards that must stay in hand: 1 in rounds 1-4 (and during setup), 0 in round 5."""
    return 0 if s.round >= FREE_HAND_ROUND else 1


def played_count(s: StateFields, seat: int) -> int:
    P = s.p[seat]
    return len(P.played) + sum(len(c) for c in P.columns.values())


def automated(s: StateFields, seat: int) -> int:
    return sum(len(c) for c in s.p[seat].columns.values())


def column_limit(s: StateFields, seat: int, colour: str) -> int:
    d = D.load()
    kind = PROPERTY_OF_COLUMN[colour]
    built = sum(1 for t in s.p[seat].props.values() if t == kind)
    lim = 1
    for need, limit in d.player["columns"]["limits"]:
        if built >= need:
            lim = limit
    return lim + SK.column_bonus(s, seat)  # F hook: advanced tile 111


def ip_icons(s: StateFields, seat: int) -> int:
    d = D.load()
    P = s.p[seat]
    total = sum(d.industry[i][2] for i in range(1, P.carriage + 1))
    if P.loco is not None:
        total += sum(d.industry[i][2] for i in range(1, P.loco + 1))
    return total


def terrain_counts(s: StateFields, seat: int) -> dict[str, int]:
    """Tiles of each terrain type, shared: read it, never change it (kept with the
    tiles it was counted from, as milestone tests ask often; see recall)."""
    P = s.p[seat]
    facts = (len(P.tiles),)
    out = P.recall("terrain_counts", P.tiles, facts)
    if out is None:
        out = {t: 0 for t in D.TERRAIN}
        for kind, _ in P.tiles.values():
            if kind in out:
                out[kind] += 1
        P.remember("terrain_counts", P.tiles, facts, out)
    return out


def count(s: StateFields, seat: int, spec: Mapping[str, Any], ip_this_pass: int = 0) -> int:
    """The value a pass/VP formula counts (see the data files): COUNTS by its ``per``."""
    counter = COUNTS.get(spec["per"])
    if counter is None:
        raise ValueError(f"unknown count {spec['per']!r}")
    return counter(s, seat, spec, ip_this_pass)


def _perimeter_terrain(s: StateFields, seat: int, spec: Mapping[str, Any], ip: int) -> int:
    m = MQ.map_board(s, seat)
    return sum(1 for h in s.p[seat].tiles if h in m.perimeter)


CountRule = Callable[[StateFields, int, Mapping[str, Any], int], int]
# what each ``per`` of a formula counts for a seat (``ip``: IP gained by this pass)
COUNTS: dict[str, CountRule] = {
    "cities": lambda s, seat, spec, ip: len(MQ.cities(s, seat)),
    "played_cards": lambda s, seat, spec, ip: played_count(s, seat),
    "most_terrain_type": lambda s, seat, spec, ip: max(terrain_counts(s, seat).values()),
    "connected_ports": lambda s, seat, spec, ip: MQ.connected_ports(s, seat),
    "lowest_basic_income": lambda s, seat, spec, ip: min(s.p[seat].inc[r] for r in D.BASIC),
    "highest_basic_income": lambda s, seat, spec, ip: max(s.p[seat].inc[r] for r in D.BASIC),
    "columns_min": lambda s, seat, spec, ip: min(len(c) for c in s.p[seat].columns.values()),
    "food": lambda s, seat, spec, ip: s.p[seat].food,
    "ip_this_pass": lambda s, seat, spec, ip: ip,
    "tag": lambda s, seat, spec, ip: tags(s, seat)[spec["tag"]],
    "automated": lambda s, seat, spec, ip: automated(s, seat),
    "skills": lambda s, seat, spec, ip: len(s.p[seat].skills),
    "property": lambda s, seat, spec, ip: sum(
        1 for t in s.p[seat].props.values() if t == spec["kind"]
    ),
    "terrain_of": lambda s, seat, spec, ip: terrain_counts(s, seat)[spec["kind"]],
    "roads": lambda s, seat, spec, ip: len(s.p[seat].roads),
    "rabbits": lambda s, seat, spec, ip: len(s.p[seat].rabbits),
    "perimeter_terrain": _perimeter_terrain,
    "most_tag": lambda s, seat, spec, ip: max(tags(s, seat).values()),  # F: further tiles
}


def formula_vp(s: StateFields, seat: int, spec: Mapping[str, Any], ip_this_pass: int = 0) -> int:
    value = count(s, seat, spec, ip_this_pass)
    if "steps" in spec:
        vp = 0
        for need, got in spec["steps"]:
            if value >= need:
                vp = got
        return vp
    return spec["vp"] * (value // spec.get("every", 1))


def milestone_met(s: StateFields, seat: int, mid: Any) -> bool:
    """Either printed condition qualifies; with the "face_up" milestone option only
    the side dealt face up counts (see RULINGS.md)."""
    tile = D.load().milestones[mid]
    for side in milestone_sides(s, mid):  # noqa: SIM110 (a loop: no generator made)
        if test(s, seat, tile[side]):
            return True
    return False


def milestone_sides(s: StateFields, mid: Any) -> tuple[str, ...]:
    """The sides of milestone ``mid`` whose conditions qualify (milestone_met)."""
    if s.options.get("milestones", "either") == "face_up":
        return (dict(s.milestones)[mid],)
    return ("a", "b")


@cache
def milestone_reads(mid: Any, sides: tuple[str, ...]) -> Callable[[Any], Any]:
    """What milestone_met reads of the seat's record for these sides of ``mid``: a
    getter of those fields (TEST_READS), whose value the turn menu keeps a result
    with (turn_checks.milestones_met)."""
    tile = D.load().milestones[mid]
    fields = [f for side in sides for f in TEST_READS[tile[side]["test"]]]
    return attrgetter(*dict.fromkeys(fields))


@cache
def milestones_reads(dealt: tuple[tuple[Any, str], ...], face_up: bool) -> Callable[[Any], Any]:
    """What milestone_met reads of the seat's record for every milestone ``dealt``
    ((milestone, side face up) pairs; both sides count unless ``face_up``): one
    getter of all those fields (turn_checks.milestones_met keeps its whole answer
    with their values)."""
    tiles = D.load().milestones
    fields = [
        f
        for mid, dealt_side in dealt
        for side in ((dealt_side,) if face_up else ("a", "b"))
        for f in TEST_READS[tiles[mid][side]["test"]]
    ]
    if not fields:  # none dealt (solo): nothing read
        return _reads_nothing
    return attrgetter(*dict.fromkeys(fields))


def _reads_nothing(record: Any) -> tuple[()]:
    return ()


def test(s: StateFields, seat: int, cond: Mapping[str, Any]) -> bool:
    """Milestone and Clock Tower conditions."""
    return measure(s, seat, cond) >= cond.get("n", 1)


def measure(s: StateFields, seat: int, cond: Mapping[str, Any]) -> int:
    """What a milestone or Clock Tower condition compares with its number."""
    measure = _TESTS.get(cond["test"])
    if measure is None:
        raise ValueError(f"unknown test {cond['test']!r}")
    return measure(s, seat, cond)


# ------------------------------------------------------------------ costs


def rikka_splits(
    s: StateFields, seat: int, aid: str, minus: Mapping[str, int] | None = None
) -> list[int]:
    """The amounts of wood Rikka Berry may pay in place of the wheat of area
    ``aid``, the wheat-first amount first; [] for anyone else or any other area."""
    if not rikka_area(s, seat, aid):
        return []
    cost = EC.merge(area_cost(s, seat, aid), minus or {})
    wheat = cost.get("wheat", 0)
    res = s.p[seat].res
    spare_wood = res["wood"] - cost.get("wood", 0)
    low = max(0, wheat - res["wheat"])
    if low > spare_wood:
        return []
    return [low] + [k for k in range(wheat + 1) if k != low and low <= k <= spare_wood]


def area_cost(s: StateFields, seat: int, aid: str) -> dict[str, int]:
    """An area's resource cost for this seat (a fresh dict the caller may change)."""
    return dict(area_costs(s, seat)[aid])


def area_costs(s: StateFields, seat: int) -> dict:
    """Every area's cost for this seat, shared: read it, never change it. Costs
    depend only on the character (Nata) and the skill tiles (113/114), so one
    table serves every state with those."""
    P = s.p[seat]
    key = (P.role.iron_discount, tuple(P.skills))
    table = _COST_TABLES.get(key)
    if table is None:
        table = _COST_TABLES[key] = {aid: _area_cost_now(s, seat, aid) for aid in D.load().areas}
    return table


def _area_cost_now(s: StateFields, seat, aid):
    cost = dict(_area_costs(aid, s.p[seat].role.iron_discount))
    # F hook: advanced tiles 113/114 replace the cost of area D / A
    new = SK.area_cost(s, seat, aid, cost)
    return cost if new is cost else {k: v for k, v in new.items() if v}


def rikka_area(s: StateFields, seat: int, aid: str) -> bool:
    return s.p[seat].role.wood_for_wheat and aid in _rabbit_areas()


def token_cost(s: StateFields, seat: int, kind: str) -> dict[str, int]:
    P = s.p[seat]
    return dict(_token_price(kind, _token_level(P, kind), P.discount))


def token_kinds(s: StateFields, seat: int) -> list[str]:
    """Property tokens still on the player's boards, as choosable kinds."""
    P = s.p[seat]
    out = [k for k in D.ROW_TYPES if P.rows[k] < 5]
    out += [f"shop-{c}" for c in P.shops]
    if P.labs < 4:
        out.append("lab")
    return out


def token_costs(s: StateFields, seat: int) -> tuple[tuple[str, dict], ...]:
    """token_kinds with the cost of each, shared: read them, never change them."""
    P = s.p[seat]
    rows = P.rows
    return _token_table(
        (rows["tent"], rows["house"], rows["building"]), tuple(P.shops), P.labs, P.discount
    )


def automate_columns(s: StateFields, seat: int, uid: int) -> list[str]:
    """The columns a played card may be automated into (by its industry tag)."""
    card = D.load().cards[D.load().deck[uid]]
    if card.industry == "wild":
        return list(D.COLOURS)
    colour = COLUMN_OF_TAG.get(card.industry)
    return [colour] if colour else []


def automate_refusal(s: StateFields, seat: int, uid: int, colour: str) -> str | None:
    """Why the card cannot go into ``colour``'s column now; None if it can."""
    if colour not in automate_columns(s, seat, uid):
        return f"This card cannot be automated into the {colour} column."
    P = s.p[seat]
    if P.res["diamond"] < 1:
        return "Automating costs 1 diamond, you have none."
    limit = column_limit(s, seat, colour)
    if len(P.columns[colour]) >= limit:
        kind = PROPERTY_OF_COLUMN[colour]
        return (
            f"The {colour} column is full ({counted(limit, 'card')}); more {kind}s raise its limit."
        )
    return None


def column_limits(s: StateFields, seat: int) -> dict[str, Any]:
    """Each industry column's current limit, and how many more properties of its
    type raise it next (None at the top)."""
    d = D.load()
    out = {}
    for colour, kind in PROPERTY_OF_COLUMN.items():
        built = sum(1 for t in s.p[seat].props.values() if t == kind)
        nxt = [need - built for need, _lim in d.player["columns"]["limits"] if need > built]
        out[colour] = {
            "cards": len(s.p[seat].columns[colour]),
            "limit": column_limit(s, seat, colour),
            "property": kind,
            "more_for_next": nxt[0] if nxt else None,
        }
    return out


def card_cost(s: StateFields, seat: int, uid: int) -> int:
    d = D.load()
    card = d.cards[d.deck[uid]]
    cost = card.cost
    if card.brownie or SK.brownie_for_all(s, seat):  # F hook: tile 30
        cost -= tags(s, seat, exclude_uid=uid)["brownie"]
    return max(0, cost)


def rabbit_ready(s: StateFields, seat: int) -> bool:
    d = D.load()
    P = s.p[seat]
    return P.rabbits_taken < 9 and P.food >= d.player["food"]["rabbit_at"][P.rabbits_taken]


def pros_movable(s: StateFields, seat: int, colour: str | None = None) -> list[int]:
    d = D.load()
    P = s.p[seat]
    out = []
    for i, t in enumerate(d.prosperity):
        if colour and t["colour"] != colour:
            continue
        pos = P.prosp[i]
        if pos >= t["length"]:
            continue
        if pos + 1 == t["length"] and P.res["diamond"] < 1:
            continue
        out.append(i)
    return out


def marker_can_move(s: StateFields, seat: int, marker: str) -> bool:
    d = D.load()
    P = s.p[seat]
    pos = P.carriage if marker == "carriage" else P.loco
    if pos is None:
        return False
    if pos == len(d.industry) - 1:
        return True
    labs_after = d.player["industry"]["labs_after"]
    for k in range(P.labs, 4):  # noqa: SIM110 (a loop: no generator made; the area menu asks)
        if labs_after[k] == pos:
            return False
    return True


def _token_level(P, kind) -> int:
    """What a token's price depends on: tokens taken from its row, or labs taken."""
    if kind in D.ROW_TYPES:
        return P.rows[kind]
    return P.labs if kind == "lab" else 0


@cache
def _token_price(kind, level, discount) -> dict:
    """The price of the next token of ``kind`` (shared: copy it before changing it)."""
    d = D.load()
    if kind in D.ROW_TYPES:
        cost = dict(d.rows[level]["cost"])
    elif kind.startswith("shop-"):
        cost = dict(d.shops[kind[5:]])
    elif kind == "lab":
        cost = dict(d.player["industry"]["lab_costs"][level])
    else:
        return {}
    if "wood" in cost:
        cost["wood"] = max(0, cost["wood"] - discount)
    return {k: v for k, v in cost.items() if v}


@lru_cache(maxsize=4096)
def _token_table(rows, shops, labs, discount) -> tuple[tuple[str, dict], ...]:
    """(kind, price) of each token still on a player's boards: ``rows`` holds the
    tokens taken per row type (in ROW_TYPES order), ``shops`` the shops left."""
    kinds = [k for k, taken in zip(D.ROW_TYPES, rows, strict=True) if taken < 5]
    kinds += [f"shop-{c}" for c in shops]
    if labs < 4:
        kinds.append("lab")
    levels = dict(zip(D.ROW_TYPES, rows, strict=True)) | {"lab": labs}
    return tuple((k, _token_price(k, levels.get(k, 0), discount)) for k in kinds)


# (iron discount (Nata)?, skill tiles) -> {area: cost}; a few dozen tables at most in any run.
_COST_TABLES: dict[tuple, dict] = {}


@cache
def _area_costs(aid, iron_discount):
    # Nata Pastel pays 1 iron less on areas that advance the Industry track.
    d = D.load()
    cost = dict(d.areas[aid]["cost"])
    if iron_discount and any(op == "industry" for op, _ in d.areas[aid]["effect"]):
        cost["iron"] = max(0, cost.get("iron", 0) - 1)
    return {k: v for k, v in cost.items() if v}


@cache
def _rabbit_areas():
    return frozenset(
        a for a, ar in D.load().areas.items() if any(op == "rabbit" for op, _ in ar["effect"])
    )


def _terrain_of(s, seat, cond):
    counts = terrain_counts(s, seat)
    total = 0
    for k in cond["types"]:  # a loop: no generator made (milestone tests ask often)
        total += counts[k]
    return total


# Milestone and Clock Tower condition -> the value it compares with its "n".
_TESTS = {
    "terrain_types": _terrain_of,
    "properties": lambda s, seat, c: len(s.p[seat].props),
    "connected_ports": lambda s, seat, c: MQ.connected_ports(s, seat),
    "food": lambda s, seat, c: s.p[seat].food,
    "wonders": lambda s, seat, c: s.p[seat].wonders,
    "played_cards": lambda s, seat, c: played_count(s, seat),
    "tag": lambda s, seat, c: tags(s, seat)[c["tag"]],
    "gold_income": lambda s, seat, c: s.p[seat].inc["gold"],
    "prosperity_colour_max": lambda s, seat, c: max(
        s.p[seat].prosp[i] + s.p[seat].prosp[i + 1] for i in (0, 2, 4)
    ),
    "industry_advance": lambda s, seat, c: max(s.p[seat].carriage, s.p[seat].loco or 0),
    "vp": lambda s, seat, c: s.p[seat].vp,
    "cities": lambda s, seat, c: len(MQ.cities(s, seat)),
    "skills": lambda s, seat, c: len(s.p[seat].skills),
    "rabbits": lambda s, seat, c: len(s.p[seat].rabbits),
}


# The fields of the seat's record (PlayerState) each test of _TESTS reads, directly or
# through the queries it asks; nothing else of the state, and the printed data only.
# A move replaces a container it changes (copy on write), so equal values of these
# fields give the same measure.
TEST_READS: dict[str, tuple[str, ...]] = {
    "terrain_types": ("tiles",),
    "properties": ("props",),
    "connected_ports": ("map", "tiles"),
    "food": ("food",),
    "wonders": ("wonders",),
    "played_cards": ("played", "columns"),
    "tag": ("played", "columns", "role"),
    "gold_income": ("inc",),
    "prosperity_colour_max": ("prosp",),
    "industry_advance": ("carriage", "loco"),
    "vp": ("vp",),
    "cities": ("props", "role", "tower", "map"),
    "skills": ("skills",),
    "rabbits": ("rabbits",),
}
assert TEST_READS.keys() == _TESTS.keys()


# Effect ops that can find nothing to act on (no spot, no marker or track that can
# move, no rabbit in reach); every other op always does something.
BLOCKABLE_OPS = frozenset({"terrain", "road", "terrain_road", "rabbit", "industry", "prosperity"})


@cache
def area_needs() -> dict[str, str]:
    """Areas whose use needs more than their price and hand cost: "copy" for the
    areas that copy others, "property" for those that place property tokens,
    "effect" for those whose every part may find nothing to act on."""
    out = {}
    for aid, area in D.load().areas.items():
        ops = {op for op, _v in area["effect"]}
        if area["copy"]:
            out[aid] = "copy"
        elif "property" in ops:
            out[aid] = "property"
        elif ops and ops <= BLOCKABLE_OPS:
            out[aid] = "effect"
    return out
