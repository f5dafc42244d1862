"""Happiest Town's screen (standard and children's variant)."""

from pathlib import Path

from .. import GameUI

UI = (
    GameUI(
        game="happiest-town",
        screen="tabletop_tui.games.happiest_town.screen:HappiestTownScreen",
        help=Path(__file__).with_name("help.md"),
        end_columns=(
            ("Population", "population"),
            ("Crossed pop.", "crossed_population"),
            ("Happiness", "happiness"),
            ("Crossed hap.", "crossed_happiness"),
            ("Net pop.", "net_population"),
            ("Net hap.", "net_happiness"),
            ("Points", "score"),
            ("Money", "coins"),
        ),
    ),
)
