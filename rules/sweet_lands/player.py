"""One player's pieces: resources, hand, map, tracks. Cheap to copy."""

from __future__ import annotations


class PlayerState:
    __slots__ = (
        "char",
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
    memo: dict[tuple[str, int], bool]  # derived facts, e.g. ("milestone", id) -> met
    ext: dict[str, object]

    def __init__(self):
        self.char = None
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
        # Facts derived from this player (milestone tests) while it is not changed:
        # a player is changed only by the state that copied it, and a copy starts
        # with an empty memo.
        self.memo = {}
        # F: per-player extras of characters/variants/skills; its values are
        # immutable and the dict is replaced, never changed in place (copy on write).
        self.ext = {}

    def copy(self) -> PlayerState:
        p = PlayerState.__new__(PlayerState)
        p.char = self.char
        p.map = self.map
        p.labs = self.labs
        p.tower = self.tower
        p.carriage = self.carriage
        p.loco = self.loco
        p.food = self.food
        p.rabbits_taken = self.rabbits_taken
        p.discount = self.discount
        p.vp = self.vp
        p.cp = self.cp
        p.ip = self.ip
        p.wonders = self.wonders
        p.discs = self.discs
        p.aid = self.aid
        p.passed = self.passed
        p.diamond_cards = self.diamond_cards
        p.ip_last = self.ip_last
        p.memo = {}
        p.ext = dict(self.ext)
        p.res = dict(self.res)
        p.inc = dict(self.inc)
        p.hand = list(self.hand)
        p.played = list(self.played)
        p.columns = {k: list(v) for k, v in self.columns.items()}
        p.tiles = dict(self.tiles)
        p.roads = set(self.roads)
        p.props = dict(self.props)
        p.rabbits = set(self.rabbits)
        p.eda = set(self.eda)
        p.rows = dict(self.rows)
        p.shops = list(self.shops)
        p.prosp = list(self.prosp)
        p.skills = list(self.skills)
        p.flipped = list(self.flipped)
        p.milestones = list(self.milestones)
        return p
