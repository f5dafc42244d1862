"""The host's table, free of any network: the one live state, and what each seat
may see of it and do with it.

The host keeps the game in a turn controller (the same one the hot-seat screens
drive: its bots, undo, interrupt windows and autosave after every move). A seat is
known by its token alone (random, from ``secrets``, compared in constant time);
``table_for`` builds what one seat may see and ``ask`` answers what one seat asks,
always for that seat: a move for another seat, or an explanation from another
seat's knowledge, is never made.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core import Action, GameSpec, GameState, IllegalAction
from rules.sweet_lands import SweetLandsExplainer

from ..controller import Controller
from .protocol import Table, explanation_to_json, ref_from_json, ref_to_json

REMOTE, BOT, HOST = "remote", "bot", "host"  # who plays a seat


class HostController(Controller):
    """The host's turn controller. Seats played elsewhere (kind "remote") are neither
    this terminal's humans nor bots: while only they may act, the terminal waits
    ("wait"), and no hand-off ever names them. Every change is told to ``on_change``
    (the controller saves after each one, so that is where it is heard)."""

    on_change: Callable[[], None] | None = None

    def human_actors(self) -> list[int]:
        return [s for s in self.state.actors() if self.seats[s]["kind"] == "human"]

    def next_step(self) -> str:
        if self.state.is_over or self.in_window:
            return super().next_step()
        actors = self.state.actors()
        if self.human_actors():
            return super().next_step()
        return "bot" if any(self.is_bot(s) for s in actors) else "wait"

    def autosave(self) -> None:
        super().autosave()
        if self.on_change is not None:
            self.on_change()


class Refused(Exception):
    """A request the host turns down, with the reason shown to the seat."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class HostTable:
    controller: HostController
    kinds: list[str]  # REMOTE, BOT or HOST for each seat
    tokens: list[str]  # one per seat (a bot's is never handed out)
    # live connections per seat: a seat played from elsewhere with none is away
    connections: dict[int, int] = field(default_factory=dict)
    # when each seat played from elsewhere was last connected (or the host started)
    last_here: dict[int, float] = field(default_factory=dict)
    # told after every change of the game, so the network layer can push tables
    on_change: Callable[[], None] | None = None

    @classmethod
    def start(
        cls,
        spec: GameSpec,
        state: GameState,
        kinds: list[str],
        level: str = "normal",
        save_path: Path | None = None,
        tokens: list[str] | None = None,
    ) -> HostTable:
        if len(kinds) != len(state.players) or any(k not in (REMOTE, BOT, HOST) for k in kinds):
            raise ValueError("one kind (remote, bot or host) per seat")
        seats = [seat_of_kind(kind, level) for kind in kinds]
        controller = HostController(spec, state, seats, save_path)
        table = cls(controller, list(kinds), tokens or [new_token() for _ in kinds])
        controller.on_change = table._changed
        return table

    @property
    def spec(self) -> GameSpec:
        return self.controller.spec

    @property
    def state(self) -> GameState:
        return self.controller.state

    # ---- who is who --------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        """The seat a token opens ("" watches: None); Refused for any other token.

        Every seat's token is compared, in constant time, whatever matches first."""
        if token == "":
            return None
        found = None
        given = token.encode()
        for seat, own in enumerate(self.tokens):
            if hmac.compare_digest(given, own.encode()):
                found = seat
        if found is None or self.kinds[found] == HOST:
            raise Refused("No seat of this game has that token.")
        if self.kinds[found] == BOT:
            raise Refused("A bot plays this seat now: the host handed it over while you were away.")
        return found

    def connected(self, seat: int | None) -> None:
        if seat is not None:
            self.connections[seat] = self.connections.get(seat, 0) + 1
            self._changed()

    def disconnected(self, seat: int | None, now: float | None = None) -> None:
        if seat is not None:
            self.connections[seat] = max(0, self.connections.get(seat, 0) - 1)
            self.last_here[seat] = time.monotonic() if now is None else now
            self._changed()

    def away_longer_than(self, seconds: float, now: float) -> list[int]:
        """Seats played elsewhere that have been away for ``seconds`` (a seat that
        never joined counts from the host's start)."""
        return [s for s in self.away() if now - self.last_here.setdefault(s, now) >= seconds]

    def away(self) -> list[int]:
        return [
            s for s, kind in enumerate(self.kinds) if kind == REMOTE and not self.connections.get(s)
        ]

    def hand_to_bot(self, seat: int, level: str = "normal") -> None:
        """A seat that went silent is played by a bot from now on (the host decides)."""
        self.kinds[seat] = BOT
        self.controller.hand_to_bot(seat, level)
        self._changed()

    # ---- what one seat sees --------------------------------------------------------------
    def table_for(self, seat: int | None) -> Table:
        """Everything ``seat`` may see now (None: a watcher, who sees the public view)."""
        state = self.state
        legal = state.legal_actions(seat) if seat is not None and not state.is_over else []
        return Table(
            step=state.step,
            checkpoint=state.checkpoint,
            actors=list(state.actors()),
            view=state.view(seat),
            public=state.view(None),
            legal=[[a.key, a.label] for a in legal],
            log=state.log_for(seat),
            public_log=state.log_for(None),
            over=state.is_over,
            window=state.interrupt_window,
            result=state.result() if state.is_over else None,
            can_undo=seat is not None and self._can_undo(seat),
            away=self.away(),
            seat_kinds=list(self.kinds),
        )

    def _can_undo(self, seat: int) -> bool:
        with self._as_seat(seat) as c:
            return c.can_undo()

    @contextmanager
    def _as_seat(self, seat: int) -> Iterator[HostController]:
        """The controller, asked as ``seat`` (its undo answers for the seat at its
        keyboard); the host terminal's own seat at the keyboard is put back after."""
        c = self.controller
        here = c.viewer
        c.viewer = seat
        try:
            yield c
        finally:
            if self.controller is c:
                c.viewer = here

    # ---- what one seat asks -------------------------------------------------------------
    def ask(self, seat: int | None, method: str, args: list[Any]) -> Any:
        """Do or answer ``method`` for ``seat``: the JSON answer, or Refused."""
        if method in ("act", "undo") and seat is None:
            raise Refused("You are watching: only the players move.")
        if method == "act":
            return self._act(seat, args)  # type: ignore[arg-type]  # not None, checked above
        if method == "undo":
            return self._undo(seat)  # type: ignore[arg-type]
        answer = self._explained(seat, method, args)
        json.dumps(answer)  # an answer that is not JSON fails here, on the host's side
        return answer

    def _act(self, seat: int, args: list[Any]) -> bool:
        if len(args) != 1 or not isinstance(args[0], str):
            raise Refused("A move is sent as its key.")
        try:
            action = self.spec.parse_action(args[0])
        except (IllegalAction, ValueError, TypeError, KeyError) as exc:
            raise Refused(f"That is not a move of this game ({type(exc).__name__}).") from None
        if action.seat != seat:
            raise Refused("You may only move for your own seat.")
        with self._as_seat(seat) as c:
            if not c.act(action):
                raise Refused(c.last_error)
        return True

    def _undo(self, seat: int) -> bool:
        with self._as_seat(seat) as c:
            if not c.undo():
                raise Refused(c.last_error)
        return True

    def _explained(self, seat: int | None, method: str, args: list[Any]) -> Any:
        state, explainer = self.state, self.spec.explainer
        if method == "action":
            action = self._own_action(seat, args)
            return explanation_to_json(explainer.action(state, action.seat, action))
        if method == "thing":
            ref = ref_from_json(args[0]) if len(args) == 1 else None
            if ref is None:
                raise Refused("A thing is asked for as [kind, id].")
            return explanation_to_json(explainer.thing(state, seat, ref))
        if method == "named_things":
            return [[name, ref_to_json(ref)] for name, ref in explainer.named_things(state, seat)]
        if isinstance(explainer, SweetLandsExplainer):
            return sweet_lands_answer(explainer, state, seat, method, args)
        raise Refused(f"Nothing answers {method!r} in this game.")

    def _own_action(self, seat: int | None, args: list[Any]) -> Action:
        if seat is None:
            raise Refused("You are watching: moves are explained to their players.")
        if len(args) != 1 or not isinstance(args[0], str):
            raise Refused("A move is sent as its key.")
        try:
            action = self.spec.parse_action(args[0])
        except (IllegalAction, ValueError, TypeError, KeyError):
            raise Refused("That is not a move of this game.") from None
        if action.seat != seat:
            raise Refused("Only your own moves are explained to you.")
        return action

    # ---- the table's own moves: bots and the interrupt window's countdown --------------
    def bot_due(self) -> bool:
        return self.controller.next_step() == "bot"

    def bot_step(self) -> Action | None:
        return self.controller.bot_step()

    def window_open(self) -> bool:
        return self.controller.in_window

    def window_seconds(self) -> float:
        return float(self.state.view(None).get("options", {}).get("silence_seconds", 0) or 0)

    def window_step(self, elapsed: float, deadline_passed: bool) -> bool:
        """Bots decide in an open window once their time has come; the window closes
        once its countdown has run out. True if the game changed."""
        c = self.controller
        changed = bool(c.window_bots(elapsed))
        if deadline_passed and c.in_window:
            c.close_window()
            changed = True
        return changed

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # ---- the seats' tokens beside the save ------------------------------------------------
    def write_seats(self, path: Path) -> None:
        """Who plays each seat and the seats' tokens, readable by this user alone: a
        host resumed after a crash gives the seats the same addresses."""
        data = {"kinds": self.kinds, "tokens": self.tokens}
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)


def seat_of_kind(kind: str, level: str) -> dict[str, Any]:
    """A controller's seat: a bot, a human at this terminal, or a seat played elsewhere."""
    if kind == BOT:
        return {"kind": "bot", "level": level}
    return {"kind": "human" if kind == HOST else REMOTE}


def read_seats(path: Path, n: int) -> tuple[list[str], list[str]]:
    """The kinds and tokens ``write_seats`` kept, checked; ValueError if unusable."""
    data = json.loads(path.read_text(encoding="utf-8"))
    kinds, tokens = data.get("kinds"), data.get("tokens")
    ok = (
        isinstance(kinds, list)
        and isinstance(tokens, list)
        and len(kinds) == len(tokens) == n
        and all(k in (REMOTE, BOT, HOST) for k in kinds)
        and all(isinstance(t, str) and len(t) >= 16 for t in tokens)
    )
    if not ok:
        raise ValueError(f"{path.name} does not list {n} seats with their tokens")
    return kinds, tokens


def sweet_lands_answer(
    explainer: SweetLandsExplainer, state: GameState, seat: int | None, method: str, args: list
) -> Any:
    """The Sweet Lands explainer's own questions, asked for ``seat``."""
    if method == "refusals" and len(args) == 1 and isinstance(args[0], str):
        return explainer.refusals(state, seat, args[0])
    if method == "map_refusal" and len(args) == 2 and type(args[1]) is int:
        if seat is None:
            return None
        return explainer.map_refusal(state, seat, str(args[0]), args[1])
    if method == "track_rates" and len(args) == 1 and type(args[0]) is int:
        if not 0 <= args[0] < len(state.players):
            raise Refused("There is no such seat.")
        return explainer.track_rates(state, args[0])  # the tracks are on the table for all
    if method == "standings":
        return explainer.standings(state)
    if method == "solo_verdict":
        return explainer.solo_verdict(state)
    if method == "advanced_costs":
        return explainer.advanced_costs(state)
    raise Refused(f"Nothing answers {method!r} with those arguments.")
