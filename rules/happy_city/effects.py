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
def symbols_of(
    state: Any, seat: int, pos: int, eff: dict[str, Any], choice: dict[str, Any]
) -> dict[str, int]:
    """Income/inhabitants/hearts that one symbol mechanism adds for the card at ``pos``.

    ``choice`` holds the owner's end-of-game answers ({"neighbour": seat}); missing
    answers count as no choice (nothing gained from a neighbour).

    One branch per mechanism, in the order of MECHANISMS: longer than one screen, but
    each rule stands next to its siblings and reads like the card's own text.
    """
    do = eff["do"]
    city = state.city[seat]
    cards = state.cards
    out = {"income": 0, "inhabitants": 0, "hearts": 0}
    if do == "per_colour":
        whose = eff["whose"]
        target: int | None
        if whose == "self":
            target = seat
        elif whose == "left":
            target = left_of(seat, state.n)
        else:
            target = choice.get("neighbour")
        if target is not None:
            out[eff["symbol"]] += eff["amount"] * state.colour_counts(target).get(eff["colour"], 0)
    elif do == "none_of_colour":
        if state.colour_counts(seat).get(eff["colour"], 0) == 0:
            out[eff["symbol"]] += eff["amount"]
    elif do == "most_of_colour":
        counts = [state.colour_counts(s).get(eff["colour"], 0) for s in range(state.n)]
        mine, best_other = counts[seat], max(c for s, c in enumerate(counts) if s != seat)
        out[eff["symbol"]] += (
            eff["strict"]
            if mine > best_other
            else eff["tied"]
            if mine == best_other
            else eff["otherwise"]
        )
    elif do == "fewest_of_colour":
        counts = [state.colour_counts(s).get(eff["colour"], 0) for s in range(state.n)]
        if all(counts[seat] <= c for s, c in enumerate(counts) if s != seat):
            out[eff["symbol"]] += eff["amount"]
    elif do == "lowest_income":
        # An income rule compares incomes without any income-comparing bonus (its own
        # included), so two such rules can never chase each other; a scoring rule
        # compares the full incomes at the end.
        full = eff["symbol"] != "income"
        mine = state.income_of(seat, compare=full)
        if eff["among"] == "table":
            others = [s for s in range(state.n) if s != seat]
        else:
            others = neighbours(seat, state.n)
        if all(mine < state.income_of(s, compare=full) for s in others):
            out[eff["symbol"]] += eff["amount"]
        else:
            out[eff["symbol"]] += eff["otherwise"]
    elif do == "city_size":
        k = len(city)
        if k == eff["exact"]:
            out[eff["symbol"]] += eff["exact_amount"]
        elif k < eff["exact"]:
            out[eff["symbol"]] += eff["fewer_amount"]
    elif do == "per_pair":
        inh = sum(cards[i].inhabitants for i in city)
        hearts = sum(cards[i].hearts for i in city)
        out[eff["symbol"]] += eff["amount"] * max(0, min(inh, hearts))
    elif do == "colours_before":
        colours = {cards[i].colour for i in city[:pos]} - {None}
        out[eff["symbol"]] += eff["amount"] * len(colours)
    elif do == "adjacent_colours":
        tally: dict = {}
        for p in grid_neighbours(pos, len(city)):
            c = cards[city[p]].colour
            if c is not None:
                tally[c] = tally.get(c, 0) + 1
        most = max(tally.values(), default=0)
        if most >= 3:
            out["hearts"] += eff["three_hearts"]
            out["inhabitants"] += eff["three_inhabitants"]
        elif most >= 2:
            out["hearts"] += eff["two_hearts"]
            out["inhabitants"] += eff["two_inhabitants"]
    elif do == "next_same_colour":
        after = city[pos + 1 : pos + 1 + eff["count"]]
        colours = {cards[i].colour for i in after}
        if len(after) == eff["count"] and len(colours) == 1 and None not in colours:
            out[eff["symbol"]] += eff["amount"]
        else:
            out[eff["symbol"]] += eff["otherwise"]
    elif do == "copy_previous":
        if pos > 0:
            prev = cards[city[pos - 1]]
            got = state.card_symbols(seat, pos - 1, prev, choice)
            for sym in SYMBOLS:
                out[sym] += got[sym]
    return out


def describe(eff: dict) -> str:
    """A short name of the mechanism for logs and breakdowns."""
    return eff["do"].replace("_", " ")
