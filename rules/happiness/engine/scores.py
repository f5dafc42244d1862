"""Scores: each seat's Joypoints by kind, and the result at the end."""

from __future__ import annotations

from typing import Any

from ...core import Explanation, Line, counted, ranked_result
from ..explain import BUMMED, CARD_PLAYED, EUPHORIA, FORMULA, LEFT_IN_HAND, LOST, UNIT, score_items
from ..view_types import HappinessScore
from .fields import OVER, HappinessFields


def score(state: HappinessFields, seat: int) -> int:
    return state.joy[seat] + state.euphoria[seat] + state.bummed[seat] - state.lost[seat]


def score_view(state: HappinessFields, seat: int) -> HappinessScore:
    return {
        "joypoints": state.joy[seat],
        "euphoria": state.euphoria[seat],
        "bummed_out": state.bummed[seat],
        "lost_to_bummers": state.lost[seat],
        "score": score(state, seat),
        "euphoria_pile": len(state.euphoria_pile[seat]),
        "bummer_pile": len(state.bummer_pile[seat]),
        "pluses": [[bonus, list(words)] for bonus, words in state.pluses[seat]],
    }


def score_explanation(state: HappinessFields, seat: int) -> Explanation:
    """Every Joypoint of the seat's score as typed lines: each Joycard it laid (source
    "card played"), each plus it completed ("Euphoria"), each Bummer it laid ("bummed
    out"), with strip scoring what each Bummer took from it ("lost to Bummers"), the
    total, and once the game is over the cards left in its hand (public then)."""
    cards, names = state.cards, state.players
    lines = [
        Line(cards[i].word, cards[i].points, UNIT, CARD_PLAYED, "gain") for i in state.played[seat]
    ]
    lines += [
        Line(f"plus of {', '.join(words)}", bonus, UNIT, EUPHORIA, "gain")
        for bonus, words in state.pluses[seat]
    ]
    for bummer, taken in state.sweeps[seat]:
        swept = ", ".join(cards[i].word for i, _ in taken) or "nothing"
        points = sum(cards[i].points for i, _ in taken)
        lines.append(Line(f"{cards[bummer].word} swept {swept}", points, UNIT, BUMMED, "gain"))
    if state.options.get("bummer_scoring", "take") == "strip":
        for other in range(state.n):
            for bummer, taken in state.sweeps[other]:
                mine = [i for i, owner in taken if owner == seat]
                if mine:
                    whose = "your own" if other == seat else f"{names[other]}'s"
                    label = f"{whose} {cards[bummer].word} took {', '.join(cards[i].word for i in mine)}"
                    lost = -sum(cards[i].points for i in mine)
                    lines.append(Line(label, lost, UNIT, LOST, "cost"))
    lines.append(Line("Score", score(state, seat), UNIT, kind="total"))
    if state.stage == OVER:
        left = ", ".join(cards[i].word for i in state.hands[seat]) or "no cards"
        lines.append(Line(LEFT_IN_HAND, source=left))
    return Explanation(f"{names[seat]}'s score", tuple(lines))


def score_sentence(state: HappinessFields, seat: int) -> str:
    """The seat's total as a sum in words, for the log's last lines: "Ann: 9 Joypoints
    = 6 from cards + 3 Euphoria - 2 lost to Bummers; left in hand: Owl, Rain."."""
    parts = [f"{state.joy[seat]} from cards"]
    parts += [f"+ {state.euphoria[seat]} Euphoria"] if state.euphoria[seat] else []
    parts += [f"+ {state.bummed[seat]} bummed out"] if state.bummed[seat] else []
    parts += [f"- {state.lost[seat]} lost to Bummers"] if state.lost[seat] else []
    left = ", ".join(state.cards[i].word for i in state.hands[seat]) or "nothing"
    total = counted(score(state, seat), "Joypoint")
    return f"{state.players[seat]}: {total} = {' '.join(parts)}; left in hand: {left}."


def breakdown(state: HappinessFields, seat: int) -> dict[str, Any]:
    return {**score_view(state, seat)}


def result(state: HappinessFields) -> dict:
    parts = [breakdown(state, s) for s in range(state.n)]
    res = ranked_result(
        parts,
        "score",
        [
            ("euphoria_pile", "Euphoria Pile: among the tied players, the most cards in it wins"),
            ("bummer_pile", "Bummer Pile: still tied, the most cards in it wins"),
        ],
        unshared="none needed: the most Joypoints is not shared",
        shared="still tied after both piles: the tied players share the win",
    )
    # every point, for the end screen, from the typed lines the explainer gives
    res["items"] = [score_items(p, score_explanation(state, s)) for s, p in enumerate(parts)]
    res["formula"] = FORMULA
    res["summary"] = [["Euphoria pile", "euphoria_pile"], ["Bummer pile", "bummer_pile"]]
    return res
