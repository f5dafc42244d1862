"""Record the snapshot positions again: ``python -m tests.ui.positions [NAME ...]``."""

import sys

from . import record

record(sys.argv[1:])
