"""Registers the games that live only in the tests (``tests/games/``) through the same
discovery as the games in ``rules/``, before any test module is collected, so every
test parametrised over ``rules.GAMES`` plays them too.

The cycle collector is set up as ``tabletop play`` sets it (``tabletop_tui.memory_policy``),
for the same reason, but for the full collections at hand-offs (``Policy.applied`` stays
off, as the tests of that policy expect):

- young collections run after 7,000 new objects, not 700: drawing a frame makes many
  short-lived containers, and the suite draws hundreds of thousands of frames;
- after each test, what is still alive (modules, data, caches: a worker's heap grows to
  hundreds of MiB) is moved out of the collector's sight, as the app does once its title
  is up. Without it each full collection inside a later test walks that whole heap.

Objects are still freed by reference counting; each test's own cycles are collected
before the freeze, so a test counting objects (tests/ui/test_memory.py) sees its own
alone. The figures are in docs/performance.md, "The test suite".
"""

import gc
from collections.abc import Generator

import pytest

import rules
from tabletop_tui.memory_policy import YOUNG_THRESHOLD

rules.discover("tests.games")

_, _middle, _old = gc.get_threshold()
gc.set_threshold(YOUNG_THRESHOLD, _middle, _old)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
