"""Registers the games that live only in the tests (``tests/games/``) through the same
discovery as the games in ``rules/``, before any test module is collected, so every
test parametrised over ``rules.GAMES`` plays them too.

After each test, what is still alive (modules, data, caches: a worker's heap grows to
hundreds of MiB) is moved out of the cycle collector's sight, as the app does once its
title is up (``tabletop_tui.memory_policy``). Without it each full collection inside a
later test walks that whole heap: they were about a third of a Pilot test's CPU
(docs/performance.md, "The test suite"). Objects are still freed by reference counting;
each test's own cycles are collected before the freeze, so a test counting objects
(tests/ui/test_memory.py) sees its own alone.
"""

import gc
from collections.abc import Generator

import pytest

import rules

rules.discover("tests.games")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    try:
        return (yield)
    finally:
        gc.collect()
        gc.freeze()
