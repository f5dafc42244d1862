"""What Happy City and Happiest Town share (a row fed from three decks, dwelling piles, a
bank, cities, money as the tie-break); each edition subclasses CardRowState for the rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self, cast

from ..core import Action, GameState, Rng, copy_nested, ranked_result
from .cards import Card
from .explain import formula, score_items
from .views import CardFace, CardRowView, DeckView, PileView, PlayerView, ScoreView

DECK_COSTS = {1: (1, 3), 2: (4, 5), 3: (6, 9)}
ROW_SIZE = 3  # cards face up in the central row after a refill


def row_labels(
    keep: str, verb: str, deck: Callable[[int], str]
) -> dict[str, Callable[[Action], str]]:
    """Labels for the keys both editions share (a spec's labeler reads a key without a
    state, so these cannot ask the state for its words)."""
    return {
        "keep": lambda a: keep,
        "discard": lambda a: f"Discard {a.args[0]}",
        "draw": lambda a: f"Draw from {deck(a.args[0])}",
        "buy": lambda a: f"{verb} {a.args[0]}",
        "dwelling": lambda a: f"{verb} {a.args[0]}",
        "claim": lambda a: f"Take {a.args[0]}",
    }


def whole(value: Any) -> bool:
    """A JSON whole number (True and 1.0 are not: a key must say what it means)."""
    return type(value) is int


def net_symbols(plus: int, minus: int, add: bool) -> int:
    """Symbols shown less those crossed out: floored at 0 when multiplied (two negative
    totals must not make a positive score), as it is when added (children's scoring)."""
    net = plus - minus
    return net if add else max(0, net)


def added_score(inhabitants: int, hearts: int) -> int:
    """The children's score: the two net totals added, the sum never below 0."""
    return max(0, inhabitants + hearts)


class CardRowState(GameState):
    __slots__ = (
        "cards",
        "coins",
        "city",
        "decks",
        "discards",
        "visible",
        "piles",
        "pile_names",
        "pile_faces",
        "box",
        "bank",
        "round",
        "turn",
        "stage",
        "pending",
        "passed_at",
    )
    cards: tuple[Card, ...]  # every physical card; an id is an index here
    coins: list[int]
    city: list[list[int]]  # per seat, in the order the cards were placed
    decks: list[list[int]]  # three decks, top card last
    discards: list[list[int]]
    visible: list[int]  # the central row
    piles: list[list[int]]  # dwelling (residence) piles, top card last
    pile_names: tuple[str, ...]  # the name of each pile, same order
    pile_faces: tuple[int, ...]  # a card of each pile, shown even when the pile is empty
    box: list[int]  # cards out of play; set up once, never changed after
    bank: int | None  # coins left in a box-limited bank; None = unlimited
    round: int
    turn: int  # the seat whose turn it is
    stage: str
    pending: Any  # the question being asked now; replaced, never changed in place
    passed_at: int  # the checkpoint of the last turn's end: a hand-over, nothing revealed

    COPY = {
        "coins": list,
        "city": copy_nested,
        "decks": copy_nested,
        "discards": copy_nested,
        "visible": list,
        "piles": copy_nested,
    }

    # ---- each edition's words and limits ---------------------------------------------
    MONEY: ClassVar[str] = "coins"  # what the tie-break is called in this edition
    CITY_LIMIT: ClassVar[int | None] = None  # cards a city may hold, if limited
    GOAL: ClassVar[int] = 10  # cards in one city that make the current round the last
    IN_ROW: ClassVar[str] = "in the central row"
    PILE_NOUN: ClassVar[str] = "dwelling"
    ONE_OF_A_NAME: ClassVar[str] = "a city never holds two cards of one name."
    DECKS_TEXT: ClassVar[str] = "There are decks 1, 2 and 3 only."
    SYMBOL_WORDS: ClassVar[tuple[str, str]] = ("inhabitants", "hearts")
    GROUP_LETTERS: ClassVar[dict[str, str]] = {}  # a colour (type) -> the letter cards show
    # stage -> (action kinds allowed, what the seat must or may do, for refusals)
    STAGES: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {}
    NO_ARGS: ClassVar[frozenset[str]] = frozenset({"keep", "pass", "coin"})
    BUY_STAGE: ClassVar[str] = "buy"  # the stage that follows the refill

    # ---- setup ------------------------------------------------------------------------
    @classmethod
    def _laid_out(
        cls,
        players: list[str],
        seed: int,
        options: dict[str, Any],
        cards: tuple[Card, ...],
        start_coins: int,
        box_coins: int,
    ) -> Self:
        """A new state with the parts both editions set up the same way (the decks
        come later: each edition first shuffles its special cards)."""
        self = cls.__new__(cls)
        self.cards = cards
        self._setup(players, seed, options)
        n = len(players)
        self.discards = [[], [], []]
        self.visible = []
        self.coins = [start_coins] * n
        unlimited = options.get("bank", "unlimited") == "unlimited"
        self.bank = None if unlimited else box_coins - start_coins * n
        self.turn = 0
        self.pending = None
        self.passed_at = -1
        return self

    def _deal_decks(self, buildings: tuple[int, ...]) -> None:
        """Three shuffled building decks, top card last."""
        self.decks = [[i for i in buildings if self.cards[i].deck == d] for d in (1, 2, 3)]
        for deck in self.decks:
            self.rng.shuffle(deck)

    # ---- facts ------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.stage == "over"

    def handed_over_at(self) -> int | None:
        return self.passed_at if self.passed_at >= 0 else None

    @property
    def end_triggered(self) -> bool:
        return any(len(c) >= self.GOAL for c in self.city)

    PLACE_WORD, ITEM_WORD = "city", "cards"  # a player's cards and what they are, in the log

    def log_last_round_trigger(self) -> None:
        """At the end of the turn that first brings a city to its goal: the round in
        progress is the last, and the log says so once."""
        seat = self.turn
        if len(self.city[seat]) >= self.GOAL and all(
            len(cards) < self.GOAL for other, cards in enumerate(self.city) if other != seat
        ):
            self.log(
                f"{self.players[seat]}'s {self.PLACE_WORD} has {len(self.city[seat])} {self.ITEM_WORD}: "
                "this is the last round; it ends with the player before the first player."
            )

    def owns_name(self, seat: int, name: str) -> bool:
        cards = self.cards
        return any(cards[i].name == name for i in self.city[seat])

    def drawable(self) -> list[int]:
        """Decks (1-3) a player may draw from now: cards in the deck or its discards."""
        return [d + 1 for d in range(3) if self.decks[d] or self.discards[d]]

    def deck_name(self, d: int) -> str:
        """How the log and refusals name deck ``d`` (1-3), mid-sentence."""
        return f"deck {d}"

    def income_of(self, seat: int) -> int:
        return sum(self.cards[i].income for i in self.city[seat])

    def cost_of(self, seat: int, card: Card) -> int:
        return card.cost

    def group_of(self, card: Card) -> str | None:
        """What a special card's needs count: a colour here, a type in Happiest Town."""
        return card.colour

    def group_counts(self, seat: int) -> dict[str, int]:
        counts: dict[str, int] = {}
        for i in self.city[seat]:
            g = self.group_of(self.cards[i])
            if g is not None:
                counts[g] = counts.get(g, 0) + 1
        return counts

    def meets(self, seat: int, card: Card) -> bool:
        counts = self.group_counts(seat)
        return all(counts.get(g, 0) >= k for g, k in card.needs)

    def has_special(self, seat: int) -> bool:
        """Whether the seat has taken its one special (infrastructure) card."""
        raise NotImplementedError

    def special_offer(self) -> list[int]:
        """The special (infrastructure) cards on the table, still to be taken."""
        raise NotImplementedError

    def takeable_specials(self, seat: int) -> list[int]:
        """The special cards the seat's city qualifies for now."""
        raise NotImplementedError

    def taken(self, seat: int, kind: str, name: str) -> Self:
        """A copy in which ``seat`` has made the legal take ``kind`` of ``name`` (a
        building, a dwelling, a special; a coin for "coin"): paid, placed and its
        effects done, the turn not moved on (the explainer's "what it gives now")."""
        raise NotImplementedError

    def paid_on_build(self, card: Card) -> tuple[int, int] | None:
        """The money a card pays out once, when built: (to its builder, to each other
        player), or None (Happiest Town's infrastructure pays some)."""
        return None

    def offered_card(self, kind: str, name: object) -> Card | None:
        """The card a take of ``kind`` names, if it is on offer: in the row ("buy"), on
        top of its pile ("dwelling") or among the specials on the table ("claim")."""
        if kind == "buy":
            k = self._visible_named(name)
            return None if k is None else self.cards[self.visible[k]]
        if kind == "dwelling":
            pile = self._pile_named(name)
            return self.cards[pile[-1]] if pile else None
        if kind == "claim":
            for i in self.special_offer():
                if self.cards[i].name == name:
                    return self.cards[i]
        return None

    def room_for(self, seat: int) -> bool:
        """Whether the seat's city may take one more card."""
        return self.CITY_LIMIT is None or len(self.city[seat]) < self.CITY_LIMIT

    def breakdown(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    def _visible_named(self, name: object) -> int | None:
        for k, i in enumerate(self.visible):
            if self.cards[i].name == name:
                return k
        return None

    def _pile_named(self, name: object) -> list[int] | None:
        for pile, pname in zip(self.piles, self.pile_names, strict=True):
            if pname == name:
                return pile
        return None

    # ---- actions both editions list the same way --------------------------------------
    def _discard_actions(self, seat: int, keep_label: str) -> list[Action]:
        out = [Action(seat, "keep", (), keep_label)]
        seen: set[str] = set()
        for i in self.visible:
            name = self.cards[i].name
            if name not in seen:
                seen.add(name)
                out.append(Action(seat, "discard", (name,), f"Discard {name}"))
        return out

    def _draw_actions(self, seat: int) -> list[Action]:
        return [
            Action(seat, "draw", (d,), f"Draw from {self.deck_name(d)}") for d in self.drawable()
        ]

    def _buy_actions(self, seat: int, verb: str) -> list[Action]:
        """Every building of the row and dwelling on top of a pile the seat may take."""
        if not self.room_for(seat):
            return []
        cards = self.cards
        offers = [("buy", i) for i in self.visible] + [("dwelling", p[-1]) for p in self.piles if p]
        out: list[Action] = []
        seen = {cards[i].name for i in self.city[seat]}  # a city holds one card of a name
        for kind, i in offers:
            c = cards[i]
            if c.name in seen:
                continue
            seen.add(c.name)
            cost = self.cost_of(seat, c)
            if cost <= self.coins[seat]:
                out.append(Action(seat, kind, (c.name,), f"{verb} {c.name} for {cost}"))
        return out

    # ---- refusals both editions give the same way -------------------------------------
    def _shape_problem(self, a: Action) -> str | None:
        """Wrong stage, wrong number or wrong type of arguments."""
        kinds, says = self.STAGES.get(self.stage, ((), "may not act"))
        if a.kind not in kinds:
            return f"Not now: {self.players[a.seat]} {says}."
        expect = 0 if a.kind in self.NO_ARGS else 1
        if len(a.args) != expect:
            return f"'{a.kind}' takes {expect} argument(s)."
        return None

    def _row_problem(self, a: Action) -> str | None:
        """Reasons to refuse a discard, a draw or a purchase; None if it is allowed."""
        if a.kind == "discard":
            if not isinstance(a.args[0], str) or self._visible_named(a.args[0]) is None:
                return f"{a.args[0]} is not {self.IN_ROW}."
        elif a.kind == "draw":
            d = a.args[0]
            if not whole(d) or d not in (1, 2, 3):
                return self.DECKS_TEXT
            if d not in self.drawable():
                return f"{self.deck_name(d).capitalize()} and its discards are both empty."
        elif a.kind in ("buy", "dwelling"):
            return self._buy_problem(a.seat, a.kind, a.args[0])
        return None

    def _buy_problem(self, seat: int, kind: str, name: object) -> str | None:
        if not isinstance(name, str):
            return f"{name!r} is not the name of a card."
        if kind == "buy":
            k = self._visible_named(name)
            if k is None:
                return f"{name} is not {self.IN_ROW}."
            card = self.cards[self.visible[k]]
        else:
            pile = self._pile_named(name)
            if pile is None:
                return f"There is no {self.PILE_NOUN} called {name}."
            if not pile:
                return f"The {name} pile is empty."
            card = self.cards[pile[-1]]
        if not self.room_for(seat):
            return f"A {self.PLACE_WORD} holds at most {self.CITY_LIMIT} {self.ITEM_WORD}."
        if self.owns_name(seat, name):
            return f"{self.players[seat]} already has a {name}; {self.ONE_OF_A_NAME}"
        cost = self.cost_of(seat, card)
        if cost > self.coins[seat]:
            return f"{name} costs {cost} but {self.players[seat]} has {self.coins[seat]}."
        return None

    # ---- changes both editions make the same way --------------------------------------
    def _discard(self, name: str) -> int:
        """Move the named card of the row to its deck's discards."""
        k = self._visible_named(name)
        assert k is not None  # checked by why_illegal
        i = self.visible.pop(k)
        self.discards[self.cards[i].deck - 1].append(i)
        return i

    def _draw(self, seat: int, deck: int) -> None:
        """Turn the top card of a deck face up in the row, reshuffling its discards
        into a new deck when it is empty."""
        d = deck - 1
        if not self.decks[d]:
            self.decks[d] = self.discards[d]
            self.discards[d] = []
            self.rng.shuffle(self.decks[d])
            name = self.deck_name(deck)
            self.log(f"{name.capitalize()} is empty: its discards are shuffled into a new deck.")
        i = self.decks[d].pop()
        self.visible.append(i)
        self.checkpoint += 1  # a card was revealed: no undo past this point
        self.log(f"{self.players[seat]} draws {self.cards[i].name} from {self.deck_name(deck)}.")

    def _take_offer(self, kind: str, name: str) -> int:
        """Remove the bought card from the row ("buy") or its pile ("dwelling")."""
        if kind == "buy":
            k = self._visible_named(name)
            assert k is not None  # checked by why_illegal
            return self.visible.pop(k)
        pile = self._pile_named(name)
        assert pile  # checked by why_illegal
        return pile.pop()

    def _advance(self) -> None:
        """Skip steps that offer no real choice."""
        if self.stage == "discard" and not self.visible:
            self.stage = "refill"
        if self.stage == "refill" and (len(self.visible) >= ROW_SIZE or not self.drawable()):
            self.stage = self.BUY_STAGE

    def _gain(self, seat: int, amount: int) -> int:
        """Pay a seat from the bank; a box-limited bank pays only what it holds."""
        if self.bank is not None:
            amount = min(amount, self.bank)
            self.bank -= amount
        self.coins[seat] += amount
        return amount

    def _pay(self, seat: int, amount: int) -> None:
        amount = max(0, amount)  # a cost cut below zero pays nothing back
        self.coins[seat] -= amount
        if self.bank is not None:
            self.bank += amount

    # ---- scoring ----------------------------------------------------------------------
    def _tally(self, seat: int) -> tuple[int, int, int, int]:
        """(inhabitants, crossed inhabitants, hearts, crossed hearts) printed on the
        seat's cards: negative symbols are crossed out and count against."""
        plus_i = minus_i = plus_h = minus_h = 0
        for i in self.city[seat]:
            c = self.cards[i]
            if c.inhabitants > 0:
                plus_i += c.inhabitants
            else:
                minus_i -= c.inhabitants
            if c.hearts > 0:
                plus_h += c.hearts
            else:
                minus_h -= c.hearts
        return plus_i, minus_i, plus_h, minus_h

    def _plain_breakdown(self, seat: int, add: bool) -> dict[str, Any]:
        """The score without special effects: net inhabitants times (or plus) net hearts."""
        inh_plus, inh_minus, heart_plus, heart_minus = self._tally(seat)
        inhabitants = net_symbols(inh_plus, inh_minus, add)
        hearts = net_symbols(heart_plus, heart_minus, add)
        return {
            "inhabitants": inh_plus,
            "crossed_inhabitants": inh_minus,
            "hearts": heart_plus,
            "crossed_hearts": heart_minus,
            "net_inhabitants": inhabitants,
            "net_hearts": hearts,
            "rule": "add" if add else "multiply",
            "score": added_score(inhabitants, hearts) if add else inhabitants * hearts,
            "coins": self.coins[seat],
            "cards": len(self.city[seat]),
        }

    def result(self) -> dict[str, Any]:
        money = self.MONEY
        parts = [self.breakdown(s) for s in range(self.n)]
        res = ranked_result(
            parts,
            "score",
            [("coins", f"{money}: of the tied players, the one with the most {money} left wins")],
            unshared="none needed: the best score is not shared",
            shared=f"{money} did not separate the leaders: they share the win",
        )
        res["items"] = [score_items(self, s, parts[s], money) for s in range(self.n)]
        res["formula"] = formula(parts[0])
        res["summary"] = [[money.capitalize(), "coins"]]
        return res

    # ---- views ------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        # The protocol's view is an untyped mapping; ``seat_view`` declares this one.
        return cast(dict[str, Any], self.seat_view(seat))

    def seat_view(self, seat: int | None) -> CardRowView:
        """What ``seat`` sees (everything is public here but the seat's own prices and
        which specials it may take), as each edition declares it in views.py."""
        raise NotImplementedError

    def card_view(self, i: int, seat: int | None = None) -> CardFace:
        return self.cards[i].to_dict()

    def score_view(self, seat: int) -> ScoreView:
        """The seat's score as it stands: the breakdown's figures, without its words."""
        part = self.breakdown(seat)  # a fresh dict, made for this call
        part.pop("effect_notes", None)  # Expert's notes for the log
        return cast(ScoreView, part)

    def _player_view(self, seat: int) -> PlayerView:
        return {
            "seat": seat,
            "name": self.players[seat],
            "coins": self.coins[seat],
            "income": self.income_of(seat),
            "city": [self.card_view(i) for i in self.city[seat]],
            "score": self.score_view(seat),
        }

    def _row_view(self, seat: int | None) -> CardRowView:
        """The parts both editions share."""
        specials = self.special_offer()
        takeable = self.takeable_specials(seat) if seat is not None else []
        return {
            "game": self.spec.id,
            "options": dict(self.options),
            "viewer": seat,
            "round": self.round,
            "turn": self.turn,
            "stage": self.stage,
            "first_player": 0,
            "last_player": self.n - 1,
            "end_triggered": self.end_triggered,
            "over": self.is_over,
            "bank": self.bank,
            "players": [self._player_view(s) for s in range(self.n)],
            "decks": self._decks_view(),
            "visible": [self.card_view(i, seat) for i in self.visible],
            "row_size": ROW_SIZE,
            "dwellings": self._piles_view(seat),
            "specials": [{**self.card_view(i), "takeable": i in takeable} for i in specials],
            "letters": dict(self.GROUP_LETTERS),
            "goal": self.GOAL,
        }

    def _decks_view(self) -> list[DeckView]:
        return [
            {
                "deck": d + 1,
                "count": len(self.decks[d]),
                "discards": len(self.discards[d]),
                "costs": list(DECK_COSTS[d + 1]),
            }
            for d in range(3)
        ]

    def _piles_view(self, seat: int | None) -> list[PileView]:
        return [
            {"name": name, "count": len(pile), "card": self.card_view(face, seat)}
            for pile, name, face in zip(self.piles, self.pile_names, self.pile_faces, strict=True)
        ]

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------
    def resample(self, seat: int, seed: int) -> Self:
        """Cities, row, piles, coins and discards are public (each discard is logged), so
        only the order of every deck and of the box, and the random generator, are
        hidden: they are redrawn from ``seed``, starting from a sorted order so that the
        copy depends on nothing the seat cannot know."""
        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._imagined(seed)  # a seed of its own, no history
        s._log = self.log_seen_by(seat)
        s.box = sorted(self.box)
        s.decks = [sorted(deck) for deck in self.decks]
        for deck in s.decks:
            rng.shuffle(deck)
        return s

    # ---- for tests: every physical card exactly once ------------------------------------
    def all_card_places(self) -> list[int]:
        out: list[int] = []
        for d in self.decks + self.discards + self.piles:
            out += d
        out += self.visible
        out += self.box
        return out
