"""Actions, the errors an engine raises, and game options."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


class IllegalAction(Exception):
    """Raised by ``apply`` for a move the rules forbid; ``reason`` is for people."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class SaveError(Exception):
    """A save that cannot be loaded: names the step (or 'header') and the reason."""

    def __init__(self, reason: str, step: int | None = None, path: str | None = None):
        where = "header" if step is None else f"step {step}"
        prefix = f"{path}: " if path else ""
        super().__init__(f"{prefix}{where}: {reason}")
        self.reason = reason
        self.step = step
        self.path = path


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
        try:
            parts = key.split(":", 2)
            seat = int(parts[0])
            kind = parts[1]
            args: tuple = ()
            if len(parts) == 3:
                raw = json.loads(parts[2])
                if not isinstance(raw, list):
                    raise ValueError("arguments must be a list")
                args = tuple(raw)
        except (ValueError, IndexError) as exc:
            raise IllegalAction(f"'{key}' is not an action key ({exc})") from None
        if not kind:
            raise IllegalAction(f"'{key}' has no action kind")
        return Action(seat, kind, args)

    def __str__(self) -> str:
        return self.label or self.key


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
        if self.choice_labels and choice in self.choices:
            return self.choice_labels[self.choices.index(choice)]
        return str(choice)


def labeler(table: dict):
    """Build a spec's labeler from {kind: function(action) -> text}.

    A key whose arguments do not fit its kind (a hand-edited save, say) falls back
    to the key itself rather than failing.
    """

    def label(action: Action) -> str:
        f = table.get(action.kind)
        try:
            return f(action) if f else action.key
        except (IndexError, ValueError, TypeError, KeyError):
            return action.key

    return label
