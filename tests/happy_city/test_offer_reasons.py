"""Issue 31 item 4: every card on offer that the player cannot take says why (the
explainer's short reason beside a refused take), and only those cards do."""

import random

from rules.core import Action
from rules.happy_city import HAPPIEST_TOWN, HAPPY_CITY


def why_not(s, seat: int | None) -> dict[str, str]:
    """Card name -> the short reason the explainer gives for a refused take of it, for
    the cards of the row and the piles (at the buying step) and the specials."""
    if seat is None:
        return {}
    explainer = s.spec.explainer
    takes = [("buy", s.cards[i].name) for i in s.visible]
    takes += [("dwelling", s.cards[p[-1]].name) for p in s.piles if p]
    takes += [("claim", s.cards[i].name) for i in s.special_offer()]
    out: dict[str, str] = {}
    for kind, name in takes:
        lines = explainer.action(s, seat, Action(seat, kind, (name,))).of_kind("refusal")
        if lines:
            out.setdefault(name, lines[0].label)
    return out


def _buy_steps(game: str, seed: int):
    """The buying steps of one seeded game of random moves, as (state, seat)."""
    spec = HAPPY_CITY if game == "happy-city" else HAPPIEST_TOWN
    s = spec.new_game(["Ann", "Bob", "Cleo"], seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.actors()[0]
        if s.stage == s.edition.buy_stage:
            yield s, seat
        s = s.apply(rng.choice(s.legal_actions(seat)))


def test_cards_that_cannot_be_bought_say_why_and_buyable_ones_do_not():
    kinds = set()
    for game in ("happy-city", "happiest-town"):
        for s, seat in _buy_steps(game, seed=7):
            why = why_not(s, seat)
            other = (seat + 1) % s.n  # not its turn: nothing to say
            assert why_not(s, other) == {}
            legal = {a.args[0] for a in s.legal_actions(seat) if a.kind in ("buy", "dwelling")}
            offers = [s.cards[i] for i in s.visible] + [s.cards[p[-1]] for p in s.piles if p]
            for card in offers:
                if card.name in legal:
                    assert card.name not in why
                    continue
                reason = why[card.name]
                short = s.cost_of(seat, card) - s.coins[seat]
                if not s.room_for(seat):
                    assert reason.endswith("is full")
                elif s.owns_name(seat, card.name):
                    assert reason.startswith("you already own") and card.name in reason
                else:
                    assert short > 0 and reason.startswith(f"{short} ")
                    assert reason.endswith(" short")
                kinds.add(reason.split()[1])
    assert {"already", "coins", "money"} <= kinds


def test_a_special_not_yet_earned_says_what_it_still_needs():
    for s, seat in _buy_steps("happy-city", seed=3):
        why = why_not(s, seat)
        for i in s.specials:
            card = s.cards[i]
            if s.special[seat] is None and not s.meets(seat, card):
                have = s.group_counts(seat)
                lacking = [g for g, k in card.needs if have.get(g, 0) < k]
                assert why[card.name].startswith("still needs ")
                assert len(why[card.name].split()) == 2 + len(lacking)
        if s.round > 3:
            return
