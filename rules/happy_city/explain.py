"""Every point of a card-row score, itemised for the end screen.

``score_items(state, seat, breakdown)`` turns a seat's breakdown into lines a person can
check by hand: what each card of the city brings, the two sums with their crossed-out
symbols and the floor at zero, how they combine, each special's end-of-game effect and
the money that breaks ties. Both Happy City (Family and Expert) and Happiest Town use it.
Each line is ``{"label", "value", "kind"}``; kind is card, sum, effect, score or tie.
"""

from __future__ import annotations


def _words(part: dict) -> tuple[str, str]:
    if "population" in part:  # Happiest Town names the two symbols its own way
        return "population", "happiness"
    return "inhabitants", "hearts"


def _short(word: str) -> str:
    return {"inhabitants": "inh", "hearts": "hrt", "population": "pop", "happiness": "hap"}[word]


def _symbols(n_inh: int, n_hrt: int, words: tuple[str, str]) -> str:
    parts = [f"{n:+d} {_short(w)}" for n, w in zip((n_inh, n_hrt), words, strict=True) if n]
    return ", ".join(parts) or "nothing"


def _card_lines(state, seat: int, part: dict, words: tuple[str, str]) -> list[dict]:
    lines = []
    with_effects = part.get("card_symbols")  # Expert: what each card brings, effects counted
    for pos, i in enumerate(state.city[seat]):
        card = state.cards[i]
        inh, hrt = card.inhabitants, card.hearts
        note = ""
        if with_effects is not None and tuple(with_effects[pos]) != (inh, hrt):
            inh, hrt = with_effects[pos]
            note = " (its effect)"
        lines.append(
            {"label": card.name, "value": _symbols(inh, hrt, words) + note, "kind": "card"}
        )
    return lines


def _sum_line(word: str, plus: int, minus: int, net: int) -> dict:
    if not minus:
        return {"label": word.capitalize(), "value": str(plus), "kind": "sum"}
    label = f"{word.capitalize()}, {minus} crossed out"
    if plus - minus < 0 and net == 0:
        label += " (never below 0)"
    return {"label": label, "value": f"{plus} - {minus} = {net}", "kind": "sum"}


def score_sum(
    net_inhabitants: int, net_hearts: int, rule: str, score: int, words: tuple[str, str] = ("", "")
) -> str:
    """How the two net totals make the points, with a subtraction written as one and
    the floor at 0 said: "3 x 2 = 6", "4 - 1 = 3", "0 pop - 1 hap = 0, never below 0"
    (``words``: a short name after each total)."""
    first, second = (f" {w}" if w else "" for w in words)
    if rule == "add":
        sign = "-" if net_hearts < 0 else "+"
        op, raw = f"{sign} {abs(net_hearts)}{second}", net_inhabitants + net_hearts
    else:
        op, raw = f"x {net_hearts}{second}", net_inhabitants * net_hearts
    text = f"{net_inhabitants}{first} {op} = {score}"
    return f"{text}, never below 0" if raw != score else text


def _effect_value(adj: dict) -> str:
    if adj["effect"] == "lose_income":
        return f"{adj['points']:+d} (income)"
    if adj["effect"] == "double_below":
        if adj["points"]:
            return f"{adj['points']:+d} (doubled)"
        return "+0 (too many to double)"
    return f"{adj['points']:+d}"


def score_items(state, seat: int, part: dict, money: str) -> list[dict]:
    words = _words(part)
    inh_w, hrt_w = words
    net_i, net_h = part[f"net_{inh_w}"], part[f"net_{hrt_w}"]
    lines = _card_lines(state, seat, part, words)
    lines.append(
        _sum_line(inh_w, part[inh_w], part[f"crossed_{inh_w}"], net_i),
    )
    lines.append(_sum_line(hrt_w, part[hrt_w], part[f"crossed_{hrt_w}"], net_h))
    base = part.get("base_score", part["score"])
    points = score_sum(net_i, net_h, part["rule"], base)
    lines.append({"label": "Points", "value": points, "kind": "sum"})
    for adj in part.get("adjustments", []):
        lines.append({"label": adj["card"], "value": _effect_value(adj), "kind": "effect"})
    lines.append({"label": "Score", "value": str(part["score"]), "kind": "score"})
    lines.append(
        {"label": f"{money.capitalize()}, for ties", "value": str(part["coins"]), "kind": "tie"}
    )
    return lines


def formula(part: dict) -> str:
    inh_w, hrt_w = _words(part)
    op = "+" if part["rule"] == "add" else "x"
    text = f"Points = net {inh_w} {op} net {hrt_w}"
    if "adjustments" in part:
        text += ", then the end-of-game effects of special buildings"
    return text + "."
