"""Actions, game options and the labeler that names actions for people."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, brief

MAX_SEAT_DIGITS = 6  # far more seats than any game has; a longer number is no seat


class Action:
    """One fine-grained decision by one seat: a small immutable value.

    ``args`` holds JSON scalars only (str, int, bool, None) so the key round-trips.
    The label is for people and takes no part in equality. It may be given as a
    function of no arguments that returns the text: engines list many moves of which
    a playout reads no label, so the text is made on first use and then kept.
    """

    # Public fields are read-only properties over private slots: plain slot writes
    # in __init__ build an action about four times faster than frozen-dataclass
    # writes (object.__setattr__), and engines build thousands a second.
    __slots__ = ("_seat", "_kind", "_args", "_label", "_key")
    _seat: int
    _kind: str
    _args: tuple
    _label: str | Callable[[], str]
    _key: str | None

    def __init__(
        self, seat: int, kind: str, args: tuple = (), label: str | Callable[[], str] = ""
    ) -> None:
        self._seat = seat
        self._kind = kind
        self._args = args
        self._label = label
        self._key = None

    if TYPE_CHECKING:

        @property
        def seat(self) -> int: ...
        @property
        def kind(self) -> str: ...
        @property
        def args(self) -> tuple: ...

    else:
        seat = property(attrgetter("_seat"))
        kind = property(attrgetter("_kind"))
        args = property(attrgetter("_args"))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Action:
            return NotImplemented
        return self._seat == other._seat and self._kind == other._kind and self._args == other._args

    def __hash__(self) -> int:
        return hash((self._seat, self._kind, self._args))

    def __repr__(self) -> str:
        return f"Action(seat={self.seat!r}, kind={self.kind!r}, args={self.args!r}, label={self.label!r})"

    def __reduce__(self) -> tuple:
        return (Action, (self.seat, self.kind, self.args, self.label))

    @property
    def label(self) -> str:
        text = self._label
        if not isinstance(text, str):
            text = self._label = text()
        return text

    @property
    def key(self) -> str:
        """The stable text of this action (seat:kind[:json list of args]), made once.

        Kept on the instance, never in a table by arguments: 1, True and 1.0 are equal
        as dict keys but give different keys here."""
        key = self._key
        if key is None:
            key = self._key = _key_text(self._seat, self._kind, self._args)
        return key

    @staticmethod
    def parse(key: str) -> Action:
        """Read a key back; anything that is not a key of this shape is IllegalAction.

        Arguments must be JSON scalars, as the engines only ever list such actions;
        a nested list or object (however deep) is refused here rather than reaching
        an engine.
        """
        if not isinstance(key, str):
            raise IllegalAction(f"{brief(key)} is not an action key (keys are text)")
        parts = key.split(":", 2)
        if len(parts) < 2 or not parts[0].isascii() or not parts[0].isdigit():
            raise IllegalAction(f"{brief(key, 60)} is not an action key (seat:kind[:arguments])")
        if len(parts[0]) > MAX_SEAT_DIGITS:  # int() refuses thousands of digits
            raise IllegalAction(f"{brief(key, 60)} names no seat (a number far too long)")
        seat, kind = int(parts[0]), parts[1]
        if not kind:
            raise IllegalAction(f"{brief(key, 60)} has no action kind")
        args: tuple = ()
        if len(parts) == 3:
            args = _parse_args(key, parts[2])
        return Action(seat, kind, args)

    def __str__(self) -> str:
        return self.label or self.key


# Characters json.dumps(ensure_ascii=False) writes as escapes; text without them is
# written between quotes as it is.
_ESCAPED = re.compile(r'[\x00-\x1f"\\]')


def _key_text(seat: int, kind: str, args: tuple) -> str:
    if not args:
        return f"{seat}:{kind}"
    parts = []
    for x in args:
        t = type(x)
        if t is int:
            parts.append(str(x))
        elif t is str and not _ESCAPED.search(x):
            parts.append(f'"{x}"')
        else:  # bools, floats, None, text with escapes: exactly as json writes them
            parts.append(json.dumps(x, ensure_ascii=False))
    return f"{seat}:{kind}:[{','.join(parts)}]"


def _parse_args(key: str, text: str) -> tuple:
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        raise IllegalAction(f"{brief(key, 60)} is not an action key ({reason})") from None
    if not isinstance(raw, list):
        raise IllegalAction(f"{brief(key, 60)} is not an action key (arguments must be a list)")
    if not all(x is None or isinstance(x, (str, int, float, bool)) for x in raw):
        raise IllegalAction(
            f"{brief(key, 60)}: action arguments are single values, not lists or objects"
        )
    return tuple(raw)


@dataclass(frozen=True)
class Option:
    """A setup choice; the setup screen builds its form from these."""

    label: str
    default: Any
    choices: tuple
    help: str = ""
    # Human names for the choices, same order; falls back to str(choice).
    choice_labels: tuple = ()
    # The choice a table's first game of this game starts from, where a newcomer needs
    # another than the default (None: the default); the setup says so beside it.
    first_game: Any = None

    def label_of(self, choice: Any) -> str:
        if self.choice_labels and self.allows(choice):
            return self.choice_labels[self.choices.index(choice)]
        return str(choice)

    def allows(self, value: Any) -> bool:
        """Whether ``value`` is one of the choices, of the same type (so True is not 1
        and 5.0 is not 5: a save or a caller cannot slip in a look-alike)."""
        return any(type(value) is type(c) and value == c for c in self.choices)


def labeler(table: Mapping[str, Callable[[Action], str]]) -> Callable[[Action], str]:
    """Build a spec's labeler from {kind: function(action) -> text}.

    A key whose arguments do not fit its kind (a hand-edited save, say) falls back
    to the key itself rather than failing.
    """

    def label(action: Action) -> str:
        f = table.get(action.kind)
        try:
            return f(action) if f else action.key
        except Exception:  # noqa: BLE001 - a key read from a file may hold anything
            return action.key

    return label
