"""Is any panel's content cut where it cannot scroll? Read through Textual's public
widget geometry only (``region``, ``content_region``, ``virtual_size``,
``get_content_height``, the scrollbars a widget shows).

A widget's content may be larger than its panel only when the panel shows the cue
that there is more: a scrollbar on that side. Three ways content is cut unseen:

- a scrollable widget whose content is taller (or wider) than its window, with no
  scrollbar shown on that side;
- a widget of text (a leaf) whose text needs more lines than it was given;
- a widget laid out past the edge of a parent that does not scroll that way, or
  past the screen's edge.
"""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.widget import Widget
from textual.widgets import Input, Select
from textual_plotext import PlotextPlot

# Widgets that draw their own window over longer content, by design and with their
# own cue: an Input scrolls its text under the cursor, a Select shows its choice; a
# plot is drawn to the size it is given.
SELF_SCROLLING = (Input, Select, PlotextPlot)


def _shown(widget: Widget) -> bool:
    return all(
        node.display and node.visible
        for node in widget.ancestors_with_self
        if isinstance(node, Widget)
    )


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def _scrolls(widget: Widget, vertical: bool) -> bool:
    """The widget scrolls that way and shows a scrollbar to say so."""
    if not widget.is_scrollable:
        return False
    if vertical:
        return widget.show_vertical_scrollbar and widget.scrollbar_size_vertical > 0
    return widget.show_horizontal_scrollbar and widget.scrollbar_size_horizontal > 0


def _may_scroll(widget: Widget, vertical: bool) -> bool:
    """Content may lie beyond the widget's window that way (it scrolls at all)."""
    if not widget.is_scrollable:
        return False
    overflow = widget.styles.overflow_y if vertical else widget.styles.overflow_x
    return overflow != "hidden" or _scrolls(widget, vertical)


def cut_content(screen) -> list[str]:
    """Each place on ``screen`` where content is cut with no scroll cue, in words."""
    problems: list[str] = []
    screen_region = Region(0, 0, *screen.app.size)
    for widget in screen.walk_children(Widget):
        if not _shown(widget) or isinstance(widget.parent, SELF_SCROLLING):
            continue
        region = widget.region
        name = _name(widget)
        if widget.is_scrollable and not isinstance(widget, SELF_SCROLLING):
            window = widget.scrollable_content_region
            content = widget.virtual_size
            if content.height > window.height and not _scrolls(widget, True):
                problems.append(f"{name}: {content.height} lines in {window.height}, no scrollbar")
            if content.width > window.width and not _scrolls(widget, False):
                problems.append(f"{name}: {content.width} columns in {window.width}, no scrollbar")
        elif not widget.children and not isinstance(widget, SELF_SCROLLING):
            inner = widget.content_region
            if inner.width > 0 and widget.styles.height is not None:
                needed = widget.get_content_height(
                    widget.container_size, Size(*screen.app.size), inner.width
                )
                if needed > inner.height:
                    problems.append(f"{name}: text of {needed} lines in {inner.height}")
        parent = widget.parent
        if isinstance(parent, Widget) and _shown(parent) and region.area:
            room = parent.content_region if not parent.is_scrollable else parent.region
            below = region.bottom > room.bottom or region.y < room.y
            beside = region.right > room.right or region.x < room.x
            if below and not _may_scroll(parent, True):
                problems.append(
                    f"{name}: rows {region.y}-{region.bottom} out of {_name(parent)}"
                    f" ({room.y}-{room.bottom}), which does not scroll"
                )
            if beside and not _may_scroll(parent, False):
                problems.append(
                    f"{name}: columns {region.x}-{region.right} out of "
                    f"{_name(parent)} ({room.x}-{room.right}), which does not scroll"
                )
        if (
            region.area
            and screen_region.intersection(region) != region
            and not any(
                _may_scroll(node, True) or _may_scroll(node, False)
                for node in widget.ancestors
                if isinstance(node, Widget)
            )
        ):
            problems.append(f"{name}: {region} past the screen's edge")
    return problems
