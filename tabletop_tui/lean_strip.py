"""Textual's ``Strip`` with its seven caches made when first used, not with every strip.

Each Strip (one line of a widget, or a piece of one) is made with seven small caches of
lines derived from it (divided, cropped, styled, filtered...). Most strips never use
most of them, yet each cache is two objects the cycle collector tracks: a frame of a
Sweet Lands move made some 350 strips and so 5,000 tracked objects, most of them
empty caches, and Python's collector stopped a key's answer for 50-90 ms every few
moves to go through them. Made on first use, they cost nothing for a strip that needs
none: ``__getattr__`` is asked only while the slot is still empty.

It also keeps ``divide`` of a strip into one piece (the whole strip) from storing the
strip in its own cache: that made every such strip a reference cycle, which only the
collector frees.

Only on the Textual release this was written and tested against (the slots and
caches are its internals); on another, ``install`` leaves Strip alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.segment import Segment
from textual.cache import FIFOCache
from textual.strip import Strip

from .paint import PROVEN_TEXTUAL, TEXTUAL_VERSION

# Each cache's size, as Textual's Strip.__init__ makes them.
CACHE_SIZES = {
    "_divide_cache": 4,
    "_crop_cache": 16,
    "_style_cache": 16,
    "_filter_cache": 4,
    "_line_length_cache": 4,
    "_crop_extend_cache": 4,
    "_offsets_cache": 4,
}

_textual_divide = Strip.divide


def _init(self: Strip, segments: Iterable[Segment], cell_length: int | None = None) -> None:
    self._segments = list(segments)
    self._cell_length = cell_length
    self._render_cache = None
    self._link_ids = None
    self._cell_count = None


def _getattr(self: Strip, name: str) -> FIFOCache:
    size = CACHE_SIZES.get(name)
    if size is None:
        raise AttributeError(name)
    cache: FIFOCache = FIFOCache(size)
    setattr(self, name, cache)
    return cache


def _divide(self: Strip, cuts: Iterable[int]) -> Sequence[Strip]:
    cuts = list(cuts)
    if len(cuts) == 1 and cuts[0] == self.cell_length:
        return [self]  # (Textual's stores [self] in self's cache: a cycle)
    return _textual_divide(self, cuts)


def install() -> bool:
    """Make Strip's caches on first use; False (Strip untouched) on another Textual."""
    if TEXTUAL_VERSION != PROVEN_TEXTUAL:
        return False
    if Strip.__init__ is not _init:
        Strip.__init__ = _init  # type: ignore[method-assign]
        Strip.__getattr__ = _getattr  # type: ignore[attr-defined]
        Strip.divide = _divide  # type: ignore[method-assign]
    return True
