"""The rulebook's three variants, each a game option that is off by default.

- ``turn_order = "pass_order"``: from round 2 the Action Phase follows the order in
  which the players passed in the round before (the Turn Order Board).
- ``draft = "on"``: round 1's six cards are drafted; every seat picks at once from
  the pack in front of it, then the packs move one seat on, until six are kept.
- ``advanced_skills = "on"``: players + 1 Advanced Skill Tiles are dealt at setup;
  a seat gaining a skill tile may pay 1 diamond to take one of them instead.

State of its own sits in ``state.ext`` (a dict of immutable values: tuples, ints),
so a shallow copy of the dict copies it fully.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any, cast

from ...core import Action
from ..facts.skills import ADVANCED
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.frame_types import Frame
from ..model.view_types import CardView, VariantView
from .characters import after_draft, own
from .frames import Step

_OFF = {"turn_order": "clockwise", "draft": "off", "advanced_skills": "off"}


def set_ext(s: StateFields, **values: Any) -> None:
    """Change variant state: a new dict in place of the old, which the parent state
    and other copies still share (a copy of the state never copies ``ext``)."""
    s.ext = {**s.ext, **values}


def on(s: StateFields, name: str) -> bool:
    off = _OFF[name]
    return s.options.get(name, off) != off


# ---------------------------------------------------------------- turn order
def record_pass(s: StateFields, seat: int) -> None:
    set_ext(s, passed=s.ext.get("passed", ()) + (seat,))


def begin_round(s: StateFields) -> None:
    """The pass order of the round that ended becomes this round's turn order."""
    set_ext(s, order=s.ext.get("passed", ()), passed=())


def round_order(s: StateFields) -> tuple[int, ...]:
    order = s.ext.get("order", ())
    if on(s, "turn_order") and s.round >= 2 and len(order) == s.n:
        return order
    return _clockwise(s.start, s.n)


@cache
def _clockwise(start: int, n: int) -> tuple[int, ...]:
    return tuple((start + k) % n for k in range(n))


def first_seat(s: StateFields) -> int:
    return round_order(s)[0]


def seats_after(s: StateFields, seat: int) -> Iterator[int]:
    """The seats after ``seat`` in this round's order, wrapping round to ``seat``."""
    order = round_order(s)
    i = order.index(seat)
    for k in range(1, s.n + 1):
        yield order[(i + k) % s.n]


# ---------------------------------------------------------------- hand drafting
def drafting(s: StateFields) -> bool:
    return on(s, "draft") and s.round == 1 and s.n >= 2


def income(s: StateFields, seat: int, todo: list) -> list:
    """While drafting, the round-1 draw deals only the Extra Draw Areas' cards."""
    if not drafting(s):
        return todo
    return [("round_draw", 0) if op == "round_draw" else (op, v) for op, v in todo]


def before_action(s: StateFields) -> None:
    """Pushed between the income steps and the Action Phase: the draft."""
    if drafting(s):
        s.stack.append({"op": Op.DRAFT, "seat": s.start})
        s.stack.append({"op": Op.DRAFT_DEAL, "seat": s.start})


def deal(s: StateFields, f: Frame) -> None:
    size = D.load().board["first_round_draw"]
    packs = []
    deck = list(s.deck)  # a new list: the old one may be shared (copy on write)
    for _ in range(s.n):
        pack = []
        for _k in range(size):
            if not deck:
                deck, s.discard = list(s.discard), []
                s.own_rng().shuffle(deck)
            if deck:
                pack.append(deck.pop())
        packs.append(tuple(pack))
    s.deck = deck
    set_ext(s, packs=tuple(packs), picked=())
    s.checkpoint += 1
    s.log(f"Hand drafting: every player takes a pack of {size} cards.")


def actors(s: StateFields) -> list[int]:
    picked = s.ext.get("picked", ())
    return [i for i in range(s.n) if i not in picked]


class DraftPick(Step[Frame]):
    """One pick of the draft; every seat that has not picked this lap may act."""

    op = Op.DRAFT
    question = "keep one card of the pack in front of you"
    every_seat = True

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        d = D.load()
        out = []
        for seat in actors(s):
            seen = set()
            for uid in s.ext["packs"][seat]:
                cid = d.deck[uid]
                if cid not in seen:
                    seen.add(cid)
                    out.append(Action(seat, "draft", (uid,), f"Keep {d.cards[cid].name}"))
        return out

    def refusal(self, s: StateFields, f: Frame, a: Action) -> str:
        who = s.players[a.seat]
        if a.seat not in actors(s):
            return f"{who} has picked already; the others are still choosing."
        if a.kind != "draft":
            return f"Finish the current step first: {who} must {self.question}."
        return f"That card is not in the pack in front of {who}."

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        d = D.load()
        seat, uid = a.seat, a.args[0]
        packs = list(s.ext["packs"])
        packs[seat] = tuple(u for u in packs[seat] if u != uid)
        s.p[seat].hand = [*s.p[seat].hand, uid]  # copy on write
        set_ext(s, packs=tuple(packs), picked=s.ext["picked"] + (seat,))
        s.log(f"{s.players[seat]} keeps a card.")
        s.log(f"You keep {d.cards[d.deck[uid]].name}.", seat)
        if len(s.ext["picked"]) == s.n:
            _pass_packs(s, f)


def _pass_packs(s: StateFields, f: Frame) -> None:
    """Every pack moves to the seat on the left (the next in clockwise order); a
    last single card goes straight into that hand."""
    packs = s.ext["packs"]
    moved = tuple(packs[(i - 1) % s.n] for i in range(s.n))
    set_ext(s, picked=())
    s.checkpoint += 1
    if all(len(p) <= 1 for p in moved):
        for seat, pack in enumerate(moved):
            own(s, seat)
            s.p[seat].hand = s.p[seat].hand + list(pack)
        s.ext = {k: v for k, v in s.ext.items() if k not in ("packs", "picked")}
        s.stack.pop()
        s.log("Hand drafting is over: the last cards are taken.")
        after_draft(s)
        return
    set_ext(s, packs=moved)
    s.log("The packs move on to the left.")


def view(s: StateFields, seat: int | None) -> VariantView:
    """This round's turn order, the advanced tiles on show and, while drafting, only
    the pack in front of the viewer (the others by size)."""
    out: VariantView = {"turn_order": list(round_order(s)) if s.round else None}
    if "advanced" in s.ext:
        out["advanced_skills"] = list(s.ext["advanced"])
    packs = s.ext.get("packs")
    if packs is None:
        return out
    d = D.load()
    mine = packs[seat] if seat is not None else None
    out["draft"] = {
        # to_dict() is the printed card: a CardView once it has its uid
        "pack": [cast(CardView, d.cards[d.deck[u]].to_dict() | {"uid": u}) for u in mine]
        if mine is not None
        else None,
        "pack_sizes": [len(p) for p in packs],
        "picked": list(s.ext.get("picked", ())),
    }
    return out


def resample(live: StateFields, s: StateFields, seat: int, rng: Any) -> None:
    """The packs in front of the other seats are unseen: dealt afresh from the deck."""
    packs = live.ext.get("packs")
    if packs is None:
        return
    others = [i for i in range(live.n) if i != seat]
    pool = sorted(s.deck + [u for i in others for u in packs[i]])
    rng.shuffle(pool)
    new = list(packs)
    for i in others:
        k = len(packs[i])
        new[i], pool = tuple(pool[:k]), pool[k:]
    set_ext(s, packs=tuple(new))
    s.deck = pool


# ---------------------------------------------------------------- advanced skill tiles
def setup(s: StateFields) -> None:
    if on(s, "advanced_skills"):
        tiles = list(ADVANCED)
        s.rng.shuffle(tiles)
        set_ext(s, advanced=tuple(sorted(tiles[: s.n + 1])))


def advanced_options(s: StateFields, seat: int) -> list[Action]:
    P = s.p[seat]
    if P.res["diamond"] < 1:
        return []
    return [
        Action(seat, "skill", (sk,), f"Pay 1 diamond: take advanced skill tile {sk}")
        for sk in s.ext.get("advanced", ())
        if sk not in P.skills
    ]


def take_advanced(s: StateFields, seat: int, sk: int) -> None:
    own(s, seat)
    s.p[seat].res["diamond"] -= 1
    set_ext(s, advanced=tuple(x for x in s.ext["advanced"] if x != sk))
    s.log(f"{s.players[seat]} pays a diamond for an advanced skill tile.")
