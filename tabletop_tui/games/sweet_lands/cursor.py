"""Where the move-list highlight goes when the legal moves change, and which moves a
stray Enter must never land on.

Enter performs the highlighted move, so the highlight is the player's intent: it stays
on the move just made when that very move (same key, same words) is still legal and
not risky (a free action repeats with Enter, Enter, Enter; a payment row repeats, so
three wheat are paid by one choice and two Enters), else on the first harmless move:
one that spends nothing (no cost in the explainer's answer for the move, no free
action, which always pays or draws), ends, skips or throws away nothing, and makes
none of the choices that commit (which resource is paid or taken, a card kept in
the draft, a map side, a character, a hex for a tile, a step on a track: each
changes the table for good or reveals what comes next). When no move is harmless
(almost every menu) nothing is highlighted and Enter says what to press; a move that
changed its words (a payment row that became "Take 1 iron") is a new choice.
"""

from __future__ import annotations

from rules.core import Explanation

from .asked import cost_of

# Moves that end the turn or the round, throw cards away, stop an effect early or draw
# a card (which undo cannot take back).
RISKY_KINDS = frozenset({"end", "pass", "done", "discard", "keep", "fa_draw"})
MAP_KINDS = frozenset({"hex", "special", "place", "rabbit", "edge"})
CARD_KINDS = frozenset({"play", "discard", "keep"})
# Choices that commit without a cost line of their own: a resource paid or taken, a
# diamond for a card, a draft pick, the setup picks, a card automated or kept, a
# track step, an income or a colour, a disc; and every place on a map.
COMMIT_KINDS = frozenset(
    {"res", "diamond", "aid", "draft", "map", "character", "automate", "track", "income"}
    | {"disc", "keepcard", "colour"}
    | MAP_KINDS
)


def is_risky(action, explained: dict[str, Explanation]) -> bool:
    """True for a move that discards cards or ends the turn, round or step."""
    if action.kind in RISKY_KINDS:
        return True
    return bool(cost_of(explained.get(action.key)).get("cards"))


def is_harmless(action, explained: dict[str, Explanation]) -> bool:
    """True for a move a stray Enter may make: it costs, ends, skips and commits nothing."""
    if is_risky(action, explained) or is_free_action(action) or action.kind in COMMIT_KINDS:
        return False
    return not cost_of(explained.get(action.key))


def is_free_action(action) -> bool:
    return action.kind.startswith("fa_")


def pick_index(previous, moves: list, explained: dict[str, Explanation]) -> int | None:
    """The index to highlight in ``moves`` after the list changed, or None.

    ``previous`` is the (key, words) of the move that was highlighted, or None. The
    same move if it is not risky and still says the same (the player chose it: a
    purchase repeats); else the first harmless move; else none (see the module)."""
    if previous is not None:
        key, words = previous
        for i, a in enumerate(moves):
            if a.key == key and a.label == words and not is_risky(a, explained):
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
