"""Shared test helpers for Happy City: build states and play actions by name."""

from rules.core import Action
from rules.happy_city import HAPPY_CITY as SPEC


def new(n=3, seed=1, **options):
    return SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options=options)


def act(state, kind, *args):
    seat = state.actors()[0]
    return state.apply(Action(seat, kind, tuple(args)))


def card_id(state, name, where=None):
    for i, c in enumerate(state.cards):
        if c.name == name and (where is None or i in where):
            return i
    raise KeyError(name)


def give(state, seat, *names):
    """Move named cards from wherever they are into a seat's city (test setup only)."""
    for name in names:
        i = _take(state, name)
        state.city[seat].append(i)
    return state


def _take(state, name):
    for lst in [
        *state.decks,
        *state.discards,
        state.visible,
        *state.dwellings,
        state.specials,
        state.box,
    ]:
        for i in lst:
            if state.cards[i].name == name:
                lst.remove(i)
                return i
    raise KeyError(name)


def show(state, *names):
    """Put named buildings in the central row (test setup only)."""
    for name in names:
        state.visible.append(_take(state, name))
    return state
