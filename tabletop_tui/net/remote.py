"""A seat played from another screen: the game screens, fed by the host.

The seam is the turn controller. Screens read the game through ``controller.state``
(the protocol: ``view``, ``legal_actions``, ``actors``, ``log_for``, ``result``...)
and the controller's explainer. A joined seat gets a ``RemoteController`` whose
state is a ``SeatState``, made from the last table the host sent (so it can only
answer what that seat was sent), and whose spec carries a ``RemoteExplainer`` that
asks the host, which answers for this seat whatever the screen passes as the state.
Moves go to the host and come back as a new table. The screens are the same ones
hot-seat play uses; none of them knows which kind of controller it was given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Self

from rules.core import Action, Explainer, Explanation, GameSpec, GameState, IllegalAction, Ref
from rules.sweet_lands import SoloVerdict, Standing, SweetLandsExplainer, TrackRate

from ..controller import Controller
from .client import AskRefused, SeatLink
from .host import REMOTE
from .protocol import Table, Welcome, explanation_from_json, log, ref_from_json, ref_to_json


class SeatState(GameState[dict[str, Any]]):
    """The game as one seat was last told it: its view, the public view, its moves,
    its log. It never holds more, so nothing drawn from it can show more. It is not
    played on: moves go to the host (``apply`` refuses).

    Its views are the host's game's views as JSON carried them: the same keys and
    values, as every view is JSON-safe (tests/test_protocol.py), so the game's screen
    reads them as its typed view; here, knowing no game, they are plain mappings."""

    __slots__ = ("_seat", "_table", "_legal")
    spec: ClassVar[GameSpec]

    def __init__(self, welcome: Welcome, table: Table, spec: GameSpec):
        self.players = list(welcome.players)
        self.seed = 0  # never sent: it would deal every hidden card again
        self.options = dict(welcome.options)
        # no rng: nothing is ever drawn on a seat's copy (apply refuses)
        self._keys = None  # the moves' history is never sent (it holds private choices)
        self._log = None
        self.checkpoint = table.checkpoint
        self._seat = welcome.seat
        self._table = table
        self._legal = moves_sent(spec, table.legal)

    # ---- the protocol, answered from what the host sent ------------------------------
    def actors(self) -> list[int]:
        return list(self._table.actors)

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal) if seat == self._seat and seat is not None else []

    def why_illegal(self, action: Action) -> str | None:
        return None  # the host decides, and says why

    def _do(self, action: Action) -> None:
        raise IllegalAction("A seat's copy of the game is changed only by the host.")

    def apply(self, action: Action) -> Self:
        raise IllegalAction("A seat's copy of the game is changed only by the host.")

    @property
    def is_over(self) -> bool:
        return self._table.over

    def result(self) -> dict[str, Any]:
        return dict(self._table.result or {})

    def view(self, seat: int | None) -> dict[str, Any]:
        """This seat's view; the public view for anyone else (it knows no more)."""
        return self._table.view if seat == self._seat else self._table.public

    def log_for(self, seat: int | None) -> list[str]:
        return list(self._table.log if seat == self._seat else self._table.public_log)

    def resample(self, seat: int, seed: int) -> GameState:
        raise NotImplementedError("a seat played from elsewhere has no hidden things to draw")

    @property
    def interrupt_window(self) -> bool:
        return self._table.window

    @property
    def step(self) -> int:
        return self._table.step

    @property
    def table(self) -> Table:
        return self._table


def moves_sent(spec: GameSpec, legal: list[list[str]]) -> list[Action]:
    """The moves a table lists, each with the label the host gave it (the words the
    hot-seat list shows); a pair that is not a move of this game is left out."""
    moves = []
    for pair in legal:
        if len(pair) != 2:
            continue
        try:
            action = spec.parse_action(pair[0])
        except (IllegalAction, ValueError):
            log.warning("left out a move the host sent that is not one: %r", pair[0][:60])
            continue
        moves.append(Action(action.seat, action.kind, action.args, pair[1]))
    return moves


def seat_state_class(spec: GameSpec) -> type[SeatState]:
    """SeatState for one game (a state's class names its spec)."""
    return type(f"SeatState_{spec.id.replace('-', '_')}", (SeatState,), {"spec": spec})


class RemoteExplainer(Explainer):
    """The explainer of a seat played from elsewhere: the host answers, for this seat.

    The screen passes its state as usual; it is ignored (the host holds the real one).
    The glossary is the game's own, read here."""

    def __init__(self, link: SeatLink, local: Explainer):
        self.link = link
        self.local = local

    def _ask(self, method: str, *args: Any) -> Any:
        try:
            return self.link.ask(method, *args)
        except AskRefused:
            return None

    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        told = explanation_from_json(self._ask("action", action.key))
        return told or Explanation(action.label or action.key)

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        return explanation_from_json(self._ask("thing", ref_to_json(ref)))

    def named_things(self, state: GameState, seat: int | None) -> tuple[tuple[str, Ref], ...]:
        found = []
        for item in self._ask("named_things") or []:
            ref = ref_from_json(item[1]) if isinstance(item, list) and len(item) == 2 else None
            if ref is not None and isinstance(item[0], str):
                found.append((item[0], ref))
        return tuple(found)

    def glossary(self, game_id: str):  # noqa: ANN201 - the base's type
        return self.local.glossary(game_id)


class RemoteSweetLandsExplainer(SweetLandsExplainer, RemoteExplainer):
    """Sweet Lands' own questions, asked of the host (the screens read them typed)."""

    def __init__(self, link: SeatLink, local: Explainer):
        RemoteExplainer.__init__(self, link, local)

    action = RemoteExplainer.action
    legal_move = RemoteExplainer.action  # the host explains a legal move as any move
    thing = RemoteExplainer.thing
    named_things = RemoteExplainer.named_things
    glossary = RemoteExplainer.glossary

    def refusals(self, state: GameState, seat: int | None, group: str) -> dict[str, str]:
        return self._ask("refusals", group) or {}

    def map_refusal(self, state: GameState, seat: int, what: str, ident: int) -> str | None:
        return self._ask("map_refusal", what, ident)

    def track_rates(self, state: GameState, seat: int) -> list[TrackRate]:
        return self._ask("track_rates", seat) or []

    def standings(self, state: GameState) -> list[Standing]:
        return self._ask("standings") or []

    def solo_verdict(self, state: GameState) -> SoloVerdict | None:
        return self._ask("solo_verdict")

    def advanced_costs(self, state: GameState) -> dict[str, dict[str, int]]:
        return self._ask("advanced_costs") or {}


def remote_explainer(link: SeatLink, local: Explainer) -> Explainer:
    if isinstance(local, SweetLandsExplainer):
        return RemoteSweetLandsExplainer(link, local)
    return RemoteExplainer(link, local)


@dataclass
class RemoteController(Controller[SeatState]):
    """The turn controller of one seat played on this screen, the game on a host."""

    link: SeatLink | None = None
    welcome: Welcome | None = None
    game_is_here: ClassVar[bool] = False  # the host holds the game, its seed and its save

    @classmethod
    def joined(cls, spec: GameSpec, link: SeatLink) -> RemoteController:
        assert link.welcome is not None and link.table is not None, "connect first"
        welcome = link.welcome
        seats: list[dict[str, Any]] = [
            {"kind": "human"} if s == welcome.seat else {"kind": REMOTE}
            for s in range(len(welcome.players))
        ]
        remote_spec = replace(spec, explainer=remote_explainer(link, spec.explainer))
        state = seat_state_class(remote_spec)(welcome, link.table, remote_spec)
        return cls(remote_spec, state, seats, viewer=welcome.seat, link=link, welcome=welcome)

    @property
    def seat_state(self) -> SeatState:
        assert isinstance(self.state, SeatState)
        return self.state

    def receive(self, table: Table) -> None:
        """A table pushed by the host: the game as it is now."""
        assert self.welcome is not None
        if table is not self.seat_state.table:
            self.state = type(self.seat_state)(self.welcome, table, self.spec)

    def away(self) -> list[int]:
        return list(self.seat_state.table.away)

    # ---- who acts: this seat, or someone elsewhere (the host runs bots and windows) ----
    def next_step(self) -> str:
        if self.state.is_over:
            return "over"
        if self.in_window:
            return "window"
        if self.viewer is not None and self.viewer in self.state.actors():
            return "human"
        return "wait"  # another seat, elsewhere or a bot on the host, acts

    @property
    def pending(self) -> int | None:
        return None  # nobody takes this terminal from its seat

    def take_terminal(self, seat: int) -> None:
        pass

    def bot_step(self) -> Action | None:
        return None

    def window_bots(self, elapsed: float = 0.0) -> list[Action]:
        return []

    def close_window(self) -> None:
        pass  # the host runs the countdown and closes the window

    # ---- moves go to the host --------------------------------------------------------
    def act(self, action: Action, forced: bool = False) -> bool:
        assert self.link is not None
        if action.seat != self.viewer:
            self.last_error = "You may only move for your own seat."
            return False
        try:
            self.link.ask("act", action.key)
        except AskRefused as exc:
            self.last_error = exc.reason
            return False
        self._from_link()
        self.last_error = ""
        return True

    def can_undo(self) -> bool:
        return self.seat_state.table.can_undo and not self.state.is_over

    def undo(self) -> bool:
        assert self.link is not None
        try:
            self.link.ask("undo")
        except AskRefused as exc:
            self.last_error = exc.reason
            self.last_undone = 0
            return False
        self._from_link()
        self.last_undone = 1
        return True

    def take_back_label(self) -> str | None:
        return None  # each seat keeps its own screen: nothing is handed over to take back

    def why_no_undo(self) -> str:
        return "Nothing to undo here: only your own steps of this turn can be undone."

    def _from_link(self) -> None:
        assert self.link is not None
        if self.link.table is not None:
            self.receive(self.link.table)
