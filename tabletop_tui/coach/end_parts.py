"""What the coach adds to every end screen: each seat's score round by round (found
by replaying the game's moves) and the hints each seat used.

The round chart is drawn just after the end screen is up, once the game's screen is
gone: the end screen calls ``show_coach_parts`` from its mount, which runs while the
app is still switching screens, and the chart waits for the app's next turn
(``App.call_next``), after the switch has removed the game's screen, and, under the
memory policy, until Textual's tasks have let go of it and a collection freed it. Its module
(textual-plotext, 1.6 MiB) and the replay then reuse the memory of the game's screen
instead of adding to it: a Sweet Lands game's memory peak was this moment
(``benchmarks/memory.py --timeline``). Its place keeps its height meanwhile, so
nothing below it moves when it arrives.
"""

from __future__ import annotations

from functools import partial

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Static

from rules.coach import scores_by_round

from .. import memory_policy
from .seats import hints_on, hints_used

CHART_HEIGHT = 14


def coach_parts():
    slot = Vertical(id="end-rounds-place")  # the round chart's place, filled once drawn
    slot.styles.height = CHART_HEIGHT
    yield slot
    yield Static("", id="end-hints")


def show_coach_parts(screen, controller) -> None:
    """The hints used now; the round chart once the app has finished switching screens."""
    state = controller.state
    seats = controller.seats
    if any(hints_on(s) or hints_used(s) for s in seats):
        used = ", ".join(f"{n} {hints_used(s)}" for n, s in zip(state.players, seats, strict=False))
        screen.query_one("#end-hints", Static).update(Text(f"Hints used: {used}."))
    else:
        screen.query_one("#end-hints", Static).display = False
    # the app's next turn, then once the game's screen is freed (memory_policy)
    draw = partial(draw_round_chart, screen, controller)
    screen.app.call_next(memory_policy.game_screen_gone, screen.app.call_after_refresh, draw)


def draw_round_chart(screen, controller) -> None:
    """Mount and draw the round chart (nothing if the end screen has gone already)."""
    places = screen.query("#end-rounds-place").results(Vertical)
    place = next(places, None)
    if place is None or not screen.is_attached:
        return
    # imported here, not with the end screen: see the module's docstring
    from .charts import Chart, round_chart

    state = controller.state
    chart = Chart(id="end-rounds")
    chart.styles.height = CHART_HEIGHT
    place.mount(chart)
    round_chart(chart, scores_by_round(controller.spec, state), list(state.players))
