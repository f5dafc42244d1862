"""The read-only replay viewer, the same for every game.

It opens on the table at the step (the game's own screen, read-only: see
replay_table); Escape there shows this screen, the list of moves. Left: every move of the save. Right: what the move did (the log lines the viewer
may read) and the whole view of the game after it, written out as indented text
from ``view(seat)`` (or, with L, the whole log so far from ``log_for(seat)``). The public view (``view(None)``) is shown until the viewer
picks a seat to follow, which asks first because that seat's hand and private log
then appear on screen. Nothing can be played from here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from rules.core import Explanation, Glossary, Line

from ..interrupt import INTERRUPTED, catch_sigint
from ..lookup import Lookup, LookupScreen, Subject
from ..lookup.palette import LookupCommands
from ..replay import Replay
from ..widgets.title_bar import TitleBar

SKIP = {"game", "viewer", "options"}  # shown in the heading, or the same for every step
NAME_KEYS = ("name", "word", "label", "title", "topic")


def clip(text: str, width: int) -> str:
    """One line of at most `width` characters, cut with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _label(key: Any) -> str:
    return str(key).replace("_", " ")


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _is_flat(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _compact(d: dict) -> str | None:
    """One line for a dict of scalars (and short lists of scalars), else None."""
    parts, name = [], None
    for k, v in d.items():
        if isinstance(v, dict) or (isinstance(v, list) and not all(map(_is_flat, v))):
            return None
        if name is None and k in NAME_KEYS and isinstance(v, str):
            name = v
        elif v not in (None, "", [], {}):
            shown = ", ".join(map(_scalar, v)) if isinstance(v, list) else _scalar(v)
            parts.append(f"{_label(k)} {shown}")
    body = "; ".join(parts)
    return f"{name}: {body}" if name and body else (name or body)


def view_lines(
    value: Any, indent: int = 0, out: list[str] | None = None, named: str | None = None
) -> list[str]:
    """A JSON view written out as indented, readable lines; `named` is the key already
    shown as this dict's heading."""
    out = [] if out is None else out
    pad = "  " * indent
    items = value.items() if isinstance(value, dict) else enumerate(value)
    for k, v in items:
        if isinstance(value, dict) and ((k in SKIP and indent == 0) or k == named):
            continue
        head = f"{pad}{_label(k)}:" if isinstance(value, dict) else f"{pad}-"
        if _is_flat(v):
            out.append(f"{head} {_scalar(v)}")
        elif not v:
            out.append(f"{head} none")
        elif isinstance(v, list) and all(map(_is_flat, v)):
            out.append(f"{head} {', '.join(map(_scalar, v))}")
        elif isinstance(v, dict) and (line := _compact(v)) is not None:
            out.append(f"{head} {line}")
        else:
            key = next((n for n in NAME_KEYS if isinstance(v, dict) and n in v), None)
            name = v[key] if key is not None else None
            if not isinstance(name, str):
                key, name = None, None
            out.append(f"{head} {name}" if name else head)
            view_lines(v, indent + 1, out, key)
    return out


class FollowSeat(ModalScreen[int | None]):
    """Warns before a seat's private information is shown; a digit picks the seat."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "pick(-1)", "Stay public"),
        *(Binding(str(i + 1), f"pick({i})", f"Seat {i + 1}", show=False) for i in range(9)),
    ]
    DEFAULT_CSS = """
    FollowSeat { align: center middle; }
    FollowSeat #follow-box { width: 64; height: auto; border: thick $warning;
        padding: 1 2; background: $panel; }
    """

    def __init__(self, players: list[str]):
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        text = Text("Follow one seat?\n\n", style="bold")
        text.append(
            "That seat's hand and private log will be on the screen, for anyone "
            "who can see it to read. Ask the other players first.\n\n"
        )
        for i, name in enumerate(self.players):
            text.append(f"{i + 1}  {name}\n")
        text.append("\nPress a number to follow that seat, Escape to stay public.")
        with Vertical(id="follow-box"):
            yield Static(text, id="follow-text")
        yield Footer()

    def action_pick(self, seat: int) -> None:
        if seat < len(self.players):
            self.dismiss(None if seat < 0 else seat)


class ReplayScreen(LookupScreen):
    BINDINGS = [
        Binding("f2", "lookup", "Info"),  # the terms the step on show uses
        Binding("escape", "close_lookup", "Close look-up"),
        Binding("right,full_stop", "move(1)", "Next", key_display="right"),
        Binding("left,comma", "move(-1)", "Back", key_display="left"),
        Binding("pagedown", "move(10)", "+10", show=False),
        Binding("pageup", "move(-10)", "-10", show=False),
        Binding("home", "goto(0)", "Start"),
        Binding("end", "goto(-1)", "End"),
        Binding("f", "follow", "Follow"),
        Binding("p", "public", "Public", show=False),
        Binding("l", "toggle_log", "Log"),
        Binding("t", "table", "Table"),
        Binding("escape,q", "close", "Close"),
        Binding("f1", "help", "Help", show=False),
    ]
    DEFAULT_CSS = """
    ReplayScreen #replay-top { height: 2; padding: 0 1; background: $panel; }
    ReplayScreen #replay-steps { width: 38; height: 1fr; }
    ReplayScreen #replay-right { width: 1fr; height: 1fr; padding: 0 1; }
    ReplayScreen #replay-moved { color: $accent; height: auto; margin-bottom: 1; }
    ReplayScreen #replay-view { height: auto; }
    """

    def __init__(self, replay: Replay, step: int | None = None):
        super().__init__()
        self.replay = replay
        self.step = replay.last if step is None else max(0, min(step, replay.last))
        self.seat: int | None = None
        self.whole_log = False  # L: the log up to this step instead of the view
        self.lookup = Lookup(self, self)  # F2: the step's move, in the game's words

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield Static("", id="replay-top")
        with Horizontal():
            yield OptionList(*self.step_options(), id="replay-steps")
            with VerticalScroll(id="replay-right"):
                yield Static("", id="replay-moved")
                yield Static("", id="replay-view")
        yield Footer()

    def step_options(self) -> list[Option]:
        """One line per step, in words the current viewer may read."""
        label = self.replay.step_label
        return [
            Option(Text(clip(f"{i:>3} {label(i, self.seat)}", 31)), id=str(i))
            for i in range(self.replay.last + 1)
        ]

    def on_mount(self) -> None:
        self.title = f"Replay: {self.replay.spec.title} (read-only)"
        self.query_one(OptionList).focus()
        self.show()
        # The viewer opens on the table, drawn by the game's own screen; Escape there
        # comes back to this list of moves and the step's state written out. A game
        # without a screen (a save of a game this app cannot draw) stays on the list.
        if self.has_table():
            self.call_after_refresh(self.action_table)

    def has_table(self) -> bool:
        from ..games import playable

        return self.replay.spec.id in playable()

    def show(self) -> None:
        r, step, seat = self.replay, self.step, self.seat
        who = "public view" if seat is None else f"following {r.players[seat]} (private)"
        width = max(20, self.size.width - 2)
        top = Text(clip(f"Step {step} of {r.last} | {who} | {r.step_label(step, seat)}", width))
        if not r.over:  # an unfinished game: its hands are still in play
            follow = "the game is not over, so only what the whole table saw is shown."
        elif seat is None:
            follow = "F follows a seat."
        else:
            follow = "P goes back to the public view."
        hint = "Left/right step through the game; " + follow
        if step == r.last and r.over:
            hint = f"Finished; seed {r.state_at(step).seed}. {hint}"
        top.append("\n" + clip(hint, width))
        self.query_one("#replay-top", Static).update(top)
        moved = r.new_lines(step, seat) or ["(nothing this seat could read)"]
        self.query_one("#replay-moved", Static).update(Text("\n".join(moved)))
        if self.whole_log:
            body = ["The log so far:", *r.log(step, seat)]
        else:
            body = view_lines(r.view(step, seat))
        self.query_one("#replay-view", Static).update(Text("\n".join(body)))
        ol = self.query_one(OptionList)
        if ol.highlighted != step:
            ol.highlighted = step

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # Messages arrive after the fact: act only on the list's current highlight.
        current = event.option_list.highlighted
        if event.option_index == current and current != self.step:
            self.step = event.option_index
            self.show()

    def action_move(self, delta: int) -> None:
        self.action_goto(max(0, min(self.replay.last, self.step + delta)))

    def action_goto(self, step: int) -> None:
        self.step = self.replay.last if step < 0 else step
        self.show()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        looked_up = self.lookup.allows(action)
        if looked_up is not None:  # Escape closes an open look-up before the viewer
            return looked_up
        # Following a seat shows its hand: only once the game is over, so the replay of
        # a game still being played can never be used to read a player's cards.
        if action == "table":
            return self.has_table()
        return action != "follow" or self.replay.over

    def action_follow(self) -> None:
        if not self.replay.over:
            self.notify("A seat can be followed once the game is over.", severity="warning")
            return

        def picked(seat: int | None) -> None:
            self.set_seat(seat)

        self.app.push_screen(FollowSeat(self.replay.players), picked)

    def action_table(self) -> None:
        """The game's own screen at this step, read-only; Escape comes back here at
        the step it was left on."""
        from .replay_table import ReplayTable

        table = ReplayTable(self.replay, self.step, self.seat)

        def back(_result: object) -> None:
            self.action_goto(table.step)

        self.app.push_screen(table.make_screen(), back)
        self.call_after_refresh(table.show, self.step)

    def action_toggle_log(self) -> None:
        self.whole_log = not self.whole_log
        self.show()

    def action_public(self) -> None:
        self.set_seat(None)

    def set_seat(self, seat: int | None) -> None:
        if seat != self.seat:
            self.seat = seat
            ol = self.query_one(OptionList)
            ol.clear_options()
            ol.add_options(self.step_options())
        self.show()

    def action_help(self) -> None:
        """The viewer's keys, then the rules of the game (its play keys do not apply)."""
        from ..games import help_text
        from ..widgets.help import show_help_screen

        game_rules = help_text(self.replay.spec.id).split("## Keys everywhere")[0]
        title = f"{self.replay.spec.title}: replay viewer"
        show_help_screen(self.app, VIEWER_KEYS + game_rules, title)

    # ---- the look-up key: the step's move, and the terms its text uses ----------------
    def lookup_title(self) -> str:
        return self.replay.spec.title

    def lookup_reader(self) -> object:
        return self.seat

    def lookup_glossary(self) -> Glossary:
        spec = self.replay.spec
        return spec.explainer.glossary(spec.id)

    def lookup_subject(self) -> Subject:
        r, step, seat = self.replay, self.step, self.seat
        moved = r.new_lines(step, seat)
        told = Explanation(f"Step {step}: {r.step_label(step, seat)}", tuple(map(Line, moved)))
        shown = "\n".join(view_lines(r.view(step, seat)))  # what the seat reads, no more
        return Subject((step, seat), told, self.lookup.glossary(), shown)

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()


VIEWER_KEYS = """# The replay viewer

Nothing can be played here: it steps through a saved game.

- **Right** or **.** the next move, **Left** or **,** the one before; **Page Down** and
  **Page Up** ten moves; **Home** the set-up, **End** the last move.
- **F** follow one seat (its hand and private log appear: it asks first), **P** back to
  the public view.
- **L** the whole log so far instead of the game's state.
- **T** the table at this step, drawn by the game's own screen (the viewer opens on
  it): **.** and **,** step by move, **>** and **<** by turn, **Escape** comes back
  to the list of moves.
- **Escape** or **Q** close the viewer.

"""


class ReplayApp(App):
    """`tabletop replay SAVE`: the viewer on its own."""

    TITLE = "tabletop replay"
    COMMANDS = App.COMMANDS | {LookupCommands}  # on the replay's table, as in a game
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+c", f"quit({INTERRUPTED})", "Quit", show=False, system=True),
    ]

    def __init__(self, replay: Replay, step: int | None = None, **kw: Any):
        super().__init__(**kw)
        self.replay = replay
        self.start_step = step

    def get_default_screen(self) -> Screen:
        return ReplayScreen(self.replay, self.start_step)

    def on_mount(self) -> None:
        catch_sigint(self, True, self.leave)

    def on_unmount(self) -> None:
        catch_sigint(self, False, self.leave)

    async def action_quit(self, code: int = 0) -> None:
        self.leave(code)

    def leave(self, code: int = 0) -> None:
        self.exit(return_code=code)  # read-only: nothing to save
