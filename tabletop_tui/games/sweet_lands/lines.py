"""A widget that shows a Rich renderable pre-rendered to lines (the Line API).

A Static re-renders its Rich renderable each time its region is repainted; a panel of
nested tables then costs a few milliseconds per frame. This widget renders once per
change of content or width and afterwards only hands out ready Strips.

A panel is a Group of parts (a table, a line of text), and most parts stay the same
from one move to the next (the skill tiles, the Industry Track): each part's lines are
kept by what the part holds, so only the parts that changed are rendered again. A
Group renders as its parts one after another, so the lines are the same.
"""

from __future__ import annotations

import io
import pickle
from collections.abc import Iterator

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class Lines(Widget):
    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, **kw):
        super().__init__(**kw)
        self._renderable: RenderableType | None = None
        self._strips: list[Strip] = []
        self._width = -1
        self._known_width = 0  # the width it last had on view (hidden, it has none)
        # width -> part -> its lines, from the latest render at that width (two widths)
        self._kept: dict[int, dict[bytes, list[Strip]]] = {}

    def show(self, renderable: RenderableType | None) -> None:
        self._renderable = renderable
        self._width = -1
        if not self.size.width:
            # Hidden: rendered at the width it had on view, so that showing it again
            # (which lays it out) draws nothing new. Never laid out: rendered then.
            if self._known_width:
                self._render_strips(self._known_width)
            else:
                self.refresh(layout=True)
            return
        old = self._strips
        self._known_width = self.size.width
        self._render_strips(self.size.width)
        if len(self._strips) != len(old):
            self.refresh(layout=True)
        else:
            refresh_changed(self, old, self._strips)

    def text(self) -> str:
        """Plain text of every line (for tests)."""
        if self._width == -1:
            self._render_strips(self.size.width or self._fallback_width())
        return "\n".join(s.text for s in self._strips)

    def _fallback_width(self) -> int:
        parent = self.parent
        while parent is not None and not getattr(parent, "size", None):
            parent = parent.parent
        return max(20, (parent.size.width - 2) if parent is not None and parent.size.width else 80)

    def _render_strips(self, width: int) -> None:
        if width == self._width:
            return
        self._width = width
        if self._renderable is None:
            self._strips = []
            return
        console = self.app.console
        options = console.options.update_width(width)
        renderable = self._renderable
        parts = renderable.renderables if isinstance(renderable, Group) else [renderable]
        kept, fresh = self._kept.pop(width, {}), {}
        strips: list[Strip] = []
        for part in parts:
            key = _content_key(part)
            lines = (fresh.get(key) or kept.get(key)) if key is not None else None
            if lines is None:
                if isinstance(part, Beside):  # each side kept by what it holds
                    part = part.from_columns(console, options, kept, fresh)
                rendered = console.render_lines(part, options, pad=False)
                lines = [Strip(Segment.simplify(line)) for line in rendered]
            if key is not None:
                fresh[key] = lines
            strips += lines
        self._kept[width] = fresh
        while len(self._kept) > 2:  # a width the panel no longer has
            del self._kept[next(iter(self._kept))]
        self._strips = strips

    def on_resize(self) -> None:
        old = len(self._strips)
        self._render_strips(self.size.width)
        if len(self._strips) != old:
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._known_width = width
        self._render_strips(width)
        return len(self._strips)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._strips):
            return self._strips[y].extend_cell_length(self.size.width)
        return Strip.blank(self.size.width)


def refresh_changed(widget: Widget, old: list[Strip], new: list[Strip], top: int = 0) -> None:
    """Repaint only the lines of ``widget`` that changed (a repaint of the whole widget
    has Textual draw every line again); ``top`` is the first line on view."""
    width, height = widget.size
    if len(old) != len(new) or not width:
        widget.refresh()
        return
    changed = [
        Region(0, y - top, width, 1)
        for y, (was, now) in enumerate(zip(old, new, strict=True))
        if was is not now and was != now and 0 <= y - top < height
    ]
    if changed:
        widget.refresh(*changed)


class Beside:
    """Two renderables side by side: a two-column grid, ``gap`` cells between them.

    Rendered on its own it is that grid. In a Lines panel each side's lines are kept
    by what the side holds, so a change to one side renders that side alone (measuring
    and drawing nested tables twice over is what makes the grid slow)."""

    def __init__(self, left: RenderableType, right: RenderableType, gap: int) -> None:
        self.left, self.right, self.gap = left, right, gap

    def grid(self, left: RenderableType, right: RenderableType) -> Table:
        table = Table.grid(padding=(0, self.gap))
        table.add_column()
        table.add_column()
        table.add_row(left, right)
        return table

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.grid(self.left, self.right)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.grid(self.left, self.right))

    def from_columns(self, console: Console, options: ConsoleOptions, kept: dict, fresh: dict):
        """The same grid made of each side's kept lines: the column widths come from
        the kept measures of the sides, as Rich works them out (narrowing one if both
        do not fit), then each side is drawn at its width unless it was already."""
        keys = [_content_key(side) for side in (self.left, self.right)]
        if None in keys:
            return self
        sized = []
        for side, key in zip((self.left, self.right), keys, strict=True):
            mkey = b"measure:" + key  # type: ignore[operator]
            measure = fresh.get(mkey) or kept.get(mkey) or Measurement.get(console, options, side)
            fresh[mkey] = measure
            sized.append(_Sized(measure))
        console.render_lines(self.grid(*sized), options, pad=False)  # only sizes the columns
        drawn = []
        for side, key, size in zip((self.left, self.right), keys, sized, strict=True):
            dkey = b"%d:" % size.width + key  # type: ignore[operator]
            lines = fresh.get(dkey) or kept.get(dkey)
            if lines is None:
                # a one-column grid that wide renders the cell as the two-column one
                # does (the same options, padded to the column's width)
                alone = Table.grid()
                alone.add_column()
                alone.add_row(side)
                at = options.update_width(size.width)
                lines = [Strip(line) for line in console.render_lines(alone, at, pad=False)]
            fresh[dkey] = lines
            drawn.append(_Drawn(lines, size.width))
        return self.grid(*drawn)


class _Sized:
    """A stand-in with a side's measure: it notes the width its column gets."""

    def __init__(self, measure: Measurement) -> None:
        self.measure = measure
        self.width = 0

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        self.width = options.max_width
        yield from ()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return self.measure


class _Drawn:
    """Lines already drawn, as a renderable exactly as wide as its column."""

    def __init__(self, lines: list[Strip], width: int) -> None:
        self.lines = lines
        self.width = width

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)


def _content_key(part: RenderableType) -> bytes | None:
    """What a part holds, as bytes (equal bytes: equal lines), or None when it cannot
    be told (such a part is rendered every time)."""
    out = io.BytesIO()
    try:
        _KeyPickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(part)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    return out.getvalue()


class _KeyPickler(pickle.Pickler):
    """Pickles a style by what it looks like and a group by its parts: both also keep
    caches they fill while rendering (a style's hash and text, a group's list), which
    would make equal parts differ."""

    def reducer_override(self, obj: object) -> object:
        if isinstance(obj, Style):
            return Style, (), None, None, None, _style_state(obj)
        if isinstance(obj, Group):
            return Group, tuple(obj.renderables), {"fit": obj.fit}
        return NotImplemented


def _style_state(style: Style) -> Iterator[tuple[str, object]]:
    yield "look", str(style)
    yield "meta", style._meta  # clicks and links carry data that str() leaves out
