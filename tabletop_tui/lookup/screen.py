"""What a screen with the look-up key does: F2 opens the panel on what is focused or
under the mouse, F2 again shows every term of the game, Escape (or F2 a third time)
closes it. The panel follows the focus and the mouse while open, and closes when the
seat at the keyboard changes (what it said was for the last reader).

A screen says what it points at by ``lookup_subject`` (from the keyboard's focus) and
``lookup_pointed`` (from a widget under the mouse); the words come from the game's
explainer through them.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from textual import events
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget

from rules.core import Explanation, Glossary, Ref

from ..navigation import ShowHelp
from .panel import LookupPanel
from .text import glossary_text, lookup_text

if TYPE_CHECKING:
    from ..controller import Controller


@dataclass(frozen=True)
class Subject:
    """What the look-up explains: ``key`` tells one subject from another (a Ref, a
    move's key), ``told`` is the explainer's answer, ``around`` the thing's own marks
    on screen (their terms are defined too)."""

    key: object
    told: Explanation | None
    glossary: Glossary = field(default_factory=Glossary)
    around: str = ""
    marks: tuple[str, ...] = ()  # glossary keys of the marks the thing is drawn with


class LookupScreen(Screen):
    """A screen with the look-up key. Its BINDINGS name ``lookup`` and ``close_lookup``
    (Escape); ``lookup_allows`` is asked from its ``check_action``."""

    # what the mouse (or the palette) points at; a key press hands back to the focus
    pointed: Subject | None = None

    # ---- what a screen tells ---------------------------------------------------------
    def lookup_subject(self) -> Subject:
        """What the keyboard's focus is on (a screen overrides it)."""
        return Subject(None, None, self.lookup_glossary())

    def lookup_pointed(self, widget: Widget, x: int, y: int) -> Subject | None:
        """What the mouse points at in ``widget`` (content offset x, y); None: nothing."""
        return None

    def lookup_glossary(self) -> Glossary:
        return Glossary()

    def lookup_title(self) -> str:
        """The game's name, over its whole glossary."""
        return "this game"

    def lookup_reader(self) -> object:
        """Whose knowledge the panel speaks from: it closes when this changes."""
        return None

    # ---- the panel -------------------------------------------------------------------
    @property
    def lookup_panel(self) -> LookupPanel | None:
        try:
            return self.query_one(LookupPanel)
        except NoMatches:
            return None

    def lookup_allows(self, action: str) -> bool | None:
        """None: not a look-up matter; else whether the action may run (Escape
        closes an open panel instead of leaving the screen)."""
        if action == "close_lookup":
            return self.lookup_panel is not None
        if action in ("leave", "results", "title", "close") and self.lookup_panel is not None:
            return False
        return None

    def action_lookup(self) -> None:
        panel = self.lookup_panel
        if panel is None:
            panel = LookupPanel(self.lookup_reader())
            self.mount(panel)
            self.refresh_bindings()  # Escape now closes the panel: the key bar says so
        elif not panel.whole_glossary:
            panel.whole_glossary = True
        else:
            self.action_close_lookup()
            return
        self.refresh_lookup()

    def action_close_lookup(self) -> None:
        self.pointed = None
        with contextlib.suppress(NoMatches):
            self.query_one(LookupPanel).remove()
            self.call_after_refresh(self.refresh_bindings)

    def refresh_lookup(self) -> None:
        panel = self.lookup_panel
        if panel is None or not panel.is_attached:
            return
        if panel.reader != self.lookup_reader():
            self.action_close_lookup()  # another reader: nothing of the last one stays
            return
        if panel.whole_glossary:
            glossary = self.lookup_glossary()
            panel.show(("glossary",), glossary_text(glossary, self.lookup_title()))
            return
        subject = self.pointed or self.lookup_subject()
        panel.show(
            (subject.key, subject.told),
            lookup_text(subject.told, subject.glossary, subject.around, subject.marks),
        )

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if self.lookup_panel is None or event.widget is None:
            return
        widget = event.widget
        offset = event.get_content_offset(widget)
        if offset is None:
            return
        x, y = offset.x + int(widget.scroll_x), offset.y + int(widget.scroll_y)
        pointed = self.lookup_pointed(widget, x, y)
        if pointed is not None:
            self.pointed = pointed
            self.refresh_lookup()

    def on_key(self, _event: events.Key) -> None:
        self.pointed = None  # the keyboard leads again


class TableLookup(LookupScreen):
    """The look-up of a screen that shows a game's table (its ``controller``'s): the
    game's glossary, for the seat at the keyboard."""

    controller: Controller

    def lookup_title(self) -> str:
        return self.controller.spec.title

    def lookup_reader(self) -> object:
        return self.controller.viewer

    def lookup_glossary(self) -> Glossary:
        c = self.controller
        return c.spec.explainer.glossary(c.spec.id)

    # ---- what the command palette opens (lookup.palette) ----------------------------
    def look_up(self, ref: Ref) -> None:
        """The look-up panel on ``ref`` (a card or term found by name), until a key."""
        told = self.controller.explain(ref)
        if self.lookup_panel is None:
            self.action_lookup()
        panel = self.lookup_panel
        if panel is not None:
            panel.whole_glossary = False
        self.pointed = Subject(ref, told, self.lookup_glossary())
        self.refresh_lookup()

    def open_help(self, section: str | None = None) -> None:
        """F1's rules reference, opened at ``section`` (a heading), else at the top."""
        self.post_message(ShowHelp(self.controller.spec.id, section))
