"""What each part of a game screen was last drawn from, so a part is drawn again only
when what it would be drawn from has changed.

Each part's model is a frozen value (a dataclass, a tuple) derived from the seat's
typed view: the rows of the move list, the keys the footer offers, a panel's
position, reader and width. Equal models draw equal parts, so comparing the model
replaces each screen's hand-made flags ("dirty" sets, the width last drawn, the reader
the hand was drawn for)."""

from __future__ import annotations

from collections.abc import Hashable


class Drawn:
    """The model each part of a screen was last drawn from, by the part's name."""

    def __init__(self) -> None:
        self.models: dict[str, Hashable] = {}

    def changed(self, part: str, model: Hashable) -> bool:
        """True (and ``model`` kept) when ``part`` must be drawn from ``model``: it
        was never drawn, or drawn from another model."""
        if part in self.models and self.models[part] == model:
            return False
        self.models[part] = model
        return True

    def get(self, part: str) -> Hashable | None:
        """The model ``part`` was last drawn from (None: not drawn, or forgotten)."""
        return self.models.get(part)

    def forget(self, *parts: str) -> None:
        """These parts are blank again: the next model draws them, whatever it is."""
        for part in parts:
            self.models.pop(part, None)
