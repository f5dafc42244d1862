"""A Happiness bot: greedy placement for Joypoints and Euphorias, Bummers when they pay.

It reads only what its seat may know: the table, the piles, its own hand and the
size of the community deck.
"""

from __future__ import annotations

from ..happiness.engine import neighbours, plus_cells
from .base import Policy

JOY_STORIES = (
    "{word} always makes me smile.",
    "I still remember a whole afternoon of {word}.",
    "The best thing about {word} is sharing it.",
    "{word}: that is how my favourite summer began.",
    "Nothing beats {word} with good friends around.",
)
BUMMER_STORIES = (
    "{word}. Enough said.",
    "Then came {word}, right when everything was going so well.",
    "Of course, {word} had to happen that very day.",
)


class HappinessBot(Policy):
    name = "smart"
    horizon = 30  # a search plays about eight turns ahead, then reads the scores

    def candidates(self, state, seat, actions, k):
        """A search compares placements (the best few by this bot's estimate) and the
        silence's two answers; the deck build and the story are left to the policy."""
        if state.stage in ("play", "bummer"):
            ranked = sorted(actions, key=lambda a: -self.value(state, seat, a))
            return ranked[:k]
        if state.stage == "window":
            return [a for a in actions if a.kind != "close"]
        return [self.pick(state, seat, actions)]

    def pick(self, state, seat, actions):
        if len(actions) == 1:
            return actions[0]
        stage = state.stage
        if stage == "build":
            return next(a for a in actions if a.kind == "build_done")
        if stage == "story":
            return self._story(state, seat, actions)
        if stage == "window":
            return self._window(state, seat, actions)
        best, best_v = None, float("-inf")
        for a in actions:
            v = self.value(state, seat, a) + self.rng.below(1000) / 1e6
            if v > best_v:
                best, best_v = a, v
        return best

    # ---- placing -----------------------------------------------------------------
    def value(self, state, seat, a) -> float:
        if a.kind != "place":
            return 0.0
        word, x, y = a.args
        cid = state.card_by_word(word)
        card = state.cards[cid]
        cell = (x, y)
        if card.is_bummer:
            swept = state.sweep_cells(cell)
            pts = sum(state.cards[state.board[c][0]].points for c in swept)
            return pts + 0.4 * len(swept)
        board = dict(state.board)
        board[cell] = (cid, seat)
        plus = plus_cells(state.cards, board, cell)
        bonus = sum(state.cards[board[c][0]].points for c in plus)
        for c in plus:
            del board[c]
        v = card.points + bonus + 0.5 * len(plus)
        if not plus:
            v -= 0.6 * self._open_pluses(state, board, cell)
            v -= 0.15 * self._exposure(state, board, cell)
        # Keep flexible (bolt-rich) cards for later; spend awkward ones now.
        v -= 0.3 * sum(1 for e in card.edges if e == "silver")
        return v

    @staticmethod
    def _open_pluses(state, board, cell) -> float:
        """Joypoints an opponent could collect by completing a plus next to ``cell``."""
        risk = 0.0
        seen = set()
        for centre in [cell, *neighbours(cell)]:
            arms = neighbours(centre)
            filled = [a for a in arms if a in board]
            holes = [a for a in arms if a not in board]
            if centre in board and len(holes) == 1 and centre not in seen:
                seen.add(centre)
                risk += sum(state.cards[board[c][0]].points for c in [centre, *filled])
            elif centre not in board and not holes and centre not in seen:
                seen.add(centre)
                risk += sum(state.cards[board[c][0]].points for c in arms)
        return risk / 5

    @staticmethod
    def _exposure(state, board, cell) -> float:
        """The most Joypoints one Bummer could sweep next to the new card."""
        worst = 0
        for c in neighbours(cell):
            if c in board:
                continue
            worst = max(
                worst, sum(state.cards[board[n][0]].points for n in neighbours(c) if n in board)
            )
        return worst

    # ---- the silence ---------------------------------------------------------------
    def _window(self, state, seat, actions):
        claim = next((a for a in actions if a.kind == "claim"), None)
        stay = next(a for a in actions if a.kind == "pass")
        if claim is None:
            return stay
        bummers = [i for i in state.hands[seat] if state.cards[i].is_bummer]
        best = 0
        for b in bummers:
            for cell in state.spots_for(seat, b):
                best = max(
                    best,
                    sum(state.cards[state.board[c][0]].points for c in state.sweep_cells(cell)),
                )
        late = len(state.deck) <= state.n
        if best >= 4 or (best >= 2 and (len(bummers) >= 2 or late)) or (best >= 1 and late):
            return claim
        if len(bummers) >= 3 or (bummers and late and len(state.deck) == 0):
            return claim
        return stay

    def _story(self, state, seat, actions):
        last = state.last
        word = state.cards[last["card"]].word
        pool = BUMMER_STORIES if last["bummer"] else JOY_STORIES
        text = pool[self.rng.below(len(pool))].format(word=word)
        a = next(a for a in actions if a.kind == "story")
        return type(a)(seat, "story", (text,), "Tell a story")
