"""The F1 help screen: a game's rules reference and the key map, as Markdown.

F1 on a game opens it at the section that matters for the decision on screen (the
game screen names the heading); Home goes to the top, where the reference starts with
the lessons and the words it uses, so the whole reference is a key away.

Its own module because Markdown rendering is slow to import and rarely needed at start.
"""

from __future__ import annotations

import re

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

from .common import FitsNarrow
from .title_bar import TitleBar

_HEADING = re.compile(r"^#{2,3} +(.+?)\s*$", re.MULTILINE)


def sections(markdown: str) -> list[str]:
    """The reference's section headings (levels 2 and 3), in order."""
    return [m.group(1) for m in _HEADING.finditer(markdown)]


class HelpScreen(FitsNarrow, Screen):  # text that wraps: F1 works on a phone too
    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("f1", "close", "Back", show=False),
        Binding("q", "close", "Back", show=False),
        Binding("home", "top", "Top: whole reference", priority=True),
    ]
    DEFAULT_CSS = """
    HelpScreen VerticalScroll { padding: 0 2; }
    """

    def __init__(self, markdown: str, title: str = "Help", section: str | None = None):
        super().__init__()
        self.markdown = markdown
        self.help_title = title
        self.section = section  # the heading to open at (None: the top)
        self.opened_at: str | None = None  # the heading it did open at, once found

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll():
            yield Markdown(self.markdown)
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.help_title
        self.query_one(VerticalScroll).focus()  # arrows and Page keys scroll at once

    def on_markdown_table_of_contents_updated(self, event: Markdown.TableOfContentsUpdated) -> None:
        if self.section is None or self.opened_at is not None:
            return
        found = next((i for _, label, i in event.table_of_contents if label == self.section), None)
        if found is not None:
            self.opened_at = self.section
            heading = event.markdown.query_one(f"#{found}")
            self.call_after_refresh(heading.scroll_visible, top=True, animate=False)
            self.sub_title = f"at {self.section} - Home: the whole reference"

    def action_top(self) -> None:
        self.query_one(VerticalScroll).scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
