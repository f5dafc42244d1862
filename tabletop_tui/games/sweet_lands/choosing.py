"""The Sweet Lands screen's widgets wired to its chooser (``chooser.py``): a part the
screen holds, reading the screen through ``ChoosingHost``.

The widget with the focus drives the one cursor (the move list, the map or a table):
the part tells the chooser where it moved and puts the other widgets where the
chooser says, so the highlighted move, the map cursor and the table row always name
the same move; the line above the move list says what Enter will do on the focused
widget, or why it does nothing there, in the chooser's words. Direct keys: A-Q an
action area, 1-9 a card of the hand, F the next free action, E end the turn (passing,
asked once, when the main action is unused). The screen's key and event handlers
hand each key here; the chooser decides, and this part moves the widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rich.markup import escape
from textual.widget import Widget
from textual.widgets import OptionList, Static

from rules.core import Action
from rules.sweet_lands import SweetLandsView

from ...text import markup_safe
from ...widgets.parts import PartHost
from ...widgets.pick_table import PickTable
from .chooser import ALL, CARD_KINDS, Chooser, KeyAnswer, MapPlace, Part, map_target
from .hexmap import HexMap

if TYPE_CHECKING:
    from . import SweetLandsController


class ChoosingHost(PartHost, Protocol):
    """What the choosing part reads and asks of the Sweet Lands screen."""

    @property
    def controller(self) -> SweetLandsController: ...

    @property
    def review(self) -> bool:
        """True on a table to look at: Enter plays nothing."""
        ...

    @property
    def focused(self) -> Widget | None: ...

    def set_focus(
        self, widget: Widget | None, scroll_visible: bool = True, from_app_focus: bool = False
    ) -> None:
        """The focus to ``widget`` at once (Textual's ``Screen.set_focus``)."""
        ...

    def current_view(self) -> SweetLandsView: ...

    def shown(self, v: SweetLandsView) -> int:
        """The seat whose map and boards are on show."""
        ...

    def play_seen(self) -> bool:
        """Whether a key for the play view may act (the narrow layout shows it)."""
        ...

    def _apply(self, action: Action) -> None:
        """Make the move (a pass is asked about first)."""
        ...

    def act_key(self, key: str) -> None: ...

    def try_act(self, kind: str) -> None: ...

    def pay_all(self, key: str) -> None:
        """Pay every resource due in the kind of ``key`` (the trade part)."""
        ...

    def show_moves(self, legal: list[Action], focus: bool = True) -> None: ...

    def show_steps(self) -> None:
        """The line above the moves again (what Enter does)."""
        ...

    def hex_info(self, target: MapPlace | None, v: SweetLandsView, seat: int) -> None: ...

    def update_static(self, target: str | Static, text: str) -> None: ...


class Choosing:
    """The one cursor on screen: the chooser, and the widgets kept where it points."""

    def __init__(self, host: ChoosingHost) -> None:
        self.host = host
        self.chooser = Chooser()  # what is listed, highlighted and what Enter does
        # the widget about to take the focus while "Enter >" is said for it (give_keys)
        self.taking_keys: Widget | None = None

    # ---- the widgets tell the chooser where they point ---------------------------------
    def focused_part(self) -> Part:
        """The part of the screen Enter belongs to."""
        widget = self.taking_keys or self.host.focused
        if isinstance(widget, HexMap):
            return "map"
        if isinstance(widget, PickTable):
            return "areas" if widget.id == "sl-areas" else "hand"
        return "list" if isinstance(widget, OptionList) else "other"

    def sync(self) -> Chooser:
        """The chooser, told where each widget points now (the mouse and the widgets'
        own keys move them too)."""
        chooser, host = self.chooser, self.host
        ol = host.query_one("#sl-actions", OptionList)
        chooser.index = ol.highlighted if ol.option_count else None
        chooser.map_cursor = host.query_one("#sl-map", HexMap).cursor
        if chooser.position is not None:
            chooser.shown_seat = host.shown(chooser.at().view)
        chooser.focus = part = self.focused_part()
        table = self.taking_keys or host.focused
        if isinstance(table, PickTable) and part in ("areas", "hand"):
            chooser.rows[part] = table.cursor_key
        return chooser

    def highlighted_move(self) -> Action | None:
        """The legal move the list highlights (None if none)."""
        if self.chooser.position is None:
            return None
        return self.sync().highlighted()

    def enter_text(self) -> str:
        return self.sync().enter_text()

    def map_step(self) -> bool:
        """True while a map step of the viewer's is asked (digits type hex numbers)."""
        host = self.host
        if host.review or host.controller.viewer is None or self.chooser.position is None:
            return False
        return self.chooser.map_step()

    # ---- the widgets follow the chooser ------------------------------------------------
    def show_cursor(self) -> None:
        """The list's highlight where the chooser puts it."""
        ol = self.host.query_one("#sl-actions", OptionList)
        if ol.highlighted != self.chooser.index:
            ol.highlighted = self.chooser.index

    def follow_list(self, action: Action | None) -> None:
        """Move the map cursor and the table cursors onto the highlighted move: one cursor."""
        if action is None:
            return
        host = self.host
        target = map_target(action)
        hm = host.query_one("#sl-map", HexMap)
        if not hm.display and action.kind in ("character", "map"):
            self.show_choice(action)
        hm.show_cursor(target is not None or hm.has_focus)
        if target is not None and target in hm.targets and hm.cursor != target:
            hm.cursor = target
            hm.rebuild()
            hm.scroll_to_cursor()
            v = host.current_view()
            host.hex_info(target, v, host.shown(v))
        if action.kind in ("area", "copy"):
            self.put_table_cursor("#sl-areas", action.args[0])
        elif action.kind in CARD_KINDS:
            self.put_table_cursor("#sl-hand", str(action.args[0]))

    def show_choice(self, action: Action) -> None:
        """Before a Map Board is chosen the map panel is empty: it shows the highlighted
        character or map side whole, in the explainer's words (the Enter > box above
        the moves holds only its first lines)."""
        told = self.chooser.at().explained.get(action.key)
        info = self.host.query_one("#sl-hexinfo", Static)
        info.add_class("-choice")
        self.host.update_static(info, escape(told.text()) if told else "")

    def put_table_cursor(self, selector: str, row_key: str) -> None:
        table = self.host.query_one(selector, PickTable)
        try:
            row = table.get_row_index(row_key)
        except KeyError:  # the row is not in the table (a tab not drawn yet)
            return
        if table.cursor_row != row:
            table.move_cursor(row=row, animate=False)

    # ---- a widget moved ------------------------------------------------------------------
    def list_highlighted(self, option_list: OptionList, row: str | None) -> None:
        # The focused widget drives the one cursor and the others follow it; a late
        # highlight event must not pull the map cursor back while the map is driven.
        if option_list.has_focus:
            self.follow_list(self.chooser.by_key.get(row or ""))
        self.host.show_steps()

    def map_moved(self, target: MapPlace | None) -> None:
        host = self.host
        v = host.current_view()
        host.hex_info(target, v, host.shown(v))
        self.sync().point_map(target)
        self.show_cursor()
        host.show_steps()

    def row_highlighted(self, table: PickTable, key: str) -> None:
        if table.has_focus:  # the table's cursor is the one cursor now
            chooser = self.sync()
            chooser.point_row(chooser.focus, key)
            self.show_cursor()
            self.host.show_steps()

    def give_keys(self, widget: Widget) -> None:
        """What Enter does said for ``widget``, then the focus to it, in this key's turn:
        one layout and one frame for both. ``Widget.focus`` moves it on the next turn of the
        loop, after the key's layout and frame; "Enter >" rewritten then (a line longer
        or shorter) laid the screen out again, two more frames on M, L and a tab leaving
        the map. The steps come first: the focus asks the screen for a whole frame at
        once, while a new height reaches it later, through the steps' own idle; focus
        first, that frame came before the layout, and a second after it."""
        host = self.host
        if host.focused is widget or not widget.focusable:
            return
        self.taking_keys = widget
        try:
            self.focus_moved()
        finally:
            self.taking_keys = None
        host.set_focus(widget)  # again on its DescendantFocus, finding nothing to change

    def focus_moved(self) -> None:
        # Enter now belongs to another widget: the list follows its cursor, and the
        # header says what Enter does there
        if self.chooser.position is not None:
            chooser = self.sync()
            chooser.focus_on(chooser.focus)
            self.show_cursor()
        self.host.show_steps()

    # ---- Enter, a click, the direct keys -----------------------------------------------
    def refuse(self, answer: KeyAnswer) -> None:
        self.host.notify(answer.refusal, title="Not allowed", severity="warning")

    def not_your_move(self) -> bool:
        """True (and said) when no seat at the keyboard is asked anything now."""
        if self.host.controller.next_step() != "human":
            self.host.notify("Wait: it is not your move.", severity="warning")
            return True
        return False

    def end_turn(self) -> None:
        """E ends the turn; with the main action unused that means passing, asked once."""
        move = self.chooser.end_move() if self.chooser.position is not None else None
        if move is not None and move.kind == "pass":
            self.host._apply(move)
        else:
            self.host.try_act("end")

    def area(self, letter: str) -> None:
        """A-Q: use (or copy) that action area; the second area of a letter (H2) too."""
        if not self.host.play_seen() or self.not_your_move():
            return
        found = self.chooser.area_key(letter)
        if isinstance(found, KeyAnswer):
            self.refuse(found)
            return
        self.put_table_cursor("#sl-areas", found[0].args[0])
        self.choose(found, "Choose how to use the area")

    def card(self, n: int) -> None:
        """1-9: the n-th card of the hand: play it, or discard or keep it when asked; in
        a numbered list (a choice asked, a resource paid or taken) its n-th row."""
        host = self.host
        if not host.play_seen():
            return
        if host.controller.next_step() != "human" or host.current_view()["viewer"] is None:
            host.notify("Wait: it is not your move.", severity="warning")
            return
        answer = self.chooser.card_key(n)
        if answer.row is not None:
            self.choose_row(answer.row)
        elif answer.move is not None:
            host._apply(answer.move)
        elif self.chooser.numbered():  # a digit past the list: which digits answer it
            host.notify(answer.refusal, severity="warning")
        else:
            self.refuse(answer)

    def free(self) -> None:
        """F: the highlight goes to the next free action in the move list."""
        found = self.sync().free_key()
        if found is None:
            self.host.notify("No free action is possible now.", severity="warning")
            return
        ol = self.host.query_one("#sl-actions", OptionList)
        self.give_keys(ol)
        ol.highlighted = found

    def hex_digit(self, digit: str) -> None:
        """0-9 in a map step: type a hex number (a road: its two hexes, 9 then 14) and
        the cursor goes to the first move there; Enter takes it."""
        found = self.sync().hex_digit(digit)
        if isinstance(found, str):
            self.host.notify(found, title="Not a legal place", severity="warning")
            return
        move = self.chooser.moves[found]
        hm = self.host.query_one("#sl-map", HexMap)
        target = map_target(move)
        if hm.has_focus and target is not None and target in hm.targets:
            hm.set_cursor(target)  # the list follows the map cursor
            return
        ol = self.host.query_one("#sl-actions", OptionList)
        self.give_keys(ol)
        ol.highlighted = found
        self.follow_list(move)

    def map_picked(self, target: MapPlace) -> None:
        """Enter or a click on the map."""
        host = self.host
        if host.review:
            return  # a table to look at: Enter plays nothing
        v = host.current_view()
        if self.not_your_move():
            return
        if host.shown(v) != v["viewer"]:
            name = markup_safe(v["players"][host.shown(v)]["name"])
            host.notify(f"This is {name}'s map: press N to come back to yours.", severity="warning")
            return
        chooser = self.sync()
        chooser.focus, chooser.map_cursor = "map", target  # Enter or a click there
        self.enter_choice("Choose the special tile for this hex")

    def row_selected(self, table: PickTable, key: str) -> None:
        """Enter or a click on a row of the Board's areas or of the hand."""
        if self.host.review:
            return  # a table to look at: Enter plays nothing
        if self.not_your_move():
            return
        chooser = self.sync()
        part: Part = "areas" if table.id == "sl-areas" else "hand"
        if part == "hand" and chooser.hand_card(key) is None:
            return
        chooser.focus = part
        chooser.rows[part] = key  # the row chosen (a click may land off the cursor)
        self.enter_choice("Choose")

    def enter_choice(self, question: str) -> None:
        """Enter (or a click) on the map or a table: the chooser's moves there, one
        taken at once and several listed to choose from; none: the engine's reason."""
        acts, reason = self.chooser.focused_choice()
        if acts:
            self.choose(acts, question)
        else:
            self.host.notify(reason, title="Not allowed", severity="warning")

    def choose(self, acts: list[Action], question: str) -> None:
        host = self.host
        if len(acts) == 1:
            host._apply(acts[0])
            return
        self.chooser.filter = acts
        host.show_moves(host.controller.legal())
        self.give_keys(host.query_one("#sl-actions", OptionList))
        host.notify(f"{question} in the move list (keys 1-{len(acts)}, or arrows and Enter).")

    def choose_row(self, row: str) -> None:
        """A row of the move list chosen (Enter, a click or its digit)."""
        if row.startswith(ALL):
            self.host.pay_all(row.removeprefix(ALL))
            return
        # the row's move as the chooser holds it (parsing its key again would label it
        # again); a row no longer legal goes to the engine, which says why
        move = self.chooser.by_key.get(row)
        if move is not None:
            self.host._apply(move)
        else:
            self.host.act_key(row)
