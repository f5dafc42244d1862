"""The card-row games' explainer (Happy City, Family and Expert, and Happiest Town):
what a move costs and gives, why it is refused, what a card or a deck is, asked for
the one thing a screen, the coach or the look-up key shows.

Everything it reads is public in these games (cities, row, piles, coins, specials,
deck sizes) except the order of the decks and the box, which it never reads: a take
is worked out on a copy that places the card without moving the turn on, so no card
is drawn or revealed.
"""

from __future__ import annotations

from ..core import (
    Action,
    Explainer,
    Explanation,
    GameState,
    Glossary,
    Line,
    Ref,
    load_glossary,
    refusal,
)
from .cards import Card
from .engine import HappyCityState
from .explain import score_sum
from .fields import DECK_COSTS
from .happiest_town import HappiestTownState
from .offers import purchase_problem, special_problem

CardRowState = HappyCityState | HappiestTownState  # the states this explainer serves
EFFECT = "effect"  # the source of a line quoting what a card does, in the game's words
TAKES = ("buy", "dwelling", "claim")  # the moves that put a card in a city


class CardRowExplainer(Explainer):
    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        assert isinstance(state, CardRowState)  # this explainer serves the card-row games
        refused = refusal(state, seat, action)
        if refused is not None:  # named as the core names it: asked often, by every card
            reason = _card_refusal(state, seat, action)
            return Explanation(action.label or action.key, reason, refused)
        title = name_of(state, action)
        kind, args = action.kind, action.args
        if kind in TAKES:
            card = state.offered_card(kind, args[0])
            assert card is not None  # a legal take names a card on offer
            return Explanation(title, tuple(_take_lines(state, seat, kind, card)))
        if kind == "coin":
            got = state.taken(seat, "coin", "").coins[seat] - state.coins[seat]
            return Explanation(title, (Line("Coins", got, state.edition.money, kind="gain"),))
        if kind == "draw":
            return Explanation(title, tuple(_deck_lines(state, args[0])))
        if kind == "discard":
            card = state.offered_card("buy", args[0])
            assert card is not None  # a legal discard names a card of the row
            where = f"to the discards of {state.deck_name(card.deck)}"
            return Explanation(title, (Line(f"{card.name} goes {where}", kind="fact"),))
        if kind == "target":
            income = state.income_of(args[0])
            return Explanation(
                title, (Line("Income added", income, state.edition.money, kind="gain"),)
            )
        return Explanation(title)

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        assert isinstance(state, CardRowState)
        if ref.kind == "term":
            return self.term(state, ref.id)
        if ref.kind == "deck" and ref.id in (1, 2, 3):
            assert isinstance(ref.id, int)
            return Explanation(state.deck_name(ref.id).capitalize(), _deck_lines(state, ref.id))
        if ref.kind != "card":
            return None
        # Any card of the game may be asked about by name: the card list is public,
        # and where a card lies is said only for the public places (row, piles, table).
        card = next((c for c in state.cards if c.name == ref.id), None)
        if card is None:
            return None
        lines = card_facts(state, card)
        kind = _take_kind(state, card)
        if seat is not None and kind is not None:
            told = self.action(state, seat, Action(seat, kind, (card.name,)))
            lines += told.of_kind("cost", "gain", "setup", "refusal")
        return Explanation(card.name, tuple(lines))

    def glossary(self, game_id: str) -> Glossary:
        """Each edition's own words: Happiest Town has its own glossary file."""
        town = game_id == "happiest-town"
        return load_glossary(__package__ or "", "glossary_town.toml" if town else "glossary.toml")

    def named_things(self, state: GameState, seat: int | None) -> tuple[tuple[str, Ref], ...]:
        """Every card of the game (the card list is public) and the three decks."""
        assert isinstance(state, CardRowState)
        names = dict.fromkeys(card.name for card in state.cards)
        decks = tuple((state.deck_name(d).capitalize(), Ref("deck", d)) for d in (1, 2, 3))
        return tuple((name, Ref("card", name)) for name in names) + decks


def name_of(state: GameState, action: Action) -> str:
    """The move in words: its own label, else the game's label for its key."""
    labeler = state.spec.labeler
    return action.label or (labeler(action) if labeler is not None else action.key)


def card_facts(state: CardRowState, card: Card) -> tuple[Line, ...]:
    """What the card is: its cost, income, symbols, needs and effect, as printed."""
    people, joy = state.edition.symbol_words
    money = state.edition.money
    lines = []
    if card.kind in ("building", "dwelling"):
        lines.append(Line("Cost", card.cost, money, kind="fact"))
    lines += [
        Line("Income", card.income, f"{money} a round", kind="fact"),
        Line(people.capitalize(), card.inhabitants, people, kind="fact"),
        Line(joy.capitalize(), card.hearts, joy, kind="fact"),
    ]
    for group, count in card.needs:
        lines.append(Line("Needs", count, group, kind="fact"))
    if card.text:
        lines.append(Line(card.text, kind="fact", source=EFFECT))
    paid = state.paid_on_build(card)
    if paid is not None:
        lines.append(Line("Pays its builder", paid[0], money, kind="fact"))
        lines.append(Line("Pays every other player", paid[1], money, kind="fact"))
    return tuple(lines)


def effect_text(told: Explanation | None) -> str:
    """The card's effect in words, from its explanation ("" if it has none)."""
    return next((line.label for line in told.lines if line.source == EFFECT), "") if told else ""


def _take_kind(state: CardRowState, card: Card) -> str | None:
    """The move that takes a card of this name, if one is on offer now (copies of a
    card are alike)."""
    for kind in TAKES:
        if state.offered_card(kind, card.name) is not None:
            return kind
    return None


def _take_lines(state: CardRowState, seat: int, kind: str, card: Card) -> list[Line]:
    """A legal take: what it costs, what it gives at once (coins, symbols, score) and
    what it sets up (income each round, a special whose needs it meets)."""
    after = state.taken(seat, kind, card.name)
    money, (people, joy) = state.edition.money, state.edition.symbol_words
    cost = state.cost_of(seat, card) if kind != "claim" else 0
    lines = [] if kind == "claim" else [Line("Cost", -cost, money, source=card.name, kind="cost")]
    coins = after.coins[seat] - state.coins[seat] + cost
    if coins:
        lines.append(Line("Coins", coins, money, source=card.name, kind="gain"))
    if card.inhabitants:
        lines.append(Line(people.capitalize(), card.inhabitants, people, kind="gain"))
    if card.hearts:
        lines.append(Line(joy.capitalize(), card.hearts, joy, kind="gain"))
    before, now = state.breakdown(seat), after.breakdown(seat)
    formula = score_sum(now["net_inhabitants"], now["net_hearts"], now["rule"], now["score"])
    change = now["score"] - before["score"]
    lines.append(
        Line("Score", change, "points", f"{'now' if change else 'stays'} {formula}", kind="gain")
    )
    income = after.income_of(seat) - state.income_of(seat)
    if income:
        lines.append(Line("Income", income, f"{money} a round", kind="setup"))
    if card.text:
        lines.append(Line(card.text, kind="fact", source=EFFECT))
    if kind != "claim" and after.has_special(seat) and not state.has_special(seat):
        got = next(i for i in after.city[seat] if i not in state.city[seat] and i != card.id)
        lines.append(Line(f"Takes {state.cards[got].name} with it", kind="gain"))
    if not after.has_special(seat):
        for i in state.special_offer():
            special = state.cards[i]
            if not state.meets(seat, special) and after.meets(seat, special):
                lines.append(Line(f"Meets the needs of {special.name}", kind="setup"))
    return lines


def _card_refusal(state: CardRowState, seat: int, action: Action) -> tuple[Line, ...]:
    """The card's own short reason beside a refused take, as the card shows it: a
    purchase at the buying step, a special throughout the seat's turn unless it
    qualifies (then only the step refuses it)."""
    if action.kind not in TAKES or not action.args or seat not in state.actors():
        return ()
    card = state.offered_card(action.kind, action.args[0])
    if card is None:
        return ()
    if action.kind == "claim":
        if card.id in state.takeable_specials(seat):
            return ()
        problem = special_problem(state, seat, card)
    elif state.stage == state.edition.buy_stage:
        problem = purchase_problem(state, seat, card)
    else:
        return ()
    return () if problem is None else (problem,)


def _deck_lines(state: CardRowState, deck: int) -> tuple[Line, ...]:
    """How many cards a deck holds and has out, and the costs it spans."""
    lo, hi = DECK_COSTS[deck]
    lines = [
        Line("Cards left", len(state.decks[deck - 1]), "cards", kind="fact"),
        Line("Discards", len(state.discards[deck - 1]), "cards", kind="fact"),
        Line(f"Costs {lo} to {hi}", kind="fact"),
    ]
    if not state.decks[deck - 1] and state.discards[deck - 1]:
        lines.append(Line("Its discards are shuffled into a new deck first", kind="fact"))
    return tuple(lines)
