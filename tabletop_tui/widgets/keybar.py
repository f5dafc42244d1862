"""The key line at the bottom of a game screen, drawn as one line of text.

Textual's Footer mounts a widget per key and builds them again whenever the keys
change, and the widgets it drops stay in memory: over a game with many hand-offs that
is thousands of widgets and a layout pass each time. This bar keeps no widgets: it
redraws its single line when the screen's bindings change, dims keys that do not apply
now (``check_action`` returning None), hides those it returns False for, and runs the
key a click lands on.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.dom import DOMNode
from textual.widgets import Static

from .sizes import MIN_WIDTH

NARROW_ROWS = 3  # the most lines the bar takes under MIN_WIDTH columns


class KeyBar(Static):
    COMPONENT_CLASSES = {"keybar--key", "keybar--dim"}
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $footer-background;
             color: $footer-foreground; }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    KeyBar > .keybar--dim { color: $text-disabled; }
    """

    def __init__(self, **kw):
        super().__init__("", **kw)
        # each key's clickable span: start and end column, its node and action, its line
        self._hits: list[tuple[int, int, DOMNode, str, int]] = []
        self._drawn: tuple | None = None  # what the drawn line shows: keys and styles
        self._plain = ""
        self._styles: tuple | None = None  # component styles -> the two rich styles

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        # A new theme restyles the bar but changes no binding: the line is drawn in the
        # old theme's colours until redrawn. Textual publishes this after its CSS refresh.
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self.call_after_refresh(self.redraw)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme) -> None:
        if self.is_attached:
            self.redraw()

    def _bindings_changed(self, screen) -> None:
        # Under a hand-off the game's keys change two or three times (the public view,
        # the seat's view drawn under it, the screen's focus), all out of sight: the
        # line is drawn once, when the screen is back on top (Textual refreshes a
        # resumed screen's bindings). One line a row at full width, so its height,
        # which a layout would have to follow, never changes while it waits.
        if not self.is_attached or screen is not self.screen:
            return
        if self.app.size.width < MIN_WIDTH or not self.covered():
            self.redraw()

    def covered(self) -> bool:
        """Whether a screen over this bar's screen hides it whole: one with an opaque
        background, the rule by which Textual draws the screens under the top one (a
        hand-off over the game)."""
        stack = self.app.screen_stack
        above = stack[stack.index(self.screen) + 1 :] if self.screen in stack else []
        return any(screen.styles.background.a == 1 for screen in above)

    def redraw(self) -> None:
        # Keys that stay the same (most moves keep them) leave the line as it is: no
        # rich Text to build and compare, and nothing for the next frame to draw again.
        # The two styles are worked out again only when Textual restyled the bar (it
        # makes new component styles then): twice a move otherwise.
        parts = tuple(self.get_component_styles(name) for name in ("keybar--key", "keybar--dim"))
        if self._styles is None or any(
            a is not b for a, b in zip(parts, self._styles[0], strict=True)
        ):
            made = (s.partial_rich_style for s in parts)
            self._styles = (parts, tuple(made))
        key_style, dim_style = self._styles[1]
        keys = []
        done = set()
        for node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or (binding.action, binding.description) in done:
                continue
            done.add((binding.action, binding.description))
            keys.append((node, binding, enabled))
        shown, rows = self._fitted(keys)
        self._hits = []
        breaks = set()  # where the lines after the first start
        for row, spans in enumerate(rows):
            first = spans[0][0] if spans else 0
            if row:
                breaks.add(first)
            self._hits += [
                (start - first, end - first, node, action, row)
                for start, end, node, action, on in spans
                if on
            ]
        drawn = (key_style, dim_style, tuple(shown), len(rows))
        if drawn == self._drawn:
            return
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        starts = [start for line_hits in rows for start, *_ in line_hits]
        for k, (key, description, enabled) in enumerate(shown[: len(starts)]):
            if k and starts[k] in breaks:
                line.append("\n")
            line.append(key, style=key_style if enabled else dim_style)
            last = k == len(starts) - 1 or starts[k + 1] in breaks
            gap = "" if last else " "  # no space after the last key of a line
            line.append(f"{description}{gap}", style="" if enabled else dim_style)
        self._drawn = drawn
        self._plain = line.plain
        if self.styles.height is None or self.styles.height.value != len(rows):
            self.styles.height = len(rows)
        self.update(line, layout=False)

    def _fitted(self, keys: list) -> tuple[list, list[list]]:
        """The keys shown, and their clickable spans line by line, fitted to the width."""
        shown, hits = self._laid_out(keys, pad=" ")
        if self._too_long(hits):
            # too long for the terminal (80 columns): one space between keys, not two,
            # so every key stays in sight rather than the last ones being cut
            shown, hits = self._laid_out(keys, pad="")
        if not self._too_long(hits):
            return shown, [hits]
        # still too long: the app's own keys (quit) go, as Escape leaves the game and
        # F1 lists every key; the game's keys stay
        fewer = [key for key in keys if key[0] is not self.app]
        if self.app.size.width >= MIN_WIDTH:
            shown, hits = self._laid_out(fewer, pad="")
            return shown, [hits]
        # the narrow layout (a phone): the keys go on as many lines as they need, up
        # to three, rather than out of sight (the app's keys go first there too)
        rows = self._rows(hits)
        if len(rows) > NARROW_ROWS:
            shown, hits = self._laid_out(fewer, pad="")
            rows = self._rows(hits)[:NARROW_ROWS]
        return shown, rows

    def _rows(self, hits: list) -> list[list]:
        """The keys' spans broken into lines that fit the terminal's width."""
        rows: list[list] = [[]]
        first = 0
        for hit in hits:
            start, end = hit[0], hit[1]
            if rows[-1] and end - 1 - first > self.app.size.width:
                rows.append([])
                first = start
            rows[-1].append(hit)
        return rows

    def _too_long(self, hits: list) -> bool:
        # each span ends with the space after its key; the last key needs none
        return bool(hits) and hits[-1][1] - 1 > self.app.size.width

    def _laid_out(self, keys: list, pad: str) -> tuple[list, list]:
        """Each key's (key text, description, enabled) and its clickable span."""
        shown, hits, end = [], [], 0
        for node, binding, enabled in keys:
            key = f"{pad}{self.app.get_key_display(binding)} "
            start, end = end, end + cell_len(key) + cell_len(binding.description) + 1
            hits.append((start, end, node, binding.action, enabled))
            shown.append((key, binding.description, enabled))
        return shown, hits

    def on_resize(self) -> None:
        self.redraw()

    def text(self) -> str:
        return self._plain

    async def on_click(self, event) -> None:
        for start, end, node, action, row in self._hits:
            if row == event.y and start <= event.x < end:
                await self.app.run_action(action, node)
                return
