"""The base every game state builds on: apply/copy, history of keys, the log.

A state is treated as immutable from outside: ``apply`` copies it, changes the copy
and returns it. Subclasses implement ``_copy`` (cheap, explicit), ``why_illegal``
(a reason or None) and ``_do`` (change self).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import Action, IllegalAction
from .rng import Rng


class LogEntry(tuple):
    """(text, seat): seat None is public; an int is private to that seat."""

    __slots__ = ()

    def __new__(cls, text: str, seat: int | None = None):
        return tuple.__new__(cls, (text, seat))

    @property
    def text(self) -> str:
        return self[0]

    @property
    def seat(self) -> int | None:
        return self[1]


class GameState:
    """Common protocol plumbing. Subclasses set ``spec`` on the class."""

    spec: Any = None  # the GameSpec, set by each game

    # Attributes every state carries (subclasses add their own in __slots__).
    players: list[str]
    seed: int
    options: dict
    _keys: tuple | None  # cons list (key, previous) of every applied action
    _log: list
    # Increases whenever the game reveals hidden information or hands play to
    # another seat. Undo never crosses a change of this number.
    checkpoint: int

    # ---- what every state carries: set up once, copied on every move -------------
    def _setup(self, players, seed: int, options: dict) -> None:
        self.players = list(players)
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self._keys = None
        self._log = self._empty_log()
        self.checkpoint = 0

    def _copy_base(self, cls):
        """A new, bare instance of cls sharing or copying the protocol attributes;
        the game's own _copy fills in the rest."""
        s = cls.__new__(cls)
        s.players = self.players
        s.seed = self.seed
        s.options = self.options
        s.rng = self.rng.copy()
        s._keys = self._keys
        s._log = self._copied_log()
        s.checkpoint = self.checkpoint
        return s

    def _empty_log(self):
        return []

    def _copied_log(self):
        return list(self._log)

    # ---- protocol -------------------------------------------------------
    def actors(self) -> list[int]:
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def why_illegal(self, action: Action) -> str | None:
        raise NotImplementedError

    def _do(self, action: Action) -> None:
        raise NotImplementedError

    def _copy(self) -> GameState:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    def result(self) -> dict:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def resample(self, seat: int, seed: int) -> GameState:
        """A copy that agrees with everything ``seat`` has seen, every hidden thing
        (deck order, other seats' hands, face-down cards) drawn afresh from ``seed``.

        Bots plan on such copies so they cannot use what their seat does not know
        (OpenSpiel's ``resample_from_infostate``). The live state is never changed.
        """
        raise NotImplementedError

    def apply(self, action: Action) -> GameState:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if self.is_over:
            raise IllegalAction("The game is over.")
        if not 0 <= action.seat < len(self.players):
            raise IllegalAction(f"There is no seat {action.seat}.")
        if action.seat not in self.actors():
            raise IllegalAction(f"It is not {self.players[action.seat]}'s turn to act.")
        reason = self.why_illegal(action)
        if reason:
            raise IllegalAction(reason)
        new = self._copy()
        new._keys = (action.key, self._keys)
        new._do(action)
        return new

    # ---- helpers --------------------------------------------------------
    def action_keys(self) -> list[str]:
        out = []
        node = self._keys
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    @property
    def step(self) -> int:
        n, node = 0, self._keys
        while node is not None:
            n += 1
            node = node[1]
        return n

    def log(self, text: str, seat: int | None = None) -> None:
        self._log.append(LogEntry(text, seat))

    def log_for(self, seat: int | None) -> list[str]:
        """Entries that seat may read: public ones and its own private ones."""
        return [e[0] for e in self._log if e[1] is None or e[1] == seat]

    def find_action(self, seat: int, kind: str, *args) -> Action | None:
        for a in self.legal_actions(seat):
            if a.kind == kind and a.args == tuple(args):
                return a
        return None


def rank_by(scores: Iterable[tuple]) -> list[list[int]]:
    """Group seats into places: input (seat, sort key) with larger keys better."""
    ordered = sorted(scores, key=lambda t: t[1], reverse=True)
    places: list[list[int]] = []
    last = object()
    for seat, k in ordered:
        if places and k == last:
            places[-1].append(seat)
        else:
            places.append([seat])
        last = k
    return places
