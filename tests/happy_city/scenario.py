"""Build Happy City / Happiest Town positions by hand: for tests, screenshots and demos.

These helpers move named cards between places of a *fresh copy* of a state; they
keep every card in exactly one place, but they skip the rules (payment, needs), so
use them to set a scene, then play real actions through ``apply``.
"""

from __future__ import annotations

from rules.core import Action
from rules.happy_city import HAPPY_CITY


def _places(state) -> list[list]:
    """Every list a free card can lie in (not a city)."""
    out = [*state.decks, *state.discards, state.visible]
    out += state.piles
    for attr in ("specials", "row", "box"):
        if hasattr(state, attr):
            out.append(getattr(state, attr))
    return out


def take(state, name: str) -> int:
    """Remove one card called ``name`` from the decks, row, piles, table or box."""
    for lst in _places(state):
        for i in lst:
            if state.cards[i].name == name:
                lst.remove(i)
                return i
    raise KeyError(f"no free card called {name!r}")


def put(state, seat: int, *names: str):
    """Append named cards to a seat's city (a special also becomes its special)."""
    for name in names:
        i = take(state, name)
        state.city[seat].append(i)
        if state.cards[i].kind == "special":  # Happiest Town's infrastructure too
            state.special[seat] = i
    return state


def show(state, *names: str):
    """Put named buildings face up in the central row."""
    for name in names:
        state.visible.append(take(state, name))
    return state


def lay_out(state, *names: str):
    """Make the named specials (Expert) the ones available on the table."""
    for name in names:
        state.specials.append(take(state, name))
    return state


def expert_game(n: int = 3, seed: int = 1, colours: list[str] | None = None, **options):
    """A new Expert game with the Happy Market draft done (seat k takes colours[k])."""
    spec = HAPPY_CITY
    s = spec.new_game([f"P{i}" for i in range(n)], seed=seed, options={"mode": "expert", **options})
    colours = colours or ["yellow", "blue", "green", "orange", "violet"][:n]
    while s.stage == "market":
        seat = s.actors()[0]
        s = s.apply(Action(seat, "market", (colours[seat],)))
    return s


def act(state, kind: str, *args):
    """Apply an action of the only seat that may act now."""
    seat = state.actors()[0]
    return state.apply(Action(seat, kind, tuple(args)))
