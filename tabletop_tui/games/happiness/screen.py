"""The Happiness screen: the grid of cards, the hand, stories, and the silence window.

Renders only from the controller's view. During the silence every seat may break it
by pressing its seat number; with several people at the table the window shows
public information only and the claimant gets a private hand-off.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.widgets import Input, OptionList

from rules.core import counted

from ...text import markup_safe as escape
from ...widgets.common import HandoffScreen, NoticeScreen
from ...widgets.keybar import KeyBar
from ...widgets.log import LogView
from ...widgets.narrow import ViewStrip
from ...widgets.parts import Parts
from ...widgets.tiles import W
from ...widgets.title_bar import TitleBar
from ..base import GameScreenBase
from .board import Board
from .boxes import FoldingMoveList, SkipLine, StoryBox
from .hand import COMPACT_COLUMNS, Hand
from .lookup import HappinessLookup
from .text_box import TextBox

if TYPE_CHECKING:  # the engine is imported on first use, not with the app
    from rules.core import Explanation, GameState
    from rules.happiness import HappinessView

    from ...controller import Controller


def story_prompt(name: str, word: str) -> str:
    """The status line of the story step (``name`` is markup-escaped already)."""
    return (
        f"[b]{name}[/b], tell the table a short story about [b]{escape(word)}[/b]: "
        "type it, then Enter (Enter alone skips)."
    )


@runtime_checkable
class SilenceScaled(Protocol):
    """An app that stretches or shrinks the silence window (tests shrink it)."""

    silence_scale: float


class HappinessScreen(HappinessLookup, Parts, GameScreenBase):
    controller: Controller[GameState[HappinessView]]
    CSS_PATH = Path(__file__).with_name("happiness.tcss")
    MAIN_ROW = "#hp-main"
    REVIEW = True
    UNDO_EXPLAINS = True
    # moves taken elsewhere: a card placed on the board, a story told in its box
    UNLISTED_KINDS = frozenset({"place", "story", "skip_story"})
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(k), f"digit({k})", "Card/seat", show=(k == 1), key_display="1-9")
            for k in range(1, 10)
        ),
        Binding("b", "focus_board", "Board"),
        Binding("z", "zoom", "Zoom"),
        Binding("s", "skip_story", "Skip story"),
        Binding("space", "silence", "Stay silent"),
    ]

    def __init__(self, controller, bot_delay=None):
        super().__init__(controller, bot_delay)
        self.selected = 0
        self.silence_scale = 1.0  # tests shrink the countdown through the app
        self.was_placing = False  # the last drawing asked this seat to place a card
        self._deadline: float | None = None
        self._window_id = None
        self._opened = 0.0
        self._story_step: int | None = None
        self._chosen_at: int | None = None  # the step whose card was chosen for the seat
        self._ticker = None
        self._placing_view: HappinessView | None = None  # the view the preview line reads
        # (state, viewer, its view): the key bar asks check_action once for each key
        self._view_kept: tuple[object, int | None, HappinessView] | None = None
        self.zoom_chosen: bool | None = None  # small cells chosen with Z (None: by size)

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield ViewStrip()
        with Horizontal(id="hp-main"):
            with Vertical(id="hp-left"):
                yield TextBox(id="hp-status")
                yield TextBox(id="hp-preview")
                with ScrollableContainer(id="hp-board-scroll"):
                    yield Board()
                yield TextBox(id="hp-hand-title")
                yield Hand(id="hp-hand")
            with Vertical(id="hp-right"):
                yield StoryBox(id="hp-story", max_length=500)
                yield SkipLine(id="hp-skip")
                yield FoldingMoveList(id="hp-moves")
                yield TextBox(id="hp-players")
                yield LogView(id="hp-log")
        yield KeyBar()

    def on_mount(self) -> None:
        # Textual also runs the base class's on_mount after this one: no super() call.
        app = self.app
        self.silence_scale = app.silence_scale if isinstance(app, SilenceScaled) else 1.0
        # the table's bars and their corner made now, hidden (widgets/steady.py,
        # expect_box_size): a hand-off's spots widening the table bring them
        box = self.query_one("#hp-board-scroll", ScrollableContainer)
        box.horizontal_scrollbar.display = box.vertical_scrollbar.display = False
        box.scrollbar_corner.display = True  # (made; placed only between two bars)

    # ---- the loop: add the silence window to the shared one -------------------------
    def advance(self) -> None:
        if self.replaced:
            self._stop_window()
            return
        c = self.controller
        if self.review:  # a table to look at: no silence runs, nobody acts
            super().advance()
            return
        if c.next_step() == "window":
            if self._window_id is None:
                self._window_id = c.state.step
                self._opened = time.monotonic()
                seconds = c.view()["options"]["silence_seconds"]  # the game's option
                self._deadline = self._opened + seconds * self.silence_scale
                if self._ticker is None:
                    self._ticker = self.set_interval(
                        0.1 if self.silence_scale >= 0.2 else 0.01, self._tick
                    )
            if self._bots_decide():
                return
            if len(c.humans) > 1:
                c.viewer = None  # the window shows public information only
            self.render_view()
            return
        self._stop_window()
        super().advance()

    def _bots_decide(self) -> bool:
        """Bots whose reaction time has passed claim or stay silent; True if that
        closed the window (the loop has then moved on)."""
        c = self.controller
        elapsed = (time.monotonic() - self._opened) / max(self.silence_scale, 1e-9)
        if c.window_bots(elapsed) and c.next_step() != "window":
            self._stop_window()
            super().advance()
            return True
        return False

    def _stop_window(self) -> None:
        self._window_id = None
        self._deadline = None
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None

    def _tick(self) -> None:
        if self.replaced:
            self._stop_window()
            return
        if self._deadline is None or isinstance(self.app.screen, HandoffScreen):
            return
        if self._bots_decide():
            return
        if time.monotonic() >= self._deadline:
            self._stop_window()
            self.controller.close_window()
            self.advance()
        else:
            self.part("#hp-status", TextBox).set_text(self.window_status())

    def window_status(self) -> str:
        left = max(0.0, (self._deadline or 0) - time.monotonic()) / max(self.silence_scale, 1e-9)
        n = len(self.controller.state.players)
        return (
            f"[b]Silence...[/b] {left:0.0f} s.  Any player may break it with a Bummer: "
            f"press your seat number (1-{n})."
        )

    def claim_for(self, seat: int) -> None:
        c = self.controller
        if c.is_bot(seat):
            self.notify(f"{escape(c.state.players[seat])} is a bot.", severity="warning")
            return
        if len(c.humans) > 1 and c.viewer != seat:
            remaining = (self._deadline or time.monotonic()) - time.monotonic()
            self._deadline = None  # the countdown waits during the hand-off

            def back(answer):
                if answer == HandoffScreen.LEAVE:
                    self.action_leave()
                    return
                c.take_terminal(seat)
                self._deadline = time.monotonic() + max(remaining, 0.5)
                self._claim_now(seat)

            name = c.state.players[seat]
            self.app.push_screen(self.handoff(name, f"{name} breaks the silence."), back)
            return
        self._claim_now(seat)

    def _claim_now(self, seat: int) -> None:
        c = self.controller
        if not c.in_window:
            self.advance()
            return
        action = c.state.find_action(seat, "claim")
        if action is None:
            # Only the claimant is looking: say so behind their own hand-off, so the
            # table never reads it, then hide the hand again.
            text = "You hold no Bummer you can play now: the silence goes on."
            if len(c.humans) > 1:
                c.viewer = None
                self.render_view()
                self.app.push_screen(NoticeScreen(text), lambda _: self.advance())
                return
            self.notify(text, severity="warning")
            self.advance()
            return
        c.act(action)
        self._stop_window()
        self.advance()

    # ---- rendering -----------------------------------------------------------------------
    HANDOFF_TASKS = {
        "build": "build the deck: leave out any topic the table would rather avoid, then deal",
        "play": "lay a card from your hand on the table",
        "story": "tell a story about the card just laid (or skip it)",
        "bummer": "lay the Bummer you claimed the silence with",
        "window": "say whether you break the silence with a Bummer",
    }

    def handoff_task(self, seat: int) -> str:
        return self.HANDOFF_TASKS.get(self.controller.state.view(None)["stage"], "")

    def status_line(self, v: HappinessView, step: str, names: list[str]) -> str:
        """The prompt line for ``step`` (``names``: the players' names, escaped)."""
        stage = v["stage"]
        viewer = self.controller.viewer
        if self.review and step != "over":  # a replayed step: nobody plays it here
            status = (
                "Replay: the silence after a story, which any seat may break."
                if stage == "window"
                else f"Replay: [b]{names[v['actors'][0]]}[/b] to play."
                if v["actors"]
                else "Replay."
            )
        elif step == "window":
            status = self.window_status()
        elif step == "over":
            status = (
                "The game is over: the final table. Escape goes back to the scores."
                if self.review
                else "The game is over."
            )
        elif step == "bot":
            status = self.bot_status(names[v["actors"][0]])
        elif step == "human":
            assert viewer is not None, "a human step: the viewer acts"
            me = names[viewer]
            status = {
                "build": f"[b]{me}[/b], you are the youngest: leave out any topic the table would rather "
                f"avoid, then deal. The deck will hold {v['deck']['size']} cards.",
                "play": f"[b]{me}[/b], play a card: pick it (number keys or click), then a free spot "
                f"(arrows or n for the next one, then Enter; or click).",
                "bummer": f"[b]{me}[/b], play your Bummer: pick it, then a spot touching Joycards "
                f"(n for the next one).",
                "story": story_prompt(me, v["story"]["word"] if v["story"] else ""),
                "window": f"[b]{me}[/b]: will you break the silence? (space stays silent)",
            }.get(stage, "")
        else:
            status = f"Waiting for {names[v['actors'][0]]}."
        if v["end_triggered"] and not v["over"]:
            status += "  [b]Last round.[/b]"
        return status

    def render_view(self) -> None:
        c = self.controller
        v = c.view()
        legal = c.legal()
        names = [escape(p["name"]) for p in v["players"]]  # names go into markup
        self.show_title(
            f"Happiness - round {v['round']}" if v["round"] else "Happiness - building the deck"
        )
        step = c.next_step()
        stage = v["stage"]
        self.part("#hp-status", TextBox).set_text(self.status_line(v, step, names))

        hand = v["hand"] or []
        if self.selected >= len(hand):
            self.selected = 0
        placing = step == "human" and stage in ("play", "bummer")
        if placing and self._chosen_at != c.state.step:  # a new decision: a card it allows
            self._chosen_at = c.state.step
            self.selected = first_placeable(hand, v["spots"], self.selected)
        chosen = hand[self.selected]["word"] if hand else None
        spots = v["spots"].get(chosen, []) if chosen else []
        board = self.part("Board", Board)
        if self.zoom_chosen is None:  # small cells where the hand leaves little room
            board.zoom(self.has_class("-compact"))
        if stage == "build":
            board.set_board([], [], [])
        else:  # the board draws plain text, so it takes the names unescaped
            board.set_board(v["board"], [p["name"] for p in v["players"]], spots)
        # narrow: as many whole cards a row as the screen's width holds (three at 40)
        columns = (
            max(1, min(COMPACT_COLUMNS, (self.app.size.width - 1) // W))
            if self.narrow
            else COMPACT_COLUMNS
        )
        self.part("#hp-hand", Hand).set_hand(
            hand, self.selected, stage in ("play", "bummer"), self.has_class("-compact"), columns
        )
        owner = names[c.viewer] if c.viewer is not None else None
        self.part("#hp-hand-title", TextBox).set_text(hand_title(v, owner))
        self.part("#hp-players", TextBox).set_blocks(player_blocks(v, step))
        telling = step == "human" and stage == "story" and not self.review  # no typing
        self.show_story_box(telling)
        # The story's own moves are the box (Enter) and its skip line (a click): the
        # move list stays as it was, folded, so nothing moves when the box opens.
        self.show_moves(self.listed_moves(legal), focus=not telling)
        if placing and not self.was_placing:
            # arrows + Enter place the chosen card at once. The board scrolls to its
            # cursor itself (set_board, after the refresh): Textual's scroll to show the
            # focused board animated its box towards the board's centre meanwhile, a
            # second layout and frames after a hand-off, and stopped by the cursor's
            board.focus(scroll_visible=False)
        self.was_placing = placing
        self._placing_view = v if placing and chosen else None
        self.show_preview(board.cursor)
        self.call_after_refresh(self._unfocus_folded)
        self.render_log()

    def show_story_box(self, telling: bool) -> None:
        """The story box and its skip line, while the seat at the keyboard tells; a
        new story opens empty with the focus in it."""
        story = self.part("#hp-story", StoryBox)
        story.show(telling)
        skip = self.part("#hp-skip", SkipLine)
        skip.show(telling)
        # under 80 columns (a phone) the closed box gives its four lines to the spots
        story.display = skip.display = telling or not self.narrow
        step = self.controller.state.step
        if telling and self._story_step != step:
            self._story_step = step  # a new story: an empty box, ready for typing
            story.value = ""
            story.focus()  # type at once; Enter shares it, Enter on an empty box skips
            self.call_after_refresh(story.focus)
        elif not telling:
            self._story_step = None

    def show_preview(self, cell) -> None:
        """The line under the status saying what Enter would do with the chosen card at
        ``cell``: the explainer works it out, this only lays it out."""
        from rules.core import Action

        line = self.part("#hp-preview", TextBox)
        story = self.part("#hp-story", StoryBox)
        if story.open and story.value.strip():
            # the box is one line and shows the end of what is typed: the whole story
            # so far, wrapped, under the prompt
            line.display = True
            line.set_class(False, "-off")
            line.set_text(f"Your story: {escape(story.value)}")
            return
        v = self._placing_view
        # Under a hand-off to a seat that will place a card the line is there, empty:
        # the seat's preview fills it without moving the table (shown after the
        # hand-off, it cost a second layout). The stage is public.
        room_kept = (
            not self.review
            and self.controller.next_step() == "handoff"
            and self.kept_view()["stage"] in ("play", "bummer")
        )
        line.display = v is not None or room_kept
        if v is None or v["viewer"] is None:
            if room_kept:
                line.set_text("")
            return
        hand = v["hand"] or []
        word = hand[self.selected]["word"]
        told = self.controller.explain_action(Action(v["viewer"], "place", (word, *cell)))
        mark = "Enter:" if told.refused is None else "[b]Not here:[/b]"
        line.set_text(f"{mark} {escape(preview_text(told))}")
        line.set_class(told.refused is not None, "-off")

    def on_board_cursor_moved(self, msg: Board.CursorMoved) -> None:
        self.show_preview(msg.cell)

    def _unfocus_folded(self) -> None:
        """A closed or folded box gives up the focus, as a hidden one does once laid
        out."""
        for folded in (self.part("#hp-story", StoryBox), self.part("#hp-moves", FoldingMoveList)):
            if folded is self.focused and not folded.allow_focus():
                folded.blur()

    def show_moves(self, legal: list, focus: bool = True) -> None:
        super().show_moves(legal, focus)
        self.part("#hp-moves", FoldingMoveList).fold()

    # ---- input -----------------------------------------------------------------------------
    def kept_view(self) -> HappinessView:
        """The viewer's view of the current state, built once per state and viewer."""
        c = self.controller
        kept = self._view_kept
        if kept is None or kept[0] is not c.state or kept[1] != c.viewer:
            kept = self._view_kept = (c.state, c.viewer, c.view())
        return kept[2]

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        c = self.controller
        # from the view, as everything the screen shows: a seat joined from elsewhere
        # holds no engine state to read it from
        stage = self.kept_view()["stage"]
        if action == "digit":
            if c.next_step() == "window":
                return not self.review  # a claim; on a table to look at, none
            return bool(c.next_step() == "human" and stage in ("play", "bummer"))
        if action == "skip_story":  # while typing, S is a letter of the story
            typing = isinstance(self.focused, Input)
            telling = c.next_step() == "human" and stage == "story" and not self.review
            return bool(telling and not typing)
        if action == "silence":  # the countdown, or this seat's turn to be asked
            asked = c.next_step() == "human" and stage == "window"
            return bool((c.next_step() == "window" or asked) and not self.review)
        if action == "focus_board":  # shown while the board waits for the keys
            placing = c.next_step() == "human" and stage in ("play", "bummer")
            return bool(placing and not isinstance(self.focused, Board))
        return super().check_action(action, parameters)

    def action_digit(self, k: int) -> None:
        c = self.controller
        if c.next_step() == "window":
            if 1 <= k <= len(c.state.players):
                self.claim_for(k - 1)
            return
        hand = c.view()["hand"] or []
        if 1 <= k <= len(hand) and self.play_seen():
            self.selected = k - 1
            self.render_view()
            self.query_one(Board).focus()

    def action_focus_board(self) -> None:
        self.query_one(Board).focus()

    def action_zoom(self) -> None:
        """Small cells (about half the room: the table of a late round in sight at
        120x40) or full size; where even small cells do not fit, the table scrolls
        under its scrollbars, the cursor kept in view."""
        board = self.query_one(Board)
        self.zoom_chosen = not board.small
        board.zoom(self.zoom_chosen)
        size = "small cells: Z for full size" if board.small else "full size: Z zooms out"
        self.notify(f"The table at {size}.", title="Zoom")

    def action_skip_story(self) -> None:
        self.try_act("skip_story")

    def action_silence(self) -> None:
        if self.controller.next_step() == "human":  # asked in turn: this seat's answer
            self.try_act("pass")
            return
        self.notify("The silence goes on.")

    def on_hand_clicked(self, msg: Hand.Clicked) -> None:
        self.action_digit(msg.index + 1)

    def on_board_chosen(self, msg: Board.Chosen) -> None:
        c = self.controller
        if c.next_step() != "human":
            return
        # The hand on screen is the view's hand (drawn from it): no second view
        # to build for the one word the card picked shows.
        hand = self.part("#hp-hand", Hand).looks
        if not hand:
            return
        word = hand[self.selected][0]["word"]
        x, y = msg.cell
        self.try_act("place", word, x, y)

    def on_skip_line_skip(self, _msg: SkipLine.Skip) -> None:
        self.try_act("skip_story")

    def on_input_changed(self, event: Input.Changed) -> None:
        if isinstance(event.input, StoryBox):
            self.show_preview(self.query_one(Board).cursor)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.try_act("story", text) if text else self.try_act("skip_story")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every move's option has its key for an id
            self.act_key(event.option.id)


def first_placeable(hand: list, spots: dict[str, list], selected: int) -> int:
    """The card chosen when a seat is asked to place one: the one chosen before if it
    may go somewhere now, else the first that may (a Joycard on a turn, a Bummer after
    claiming the silence), so Enter never starts on a card with nowhere to go."""
    if 0 <= selected < len(hand) and spots.get(hand[selected]["word"]):
        return selected
    return next((k for k, card in enumerate(hand) if spots.get(card["word"])), selected)


def joypoints(n: float | None) -> str:
    return f"{n} Joypoint{'s' if n != 1 else ''}"


def preview_text(told: Explanation) -> str:
    """A placement's explanation as the preview line says it: the spot, then what the
    card scores and completes, or what the Bummer sweeps."""
    if told.refused is not None:
        return f"{told.title}: move to a marked spot."
    said = {line.label: line for line in told.lines}
    if "Joypoints" in said:
        text = f"{told.title}: {joypoints(said['Joypoints'].amount)}"
        plus = said.get("Completes a plus")
        if plus is not None:
            text += f"; completes a plus ({plus.source}) for {joypoints(plus.amount)} more"
        return text + "."
    swept = said.get("Sweeps")
    if swept is None:
        return f"{told.title}: sweeps nothing."
    return f"{told.title}: sweeps {swept.source} ({joypoints(swept.amount)}) into your Bummer Pile."


def hand_title(v: HappinessView, owner: str | None) -> str:
    """Whose hand is on show (``owner``: the reader's name as markup), or, while the
    deck is built, the topics in it."""
    hand = v["hand"] or []
    if v["stage"] == "build" and v["topics"]:
        marks = "  ".join(
            escape(f"[{' ' if t['left_out'] else 'x'}]") + f" {t['label']} ({t['cards']})"
            for t in v["topics"]
        )
        return f"Topics in the deck: {marks}"
    if owner and hand:
        return f"{owner}'s hand ({counted(len(hand), 'card')}, only {owner} should see it)"
    return "Hands are hidden: it is nobody's private moment."


def player_blocks(v: HappinessView, step: str) -> list[str]:
    """A block of markup per player (the one to act marked), and the community deck."""
    blocks = []
    for p in v["players"]:
        sc = p["score"]
        mark = ">" if p["seat"] in v["actors"] and step != "window" else " "
        youngest = " (youngest)" if p["youngest"] else ""
        blocks.append(
            f"{mark} [b]{p['seat'] + 1} {escape(p['name'])}[/b]{youngest}\n"
            f"   {counted(sc['score'], 'pt')}, {p['hand_count']} in hand\n"
            f"   euphoria {sc['euphoria_pile']}  bummer {sc['bummer_pile']}"
        )
    blocks.append(f"Community deck: {v['community']} left")
    return blocks
