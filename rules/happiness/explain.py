"""Every Joypoint of a Happiness score, itemised for the end screen.

Each line is ``{"label", "value", "kind"}`` (kind: sum, effect, score or tie), the same
shape the card-row games use, so one end screen draws them all; the figures come from
the seat's score explanation (typed lines, ``engine.scores.score_explanation``).
"""

from __future__ import annotations

from ..core import Explanation, Line

UNIT = "Joypoints"
# the sources of a score explanation's lines (engine.scores.score_explanation)
CARD_PLAYED, EUPHORIA, BUMMED, LOST = "card played", "Euphoria", "bummed out", "lost to Bummers"
LEFT_IN_HAND = "Left in hand"

FORMULA = (
    "Score = Joypoints of the cards you played + Euphoria bonuses + Joypoints you "
    "bummed out - Joypoints other players' Bummers took from you."
)


def score_items(part: dict, told: Explanation) -> list[dict]:
    """The end screen's lines for one seat: each sum with the cards or pluses that make
    it (from the seat's score explanation), the total, the tie-break piles and the
    hand left."""
    lines = [_sum("Joypoints of cards played", part["joypoints"], "")]
    played = [f"{line.label} {line.amount}" for line in told.lines if line.source == CARD_PLAYED]
    lines += [_detail(", ".join(played))] if played else []
    lines.append(_sum("Euphoria bonuses", part["euphoria"], "+"))
    lines += [_detail(line.label, f"+{line.amount}") for line in _from(told, EUPHORIA)]
    lines.append(_sum("Bummed out", part["bummed_out"], "+"))
    lines += [_detail(line.label, f"+{line.amount}") for line in _from(told, BUMMED)]
    lost = _from(told, LOST)
    if lost or part["lost_to_bummers"]:
        lines.append(_sum("Lost to Bummers", part["lost_to_bummers"], "-"))
        lines += [_detail(line.label, str(line.amount)) for line in lost]
    lines.append({"label": "Score", "value": str(part["score"]), "kind": "score"})
    lines.append(_tie("Euphoria Pile, for ties", part["euphoria_pile"]))
    lines.append(_tie("then Bummer Pile", part["bummer_pile"]))
    left = [line.source for line in told.lines if line.label == LEFT_IN_HAND]
    lines += [{"label": f"{LEFT_IN_HAND}: {left[0]}", "value": "", "kind": "tie"}] if left else []
    return lines


def _from(told: Explanation, source: str) -> list[Line]:
    return [line for line in told.lines if line.source == source]


def _sum(label: str, value: int, sign: str) -> dict:
    return {"label": label, "value": f"{sign}{value}", "kind": "sum" if not sign else "effect"}


def _detail(label: str, value: str = "") -> dict:
    return {"label": f"  {label}", "value": value, "kind": "effect"}


def _tie(label: str, value: int) -> dict:
    return {"label": label, "value": str(value), "kind": "tie"}
