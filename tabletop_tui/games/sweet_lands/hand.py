"""The player panel: the viewer's hand (a pick table: select a card to play, discard or
keep it), played cards, industry columns, skills, resources, property tokens, and the
compact summaries of every player. The hand comes only from view(viewer)["hand"]."""

from __future__ import annotations

import textwrap

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text

from rules.core import counted
from rules.sweet_lands import CardView, PlayerView, SweetLandsView

from ...text import markup_safe
from .lines import Aligned, Titled, titled_table
from .text import (
    INDUSTRY_COLUMN,
    character_short,
    cond_text,
    cost_text,
    data,
    formula_text,
    fx_text,
    player_tags,
    resources_text,
    token_cost,
)
from .tracks import track_name

HAND_COLUMNS = ("", "card", "text")  # the card cell: name, cost, industry, sweets
CARD_WIDTH = 16  # the longest card name
# Room the hand table needs besides its two text columns: the panel's padding and
# scrollbar, the table's own scrollbar (past 30 rows), the usable mark, and the
# table's cell padding (1 each side).
HAND_CHROME = 4 + 2 + 3 + 2 + 2


def _wrapped(lines: list[str], width: int) -> list[str]:
    """Each line wrapped to the width (at least 12), so a cell never clips."""
    width = max(12, width)
    return [part for line in lines for part in textwrap.wrap(line, width) or [""]]


def _packed(parts: list[str], width: int) -> list[str]:
    """Short parts side by side while they fit, separated by a semicolon."""
    lines: list[str] = []
    for part in parts:
        if lines and len(lines[-1]) + 2 + len(part) <= width:
            lines[-1] += "; " + part
        else:
            lines.append(part)
    return _wrapped(lines, width)


def card_facts(card: CardView) -> list[str]:
    """Cost (the engine's price now, and the printed one if it differs), industry tag
    with its column, sweets tags."""
    cost = card["play_cost"]
    price = f"{cost}g" if cost == card["cost"] else f"{cost}g (printed {card['cost']}g)"
    industry = card["industry"]
    if industry == "none":
        tag = "no industry"
    elif industry == "wild":
        tag = "wild industry (any column)"
    else:
        tag = f"{industry} ({INDUSTRY_COLUMN[industry]})"
    sweets = ", ".join(card["tags"]) or "no sweets"
    return [price, tag, sweets]


def card_text(card: CardView) -> list[str]:
    """The card's whole text: its effect now or when passing, and its automation."""
    lines = []
    if card["kind"] == "pass":
        lines.append("When you pass: " + formula_text(card["pass"]))
    else:
        lines.append("Now: " + (fx_text(card["effect"]) or "nothing"))
    if card["kind"] != "pass" and card["industry"] != "none":
        column = "any" if card["industry"] == "wild" else INDUSTRY_COLUMN[card["industry"]]
        lines.append(f"Automated ({column} column): {fx_text(card['auto'])}")
    if card.get("brownie"):
        lines.append("Brownie card: cheaper for each Brownie tag you have")
    return lines


def hand_rows(cards: list[CardView], usable: set, width: int = 80) -> list[tuple]:
    """(row key, cells) for each card of a hand (or a pack); usable: design ids that a click may use.
    Every fact is in full, wrapped to the panel's width (rows grow taller, never clip)."""
    room = max(24, width - HAND_CHROME)
    card_width = min(max(CARD_WIDTH, room // 3), 34)
    text_width = room - card_width
    rows = []
    for card in cards:
        usable_now = card["id"] in usable
        mark = Text(">", style="bold #5fff5f") if usable_now else Text(" ")
        facts = Text(card["name"], style="bold")
        for line in _packed(card_facts(card), card_width):
            facts.append("\n" + line)
        does = Text("\n".join(_wrapped(card_text(card), text_width)))
        rows.append((str(card["uid"]), [mark, facts, does]))
    return rows


def player_renderable(view: SweetLandsView, seat: int):
    """Everything public about one player, in detail."""
    d = data()
    pv = view["players"][seat]
    parts: list[RenderableType] = []
    ch = d.characters.get(pv["character"]) if pv["character"] else None
    head = Text()
    head.append(f"{pv['name']}", style="bold")
    if ch:
        head.append(
            f" plays {ch['name']}. Basic: {ch['basic']} Clock Tower "
            f"({'placed' if pv['clock_tower'] else 'needs a Wonder and ' + ', '.join(cond_text(c) for c in ch['clock_tower'])}): "
            f"{ch['tower']}"
        )
    parts.append(head)
    res = pv["resources"]
    parts.append(
        Text(
            f"Resources: {res['gold']} gold, {res['wheat']} wheat, {res['wood']} wood, {res['iron']} iron, "
            f"{counted(res['diamond'], 'diamond')}; Action Discs {pv['discs']}; "
            f"hand {counted(pv['hand_count'], 'card')}. "
            f"Income: {resources_text(pv['income'])}. Map {pv['map'] or '-'}, "
            f"cities {pv['cities']}, connected ports {pv['connected_ports']}, extra draw areas {len(pv['extra_draw'])}."
        )
    )
    parts += [
        table(d, pv) for table in (_played_table, _columns_table, _tokens_table, _skills_table)
    ]
    tags = " ".join(f"{k}:{v}" for k, v in pv["tags"].items() if v)
    parts.append(
        Text(
            f"Sweets Tags: {tags or 'none'}. Milestones: {', '.join(map(str, pv['milestones'])) or 'none'}. "
            f"Wonders: {pv['wonders']}."
        )
    )
    return Group(*[x for p in parts for x in (p, Text(""))])


def _played_table(d, pv: PlayerView) -> RenderableType:
    """The cards the player has played, face up."""
    t = titled_table("Played cards (face up)", "card", "kind", "tags", "does")
    for cid in pv["played"]:
        c = d.cards[cid].to_dict()
        t.add_row(
            c["name"],
            c["kind"],
            ", ".join(c["tags"]),  # sweets tags in full
            ("pass: " + formula_text(c["pass"]))
            if c["kind"] == "pass"
            else fx_text(d.cards[cid].effect),
        )
    if not pv["played"]:
        t.add_row("-", "", "", "")
    return t


def _columns_table(d, pv: PlayerView) -> RenderableType:
    """Each Industry column: its limit, its board ability and the cards automated in it."""
    t = titled_table(
        "Industry columns (each Industry Bonus of a colour runs its column top to bottom)",
        "column",
        "limit",
        "board ability + automated cards",
    )
    cols = d.player["columns"]
    for colour in ("orange", "green", "grey"):
        lim = pv["column_limits"][colour]["limit"]
        cards = [d.cards[cid] for cid in pv["columns"][colour]]
        text = fx_text([(op, v) for e in cols[colour]["ability"] for op, v in e.items()])
        text += "".join(f" | {c.name}: {fx_text(c.auto)}" for c in cards)
        t.add_row(f"{colour}: {cols[colour]['industry']}", f"{len(cards)}/{lim}", text)
    return t


def _tokens_table(d, pv: PlayerView) -> RenderableType:
    """The property tokens left and the cost of the next of each."""
    t = titled_table(
        "Property tokens left (cost of the next one)", "token", "left", "next cost", "bonus"
    )
    for kind in ("tent", "house", "building"):
        row = pv["rows_taken"][kind]
        left = len(d.rows) - row  # a token per space of the property row
        bonus = fx_text(d.rows[row][kind]) if left else "-"
        t.add_row(
            kind, str(left), cost_text(token_cost(pv, kind), short=True) if left else "-", bonus
        )
    for colour in pv["shops_left"]:
        t.add_row(
            f"shop {colour}",
            "1",
            cost_text(token_cost(pv, f"shop-{colour}"), short=True),
            f"{colour} Industry Bonus",
        )
    t.add_row(
        "research lab",
        str(4 - pv["labs_taken"]),
        cost_text(token_cost(pv, "lab"), short=True) if pv["labs_taken"] < 4 else "-",
        "unblocks the Industry Track",
    )
    t.add_row("clock tower", "0" if pv["clock_tower"] else "1", "free", "character's tower ability")
    return t


def _skills_table(d, pv: PlayerView) -> RenderableType:
    """The skill tiles the player holds."""
    t = titled_table("Skill tiles", "id", "kind", "ability")
    for sk in pv["skills"]:
        info = d.skills[sk]
        used = " (flipped this round)" if sk in pv["flipped"] else ""
        t.add_row(str(sk), info["kind"] + used, info["text"])
    if not pv["skills"]:
        t.add_row("-", "", "")
    return t


def others_text(view: SweetLandsView, viewer: int | None) -> str:
    """Compact lines for the side panel: one player per two lines."""
    players = view["players"]
    tags = player_tags(players)
    lines = []
    for s, p in enumerate(players):
        mark = ">" if s == view["turn"] and view["phase"] == "action" and not view["over"] else " "
        you = " (you)" if s == viewer else ""
        state = " passed" if p["passed"] else ""
        ch = character_short(p["character"])
        lines.append(f"{mark}[b]{tags[s]} {markup_safe(p['name'])}[/b]{you} {ch}{state}")
        r = p["resources"]
        lines.append(f"  VP {p['vp']} CP {p['cp']} IP {p['ip']} hand {p['hand_count']}")
        lines.append(
            f"  {r['gold']}g {r['wheat']}wh {r['wood']}wd {r['iron']}ir {r['diamond']}dia"
            + (f" disc {p['discs']}" if p["discs"] else "")
        )
    if view.get("solo"):
        lines.append(" [b]M Mio[/b] blocks spaces each round")
    return "\n".join(lines)


def player_facts(view: SweetLandsView) -> list[tuple[str, list[str]]]:
    """(label, one value per player) for the public facts of every player."""
    players = view["players"]
    d = data()

    def row(label, fn):
        return (label, [fn(p) for p in players])

    return [
        row("character", lambda p: d.characters[p["character"]]["name"] if p["character"] else "-"),
        row("map", lambda p: p["map"] or "-"),
        row("VP / CP / IP", lambda p: f"{p['vp']} / {p['cp']} / {p['ip']}"),
        row("resources", lambda p: resources_text(p["resources"])),
        row("income", lambda p: resources_text(p["income"])),
        row("hand / discs", lambda p: f"{counted(p['hand_count'], 'card')} / {p['discs']}"),
        row("tiles / roads", lambda p: f"{len(p['tiles'])} / {len(p['roads'])}"),
        row("properties", lambda p: f"{len(p['properties'])}, rabbits {len(p['rabbits'])}"),
        row("cities / ports", lambda p: f"{p['cities']} / {p['connected_ports']}"),
        row("food", lambda p: str(p["food"])),
        row(
            "carriage / loco",
            lambda p: f"{p['carriage']} / {'none' if p['locomotive'] is None else p['locomotive']}",
        ),
        row(
            "played / auto",
            lambda p: f"{len(p['played'])} / {sum(len(c) for c in p['columns'].values())}",
        ),
        row("skill tiles", lambda p: " ".join(map(str, p["skills"])) or "-"),
        row("milestones", lambda p: " ".join(map(str, p["milestones"])) or "-"),
        row("round aid", lambda p: "-" if p["aid"] is None else f"space {p['aid'] + 1}"),
        row("passed", lambda p: "yes" if p["passed"] else "no"),
    ]


def prosperity_facts(view: SweetLandsView) -> list[tuple[str, list[str]]]:
    """(track, each player's step on it) for the six Prosperity Tracks, each named as
    the Tracks panel names it (a row of six bare numbers said nothing)."""
    players = view["players"]
    return [
        (track_name(tr), [str(p["prosperity"][i]) for p in players])
        for i, tr in enumerate(data().prosperity)
    ]


def players_renderable(view: SweetLandsView, width: int = 100):
    """All players side by side, public facts only; on a narrow panel one paragraph per
    player instead (four columns of values would fold letter by letter)."""
    players = view["players"]
    tags = player_tags(players)
    facts = player_facts(view)
    tracks = prosperity_facts(view)
    if width < 15 + 16 * len(players):
        parts: list = [Text("Players (public)", style="bold")]
        for s, p in enumerate(players):
            # a grid, so that a value that wraps goes on under itself, not at the edge
            grid = Aligned(
                "left", "left", no_wrap=(True, False), fold_last=True, styles=("dim", "")
            )
            for label, values in facts:
                grid.add_row(f" {label}:", values[s])
            grid.add_row(" prosperity steps:", "")
            for label, values in tracks:
                grid.add_row(f"  {label}:", values[s])
            parts += [Text(f"{tags[s]} {p['name']}", style="bold"), grid]
        return Group(*parts)
    # the labels stay whole; values fold, never "..."
    columns: list[dict] = [{"no_wrap": True}, *[{"overflow": "fold"}] * len(players)]
    heads = ["", *(f"{tags[s]} {escape(p['name'])}" for s, p in enumerate(players))]
    t = Titled("Players (public)", heads, title_style="bold", columns=columns)
    for label, values in facts:
        t.add_row(label, *values)
    t.add_row(Text("prosperity steps", style="dim"), *[""] * len(players))
    for label, values in tracks:
        t.add_row(f" {label}", *values)
    return t


def stable_slots(before: dict[int, int], uids: list[int]) -> dict[int, int]:
    """Each card's number in the hand: a card keeps its number while others leave, and
    a new card takes the lowest number free (so the digit keys never shift)."""
    kept = {u: n for u, n in before.items() if u in uids}
    taken = set(kept.values())
    free = (n for n in range(1, len(uids) + len(taken) + 1) if n not in taken)
    for u in uids:
        if u not in kept:
            kept[u] = next(free)
    return kept


def numbered(rows: list, slots: dict[int, int] | None = None) -> list:
    """Hand rows with the digit key that chooses each card in front of its mark, in
    the order of their numbers (``slots``: uid -> number; else their places)."""
    out = []
    if slots is not None:
        rows = sorted(rows, key=lambda row: slots.get(int(row[0]), 99))
    for place, (key, cells) in enumerate(rows, 1):
        i = slots.get(int(key), 99) if slots is not None else place
        mark = Text(f"{i}" if i <= 9 else " ")
        mark.append_text(cells[0] if isinstance(cells[0], Text) else Text(str(cells[0])))
        out.append((key, [mark, *cells[1:]]))
    return out
