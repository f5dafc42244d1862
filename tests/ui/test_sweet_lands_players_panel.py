"""The Sweet Lands Players panel (issue 46): a value that wraps goes on under its own
column, never at the panel's left edge, and every number is labelled in words (the six
Prosperity Tracks by name, the Carriage and the Locomotive by name)."""

from __future__ import annotations

import io
import re

from rich.console import Console

from rules.sweet_lands import SweetLandsState
from rules.sweet_lands.model import data as D
from rules.sweet_lands.protocol import views
from tabletop_tui.games.sweet_lands.hand import players_renderable
from tabletop_tui.games.sweet_lands.lines import Lines
from tabletop_tui.games.sweet_lands.tracks import track_name

from ..expect import of_type
from .positions import position, table
from .test_sweet_lands_panels import make, open_tab

TRACKS = [track_name(tr) for tr in D.load().prosperity]


def runs(line: str) -> list[tuple[int, str]]:
    """(x, text) of each run of text on a line (a run ends at two spaces or more)."""
    return [(m.start(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", line)]


async def panel_lines(tmp_path, size) -> list[str]:
    app = make(tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = await open_tab(app, pilot, lambda: table("sweet-lands-four"), "p")
        panel = screen.query_one("#sl-players", Lines)
        return [text.rstrip() for text in panel.line_texts(panel.content_region.width)]


async def test_side_by_side_values_that_wrap_go_on_under_their_own_column(tmp_path):
    lines = await panel_lines(tmp_path, (120, 40))
    head = next(line for line in lines if "A Ann" in line and "D Dev" in line)
    columns = {x for x, _ in runs(head)}
    body = lines[lines.index(head) + 2 :]  # below the rule under the names
    wrapped = [line for line in body if line[:1] == " " and line.strip()]
    assert any(line.strip().startswith("5ir") for line in wrapped), "the test needs a wrap"
    for line in body:
        for x, text in runs(line)[1 if line[:1] != " " else 0 :]:
            if not text.startswith(tuple(name.split()[0] for name in TRACKS)):
                assert x in columns, (line, text)


def test_one_player_a_paragraph_values_that_wrap_go_on_under_the_value():
    view = views.view(of_type(SweetLandsState, position("sweet-lands-four")), 0)
    console = Console(width=36, color_system=None, record=True, file=io.StringIO())
    console.print(players_renderable(view, 36))
    lines = console.export_text().splitlines()
    value_at = {x for line in lines if ":" in line for x, _ in runs(line)[1:]}
    assert len(value_at) == 1, value_at  # one column of values
    wrapped = [line for line in lines if line.startswith(" ") and ":" not in line]
    assert wrapped, "the test needs a value that wraps"
    for line in wrapped:
        assert runs(line)[0][0] in value_at, line  # a wrapped value, under itself


async def test_every_number_is_labelled_each_prosperity_track_by_name(tmp_path):
    lines = await panel_lines(tmp_path, (120, 40))
    text = "\n".join(lines)
    assert not re.search(r"prosperity\s+\d( \d){5}", text)  # six bare numbers
    for name in TRACKS:
        row = next(line for line in lines if line.strip().startswith(name))
        assert len(re.findall(r"\b\d\b", row.replace(name, ""))) == 4, row  # one per player
    assert "carriage / loco" in text and not re.search(r"\bC\d L", text)
