"""Resume: every save with its game, progress, time and players (bots with their
level), and its mode in full on a second line; the highlighted save is described in
full below the list. A finished game shows its seed; a game in progress never does.
The heading counts the saves; G (or the drop-down) shows one game only. Broken saves
are listed with their file name and the reason, and never modified. D deletes the
highlighted save after asking; T offers to delete finished games older than a chosen
age, listing them and asking first; V replays a save read-only.

A thousand saves cost little: the listing reads an index (save_index.py) and the
list builds its first rows before its first frame, the rest after it.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..navigation import BackToTitle, ResumeGame
from ..saves import BadSave, SaveInfo, delete_save, list_saves, load_checked
from ..text import markup_safe, visible
from ..widgets.title_bar import TitleBar

# A row is two lines: the columns below, then the mode in full (never cut) and, for a
# finished game, its seed. Players take the rest of the line, cut with an ellipsis.
COLUMNS = (("Game", 13), ("Progress", 9), ("Saved", 12), ("Players", 0))
FIRST_ROWS = 40  # rows built before the list's first frame: more than a screen holds
MORE_ROWS = 200  # rows added after each frame until every save is in the list
TIDY_AGES = (  # (words, days) offered for tidying finished games
    ("1 week", 7),
    ("1 month", 30),
    ("3 months", 91),
    ("6 months", 182),
    ("1 year", 365),
)
DEFAULT_TIDY_DAYS = 91


def _cells(cells: list[str]) -> Text:
    """The cells in their columns, each cut with an ellipsis to its width; the last
    one takes the rest of the line (the list cuts it at its edge)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for (_heading, width), cell in zip(COLUMNS, cells, strict=True):
        if not width:
            text.append(cell)
            continue
        column = Text(cell)
        column.truncate(width, overflow="ellipsis", pad=True)
        text.append(column)
        text.append(" ")
    return text


def seat_name(name: str, kind: str) -> str:
    """A player's name, with the level of a bot seat in words."""
    _, _, level = kind.partition(":")
    return f"{name} ({level} bot)" if level else name


def players_text(info: SaveInfo) -> str:
    kinds = info.seats or ["human"] * len(info.players)
    return ", ".join(seat_name(n, k) for n, k in zip(info.players, kinds, strict=False))


def progress_text(info: SaveInfo) -> str:
    return "finished" if info.over else f"round {info.round}" if info.round else "started"


def save_row(info: SaveInfo) -> Text:
    when = time.strftime("%d %b %H:%M", time.localtime(info.saved_at))
    text = _cells([info.title, progress_text(info), when, players_text(info)])
    text.append("\n" + info.mode)
    if info.over and info.seed is not None:
        text.append(f"; seed {info.seed}")
    return text


def heading_row() -> Text:
    text = _cells([h for h, _ in COLUMNS])
    text.stylize("bold")
    return text


def describe(info: SaveInfo) -> Text:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.saved_at))
    text = Text()
    text.append(f"{info.title} ({info.mode}), {info.steps} moves, saved {when}\n")
    text.append("Players: " + players_text(info))
    if info.over:
        text.append(f"\nFinished. Won by {' and '.join(info.winners) or 'nobody'}")
        text.append(f"; seed {info.seed}" if info.seed is not None else "")
    return text


def count_text(n: int, what: str = "saved game") -> str:
    return f"{n:,} {what}{'' if n == 1 else 's'}"


class SaveList(OptionList):
    """The list of saves; Enter shows in the footer as Resume.

    ``fill`` puts the first rows in at once and the rest a batch after each frame,
    so the first frame does not wait for a thousand rows to be built and measured;
    keys and clicks go on working meanwhile."""

    BINDINGS = [Binding("enter", "select", "Resume")]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.pending: list[SaveInfo] = []
        self.filling = 0  # which fill the batches belong to; a new fill drops the old

    def fill(self, infos: list[SaveInfo]) -> None:
        self.filling += 1
        self.clear_options()
        self.pending = list(infos[FIRST_ROWS:])
        self.add_options([Option(save_row(i), id=str(i.path)) for i in infos[:FIRST_ROWS]])
        if self.pending:
            self.call_after_refresh(self.add_batch, self.filling)

    def add_batch(self, filling: int) -> None:
        if filling != self.filling or not self.pending:
            return
        batch, self.pending = self.pending[:MORE_ROWS], self.pending[MORE_ROWS:]
        self.add_options([Option(save_row(i), id=str(i.path)) for i in batch])
        if self.pending:
            self.call_after_refresh(self.add_batch, filling)

    def fill_now(self) -> None:
        """Every row in at once (End and Page Down go to the real end)."""
        if self.pending:
            rest, self.pending = self.pending, []
            self.add_options([Option(save_row(i), id=str(i.path)) for i in rest])

    def action_last(self) -> None:
        self.fill_now()
        super().action_last()


class AskToDelete(ModalScreen):
    """A question before deleting: Y answers yes, N or Escape no (``answered``)."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes, delete"),
        Binding("n", "answer(False)", "No, keep"),
        Binding("escape", "answer(False)", "Keep", show=False),
    ]

    def action_answer(self, yes: bool) -> None:
        self.answered(yes)

    def answered(self, yes: bool) -> None:
        self.dismiss(yes)


class ConfirmDelete(AskToDelete):
    """Asks before a save is deleted; Y deletes, N or Escape keeps it."""

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


def lock_problem(path: Path) -> str:
    """Why a save must be left alone by tidying: open in another window, or a lock
    file that is not ours (so nobody can tell); "" if it is free."""
    from ..save_lock import LockRefused, held_by_other

    try:
        holder = held_by_other(path)
    except LockRefused:
        return "its lock file is not one the app made"
    return f"open in another window ({holder})" if holder else ""


class TidyScreen(AskToDelete):
    """Offers to delete the finished games last saved before a chosen age, listing
    each one first; Y deletes them, N or Escape keeps everything. Games in progress,
    saves that cannot be read and saves open in another window are never offered.
    Dismissed with the listed SaveInfo of each save the player agreed to delete."""

    DEFAULT_CSS = """
    TidyScreen { align: center middle; }
    TidyScreen #tidy-box { width: 90%; max-width: 110; height: 90%; border: thick $error;
        padding: 0 1; background: $panel; }
    TidyScreen #tidy-ask { height: auto; }
    TidyScreen #tidy-ask Label { width: 1fr; padding: 1 1 0 0; }
    TidyScreen #tidy-age { width: 22; }
    TidyScreen #tidy-list-scroll { height: 1fr; }
    TidyScreen #tidy-help { height: auto; }
    TidyScreen #tidy-buttons { height: auto; }
    TidyScreen #tidy-buttons Button { margin-right: 2; }
    """

    def __init__(self, infos: list[SaveInfo], scope: str):
        super().__init__()
        self.infos = [i for i in infos if i.over]
        self.scope = scope  # "all games", or the game the list is filtered to
        self.chosen: list[SaveInfo] = []
        self.problems: dict[str, str] = {}  # path -> why it is left alone (checked once)

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal
        from textual.widgets import Button, Label

        from .choice import StepSelect

        with Vertical(id="tidy-box"):
            with Horizontal(id="tidy-ask"):
                yield Label(f"Delete finished games ({self.scope}) last saved over")
                yield StepSelect(
                    [(f"{words} ago", days) for words, days in TIDY_AGES],
                    value=DEFAULT_TIDY_DAYS,
                    allow_blank=False,
                    id="tidy-age",
                )
            with VerticalScroll(id="tidy-list-scroll"):
                yield Static("", id="tidy-list")
            yield Static("", id="tidy-help")
            with Horizontal(id="tidy-buttons"):
                yield Button("Delete them", variant="error", id="tidy-yes")
                yield Button("Keep everything", id="tidy-no")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tidy-age").focus()
        self.show_choice()

    def on_select_changed(self, event) -> None:
        event.stop()
        self.show_choice()

    def show_choice(self) -> None:
        from textual.widgets import Button, Select

        days = self.query_one("#tidy-age", Select).value
        cutoff = time.time() - (days if isinstance(days, int) else DEFAULT_TIDY_DAYS) * 86400
        old = [i for i in self.infos if i.saved_at < cutoff]
        for info in old:
            if str(info.path) not in self.problems:
                self.problems[str(info.path)] = lock_problem(info.path)
        self.chosen = [i for i in old if not self.problems[str(i.path)]]
        left = [i for i in old if self.problems[str(i.path)]]
        before = time.strftime("%d %b %Y", time.localtime(cutoff))
        text = Text()
        if self.chosen:
            text.append(
                f"{count_text(len(self.chosen), 'finished game')} last saved before {before} "
                "will be deleted:\n",
                style="bold",
            )
        else:
            text.append(f"No finished game was last saved before {before}: nothing to delete.\n")
        for info in self.chosen:
            when = time.strftime("%d %b %Y", time.localtime(info.saved_at))
            text.append(f"- {info.title}, {players_text(info)}, saved {when}")
            text.append(f" ({visible(info.path.name)})\n")
        if left:
            text.append(f"\nLeft alone ({len(left)}):\n", style="bold")
            for info in left:
                why = markup_safe(self.problems[str(info.path)])
                text.append(f"- {visible(info.path.name)}: {why}\n")
        self.query_one("#tidy-list", Static).update(text)
        yes = self.query_one("#tidy-yes", Button)
        yes.label = f"Delete {count_text(len(self.chosen), 'save')}"
        yes.disabled = not self.chosen
        help_text = (
            f"Y deletes the {count_text(len(self.chosen), 'save')} listed; it cannot be undone. "
            if self.chosen
            else ""
        )
        help_text += "N or Escape keeps everything. Up/Down change the age."
        self.query_one("#tidy-help", Static).update(help_text)

    def on_button_pressed(self, event) -> None:
        event.stop()
        self.answered(event.button.id == "tidy-yes")

    def answered(self, yes: bool) -> None:
        self.dismiss(list(self.chosen) if yes else [])


def tidy(chosen: list[SaveInfo]) -> tuple[int, list[str]]:
    """Delete the saves the player agreed to; each is checked again first, under its
    lock: still finished, unchanged since it was listed, and free. Returns the count
    deleted and, for each one left, its file name and why."""
    from ..save_lock import LockRefused, take_lock
    from ..saves import read_save_info

    deleted, kept = 0, []
    for info in chosen:
        name = visible(info.path.name)
        try:
            lock, holder = take_lock(info.path, "tidying the saves")
        except LockRefused:
            kept.append(f"{name}: its lock file is not one the app made")
            continue
        try:
            if holder:
                kept.append(f"{name}: open in another window ({holder})")
                continue
            now = read_save_info(info.path, cached=False)
            if now != info:
                kept.append(f"{name}: changed since it was listed")
                continue
            try:
                info.path.unlink()
                deleted += 1
            except OSError as exc:
                kept.append(f"{name}: {exc.strerror or exc.__class__.__name__}")
        finally:
            if lock is not None:
                lock.release()
    return deleted, kept


class ResumeScreen(Screen):
    BINDINGS = [
        Binding("v", "replay", "Replay"),
        Binding("c", "coach_review", "Review"),
        Binding("d", "delete", "Delete"),
        Binding("g", "next_game", "Filter"),
        Binding("t", "tidy", "Tidy"),
        Binding("escape", "back", "Back"),
    ]
    DEFAULT_CSS = """
    ResumeScreen #resume-body { padding: 0 1; }
    ResumeScreen #resume-top { height: auto; }
    ResumeScreen #resume-head { width: 1fr; padding: 1 1 0 0; }
    ResumeScreen #resume-filter { width: 32; }
    ResumeScreen #resume-columns { height: 1; padding: 0 2; text-wrap: nowrap; }
    ResumeScreen #resume-list { height: 1fr; min-height: 4; text-wrap: nowrap;
        text-overflow: ellipsis; }
    ResumeScreen #resume-detail { height: auto; min-height: 3; color: $text-muted; margin: 0 1; }
    ResumeScreen #resume-bad-scroll { height: auto; max-height: 8; }
    ResumeScreen #resume-bad-scroll.-alone { max-height: 100%; }
    ResumeScreen #resume-bad { color: $error; height: auto; margin-top: 1; }
    ResumeScreen #resume-empty { color: $text-muted; height: auto; }
    """

    def __init__(self, data_dir: Path) -> None:
        super().__init__()
        self.data_dir = data_dir  # the folder whose saves are listed
        self.all_saves: list[SaveInfo] = []
        self.saves: dict[str, SaveInfo] = {}
        self.game_filter = ""  # a game id, or "" for every game

    def compose(self) -> ComposeResult:
        from textual.containers import Horizontal

        from .choice import StepSelect

        yield TitleBar()
        with Vertical(id="resume-body"):
            with Horizontal(id="resume-top"):
                yield Static("Saved games, newest first.", id="resume-head")
                yield StepSelect(
                    [("All games", "")], value="", allow_blank=False, id="resume-filter"
                )
            yield Static(heading_row(), id="resume-columns")
            yield SaveList(id="resume-list")
            yield Static("", id="resume-detail")
            yield Static("", id="resume-empty")
            with VerticalScroll(id="resume-bad-scroll"):
                yield Static("", id="resume-bad")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Resume a game"
        self.reload()

    def reload(self) -> None:
        # the index is brought up to date after the first frame, which need not wait
        good, bad = list_saves(self.data_dir, later=self.call_after_refresh)
        self.all_saves = good
        lines = Text()
        if bad:
            lines.append("These files could not be used as saves; they were left untouched:")
            for b in bad:
                lines.append(f"\n- {visible(b.reason)}")  # a file name can hold anything
        self.query_one("#resume-bad", Static).update(lines)
        self.query_one("#resume-bad-scroll").set_class(not good, "-alone")
        self.show_filter_choices()
        self.show_list()

    def show_filter_choices(self) -> None:
        from .choice import StepSelect

        counts = Counter(i.game for i in self.all_saves)
        titles = {i.game: i.title for i in self.all_saves}
        if self.game_filter not in counts:
            self.game_filter = ""
        choices = [(f"All games ({len(self.all_saves):,})", "")] + [
            (f"{titles[g]} ({counts[g]:,})", g) for g in sorted(counts, key=lambda g: titles[g])
        ]
        select = self.query_one("#resume-filter", StepSelect)
        with self.prevent(StepSelect.Changed):
            select.set_options(choices)
            select.value = self.game_filter
        select.display = len(counts) > 1

    def shown(self) -> list[SaveInfo]:
        return [i for i in self.all_saves if not self.game_filter or i.game == self.game_filter]

    def show_list(self) -> None:
        shown = self.shown()
        self.saves = {str(i.path): i for i in shown}
        ol = self.query_one(SaveList)
        ol.fill(shown)
        ol.display = bool(shown)
        self.query_one("#resume-columns").display = bool(shown)
        self.query_one("#resume-empty", Static).update("" if shown else "No saved games yet.")
        finished = sum(1 for i in shown if i.over)
        head = "Saved games, newest first"
        if self.game_filter:
            head += f": {shown[0].title}, {len(shown):,} of {len(self.all_saves):,}"
        elif shown:
            head += f": {len(shown):,}"
        if shown:
            head += f" ({finished:,} finished)."
        self.query_one("#resume-head", Static).update(head)
        if shown:
            ol.highlighted = 0
            ol.focus()
        self.show_detail()

    def on_select_changed(self, event) -> None:
        if event.select.id == "resume-filter":
            event.stop()
            value = event.value if isinstance(event.value, str) else ""
            if value != self.game_filter:
                self.game_filter = value
                self.show_list()

    def action_next_game(self) -> None:
        """The next game in the filter (after the last, every game again)."""
        from .choice import StepSelect

        select = self.query_one("#resume-filter", StepSelect)
        if len(select.choices) < 2:
            self.notify("Every save is of the same game.", timeout=3)
            return
        at = select.choices.index(self.game_filter) if self.game_filter in select.choices else 0
        select.value = select.choices[(at + 1) % len(select.choices)]

    def current(self) -> SaveInfo | None:
        ol = self.query_one(SaveList)
        if ol.highlighted is None or not self.saves:
            return None
        return self.saves.get(str(ol.get_option_at_index(ol.highlighted).id))

    def show_detail(self) -> None:
        info = self.current()
        self.query_one("#resume-detail", Static).update(describe(info) if info else "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "resume-list":
            self.show_detail()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id != "resume-list":
            return
        event.stop()
        path = self.saves[str(event.option.id)].path
        loaded = load_checked(path)  # the list read only the header: replay once, here
        if isinstance(loaded, BadSave):
            self.notify(loaded.reason, title="Cannot resume", severity="error", timeout=10)
            self.reload()
            return
        self.post_message(ResumeGame(path, loaded))

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

    def action_tidy(self) -> None:
        shown = self.shown()
        scope = f"{shown[0].title} only" if self.game_filter and shown else "all games"

        def done(chosen: list | None) -> None:
            if not chosen:
                return
            deleted, kept = tidy(chosen)
            message = f"Deleted {count_text(deleted, 'save')}."
            if kept:
                message += " Left alone: " + "; ".join(markup_safe(k) for k in kept)
            self.notify(message, title="Tidied up", timeout=10)
            self.reload()

        self.app.push_screen(TidyScreen(shown, scope), done)

    def action_back(self) -> None:
        self.post_message(BackToTitle())
