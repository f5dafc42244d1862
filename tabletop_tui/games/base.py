"""What every game screen shares: the controller loop, hand-offs, bots, undo, log."""

from __future__ import annotations

from textual.binding import Binding
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from rules.core import Action

from ..paint import SparseCompositor, compositor
from ..widgets.common import HandoffScreen
from ..widgets.line_api import KeptBackground
from ..widgets.log import LogView
from ..widgets.moves import MoveList
from ..widgets.static_text import set_text

# Seconds from drawing the public view under a hand-off to drawing its lines ahead:
# the layout pass it may need comes first (its widgets ask for it once idle).
DRAW_WAIT = 0.01
# Seconds a call waiting for the next frame (after_frame) waits at most.
AFTER_FRAME_AT_MOST = 0.25


class GameScreenBase(KeptBackground, Screen):
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("f1", "help", "Help"),
        Binding("escape", "leave", "Title"),
        # the same key on a final table opened from the end screen: only one is active
        Binding("escape", "results", "Results"),
    ]
    bot_delay = 0.6  # seconds a bot "thinks" so people can follow its moves
    REVIEW = False  # True: the end screen may reopen this screen to show the final table
    review = False  # set on a screen opened from the end screen: look, never play
    # widget.focus() moves the focus now, not a moment later: the widgets take it before
    # the frame their repaints reach at once would show (direct_repaint.py)
    FOCUS_AT_ONCE = True
    # Textual repaints the whole screen when the focus or a title changes. The widgets
    # a focus move restyles repaint themselves, and the header follows the titles by
    # its own watchers, so the screen's own repaint only made a full frame of a small
    # change (a third of Sweet Lands' moves move the focus).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
    title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)
    sub_title: Reactive[str | None] = Reactive(None, compute=False, repaint=False)

    def __init__(self, controller, bot_delay: float | None = None):
        super().__init__()
        self._compositor = compositor()  # a cheaper partial repaint, same output
        if isinstance(self._compositor, SparseCompositor):  # laid out under a hand-off:
            # drawn and planned a little later (not in the key that showed the hand-off)
            self._compositor.on_hidden_reflow = lambda: self.set_timer(DRAW_WAIT, self._draw_ahead)
        self.controller = controller
        self.shown_seat: int | None = None
        self._log_len = 0
        self._log_viewer: int | None = None
        self._busy = False
        self._moves_shown: tuple | None = None
        self._footer_shown: tuple | None = None
        self._handoff: HandoffScreen | None = None
        self._public_pending = False  # a hand-off is on view, the public view not drawn
        self._drawn = False  # render_view has filled the widgets once
        self._after_frame: list = []  # calls waiting for the next frame to be written
        if bot_delay is not None:
            self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < 110 or self.app.size.height < 34, "-compact")
        self.controller.save_later = self.after_frame  # a move's frame first, then its save
        self.advance()

    def on_resize(self) -> None:
        compact = self.app.size.width < 110 or self.app.size.height < 34
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            self.render_view()

    # ---- the loop ------------------------------------------------------------------
    def advance(self) -> None:
        """Render, then hand over to whoever acts next."""
        c = self.controller
        step = c.next_step()
        if step == "handoff":
            if isinstance(self.app.screen, HandoffScreen):
                return  # already waiting for someone to take the terminal
            # Nothing private stays mounted while the terminal changes hands: the public
            # view is drawn under the hand-off once it is on view (paint_ahead), so that
            # the key which ended a turn shows the hand-off without waiting for it.
            c.viewer = None
            self.shown_seat = None
            seat = c.pending
            self.app.push_screen(self.handoff(c.state.players[seat]), lambda _: self._handed(seat))
            if self._drawn:
                self._public_pending = True
            else:  # a screen just opened: laid out with its text, and no key waits
                self.render_view()
                self._drawn = True
            return
        self._public_pending = False
        self.render_view()
        self._drawn = True
        if step == "bot" and not self._busy:
            self._busy = True
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self._bot_move)
            else:  # a zero-length timer is refused by Textual
                self.call_later(self._bot_move)
        elif step == "over" and not self.review:
            self.app.show_end(c)

    def handoff(self, name: str, reason: str = "") -> HandoffScreen:
        """The game's one hand-off screen, asking for ``name``. Installed, so dismissing
        it keeps it for the next hand-off: a new screen each time cost a mount and
        left screens, their timers and drawn lines in memory."""
        if self._handoff is None:
            self._handoff = HandoffScreen(name, reason)
            self.app.install_screen(self._handoff, f"handoff-{id(self)}")
        else:
            self._handoff.set_player(name, reason)
        return self._handoff

    def paint_ahead(self) -> None:
        """Draw the lines of this screen while a hand-off hides it, ready for the repaint
        that showing it again brings. It holds only the public view then (nothing private
        is on it until the player confirms); what the player's own view changes is drawn
        again after Enter, the rest (the other players, the city shown...) is drawn now,
        when the table is busy passing the terminal rather than waiting on a key."""
        if self.is_active or not self.is_attached:
            return  # (is_current holds for the screen under the top one as well)
        if self._public_pending:
            self._public_pending = False
            self.render_view()  # the public view (show_moves keeps the list's box)
            # Widgets whose size changed ask for a layout pass once idle, and Textual
            # lays out the screen under the hand-off then: drawn after that, at the
            # sizes and places the repaint after Enter will have.
            self.set_timer(DRAW_WAIT, self._draw_ahead)
            return
        self._draw_ahead()

    def _draw_ahead(self) -> None:
        if self.is_active or not self.is_attached:
            return  # the hand-off is over: the repaint draws it all
        for widget, (region, clip) in list(self._compositor.visible_widgets.items()):
            visible = region.intersection(clip)  # the part the compositor will ask for
            if widget is not self and visible and widget.is_attached:
                widget.render_lines(visible.translate((-region.x, -region.y)))
        if isinstance(self._compositor, SparseCompositor):
            self._compositor.plan_full_update()  # which widget draws which piece

    def after_frame(self, call) -> None:
        """Call ``call`` once the next frame of this screen is on the terminal (a move's
        save waits for the frame that shows the move), or in a quarter of a second if
        no frame comes (nothing changed on screen, or a hand-off hides it)."""
        self._after_frame.append(call)
        self.set_timer(AFTER_FRAME_AT_MOST, call)  # (the save is written once: see flush_save)

    def _compositor_refresh(self) -> None:  # Textual's: it writes one frame
        super()._compositor_refresh()
        if self._after_frame:
            calls, self._after_frame = self._after_frame, []
            for call in calls:
                self.call_later(call)  # after this frame, and after the key it answers

    def on_unmount(self) -> None:
        if self.controller.save_later == self.after_frame:
            self.controller.save_later = None
        self.controller.flush_save()  # leaving the game (or the app): nothing unsaved
        if self._handoff is not None and not self._handoff.is_current:
            self.app.uninstall_screen(self._handoff)

    def _handed(self, seat: int) -> None:
        self.controller.take_terminal(seat)
        self.advance()

    def _bot_move(self) -> None:
        self._busy = False
        if not self.is_attached:
            return
        self.controller.bot_step()
        self.advance()

    def try_act(self, kind: str, *args) -> None:
        viewer = self.controller.viewer
        if viewer is None or self.controller.next_step() != "human":
            self.notify("Wait: it is not your move.", severity="warning")
            return
        self._apply(Action(viewer, kind, tuple(args)))

    def act_key(self, key: str) -> None:
        self._apply(self.controller.spec.parse_action(key))

    def _apply(self, action: Action) -> None:
        if self.controller.act(action):
            self.advance()
        else:
            self.notify(self.controller.last_error, title="Not allowed", severity="error")

    # ---- shared actions ----------------------------------------------------------------
    UNDO_EXPLAINS = False  # True: undo stays live and, when it cannot act, says why

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("undo", "leave", "results"):
            # a final table opened from the end screen is for looking: no undo, and
            # Escape goes back to the results rather than to the title
            if self.review != (action == "results"):
                return False
        if action == "undo" and not self.UNDO_EXPLAINS:
            return True if self.controller.can_undo() else None
        return True

    def action_undo(self) -> None:
        if self.controller.undo():
            self.notify("Step undone.")
            self.advance()
        else:
            self.notify(self.controller.last_error, severity="warning")

    def action_help(self) -> None:
        self.app.show_help(self.controller.spec.id)

    def action_leave(self) -> None:
        self.app.back_to_title()

    def action_results(self) -> None:
        self.dismiss(None)  # back to the end screen

    # ---- cheap updates: repaint only what changed ------------------------------------
    def _found_once(self, name: str, find):
        """A widget found once: a game screen makes its widgets in compose and keeps
        them, and a query walks the whole screen each time it is asked."""
        found = self.__dict__.setdefault("_widgets_found", {})
        widget = found.get(name)
        if widget is None:
            widget = find()
            if widget is not None:  # (a screen with no log asks again: it is rare)
                found[name] = widget
        return widget

    def update_static(self, target, text: str) -> None:
        widget = self.query_one(target, Static) if isinstance(target, str) else target
        if getattr(widget, "_last_text", None) != text:
            widget._last_text = text
            set_text(widget, text)  # no layout pass when the height stays

    def show_moves(self, legal: list, focus: bool = True) -> None:
        """Fill the move list (keys and mouse) and refresh the footer when moves change.

        ``focus=False`` leaves the focus where it is (a text box the player types in)."""
        ol = self._found_once("moves", lambda: self.query_one(OptionList))
        # Labels count too: a move can keep its key and change its meaning
        # (Happiness: "Leave out Fire" becomes "Put Fire back in").
        keys = tuple((a.key, a.label) for a in legal)
        if keys != self._moves_shown:
            self._moves_shown = keys
            options = [Option(a.label, id=a.key) for a in legal]
            if isinstance(ol, MoveList):
                ol.set_moves(options)
            else:
                ol.clear_options()
                ol.add_options(options)
                if legal:
                    ol.highlighted = 0
            if legal or self.is_active:
                # Under a hand-off the list stays in place, empty: shown again with the
                # next player's moves it then needs no layout pass.
                ol.display = bool(legal)
            if focus and legal and not isinstance(self.focused, OptionList):
                ol.focus()  # arrows + Enter work at once
        footer_key = (
            tuple(sorted({a.kind for a in legal})),
            self.UNDO_EXPLAINS or self.controller.can_undo(),
        )
        if footer_key != self._footer_shown:
            self._footer_shown = footer_key
            self.refresh_bindings()

    def render_log(self) -> None:
        view = self._found_once("log", lambda: next(iter(self.query(LogView)), None))
        if view is not None:  # wraps to its width, keeps what two readers share, follows the end
            view.set_entries(self.controller.log())
            return
        log = self.query_one(RichLog)
        entries = self.controller.log()
        # A different reader sees a different (redacted) log: start it afresh.
        if len(entries) < self._log_len or self._log_viewer != self.controller.viewer:
            self._log_viewer = self.controller.viewer
            log.clear()
            self._log_len = 0
        for line in entries[self._log_len :]:
            log.write(line)
        self._log_len = len(entries)

    def render_view(self) -> None:  # pragma: no cover - every game defines it
        raise NotImplementedError
