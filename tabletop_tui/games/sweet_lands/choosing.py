"""The Sweet Lands screen's widgets wired to its chooser (``chooser.py``).

The widget with the focus drives the one cursor (the move list, the map or a table):
the screen tells the chooser where it moved and puts the other widgets where the
chooser says, so the highlighted move, the map cursor and the table row always name
the same move; the line above the move list says what Enter will do on the focused
widget, or why it does nothing there, in the chooser's words. Direct keys: A-Q an
action area, 1-9 a card of the hand, F the next free action, E end the turn (passing,
asked once, when the main action is unused). A step with one answer is taken at once,
in plain sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from textual.widgets import DataTable, OptionList, Static

from rules.core import Explanation, GameState, counted
from rules.sweet_lands import SweetLandsView

from ...text import markup_safe
from . import asked as A
from . import draft as D
from . import hand as H
from . import reasons as R
from .chooser import Chooser, KeyAnswer, Part, card_moves
from .cursor import CARD_KINDS, map_target
from .hexmap import HexMap
from .lines import Lines
from .tabstrip import Panels, PickTable

if TYPE_CHECKING:
    # To the type checker the mixin is the game screen it is mixed into; at run time
    # SweetLandsScreen names GameScreenBase after it, so the mixin stays a plain class.
    from ..base import GameScreenBase as _Screen
    from . import SweetLandsController
else:
    _Screen = object

MapPlace = tuple[str, int]  # ("hex", index) or ("edge", index), as HexMap's cursor


class ChoosingMixin(_Screen):
    """Methods of SweetLandsScreen (kept apart to keep the screen module short)."""

    # What the mixin reads of SweetLandsScreen, set by its render_view.
    controller: SweetLandsController
    chooser: Chooser  # the one cursor, what Enter does, the direct keys
    _explained: dict[str, Explanation]  # move key -> the explainer's words for it
    _steps: list[str]  # this turn's steps, as "This turn" lists them
    _steps_text: str

    if TYPE_CHECKING:

        def shown(self, v: SweetLandsView) -> int: ...

        def choose_row(self, row: str) -> None: ...

        def hex_info(self, target: MapPlace | None, v: SweetLandsView, seat: int) -> None: ...

    _view_cache: tuple[GameState | None, int | None, SweetLandsView | None] = (None, None, None)

    def current_view(self) -> SweetLandsView:
        """The viewer's view of the current state, built once per state and reader (a
        Sweet Lands view takes milliseconds; a cursor key must not rebuild it)."""
        c = self.controller
        state, viewer, view = self._view_cache
        if state is not c.state or viewer != c.viewer or view is None:
            view = c.view()
            self._view_cache = (c.state, c.viewer, view)
        return view

    def take_forced_steps(self) -> None:
        """A step of the viewer's with exactly one answer (automate with no diamond,
        the only card left to discard) is taken at once: the engine logs it, "This
        turn" lists it, a note says so, and undo takes it back with the step before."""
        c = self.controller
        for _ in range(20):  # a chain of forced steps is short; never loop for ever
            if c.next_step() != "human" or self.current_view().get("pending") is None:
                return
            legal = c.legal()
            if len(legal) != 1 or legal[0].kind in ("done", "end", "pass"):
                return
            if not c.act(legal[0], forced=True):
                return
            self._steps.append(f"{legal[0].label} (only choice)")
            self.notify(f"Only one choice, taken: {legal[0].label}.", title="Automatic")

    def show_steps(self) -> None:
        """What Enter does now, in full (the list truncates), then this turn's steps."""
        move = ""
        c = self.controller
        if c.viewer is not None and c.next_step() == "human" and not self.review:
            move = "[b]Enter >[/b] " + escape(self.enter_text()) + "\n"
        self.update_static("#sl-steps", move + self._steps_text)

    def focused_part(self) -> Part:
        """The part of the screen Enter belongs to."""
        widget = self.focused
        if isinstance(widget, HexMap):
            return "map"
        if isinstance(widget, DataTable):
            return "areas" if widget.id == "sl-areas" else "hand"
        return "list" if isinstance(widget, OptionList) else "other"

    def sync_chooser(self) -> Chooser:
        """The chooser, told where each widget points now (the mouse and the widgets'
        own keys move them too)."""
        chooser = self.chooser
        ol = self.query_one(OptionList)
        chooser.index = ol.highlighted if ol.option_count else None
        chooser.map_cursor = self.query_one(HexMap).cursor
        if chooser.position is not None:
            chooser.shown_seat = self.shown(chooser.at().view)
        chooser.focus = part = self.focused_part()
        table = self.focused
        if isinstance(table, DataTable) and part in ("areas", "hand"):
            # str(): Textual types a row key as optional; fill_table gives every row one
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
            chooser.rows[part] = str(key) if table.row_count else None
        return chooser

    def highlighted_move(self):
        """The legal move the list highlights (None if none)."""
        if self.chooser.position is None:
            return None
        return self.sync_chooser().highlighted()

    def enter_text(self) -> str:
        return self.sync_chooser().enter_text()

    def show_chooser_cursor(self) -> None:
        """The list's highlight where the chooser puts it."""
        ol = self.query_one(OptionList)
        if ol.highlighted != self.chooser.index:
            ol.highlighted = self.chooser.index

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # The focused widget drives the one cursor and the others follow it; a late
        # highlight event must not pull the map cursor back while the map is driven.
        if event.option_list.has_focus:
            self.follow_list(self.chooser.by_key.get(event.option.id or ""))
        self.show_steps()

    def follow_list(self, action) -> None:
        """Move the map cursor and the table cursors onto the highlighted move: one cursor."""
        if action is None:
            return
        target = map_target(action)
        hm = self.query_one(HexMap)
        if not hm.display and action.kind in ("character", "map"):
            self.show_choice(action)
        hm.show_cursor(target is not None or hm.has_focus)
        if target is not None and target in hm.targets and hm.cursor != target:
            hm.cursor = target
            hm.rebuild()
            hm.scroll_to_cursor()
            v = self.current_view()
            self.hex_info(target, v, self.shown(v))
        if action.kind in ("area", "copy"):
            self.put_table_cursor("#sl-areas", action.args[0])
        elif action.kind in CARD_KINDS:
            self.put_table_cursor("#sl-hand", str(action.args[0]))

    def show_choice(self, action) -> None:
        """Before a Map Board is chosen the map panel is empty: it shows the highlighted
        character or map side whole, in the explainer's words (the Enter > box above
        the moves holds only its first lines)."""
        told = self._explained.get(action.key)
        info = self.query_one("#sl-hexinfo", Static)
        info.add_class("-choice")
        self.update_static("#sl-hexinfo", escape(told.text()) if told else "")

    def put_table_cursor(self, selector: str, row_key: str) -> None:
        table = self.query_one(selector, DataTable)
        try:
            row = table.get_row_index(row_key)
        except Exception:  # the row is not in the table (a tab not drawn yet)
            return
        if table.cursor_row != row:
            table.move_cursor(row=row, animate=False)

    def action_end_turn(self) -> None:
        """E ends the turn; with the main action unused that means passing, asked once."""
        move = self.chooser.end_move() if self.chooser.position is not None else None
        if move is not None and move.kind == "pass":
            self._apply(move)
        else:
            self.try_act("end")

    def refuse(self, answer: KeyAnswer) -> None:
        self.notify(answer.refusal, title="Not allowed", severity="warning")

    def action_area(self, letter: str) -> None:
        """A-Q: use (or copy) that action area; the second area of a letter (H2) too."""
        if not self.play_seen():
            return
        if self.controller.next_step() != "human":
            self.notify("Wait: it is not your move.", severity="warning")
            return
        found = self.chooser.area_key(letter)
        if isinstance(found, KeyAnswer):
            self.refuse(found)
            return
        self.put_table_cursor("#sl-areas", found[0].args[0])
        self.choose(found, "Choose how to use the area")

    def action_card(self, n: int) -> None:
        """1-9: the n-th card of the hand: play it, or discard or keep it when asked; in
        a numbered list (a choice asked, a resource paid or taken) its n-th row."""
        if not self.play_seen():
            return
        if self.controller.next_step() != "human" or self.current_view()["viewer"] is None:
            self.notify("Wait: it is not your move.", severity="warning")
            return
        answer = self.chooser.card_key(n)
        if answer.row is not None:
            self.choose_row(answer.row)
        elif answer.move is not None:
            self._apply(answer.move)
        elif self.chooser.numbered():  # a digit past the list: which digits answer it
            self.notify(answer.refusal, severity="warning")
        else:
            self.refuse(answer)

    def action_free(self) -> None:
        """F: the highlight goes to the next free action in the move list."""
        found = self.sync_chooser().free_key()
        if found is None:
            self.notify("No free action is possible now.", severity="warning")
            return
        ol = self.query_one(OptionList)
        ol.focus()
        ol.highlighted = found

    def on_hex_map_moved(self, msg: HexMap.Moved) -> None:
        v = self.current_view()
        self.hex_info(msg.target, v, self.shown(v))
        self.sync_chooser().point_map(msg.target)
        self.show_chooser_cursor()
        self.show_steps()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.has_focus:  # the table's cursor is the one cursor now
            chooser = self.sync_chooser()
            chooser.point_row(chooser.focus, str(event.row_key.value))
            self.show_chooser_cursor()
            self.show_steps()

    def on_descendant_focus(self, event) -> None:
        # Enter now belongs to another widget: the list follows its cursor, and the
        # header says what Enter does there
        if self.chooser.position is not None:
            chooser = self.sync_chooser()
            chooser.focus_on(chooser.focus)
            self.show_chooser_cursor()
        self.show_steps()

    def map_step(self) -> bool:
        """True while a map step of the viewer's is asked (digits type hex numbers)."""
        if self.review or self.controller.viewer is None or self.chooser.position is None:
            return False
        return self.chooser.map_step()

    def action_hex_digit(self, digit: str) -> None:
        """0-9 in a map step: type a hex number (a road: its two hexes, 9 then 14) and
        the cursor goes to the first move there; Enter takes it."""
        found = self.sync_chooser().hex_digit(digit)
        if isinstance(found, str):
            self.notify(found, title="Not a legal place", severity="warning")
            return
        move = self.chooser.moves[found]
        hm = self.query_one(HexMap)
        if hm.has_focus and map_target(move) in hm.targets:
            hm.set_cursor(map_target(move))  # the list follows the map cursor
            return
        ol = self.query_one(OptionList)
        ol.focus()
        ol.highlighted = found
        self.follow_list(move)

    def action_scroll_panel(self, where: str) -> None:
        """PgUp / PgDn / Ctrl+Home / Ctrl+End: scroll the panel on show, so every line
        of it (Hand's shops and tiles, Board's milestones...) is reachable by keys."""
        pane = self.query_one(Panels).active
        target = self.query_one(HexMap) if pane == "tab-map" else self.query_one(f"#{pane}")
        {
            "up": target.scroll_page_up,
            "down": target.scroll_page_down,
            "top": target.scroll_home,
            "bottom": target.scroll_end,
        }[where](animate=False)

    def public_pick(self) -> bool:
        """True during setup while no hand holds a card: nothing on screen is private."""
        v = self.controller.state.view(None)  # the public view: hand counts only
        return v["phase"] == "setup" and not any(p["hand_count"] for p in v["players"])

    def next_pack_behind_handoff(self) -> None:
        """After a draft pick that moved the packs on, the next pack waits behind a
        hand-off (to whoever picks first): a second Enter never spends a pick unseen."""
        c = self.controller
        c.viewer = None
        self.shown_seat = None
        seat = c.pending
        if seat is None:  # no human picks next (bots only): the loop goes on
            self.advance()
            return
        reason = "The packs moved on to the left: a new pack waits."
        self.app.push_screen(
            self.handoff(c.state.players[seat], reason), lambda _: self._handed(seat)
        )
        self.render_view()

    def render_hand_panel(self, v: SweetLandsView, legal: list, seat: int, width: int) -> None:
        """The viewer's hand (or the pack in a draft, or nothing between readers), then
        the shown seat's played cards, columns, tokens and tiles."""
        me = v["viewer"]
        if me is not None and D.drafting(v):
            usable = {c["id"] for c in D.pack(v) if card_moves(v, legal, c)}
            self.fill_table("hand", "#sl-hand", D.pack_rows(v, usable, width))
            self.update_static("#sl-handtitle", D.pack_title(v))
            self.update_static("#sl-handwhy", D.kept_text(v))
        elif me is None:
            self.fill_table("hand", "#sl-hand", [])
            self.update_static("#sl-handwhy", "")
            why = "in the public view" if self.review else "while the terminal changes hands"
            self.update_static("#sl-handtitle", f"No hand is shown {why}.")
        else:
            pv = v["players"][me]
            usable = self.usable_cards(v, legal)
            self.fill_table(
                "hand",
                "#sl-hand",
                H.numbered(H.hand_rows(pv["hand"] or [], usable, width), self.chooser.at().slots),
            )
            closed = {group: A.refusals(self.controller, group) for group in R.HAND_GROUPS}
            self.update_static("#sl-handwhy", R.hand_text(v, closed))
            self.update_static(
                "#sl-handtitle",
                f"[b]Your hand[/b] ({counted(pv['hand_count'], 'card')}; "
                f"{keep_text(v['cards_kept'])}) - "
                "keys 1-9, Enter or a click play / discard / keep the card asked for",
            )
        self.query_one("#sl-player", Lines).show(H.player_renderable(v, seat))

    def fill_table(self, name: str, selector: str, rows: list) -> None:
        key = tuple((k, tuple(str(c) for c in cells)) for k, cells in rows)
        if not self.drawn.changed(f"table:{name}", key):
            return
        table = self.query_one(selector, PickTable)
        cursor = table.cursor_row
        table.clear()
        for column in table.columns.values():  # clear() keeps the widths: measure afresh
            column.content_width = column.label.cell_len
        for k, cells in rows:
            table.add_row(*cells, key=k, height=None)  # a wrapped cell makes its row taller
        table.refilled()
        if rows:
            table.move_cursor(row=min(cursor, len(rows) - 1), animate=False)

    def usable_cards(self, v: SweetLandsView, legal: list) -> set:
        me = v["viewer"]
        assert me is not None, "cards are usable by the seat at the keyboard"
        by_uid = {c["uid"]: c["id"] for c in v["players"][me]["hand"] or []}
        return {by_uid.get(a.args[0]) for a in legal if a.kind in ("play", "discard", "keep")}

    def action_stop(self) -> None:
        self.try_act("done")

    def action_focus_moves(self) -> None:
        self.query_one(OptionList).focus()

    def on_hex_map_picked(self, msg: HexMap.Picked) -> None:
        if self.review:
            return  # a table to look at: Enter plays nothing
        v = self.current_view()
        if self.controller.next_step() != "human":
            self.notify("Wait: it is not your move.", severity="warning")
            return
        if self.shown(v) != v["viewer"]:
            self.notify(
                f"This is {markup_safe(v['players'][self.shown(v)]['name'])}'s map: press N to come back to yours.",
                severity="warning",
            )
            return
        chooser = self.sync_chooser()
        chooser.focus, chooser.map_cursor = "map", msg.target  # Enter or a click there
        self.enter_choice("Choose the special tile for this hex")

    def enter_choice(self, question: str) -> None:
        """Enter (or a click) on the map or a table: the chooser's moves there, one
        taken at once and several listed to choose from; none: the engine's reason."""
        acts, reason = self.chooser.focused_choice()
        if acts:
            self.choose(acts, question)
        else:
            self.notify(reason, title="Not allowed", severity="warning")

    def choose(self, acts: list, question: str) -> None:
        if len(acts) == 1:
            self._apply(acts[0])
            return
        self.chooser.filter = acts
        self.show_moves(self.controller.legal())
        self.query_one(OptionList).focus()
        self.notify(f"{question} in the move list (keys 1-{len(acts)}, or arrows and Enter).")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if self.review:
            return  # a table to look at: Enter plays nothing
        key = str(event.row_key.value)  # every row has a key (fill_table)
        if self.controller.next_step() != "human":
            self.notify("Wait: it is not your move.", severity="warning")
            return
        chooser = self.sync_chooser()
        part: Part = "areas" if event.data_table.id == "sl-areas" else "hand"
        if part == "hand" and chooser.hand_card(key) is None:
            return
        chooser.focus = part
        chooser.rows[part] = key  # the row chosen (a click may land off the cursor)
        self.enter_choice("Choose")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every row has its move's key (or a row of its own)
            self.choose_row(event.option.id)


def keep_text(kept: int) -> str:
    """How many cards must stay in hand (the view's ``cards_kept``), in words."""
    return f"keep {kept} in hand" if kept else "all may be used"
