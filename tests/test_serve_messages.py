"""What `tabletop serve` does with one message of a browser tab, without a server:
``envelope`` reads it (or drops it), ``act_on`` passes it to the tab's app."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest

pytest.importorskip("textual_serve", reason="the optional 'web' extra is not installed")

from aiohttp import WSMessage, WSMsgType  # noqa: E402

from tabletop_tui.serve import MAX_COLUMNS, act_on, envelope  # noqa: E402

from .test_serve import MALFORMED  # noqa: E402


def text(data: str) -> WSMessage:
    return WSMessage(WSMsgType.TEXT, data, None)


@pytest.mark.parametrize("raw", MALFORMED[:2] + MALFORMED[4:], ids=["deep", "not-json", "empty"])
def test_a_message_that_is_not_a_list_with_a_kind_is_dropped(raw):
    assert envelope(text(raw)) is None


def test_envelope_reads_kind_and_data_and_drops_what_is_not_text():
    assert envelope(text('["stdin", "a"]')) == ("stdin", "a")
    assert envelope(text('["blur"]')) == ("blur", None)
    assert envelope(text('{"stdin": "a"}')) is None
    assert envelope(WSMessage(WSMsgType.BINARY, b'["stdin", "a"]', None)) is None


class Tab:
    """The tab's app and socket as ``act_on`` uses them: every call noted."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    async def send_bytes(self, keys: bytes) -> None:
        self.calls.append(("keys", keys))

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.calls.append(("size", width, height))

    async def blur(self) -> None:
        self.calls.append(("blur",))

    async def focus(self) -> None:
        self.calls.append(("focus",))

    async def send_json(self, data: Any) -> None:
        self.calls.append(("sent", data))


ACTS = [
    ("stdin", "hé", [("keys", "hé".encode())]),
    ("stdin", "\ud800", []),  # a lone surrogate: no key can be made of it
    ("stdin", 5, []),
    ("resize", {"width": 20000, "height": "x"}, [("size", MAX_COLUMNS, 24)]),
    ("resize", [100, 30], []),
    ("ping", 7, [("sent", ["pong", 7])]),
    ("blur", None, [("blur",)]),
    ("focus", None, [("focus",)]),
    ("quit", None, []),
]


@pytest.mark.parametrize(("kind", "data", "calls"), ACTS, ids=[f"{k}-{d!r}" for k, d, _ in ACTS])
def test_act_on_passes_each_kind_to_the_app_and_ignores_data_that_does_not_fit(kind, data, calls):
    tab = Tab()
    asyncio.run(act_on(cast(Any, tab), cast(Any, tab), kind, data))
    assert tab.calls == calls
