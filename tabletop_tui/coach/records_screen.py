"""The Records screen (from the title screen): every finished game, filters by game
(each game and mode apart, the most recent one chosen at first) and by player, and
three charts: score per game over time, solo scores against the rulebook's lines, win
rates per opponent level. Bots are marked wherever a seat is named."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label, Select, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

import rules

from ..navigation import BackToTitle
from ..text import visible
from ..widgets.title_bar import TitleBar
from .charts import Chart, score_chart, solo_chart, win_rate_chart
from .records import Record, RecordsProblem, kind_title, load_records

ALL = "*"


class RecordsScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Title")]
    DEFAULT_CSS = """
    RecordsScreen #records-filters { height: 1; }
    RecordsScreen #records-filters Label { padding: 0 1; }
    RecordsScreen #records-game { width: 36; }
    RecordsScreen #records-player { width: 24; }
    RecordsScreen #records-problem { color: $error; height: auto; }
    RecordsScreen #records-tabs { height: 1fr; }
    RecordsScreen TabPane { height: 1fr; padding: 0; }
    RecordsScreen PlotextPlot { height: 1fr; min-height: 8; }
    """

    def __init__(self, records: list[Record] | None = None, data_dir: Path | None = None):
        super().__init__()
        self.given = records  # tests hand records in; the app reads the database
        self.data_dir = data_dir

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="records-filters"):
            yield Label("Game")
            yield Select([], prompt="All games", id="records-game", compact=True)
            yield Label("Player")
            yield Select([], prompt="All players", id="records-player", compact=True)
        yield Static("", id="records-problem")
        with TabbedContent(id="records-tabs"):
            with TabPane("Scores", id="tab-scores"):
                yield Chart(id="chart-scores")
            with TabPane("Solo", id="tab-solo"):
                yield Chart(id="chart-solo")
            with TabPane("Win rates", id="tab-wins"):
                yield Chart(id="chart-wins")
            with TabPane("Games", id="tab-games"):
                yield DataTable(id="records-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Records"
        self.all = self.load()
        kinds = sorted({r.kind for r in self.all}, key=kind_title)
        people = sorted({n for r in self.all for n in r.people})
        choose_game = self.query_one("#records-game", Select)
        choose_game.set_options([(kind_title(k), kind_key(k)) for k in kinds])
        self.query_one("#records-player", Select).set_options(
            [(Text(visible(p)), p) for p in people]  # a name is never read as markup
        )
        table = self.query_one(DataTable)
        table.add_columns("Date", "Game", "Mode", "Scores (bots marked)", "Winner", "Hints")
        if self.all:  # each game and mode on its own: the one played last, at first
            latest = max(self.all, key=lambda r: r.finished)
            with choose_game.prevent(Select.Changed):
                choose_game.value = kind_key(latest.kind)
        self.show()

    def load(self) -> list[Record]:
        if self.given is not None or self.data_dir is None:
            return self.given or []
        try:
            records, damaged = load_records(self.data_dir)
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
        kind, player = self.chosen("#records-game"), self.chosen("#records-player")
        shown = [
            r
            for r in self.all
            if (kind is None or kind_key(r.kind) == kind) and (player is None or player in r.people)
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
        self.post_message(BackToTitle())


def kind_key(kind: tuple[str, str]) -> str:
    return f"{kind[0]}|{kind[1]}"


def row_of(r: Record) -> list:
    title = rules.get_game(r.game).title if r.game in rules.GAMES else r.game
    scores = ", ".join(f"{r.seat_name(k)} {s:g}" for k, s in enumerate(r.scores))
    winners = " and ".join(r.seat_name(w) for w in r.winners if 0 <= w < len(r.players))
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
