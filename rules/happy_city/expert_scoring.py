"""Happy City Expert: the end-of-game questions (which neighbour a Pyramid looks at,
which special a copying card copies), asked one by one before the final result, and
the Expert score: symbols from effects, then the final adjustments. Plain functions
of the card-row record (issue 45's one engine shape)."""

from __future__ import annotations

from typing import Any

from ..core import counted
from .cards import Card, catalogue
from .effects import hook_of, neighbours
from .expert import (
    card_symbols,
    has_effect,
    income_of,
    own_special,
    pyramid_source,
    special_card,
)
from .fields import FINAL, OVER, CardRowFields
from .scores import added_score, net_symbols


def asks_neighbour(card: Card | None) -> bool:
    if card is None:
        return False
    return any(
        e["do"] == "copy_neighbour_position"
        or (e["do"] == "per_colour" and e["whose"] == "neighbour")
        for e in card.effects
    )


def neighbour_options(state: CardRowFields, seat: int, card: Card) -> list[int]:
    """The neighbours whose city the seat's card may look at when the game ends."""
    opts = neighbours(seat, state.n)
    if has_effect(card, "copy_neighbour_position"):
        pos = state.city[seat].index(own_special(state, seat).id)
        opts = [nb for nb in opts if pyramid_source(state, seat, pos, nb) is not None]
    return opts


def copy_options(state: CardRowFields, seat: int) -> list[str]:
    return [
        own_special(state, s).name
        for s in range(state.n)
        if s != seat and state.special[s] is not None
    ]


def effective_card(state: CardRowFields, seat: int, choice: dict) -> Card | None:
    """The card whose questions the seat answers: its special, or what a copy copies."""
    card = own_special(state, seat)
    if has_effect(card, "copy_special"):
        return catalogue().by_name(choice["copy"]) if choice.get("copy") else None
    return card


def needed_choice(state: CardRowFields, seat: int):
    if state.special[seat] is None:
        return None
    ch = state.choices[seat]
    card = own_special(state, seat)
    if has_effect(card, "copy_special") and "copy" not in ch:
        return "copy", copy_options(state, seat) + ["box"], card.name
    eff_card = effective_card(state, seat, ch)
    if eff_card is not None and asks_neighbour(eff_card) and "neighbour" not in ch:
        return "neighbour", neighbour_options(state, seat, eff_card), eff_card.name
    return None


def resolve_end(state: CardRowFields) -> None:
    while True:
        for seat in range(state.n):
            need = needed_choice(state, seat)
            if need is None:
                continue
            kind, opts, source = need
            if kind == "copy" and opts == ["box"]:
                state.log(f"{source}: no opponent of {state.players[seat]} has a special building.")
                copy_from_box(state, seat)
            elif len(opts) <= 1:
                answer(state, seat, kind, opts[0] if opts else None)
            else:
                state.pending = {"seat": seat, "kind": kind, "options": opts, "source": source}
                state.stage = FINAL
                state.checkpoint += 1
                return
            break
        else:
            state.pending = None
            state.stage = OVER
            log_final_effects(state)
            return


def answer(state: CardRowFields, seat: int, kind: str, value) -> None:
    ch = state.choices[seat]
    who = state.players[seat]
    state.pending = None
    if kind == "copy":
        if value == "box":
            copy_from_box(state, seat)
            return
        ch["copy"] = value
        ch["copy_from"] = "opponent"
        state.log(f"{own_special(state, seat).name}: {who} copies {value}.")
    else:
        ch["neighbour"] = value
        card = effective_card(state, seat, ch)
        assert card is not None  # a neighbour is asked only for a known card
        source = card.name
        if value is None:
            state.log(f"{source}: neither neighbour of {who} has a card to copy there.")
        else:
            state.log(f"{source}: {who} uses the city of {state.players[value]}.")


def copy_from_box(state: CardRowFields, seat: int) -> None:
    pool = [i for i in state.box if state.cards[i].kind == "special"]
    i = state.rng.choice(pool)
    state.choices[seat]["copy"] = state.cards[i].name
    state.choices[seat]["copy_from"] = "box"
    state.checkpoint += 1  # a hidden card was revealed
    state.log(
        f"{own_special(state, seat).name}: {state.players[seat]} draws "
        f"{state.cards[i].name} from the box and copies it."
    )


def log_final_effects(state: CardRowFields) -> None:
    for seat in range(state.n):
        if state.special[seat] is None:
            continue
        for line in expert_breakdown(state, seat, None)["effect_notes"]:
            state.log(f"{line} ({state.players[seat]})")


def end_choices(state: CardRowFields, seat: int) -> dict:
    """The seat's end-of-game answers: those given, and for the rest the best guess.

    Before the end this is a projection for the score shown on screen (a copy from
    the box cannot be foreseen and is left out of it).
    """
    ch = state.choices[seat]
    if state.special[seat] is None or state.stage == OVER:
        return ch
    card = own_special(state, seat)
    copy_opts: list = [None]
    if has_effect(card, "copy_special") and "copy" not in ch:
        copy_opts = copy_options(state, seat) or [None]
    best, best_score = ch, None
    for c in copy_opts:
        base = dict(ch)
        if c is not None:
            base["copy"] = c
        eff_card = effective_card(state, seat, base)
        nb_opts: list = [None]
        if "neighbour" not in base and eff_card and asks_neighbour(eff_card):
            nb_opts = neighbour_options(state, seat, eff_card) or [None]
        for nb in nb_opts:
            cand = dict(base)
            if nb is not None:
                cand["neighbour"] = nb
            if len(copy_opts) == 1 and len(nb_opts) == 1:
                return cand
            bd = expert_breakdown(state, seat, cand)
            sc = (bd["score"], bd["net_inhabitants"] + bd["net_hearts"])  # symbols break ties
            if best_score is None or sc > best_score:
                best, best_score = cand, sc
    return best


def expert_breakdown(
    state: CardRowFields, seat: int, choice: dict[str, Any] | None
) -> dict[str, Any]:
    if choice is None:
        choice = end_choices(state, seat)
    plus = {"inhabitants": 0, "hearts": 0}
    minus = {"inhabitants": 0, "hearts": 0}
    notes: list[str] = []
    from_effects = {"inhabitants": 0, "hearts": 0}
    each_card: list[tuple[int, int]] = []  # (inhabitants, hearts) a city card brings, in order
    for pos, i in enumerate(state.city[seat]):
        card = state.cards[i]
        got = card_symbols(state, seat, pos, card, choice, end=True)
        each_card.append((got["inhabitants"], got["hearts"]))
        for k in ("inhabitants", "hearts"):
            if got[k] > 0:
                plus[k] += got[k]
            else:
                minus[k] -= got[k]
        if card.kind == "special":
            from_effects["inhabitants"] += got["inhabitants"] - card.inhabitants
            from_effects["hearts"] += got["hearts"] - card.hearts
            parts = [counted(got[k], k[:-1]) for k in ("inhabitants", "hearts") if got[k]]
            if parts:
                notes.append(f"{card.name}: {' and '.join(parts)}")
    add = state.options.get("scoring") == "add"
    inhabitants = net_symbols(plus["inhabitants"], minus["inhabitants"], add)
    hearts = net_symbols(plus["hearts"], minus["hearts"], add)
    base = added_score(inhabitants, hearts) if add else inhabitants * hearts
    adjustments = final_adjustments(state, seat, choice, base)
    notes += [
        f"{adj['card']}: {'+' if adj['points'] >= 0 else ''}{counted(adj['points'], 'point')}"
        for adj in adjustments
    ]
    return {
        "inhabitants": plus["inhabitants"],
        "crossed_inhabitants": minus["inhabitants"],
        "hearts": plus["hearts"],
        "crossed_hearts": minus["hearts"],
        "net_inhabitants": inhabitants,
        "net_hearts": hearts,
        "rule": "add" if add else "multiply",
        "score": base + sum(adj["points"] for adj in adjustments),
        "base_score": base,
        "adjustments": adjustments,
        "effect_inhabitants": from_effects["inhabitants"],
        "effect_hearts": from_effects["hearts"],
        "effect_notes": notes,
        "card_symbols": each_card,
        "choices": dict(choice),
        "coins": state.coins[seat],
        "cards": len(state.city[seat]),
    }


def final_adjustments(
    state: CardRowFields, seat: int, choice: dict[str, Any], score: int
) -> list[dict[str, Any]]:
    """Points the seat's special (or the special it copies) adds or takes after
    inhabitants x hearts: penalties first, then doubling, which sees them."""
    sp = special_card(state, seat)
    if sp is None:
        return []
    finals = [(e, sp.name) for e in sp.effects if hook_of(e) == "final"]
    if has_effect(sp, "copy_special") and choice.get("copy"):
        copied = catalogue().by_name(choice["copy"])
        finals += [
            (e, f"{sp.name} (as {copied.name})") for e in copied.effects if hook_of(e) == "final"
        ]
    finals.sort(key=lambda t: t[0]["do"] != "lose_income")
    out = []
    for eff, name in finals:
        if eff["do"] == "lose_income":
            delta = -income_of(state, seat)
        elif eff["do"] == "double_below":
            delta = score if score < eff["below"] else 0
        else:  # pragma: no cover - validated at load
            delta = 0
        score += delta
        out.append({"card": name, "effect": eff["do"], "points": delta})
    return out
