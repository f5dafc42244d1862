"""The one cursor of the Sweet Lands screen and what Enter does, as a plain object.

No widget and no app: the chooser is given the seat's typed view, its legal moves and
the explainer's words for them (a ``Position``), and where each part of the screen
points (the move list's row, the map's place, a table's row, which part has the
focus). It answers what the screen draws and does: the moves the list shows and the
row it highlights, what Enter will do there (in words) and the move it takes, where
the other parts follow when one of them moves (one cursor), the typed hex numbers of
a map step, and the direct keys (A-Q an area, 1-9 a card or a numbered row, F the next
free action, E the end of the turn). The screen holds one, tells it what the player
moved, and puts its widgets where the chooser says.

Where the highlight goes when the legal moves change, and which moves a stray Enter
must never land on (``pick_index``): Enter performs the highlighted move, so the
highlight is the player's intent. It stays on the move just made when that very move
(same key, same words) is still legal and not risky (a free action repeats with Enter,
Enter, Enter; a payment row repeats, so three wheat are paid by one choice and two
Enters), else goes on the first harmless move: one that spends nothing (no cost in the
explainer's answer for the move, no free action, which always pays or draws), ends,
skips or throws away nothing, and makes none of the choices that commit (which resource
is paid or taken, a card kept in the draft, a map side, a character, a hex for a tile,
a step on a track: each changes the table for good or reveals what comes next). When
no move is harmless (almost every menu) nothing is highlighted and Enter says what to
press; a move that changed its words (a payment row that became "Take 1 iron") is a new
choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from rules.core import Action, Explanation
from rules.sweet_lands import CardView, Op, SweetLandsView

from . import asked as A
from . import draft as D
from . import prompts as P
from .labels import label_for
from .text import data

if TYPE_CHECKING:
    from . import SweetLandsController

MapPlace = tuple[str, int]  # ("hex", index) or ("edge", index), as HexMap's cursor
Part = Literal["list", "map", "areas", "hand", "other"]  # what has the keyboard
TABLES: tuple[Part, ...] = ("areas", "hand")
CHOICE_OPS = {Op.PAYBASIC, Op.BASIC}  # a resource chosen from the list alone
ALL = "all:"  # the id of a row that pays every resource due in one kind


class Refusals(Protocol):
    """Why a place, an area or a card is not a choice now, in the engine's words."""

    def map(self, target: MapPlace) -> str: ...

    def area(self, aid: str) -> str: ...

    def card(self, card: CardView) -> str: ...


@dataclass(frozen=True)
class EngineRefusals:
    """The refusals asked of the game's explainer, for the seat at the keyboard, when
    a reason is shown (never for every place ahead of time)."""

    view: SweetLandsView
    controller: SweetLandsController
    legal: list[Action]

    def map(self, target: MapPlace) -> str:
        return P.why_not_map(self.view, self.controller, target, self.legal)

    def area(self, aid: str) -> str:
        return P.why_not_area(self.view, self.controller, aid, self.legal)

    def card(self, card: CardView) -> str:
        return P.why_not_card(self.view, self.controller, card, self.legal)


# ---- the highlight's rules, and the places typed on the map -----------------------
# Moves that end the turn or the round, throw cards away, stop an effect early or draw
# a card (which undo cannot take back).
RISKY_KINDS = frozenset({"end", "pass", "done", "discard", "keep", "fa_draw"})
MAP_KINDS = frozenset({"hex", "special", "place", "rabbit", "edge"})
CARD_KINDS = frozenset({"play", "discard", "keep"})
# Choices that commit without a cost line of their own: a resource paid or taken, a
# diamond for a card, a draft pick, the setup picks, a card automated or kept, a
# track step, an income or a colour, a disc; and every place on a map.
COMMIT_KINDS = frozenset(
    {"res", "diamond", "aid", "draft", "map", "character", "automate", "track", "income"}
    | {"disc", "keepcard", "colour"}
    | MAP_KINDS
)


def is_risky(action, explained: dict[str, Explanation]) -> bool:
    """True for a move that discards cards or ends the turn, round or step."""
    if action.kind in RISKY_KINDS:
        return True
    return bool(A.cost_of(explained.get(action.key)).get("cards"))


def is_harmless(action, explained: dict[str, Explanation]) -> bool:
    """True for a move a stray Enter may make: it costs, ends, skips and commits nothing."""
    if is_risky(action, explained) or is_free_action(action) or action.kind in COMMIT_KINDS:
        return False
    return not A.cost_of(explained.get(action.key))


def is_free_action(action) -> bool:
    return action.kind.startswith("fa_")


def pick_index(previous, moves: list, explained: dict[str, Explanation]) -> int | None:
    """The index to highlight in ``moves`` after the list changed, or None.

    ``previous`` is the (key, words) of the move that was highlighted, or None. The
    same move if it is not risky and still says the same (the player chose it: a
    purchase repeats); else the first harmless move; else none (see the module)."""
    if previous is not None:
        key, words = previous
        for i, a in enumerate(moves):
            if a.key == key and a.label == words and not is_risky(a, explained):
                return i
    return next((i for i, a in enumerate(moves) if is_harmless(a, explained)), None)


def map_target(action) -> tuple[str, int] | None:
    """The map place a move names (its hex or edge), if it is a map move."""
    if action.kind not in MAP_KINDS or not action.args:
        return None
    return ("edge" if action.kind == "edge" else "hex", action.args[0])


def map_targets(legal: list[Action]) -> dict[MapPlace, list[Action]]:
    """The legal moves aimed at the map, by the hex or edge each is aimed at."""
    targets: dict[MapPlace, list[Action]] = {}
    for a in legal:
        target = map_target(a)
        if target is not None:
            targets.setdefault(target, []).append(a)
    return targets


def next_free_index(moves: list, current: int | None) -> int | None:
    """The next free action after ``current`` in the list, wrapping round (key F)."""
    free = [i for i, a in enumerate(moves) if is_free_action(a)]
    if not free:
        return None
    later = [i for i in free if current is None or i > current]
    return later[0] if later else free[0]


def place_codes(action, edge_hexes) -> tuple[str, ...]:
    """The hex numbers a player types to reach a map move: its hex ("14"), or a road's
    two hexes in either order ("914", "149"), or a border road's one hex.
    ``edge_hexes`` is the printed map's hexes beside each edge."""
    target = map_target(action)
    if target is None:
        return ()
    if target[0] == "hex":
        return (str(target[1]),)
    hexes = list(edge_hexes[target[1]])
    if len(hexes) == 2:
        return (f"{hexes[0]}{hexes[1]}", f"{hexes[1]}{hexes[0]}")
    return tuple(str(h) for h in hexes)


def typed_index(typed: str, codes: list[tuple[str, ...]]) -> int | None:
    """The move the typed hex numbers name: the first whose code is exactly that, else
    the first whose code starts with it (None if none does)."""
    if not typed:
        return None
    exact = next((i for i, c in enumerate(codes) if typed in c), None)
    if exact is not None:
        return exact
    return next((i for i, c in enumerate(codes) if any(x.startswith(typed) for x in c)), None)


@dataclass(frozen=True)
class Position:
    """What the chooser chooses among, from the viewer's view only."""

    view: SweetLandsView
    legal: list[Action]
    explained: dict[str, Explanation]  # move key -> the explainer's cost and gains
    labels: dict[str, str]  # move key -> its words in the move list
    slots: dict[int, int]  # the viewer's cards: uid -> digit key
    refusals: Refusals
    acting: bool = True  # a person at the keyboard plays here (not a review)


def position_of(
    c: SweetLandsController,
    v: SweetLandsView,
    legal: list[Action],
    slots: dict[int, int],
    acting: bool,
) -> Position:
    """The position of the seat at the keyboard: ``v`` its view, ``legal`` its moves,
    each explained by the engine and put in the move list's words."""
    explained = A.moves_explained(c, legal)
    labels = {a.key: label_for(a, v, explained.get(a.key), slots) for a in legal}
    return Position(v, legal, explained, labels, slots, EngineRefusals(v, c, legal), acting)


@dataclass(frozen=True)
class KeyAnswer:
    """What a direct key does: take ``move``, answer the list's row ``row`` (a move's
    key or a row of the screen's own), or nothing, saying ``refusal``."""

    move: Action | None = None
    row: str | None = None
    refusal: str = ""


@dataclass
class Chooser:
    position: Position | None = None
    shown_seat: int | None = None  # whose map is on show (None: the viewer's own)
    focus: Part = "list"
    index: int | None = None  # the move list's highlighted row
    map_cursor: MapPlace | None = None
    rows: dict[Part, str | None] = field(default_factory=lambda: dict.fromkeys(TABLES))
    filter: list[Action] | None = None  # one choice's moves, while the list shows only them
    typed: str = ""  # hex numbers typed in this map step
    moves: list[Action] = field(default_factory=list)  # the moves the list shows, in order
    extra: list[tuple[str, str]] = field(default_factory=list)  # rows after the moves
    by_key: dict[str, Action] = field(default_factory=dict)  # legal moves by key
    targets: dict[MapPlace, list[Action]] = field(default_factory=dict)  # by map place
    listed: tuple[tuple[str, str], ...] = ()  # the rows the list was last filled with

    # ---- a new position --------------------------------------------------------------
    def show(self, position: Position) -> bool:
        """The position to choose in (after a move, for another reader, or the same one
        with a choice asked). True when the list's rows changed: then the highlight goes
        back on a move still harmless to repeat, else on the first harmless move, else
        on none (``cursor.pick_index``); rows that did not change keep it where it was."""
        before = self.highlighted()
        previous = (before.key, before.label) if before is not None else None
        self.position = position
        self.by_key = {a.key: a for a in position.legal}
        self.targets = map_targets(position.legal)
        self.moves = list(self.filter if self.filter is not None else position.legal)
        self.extra = self.pay_all_rows() if self.filter is None else []
        listed = (*self.list_rows(), *((("filter", ""),) if self.filter is not None else ()))
        if listed == self.listed:
            return False
        self.listed = listed
        self.index = pick_index(previous, self.moves, position.explained)
        return True

    def at(self) -> Position:
        assert self.position is not None, "the chooser is shown a position first"
        return self.position

    # ---- the list --------------------------------------------------------------------
    def numbered(self) -> bool:
        """True while the list is answered by digits: a choice asked, or the viewer
        paying or taking a basic resource."""
        pos = self.at()
        if self.filter is not None:
            return True
        viewer, pend = pos.view["viewer"], pos.view["pending"]
        return (
            pos.acting
            and viewer is not None
            and pend is not None
            and pend["op"] in CHOICE_OPS
            and pend["seat"] == viewer
        )

    def pay_all_rows(self) -> list[tuple[str, str]]:
        """A row per resource the viewer holds enough of to pay all that is due in it."""
        v = self.at().view
        pend = v["pending"]
        if pend is None or pend["op"] != Op.PAYBASIC or v["viewer"] is None:
            return []
        due = int(pend.get("n") or 1)
        held = v["players"][v["viewer"]]["resources"]
        if due < 2:
            return []
        return [
            (ALL + a.key, f"Pay all {due} in {a.args[0]}")
            for a in self.moves
            if a.kind == "res" and held.get(a.args[0], 0) >= due
        ]

    def list_rows(self) -> list[tuple[str, str]]:
        """The move list's rows: (id, words), numbered when digits answer them."""
        labels = self.at().labels
        rows = [(a.key, labels.get(a.key, a.label)) for a in self.moves] + self.extra
        if self.numbered():
            rows = [(row, f"{i}) {text}") for i, (row, text) in enumerate(rows, 1)]
        return rows

    def highlighted(self) -> Action | None:
        """The legal move the list highlights (None: none, or a row of the screen's)."""
        if self.index is None or self.position is None:
            return None
        ids = [a.key for a in self.moves] + [row for row, _ in self.extra]
        return self.by_key.get(ids[self.index]) if self.index < len(ids) else None

    # ---- what Enter does -------------------------------------------------------------
    def focused_choice(self) -> tuple[list[Action], str]:
        """The moves Enter may take on the part with the focus, or why it takes none."""
        pos = self.at()
        if self.focus == "map":
            if not self.own_map():
                return [], "this is another player's map (N comes back to yours)"
            if self.map_cursor is None:
                return [], ""
            acts = self.targets.get(self.map_cursor) or []
            return acts, "" if acts else pos.refusals.map(self.map_cursor)
        key = self.rows.get(self.focus) if self.focus in TABLES else None
        if key is not None and self.focus == "areas":
            acts = [a for a in pos.legal if a.kind in ("area", "copy") and a.args[0] == key]
            return acts, "" if acts else pos.refusals.area(key)
        card = self.hand_card(key) if key is not None else None
        if card is not None:
            # a card's first move, as its digit takes it (a copy's move is the same move)
            acts = self.card_moves(card)[:1]
            return acts, "" if acts else pos.refusals.card(card)
        move = self.highlighted()
        return ([move] if move is not None else []), ""

    def enter_moves(self) -> list[Action]:
        """The moves Enter offers where the focus is: one is taken at once, several
        are listed to choose from, none does nothing."""
        if self.focus == "list":
            move = self.highlighted()
            return [move] if move is not None else []
        return self.focused_choice()[0]

    def enter_text(self) -> str:
        """What Enter will do, in the words of the line above the moves."""
        rows = self.list_rows()
        if self.focus == "list" and self.index is not None and self.index < len(rows):
            row, text = rows[self.index]
            if row not in self.by_key:  # a row of the screen's own ("Pay all 3 in wheat")
                return text.partition(") ")[2] or text
        acts, reason = self.focused_choice()
        labels = self.at().labels
        move = self.highlighted()
        if move is not None and move in acts:
            return labels.get(move.key, move.label)
        if len(acts) > 1:
            return f"{len(acts)} ways: Enter lists them"
        if acts:
            return labels.get(acts[0].key, acts[0].label)
        if reason:
            return f"nothing here: {reason}"
        if self.moves and self.focus == "list":
            # no move is harmless, so none is highlighted for a stray Enter
            return "nothing yet: choose a move (arrows, a number or a click)"
        return "nothing to choose"

    # ---- one cursor: a part moves, the others follow ----------------------------------
    def point_list(self, index: int | None) -> None:
        """The list's highlight moved (the list drives): the map and the tables follow
        it onto the same move."""
        self.index = index
        move = self.highlighted()
        if move is None:
            return
        target = map_target(move)
        if target is not None and target in self.map_marks():
            self.map_cursor = target
        if move.kind in ("area", "copy"):
            self.rows["areas"] = str(move.args[0])
        elif move.kind in CARD_KINDS:
            self.rows["hand"] = str(move.args[0])

    def point_map(self, place: MapPlace | None) -> None:
        """The map's cursor moved: on the viewer's own map the list follows it."""
        self.map_cursor = place
        if self.own_map():
            self.highlight(self.targets.get(place) or [] if place is not None else [])

    def point_row(self, table: Part, key: str | None) -> None:
        """A table's cursor moved; while it has the focus the list follows it."""
        self.rows[table] = key
        if self.focus == table:
            self.highlight(self.focused_choice()[0])

    def focus_on(self, part: Part) -> None:
        """Enter now belongs to ``part``: the list follows its cursor."""
        self.focus = part
        if part in ("map", *TABLES):
            self.highlight(self.focused_choice()[0])

    def highlight(self, acts: list[Action]) -> None:
        """Put the list highlight on the first of ``acts`` unless it is on one already."""
        if not acts or self.highlighted() in acts:
            return
        ids = [a.key for a in self.moves]
        if acts[0].key in ids:
            self.index = ids.index(acts[0].key)

    def own_map(self) -> bool:
        """True while the viewer's own map is on show (N shows the others')."""
        return self.shown_seat is None or self.shown_seat == self.at().view["viewer"]

    def map_marks(self) -> set[MapPlace]:
        """The places marked as choices on the map on show (the viewer's own only)."""
        return set(self.targets) if self.own_map() else set()

    # ---- the keys that choose directly -------------------------------------------------
    def area_key(self, letter: str) -> KeyAnswer | list[Action]:
        """A-Q: the ways to use (or copy) that area (its second area, H2, too)."""
        pos = self.at()
        acts = [
            a
            for a in pos.legal
            if a.kind in ("area", "copy") and a.args[0] in (letter, letter + "2")
        ]
        return acts if acts else KeyAnswer(refusal=pos.refusals.area(letter))

    def card_key(self, n: int) -> KeyAnswer:
        """1-9: the n-th row of a numbered list, or the card numbered n (in the hand, or
        the pack in a draft) played, discarded or kept as asked."""
        pos = self.at()
        v = pos.view
        if self.numbered():
            rows = self.list_rows()
            if not 1 <= n <= len(rows):
                return KeyAnswer(refusal=f"Choose 1-{len(rows)} in the list.")
            return KeyAnswer(row=rows[n - 1][0])
        if D.drafting(v):
            cards = dict(enumerate(D.pack(v), 1))
        else:
            me = v["viewer"]
            held = (v["players"][me]["hand"] or []) if me is not None else []
            hand = {c["uid"]: c for c in held}
            cards = {n: hand[u] for u, n in pos.slots.items() if u in hand}
        if n not in cards:
            numbers = ", ".join(map(str, sorted(cards))) or "none"
            return KeyAnswer(refusal=f"No card has the number {n} (yours: {numbers}).")
        acts = self.card_moves(cards[n])
        return KeyAnswer(move=acts[0]) if acts else KeyAnswer(refusal=pos.refusals.card(cards[n]))

    def free_key(self) -> int | None:
        """F: the row of the next free action in the list (None: no free action)."""
        return next_free_index(self.moves, self.index)

    def end_move(self) -> Action | None:
        """E: the end of the turn, or passing while the main action is unused."""
        legal = self.at().legal
        end = next((a for a in legal if a.kind == "end"), None)
        return end or next((a for a in legal if a.kind == "pass"), None)

    def map_step(self) -> bool:
        """True while a map step of the viewer's is asked (digits type hex numbers)."""
        pos = self.at()
        pend, viewer = pos.view["pending"], pos.view["viewer"]
        return (
            pos.acting
            and viewer is not None
            and pend is not None
            and pend["op"] in P.MAP_OPS
            and pend["seat"] == viewer
        )

    def hex_digit(self, digit: str) -> int | str:
        """0-9 in a map step: the row of the first move at the hex numbers typed so far
        (a road: its two hexes), or why none is (the typed number is then cleared)."""
        v = self.at().view
        mine = v["players"][v["viewer"]]["map"] if v["viewer"] is not None else None
        edge_hexes = data().maps[mine].edge_hexes if mine else ()
        codes = [place_codes(a, edge_hexes) for a in self.moves]
        typed = self.typed + digit
        found = typed_index(typed, codes)
        if found is None:
            # refused and forgotten: a stale digit must not join the next number typed
            self.typed = ""
            return (
                f"No legal place is numbered {typed}: the typed number is cleared. Type a "
                "hex number (a road: the numbers of both its hexes)."
            )
        self.typed = typed
        return found

    # ---- the viewer's cards ----------------------------------------------------------
    def hand_card(self, row_key: str) -> CardView | None:
        """The card of that row: in the hand, or in the pack in front of the viewer."""
        v = self.at().view
        hand = v["players"][v["viewer"]]["hand"] if v["viewer"] is not None else None
        cards = [*(hand or ()), *D.pack(v)]
        return next((x for x in cards if str(x["uid"]) == row_key), None)

    def card_moves(self, card: CardView) -> list[Action]:
        """The legal moves that use this card (a copy of the same card counts too)."""
        return card_moves(self.at().view, self.at().legal, card)


def card_moves(v: SweetLandsView, legal: list[Action], card: CardView) -> list[Action]:
    """The legal moves that use ``card`` (a copy of the same card counts too)."""
    me = v["viewer"]
    assert me is not None, "cards are chosen by the seat at the keyboard"
    cards = [*(v["players"][me]["hand"] or []), *D.pack(v)]
    by_uid = {x["uid"]: x["id"] for x in cards}
    kinds = CARD_KINDS | {"draft"}  # a copy of a drafted card is kept by its design
    return [a for a in legal if a.kind in kinds and by_uid.get(a.args[0]) == card["id"]]
