"""The running TabletopApp, typed, for the screens that call its navigation methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:  # app.py imports the screens: importing it at run time is a cycle
    from .app import TabletopApp


def tabletop_app(node: DOMNode) -> TabletopApp:
    """``node.app`` as the TabletopApp it is: Textual types it as a plain ``App``, and
    the screens that leave to the title or the end screen only ever run in ours."""
    return cast("TabletopApp", node.app)
