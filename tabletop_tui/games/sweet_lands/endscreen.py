"""The end screen for Sweet Lands: the shared ranking, then a box per player with every
scoring category (the count it comes from and its VP), the Prosperity VP of each track,
the final scoring tiles side by side, and the solo verdict. V reopens the game screen on
the final position (each map with N, the tracks, the board, the log).

Every VP figure is the engine's: result()["breakdown"] and the explainer's track rates
and standings (asked when the screen is drawn); the counts beside them are the view's
public figures, shown so a player can see where the points came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.containers import Grid
from textual.widget import Widget
from textual.widgets import Static

from rules.sweet_lands import Standing, SweetLandsView, TrackRate

from ...screens.end import EndScreen
from ...text import markup_safe as escape
from . import asked as A
from .board import formula_measure
from .text import data
from .tracks import ELEMENT, rate_short, track_name

if TYPE_CHECKING:
    from . import SweetLandsController

PARTS = (
    "in-game VP",
    "Prosperity",
    "City Points x2",
    "property sets",
    "gold (1 per 5)",
    "diamonds",
    "ports",
    "milestones",
    "final tiles",
)
TITLES = {"history": "Sweet Lands historian", "expert": "Sweet Lands expert", None: "Mio wins"}
NARROW = 100  # below this width the ranking shows the total only (the boxes itemise it)
REVIEW_HINT = (
    "V opens the final table: every player's map (N for the next one), the tracks, "
    "the board and the log. L shows the whole log."
)


def _vp_grid() -> Table:
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True)  # category
    table.add_column(ratio=1, overflow="fold", style="dim")  # where it comes from
    table.add_column(justify="right", no_wrap=True)  # VP
    return table


def _final_tiles_text(standings: list[Standing], seat: int) -> str:
    bits = [f"#{st['tile']} {st['values'][seat]}: {st['vp'][seat]}" for st in standings]
    return ", ".join(bits) or "none in play"


def category_rows(
    view: SweetLandsView, seat: int, parts: dict, standings: list[Standing]
) -> list[tuple[str, str, int]]:
    """(category, where it comes from, VP) for every part of one player's score."""
    pv = view["players"][seat]
    res = pv["resources"]
    taken = pv["rows_taken"]
    sets = f"tent {taken['tent']} house {taken['house']} bldg {taken['building']} of 5"
    return [
        ("In-game", "score track", parts["in_game"]),
        ("Prosperity", "6 tracks", parts["prosperity"]),
        ("City Points", f"{pv['cp']} CP x 2", parts["city_points"]),
        ("Prop. sets", sets, parts["property_sets"]),
        ("Gold", f"{res['gold']} gold", parts["gold"]),
        ("Diamonds", f"{res['diamond']} left", parts["diamonds"]),
        ("Ports", f"{pv['connected_ports']} connected", parts["ports"]),
        ("Milestones", f"{len(pv['milestones'])} taken", parts["milestones"]),
        ("Final tiles", _final_tiles_text(standings, seat), parts["final_tiles"]),
    ]


def prosperity_rows(rates: list[TrackRate]) -> list[tuple[str, str, int]]:
    """(track, count x rate, VP) for each Prosperity track, as the explainer gives them."""
    tracks = data().prosperity
    rows = []
    for i, rate in enumerate(rates):
        what = ELEMENT[rate["element"]]
        at = rate_short(rate["vp"], rate["per"])
        how = f"{rate['count']} {what} at {at}, step {rate['position']}"
        rows.append(("  " + track_name(tracks[i]).split()[0], how, rate["scores"]))
    return rows


def player_box(
    view: SweetLandsView, seat: int, parts: dict, standings: list[Standing], rates: list[TrackRate]
):
    """One player's whole score: the categories, then Prosperity track by track."""
    table = _vp_grid()
    for label, how, vp in category_rows(view, seat, parts, standings):
        table.add_row(label, how, str(vp))
        if label == "Prosperity":
            for track, rate, track_vp in prosperity_rows(rates):
                table.add_row(Text(track, style="dim"), rate, Text(str(track_vp), style="dim"))
    table.add_row(Text("Total", style="bold"), "", Text(str(parts["total"]), style="bold"))
    return table


def final_tiles_table(view: SweetLandsView, standings: list[Standing]):
    """Each final scoring tile: what it measures, the neutral player's value, and every
    player's value and VP."""
    if not standings:
        return Text("")
    names = [p["name"] for p in view["players"]]
    table = Table(title="Final scoring tiles", title_justify="left", title_style="bold")
    table.add_column("tile")
    table.add_column("measure", overflow="fold")
    table.add_column("neutral", justify="right")
    for name in names:
        table.add_column(Text(name), justify="right", overflow="fold")
    for st in standings:
        tile = data().final_tiles[st["tile"]]
        cells = [f"{value}: {vp} VP" for value, vp in zip(st["values"], st["vp"], strict=True)]
        table.add_row(str(st["tile"]), formula_measure(tile["measure"]), str(st["neutral"]), *cells)
    return table


class SweetLandsEndScreen(EndScreen):
    controller: SweetLandsController
    DEFAULT_CSS = """
    SweetLandsEndScreen #sl-final-tiles { height: auto; margin: 1 0 0 0; }
    SweetLandsEndScreen .end-player { max-width: 100; }
    """

    # Textual runs EndScreen.on_mount by itself (handlers run for every class in the MRO).
    def on_mount(self) -> None:
        self.call_after_refresh(self.add_review)

    def fill_table(self, res: dict, names: list[str]) -> None:
        if self.app.size.width < NARROW:  # nine columns do not fit: the boxes have them
            res = dict(res, summary=[])
        super().fill_table(res, names)

    def add_review(self) -> None:
        if not self.is_attached or not self.query("#end-items"):
            return  # the screen was closed before its first refresh (a quick exit)
        c = self.controller
        res = c.state.result()
        view = c.view()
        standings = A.standings(c)
        grid = self.query_one("#end-items", Grid)
        for place in res["ranking"]:
            for seat in place:
                rates = A.track_rates(c, seat)
                box = Static(
                    player_box(view, seat, res["breakdown"][seat], standings, rates),
                    classes="end-player",
                )
                box.border_title = f"{escape(c.state.players[seat])}: {res['scores'][seat]} VP"
                grid.mount(box)
        lines = ["Score = " + " + ".join(PARTS) + "."]
        verdict = A.solo_verdict(c) if len(c.state.players) == 1 else None
        if verdict is not None:
            score = res["scores"][0]
            title = TITLES[verdict["title"]]
            self.query_one("#end-head", Static).update(
                f"[b]{escape(c.state.players[0])} scores {score} VP against Mio: {title}![/b]"
            )
            lines.append(f"[b]Solo against Mio:[/b] {escape(verdict['verdict'])}")
        lines.append(f"[dim]{REVIEW_HINT}[/dim]")
        extra = self.query_one("#end-extra", Static)
        extra.update("\n".join(lines))
        tiles = Static(final_tiles_table(view, standings), id="sl-final-tiles")
        column = extra.parent
        assert isinstance(column, Widget), "the extra lines sit in the end screen's column"
        column.mount(tiles, before=extra)
