"""The Sweet Lands game screen. Renders only from the controller's view (view(seat)).

Layout: a prompt line; left, five panels in tabs (Map, Tracks, Board, Hand, Players:
keys m t b h p); right, this turn's steps, the legal moves, player summaries and the
log. Every decision can be taken from the move list, most also on the map (arrows,
[ ], Enter or a click) or from the board's areas and the hand's cards (Enter, click).
Only the panel on show is drawn again as the game moves on; another is drawn from the
current view when opened (each is drawn once after the screen's first frame)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rules.core import Action, GameState, counted
from rules.sweet_lands import SweetLandsView

from ...navigation import ShowEnd
from ...text import markup_safe as escape  # names are drawn as Textual markup
from ...widgets.keybar import KeyBar
from ...widgets.log import LogView
from ...widgets.moves import MoveList
from ...widgets.narrow import ViewStrip
from ...widgets.pick_table import PickTable
from ...widgets.scrolling_text import ScrollingText
from ...widgets.steady import SteadyStatic, expect_vertical_bar
from ...widgets.title_bar import TitleBar
from ..base import GameScreenBase
from . import asked as A
from . import draft as D
from . import hand as H
from . import prompts as P
from .board import AREA_COLUMNS, area_rows, board_renderable, solo_text
from .chooser import MapPlace, card_moves, pick_index, position_of
from .choosing import Choosing
from .handoff import SweetLandsHandoff
from .hexmap import HexMap
from .labels import city_name, label_for
from .lines import Lines
from .lookup import SweetLandsLookup
from .tabstrip import TAB_LABELS, Panels, TabStrip
from .text import data, place_facts
from .tracks import tracks_renderable
from .trade import Trade
from .view_model import FooterModel, PanelModel, StepModel

if TYPE_CHECKING:
    from . import SweetLandsController

TABS = {key: pane for key, (pane, _) in TAB_LABELS.items()}
LEGEND = (
    "Hex letters: lower case = empty hex (w wheat, f forest, m mine, s sea, x special), "
    "UPPER CASE = tile (X: a tile on a special hex), 1-6 special tile, C capital, e/E extra "
    "draw area (E active). "
    "2nd: * flipped, or a property: t tent h house b building s shop l lab k clock tower. "
    "3rd: r Cookie Rabbit, P port, ! bonus icon. Edges: # road, + legal road, ~ port. "
    "Corners * = legal hex, v ^ = cursor on a hex; @ = cursor on a road."
)
WIDE = 150  # from this width the side panel grows and long moves wrap (sweet_lands.tcss)
PHASE = {
    "setup": "setup",
    "income": "income",
    "action": "action phase",
    "cleanup": "cleanup",
    "over": "game over",
}


class SweetLandsScreen(SweetLandsLookup, GameScreenBase):
    controller: SweetLandsController
    CSS_PATH = Path(__file__).with_name("sweet_lands.tcss")
    AUTO_FOCUS = "#sl-actions"  # the move list takes the keys at first
    REVIEW = True  # the end screen reopens it on the final position (maps, tracks, log)
    UNDO_EXPLAINS = True  # undo stays in the key bar and says why when it cannot go back
    HANDOFF = SweetLandsHandoff  # U on it says why no turn is taken back
    MAIN_ROW = "#sl-main"
    # Textual's screen repaints itself whole when the focus moves; the widget taking
    # the focus and the one leaving it repaint themselves (their Focus and Blur) and
    # take their :focus styles, so the rest of the screen is drawn again for nothing
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS = [
        Binding("m", "tab('m')", "Map", show=False),
        Binding("t", "tab('t')", "Tracks", show=False),
        Binding("b", "tab('b')", "Board", show=False),
        Binding("h", "tab('h')", "Hand", show=False),
        Binding("p", "tab('p')", "Players", show=False),
        Binding("e", "end_turn", "End turn"),
        Binding("s", "stop", "Stop"),
        Binding("n", "next_player", "Next map"),  # another player's map and boards
        Binding("z", "zoom", "Zoom", show=False),
        Binding("g", "legend", "Legend", show=False),
        Binding("l", "focus_moves", "Moves", show=False),
        Binding("f", "free", "Free"),
        Binding("x", "trade", "Trade 3:1", show=False),  # in F1's key table
        # the panel on show scrolls from wherever the focus is (Home / End stay the
        # move list's first / last move while the list has the focus)
        # (in F1's key table, not the key bar: at 80 columns it would push A-Q and 1-9 off)
        Binding("pageup", "scroll_panel('up')", "Scroll", show=False, priority=True),
        Binding("pagedown", "scroll_panel('down')", "Scroll", show=False, priority=True),
        Binding("ctrl+home", "scroll_panel('top')", "Top", show=False, priority=True),
        Binding("ctrl+end", "scroll_panel('bottom')", "Bottom", show=False, priority=True),
        # direct keys: an action area by its letter, a card in hand by its place
        Binding("A", "area('A')", "Area", key_display="A-Q"),
        *(Binding(k, f"area('{k}')", "Area", show=False) for k in "BCDEFGHIJKLMNOPQ"),
        Binding("1", "card(1)", "Card", key_display="1-9"),
        *(Binding(str(n), f"card({n})", "Card", show=False) for n in range(2, 10)),
        # in a map step the digits type a hex number instead (a road: both its hexes)
        Binding("1", "hex_digit('1')", "Hex no.", key_display="0-9"),
        *(Binding(str(n), f"hex_digit('{n}')", "Hex no.", show=False) for n in (0, *range(2, 10))),
    ]

    def handoff_task(self, seat: int) -> str:
        """The step the seat is asked, from the public view's pending step (an income
        choice, a cleanup keep...) or, on its turn, the main action."""
        public = self.controller.state.view(None)
        pend = public.get("pending")
        if pend is not None and pend["seat"] == seat:
            return P.PROMPTS.get(pend["op"], "answer the step asked") + P.left_text(pend)
        if public["phase"] == "action" and public["turn"] == seat:
            return P.prompt(public, [])
        return ""

    def __init__(self, controller, bot_delay: float | None = None):
        super().__init__(controller, bot_delay=bot_delay)
        self._steps: list[str] = []
        self._steps_key: tuple[Any, ...] | None = None  # round, phase, turn, viewer
        self._slots: dict[int, int] = {}  # the viewer's cards by uid -> their digit key
        self._slots_turn: tuple | None = None  # the turn and reader they were numbered for
        self._legend = False
        self._steps_text = ""
        self._confirm: str | None = None  # a pass asked about once, waiting for a second yes
        # the one cursor and what Enter does (chooser.py), its widgets kept on it
        self.choosing = Choosing(self)
        self.chooser = self.choosing.chooser
        self.trade = Trade(self)  # X and the rows that pay a whole payment (trade.py)
        self._pack_awaited = False  # a draft pick made, the next pack not yet handed over
        # the viewer's view of the state on show (state, viewer, view): built once each
        self._view_cache: tuple[GameState | None, int | None, SweetLandsView | None] = (
            None,
            None,
            None,
        )

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield ViewStrip()
        yield SteadyStatic("", id="sl-status")
        with Horizontal(id="sl-main"):
            with Vertical(id="sl-left"):
                yield TabStrip(id="sl-tabstrip")
                with Panels(id="sl-tabs", initial="tab-map"):
                    with Vertical(id="tab-map"):
                        yield SteadyStatic("", id="sl-maptitle")
                        yield HexMap(id="sl-map")
                        yield SteadyStatic("", id="sl-hexinfo")
                    with VerticalScroll(id="tab-tracks"):
                        yield Lines(id="sl-tracks")
                    with VerticalScroll(id="tab-board"):
                        yield SteadyStatic("", id="sl-solo")
                        yield PickTable(id="sl-areas")
                        yield SteadyStatic("", id="sl-areawhy")
                        yield Lines(id="sl-board")
                    with VerticalScroll(id="tab-hand"):
                        yield SteadyStatic("", id="sl-handtitle")
                        yield PickTable(id="sl-hand")
                        yield SteadyStatic("", id="sl-handwhy")
                        yield Lines(id="sl-player")
                    with VerticalScroll(id="tab-players"):
                        yield Lines(id="sl-players")
            with Vertical(id="sl-right"):
                # what Enter does and this turn's steps: they scroll (with their bar)
                # when they outgrow the room a small terminal leaves them
                yield ScrollingText(gap=1, id="sl-steps")
                yield MoveList(id="sl-actions")
                yield SteadyStatic("", id="sl-others")
                yield LogView(id="sl-log")  # follows the newest line unless scrolled up
        yield KeyBar()

    def on_mount(self) -> None:
        n = len(self.controller.state.players)
        self.query_one("#sl-others").styles.height = 3 * n + (1 if n == 1 else 0)
        self.query_one("#sl-areas", PickTable).add_columns(*AREA_COLUMNS)
        self.query_one("#sl-hand", PickTable).add_columns(*H.HAND_COLUMNS)
        self.query_one(TabStrip).show(self.query_one(Panels).active)
        # No super().on_mount(): Textual calls GameScreenBase.on_mount by itself (every
        # on_mount in the class hierarchy runs), and calling it here ran it twice.
        self.on_resize()
        self.call_after_refresh(self.fill_hidden_panels)

    def fill_hidden_panels(self) -> None:
        """Every panel not on show drawn from the view on show, then laid out and drawn
        under the one on show (Panels.show_all_once), after the screen's first frame,
        while it waits for a key: a first visit then finds its panel drawn, as a later
        visit does (a first Board visit 44 -> 23 ms). A visit compares the panel's model
        as ever, so a panel whose view has moved on since is drawn again as it is shown.
        Under a hand-off (the screen not current) nothing is filled ahead: the seat's
        panels are drawn as they are shown."""
        if not (self.is_attached and self.is_current):
            return  # (another screen covers it whole: each panel drawn when shown)
        panels = self.query_one(Panels)
        v, legal = self.current_view(), self.controller.legal()
        for panel in panels.children:
            if panel.id is not None and panel.id != panels.active:
                self.render_tab(panel.id, v, legal)
        panels.show_all_once()

    def on_resize(self) -> None:  # GameScreenBase's on_resize runs too (it sets -compact)
        self.set_class(self.app.size.width >= WIDE, "-wide")

    # ---- the loop: our own end screen ------------------------------------------------------
    def advance(self) -> None:
        if self.review:  # a step to look at: no forced step taken, nobody handed over
            super().advance()
            return
        self.take_forced_steps()
        c = self.controller
        if self._pack_awaited and c.next_step() == "human":
            self._pack_awaited = False
            if D.drafting(self.current_view()):  # the packs moved on while it waited
                self.next_pack_behind_handoff()
                return
        if c.next_step() == "handoff" and self.public_pick():
            # characters and map sides are picked in the open: no hand-off screen
            seat = c.pending
            assert seat is not None  # a hand-off is due: a human picks next
            c.take_terminal(seat)
            self.notify(f"{escape(c.state.players[seat])} chooses.", title="Pass the keyboard")
        if self.controller.next_step() == "over":
            self.render_view()
            # after this screen has finished mounting (a finished save opens straight here)
            if not self.review:
                self.call_after_refresh(self._show_end)
            return
        super().advance()

    def _handed(self, seat: int) -> None:
        self._pack_awaited = False  # the hand-off was the pause before the next pack
        super()._handed(seat)

    def _show_end(self) -> None:
        from .endscreen import SweetLandsEndScreen

        if self.is_attached and self.app.screen is self:
            # The shared end screen plus the solo verdict.
            self.post_message(ShowEnd(self.controller, SweetLandsEndScreen))

    def _apply(self, action) -> None:
        label = self.label_of(action)
        if action.kind == "pass" and self._confirm != action.key:
            self._confirm = action.key  # asked once; the same move again passes
            told = self.chooser.at().explained.get(action.key) if self.chooser.position else None
            gains = ", ".join(A.gains_of(told))
            shown = self.highlighted_move()
            on_list = shown is not None and shown.key == action.key  # what Enter repeats
            again = "E or Enter" if on_list else "E"
            self.notify(
                "Passing ends your round: no more main actions until the next one"
                + (f" (you take {gains})" if gains else "")
                + f". Press {again} again to pass.",
                title="Pass?",
                severity="warning",
            )
            return
        self._confirm = None
        self.chooser.filter = None
        if self.controller.act(action):
            if action.kind in ("end", "pass"):
                # turn over ("This turn" afresh: solo turns share round and seat)
                self._steps = []
            else:
                self._steps.append(label)  # before the repaint, so "this turn" shows it
            if action.kind == "draft" and self.controller.viewer in self.controller.human_actors():
                self.next_pack_behind_handoff()
                return
            # the others still pick (a bot, or a seat behind a hand-off): this seat's
            # next pack waits behind a hand-off of its own too
            self._pack_awaited = action.kind == "draft"
            self.advance()
        else:
            self.notify(self.controller.last_error, title="Not allowed", severity="error")
            self.show_moves(self.controller.legal())

    def action_undo(self) -> None:
        c = self.controller
        if c.undo():
            del self._steps[max(0, len(self._steps) - c.last_undone) :]
            self._confirm = None
            self.notify(
                "Step undone."
                if c.last_undone == 1
                else "Steps undone (with the forced ones after it)."
            )
            self.advance()
        else:
            self.notify(c.last_error, title="Cannot undo", severity="warning")

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
            # (under a hand-off, held till it goes: GameScreenBase.notify)
            self.notify(f"Only one choice, taken: {legal[0].label}.", title="Automatic")

    def note_step(self, words: str) -> None:
        """A step of this turn made outside the list's one move (a whole payment)."""
        self._steps.append(words)

    def pay_all(self, key: str) -> None:
        self.trade.pay_all(key)

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
            self.handoff_to(seat, reason),
            lambda answer: (
                self.after_handed_under()
                if answer == SweetLandsHandoff.READIED
                else self._handed(seat)
            ),
        )
        self.render_view()

    # ---- rendering ---------------------------------------------------------------------------
    def shown(self, v: SweetLandsView) -> int:
        if self.shown_seat is not None:
            return self.shown_seat
        me = v["viewer"]
        pend = v["pending"]
        return me if me is not None else pend["seat"] if pend else v["turn"]

    def render_view(self) -> None:
        c = self.controller
        v = self.current_view()
        legal = c.legal()
        me = v["viewer"]
        players = v["players"]
        pend = v.get("pending")
        op = pend["op"] if pend else None
        actor = pend["seat"] if pend else v["turn"]
        self.show_title(f"Sweet Lands - round {max(v['round'], 1)}/5")
        self.sub_title = PHASE.get(v["phase"], v["phase"])
        turn = (v["round"], v["phase"], v["turn"], me)
        if turn != self._slots_turn:
            # a card keeps its number for the whole turn (a hand cost, free discards,
            # the cleanup keep: 2 is always the card shown as 2); the next turn, or
            # another reader, numbers the hand afresh
            self._slots = {}
            self._slots_turn = turn
        hand = v["players"][me]["hand"] if me is not None else None
        self._slots = H.stable_slots(self._slots, [c["uid"] for c in hand or ()])
        position = position_of(c, v, legal, self._slots, acting=not self.review)
        self.choosing.sync()  # where the list's highlight was, on the rows it was on
        self.chooser.show(position)
        self.chooser.shown_seat = self.shown(v)
        self.chooser.typed = ""

        step = c.next_step()
        if step == "human" and me is not None:
            actor = me  # the seat at the terminal acts (a draft asks every seat at once)
        who = players[actor]["name"] if actor is not None and actor < len(players) else "?"
        self.update_static(
            "#sl-status", P.status_line(step, who, v, legal, self.review, self.bot_thinking)
        )

        self.note_turn_so_far(v, step)
        hand_drawn = self.drawn.get("tab-hand")
        if isinstance(hand_drawn, PanelModel) and hand_drawn.reader != me:
            self.forget_hand()
        tabs = self.query_one(Panels)
        # a new step, or a new reader of the same step (a draft pick behind a hand-off),
        # opens the step's panel
        op_changed = self.drawn.changed("step", StepModel(op, me))
        if op_changed and step == "human":
            home = P.home_tab(op)
            if home and tabs.active != home:
                self.show_tab(home, v, legal)
        self.render_tab(tabs.active, v, legal)

        self.update_static("#sl-others", H.others_text(v, me))
        self.draw_moves()
        self.show_steps()  # after the move list: it names the highlighted move
        self.render_log()
        # the focus never moves to the map by itself (M does): arrows stay on the list
        if op_changed and step == "human" and legal:
            self.choosing.give_keys(self.query_one(OptionList))

    def note_turn_so_far(self, v: SweetLandsView, step: str) -> None:
        """What this turn has done so far, for the line above the moves (the list
        starts afresh when the turn or the player changes)."""
        key = (v["round"], v["phase"], v["turn"], v["viewer"])
        if key != self._steps_key:
            # a game opened mid-turn (a resumed save) lists the steps the save holds
            self._steps = self.steps_before_opening(v) if self._steps_key is None else []
        self._steps_key = key
        self._steps_text = ""
        if step == "human" and not self.review:
            done = " > ".join(self._steps[-6:]) if self._steps else "nothing yet"
            # the engine says where the main action is; the other phases have none
            main = v["main_action"]
            stage = f"[b]Main action[/b] {main}" if main else f"[b]{v['phase'].title()} phase[/b]"
            self._steps_text = f"{stage}. [b]This turn[/b]: {escape(done)}"

    def steps_before_opening(self, v: SweetLandsView) -> list[str]:
        """The viewer's own action-phase steps of the turn under way when the screen
        opened (a resumed save), labelled as the move list labelled them: the game is
        replayed from its seed to the step before them (the viewer's own moves only,
        so nothing hidden from the viewer is told)."""
        c, seat = self.controller, v["viewer"]
        if seat is None or v["phase"] != "action" or self.review:
            return []
        keys = c.state.action_keys()
        own = 0
        for key in reversed(keys):
            move = c.spec.parse_action(key)
            if move.seat != seat or move.kind in ("end", "pass"):
                break
            own += 1
        if not own:
            return []
        state = c.spec.new_game(
            list(c.state.players), seed=c.state.seed, options=dict(c.state.options)
        )
        for key in keys[:-own]:
            state = state.apply(c.spec.parse_action(key))
        steps = []
        for key in keys[-own:]:
            move = next(a for a in state.legal_actions(seat) if a.key == key)
            then = state.view(seat)
            if then["phase"] == "action":
                steps.append(label_for(move, then, c.spec.explainer.action(state, seat, move)))
            state = state.apply(move)
        return steps

    def forget_hand(self) -> None:
        """Privacy: the hand drawn for the last reader leaves the DOM before anything
        is drawn for the next one."""
        self.query_one("#sl-hand", PickTable).clear()
        self.drawn.forget("tab-hand", "table:hand")
        self.update_static("#sl-handtitle", "")
        self.update_static("#sl-handwhy", "")

    def render_tab(
        self, tab: str, v: SweetLandsView | None = None, legal: list | None = None
    ) -> None:
        if v is None:
            v = self.current_view()
        seat = self.shown(v)
        width = self.query_one(Panels).size.width or 80  # (before the first layout)
        legend = self._legend and tab == "tab-map"
        model = PanelModel(self.controller.state, v["viewer"], seat, width, legend)
        if not self.drawn.changed(tab, model):
            return
        if legal is None:
            legal = self.controller.legal()
        if tab == "tab-map":
            self.render_map_panel(v, seat)
        elif tab == "tab-tracks":
            rates = A.track_rates(self.controller, seat)
            self.query_one("#sl-tracks", Lines).show(tracks_renderable(v, seat, rates, width))
        elif tab == "tab-board":
            legal_areas = {a.args[0] for a in legal if a.kind in ("area", "copy")}
            rows = area_rows(v, legal_areas, width)
            self.fill_table("areas", "#sl-areas", rows)
            self.update_static("#sl-areawhy", A.areas_text(A.refusals(self.controller, "areas")))
            verdict = A.solo_verdict(self.controller) if v.get("solo") else None
            self.update_static("#sl-solo", solo_text(v, verdict))
            self.query_one("#sl-solo").display = bool(v.get("solo"))
            self.query_one("#sl-board", Lines).show(board_renderable(v, A.board(self.controller)))
        elif tab == "tab-hand":
            self.render_hand_panel(v, legal, seat, width)
        elif tab == "tab-players":
            self.query_one("#sl-players", Lines).show(H.players_renderable(v, width))

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
            closed = {group: A.refusals(self.controller, group) for group in A.HAND_GROUPS}
            self.update_static("#sl-handwhy", A.hand_text(v, closed))
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
        self.query_one(selector, PickTable).set_rows(rows)  # the cursor keeps its place

    def usable_cards(self, v: SweetLandsView, legal: list) -> set:
        me = v["viewer"]
        assert me is not None, "cards are usable by the seat at the keyboard"
        by_uid = {c["uid"]: c["id"] for c in v["players"][me]["hand"] or []}
        return {by_uid.get(a.args[0]) for a in legal if a.kind in ("play", "discard", "keep")}

    def render_map_panel(self, v: SweetLandsView, seat: int) -> None:
        """The map of the seat shown, with the places the viewer may choose marked."""
        me = v["viewer"]
        pv = v["players"][seat]
        hm = self.query_one(HexMap)
        if not pv["map"]:
            self.update_static("#sl-maptitle", f"{escape(pv['name'])} has no Map Board yet.")
            hm.display = False
            self.update_static("#sl-hexinfo", "")  # the highlighted choice fills it
            return
        hm.display = True
        self.query_one("#sl-hexinfo", Static).remove_class("-choice")
        mine = seat == me
        targets = set(self.chooser.targets) if mine else set()
        hm.show(data().maps[pv["map"]], pv, targets)
        whose = "[b]Your map[/b]" if mine else f"[b]{escape(pv['name'])}'s map[/b]"
        cities = pv["city_hexes"] if mine else ()
        city_list = f" ({', '.join(map(city_name, cities))})" if cities else ""
        self.update_static(
            "#sl-maptitle",
            f"{whose} {pv['map']}: {counted(len(pv['tiles']), 'tile')}, "
            f"{counted(len(pv['roads']), 'road')}, {counted(len(pv['properties']), 'prop')}, "
            f"{counted(pv['cities'], 'city', 'cities')}{city_list}  "
            "[dim]g legend, n next map, z zoom[/dim]",
        )
        self.hex_info(hm.cursor, v, seat)

    def hex_info(self, target: MapPlace | None, v: SweetLandsView, seat: int) -> None:
        text = ""
        pv = v["players"][seat]
        if target and pv["map"]:
            m = data().maps[pv["map"]]
            bits = place_facts(m, pv, target)
            acts = self.chooser.targets.get(target) if seat == v["viewer"] else None
            if acts:
                bits.append(
                    "[b]Enter: " + escape("; ".join(self.label_of(a) for a in acts)) + "[/b]"
                )
            text = " - ".join(bits)
        info = self.query_one("#sl-hexinfo", SteadyStatic)
        info.set_class(self._legend, "-legend")
        if self._legend:
            text = (text + "\n" if text else "") + f"[dim]{LEGEND}[/dim]"
        self.update_static(info, text)
        # the map takes the room the lines under it leave: its bar said before the layout
        hm, below = self.query_one(HexMap), info.next_outer_height()
        if below is not None and hm.outer_size.height:
            expect_vertical_bar(hm, hm.outer_size.height + info.outer_size.height - below)

    # ---- move list ------------------------------------------------------------------------
    def show_steps(self) -> None:
        """What Enter does now, in full (the list truncates), then this turn's steps."""
        move = ""
        c = self.controller
        if c.viewer is not None and c.next_step() == "human" and not self.review:
            move = "[b]Enter >[/b] " + escape(self.choosing.enter_text()) + "\n"
        self.query_one("#sl-steps", ScrollingText).update(move + self._steps_text)

    def highlighted_move(self) -> Action | None:
        return self.choosing.highlighted_move()

    def map_step(self) -> bool:
        """True while a map step of the viewer's is asked (digits type hex numbers)."""
        return self.choosing.map_step()

    def label_of(self, action) -> str:
        """A move's words in the move list (the engine's label before the first draw)."""
        shown = self.chooser.position
        return shown.labels.get(action.key, action.label) if shown else action.label

    def show_moves(self, legal: list, focus: bool = True) -> None:
        """The list again for the position on show (a choice asked, a move refused)."""
        # ``focus`` is the base's; here the list takes the focus unless a map or a table
        # holds it (a choice made there goes on there), whatever the caller asks.
        self.choosing.sync()
        self.chooser.show(self.chooser.at())
        self.draw_moves()

    def draw_moves(self) -> None:
        """The move list as the chooser lists it, refilled only when its rows changed
        (labels count: a step keeps its keys while their costs and gains change)."""
        chooser = self.chooser
        ol = self.query_one(MoveList)
        if self.drawn.changed("moves", chooser.listed):
            shown = chooser.moves
            rows = chooser.list_rows()
            ol.set_moves([Option(text, id=row) for row, text in rows], highlight=chooser.index)
            if self.review:  # a table to look at: no moves ever, the log takes the room
                ol.display = bool(shown)
            else:  # hidden, not taken out: while a bot or another seat moves the list
                # keeps its place, so the panels below do not jump up and back (issue 46)
                ol.visible = bool(shown)
            if shown and ol.highlighted is not None:
                self.choosing.follow_list(chooser.highlighted())
            if shown and not isinstance(self.focused, (OptionList, HexMap, PickTable)):
                self.choosing.give_keys(ol)
        # Only what the footer shows may trigger its (costly) rebuild.
        kinds = {a.kind for a in chooser.at().legal}
        footer = FooterModel(
            "end" in kinds or "pass" in kinds,
            "done" in kinds,
            self.controller.can_undo(),
            self.map_step(),
        )
        if self.drawn.changed("footer", footer):
            self.refresh_bindings()

    def nothing_chosen_text(self) -> str:
        if self.map_step():
            way = "type its hex number, or use the arrows"
        else:
            way = "use the arrows, A-Q for an area or 1-9 for a card"
        return f"No move is highlighted, so Enter does nothing: {way}, then Enter."

    @classmethod
    def default_highlight(cls, controller, moves: list) -> int | None:
        # the first harmless move (see chooser.py); the list itself also keeps a move
        # the player just chose when it is still harmless to repeat
        return pick_index(None, moves, A.moves_explained(controller, moves))

    # ---- input -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if self.review and action in ("free", "area", "card"):
            return False  # the final table is for looking: no moves to key
        if action in ("end_turn", "stop"):
            want = {"end", "pass"} if action == "end_turn" else {"done"}
            return any(a.kind in want for a in self.controller.legal())
        if action in ("card", "hex_digit") and (action == "hex_digit") != self.map_step():
            return False  # the digits choose cards, or hexes in a map step
        return super().check_action(action, parameters)

    # the keys and events of choosing, handed to the choosing part (choosing.py)
    def action_end_turn(self) -> None:
        self.choosing.end_turn()

    def action_area(self, letter: str) -> None:
        self.choosing.area(letter)

    def action_card(self, n: int) -> None:
        self.choosing.card(n)

    def action_free(self) -> None:
        self.choosing.free()

    def action_hex_digit(self, digit: str) -> None:
        self.choosing.hex_digit(digit)

    def action_trade(self) -> None:
        self.trade.start()

    def action_stop(self) -> None:
        self.try_act("done")

    def action_focus_moves(self) -> None:
        self.choosing.give_keys(self.query_one(OptionList))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.choosing.list_highlighted(event.option_list, event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every row has its move's key (or a row of its own)
            self.choosing.choose_row(event.option.id)

    def on_hex_map_moved(self, msg: HexMap.Moved) -> None:
        self.choosing.map_moved(msg.target)

    def on_hex_map_picked(self, msg: HexMap.Picked) -> None:
        self.choosing.map_picked(msg.target)

    def on_pick_table_row_highlighted(self, event: PickTable.RowHighlighted) -> None:
        self.choosing.row_highlighted(event.table, event.row_key)

    def on_pick_table_row_selected(self, event: PickTable.RowSelected) -> None:
        self.choosing.row_selected(event.table, event.row_key)

    def on_descendant_focus(self, _event: object) -> None:
        self.choosing.focus_moved()

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

    def action_tab(self, key: str) -> None:
        self.action_narrow_view("play")  # the panels are part of the play view
        self.show_tab(TABS[key])
        if key == "m":
            self.choosing.give_keys(self.query_one(HexMap))

    def on_panels_resized(self) -> None:
        """Wrap the panels again for their new width (hidden ones when next shown)."""
        self.render_tab(self.query_one(Panels).active)

    def show_tab(
        self, tab: str, v: SweetLandsView | None = None, legal: list | None = None
    ) -> None:
        """Put this panel on show (a key, a click on the strip or a move's home panel)."""
        self.query_one(Panels).active = tab
        self.query_one(TabStrip).show(tab)
        self.render_tab(tab, v, legal)
        if self.focused is not None and self.focused is not self:
            pane = next(
                (w for w in self.focused.ancestors if w.parent is self.query_one(Panels)), None
            )
            if pane is not None and pane.id != tab:
                # Enter never acts on a hidden widget
                self.choosing.give_keys(self.query_one(OptionList))

    def action_legend(self) -> None:
        self._legend = not self._legend
        self.action_tab("m")  # drawn again: the legend is part of the map's model

    def action_zoom(self) -> None:
        self.query_one(HexMap).toggle_scale()

    def action_next_player(self) -> None:
        v = self.current_view()
        n = len(v["players"])
        self.shown_seat = (self.shown(v) + 1) % n
        if self.shown_seat == v["viewer"]:
            self.shown_seat = None
        self.render_tab(self.query_one(Panels).active)  # its model names the seat shown


def keep_text(kept: int) -> str:
    """How many cards must stay in hand (the view's ``cards_kept``), in words."""
    return f"keep {kept} in hand" if kept else "all may be used"
