"""Shared helpers for the Happiness tests: build states, rig positions, act by name."""

from dataclasses import replace

from rules.core import Action
from rules.happiness import HAPPINESS as SPEC
from rules.happiness.cards import SYMBOLS, catalogue

CAT = catalogue()
JOY = [c.word for c in CAT.cards if not c.is_bummer]
BUM = [c.word for c in CAT.cards if c.is_bummer]


def new(n=2, seed=1, **options):
    return SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)


def started(n=2, seed=1, **options):
    s = new(n, seed, **options)
    return s.apply(Action(s.youngest, "build_done"))


def act(s, kind, *args, seat=None):
    if seat is None:
        seat = s.actors()[0]
    return s.apply(Action(seat, kind, tuple(args)))


def cid(word):
    return CAT.by_word[word]


def card(s, word):
    return s.cards[cid(word)]


def shape(s, word, edges=None, points=None):
    """Give one card other edges (four symbols, top right bottom left) or points, in
    this state only (test setup)."""
    i = cid(word)
    c = s.cards[i]
    kw = {}
    if edges is not None:
        kw["edges"] = tuple(SYMBOLS[ch][0] for ch in edges)
    if points is not None:
        kw["points"] = points
    s.cards = tuple(replace(c, **kw) if k == i else x for k, x in enumerate(s.cards))
    s.board_changed()
    return s


def _take(s, i):
    for lst in [s.deck, s.box, *s.hands, *s.euphoria_pile, *s.bummer_pile]:
        if i in lst:
            lst.remove(i)
            return
    for cell, (j, _) in list(s.board.items()):
        if j == i:
            del s.board[cell]
            s.board_changed()
            return
    raise KeyError(i)


def hand(s, seat, *words):
    """Make a seat's hand exactly these cards; its old cards go back to the box."""
    for i in list(s.hands[seat]):
        s.hands[seat].remove(i)
        s.box.append(i)
    for w in words:
        _take(s, cid(w))
        s.hands[seat].append(cid(w))
    return s


def put(s, word, x, y, by=0, edges=None, points=None):
    """Put a card on the table (test setup)."""
    _take(s, cid(word))
    s.board[(x, y)] = (cid(word), by)
    s.board_changed()
    if edges is not None or points is not None:
        shape(s, word, edges, points)
    return s


def clear_table(s):
    for cell, (i, _) in list(s.board.items()):
        del s.board[cell]
        s.box.append(i)
    s.board_changed()
    return s


def deck(s, *words):
    """Make the community deck exactly these cards, the first word on top."""
    for i in list(s.deck):
        s.deck.remove(i)
        s.box.append(i)
    for w in reversed(words):
        _take(s, cid(w))
        s.deck.append(cid(w))
    return s


def places(s):
    return [(a.args[1], a.args[2]) for a in s.legal_actions(s.actors()[0]) if a.kind == "place"]


def places_of(s, word, seat=None):
    seat = s.actors()[0] if seat is None else seat
    return sorted(
        (a.args[1], a.args[2])
        for a in s.legal_actions(seat)
        if a.kind == "place" and a.args[0] == word
    )
