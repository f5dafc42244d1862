"""The smallest changes of a seat's holdings that characters, skills and steps all
make: an income rise, a card draw, a terrain tile flipped for its bonus."""

from __future__ import annotations

from ..model import data as D
from ..model.fields import StateFields
from ..model.frame_types import Effect
from ..model.story import tile_name
from . import skills as SK


def raise_income(s: StateFields, seat: int, r: str, k: int) -> None:
    P = s.p[seat]
    P.inc = {**P.inc, r: P.inc[r] + k}  # copy on write (see PlayerState.copy)
    SK.on_income_rise(s, seat, r, k)  # F hook: skill tile 29


def draw(s: StateFields, seat: int, n: int) -> None:
    d = D.load()
    got = []
    s.deck = list(s.deck)  # copy on write (see SweetLandsState._copy)
    for _ in range(n):
        if not s.deck:
            if not s.discard:
                break
            s.deck = list(s.discard)
            s.discard = []
            s.own_rng().shuffle(s.deck)
            s.log("The Citizen Deck is empty: the discard pile is shuffled into a new deck.")
        got.append(s.deck.pop())
    P = s.p[seat]
    P.hand = P.hand + got  # copy on write (see PlayerState.copy)
    if got:
        s.checkpoint += 1
        s.log(f"{s.players[seat]} draws {len(got)} card{'s' if len(got) != 1 else ''}.")
        s.log("You draw: " + ", ".join(d.cards[d.deck[u]].name for u in got) + ".", seat)


def tile_effect(kind: str) -> list[Effect]:
    d = D.load()
    if kind.startswith("special:"):
        return list(d.specials[int(kind[8:])])
    return list(d.terrain_flip[kind])


def flip(s: StateFields, seat: int, h: int) -> list[Effect]:
    P = s.p[seat]
    kind = P.tiles[h][0]
    P.tiles = {**P.tiles, h: (kind, True)}
    s.log(f"{s.players[seat]} flips the {tile_name(kind)} on hex {h}.")
    return tile_effect(kind)
