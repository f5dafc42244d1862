"""Hidden Nim, the engine.

Rules. A heap of stones (15 or 21) and a deck of twelve cards, four each of 1, 2 and 3,
shuffled; each player is dealt two cards face down. Players take turns in seat order
from the first. On a turn a player either takes 1 or 2 stones, or plays a card from
hand face up and takes as many stones as it shows, then draws the top card of the deck
(if any is left) without showing it. Nobody may take more stones than the heap holds.
When the heap is empty the game ends: each stone taken is worth a point, and the player
who took the last stone gains 5 points (or, with the "penalty" option, loses 5). A tie
on points goes to the player keeping more cards in hand; a tie on both is shared.

Hidden: the deck order and each hand (a player sees only their own).
"""

from __future__ import annotations

from typing import Any, TypedDict

from rules.core import Action, GameState, Rng, ranked_result

CARDS = (1, 2, 3) * 4
HAND = 2
TAKE = (1, 2)  # stones a player may take without a card
LAST_STONE = 5  # points gained (or lost) for the last stone


class HiddenNimView(TypedDict):
    """What one seat may know (JSON-safe: lists, never tuples)."""

    heap: int
    turn: int
    deck: int  # cards left, never their order
    discard: list[int]
    hand_sizes: list[int]
    stones: list[int]  # taken by each seat
    hand: list[int] | None  # the seat's own; None in the public view
    last_stone: str  # the option: "bonus" or "penalty"
    over: bool


class HiddenNimState(GameState[HiddenNimView]):
    # Every attribute is a tuple or an int, replaced and never changed in place, so
    # copies may share them all (no COPY table needed).
    __slots__ = ("heap", "hands", "deck", "discard", "turn", "stones", "last_taker")
    heap: int
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    turn: int
    stones: tuple[int, ...]
    last_taker: int | None

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict[str, Any]) -> HiddenNimState:
        s = object.__new__(cls)
        s._setup(players, seed, options)
        deck = list(CARDS)
        s.rng.shuffle(deck)
        n = len(players)
        s.hands = tuple(tuple(deck[k * HAND : (k + 1) * HAND]) for k in range(n))
        s.deck = tuple(deck[n * HAND :])
        s.discard = ()
        s.heap = options["heap"]
        s.turn = 0
        s.stones = (0,) * n
        s.last_taker = None
        s.log(f"The heap holds {s.heap} stones; each player is dealt {HAND} cards.")
        for seat, hand in enumerate(s.hands):
            s.log(f"You are dealt {_cards(hand)}.", seat)
        return s

    # ---- protocol -------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.heap == 0

    def actors(self) -> list[int]:
        return [] if self.is_over else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over or seat != self.turn:
            return []
        label = self.spec.labeler
        assert label is not None  # Hidden Nim's spec labels every move
        moves = [Action(seat, "take", (n,)) for n in TAKE if n <= self.heap]
        moves += [
            Action(seat, "play", (v,)) for v in sorted(set(self.hands[seat])) if v <= self.heap
        ]
        return [Action(a.seat, a.kind, a.args, label(a)) for a in moves]

    def why_illegal(self, action: Action) -> str | None:
        # Compared by key, not by value: 1.0 and True equal 1 but are not moves.
        if action.key in {a.key for a in self.legal_actions(action.seat)}:
            return None
        if action.kind == "take":
            return f"Take 1 or 2 stones, and no more than the heap's {self.heap}."
        if action.kind == "play":
            return f"Play a card you hold that is no more than the heap's {self.heap} stones."
        return f"Hidden Nim has no move {action.kind!r}: take stones or play a card."

    def _do(self, action: Action) -> None:
        seat, (count,) = action.seat, action.args
        name = self.players[seat]
        if action.kind == "play":
            hand = list(self.hands[seat])
            hand.remove(count)
            self.discard = (*self.discard, count)
            self.log(f"{name} plays a {count} and takes {count} stones.")
            if self.deck:
                drawn, self.deck = self.deck[0], self.deck[1:]
                hand.append(drawn)
                self.log(f"{name} draws a card.")
                self.log(f"You draw a {drawn}.", seat)
            self.hands = (*self.hands[:seat], tuple(hand), *self.hands[seat + 1 :])
        else:
            self.log(f"{name} takes {count} stone{'s' if count != 1 else ''}.")
        self.heap -= count
        self.stones = (*self.stones[:seat], self.stones[seat] + count, *self.stones[seat + 1 :])
        self.checkpoint += 1  # a card may have been drawn, and the turn passes on
        if self.heap == 0:
            self.last_taker = seat
            self.log(f"{name} takes the last stone; the game is over.")
        else:
            self.turn = (seat + 1) % len(self.players)

    def result(self) -> dict[str, Any]:
        bonus = LAST_STONE if self.options["last_stone"] == "bonus" else -LAST_STONE
        rows = []
        for seat, stones in enumerate(self.stones):
            last = bonus if seat == self.last_taker else 0
            rows.append(
                {
                    "score": stones + last,
                    "stones": stones,
                    "last_stone": last,
                    "cards_kept": len(self.hands[seat]),
                }
            )
        return ranked_result(
            rows,
            "score",
            [("cards_kept", "Tied on points: more cards kept in hand decided.")],
            unshared="Most points.",
            shared="Tied on points and on cards kept: the win is shared.",
        )

    def view(self, seat: int | None) -> HiddenNimView:
        return {
            "heap": self.heap,
            "turn": self.turn,
            "deck": len(self.deck),
            "discard": list(self.discard),
            "hand_sizes": [len(h) for h in self.hands],
            "stones": list(self.stones),
            "hand": None if seat is None else list(self.hands[seat]),
            "last_stone": self.options["last_stone"],
            "over": self.is_over,
        }

    def resample(self, seat: int, seed: int) -> HiddenNimState:
        rng = Rng(seed)
        unseen = list(self.deck)
        for other, hand in enumerate(self.hands):
            if other != seat:
                unseen += hand
        # Sorted first: the copy must depend on what the seat knows (which cards are
        # unseen), never on where they really lie, or the shuffle would carry it over.
        unseen.sort()
        rng.shuffle(unseen)
        copy = self._copy()
        hands = []
        for other, hand in enumerate(self.hands):
            if other == seat:
                hands.append(hand)
            else:
                hands.append(tuple(unseen[: len(hand)]))
                unseen = unseen[len(hand) :]
        copy.hands = tuple(hands)
        copy.deck = tuple(unseen)
        copy.rng = rng
        copy._log = self.log_seen_by(seat)
        copy._imagined(seed)  # a seed of its own and no move history
        return copy


def _cards(hand: tuple[int, ...]) -> str:
    return " and ".join(map(str, hand))
