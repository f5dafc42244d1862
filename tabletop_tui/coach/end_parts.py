"""What the coach adds to every end screen: each seat's score round by round (found
by replaying the game's moves) and the hints each seat used."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static
from textual_plotext import PlotextPlot

from rules.coach import scores_by_round

from .charts import round_chart
from .seats import hints_on, hints_used


def coach_parts():
    chart = PlotextPlot(id="end-rounds")
    chart.styles.height = 14
    yield chart
    yield Static("", id="end-hints")


def show_coach_parts(screen, controller) -> None:
    state = controller.state
    points = scores_by_round(controller.spec, state)
    round_chart(screen.query_one("#end-rounds", PlotextPlot), points, list(state.players))
    seats = controller.seats
    if any(hints_on(s) or hints_used(s) for s in seats):
        used = ", ".join(f"{n} {hints_used(s)}" for n, s in zip(state.players, seats, strict=False))
        screen.query_one("#end-hints", Static).update(Text(f"Hints used: {used}."))
    else:
        screen.query_one("#end-hints", Static).display = False
