"""A Static whose new text lays the screen out again only when its height changes,
and then only once.

``Static.update`` asks for a layout of the whole screen on every new text: every
widget is arranged again, and the scroll views (the move list, the log) then paint
their bars in a frame of their own. For a line whose box keeps its height (a fixed
height, or new text taking as many lines as the old) nothing moves, and a repaint of
the widget is all the change needs: on Sweet Lands' list arrows, whose highlighted
move rewrites the "Enter >" line above the list, that layout was most of the key.

When the height does change, the layout Textual runs gives the widget its new size and
sets its ``virtual_size`` to it; a changed ``virtual_size`` asks for a layout of its
own, so every change of height cost two layouts (and two frames of scrollbars).
``expect_outer_height`` sets that size before the first layout, which then finds it
unchanged.
"""

from __future__ import annotations

from textual.containers import ScrollableContainer, VerticalScroll
from textual.geometry import Size
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static


def outer_height(widget: Widget, content_lines: int) -> int:
    """The height a layout gives ``widget`` (its padding and border, its min-height and
    max-height in cells applied) for ``content_lines`` lines of content."""
    styles = widget.styles
    height = content_lines + styles.gutter.height
    low, high = styles.min_height, styles.max_height
    if low is not None and low.is_cells:
        height = max(height, int(low.value))
    if high is not None and high.is_cells:
        height = min(height, int(high.value))
    return height


def laid_out_content(widget: Widget) -> Size:
    """The content size of ``widget`` at its last layout, even while it is hidden (its
    ``content_region`` is empty then; a panel is drawn as it is put back on show)."""
    outer, gutter = widget.outer_size, widget.styles.gutter
    return Size(max(0, outer.width - gutter.width), max(0, outer.height - gutter.height))


def expect_outer_height(widget: Widget, height: int, *, widths: bool = False) -> None:
    """Ask for a layout in which ``widget`` (laid out before, its width kept) is
    ``height`` lines high, telling it first the size that layout will give it (its
    ``virtual_size``; for a widget that does not scroll, its outer size), so the layout
    asks for no second one; and so for the scroll box it is in (with ``widths``, its
    children told their new width where its bar comes or goes: ``expect_box_length``).
    A wrong guess costs only that second layout."""
    width = widget.outer_size.width
    if width and not widget.is_scrollable:
        widget.virtual_size = Size(width, height)  # a reactive: it asks for the layout
        box = widget.parent
        if isinstance(box, VerticalScroll):
            expect_box_length(box, widths=widths)
    widget.refresh(layout=True, repaint=False)


def expect_box_length(box: VerticalScroll, *, widths: bool = False) -> None:
    """Tell a scroll box (laid out before) the scrollable size its next layout will
    give it: its room, or its children's whole length when longer. A child that does
    not scroll is as high as its ``virtual_size`` says (its last size, or the one told
    by ``expect_outer_height``); one that scrolls, its content's length within its
    min-height and max-height. Margins between children collapse, as Textual lays
    them out; a child docked at the top (the first) adds its height, as Textual's
    arrangement does. A box whose bar comes and goes (overflow auto) has it shown or
    hidden as the layout will decide it (``expect_vertical_bar``); its children's new
    width is told them with ``widths`` (``expect_new_width``), else found by the layout
    (each new size found then asks for a second one)."""
    room = laid_out_content(box)
    length = children_length(box)
    height = room.height - box.scrollbar_size_horizontal
    if box.styles.overflow_y == "auto" and (length > height) != box.show_vertical_scrollbar:
        box.virtual_size = Size(room.width, max(height, length))  # the length it decides by
        expect_vertical_bar(box, box.outer_size.height)
        if (length > height) != box.show_vertical_scrollbar:
            return  # (a horizontal bar there too): left to Textual's layout, and a second
        if widths:
            bar = box.styles.scrollbar_size_vertical
            for child in box.children:
                if isinstance(child, Widget) and child.display:
                    expect_new_width(
                        child, child.outer_size.width + (-bar if length > height else bar)
                    )
            length = children_length(box)  # the children at their new width
    box.virtual_size = Size(room.width - box.scrollbar_size_vertical, max(height, length))
    # a box of the same size is not updated by the layout: its scroll is kept within
    # the new length here (Textual does it when the layout finds the length)
    box.scroll_y = box.validate_scroll_y(box.scroll_y)


def children_length(box: Widget) -> int:
    """The length of the children on show of ``box`` (vertical) as a layout stacks them:
    a child that does not scroll as high as its ``virtual_size`` says (its last size,
    or the one told), one that scrolls its content's length within its min-height and
    max-height; margins between children collapse, as Textual lays them out."""
    length, margin_below, first = 0, 0, True
    for child in box.children:
        if not isinstance(child, Widget) or not child.display:
            continue
        tall = child.virtual_size.height
        if child.is_scrollable:
            if child.show_horizontal_scrollbar and child.styles.is_auto_height:
                tall += child.styles.scrollbar_size_horizontal  # Textual adds its line
            tall = outer_height(child, tall)
        margin = child.styles.margin
        length += (margin.top if first else max(margin_below, margin.top)) + tall
        margin_below, first = margin.bottom, False
    return length + margin_below


class TakesWidth:
    """A widget that lays its content out again at a width told before the layout that
    gives it that width (``expect_new_width``)."""

    def expect_width(self, width: int) -> int:
        """Lay the content out for the outer ``width``; the outer height it then takes."""
        raise NotImplementedError


def expect_new_width(widget: Widget, width: int) -> None:
    """Before a layout that makes ``widget`` (laid out before) ``width`` cells wide, tell
    it its new outer size (its ``virtual_size``) and lay out what takes the width: a
    ``TakesWidth`` lays itself out, text of height auto is measured at the new width,
    a horizontal box of height auto tells its one child of fractional width. Found
    during the layout, each new size asked for a second one. Anything else is left to
    the layout."""
    old = widget.outer_size
    if not old.width or width == old.width:
        return
    styles = widget.styles
    auto = styles.height is None or styles.height.is_auto
    if isinstance(widget, TakesWidth):
        height = widget.expect_width(width)
    elif isinstance(widget, Static) and not widget.is_scrollable:
        if not auto:
            height = old.height
        else:
            inner = width - styles.gutter.width
            lines = widget.get_content_height(widget.container_size, widget.app.size, inner)
            height = outer_height(widget, lines)
    elif (
        auto
        and styles.layout is not None
        and styles.layout.name == "horizontal"
        and not widget.show_vertical_scrollbar
        and not widget.show_horizontal_scrollbar
    ):
        shown = [c for c in widget.children if isinstance(c, Widget) and c.display]
        wide = [c for c in shown if c.styles.width is not None and c.styles.width.is_fraction]
        if len(wide) != 1:
            return
        expect_new_width(wide[0], wide[0].outer_size.width + width - old.width)
        # (one that scrolls keeps its height: its virtual_size is its content's)
        tallest = max(
            (c.outer_size.height if c.is_scrollable else c.virtual_size.height)
            + c.styles.margin.height
            for c in shown
        )
        height = outer_height(widget, tallest)
        if widget.is_scrollable:  # (overflow hidden) its content's size, as laid out
            gutter = styles.gutter
            widget.virtual_size = Size(width - gutter.width, height - gutter.height)
            return
    else:
        return
    widget.virtual_size = Size(width, height)


def expect_room_given(widget: Widget, lines: int) -> None:
    """Before a layout in which ``widget`` (height auto, laid out before) grows by
    ``lines`` (shrinks if negative), tell the sibling of fractional height that gives
    it the room its new size, and so on within it, and the vertical bar of one that
    scrolls: each new size found during the layout (a ``virtual_size``, a reactive)
    asked for a second one (the log under the move list at 80x24, the list filled for
    the seat under a hand-off). Only where one sibling gives it all: else, and on a
    wrong guess, the layout finds the sizes, as before."""
    box = widget.parent
    giver = fractional_child(box, widget) if lines and isinstance(box, Widget) else None
    while giver is not None:
        size = giver.outer_size
        if size.height <= lines or giver.styles.gutter.height:
            return
        if giver.show_vertical_scrollbar:  # as high as the widget (the log's, always)
            bar = giver.vertical_scrollbar
            bar.virtual_size = Size(bar.virtual_size.width, size.height - lines)
            return
        if giver.styles.overflow_y != "hidden":
            return  # a bar may come: left to the layout
        giver.virtual_size = Size(size.width, size.height - lines)
        giver = fractional_child(giver)


def fractional_child(box: Widget, besides: Widget | None = None) -> Widget | None:
    """The one child on show of ``box`` (vertical) with a fractional height, other than
    ``besides``; None if none or several."""
    if box.styles.layout is None or box.styles.layout.name != "vertical":
        return None
    found = [
        child
        for child in box.children
        if isinstance(child, Widget) and child is not besides and child.display
        if child.styles.height is not None and child.styles.height.is_fraction
    ]
    return found[0] if len(found) == 1 else None


def expect_vertical_bar(widget: Widget, outer_height: int) -> None:
    """Show or hide the vertical scroll bar of ``widget`` (overflow-y auto, laid out
    before, its width kept) before the layout that makes it ``outer_height`` high, as
    that layout decides it (its content's height against the room), the bar told the
    size it will get (the widget's content size). Found during the layout, a bar coming
    or going asked for a second layout, and its first showing and size for a third; a
    wrong guess costs only those. Where a horizontal bar is or would come, left to
    Textual. The bar must exist before the key (made at mount): one made now starts
    after the layout and asks for its own."""
    styles = widget.styles
    width = widget.outer_size.width - styles.gutter.width
    if styles.overflow_y != "auto" or width <= 0 or widget.show_horizontal_scrollbar:
        return
    room = Size(width, max(0, outer_height - styles.gutter.height))
    content = widget.virtual_size
    shown = content.height > room.height
    if (
        shown
        and styles.overflow_x != "hidden"
        and content.width > width - styles.scrollbar_size_vertical
    ):
        return
    widget.show_vertical_scrollbar = shown
    bar = widget.vertical_scrollbar
    bar.display = shown
    if shown:
        bar.virtual_size = room


def expect_outer_size(widget: Widget, size: Size) -> None:
    """``expect_outer_height`` for a widget (laid out before) whose styles set its width
    and height both, ``size`` its new outer size, alone in a box that scrolls both
    ways (the Happiness table): the box is told its scrollable size too."""
    if widget.outer_size.width and not widget.is_scrollable:
        widget.virtual_size = size  # a reactive: it asks for the layout
        box = widget.parent
        if isinstance(box, ScrollableContainer) and len(box.children) == 1:
            expect_box_size(box, size)
    widget.refresh(layout=True, repaint=False)


def expect_box_size(box: ScrollableContainer, content: Size) -> None:
    """Tell a scroll box (laid out before) holding one child of outer size ``content``
    (no margins) the scrollable size its next layout gives it: its room (less the bars
    on show), or the child where larger, on each axis. Bars that come or go (overflow
    auto) are shown or hidden as that layout decides them (``bars_for``), each bar and
    the corner between them told the size the layout gives them (the box's content
    size): found during the layout, a bar asked for a second one and their first sizes
    for a third. The bars and the corner must exist before (made at mount: one made now
    starts after the layout and asks for its own)."""
    room = laid_out_content(box)
    styles = box.styles
    horizontal, vertical = bars_for(box, content, room)
    show_bars(box, horizontal, vertical, room)
    width = room.width - (styles.scrollbar_size_vertical if vertical else 0)
    height = room.height - (styles.scrollbar_size_horizontal if horizontal else 0)
    box.virtual_size = Size(max(width, content.width), max(height, content.height))
    # kept within the new size, as expect_box_length does
    box.scroll_x = box.validate_scroll_x(box.scroll_x)
    box.scroll_y = box.validate_scroll_y(box.scroll_y)


def show_bars(widget: Widget, horizontal: bool, vertical: bool, room: Size) -> None:
    """Show or hide the bars of ``widget`` as the next layout will, each bar (and the
    corner between two) told the size that layout gives it: ``room``, the widget's
    content size. Nothing where they stay as they are."""
    if (horizontal, vertical) == (widget.show_horizontal_scrollbar, widget.show_vertical_scrollbar):
        return
    widget.show_horizontal_scrollbar, widget.show_vertical_scrollbar = horizontal, vertical
    for bar, shown in (
        (widget.horizontal_scrollbar, horizontal),
        (widget.vertical_scrollbar, vertical),
    ):
        bar.display = shown
        if shown:
            bar.virtual_size = room
    if horizontal and vertical:
        widget.scrollbar_corner.virtual_size = room


def expect_bars_of_auto_height(widget: Widget, content: Size) -> None:
    """Both bars of a scroll view of height auto that scrolls both ways as needed (laid
    out before, its width kept) shown or hidden before the layout that gives it
    ``content`` (its new ``virtual_size``), as that layout decides them. Textual adds
    the horizontal bar's line to such a view's height, from the bar's state at the
    layout: a bar found coming or going during the layout asked for a second one, at
    the height the bar makes. Where neither state agrees with the height it leads to,
    left to Textual. The bars and the corner must exist before (made at mount)."""
    styles = widget.styles
    width = widget.outer_size.width - styles.gutter.width
    if width <= 0 or (styles.overflow_x, styles.overflow_y) != ("auto", "auto"):
        return
    now = widget.show_horizontal_scrollbar
    for horizontal in (now, not now):
        line = styles.scrollbar_size_horizontal if horizontal else 0
        room = Size(width, outer_height(widget, content.height + line) - styles.gutter.height)
        bars = bars_for(widget, content, room)
        if bars[0] == horizontal:
            show_bars(widget, *bars, room)
            return


def bars_for(box: Widget, content: Size, room: Size) -> tuple[bool, bool]:
    """(horizontal, vertical): the bars a layout shows on ``box`` for ``content`` in
    ``room`` (its content size), as Textual's layout decides them: an axis with
    overflow auto has its bar where the content is larger than the room, or larger
    than the room the other bar leaves; hidden never, scroll always."""

    def shown(overflow: str, longer: bool) -> bool:
        return overflow == "scroll" or (overflow == "auto" and longer)

    styles = box.styles
    horizontal = shown(styles.overflow_x, content.width > room.width)
    vertical = shown(styles.overflow_y, content.height > room.height)
    if vertical and not horizontal:
        horizontal = shown(
            styles.overflow_x, content.width > room.width - styles.scrollbar_size_vertical
        )
    if horizontal and not vertical:
        vertical = shown(
            styles.overflow_y, content.height > room.height - styles.scrollbar_size_horizontal
        )
    return horizontal, vertical


class SteadyStatic(Static):
    """A Static that asks for a layout only when its new content changes its height."""

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        super().update(content, layout=False)  # repaints it
        if not layout:
            return
        lines = self.new_content_lines()
        if lines is None:  # never laid out (or hidden): its first layout sizes it
            if self.is_mounted and not self.display:
                return  # hidden itself (the Sweet Lands summaries at 80x24): the layout
                # that shows it again sizes it, and its text asks for none meanwhile
            # repaint=False keeps the height just measured for the layout to use
            self.refresh(layout=True, repaint=False)
        elif (height := outer_height(self, lines)) != self.outer_size.height:
            expect_outer_height(self, height)

    def next_outer_height(self) -> int | None:
        """The height the next layout gives it for the content now shown, at the width
        laid out (a scrolling one: its content's whole length within its max-height),
        or None when it was never laid out."""
        room = laid_out_content(self)
        if not self.is_mounted or not self.display or not room:
            return None
        lines = self.new_content_lines()
        if lines is None:
            lines = self.get_content_height(self.container_size, self.app.size, room.width)
        return outer_height(self, lines)

    def new_content_lines(self) -> int | None:
        """The lines the content now shown takes at the width laid out (a fixed height's
        lines, whatever the text), or None when no layout can be reused."""
        room = laid_out_content(self)
        if not self.is_mounted or not self.display or not room:
            return None  # never laid out (or hidden itself): nothing to keep
        if self.is_scrollable:
            return None  # its scrollbar follows the content's whole height
        height = self.styles.height
        if height is not None and height.is_cells:
            # so many lines, whatever the text (a class may just have set that height)
            return max(0, int(height.value) - self.styles.gutter.height)
        return self.get_content_height(self.container_size, self.app.size, room.width)
