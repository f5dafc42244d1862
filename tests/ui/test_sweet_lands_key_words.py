"""Sweet Lands words name the keys that do what they say (issue 46): capitals use
action areas, so the stop and end keys are written in lower case, and the map legend
explains every mark the map draws (the road cursor @, a tile X on a special hex)."""

from __future__ import annotations

import re

from textual.binding import Binding

from rules.core import Action
from rules.sweet_lands import SWEET_LANDS
from rules.sweet_lands.protocol import views
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
    view = views.view(SWEET_LANDS.new_game(["Ann", "Bob"], seed=1), 0)
    view["pending"], view["phase"], view["main_done"] = None, "action", True  # main action done
    words = [*PROMPTS.values(), prompt(view, [])]
    words += [label_for(Action(0, kind, ()), view, None) for kind in ("done", "end")]
    for text in words:
        assert not re.search(r"\bS stops|\((S|E)\)", text), text
    assert "(e)" in prompt(view, []) and any("s stops" in text for text in words)


def test_the_map_legend_explains_the_road_cursor_and_a_tile_on_a_special_hex():
    assert "@ = cursor on a road" in LEGEND
    assert "X: a tile on a special hex" in LEGEND
