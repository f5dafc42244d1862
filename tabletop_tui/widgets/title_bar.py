"""The title line of a game screen: the screen's title and subtitle, one line.

Textual's Header (8.2.x) updates its title from an asynchronous watcher that looks up
its HeaderTitle child; when a game ends and its screen is replaced in the same moment
the title changes (the last round, "game over"), that look-up can run on a header
already emptied and raise NoMatches, which stops the app. This bar follows the titles
with a plain watcher that does nothing once it is no longer attached.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class TitleBar(Static):
    DEFAULT_CSS = """
    TitleBar { dock: top; width: 1fr; height: 1; background: $panel; color: $foreground;
               text-align: center; text-style: bold; }
    """

    def __init__(self, **kw):
        super().__init__("", **kw)

    def on_mount(self) -> None:
        for node in (self.screen, self.app):
            self.watch(node, "title", self.show_title)
            self.watch(node, "sub_title", self.show_title)

    def show_title(self, _value: object = None) -> None:
        if not self.is_attached:
            return
        screen, app = self.screen, self.app
        title = screen.title or app.title
        sub = screen.sub_title or app.sub_title
        self.update(Text(f"{title} - {sub}" if sub else title))
