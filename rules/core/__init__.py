"""The engine protocol shared by every game (see shared/design/architecture.md).

Core knows no game: the registry in ``rules`` and each game package build on it.
"""

from .actions import Action, Option, labeler
from .errors import DataError, IllegalAction, SaveError
from .explain import Explainer, Explanation, Line, Ref, refusal
from .glossary import Glossary, Term, load_glossary
from .rng import Rng
from .spec import MAX_SEED, GameSpec, write_atomic
from .state import GameState, LogEntry, copy_dicts, copy_nested, rank_by, ranked_result
from .text import MAX_NAME_CHARS, counted, unsavable

__all__ = [
    "Action",
    "DataError",
    "Explainer",
    "Explanation",
    "Line",
    "Glossary",
    "Term",
    "load_glossary",
    "Ref",
    "refusal",
    "IllegalAction",
    "labeler",
    "Option",
    "SaveError",
    "Rng",
    "GameSpec",
    "MAX_SEED",
    "MAX_NAME_CHARS",
    "unsavable",
    "counted",
    "GameState",
    "LogEntry",
    "copy_dicts",
    "copy_nested",
    "rank_by",
    "ranked_result",
    "write_atomic",
]
