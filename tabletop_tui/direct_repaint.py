"""A widget's repaint goes straight to its screen's list of widgets to draw.

In Textual 8.2.8 a widget asked to repaint wakes its own task (a Prompt message),
which once idle posts an Update message to its screen, which adds the widget to the
widgets it draws in the next frame. A Sweet Lands move repaints ten to fifteen
widgets, so some forty messages pass before its frame can start. Here a repaint that
asks for nothing else (no layout, no recompose) does at once what that Update does:
the screen notes the widget and is woken to draw it. The frame draws the same widgets
with the same lines, only sooner. A layout, a recompose, a widget not yet mounted or
a screen itself take Textual's own way, as does any refresh on another release.

Since the frame now comes sooner, a focus move that Textual queues on the app for a
moment later would reach the widgets after it (a frame with the old focus look): on
a screen that sets ``FOCUS_AT_ONCE`` (the game screens), ``focus()`` moves it at once.
"""

from __future__ import annotations

from textual.dom import NoScreen
from textual.screen import Screen
from textual.widget import Widget

from .paint import PROVEN_TEXTUAL, TEXTUAL_VERSION

_textual_refresh = Widget.refresh
_textual_focus = Widget.focus


def _refresh(
    self: Widget,
    *regions,
    repaint: bool = True,
    layout: bool = False,
    recompose: bool = False,
) -> Widget:
    if (
        layout
        or recompose
        or not repaint
        or not self._is_mounted
        or self._closing
        or isinstance(self, Screen)
        or self._layout_required
    ):
        return _textual_refresh(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    try:
        screen = self.screen
    except NoScreen:
        return _textual_refresh(self, *regions, repaint=repaint)
    # What Widget.refresh does for a repaint, then what the Update message would do.
    self._layout_cache.clear()
    self._set_dirty(*regions)
    self.clear_cached_dimensions()
    self._rich_style_cache.clear()
    if self.display and screen in screen._compositor:
        screen._dirty_widgets.add(self)
        screen.check_idle()
    else:  # (not placed yet: the screen's next layout draws it)
        self._repaint_required = True
        self.check_idle()
    return self


def _focus(self: Widget, scroll_visible: bool = True) -> Widget:
    """Textual moves the focus a moment later (a call queued on the app); on a screen
    that asks for it (``FOCUS_AT_ONCE``), in view, it moves at once, so the widgets'
    Focus and Blur come before the frame their repaints would otherwise reach first."""
    try:
        screen = self.screen
    except NoScreen:
        return _textual_focus(self, scroll_visible)
    if getattr(screen, "FOCUS_AT_ONCE", False) and self.is_mounted and screen is self.app.screen:
        self.refresh()
        screen.set_focus(self, scroll_visible=scroll_visible)
        return self
    return _textual_focus(self, scroll_visible)


def install() -> bool:
    """Send repaints straight to the screen; False (untouched) on another Textual."""
    if TEXTUAL_VERSION != PROVEN_TEXTUAL:
        return False
    Widget.refresh = _refresh  # type: ignore[method-assign]
    Widget.focus = _focus  # type: ignore[method-assign]
    return True
