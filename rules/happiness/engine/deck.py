"""The community deck: how many cards it holds with topics left out, building and
dealing it, drawing from it, and redealing every card a seat has not seen (the
copies bots plan on)."""

from __future__ import annotations

from ...core import Action, Rng
from ..cards import HAND_SIZE, TOPIC_LABELS, TOPICS, catalogue
from .fields import BUILD, PLAY, HappinessFields


def card_by_word(word) -> int | None:
    """The id of the card printed with ``word`` (None for any other word or value)."""
    return catalogue().by_word.get(word) if isinstance(word, str) else None


def deck_plan(state: HappinessFields, excluded=None) -> tuple[int, int]:
    """(Joycards, Bummers) the deck will hold with these topics left out."""
    cat = catalogue()
    cards = state.cards
    excluded = set(state.excluded if excluded is None else excluded)
    want_j, want_b = cat.deck_sizes[state.n]
    kept_j = sum(1 for i in cat.joycards if not excluded & set(cards[i].topics))
    kept_b = sum(1 for i in cat.bummers if not excluded & set(cards[i].topics))
    return min(want_j, kept_j), min(want_b, kept_b)


def toggle_topic(state: HappinessFields, a: Action) -> None:
    t = a.args[0]
    ex = set(state.excluded)
    if t in ex:
        ex.remove(t)
        state.log(f"{state.players[a.seat]} puts {TOPIC_LABELS[t]} back in the deck.")
    else:
        ex.add(t)
        state.log(f"{state.players[a.seat]} leaves {TOPIC_LABELS[t]} out of the deck.")
    state.excluded = tuple(x for x in TOPICS if x in ex)


def build_done(state: HappinessFields, a: Action) -> None:
    """Shuffle the deck of the topics kept, deal every hand and start round 1."""
    cat = catalogue()
    cards = state.cards
    ex = set(state.excluded)
    kept_j = [i for i in cat.joycards if not ex & set(cards[i].topics)]
    kept_b = [i for i in cat.bummers if not ex & set(cards[i].topics)]
    nj, nb = deck_plan(state)
    state.rng.shuffle(kept_j)
    state.rng.shuffle(kept_b)
    deck = kept_j[:nj] + kept_b[:nb]
    state.box = sorted(set(range(len(cards))) - set(deck))
    state.rng.shuffle(deck)
    state.deck = deck
    state.deck_size = len(deck)
    left_out = ", ".join(TOPIC_LABELS[t] for t in state.excluded) or "nothing"
    state.log(
        f"The deck holds {nj} Joycards and {nb} Bummers ({len(deck)} cards; left out: {left_out})."
    )
    for k in range(state.n):
        seat = (state.youngest + k) % state.n
        for _ in range(HAND_SIZE):
            state.hands[seat].append(state.deck.pop())
        words = ", ".join(cards[i].word for i in state.hands[seat])
        state.log(f"You are dealt {words}.", seat)
    state.log(
        f"Each player is dealt {HAND_SIZE} cards; {len(state.deck)} remain in the community deck."
    )
    state.checkpoint += 1  # cards dealt: hidden information revealed to each seat
    state.round = 1
    state.turn = state.youngest
    state.stage = PLAY
    state.log(f"Round 1: {state.players[state.turn]} starts.")


def draw(state: HappinessFields, seat: int) -> None:
    """The seat draws the top card, if any is left; the last one ends the game after
    this round."""
    if not state.deck:
        return
    cid = state.deck.pop()
    state.hands[seat].append(cid)
    state.checkpoint += 1  # a hidden card was drawn
    state.log(f"You draw {state.cards[cid].word}.", seat)
    if state.deck:
        state.log(
            f"{state.players[seat]} draws a card; {len(state.deck)} left in the community deck."
        )
    else:
        state.end_triggered = True
        state.log(f"{state.players[seat]} draws the last community card: this round is the last.")


def redeal_unseen(state: HappinessFields, copy: HappinessFields, seat: int, rng: Rng) -> None:
    """Deal ``copy`` (a copy of ``state``) afresh every card ``seat`` has not seen: the
    other hands, the community deck and the box of cards left out, keeping each hand's
    size and the deck's count of Joycards and Bummers."""
    if state.stage == BUILD:
        return  # nothing dealt yet
    cat = catalogue()
    cards = state.cards
    seen = set(state.hands[seat]) | {cid for cid, _ in state.board.values()}
    for pile in state.euphoria_pile + state.bummer_pile:
        seen.update(pile)
    ex = set(state.excluded)
    nj, nb = deck_plan(state)
    pool = []
    for ids, want in ((cat.joycards, nj), (cat.bummers, nb)):
        unseen = sorted(i for i in ids if i not in seen and not ex & set(cards[i].topics))
        rng.shuffle(unseen)
        pool += unseen[: want - sum(1 for i in ids if i in seen)]
    rng.shuffle(pool)
    for other in range(state.n):
        if other != seat:
            k = len(state.hands[other])
            copy.hands[other] = pool[len(pool) - k :]
            del pool[len(pool) - k :]
    copy.deck = pool
    copy.box = sorted(
        set(range(len(cards))) - set(pool) - seen - {i for h in copy.hands for i in h}
    )
