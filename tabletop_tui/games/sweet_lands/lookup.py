"""The look-up key on Sweet Lands' screen: what the map cursor, the Board and Hand
rows, the highlighted move or the mouse point at, as the explainer's references."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from rules.core import Action, Ref

from ...lookup import Subject
from ...widgets.pick_table import PickTable
from .hexmap import HexMap
from .lines import Lines
from .text import data
from .tracks import track_name

if TYPE_CHECKING:  # the mixin's methods are the screen's
    from rules.sweet_lands import SweetLandsView

    from ..base import GameScreenBase as _Screen
else:
    _Screen = object

# moves named after one thing, by the place of its id in the move's arguments
_BY_KIND: dict[str, str] = {
    "area": "area",
    "copy": "area",
    "play": "card",
    "discard": "card",
    "keep": "card",
    "automate": "card",
    "edge": "road",
    "hex": "hex",
    "special": "hex",
    "place": "hex",
    "rabbit": "hex",
    "flip_tile": "hex",
    "character": "character",
    "skill": "skill",
    "flip": "skill",
    "fa_milestone": "milestone",
    "token": "token",
    "track": "track",
}
# moves that name a kind of thing the glossary explains
_TERM_OF_KIND = {"income": "income-colour", "column": "industry-bonus", "marker": "track-markers"}


# the glossary's terms for the marks a hex or a road place is drawn with on the map
MAP_MARKS = {
    "hex": ("hex-letters", "property-letters", "map-marks"),
    "road": ("map-marks", "map-cursor"),
}


def map_ref(target: tuple[str, int]) -> Ref:
    """A map cursor's place as a reference: a hex, or the road place of an edge."""
    what, ident = target
    return Ref("hex" if what == "hex" else "road", ident)


def move_ref(action: Action) -> Ref | None:
    """The thing a Sweet Lands move is about, if it names one."""
    if action.kind in _TERM_OF_KIND:
        return Ref("term", _TERM_OF_KIND[action.kind])
    kind = _BY_KIND.get(action.kind)
    if kind is None or not action.args:
        return Ref("action", action.kind) if action.kind.startswith("fa_") else None
    return Ref(kind, action.args[0])  # type: ignore[arg-type]


class SweetLandsLookup(_Screen):
    """The look-up's hooks for the Sweet Lands screen (a mixin of it)."""

    if TYPE_CHECKING:

        def shown(self, v: SweetLandsView) -> int: ...

        def current_view(self) -> SweetLandsView: ...

        def map_step(self) -> bool: ...

    def shown_is_reader(self) -> bool:
        """The map on show is the reader's own (the explainer reads the reader's map)."""
        v = self.current_view()
        return v["viewer"] is not None and self.shown(v) == v["viewer"]

    def help_section(self) -> str | None:
        """The part of help.md for the decision on screen: the map in a map step, the
        tracks when a track is chosen, setting up, the end, else the round."""
        c = self.controller
        if c.state.is_over:
            return "Final score"
        kinds = {a.kind for a in c.legal()}
        if self.map_step():
            return "The map"
        if kinds & {"track", "marker", "column", "income"}:
            return "Tracks"
        if kinds & {"character", "map", "aid"}:
            return "Setting up"
        return "A round"

    def explain_ref(self, ref: Ref, around: str = "") -> Subject | None:
        subject = super().explain_ref(ref, around)
        if subject is None or ref.kind not in MAP_MARKS:
            return subject
        return replace(subject, marks=MAP_MARKS[ref.kind])  # the map's letters, defined

    def focused_ref(self) -> Ref | None:
        widget = self.focused
        if isinstance(widget, HexMap) and widget.cursor is not None:
            # the explainer reads the reader's own map: another player's is not explained
            return map_ref(widget.cursor) if self.shown_is_reader() else None
        if isinstance(widget, PickTable) and widget.cursor_key is not None and widget.id in TABLES:
            return table_ref(widget.id or "", widget.cursor_key)
        return None

    def ref_of_move(self, action: Action) -> Ref | None:
        return move_ref(action)

    def lookup_pointed(self, widget, x: int, y: int) -> Subject | None:
        if isinstance(widget, HexMap) and self.shown_is_reader():
            target = widget.target_at(x, y)
            return None if target is None else self.explain_ref(map_ref(target))
        if isinstance(widget, Lines) and widget.id in NAMING_PANELS:
            texts = widget.line_texts(widget.content_region.width)
            ref = line_ref(texts[y]) if 0 <= y < len(texts) else None
            return None if ref is None else self.explain_ref(ref)
        if isinstance(widget, PickTable) and widget.id in TABLES:
            row = widget.row_at(y - int(widget.scroll_y))  # y counts the lines scrolled by
            if row is None or not 0 <= row < widget.row_count:
                return None  # the header, or below the rows
            return self.explain_ref(table_ref(widget.id or "", widget.get_row_key(row)))
        return None


TABLES = ("sl-areas", "sl-hand")
# panels of text whose lines name Prosperity tracks and characters (Tracks, the hand's
# player panel, Players): the line under the mouse is looked up by the name it holds
NAMING_PANELS = ("sl-tracks", "sl-player", "sl-players")


def line_ref(line: str) -> Ref | None:
    """The Prosperity track or the character a panel's line names ("Or-up tiles",
    "Eline"), if any: a track first, as a track's line may also name who stands on it."""
    d = data()
    for i, track in enumerate(d.prosperity):
        if track_name(track) in line:
            return Ref("track", i)
    words = set(re.findall(r"[A-Za-z]+", line))
    for cid, character in d.characters.items():
        if character["name"].split()[0] in words:  # the panels name a character by first name
            return Ref("character", cid)
    return None


def table_ref(table: str, key: str) -> Ref:
    """A Board row names its area, a Hand row its card (by its uid)."""
    if table == "sl-areas":
        return Ref("area", key)
    return Ref("card", int(key)) if key.isdigit() else Ref("card", key)
