"""What the engine is asking, in words, and why a choice the player clicked is refused.

Built from the view and the legal actions only. ``pending`` in the view names the
decision (``op``); if the engine also reports its counters (``n``, ``t``, ``r``), they
are shown as what is left to do.
"""

from __future__ import annotations

from .text import plural

MAP_OPS = {"terrain", "road", "tr", "place", "rabbit"}
HAND_OPS = {"hand", "keep", "discard1", "draft"}
TRACK_OPS = {"industry", "prosperity"}
BOARD_OPS = {"choose_aid", "aid_move", "skill", "copy"}

PROMPTS = {
    "choose_char": "choose a character (basic ability + Clock Tower ability)",
    "choose_map": "choose a Map Board side (A for anyone; each B side once)",
    "choose_aid": "put your Round Aid token on a free space (see Board)",
    "aid_move": "you passed: move your Round Aid token to a free space",
    "hand": "pay the hand cost: discard a card (Hand, keys 1-9) or place an Action Disc",
    "discard1": "discard one card for this free action (Hand)",
    "keep": "cleanup: keep one card for next round, discard the rest",
    "terrain": "place a terrain tile on a hex marked *; S stops",
    "road": "place a road on an edge marked +; S stops",
    "tr": "place tiles (hexes *) and roads (edges +), any order; S stops",
    "industry": "advance the Carriage or the Locomotive; S stops",
    "prosperity": "advance on a Prosperity Track (Tracks); S stops",
    "rabbit": "place a Cookie Rabbit on a property marked *; S stops",
    "property": "take a property token (the cost shown, if any); S stops",
    "order": "choose which part of the ability to resolve next",
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
    if pend["op"] == "hand" and not any(a.kind == "disc" for a in legal):
        # no Action Disc to place: do not offer one
        return "pay the hand cost: discard a card (Hand, keys 1-9)" + left_text(pend)
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
# The engine puts the reason for every area, card and hex it would refuse in the view
# (the same words apply() raises); these only pick the right one.
def _explain(view: dict) -> dict:
    return view.get("explain") or {}


def why_not_map(view: dict, seat: int, target: tuple, legal: list) -> str:
    reasons = _explain(view).get("map")
    if not reasons:
        return "No map choice is asked now: " + prompt(view, legal)
    what, ident = target
    group = reasons["edges" if what == "edge" else "hexes"]
    return group.get(str(ident)) or f"{what.title()} {ident} is not a legal choice now."


def why_not_area(view: dict, seat: int, aid: str, legal: list) -> str:
    refusals = _explain(view).get("refusals") or {}
    return refusals.get("areas", {}).get(aid) or f"Area {aid} is not available to you now."


def why_not_card(view: dict, seat: int, card: dict, legal: list) -> str:
    refusals = _explain(view).get("refusals") or {}
    reason = refusals.get("cards", {}).get(str(card["uid"]))
    return reason or f"{card['name']} cannot be chosen now."
