"""Happiness's screen."""

from .. import GameUI

UI = (
    GameUI(
        "happiness",
        ".screen:HappinessScreen",
        end_columns=(
            ("Joypoints", "joypoints"),
            ("Euphoria", "euphoria"),
            ("Bummed out", "bummed_out"),
            ("Lost", "lost_to_bummers"),
            ("Score", "score"),
            ("Euphoria pile", "euphoria_pile"),
            ("Bummer pile", "bummer_pile"),
        ),
    ),
)
