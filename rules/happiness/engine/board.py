"""The table: where a card may go (the frontier, gaps, edge matches), the pluses a card
completes and the cards a Bummer sweeps, and how a player names a spot.

What is worked out from the board is kept in ``state.board_facts`` until the board
changes (``board_changed``): the legal moves and the views ask it many times a turn."""

from __future__ import annotations

from ..cards import EDGE_NAMES, matches
from .fields import CENTRE, DIRS, GAP_OFFSETS, HappinessFields, edge_label, neighbours


def plus_cells(cards, board: dict, cell) -> set:
    """Cells of every plus (a centre and its four arms, all edges matching) that a
    card at ``cell`` completes on ``board``; the bot asks it of boards it imagines."""
    out = set()
    for centre in [cell, *neighbours(cell)]:
        if centre not in board:
            continue
        arms = neighbours(centre)
        if not all(a in board for a in arms):
            continue
        c = cards[board[centre][0]]
        if all(
            matches(c.edges[mine], cards[board[arm][0]].edges[theirs])
            for (_dx, _dy, mine, theirs), arm in zip(DIRS, arms, strict=False)
        ):
            out.add(centre)
            out.update(arms)
    return out


def name_place(cards, board: dict, cell) -> str:
    """A cell named by a card near it, as a player would say it: "right of Pen Pal"
    beside a card (looked for left, above, right, then below), "1 right and 1 down
    from Pen Pal" from the nearest card otherwise, "in the middle of the table" for
    the first card."""
    x, y = cell
    sides = (((-1, 0), "right of"), ((0, -1), "below"), ((1, 0), "left of"), ((0, 1), "above"))
    for (dx, dy), side in sides:
        beside = board.get((x + dx, y + dy))
        if beside is not None:
            return f"{side} {cards[beside[0]].word}"
    others = sorted(board, key=lambda c: (abs(c[0] - x) + abs(c[1] - y), c[1], c[0]))
    others = [c for c in others if c != cell]
    if not others:
        return "in the middle of the table"
    near = others[0]
    across, down = x - near[0], y - near[1]
    steps = [
        f"{abs(across)} {'right' if across > 0 else 'left'}" if across else "",
        f"{abs(down)} {'down' if down > 0 else 'up'}" if down else "",
    ]
    return " and ".join(p for p in steps if p) + f" from {cards[board[near][0]].word}"


def board_changed(state: HappinessFields) -> None:
    """Forget the facts worked out from the board; the engine calls this after each
    card it lays, and scene-building tests after changing the board by hand."""
    state.board_facts = {}


def frontier(state: HappinessFields) -> list:
    """Empty cells that share an edge with at least one card, sorted."""
    f = state.board_facts.get("frontier")
    if f is None:
        board = state.board
        f = sorted({c for cell in board for c in neighbours(cell) if c not in board})
        state.board_facts["frontier"] = f
    return f


def gap_spots(state: HappinessFields) -> list:
    """Empty cells touching no card, two steps (straight or diagonal) from a card."""
    g = state.board_facts.get("gap")
    if g is None:
        board = state.board
        cands = {(x + dx, y + dy) for (x, y) in board for dx, dy in GAP_OFFSETS}
        g = sorted(
            c for c in cands if c not in board and not any(nb in board for nb in neighbours(c))
        )
        state.board_facts["gap"] = g
    return g


def mismatch(state: HappinessFields, cid: int, cell) -> str | None:
    """Why card cid cannot sit at cell against its neighbours (None if it fits)."""
    cards = state.cards
    card = cards[cid]
    x, y = cell
    for dx, dy, mine, theirs in DIRS:
        other = state.board.get((x + dx, y + dy))
        if other is None:
            continue
        o = cards[other[0]]
        if not matches(card.edges[mine], o.edges[theirs]):
            return (
                f"its {EDGE_NAMES[mine]} edge, {edge_label(card.edges[mine])}, does not "
                f"match the {EDGE_NAMES[theirs]} edge of {o.word}, "
                f"{edge_label(o.edges[theirs])}"
            )
    return None


def connect_spots(state: HappinessFields, cid: int) -> list:
    """Cells where card cid touches at least one card and matches all it touches."""
    key = ("connect", cid)
    out = state.board_facts.get(key)
    if out is None:
        out = [c for c in frontier(state) if mismatch(state, cid, c) is None]
        state.board_facts[key] = out
    return out


def spots_for(state: HappinessFields, seat: int, cid: int) -> list:
    """Every cell where seat may put card cid now (in the play or bummer stage)."""
    cards = state.cards
    card = cards[cid]
    if not state.board:
        return [] if card.is_bummer else [CENTRE]
    conn = connect_spots(state, cid)
    if conn:
        return conn
    if card.is_bummer and other_bummer_connects(state, seat):
        return []  # a Bummer that would sweep nothing, while another one would
    return gap_spots(state)


def other_bummer_connects(state: HappinessFields, seat: int) -> bool:
    """Some Bummer in the seat's hand touches cards on the table (so a Bummer may not
    be played apart from them)."""
    cards = state.cards
    return any(connect_spots(state, b) for b in state.hands[seat] if cards[b].is_bummer)


def euphoria_cells(state: HappinessFields, cell) -> list:
    """Cells of every plus that a card now at ``cell`` completes (sorted, unique)."""
    return sorted(plus_cells(state.cards, state.board, cell))


def place_name(state: HappinessFields, cell) -> str:
    """A cell named by a card near it (see ``name_place``)."""
    return name_place(state.cards, state.board, cell)


def sweep_cells(state: HappinessFields, cell) -> list:
    """Cells of the Joycards a Bummer at ``cell`` would bum out."""
    return [c for c in neighbours(cell) if c in state.board]
