"""New game: the game, its options, players (names, human or bot) and a seed.

The form is built from the game's spec: its summary under the game, each option
with its one-line help, and what a single player plays against when the game has
a solo mode. The seed field starts empty, which means a random game: a seed on
screen would let anyone rebuild the hidden deck order.

Where the keyboard is never rests on colour alone (issue 46): the focused field's
label is marked with "›", and a line above the key bar names the field, its value
and what Enter (and the arrows) will do there. Drop-downs are ``StepSelect``s: Up
and Down change the value in place, Enter or Space open the list. A hint box says
"Hints: on" or "Hints: off" in words, and changing who plays one seat never changes
another seat's hints.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

import rules

from ..coach.records import RecordsProblem, read_records, records_path
from ..coach.seats import default_hints
from ..games import playable
from ..navigation import BackToTitle, ShowHelp, StartGame
from ..widgets.title_bar import TitleBar
from .choice import StepSelect

DEFAULT_NAMES = ["Ann", "Bob", "Cleo", "Dev", "Eve", "Finn"]
HINTS_TIP = "The coach: ? asks the hard bot for this player's best moves (from their view)"
FOCUS_MARK = "› "  # before the label of the field the keyboard is on
SEAT_KINDS = {
    "human": "Human",
    "bot:easy": "Bot (easy)",
    "bot": "Bot (normal)",
    "bot:hard": "Bot (hard)",
    "bot:expert": "Bot (expert)",
}


class SetupScreen(Screen):
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start game"),
        Binding("f1", "help", "Help", show=False),  # as on the title screen
    ]
    DEFAULT_CSS = """
    SetupScreen VerticalScroll { padding: 0 2; }
    SetupScreen .field { height: auto; margin-bottom: 0; }
    SetupScreen .field Label { width: 18; padding: 1 1 0 0; }
    SetupScreen .field Select { width: 44; }
    SetupScreen .seat Input { width: 21; }
    SetupScreen .seat Select { width: 20; }
    SetupScreen .seat Label { width: 9; padding: 1 1 0 0; }
    SetupScreen .seat Checkbox { width: auto; }
    SetupScreen #setup-seed { width: 20; }
    SetupScreen #setup-help { color: $text-muted; height: auto; }
    SetupScreen .hint { color: $text-muted; height: auto; padding: 0 0 0 18; }
    SetupScreen #setup-start { margin: 1 0; }
    SetupScreen VerticalScroll { height: 1fr; }
    SetupScreen #setup-focus { height: auto; padding: 0 2; text-style: bold; }
    """

    def __init__(
        self,
        game_id: str | None,
        data_dir: Path,
        handoffs: bool = False,
        default_seed: int | None = None,
    ):
        super().__init__()
        self.data_dir = data_dir  # where the last table is remembered
        # Tests and screenshot scripts fix the app's default seed to replay a game.
        self.default_seed = default_seed
        self.handoffs = handoffs  # the hand-off screen box's first value
        self.hint_defaults: list[bool] = []  # what the hint boxes were last set to
        self.hints_touched = False  # a player ticked a box: defaults no longer apply
        self.games = playable()
        self.game_id = game_id if game_id in self.games else self.games[0]
        self.last_table: dict = {}  # the table of the last game started, from the settings
        self.asked_for = game_id
        self.marked: Label | None = None  # the label now carrying FOCUS_MARK

    def _recall(self) -> None:
        """The last table started (game, players, options), kept in the settings file:
        the form starts from it. Never the seed, which would deal the same cards again."""
        from ..settings import load_settings

        last = load_settings(self.data_dir).get("last_table")
        self.last_table = last if isinstance(last, dict) else {}
        if self.asked_for is None and self.last_table.get("game") in self.games:
            self.game_id = self.last_table["game"]

    def _last(self, key: str, default: Any, allowed: Callable[[Any], bool]) -> Any:
        """The last table's value for a field, if it is one this form allows now."""
        value = self.last_table.get(key, default)
        return value if allowed(value) else default

    @property
    def spec(self):
        return rules.get_game(self.game_id)

    def compose(self) -> ComposeResult:
        if not self.last_table:
            self._recall()
        spec = self.spec
        same_game = self.last_table.get("game") == self.game_id
        last_options = self.last_table.get("options", {}) if same_game else {}
        names = self._last("names", DEFAULT_NAMES, lambda v: isinstance(v, list))
        kinds = self._last("kinds", [], lambda v: isinstance(v, list))
        yield TitleBar()
        with VerticalScroll():
            with Horizontal(classes="field"):
                yield Label("Game")
                yield StepSelect(
                    [(rules.get_game(g).title, g) for g in self.games],
                    value=self.game_id,
                    allow_blank=False,
                    id="setup-game",
                )
            if spec.summary:
                yield Static(spec.summary, id="setup-summary", classes="hint")
            yield from self.option_fields(last_options)
            with Horizontal(classes="field"):
                yield Label("Players")
                yield StepSelect(
                    [(str(n), n) for n in range(spec.min_players, spec.max_players + 1)],
                    value=self._last(
                        "count",
                        min(max(2, spec.min_players), spec.max_players),
                        lambda v: isinstance(v, int) and spec.min_players <= v <= spec.max_players,
                    ),
                    allow_blank=False,
                    id="setup-count",
                )
            if spec.solo:
                yield Static(spec.solo, id="setup-solo", classes="hint")
            if not spec.private_info:
                with Horizontal(classes="field"):
                    yield Label("Between turns")
                    yield StepSelect(
                        [("A banner names the next player", False), ("A hand-off screen", True)],
                        value=self.handoffs,
                        allow_blank=False,
                        id="setup-handoff",
                    )
                yield Static(
                    "Nothing is hidden in this game, so the keyboard simply passes on.",
                    id="setup-handoff-help",
                    classes="hint",
                )
            yield from self.seat_fields(names, kinds)
            with Horizontal(classes="field"):
                yield Label("Seed")
                yield Input("", placeholder="random", id="setup-seed", type="integer")
            yield Static(
                "Empty: a random game; a seed you type replays the same game.",
                id="setup-seed-help",
                classes="hint",
            )
            yield Static("Tab moves between fields; Ctrl+S starts.", id="setup-help")
            yield Button("Start game", variant="primary", id="setup-start")
        yield Static("", id="setup-focus")
        yield Footer()

    def option_fields(self, last_options: dict) -> ComposeResult:
        """A row for each option of the game with a choice to make, set as last time
        where that choice is still allowed, with its help line."""
        for name, opt in self.spec.options.items():
            if len(opt.choices) < 2:
                continue
            # a table that has never finished this game starts where a newcomer should
            first = opt.first_game is not None and self.first_game()
            start = opt.first_game if first else opt.default
            with Horizontal(classes="field"):
                yield Label(opt.label)
                chosen = last_options.get(name, start)
                yield StepSelect(
                    [(opt.label_of(c), c) for c in opt.choices],
                    value=chosen if opt.allows(chosen) else start,
                    allow_blank=False,
                    id=f"opt-{name}",
                )
            help_text = opt.help
            if first and name not in last_options:
                help_text += f" No game of it is finished here yet: set to {opt.label_of(start)}."
            if help_text:
                yield Static(help_text, id=f"opt-help-{name}", classes="hint")

    def first_game(self) -> bool:
        """Whether no game of this game has been finished with these saves (the
        records); damaged records count as games played."""
        if not records_path(self.data_dir).exists():
            return True  # (not created by merely asking)
        try:
            return not read_records(self.data_dir, self.game_id)
        except RecordsProblem:
            return False

    def seat_fields(self, names: list, kinds: list) -> ComposeResult:
        """A row for every seat the game may have: name, who plays it, hints (rows
        past the player count are hidden by ``show_seats``)."""
        for i in range(self.spec.max_players):
            name = names[i] if i < len(names) else DEFAULT_NAMES[i % len(DEFAULT_NAMES)]
            kind = kinds[i] if i < len(kinds) else "human"
            with Horizontal(classes="field seat", id=f"seat-{i}"):
                yield Label(f"Seat {i + 1}")
                yield Input(str(name), id=f"seat-name-{i}", max_length=16)
                yield StepSelect(
                    [(label, value) for value, label in SEAT_KINDS.items()],
                    value=kind if isinstance(kind, str) and kind in SEAT_KINDS else "human",
                    allow_blank=False,
                    id=f"seat-kind-{i}",
                )
                yield Checkbox("Hints: off", id=f"seat-hints-{i}", tooltip=HINTS_TIP)

    def on_mount(self) -> None:
        self.title = "New game"
        self.query_one("#setup-game", Select).focus()
        self.show_seats()

    def show_seats(self) -> None:
        n = self.query_one("#setup-count", Select).value
        for i in range(self.spec.max_players):
            self.query_one(f"#seat-{i}").display = isinstance(n, int) and i < n
        for solo in self.query("#setup-solo"):
            solo.display = n == 1
        self.show_hint_boxes()

    def seat_kinds(self) -> list[dict]:
        n = self.query_one("#setup-count", Select).value
        count = n if isinstance(n, int) else 0
        kinds = [str(self.query_one(f"#seat-kind-{i}", Select).value) for i in range(count)]
        return [{"kind": k.partition(":")[0]} for k in kinds]

    def show_hint_boxes(self) -> None:
        """Hints are offered to human seats only; on by default in a solo game, off
        at a hot-seat table, until a player ticks a box. Applied when the form is
        built and when the player count changes."""
        seats = self.seat_kinds()
        defaults = default_hints(seats)
        for i, seat in enumerate(seats):
            box = self.query_one(f"#seat-hints-{i}", Checkbox)
            box.disabled = seat["kind"] != "human"
            if not self.hints_touched or box.disabled:
                box.value = defaults[i]
        self.hint_defaults = defaults

    def seat_kind_changed(self, i: int) -> None:
        """One seat's player changed: only that seat's hint box follows (a bot takes
        no hints); the other seats' boxes stay as they are."""
        box = self.query_one(f"#seat-hints-{i}", Checkbox)
        box.disabled = str(self.query_one(f"#seat-kind-{i}", Select).value) != "human"
        if box.disabled:
            box.value = False

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        box = event.checkbox
        box.label = "Hints: on" if event.value else "Hints: off"
        i = int((box.id or "-0").rsplit("-", 1)[1])
        if (
            i < len(self.hint_defaults)
            and event.value != self.hint_defaults[i]
            and not box.disabled
        ):
            self.hints_touched = True
        self.show_focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if (
            event.select.id == "setup-game"
            and event.value != self.game_id
            and event.value in self.games
        ):
            self.game_id = event.value
            self.call_later(self._recompose)
        elif event.select.id == "setup-count":
            self.show_seats()
        elif (event.select.id or "").startswith("seat-kind-"):
            self.seat_kind_changed(int((event.select.id or "-0").rsplit("-", 1)[1]))
        self.show_focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a text field moves on, as the line at the bottom says."""
        event.stop()
        self.focus_next()

    def on_descendant_focus(self, event) -> None:
        self.show_focus()

    def on_descendant_blur(self, event) -> None:
        self.call_after_refresh(self.show_focus)

    def field_of(self, widget: Widget) -> tuple[Widget, str]:
        """The form field a focused widget belongs to (a drop-down's open list
        belongs to its drop-down) and the words naming it."""
        field = next((a for a in widget.ancestors_with_self if isinstance(a, Select)), widget)
        row = field.parent
        labels = list(row.query(Label)) if row is not None and row.has_class("field") else []
        name = str(labels[0].content).removeprefix(FOCUS_MARK) if labels else ""
        if isinstance(field, Select) and (field.id or "").startswith("seat-kind-"):
            name += ", who plays"
        elif isinstance(field, Checkbox):
            name += ", hints"
        elif isinstance(field, Input) and (field.id or "").startswith("seat-name-"):
            name += ", name"
        return field, name

    def show_focus(self) -> None:
        """Mark the focused field's label, and say in words what the keys do there."""
        focused = self.app.focused if self.app.screen is self else None
        line = self.query_one("#setup-focus", Static)
        if self.marked is not None:
            self.marked.update(str(self.marked.content).removeprefix(FOCUS_MARK))
            self.marked = None
        if focused is None:
            line.update("Tab moves to a field; Ctrl+S starts the game.")
            return
        field, name = self.field_of(focused)
        row = field.parent
        if row is not None and row.has_class("field"):
            self.marked = row.query(Label).first()
            self.marked.update(FOCUS_MARK + str(self.marked.content))
        if isinstance(field, StepSelect) and field.expanded:
            words = (
                f"{name}: the list is open. Up/Down move, Enter picks, "
                f"Escape keeps {field.label_of_value()}."
            )
        elif isinstance(field, StepSelect):
            words = f"{name}: {field.label_of_value()}. Up/Down change it, Enter opens the list."
        elif isinstance(field, Checkbox):
            state, other = ("on", "off") if field.value else ("off", "on")
            words = f"{name}: {state}. Space or Enter turns them {other}."
        elif isinstance(field, Input):
            words = f"{name}: type here. Enter or Tab goes to the next field."
        elif isinstance(field, Button):
            words = "Start game: Enter starts the game now."
        else:
            words = "Tab moves to a field; Ctrl+S starts the game."
        line.update(words)

    async def _recompose(self) -> None:
        await self.recompose()
        self.show_seats()
        self.query_one("#setup-game", Select).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "setup-start":
            self.action_start()

    def collect(self) -> dict:
        """Read the form; raise ValueError with a message people can act on."""
        spec = self.spec
        n = self.query_one("#setup-count", Select).value
        assert isinstance(n, int), "the player count has no blank choice"
        options = {
            name: self.query_one(f"#opt-{name}", Select).value
            for name, opt in spec.options.items()
            if len(opt.choices) >= 2
        }
        names: list[str] = []
        seats: list[dict] = []
        for i in range(n):
            name = self.query_one(f"#seat-name-{i}", Input).value.strip() or f"Player {i + 1}"
            if "[" in name or "]" in name:
                raise ValueError(f"Seat {i + 1}: names cannot contain square brackets.")
            if name in names:
                raise ValueError(f"Two seats are called {name}: give each player a different name.")
            names.append(name)
            kind, _, level = str(self.query_one(f"#seat-kind-{i}", Select).value).partition(":")
            seats.append({"kind": kind, "level": level} if level else {"kind": kind})
            if kind == "human" and self.query_one(f"#seat-hints-{i}", Checkbox).value:
                seats[-1]["hints"] = True
        raw_seed = self.query_one("#setup-seed", Input).value.strip()
        fallback = self.default_seed or random.randrange(1, 100000)
        try:
            seed = int(raw_seed) if raw_seed else fallback
        except ValueError:
            raise ValueError(
                "The seed must be a whole number (or empty for a random one)."
            ) from None
        return {
            "game": self.game_id,
            "names": names,
            "seats": seats,
            "options": options,
            "seed": seed,
        }

    def action_start(self) -> None:
        try:
            setup = self.collect()
        except ValueError as exc:
            self.notify(str(exc), title="Cannot start", severity="error")
            return
        from ..settings import save_setting

        data_dir = self.data_dir
        if not self.spec.private_info:
            choice = self.query_one("#setup-handoff", Select).value
            save_setting(data_dir, "handoff_screens", choice is True)
        names = setup["names"] + [
            self.query_one(f"#seat-name-{i}", Input).value
            for i in range(len(setup["names"]), self.spec.max_players)
        ]
        kinds = [
            str(self.query_one(f"#seat-kind-{i}", Select).value)
            for i in range(self.spec.max_players)
        ]
        table = {"game": self.game_id, "count": len(setup["names"]), "names": names}
        save_setting(data_dir, "last_table", {**table, "kinds": kinds, "options": setup["options"]})
        self.post_message(StartGame(**setup))  # the app says why if the rules refuse it

    def action_help(self) -> None:
        """The rules and keys of the game chosen above."""
        self.post_message(ShowHelp(self.game_id))

    def action_back(self) -> None:
        self.post_message(BackToTitle())
