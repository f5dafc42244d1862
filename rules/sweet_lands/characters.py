"""The characters' own rules that the core modules reach through small hooks.

Six characters (Nata, Eline, Gretel, Jasmine, Sena, Rikka) live in the core modules;
the other eight live here: their free actions (once a round, marked by a cube that
cleanup removes), pass and Clock Tower abilities, Alice's cities, Elsa's terrain,
Carmen's first-round automation, Sakura's search and Coral's income steps.

The steps, free actions and effect ops are in ``character_steps``.

Per-player state this module owns sits in ``PlayerState.ext``, a small dict whose
values are immutable (ints, tuples): replace a value, never change it in place, so a
shallow copy of the dict is a full copy.
"""

from __future__ import annotations

from typing import Any

from . import data as D
from .fields import StateFields

Frame = dict[str, Any]

# Solbee Chocolat: Food Track progress -> the free action it opens.
SOLBEE = {3: ("gain", {"wheat": 1}), 5: ("road", 1), 9: ("prosperity", 1)}
SOLBEE_TEXT = {3: "take 1 wheat", 5: "place 1 road", 9: "take 1 Prosperity step"}


# ---------------------------------------------------------------- per-player extras
def ext(s: StateFields, seat: int, key: str, default: Any = None) -> Any:
    return s.p[seat].ext.get(key, default)


def put(s: StateFields, seat: int, key: str, value: Any) -> None:
    own(s, seat)
    s.p[seat].ext = {**s.p[seat].ext, key: value}  # a new dict: never shared


def cubes(s: StateFields, seat: int) -> tuple:
    """The character free actions used this round (each marked by a cube)."""
    return ext(s, seat, "cubes", ())


def mark(s: StateFields, seat: int, fid: str) -> None:
    put(s, seat, "cubes", cubes(s, seat) + (fid,))


def own(s: StateFields, seat: int) -> None:
    """Make the player of ``seat`` this state's own before changing it, where the
    engine shares unchanged players between states (copy on write); else nothing."""
    take = getattr(s, "_own", None)
    if take is not None:
        take(seat)


def cleanup(s: StateFields) -> None:
    """Cleanup returns the cubes of the once-a-round character free actions."""
    for seat in range(s.n):
        if "cubes" in s.p[seat].ext:
            own(s, seat)
            s.p[seat].ext = {k: v for k, v in s.p[seat].ext.items() if k != "cubes"}


# ---------------------------------------------------------------- queries
def lab_cities(s: StateFields, seat: int) -> int:
    props = s.p[seat].props
    if "lab" not in props.values():  # (asked on every turn step of Biscuit's)
        return 0
    return sum(1 for c in s.cities(seat) if any(props[h] == "lab" for h in c))


def is_city(s: StateFields, seat: int, group: list, props: dict) -> bool:
    """Three different types make a city; Alice Tearose needs only three tokens, and
    with her Clock Tower any group holding the tower is a city."""
    P = s.p[seat]
    if P.char == "alice":
        return len(group) >= 3 or (P.tower and any(props[h] == "tower" for h in group))
    return len({props[h] for h in group}) >= 3


def places_anywhere(s: StateFields, seat: int) -> bool:
    """Elsa Skyr places terrain tiles on hexes that touch no other tile."""
    return s.p[seat].char == "elsa"


def add_tags(s: StateFields, seat: int, out: dict) -> None:
    if s.p[seat].char == "sakura":
        out["wagashi"] += 1


def colour_progress(s: StateFields, seat: int) -> dict:
    P = s.p[seat]
    return {c: P.prosp[2 * i] + P.prosp[2 * i + 1] for i, c in enumerate(D.COLOURS)}


def least_colours(s: StateFields, seat: int) -> list[str]:
    prog = colour_progress(s, seat)
    low = min(prog.values())
    return [c for c in D.COLOURS if prog[c] == low]


# ---------------------------------------------------------------- income and passing
def income(s: StateFields, seat: int, todo: list) -> list:
    """Coral's income steps before the income tracks; Carmen's first-round cards
    after the draw."""
    char = s.p[seat].char
    if char == "coral":
        i = next(k for k, (op, _v) in enumerate(todo) if op == "income_tracks")
        todo = todo[:i] + [("coral_steps", 2)] + todo[i:]
    if char == "carmen" and s.round == 1 and not _drafting(s):
        todo = todo + [("draw", 2), ("carmen_automate", 2)]
    return todo


def pass_first(s: StateFields, seat: int) -> None:
    """Pass abilities that ask something come before the pass is scored: Elsa Skyr
    places a terrain tile (free, as every granted action)."""
    if s.p[seat].char == "elsa" and s._any_terrain_spot(seat):
        s.stack.append({"op": "terrain", "seat": seat, "n": 1, "chain": None})


def pass_gains(
    s: StateFields, seat: int, cities: list, cp: int, ip: int, vp: int
) -> tuple[int, int, int]:
    """The Clock Tower pass abilities of the eight characters of this module."""
    P = s.p[seat]
    if not P.tower:
        return cp, ip, vp
    char = P.char
    if char == "biscuit":
        ip += lab_cities(s, seat)
    elif char == "solbee":
        vp += len(P.rabbits)
    elif char == "lotus":
        rate = D.load().characters["lotus"]["city_point_rate"]
        cp = rate[min(len(cities), 6)]
    elif char == "alice":
        vp += len(cities)
    elif char == "elsa":
        vp += 2 * s.connected_ports(seat)
    elif char == "carmen":
        vp += ext(s, seat, "carmen_cubes", 0)
    elif char == "coral":
        vp += 2 * min(colour_progress(s, seat).values())
    return cp, ip, vp


def on_ibonus(s: StateFields, seat: int) -> None:
    if s.p[seat].char == "carmen":
        put(s, seat, "carmen_cubes", ext(s, seat, "carmen_cubes", 0) + 1)


def on_tower(s: StateFields, seat: int) -> list:
    """Effects of placing the Clock Tower (Sakura Mochi's search)."""
    if s.p[seat].char == "sakura":
        return [("sakura_search", 2)]
    if s.p[seat].char == "lotus":
        s.log(f"{s.who(seat)} covers the map's City Point Rate with Lotus Che's tile.")
    return []


def unavailable(s: StateFields) -> set:
    """Characters nobody may choose now: those taken, and with the "paired" option
    the other side of every board already taken."""
    d = D.load()
    taken = {p.char for p in s.p if p.char}
    if s.options.get("character_boards", "paired") == "paired":
        boards = {d.characters[c].get("board") for c in taken}
        taken |= {c for c, ch in d.characters.items() if ch.get("board") in boards}
    return taken


# ---------------------------------------------------------------- views
def condition_text(cond: dict) -> str:
    """A Clock Tower condition in words."""
    t, n = cond["test"], cond.get("n", 1)
    words = {
        "industry_advance": f"an Industry marker {n} spaces along",
        "properties": f"{n} property tokens on the map",
        "cities": f"{n} {'city' if n == 1 else 'cities'}",
        "skills": f"{n} skill tiles",
        "played_cards": f"{n} cards played (automated ones count)",
        "rabbits": f"{n} Cookie Rabbits on the map",
        "food": f"Food Track progress {n}",
        "connected_ports": f"{n} Connected Port{'s' if n > 1 else ''}",
        "prosperity_colour_max": f"{n} Prosperity steps in one colour",
        "terrain_types": f"{n} terrain tiles",
        "tag": f"{n} {cond.get('tag', '')} tags",
    }
    return words.get(t, f"{t} {n}")


def character_table(s: StateFields) -> list[dict]:
    """Every character with its abilities, Clock Tower condition and board, and
    whether it can still be chosen: what the character step shows."""
    d = D.load()
    gone = unavailable(s)
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


def _drafting(s: StateFields) -> bool:
    return s.options.get("draft", "off") == "on" and s.round == 1 and s.n >= 2


def after_draft(s: StateFields) -> None:
    """With hand drafting, Carmen Mel's first-round cards come after the draft."""
    for seat in reversed(range(s.n)):
        if s.p[seat].char == "carmen":
            s._push(seat, [("draw", 2), ("carmen_automate", 2)])
