"""Start-up stays light: the title screen comes up before any rules engine is imported
(the engines, their bots and the look-up behind a game's table come with its screen)."""

from __future__ import annotations

import subprocess
import sys

TITLE_THEN_REPORT = """
import sys, tempfile
from tabletop_tui.app import TabletopApp
from tabletop_tui.screens.title import TitleScreen

class Reporting(TabletopApp):
    def on_mount(self):
        super().on_mount()
        self.call_after_refresh(self.report)

    def report(self):
        games = sorted({m.split('.')[1] for m in sys.modules if m.startswith('rules.')})
        print(type(self.screen).__name__, games)
        self.exit()

Reporting(data_dir=tempfile.mkdtemp()).run(headless=True)
"""


def test_the_title_screen_is_up_before_any_rules_engine_is_imported():
    out = subprocess.run(
        [sys.executable, "-c", TITLE_THEN_REPORT], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "TitleScreen []"
