"""One player's record: resources, hand, map, tracks (cheap to copy), and the
character traits the board queries read through it.

A player record holds its character's object (``PlayerState.role``). The queries
sit below the characters, so they read the character's flags, added tags and city
rule through ``Traits``, the base the character registry (``characters.Character``)
builds on, without importing the registry."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar


class Traits:
    """The traits of a seat without a character (no trait of any kind)."""

    __slots__ = ()

    id: ClassVar[str | None] = None
    # Flags the turn menu and the costs read on every step.
    iron_discount: ClassVar[bool] = False  # 1 iron less on areas advancing Industry
    wood_for_wheat: ClassVar[bool] = False  # rabbit areas' wheat payable in wood
    diamonds_for_cards: ClassVar[bool] = False  # diamonds pay hand costs
    places_anywhere: ClassVar[bool] = False  # terrain tiles on any hex
    skills_per_grant: ClassVar[int] = 1  # skill tiles taken for each one granted

    def add_tags(self, out: dict[str, int]) -> None:
        """Tags the character adds to those of the seat's cards."""

    def is_city(self, group: list, props: dict, tower: bool) -> bool:
        """Three different property types make a city (``tower``: the seat's Clock
        Tower stands)."""
        return len({props[h] for h in group}) >= 3


NO_TRAITS = Traits()  # a seat that has not chosen its character yet


# Fields of a seat's record that moves seldom read or change (scoring counts, tiles
# flipped, milestones claimed, rabbits placed, the characters' extras). Copies of a
# record share them as one PlayerRareFields (a move copies the acting seat's record:
# one slot to copy instead of eight); the property PlayerState has for each name
# reads it there (a property read costs several slot reads, so only fields read on
# fewer than one move in ten are here), and a change first gives the record a
# PlayerRareFields of its own.
PLAYER_RARE_FIELDS = (
    "cp",
    "ip",
    "ip_last",
    "flipped",
    "diamond_cards",
    "milestones",
    "rabbits",
    "ext",
)


class PlayerRareFields:
    """The seldom used fields of one seat's record (PlayerState reads them through
    properties)."""

    __slots__ = PLAYER_RARE_FIELDS
    cp: int
    ip: int
    ip_last: int
    flipped: list[int]
    diamond_cards: int
    milestones: list[int]
    rabbits: set[int]
    ext: dict[str, object]

    def copy(self) -> PlayerRareFields:
        """The same values in a new object (containers shared: a move replaces a
        container it changes, it never changes one in place)."""
        r = _new(PlayerRareFields)
        r.cp = self.cp
        r.ip = self.ip
        r.ip_last = self.ip_last
        r.flipped = self.flipped
        r.diamond_cards = self.diamond_cards
        r.milestones = self.milestones
        r.rabbits = self.rabbits
        r.ext = self.ext
        return r


class PlayerState:
    __slots__ = (
        "char",
        "role",  # the character's object (characters.assign sets both)
        "map",
        "res",
        "inc",
        "hand",
        "played",
        "columns",
        "tiles",
        "roads",
        "props",
        "eda",
        "rows",
        "shops",
        "labs",
        "tower",
        "carriage",
        "loco",
        "food",
        "rabbits_taken",
        "discount",
        "prosp",
        "vp",
        "wonders",
        "skills",
        "discs",
        "aid",
        "passed",
        "memo",
        "_rare",  # the fields of PlayerRareFields, behind the properties below
        "_owns_rare",  # this record's _rare is its own, not shared with a copy
    )

    char: str | None
    role: Traits  # what the board queries ask of the character (above)
    map: str | None  # map side id
    res: dict[str, int]  # resource -> amount held
    inc: dict[str, int]  # basic resource -> income
    hand: list[int]  # card uids
    played: list[int]
    columns: dict[str, list[int]]
    tiles: dict[int, tuple[str, bool]]
    roads: set[int]
    props: dict[int, str]
    eda: set[int]
    rows: dict[str, int]
    shops: list[str]
    labs: int
    tower: bool
    carriage: int
    loco: int | None
    food: int
    rabbits_taken: int
    discount: int
    prosp: list[int]  # position on each Prosperity track
    vp: int
    wonders: int
    skills: list[int]
    discs: int
    aid: int | None
    passed: bool
    # Facts derived from the board (free spots, counts; milestone results, see
    # turn_checks.milestone_met_now), each kept with what it was derived from.
    memo: dict[str, Any]
    _rare: PlayerRareFields
    _owns_rare: bool

    if TYPE_CHECKING:
        # the fields kept in PlayerRareFields, as the properties set up below
        @property
        def cp(self) -> int: ...
        @cp.setter
        def cp(self, value: int) -> None: ...
        @property
        def ip(self) -> int: ...
        @ip.setter
        def ip(self, value: int) -> None: ...
        @property
        def ip_last(self) -> int: ...
        @ip_last.setter
        def ip_last(self, value: int) -> None: ...
        @property
        def flipped(self) -> list[int]: ...
        @flipped.setter
        def flipped(self, value: list[int]) -> None: ...
        @property
        def diamond_cards(self) -> int: ...
        @diamond_cards.setter
        def diamond_cards(self, value: int) -> None: ...
        @property
        def milestones(self) -> list[int]: ...
        @milestones.setter
        def milestones(self, value: list[int]) -> None: ...
        @property
        def rabbits(self) -> set[int]: ...
        @rabbits.setter
        def rabbits(self, value: set[int]) -> None: ...
        @property
        def ext(self) -> dict[str, object]: ...
        @ext.setter
        def ext(self, value: dict[str, object]) -> None: ...

    def __init__(self):
        self.char = None
        self.role = NO_TRAITS
        self.map = None
        self.res = {"gold": 0, "wheat": 0, "wood": 0, "iron": 0, "diamond": 0}
        self.inc = {"gold": 0, "wheat": 0, "wood": 0, "iron": 0}
        self.hand = []
        self.played = []  # face-up played cards (uids), pass cards included
        self.columns = {"orange": [], "green": [], "grey": []}  # automated cards, top first
        self.tiles = {}  # hex -> (kind, flipped); kind "special:N" for special tiles
        self.roads = set()  # edge ids
        self.props = {}  # hex -> tent/house/building/shop/lab/tower
        self.eda = set()  # activated Extra Draw Areas (hex ids)
        self.rows = {"tent": 0, "house": 0, "building": 0}  # tokens taken per row type
        self.shops = ["orange", "green", "grey"]  # shops still on the board
        self.labs = 0  # research labs taken (in track order)
        self.tower = False
        self.carriage = 0
        self.loco = None
        self.food = 0
        self.rabbits_taken = 0
        self.discount = 0
        self.prosp = [0, 0, 0, 0, 0, 0]
        self.vp = 0
        self.wonders = 0
        self.skills = []
        self.discs = 0
        self.aid = None
        self.passed = False
        # Shared by every copy of this player, so an entry holds the very containers
        # (and counts) it was derived from and serves only a board that has them.
        self.memo = {}
        r = self._rare = _new(PlayerRareFields)
        self._owns_rare = True
        r.cp = 0
        r.ip = 0
        r.ip_last = 0
        r.flipped = []
        r.diamond_cards = 0
        r.milestones = []
        r.rabbits = set()  # hexes holding a Cookie Rabbit
        # F: per-player extras of characters/variants/skills; its values are
        # immutable and the dict is replaced, never changed in place (copy on write).
        r.ext = {}

    def copy(self) -> PlayerState:
        """A copy for the next state. Only the resources are copied: a move changes
        the other containers (the hand too: see drop_card) by building new ones (copy
        on write), so they are shared with this player, and so is its record of
        seldom used fields until the copy changes one (PlayerRareFields)."""
        p = _new(PlayerState)
        p.char = self.char
        p.role = self.role
        p.map = self.map
        p.played = self.played
        p.columns = self.columns
        p.tiles = self.tiles
        p.roads = self.roads
        p.props = self.props
        p.eda = self.eda
        p.rows = self.rows
        p.shops = self.shops
        p.labs = self.labs
        p.tower = self.tower
        p.carriage = self.carriage
        p.loco = self.loco
        p.food = self.food
        p.rabbits_taken = self.rabbits_taken
        p.discount = self.discount
        p.prosp = self.prosp
        p.vp = self.vp
        p.wonders = self.wonders
        p.skills = self.skills
        p.discs = self.discs
        p.aid = self.aid
        p.passed = self.passed
        p.res = self.res.copy()  # the method: cheaper than dict()
        p.inc = self.inc
        p.hand = self.hand
        p.memo = self.memo
        p._rare = self._rare  # shared until the copy changes one of its fields
        p._owns_rare = False
        return p

    def full_copy(self) -> PlayerState:
        """A copy sharing no container, for positions arranged by hand."""
        p = self.copy()
        p._rare, p._owns_rare = self._rare.copy(), True
        p.played, p.shops, p.prosp = list(self.played), list(self.shops), list(self.prosp)
        p.skills, p.flipped = list(self.skills), list(self.flipped)
        p.milestones = list(self.milestones)
        p.columns = {k: list(v) for k, v in self.columns.items()}
        p.tiles, p.props, p.rows = dict(self.tiles), dict(self.props), dict(self.rows)
        p.roads, p.rabbits, p.eda = set(self.roads), set(self.rabbits), set(self.eda)
        p.ext, p.inc = dict(self.ext), dict(self.inc)
        p.hand = list(self.hand)
        p.memo = {}
        return p

    def drop_card(self, uid: int) -> None:
        """Take one copy of card ``uid`` out of the hand (a new list: copies of this
        player share the old one)."""
        hand = self.hand.copy()
        hand.remove(uid)
        self.hand = hand

    def recall(self, name: str, held: object, facts: tuple) -> Any:
        """What was kept under ``name`` for this very container ``held`` (the same
        object, not an equal one) and these ``facts``; None if nothing was."""
        hit = self.memo.get(name)
        if hit is not None and hit[0] is held and hit[1] == facts:
            return hit[2]
        return None

    def remember(self, name: str, held: object, facts: tuple, value: Any) -> Any:
        """Keep ``value``, worked out from ``held`` and ``facts``, for recall (in
        place of what was kept under ``name`` before: one line of play moves on, and
        keeping old boards alive would only cost memory)."""
        self.memo[name] = (held, facts, value)
        return value


_new = object.__new__


def _rare_field(name: str) -> property:
    """PlayerState.<name>: read from the record's PlayerRareFields; a change first
    makes them this record's own."""
    get = attrgetter("_rare." + name)

    def put(self: PlayerState, value: Any) -> None:
        rare = self._rare
        if not self._owns_rare:
            rare = self._rare = rare.copy()
            self._owns_rare = True
        setattr(rare, name, value)

    return property(get, put, doc=f"The seat's {name} (kept in its PlayerRareFields).")


for _name in PLAYER_RARE_FIELDS:
    setattr(PlayerState, _name, _rare_field(_name))
