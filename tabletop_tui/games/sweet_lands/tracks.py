"""The track panel: Industry and Food Tracks of one player, the six Prosperity Tracks,
income and the score track of every player. Built as Rich tables from a view."""
from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from .text import RES_SHORT, data, fx_text, player_tags

MARK = Text.styled  # shorthand


def _table(title: str, *cols, **kw) -> Table:
    t = Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
              pad_edge=False, padding=(0, 1), show_edge=False, **kw)
    for c in cols:
        if isinstance(c, tuple):
            t.add_column(c[0], **c[1])
        else:
            t.add_column(c)
    return t


def industry_table(pv: dict) -> Table:
    d = data()
    ind = d.player["industry"]
    labs_after = ind["labs_after"]
    t = _table(f"Industry Track ({pv['name']})", ("sp", {"justify": "right"}), "col", "IP", "bonus",
               "here")
    loco = pv["locomotive"]
    for i, (colour, bonus, ip) in enumerate(d.industry):
        col = {"orange": "O car", "green": "G loc"}.get(colour, "-")
        here = []
        if pv["carriage"] == i:
            here.append("C")
        if loco == i:
            here.append("L")
        style = "bold reverse" if here else ("dim" if i < max(pv["carriage"], loco or 0) else "")
        colour_style = {"orange": "#ffaf3a", "green": "#5fd75f"}.get(colour, "")
        t.add_row(str(i), Text(col, style=colour_style), str(ip) if ip else "",
                  fx_text(bonus) if bonus else ("start" if i == 0 else "-"),
                  " ".join(here), style=style)
        for k, after in enumerate(labs_after):
            if after == i:
                cost = ind["lab_costs"][k]
                taken = pv["labs_taken"] > k
                text = (f"Lab {k + 1} taken: open" if taken else
                        f"Lab {k + 1} BLOCKS (costs {cost_short(cost)})")
                t.add_row("", "", "", Text(text, style="dim" if taken else "bold red"), "")
    t.caption = (f"C Carriage takes O bonuses; L Locomotive takes G bonuses"
                 f"{'' if loco is not None else ' (Locomotive not yet gained)'}. "
                 f"Passing gives IP = icons reached.")
    t.caption_justify = "left"
    return t


def cost_short(cost: dict) -> str:
    return " ".join(f"{v}{RES_SHORT[k]}" for k, v in cost.items() if v)


def food_table(pv: dict) -> Table:
    d = data()
    food = d.player["food"]
    bonus = {b["at"]: b["effect"] for b in food["bonus"]}
    rabbit_at = food["rabbit_at"]
    t = _table(f"Food Track ({pv['name']})", ("sp", {"justify": "right"}), "bonus", "rabbit", "here")
    for i in range(food["length"] + 1):
        eff = bonus.get(i)
        txt = fx_text([(op, v) for e in eff for op, v in e.items()]) if eff else ""
        rab = ""
        for k, at in enumerate(rabbit_at):
            if at == i:
                rb = d.player["food"]["rabbit_bonus"][k]
                used = pv["rabbits_taken"] > k
                rab = f"#{k + 1}" + (f" {fx_text([(op, v) for e in rb for op, v in e.items()])}" if rb else "")
                rab += " (placed)" if used else (" ready" if pv["food"] >= at else "")
        here = "F" if pv["food"] == i else ""
        style = "bold reverse" if here else ("dim" if i < pv["food"] else "")
        t.add_row(str(i), txt, rab, here, style=style)
    left = 9 - pv["rabbits_taken"]
    ready = sum(1 for k, at in enumerate(rabbit_at) if k >= pv["rabbits_taken"] and pv["food"] >= at)
    t.caption = (f"F Food marker. Rabbits left {left}, ready to place {ready}. "
                 f"Wood discount now -{pv['wood_discount']}.")
    t.caption_justify = "left"
    return t


def _rate(track: dict, pos: int) -> tuple[int, int]:
    vp, per = 0, 1
    for frm, v, p in track["rates"]:
        if pos >= frm:
            vp, per = v, p
    return vp, per


ELEMENT = {"terrain": "terrain tiles", "rabbits": "Cookie Rabbits", "roads": "roads",
           "properties": "properties", "automated": "automated cards", "industry_points": "Industry Points"}


def element_count(pv: dict, element: str) -> int:
    if element == "terrain":
        return len(pv["tiles"])
    if element == "rabbits":
        return len(pv["rabbits"])
    if element == "roads":
        return len(pv["roads"])
    if element == "properties":
        return len(pv["properties"])
    if element == "automated":
        return sum(len(c) for c in pv["columns"].values())
    return pv["ip"]


def prosperity_table(view: dict, shown: int) -> Table:
    d = data()
    players = view["players"]
    tags = player_tags(players)
    pv = players[shown]
    t = _table("Prosperity Tracks (score rate of an element at the end; last space costs 1 diamond)",
               "track", "positions", f"{pv['name']}: rate -> now", "bonuses (first to the end)")
    for i, tr in enumerate(d.prosperity):
        cells = []
        for pos in range(tr["length"] + 1):
            here = "".join(tags[s] for s, p in enumerate(players) if p["prosperity"][i] == pos)
            cells.append(here or ("$" if pos == tr["length"] else "."))
        bar = " ".join(c.ljust(len(players)) if len(players) > 1 else c for c in cells)
        vp, per = _rate(tr, pv["prosperity"][i])
        n = element_count(pv, tr["element"])
        now = n * vp // per
        rate = f"{vp} VP / {per}" if vp else "0 VP"
        bon = ", ".join(f"{at}:{fx_text(eff)}" for at, eff in sorted(tr["bonus"].items()))
        first = view["prosperity_first"][i]
        end = fx_text(tr["end_bonus"]) + (f" [taken by {players[first]['name']}]" if first is not None else "")
        colour = {"orange": "#ffaf3a", "green": "#5fd75f", "grey": "#b0b0b0"}[tr["colour"]]
        name = Text(f"{tr['colour'][:2].upper()}-{tr['id'].split('-')[1][:2]} {ELEMENT[tr['element']]}",
                    style=colour)
        t.add_row(name, bar, f"{rate} x {n} = {now}", f"{bon}; end: {end}")
    rows = []
    for tr in d.prosperity:
        rows.append(" ".join(f"{frm}+:{v}/{p}" for frm, v, p in tr["rates"]))
    t.caption = "Rates per track (from space: VP per items): " + " | ".join(
        f"{tr['id']} {r}" for tr, r in zip(d.prosperity, rows))
    t.caption_justify = "left"
    return t


def score_table(view: dict) -> Table:
    players = view["players"]
    tags = player_tags(players)
    t = _table("Score track and income (income: collected each Income Phase)",
               "player", ("VP", {"justify": "right"}), ("CP", {"justify": "right"}),
               ("IP", {"justify": "right"}), ("gold inc", {"justify": "right"}),
               ("wheat", {"justify": "right"}), ("wood", {"justify": "right"}),
               ("iron", {"justify": "right"}), "Food", "Ind C/L", "Wonders")
    for s, p in enumerate(players):
        inc = p["income"]
        t.add_row(f"{tags[s]} {p['name']}", str(p["vp"]), str(p["cp"]), str(p["ip"]), str(inc["gold"]),
                  str(inc["wheat"]), str(inc["wood"]), str(inc["iron"]), str(p["food"]),
                  f"{p['carriage']}/{'-' if p['locomotive'] is None else p['locomotive']}",
                  str(p["wonders"]))
    t.caption = "VP victory points now; CP city points (2 VP each at the end); IP industry points."
    t.caption_justify = "left"
    return t


def tracks_renderable(view: dict, shown: int, width: int):
    pv = view["players"][shown]
    ind, food = industry_table(pv), food_table(pv)
    if width >= 100:
        top = Columns([ind, food], padding=(0, 3))
    else:
        top = Group(ind, Text(""), food)
    return Group(score_table(view), Text(""), prosperity_table(view, shown), Text(""), top)


def ahead_text(pv: dict) -> str:
    """The next bonuses each Industry marker would take."""
    d = data()
    out = []
    for marker, colour, pos in (("Carriage", "orange", pv["carriage"]), ("Locomotive", "green", pv["locomotive"])):
        if pos is None:
            continue
        nxt = [f"{i}:{fx_text(b)}" for i, (c, b, _) in enumerate(d.industry) if i > pos and c == colour and b][:2]
        out.append(f"{marker} next: {'; '.join(nxt) or 'end of track'}")
    return " | ".join(out)
