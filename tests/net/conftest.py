"""Every host a test starts on a thread is stopped when the test ends, so no server,
table or controller of one test lives on in the worker that runs the next."""

from __future__ import annotations

import pytest

from tabletop_tui.net.server import HostServer


@pytest.fixture(autouse=True)
def hosts_stop_after_each_test(monkeypatch):
    started: list[HostServer] = []
    run_in_thread = HostServer.run_in_thread

    def run_and_keep(server: HostServer) -> int:
        port = run_in_thread(server)
        started.append(server)
        return port

    monkeypatch.setattr(HostServer, "run_in_thread", run_and_keep)
    yield
    for server in started:
        server.stop_thread()
