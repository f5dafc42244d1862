from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..navigation import OpenMenu
from ..widgets.keybar import KeyBar
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
        Binding("l", "pick('learn')", "Learn"),
        Binding("c", "pick('continue')", "Continue lesson", show=False),
        Binding("h", "pick('rules')", "Rules"),
        Binding("s", "pick('records')", "Records"),
        # the footer shows the app's ^q Quit; q quits too (the menu's "Q  Quit" says so)
        Binding("q", "pick('quit')", "Quit", show=False),
        Binding("f1", "pick('rules')", "Help", show=False),
    ]
    DEFAULT_CSS = """
    TitleScreen #banner { width: auto; color: $accent; }
    TitleScreen #tagline { width: auto; color: $text-muted; margin-bottom: 1; }
    TitleScreen OptionList { width: 52; height: auto; }
    """

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__()
        self.data_dir = data_dir  # where lesson progress is read (None: no lessons offered)
        self.left: tuple[str, int] | None = None  # the lesson to continue: title, step

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Middle():
            with Center():
                yield Static(BANNER, id="banner")
            with Center():
                yield Static("Board and card games, hot-seat in your terminal", id="tagline")
            with Center():
                yield OptionList(*self.entries(), id="title-menu")
        # not Textual's Footer: it lives as long as the app, and each time the title
        # comes back the Footer builds its keys again while keeping every key it dropped
        # (watchers of its own reactive, pruned only when that changes): 12 widgets a game
        yield KeyBar()

    def entries(self) -> list[Option]:
        """The menu; "Continue lesson" while a lesson was left part-way (read from the
        progress file alone: no lesson or game is loaded for the title)."""
        entries = [Option("N  New game", id="new"), Option("R  Resume a saved game", id="resume")]
        left = self.left = self.lesson_left()
        if left is not None:
            title, step = left
            entries.append(Option(f"C  Continue {title}, step {step + 1}", id="continue"))
        entries += [
            Option("L  Learn to play", id="learn"),
            Option("H  Rules reference", id="rules"),
            Option("S  Records and charts", id="records"),
            Option("Q  Quit", id="quit"),
        ]
        return entries

    def lesson_left(self) -> tuple[str, int] | None:
        if self.data_dir is None:
            return None
        from ..lessons.progress import load_progress

        left = load_progress(self.data_dir).continuing()
        return None if left is None else (left[1], left[2])

    def on_mount(self) -> None:
        self.title = "tabletop"
        self.query_one(OptionList).focus()

    def on_screen_resume(self) -> None:
        """Back at the title: the lesson to continue may have changed."""
        menu = self.query_one(OptionList)
        entries = self.entries()
        shown = [menu.get_option_at_index(i).prompt for i in range(menu.option_count)]
        if [o.prompt for o in entries] != shown:
            menu.clear_options()
            menu.add_options(entries)
            menu.highlighted = 0
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "pick" and parameters == ("continue",):
            return self.left is not None
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_pick(event.option.id)

    def action_pick(self, what: str | None) -> None:
        if what is not None:
            self.post_message(OpenMenu(what))
