"""Sweet Lands's screen, with its own end screen (the solo verdict against Mio)."""

from pathlib import Path

from .. import GameUI

UI = (
    GameUI(
        game="sweet-lands",
        screen="tabletop_tui.games.sweet_lands.screen:SweetLandsScreen",
        help=Path(__file__).with_name("help.md"),
        end_screen="tabletop_tui.games.sweet_lands.endscreen:SweetLandsEndScreen",
        end_columns=(
            ("In-game", "in_game"),
            ("Prosp.", "prosperity"),
            ("City", "city_points"),
            ("Sets", "property_sets"),
            ("Gold", "gold"),
            ("Diam.", "diamonds"),
            ("Ports", "ports"),
            ("Milest.", "milestones"),
            ("Final", "final_tiles"),
            ("Total", "total"),
        ),
    ),
)
