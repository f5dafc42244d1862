"""Resume: every save with its game, mode, players, progress and time, in columns
that cut long names with an ellipsis. The highlighted save is described in full
below the list. A finished game shows its seed; a game in progress never does.
Broken saves are listed with their file name and the reason, and never modified.
D deletes the highlighted save after asking; V replays it read-only.
"""

from __future__ import annotations

import time

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..host import tabletop_app
from ..saves import BadSave, SaveInfo, delete_save, list_saves, load_checked
from ..text import markup_safe, visible
from ..widgets.title_bar import TitleBar

COLUMNS = (  # heading, fixed width (None: takes the rest)
    ("Game", 13),
    ("Mode", 12),
    ("Players", None),
    ("Progress", 9),
    ("Seed", 6),
    ("Saved", 12),
)


def _grid(cells: list[Text]) -> Table:
    grid = Table.grid(expand=True, padding=(0, 1))
    for heading, width in COLUMNS:
        grid.add_column(
            heading,
            width=width,
            ratio=None if width else 1,
            no_wrap=True,
            overflow="ellipsis",
            justify="right" if heading == "Seed" else "left",
        )
    grid.add_row(*cells)
    return grid


def save_row(info: SaveInfo) -> Table:
    when = time.strftime("%d %b %H:%M", time.localtime(info.saved_at))
    progress = "finished" if info.over else f"round {info.round}" if info.round else "started"
    seed = str(info.seed) if info.over and info.seed is not None else ""
    cells = [info.title, info.mode, ", ".join(info.players), progress, seed, when]
    return _grid([Text(c) for c in cells])


def heading_row() -> Table:
    return _grid([Text(h, style="bold") for h, _ in COLUMNS])


def describe(info: SaveInfo) -> Text:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.saved_at))
    text = Text()
    text.append(f"{info.title} ({info.mode}), {info.steps} moves, saved {when}\n")
    text.append("Players: " + ", ".join(info.players))
    if info.over:
        text.append(f"\nFinished. Won by {' and '.join(info.winners) or 'nobody'}")
        text.append(f"; seed {info.seed}" if info.seed is not None else "")
    return text


class SaveList(OptionList):
    """The list of saves; Enter shows in the footer as Resume."""

    BINDINGS = [Binding("enter", "select", "Resume")]


class ConfirmDelete(ModalScreen[bool]):
    """Asks before a save is deleted; Y deletes, N or Escape keeps it."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes, delete"),
        Binding("n", "answer(False)", "No, keep it"),
        Binding("escape", "answer(False)", "Keep", show=False),
    ]
    DEFAULT_CSS = """
    ConfirmDelete { align: center middle; }
    ConfirmDelete #confirm-box { width: 60; height: auto; border: thick $error;
        padding: 1 2; background: $panel; }
    """

    def __init__(self, info: SaveInfo):
        super().__init__()
        self.info = info

    def compose(self) -> ComposeResult:
        text = Text("Delete this save? It cannot be undone.\n\n", style="bold")
        text.append(describe(self.info))
        text.append(
            f"\nFile: {visible(self.info.path.name)}\n\nY deletes it; N or Escape keeps it."
        )
        with Vertical(id="confirm-box"):
            yield Static(text, id="confirm-text")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ResumeScreen(Screen):
    BINDINGS = [
        Binding("v", "replay", "Replay"),
        Binding("c", "coach_review", "Review"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]
    DEFAULT_CSS = """
    ResumeScreen VerticalScroll { padding: 0 1; }
    ResumeScreen #resume-columns { height: 1; padding: 0 2; }
    ResumeScreen OptionList { height: auto; max-height: 12; }
    ResumeScreen #resume-detail { height: auto; min-height: 3; color: $text-muted; margin: 0 1; }
    ResumeScreen #resume-bad { color: $error; height: auto; margin-top: 1; }
    ResumeScreen #resume-empty { color: $text-muted; height: auto; }
    """

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with VerticalScroll():
            yield Static("Saved games, newest first.", id="resume-head")
            yield Static(heading_row(), id="resume-columns")
            yield SaveList(id="resume-list")
            yield Static("", id="resume-detail")
            yield Static("", id="resume-empty")
            yield Static("", id="resume-bad")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Resume a game"
        self.reload()

    def reload(self) -> None:
        good, bad = list_saves(tabletop_app(self).data_dir)
        self.saves = {str(i.path): i for i in good}
        ol = self.query_one(OptionList)
        ol.clear_options()
        ol.add_options([Option(save_row(info), id=str(info.path)) for info in good])
        ol.display = bool(good)
        self.query_one("#resume-columns").display = bool(good)
        self.query_one("#resume-empty", Static).update("" if good else "No saved games yet.")
        lines = Text()
        if bad:
            lines.append("These files could not be used as saves; they were left untouched:")
            for b in bad:
                lines.append(f"\n- {visible(b.reason)}")  # a file name can hold anything
        self.query_one("#resume-bad", Static).update(lines)
        if good:
            ol.highlighted = 0
            ol.focus()
        self.show_detail()

    def current(self) -> SaveInfo | None:
        ol = self.query_one(OptionList)
        if ol.highlighted is None or not self.saves:
            return None
        return self.saves.get(str(ol.get_option_at_index(ol.highlighted).id))

    def show_detail(self) -> None:
        info = self.current()
        self.query_one("#resume-detail", Static).update(describe(info) if info else "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        path = self.saves[str(event.option.id)].path
        loaded = load_checked(path)  # the list read only the header: replay once, here
        if isinstance(loaded, BadSave):
            self.notify(loaded.reason, title="Cannot resume", severity="error", timeout=10)
            self.reload()
            return
        tabletop_app(self).resume_game(path, loaded)

    def action_replay(self) -> None:
        from ..replay import ReplayError, load_replay
        from .replay import ReplayScreen

        info = self.current()
        if info is None:
            return
        try:
            replay = load_replay(info.path)
        except ReplayError as exc:
            self.notify(str(exc), title="Cannot replay", severity="error", timeout=10)
            return
        self.app.push_screen(ReplayScreen(replay))

    def action_coach_review(self) -> None:
        """The coach's review of a finished game (kept in the save once made)."""
        from ..coach.review_screen import review_saved

        info = self.current()
        if info is None or not info.over:
            self.notify("Only a finished game can be reviewed.", severity="warning")
            return
        review_saved(self, info.path)

    def action_delete(self) -> None:
        from ..save_lock import LockRefused, held_by_other

        info = self.current()
        if info is None:
            return
        try:
            holder = held_by_other(info.path)
        except LockRefused as exc:  # the save itself can still go; that file stays
            self.notify(markup_safe(exc), title="Save not locked", severity="warning", timeout=10)
            holder = ""
        if holder:
            self.notify(
                f"Open in another window ({markup_safe(holder)}).",
                title="Cannot delete",
                timeout=10,
            )
            return

        def done(yes: bool | None) -> None:
            if yes:
                delete_save(info)
                self.notify(f"Deleted {markup_safe(info.path.name)}", timeout=4)
                self.reload()

        self.app.push_screen(ConfirmDelete(info), done)

    def action_back(self) -> None:
        tabletop_app(self).back_to_title()
