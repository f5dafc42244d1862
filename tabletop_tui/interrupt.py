"""Ctrl-C ends every command with one status, 130 (the shell's for SIGINT).

In a full-screen app Ctrl-C arrives as a key (the terminal is in raw mode), bound to
``quit(130)`` beside Ctrl+Q; a SIGINT sent from outside is routed to the same quit by
``catch_sigint``, so the app saves (or asks) first instead of ending with status 0.
Only the standard library here: the command line imports this before any app.
"""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable

INTERRUPTED = 130


def catch_sigint(app, on: bool, quit_with: Callable[[int], None]) -> None:
    """Route SIGINT to ``quit_with(130)`` on the app's loop (``on``), or stop doing so.
    Only for a terminal: Textual's web driver handles the signal itself, and tests
    run the apps headless inside their own loop."""
    if app.is_headless or os.name != "posix" or "TEXTUAL_DRIVER" in os.environ:
        return
    loop = asyncio.get_running_loop()
    if on:
        loop.add_signal_handler(signal.SIGINT, app.call_next, quit_with, INTERRUPTED)
    else:
        loop.remove_signal_handler(signal.SIGINT)
