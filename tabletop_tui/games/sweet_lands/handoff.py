"""The Sweet Lands hand-off: the shared one, with U answering even when nothing can be
taken back (the engine never hands a Sweet Lands turn back), so the key a card-game
player reaches for says why instead of doing nothing; and Enter hands the table over
under it (``hand_over``)."""

from __future__ import annotations

from collections.abc import Callable

from textual.binding import Binding

from ...widgets.common import HandoffScreen

WHY_NO_TAKE_BACK = (
    "A Sweet Lands turn cannot be taken back once the next player is asked: the areas, "
    "cards and tracks it used are already on the table. U undoes steps within your own turn."
)


class SweetLandsHandoff(HandoffScreen):
    BINDINGS = [Binding("u", "why_no_take_back", "Take back?", show=False)]
    READIED = "readied"  # what dismiss answers once Enter has handed the table over

    def __init__(self, name: str, reason: str = "", take_back: str | None = None):
        super().__init__(name, reason, take_back)
        # What Enter does while this screen still covers the table: the game screen
        # draws the seat's view and dismisses this screen (READIED) once it is laid out
        # (SweetLandsScreen.hand_over_under); None: Enter dismisses it at once.
        self.hand_over: Callable[[], None] | None = None
        self.handing = False  # Enter pressed, the table being drawn: no key acts meanwhile

    def set_player(self, name: str, reason: str = "", take_back: str | None = None) -> None:
        super().set_player(name, reason, take_back)
        self.hand_over, self.handing = None, False

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.handing:
            return False
        if action == "why_no_take_back":
            return not self.take_back  # the shared U takes back when it can
        return super().check_action(action, parameters)

    def action_ready(self) -> None:
        if self.handing:
            return  # a second Enter (or click) while the table is drawn
        if self.hand_over is None:
            super().action_ready()
            return
        self.handing = True
        self.hand_over()

    def action_why_no_take_back(self) -> None:
        self.notify(WHY_NO_TAKE_BACK, title="Nothing to take back", severity="warning")
