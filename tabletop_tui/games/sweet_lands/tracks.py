"""The track panel: the score track and income of every player, the six Prosperity
Tracks, and one player's Industry and Food Tracks. Compact Rich grids from a view."""

from __future__ import annotations

from typing import Literal

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from rules.sweet_lands import PlayerView, SweetLandsView, TrackRate, rate_words

from .lines import Aligned, Beside
from .text import RES_SHORT, data, fx_short, fx_text, player_tags

COLOUR = {"orange": "#ffaf3a", "green": "#5fd75f", "grey": "#b0b0b0"}
SHORT_COLOUR = {"orange": "Or", "green": "Gn", "grey": "Gy"}


def track_name(tr: dict) -> str:
    """Or-up tiles, Gn-lo properties, Gy-up automated: colour, upper/lower track, element."""
    return f"{SHORT_COLOUR[tr['colour']]}-{tr['id'].split('-')[1][:2]} {ELEMENT[tr['element']]}"


ELEMENT = {
    "terrain": "tiles",
    "rabbits": "rabbits",
    "roads": "roads",
    "properties": "properties",
    "automated": "automated",
    "industry_points": "ind. points",
}


FULL_WIDTH = 100  # from this panel width the bonuses are in words, not in short codes


def _fx(effects, full: bool) -> str:
    if not effects:
        return ""
    return fx_text(effects) if full else fx_short(effects)


def _grid(*cols) -> Table:
    t = Table.grid(padding=(0, 1))
    for c in cols:
        if isinstance(c, dict):
            t.add_column(**c)
        else:
            t.add_column(no_wrap=True)
    return t


def cost_short(cost: dict) -> str:
    return " ".join(f"{v}{RES_SHORT[k]}" for k, v in cost.items() if v)


def industry_lines(pv: PlayerView, full: bool = False):
    d = data()
    ind = d.player["industry"]
    loco = pv["locomotive"]
    t = Aligned("right", "left", "left", "left", "left")
    for i, (colour, bonus, ip) in enumerate(d.industry):
        here = ("C" if pv["carriage"] == i else "") + ("L" if loco == i else "")
        style = "bold reverse" if here else ("dim" if i < max(pv["carriage"], loco or 0) else "")
        col = Text({"orange": "O", "green": "G"}.get(colour, "-"), style=COLOUR.get(colour, ""))
        t.add_row(
            str(i),
            col,
            f"IP{ip}" if ip else "",
            _fx(bonus, full) or ("start" if i == 0 else ""),
            here,
            style=style,
        )
        for k, after in enumerate(ind["labs_after"]):
            if after == i:
                if pv["labs_taken"] > k:
                    t.add_row("", "", "", Text(f"lab {k + 1} taken", style="dim"), "")
                else:
                    t.add_row(
                        "",
                        "",
                        "",
                        Text(
                            f"LAB {k + 1} blocks ({cost_short(ind['lab_costs'][k])})",
                            style="bold red",
                        ),
                        "",
                    )
    return Group(Text("Industry Track", style="bold"), t)


def food_lines(pv: PlayerView, full: bool = False):
    d = data()
    food = d.player["food"]
    bonus = {b["at"]: [(op, v) for e in b["effect"] for op, v in e.items()] for b in food["bonus"]}
    t = Aligned("right", "left", "left", "left")
    for i in range(food["length"] + 1):
        rab = ""
        for k, at in enumerate(food["rabbit_at"]):
            if at == i:
                rb = [(op, v) for e in food["rabbit_bonus"][k] for op, v in e.items()]
                state = (
                    "placed" if pv["rabbits_taken"] > k else ("ready" if pv["food"] >= at else "")
                )
                rab = f"R{k + 1} {_fx(rb, full)} {state}".replace("  ", " ").strip()
        here = "F" if pv["food"] == i else ""
        style = "bold reverse" if here else ("dim" if i < pv["food"] else "")
        t.add_row(str(i), _fx(bonus.get(i), full), rab, here, style=style)
    return Group(Text("Food Track", style="bold"), t)


def _rate_now(rates: list[TrackRate], i: int) -> tuple[int, int, int, int]:
    """(VP, per, count, VP now) of Prosperity track i, as the explainer reports them."""
    r = rates[i]
    return r["vp"], r["per"], r["count"], r["scores"]


def rate_short(vp: int, per: int) -> str:
    """A rate as the compact panels write it: "1 VP per 3", "2 VP each" (never "1/3")."""
    return f"{vp} VP per {per}" if per > 1 else f"{vp} VP each"


def prosperity_lines(
    view: SweetLandsView, shown: int, rates: list[TrackRate], full: bool = False
) -> Aligned:
    d = data()
    players = view["players"]
    tags = player_tags(players)
    pv = players[shown]
    w = max(1, len(players))
    # the bonuses wrap, folding a word too long for their column
    t = Aligned("left", "left", "left", "left", no_wrap=(False,) * 4, fold_last=True)
    t.add_row(
        Text("Prosperity", style="bold"),
        Text("positions", style="dim"),
        Text(f"{pv['name']} now", style="dim"),
        Text("bonuses; end (first only)", style="dim"),
    )
    for i, tr in enumerate(d.prosperity):
        cells = []
        for pos in range(tr["length"] + 1):
            here = "".join(tags[s] for s, p in enumerate(players) if p["prosperity"][i] == pos)
            cells.append((here or ("$" if pos == tr["length"] else ".")).ljust(w))
        vp, per, n, now = _rate_now(rates, i)
        rate = f"{n} at {rate_short(vp, per)} = {now}VP"
        sep = "; " if full else " "
        bon = sep.join(f"{at}:{_fx(eff, full)}" for at, eff in sorted(tr["bonus"].items()))
        first = view["prosperity_first"][i]
        end = _fx(tr["end_bonus"], full) + (f" (taken: {tags[first]})" if first is not None else "")
        name = Text(track_name(tr), style=COLOUR[tr["colour"]])
        t.add_row(name, " ".join(cells), rate, f"{bon}{sep}end:{end}")
    return t


def rates_lines() -> Aligned:
    d = data()
    t = Aligned("left", "left", no_wrap=(False, False), fold_last=True)
    t.add_row(Text("VP rates", style="bold"), Text("from space N on: the rate", style="dim"))
    for tr in d.prosperity:
        t.add_row(
            Text(track_name(tr), style=COLOUR[tr["colour"]]),
            "; ".join(
                f"{frm}+: {rate_words(v, p, tr['element'])}" for frm, v, p in tr["rates"] if v
            ),
        )
    return t


def score_lines(view: SweetLandsView) -> Aligned:
    """VP, points and income, a row per player: plain aligned lines (a Rich grid of its
    fifty cells cost a quarter of the panel's drawing), the grid where they do not fit."""
    players = view["players"]
    tags = player_tags(players)
    right: list[Literal["left", "right"]] = ["right"] * 9
    t = Aligned("left", *right, no_wrap=(False, *[True] * 9))
    t.add_row(
        Text("Score / income", style="bold"),
        *[
            Text(h, style="dim")
            for h in ("VP", "CP", "IP", "gold+", "wheat+", "wood+", "iron+", "food", "ind C/L")
        ],
    )
    for s, p in enumerate(players):
        inc = p["income"]
        t.add_row(
            f"{tags[s]} {escape(p['name'])}",
            str(p["vp"]),
            str(p["cp"]),
            str(p["ip"]),
            str(inc["gold"]),
            str(inc["wheat"]),
            str(inc["wood"]),
            str(inc["iron"]),
            str(p["food"]),
            f"{p['carriage']}/{'-' if p['locomotive'] is None else p['locomotive']}",
        )
    return t


def score_lines_narrow(view: SweetLandsView) -> Table:
    players = view["players"]
    tags = player_tags(players)
    t = _grid({}, {"justify": "right", "no_wrap": True}, {"no_wrap": True}, {"no_wrap": True})
    t.add_row(
        Text("Score", style="bold"),
        Text("VP/CP/IP", style="dim"),
        Text("income g wh wd ir", style="dim"),
        Text("food ind", style="dim"),
    )
    for s, p in enumerate(players):
        inc = p["income"]
        t.add_row(
            f"{tags[s]} {escape(p['name'][:8])}",
            f"{p['vp']}/{p['cp']}/{p['ip']}",
            f"{inc['gold']} {inc['wheat']} {inc['wood']} {inc['iron']}",
            f"{p['food']} {p['carriage']}/{'-' if p['locomotive'] is None else p['locomotive']}",
        )
    return t


def prosperity_narrow(view: SweetLandsView, shown: int, rates: list[TrackRate]):
    """Two lines a track: name and positions, then the rate now and the bonuses."""
    d = data()
    players = view["players"]
    tags = player_tags(players)
    pv = players[shown]
    w = max(1, len(players))
    lines = [
        Text.assemble(
            ("Prosperity", "bold"), (f"  positions; {pv['name']}'s rate now; bonuses", "dim")
        )
    ]
    for i, tr in enumerate(d.prosperity):
        cells = []
        for pos in range(tr["length"] + 1):
            here = "".join(tags[s] for s, p in enumerate(players) if p["prosperity"][i] == pos)
            cells.append((here or ("$" if pos == tr["length"] else ".")).ljust(w))
        vp, per, n, now = _rate_now(rates, i)
        name = track_name(tr)
        first = view["prosperity_first"][i]
        bon = " ".join(f"{at}:{fx_short(eff)}" for at, eff in sorted(tr["bonus"].items()))
        end = fx_short(tr["end_bonus"]) + (f" (taken: {tags[first]})" if first is not None else "")
        lines.append(Text.assemble((name.ljust(18), COLOUR[tr["colour"]]), " ".join(cells)))
        lines.append(
            Text(
                f"   {n} at {rate_short(vp, per)} = {now}VP; {bon} end:{end}",
                style="dim",
            )
        )
    return Group(*lines)


def tracks_renderable(view: SweetLandsView, shown: int, rates: list[TrackRate], width: int):
    """The panel for the seat ``shown``, with the Prosperity rates the explainer gave."""
    pv = view["players"][shown]
    full = width >= FULL_WIDTH
    ind, food = industry_lines(pv, full), food_lines(pv, full)
    side = Beside(ind, Group(food, Text(""), Text(ahead_text(pv), style="italic")), gap=4)
    parts: list[RenderableType]
    if width >= 80:
        parts = [score_lines(view), Text(""), prosperity_lines(view, shown, rates, full), Text("")]
    else:
        parts = [
            score_lines_narrow(view),
            Text(""),
            prosperity_narrow(view, shown, rates),
            Text(""),
        ]
    if width >= 70:
        parts.append(side)
    else:
        parts += [ind, Text(""), food, Text(ahead_text(pv), style="italic")]
    parts += [
        Text(""),
        rates_lines(),
        Text(
            "C Carriage takes O bonuses, L Locomotive takes G bonuses; a LAB blocks both markers "
            "until taken as a property. F Food marker; R rabbits become ready as Food advances. "
            f"CP city points ({data().board['city_point_vp']} VP each at the end), IP industry "
            "points.",
            style="dim",
        ),
    ]
    return Group(*parts)


def ahead_text(pv: PlayerView) -> str:
    """The next bonuses each Industry marker would take."""
    d = data()
    out = []
    for marker, colour, pos in (
        ("Carriage", "orange", pv["carriage"]),
        ("Locomotive", "green", pv["locomotive"]),
    ):
        if pos is None:
            out.append("Locomotive: not yet (Industry space 4)")
            continue
        nxt = [
            f"{i}:{fx_short(b)}"
            for i, (c, b, _) in enumerate(d.industry)
            if i > pos and c == colour and b
        ][:3]
        out.append(f"{marker} ahead: {', '.join(nxt) or 'end of track'}")
    return "\n".join(out)
