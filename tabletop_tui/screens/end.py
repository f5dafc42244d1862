"""End of game: the ranking, every point of every player explained, the tie-break and
the seed; from here the final table and the whole log can be looked at again.

Everything comes from ``result()``: its ``items`` (per seat, lines of label and value),
``formula`` and ``summary`` (extra ranking columns). A game whose result has neither
gets a ranking column for every number of its breakdown.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from rules.core import Explanation, Line

from ..coach.end_parts import coach_parts, show_coach_parts
from ..lookup import LookupScreen, Subject, TableLookup
from ..navigation import BackToTitle, PlayAgain
from ..text import markup_safe as escape
from ..widgets.common import FitsNarrow
from ..widgets.keybar import KeyBar
from ..widgets.log import LogView
from ..widgets.narrow import BREAKPOINTS
from ..widgets.title_bar import TitleBar

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}
STYLE = {"score": "bold", "tie": "dim", "sum": "", "effect": "", "card": ""}


def numbers_of(res: dict) -> list[list[str]]:
    """Without a summary, every number of the breakdown gets a ranking column."""
    return [
        [k.replace("_", " ").capitalize(), k]
        for k, v in res["breakdown"][0].items()
        if isinstance(v, (int, float)) and not isinstance(v, bool)
    ]


def items_table(items: list[dict]) -> Table:
    """Label on the left, value on the right; plain Text, so no name is read as markup."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(ratio=1, overflow="fold")
    table.add_column(justify="right", no_wrap=True)
    for it in items:
        style = STYLE.get(it.get("kind", ""), "")
        table.add_row(Text(it["label"], style=style), Text(it["value"], style=style))
    return table


class LogScreen(FitsNarrow, Screen):
    """The whole log of a game, full width."""

    BINDINGS = [Binding("escape", "close", "Back"), Binding("l", "close", "Back", show=False)]

    def __init__(self, entries: list[str], title: str):
        super().__init__()
        self.entries = entries
        self.log_title = title

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield LogView(id="full-log")
        # the games' key line: at 80 columns it leaves out ^q Quit (not ^p or a key here)
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = self.log_title
        log = self.query_one(LogView)
        log.set_entries(self.entries)
        log.focus()

    def action_close(self) -> None:
        self.dismiss(None)


class EndScreen(FitsNarrow, LookupScreen):  # a seat on a phone sees how the game ended
    HORIZONTAL_BREAKPOINTS = BREAKPOINTS  # -narrow under 80 columns: buttons one a line
    BINDINGS = [
        Binding("f2", "lookup", "Info"),  # the highlighted player's score, its terms
        Binding("escape", "close_lookup", "Close look-up"),
        Binding("a", "again", "Play again"),
        Binding("v", "review", "Final table"),
        Binding("l", "log", "Whole log"),
        Binding("c", "coach_review", "Coach review"),
        Binding("t", "title", "Title"),
        Binding("escape", "title", "Title", show=False),
    ]
    DEFAULT_CSS = """
    EndScreen VerticalScroll { padding: 0 1; }
    EndScreen #end-head { height: auto; margin: 1 0 0 0; }
    EndScreen DataTable { height: auto; margin: 1 0 0 0; }
    EndScreen #end-tie { height: auto; margin: 1 0 0 0; color: $text-muted; }
    EndScreen #end-items { grid-size: 2; grid-gutter: 0 1; height: auto; margin: 1 0 0 0; }
    EndScreen .end-player { height: auto; border: round $primary; padding: 0 1; }
    EndScreen #end-extra { height: auto; }
    EndScreen Horizontal { height: auto; margin: 1 0 0 0; }
    EndScreen Button { margin-right: 2; }
    EndScreen.-narrow Horizontal { layout: vertical; }
    EndScreen.-narrow #end-items { grid-size: 1; }
    """

    def __init__(self, controller):
        super().__init__()
        self.controller = controller
        self.lookup = TableLookup(self)  # F2: the highlighted player's score
        if len(controller.humans) != 1:
            controller.viewer = None  # the table looks together: only public things

    def compose(self) -> ComposeResult:
        res = self.controller.state.result()
        names = self.controller.state.players
        yield TitleBar()
        with VerticalScroll():
            yield Static("", id="end-head")
            yield DataTable(id="end-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="end-tie")
            with Grid(id="end-items"):
                for seats in res["ranking"] if res.get("items") else []:
                    for s in seats:
                        box = Static(items_table(res["items"][s]), classes="end-player")
                        box.border_title = f"{escape(names[s])}: {res['scores'][s]}"
                        yield box
            yield Static("", id="end-extra")
            yield from coach_parts()  # the coach: score by round, hints used
            with Horizontal():
                if self.controller.game_is_here:
                    yield Button("Play again (A)", id="end-again", variant="primary")
                if self.can_review():
                    yield Button("Final table (V)", id="end-review")
                yield Button("Whole log (L)", id="end-log")
                yield Button("Title (T)", id="end-title")
        # the games' key line: at 80 columns it leaves out ^q Quit (not ^p or a key here)
        yield KeyBar()

    def can_review(self) -> bool:
        from ..games import screen_class

        return screen_class(self.controller.spec.id).REVIEW

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        looked_up = self.lookup.allows(action)
        if looked_up is not None:  # Escape closes an open look-up before the title
            return looked_up
        if action == "review":
            return self.can_review()
        if action in ("again", "coach_review"):  # they need the game itself, its seed
            return self.controller.game_is_here
        return True

    def on_mount(self) -> None:
        if not self.query("#end-head"):
            return  # closed again before it was mounted (an app leaving at once)
        c = self.controller
        res = c.state.result()
        names = c.state.players
        self.title = f"{c.spec.title} - final scores"
        winners = " and ".join(escape(names[s]) for s in res["winners"])
        verb = "share the win" if len(res["winners"]) > 1 else "wins"
        self.query_one("#end-head", Static).update(f"[b]{winners} {verb}![/b]")
        self.fill_table(res, names)
        tie = [res["formula"]] if res.get("formula") else []
        tie.append(f"Tie-break: {res['tie_break']}.")
        if c.game_is_here:  # a seat joined from elsewhere is never sent the seed
            tie.append(
                f"Seed {c.state.seed}: a new game with this seed, the same players and options "
                "deals the same cards."
            )
        self.query_one("#end-tie", Static).update(escape(" ".join(tie)))
        journal = c.state.view(None).get("journal") or []
        if journal:  # Happiness: the table's stories, kept with the save
            lines = ["[b]Story journal[/b]"]
            lines += [
                escape(f"Round {e['round']}, {e['name']} on {e['word']}: {e['text']}")
                for e in journal
            ]
            self.query_one("#end-extra", Static).update("\n".join(lines))
        show_coach_parts(self, c)
        self.on_resize()

    def fill_table(self, res: dict, names: list[str]) -> None:
        table = self.query_one(DataTable)
        score = ["Score"] if "summary" in res else []
        summary = res["summary"] if "summary" in res else numbers_of(res)
        table.add_columns("Place", "Player", *score, *[h for h, _ in summary])
        for place, seats in enumerate(res["ranking"], start=1):
            for s in seats:
                b = res["breakdown"][s]
                table.add_row(
                    ORDINAL.get(place, f"{place}th") + ("=" if len(seats) > 1 else ""),
                    Text(names[s]),  # a Text cell is never read as markup
                    *[str(res["scores"][s])] * len(score),
                    *[str(b.get(k, "")) for _, k in summary],
                )

    def on_resize(self) -> None:
        n = len(self.controller.state.players)
        per_row = min(n, max(1, (self.app.size.width - 2) // 38))
        # a resize can arrive before the grid is composed or after the screen is gone
        for grid in self.query("#end-items").results(Grid):
            grid.styles.grid_size_columns = max(1, per_row)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {
            "end-again": self.action_again,
            "end-review": self.action_review,
            "end-log": self.action_log,
        }.get(event.button.id or "", self.action_title)
        action()

    # ---- the look-up key: the score of the player the table highlights --------------
    def lookup_subject(self) -> Subject:
        """The engine's own breakdown of the highlighted player's score (result()),
        with the terms its labels use."""
        res = self.controller.state.result()
        order = [s for seats in res["ranking"] for s in seats]
        row = self.query_one(DataTable).cursor_row
        if not 0 <= row < len(order):
            return Subject(None, None, self.lookup.glossary())
        seat = order[row]
        name = self.controller.state.players[seat]
        items = (res.get("items") or [[]] * len(order))[seat]
        lines = tuple(Line(f"{it['label']}: {it['value']}") for it in items)
        if not lines:
            parts = res["breakdown"][seat].items()
            lines = tuple(Line(f"{k.replace('_', ' ')}: {v}") for k, v in parts)
        told = Explanation(f"{name}: {res['scores'][seat]}", lines)
        return Subject(("end", seat), told, self.lookup.glossary(), res.get("formula") or "")

    def action_again(self) -> None:
        self.post_message(PlayAgain(self.controller))

    def action_review(self) -> None:
        from ..games import screen_class

        if self.can_review():
            screen = screen_class(self.controller.spec.id)(self.controller)
            screen.review = True
            self.app.push_screen(screen)

    def action_log(self) -> None:
        c = self.controller
        self.app.push_screen(
            LogScreen(c.state.log_for(c.viewer), f"{c.spec.title} - the whole log")
        )

    def action_coach_review(self) -> None:
        from ..coach.review_screen import open_review

        open_review(self, self.controller)

    def action_title(self) -> None:
        self.post_message(BackToTitle())
