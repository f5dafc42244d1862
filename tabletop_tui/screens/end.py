"""End of game: ranking, each player's breakdown, and how ties were decided."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, DataTable, Footer, Header, Static

from ..games import ui_for

ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


class EndScreen(Screen):
    BINDINGS = [
        Binding("a", "again", "Play again"),
        Binding("t", "title", "Title"),
        Binding("escape", "title", "Title", show=False),
    ]
    DEFAULT_CSS = """
    EndScreen VerticalScroll { padding: 0 2; }
    EndScreen #end-head { height: auto; margin: 1 0; }
    EndScreen DataTable { height: auto; }
    EndScreen #end-tie { height: auto; margin: 1 0; color: $text-muted; }
    EndScreen Horizontal { height: auto; }
    EndScreen Button { margin-right: 2; }
    """

    def __init__(self, controller):
        super().__init__()
        self.controller = controller

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("", id="end-head")
            yield DataTable(id="end-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="end-tie")
            yield Static("", id="end-extra")
            with Horizontal():
                yield Button("Play again (A)", id="end-again", variant="primary")
                yield Button("Title (T)", id="end-title")
        yield Footer()

    def on_mount(self) -> None:
        c = self.controller
        res = c.state.result()
        names = c.state.players
        self.title = f"{c.spec.title} - final scores"
        winners = " and ".join(names[s] for s in res["winners"])
        verb = "share the win" if len(res["winners"]) > 1 else "wins"
        self.query_one("#end-head", Static).update(f"[b]{winners} {verb}![/b]")
        table = self.query_one(DataTable)
        cols = ui_for(c.spec.id).end_columns or [
            (k.replace("_", " ").title(), k)
            for k, v in res["breakdown"][0].items()
            if isinstance(v, (int, float))
        ]
        table.add_columns("Place", "Player", *[h for h, _ in cols])
        for place, seats in enumerate(res["ranking"], start=1):
            for s in seats:
                b = res["breakdown"][s]
                table.add_row(
                    ORDINAL.get(place, f"{place}th") + ("=" if len(seats) > 1 else ""),
                    names[s],
                    *[str(b.get(k, "")) for _, k in cols],
                )
        rule = res["breakdown"][0].get("rule")
        how = "inhabitants + hearts" if rule == "add" else "inhabitants x hearts"
        self.query_one("#end-tie", Static).update(
            (f"Points = net {how}. " if c.spec.id == "happy-city" else "")
            + (
                "Points = net population " + ("+" if rule == "add" else "x") + " happiness. "
                if c.spec.id == "happiest-town"
                else ""
            )
            + f"Tie-break: {res['tie_break']}."
        )
        journal = c.state.view(None).get("journal") or []
        if journal:  # Happiness: the table's stories, kept with the save
            lines = ["[b]Story journal[/b]"]
            lines += [
                f"Round {e['round']}, {e['name']} on {e['word']}: {e['text']}" for e in journal
            ]
            self.query_one("#end-extra", Static).update(
                "\n".join(lines[:1] + [escape(x) for x in lines[1:]])
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "end-again":
            self.action_again()
        else:
            self.action_title()

    def action_again(self) -> None:
        self.app.play_again(self.controller)

    def action_title(self) -> None:
        self.app.back_to_title()
