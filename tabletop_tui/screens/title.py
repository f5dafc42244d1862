from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..navigation import OpenMenu
from ..widgets.title_bar import TitleBar

BANNER = r"""
 _        _     _      _
| |_ __ _| |__ | | ___| |_ ___  _ __
| __/ _` | '_ \| |/ _ \ __/ _ \| '_ \
| || (_| | |_) | |  __/ || (_) | |_) |
 \__\__,_|_.__/|_|\___|\__\___/| .__/
                               |_|
"""


class TitleScreen(Screen):
    BINDINGS = [
        Binding("n", "pick('new')", "New game"),
        Binding("r", "pick('resume')", "Resume"),
        Binding("h", "pick('rules')", "Rules"),
        Binding("s", "pick('records')", "Records"),
        # the footer shows the app's ^q Quit; q quits too (the menu's "Q  Quit" says so)
        Binding("q", "pick('quit')", "Quit", show=False),
        Binding("f1", "pick('rules')", "Help", show=False),
    ]
    DEFAULT_CSS = """
    TitleScreen #banner { width: auto; color: $accent; }
    TitleScreen #tagline { width: auto; color: $text-muted; margin-bottom: 1; }
    TitleScreen OptionList { width: 34; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Middle():
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield Static("Board and card games, hot-seat in your terminal", id="tagline")
            with Center():
                yield OptionList(
                    Option("N  New game", id="new"),
                    Option("R  Resume a saved game", id="resume"),
                    Option("H  Rules reference", id="rules"),
                    Option("S  Records and charts", id="records"),
                    Option("Q  Quit", id="quit"),
                    id="title-menu",
                )
        yield Footer()

    def on_mount(self) -> None:
        self.title = "tabletop"
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id)

    def action_pick(self, what: str | None) -> None:
        if what is not None:
            self.post_message(OpenMenu(what))
