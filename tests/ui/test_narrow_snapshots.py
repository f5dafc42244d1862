"""Snapshots of each game's narrow seat layout at 40x30 and 45x50 (issue 50 item 7),
at recorded positions (tests/ui/positions); update with --snapshot-update, then look."""

import pytest

from .positions import table
from .test_sweet_lands_snapshots import make, opened

SIZES = [(40, 30), (45, 50)]
IDS = ["40x30", "45x50"]
# (position, keys pressed once it is open)
SCREENS = {
    "happy_city": ("happy-city-mid",),
    "happiest_town": ("happiest-town-mid",),
    "happiness": ("happiness-mid",),
    "sweet_lands_map": ("sweet-lands-placing",),
    "sweet_lands_hand": ("sweet-lands-cards", "h"),
    "sweet_lands_table": ("sweet-lands-four", "f3"),
}


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("name", list(SCREENS))
def test_snapshot_narrow(snap_compare, tmp_path, name, size):
    position, *keys = SCREENS[name]
    before = opened(lambda: table(position), *keys)
    assert snap_compare(make(tmp_path), terminal_size=size, run_before=before)
