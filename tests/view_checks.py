"""What the explainer tests of several games ask of a view."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def json_strings(value: Any) -> Iterator[str]:
    """Every string value in a JSON value, however deep (the keys left out)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from json_strings(item)
