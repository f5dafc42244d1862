"""The turn controller: who holds the terminal, hand-offs, bots, undo, autosave.

It knows nothing about widgets. Screens ask it for ``view()`` (always
``state.view(viewer)``) and for what happens next:

- ``"over"``      the game has ended;
- ``"bot"``       a bot seat acts next (the app calls ``bot_step`` after a pause);
- ``"handoff"``   a different human must take the terminal first (``pending``);
- ``"pass"``      the same, in a game where nothing is hidden: the screen names the
  next player with a banner instead of an opaque hand-off (unless the table asked
  for the hand-off screen anyway, ``handoff_screens``);
- ``"human"``     the viewer acts now;
- ``"window"``    an interrupt window is open (Happiness's silence): any seat may
                  claim it, the screen shows public information and a countdown;
- ``"wait"``      (play across screens, tabletop_tui/net) only seats played on other
                  screens may act: this one shows the table and waits for the host.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rules.bots import Bot, RankingBot, make_bot
from rules.core import Action, Explanation, GameSpec, GameState, IllegalAction, Ref

from .saves import write_save

# The game's own state class: a controller made from a typed spec (``HAPPINESS``,
# ``SWEET_LANDS``) holds that class, so code that knows the game reads its record.
# Covariant: a Controller[HappinessState] is a Controller[GameState[HappinessView]],
# the type a game screen declares (by its view: the screen uses the protocol only).
S = TypeVar("S", bound=GameState[Any], covariant=True)
View = TypeVar("View", bound=Mapping[str, Any])  # the game's view (GameState's)


@dataclass
class Snapshot(Generic[S]):
    state: S  # the state before the step
    seat: int
    action: Action | None = None  # the step taken from it
    forced: bool = False  # a step with one answer the screen took by itself


@dataclass
class Controller(Generic[S]):
    spec: GameSpec[S]
    state: S
    seats: list[dict[str, Any]]  # [{"kind": "human"|"bot", "level": ..., "hints": ...}] per seat
    save_path: Path | None = None
    viewer: int | None = None
    _undo: list[Snapshot[S]] = field(default_factory=list)
    _bots: dict[int, Bot] = field(default_factory=dict)
    # the bots' moves, each with the state it was decided in (the coach's "why"), kept
    # only in games where nothing is hidden (the only ones where "why" is offered)
    bot_moves: list[Snapshot[S]] = field(default_factory=list)
    last_error: str = ""
    last_undone: int = 0  # steps the last undo took back (forced steps go with theirs)
    _reaction: dict[int, float] = field(default_factory=dict)  # bot seat -> seconds, this window
    _reaction_drawn: bool = False
    # (state, viewer, its legal actions): asked many times for one state
    _legal_kept: tuple[S, int, list[Action]] | None = None
    # Set by the screen on view: schedules a call once the next frame is drawn, so a
    # move's save (JSON and a flush to disk, 1.5-2.5 ms) follows the frame showing it
    # instead of delaying it. Unset, every save is written at once.
    save_later: Callable[[Callable[[], None]], object] | None = None
    _save_due: bool = False
    kept: dict = field(default_factory=dict)  # fields of the save file this version keeps
    # Why the last save failed ("" once saved); told to on_save_problem when it changes.
    save_problem: str = ""
    on_save_problem: Callable[[str], None] | None = None
    # The table's choice for a game with nothing hidden: an opaque hand-off screen
    # between players all the same (True), or a banner naming the next one (False).
    # The app sets it from its settings (the setup screen's choice, a banner unless
    # asked otherwise); made elsewhere (tests, scripts) a controller keeps the screen.
    handoff_screens: bool = True
    # Whether this terminal holds the game itself (its state, seed and save): only then
    # does a finished game go into its records, and the end screen offer the seed, a
    # game again and the coach's review. A seat joined from another terminal does not.
    game_is_here: ClassVar[bool] = True

    def __post_init__(self) -> None:
        for s, info in enumerate(self.seats):
            if info["kind"] == "bot":
                level = info.get("level", "normal")
                # a seed of its own: one derived from the game's would let a bot deal
                # the hidden cards again
                self._bots[s] = make_bot(self.spec.id, level, secrets.randbelow(1 << 31))
        humans = self.humans
        if self.viewer is None and len(humans) == 1:
            self.viewer = humans[0]

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """A bot plays ``seat`` from now on (a host hands it the seat of a player who
        went away)."""
        self.seats[seat] = {"kind": "bot", "level": level}
        self._bots[seat] = make_bot(self.spec.id, level, secrets.randbelow(1 << 31))
        self._legal_kept = None

    # ---- who is where ---------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [s for s, info in enumerate(self.seats) if info["kind"] == "human"]

    @property
    def last_bot_move(self) -> Snapshot[S] | None:
        return self.bot_moves[-1] if self.bot_moves else None

    def is_bot(self, seat: int) -> bool:
        return seat in self._bots

    def human_actors(self) -> list[int]:
        return [s for s in self.state.actors() if not self.is_bot(s)]

    @property
    def in_window(self) -> bool:
        return self.state.interrupt_window

    def next_step(self) -> str:
        if self.state.is_over:
            return "over"
        if self.in_window:
            return "window"
        actors = self.state.actors()
        humans = [s for s in actors if not self.is_bot(s)]
        if not humans:
            return "bot"
        if self.viewer in humans:
            return "human"
        if not self.spec.private_info and not self.handoff_screens:
            return "pass"
        return "handoff"

    @property
    def pending(self) -> int | None:
        """The human who must take the terminal next, if a hand-off is due."""
        humans = self.human_actors()
        if not humans or self.viewer in humans:
            return None
        return humans[0]

    def take_terminal(self, seat: int) -> None:
        """Called once the hand-off screen is confirmed by that player."""
        self.viewer = seat
        self._undo.clear()  # undo history is private to the seat that made it

    def view(self: Controller[GameState[View]]) -> View:
        """The viewer's view, typed as its game declares it (SweetLandsView...)."""
        return self.state.view(self.viewer)

    def log(self) -> list[str]:
        return self.state.log_for(self.viewer)

    # ---- explanations, asked for the one thing a screen draws ---------------------
    def explain_action(self, action: Action) -> Explanation:
        """What ``action`` would do for the seat at the keyboard, or why it is refused
        (the game's explainer, from that seat's knowledge)."""
        seat = action.seat if self.viewer is None else self.viewer
        return self.spec.explainer.action(self.state, seat, action)

    def explain(self, ref: Ref) -> Explanation | None:
        """What a thing on the table is and does, as the seat at the keyboard may know
        it (the public view's knowledge when nobody holds the terminal)."""
        return self.spec.explainer.thing(self.state, self.viewer, ref)

    def legal(self) -> list[Action]:
        if self.viewer is None or self.next_step() != "human":
            return []
        # Asked many times for one state (the screen, and each key of the footer to
        # know whether it applies): states never change, so the answer is kept.
        kept = self._legal_kept
        if kept is None or kept[0] is not self.state or kept[1] != self.viewer:
            kept = self._legal_kept = (
                self.state,
                self.viewer,
                self.state.legal_actions(self.viewer),
            )
        return list(kept[2])

    # ---- acting -------------------------------------------------------------
    def act(self, action: Action, forced: bool = False) -> bool:
        """Apply a human's action; on an illegal one keep the state and explain.

        ``forced``: the step had one answer and the screen took it; undo takes it back
        together with the step before it (else undo would land on it and repeat it)."""
        try:
            new = self.state.apply(action)
        except IllegalAction as exc:
            self.last_error = exc.reason
            return False
        if self._undo and self._undo[-1].seat != action.seat:
            self._undo.clear()  # the next player acted: the last turn is theirs to keep
        self._undo.append(Snapshot(self.state, action.seat, self._named(action), forced))
        self.state = new
        self.last_error = ""
        self._reaction_drawn &= self.in_window
        self.autosave()
        return True

    def _named(self, action: Action) -> Action:
        """The action with its label: a move made by a key or a click comes unnamed, and
        an undo refusal or a take-back quotes it (never as “”)."""
        if action.label or self.spec.labeler is None:
            return action
        labeler = self.spec.labeler
        return Action(action.seat, action.kind, action.args, lambda: labeler(action) or action.key)

    def bot_searches(self) -> bool:
        """Whether the bot to move will think: a searching level (hard, expert) with
        more than one move to choose from, unless its level answers that step at once.
        A forced move, or an easy or normal bot, answers at once."""
        if self.next_step() != "bot":
            return False
        seat = self.state.actors()[0]
        bot = self._bots[seat]
        if not isinstance(bot, RankingBot):
            return False
        moves = len(self.state.legal_actions(seat))
        return moves > 1 and bot.thinks_at(self.state.view(seat), moves)

    def bot_step(self) -> Action | None:
        if self.next_step() != "bot":
            return None
        seat = self.state.actors()[0]
        action = self._bots[seat].choose(self.state, seat)  # from the seat's knowledge only
        if not self.spec.private_info:
            self.bot_moves.append(Snapshot(self.state, seat, action))
        self.state = self.state.apply(action)
        self._undo.clear()
        self.autosave()
        self._reaction_drawn = False
        return action

    # ---- interrupt windows ----------------------------------------------------------
    def reaction_times(self) -> dict[int, float]:
        """How long each bot waits, once a window opens, before it claims or stays silent.

        A person needs a moment to notice the silence and reach for a card; a bot that
        answered at once would win every race. The range is the game option
        ``bot_reaction`` ("low-high" seconds); each window draws the times afresh.
        """
        if not self._reaction_drawn:
            raw = str(self.state.options.get("bot_reaction", "0"))
            lo, _, hi = raw.partition("-")
            rng = random.Random(f"{self.state.seed}:{self.state.step}")
            low, high = float(lo), float(hi or lo)
            self._reaction = {s: rng.uniform(low, high) for s in self._bots}
            self._reaction_drawn = True
        return self._reaction

    def window_bots(self, elapsed: float = math.inf) -> list[Action]:
        """Let every bot still waiting in the window decide, once its reaction time has
        passed (``elapsed`` seconds since the window opened): claim or stay silent."""
        done = []
        waits = self.reaction_times()
        for seat in list(self.state.actors()):
            if not self.in_window:
                break
            if self.is_bot(seat) and seat in self.state.actors() and waits[seat] <= elapsed:
                action = self._bots[seat].choose(self.state, seat)
                if action.kind == "close":  # a bot never ends the countdown for the others
                    action = self.state.find_action(seat, "pass") or action
                self.state = self.state.apply(action)
                done.append(action)
        if done:
            self._undo.clear()
            self.autosave()
        self._reaction_drawn = self.in_window
        return done

    def close_window(self) -> None:
        """The countdown ran out: close the window on behalf of the table."""
        if self.in_window and self.state.actors():
            seat = self.state.actors()[0]
            close = self.state.find_action(seat, "close")
            assert close is not None, "an open window always offers close"
            self.state = self.state.apply(close)
            self._undo.clear()
            self.autosave()
        self._reaction_drawn = False

    def can_claim(self, seat: int) -> bool:
        return self.in_window and self.state.find_action(seat, "claim") is not None

    # ---- undo -------------------------------------------------------------------
    def _undo_depth(self) -> int:
        """How many snapshots one undo pops: the last step the player chose, with the
        forced steps that followed it."""
        depth = 1
        while depth < len(self._undo) and self._undo[-depth].forced:
            depth += 1
        return depth

    def can_undo(self) -> bool:
        if not self._undo or self.viewer is None or self.state.is_over:
            return False
        snap = self._undo[-self._undo_depth()]
        # Only your own steps, within your turn, never past a reveal or a seat change
        # (checkpoints only grow, so the oldest popped snapshot decides).
        return (
            snap.seat == self.viewer
            and self.viewer in self.state.actors()
            and snap.state.checkpoint == self.state.checkpoint
        )

    def undo(self) -> bool:
        if not self.can_undo():
            self.last_error = self.why_no_undo()
            self.last_undone = 0
            return False
        depth = self._undo_depth()
        self.state = self._undo[-depth].state
        del self._undo[-depth:]
        self.last_undone = depth
        self.autosave()
        return True

    # ---- taking back the last step of a turn -------------------------------------------
    def _take_back_snapshot(self) -> Snapshot[S] | None:
        """The step that ended the last turn, while it may still be taken back: the next
        player has not acted yet (nor taken the terminal from a hand-off: that clears
        the history), and ending the turn revealed nothing. The engine says the last
        checkpoint only handed play over through ``handed_over_at`` (Happy City,
        Happiest Town); other games never take a turn back."""
        if not self._undo or self.state.is_over:
            return None
        snap = self._undo[-self._undo_depth()]
        if snap.seat in self.state.actors():
            return None  # still that player's turn: plain undo
        passed = self.state.handed_over_at()
        if passed != self.state.checkpoint or snap.state.checkpoint + 1 != passed:
            return None
        return snap

    def take_back_label(self) -> str | None:
        """The move that ended the last turn and may be taken back, in words (else None)."""
        snap = self._take_back_snapshot()
        if snap is None or snap.action is None:
            return None
        return f"{self.state.players[snap.seat]}'s {snap.action.label}"

    def take_back(self) -> bool:
        """Give the last turn back to the player who ended it, at its last step."""
        snap = self._take_back_snapshot()
        if snap is None:
            self.last_error = (
                "Nothing to take back: the next player has begun, or it revealed a card."
            )
            return False
        depth = self._undo_depth()
        self.state = snap.state
        del self._undo[-depth:]
        self.viewer = snap.seat
        self.last_undone = depth
        self.last_error = ""
        self.autosave()
        return True

    def why_no_undo(self) -> str:
        """Why undo cannot go back, in words: the step and what it revealed."""
        if self.state.is_over:
            return "Nothing to undo: the game is over."
        if self.viewer is None or self.viewer not in self.state.actors():
            return "Nothing to undo: it is not your turn."
        if not self._undo or self._undo[-1].seat != self.viewer:
            return "Nothing to undo: this is the start of your turn."
        snap = self._undo[-self._undo_depth()]
        blocker = self._revealing_step()
        if blocker is None:  # pragma: no cover - a checkpoint moved without a step of ours
            return "Cannot undo: something hidden was revealed since your last step."
        name = blocker.action.label if blocker.action is not None else "your last step"
        news = self._news_since(blocker)
        if blocker is snap and not news:
            return f"Nothing to undo: this turn began after “{name}”, which cannot be taken back."
        said = f" (since then: {news})" if news else ""
        return f"Cannot undo “{name}”{said}: {self._why_final(blocker)}."

    def _why_final(self, snap: Snapshot[S]) -> str:
        """Why the step from ``snap`` stands, from what the protocol shows: it changed
        who may act (others saw it and lost or gained a chance to move), or it showed
        something that was hidden."""
        i = self._undo.index(snap)
        after = self._undo[i + 1].state if i + 1 < len(self._undo) else self.state
        before_actors, after_actors = snap.state.actors(), after.actors()
        names = self.state.players
        others = [names[s] for s in before_actors if s != snap.seat and s not in after_actors]
        if others:  # e.g. a claim of the silence: the others' chance to act ended with it
            return (
                f"it ended {' and '.join(others)}'s chance to act at the same time, and "
                "they have seen it, so it stands"
            )
        if before_actors != after_actors:
            return "it handed play to other players, who have seen it, so it stands"
        return (
            "it revealed something that was hidden (a card drawn, dealt or laid from your "
            "hand), which nobody can unsee"
        )

    def _revealing_step(self) -> Snapshot[S] | None:
        """The most recent of the viewer's steps after which hidden things were shown."""
        later = self.state
        for snap in reversed(self._undo):
            if snap.state.checkpoint != later.checkpoint:
                return snap
            later = snap.state
        return None

    def _news_since(self, snap: Snapshot[S]) -> str:
        """The log lines the viewer may read that the step from ``snap`` added."""
        i = self._undo.index(snap)
        after = self._undo[i + 1].state if i + 1 < len(self._undo) else self.state
        before = snap.state.log_for(self.viewer)
        lines = after.log_for(self.viewer)[len(before) :]
        return " ".join(lines[-2:])

    # ---- saving ---------------------------------------------------------------
    def autosave(self) -> None:
        """Save the game as it stands: now, or (with ``save_later``) after the frame
        being drawn; saves asked for before then make one, of the newest state."""
        if self.save_path is None:
            return
        if self.save_later is None:
            self.write_now()
        elif not self._save_due:
            self._save_due = True
            self.save_later(self.flush_save)

    def flush_save(self) -> None:
        """Write the save that is due, if one is (also on leaving the game screen)."""
        if self._save_due:
            self._save_due = False
            self.write_now()

    def write_now(self) -> bool:
        """Write the save; a failure (folder not writable, disk full, or anything else
        that stops the write) never stops the game: it is kept in memory, the problem
        told once, and the next call retries."""
        if self.save_path is None:
            return True
        problem = self.write_to(self.save_path)
        if problem != self.save_problem:
            self.save_problem = problem
            if self.on_save_problem is not None:
                self.on_save_problem(problem)
        return not problem

    def write_to(self, path: Path) -> str:
        """Write the game as it stands to ``path``: "" once written, else the problem
        in words (with the path). Never raises."""
        try:
            write_save(path, self.spec, self.state, self.seats, self.kept)
        except OSError as exc:
            reason = exc.strerror or str(exc) or type(exc).__name__
            return f"Cannot save to {path}: {reason}."
        except Exception as exc:  # noqa: BLE001 - a fault in the save must not stop play
            return f"Cannot save to {path}: {type(exc).__name__}: {str(exc)[:200]}."
        return ""

    def retry_save(self) -> None:
        """Try again a save that failed (the app calls this every few seconds)."""
        if self.save_problem:
            self.write_now()
