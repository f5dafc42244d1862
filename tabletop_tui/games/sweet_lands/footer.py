"""A one-line key bar in place of Textual's Footer.

The Footer rebuilds itself (a dozen mounted widgets and a layout pass) whenever the
keys change state, which on this screen is several times a move: Undo turns on and
off, End turn and Stop come and go. This bar is a single line of text redrawn in
place; keys that do not apply now are dimmed or hidden exactly as the Footer does
(``check_action``), and a click on a key runs it.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class KeyBar(Static):
    COMPONENT_CLASSES = {"keybar--key", "keybar--off"}
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $footer-background;
             color: $footer-foreground; }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    KeyBar > .keybar--off { color: $text-disabled; }
    """

    def __init__(self, **kw):
        super().__init__("", **kw)
        self._spots: list[tuple[int, int, object, str]] = []
        self._shown = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.call_after_refresh(self.redraw)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, screen) -> None:
        if self.is_attached and screen is self.screen:
            self.redraw()

    def redraw(self) -> None:
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        off_style = self.get_component_rich_style("keybar--off", partial=True)
        text = Text(no_wrap=True, overflow="ellipsis")
        spots = []
        seen = set()
        for namespace, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            start = text.cell_len
            text.append(
                f" {self.app.get_key_display(binding)} ", style=key_style if enabled else off_style
            )
            text.append(f"{binding.description} ", style="" if enabled else off_style)
            if enabled:
                spots.append((start, text.cell_len, namespace, binding.action))
        self._spots = spots
        if text.markup != self._shown:
            self._shown = text.markup
            self.update(text, layout=False)

    def plain(self) -> str:
        return self._shown or ""

    async def on_click(self, event) -> None:
        for a, b, namespace, action in self._spots:
            if a <= event.x < b:
                await self.app.run_action(action, namespace)
                return
