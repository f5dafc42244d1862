"""The title line of a game screen: the screen's title and subtitle, one line.

Textual's Header (8.2.x) updates its title from an asynchronous watcher that looks up
its HeaderTitle child; when a game ends and its screen is replaced in the same moment
the title changes (the last round, "game over"), that look-up can run on a header
already emptied and raise NoMatches, which stops the app. This bar follows the titles
with a plain watcher that does nothing once it is no longer attached.

It watches its screen's titles only. A watcher on the app's titles would be kept in the
app's list of watchers after the bar is gone (Textual prunes that list only when the
app's title changes, which this app never does): two bars a game, every game. The app's
titles are read whenever the bar draws.
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
        self.watch(self.screen, "title", self.show_title)
        self.watch(self.screen, "sub_title", self.show_title)

    def show_title(self, _value: object = None) -> None:
        if not self.is_attached:
            return
        screen, app = self.screen, self.app
        title = screen.title or app.title
        sub = screen.sub_title or app.sub_title
        self.update(Text(f"{title} - {sub}" if sub else title))
