"""The Sweet Lands hand-off: the shared one, with U answering even when nothing can be
taken back (the engine never hands a Sweet Lands turn back), so the key a card-game
player reaches for says why instead of doing nothing."""

from __future__ import annotations

from textual.binding import Binding

from ...widgets.common import HandoffScreen

WHY_NO_TAKE_BACK = (
    "A Sweet Lands turn cannot be taken back once the next player is asked: the areas, "
    "cards and tracks it used are already on the table. U undoes steps within your own turn."
)


class SweetLandsHandoff(HandoffScreen):
    BINDINGS = [Binding("u", "why_no_take_back", "Take back?", show=False)]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "why_no_take_back" and not self.handing:
            return not self.take_back  # the shared U takes back when it can
        return super().check_action(action, parameters)

    def action_why_no_take_back(self) -> None:
        self.notify(WHY_NO_TAKE_BACK, title="Nothing to take back", severity="warning")
