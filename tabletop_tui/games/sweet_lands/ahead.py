"""Drawing the panels that are not on show ahead of time, between keys.

After a frame has shown a move's result, the tabs not on show are drawn from the same
view one by one, each in its own callback after a refresh, so a tab key (or a move
whose next step opens another tab) finds its panel drawn. A key pressed meanwhile
waits for one panel at most; a panel drawn ahead is the panel the tab would draw.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import TabbedContent

# The tabs a move's next step most often opens come first.
AHEAD_ORDER = ("tab-map", "tab-board", "tab-hand", "tab-tracks", "tab-players")


class DrawAheadMixin:
    """Methods of SweetLandsScreen (kept apart to keep the screen module short)."""

    _ahead_queued = False
    _dirty: set[str]
    is_active: bool
    is_attached: bool
    call_after_refresh: Any
    query_one: Any
    render_tab: Any

    def draw_ahead(self) -> None:
        """Draw the hidden tabs once this frame is out (nothing queued twice)."""
        if not self._ahead_queued:
            self._ahead_queued = self.call_after_refresh(self._draw_one_ahead)

    def _draw_one_ahead(self) -> None:
        self._ahead_queued = False
        # Under a hand-off the next player's view comes first: nothing to draw ahead.
        if not self.is_attached or not self.is_active:
            return
        active = self.query_one(TabbedContent).active
        tab = next((t for t in AHEAD_ORDER if t in self._dirty and t != active), None)
        if tab is not None:
            self.render_tab(tab)
            self.draw_ahead()
