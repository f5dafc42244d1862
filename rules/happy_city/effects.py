"""Expert special-building effects: a small set of mechanisms driven by card data.

Every Expert card in ``data/expert.toml`` lists ``effects``; each entry names a
mechanism (``do``) with its parameters. This module knows, for each mechanism,

- the *hook* it plugs into (when it acts), and the parameters it takes, so the data
  can be validated when loaded;
- how it is evaluated.

Hooks
-----
claim          once, when the card is taken (coins now, replace a card, set a flag)
cost           changes the price of a card the owner buys
before_income  just before each income phase
after_income   just after each income phase
spend          when another player pays for a card
no_buy         when the owner buys nothing
symbols        adds income, inhabitants or hearts; income ones count at every
               income phase, inhabitants and hearts at the end
end_choice     asks its owner a question at the end (a neighbour, a card to copy)
final          changes the final score (after inhabitants x hearts)

The engine calls these through ``HappyCityState``; this module holds only the rules
of each mechanism, never the flow of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

# The five card colours (cards.py reads them from here: an effect names them, and the
# card data is checked against the effects).
COLOURS = ("yellow", "blue", "violet", "orange", "green")
SYMBOLS = ("income", "inhabitants", "hearts")
ROW = 5

# mechanism -> (hook, {parameter: allowed type or tuple of allowed values})
MECHANISMS: dict[str, tuple[str, dict]] = {
    # -- when taken --------------------------------------------------------------
    "gain_per_card": ("claim", {"amount": int}),
    "gain_income_times": ("claim", {"times": int}),
    "everyone_gains": ("claim", {"amount": int}),
    "replace_last": ("claim", {}),
    "free_next": ("claim", {"count": int}),
    "borrow_income": ("claim", {"phases": int}),
    # -- prices ------------------------------------------------------------------
    "discount": ("cost", {"colour": COLOURS, "amount": int}),
    "deck_floor": ("cost", {}),
    # -- round events ----------------------------------------------------------------
    "before_income": ("before_income", {"amount": int}),
    "after_income_steal": ("after_income", {"amount": int}),
    "neighbour_spends": ("spend", {"threshold": int, "amount": int}),
    "no_buy_bonus": ("no_buy", {"amount": int}),
    # -- symbols -------------------------------------------------------------------
    "per_colour": (
        "symbols",
        {
            "colour": COLOURS,
            "symbol": SYMBOLS,
            "amount": int,
            "whose": ("self", "left", "neighbour"),
        },
    ),
    "none_of_colour": ("symbols", {"colour": COLOURS, "symbol": SYMBOLS, "amount": int}),
    "most_of_colour": (
        "symbols",
        {"colour": COLOURS, "symbol": SYMBOLS, "strict": int, "tied": int, "otherwise": int},
    ),
    "fewest_of_colour": ("symbols", {"colour": COLOURS, "symbol": SYMBOLS, "amount": int}),
    "lowest_income": (
        "symbols",
        {"among": ("table", "neighbours"), "symbol": SYMBOLS, "amount": int, "otherwise": int},
    ),
    "city_size": (
        "symbols",
        {"symbol": SYMBOLS, "exact": int, "exact_amount": int, "fewer_amount": int},
    ),
    "per_pair": ("symbols", {"symbol": SYMBOLS, "amount": int}),
    "colours_before": ("symbols", {"symbol": SYMBOLS, "amount": int}),
    "adjacent_colours": (
        "symbols",
        {"two_hearts": int, "two_inhabitants": int, "three_hearts": int, "three_inhabitants": int},
    ),
    "next_same_colour": (
        "symbols",
        {"count": int, "symbol": SYMBOLS, "amount": int, "otherwise": int},
    ),
    "copy_previous": ("symbols", {}),
    # -- end-of-game questions and copies ---------------------------------------------
    "copy_neighbour_position": ("end_choice", {}),
    "copy_special": ("end_choice", {}),
    # -- final score -----------------------------------------------------------------
    "lose_income": ("final", {}),
    "double_below": ("final", {"below": int}),
}


def validate_effect(effect, where: str) -> str | None:
    """A reason the effect entry is malformed, or None."""
    if not isinstance(effect, dict):
        return f"{where}: each effect must be a table"
    name = effect.get("do")
    if name not in MECHANISMS:
        return f"{where}: unknown mechanism {name!r}"
    _, params = MECHANISMS[name]
    extra = set(effect) - set(params) - {"do"}
    if extra:
        return f"{where}: {name} takes no parameter {sorted(extra)}"
    for key, kind in params.items():
        if key not in effect:
            return f"{where}: {name} needs '{key}'"
        v = effect[key]
        if isinstance(kind, tuple):
            if v not in kind:
                return f"{where}: {name}.{key} must be one of {kind}"
        elif not isinstance(v, kind) or isinstance(v, bool):
            return f"{where}: {name}.{key} must be {kind.__name__}"
    return None


def hook_of(effect: dict) -> str:
    return MECHANISMS[effect["do"]][0]


# ---- layout helpers -------------------------------------------------------------------
def grid_neighbours(pos: int, size: int) -> list[int]:
    """Positions left, right, above and below ``pos`` in a city laid out in rows of 5."""
    row, col = divmod(pos, ROW)
    out = []
    if col > 0:
        out.append(pos - 1)
    if col < ROW - 1 and pos + 1 < size:
        out.append(pos + 1)
    if row > 0:
        out.append(pos - ROW)
    if pos + ROW < size:
        out.append(pos + ROW)
    return out


def neighbours(seat: int, n: int) -> list[int]:
    """The distinct neighbours of a seat: left (next in turn order) first, then right."""
    left, right = (seat + 1) % n, (seat - 1) % n
    return [left] if left == right else [left, right]


def left_of(seat: int, n: int) -> int:
    """Play goes clockwise, to the left: the left neighbour is the next seat."""
    return (seat + 1) % n


# ---- evaluation of symbol mechanisms ---------------------------------------------------
# Each symbol mechanism is a function of (state, seat, pos, effect, choice) giving what
# it adds, by symbol; ``symbols_of`` looks the mechanism up in SYMBOL_RULES. Each rule
# stands alone and reads like the card's own text.
Gains = dict[str, int]
SymbolRule = Callable[[Any, int, int, dict[str, Any], dict[str, Any]], Gains]


def symbols_of(
    state: Any, seat: int, pos: int, eff: dict[str, Any], choice: dict[str, Any]
) -> dict[str, int]:
    """Income/inhabitants/hearts that one symbol mechanism adds for the card at ``pos``.

    ``choice`` holds the owner's end-of-game answers ({"neighbour": seat}); missing
    answers count as no choice (nothing gained from a neighbour)."""
    out = {"income": 0, "inhabitants": 0, "hearts": 0}
    rule = SYMBOL_RULES.get(eff["do"])
    if rule is not None:
        for symbol, amount in rule(state, seat, pos, eff, choice).items():
            out[symbol] += amount
    return out


def _per_colour(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    whose = eff["whose"]
    target: int | None
    if whose == "self":
        target = seat
    elif whose == "left":
        target = left_of(seat, state.n)
    else:
        target = choice.get("neighbour")
    if target is None:
        return {}
    return {eff["symbol"]: eff["amount"] * state.colour_counts(target).get(eff["colour"], 0)}


def _none_of_colour(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    if state.colour_counts(seat).get(eff["colour"], 0) == 0:
        return {eff["symbol"]: eff["amount"]}
    return {}


def _most_of_colour(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    counts = [state.colour_counts(s).get(eff["colour"], 0) for s in range(state.n)]
    mine, best_other = counts[seat], max(c for s, c in enumerate(counts) if s != seat)
    if mine > best_other:
        return {eff["symbol"]: eff["strict"]}
    return {eff["symbol"]: eff["tied"] if mine == best_other else eff["otherwise"]}


def _fewest_of_colour(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    counts = [state.colour_counts(s).get(eff["colour"], 0) for s in range(state.n)]
    if all(counts[seat] <= c for s, c in enumerate(counts) if s != seat):
        return {eff["symbol"]: eff["amount"]}
    return {}


def _lowest_income(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    # An income rule compares incomes without any income-comparing bonus (its own
    # included), so two such rules can never chase each other; a scoring rule
    # compares the full incomes at the end.
    full = eff["symbol"] != "income"
    mine = state.income_of(seat, compare=full)
    if eff["among"] == "table":
        others = [s for s in range(state.n) if s != seat]
    else:
        others = neighbours(seat, state.n)
    lowest = all(mine < state.income_of(s, compare=full) for s in others)
    return {eff["symbol"]: eff["amount"] if lowest else eff["otherwise"]}


def _city_size(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    k = len(state.city[seat])
    if k == eff["exact"]:
        return {eff["symbol"]: eff["exact_amount"]}
    return {eff["symbol"]: eff["fewer_amount"]} if k < eff["exact"] else {}


def _per_pair(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    city, cards = state.city[seat], state.cards
    inh = sum(cards[i].inhabitants for i in city)
    hearts = sum(cards[i].hearts for i in city)
    return {eff["symbol"]: eff["amount"] * max(0, min(inh, hearts))}


def _colours_before(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    colours = {state.cards[i].colour for i in state.city[seat][:pos]} - {None}
    return {eff["symbol"]: eff["amount"] * len(colours)}


def _adjacent_colours(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    city = state.city[seat]
    tally: dict = {}
    for p in grid_neighbours(pos, len(city)):
        c = state.cards[city[p]].colour
        if c is not None:
            tally[c] = tally.get(c, 0) + 1
    most = max(tally.values(), default=0)
    if most >= 3:
        return {"hearts": eff["three_hearts"], "inhabitants": eff["three_inhabitants"]}
    if most >= 2:
        return {"hearts": eff["two_hearts"], "inhabitants": eff["two_inhabitants"]}
    return {}


def _next_same_colour(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    after = state.city[seat][pos + 1 : pos + 1 + eff["count"]]
    colours = {state.cards[i].colour for i in after}
    same = len(after) == eff["count"] and len(colours) == 1 and None not in colours
    return {eff["symbol"]: eff["amount"] if same else eff["otherwise"]}


def _copy_previous(state: Any, seat: int, pos: int, eff: dict, choice: dict) -> Gains:
    if pos == 0:
        return {}
    prev = state.cards[state.city[seat][pos - 1]]
    got = state.card_symbols(seat, pos - 1, prev, choice)
    return {sym: got[sym] for sym in SYMBOLS}


SYMBOL_RULES: dict[str, SymbolRule] = {
    "per_colour": _per_colour,
    "none_of_colour": _none_of_colour,
    "most_of_colour": _most_of_colour,
    "fewest_of_colour": _fewest_of_colour,
    "lowest_income": _lowest_income,
    "city_size": _city_size,
    "per_pair": _per_pair,
    "colours_before": _colours_before,
    "adjacent_colours": _adjacent_colours,
    "next_same_colour": _next_same_colour,
    "copy_previous": _copy_previous,
}


def describe(eff: dict) -> str:
    """A short name of the mechanism for logs and breakdowns."""
    return eff["do"].replace("_", " ")
