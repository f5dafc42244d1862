"""Actions, game options and the labeler that names actions for people."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction, brief


@dataclass(frozen=True, slots=True)
class Action:
    """One fine-grained decision by one seat.

    ``args`` holds JSON scalars only (str, int, bool, None) so the key round-trips.
    The label is for people and takes no part in equality.
    """

    seat: int
    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)

    @property
    def key(self) -> str:
        if not self.args:
            return f"{self.seat}:{self.kind}"
        return f"{self.seat}:{self.kind}:{json.dumps(list(self.args), separators=(',', ':'), ensure_ascii=False)}"

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
        seat, kind = int(parts[0]), parts[1]
        if not kind:
            raise IllegalAction(f"{brief(key, 60)} has no action kind")
        args: tuple = ()
        if len(parts) == 3:
            args = _parse_args(key, parts[2])
        return Action(seat, kind, args)

    def __str__(self) -> str:
        return self.label or self.key


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
        except (IndexError, ValueError, TypeError, KeyError, AttributeError):
            return action.key

    return label
