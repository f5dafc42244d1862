"""What the widgets drawn line by line (Textual's Line API) share."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style as TextualStyle


def _plain_box(widget: Any) -> bool:
    """Whether Textual's styles cache would hand the widget's lines on unchanged: no
    border, padding or outline, no tint, opacity or hatch."""
    styles = widget.styles
    return (
        styles.gutter.totals == (0, 0)
        and not any(kind for kind, _ in styles.outline)
        and not styles.tint.a
        and styles.text_opacity == 1.0
        and widget.opacity == 1.0
        and (not styles.has_rule("hatch") or styles.hatch == "none")
        and not _hovered_link(widget)
    )


def _hovered_link(widget: Any) -> bool:
    """Whether the mouse is over a link the styles cache would restyle."""
    if not widget.auto_links:
        return False
    hover = widget.hover_style
    return bool(hover._link_id and hover._meta and "@click" in hover.meta)


def _direct_lines(widget: Any, crop: Region, colours: tuple, filters: list) -> list[Strip]:
    """The widget's lines in ``crop`` as the styles cache makes them for a plain box,
    drawn afresh: its per-line work (borders, padding, effects it checks for) was most
    of a log or card grid's cost, and these widgets keep what they draw already.
    ``colours`` and ``filters`` are the widget's background colours and line filters."""
    width, height = widget.size
    base_background, background = colours
    inner = TextualStyle(background=base_background + background).rich_style
    strips = []
    filtered = widget.FILTERED_LINES
    for y in crop.line_range:
        line = widget.render_line(y) if y < height else Strip.blank(width, inner)
        if filtered and y < height and line.cell_length == width:
            strips.append(line)  # filtered already, in the parts the widget keeps
            continue
        line = line.adjust_cell_length(width, inner)
        for line_filter in filters:
            line = line.apply_filter(line_filter, background)
        strips.append(line)
    if crop.column_span != (0, width):
        x1, x2 = crop.column_span
        strips = [strip.crop(x1, x2) for strip in strips]
    return strips


class FrameStyle:
    """Works out a widget's base style once a frame instead of once a line.

    ``rich_style`` walks every ancestor's styles; asked by each line of a card grid or
    the log it was a sixth of a hand-off's repaint. A mixin, listed before the widget
    class: Textual takes a widget's default CSS from its first widget base only."""

    _frame_style: Style | None = None
    rich_style: Any  # the widget's

    DIRECT_LINES = False  # True: lines go straight to the screen when the box is plain
    # True (with DIRECT_LINES): the lines drawn are kept until the widget is refreshed,
    # for a widget that refreshes itself whenever what it draws changes. A screen shown
    # again after a hand-off repaints every widget, most of them unchanged.
    KEEP_LINES = False
    # True (with DIRECT_LINES): render_line applies this frame's line filters itself,
    # to the parts it keeps (a card's lines), and hands over lines of the full width;
    # the lines are not filtered again, line by line.
    FILTERED_LINES = False
    _frame_filters: tuple | None = None  # (filters, background) while drawn directly
    _kept: tuple[tuple, list[Strip]] | None = None
    size: Any
    scroll_offset: Any
    background_colors: Any
    get_line_filters: Any

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame_style = style = self.rich_style
        try:
            if not (self.DIRECT_LINES and _plain_box(self)):
                return super().render_lines(crop)  # type: ignore[misc]
            colours, filters = self.background_colors, self.get_line_filters()
            if self.FILTERED_LINES:
                self._frame_filters = (tuple(filters), colours[1])
            if not self.KEEP_LINES:
                return _direct_lines(self, crop, colours, filters)
            key = (crop, self.size, self.scroll_offset, style, colours, tuple(filters))
            if self._kept is None or self._kept[0] != key:
                self._kept = (key, _direct_lines(self, crop, colours, filters))
            return self._kept[1]
        finally:
            self._frame_style = self._frame_filters = None

    def filtered(self, segments: list[Segment]) -> list[Segment]:
        """``segments`` with this frame's line filters applied, when drawn directly
        (``FILTERED_LINES``); as they are otherwise (the styles cache filters)."""
        if self._frame_filters is None:
            return segments
        filters, background = self._frame_filters
        for line_filter in filters:
            segments = line_filter.apply(segments, background)
        return segments

    def refresh(self, *regions: Region, **kw: Any) -> Any:
        self._kept = None  # what it draws has changed
        return super().refresh(*regions, **kw)  # type: ignore[misc]

    def notify_style_update(self) -> None:
        self._kept = None  # a new theme or class: its parts' colours may differ
        super().notify_style_update()  # type: ignore[misc]

    @property
    def line_style(self) -> Style:
        """The base style for ``render_line``: this frame's, or worked out now."""
        return self._frame_style or self.rich_style


class KeptFill:
    """A mixin for a box or a screen, listed before it: its own lines (the fill behind
    what it holds, and its border) are kept while its size, border and colours stay.
    The compositor asks every box under a repaint for all of its lines, and showing a
    screen again repaints all of it."""

    _fill_key: tuple | None = None
    _fill: list[Strip] = []
    styles: Any
    size: Any
    visual_style: Any
    background_colors: Any
    get_line_filters: Any

    def render_lines(self, crop: Region) -> list[Strip]:
        # See-through fills are kept too: their colours (from the boxes around) are
        # part of the key.
        styles = self.styles
        key = (crop, self.size, styles.background, styles.border, self.visual_style)
        key += (self.background_colors, tuple(self.get_line_filters()))
        if key != self._fill_key:
            self._fill_key, self._fill = key, super().render_lines(crop)  # type: ignore[misc]
        return self._fill


class KeptBackground(KeptFill):
    """A screen's plain fill behind its widgets, kept (drawing it afresh at each
    hand-off was a tenth of the repaint); a see-through screen is drawn from what lies
    beneath, each time."""

    def render_lines(self, crop: Region) -> list[Strip]:
        if self.styles.background.a < 1:
            return super(KeptFill, self).render_lines(crop)  # type: ignore[misc]
        return super().render_lines(crop)


class PlainFocusStyle:
    """A mixin, listed before the widget class, for a widget whose focus moves at every
    move: Textual restyles a widget whose focus changes with animation on, which
    builds and compares a second set of styles to find what to animate. No rule of
    this app has a transition, so the styles are set straight (the same styles)."""

    update_node_styles: Any

    def watch_has_focus(self, _has_focus: bool) -> None:
        self.update_node_styles(animate=False)
