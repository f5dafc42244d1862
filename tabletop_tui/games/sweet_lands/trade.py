"""The 3-for-1 trade in a few keys: X starts it, and while a basic resource is paid or
taken the move list is numbered so a digit answers it; a payment of several adds a
row per resource held that pays them all in it ("Pay all 3 in wheat", the chooser's
``pay_all_rows``). X, the digit of that row, the digit of the resource taken: a
conversion in three keys.

A row that pays them all makes the engine's one-by-one payments in a row; the ones
after the first are marked as taken by the screen, so one undo takes them all back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action

from ...text import markup_safe
from .chooser import ALL

if TYPE_CHECKING:
    from rules.sweet_lands import SweetLandsView

    from ..base import GameScreenBase as _Screen
else:
    _Screen = object


class TradeMixin(_Screen):
    """Methods of SweetLandsScreen (kept apart to keep the screen module short)."""

    _steps: list[str]

    if TYPE_CHECKING:

        def current_view(self) -> SweetLandsView: ...

    def choose_row(self, row: str) -> None:
        if row.startswith(ALL):
            self.pay_all(row.removeprefix(ALL))
        else:
            self.act_key(row)

    def pay_all(self, key: str) -> None:
        """Pay every resource due in the kind of ``key`` (its payment, made in a row)."""
        c = self.controller
        pend = self.current_view().get("pending")
        due = int(pend.get("n") or 1) if pend is not None else 1
        paid = 0
        resource = ""
        for _ in range(due):
            move = next((a for a in c.legal() if a.key == key), None)
            if move is None or not c.act(move, forced=paid > 0):
                break
            paid, resource = paid + 1, str(move.args[0])
        if paid:
            self._steps.append(f"Pay {paid} {resource}")
        if paid < due:
            self.notify(c.last_error or "Not all could be paid in it.", severity="warning")
        self.advance()

    def action_trade(self) -> None:
        """X: start the 3-for-1 trade, or say why it is not possible now."""
        c = self.controller
        if c.viewer is None or c.next_step() != "human":
            self.notify("Wait: it is not your move.", severity="warning")
            return
        trade = next((a for a in c.legal() if a.kind == "fa_trade"), None)
        if trade is not None:
            self.act_key(trade.key)
            return
        told = c.explain_action(Action(c.viewer, "fa_trade", ())).of_kind("refusal")
        why = told[0].label if told else "not at this step"
        self.notify(f"No 3-for-1 trade now: {markup_safe(why)}.", severity="warning")
