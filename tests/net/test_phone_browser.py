"""A seat's browser page on a phone (issue 50 items 6 and 7): `tabletop host --web`
opened in real headless Chromium at 390x844 by screenshots/make_phone_screenshots.py.
The page gives the app a terminal of 40 to 79 columns and at least 30 rows, where the
game screens show their narrow layout; the shot is saved. Skipped without Chromium."""

from __future__ import annotations

import json
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")

SCRIPT = Path(__file__).resolve().parents[2] / "screenshots" / "make_phone_screenshots.py"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.skipif(shutil.which("chromium") is None, reason="no Chromium on this machine")
def test_a_phone_sized_page_gives_the_seat_a_narrow_terminal(tmp_path):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--settle", "1", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    shot = tmp_path / "phone-happy-city-390x844.png"
    assert png_size(shot) == (390, 844)
    cols, rows = json.loads(done.stdout.splitlines()[-1])["16"]  # the page's default font
    assert 40 <= cols < 80 and rows >= 30


def test_a_seats_page_asks_a_phone_for_its_own_width(tmp_path):
    """Without the viewport line a phone lays the page out 980 pixels wide and shrinks
    it: the seat's terminal came out 100 columns wide, too small to read."""
    from tabletop_tui.net.web import PHONE_VIEWPORT, SeatPages, fit_phones

    pages = SeatPages("http://127.0.0.1:1", ["tok"], "127.0.0.1", 0, str(tmp_path))
    page = (Path(pages.templates_path) / "app_index.html").read_text(encoding="utf-8")
    shutil.rmtree(pages.templates_path)  # made at start; serve() removes it when it ends
    head = page.split("</head>", 1)[0]
    assert head.count(PHONE_VIEWPORT) == 1
    assert fit_phones(page) == page  # once only
