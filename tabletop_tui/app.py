"""The tabletop app: title -> setup or resume -> game screen -> end screen.

The rules engines are imported on first use, not at start-up, so the title screen
appears as fast as a bare Textual app would.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from .saves import data_dir as resolve_data_dir
from .saves import new_save_path, read_seats
from .widgets.common import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen


class TabletopApp(App):
    TITLE = "tabletop"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        data_dir: str | Path | None = None,
        bot_delay: float | None = None,
        default_seed: int | None = None,
        silence_scale: float = 1.0,
        **kw,
    ):
        super().__init__(**kw)
        self.silence_scale = silence_scale  # tests shorten Happiness's countdown
        self.default_seed = default_seed  # fixed seeds make screenshots reproducible
        self.data_dir = resolve_data_dir(data_dir)
        self.bot_delay = bot_delay
        self.controller = None

    def get_default_screen(self):
        # The title is the bottom of the stack: no blank default screen to build first.
        from .screens.title import TitleScreen

        return TitleScreen()

    def on_mount(self) -> None:
        # Screens can be pushed by bots or hand-offs at any time: keep the size notice on top.
        self.set_interval(0.25, self.check_size)
        self.call_after_refresh(self.check_size)

    def on_resize(self) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        if not self.screen_stack:
            return  # the app is closing: the interval can still fire once
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # ---- navigation -----------------------------------------------------------
    def _reset_to(self, screen) -> None:
        """Show `screen` right above the title, dropping whatever was between."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) == 2:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def back_to_title(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.controller = None

    def show_setup(self, game_id: str | None = None) -> None:
        from .screens.setup import SetupScreen

        self._reset_to(SetupScreen(game_id))

    def show_resume(self) -> None:
        from .screens.resume import ResumeScreen

        self._reset_to(ResumeScreen())

    def show_help(self, game_id: str) -> None:
        import rules

        from .games import help_text
        from .widgets.help import HelpScreen

        self.push_screen(
            HelpScreen(help_text(game_id), f"{rules.get_game(game_id).title}: rules and keys")
        )

    def show_rules_menu(self) -> None:
        from .games import help_text, playable
        from .widgets.help import HelpScreen

        games = playable()
        text = "\n\n---\n\n".join(help_text(g).split("## Keys everywhere")[0] for g in games)
        keys = help_text(games[0]).split("## Keys everywhere")[1]
        self.push_screen(HelpScreen(text + "\n\n## Keys everywhere" + keys, "Rules reference"))

    def start_game(self, game: str, names: list, seats: list, options: dict, seed: int) -> None:
        import rules

        from .controller import Controller

        spec = rules.get_game(game)
        state = spec.new_game(names, seed=seed, options=options)
        self.open_game(Controller(spec, state, seats, new_save_path(self.data_dir, game)))

    def open_game(self, controller) -> None:
        from .games import screen_class

        self.controller = controller
        controller.autosave()
        self._reset_to(screen_class(controller.spec.id)(controller, bot_delay=self.bot_delay))

    def resume_game(self, path: Path, state=None) -> None:
        """Open a saved game; ``state`` is the save already replayed, if it was."""
        import rules
        from rules.core import SaveError
        from rules.savefile import load_save_file

        from .controller import Controller

        try:
            if state is None:
                state = load_save_file(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot resume", severity="error", timeout=10)
            return
        spec = rules.get_game(state.spec.id)
        self.open_game(Controller(spec, state, read_seats(path, len(state.players)), Path(path)))

    def show_end(self, controller, screen_class=None) -> None:
        """The end screen the game registered (its own, or the shared one)."""
        from .games import ui_for

        cls = screen_class or ui_for(controller.spec.id).end_screen_class()
        self._reset_to(cls(controller))

    def play_again(self, controller) -> None:
        from .controller import Controller

        spec = controller.spec
        state = spec.new_game(
            controller.state.players,
            seed=random.randrange(1, 100000),
            options=controller.state.options,
        )
        self.open_game(
            Controller(spec, state, controller.seats, new_save_path(self.data_dir, spec.id))
        )
