"""What the engine is asking, in words, and why a choice the player clicked is refused.

Built from the view and the legal actions only. ``pending`` in the view names the
decision (``op``); if the engine also reports its counters (``n``, ``t``, ``r``), they
are shown as what is left to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Ref, counted
from rules.sweet_lands import CardView, Op, PendingView, SweetLandsView

from ...text import markup_safe  # names and prompts are drawn as Textual markup
from . import asked as A

if TYPE_CHECKING:
    from . import SweetLandsController

MAP_OPS = {Op.TERRAIN, Op.ROAD, Op.TERRAIN_ROAD, Op.PLACE, Op.RABBIT}
HAND_OPS = {Op.HAND, Op.KEEP, Op.DISCARD_ONE, Op.DRAFT}
TRACK_OPS = {Op.INDUSTRY, Op.PROSPERITY}
BOARD_OPS = {Op.CHOOSE_AID, Op.AID_MOVE, Op.SKILL, Op.COPY}

PROMPTS = {
    Op.CHOOSE_CHAR: "choose a character (basic ability + Clock Tower ability)",
    Op.CHOOSE_MAP: "choose a Map Board side (A for anyone; each B side once)",
    Op.CHOOSE_AID: "put your Round Aid token on a free space (see Board)",
    Op.AID_MOVE: "you passed: move your Round Aid token to a free space",
    Op.HAND: "pay the hand cost: discard a card (Hand, keys 1-9) or place an Action Disc",
    Op.DISCARD_ONE: "discard one card for this free action (Hand)",
    Op.KEEP: "cleanup: keep one card for next round, discard the rest",
    Op.TERRAIN: "place a terrain tile on a hex marked *; s stops",
    Op.ROAD: "place a road on an edge marked +; s stops",
    Op.TERRAIN_ROAD: "place tiles (hexes *) and roads (edges +), any order; s stops",
    Op.INDUSTRY: "advance the Carriage or the Locomotive; s stops",
    Op.PROSPERITY: "advance on a Prosperity Track (Tracks); s stops",
    Op.RABBIT: "place a Cookie Rabbit on a property marked *; s stops",
    Op.PROPERTY: "take a property token (the cost shown, if any); s stops",
    Op.ORDER: "choose which part of the ability to resolve next",
    Op.PLACE: "place the token on a hex marked * (flipped tile or capital)",
    Op.SKILL: "take a skill tile you do not have yet (Board)",
    Op.BASIC: "take one basic resource of your choice",
    Op.PAYBASIC: "pay one basic resource of your choice",
    Op.INCOME_ANY: "raise one income track of your choice",
    Op.CAPITAL: "capital bonus: raise an income or a Prosperity Track",
    Op.COLUMN: "Industry Bonus: choose the column to run",
    Op.AUTOMATE: "automate the card just played (1 diamond) or not",
    Op.COPY: "choose the area to copy (you pay its cost too)",
    # F: the steps of the added characters and variants
    Op.DRAFT: "hand drafting: keep one card of the pack in front of you",
    Op.FREE_AUTO: "automate a card from your hand at no cost; s stops",
    Op.LOTUS_FLIP: "Lotus Che: choose one of your face-up tiles to flip",
    Op.LEAST_COLOUR: "Coral Lyla: choose the least-advanced Prosperity colour",
    Op.SAKURA_SEARCH: "Sakura Mochi: pick a Pass card from the deck",
}


def prompt(view: SweetLandsView, legal: list) -> str:
    pend = view.get("pending")
    if pend is None:
        if view["phase"] != "action":
            return "wait"
        if not view["main_done"]:
            return (
                "main action: an area (Board), a card (Hand), a flip or pass; free actions any time"
            )
        return "main action done: free actions, then end the turn (e)"
    if pend["op"] == Op.HAND and not any(a.kind == "disc" for a in legal):
        # no Action Disc to place: do not offer one
        return "pay the hand cost: discard a card (Hand, keys 1-9)" + left_text(pend)
    return PROMPTS.get(pend["op"], pend["op"]) + left_text(pend)


def left_text(pend: PendingView) -> str:
    """What is left of the step, from the counters the engine reports."""
    op = pend["op"]
    bits = []
    if op == Op.TERRAIN_ROAD and "t" in pend:
        bits.append(f"{counted(pend['t'], 'tile')}, {counted(pend['r'], 'road')} left")
    elif "n" in pend and op in (Op.HAND, Op.PAYBASIC, Op.BASIC, Op.INCOME_ANY, Op.CAPITAL):
        bits.append(f"{pend['n']} more")
    elif "n" in pend and op in (
        Op.TERRAIN,
        Op.ROAD,
        Op.INDUSTRY,
        Op.PROSPERITY,
        Op.RABBIT,
        Op.PROPERTY,
        Op.SKILL,
    ):
        bits.append(f"up to {pend['n']} more")
    if pend.get("colour") and op == Op.PROSPERITY:
        bits.append(f"{pend['colour']} tracks only")
    if pend.get("type") and op == Op.PLACE:
        bits.append(f"a {pend['type']}")
    if pend.get("area") and op == Op.COPY:
        bits.append(f"with area {pend['area']}")
    return f" [{'; '.join(bits)}]" if bits else ""


def status_line(
    step: str, who: str, v: SweetLandsView, legal: list, review: bool, thinking: bool = False
) -> str:
    """The status line (Textual markup): who acts and what is asked, a bot about to
    move or (``thinking``) deciding, a hand-off awaited, or the end; in a replay,
    what was asked of whom."""
    name = markup_safe(who)
    if review and step != "over":
        return f"Replay: [b]{name}[/b] to choose: {markup_safe(prompt(v, legal))}"
    if step == "human":
        return f"[b]{name}[/b]: {markup_safe(prompt(v, legal))}"
    if step == "bot":  # it decides after a pause people can follow
        return f"{name} (bot) is {'thinking' if thinking else 'about to move'}..."
    if step == "over":
        return "The game is over."
    if step == "wait":  # a seat played on another screen (tabletop join) acts
        return f"Waiting for {name} to move."
    return f"Waiting for {name} to take the terminal."


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
# The explainer gives the reason for the area, card or hex clicked (the same words
# apply() raises); these only ask for the right one.
def why_not_map(view: SweetLandsView, c: SweetLandsController, target: tuple, legal: list) -> str:
    what, ident = target
    pend = view["pending"]
    if pend is None or pend["op"] not in MAP_OPS or pend["seat"] != view["viewer"]:
        return "No map choice is asked now: " + prompt(view, legal)
    reason = A.map_refusal(c, what, ident)
    return reason or f"{what.title()} {ident} is not a legal choice now."


def why_not_area(view: SweetLandsView, c: SweetLandsController, aid: str, legal: list) -> str:
    reason = A.refused(c, Ref("area", aid))
    return reason or f"Area {aid} is not available to you now."


def why_not_card(view: SweetLandsView, c: SweetLandsController, card: CardView, legal: list) -> str:
    reason = A.refused(c, Ref("card", card["uid"]))
    return reason or f"{card['name']} cannot be chosen now."
