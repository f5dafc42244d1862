"""The tabletop app: title -> setup or resume -> game screen -> end screen.

The rules engines are imported on first use, not at start-up, so the title screen
appears as fast as a bare Textual app would.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from pathlib import Path

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import Provider
from textual.screen import Screen

from . import memory_policy
from . import navigation as nav
from .interrupt import INTERRUPTED, catch_sigint
from .save_lock import SaveLock
from .saves import data_dir as resolve_data_dir
from .saves import kept_fields_of, new_save_path, read_seats, remove_stale_temps
from .text import markup_safe
from .widgets.common import FitsNarrow, TooSmallScreen, size_fits
from .widgets.drawn_lines import forget_drawn_lines


def lookup_commands() -> type[Provider]:
    """The palette's look-up, given to Textual as a callable so that it is imported
    when the palette first opens: it reaches every rules engine, which the title
    screen does not need (tests/ui/test_start_imports.py)."""
    from .lookup.palette import LookupCommands

    return LookupCommands


SAVE_RETRY_SECONDS = 5.0  # a save that failed is tried again this often ...
SAVE_NOTICE_SECONDS = 60.0  # ... and the notice shown again this often while it fails


class TabletopApp(App):
    TITLE = "tabletop"
    # Ctrl+P also finds any card, term or rule section of the game on screen
    COMMANDS = App.COMMANDS | {lookup_commands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        # Ctrl-C quits as in any command (status 130); a focused text box copies instead.
        Binding("ctrl+c", f"quit({INTERRUPTED})", "Quit", show=False, system=True),
    ]

    def __init__(
        self,
        data_dir: str | Path | None = None,
        bot_delay: float | None = None,
        default_seed: int | None = None,
        silence_scale: float = 1.0,
        tune_memory: bool = False,
        learn: str | None = None,
        **kw,
    ):
        super().__init__(**kw)
        # `tabletop learn [GAME]`: open on the lessons ("" for every game's)
        self.learn = learn
        self.tune_memory = tune_memory  # memory_policy: set by `tabletop play`, not by tests
        if tune_memory:
            memory_policy.apply()
        self.silence_scale = silence_scale  # tests shorten Happiness's countdown
        self.default_seed = default_seed  # fixed seeds make screenshots reproducible
        self.data_dir = resolve_data_dir(data_dir)
        self.bot_delay = bot_delay
        self.controller = None
        self.save_lock: SaveLock | None = None  # the lock on the open game's save
        self._save_notice_at = 0.0
        # Where an unsaved game was written when the app closed with no one to ask (a
        # browser tab closed, a signal); the command prints it.
        self.rescued: Path | None = None

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        from .games.base import GameScreenBase

        if isinstance(screen, GameScreenBase):  # a game: the seat's hints on or off
            yield from screen.coach.commands()

    def get_default_screen(self):
        # The title is the bottom of the stack: no blank default screen to build first.
        from .screens.title import TitleScreen

        return TitleScreen(self.data_dir)

    def on_mount(self) -> None:
        remove_stale_temps(self.data_dir)  # left by a kill in the middle of a write
        catch_sigint(self, True, self.leave)
        self.restore_theme()
        self.set_interval(SAVE_RETRY_SECONDS, self.retry_save)
        # Screens can be pushed by bots or hand-offs at any time: keep the size notice on top.
        self.set_interval(0.25, self.check_size)
        self.call_after_refresh(self.check_size)
        if self.tune_memory:
            self.call_after_refresh(memory_policy.settle_startup)
        if self.learn is not None:
            self.show_lessons(self.learn or None)

    def on_app_blur(self) -> None:
        # Textual's web driver starts every app blurred (until the page is clicked), and
        # a key bar does not fill in while the app is blurred: a browser's first page
        # showed none. Fill an empty one; a key bar already drawn is left as it is.
        self.call_after_refresh(self.fill_empty_key_bars)
        self.set_timer(0.3, self.fill_empty_key_bars)

    def fill_empty_key_bars(self) -> None:
        from textual.widgets import Footer

        if not self.screen_stack:
            return
        for footer in self.screen.query(Footer):
            if not footer.children:
                footer.call_later(footer.recompose)  # composed in the footer's own context

    # ---- preferences kept between runs ------------------------------------------------
    def wants_handoff_screens(self) -> bool:
        """The table's choice (setup screen) for games with nothing hidden: an opaque
        hand-off screen between players anyway, rather than a banner."""
        from .settings import load_settings

        return load_settings(self.data_dir).get("handoff_screens") is True

    def restore_theme(self) -> None:
        from .settings import load_settings

        theme = load_settings(self.data_dir).get("theme")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, self.remember_theme)

    def remember_theme(self, theme) -> None:
        from .settings import save_setting

        save_setting(self.data_dir, "theme", theme.name)

    def deliver_screenshot(self, filename=None, path=None, time_format=None):
        """The palette's Screenshot: to Downloads, or the data folder if there is none."""
        from .settings import screenshot_folder

        if path is None:
            path = str(screenshot_folder(self.data_dir))
        return super().deliver_screenshot(filename, path, time_format)

    def on_resize(self) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        if not self.screen_stack:
            return  # the app is closing: the interval can still fire once
        # the screen the notice would cover: a game screen or a hand-off has a narrow
        # layout (as on a phone), every other screen needs the full size
        shown = next(s for s in reversed(self.screen_stack) if not isinstance(s, TooSmallScreen))
        small = not size_fits(shown, self.size.width, self.size.height)
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen(isinstance(shown, FitsNarrow)))
        elif small and isinstance(top, TooSmallScreen):
            top.set_narrow(isinstance(shown, FitsNarrow))
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ---- navigation -----------------------------------------------------------
    def _reset_to(self, screen) -> None:
        """Show `screen` right above the title, dropping whatever was between."""
        leaving = self.screen_stack[1:]
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        forget_drawn_lines(leaving)
        memory_policy.game_left(leaving)

    # ---- leaving: an unsaved game is never dropped unasked ------------------------------
    async def action_quit(self, code: int = 0) -> None:
        self.leave(code)

    def leave(self, code: int = 0) -> None:
        """Quit with status ``code``, the game saved first; asked first if it cannot be."""
        self.unless_unsaved("quit", lambda: self.exit(return_code=code))

    def unsaved(self) -> bool:
        """Whether the open game is not on disk as it stands, after one more try."""
        c = self.controller
        if c is None:
            return False
        c.flush_save()
        c.retry_save()
        return bool(c.save_problem)

    def unless_unsaved(self, what: str, go) -> None:
        """Run ``go`` (which lets the open game go) now, or, while the game cannot be
        saved, once the player has answered the question of UnsavedScreen."""
        from .screens.unsaved import UnsavedScreen

        if not self.unsaved():
            go()
        elif not isinstance(self.screen, UnsavedScreen):
            self.push_screen(UnsavedScreen(self.controller, what, go, self.forget_game))

    def forget_game(self) -> None:
        self.controller = None

    def rescue_unsaved(self) -> None:
        """Closing with an unsaved game and no one to ask (a browser tab closed, the
        app's process told to stop): write it to the temporary folder, to be told."""
        import tempfile

        if not self.unsaved():
            return
        assert self.controller is not None
        name = self.controller.save_path.name if self.controller.save_path else "game.json"
        path = Path(tempfile.gettempdir()) / "tabletop-rescued" / name
        if not self.controller.write_to(path):
            self.rescued = path

    def back_to_title(self) -> None:
        self.unless_unsaved("leave this game", self.show_title)

    def show_title(self) -> None:
        leaving = self.screen_stack[1:]
        while len(self.screen_stack) > 1:
            self.pop_screen()
        forget_drawn_lines(leaving)
        memory_policy.game_left(leaving)
        self.controller = None
        self.release_save()

    def on_unmount(self) -> None:
        catch_sigint(self, False, self.leave)
        self.rescue_unsaved()
        self.release_save()

    # ---- the open game's save: one writer, problems told, retried ----------------------
    def release_save(self) -> None:
        if self.save_lock is not None:
            self.save_lock.release()
            self.save_lock = None

    def lock_save(self, path: Path) -> bool:
        """Hold the save's lock; False (and a notice saying who holds it) if another
        window has the game open."""
        import os

        from .save_lock import LockRefused, take_lock

        self.release_save()
        web = "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")
        try:
            lock, holder = take_lock(path, "a browser tab" if web else "a terminal")
        except LockRefused as exc:  # played unlocked, as where no lock can be made
            self.notify(markup_safe(exc), title="Save not locked", severity="warning", timeout=15)
            lock, holder = None, ""
        if holder:
            self.show_read_only(path, holder)
            return False
        self.save_lock = lock
        return True

    def show_read_only(self, path: Path, holder: str) -> None:
        """A game open in another window: say who holds it and show it here read-only,
        in the replay viewer at its last move (nothing here can overwrite it)."""
        from .replay import ReplayError, load_replay
        from .screens.replay import ReplayScreen

        where = f"{markup_safe(path.name)} is open in another window ({markup_safe(holder)})"
        message = f"{where}; play it there."
        try:
            replay = load_replay(path)
        except ReplayError:
            replay = None
        else:
            message += " Here it is read-only, in the replay viewer."
        self.notify(message, title="Game already open", severity="warning", timeout=15)
        if replay is not None:
            self.push_screen(ReplayScreen(replay))

    def show_save_problem(self, problem: str) -> None:
        if problem:
            self._save_notice_at = time.monotonic()
            self.notify(
                f"{markup_safe(problem)} The game goes on in memory; saving is tried again every "
                f"{SAVE_RETRY_SECONDS:.0f} seconds.",
                title="Game not saved",
                severity="error",
                timeout=20,
            )
        else:
            self.notify("The game is saved again.", title="Saved", timeout=5)

    def retry_save(self) -> None:
        c = self.controller
        if c is None or not c.save_problem:
            return
        c.retry_save()
        if c.save_problem and time.monotonic() - self._save_notice_at > SAVE_NOTICE_SECONDS:
            self.show_save_problem(c.save_problem)

    # ---- navigation the screens ask for (navigation.py) ------------------------------
    def on_back_to_title(self, _message: nav.BackToTitle) -> None:
        from .lessons.screen import LessonScreen

        stack = self.screen_stack
        if len(stack) > 2 and isinstance(stack[-2], LessonScreen):
            self.pop_screen()  # a lesson's table: back to the lesson, not the title
            return
        self.back_to_title()

    def on_show_help(self, message: nav.ShowHelp) -> None:
        self.show_help(message.game_id, message.section)

    def on_show_end(self, message: nav.ShowEnd) -> None:
        self.show_end(message.controller, message.screen_class)

    def on_play_again(self, message: nav.PlayAgain) -> None:
        self.play_again(message.controller)

    def on_start_game(self, m: nav.StartGame) -> None:
        try:
            self.start_game(m.game, m.names, m.seats, m.options, m.seed)
        except ValueError as exc:  # an option that does not fit this many players
            self.notify(str(exc), title="Cannot start", severity="error")

    def on_resume_game(self, message: nav.ResumeGame) -> None:
        self.resume_game(message.path, message.state)

    def on_open_menu(self, message: nav.OpenMenu) -> None:
        entries = {
            "new": self.show_setup,
            "resume": self.show_resume,
            "rules": self.show_rules_menu,
            "records": self.show_records,
            "learn": self.show_lessons,
            "continue": self.continue_lesson,
            "quit": self.exit,
        }
        if message.entry in entries:
            entries[message.entry]()

    def on_open_lesson(self, message: nav.OpenLesson) -> None:
        self.open_lesson(message.lesson_id)

    def show_lessons(self, game: str | None = None) -> None:
        from rules.lessons import LessonError

        from .lessons.screen import LessonMenuScreen

        try:
            menu = LessonMenuScreen(self.data_dir, game)
        except LessonError as exc:  # a lesson file this version cannot read
            self.notify(markup_safe(exc), title="Lessons", severity="error", timeout=15)
            return
        self._reset_to(menu)

    def continue_lesson(self) -> None:
        from .lessons.progress import load_progress

        left = load_progress(self.data_dir).continuing()
        if left is None:
            self.show_lessons()
        else:
            self.open_lesson(left[0])

    def open_lesson(self, lesson_id: str) -> None:
        """A lesson where it was left (from its start once done or never begun)."""
        from rules.lessons import LessonError, lesson_by_id

        from .lessons.progress import load_progress
        from .lessons.screen import LessonScreen

        try:
            lesson = lesson_by_id(lesson_id)
            if lesson is None:
                raise LessonError(f"There is no lesson {lesson_id}.")
            at = load_progress(self.data_dir).left_at(lesson_id)
            screen = LessonScreen(lesson, self.data_dir, at, bot_delay=self.bot_delay)
        except LessonError as exc:  # unreadable, or its position no longer fits the rules
            self.notify(markup_safe(exc), title="Lessons", severity="error", timeout=15)
            return
        self._reset_to(screen)

    def show_setup(self, game_id: str | None = None) -> None:
        from .screens.setup import SetupScreen

        self._reset_to(
            SetupScreen(game_id, self.data_dir, self.wants_handoff_screens(), self.default_seed)
        )

    def show_resume(self) -> None:
        from .screens.resume import ResumeScreen

        self._reset_to(ResumeScreen(self.data_dir))

    def show_records(self) -> None:
        from .coach.records_screen import RecordsScreen

        self._reset_to(RecordsScreen(data_dir=self.data_dir))

    def record_game(self, controller) -> None:
        """Keep a finished game in the records; a database problem is told, and the
        save (another file, already written) is untouched."""
        from .coach.records import RecordsProblem, add_record, record_of_game
        from .lessons.controller import LessonController

        if isinstance(controller, LessonController) or not controller.game_is_here:
            return  # a lesson played on is practice; a joined seat's game is the host's
        try:
            add_record(self.data_dir, record_of_game(controller))
        except RecordsProblem as exc:
            self.notify(markup_safe(exc), title="Records", severity="warning", timeout=10)

    def show_help(self, game_id: str, section: str | None = None) -> None:
        import rules

        from .games import help_text

        title = f"{rules.get_game(game_id).title}: rules and keys"
        self.push_help(help_text(game_id), title, section)

    def show_rules_menu(self) -> None:
        from .games import help_text, playable

        games = playable()
        text = "\n\n---\n\n".join(help_text(g).split("## Keys everywhere")[0] for g in games)
        keys = help_text(games[0]).split("## Keys everywhere")[1]
        self.push_help(text + "\n\n## Keys everywhere" + keys, "Rules reference")

    def push_help(self, markdown: str, title: str, section: str | None = None) -> None:
        """Show a rules reference at ``section`` (its screen kept per title)."""
        from .widgets.help import show_help_screen

        show_help_screen(self, markdown, title, section)

    def start_game(self, game: str, names: list, seats: list, options: dict, seed: int) -> None:
        import rules

        from .controller import Controller

        spec = rules.get_game(game)
        state = spec.new_game(names, seed=seed, options=options)
        path = new_save_path(self.data_dir, game)
        self.open_game(
            Controller(spec, state, seats, path, handoff_screens=self.wants_handoff_screens())
        )

    def open_game(self, controller, fresh: bool = True) -> None:
        """Show a game; a new one (``fresh``) is saved at once, a resumed one only once
        a move is made (opening a save never rewrites it)."""
        from .games import screen_class

        if self.unsaved():  # a new game in place of one not saved: asked first
            self.unless_unsaved("leave this game", lambda: self.open_game(controller, fresh))
            return
        if controller.save_path is not None and not self.lock_save(controller.save_path):
            return
        controller.on_save_problem = self.show_save_problem
        self.controller = controller
        if fresh:
            controller.autosave()
        self._reset_to(screen_class(controller.spec.id)(controller, bot_delay=self.bot_delay))
        memory_policy.game_opened(self.call_after_refresh)

    def resume_game(self, path: Path, state=None) -> None:
        """Open a saved game; ``state`` is the save already replayed, if it was."""
        import rules

        from .controller import Controller
        from .saves import BadSave, load_checked

        if state is None:
            state = load_checked(path)
        if isinstance(state, BadSave):
            self.notify(state.reason, title="Cannot resume", severity="error", timeout=10)
            return
        spec = rules.get_game(state.spec.id)
        seats = read_seats(path, len(state.players))
        controller = Controller(
            spec,
            state,
            seats,
            Path(path),
            kept=kept_fields_of(path),
            handoff_screens=self.wants_handoff_screens(),
        )
        self.open_game(controller, fresh=False)

    def show_end(self, controller, screen_class=None) -> None:
        """The end screen the game registered (its own, or the shared one)."""
        from .games import ui_for
        from .screens.end import EndScreen

        cls = screen_class or ui_for(controller.spec.id).end_screen_class() or EndScreen
        self.record_game(controller)
        memory_policy.game_over()
        self._reset_to(cls(controller))

    def play_again(self, controller) -> None:
        from .coach.seats import fresh_seats
        from .controller import Controller

        spec = controller.spec
        state = spec.new_game(
            controller.state.players,
            seed=random.randrange(1, 100000),
            options=controller.state.options,
        )
        self.open_game(
            Controller(
                spec,
                state,
                fresh_seats(controller.seats),  # the same table, no hint used yet
                new_save_path(self.data_dir, spec.id),
                handoff_screens=controller.handoff_screens,
            )
        )
