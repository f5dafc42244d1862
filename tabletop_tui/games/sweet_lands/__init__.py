"""Sweet Lands's screen, with its own end screen (the solo verdict against Mio)."""

from .. import GameUI

UI = (
    GameUI(
        "sweet-lands",
        ".screen:SweetLandsScreen",
        end_screen=".endscreen:SweetLandsEndScreen",
    ),
)
