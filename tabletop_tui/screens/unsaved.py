"""Asked before a game that could not be saved leaves memory (Ctrl+Q, Ctrl-C, the
title, a new game): it says where the game could not be written and why, and offers
to write it to another path first, to go without it on purpose, or to keep playing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from ..text import visible


def suggested_path(save_path: Path | None) -> Path:
    """Where to offer to write the game: the home folder, under the save's own name."""
    name = save_path.name if save_path is not None else "tabletop-game.json"
    return Path.home() / name


class UnsavedScreen(ModalScreen[None]):
    """``go`` is what was asked for (quit, leave the game); it runs once the game is
    written elsewhere, or at once when the player chooses to go without it."""

    BINDINGS = [Binding("escape", "keep", "Keep playing")]
    DEFAULT_CSS = """
    UnsavedScreen { align: center middle; }
    UnsavedScreen #unsaved-box { width: 76; height: auto; border: thick $error;
        padding: 1 2; background: $panel; }
    UnsavedScreen #unsaved-box Input { margin: 1 0 0 0; }
    UnsavedScreen #unsaved-result { color: $error; height: auto; }
    UnsavedScreen #unsaved-buttons { height: auto; margin-top: 1; }
    UnsavedScreen #unsaved-buttons Button { margin-right: 2; }
    """

    def __init__(
        self, controller, what: str, go: Callable[[], None], forget: Callable[[], None]
    ) -> None:
        super().__init__()
        self.controller = controller
        self.what = what  # "quit", "leave this game"
        self.go = go
        self.forget = forget  # the app lets the game go: nothing rescues it on the way out

    def compose(self) -> ComposeResult:
        c = self.controller
        text = Text("This game is not saved.\n\n", style="bold")
        text.append(visible(c.save_problem))
        text.append(
            f"\n\nThe moves since the last save exist only here. To {self.what} and keep "
            "them, write the game to another file (Enter); a save file can be resumed "
            "once it is back in the saves folder, or replayed with `tabletop replay`."
        )
        with Vertical(id="unsaved-box"):
            yield Static(text, id="unsaved-text")
            yield Input(str(suggested_path(c.save_path)), id="unsaved-path")
            yield Static("", id="unsaved-result")
            with Horizontal(id="unsaved-buttons"):
                yield Button(f"Write it there and {self.what}", id="unsaved-write")
                yield Button(f"{self.what.capitalize()} without it", id="unsaved-drop")
                yield Button("Keep playing", id="unsaved-keep")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.write_elsewhere()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "unsaved-write":
            self.write_elsewhere()
        elif event.button.id == "unsaved-drop":
            self.dismiss(None)
            self.forget()
            self.go()
        else:
            self.action_keep()

    def write_elsewhere(self) -> None:
        raw = self.query_one(Input).value.strip()
        if not raw:
            self.query_one("#unsaved-result", Static).update("Give a file to write the game to.")
            return
        path = Path(raw).expanduser()
        problem = self.controller.write_to(path)
        if problem:
            self.query_one("#unsaved-result", Static).update(Text(visible(problem)))
            return
        self.notify(f"The game was written to {visible(path)}.", title="Saved", markup=False)
        self.dismiss(None)
        self.forget()
        self.go()

    def action_keep(self) -> None:
        self.dismiss(None)
