"""One screen package per game. SCREENS maps a game id to "module:Class"."""

import importlib

SCREENS = {
    "happy-city": "tabletop_tui.games.happy_city.screen:HappyCityScreen",
    "sweet-lands": "tabletop_tui.games.sweet_lands.screen:SweetLandsScreen",
    "happiness": "tabletop_tui.games.happiness.screen:HappinessScreen",
    "happiest-town": "tabletop_tui.games.happiest_town.screen:HappiestTownScreen",
}


def screen_class(game_id: str):
    module, cls = SCREENS[game_id].split(":")
    return getattr(importlib.import_module(module), cls)


def help_text(game_id: str) -> str:
    from pathlib import Path

    pkg = game_id.replace("-", "_")
    path = Path(__file__).parent / pkg / "help.md"
    keys = (Path(__file__).parent.parent / "keys.md").read_text(encoding="utf-8")
    body = (
        path.read_text(encoding="utf-8") if path.exists() else f"# {game_id}\n\nNo reference yet."
    )
    return body + "\n\n" + keys
