"""Where the move-list highlight goes when the legal moves change, and which moves a
stray Enter must never land on.

Enter performs the highlighted move, so the highlight is the player's intent: it stays
on the move just made when that move is still legal (a free action repeats with Enter,
Enter, Enter), else on a harmless move of the same kind (the next hex of a placement
step), else on the first harmless move: one that spends nothing (no cost in the
explainer's answer for the move, no free action, which always pays or draws) and
ends, skips or throws away nothing. When no move is harmless (a turn's start, where
every area and card costs something; after the main action, where only purchases and
ending the turn remain) nothing is highlighted and Enter does nothing until the player
picks a move; a menu of one move is highlighted, as there is nothing to choose.
"""

from __future__ import annotations

from rules.core import Explanation

from .asked import cost_of

# Moves that end the turn or the round, throw cards away, stop an effect early or draw
# a card (which undo cannot take back).
RISKY_KINDS = frozenset({"end", "pass", "done", "discard", "keep", "fa_draw"})
MAP_KINDS = frozenset({"hex", "special", "place", "rabbit", "edge"})
CARD_KINDS = frozenset({"play", "discard", "keep"})


def is_risky(action, explained: dict[str, Explanation]) -> bool:
    """True for a move that discards cards or ends the turn, round or step."""
    if action.kind in RISKY_KINDS:
        return True
    return bool(cost_of(explained.get(action.key)).get("cards"))


def is_harmless(action, explained: dict[str, Explanation]) -> bool:
    """True for a move a stray Enter may make: it costs, ends and skips nothing."""
    if is_risky(action, explained) or is_free_action(action):
        return False
    return not cost_of(explained.get(action.key))


def is_free_action(action) -> bool:
    return action.kind.startswith("fa_")


def pick_index(previous, moves: list, explained: dict[str, Explanation]) -> int | None:
    """The index to highlight in ``moves`` after the list changed, or None.

    ``previous`` is the (key, kind) that was highlighted, or None. The same move if
    it is not risky (the player chose it: a purchase repeats); else a harmless move
    of the same kind; else the first harmless move; else none (see the module)."""
    if len(moves) <= 1:
        return 0 if moves else None
    if previous is not None:
        key, kind = previous
        for i, a in enumerate(moves):
            if a.key == key and not is_risky(a, explained):
                return i
        # a free action of another resource is not "the same" move: pay wood for gold
        # once the wheat has run out would be a surprise
        for i, a in enumerate(moves):
            if a.kind == kind and is_harmless(a, explained):
                return i
    return next((i for i, a in enumerate(moves) if is_harmless(a, explained)), None)


def map_target(action) -> tuple[str, int] | None:
    """The map place a move names (its hex or edge), if it is a map move."""
    if action.kind not in MAP_KINDS or not action.args:
        return None
    return ("edge" if action.kind == "edge" else "hex", action.args[0])


def next_free_index(moves: list, current: int | None) -> int | None:
    """The next free action after ``current`` in the list, wrapping round (key F)."""
    free = [i for i, a in enumerate(moves) if is_free_action(a)]
    if not free:
        return None
    later = [i for i in free if current is None or i > current]
    return later[0] if later else free[0]


def place_codes(action, edge_hexes) -> tuple[str, ...]:
    """The hex numbers a player types to reach a map move: its hex ("14"), or a road's
    two hexes in either order ("914", "149"), or a border road's one hex.
    ``edge_hexes`` is the printed map's hexes beside each edge."""
    target = map_target(action)
    if target is None:
        return ()
    if target[0] == "hex":
        return (str(target[1]),)
    hexes = list(edge_hexes[target[1]])
    if len(hexes) == 2:
        return (f"{hexes[0]}{hexes[1]}", f"{hexes[1]}{hexes[0]}")
    return tuple(str(h) for h in hexes)


def typed_index(typed: str, codes: list[tuple[str, ...]]) -> int | None:
    """The move the typed hex numbers name: the first whose code is exactly that, else
    the first whose code starts with it (None if none does)."""
    if not typed:
        return None
    exact = next((i for i, c in enumerate(codes) if typed in c), None)
    if exact is not None:
        return exact
    return next((i for i, c in enumerate(codes) if any(x.startswith(typed) for x in c)), None)


def typed_after(typed: str, digit: str, codes: list[tuple[str, ...]]) -> str:
    """The typed hex numbers after one more digit: it extends them while some move
    still matches, else it starts afresh ("" when no move starts with it either)."""
    for attempt in (typed + digit, digit):
        if typed_index(attempt, codes) is not None:
            return attempt
    return ""
