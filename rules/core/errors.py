"""Every error the engines raise on purpose, in one place."""

from __future__ import annotations


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


class DataError(ValueError):
    """Component data (cards, tiles, boards) breaks a count or structure the rulebook
    states; raised when the data is loaded, so a bad edit fails at once."""


def brief(value: object, limit: int = 40) -> str:
    """A short, safe text for a value a caller or a save file gave: scalars as repr
    (cut to ``limit``), anything else by its type, so that a deeply nested or huge
    value can never break the message that refuses it."""
    if value is None or isinstance(value, (bool, int, float, str)):
        text = (
            repr(value)
            if not isinstance(value, int) or value.bit_length() < 200
            else "a huge number"
        )
        return text if len(text) <= limit else text[: limit - 3] + "..."
    return f"a {type(value).__name__}"
