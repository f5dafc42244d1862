"""The coach's charts, drawn by textual-plotext's ``PlotextPlot`` widget.

Each function fills one plot from plain data (records, or scores by round) and asks
it to redraw; none reads a game state. Empty data gives a titled, empty plot with a
word on what would be shown, never an error.
"""

from __future__ import annotations

from collections import defaultdict

from textual_plotext import PlotextPlot

from ..text import visible
from .records import Record

EXPERT, LEGEND = 250, 300  # the Sweet Lands rulebook's two solo lines
MAX_SERIES = 6  # players drawn on one chart at most (the rest would be unreadable)


class Chart(PlotextPlot):
    """A PlotextPlot that lets go of the app's theme signal when it is taken away.

    PlotextPlot subscribes to the signal as it mounts and never unsubscribes; the
    signal's callback holds the plot, so the signal keeps every plot (and its drawn
    figure) until the theme next changes: one round chart a finished game, forever.
    """

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)


def reset(plot: PlotextPlot, title: str) -> None:
    plt = plot.plt
    plt.clear_figure()
    plt.title(title)


def score_series(
    records: list[Record], player: str | None = None
) -> dict[str, tuple[list[int], list[float]]]:
    """Each person's score per game, in the order the games were played (x: the game's
    number): one series per person and game (and mode), so that scores of different
    games are never joined into one line; a series is named by the person alone when
    the records hold one game and mode."""
    kinds = {r.kind for r in records}
    series: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
    for n, rec in enumerate(records, start=1):
        for seat, name in enumerate(rec.players):
            if rec.seats[seat].get("kind") == "human" and (player is None or name == player):
                label = name if len(kinds) == 1 else f"{name}: {rec.game} {rec.mode}"
                xs, ys = series[label]
                xs.append(n)
                ys.append(rec.scores[seat])
    return dict(series)


def score_chart(plot: PlotextPlot, records: list[Record], player: str | None = None) -> None:
    """The lines of ``score_series``."""
    reset(plot, "Score per game" + (f": {visible(player)}" if player else ""))
    series = score_series(records, player)
    for name, (xs, ys) in list(series.items())[:MAX_SERIES]:
        plot.plt.plot(xs, ys, label=visible(name), marker="braille")  # plotext drops escapes
    whole_ticks(plot, len(records))
    if not series:
        plot.plt.title("Score per game: no finished game yet")
    plot.plt.xlabel("game")
    plot.refresh()


def solo_chart(plot: PlotextPlot, records: list[Record]) -> None:
    """Solo Sweet Lands scores against the rulebook's 250 and 300 lines."""
    reset(plot, f"Solo scores (lines: {EXPERT} expert, {LEGEND} legend)")
    solo = [r for r in records if len(r.players) == 1]
    xs = list(range(1, len(solo) + 1))
    plot.plt.hline(EXPERT, "orange")
    plot.plt.hline(LEGEND, "green")
    if solo:
        plot.plt.plot(xs, [r.scores[0] for r in solo], label="score", marker="braille")
        plot.plt.ylim(
            min(0, *(r.scores[0] for r in solo)), max(LEGEND + 20, *(r.scores[0] for r in solo))
        )
    else:
        plot.plt.ylim(0, LEGEND + 20)
        plot.plt.title(f"Solo scores: none yet (lines: {EXPERT} expert, {LEGEND} legend)")
    whole_ticks(plot, len(solo))
    plot.plt.xlabel("solo game")
    plot.refresh()


def whole_ticks(plot: PlotextPlot, count: int, most: int = 10) -> None:
    """Games are counted in whole numbers: ticks at 1, 2, 3 ... (every few, past ten)."""
    if count:
        step = max(1, -(-count // most))
        plot.plt.xticks(list(range(1, count + 1, step)))


def win_rates(records: list[Record]) -> dict[str, tuple[int, int]]:
    """Opponents (bot levels, or people) -> (games the human seats won, games played)."""
    rates: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for rec in records:
        for seat, info in enumerate(rec.seats):
            if info.get("kind") != "human" or len(rec.seats) == 1:
                continue
            tally = rates[rec.opponents(seat)]
            tally[0] += seat in rec.winners
            tally[1] += 1
    return {k: (w, n) for k, (w, n) in sorted(rates.items())}


def win_rate_chart(plot: PlotextPlot, records: list[Record]) -> None:
    """The share of games won by people, per level of the bots they played."""
    reset(plot, "Win rate by opponents (%)")
    rates = win_rates(records)
    if rates:
        labels = [f"vs {k} ({n} games)" for k, (_w, n) in rates.items()]
        plot.plt.bar(labels, [round(100 * w / n) for w, n in rates.values()])
        plot.plt.ylim(0, 100)
    else:
        plot.plt.title("Win rate by opponents: no game against anyone yet")
    plot.refresh()


def round_chart(plot: PlotextPlot, points: list[tuple[str, list[float]]], names: list[str]) -> None:
    """Every seat's score at the end of each round (from ``rules.coach.scores_by_round``)."""
    reset(plot, "Score by round")
    xs = [float(n) for n in range(1, len(points) + 1)]
    for seat, name in enumerate(names[:MAX_SERIES]):
        plot.plt.plot(xs, [p[1][seat] for p in points], label=name, marker="braille")
    plot.plt.xticks(xs, [p[0] for p in points])
    plot.refresh()
