"""Happy City: what each move does (``DO``, by kind) and the flow of a game: setting
it up, the Happy Market draft, the income phase (the Louvre's question first), a
turn's steps, the end of a turn, a round and the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import Action, counted
from . import expert, expert_scoring
from .cards import catalogue
from .city_moves import claimable
from .expert import has_effect
from .fields import DISCARD, MARKET, OVER, REFILL, SPECIAL, TARGET, CardRowFields
from .row import (
    deal_decks,
    discard,
    draw,
    end_triggered,
    gain,
    hand_over,
    lay_out,
    pay,
    skip_empty_steps,
    take_offer,
)

START_COINS = 2
BOX_COINS = 70  # 20 coins of 1 and 10 of 5


def set_up(state: CardRowFields, players: list[str], seed: int, options: dict[str, Any]) -> None:
    cat = catalogue()
    lay_out(state, players, seed, options, cat.cards, START_COINS, BOX_COINS)
    s, n = state, state.n
    s.box = []
    s.expert = options.get("mode") == "expert"
    s.free = [0] * n
    s.borrow = [0] * n
    s.choices = [{} for _ in range(n)]
    # Specials: players + 2 laid out at random, the rest stay in the box.
    specials = list(cat.expert_specials if s.expert else cat.family_specials)
    s.rng.shuffle(specials)
    s.specials = sorted(specials[: n + 2])
    s.box.extend(specials[n + 2 :])
    # Dwellings: three piles of players - 1 cards each.
    s.piles = []
    for _, ids in cat.dwellings:
        s.piles.append(list(ids[: n - 1]))
        s.box.extend(ids[n - 1 :])
    s.pile_names = tuple(name for name, _ in cat.dwellings)
    s.pile_faces = tuple(ids[0] for _, ids in cat.dwellings)
    deal_decks(s, cat.buildings)
    s.city = [[cat.markets[i]] for i in range(n)]
    s.round = 0
    s.stage = DISCARD
    if s.expert:
        s.log(f"New game of Happy City (Expert) for {n} players; {players[0]} is the first player.")
        s.city = [[] for _ in range(n)]
        s.market_pool = list(cat.market_colours)
        s.stage = MARKET
        s.turn = n - 1
        s.log(
            "Happy Market draft: the last player picks a colour first, then "
            "counter-clockwise to the first player."
        )
        advance_market(s)
        return
    s.log(f"New game of Happy City for {n} players; {players[0]} is the first player.")
    start_round(s)


# ---- what each move does ------------------------------------------------------------------
def _market(state: CardRowFields, a: Action) -> None:
    expert.take_market(state, a.seat, a.args[0])
    advance_market(state)


def _target(state: CardRowFields, a: Action) -> None:
    who = state.players[a.seat]
    state.targets[a.seat] = a.args[0]
    state.log(
        f"{who} picks {state.players[a.args[0]]} for the Louvre: their income is added to {who}'s."
    )
    state.pending = None
    income_step(state)


def _answer(state: CardRowFields, a: Action) -> None:
    expert_scoring.answer(state, a.seat, a.kind, a.args[0])
    expert_scoring.resolve_end(state)


def _keep(state: CardRowFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} keeps the row.")
    state.stage = REFILL
    advance(state)


def _discard(state: CardRowFields, a: Action) -> None:
    card = state.cards[discard(state, a.args[0])]
    state.log(f"{state.players[a.seat]} discards {card.name} (deck {card.deck}).")
    state.stage = REFILL
    advance(state)


def _draw(state: CardRowFields, a: Action) -> None:
    draw(state, a.seat, a.args[0])
    advance(state)


def _buy(state: CardRowFields, a: Action) -> None:
    buy_card(state, a.seat, take_offer(state, a.kind, a.args[0]))
    state.stage = SPECIAL
    advance(state)


def _coin(state: CardRowFields, a: Action) -> None:
    no_buy(state, a.seat)
    state.stage = SPECIAL
    advance(state)


def _claim(state: CardRowFields, a: Action) -> None:
    claim_card(state, a.seat, next(i for i in state.specials if state.cards[i].name == a.args[0]))
    end_turn(state)


def _pass(state: CardRowFields, a: Action) -> None:
    state.log(f"{state.players[a.seat]} takes no special building.")
    end_turn(state)


DO: dict[str, Callable[[CardRowFields, Action], None]] = {
    "market": _market,
    "target": _target,
    "copy": _answer,
    "neighbour": _answer,
    "keep": _keep,
    "discard": _discard,
    "draw": _draw,
    "buy": _buy,
    "dwelling": _buy,
    "coin": _coin,
    "claim": _claim,
    "pass": _pass,
}


def do(state: CardRowFields, action: Action) -> None:
    """Change the (already copied) state by a legal ``action``, by its kind."""
    DO[action.kind](state, action)


# ---- the three ways a card or coin reaches a city -----------------------------------------
def buy_card(state: CardRowFields, seat: int, i: int) -> None:
    """Pay for card ``i`` (already taken from the row or its pile) and place it."""
    cards, who = state.cards, state.players[seat]
    cost = expert.cost_of(state, seat, cards[i])
    free = state.expert and state.free[seat] > 0
    pay(state, seat, cost)
    state.city[seat].append(i)
    state.log(f"{who} buys {cards[i].name} for {cost}.")
    if state.expert and not free and cost != cards[i].cost:
        state.log(
            f"{expert.own_special(state, seat).name}: {who} pays {cost} instead of {cards[i].cost}."
        )
    if free:
        state.free[seat] -= 1
        state.log(f"{expert.own_special(state, seat).name}: that card was free for {who}.")
    if state.expert:
        expert.spent(state, seat, cost)


def no_buy(state: CardRowFields, seat: int) -> None:
    who = state.players[seat]
    amount = 1
    for eff, card in expert.effects_of(state, seat, "no_buy") if state.expert else []:
        amount = eff["amount"]
        state.log(f"{card.name}: {who} takes {counted(amount, 'coin')} instead of 1.")
    got = gain(state, seat, amount)
    state.log(
        f"{who} buys nothing and takes {got} coin{'s' if got != 1 else ''}."
        if got
        else f"{who} buys nothing; the bank is empty."
    )


def claim_card(state: CardRowFields, seat: int, i: int) -> None:
    cards, who = state.cards, state.players[seat]
    state.specials.remove(i)
    if state.expert and has_effect(cards[i], "replace_last") and expert.replaceable(state, seat):
        old = state.city[seat].pop()
        expert.discard_from_city(state, old)
        state.city[seat].append(i)
        state.log(
            f"{who} takes the special building {cards[i].name}; it replaces "
            f"{cards[old].name}, which is discarded."
        )
    else:
        state.city[seat].append(i)
        state.log(f"{who} takes the special building {cards[i].name}.")
    state.special[seat] = i
    if state.expert:
        expert.on_claim(state, seat, cards[i])


def take(state: CardRowFields, seat: int, kind: str, name: str) -> None:
    """``seat`` makes the legal take ``kind`` of ``name`` (a building, a dwelling, a
    special; a coin for "coin"): paid, placed and its effects done, the turn not
    moved on (the explainer's "what it gives now", on a copy)."""
    if kind in ("buy", "dwelling"):
        buy_card(state, seat, take_offer(state, kind, name))
    elif kind == "claim":
        claim_card(state, seat, next(i for i in state.specials if state.cards[i].name == name))
    elif kind == "coin":
        no_buy(state, seat)


# ---- flow ---------------------------------------------------------------------------------
def advance(state: CardRowFields) -> None:
    """Skip steps that offer no real choice."""
    skip_empty_steps(state)
    if state.stage == SPECIAL and not claimable(state, state.turn):
        end_turn(state)


def end_turn(state: CardRowFields) -> None:
    hand_over(state)
    if state.turn == state.n - 1:
        if end_triggered(state):
            state.log("A city has 10 cards and the round is complete: the game is over.")
            if state.expert:
                expert_scoring.resolve_end(state)
            else:
                state.stage = OVER
            return
        start_round(state)
    else:
        state.turn += 1
        begin_turn(state)


def begin_turn(state: CardRowFields) -> None:
    """A turn starts at its discard step, under a header in the log."""
    state.log(f"-- {state.players[state.turn]}'s turn --")
    state.stage = DISCARD
    advance(state)


def start_round(state: CardRowFields) -> None:
    """Begin the next round with its income phase (tests call it to run one)."""
    state.round += 1
    state.turn = 0
    state.log(f"Round {state.round}: income phase.")
    if state.expert:
        expert.before_income(state)
        state.targets = {}
        income_step(state)
        return
    for seat in range(state.n):
        got = gain(state, seat, expert.income_of(state, seat))
        state.log(f"{state.players[seat]} collects {got} coin{'s' if got != 1 else ''}.")
    begin_turn(state)


def advance_market(state: CardRowFields) -> None:
    """Move the draft on: last seat first, counter-clockwise, the first player last."""
    while state.stage == MARKET:
        if state.city[state.turn]:
            if state.turn == 0:
                if state.market_pool:
                    state.log(
                        f"The unpicked Happy Market colours ({', '.join(state.market_pool)}) "
                        "go back to the box."
                    )
                start_round(state)
                return
            state.turn -= 1
            continue
        if len(state.market_pool) == 1:
            state.log(
                f"Only the {state.market_pool[0]} Happy Market is left for "
                f"{state.players[state.turn]}."
            )
            expert.take_market(state, state.turn, state.market_pool[0])
            continue
        return


def income_step(state: CardRowFields) -> None:
    """Ask each Louvre owner for an opponent, then pay the income and its after-effects."""
    for seat in range(state.n):
        if state.borrow[seat] > 0 and seat not in state.targets:
            opts = [s for s in range(state.n) if s != seat]
            name = expert.own_special(state, seat).name
            if len(opts) == 1:
                state.targets[seat] = opts[0]
                continue
            state.pending = {"seat": seat, "kind": "target", "options": opts, "source": name}
            state.stage = TARGET
            state.checkpoint += 1
            return
    incomes = [expert.income_of(state, s) for s in range(state.n)]
    for seat in range(state.n):
        extra = incomes[state.targets[seat]] if seat in state.targets else 0
        got = gain(state, seat, incomes[seat] + extra)
        line = f"{state.players[seat]} collects {got} coin{'s' if got != 1 else ''}."
        bonus = expert.effect_income(state, seat)
        if bonus is not None:
            line += (
                f" ({bonus[0]} adds {bonus[1]}.)"
                if bonus[1]
                else f" ({bonus[0]} adds nothing this time.)"
            )
        if seat in state.targets:
            line += (
                f" ({expert.own_special(state, seat).name}: {extra} of them match "
                f"{state.players[state.targets[seat]]}'s income.)"
            )
        state.log(line)
    for seat in state.targets:
        state.borrow[seat] -= 1
    state.targets = {}
    expert.after_income(state)
    state.turn = 0
    begin_turn(state)
