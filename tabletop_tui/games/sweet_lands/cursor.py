"""Where the move-list highlight goes when the legal moves change, and which moves a
stray Enter must never land on.

Enter performs the highlighted move, so the highlight is the player's intent: it stays
on the move just made when that move is still legal (a free action repeats with Enter,
Enter, Enter), else on a move of the same kind (the next hex of a placement step), and
otherwise on the first move that neither costs cards nor ends the turn or the round,
and not on a main action when a free action or a step's choice is there.
Costs come from the engine's ``explain`` part of the view.
"""

from __future__ import annotations

# Moves that end the turn or the round, throw cards away, stop an effect early or draw
# a card (which undo cannot take back).
RISKY_KINDS = frozenset({"end", "pass", "done", "discard", "keep", "fa_draw"})
# The turn's main action: a highlight that fell off a free action must not land here.
MAIN_KINDS = frozenset({"area", "play", "flip"})
MAP_KINDS = frozenset({"hex", "special", "place", "rabbit", "edge"})
CARD_KINDS = frozenset({"play", "discard", "keep"})


def is_risky(action, explained: dict) -> bool:
    """True for a move that discards cards or ends the turn, round or step."""
    if action.kind in RISKY_KINDS:
        return True
    cost = (explained.get(action.key) or {}).get("cost") or {}
    return bool(cost.get("cards"))


def caution(action, explained: dict) -> int:
    """0 for a move a stray Enter may make, 1 for a main action, 2 for a risky move."""
    if is_risky(action, explained):
        return 2
    return 1 if action.kind in MAIN_KINDS else 0


def is_free_action(action) -> bool:
    return action.kind.startswith("fa_")


def pick_index(previous, moves: list, explained: dict) -> int:
    """The index to highlight in ``moves`` after the list changed.

    ``previous`` is the (key, kind) that was highlighted, or None. The same move or
    one of the same kind, if it is not risky; else the first of the most harmless
    moves: a free action or a step's choice before a main action, a main action
    before a risky move (a hand-cost step offers discards and nothing else)."""
    if not moves:
        return 0
    safe = [i for i, a in enumerate(moves) if not is_risky(moves[i], explained)]
    if previous is not None:
        key, kind = previous
        for i in safe:
            if moves[i].key == key:
                return i
        # a free action of another resource is not "the same" move: pay wood for gold
        # once the wheat has run out would be a surprise
        if not kind.startswith("fa_"):
            for i in safe:
                if moves[i].kind == kind:
                    return i
    return min(range(len(moves)), key=lambda i: (caution(moves[i], explained), i))


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


def place_codes(action, roads: dict) -> tuple[str, ...]:
    """The hex numbers a player types to reach a map move: its hex ("14"), or a road's
    two hexes in either order ("914", "149"), or a border road's one hex. ``roads``
    is the engine's facts per legal edge (the view's explain places)."""
    target = map_target(action)
    if target is None:
        return ()
    if target[0] == "hex":
        return (str(target[1]),)
    hexes: list[int] = list((roads.get(str(target[1])) or {}).get("hexes") or ())
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
