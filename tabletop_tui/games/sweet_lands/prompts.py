"""What the engine is asking, in words, and why a choice the player clicked is refused.

Built from the view and the legal actions only. ``pending`` in the view names the
decision (``op``); if the engine also reports its counters (``n``, ``t``, ``r``), they
are shown as what is left to do.
"""

from __future__ import annotations

from .text import cost_text, data, plural

MAP_OPS = {"terrain", "road", "tr", "place", "rabbit"}
HAND_OPS = {"hand", "keep", "discard1"}
TRACK_OPS = {"industry", "prosperity"}
BOARD_OPS = {"choose_aid", "aid_move", "skill", "copy"}
MAP_KINDS = {"hex", "special", "edge", "place", "rabbit"}

PROMPTS = {
    "choose_char": "choose a character (basic ability + Clock Tower ability)",
    "choose_map": "choose a Map Board side (A for anyone; each B side once)",
    "choose_aid": "put your Round Aid token on a free space (see Board)",
    "aid_move": "you passed: move your Round Aid token to a free space",
    "hand": "pay the hand cost: discard a card (Hand) or use an Action Disc",
    "discard1": "discard one card for this free action (Hand)",
    "keep": "cleanup: keep one card for next round, discard the rest",
    "terrain": "place a terrain tile on a hex marked *; S stops",
    "road": "place a road on an edge marked +; S stops",
    "tr": "place tiles (hexes *) and roads (edges +), any order; S stops",
    "industry": "advance the Carriage or the Locomotive; S stops",
    "prosperity": "advance on a Prosperity Track (Tracks); S stops",
    "rabbit": "place a Cookie Rabbit on a property marked *; S stops",
    "property": "take a property token (pay its cost now); S stops",
    "place": "place the token on a hex marked * (flipped tile or capital)",
    "skill": "take a skill tile you do not have yet (Board)",
    "basic": "take one basic resource of your choice",
    "paybasic": "pay one basic resource of your choice",
    "income_any": "raise one income track of your choice",
    "capital": "capital bonus: raise an income or a Prosperity Track",
    "column": "Industry Bonus: choose the column to run",
    "automate": "automate the card just played (1 diamond) or not",
    "copy": "choose the area to copy (you pay its cost too)",
    # F: the steps of the added characters and variants
    "draft": "hand drafting: keep one card of the pack in front of you",
    "free_auto": "automate a card from your hand at no cost; S stops",
    "lotus_flip": "Lotus Che: choose one of your face-up tiles to flip",
    "least_colour": "Coral Lyla: choose the least-advanced Prosperity colour",
    "sakura_search": "Sakura Mochi: pick a Pass card from the deck",
}


def prompt(view: dict, legal: list) -> str:
    pend = view.get("pending")
    if pend is None:
        if view["phase"] != "action":
            return "wait"
        if not view["main_done"]:
            return (
                "main action: an area (Board), a card (Hand), a flip or pass; free actions any time"
            )
        return "main action done: free actions, then End the turn (E)"
    return PROMPTS.get(pend["op"], pend["op"]) + left_text(pend)


def left_text(pend: dict) -> str:
    """What is left of the step, from the counters the engine reports."""
    op = pend["op"]
    bits = []
    if op == "tr" and "t" in pend:
        bits.append(f"{plural(pend['t'], 'tile')}, {plural(pend['r'], 'road')} left")
    elif "n" in pend and op in ("hand", "paybasic", "basic", "income_any", "capital"):
        bits.append(f"{pend['n']} more")
    elif "n" in pend and op in (
        "terrain",
        "road",
        "industry",
        "prosperity",
        "rabbit",
        "property",
        "skill",
    ):
        bits.append(f"up to {pend['n']} more")
    if pend.get("colour") and op == "prosperity":
        bits.append(f"{pend['colour']} tracks only")
    if pend.get("type") and op == "place":
        bits.append(f"a {pend['type']}")
    if pend.get("area") and op == "copy":
        bits.append(f"with area {pend['area']}")
    return f" [{'; '.join(bits)}]" if bits else ""


def home_tab(op: str | None) -> str | None:
    if op in MAP_OPS:
        return "tab-map"
    if op in HAND_OPS:
        return "tab-hand"
    if op in TRACK_OPS:
        return "tab-tracks"
    if op in BOARD_OPS:
        return "tab-board"
    return None


# ---- why a click is refused ----------------------------------------------------------
def why_not_map(view: dict, seat: int, target: tuple, legal: list) -> str:
    d = data()
    pend = view.get("pending")
    op = pend["op"] if pend else None
    pv = view["players"][seat]
    m = d.maps[pv["map"]] if pv["map"] else None
    kinds = {a.kind for a in legal}
    if not kinds & MAP_KINDS:
        return "No map choice is asked now: " + prompt(view, legal)
    what, ident = target
    if what == "edge":
        if "edge" not in kinds:
            return "A hex is asked for here, not an edge: pick a hex marked *."
        if ident in pv["roads"]:
            return f"Edge {ident} already holds a road."
        return (
            f"Edge {ident} is not connected: a road must touch an edge of your capital or "
            "an edge that already holds one of your roads."
        )
    h = ident
    kind = m.kinds[h]
    tile = pv["tiles"].get(str(h))
    if op in ("terrain", "tr") and ("hex" in kinds or "special" in kinds):
        if kind == "capital":
            return "Capital hexes take no terrain tile (properties go there directly)."
        if kind == "eda":
            return "Extra Draw Areas take no tile: surround them with a tile and a road to activate them."
        if tile:
            return f"Hex {h} already holds a tile."
        if kind == "special" and not view["special_tiles"]:
            return "No special terrain tiles are left in the supply."
        return f"Hex {h} is not next to your capital or to one of your tiles."
    if op in ("terrain", "tr"):
        return "Only roads are left to place in this step: pick an edge marked +."
    if op == "place":
        if str(h) in pv["properties"]:
            return f"Hex {h} already holds a property."
        if kind == "capital":
            return f"Hex {h} cannot take this token now."
        if not tile:
            return f"Hex {h} has no tile: properties go on flipped tiles or capitals."
        if not tile[1]:
            return f"The tile on hex {h} is face up: a road on one of its edges flips it first."
        return f"The tile on hex {h} was flipped during this action: it can take a token next time."
    if op == "rabbit":
        if str(h) not in pv["properties"]:
            return "A Cookie Rabbit goes on a hex that holds a property token."
        if h in pv["rabbits"]:
            return f"Hex {h} already has a Cookie Rabbit."
    if op == "road":
        return "Roads go on edges: pick an edge marked +."
    return f"Hex {h} is not a legal choice now."


def why_not_area(view: dict, seat: int, aid: str, legal: list) -> str:
    d = data()
    area = d.areas[aid]
    pv = view["players"][seat]
    pend = view.get("pending")
    if pend is not None:
        if pend["op"] == "copy":
            return f"Area {aid} cannot be copied now (it must be a {'/'.join(area['copy'] or ['basic'])} area you can pay for)."
        return "Finish the current step first: " + prompt(view, legal)
    if view["phase"] != "action":
        return "Areas are used in the Action Phase."
    if view["main_done"]:
        return "You already took your main action this turn: End the turn (E) or take free actions."
    if aid not in view["opened"]:
        return f"Area {aid} opens in round {area['opens']}."
    occ = view["areas"][aid]
    if None not in occ:
        who = "Mio blocks" if "mio" in occ else "all spaces are taken:"
        return f"Area {aid} is full ({who} its spaces this round)."
    cost = dict(area["cost"])
    if pv["character"] == "nata" and any(op == "industry" for op, _ in area["effect"]):
        cost["iron"] = max(0, cost.get("iron", 0) - 1)
    short = {
        r: k - pv["resources"].get(r, 0) for r, k in cost.items() if k > pv["resources"].get(r, 0)
    }
    if short:
        return f"Area {aid} costs {cost_text(cost)}: you lack {cost_text(short)}."
    k = occ.index(None) + 1
    keep = 0 if view["round"] >= 5 else 1
    if pv["discs"] == 0 and pv["hand_count"] - keep < k:
        return (
            f"The next space of {aid} costs {plural(k, 'card')} from your hand; you have "
            f"{pv['hand_count']}" + (" and must keep 1 until round 5." if keep else ".")
        )
    if any(op == "property" for op, _ in area["effect"]):
        return "No property can be placed: you need a free flipped tile or capital and a token you can pay for."
    if area["copy"]:
        return f"No area that {aid} may copy is affordable for you after paying {cost_text(area['cost'])}."
    return f"Area {aid} is not available to you now."


def why_not_card(view: dict, seat: int, card: dict, legal: list) -> str:
    pv = view["players"][seat]
    pend = view.get("pending")
    keep = 0 if view["round"] >= 5 else 1
    if pend is not None:
        if pend["op"] in HAND_OPS:
            if pv["hand_count"] - 1 < keep:
                return "Your last card stays in hand until round 5."
            return f"{card['name']} cannot be chosen now."
        return "Finish the current step first: " + prompt(view, legal)
    if view["main_done"]:
        return "You already took your main action this turn; playing a card is a main action."
    if pv["hand_count"] <= keep:
        return "You cannot play your last card before round 5: one card must stay in hand."
    from .text import card_cost_for

    cost = card_cost_for(pv, card)
    if pv["resources"]["gold"] < cost:
        return f"{card['name']} costs {cost} gold; you have {pv['resources']['gold']}."
    return f"{card['name']} cannot be played now."
