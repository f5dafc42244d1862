"""The main board: action areas (a pick table: select a row to use the area), the Round
Aid board, milestones, final scoring tiles, skill tiles, special tiles, solo cards."""

from __future__ import annotations

import textwrap

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text

from rules.core import counted
from rules.sweet_lands import PROGRESS, SoloVerdict, SweetLandsView

from .asked import Asked
from .lines import titled_table
from .text import (
    cond_text,
    cost_text,
    data,
    formula_text,
    fx_text,
    player_tags,
    solo_cards,
)

CATEGORY = {"basic": "basic", "special": "special", "advanced": "advanced"}
AREA_COLUMNS = ("area", "spaces", "cost", "effect", "next")


def _spaces_text(occ: list, tags: list[str], narrow: bool) -> str:
    """Who holds each space: a player's letter, M for Mio, . when free."""
    who = ["M" if o == "mio" else ("." if o is None else tags[o]) for o in occ]
    return "".join(who) if narrow else " ".join(f"[{w}]" for w in who)


def _area_status(area: dict, occ: list, opened: bool, narrow: bool) -> Text:
    if not opened:
        return Text(f"R{area['opens']}" if narrow else f"opens R{area['opens']}", style="dim")
    if None not in occ:
        return Text("full", style="dim")
    k = occ.index(None) + 1
    return Text(f"{k}c" if narrow else f"{k} card{'s' if k > 1 else ''}")


def _effect_text(area: dict) -> str:
    if area["copy"]:
        return f"copy a {'/'.join(area['copy'])} area"
    return fx_text(area["effect"])


def area_rows(view: SweetLandsView, legal_areas: set, width: int = 100) -> list[tuple]:
    """One row per area: (key, cells). The effect is always in full: on a narrow panel it
    wraps (the row grows) and the category and spaces take fewer letters."""
    d = data()
    tags = player_tags(view["players"])
    narrow = width < 70
    # the panel's padding and scrollbar, the table's own scrollbar (past 30 rows), the
    # other columns with their cell padding
    others = 6 + (7 if narrow else 9) + (8 if narrow else 13) + 9 + (6 if narrow else 9) + 2
    effect_width = max(12, width - others)
    rows = []
    for aid, occ in view["areas"].items():
        area = d.areas[aid]
        opened = aid in view["opened"]
        style = "" if opened and None in occ else "dim"
        name = Text()
        name.append(">" if aid in legal_areas else " ", style="bold #5fff5f")
        name.append(f"{aid} {area['category'][: 1 if narrow else 3]}", style=style)
        effect = "\n".join(textwrap.wrap(_effect_text(area), effect_width))
        cells = [
            name,
            _spaces_text(occ, tags, narrow),
            cost_text(area["cost"], short=True),
            Text(effect, style=style),
            _area_status(area, occ, opened, narrow),
        ]
        rows.append((aid, cells))
    return rows


def board_renderable(view: SweetLandsView, asked: Asked):
    d = data()
    tags = player_tags(view["players"])
    parts: list[RenderableType] = []
    for make in (
        _turn_order_line,
        _round_aid_table,
        _milestones_table,
        _final_tiles_table,
        _skills_table,
        _advanced_table,
        _specials_table,
    ):
        part = make(view, d, tags, asked)
        if part is not None:
            parts.append(part)
    parts.append(
        Text(
            f"Citizen Deck: {counted(view['deck_count'], 'card')}; discard pile: {len(view['discard'])} (face up)."
        )
    )
    return Group(*[x for p in parts for x in (p, Text(""))])


def _turn_order_line(
    view: SweetLandsView, d, tags: list[str], asked: Asked
) -> RenderableType | None:
    """The Turn Order Board (a variant): the seats in this round's order."""
    order = view.get("turn_order")
    if not order:
        return None
    players = view["players"]
    names = ", ".join(f"{tags[s]} {escape(players[s]['name'])}" for s in order)
    return Text.from_markup(f"[b]Turn Order Board[/b] this round: {names}")


def _round_aid_table(view: SweetLandsView, d, tags: list[str], asked: Asked) -> RenderableType:
    t = titled_table(
        "Round Aid board (income tiles each round; pass tile VP when you pass)",
        "space",
        "income tiles",
        "pass tile",
        "token",
    )
    players = view["players"]
    for i, sp in enumerate(view["round_aid"]):
        std = "; ".join(fx_text(d.aid_standard[tid]) for tid in sp["standard"])
        pas = formula_text(d.aid_pass[sp["pass"]]) if sp["pass"] is not None else "-"
        who = [f"{tags[s]} {escape(p['name'])}" for s, p in enumerate(players) if p["aid"] == i]
        if view.get("mio_aid") == i:
            who.append("M Mio")
        t.add_row(str(i + 1), std, pas, ", ".join(who) or ".")
    return t


def _milestones_table(
    view: SweetLandsView, d, tags: list[str], asked: Asked
) -> RenderableType | None:
    """The milestones in play (none in a solo game): every side that counts, and who
    took each or who is closest (the explainer's progress lines, closest first)."""
    if not view["milestones"]:
        return None
    vp, cap = d.board["milestone_vp"], d.board["milestones_cap"]
    either = len(view["milestone_tiles"][0]["counting"]) > 1
    t = titled_table(
        f"Milestones (once {'either side' if either else 'the face-up side'} is met, a free "
        f"action takes it: {vp} VP at the end; after {cap} are taken the rest go)",
        "tile",
        "sides (either counts)" if either else "side",
        "taken by / closest",
    )
    players = view["players"]
    for tile in view["milestone_tiles"]:
        mid, who = tile["id"], tile["claimed_by"]
        sides = "\n".join(f"{k}: {cond_text(d.milestones[mid][k])}" for k in tile["counting"])
        told = asked.milestones.get(mid)
        near = [line for line in told.lines if line.source == PROGRESS] if told else []
        if who is not None:
            status = f"taken: {escape(players[who]['name'])}"
        elif near:  # "Ann, side a: 7 of 10"
            status = escape(f"{near[0].label}: {near[0].amount} {near[0].unit}")
        else:
            status = "-"
        t.add_row(str(mid), sides, status)
    return t


def _final_tiles_table(
    view: SweetLandsView, d, tags: list[str], asked: Asked
) -> RenderableType | None:
    """The final scoring tiles and where each seat stands (none in a solo game)."""
    if not view["final_tiles"]:
        return None
    first, second = d.board["final_tile_vp"]
    t = titled_table(
        f"Final scoring tiles ({first} VP most, {second} VP second; the neutral player competes)",
        "tile",
        "measure",
        "neutral",
        "now",
    )
    for standing in asked.standings:
        tid = standing["tile"]
        tile = d.final_tiles[tid]
        now = " ".join(f"{tags[s]}:{value}" for s, value in enumerate(standing["values"]))
        t.add_row(str(tid), formula_measure(tile["measure"]), str(tile["neutral"]), now)
    return t


def _skills_table(view: SweetLandsView, d, tags: list[str], asked: Asked) -> RenderableType:
    """The supply's skill tiles, one kind a row."""
    t = titled_table("Skill tiles (one of each kind per player)", "id", "kind", "ability", "left")
    for sk in sorted(int(k) for k in view["skill_supply"]):
        info = d.skills[sk]
        t.add_row(str(sk), info["kind"], info["text"], str(view["skill_supply"][str(sk)]))
    return t


def _advanced_table(
    view: SweetLandsView, d, tags: list[str], asked: Asked
) -> RenderableType | None:
    """The Advanced Skill Tiles on show, with their costs (a variant)."""
    advanced = asked.advanced
    if not advanced:
        return None
    t = titled_table(
        "Advanced Skill Tiles on show (instead of a supply tile, for the cost shown)",
        "id",
        "kind",
        "ability",
        "cost",
    )
    for sk, cost in advanced.items():
        info = d.skills[int(sk)]
        t.add_row(sk, info["kind"], info["text"], cost_text(cost) or "free")
    return t


def _specials_table(view: SweetLandsView, d, tags: list[str], asked: Asked) -> RenderableType:
    t = titled_table(
        "Special terrain tiles in the supply (effect when flipped)", "tile", "flip effect"
    )
    for tid in view["special_tiles"]:
        t.add_row(str(tid), fx_text(d.specials[tid]))
    if not view["special_tiles"]:
        t.add_row("-", "none left")
    return t


def formula_measure(measure: str) -> str:
    return {
        "most_terrain_type": "tiles of your most common terrain",
        "highest_basic_income": "your highest basic income",
        "automated": "automated cards",
        "perimeter_terrain": "tiles on the map's edge",
    }.get(measure, measure.replace("_", " "))


def solo_text(view: SweetLandsView, verdict: SoloVerdict | None) -> str:
    solo = view.get("solo")
    if not solo:
        return ""
    spaces = solo_cards()
    shown = solo["shown"]
    if shown:
        cards = "; ".join(
            f"{c}: " + ", ".join(f"{a} space {i}" for a, i in spaces[c]) for c in shown
        )
    else:
        cards = "none yet"
    blocked = [
        f"{a}{k + 1}" for a, occ in view["areas"].items() for k, o in enumerate(occ) if o == "mio"
    ]
    aid = view.get("mio_aid")
    return (
        f"[b]Mio[/b] (solo automaton): this round's cards {cards}. Blocked spaces: "
        f"{', '.join(blocked) or 'none'}. Cards left: A {solo['a_left']}, B {solo['b_left']}. "
        f"Mio's Round Aid token: {'space ' + str(aid + 1) if aid is not None else 'not placed yet'}. "
        + _lines_text(verdict)
    )


def _lines_text(verdict: SoloVerdict | None) -> str:
    """The solo lines to beat, as the engine states them."""
    if not verdict:
        return ""
    lines = sorted(verdict["lines"], key=lambda ln: ln["more_than"])
    return (
        "Beat "
        + ", ".join(f"{ln['more_than']} VP to {_TITLE_WORDS[ln['title']]}" for ln in lines)
        + "."
    )


_TITLE_WORDS = {"expert": "be an expert", "history": "enter history"}
