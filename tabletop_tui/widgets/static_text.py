"""Giving a Static new text without a layout pass when its size stays.

Static.update lays out the whole screen by default: every widget is measured and
placed again, and whatever moved is repainted. Text that still fills the lines it
had needs none of that."""

from __future__ import annotations

from textual.widgets import Static


def size_may_change(widget: Static) -> bool:
    """Whether the widget, holding its new text, may need another size."""
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return True  # its width follows the text (no width: it fills its container)
    if styles.height is not None and not styles.height.is_auto:
        return False  # a fixed height (rows or a share of its container)
    width, height = widget.content_region.size
    if not width or not widget.display:
        return True  # never laid out, or hidden: the next layout measures it
    return widget._render().get_height(styles, width) != height


def set_text(widget: Static, text: str) -> None:
    """Show ``text`` (markup) in ``widget``, laying the screen out only if needed."""
    widget.update(text, layout=False)
    if size_may_change(widget):
        widget.refresh(layout=True)
