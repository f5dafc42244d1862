"""Sweet Lands words name the keys that do what they say (issue 46): capitals use
action areas, so the stop and end keys are written in lower case, and the map legend
explains every mark the map draws (the road cursor @, a tile X on a special hex)."""

from __future__ import annotations

import re

from textual.binding import Binding

from rules.core import Action
from tabletop_tui.games.sweet_lands.labels import label_for
from tabletop_tui.games.sweet_lands.prompts import PROMPTS, prompt
from tabletop_tui.games.sweet_lands.screen import LEGEND, SweetLandsScreen


def bound(key: str) -> str:
    return next(
        b.action for b in SweetLandsScreen.BINDINGS if isinstance(b, Binding) and b.key == key
    )


def test_stop_and_end_are_named_by_the_keys_that_do_them_not_area_letters():
    assert bound("s") == "stop" and bound("e") == "end_turn"
    assert bound("E") == "area('E')"  # capital E uses area E
    view = {"pending": None, "phase": "action", "main_done": True}
    words = [*PROMPTS.values(), prompt(view, [])]  # type: ignore[arg-type]
    words += [label_for(Action(0, kind, ()), {}, None) for kind in ("done", "end")]  # type: ignore[arg-type]
    for text in words:
        assert not re.search(r"\bS stops|\((S|E)\)", text), text
    assert "(e)" in prompt(view, []) and any("s stops" in text for text in words)  # type: ignore[arg-type]


def test_the_map_legend_explains_the_road_cursor_and_a_tile_on_a_special_hex():
    assert "@ = cursor on a road" in LEGEND
    assert "X: a tile on a special hex" in LEGEND
