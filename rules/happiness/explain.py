"""Every Joypoint of a Happiness score, itemised for the end screen.

Each line is ``{"label", "value", "kind"}`` (kind: sum, effect, score or tie), the same
shape the card-row games use, so one end screen draws them all.
"""

from __future__ import annotations

FORMULA = (
    "Score = Joypoints of the cards you played + Euphoria bonuses + Joypoints you "
    "bummed out - Joypoints other players' Bummers took from you."
)


def score_items(part: dict, strip: bool) -> list[dict]:
    lines = [
        {"label": "Joypoints of cards played", "value": str(part["joypoints"]), "kind": "sum"},
        {"label": "Euphoria bonuses", "value": f"+{part['euphoria']}", "kind": "effect"},
    ]
    for bonus, words in part.get("pluses", []):  # each plus completed, by its cards
        lines.append(
            {"label": f"  plus of {', '.join(words)}", "value": f"+{bonus}", "kind": "effect"}
        )
    lines.append({"label": "Bummed out", "value": f"+{part['bummed_out']}", "kind": "effect"})
    if strip or part["lost_to_bummers"]:
        lost = part["lost_to_bummers"]
        lines.append({"label": "Lost to Bummers", "value": f"-{lost}", "kind": "effect"})
    lines.append({"label": "Score", "value": str(part["score"]), "kind": "score"})
    lines.append(
        {"label": "Euphoria Pile, for ties", "value": str(part["euphoria_pile"]), "kind": "tie"}
    )
    lines.append({"label": "then Bummer Pile", "value": str(part["bummer_pile"]), "kind": "tie"})
    return lines
