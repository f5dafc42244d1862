"""The 3-for-1 trade in a few keys: X starts it, and while a basic resource is paid or
taken the move list is numbered so a digit answers it; a payment of several adds a
row per resource held that pays them all in it ("Pay all 3 in wheat", the chooser's
``pay_all_rows``). X, the digit of that row, the digit of the resource taken: a
conversion in three keys.

A row that pays them all makes the engine's one-by-one payments in a row; the ones
after the first are marked as taken by the screen, so one undo takes them all back.
The screen holds one ``Trade`` part, which reads the screen through ``TradeHost``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rules.core import Action
from rules.sweet_lands import SweetLandsView

from ...text import markup_safe
from ...widgets.parts import PartHost

if TYPE_CHECKING:
    from . import SweetLandsController


class TradeHost(PartHost, Protocol):
    """What the trade part reads and asks of the Sweet Lands screen."""

    @property
    def controller(self) -> SweetLandsController: ...

    def current_view(self) -> SweetLandsView: ...

    def note_step(self, words: str) -> None:
        """Add ``words`` to this turn's steps ("This turn" above the moves)."""
        ...

    def act_key(self, key: str) -> None: ...

    def advance(self) -> None: ...


class Trade:
    """X and the rows that pay a whole payment in one kind."""

    def __init__(self, host: TradeHost) -> None:
        self.host = host

    def pay_all(self, key: str) -> None:
        """Pay every resource due in the kind of ``key`` (its payment, made in a row)."""
        host = self.host
        c = host.controller
        pend = host.current_view().get("pending")
        due = int(pend.get("n") or 1) if pend is not None else 1
        paid = 0
        resource = ""
        for _ in range(due):
            move = next((a for a in c.legal() if a.key == key), None)
            if move is None or not c.act(move, forced=paid > 0):
                break
            paid, resource = paid + 1, str(move.args[0])
        if paid:
            host.note_step(f"Pay {paid} {resource}")
        if paid < due:
            host.notify(c.last_error or "Not all could be paid in it.", severity="warning")
        host.advance()

    def start(self) -> None:
        """X: start the 3-for-1 trade, or say why it is not possible now."""
        host = self.host
        c = host.controller
        if c.viewer is None or c.next_step() != "human":
            host.notify("Wait: it is not your move.", severity="warning")
            return
        trade = next((a for a in c.legal() if a.kind == "fa_trade"), None)
        if trade is not None:
            host.act_key(trade.key)
            return
        told = c.explain_action(Action(c.viewer, "fa_trade", ())).of_kind("refusal")
        why = told[0].label if told else "not at this step"
        host.notify(f"No 3-for-1 trade now: {markup_safe(why)}.", severity="warning")
