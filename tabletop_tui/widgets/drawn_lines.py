"""What line-API widgets (the log, the card grids, the panels' lines) share: the
widget's style looked up once a drawing, and lines padded to the panel's width
kept while they stay the same; and, for every widget, dropping what a closed screen
drew (``forget_drawn_lines``).

``Widget.rich_style`` walks every ancestor's styles each time it is read. A widget
drawn a line at a time read it once or twice a line: about 60 walks for a
31-line log, a tenth of a hand-off's frame. The style cannot change in the middle
of a drawing, so it is read once as the drawing starts.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class DrawnLines(Widget):
    """A base for line-API widgets: ``line_style()`` is the widget's style, read
    once per drawing, and ``fitted(line, width)`` the line padded or cut to the
    width in that style, drawn once while the line, width and style stay.

    A line may be given as its segments: a panel keeps its lines so and the Strip
    (seven caches, about 1.1 KiB) is made only when the line is fitted anew."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.drawing_style: Style | None = None  # set only while a drawing runs
        # a line's fitted strip, by the line object's id; the line itself is kept in
        # the value, so an id reused by a later line cannot match
        self.fitted_lines: dict[int, tuple[Strip | list[Segment], int, Style, Strip]] = {}

    def render_lines(self, crop: Region) -> list[Strip]:
        self.drawing_style = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self.drawing_style = None

    def line_style(self) -> Style:
        """The widget's style: the one read for this drawing, or (outside one) now."""
        return self.drawing_style if self.drawing_style is not None else self.rich_style

    def fitted(self, line: Strip | list[Segment], width: int) -> Strip:
        """``line`` padded (or cut) to ``width`` cells in the widget's style."""
        style = self.line_style()
        kept = self.fitted_lines.get(id(line))
        if kept is not None and kept[0] is line and kept[1] == width and kept[2] == style:
            return kept[3]
        whole = line if isinstance(line, Strip) else Strip(line)
        strip = whole.crop_extend(0, width, style).apply_style(style)
        if len(self.fitted_lines) > 2 * self.size.height + 20:
            # two panels' worth: the lines a hand-off or a scroll brings back; older
            # ones (and the lines they hold) go, and are drawn again if they return
            self.fitted_lines.clear()
        self.fitted_lines[id(line)] = (line, width, style, strip)
        return strip


def forget_drawn_lines(screens) -> None:
    """Empty the drawn lines of every widget on screens just taken off the stack
    (still mounted, no longer drawn).

    Textual 8 keeps the style cache of the last 1,024 widgets drawn alive after their
    screens close (an ``lru_cache`` on a ``StylesCache`` method holds each instance,
    Textualize/textual#6665), and with each cache every line that widget drew: about
    20,000 objects and 3 MiB a game. A refresh empties a mounted widget's cache
    (``Widget.refresh``, public), so what stays behind is the empty caches only.
    """
    for screen in screens:
        for widget in screen.walk_children(with_self=True):
            widget.refresh()
