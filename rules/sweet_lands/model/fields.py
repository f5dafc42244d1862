"""The Sweet Lands state record: what a state holds, typed, in one place.

``StateFields`` declares (and slots) every field, with the copy-on-write helpers
each rule module may use. The rules are plain functions of the state in modules of
their own, each typing its state as ``StateFields``;
``state.SweetLandsState`` adds the protocol (new, actors, legal_actions, apply,
view, result, resample) and the copies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ...core import Action, GameState, Rng
from .board_part import BoardPart
from .frame_types import Frame
from .player import PlayerState
from .view_types import SweetLandsView

Cost = Mapping[str, int]  # resource -> amount


# Bit of StateFields._owned: set when the state owns its RareFields.
RARE_OWNED = 1 << 8

# Fields of the state that a move seldom reads or changes (set up once, or changed
# once a round). A copy of the state shares them as one RareFields (one slot to
# copy instead of eleven); the property StateFields has for each name reads it
# there, and a change first gives the state a RareFields of its own.
RARE_FIELDS = (
    "start",
    "next_start",
    "skill_supply",
    "aid_spaces",
    "mio_aid",
    "final_tiles",
    "pros_first",
    "solo_a",
    "solo_b",
    "solo_shown",
    "setup_order",
)


class RareFields:
    """The seldom used fields of one state (StateFields reads them through properties)."""

    __slots__ = RARE_FIELDS
    start: int
    next_start: int | None
    skill_supply: dict[int, int]
    aid_spaces: list[list[Any]]
    mio_aid: Any
    final_tiles: list[Any]
    pros_first: list[int | None]
    solo_a: list[Any]
    solo_b: list[Any]
    solo_shown: list[Any]
    setup_order: list[int]

    def copy(self) -> RareFields:
        """The same values in a new object (containers shared: a move replaces a
        container it changes, it never changes one in place)."""
        r = _new(RareFields)
        r.start = self.start
        r.next_start = self.next_start
        r.skill_supply = self.skill_supply
        r.aid_spaces = self.aid_spaces
        r.mio_aid = self.mio_aid
        r.final_tiles = self.final_tiles
        r.pros_first = self.pros_first
        r.solo_a = self.solo_a
        r.solo_b = self.solo_b
        r.solo_shown = self.solo_shown
        r.setup_order = self.setup_order
        return r


class StateFields(GameState[SweetLandsView]):
    __slots__ = (
        "p",
        "n",
        "solo",
        "round",
        "phase",
        "is_over",
        "turn",
        "main_done",
        "main_open",
        "stack",
        "deck",
        "discard",
        "occ",
        "opened",
        "specials",
        "milestones",
        "ms_claimed",
        "chain",
        "_legal",
        "_menu",
        "_board",
        "_board_made",
        "_owned",
        "_rare",  # the fields of RareFields, behind the properties below
        "ext",  # owned by variants (turn order, draft packs, advanced tiles)
    )
    p: list[PlayerState]  # one per seat; shared with the parent state until _own
    # The number of seats, and whether it is 1 (against Mio): fixed at the start and
    # read on nearly every step, so kept as fields rather than worked out each time.
    n: int
    solo: bool
    round: int
    phase: str
    # phase == OVER, kept beside it (the protocol's game-over test, asked on every
    # step of a playout: a slot reads without the call a property makes). A state
    # set to OVER by hand must set both.
    is_over: bool
    turn: int  # the seat whose turn it is in the Action Phase
    main_done: bool  # the seat on turn has taken its main action
    # the last turn move was the main action (or a pass), so the steps on the stack
    # are its own (costs, effects): a turn move is only taken on an empty stack
    main_open: bool
    stack: list[Frame]  # pending steps, top last
    deck: list[int]  # Citizen Deck, card uids, top last
    discard: list[int]
    occ: dict[str, list[Any]]  # action area -> who sits on each space (seat, "mio" or None)
    opened: set[str]  # action areas open this round
    specials: list[int]  # special terrain tiles left
    milestones: list[list[Any]]  # [milestone id, side]
    ms_claimed: dict[Any, int]  # milestone -> seat that claimed it
    chain: int  # Industry Bonus chain depth of the step being resolved
    # (seat, the step key's three parts (history, stack depth, phase), legal moves)
    _legal: tuple[int, Any, int, str, Sequence[Action]] | None
    _menu: tuple[int, Any, int, str, Sequence[Action]] | None  # the one settle built
    _board: BoardPart | None  # board facts from the parent, for the first turn menu
    _board_made: BoardPart | None  # the facts this state's last turn menu used
    _owned: int  # bit k set: this state owns seat k's PlayerState (copy on write);
    # bit RARE_OWNED set: it owns its RareFields
    _rare: RareFields
    ext: dict[str, Any]  # replaced whole on each change (shared by copies)

    if TYPE_CHECKING:
        # the fields kept in RareFields, as the properties set up below them
        @property
        def start(self) -> int: ...  # the start player
        @start.setter
        def start(self, value: int) -> None: ...
        @property
        def next_start(self) -> int | None: ...
        @next_start.setter
        def next_start(self, value: int | None) -> None: ...
        @property
        def skill_supply(self) -> dict[int, int]: ...  # skill tile -> copies left
        @skill_supply.setter
        def skill_supply(self, value: dict[int, int]) -> None: ...
        @property
        def aid_spaces(
            self,
        ) -> list[list[Any]]: ...  # Round Aid spaces: [standard tiles, pass tile or None]
        @aid_spaces.setter
        def aid_spaces(self, value: list[list[Any]]) -> None: ...
        @property
        def mio_aid(self) -> Any: ...
        @mio_aid.setter
        def mio_aid(self, value: Any) -> None: ...
        @property
        def final_tiles(self) -> list[Any]: ...
        @final_tiles.setter
        def final_tiles(self, value: list[Any]) -> None: ...
        @property
        def pros_first(
            self,
        ) -> list[int | None]: ...  # Prosperity track -> first seat to reach its end
        @pros_first.setter
        def pros_first(self, value: list[int | None]) -> None: ...
        @property
        def solo_a(self) -> list[Any]: ...  # Mio's A deck
        @solo_a.setter
        def solo_a(self, value: list[Any]) -> None: ...
        @property
        def solo_b(self) -> list[Any]: ...  # Mio's B deck
        @solo_b.setter
        def solo_b(self, value: list[Any]) -> None: ...
        @property
        def solo_shown(self) -> list[Any]: ...
        @solo_shown.setter
        def solo_shown(self, value: list[Any]) -> None: ...
        @property
        def setup_order(self) -> list[int]: ...
        @setup_order.setter
        def setup_order(self, value: list[int]) -> None: ...

    # ------------------------------------------------------------------ copy on write
    def own_rng(self) -> Rng:
        """The random generator, made this state's own before it draws (a copy of a
        state shares its parent's generator until then: most moves draw nothing)."""
        rng = self.rng = self.rng.copy()
        return rng

    def _own(self, seat: int) -> None:
        """Copy a player shared with the parent state before this state changes it."""
        if not self._owned >> seat & 1:
            self.p[seat] = self.p[seat].copy()
            self._owned |= 1 << seat

    def _own_top(self) -> Frame:
        """The pending step on top, made this state's own before it is changed (a
        copy shares its parent's steps until then)."""
        f = self.stack[-1] = self.stack[-1].copy()
        return f


def _rare_field(name: str) -> property:
    """StateFields.<name>: read from the state's RareFields; a change first makes
    them this state's own."""
    get = attrgetter("_rare." + name)

    def put(self: StateFields, value: Any) -> None:
        rare = self._rare
        if not self._owned & RARE_OWNED:
            rare = self._rare = rare.copy()
            self._owned |= RARE_OWNED
        setattr(rare, name, value)

    return property(get, put, doc=f"The state's {name} (kept in its RareFields).")


for _name in RARE_FIELDS:
    setattr(StateFields, _name, _rare_field(_name))

_new = object.__new__
