"""Small preferences kept between runs (the theme), in ``settings.json`` beside the
saves folder. Reading or writing them never fails the app: a missing, damaged or
unwritable file means the defaults."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

MAX_BYTES = 64 * 1024


def settings_path(base: Path) -> Path:
    return Path(base) / "settings.json"


def load_settings(base: Path) -> dict[str, Any]:
    try:
        with settings_path(base).open("rb") as fh:
            data = json.loads(fh.read(MAX_BYTES).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def save_setting(base: Path, key: str, value: Any) -> bool:
    """Store one preference; False if it could not be written."""
    from rules.core import write_atomic

    settings = load_settings(base)
    if settings.get(key) == value:
        return True
    settings[key] = value
    try:
        write_atomic(settings_path(base), settings)
    except OSError:
        return False
    return True


def screenshot_folder(base: Path) -> Path:
    """The user's Downloads folder if there is one, else ``screenshots`` in the data
    folder (Textual's palette command fails when Downloads is missing), else, when the
    data folder cannot hold it (a file, read-only), one in the temporary folder."""
    import tempfile

    from platformdirs import user_downloads_path

    downloads = user_downloads_path()
    if downloads.is_dir():
        return downloads
    tried = [Path(base) / "screenshots", Path(tempfile.gettempdir()) / "tabletop-screenshots"]
    for folder in tried:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    return tried[0]  # Textual's own message then says it failed
