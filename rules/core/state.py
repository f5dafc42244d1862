"""The base every game state builds on: apply/copy, history of keys, the log.

A state is treated as immutable from outside: ``apply`` copies it, changes the copy
and returns it. Subclasses implement ``why_illegal`` (a reason or None) and ``_do``
(change self), list their attributes in ``__slots__`` and say in ``COPY`` how each
attribute that changes in place is copied; the rest are shared between copies.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from .actions import Action
from .errors import IllegalAction
from .rng import Rng


class SpecOfState(Protocol):
    """What a state reads of its game's spec (``spec.GameSpec`` is one); declared here
    so that the state needs nothing of the module that builds specs."""

    @property
    def id(self) -> str: ...

    @property
    def labeler(self) -> Callable[[Action], str] | None: ...


class LogEntry(tuple):
    """(text, seat): seat None is public; an int is private to that seat."""

    __slots__ = ()

    def __new__(cls, text: str, seat: int | None = None) -> LogEntry:
        return tuple.__new__(cls, (text, seat))

    @property
    def text(self) -> str:
        return self[0]

    @property
    def seat(self) -> int | None:
        return self[1]


# Copiers for COPY tables: what a state changes in place must not be shared.
def copy_nested(value: list) -> list:
    """A list of lists (cities, decks, hands): each inner list copied."""
    return list(map(list, value))


def copy_dicts(value: list) -> list:
    return [dict(x) for x in value]


# What a game's ``view`` returns: its own TypedDict of JSON-safe facts (HappinessView,
# SweetLandsView...). Covariant, so a Happy City state is a GameState[CardRowView] too,
# which the screen both Happy City editions share reads.
View = TypeVar("View", bound=Mapping[str, Any], covariant=True)


class GameState(ABC, Generic[View]):
    """The engine protocol every game implements, and its common plumbing.

    A game's state class names its view type (``HappinessState(GameState[HappinessView])``
    through its fields class), so whoever holds that state reads the view typed.

    The abstract methods are what a game must write; the capabilities below them
    (``interrupt_window``, ``handed_over_at``, ``round_under_way``, ``save_extra``) are
    optional and declared here with the answer of a game that has none, so callers read
    them directly. Subclasses set ``spec`` on the class."""

    spec: ClassVar[SpecOfState]  # the GameSpec, set by each game's package
    # attribute -> function that copies it for a new state; unnamed attributes are
    # shared, so they must be immutable or only ever replaced, never changed in place.
    COPY: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    _copied: ClassVar[tuple[tuple[str, Callable[[Any], Any] | None], ...]] = ()

    __slots__ = ("players", "seed", "options", "rng", "_keys", "_log", "checkpoint")
    players: list[str]
    seed: int
    options: dict[str, Any]
    rng: Rng
    _keys: tuple[str, Any] | None  # cons list (key, previous) of every applied action
    # cons list (entry, previous): a move adds one node and shares the rest, so
    # copying a state never copies the log. A game may keep nodes of its own shape
    # (Sweet Lands: one (text, seat, previous) triple) if it reads them itself.
    _log: tuple[Any, ...] | None
    # Increases whenever the game reveals hidden information or hands play to
    # another seat. Undo never crosses a change of this number.
    checkpoint: int

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in klass.__dict__.get("__slots__", ()):
                if name not in names:
                    names.append(name)
        cls._copied = tuple((name, cls.COPY.get(name)) for name in names if name != "rng")
        if "_copy" not in cls.__dict__:
            cls._copy = _compile_copy(cls)  # type: ignore[method-assign,assignment]

    # ---- what every state carries: set up once, copied on every move -------------
    def _setup(self, players: list[str], seed: int, options: dict[str, Any]) -> None:
        self.players = list(players)
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self._keys = None
        self._log = None
        self.checkpoint = 0

    def _copy(self) -> Self:
        """A new state equal to this one that shares nothing it could change.

        Each subclass gets a compiled version of this (see _compile_copy); this loop
        is what it does."""
        s: Self = object.__new__(type(self))
        for name, copier in self._copied:
            value = getattr(self, name)
            setattr(s, name, value if copier is None else copier(value))
        s.rng = self.rng.copy()
        return s

    def copy(self) -> Self:
        """The same as ``_copy``: a scene-building copy that tests and demos may change
        by hand before playing real actions on it."""
        return self._copy()

    # ---- protocol: what every game writes ------------------------------------------
    @abstractmethod
    def actors(self) -> list[int]:
        """Seats that may act now (several in an interrupt window); [] when over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """The seat's moves now, each labelled (empty if it may not act)."""

    @abstractmethod
    def why_illegal(self, action: Action) -> str | None:
        """The reason ``action`` is refused now, in the game's words, or None."""

    @abstractmethod
    def _do(self, action: Action) -> None:
        """Change this (already copied) state by a legal ``action``."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """Scores, breakdown, ranking, winners and the tie-break that decided."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know, JSON-safe (None: the public view)."""

    @abstractmethod
    def resample(self, seat: int, seed: int) -> GameState[View]:
        """A copy that agrees with everything ``seat`` has seen, every hidden thing
        (deck order, other seats' hands, face-down cards) drawn afresh from ``seed``.

        Bots plan on such copies so they cannot use what their seat does not know
        (OpenSpiel's ``resample_from_infostate``). The live state is never changed.
        """

    # ---- optional capabilities, with the answer of a game that lacks them ----------
    @property
    def interrupt_window(self) -> bool:
        """True while a timed window is open in which several seats may claim at once
        (Happiness' silence): the turn controller runs its countdown."""
        return False

    def handed_over_at(self) -> int | None:
        """The checkpoint at which the last turn ended by only handing play over
        (nothing revealed), so the player who ended it may take it back; None where a
        game never offers that (the controller's take-back)."""
        return None

    def round_under_way(self) -> int | None:
        """The round being played, as the public view gives it, for a save's header and
        the resume list (None: a game without rounds)."""
        return None

    def save_extra(self) -> dict[str, Any]:
        """JSON facts a save records beside its moves (a replay rebuilds the state from
        the moves alone; a game may record, say, the edition of its rules)."""
        return {}

    def _imagined(self, seed: int) -> None:
        """Make this copy's own bookkeeping a resampled copy's (``resample`` calls it):
        a seed of its own drawn from ``seed`` (the game's seed would let a bot deal
        every hidden card again) and no move history (other seats' private choices,
        a kept or searched card, are in it)."""
        self.seed = Rng(f"imagined:{seed}").next64() & 0x7FFFFFFF
        self._keys = None

    def apply(self, action: Action) -> Self:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        if self.is_over:
            raise IllegalAction("The game is over.")
        if type(action.seat) is not int or not 0 <= action.seat < len(self.players):
            raise IllegalAction(f"There is no seat {action.seat!r}.")
        if action.seat not in self.actors():
            raise IllegalAction(f"It is not {self.players[action.seat]}'s turn to act.")
        if not isinstance(action.args, tuple):
            raise IllegalAction("Action arguments must be a tuple.")
        reason = self.why_illegal(action)
        if reason:
            raise IllegalAction(reason)
        return self._successor(action)

    def _successor(self, action: Action) -> Self:
        """The state after a legal ``action``: a copy, with the action recorded and done."""
        new = self._copy()
        new._keys = (action.key, self._keys)
        new._do(action)
        return new

    # ---- helpers --------------------------------------------------------
    def action_keys(self) -> list[str]:
        out = [key for key in _walk(self._keys)]
        out.reverse()
        return out

    @property
    def step(self) -> int:
        return sum(1 for _ in _walk(self._keys))

    def log(self, text: str, seat: int | None = None) -> None:
        self._log = (LogEntry(text, seat), self._log)

    def log_entries(self) -> list[LogEntry]:
        """Every entry, oldest first, private ones included (for the engine and tests)."""
        out = list(_walk(self._log))
        out.reverse()
        return out

    def log_for(self, seat: int | None) -> list[str]:
        """Entries that seat may read: public ones and its own private ones."""
        return [e[0] for e in self.log_entries() if e[1] is None or e[1] == seat]

    def log_seen_by(self, seat: int) -> tuple[LogEntry, Any] | None:
        """The log store holding only what ``seat`` may read (for resampled copies)."""
        node: tuple[LogEntry, Any] | None = None
        for entry in self.log_entries():
            if entry[1] is None or entry[1] == seat:
                node = (entry, node)
        return node

    def find_action(self, seat: int, kind: str, *args: Any) -> Action | None:
        for a in self.legal_actions(seat):
            if a.kind == kind and a.args == tuple(args):
                return a
        return None


def _compile_copy(cls: type[GameState]) -> Callable[[GameState], GameState]:
    """GameState._copy written out for one class, one assignment per attribute.

    apply() copies the state on every move, and a loop of getattr/setattr over some
    thirty attributes made random playouts about 40% slower than hand-written copies;
    the generated function is as fast as those and cannot forget an attribute.
    """
    env: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = ["def _copy(self):", "    s = new(cls)"]
    for name, copier in cls._copied:
        if copier is None:
            lines.append(f"    s.{name} = self.{name}")
        else:
            env[f"copy_{name}"] = copier
            lines.append(f"    s.{name} = copy_{name}(self.{name})")
    lines += ["    s.rng = self.rng.copy()", "    return s"]
    exec("\n".join(lines), env)  # noqa: S102 - the source is built from slot names only
    return env["_copy"]


def _walk(node: tuple[Any, Any] | None) -> Iterator[Any]:
    while node is not None:
        yield node[0]
        node = node[1]


def rank_by(scores: Iterable[tuple[int, Any]]) -> list[list[int]]:
    """Group seats into places: input (seat, sort key) with larger keys better."""
    ordered = sorted(scores, key=lambda t: t[1], reverse=True)
    places: list[list[int]] = []
    last: object = object()
    for seat, k in ordered:
        if places and k == last:
            places[-1].append(seat)
        else:
            places.append([seat])
        last = k
    return places


def ranked_result(
    breakdowns: list[dict[str, Any]],
    score: str,
    tie_breaks: list[tuple[str, str]],
    unshared: str,
    shared: str,
) -> dict[str, Any]:
    """The result() every game returns, built from per-seat breakdowns.

    ``score`` names the breakdown key that decides; ``tie_breaks`` lists, in order,
    (breakdown key, sentence saying that key separated the tied players). The ranking
    uses the score and then each tie-break key in turn. ``unshared`` is said when the
    best score is one seat's alone, ``shared`` when no tie-break separates the leaders.
    """
    n = len(breakdowns)
    keys = [(b[score], *(b[k] for k, _ in tie_breaks)) for b in breakdowns]
    ranking = rank_by((s, keys[s]) for s in range(n))
    sayings = [unshared, *(says for _, says in tie_breaks)]
    tie_break = shared
    for depth, says in enumerate(sayings, start=1):
        if len(rank_by((s, keys[s][:depth]) for s in range(n))[0]) == 1:
            tie_break = says
            break
    return {
        "scores": [b[score] for b in breakdowns],
        "breakdown": breakdowns,
        "ranking": ranking,
        "winners": ranking[0],
        "tie_break": tie_break,
    }
