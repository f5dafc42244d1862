"""Sweet Lands's screen, with its own end screen (the solo verdict against Mio)."""

from .. import GameUI

UI = (
    GameUI(
        "sweet-lands",
        ".screen:SweetLandsScreen",
        end_screen=".endscreen:SweetLandsEndScreen",
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
