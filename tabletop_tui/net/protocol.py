"""The messages between a host and its seats: typed, versioned, capped in size.

Every message is one JSON object ``{"v": VERSION, "type": NAME, ...fields}``. Each
type is a frozen dataclass below; ``encode`` writes one and ``decode`` reads one
back, checking the version, the size and every field's type. A message that fails
any check is not an error to raise at the other side: ``decode`` returns None and
logs one line saying why, and the caller goes on (a stray or hostile frame costs
nothing but the line).

The host sends a seat only what that seat may see (see ``host.py``): its own view,
the public view, its legal moves with their labels, its own log, the explainer's
answers it asks for. Never the state, the seed, the moves' history or another seat's
log.
"""

from __future__ import annotations

import json
import logging
import types
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from rules.core import Explanation, Line, Ref

VERSION = 1
# A table update carries the seat's view, the public view and both logs: a long
# Sweet Lands game stays well under this. Anything bigger is dropped unread.
MAX_TO_SEAT = 1 << 20
# What a seat sends is small (a move's key, a question): a much lower cap.
MAX_TO_HOST = 16 << 10

log = logging.getLogger("tabletop.net")


# ---- seat -> host -----------------------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """The first message of a connection: the seat's token, or "" to watch."""

    TYPE: ClassVar[str] = "hello"
    token: str


@dataclass(frozen=True)
class Ask:
    """A move or a question, answered by an ``Answer`` with the same ``id``.

    ``method`` is one of host.ASKABLE (``act`` with a move's key, ``undo``, the
    explainer's ``action``/``thing``/... with their arguments); the host always
    answers for the asking seat, whatever seat the arguments name."""

    TYPE: ClassVar[str] = "ask"
    id: int
    method: str
    args: list[Any] = field(default_factory=list)


# ---- host -> seat -----------------------------------------------------------------
@dataclass(frozen=True)
class Welcome:
    """Sent once a Hello is accepted: the game and the seat (None: watching)."""

    TYPE: ClassVar[str] = "welcome"
    game: str
    players: list[str]
    options: dict[str, Any]
    seat: int | None


@dataclass(frozen=True)
class Table:
    """The game as one seat may see it, sent after every change."""

    TYPE: ClassVar[str] = "table"
    step: int  # moves made so far (a count, not the moves)
    checkpoint: int
    actors: list[int]
    view: dict[str, Any]  # view(seat); the public view for a watcher
    public: dict[str, Any]  # view(None)
    legal: list[list[str]]  # [key, label] of each of the seat's moves now
    log: list[str]  # log_for(seat)
    public_log: list[str]  # log_for(None)
    over: bool
    window: bool  # an interrupt window is open
    result: dict[str, Any] | None  # the result, once the game is over
    can_undo: bool
    away: list[int]  # seats played from elsewhere that are not connected now
    seat_kinds: list[str]  # "remote", "bot" or "host" for each seat


@dataclass(frozen=True)
class Answer:
    """The answer to ``Ask`` number ``id``: ``value``, or ``refused`` with why."""

    TYPE: ClassVar[str] = "answer"
    id: int
    value: Any = None
    refused: str | None = None


@dataclass(frozen=True)
class Bye:
    """The host ends the connection, and says why (a bad token, another version)."""

    TYPE: ClassVar[str] = "bye"
    reason: str


Message = Hello | Ask | Welcome | Table | Answer | Bye
TO_HOST: dict[str, type] = {cls.TYPE: cls for cls in (Hello, Ask)}
TO_SEAT: dict[str, type] = {cls.TYPE: cls for cls in (Welcome, Table, Answer, Bye)}


def encode(message: Message) -> str:
    # fields read as they are: asdict would deep-copy every view before json copies it again
    body = {f.name: getattr(message, f.name) for f in fields(message)}
    return json.dumps({"v": VERSION, "type": message.TYPE, **body}, ensure_ascii=False)


def decode(raw: str | bytes, kinds: dict[str, type], cap: int) -> Any | None:
    """The message ``raw`` holds if it is one of ``kinds``, within ``cap`` bytes, of
    this version and with every field of its type; else None and a log line."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > cap:
        log.warning("dropped a message of %d bytes (the limit is %d)", size, cap)
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        log.warning("dropped a message that is not JSON (%s)", type(exc).__name__)
        return None
    if not isinstance(data, dict):
        log.warning("dropped a message that is not a JSON object")
        return None
    if data.get("v") != VERSION:
        log.warning("dropped a message of protocol version %r (this is %d)", data.get("v"), VERSION)
        return None
    cls = kinds.get(data.get("type"))  # type: ignore[arg-type]  # a non-str finds nothing
    if cls is None:
        log.warning("dropped a message of unknown type %r", str(data.get("type"))[:40])
        return None
    name = data["type"]
    hints = get_type_hints(cls)
    values = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not MISSING or f.default_factory is not MISSING:
                continue
            log.warning("dropped a %s message without %r", name, f.name)
            return None
        if not fits(data[f.name], hints[f.name]):
            log.warning("dropped a %s message: %r is not %s", name, f.name, hints[f.name])
            return None
        values[f.name] = data[f.name]
    return cls(**values)


def fits(value: Any, hint: Any) -> bool:
    """Whether a JSON value has the declared type (the few shapes messages use)."""
    if hint is Any:
        return True
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(fits(value, arm) for arm in get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(
            fits(k, key) and fits(v, item) for k, v in value.items()
        )
    if hint is int:  # JSON has no bool/int split in Python's sense: a bool is no count
        return type(value) is int
    if hint is float:
        return type(value) in (int, float)
    return isinstance(value, hint)


# ---- the explainer's answers, as JSON ------------------------------------------------
def explanation_to_json(told: Explanation | None) -> dict[str, Any] | None:
    return None if told is None else asdict(told)


def explanation_from_json(data: Any) -> Explanation | None:
    """An Explanation back from JSON; None for None or anything malformed."""
    if not isinstance(data, dict) or not isinstance(data.get("title"), str):
        return None
    lines = []
    for raw in data.get("lines") or []:
        if not isinstance(raw, dict) or not isinstance(raw.get("label"), str):
            return None
        amount = raw.get("amount")
        lines.append(
            Line(
                raw["label"],
                amount if type(amount) in (int, float) else None,
                str(raw.get("unit", "")),
                str(raw.get("source", "")),
                raw.get("kind", "fact"),
            )
        )
    refused = data.get("refused")
    return Explanation(data["title"], tuple(lines), refused if isinstance(refused, str) else None)


def ref_to_json(ref: Ref) -> list[Any]:
    return [ref.kind, list(ref.id) if isinstance(ref.id, tuple) else ref.id]


def ref_from_json(data: Any) -> Ref | None:
    if not (isinstance(data, list) and len(data) == 2 and isinstance(data[0], str)):
        return None
    kind, ident = data
    if isinstance(ident, list) and all(type(i) is int for i in ident):
        return Ref(kind, tuple(ident))  # the host's explainer answers None to a kind it lacks
    if isinstance(ident, str) or type(ident) is int:
        return Ref(kind, ident)
    return None
