"""A Happiness bot: greedy placement for Joypoints and Euphorias, Bummers when they pay.

It reads only what its seat may know: the table, the piles, its own hand and the
size of the community deck.
"""

from __future__ import annotations

from ...botkit import Policy
from ..engine import neighbours, plus_cells

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
    free_text = ("story",)  # the bot tells its own story, not the list's sample
    CLOSE_CALL = 1.5  # Joypoints of estimate within which placements count as close

    def candidates(self, state, seat, actions, k):
        """The close placements (the best few by this bot's estimate; ``easy`` slips to
        one of them) and the silence's two answers; the deck build and the story are
        left to the policy."""
        if state.stage in ("play", "bummer"):
            table = Table(state)
            scored = sorted(((self._value(state, seat, a, table), a) for a in actions), key=_first)
            best = scored[0][0]
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
