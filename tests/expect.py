"""Small typed helpers for tests."""

from rules.core import Action


def offered(action: Action | None) -> Action:
    """The move a test expects the state to offer (``find_action`` gives None when it
    is not): a missing move fails the test here, where it is clear."""
    assert action is not None, "the move is not offered"
    return action
