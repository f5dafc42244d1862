"""HappinessState: the one state class made, the record (``fields``) with the engine
protocol on it. Each method hands over to the rule module that holds the rule; the
few that are not the protocol are what the bots, the explainer and the tests ask of a
state by name."""

from __future__ import annotations

from typing import Any

from ...core import Action, Rng
from ..cards import catalogue
from ..view_types import HappinessView
from . import board, deck, moves, scores, turns, views
from .fields import BUILD, OVER, WINDOW, HappinessFields


class HappinessState(HappinessFields):
    __slots__ = ()

    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> HappinessState:
        n = len(players)
        youngest = int(options.get("youngest", 0))
        if not 0 <= youngest < n:
            raise ValueError(f"the youngest player must be one of the {n} seats (seat 1-{n})")
        s = cls.__new__(cls)
        s.cards = catalogue().cards
        s._setup(players, seed, options)
        s.n = n
        s.timer = s.options.get("silence", "timer") == "timer"
        s.last_seat_of_round = (youngest - 1) % n
        s.youngest = youngest
        s.excluded = ()
        s.deck = []
        s.box = list(range(len(s.cards)))  # every card waits in the box until the deck is built
        s.hands = [[] for _ in range(n)]
        s.board = {}
        s.stage = BUILD
        s.turn = youngest
        s.round = 0
        s.actor = youngest
        s.after = None
        s.waiting = []
        s.joy = [0] * n
        s.euphoria = [0] * n
        s.bummed = [0] * n
        s.lost = [0] * n
        s.euphoria_pile = [[] for _ in range(n)]
        s.pluses = [[] for _ in range(n)]
        s.played = [[] for _ in range(n)]
        s.sweeps = [[] for _ in range(n)]
        s.bummer_pile = [[] for _ in range(n)]
        s.journal = []
        s.end_triggered = False
        s.turns_played = 0
        s.last = None
        s.deck_size = 0
        s.board_facts = {}
        s.log(
            f"New game of Happiness for {n} players. {players[youngest]} is the youngest: "
            f"they build the deck and play first."
        )
        return s

    # ---- the protocol ---------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def interrupt_window(self) -> bool:
        """True while a timed silence is open: several seats may act at once, and the
        UI runs the countdown (the turn controller reads this)."""
        return self.stage == WINDOW and self.timer

    def actors(self) -> list[int]:
        return moves.actors(self)

    def legal_actions(self, seat: int) -> list[Action]:
        return moves.legal_actions(self, seat)

    def why_illegal(self, action: Action) -> str | None:
        return moves.why_illegal(self, action)

    def _do(self, action: Action) -> None:
        turns.do(self, action)

    def result(self) -> dict:
        return scores.result(self)

    def round_under_way(self) -> int:
        return self.round

    def view(self, seat: int | None) -> HappinessView:
        return views.seat_view(self, seat)

    def resample(self, seat: int, seed: int) -> HappinessState:
        """The table, the piles, hand sizes and the seat's own hand stay. The cards the
        seat has not seen (other hands, the community deck, and the box of cards left
        out of the deck) are redealt from ``seed``, keeping the deck's count of Joycards
        and Bummers. Not modelled: a seat that passed for lack of Joycards held only
        Bummers at that moment; its redealt hand may not."""
        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._imagined(seed)  # a seed of its own, no history
        s._log = self.log_seen_by(seat)
        deck.redeal_unseen(self, s, seat, rng)
        return s

    # ---- what the bots, the explainer and the tests ask by name --------------------------
    def card_by_word(self, word) -> int | None:
        return deck.card_by_word(word)

    def deck_plan(self, excluded=None) -> tuple[int, int]:
        return deck.deck_plan(self, excluded)

    def score(self, seat: int) -> int:
        return scores.score(self, seat)

    def breakdown(self, seat: int) -> dict[str, Any]:
        return scores.breakdown(self, seat)

    def board_changed(self) -> None:
        board.board_changed(self)

    def spots_for(self, seat: int, cid: int) -> list:
        return board.spots_for(self, seat, cid)

    def connect_spots(self, cid: int) -> list:
        return board.connect_spots(self, cid)

    def gap_spots(self) -> list:
        return board.gap_spots(self)

    def sweep_cells(self, cell) -> list:
        return board.sweep_cells(self, cell)

    def place_name(self, cell) -> str:
        return board.place_name(self, cell)

    def all_card_places(self) -> list[int]:
        """Every card where it lies, once each (the tests check none is lost)."""
        out = list(self.deck) + list(self.box)
        for h in self.hands:
            out += h
        out += [cid for cid, _ in self.board.values()]
        for p in self.euphoria_pile:
            out += p
        for p in self.bummer_pile:
            out += p
        return out
