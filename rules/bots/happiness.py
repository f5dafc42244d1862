"""A Happiness bot: greedy placement for Joypoints and Euphorias, Bummers when they pay.

It reads only what its seat may know: the table, the piles, its own hand and the
size of the community deck.
"""

from __future__ import annotations

import math

from ..happiness.engine import neighbours, plus_cells
from .base import Policy
from .search import reward

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
    horizon = 80  # a safety net: ``settled`` stops an imagined game long before
    # A search plays this many turns past the decision (the seat's own, the rival's
    # reply and the seat's next one, with the silences between), then reads the scores:
    # further ahead the draws, not the move, decide the game.
    LOOKAHEAD = 3
    MARGIN_SCALE = 12.0  # Joypoints of lead that make a cut-off game look nearly won
    HAND_SHARE = 0.7  # of a Joycard's points still in hand, likely to be scored later
    CLOSE_CALL = 1.5  # Joypoints of estimate within which a search compares placements
    BUMMER_WORTH = 3.0  # Joypoints a Bummer still in hand is likely to bum out later

    def settled(self, world, state, seat, away: bool = False) -> bool:
        """Where an imagined game may stop: at the start of a turn, ``LOOKAHEAD``
        turns after the position the search started from."""
        return state.stage == "play" and state.turns_played - world.turns_played >= self.LOOKAHEAD

    def judge(self, state, seat) -> float:
        """A finished game: the seat's share of the win plus a little for the margin.
        A cut-off one: a guess at that share from the lead in Joypoints."""
        scores = [state.score(s) + self.potential(state, s) for s in range(state.n)]
        margin = scores[seat] - max(v for k, v in enumerate(scores) if k != seat)
        if state.is_over:
            return reward(state, seat)
        return 0.5 + 0.5 * math.tanh(margin / self.MARGIN_SCALE)

    def potential(self, state, seat) -> float:
        """What the seat's hand is likely still to score: the best Joycards it has turns
        left to lay, and its Bummers (only the few turns left can use any of them)."""
        if state.is_over:
            return 0.0
        turns = len(state.deck) // state.n + 1
        cards = state.cards
        joy = sorted(
            (cards[i].points for i in state.hands[seat] if not cards[i].is_bummer), reverse=True
        )
        bummers = sum(1 for i in state.hands[seat] if cards[i].is_bummer)
        return self.HAND_SHARE * sum(joy[:turns]) + self.BUMMER_WORTH * min(bummers, turns)

    def candidates(self, state, seat, actions, k):
        """A search compares placements (the best few by this bot's estimate) and the
        silence's two answers; the deck build and the story are left to the policy."""
        if state.stage in ("play", "bummer"):
            table = Table(state)
            scored = sorted(((self._value(state, seat, a, table), a) for a in actions), key=_first)
            best = scored[0][0]
            # Only close calls are worth a search: a few dozen imagined games cannot
            # reliably overturn an estimate that is clearly worse.
            return [a for v, a in scored[:k] if best - v <= self.CLOSE_CALL] or [scored[0][1]]
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
        table = Table(state)
        best, best_v = None, float("-inf")
        for a in actions:
            v = self._value(state, seat, a, table) + self.rng.below(1000) / 1e6
            if v > best_v:
                best, best_v = a, v
        return best

    # ---- placing -----------------------------------------------------------------
    def value(self, state, seat, a) -> float:
        return self._value(state, seat, a, Table(state))

    def _value(self, state, seat, a, table: Table) -> float:
        if a.kind != "place":
            return 0.0
        return self._place_value(state, seat, a, table)

    def _place_value(self, state, seat, a, table: Table) -> float:
        """The estimate for a placement, reading the table's facts from ``table``."""
        word, x, y = a.args
        cid = state.card_by_word(word)
        card = state.cards[cid]
        cell = (x, y)
        points_at = table.points_at
        if card.is_bummer:
            swept = [c for c in _nb(cell) if c in points_at]
            pts = sum(points_at[c] for c in swept)
            return pts + 0.4 * len(swept)
        plus: set = set()
        if table.may_close_a_plus(cell):  # only then is the engine's test worth a copy
            imagined = dict(state.board)
            imagined[cell] = (cid, seat)
            plus = plus_cells(state.cards, imagined, cell)
        bonus = sum(card.points if c == cell else points_at[c] for c in plus)
        v = card.points + bonus + 0.5 * len(plus)
        if not plus:
            v -= 0.6 * table.open_pluses(cell, card.points)
            v -= 0.15 * table.exposure(cell, card.points)
        # Keep flexible (bolt-rich) cards for later; spend awkward ones now.
        v -= 0.3 * sum(1 for e in card.edges if e == "silver")
        return v

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


def _first(scored: tuple) -> float:
    """Sort key: the highest estimate first."""
    return -scored[0]


# ---- the table as the placing estimate reads it -------------------------------------------
_NEIGHBOURS: dict = {}


def _nb(cell) -> tuple:
    """The four cells touching ``cell`` (the engine's ``neighbours``, remembered: a
    search asks for the same few cells many thousands of times)."""
    out = _NEIGHBOURS.get(cell)
    if out is None:
        out = _NEIGHBOURS[cell] = tuple(neighbours(cell))
    return out


class Table:
    """The Joypoints on each filled cell, and the facts the placing estimate asks of
    each empty cell, worked out once for all the placements one decision compares
    (several cards are tried on the same few cells)."""

    def __init__(self, state):
        cards = state.cards
        self.board = state.board
        self.points_at = {c: cards[cid].points for c, (cid, _) in state.board.items()}
        self._memo: dict = {}

    def may_close_a_plus(self, cell) -> bool:
        """Whether a card at ``cell`` leaves some centre (itself or a neighbour) with
        all four sides filled: the shape a plus needs before its edges are compared."""
        key = ("shape", cell)
        out = self._memo.get(key)
        if out is None:
            board = self.board
            out = any(
                (centre == cell or centre in board)
                and all(arm == cell or arm in board for arm in _nb(centre))
                for centre in (cell, *_nb(cell))
            )
            self._memo[key] = out
        return out

    def open_pluses(self, cell, points: int) -> float:
        """Joypoints an opponent could collect by completing a plus next to a card worth
        ``points`` just laid at ``cell``."""
        key = ("open", cell, points)
        out = self._memo.get(key)
        if out is None:
            out = self._memo[key] = self._risk(cell, points) / 5
        return out

    def _risk(self, cell, points: int) -> int:
        have = self.points_at
        risk = 0
        for centre in (cell, *_nb(cell)):
            arms = _nb(centre)
            full = [a for a in arms if a == cell or a in have]
            if centre == cell or centre in have:
                if len(full) == 3:
                    risk += sum(points if c == cell else have[c] for c in [centre, *full])
            elif len(full) == 4:
                risk += sum(points if c == cell else have[c] for c in arms)
        return risk

    def exposure(self, cell, points: int) -> int:
        """The most Joypoints one Bummer could sweep next to a card worth ``points``
        just laid at ``cell``."""
        key = ("exposed", cell, points)
        out = self._memo.get(key)
        if out is None:
            have = self.points_at
            out = 0
            for c in _nb(cell):
                if c in have:
                    continue
                near = [points if n == cell else have[n] for n in _nb(c) if n == cell or n in have]
                out = max(out, sum(near))
            self._memo[key] = out
        return out
