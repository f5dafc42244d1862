"""Happiest Town's screen (standard and children's variant)."""

from .. import GameUI

UI = (
    GameUI(
        "happiest-town",
        ".screen:HappiestTownScreen",
    ),
)
