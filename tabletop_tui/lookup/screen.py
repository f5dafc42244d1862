"""What a screen with the look-up key does: F2 opens the panel on what is focused or
under the mouse, F2 again shows every term of the game, Escape (or F2 a third time)
closes it. The panel follows the focus and the mouse while open, and closes when the
seat at the keyboard changes (what it said was for the last reader).

The look-up is a part a screen holds (``self.lookup``, a ``Lookup``): it owns the
panel and what the mouse points at, and reads the screen through ``LookupHost``. The
screen says what it points at by ``lookup_subject`` (from the keyboard's focus) and
``lookup_pointed`` (from a widget under the mouse); whose words they are (the game's
title and glossary, the seat reading) comes from a ``LookupSource``: for a game's
table, ``TableLookup`` answers it from the table's controller, and the words come
from the game's explainer. ``LookupScreen`` only passes Textual's key, mouse and
action calls on to the part (Textual calls methods of the screen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from textual import events
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

from rules.core import Explanation, Glossary, Ref

from ..navigation import ShowHelp
from ..widgets.parts import PartHost
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


class LookupSource(Protocol):
    """Whose words the look-up speaks: the game's name and glossary, and the reader."""

    def lookup_title(self) -> str:
        """The game's name, over its whole glossary."""
        ...

    def lookup_reader(self) -> object:
        """Whose knowledge the panel speaks from: it closes when this changes."""
        ...

    def lookup_glossary(self) -> Glossary: ...


class LookupHost(PartHost, Protocol):
    """What the look-up reads and asks of the screen that holds it."""

    def lookup_subject(self) -> Subject:
        """What the keyboard's focus is on."""
        ...

    def lookup_pointed(self, widget: Widget, x: int, y: int) -> Subject | None:
        """What the mouse points at in ``widget`` (content offset x, y); None: nothing."""
        ...

    def mount(self, *widgets: Widget) -> object: ...

    def refresh_bindings(self) -> None: ...

    def call_after_refresh(self, callback: Callable[[], object]) -> bool: ...


LOOKUP_ACTIONS = ("close_lookup", "leave", "results", "title", "close")  # Escape's


class Lookup:
    """The look-up key's part: the panel while it is open, and what the mouse (or the
    palette) points at; a key press hands back to the focus."""

    def __init__(self, host: LookupHost, source: LookupSource) -> None:
        self.host = host
        self.source = source
        self.panel: LookupPanel | None = None  # open, mounted under the table
        self.pointed: Subject | None = None

    def glossary(self) -> Glossary:
        return self.source.lookup_glossary()

    def allows(self, action: str) -> bool | None:
        """None: not a look-up matter; else whether the action may run (Escape
        closes an open panel instead of leaving the screen)."""
        if action == "close_lookup":
            return self.panel is not None
        if action in LOOKUP_ACTIONS and self.panel is not None:
            return False
        return None

    def open(self) -> None:
        """F2: the panel on what is focused; again: every term; a third time: closed."""
        panel = self.panel
        if panel is None:
            panel = self.panel = LookupPanel(self.source.lookup_reader())
            self.host.mount(panel)
            self.host.refresh_bindings()  # Escape now closes the panel: the key bar says so
        elif not panel.whole_glossary:
            panel.whole_glossary = True
        else:
            self.close()
            return
        self.refresh()

    def close(self) -> None:
        self.pointed = None
        panel, self.panel = self.panel, None
        if panel is not None:
            panel.remove()
            self.host.call_after_refresh(self.host.refresh_bindings)

    def refresh(self) -> None:
        panel = self.panel
        if panel is None or not panel.is_attached:
            return
        if panel.reader != self.source.lookup_reader():
            self.close()  # another reader: nothing of the last one stays
            return
        if panel.whole_glossary:
            glossary = self.glossary()
            panel.show(("glossary",), glossary_text(glossary, self.source.lookup_title()))
            return
        subject = self.pointed or self.host.lookup_subject()
        panel.show(
            (subject.key, subject.told),
            lookup_text(subject.told, subject.glossary, subject.around, subject.marks),
        )

    def mouse_moved(self, event: events.MouseMove) -> None:
        if self.panel is None or event.widget is None:
            return
        widget = event.widget
        offset = event.get_content_offset(widget)
        if offset is None:
            return
        x, y = offset.x + int(widget.scroll_x), offset.y + int(widget.scroll_y)
        pointed = self.host.lookup_pointed(widget, x, y)
        if pointed is not None:
            self.pointed = pointed
            self.refresh()


class TableHost(LookupHost, Protocol):
    """A screen that shows a game's table (its ``controller``'s)."""

    @property
    def controller(self) -> Controller: ...

    def post_message(self, message: Message) -> bool: ...


@dataclass(frozen=True)
class TableSource:
    """A table's words: its game's title and glossary, for the seat at its keyboard."""

    table: TableHost

    def lookup_title(self) -> str:
        return self.table.controller.spec.title

    def lookup_reader(self) -> object:
        return self.table.controller.viewer

    def lookup_glossary(self) -> Glossary:
        c = self.table.controller
        return c.spec.explainer.glossary(c.spec.id)


class TableLookup(Lookup):
    """The look-up of a screen that shows a game's table: the game's glossary, for the
    seat at the keyboard; what the command palette opens (lookup.palette)."""

    def __init__(self, host: TableHost) -> None:
        super().__init__(host, TableSource(host))
        self.table = host

    def look_up(self, ref: Ref) -> None:
        """The look-up panel on ``ref`` (a card or term found by name), until a key."""
        told = self.table.controller.explain(ref)
        if self.panel is None:
            self.open()
        if self.panel is not None:
            self.panel.whole_glossary = False
        self.pointed = Subject(ref, told, self.glossary())
        self.refresh()

    def open_help(self, section: str | None = None) -> None:
        """F1's rules reference, opened at ``section`` (a heading), else at the top."""
        self.table.post_message(ShowHelp(self.table.controller.spec.id, section))


class LookupScreen(Screen):
    """A screen with the look-up key: Textual calls the screen's methods for its keys,
    the mouse and the BINDINGS ``lookup`` and ``close_lookup`` (Escape), and these pass
    them on to the screen's part. The screen makes ``lookup`` and asks its ``allows``
    from its ``check_action``."""

    lookup: Lookup

    def lookup_pointed(self, widget: Widget, x: int, y: int) -> Subject | None:
        return None

    def action_lookup(self) -> None:
        self.lookup.open()

    def action_close_lookup(self) -> None:
        self.lookup.close()

    def refresh_lookup(self) -> None:  # the open panel's timer (panel.Followed)
        self.lookup.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.lookup.mouse_moved(event)

    def on_key(self, _event: events.Key) -> None:
        self.lookup.pointed = None  # a key hands back to the focus: the keyboard leads
