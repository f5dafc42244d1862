"""HappinessState: a new game, and the redrawn copies bots plan on."""

from __future__ import annotations

from ..cards import (
    catalogue,
)
from .fields import BUILD
from .views import HappinessViews


class HappinessState(HappinessViews):
    __slots__ = ()

    # ---- setup --------------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> HappinessState:
        n = len(players)
        youngest = int(options.get("youngest", 0))
        if not 0 <= youngest < n:
            raise ValueError(f"the youngest player must be one of the {n} seats (seat 1-{n})")
        s = cls.__new__(cls)
        s.cards = catalogue().cards
        s._setup(players, seed, options)
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
        s.bummer_pile = [[] for _ in range(n)]
        s.journal = []
        s.end_triggered = False
        s.turns_played = 0
        s.last = None
        s.deck_size = 0
        s._cache = {}
        s.log(
            f"New game of Happiness for {n} players. {players[youngest]} is the youngest: "
            f"they build the deck and play first."
        )
        return s

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------------
    def resample(self, seat: int, seed: int) -> HappinessState:
        """The table, the piles, hand sizes and the seat's own hand stay. The cards the
        seat has not seen (other hands, the community deck, and the box of cards left
        out of the deck) are redealt from ``seed``, keeping the deck's count of Joycards
        and Bummers. Not modelled: a seat that passed for lack of Joycards held only
        Bummers at that moment; its redealt hand may not."""
        from ...core.rng import Rng

        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._imagined(seed)  # a seed of its own, no history
        s._log = self.log_seen_by(seat)
        if self.stage == BUILD:
            return s
        cat = catalogue()
        seen = set(self.hands[seat]) | {cid for cid, _ in self.board.values()}
        for pile in self.euphoria_pile + self.bummer_pile:
            seen.update(pile)
        ex = set(self.excluded)
        nj, nb = self.deck_plan()
        pool = []
        for ids, want in ((cat.joycards, nj), (cat.bummers, nb)):
            unseen = sorted(i for i in ids if i not in seen and not ex & set(self.cards[i].topics))
            rng.shuffle(unseen)
            pool += unseen[: want - sum(1 for i in ids if i in seen)]
        rng.shuffle(pool)
        for other in range(self.n):
            if other != seat:
                k = len(self.hands[other])
                s.hands[other] = pool[len(pool) - k :]
                del pool[len(pool) - k :]
        s.deck = pool
        s.box = sorted(
            set(range(len(self.cards))) - set(pool) - seen - {i for h in s.hands for i in h}
        )
        return s
