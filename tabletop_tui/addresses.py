"""This machine's addresses for a server to listen on: its local-network address and
a trial bind that says why a host and port cannot be used. Shared by `serve` and
`host`; no web dependency, so a plain install can host and join."""

from __future__ import annotations

import contextlib
import errno
import socket


def lan_address() -> str | None:
    """This machine's address on its local network, for the URL others open: the
    source address of the default route (a UDP 'connect' sends no packet), else the
    address the host name resolves to."""
    candidates = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # a documentation address: never reached
            candidates.append(s.getsockname()[0])
    except OSError:
        pass
    with contextlib.suppress(OSError):
        candidates.append(socket.gethostbyname(socket.gethostname()))
    return next((a for a in candidates if not a.startswith("127.") and a != "0.0.0.0"), None)


def listen_problem(host: str, port: int) -> tuple[int, str] | None:
    """Why the server could not listen on host:port, found by a trial bind before
    anything is printed (the address would be printed for nothing): (exit status,
    words), or None. An address that is not this machine's is a mistake on the command
    line (status 2); a port already taken is not (status 1)."""
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError) as exc:
        return 2, f"--host {host!r} is not an address ({getattr(exc, 'strerror', None) or exc})"
    for family, kind, proto, _, address in found:
        try:
            with socket.socket(family, kind, proto) as trial:
                trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp
                trial.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRNOTAVAIL:
                return 2, f"--host {host} is not an address of this machine"
            return 1, f"cannot listen on {host}:{port}: {exc.strerror or exc}"
    return None
