"""An unexpected error ends a command with one short line, a non-zero status and the
path of a crash log holding the details, instead of a traceback on the screen.

For the Textual apps the traceback Textual prints on exit goes to the log: the app's
``error_console`` (a public attribute) writes into memory, read back after ``run``.
"""

from __future__ import annotations

import io
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .interrupt import INTERRUPTED

CRASH_STATUS = 1


def crash_folder(data_dir: str | None) -> Path:
    from .saves import data_dir as resolve

    return resolve(data_dir) / "crash-logs"


def write_crash_log(text: str, data_dir: str | None) -> Path | None:
    """Write the details to a new file in the data folder (or, failing that, the
    temporary folder); its path, or None if nothing could be written."""
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    for folder in (crash_folder(data_dir), Path(tempfile.gettempdir()) / "tabletop-crash-logs"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            k = 2
            while path.exists():
                path = folder / f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{k}.txt"
                k += 1
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def tell(command: str, what: str, log: Path | None) -> int:
    where = f"; details in {log}" if log else " (no crash log could be written)"
    print(f"tabletop {command}: {what}{where}", file=sys.stderr)
    return CRASH_STATUS


def report_exception(command: str, exc: BaseException, data_dir: str | None) -> int:
    """One line for an exception no one expected, the traceback in a crash log."""
    text = "".join(traceback.format_exception(exc))
    log = write_crash_log(f"tabletop {command}\n{text}", data_dir)
    return tell(command, f"unexpected error ({type(exc).__name__}: {str(exc)[:200]})", log)


def capture_errors(app) -> io.StringIO:
    """Send what the app prints on a crash into memory (see ``app_status``)."""
    from rich.console import Console

    buffer = io.StringIO()
    app.error_console = Console(
        file=buffer, width=120, markup=False, highlight=False, color_system=None
    )
    return buffer


def app_status(command: str, app, errors: io.StringIO, data_dir: str | None) -> int:
    """The status for an app that has run: 0, or the crash told in a line and logged."""
    code = app.return_code or 0
    if code in (0, INTERRUPTED):  # INTERRUPTED: Ctrl-C, once the game was saved
        return code
    details = errors.getvalue() or "no details were printed"
    log = write_crash_log(f"tabletop {command}\n{details}", data_dir)
    return tell(command, "the app stopped on an unexpected error", log)
