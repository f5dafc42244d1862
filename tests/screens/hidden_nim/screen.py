"""Hidden Nim's screen: the table from the seat's view, the offered moves, the log.

Everything comes from the controller (the view, the legal moves and their labels, the
log); the screen computes no rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static

from tabletop_tui.games.base import GameScreenBase
from tabletop_tui.text import markup_safe
from tabletop_tui.widgets.keybar import KeyBar
from tabletop_tui.widgets.log import LogView
from tabletop_tui.widgets.moves import MoveList
from tabletop_tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from rules.core import GameState
    from tabletop_tui.controller import Controller
    from tests.games.hidden_nim.engine import HiddenNimView


class HiddenNimScreen(GameScreenBase):
    # a controller whose state's view is Hidden Nim's: c.view() reads it typed
    controller: Controller[GameState[HiddenNimView]]
    CSS_PATH = "hidden_nim.tcss"
    MAIN_ROW = "#nim-main"  # asked for a layout by a hand-off's Enter

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="nim-main"):
            yield Static("", id="nim-table")
            with Vertical(id="nim-side"):
                yield MoveList(id="nim-moves")
                yield Static("", id="nim-explained")
                yield LogView(id="nim-log")
        yield KeyBar()

    def render_view(self) -> None:
        c = self.controller
        v = c.view()
        step = c.next_step()
        names = c.state.players
        self.show_title("Hidden Nim")
        lines = [f"Heap: {v['heap']} stones   Deck: {v['deck']} cards", ""]
        for seat, name in enumerate(names):
            mark = ">" if seat == v["turn"] and not v["over"] else " "
            lines.append(
                f"{mark} {markup_safe(name)}: {v['stones'][seat]} stones, "
                f"{v['hand_sizes'][seat]} cards in hand"
            )
        if v["hand"] is not None:
            lines += ["", f"Your hand: {', '.join(map(str, v['hand'])) or 'empty'}"]
        who = markup_safe(names[v["turn"]])
        lines += [
            "",
            {"human": f"[b]{who}[/b], your move.", "bot": f"{who} (bot) to move."}.get(
                step, "The game is over." if step == "over" else f"Waiting for {who}."
            ),
        ]
        self.update_static("#nim-table", "\n".join(lines))
        self.show_moves(c.legal() if step == "human" else [])
        self.explain_highlighted()
        self.render_log()

    def explain_highlighted(self) -> None:
        """What the highlighted move gives, asked of the game's explainer for that one
        move when it is shown."""
        moves = self.query_one(MoveList)
        option = moves.highlighted_option if moves.display else None
        legal = {a.key: a for a in self.controller.legal()}
        move = legal.get(option.id) if option is not None and option.id else None
        text = self.controller.explain_action(move).text() if move is not None else ""
        self.update_static("#nim-explained", markup_safe(text))

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self.explain_highlighted()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # each move's option has its key for an id
            self.act_key(event.option.id)
