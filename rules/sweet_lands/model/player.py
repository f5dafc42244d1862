"""One player's record: resources, hand, map, tracks (cheap to copy), and the
character traits the board queries read through it.

A player record holds its character's object (``PlayerState.role``). The queries
sit below the characters, so they read the character's flags, added tags and city
rule through ``Traits``, the base the character registry (``characters.Character``)
builds on, without importing the registry."""

from __future__ import annotations

from typing import Any, ClassVar


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
        "rabbits",
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
        "cp",
        "ip",
        "wonders",
        "skills",
        "flipped",
        "discs",
        "aid",
        "passed",
        "milestones",
        "diamond_cards",
        "ip_last",
        "memo",
        "ext",  # F: owned by characters/variants/skills; immutable values only
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
    rabbits: set[int]
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
    cp: int
    ip: int
    wonders: int
    skills: list[int]
    flipped: list[int]
    discs: int
    aid: int | None
    passed: bool
    milestones: list[int]
    diamond_cards: int
    ip_last: int
    # Facts derived from the board (free spots, counts; milestone results, see
    # turn_checks.milestone_met_now), each kept with what it was derived from.
    memo: dict[str, Any]
    ext: dict[str, object]

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
        self.rabbits = set()  # hexes holding a Cookie Rabbit
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
        self.cp = 0
        self.ip = 0
        self.wonders = 0
        self.skills = []
        self.flipped = []
        self.discs = 0
        self.aid = None
        self.passed = False
        self.milestones = []
        self.diamond_cards = 0
        self.ip_last = 0
        # Shared by every copy of this player, so an entry holds the very containers
        # (and counts) it was derived from and serves only a board that has them.
        self.memo = {}
        # F: per-player extras of characters/variants/skills; its values are
        # immutable and the dict is replaced, never changed in place (copy on write).
        self.ext = {}

    def copy(self) -> PlayerState:
        """A copy for the next state. Only the resources are copied: a move changes
        the other containers (the hand too: see drop_card) by building new ones (copy
        on write), so they are shared with this player."""
        p = _new(PlayerState)
        p.char = self.char
        p.role = self.role
        p.map = self.map
        p.played = self.played
        p.columns = self.columns
        p.tiles = self.tiles
        p.roads = self.roads
        p.props = self.props
        p.rabbits = self.rabbits
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
        p.cp = self.cp
        p.ip = self.ip
        p.wonders = self.wonders
        p.skills = self.skills
        p.flipped = self.flipped
        p.discs = self.discs
        p.aid = self.aid
        p.passed = self.passed
        p.milestones = self.milestones
        p.diamond_cards = self.diamond_cards
        p.ip_last = self.ip_last
        p.ext = self.ext
        p.res = self.res.copy()  # the method: cheaper than dict()
        p.inc = self.inc
        p.hand = self.hand
        p.memo = self.memo
        return p

    def full_copy(self) -> PlayerState:
        """A copy sharing no container, for positions arranged by hand."""
        p = self.copy()
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
