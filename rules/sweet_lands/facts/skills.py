"""Skill abilities beyond the first list's own hooks: the ten further regular
abilities (ids 21-30) and the Advanced Skill Tiles (101-114), with their data in
``data/skills.toml``; which regular set fills the 12 skill spaces (an option)."""

from __future__ import annotations

from ..model import data as D
from ..model.fields import StateFields
from ..model.story import amounts
from . import economy as EC

FIRST = D.FIRST_SKILLS
FURTHER = D.FURTHER_SKILLS
ADVANCED = D.ADVANCED_SKILLS
GOLD_INCOME_VP = 29  # VP as gold income rises
BROWNIE_ALL = 30  # the Brownie reduction for every card
COLUMN_PLUS = 111  # each industry column holds one more card
PLAY_VP = 112  # VP each time a Citizen Card is played


def regular_set(s: StateFields) -> tuple[int, ...]:
    """The tile types in the 12 skill spaces: the first list (the ruling), the
    further list, or 12 drawn from both (options)."""
    choice = s.options.get("skill_tiles", "first")
    if choice == "further":
        return FURTHER
    if choice == "mixed":
        pool = list(FIRST + FURTHER)
        s.rng.shuffle(pool)
        return tuple(sorted(pool[:12]))
    return FIRST


# ---------------------------------------------------------------- ability hooks
def skill_vp(s: StateFields, seat: int, sk: int) -> None:
    """The VP a skill tile scores when it triggers, said in the log."""
    vp = D.load().skills[sk]["vp"]
    s.p[seat].vp += vp
    s.log(f"{s.players[seat]} scores {vp} VP with skill tile {sk}.")


def on_play(s: StateFields, seat: int) -> None:
    """Each time the seat plays a Citizen Card (at a cost or not)."""
    P = s.p[seat]
    if PLAY_VP in P.skills:
        skill_vp(s, seat, PLAY_VP)


def on_income_rise(s: StateFields, seat: int, r: str, k: int) -> None:
    P = s.p[seat]
    if r == "gold" and k > 0 and GOLD_INCOME_VP in P.skills:
        P.vp += k
        s.log(f"{s.players[seat]} scores {k} VP with skill tile {GOLD_INCOME_VP}.")


def brownie_for_all(s: StateFields, seat: int) -> bool:
    return BROWNIE_ALL in s.p[seat].skills


def column_bonus(s: StateFields, seat: int) -> int:
    return 1 if COLUMN_PLUS in s.p[seat].skills else 0


def area_cost(s: StateFields, seat: int, aid: str, cost: dict) -> dict:
    """Advanced tiles 113/114 replace the cost of area D / A (copies included)."""
    d = D.load()
    for sk in s.p[seat].skills:
        tile = d.skills[sk]
        if tile.get("trigger") == "area_cost" and tile["area"] == aid:
            cost = dict(tile["cost"])
    return cost


def flip_refusal(s: StateFields, seat: int, sk: int) -> str | None:
    cost = D.load().skills[sk].get("cost")
    if cost:
        short = EC.shortfall(s, seat, cost)
        if short:
            return f"Skill tile {sk} {short}."
    return None


def pay_flip(s: StateFields, seat: int, sk: int) -> None:
    cost = D.load().skills[sk].get("cost")
    if cost:
        EC.pay(s, seat, cost)
        s.log(f"{s.players[seat]} pays {amounts(cost)} to flip skill tile {sk}.")
