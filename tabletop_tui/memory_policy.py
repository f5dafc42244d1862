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
has been taken away and freed by Textual's removal tasks, before the end screen's
round chart is drawn (``game_screen_gone``): the game's screen is a web of widgets
pointing at each other, freed only by a collection, and the chart and its module then
reuse its memory. Run as soon as the end screen was mounted, it found the game's
screen still held by those tasks (a frame longer) and freed none of it.

Once a game's screen is first drawn, a full collection runs and what is left alive is
moved out of sight too (``game_opened``): the game's screen, widgets, drawn panels and
rules, most of which live until the game ends, so the between-players collections and
any full collection inside a key walk only what the game made since. A frozen object is
never collected, so one that becomes garbage in a cycle waits for the next unfreeze: as
the game ends, before ``game_over``'s collection, or as it is left for another screen
(``game_left``); start-up's objects are unfrozen with it and frozen again by the next
game's freeze. What waits is mostly the lines of the first frames (a ``Strip`` keeps
itself in its own cache, a cycle): about 0.5 MiB by a 4-human Sweet Lands game's end.
Tried and not kept: a freeze after each between-players collection (every hand-off then
froze lines and widgets the next turns dropped: that game peaked at 84.5 MiB instead of
63.3), and one as the game's screen is mounted, before anything is drawn (it froze too
little: the between-players collections took as long as without it).
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.dom import DOMNode

# App.call_after_refresh: run a callback once the next frame is drawn
AfterRefresh = Callable[[Callable[[], None]], object]

YOUNG_THRESHOLD = 7000
# full collections a game's freeze, or the end screen's round chart, waits through for the
# screens left to be freed (Textual's tasks that remove them hold them a frame or so)
FREEZE_TRIES = 5


class Policy:
    """Whether this process plays under the policy (``tabletop play``), not the defaults;
    whether a game's objects are frozen with start-up's (``game_frozen``); and the
    screens taken away since the last freeze (``left``)."""

    applied = False
    game_frozen = False
    left: list[weakref.ref[DOMNode]] = []


def apply() -> None:
    """Collect young objects less often (older generations keep their ratios)."""
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    Policy.applied = True


def settle_startup() -> None:
    """Free start-up garbage, then keep what remains out of every later collection."""
    gc.collect()
    gc.freeze()


def freeze_game() -> bool:
    """A full collection, then what remains (a game's screen with it) kept out of every
    later collection until the game ends or is left; not frozen (False) while a screen
    left is still alive (Textual's tasks that take it away still hold it): it would stay
    for the whole game."""
    gc.collect()
    if any(screen() is not None for screen in Policy.left):
        return False
    gc.freeze()
    Policy.game_frozen = True
    Policy.left.clear()
    return True


def thaw() -> None:
    """A game's frozen objects (and start-up's) back in the collector's sight."""
    if Policy.game_frozen:
        gc.unfreeze()
        Policy.game_frozen = False


def game_left(leaving: Sequence[DOMNode]) -> None:
    """A game (or its end screen) is left for another screen: its frozen objects may be
    collected again; ``leaving`` are the screens taken away."""
    if Policy.applied:
        thaw()
        Policy.left.extend(weakref.ref(screen) for screen in leaving)


def game_opened(after_refresh: AfterRefresh) -> None:
    """A game's screen is shown: once it is drawn (``after_refresh``) and the screens
    left are gone (Textual removes them in tasks of their own, and one frozen then would
    stay for the whole game), collect and freeze."""
    if Policy.applied:
        after_refresh(partial(freeze_once_left, after_refresh))


def freeze_once_left(after_refresh: AfterRefresh, tries: int = FREEZE_TRIES) -> None:
    """Freeze the game once no screen left is attached or held, asked again after each
    frame until then (a collection each time once they are detached; at most ``tries``,
    then the game is left unfrozen)."""
    if any(screen is not None and screen.is_attached for screen in (r() for r in Policy.left)):
        after_refresh(partial(freeze_once_left, after_refresh, tries))
    elif not freeze_game() and tries > 1:
        after_refresh(partial(freeze_once_left, after_refresh, tries - 1))


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
        thaw()  # the game's objects may go now
        gc.collect()


def game_screen_gone(
    after_refresh: AfterRefresh, then: Callable[[], None], tries: int = FREEZE_TRIES
) -> None:
    """Run ``then`` (the end screen's round chart) once the game's screen is freed: a
    full collection once the screens left are detached, asked again after each frame
    while one is still alive (Textual's tasks that remove a screen's widgets hold it a
    frame or so longer; at most ``tries`` collections, then ``then`` anyway). What
    ``then`` builds reuses the game screen's memory. Where the policy is not applied,
    ``then`` at once."""
    if not Policy.applied:
        then()
        return
    screens = [r() for r in Policy.left]
    if any(screen is not None and screen.is_attached for screen in screens):
        after_refresh(partial(game_screen_gone, after_refresh, then, tries))
        return
    del screens  # not held here while the collection runs
    gc.collect()
    if tries > 1 and any(r() is not None for r in Policy.left):
        after_refresh(partial(game_screen_gone, after_refresh, then, tries - 1))
        return
    then()
