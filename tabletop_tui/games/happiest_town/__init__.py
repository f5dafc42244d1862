"""Happiest Town's screen (standard and children's variant)."""

from .. import GameUI

UI = (
    GameUI(
        "happiest-town",
        ".screen:HappiestTownScreen",
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
