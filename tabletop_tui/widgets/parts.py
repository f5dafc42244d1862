"""Finding a screen's widgets once: a DOM query walks the whole screen each time.

A game screen makes its widgets once, in compose, and never mounts or removes any
during play, so what a query found stays right for the screen's life.

``PartHost``: what a part composed into a screen (the coach, the Sweet Lands chooser's
wiring, its trade) may always ask of the screen that holds it; each part's own host
protocol adds what else it reads."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from textual.notifications import SeverityLevel
from textual.widget import Widget

W = TypeVar("W", bound=Widget)


class PartHost(Protocol):
    """A screen as a part held by it sees it: its notices and its widgets."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


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
