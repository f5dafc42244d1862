"""Reading a rival's hand from its own choices, for the ``hard`` Happiness bot.

A rival that plays greedily shows what it does *not* hold: every Joycard it could
have laid for a better estimate than the card it chose was not in its hand, and a
rival that stayed silent beside a spot worth 4 Joypoints held no Bummer fitting that
spot. Such a card can come back only by a later draw. Everything here is read from
the public table and the public last play (``state.last``): it is a model of the
rival, never a look at its hand. Against players who do not play that way the notes
are simply less accurate.
"""

from __future__ import annotations

from ...core import Action
from ..cards import catalogue
from ..engine import neighbours
from ..engine.fields import CENTRE
from .greedy import HappinessBot, Table

SILENCE_SWEEP = 4  # the sweep for which a greedy rival always breaks the silence
SLACK = 0.002  # above the greedy bot's tie-break jitter (under 0.001)


class Notes:
    """Cards shown not to be in a rival's hand, with the turn they were last shown out
    (``turns_played`` at that moment): afterwards only a draw can bring them in."""

    def __init__(self) -> None:
        self.game: tuple = ()
        self._judge = HappinessBot(0)
        self.forget()

    def forget(self) -> None:
        self.out: dict[int, int] = {}
        self.read: set = set()  # the plays already read
        self.turns = 0

    def draws_since(self, cid: int, state) -> int | None:
        """Rival draws since the card was shown out (None: never shown out)."""
        then = self.out.get(cid)
        if then is None:
            return None
        return -(-(state.turns_played - then) // state.n)

    def update(self, state, seat: int) -> None:
        """Read the last play if it was a rival's Joycard not read yet."""
        game = (state.deck_size, state.excluded, state.youngest)
        if game != self.game or state.turns_played < self.turns:
            self.forget()  # a new game
            self.game = game
        self.turns = state.turns_played
        last = state.last
        if not last or last["bummer"] or last["seat"] == seat:
            return
        key = (state.turns_played, tuple(last["cell"]), last["card"])
        if key in self.read:
            return
        self.read.add(key)
        rival = last["seat"]
        before = self._board_before(state, last)
        self._read_placement(state, rival, before, last)
        if not state.timer and state.stage == "play" and state.board:
            self._read_silence(state, rival)

    @staticmethod
    def _board_before(state, last) -> dict:
        board = dict(state.board)
        for cell, cid in zip(last["euphoria"], last["euphoria_cards"], strict=False):
            board[tuple(cell)] = (cid, last["seat"])
        board.pop(tuple(last["cell"]), None)
        return board

    def _read_placement(self, state, rival: int, before: dict, last) -> None:
        """Every unseen Joycard the greedy estimate would have preferred is out."""
        world = state.copy()
        world.board = before
        world.board_changed()
        table = Table(world)
        cards = world.cards
        judge = self._judge

        def worth(cid: int, cell) -> float:
            a = Action(rival, "place", (cards[cid].word, *cell), "")
            return judge._place_value(world, rival, a, table)

        chose = worth(last["card"], tuple(last["cell"]))
        when = state.turns_played - 1  # the rival's turn (the draw follows it)
        for cid in unseen_joycards(state, rival):
            spots = [CENTRE] if not before else world.connect_spots(cid) or world.gap_spots()
            if any(worth(cid, cell) > chose + SLACK for cell in spots):
                self.out[cid] = when

    def _read_silence(self, state, rival: int) -> None:
        """The rival stayed silent on this table: no Bummer of a big sweep is held."""
        cards, board = state.cards, state.board
        for cid in unseen_bummers(state, rival):
            for cell in state.connect_spots(cid):
                pts = sum(cards[board[c][0]].points for c in neighbours(cell) if c in board)
                if pts >= SILENCE_SWEEP:
                    self.out[cid] = state.turns_played
                    break


def _unseen(state, ids, rival: int) -> list[int]:
    """Cards of ``ids`` that the table and piles do not show (the seat's own hand
    included: the caller's planner skips those)."""
    shown = {cid for cid, _ in state.board.values()}
    for pile in (*state.euphoria_pile, *state.bummer_pile):
        shown.update(pile)
    ex = set(state.excluded)
    return [i for i in ids if i not in shown and not ex & set(state.cards[i].topics)]


def unseen_joycards(state, rival: int) -> list[int]:
    return _unseen(state, catalogue().joycards, rival)


def unseen_bummers(state, rival: int) -> list[int]:
    return _unseen(state, catalogue().bummers, rival)
