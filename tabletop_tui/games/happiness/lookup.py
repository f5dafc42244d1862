"""The look-up key on Happiness's screen: the spot under the board's cursor (what each
card of the hand would score there, or the card lying on it), the card selected in
the hand, the placement a move makes, or what the mouse points at."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action, Ref

from ...lookup import Subject
from .board import Board
from .hand import Hand

if TYPE_CHECKING:  # the mixin's methods are the screen's
    from rules.core import GameState
    from rules.happiness import HappinessView

    from ...controller import Controller
    from ..base import GameScreenBase as _Screen
else:
    _Screen = object


# the section of help.md F1 opens at, by the stage of the game
HELP_SECTIONS = {"build": "Before play", "bummer": "Bummers", "window": "Bummers"}


class HappinessLookup(_Screen):
    """The look-up's hooks for the Happiness screen (a mixin of it)."""

    controller: Controller[GameState[HappinessView]]  # the screen's
    selected: int  # the hand's selected card (the screen's)

    def hand_words(self) -> list[str]:
        hand = self.controller.view()["hand"] or []
        return [card["word"] for card in hand]

    def help_section(self) -> str | None:
        stage = self.controller.view()["stage"]
        if self.controller.state.is_over:
            return "The end"
        return HELP_SECTIONS.get(str(stage), "Your turn")

    def focused_ref(self) -> Ref | None:
        if isinstance(self.focused, Board):
            return Ref("spot", self.focused.cursor)
        return None

    def ref_of_move(self, action: Action) -> Ref | None:
        if action.kind == "place" and len(action.args) == 3:
            return Ref("spot", (action.args[1], action.args[2]))
        return None

    def lookup_subject(self) -> Subject:
        subject = super().lookup_subject()
        words = self.hand_words()
        if subject.told is None and 0 <= self.selected < len(words):
            # nothing else pointed at: the card selected in the hand
            return self.explain_ref(Ref("card", words[self.selected])) or subject
        return subject

    def lookup_pointed(self, widget, x: int, y: int) -> Subject | None:
        if isinstance(widget, Board):
            return self.explain_ref(Ref("spot", widget.cell_at(x, y)))
        if isinstance(widget, Hand):
            k = widget.index_at(x, y)
            words = self.hand_words()
            return self.explain_ref(Ref("card", words[k])) if k is not None else None
        return None
