"""A panel holding a Rich renderable (tables, text), and two renderables side by side."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from textual.widgets import Static


class Lines(Static):
    """A Static showing one renderable: a panel of the Sweet Lands screen."""

    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, **kw):
        super().__init__("", **kw)
        self.renderable: RenderableType | None = None

    def show(self, renderable: RenderableType | None) -> None:
        self.renderable = renderable
        self.update("" if renderable is None else renderable)

    def text(self) -> str:
        """Plain text of every line at the panel's width (for tests)."""
        if self.renderable is None:
            return ""
        console = self.app.console
        width = self.content_region.width or self.app.size.width
        lines = console.render_lines(self.renderable, console.options.update_width(width))
        return "\n".join("".join(seg.text for seg in line).rstrip() for line in lines)


class Beside:
    """Two renderables side by side: a two-column grid, ``gap`` cells between them."""

    def __init__(self, left: RenderableType, right: RenderableType, gap: int) -> None:
        self.left, self.right, self.gap = left, right, gap

    def grid(self) -> Table:
        table = Table.grid(padding=(0, self.gap))
        table.add_column()
        table.add_column()
        table.add_row(self.left, self.right)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.grid()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid())
