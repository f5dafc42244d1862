"""When Python's cycle collector runs while a person plays.

Measured with ``benchmarks/sl_keys.py --frames`` (Sweet Lands solo at 120x40): drawing
a frame allocates many short-lived container objects (every drawn line carries small
caches of its own), so with Python's default thresholds (700, 10, 10) a full collection,
30-65 ms of CPU spent walking every object the process holds, landed inside about one
key press in seven and made most of the presses that took longer than 100 ms.

Two measures from the standard library, taken by ``tabletop play`` (the test suite
takes both in its own way, tests/conftest.py, and keeps the collections below off):

- a young-generation threshold of 7,000 objects instead of 700: young collections run a
  tenth as often, and so do full ones;
- once the title screen is up, everything alive (modules, classes, styles, the app) is
  moved out of the collector's sight with ``gc.freeze``: it lives as long as the process
  anyway, and full collections no longer walk it.

Objects are still freed by reference counting the moment they are unused; only garbage
held in reference cycles waits a little longer, and is still collected.

The wait costs memory (5-8 MiB of a game's peak), so a full collection also runs while
the device changes hands: once a hand-off screen's first frame is drawn, when nobody
presses a key for a while (``between_players``). It frees the cycles of the turn
before, and its 100-300 ms of CPU falls between two players, not inside a key. One more
runs as a game ends, before its end screen is built (``game_over``): a card game's peak
is that moment, the end screen and its modules arriving on top of the last turn's
garbage (``benchmarks/memory.py --timeline``). The last runs once the game's screen
has been taken away, before the end screen's round chart is drawn
(``game_screen_gone``): the game's screen is a web of widgets pointing at each other,
freed only by a collection, and the chart and its module then reuse its memory.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 7000


class Policy:
    """Whether this process plays under the policy (``tabletop play``), not the defaults."""

    applied = False


def apply() -> None:
    """Collect young objects less often (older generations keep their ratios)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    Policy.applied = True


def settle_startup() -> None:
    """Free start-up garbage, then keep what remains out of every later collection."""
    gc.collect()
    gc.freeze()


def between_players() -> None:
    """A full collection while the terminal changes hands (a hand-off screen is up and
    drawn); nothing where the policy is not applied (tests keep Python's defaults)."""
    if Policy.applied:
        gc.collect()


def game_over() -> None:
    """A full collection once the last move is made, before the end screen is built, so
    the end screen reuses the memory of the last turn's cycles instead of adding to it;
    nothing where the policy is not applied."""
    if Policy.applied:
        gc.collect()


def game_screen_gone() -> None:
    """A full collection once the end screen is up and the game's screen removed, so
    that what the end screen builds then (its round chart) reuses the game screen's
    memory; nothing where the policy is not applied."""
    if Policy.applied:
        gc.collect()
