"""Mio's share of the solo player's cards: a project rule beyond the rulebook, off by
default (RULINGS.md, "Solo recalibration"): with the option ``mio_takes = "cards"``
Mio takes ``cards_taken`` (data/solo.toml) of the cards the player would draw each
income phase; the default, ``"nothing"``, draws as printed."""

from __future__ import annotations

from ..model import data as D
from ..model.fields import StateFields

# the option's value that plays the printed draw
PRINTED = "nothing"


def cards_taken(s: StateFields) -> int:
    """How many of this income phase's cards Mio takes (0 with rivals or the option off)."""
    if not s.solo or s.options.get("mio_takes", PRINTED) == PRINTED:
        return 0
    return D.load().mio_takes
