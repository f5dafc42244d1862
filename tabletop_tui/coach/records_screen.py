"""The Records screen (from the title screen): every finished game, filters by game
and by player, and three charts: score per game over time, solo scores against the
rulebook's lines, win rates per opponent level."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Select, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

import rules

from ..host import tabletop_app
from ..text import visible
from ..widgets.title_bar import TitleBar
from .charts import score_chart, solo_chart, win_rate_chart
from .records import Record, RecordsProblem, load_records

ALL = "*"


class RecordsScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Title")]
    DEFAULT_CSS = """
    RecordsScreen #records-filters { height: auto; }
    RecordsScreen #records-filters Label { padding: 1 1 0 1; }
    RecordsScreen #records-filters Select { width: 28; }
    RecordsScreen #records-problem { color: $error; height: auto; }
    RecordsScreen PlotextPlot { height: 1fr; min-height: 10; }
    """

    def __init__(self, records: list[Record] | None = None):
        super().__init__()
        self.given = records  # tests hand records in; the app reads the database

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="records-filters"):
            yield Label("Game")
            yield Select([], prompt="All games", id="records-game")
            yield Label("Player")
            yield Select([], prompt="All players", id="records-player")
        yield Static("", id="records-problem")
        with TabbedContent(id="records-tabs"):
            with TabPane("Scores", id="tab-scores"):
                yield PlotextPlot(id="chart-scores")
            with TabPane("Solo", id="tab-solo"):
                yield PlotextPlot(id="chart-solo")
            with TabPane("Win rates", id="tab-wins"):
                yield PlotextPlot(id="chart-wins")
            with TabPane("Games", id="tab-games"):
                yield DataTable(id="records-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Records"
        self.all = self.load()
        games = sorted({r.game for r in self.all})
        players = sorted({n for r in self.all for n in r.players})
        self.query_one("#records-game", Select).set_options(
            [(rules.get_game(g).title if g in rules.GAMES else g, g) for g in games]
        )
        self.query_one("#records-player", Select).set_options(
            [(Text(visible(p)), p) for p in players]  # a name is never read as markup
        )
        table = self.query_one(DataTable)
        table.add_columns("Date", "Game", "Mode", "Scores", "Winner", "Hints")
        self.show()

    def load(self) -> list[Record]:
        if self.given is not None:
            return self.given
        try:
            records, damaged = load_records(tabletop_app(self).data_dir)
        except RecordsProblem as exc:
            self.query_one("#records-problem", Static).update(Text(str(exc)))
            return []
        if damaged:
            self.query_one("#records-problem", Static).update(Text(damaged_line(damaged)))
        return records

    def chosen(self, widget_id: str) -> str | None:
        value = self.query_one(widget_id, Select).value
        return value if isinstance(value, str) else None

    def on_select_changed(self, _event: Select.Changed) -> None:
        self.show()

    def show(self) -> None:
        game, player = self.chosen("#records-game"), self.chosen("#records-player")
        shown = [
            r
            for r in self.all
            if (game is None or r.game == game) and (player is None or player in r.players)
        ]
        score_chart(self.query_one("#chart-scores", PlotextPlot), shown, player)
        solo_chart(
            self.query_one("#chart-solo", PlotextPlot),
            [r for r in shown if r.game == "sweet-lands"],
        )
        win_rate_chart(self.query_one("#chart-wins", PlotextPlot), shown)
        table = self.query_one(DataTable)
        table.clear()
        for r in reversed(shown):  # newest first
            table.add_row(*row_of(r))

    def action_back(self) -> None:
        tabletop_app(self).back_to_title()


def row_of(r: Record) -> list:
    title = rules.get_game(r.game).title if r.game in rules.GAMES else r.game
    scores = ", ".join(f"{visible(n)} {s:g}" for n, s in zip(r.players, r.scores, strict=False))
    winners = " and ".join(visible(r.players[w]) for w in r.winners if 0 <= w < len(r.players))
    hints = sum(r.hints)
    return [
        time.strftime("%Y-%m-%d %H:%M", time.localtime(r.finished)),
        title,
        r.mode,
        Text(scores),  # names are never read as markup
        Text(winners),
        str(hints) if hints else "",
    ]


def damaged_line(n: int) -> str:
    """The one line that counts the rows left out of every tab."""
    return f"{n} damaged record{'s' if n != 1 else ''} skipped (the file holds them as they were)."
