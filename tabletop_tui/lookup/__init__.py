"""The look-up: one key (F2) that explains what is focused or under the mouse on any
game screen, the replay and the end screen, in a panel docked under the table; and
the command palette's provider that finds any card, term or rule section by name.

Every word shown comes from the game's explainer (``thing``, ``action``, the game's
glossary), asked for the seat at the keyboard: a screen never works a rule out here.
"""

from .panel import LookupPanel
from .screen import Lookup, LookupScreen, Subject, TableLookup
from .text import glossary_text, lookup_text

__all__ = [
    "Lookup",
    "LookupPanel",
    "LookupScreen",
    "Subject",
    "TableLookup",
    "glossary_text",
    "lookup_text",
]
