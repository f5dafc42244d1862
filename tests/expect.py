"""Small typed helpers for tests."""

from typing import TypeVar

from rules.core import Action

T = TypeVar("T")


def offered(action: Action | None) -> Action:
    """The move a test expects the state to offer (``find_action`` gives None when it
    is not): a missing move fails the test here, where it is clear."""
    assert action is not None, "the move is not offered"
    return action


def of_type(kind: type[T], value: object) -> T:
    """``value``, which the test expects to be a ``kind`` (a hard bot a search, a screen
    the game's own): anything else fails the test here, naming what it got."""
    assert isinstance(value, kind), f"expected a {kind.__name__}, got {type(value).__name__}"
    return value


def given(value: T | None) -> T:
    """``value``, which the test expects to be there (not None)."""
    assert value is not None, "expected a value, got None"
    return value
