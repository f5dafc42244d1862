"""Happiness's screen."""

from .. import GameUI

UI = (
    GameUI(
        "happiness",
        ".screen:HappinessScreen",
    ),
)
