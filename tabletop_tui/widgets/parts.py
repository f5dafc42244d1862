"""Finding a screen's widgets once: a DOM query walks the whole screen each time.

A game screen makes its widgets once, in compose, and never mounts or removes any
during play, so what a query found stays right for the screen's life."""

from __future__ import annotations

from typing import Any, TypeVar

from textual.widget import Widget

W = TypeVar("W", bound=Widget)


class Parts:
    """A mixin for a Screen, listed before it: ``part`` and ``parts`` remember."""

    query_one: Any
    query: Any

    def part(self, selector: str, kind: type[W]) -> W:
        """The one widget matching ``selector``, of type ``kind``."""
        found = self.__dict__.setdefault("_found", {})
        if selector not in found:
            found[selector] = self.query_one(selector, kind)
        return found[selector]

    def parts(self, kind: type[W]) -> list[W]:
        """Every widget of type ``kind``, in screen order."""
        found = self.__dict__.setdefault("_found", {})
        if kind not in found:
            found[kind] = list(self.query(kind))
        return found[kind]
