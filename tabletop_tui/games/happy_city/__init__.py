"""Happy City's screen (Family and Expert modes)."""

from pathlib import Path

from .. import GameUI

UI = (
    GameUI(
        game="happy-city",
        screen="tabletop_tui.games.happy_city.screen:HappyCityScreen",
        help=Path(__file__).with_name("help.md"),
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
