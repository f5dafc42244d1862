"""Happy City's screen (Family and Expert modes)."""

from .. import GameUI

UI = (
    GameUI(
        "happy-city",
        ".screen:HappyCityScreen",
        end_columns=(
            ("Inhabitants", "inhabitants"),
            ("Crossed inh.", "crossed_inhabitants"),
            ("Hearts", "hearts"),
            ("Crossed hrt.", "crossed_hearts"),
            ("Net inh.", "net_inhabitants"),
            ("Net hrt.", "net_hearts"),
            ("Points", "score"),
            ("Coins", "coins"),
        ),
    ),
)
