"""The narrow (portrait) layout of a game screen: under 80 columns, as on a phone.

A game screen under ``MIN_WIDTH`` columns shows one view at a time: the seat's own
play (its hand or board, the prompt and the moves), the table (the other seats and
what is public) or the log. Textual's horizontal breakpoints put ``-narrow`` on the
screen; the view on show is a class too (``-view-play`` ...), so each game's .tcss
says which of its parts each view shows. The strip over the screen switches views by
a click, F3 by key.
"""

from __future__ import annotations

from rich.markup import escape
from textual.widgets import Static

from .sizes import MIN_WIDTH

# (view, label): the seat's own play first, what it shows when a turn comes
VIEWS = (("play", "Play"), ("table", "Table"), ("log", "Log"))
VIEW_CLASSES = {view: f"-view-{view}" for view, _ in VIEWS}
# Textual's breakpoints: the narrow layout under MIN_WIDTH columns, the full one from it
BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-full")]


def next_view(view: str) -> str:
    """The view after ``view`` (F3 goes round them)."""
    names = [name for name, _ in VIEWS]
    return names[(names.index(view) + 1) % len(names)]


def strip_markup(active: str, labels: dict[str, str]) -> str:
    """The strip's text: each view a link, the one on show bold in brackets (not by
    colour alone); ``labels`` may rename a view for a game."""
    parts = []
    for view, label in VIEWS:
        shown = escape(labels.get(view, label))
        if view == active:
            parts.append(f"[@click=screen.narrow_view('{view}')][b $accent]\\[{shown}][/][/]")
        else:
            parts.append(f"[@click=screen.narrow_view('{view}')] {shown} [/]")
    return " ".join(parts) + " [dim]F3[/]"


class ViewStrip(Static):
    """The one-line switcher of the narrow layout (hidden in the full layout)."""

    DEFAULT_CSS = """
    ViewStrip { height: 1; width: 1fr; padding: 0 1; text-wrap: nowrap; display: none;
                background: $panel; }
    """

    shown: str | None = None

    def show(self, active: str, labels: dict[str, str]) -> None:
        text = strip_markup(active, labels)
        if self.shown != text:
            self.shown = text
            self.update(text)
