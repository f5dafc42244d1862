"""Expert mode of Happy City: the mechanisms of the red special buildings.

Expert adds a draft of the coloured Happy Market sides before the first round (last
seat first, counter-clockwise, the first player last); special buildings whose
effects are mechanisms named in their data (see effects.py), reached here through
hooks (income, prices, the income phase, purchases, claiming); and a choice of
opponent for the Louvre before an income phase. The end-of-game questions and the
Expert score are in expert_scoring.py. Family mode runs through the same functions
with ``expert`` False, so every hook starts by asking whether Expert is on.

The rules are plain functions of the card-row record (``fields.CardRowFields``); the
round flow that calls them is in city_turns.py.
"""

from __future__ import annotations

from typing import Any

from ..core import counted
from .cards import Card, catalogue
from .effects import SYMBOLS, hook_of, neighbours, symbols_of
from .fields import DECK_COSTS, CardRowFields
from .row import gain, pile_named, printed_income


def has_effect(card: Card, do: str) -> bool:
    return any(e["do"] == do for e in card.effects)


def special_card(state: CardRowFields, seat: int) -> Card | None:
    sp = state.special[seat]
    return None if sp is None else state.cards[sp]


def own_special(state: CardRowFields, seat: int) -> Card:
    """The seat's special building, asked only where the seat is known to have one."""
    card = special_card(state, seat)
    assert card is not None, f"seat {seat} has no special building"
    return card


# ---- hooks the family rules call (through HappyCityState) ----------------------------
def income_of(state: CardRowFields, seat: int, compare: bool = True) -> int:
    """Income the seat collects at an income phase (Expert effects included).

    ``compare=False`` leaves out income rules that compare incomes (the Barber),
    which is how such a rule looks at incomes without chasing itself.
    """
    total = printed_income(state, seat)
    if not state.expert:
        return total
    for pos, i in enumerate(state.city[seat]):
        for eff in state.cards[i].effects:
            if hook_of(eff) != "symbols":
                continue
            if eff.get("symbol", "income") != "income" and eff["do"] != "copy_previous":
                continue
            if not compare and eff["do"] == "lowest_income":
                continue
            total += symbols_of(state, seat, pos, eff, {})["income"]
    return total


def cost_of(state: CardRowFields, seat: int, card: Card) -> int:
    sp = special_card(state, seat)
    if not state.expert or sp is None or card.kind not in ("building", "dwelling"):
        return card.cost
    if state.free[seat] > 0:
        return 0
    cost = card.cost
    for eff in sp.effects:
        if eff["do"] == "discount" and card.colour == eff["colour"]:
            cost = max(0, cost - eff["amount"])
        elif eff["do"] == "deck_floor" and card.kind == "building":
            cost = min(cost, DECK_COSTS[card.deck][0])
    return cost


def effect_income(state: CardRowFields, seat: int) -> tuple[str, int] | None:
    """(card name, income) that the seat's special adds through its effects, or None."""
    sp = state.special[seat]
    if sp is None:
        return None
    card = state.cards[sp]
    if not any(hook_of(e) == "symbols" for e in card.effects):
        return None
    pos = state.city[seat].index(sp)
    got = card_symbols(state, seat, pos, card, {})["income"] - card.income
    if not any(e.get("symbol") == "income" or e["do"] == "copy_previous" for e in card.effects):
        return None
    return card.name, got


def effects_of(state: CardRowFields, seat: int, hook: str) -> list[tuple[dict[str, Any], Card]]:
    """(effect, card) pairs of the seat's special building plugged into ``hook``."""
    sp = state.special[seat]
    if sp is None:
        return []
    card = state.cards[sp]
    return [(e, card) for e in card.effects if hook_of(e) == hook]


def card_symbols(
    state: CardRowFields,
    seat: int,
    pos: int,
    card: Card,
    choice: dict[str, Any],
    end: bool = False,
    copying: bool = False,
) -> dict[str, int]:
    """Income, inhabitants and hearts a card at ``pos`` of the seat's city brings.

    ``end`` adds the end-of-game copies (Pyramid, Sphinx), whose income no longer
    matters. ``choice`` holds the seat's answers to end-of-game questions.
    """
    out = {"income": card.income, "inhabitants": card.inhabitants, "hearts": card.hearts}
    for eff in card.effects:
        hook = hook_of(eff)
        if hook == "symbols":
            got = symbols_of(state, seat, pos, eff, choice)
            for k in SYMBOLS:
                out[k] += got[k]
        elif hook == "end_choice" and end:
            if eff["do"] == "copy_neighbour_position":
                other = pyramid_source(state, seat, pos, choice.get("neighbour"))
                if other is not None:
                    out["inhabitants"] += other.inhabitants
                    out["hearts"] += other.hearts
            elif eff["do"] == "copy_special" and not copying and choice.get("copy"):
                copied = catalogue().by_name(choice["copy"])
                got = card_symbols(state, seat, pos, copied, choice, end=True, copying=True)
                out["inhabitants"] += got["inhabitants"]
                out["hearts"] += got["hearts"]
    return out


def pyramid_source(state: CardRowFields, seat: int, pos: int, nb: int | None) -> Card | None:
    """The ordinary card a Pyramid at ``pos`` would copy from neighbour ``nb``."""
    if nb is None or pos >= len(state.city[nb]):
        return None
    other = state.cards[state.city[nb][pos]]
    return None if other.kind == "special" else other


def replaceable(state: CardRowFields, seat: int) -> bool:
    city = state.city[seat]
    return bool(city) and state.cards[city[-1]].kind != "market"


def take_market(state: CardRowFields, seat: int, colour: str) -> None:
    cat = catalogue()
    state.city[seat] = [cat.expert_markets[cat.market_colours.index(colour)]]
    state.market_pool.remove(colour)
    state.checkpoint += 1
    state.log(f"{state.players[seat]} takes the {colour} Happy Market.")


def before_income(state: CardRowFields) -> None:
    for seat in range(state.n):
        for eff, card in effects_of(state, seat, "before_income"):
            who = state.players[seat]
            if state.coins[seat] > 0:
                got = gain(state, seat, eff["amount"])
                state.log(
                    f"{card.name}: {who} still has coins and collects {got} before the income phase."
                )
            else:
                state.log(f"{card.name}: {who} has no coin left, so it pays nothing this time.")


def after_income(state: CardRowFields) -> None:
    for seat in range(state.n):
        for eff, card in effects_of(state, seat, "after_income"):
            who = state.players[seat]
            opp = [s for s in range(state.n) if s != seat]
            most = max(state.coins[s] for s in opp)
            if most <= 0:
                state.log(f"{card.name}: no opponent of {who} has a coin to take.")
                continue
            for s in opp:
                if state.coins[s] == most:
                    take = min(eff["amount"], state.coins[s])
                    state.coins[s] -= take
                    state.coins[seat] += take
                    state.log(
                        f"{card.name}: {who} takes {take} coin from {state.players[s]}, "
                        "the richest opponent."
                    )


def spent(state: CardRowFields, buyer: int, cost: int) -> None:
    for seat in range(state.n):
        if seat == buyer or buyer not in neighbours(seat, state.n):
            continue
        for eff, card in effects_of(state, seat, "spend"):
            if cost >= eff["threshold"]:
                got = gain(state, seat, eff["amount"])
                state.log(
                    f"{card.name}: {state.players[buyer]} spent {cost}, so "
                    f"{state.players[seat]} takes {got} coin."
                )


def on_claim(state: CardRowFields, seat: int, card: Card) -> None:
    who = state.players[seat]
    for eff in card.effects:
        do = eff["do"]
        if do == "gain_per_card":
            got = gain(state, seat, eff["amount"] * len(state.city[seat]))
            state.log(
                f"{card.name}: {who} collects {counted(got, 'coin')}, {eff['amount']} per card in "
                "the city."
            )
        elif do == "gain_income_times":
            income = income_of(state, seat)
            got = gain(state, seat, eff["times"] * income)
            state.log(
                f"{card.name}: {who} collects {counted(got, 'coin')} "
                f"({eff['times']} x income {income})."
            )
        elif do == "everyone_gains":
            for k in range(state.n):
                s = (seat + k) % state.n
                got = gain(state, s, eff["amount"])
                state.log(f"{card.name}: {state.players[s]} collects {got} coin.")
        elif do == "free_next":
            state.free[seat] += eff["count"]
            state.log(f"{card.name}: the next card {who} buys will be free.")
        elif do == "borrow_income":
            state.borrow[seat] = eff["phases"]
            state.log(
                f"{card.name}: at the next {eff['phases']} income phases {who} also "
                "collects an opponent's income."
            )


def discard_from_city(state: CardRowFields, i: int) -> None:
    card = state.cards[i]
    if card.kind == "building":
        state.discards[card.deck - 1].append(i)
    else:  # a dwelling goes back on top of its pile
        pile = pile_named(state, card.name)
        assert pile is not None  # every dwelling has its pile
        pile.append(i)
