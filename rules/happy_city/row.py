"""The row, the decks, the piles, the cities and the money, as both editions have them:
what a city holds and may take, what is on offer, and the changes both editions make
the same way (laying out a game, discarding, drawing, taking an offer, paying)."""

from __future__ import annotations

from typing import Any

from ..core import Rng
from .cards import Card
from .fields import DISCARD, REFILL, ROW_SIZE, CardRowFields


# ---- setup ------------------------------------------------------------------------------
def lay_out(
    state: CardRowFields,
    players: list[str],
    seed: int,
    options: dict[str, Any],
    cards: tuple[Card, ...],
    start_coins: int,
    box_coins: int,
) -> None:
    """The parts both editions set up the same way (the decks come later: each
    edition first shuffles its special cards)."""
    state.cards = cards
    state._setup(players, seed, options)
    n = state.n = len(players)
    state.discards = [[], [], []]
    state.visible = []
    state.coins = [start_coins] * n
    unlimited = options.get("bank", "unlimited") == "unlimited"
    state.bank = None if unlimited else box_coins - start_coins * n
    state.turn = 0
    state.pending = None
    state.passed_at = -1
    state.special = [None] * n
    # Happy City's Expert fields, empty (and so cheap to copy) unless its setup fills them
    state.expert = False
    state.market_pool = []
    state.free = []
    state.borrow = []
    state.targets = {}
    state.choices = []
    state.discarded = 0


def deal_decks(state: CardRowFields, buildings: tuple[int, ...]) -> None:
    """Three shuffled building decks, top card last."""
    state.decks = [[i for i in buildings if state.cards[i].deck == d] for d in (1, 2, 3)]
    for deck in state.decks:
        state.rng.shuffle(deck)


# ---- facts --------------------------------------------------------------------------------
def end_triggered(state: CardRowFields) -> bool:
    goal = state.edition.goal
    return any(len(c) >= goal for c in state.city)


def owns_name(state: CardRowFields, seat: int, name: str) -> bool:
    cards = state.cards
    return any(cards[i].name == name for i in state.city[seat])


def drawable(state: CardRowFields) -> list[int]:
    """Decks (1-3) a player may draw from now: cards in the deck or its discards."""
    return [d + 1 for d in range(3) if state.decks[d] or state.discards[d]]


def deck_name(state: CardRowFields, d: int) -> str:
    """How the log and refusals name deck ``d`` (1-3), mid-sentence."""
    words = state.edition.deck_words
    return f"deck {d}" if words is None else f"the {words[d - 1]}-cost deck"


def printed_income(state: CardRowFields, seat: int) -> int:
    """The income printed on the seat's cards."""
    return sum(state.cards[i].income for i in state.city[seat])


def group_counts(state: CardRowFields, seat: int) -> dict[str, int]:
    """Cards of each group (colour, type) in the seat's city."""
    group_of = state.edition.group_of
    counts: dict[str, int] = {}
    for i in state.city[seat]:
        g = group_of(state.cards[i])
        if g is not None:
            counts[g] = counts.get(g, 0) + 1
    return counts


def meets(state: CardRowFields, seat: int, card: Card) -> bool:
    counts = group_counts(state, seat)
    return all(counts.get(g, 0) >= k for g, k in card.needs)


def has_special(state: CardRowFields, seat: int) -> bool:
    """Whether the seat has taken its one special (infrastructure) card."""
    return state.special[seat] is not None


def special_offer(state: CardRowFields) -> list[int]:
    """The special (infrastructure) cards on the table, still to be taken."""
    return state.specials


def room_for(state: CardRowFields, seat: int) -> bool:
    """Whether the seat's city may take one more card."""
    limit = state.edition.city_limit
    return limit is None or len(state.city[seat]) < limit


def visible_named(state: CardRowFields, name: object) -> int | None:
    for k, i in enumerate(state.visible):
        if state.cards[i].name == name:
            return k
    return None


def pile_named(state: CardRowFields, name: object) -> list[int] | None:
    for pile, pname in zip(state.piles, state.pile_names, strict=True):
        if pname == name:
            return pile
    return None


def offered_card(state: CardRowFields, kind: str, name: object) -> Card | None:
    """The card a take of ``kind`` names, if it is on offer: in the row ("buy"), on
    top of its pile ("dwelling") or among the specials on the table ("claim")."""
    if kind == "buy":
        k = visible_named(state, name)
        return None if k is None else state.cards[state.visible[k]]
    if kind == "dwelling":
        pile = pile_named(state, name)
        return state.cards[pile[-1]] if pile else None
    if kind == "claim":
        for i in state.specials:
            if state.cards[i].name == name:
                return state.cards[i]
    return None


def all_card_places(state: CardRowFields) -> list[int]:
    """Every card where it lies outside the cities (the tests check none is lost)."""
    out: list[int] = []
    for d in state.decks + state.discards + state.piles:
        out += d
    out += state.visible
    out += state.box
    return out + state.specials


# ---- changes ------------------------------------------------------------------------------
def discard(state: CardRowFields, name: str) -> int:
    """Move the named card of the row to its deck's discards."""
    k = visible_named(state, name)
    assert k is not None  # checked by why_illegal
    i = state.visible.pop(k)
    state.discards[state.cards[i].deck - 1].append(i)
    return i


def draw(state: CardRowFields, seat: int, deck: int) -> None:
    """Turn the top card of a deck face up in the row, reshuffling its discards
    into a new deck when it is empty."""
    d = deck - 1
    if not state.decks[d]:
        state.decks[d] = state.discards[d]
        state.discards[d] = []
        state.rng.shuffle(state.decks[d])
        name = deck_name(state, deck)
        state.log(f"{name.capitalize()} is empty: its discards are shuffled into a new deck.")
    i = state.decks[d].pop()
    state.visible.append(i)
    state.checkpoint += 1  # a card was revealed: no undo past this point
    state.log(f"{state.players[seat]} draws {state.cards[i].name} from {deck_name(state, deck)}.")


def take_offer(state: CardRowFields, kind: str, name: str) -> int:
    """Remove the bought card from the row ("buy") or its pile ("dwelling")."""
    if kind == "buy":
        k = visible_named(state, name)
        assert k is not None  # checked by why_illegal
        return state.visible.pop(k)
    pile = pile_named(state, name)
    assert pile  # checked by why_illegal
    return pile.pop()


def skip_empty_steps(state: CardRowFields) -> None:
    """Skip the discard and refill steps when they offer no real choice."""
    if state.stage == DISCARD and not state.visible:
        state.stage = REFILL
    if state.stage == REFILL and (len(state.visible) >= ROW_SIZE or not drawable(state)):
        state.stage = state.edition.buy_stage


def gain(state: CardRowFields, seat: int, amount: int) -> int:
    """Pay a seat from the bank; a box-limited bank pays only what it holds."""
    if state.bank is not None:
        amount = min(amount, state.bank)
        state.bank -= amount
    state.coins[seat] += amount
    return amount


def pay(state: CardRowFields, seat: int, amount: int) -> None:
    amount = max(0, amount)  # a cost cut below zero pays nothing back
    state.coins[seat] -= amount
    if state.bank is not None:
        state.bank += amount


def hand_over(state: CardRowFields) -> None:
    """The turn ends: play only changes hands (see the controller's take-back), and at
    the end of the turn that first brings a city to its goal the log says once that
    the round in progress is the last."""
    state.checkpoint += 1
    state.passed_at = state.checkpoint
    seat, goal = state.turn, state.edition.goal
    if len(state.city[seat]) >= goal and all(
        len(cards) < goal for other, cards in enumerate(state.city) if other != seat
    ):
        words = state.edition
        state.log(
            f"{state.players[seat]}'s {words.place_word} has {len(state.city[seat])} "
            f"{words.item_word}: this is the last round; it ends with the player before "
            "the first player."
        )


def resample(state: CardRowFields, seat: int, seed: int) -> None:
    """Make a copy what ``seat`` knows: cities, row, piles, coins and discards are
    public (each discard is logged), so only the order of every deck and of the box,
    and the random generator, are hidden: they are redrawn from ``seed``, starting
    from a sorted order so that the copy depends on nothing the seat cannot know."""
    rng = Rng(seed)
    state.rng = Rng(rng.next64())
    state._imagined(seed)  # a seed of its own, no history
    state.box = sorted(state.box)
    state.decks = [sorted(deck) for deck in state.decks]
    for deck in state.decks:
        rng.shuffle(deck)
