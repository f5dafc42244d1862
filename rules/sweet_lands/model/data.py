"""Load and validate the Sweet Lands data (data/*.toml) and build map geometry.

Effects in the data are lists of one-key tables, turned into (op, value) tuples:
  gain {res: n}        take resources (gold, wheat, wood, iron, diamond)
  basic n              take n basic resources of your choice, one at a time
  income {res: n}      raise income tracks;  income_any n: n steps on tracks you choose
  vp n                 victory points;  vp_per {per, ...}: VP from a count (see counts)
  draw n               draw Citizen Cards;  disc n: take Action Discs
  terrain n / road n   place up to n terrain tiles / roads
  terrain_road [t, r]  up to t tiles and up to r roads in any order
  food n / industry n  advance on the Food / Industry Track
  prosperity n         n steps on any Prosperity Tracks; prosperity_colour [colour, n]
  rabbit n             place up to n Cookie Rabbits;  property n: up to n property tokens
  skill n              take skill tiles;  wonder 1: a Wonder icon;  locomotive 1
  ibonus colour|"any"  one Industry Bonus;  discount n: a Wood Discount tile
  capital 1            one step on any income track or any Prosperity Track
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from ...core import DataError
from .hexgrid import DIRS, build_grid  # noqa: F401  (DIRS: the direction order maps use)

DATA = Path(__file__).with_name("data")
RESOURCES = ("gold", "wheat", "wood", "iron", "diamond")
BASIC = ("wheat", "wood", "iron")
INCOMES = ("gold", "wheat", "wood", "iron")
TERRAIN = ("wheat", "forest", "mine", "sea")
COLOURS = ("orange", "green", "grey")
TAGS = ("shortcake", "tart", "tiramisu", "brownie", "macaron", "wagashi")
INDUSTRY_TAGS = ("agricultural", "forestry", "mining", "wild", "none")
ROW_TYPES = ("tent", "house", "building")
LETTER = {
    "w": "wheat",
    "f": "forest",
    "m": "mine",
    "s": "sea",
    "C": "capital",
    "X": "special",
    "E": "eda",
}


# Every effect op the data files may use (the list above, and two ops of the skill
# tiles: free_auto, discard). effects.py handles exactly these and checks so.
EFFECT_OPS = frozenset(
    {
        "gain", "basic", "income", "income_any", "vp", "vp_per", "draw", "disc",
        "terrain", "road", "terrain_road", "food", "industry", "prosperity",
        "prosperity_colour", "rabbit", "property", "skill", "wonder", "locomotive",
        "ibonus", "discount", "capital", "free_auto", "discard",
    }
)  # fmt: skip

# The skill tiles beyond the first list (data/skills.toml, see skills.py).
FIRST_SKILLS = tuple(range(1, 13))
FURTHER_SKILLS = tuple(range(21, 31))
ADVANCED_SKILLS = tuple(range(101, 115))


def effects(raw, where: str) -> tuple:
    out = []
    for item in raw or []:
        if not isinstance(item, dict) or len(item) != 1:
            raise DataError(f"{where}: an effect must be a one-key table, got {item!r}")
        ((op, value),) = item.items()
        if op not in EFFECT_OPS:
            raise DataError(f"{where}: unknown effect '{op}'")
        if isinstance(value, list):
            value = tuple(value)
        out.append((op, value))
    return tuple(out)


@dataclass(frozen=True)
class MapBoard:
    id: str
    name: str
    kinds: tuple  # hex id -> wheat/forest/mine/sea/capital/special/eda
    coords: tuple  # hex id -> (col, row)
    neighbours: tuple  # hex id -> tuple of hex ids on the map
    hex_edges: tuple  # hex id -> tuple of 6 edge ids
    edge_hexes: tuple  # edge id -> tuple of the 1 or 2 hex ids on the map beside it
    edge_ends: tuple  # edge id -> (vertex, vertex)
    capital_vertices: frozenset
    perimeter: frozenset  # hex ids on the border of the map
    ports: tuple  # hex ids
    icons: dict  # hex id -> effects
    capitals: tuple
    edas: tuple
    buildable: tuple = ()  # hexes that take terrain tiles (terrain types and special)

    def hex_at(self, col: int, row: int) -> int:
        return self.coords.index((col, row))


def build_map(raw: dict) -> MapBoard:
    cells = {}
    for row, line in enumerate(raw["rows"]):
        for col, ch in enumerate(line.split()):
            if ch == ".":
                continue
            if ch not in LETTER:
                raise DataError(f"map {raw['id']}: unknown hex letter {ch!r}")
            cells[(col, row)] = LETTER[ch]
    coords = tuple(cells)
    index = {c: i for i, c in enumerate(coords)}
    grid = build_grid(coords)
    hex_edges, edge_ends = grid.hex_edges, grid.edge_ends
    kinds = tuple(cells[c] for c in coords)
    capitals = tuple(i for i, k in enumerate(kinds) if k == "capital")
    cap_v = frozenset(v for h in capitals for e in hex_edges[h] for v in edge_ends[e])
    ports = []
    for col, row in raw["ports"]:
        if (col, row) not in index:
            raise DataError(f"map {raw['id']}: port at {col},{row} is not a hex")
        ports.append(index[(col, row)])
    icons = {}
    for ic in raw.get("icons", []):
        col, row = ic["at"]
        h = index.get((col, row))
        if h is None or kinds[h] not in TERRAIN:
            raise DataError(f"map {raw['id']}: icon at {col},{row} is not a terrain hex")
        icons[h] = effects(ic["effect"], f"map {raw['id']} icon")
    return MapBoard(
        id=raw["id"],
        name=raw["name"],
        kinds=kinds,
        coords=coords,
        neighbours=grid.neighbours,
        hex_edges=grid.hex_edges,
        edge_hexes=grid.edge_hexes,
        edge_ends=grid.edge_ends,
        capital_vertices=cap_v,
        perimeter=grid.perimeter,
        ports=tuple(ports),
        icons=icons,
        capitals=capitals,
        edas=tuple(i for i, k in enumerate(kinds) if k == "eda"),
        buildable=tuple(h for h, k in enumerate(kinds) if k in TERRAIN or k == "special"),
    )


@dataclass(frozen=True)
class Card:
    id: int
    name: str
    kind: str  # immediate | pass
    cost: int
    tags: tuple
    industry: str  # agricultural | forestry | mining | wild | none (pass cards: none)
    effect: tuple
    auto: tuple
    passv: dict | None
    brownie: bool

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "cost": self.cost,
            "tags": list(self.tags),
            "industry": self.industry,
            "brownie": self.brownie,
            "effect": [[op, _json(v)] for op, v in self.effect],
            "auto": [[op, _json(v)] for op, v in self.auto],
            "pass": dict(self.passv) if self.passv else None,
        }


def _json(v):
    if isinstance(v, tuple):
        return [_json(x) for x in v]
    if isinstance(v, dict):
        return {k: _json(x) for k, x in v.items()}
    return v


@dataclass(frozen=True)
class Data:
    board: dict
    player: dict
    areas: dict  # id -> area dict (effect parsed)
    area_order: tuple
    maps: dict  # id -> MapBoard
    cards: tuple  # design id -> Card (index 0 unused)
    deck: tuple  # physical card uid -> design id
    skills: dict
    specials: dict  # special terrain tile id -> effects
    terrain_flip: dict
    aid_standard: dict
    aid_pass: dict
    milestones: dict
    final_tiles: dict
    characters: dict
    industry: tuple  # spaces: (colour, bonus effects, ip)
    prosperity: tuple
    rows: tuple
    shops: dict
    solo_a: tuple
    solo_b: tuple
    mio_takes: int  # cards Mio takes from each solo draw (option mio_takes, RULINGS)


def read_table(name):
    """One data file as read, before any check (tests feed altered copies to check)."""
    with open(DATA / name, "rb") as fh:
        return tomllib.load(fh)


# cache, not lru_cache(maxsize=1): there is one entry either way, and the engine
# asks about twice a move, so the bounded cache's bookkeeping is worth leaving out
@cache
def load() -> Data:
    board = read_table("board.toml")
    player = read_table("player.toml")
    maps_raw = read_table("maps.toml")
    cards_raw = read_table("cards.toml")
    solo = read_table("solo.toml")
    check(board, player, maps_raw, cards_raw, solo)
    areas = _areas(board)
    cards, deck = _cards(cards_raw)
    ind = player["industry"]
    industry = tuple(
        (s["colour"], effects(s.get("bonus"), "industry"), s.get("ip", 0)) for s in ind["spaces"]
    )
    pros = []
    for t in player["prosperity"]:
        t = dict(t)
        t["bonus"] = {b["at"]: effects(b["effect"], t["id"]) for b in t.get("bonus", [])}
        t["end_bonus"] = effects(t["end_bonus"], t["id"])
        pros.append(t)
    rows = tuple(
        {"cost": r["cost"], **{k: effects(r[k], "row") for k in ROW_TYPES}}
        for r in player["property_row"]
    )
    return Data(
        board=board,
        player=player,
        areas=areas,
        area_order=tuple(areas),
        maps={m["id"]: build_map(m) for m in maps_raw["map"]},
        cards=tuple(cards),
        deck=tuple(deck),
        skills={
            **{
                s["id"]: {**s, "effect": effects(s.get("effect"), f"skill {s['id']}")}
                for s in board["skill"]
            },
            **_extra_skills(),  # F hook: further and advanced tiles (data/skills.toml)
        },
        specials={s["id"]: effects(s["effect"], "special") for s in board["special_terrain"]},
        terrain_flip={k: effects(v, "flip") for k, v in board["terrain_flip"].items()},
        aid_standard={t["id"]: effects(t["effect"], "aid") for t in board["aid_standard"]},
        aid_pass={t["id"]: t["pass"] for t in board["aid_pass"]},
        milestones={m["id"]: m for m in board["milestone"]},
        final_tiles={t["id"]: t for t in board["final_tile"]},
        characters={c["id"]: c for c in player["character"]},
        industry=industry,
        prosperity=tuple(pros),
        rows=rows,
        shops={s["colour"]: s["cost"] for s in player["shop"]},
        solo_a=tuple(c["id"] for c in solo["a"]),
        solo_b=tuple(c["id"] for c in solo["b"]),
        mio_takes=solo["cards_taken"],
    )


def _areas(board: dict) -> dict[str, dict]:
    """The action areas by id, effects parsed, with the defaults filled in."""
    areas = {}
    for a in board["area"]:
        a = dict(a)
        a["effect"] = effects(a["effect"], f"area {a['id']}")
        a.setdefault("opens", 1)
        a.setdefault("min_players", 1)
        a.setdefault("copy", [])
        areas[a["id"]] = a
    return areas


def _cards(cards_raw: dict) -> tuple[list[Card | None], list[int]]:
    """The card designs (index = design id, from 1) and the deck (a design id per
    copy)."""
    cards: list[Card | None] = [None]
    deck: list[int] = []
    for c in cards_raw["card"]:
        card = Card(
            id=c["id"],
            name=c["name"],
            kind=c["kind"],
            cost=c["cost"],
            tags=tuple(c["tags"]),
            industry=c.get("industry", "none"),
            effect=effects(c.get("effect"), c["name"]),
            auto=effects(c.get("auto"), c["name"]),
            passv=c.get("pass"),
            brownie=bool(c.get("brownie", False)),
        )
        cards.append(card)
        deck.extend([card.id] * c["copies"])
    return cards, deck


def _extra_skills() -> dict[int, dict]:
    """The further and advanced tiles, checked and parsed like the first list."""
    raw = read_table("skills.toml")
    further, advanced = raw["further"], raw["advanced"]
    if [t["id"] for t in further] != list(FURTHER_SKILLS):
        raise DataError("the further skill list holds tiles 21-30")
    if [t["id"] for t in advanced] != list(ADVANCED_SKILLS):
        raise DataError("14 Advanced Skill Tiles, 101-114")
    if any(t.get("substitute") for t in advanced[10:]):
        raise DataError("advanced tiles 111-114 are the rulebook's, not substitutes")
    if not all(t.get("substitute") for t in advanced[:10]):
        raise DataError("advanced tiles 101-110 are marked as substitutes")
    kinds = [t["kind"] for t in further]
    if (kinds.count("pass"), kinds.count("flip"), kinds.count("permanent")) != (3, 5, 2):
        raise DataError("the further list: 3 pass, 5 flip, 2 permanent abilities")
    return {
        t["id"]: {**t, "effect": effects(t.get("effect"), f"skill {t['id']}")}
        for t in further + advanced
    }


@lru_cache(maxsize=1)
def solo_cards() -> dict:
    solo = read_table("solo.toml")
    return {c["id"]: tuple((s[0], s[1]) for s in c["spaces"]) for c in solo["a"] + solo["b"]}


def check(board, player, maps_raw, cards_raw, solo) -> None:
    """Every count and structure the rulebook states; raise DataError on a breach."""
    _check_board(board)
    _check_player(player)
    _check_maps(maps_raw["map"], board["supply"])
    _check_cards(cards_raw["card"])
    _check_solo(solo, board)


def _need(cond, msg) -> None:
    if not cond:
        raise DataError(msg)


def _check_board(board) -> None:
    areas = board["area"]
    main = [a for a in areas if "imitation" not in a]
    _need([a["id"] for a in main] == list("ABCDEFGHIJKLMNOPQ"), "main board areas must be A-Q")
    cats = [a["category"] for a in main]
    _need(
        cats.count("basic") == 6 and cats.count("special") == 6 and cats.count("advanced") == 5,
        "6 basic, 6 special and 5 advanced areas",
    )
    _need(all(a["spaces"] in (1, 3) for a in areas), "every area has 1 or 3 spaces")
    opens = sorted(a.get("opens", 1) for a in main if a["category"] == "advanced")
    _need(
        opens.count(2) == 2 and opens.count(3) == 2,
        "2 advanced areas open in round 2, 2 in round 3",
    )
    _need(board["hand_costs"] == [1, 2, 3], "hand costs are 1/2/3 cards")
    imit = [a for a in areas if "imitation" in a]
    _need(imit and all(a["category"] == "special" for a in imit), "imitation areas are special")
    _need({a["min_players"] for a in imit} == {3, 4}, "imitation boards for 3/4 and for 4 players")
    sup = board["supply"]
    _need(
        (sup["wheat"], sup["forest"], sup["mine"], sup["sea"]) == (60, 52, 52, 28),
        "terrain supply 60/52/52/28",
    )
    _need(sup["roads"] == 105, "105 road tokens")
    _need(
        len(board["aid_standard"]) == 15 and len(board["aid_pass"]) == 5,
        "15 standard + 5 pass aid tiles",
    )
    for n, (std, pas) in {"1": (8, 2), "2": (8, 2), "3": (9, 3), "4": (11, 3)}.items():
        _need(board["round_aid"]["tiles_by_players"][n] == [std, pas], f"aid tiles for {n} players")
        lay = board["round_aid"]["layout"][n]
        _need(
            sum(s for s, _ in lay) == std and sum(p for _, p in lay) == pas,
            f"round aid layout for {n} players holds {std}+{pas} tiles",
        )
        _need(
            all(s in (1, 2) and p in (0, 1) for s, p in lay),
            "1 or 2 standard, 0 or 1 pass tile per space",
        )
        _need(len(lay) > int(n) + 1, "more aid spaces than tokens")
    _need(sorted(s["id"] for s in board["skill"]) == list(range(1, 13)), "skill tiles 1-12")
    _need(len(board["milestone"]) == 6, "6 milestones")
    _need(
        len(board["final_tile"]) == 4 and all("neutral" in t for t in board["final_tile"]),
        "4 final scoring tiles with neutral scores",
    )
    _need(len(board["special_terrain"]) == 6, "6 special terrain tiles")
    _need(board["city_points"] == [0, 1, 2, 3, 5, 7, 9], "city points 1,2,3,5,7,9")
    _need(board["port_vp"] == [-40, -20, -10, -5, 10], "port VP -40..10")
    _need(board["final_tile_vp"] == [15, 7] and board["milestone_vp"] == 10, "15/7 and 10 VP")
    _need(board["city_point_vp"] == 2, "2 VP a City Point")


def _check_player(player) -> None:
    _need(player["rabbits"] == 9 and len(player["food"]["rabbit_at"]) == 9, "9 Cookie Rabbits")
    _need(player["food"]["rabbit_at"][0] == 4, "the first rabbit needs Food Track space 4")
    fb = {b["at"]: b["effect"] for b in player["food"]["bonus"]}
    _need(
        fb.get(7) == [{"discount": 1}] and fb.get(11) == [{"discount": 2}],
        "wood discounts at 7 and 11",
    )
    _need(any("wonder" in e for b in fb.values() for e in b), "a Wonder on the Food Track")
    ind = player["industry"]
    _need(len(ind["labs_after"]) == 4 and len(ind["lab_costs"]) == 4, "4 Research Labs")
    spaces = ind["spaces"]
    flat = [list(e) for s in spaces for e in s.get("bonus", [])]
    _need(
        ["locomotive"] in flat and ["wonder"] in flat, "Locomotive and Wonder on the Industry Track"
    )
    _need({s["colour"] for s in spaces[1:]} == {"orange", "green"}, "orange and green spaces")
    _need(any(s.get("ip") for s in spaces), "Industry Point icons")
    pros = player["prosperity"]
    _need(len(pros) == 6, "6 Prosperity Tracks")
    _need(
        [p["element"] for p in pros]
        == ["terrain", "rabbits", "roads", "properties", "automated", "industry_points"],
        "Prosperity elements in rulebook order",
    )
    for i in range(0, 6, 2):
        up, low = pros[i], pros[i + 1]
        _need(up["colour"] == low["colour"], "two tracks per colour")
        _need(low["length"] > up["length"], "the lower track of a colour is longer")
    _need([p["colour"] for p in pros[::2]] == list(COLOURS), "orange, green, grey tracks")
    rows = player["property_row"]
    _need(
        len(rows) == 5 and all(all(k in r for k in ROW_TYPES) for r in rows),
        "5 rows of Tent, House and Building",
    )
    _need(len(player["shop"]) == 3, "3 Coffee Shops")
    _need(len(player["character"]) >= 4, "at least 4 characters")


def _check_maps(ms, sup) -> None:
    _need(
        ms[0]["id"] == "A" and sum(1 for m in ms if m["id"].startswith("B")) >= 4,
        "an A side and at least 4 B sides",
    )
    _need(len({tuple(m["rows"]) for m in ms}) == len(ms), "B sides differ")
    for m in ms:
        counts: dict[str, int] = {}
        for line in m["rows"]:
            for ch in line.split():
                counts[ch] = counts.get(ch, 0) + 1
        _need(len(m["ports"]) == 4, f"map {m['id']}: 4 ports")
        _need(
            counts.get("C", 0) >= 1 and counts.get("X", 0) >= 1 and counts.get("E", 0) >= 1,
            f"map {m['id']}: capital, special hexes and Extra Draw Areas",
        )
        for ch, t in (("w", "wheat"), ("f", "forest"), ("m", "mine"), ("s", "sea")):
            _need(
                counts.get(ch, 0) * 4 <= sup[t], f"map {m['id']}: too many {t} hexes for 4 players"
            )


def _check_cards(cs) -> None:
    _need(sum(c["copies"] for c in cs) == 207, "207 Citizen Cards")
    _need(len(cs) >= 60, "at least 60 distinct designs")
    _need(len({c["name"] for c in cs}) == len(cs), "card names are distinct")
    kinds = {c["kind"] for c in cs}
    _need(kinds == {"immediate", "pass"}, "immediate and pass cards")
    _need(
        {c.get("industry") for c in cs if c["kind"] == "immediate"} == set(INDUSTRY_TAGS),
        "every industry tag, wildcard and none included",
    )
    _need(all(c["tags"] and set(c["tags"]) <= set(TAGS) for c in cs), "1+ Sweets Tags per card")
    _need({t for c in cs for t in c["tags"]} == set(TAGS), "all six Sweets Tags used")
    _need(any(c.get("brownie") for c in cs), "Brownie cost reduction cards")
    _need(
        all(c.get("auto") for c in cs if c["kind"] == "immediate" and c["industry"] != "none"),
        "automatable cards have an automation ability",
    )


def _check_solo(solo, board) -> None:
    main = [a for a in board["area"] if "imitation" not in a]
    _need(len(solo["a"]) == 8 and len(solo["b"]) == 8, "8 A and 8 B solo cards")
    spaces = {a["id"]: a["spaces"] for a in main}
    _need(
        all(
            area in spaces and 1 <= i <= spaces[area]
            for c in solo["a"] + solo["b"]
            for area, i in c["spaces"]
        ),
        "solo cards name spaces of the main board",
    )
    _need(0 <= solo["cards_taken"] < board["later_round_draw"], "Mio takes fewer cards than a draw")
