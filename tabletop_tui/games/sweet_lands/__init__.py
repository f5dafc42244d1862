"""Sweet Lands's screen, with its own end screen (the solo verdict against Mio)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import GameUI

if TYPE_CHECKING:
    from rules.core import GameState
    from rules.sweet_lands import SweetLandsView

    from ...controller import Controller

    # What the screen and its parts hold: a controller whose state's view is a
    # SweetLandsView (a SweetLandsState, or a seat played from elsewhere).
    SweetLandsController = Controller[GameState[SweetLandsView]]

UI = (
    GameUI(
        "sweet-lands",
        ".screen:SweetLandsScreen",
        end_screen=".endscreen:SweetLandsEndScreen",
    ),
)
