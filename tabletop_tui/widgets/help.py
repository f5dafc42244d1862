"""The F1 help screen: a game's rules reference and the key map, as Markdown.

Its own module because Markdown rendering is slow to import and rarely needed at start.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from .title_bar import TitleBar


class HelpScreen(Screen):
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("f1", "close", "Back", show=False),
        Binding("q", "close", "Back", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 0 2; }
    """

    def __init__(self, markdown: str, title: str = "Help"):
        super().__init__()
        self.markdown = markdown
        self.help_title = title

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.help_title

    def action_close(self) -> None:
        self.dismiss(None)
