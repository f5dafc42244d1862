"""Happy City's screen (Family and Expert modes)."""

from .. import GameUI

UI = (
    GameUI(
        "happy-city",
        ".screen:HappyCityScreen",
    ),
)
