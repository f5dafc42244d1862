"""What every part of the Sweet Lands state holds, typed, in one place.

The state is assembled from several parts (pending steps, turn actions, effects,
round phases, scoring, explanations, board queries), each a class of its own module,
and the parts call one another. Every part and every helper function types its
state as ``StateFields``, so the type checker needs to know, here, the attributes
all parts share and the signatures of the methods one part calls on another.

The method list below exists for the type checker only (inside ``TYPE_CHECKING``):
at run time the methods come from the parts, and the checker compares each part's
annotated method with the signature here.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ..core import Action, GameState, LogEntry, Rng
from .board_part import BoardPart
from .data import MapBoard
from .player import PlayerState

Frame = dict[str, Any]  # one pending step on the stack: its kind ("op"), seat and fields
Cost = Mapping[str, int]  # resource -> amount
Effect = tuple[str, Any]  # (effect op, value) as the data files give it


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


class StateFields(GameState):
    __slots__ = (
        "p",
        "round",
        "phase",
        "is_over",
        "turn",
        "main_done",
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
    round: int
    phase: str
    # phase == OVER, kept beside it (the protocol's game-over test, asked on every
    # step of a playout: a slot reads without the call a property makes). A state
    # set to OVER by hand must set both.
    is_over: bool
    turn: int  # the seat whose turn it is in the Action Phase
    main_done: bool  # the seat on turn has taken its main action
    stack: list[Frame]  # pending steps, top last
    deck: list[int]  # Citizen Deck, card uids, top last
    discard: list[int]
    occ: dict[str, list[Any]]  # action area -> who sits on each space (seat, "mio" or None)
    opened: set[str]  # action areas open this round
    specials: list[int]  # special terrain tiles left
    milestones: list[list[Any]]  # [milestone id, side]
    ms_claimed: dict[Any, int]  # milestone -> seat that claimed it
    chain: int  # Industry Bonus chain depth of the step being resolved
    _legal: tuple[int, Any, tuple[Action, ...]] | None  # (seat, step key, legal moves)
    _menu: tuple[int, Any, tuple[Action, ...]] | None  # the step menu steps.settle built
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

    if TYPE_CHECKING:
        # ---- basic facts (state.py)
        @property
        def n(self) -> int: ...
        @property
        def solo(self) -> bool: ...
        @property
        def keep(self) -> int: ...
        def who(self, seat: int) -> str: ...
        def mapb(self, seat: int) -> MapBoard: ...
        def _own(self, seat: int) -> None: ...
        def _own_top(self) -> Frame: ...
        def own_rng(self) -> Rng: ...
        def _entries(self) -> list[LogEntry]: ...
        def step_key(self) -> tuple[Any, int, str]: ...

        # ---- effects (effects.py)
        def _push(self, seat: int, effects: Any, chain: int | None = None) -> None: ...
        def _step(self, op: str, seat: int, chain: int | None, **fields: Any) -> None: ...
        def _effect(self, seat: int, op: str, v: Any, chain: int | None) -> None: ...
        def _raise_income(self, seat: int, r: str, k: int) -> None: ...
        def _draw(self, seat: int, n: int) -> None: ...
        def _ibonus(self, seat: int, colour: str, chain_from: int | None) -> None: ...
        def _place_terrain(self, seat: int, h: int, special: int | None = None) -> None: ...
        def _place_road(self, seat: int, e: int) -> None: ...
        def _tile_effect(self, kind: str) -> list[Effect]: ...
        def _flip(self, seat: int, h: int) -> list[Effect]: ...
        def _place_property(self, seat: int, kind: str, h: int) -> None: ...
        def _place_rabbit(self, seat: int, h: int) -> None: ...
        def _move_marker(self, seat: int, marker: str) -> None: ...
        def _advance_food(self, seat: int, n: int) -> None: ...
        def _advance_prosperity(self, seat: int, i: int) -> None: ...
        def _take_skill(self, seat: int, sk: int) -> None: ...
        def _skill_vp(self, seat: int, sk: int) -> None: ...

        # ---- board queries (queries.py)
        def _any_terrain_spot(self, seat: int) -> bool: ...
        def area_cost(self, seat: int, aid: str) -> dict[str, int]: ...
        def area_costs(self, seat: int) -> dict[str, dict[str, int]]: ...
        def automate_columns(self, seat: int, uid: int) -> list[str]: ...
        def automate_refusal(self, seat: int, uid: int, colour: str) -> str | None: ...
        def automated(self, seat: int) -> int: ...
        def can_pay(self, seat: int, cost: Cost, wheat_by_wood: bool = False) -> bool: ...
        def card_cost(self, seat: int, uid: int) -> int: ...
        def cities(self, seat: int, extra: Any = None) -> list[list[int]]: ...
        def column_limit(self, seat: int, colour: str) -> int: ...
        def column_limits(self, seat: int) -> dict[str, Any]: ...
        def connected_ports(self, seat: int) -> int: ...
        def count(self, seat: int, spec: Mapping[str, Any], ip_this_pass: int = 0) -> int: ...
        def formula_vp(self, seat: int, spec: Mapping[str, Any], ip_this_pass: int = 0) -> int: ...
        def ip_icons(self, seat: int) -> int: ...
        def marker_can_move(self, seat: int, marker: str) -> bool: ...
        def milestone_met(self, seat: int, mid: Any) -> bool: ...
        def measure(self, seat: int, cond: Mapping[str, Any]) -> int: ...
        def pay(
            self,
            seat: int,
            cost: Cost,
            wheat_by_wood: bool = False,
            wood_for_wheat: int | None = None,
        ) -> None: ...
        def played_count(self, seat: int) -> int: ...
        def property_spots(self, seat: int, eligible: Any = None) -> list[int]: ...
        def has_property_spot(self, seat: int) -> bool: ...
        def pros_movable(self, seat: int, colour: str | None = None) -> list[int]: ...
        def rabbit_ready(self, seat: int) -> bool: ...
        def rabbit_spots(self, seat: int) -> list[int]: ...
        def rikka_area(self, seat: int, aid: str) -> bool: ...
        def rikka_splits(
            self, seat: int, aid: str, minus: Mapping[str, int] | None = None
        ) -> list[int]: ...
        def road_spots(self, seat: int) -> list[int]: ...
        def shortfall(self, seat: int, cost: Cost, wheat_by_wood: bool = False) -> str | None: ...
        def tags(self, seat: int, exclude_uid: int | None = None) -> dict[str, int]: ...
        def terrain_counts(self, seat: int) -> dict[str, int]: ...
        def terrain_spots(self, seat: int) -> list[Any]: ...
        def test(self, seat: int, cond: Mapping[str, Any]) -> bool: ...
        def token_cost(self, seat: int, kind: str) -> dict[str, int]: ...
        def token_kinds(self, seat: int) -> list[str]: ...
        def token_costs(self, seat: int) -> tuple[tuple[str, dict], ...]: ...

        # ---- position tools for tests and demos (setup_tools.py)
        def effect(self, seat: int, op: str, value: Any, chain: int | None = None) -> None: ...


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
