"""Hand drafting on the Hand panel: the pack in front of the viewer in full (each copy
its own row, cost, tags and text, keys 1-9), the cards kept so far, and the hand-off
that confirms each pick once the packs move on. From the viewer's view only."""

from __future__ import annotations

from rich.markup import escape

from rules.core import counted
from rules.sweet_lands import CardView, Op, SweetLandsView

from . import hand as H
from .text import card_summary


def drafting(v: SweetLandsView) -> bool:
    """True while the viewer picks from a pack (the draft step is asked of it)."""
    pend = v.get("pending")
    return (
        v["viewer"] is not None
        and pend is not None
        and pend["op"] == Op.DRAFT
        and bool("draft" in v and v["draft"]["pack"])
    )


def pack(v: SweetLandsView) -> list[CardView]:
    """The pack in front of the viewer, each copy a card of its own, priced as printed."""
    cards = (v["draft"]["pack"] if "draft" in v else None) or ()
    return [{**c, "play_cost": c["cost"]} for c in cards]


def pack_rows(v: SweetLandsView, usable: set, width: int) -> list:
    """The pack as the hand table's rows: digit key, card facts and its whole text."""
    return H.numbered(H.hand_rows(pack(v), usable, width))


def pack_title(v: SweetLandsView) -> str:
    cards = pack(v)
    me = v["viewer"]
    assert me is not None, "a pack is shown to the seat drafting"
    kept = v["players"][me]["hand_count"]
    return (
        f"[b]The pack in front of you[/b] ({counted(len(cards), 'card')}; {kept} kept so far) - "
        "keys 1-9, Enter or a click keep that card; the rest move on to the left"
    )


def kept_text(v: SweetLandsView) -> str:
    """The cards the viewer has kept so far, one line each."""
    me = v["viewer"]
    assert me is not None, "a pack is shown to the seat drafting"
    hand = v["players"][me]["hand"] or []
    if not hand:
        return "Kept so far: none yet."
    lines = [
        f"  {escape(c['name'])} ({c['cost']}g; {', '.join(c['tags']) or 'no sweets'}): "
        f"{escape(card_summary(c))}"
        for c in hand
    ]
    return "[b]Kept so far[/b]:\n" + "\n".join(lines)


def keep_label(v: SweetLandsView, uid: int) -> str | None:
    """A draft move's words: its place in the pack, cost, tags, text and copies."""
    cards = pack(v)
    place = next((i for i, c in enumerate(cards, 1) if c["uid"] == uid), None)
    if place is None:
        return None
    card = cards[place - 1]
    copies = sum(1 for c in cards if c["id"] == card["id"])
    key = f"{place} " if place <= 9 else ""
    tags = ", ".join(card["tags"]) or "no sweets"
    more = f" [{copies} copies in the pack]" if copies > 1 else ""
    return f"{key}Keep {card['name']} ({card['cost']}g; {tags}): {card_summary(card)}{more}"
