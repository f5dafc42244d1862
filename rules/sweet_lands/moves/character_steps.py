"""Character free actions, pending steps and effect ops (see ``characters``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core import Action, counted
from ..facts import primitives as PR
from ..facts import queries as Q
from ..facts.skills import on_play
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.frame_types import Counted, Frame
from . import characters as C
from . import frames as FR
from .characters import face_up_tiles, least_colours, mark
from .frames import Step

# ---------------------------------------------------------------- free actions
# The moves of the characters' free actions; whether one may be taken now (each once
# a round, a cube marks it) is characters.free_refusal.
FREE_KINDS = C.FREE_KINDS


def free_options(s: StateFields, seat: int) -> list[Action]:
    return [
        _free_action(seat, fid)
        for fid in C.of(s.p[seat]).free_ids()
        if C.free_refusal(s, seat, f"fa_{fid}") is None
    ]


@cache
def _free_action(seat: int, fid: str) -> Action:
    """One shared value a seat and free action: the turn menu lists it on every step."""
    return Action(seat, f"fa_{fid}", (), C.FREE_LABELS[fid])


def do_free(s: StateFields, seat: int, args: tuple, kind: str = "") -> None:
    fid = kind[3:]
    mark(s, seat, fid)
    s.log(f"{s.players[seat]} uses a character free action ({C.FREE_LABELS[fid][6:]}).")
    C.of(s.p[seat]).do_free(s, seat, fid)


def free_costs(s: StateFields, seat: int, kind: str) -> tuple[dict, list[str]]:
    """The cost and gains of a character free action, for the view (explain.py)."""
    return C.of(s.p[seat]).free_costs(s, seat, kind[3:])


# ---------------------------------------------------------------- steps
class LotusFlip(Step[Frame]):
    op = Op.LOTUS_FLIP
    question = "choose the face-up terrain tile to flip"

    def options(self, s: StateFields, f: Frame) -> list[Action]:
        seat = f["seat"]
        return [
            Action(seat, "flip_tile", (h,), f"Flip the tile on hex {h}")
            for h in face_up_tiles(s, seat)
        ]

    def refusal(self, s: StateFields, f: Frame, a: Action) -> str:
        if a.kind == "flip_tile" and a.args and isinstance(a.args[0], int):
            tile = s.p[f["seat"]].tiles.get(a.args[0])
            if tile is None:
                return f"Hex {a.args[0]} holds no terrain tile of yours."
            if tile[1]:
                return f"The tile on hex {a.args[0]} is already flipped."
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: Frame, a: Action) -> None:
        s.stack.pop()
        FR.push_effects(s, a.seat, PR.flip(s, a.seat, a.args[0]))


class LeastColour(Step[Counted]):
    """Coral Lyla's income: when colours tie for least progress, she picks one."""

    op = Op.LEAST_COLOUR
    question = "choose the least-advanced Prosperity colour to advance"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        seat = f["seat"]
        return [
            Action(seat, "colour", (c,), f"Advance the {c} Prosperity tracks")
            for c in least_colours(s, seat)
            if Q.pros_movable(s, seat, c)
        ]

    def refusal(self, s: StateFields, f: Counted, a: Action) -> str:
        if a.kind == "colour" and a.args and a.args[0] in D.COLOURS:
            seat, colour = f["seat"], a.args[0]
            least = least_colours(s, seat)
            if colour not in least:
                return f"{colour.title()} is not your least-advanced colour ({', '.join(least)})."
            if not Q.pros_movable(s, seat, colour):
                return f"No {colour} Prosperity track can advance."
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        s.stack.pop()
        FR.push_prosperity(s, a.seat, None, f["n"], a.args[0])


def free_automatable(s: StateFields, seat: int) -> list[tuple[int, str]]:
    """(card, column) pairs a free automation may take from the hand now."""
    d = D.load()
    P = s.p[seat]
    out = []
    for uid in P.hand:
        card = d.cards[d.deck[uid]]
        if card.kind != "immediate":
            continue
        for c in Q.automate_columns(s, seat, uid):
            if len(P.columns[c]) < Q.column_limit(s, seat, c):
                out.append((uid, c))
    return out


def can_automate_two(s: StateFields, seat: int) -> bool:
    """Could two cards of the hand be automated together (column limits counted)?"""
    pairs = free_automatable(s, seat)
    for uid, c in pairs:
        P = s.p[seat]
        room = {k: Q.column_limit(s, seat, k) - len(P.columns[k]) for k in D.COLOURS}
        room[c] -= 1
        if any(u != uid and room[k] > 0 for u, k in pairs):
            return True
    return False


def free_automate_refusal(s: StateFields, seat: int, uid: object, colour: str) -> str | None:
    """Why a free automation of ``uid`` into ``colour`` cannot be taken; None if it can."""
    d = D.load()
    P = s.p[seat]
    if type(uid) is not int or uid not in P.hand:
        return "That card is not in your hand."
    if len(P.hand) <= Q.cards_kept(s):
        return "Your last card must stay in hand until round 5."
    if d.cards[d.deck[uid]].kind != "immediate":
        return "Only a card with an Immediate Ability can be automated."
    if colour not in Q.automate_columns(s, seat, uid):
        return f"This card cannot be automated into the {colour} column."
    limit = Q.column_limit(s, seat, colour)
    if len(P.columns[colour]) >= limit:
        return f"The {colour} column is full ({counted(limit, 'card')})."
    return None


class FreeAutomate(Step[Counted]):
    """Automate cards from the hand at no cost; the card's Immediate Ability does
    not run (Carmen Mel's first round, advanced skill tile 111)."""

    op = Op.FREE_AUTO
    stoppable = counted = True
    question = "automate a card from your hand at no cost (or stop)"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        d = D.load()
        seat = f["seat"]
        if len(s.p[seat].hand) <= Q.cards_kept(s):
            return []
        return [
            Action(seat, "automate", (uid, c), f"Automate {d.cards[d.deck[uid]].name} ({c})")
            for uid, c in free_automatable(s, seat)
        ]

    def refusal(self, s: StateFields, f: Counted, a: Action) -> str:
        if a.kind == "automate" and len(a.args) == 2 and a.args[1] in D.COLOURS:
            reason = free_automate_refusal(s, f["seat"], *a.args)
            if reason:
                return reason
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        self.take_one(s, f)
        uid, c = a.args
        P = s.p[a.seat]
        P.drop_card(uid)
        P.columns = {**P.columns, c: [*P.columns[c], uid]}
        name = D.load().cards[D.load().deck[uid]].name
        s.log(f"{s.players[a.seat]} automates {name} into the {c} column at no cost.")


class SakuraSearch(Step[Counted]):
    """Sakura Mochi's Clock Tower: pick Pass cards from the deck; the first is
    played at no cost, the second goes to the hand; then the deck is shuffled."""

    op = Op.SAKURA_SEARCH
    question = "pick a Pass card from the Citizen Deck"

    def options(self, s: StateFields, f: Counted) -> list[Action]:
        d = D.load()
        seat = f["seat"]
        seen, out = set(), []
        verb = "Play" if f["n"] == 2 else "Take into hand"
        for uid in sorted(s.deck):
            cid = d.deck[uid]
            if d.cards[cid].kind == "pass" and cid not in seen:
                seen.add(cid)
                out.append(Action(seat, "search", (cid,), f"{verb} {d.cards[cid].name}"))
        return out

    def refusal(self, s: StateFields, f: Counted, a: Action) -> str:
        d = D.load()
        if a.kind == "search" and a.args and isinstance(a.args[0], int):
            cid = a.args[0]
            if not 0 <= cid < len(d.cards) or d.cards[cid].kind != "pass":
                return "Only a Pass card may be picked from the Citizen Deck."
            if all(d.deck[u] != cid for u in s.deck):
                return f"No {d.cards[cid].name} is left in the Citizen Deck."
        return super().refusal(s, f, a)

    def resolve(self, s: StateFields, f: Counted, a: Action) -> None:
        d = D.load()
        seat = a.seat
        uid = next(u for u in sorted(s.deck) if d.deck[u] == a.args[0])
        s.deck = [u for u in s.deck if u != uid]  # a new list (copy on write)
        name = d.cards[a.args[0]].name
        if f["n"] == 2:
            P = s.p[seat]
            P.played = [*P.played, uid]
            s.log(f"{s.players[seat]} plays {name} from the deck at no cost.")
            on_play(s, seat)
        else:
            s.p[seat].hand = [*s.p[seat].hand, uid]  # copy on write
            s.log(f"{s.players[seat]} takes a Pass card from the deck into hand.")
            s.log(f"You take {name}.", seat)
        self.take_one(s, f)
        if f["n"] <= 0:
            self.dropped(s, f)

    def spent(self, f: Counted) -> bool:
        return f["n"] <= 0

    def dropped(self, s: StateFields, f: Counted) -> None:
        deck = list(s.deck)
        s.own_rng().shuffle(deck)
        s.deck = deck
        s.checkpoint += 1
        s.log("The Citizen Deck is shuffled.")


# The steps of this module (steps.py puts them in its table).
CHARACTER_STEPS = (LotusFlip, LeastColour, FreeAutomate, SakuraSearch)


# ---------------------------------------------------------------- effect ops
def _coral_steps(s: StateFields, seat: int, v: int, chain: Any) -> None:
    colours = [c for c in least_colours(s, seat) if Q.pros_movable(s, seat, c)]
    if len(colours) == 1:
        FR.push_prosperity(s, seat, chain, v, colours[0])
    elif colours:
        FR.push_counted(s, Op.LEAST_COLOUR, seat, chain, v)


def _carmen_automate(s: StateFields, seat: int, v: int, chain: Any) -> None:
    """Fewer than 2 of her 8 cards fit: they go under the deck and she draws 8 anew
    (at most a few times, should the deck be that unkind)."""
    P = s.p[seat]
    for _ in range(5):
        if can_automate_two(s, seat):
            break
        back, P.hand = P.hand, []
        s.deck = back + s.deck  # under the deck (its bottom is the front)
        s.log(f"{s.players[seat]} can automate fewer than 2 cards: they go under the deck.")
        PR.draw(s, seat, len(back))
    FR.push_counted(s, Op.FREE_AUTO, seat, chain, v)


EXTRA_EFFECTS = {
    "coral_steps": _coral_steps,
    "carmen_automate": _carmen_automate,
    "sakura_search": lambda s, seat, v, chain: FR.push_counted(s, Op.SAKURA_SEARCH, seat, chain, v),
}


# ---------------------------------------------------------------- registration
# The turn menu (turn.py) and the effect table (effects.py) take these entries.
TURN_HANDLERS = {k: (lambda s, seat, args, k=k: do_free(s, seat, args, k)) for k in FREE_KINDS}
TURN_ARGS: dict[str, tuple] = {k: () for k in FREE_KINDS}


# Ops the skill data may use (data/skills.toml): listed in the effect table too.
DATA_EFFECTS = {
    "free_auto": lambda s, seat, v, chain: FR.push_counted(s, Op.FREE_AUTO, seat, chain, v),
    "discard": lambda s, seat, v, chain: s.stack.append({"op": Op.DISCARD_ONE, "seat": seat}),
}
