"""The engine protocol shared by every game (see shared/design/architecture.md)."""

from .actions import Action, IllegalAction, Option, SaveError, labeler
from .rng import Rng
from .spec import GameSpec, load_save_file, write_atomic
from .state import GameState, LogEntry, rank_by

__all__ = [
    "Action",
    "IllegalAction",
    "labeler",
    "Option",
    "SaveError",
    "Rng",
    "GameSpec",
    "GameState",
    "LogEntry",
    "rank_by",
    "write_atomic",
    "load_save_file",
]
