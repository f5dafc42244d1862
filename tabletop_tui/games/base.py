"""What every game screen shares: the controller loop, hand-offs, bots, undo, log."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.core import Action, Ref

from ..coach.hint_panel import COACH_BINDINGS, Coach
from ..controller import Controller
from ..lookup import LookupScreen, Subject, TableLookup
from ..navigation import BackToTitle, ShowEnd
from ..text import markup_safe, visible
from ..widgets.common import FitsNarrow, HandoffScreen
from ..widgets.drawn_lines import forget_drawn_lines
from ..widgets.log import LogView
from ..widgets.moves import MoveList
from ..widgets.narrow import BREAKPOINTS, VIEW_CLASSES, ViewStrip, next_view
from ..widgets.sizes import MIN_WIDTH
from ..widgets.view_model import Drawn


class ReviewNote(Static):
    DEFAULT_CSS = """
    ReviewNote { height: auto; padding: 0 1; background: $boost; color: $text-warning; }
    """


class GameScreenBase(FitsNarrow, LookupScreen):  # look-up key (F2): its part, self.lookup
    # under 80 columns the screen shows one view at a time (widgets/narrow.py)
    HORIZONTAL_BREAKPOINTS = BREAKPOINTS
    VIEW_LABELS: dict[str, str] = {}  # a game's own names for the narrow views
    BINDINGS = [
        # shown only in the narrow layout; F3: no game gives it to anything else
        Binding("f3", "next_view", "View"),
        Binding("u", "undo", "Undo"),
        Binding("f1", "help", "Help"),
        # F2, not i: lower-case letters take cards in Happy City and capitals name
        # Sweet Lands' areas (I among them); a function key clashes with no game.
        # "Info", short: at 80 columns the key bar still has room for the game's keys
        Binding("f2", "lookup", "Info"),
        Binding("escape", "close_lookup", "Close look-up"),
        Binding("escape", "leave", "Title"),
        # the same key on a final table opened from the end screen: only one is active
        Binding("escape", "results", "Results"),
        # ... and on a table the replay viewer or the coach's review draws
        Binding("escape", "results('back')", "Back"),
        # a table drawn by the replay viewer steps through the game (see replay_table)
        Binding("full_stop", "replay_step(1, False)", "Next move", key_display="."),
        Binding("comma", "replay_step(-1, False)", "Move back", key_display=","),
        Binding("greater_than_sign", "replay_step(1, True)", "Next turn", key_display=">"),
        Binding("less_than_sign", "replay_step(-1, True)", "Turn back", key_display="<"),
        *COACH_BINDINGS,  # ? a hint, W why a bot moved: the coach part acts on them
    ]
    lookup: TableLookup  # F2's panel on the table
    HANDOFF: type[HandoffScreen] = HandoffScreen  # the game's hand-off screen
    # The row under the title bars (its selector): Enter on a hand-off asks it for a
    # layout, so the hand-off always goes after one (hand_over_under). Unset, the
    # screen is asked: its layout may then come before its widgets' requests, a second.
    MAIN_ROW = ""
    bot_delay = 0.6  # seconds before a bot moves, so people can follow its moves
    REVIEW = False  # True: the end screen may reopen this screen to show the final table
    review = False  # set on a screen opened from the end screen: look, never play
    # Set by the replay viewer on a review screen: step(delta, by_turn) shows another step,
    # and heading() the title of the step on show, kept each time the table is drawn.
    stepper: Callable[[int, bool], None] | None = None
    heading: Callable[[], str] | None = None

    def __init__(self, controller: Controller, bot_delay: float | None = None):
        super().__init__()
        self.controller = controller
        self.coach = Coach(self)  # the hint and why panels, composed (coach/hint_panel.py)
        self.lookup = TableLookup(self)  # F2's panel, composed (lookup/screen.py)
        self.shown_seat: int | None = None
        self._busy = False
        # a searching bot is deciding: its seat reads "thinking" (only then; before
        # it, during the pause people need to follow the moves, "about to move")
        self.bot_thinking = False
        self.drawn = Drawn()  # what the move list, the footer and the panels show
        self._handoff: HandoffScreen | None = None
        # the notices said while a hand-off still covers the screen (Enter drawing the
        # seat's view under it), said once it goes; None: at once
        self.notices_held: list[Callable[[], None]] | None = None
        self.view_shown = "play"  # the narrow layout's view on show
        if bot_delay is not None:
            self.bot_delay = bot_delay

    def on_mount(self) -> None:
        self.set_class(self.app.size.width < 110 or self.app.size.height < 34, "-compact")
        self.set_class(self.app.size.width >= 150, "-wide")  # room for a wider log
        self.set_class(True, VIEW_CLASSES[self.view_shown])
        self._narrow_drawn = self.narrow
        self.show_view_strip()
        self.controller.save_later = self.after_frame  # a move's frame first, then its save
        self.advance()

    def on_resize(self) -> None:
        self.set_class(self.app.size.width >= 150, "-wide")
        compact = self.app.size.width < 110 or self.app.size.height < 34
        if compact != self.has_class("-compact") or self.narrow != self._narrow_drawn:
            self.set_class(compact, "-compact")
            self._narrow_drawn = self.narrow
            self.refresh_bindings()  # F3 shows in the narrow layout only
            self.render_view()

    # ---- the narrow layout (widgets/narrow.py) ------------------------------------------
    _narrow_drawn = False  # whether the screen was last drawn narrow

    @property
    def narrow(self) -> bool:
        """Whether the screen shows its narrow layout (under 80 columns). The class
        -narrow that Textual's breakpoints set says the same to the .tcss."""
        return self.app.size.width < MIN_WIDTH

    def show_view_strip(self) -> None:
        for strip in self.query(ViewStrip):
            strip.show(self.view_shown, self.VIEW_LABELS)

    def play_seen(self) -> bool:
        """Whether a key meant for what the play view shows (a card's letter, a hand's
        number) may act: not from the table or the log, where the cards are out of
        sight. Then the play view comes back and the key waits to be pressed again."""
        if not self.narrow or self.view_shown == "play":
            return True
        self.action_narrow_view("play")
        self.notify("Your play is on screen again: press the key once more to act.", timeout=4)
        return False

    def action_next_view(self) -> None:
        self.action_narrow_view(next_view(self.view_shown))

    def action_narrow_view(self, view: str) -> None:
        """Show ``view`` of the narrow layout (the seat's play, the table, the log)."""
        if view not in VIEW_CLASSES or view == self.view_shown:
            return
        self.set_class(False, VIEW_CLASSES[self.view_shown])
        self.view_shown = view
        self.set_class(True, VIEW_CLASSES[view])
        self.show_view_strip()
        if view == "play":  # back to the moves: arrows and Enter work at once
            moves = self.query(MoveList)
            if moves and moves.first().display:
                moves.first().focus()

    # ---- the loop ------------------------------------------------------------------
    @property
    def replaced(self) -> bool:
        """True once another screen took this one's place: its timers may still fire
        while it is being removed, and must not act on the table or push a hand-off
        over the screen that replaced it."""
        return not self.is_attached or self not in self.app.screen_stack

    def advance(self) -> None:
        """Render, then hand over to whoever acts next."""
        if self.replaced:
            return
        if self.review:  # a table to look at (the final one, or a replay's): nobody acts
            self.render_view()
            return
        c = self.controller
        step = c.next_step()
        if step == "pass":  # nothing is hidden: the next player takes the keyboard at once
            seat = c.pending
            assert seat is not None  # a pass is due only when a human must take the keyboard
            c.viewer = seat  # the history stays: the last turn may be taken back till they act
            self.action_narrow_view("play")  # the next player starts at their own play
            name = markup_safe(c.state.players[seat])
            back = c.take_back_label()
            said = f" U takes back {markup_safe(back)}." if back else ""
            self.notify(f"{name}'s turn.{said}", title="Pass the keyboard", timeout=3)
            step = c.next_step()
        if step == "handoff":
            if isinstance(self.app.screen, HandoffScreen):
                return  # already waiting for someone to take the terminal
            # Nothing private stays mounted while the terminal changes hands: the
            # screen under the hand-off shows the public view.
            c.viewer = None
            self.shown_seat = None
            seat = c.pending
            assert seat is not None, "a hand-off is due: a human takes the terminal"
            reason = self.handoff_reason(seat)
            handoff = self.handoff_to(seat, reason, take_back=c.take_back_label())
            self.app.push_screen(handoff, lambda answer: self._after_handoff(seat, answer))
            self.render_view()
            return
        self.render_view()
        if step == "bot" and not self._busy:
            self._busy = True
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self._bot_move)
            else:  # a zero-length timer is refused by Textual
                self.call_later(self._bot_move)
        elif step == "over" and not self.review:
            self.post_message(ShowEnd(c))

    def handoff_reason(self, seat: int) -> str:
        """What a hand-off to ``seat`` says: what just happened (the last public log
        line) and what the seat is asked to do (``handoff_task``), from public facts
        only, so nothing hidden shows while the terminal changes hands."""
        state = self.controller.state
        said = state.log_for(None)
        # the parts are made visible first: only the breaks put here break a line
        last = f"Just now: {visible(said[-1])}" if said else ""
        task = visible(self.handoff_task(seat))
        asked = f"Next for {visible(state.players[seat])}:\n{task}" if task else ""
        return "\n".join(part for part in (last, asked) if part)

    def handoff_task(self, seat: int) -> str:
        """What ``seat`` must do next, in words, from the public view (each game says
        it its own way, from its own typed view; "" says nothing)."""
        return ""

    def handoff(self, name: str, reason: str = "", take_back: str | None = None) -> HandoffScreen:
        """The game's one hand-off screen, asking for ``name``. Installed, so dismissing
        it keeps it for the next hand-off: a new screen each time cost a mount and
        left screens, their timers and drawn lines in memory. The notices on show
        go: one from the last turn (a forced discard names the card) would stay on
        top of the hand-off screen."""
        self.app.clear_notifications()
        # App.notify posts its notice to the app's queue: one said in this same handler
        # (a forced step's, just before) would arrive after the clear, on the hand-off.
        # A second clear queued behind it takes it too.
        self.app.call_later(self.app.clear_notifications)
        if self._handoff is None:
            self._handoff = self.HANDOFF(name, reason, take_back)
            self.app.install_screen(self._handoff, f"handoff-{id(self)}")
        else:
            self._handoff.set_player(name, reason, take_back)
        return self._handoff

    def handoff_to(
        self, seat: int, reason: str = "", take_back: str | None = None
    ) -> HandoffScreen:
        """The hand-off asking for ``seat``, whose Enter draws the seat's view under it
        (hand_over_under)."""
        handoff = self.handoff(self.controller.state.players[seat], reason, take_back)
        handoff.hand_over = partial(self.hand_over_under, seat, handoff)
        return handoff

    def hand_over_under(self, seat: int, handoff: HandoffScreen) -> None:
        """Enter on the hand-off: the seat's view is drawn while the opaque hand-off still
        covers the screen (Textual lays out the screen just under the top one), and the
        hand-off goes once this screen is laid out for it: one layout, then one whole
        frame of the new view. Gone first, the hand-off left this screen to be drawn
        whole at its old layout before its widgets' layout requests reached it."""
        self.screen_layout_refresh_signal.subscribe(handoff, lambda _screen: self.uncover(handoff))
        # A layout even where nothing changes size, so the hand-off always goes; asked
        # first, before the view is drawn, it joins the others' in one layout (no
        # repaint: the row's blank lines, the screen's height, would be drawn again).
        row = self.query_one(self.MAIN_ROW) if self.MAIN_ROW else self
        row.refresh(layout=True, repaint=False)
        self.notices_held = []
        self._handed(seat)

    def uncover(self, handoff: HandoffScreen) -> None:
        self.screen_layout_refresh_signal.unsubscribe(handoff)
        if handoff.is_current:  # (not left for the title meanwhile)
            handoff.dismiss(HandoffScreen.READIED)

    def after_handed_under(self) -> None:
        """The hand-off gone after Enter, the seat's view on show: the notices said
        meanwhile now, and the loop goes on where it waited for the hand-off to go
        (another hand-off due, or the game's end)."""
        held, self.notices_held = self.notices_held or [], None
        for say in held:
            say()
        if self.controller.next_step() in ("handoff", "over"):
            self.advance()

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        say = partial(
            super().notify, message, title=title, severity=severity, timeout=timeout, markup=markup
        )
        if self.notices_held is None:
            say()
        else:  # a toast on the hand-off would show it before the hand-off goes
            self.notices_held.append(say)

    def after_frame(self, call) -> None:
        """Call ``call`` once the screen has been refreshed (a move's save waits for
        the frame that shows the move)."""
        self.call_after_refresh(call)

    def on_unmount(self) -> None:
        if self.controller.save_later == self.after_frame:
            self.controller.save_later = None
        self.controller.flush_save()  # leaving the game (or the app): nothing unsaved
        if self._handoff is not None and not self._handoff.is_current:
            forget_drawn_lines([self._handoff])
            self.app.uninstall_screen(self._handoff)
            # uninstalling leaves the screen's message loop running, and with it the
            # screen, this one (its context) and every line drawn: close it
            self._handoff.remove()

    def _handed(self, seat: int) -> None:
        self.action_narrow_view("play")  # a seat taking the terminal starts at its own play
        self.controller.take_terminal(seat)
        self.advance()

    def _after_handoff(self, seat: int, answer: object) -> None:
        """The hand-off's answer: the next player is ready, the last turn is taken
        back (its player keeps the terminal), or the table leaves for the title."""
        if answer == HandoffScreen.READIED:
            self.after_handed_under()
            return
        if answer == HandoffScreen.TAKE_BACK and self._take_back():
            return
        if answer == HandoffScreen.LEAVE:
            self.action_leave()
            return
        self._handed(seat)

    def _take_back(self) -> bool:
        c = self.controller
        label = c.take_back_label()
        if not c.take_back():
            self.notify(c.last_error, severity="warning")
            return False
        self.notify(f"Taken back: {markup_safe(label or '')}.")
        self.advance()
        return True

    def _bot_move(self) -> None:
        if not self.replaced and self.controller.bot_searches():
            # the bot decides on this thread: show "thinking" on a drawn frame first
            self.bot_thinking = True
            self.render_view()
            self.call_after_refresh(self._bot_decide)
            return
        self._bot_decide()

    def _bot_decide(self) -> None:
        self._busy = False
        self.bot_thinking = False
        if self.replaced:
            return
        self.controller.bot_step()
        self.advance()

    def bot_status(self, name: str) -> str:
        """The status line of a bot's turn, ``name`` already escaped."""
        doing = "is thinking..." if self.bot_thinking else "is about to move..."
        return f"{name} (bot) {doing}"

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

    # ---- what Enter does on a fresh list ---------------------------------------------------
    # Kinds of move a stray Enter may make: they spend, end, skip and reveal nothing.
    # None by default: a list of moves that all commit opens with nothing highlighted
    # (a double Enter meant for the last screen, or for a hand-off, then does nothing).
    HARMLESS_KINDS: frozenset[str] = frozenset()
    UNLISTED_KINDS: frozenset[str] = frozenset()  # moves a game takes outside the list

    @classmethod
    def listed_moves(cls, moves: list[Action]) -> list[Action]:
        """The legal moves the move list offers."""
        return [a for a in moves if a.kind not in cls.UNLISTED_KINDS]

    @classmethod
    def default_highlight(cls, controller: Controller, moves: list[Action]) -> int | None:
        """The move a freshly shown list highlights: the first harmless one, else none.
        Pure (no widget is read), so a test can walk it over every menu of a game."""
        return next((i for i, a in enumerate(moves) if a.kind in cls.HARMLESS_KINDS), None)

    def on_move_list_nothing_chosen(self, _msg: MoveList.NothingChosen) -> None:
        self.notify(self.nothing_chosen_text(), title="Nothing chosen", severity="warning")

    def nothing_chosen_text(self) -> str:
        """What to press when Enter finds no move highlighted."""
        return (
            "No move is highlighted, so Enter does nothing: choose one with the arrows, then Enter."
        )

    # ---- shared actions ----------------------------------------------------------------
    UNDO_EXPLAINS = False  # True: undo stays live and, when it cannot act, says why

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        looked_up = self.lookup.allows(action)
        if looked_up is not None:  # Escape closes an open look-up before anything else
            return looked_up
        if action in ("hint", "hints_off", "why"):
            return self.coach.allows(action)
        if action == "replay_step":
            return self.stepper is not None
        if action == "next_view":
            return self.narrow
        if action in ("undo", "leave", "results"):
            # a final table opened from the end screen is for looking: no undo, and
            # Escape goes back to the results rather than to the title
            if self.review != (action == "results"):
                return False
            if action == "results" and (parameters == ("back",)) != (self.stepper is not None):
                return False  # Back to the replay or the review, Results to the end screen
        if action == "undo" and not self.UNDO_EXPLAINS:
            c = self.controller
            return True if c.can_undo() or c.take_back_label() else None
        return True

    def action_undo(self) -> None:
        if not self.controller.can_undo() and self.controller.take_back_label():
            self._take_back()  # the banner's next player has not acted: the last turn
            return
        if self.controller.undo():
            self.notify("Step undone.")
            self.advance()
        else:
            self.notify(self.controller.last_error, severity="warning")

    # ---- the coach's keys (its part decides and draws) -----------------------------------
    def action_hint(self) -> None:
        self.coach.toggle_hint()

    def action_hints_off(self) -> None:
        self.coach.hints_off()

    async def action_why(self) -> None:
        await self.coach.why()

    def coach_panel_home(self) -> Widget:
        """Where the hint and why panels are mounted: the screen, docked along its
        bottom, unless a game screen keeps a place for them that hides nothing the
        move needs (Happy City: its right-hand column, over the log)."""
        return self

    def coach_panels_gone(self) -> None:
        """No hint or why panel shows any more (a game that made room for one gives
        the room back)."""

    def action_replay_step(self, delta: int, by_turn: bool) -> None:
        if self.stepper is not None:
            self.stepper(delta, by_turn)

    def action_help(self) -> None:
        self.lookup.open_help(self.help_section())

    def help_section(self) -> str | None:
        """The heading of the rules reference that matters for the decision on screen
        (F1 opens there); None: the top (a game overrides it)."""
        return None

    def action_leave(self) -> None:
        self.post_message(BackToTitle())

    def action_results(self, _to: str = "results") -> None:
        self.dismiss(None)  # back to the end screen (or the replay, or the review)

    # ---- the look-up key (F2) ---------------------------------------------------------
    def focused_ref(self) -> Ref | None:
        """The thing the keyboard's cursor is on, outside the move list (a hex of the
        map, a card of the hand); None: the highlighted move speaks (a game overrides)."""
        return None

    def ref_of_move(self, action: Action) -> Ref | None:
        """The thing a move is about (the card it buys, the area it uses), if any."""
        return None

    def highlighted_move(self) -> Action | None:
        """The legal move the move list highlights, if it has the focus's attention."""
        found = self.query(MoveList)
        if not found:
            return None
        moves = found.first()
        index = moves.highlighted
        if index is None or not moves.display:
            return None
        key = moves.get_option_at_index(index).id
        return next((a for a in self.controller.legal() if a.key == key), None)

    def explain_ref(self, ref: Ref, around: str = "") -> Subject | None:
        """The explainer's words on ``ref`` for the seat at the keyboard, if it has any."""
        told = self.controller.explain(ref)
        return None if told is None else Subject(ref, told, self.lookup.glossary(), around)

    def lookup_subject(self) -> Subject:
        ref = self.focused_ref()
        told = self.explain_ref(ref) if ref is not None else None
        if told is not None:
            return told
        move = self.highlighted_move()
        if move is not None:
            ref = self.ref_of_move(move)
            told = self.explain_ref(ref, move.label) if ref is not None else None
            if told is not None:
                return told
            # a move that names no thing: what it does, or why it is refused
            explained = self.controller.explain_action(move)
            return Subject(move.key, explained, self.lookup.glossary(), move.label)
        return Subject(None, None, self.lookup.glossary())

    # ---- updates ----------------------------------------------------------------------
    def update_static(self, target, text: str) -> None:
        widget = self.query_one(target, Static) if isinstance(target, str) else target
        # Static.update parses the markup again and lays the screen out again even
        # for the text already shown: a third of a hand-off's frame in Happy City.
        if widget.content != text:
            widget.update(text)

    def show_moves(self, legal: list, focus: bool = True) -> None:
        """Fill the move list (keys and mouse) and refresh the footer when moves change.

        ``focus=False`` leaves the focus where it is (a text box the player types in)."""
        ol = self.query_one(OptionList)
        # Labels count too: a move can keep its key and change its meaning
        # (Happiness: "Leave out Fire" becomes "Put Fire back in").
        keys = tuple((a.key, a.label) for a in legal)
        if self.drawn.changed("moves", keys):
            options = [Option(a.label, id=a.key) for a in legal]
            highlight = self.default_highlight(self.controller, legal)
            if isinstance(ol, MoveList):
                ol.set_moves(options, highlight)
            else:
                ol.clear_options()
                ol.add_options(options)
                ol.highlighted = highlight
            # Under a hand-off the list keeps its room and the focus, empty: the next
            # seat's moves fill it without moving anything around it (shown again, it
            # cost a second layout, and the focus went to another widget and back).
            # A table to look at (a replayed step) has no list.
            handing = not self.review and self.controller.next_step() == "handoff"
            ol.display = bool(legal) or handing
            # (given it already under a game's first hand-off: given by the seat's
            # view drawn under it, the screen's restyle asked for a second layout)
            if focus and (legal or handing) and not isinstance(self.focused, OptionList):
                ol.focus()  # arrows + Enter work at once
        footer_key = (
            tuple(sorted({a.kind for a in legal})),
            self.UNDO_EXPLAINS or self.controller.can_undo(),
        )
        if self.drawn.changed("footer", footer_key):
            self.refresh_bindings()

    def show_title(self, own: str) -> None:
        """The screen's title: ``own``, or in the replay viewer the step's heading
        (a redraw, as after a resize, must not put the game's own title back)."""
        self.title = self.heading() if self.heading is not None else own

    def show_review_note(self, text: str) -> None:
        """A line over the table (the coach's turning point on a replayed step), put
        first in the screen's layout the first time it is asked for."""
        found = self.query("#review-note")
        if found:
            found.first(Static).update(text)
            return
        self.mount(ReviewNote(text, id="review-note", markup=False), before=0)

    def render_log(self) -> None:
        # wraps to its width, starts afresh for another reader, follows the newest line
        self.query_one(LogView).set_entries(self.controller.log())

    def render_view(self) -> None:  # pragma: no cover - every game defines it
        raise NotImplementedError
