"""Pending steps: the frames put on the stack (``s.stack``, top last), the ``Step``
base class that says how a kind of frame is answered, and helpers the step kinds
share. The record each kind of frame follows is in ``frame_types``; the step kinds
themselves are in ``choice_steps``, ``map_steps``, ``character_steps`` and ``steps``."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from ...core import Action
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.frame_types import Counted, EffectFrame, Frame, ProsperityFrame
from ..model.story import effect_words


# ---------------------------------------------------------------- pushing frames
def push_effects(
    s: StateFields, seat: int, effects: Any, chain: int | None = None, why: str = ""
) -> None:
    """Push effects to resolve in order; ``why``: what brought them (an area, a card,
    income), for the log of an Industry marker's move."""
    for op, v in reversed(effects):
        f: EffectFrame = {"op": Op.FX, "seat": seat, "fx": op, "v": v, "chain": chain}
        if why:
            f["why"] = why
        s.stack.append(f)


def push_counted(s: StateFields, op: str, seat: int, chain: int | None, n: int) -> None:
    """A step of ``n`` choices of kind ``op``."""
    f: Counted = {"op": op, "seat": seat, "chain": chain, "n": n}
    s.stack.append(f)


def push_prosperity(s: StateFields, seat: int, chain: int | None, n: int, colour: str) -> None:
    """``n`` Prosperity steps on tracks of ``colour`` only."""
    f: ProsperityFrame = {
        "op": Op.PROSPERITY,
        "seat": seat,
        "chain": chain,
        "n": n,
        "colour": colour,
    }
    s.stack.append(f)


def push_area_effect(s: StateFields, seat: int, aid: str) -> None:
    # An area's property placements pay the token costs (its printed cost);
    # placements granted by anything else are free (see RULINGS.md).
    effects = D.load().areas[aid]["effect"]
    parts = [("area_property" if op == "property" else op, v) for op, v in effects]
    push_effects(s, seat, parts, why=f"area {aid}")


# ---------------------------------------------------------------- the step base
F = TypeVar("F", bound=Frame)


class Step(Generic[F]):
    """How one kind of pending decision behaves, on frames of the record ``F``."""

    op: ClassVar[str] = ""
    # "Up to" steps may be stopped early with a "done" action.
    stoppable: ClassVar[bool] = False
    # Counted steps end once their count "n" reaches zero.
    counted: ClassVar[bool] = False
    # What the seat is asked, for refusals and prompts.
    question: ClassVar[str] = ""
    # The options list the moves of every seat that may act, not only f["seat"]'s.
    every_seat: ClassVar[bool] = False

    def options(self, s: StateFields, f: F) -> list[Action]:
        raise NotImplementedError

    def resolve(self, s: StateFields, f: F, a: Action) -> None:
        raise NotImplementedError

    def spent(self, f: F) -> bool:
        # a counted step's record is Counted (or built on it); typed for the checker
        # alone, as settle asks after every move and a cast is a call
        if TYPE_CHECKING:
            counted = cast(Counted, f)
        else:
            counted = f
        return self.counted and counted.get("n", 0) <= 0

    def dropped(self, s: StateFields, f: F) -> None:
        """Called when the step leaves the stack without (further) choices."""

    def stopped(self, s: StateFields, f: F) -> None:
        """Called when the seat answers "done"."""
        s.stack.pop()
        self.dropped(s, f)

    def refusal(self, s: StateFields, f: F, a: Action) -> str:
        who = s.players[f["seat"]]
        if a.kind == "done" and not self.stoppable:
            return f"{who} must answer this step; it cannot be stopped early: {self.question}"
        kinds = {o.kind for o in self.options(s, f)}
        if a.kind not in kinds and a.kind != "done":
            return f"Finish the current step first: {who} must {self.question}."
        return f"That is not one of the choices now: {who} must {self.question}."

    def take_one(self, s: StateFields, f: Counted) -> None:
        """Count one choice off a counted step, leaving the stack when it is spent,
        before the choice's own effects are pushed above it."""
        f["n"] -= 1
        if f["n"] <= 0 and s.stack and s.stack[-1] is f:
            s.stack.pop()


@cache
def done_action(seat: int) -> Action:
    """The "Stop" of an "up to" step (one shared value per seat)."""
    return Action(seat, "done", (), "Stop")


def first_copies(hand: list[int]) -> list[int]:
    """The first card of each card type in a hand (copies of one type act alike)."""
    deck = D.load().deck
    out, seen = [], set()
    for uid in hand:
        cid = deck[uid]
        if cid not in seen:
            seen.add(cid)
            out.append(uid)
    return out


def _discard_options(s: StateFields, seat: int, kind: str = "discard") -> list[Action]:
    return [_card_action(seat, kind, uid) for uid in first_copies(s.p[seat].hand)]


@cache
def _card_action(seat: int, kind: str, uid: int) -> Action:
    return Action(seat, kind, (uid,), _card_label(kind, D.load().deck[uid]))


@cache
def _card_label(kind: str, cid: int) -> str:
    verb = "Keep" if kind == "keep" else "Discard"
    return f"{verb} {D.load().cards[cid].name}"


def describe_effect(op: str, v: Any) -> str:
    """A short phrase for one effect part, for labels and views."""
    return effect_words(op, v)
