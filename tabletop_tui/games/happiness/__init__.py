"""Happiness's screen."""

from pathlib import Path

from .. import GameUI

UI = (
    GameUI(
        game="happiness",
        screen="tabletop_tui.games.happiness.screen:HappinessScreen",
        help=Path(__file__).with_name("help.md"),
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
