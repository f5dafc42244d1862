"""Happiest Town: the Happy City screen with the original edition's words."""

from __future__ import annotations

from textual.binding import Binding

from ..happy_city.screen import HappyCityScreen

PROMPTS = {
    "discard": "may discard any number of visible facilities (click them), then K to stop",
    "refill": "must refill the row: draw from the low (1), middle (2) or high (3) deck",
    "build": "may build one facility or residence, or build nothing (P)",
    "infra": "take the infrastructure whose needs your town now meets",
}


class HappiestTownScreen(HappyCityScreen):
    GAME_TITLE = "Happiest Town"
    PROMPTS = PROMPTS
    SPECIALS_LABEL = (
        "Infrastructure: needs as type letter + count (C commercial, I industrial, "
        "P public, L leisure, R residence); one each"
    )
    CITY_SLOTS = 14  # the last round can take a town past 10
    LIMIT_TEXT = "{items}; {limit} ends the game"  # "1 building", never "1 buildings"
    DWELLINGS_LABEL = "Residences"
    STATS = ("pop", "hap")  # population and happiness
    CITY_WORD = "town"
    NO_KINDS = "no types yet"
    TURN_SECTION = "Your turn"
    MONEY_WORDS = ("money", "money")
    ITEM_WORDS = ("building", "buildings")
    BINDINGS = [  # the same keys as Happy City, in the town's words
        Binding("k", "simple('keep')", "Stop discarding"),
        Binding("p", "simple('pass')", "Build nothing"),
        Binding("n", "next_city", "Next town"),
    ]
