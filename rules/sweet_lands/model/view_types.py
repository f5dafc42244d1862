"""The shape of ``view(seat)``: what one seat may know, as typed records.

A view holds facts only (counts, positions, ids, the viewer's own cards); what a move
costs and gives, why something is refused and what a thing does are asked of the
game's explainer (explainer.py) when a screen draws them. The records are TypedDicts,
so a view stays a JSON-safe dict (a save, the wire, an outside check read it as one)
while the type checker reads its keys.
"""

# No postponed annotations here: TypedDict reads NotRequired and Required at run time
# (the tests compare views with the declared keys).
from typing import Any, NotRequired, Required, TypedDict

# A card in the viewer's hand or draft pack, as printed (Card.to_dict), with its uid; a
# hand card also carries what playing it costs the viewer now (gold). The functional
# form: "pass" (the printed pass ability) is a keyword.
CardView = TypedDict(
    "CardView",
    {
        "id": int,
        "name": str,
        "kind": str,
        "cost": int,
        "tags": list[str],
        "industry": str,
        "brownie": bool,
        "effect": list[Any],
        "auto": list[Any],
        "pass": dict[str, Any] | None,
        "uid": int,
        "play_cost": NotRequired[int],
    },
)


class ColumnLimit(TypedDict):
    cards: int
    limit: int
    property: str
    more_for_next: int | None  # properties of its kind still to build for the next limit


class FreeActionView(TypedDict):
    id: str
    label: str
    refusal: str | None


class PlayerView(TypedDict):
    """One seat as the viewer may know it: all public but ``hand`` (the viewer's own
    cards; None for another seat, whose hand is a count)."""

    seat: int
    name: str
    character: str | None
    map: str | None
    resources: dict[str, int]
    income: dict[str, int]
    hand_count: int
    hand: list[CardView] | None
    token_costs: dict[str, dict[str, int]]
    played: list[int]
    columns: dict[str, list[int]]
    tiles: dict[str, list[Any]]  # hex -> [tile kind, flipped]
    roads: list[int]
    properties: dict[str, str]
    rabbits: list[int]
    extra_draw: list[int]
    rows_taken: dict[str, int]
    shops_left: list[str]
    labs_taken: int
    clock_tower: bool
    carriage: int
    locomotive: int | None
    food: int
    rabbits_taken: int
    wood_discount: int
    prosperity: list[int]
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
    cities: int
    city_hexes: list[list[int]]  # each city's hexes, sorted
    connected_ports: int
    tags: dict[str, int]
    column_limits: dict[str, ColumnLimit]
    extra: dict[str, Any]  # the character's own part (characters.view_extra)


class PendingView(TypedDict, total=False):
    """The step the game waits on: its name (``constants.Op``), whose it is and the
    counters the step keeps (what is left, a colour or type it is limited to)."""

    op: Required[str]
    seat: Required[int]
    n: int
    t: int
    r: int
    type: str
    colour: str
    area: str
    uid: int
    paid: bool


# A Round Aid space: its standard bonuses and the index of its pass formula (None if it
# has none); the functional form: "pass" is a keyword.
RoundAidSpaceView = TypedDict("RoundAidSpaceView", {"standard": list[int], "pass": int | None})


class MilestoneTile(TypedDict):
    """A milestone in play: the side dealt face up, the sides that count (both unless
    the "face_up" option is set) and who claimed it. Its conditions are the
    explainer's (``Ref("milestone", id)``)."""

    id: int
    face_up: str
    counting: list[str]
    claimed_by: int | None


class SoloView(TypedDict):
    a_left: int
    b_left: int
    shown: list[str]


class CharacterRow(TypedDict):
    """A character during the choice: its board, start, income and whether it is
    free (what its abilities do: the explainer's ``Ref("character", id)``)."""

    id: str
    name: str
    board: str
    start: dict[str, int]
    income: dict[str, int]
    available: bool


class MapSide(TypedDict):
    id: str
    name: str
    preview: list[str]
    available: bool


class DraftView(TypedDict):
    pack: list[CardView] | None  # the viewer's pack only
    pack_sizes: list[int]
    picked: list[int]


class VariantView(TypedDict, total=False):
    """The variants' part of a view (variants.view)."""

    turn_order: list[int] | None
    advanced_skills: list[int]  # the Advanced Skill Tiles on show (costs: the explainer's)
    draft: DraftView


class SetupView(TypedDict, total=False):
    """The setup's part of a view: the characters and map sides to choose from."""

    characters: list[CharacterRow]
    maps: list[MapSide]


class SweetLandsView(TypedDict):
    """``view(seat)``: the whole table as ``seat`` may know it (None: the public view).
    The keys after ``players`` are present only in their phase or variant."""

    game: str
    viewer: int | None
    options: dict[str, Any]
    round: int
    phase: str
    turn: int
    start: int
    over: bool
    main_done: bool
    # the seat on turn's main action in the Action Phase: "to do", "under way" (its
    # costs and effects are still being resolved), "done" or "passed"; None in the
    # other phases (setup, income, cleanup), where there is no main action
    main_action: str | None
    cards_kept: int  # cards that must stay in hand this round
    pending: PendingView | None
    areas: dict[str, list[Any]]  # area -> its spaces: a seat, "mio" or None
    opened: list[str]
    deck_count: int
    discard: list[int]
    skill_supply: dict[str, int]
    special_tiles: list[int]
    round_aid: list[RoundAidSpaceView]
    mio_aid: int | None
    milestones: list[list[Any]]  # [milestone, side dealt, who claimed it]
    milestone_tiles: list[MilestoneTile]
    final_tiles: list[int]
    prosperity_first: list[int | None]
    solo: SoloView | None
    players: list[PlayerView]
    # variants: the round's turn order, the Advanced Skill Tiles on show, the draft
    turn_order: list[int] | None
    advanced_skills: NotRequired[list[int]]
    draft: NotRequired[DraftView]
    # setup: the characters and map sides to choose from
    characters: NotRequired[list[CharacterRow]]
    maps: NotRequired[list[MapSide]]
