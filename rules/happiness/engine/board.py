"""Where a card may go: the frontier, gaps, edge matches, pluses and sweeps."""

from __future__ import annotations

from ..cards import (
    EDGE_NAMES,
    matches,
)
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


class HappinessBoard(HappinessFields):
    __slots__ = ()

    # ---- the board ---------------------------------------------------------------------
    def board_changed(self) -> None:
        """Forget the facts worked out from the board; the engine calls this after each
        card it lays, and scene-building tests after changing the board by hand."""
        self._cache = {}

    def frontier(self) -> list:
        """Empty cells that share an edge with at least one card, sorted."""
        f = self._cache.get("frontier")
        if f is None:
            board = self.board
            f = sorted({c for cell in board for c in neighbours(cell) if c not in board})
            self._cache["frontier"] = f
        return f

    def gap_spots(self) -> list:
        """Empty cells touching no card, two steps (straight or diagonal) from a card."""
        g = self._cache.get("gap")
        if g is None:
            board = self.board
            cands = {(x + dx, y + dy) for (x, y) in board for dx, dy in GAP_OFFSETS}
            g = sorted(
                c for c in cands if c not in board and not any(nb in board for nb in neighbours(c))
            )
            self._cache["gap"] = g
        return g

    def mismatch(self, cid: int, cell) -> str | None:
        """Why card cid cannot sit at cell against its neighbours (None if it fits)."""
        card = self.cards[cid]
        x, y = cell
        for dx, dy, mine, theirs in DIRS:
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            o = self.cards[other[0]]
            if not matches(card.edges[mine], o.edges[theirs]):
                return (
                    f"its {EDGE_NAMES[mine]} edge, {edge_label(card.edges[mine])}, does not "
                    f"match the {EDGE_NAMES[theirs]} edge of {o.word}, "
                    f"{edge_label(o.edges[theirs])}"
                )
        return None

    def connect_spots(self, cid: int) -> list:
        """Cells where card cid touches at least one card and matches all it touches."""
        key = ("connect", cid)
        out = self._cache.get(key)
        if out is None:
            out = [c for c in self.frontier() if self.mismatch(cid, c) is None]
            self._cache[key] = out
        return out

    def spots_for(self, seat: int, cid: int) -> list:
        """Every cell where seat may put card cid now (in the play or bummer stage)."""
        card = self.cards[cid]
        if not self.board:
            return [] if card.is_bummer else [CENTRE]
        conn = self.connect_spots(cid)
        if conn:
            return conn
        if card.is_bummer and any(
            self.connect_spots(b) for b in self.hands[seat] if self.cards[b].is_bummer
        ):
            return []  # a Bummer that would sweep nothing, while another one would
        return self.gap_spots()

    def euphoria_cells(self, cell) -> list:
        """Cells of every plus that a card now at ``cell`` completes (sorted, unique)."""
        return sorted(plus_cells(self.cards, self.board, cell))

    def sweep_cells(self, cell) -> list:
        """Cells of the Joycards a Bummer at ``cell`` would bum out."""
        return [c for c in neighbours(cell) if c in self.board]
