"""Scores both editions count the same way: symbols shown less those crossed out,
multiplied (or, in the children's scoring, added), and the result ranked with the
money left as the tie-break. Each edition's ``breakdown`` (the edition table) says
what a seat scores; Happy City Expert's is in expert_scoring.py."""

from __future__ import annotations

from typing import Any, cast

from ..core import ranked_result
from .explain import formula, score_items
from .fields import CardRowFields
from .views import ScoreView


def net_symbols(plus: int, minus: int, add: bool) -> int:
    """Symbols shown less those crossed out: floored at 0 when multiplied (two negative
    totals must not make a positive score), as it is when added (children's scoring)."""
    net = plus - minus
    return net if add else max(0, net)


def added_score(inhabitants: int, hearts: int) -> int:
    """The children's score: the two net totals added, the sum never below 0."""
    return max(0, inhabitants + hearts)


def tally(state: CardRowFields, seat: int) -> tuple[int, int, int, int]:
    """(inhabitants, crossed inhabitants, hearts, crossed hearts) printed on the
    seat's cards: negative symbols are crossed out and count against."""
    plus_i = minus_i = plus_h = minus_h = 0
    for i in state.city[seat]:
        c = state.cards[i]
        if c.inhabitants > 0:
            plus_i += c.inhabitants
        else:
            minus_i -= c.inhabitants
        if c.hearts > 0:
            plus_h += c.hearts
        else:
            minus_h -= c.hearts
    return plus_i, minus_i, plus_h, minus_h


def plain_breakdown(state: CardRowFields, seat: int, add: bool) -> dict[str, Any]:
    """The score without special effects: net inhabitants times (or plus) net hearts."""
    inh_plus, inh_minus, heart_plus, heart_minus = tally(state, seat)
    inhabitants = net_symbols(inh_plus, inh_minus, add)
    hearts = net_symbols(heart_plus, heart_minus, add)
    return {
        "inhabitants": inh_plus,
        "crossed_inhabitants": inh_minus,
        "hearts": heart_plus,
        "crossed_hearts": heart_minus,
        "net_inhabitants": inhabitants,
        "net_hearts": hearts,
        "rule": "add" if add else "multiply",
        "score": added_score(inhabitants, hearts) if add else inhabitants * hearts,
        "coins": state.coins[seat],
        "cards": len(state.city[seat]),
    }


def score_view(state: CardRowFields, seat: int) -> ScoreView:
    """The seat's score as it stands: the breakdown's figures, without its words."""
    part = state.edition.breakdown(state, seat)  # a fresh dict, made for this call
    part.pop("effect_notes", None)  # Expert's notes for the log
    part.pop("card_symbols", None)  # Expert's per-card symbols, for the end screen's lines
    return cast(ScoreView, part)


def result(state: CardRowFields) -> dict[str, Any]:
    money = state.edition.money
    parts = [state.edition.breakdown(state, s) for s in range(state.n)]
    res = ranked_result(
        parts,
        "score",
        [("coins", f"{money}: of the tied players, the one with the most {money} left wins")],
        unshared="none needed: the best score is not shared",
        shared=f"{money} did not separate the leaders: they share the win",
    )
    res["items"] = [score_items(state, s, parts[s], money) for s in range(state.n)]
    for part in parts:
        part.pop("card_symbols", None)  # told in the items' card lines
    res["formula"] = formula(parts[0])
    res["summary"] = [[money.capitalize(), "coins"]]
    return res
