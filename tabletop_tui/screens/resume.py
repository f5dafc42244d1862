"""Resume: every save with game, players, round and time; broken saves are listed
with their path and reason, and are never modified."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from ..saves import list_saves


class ResumeScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back")]
    DEFAULT_CSS = """
    ResumeScreen VerticalScroll { padding: 0 2; }
    ResumeScreen OptionList { height: auto; max-height: 20; }
    ResumeScreen #resume-bad { color: $error; height: auto; margin-top: 1; }
    ResumeScreen #resume-empty { color: $text-muted; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("Saved games, newest first (Enter or click to resume):", id="resume-head")
            yield OptionList(id="resume-list")
            yield Static("", id="resume-empty")
            yield Static("", id="resume-bad")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Resume a game"
        good, bad = list_saves(self.app.data_dir)
        self.saves = {str(i.path): i for i in good}
        ol = self.query_one(OptionList)
        for info in good:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.saved_at))
            state = "finished" if info.over else f"round {info.round}"
            ol.add_option(
                Option(
                    f"{info.title:12s} {', '.join(info.players):32.32s} {state:9s} {when}",
                    id=str(info.path),
                )
            )
        ol.display = bool(good)
        self.query_one("#resume-empty", Static).update("" if good else "No saved games yet.")
        if bad:
            lines = ["These saves could not be loaded; they were left untouched:"]
            lines += [f"- {b.reason}" for b in bad]
            self.query_one("#resume-bad", Static).update("\n".join(lines))
        if good:
            ol.highlighted = 0
            ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.resume_game(self.saves[event.option.id].path)

    def action_back(self) -> None:
        self.app.back_to_title()
