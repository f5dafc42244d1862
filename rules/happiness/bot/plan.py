"""The ``hard`` Happiness placement estimate: what a card leaves on the table.

Benchmarks with a seeing-everything oracle showed where games are won: not in the
silence or in where a Bummer goes, but in where each Joycard is laid. The oracle
scored some 12 Euphoria points a game against ``normal``'s 0.5, and its own Bummers
swept more while the rival's swept less. Most of that needs no hidden card:

- a card that leaves a plus one card short (a *hole*) is worth the plus to whoever
  fills the hole first: the rival moves first, so it is worth it to the seat only if
  the rival cannot fill it, and the seat can (its own hand is known);
- a Joycard next to a spot where one of the seat's own Bummers fits is worth
  sweeping again; next to a spot a rival's Bummer may fit, it is a gift.

The chances are exact counts over the cards the seat has not seen (hypergeometric:
the rivals' hands are drawn from them), never a look at the rivals' hands.
"""

from __future__ import annotations

from typing import NamedTuple

from ..cards import catalogue, matches
from ..engine import plus_cells
from ..engine.fields import DIRS
from .greedy import HappinessBot
from .read import Notes

FILLER = 2.2  # Joypoints of the card a rival would fill a hole with (the deck's mean)


class Unseen:
    """The cards ``seat`` has not seen, and the chance that the rivals hold one that
    fits a spot. Works from public facts and the seat's own hand only."""

    def __init__(self, state, seat: int, notes: Notes | None = None):
        cards = state.cards
        cat = catalogue()
        seen = set(state.hands[seat])
        seen.update(cid for cid, _ in state.board.values())
        for pile in (*state.euphoria_pile, *state.bummer_pile):
            seen.update(pile)
        ex = set(state.excluded)
        nj, nb = state.deck_plan()
        self.cards = cards
        self.joy = [i for i in cat.joycards if i not in seen and not ex & set(cards[i].topics)]
        self.bummers = [i for i in cat.bummers if i not in seen and not ex & set(cards[i].topics)]
        # Of the unseen cards, only this many are really in play (rivals' hands and deck).
        self.live_joy = max(0, nj - sum(1 for i in seen if not cards[i].is_bummer))
        self.live_bummers = max(0, nb - sum(1 for i in seen if cards[i].is_bummer))
        self.live = self.live_joy + self.live_bummers
        self.rival_cards = sum(len(h) for s, h in enumerate(state.hands) if s != seat)
        self.held = self._held(state, notes)
        self._memo: dict = {}

    def _held(self, state, notes: Notes | None) -> dict:
        """Each unseen card's chance of being in a rival's hand: even over the cards
        in play, less for a card the rival was shown not to hold (only a draw since can
        have brought it in), the rest spread over the others."""
        hand = self.rival_cards
        weight: dict[int, float] = {}
        for pool, live in ((self.joy, self.live_joy), (self.bummers, self.live_bummers)):
            base = live / len(pool) if pool else 0.0
            for cid in pool:
                draws = notes.draws_since(cid, state) if notes else None
                weight[cid] = base if draws is None else base * min(1.0, draws / max(1, hand))
        total = sum(weight.values())
        scale = hand / total if total else 0.0
        return {cid: min(1.0, w * scale) for cid, w in weight.items()}

    def fit_share(self, need: tuple, bummer: bool) -> float:
        """How many live unseen cards (Joycards or Bummers) are expected to fit a spot
        whose neighbours show the edges ``need`` (None: no neighbour on that side)."""
        key = (need, bummer)
        out = self._memo.get(key)
        if out is None:
            pool, live = (self.bummers, self.live_bummers) if bummer else (self.joy, self.live_joy)
            fit = sum(1 for i in pool if fits(self.cards[i].edges, need))
            out = self._memo[key] = fit * live / len(pool) if pool else 0.0
        return out

    def rival_holds(self, need: tuple, bummer: bool) -> float:
        """The chance that the rivals' hands hold at least one card fitting ``need``."""
        key = ("held", need, bummer)
        out = self._memo.get(key)
        if out is None:
            none = 1.0
            for cid in self.bummers if bummer else self.joy:
                if fits(self.cards[cid].edges, need):
                    none *= 1.0 - self.held[cid]
            out = self._memo[key] = 1.0 - none
        return out

    def draw_fits(self, need: tuple) -> float:
        """The chance that the seat's next draw is a Joycard fitting ``need``."""
        return self.fit_share(need, False) / self.live if self.live else 0.0


def fits(edges: tuple, need: tuple) -> bool:
    """Whether a card's edges (top, right, bottom, left) meet ``needs`` (same order)."""
    return all(n is None or matches(edge, n) for edge, n in zip(edges, need, strict=True))


def needs(cards, board: dict, cell) -> tuple:
    """The edge each neighbour of ``cell`` shows towards it (None: an empty side)."""
    x, y = cell
    out = []
    for dx, dy, _mine, theirs in DIRS:
        other = board.get((x + dx, y + dy))
        out.append(None if other is None else cards[other[0]].edges[theirs])
    return tuple(out)


def empty_sides(board: dict, cell) -> list:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy, _, _ in DIRS if (x + dx, y + dy) not in board]


def holes(board: dict) -> dict:
    """Empty cells that would complete a plus when filled (any card that may go there
    completes it: every touching pair of cards already matches), each with the cells
    of the cards already in that plus (or those pluses)."""
    out: dict = {}
    for centre in board:
        gaps = empty_sides(board, centre)
        if len(gaps) == 1:
            plus = [c for c in (centre, *_arms(centre)) if c in board]
            out.setdefault(gaps[0], set()).update(plus)
    for cell in {c for filled in board for c in empty_sides(board, filled)}:
        if not empty_sides(board, cell):
            out.setdefault(cell, set()).update(_arms(cell))
    return out


def _arms(cell) -> list:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy, _, _ in DIRS]


class Ahead(NamedTuple):
    """What still follows the seat's turn now: a turn of its own, a rival's turn,
    a silence (where Bummers are played)."""

    mine: bool
    rivals: bool
    window: bool

    @property
    def any(self) -> bool:
        return self.mine or self.rivals or self.window


def turns_ahead(state, seat: int) -> Ahead:
    """What follows the turn now under way, from public facts only (the deck's size,
    the seat whose turn ends a round), supposing each turn draws one card (a Bummer
    in a silence draws one more, which can only end the game sooner)."""
    deck, ended = len(state.deck), state.end_triggered
    turn, last = state.turn, state.last_seat_of_round
    mine = rivals = False
    while True:
        if deck:
            deck -= 1
            ended = ended or deck == 0
        if turn == last and ended:  # the game ends with this turn, without a silence
            return Ahead(mine, rivals, turn != state.turn)
        turn = (turn + 1) % state.n
        mine, rivals = mine or turn == seat, rivals or turn != seat
        if mine and rivals:
            return Ahead(True, True, True)


class Planner:
    """Scores a Joycard placement by what it takes now and what it leaves."""

    SELF_PLUS = 0.85  # share of a plus only the seat can fill that it really collects
    OWN_SWEEP = 0.6  # share of a sweep for the seat's own Bummer that it collects
    RIVAL_SWEEP = 0.8  # share of a sweep the rivals' Bummers are likely to take
    BOLT = 0.3  # keep bolt-rich (easy to fit) cards for later
    BIG_SWEEP = 4  # a sweep a rival takes at once; smaller ones count SMALL_SWEEP of it
    SMALL_SWEEP = 0.4
    ENDGAME = 1  # 0: plan as if the game went on after every turn (the probe's trials)

    def __init__(self, state, seat: int, notes: Notes | None = None):
        self.state, self.seat = state, seat
        self.cards = state.cards
        self.unseen = Unseen(state, seat, notes)
        hand = state.hands[seat]
        self.my_bummers = [i for i in hand if self.cards[i].is_bummer]
        self.late = len(state.deck) <= state.n
        # What is left to play (always all of it when ENDGAME is off, for trials).
        self.ahead = turns_ahead(state, seat) if self.ENDGAME else Ahead(True, True, True)

    def value(self, cid: int, cell) -> float:
        cards, state = self.cards, self.state
        board = dict(state.board)
        board[cell] = (cid, self.seat)
        plus = plus_cells(cards, board, cell) if len(board) >= 5 else set()
        card = cards[cid]
        now = card.points + sum(cards[board[c][0]].points for c in plus)
        for c in plus:
            del board[c]
        hand = [i for i in state.hands[self.seat] if i != cid and not cards[i].is_bummer]
        later = self._pluses(board, hand) + self._sweeps(board) if self.ahead.any else 0.0
        return now + later - self.BOLT * sum(1 for e in card.edges if e == "silver")

    def _pluses(self, board: dict, hand: list) -> float:
        """Rivals fill the best hole they can first; the seat the best one left."""
        cards, unseen = self.cards, self.unseen
        rows = []
        for cell, cells in holes(board).items():
            need = needs(cards, board, cell)
            pts = sum(cards[board[c][0]].points for c in cells)
            theirs = unseen.rival_holds(need, False)
            mine = max((2 * cards[i].points for i in hand if fits(cards[i].edges, need)), default=0)
            can = 1.0 if mine else unseen.draw_fits(need)
            rows.append((pts + 2 * FILLER, theirs, (pts + (mine or 2 * FILLER)) * can))
        rows.sort(key=lambda r: -r[0])
        lost, still = 0.0, 1.0
        for worth, theirs, _ in rows:
            lost += still * theirs * worth
            still *= 1.0 - theirs
        gain = max((mine * (1.0 - theirs) for _, theirs, mine in rows), default=0.0)
        ahead = self.ahead
        return self.SELF_PLUS * gain * ahead.mine - lost * ahead.rivals

    def _sweeps(self, board: dict) -> float:
        """The best sweep the seat's own Bummers have on this table, less the one the
        rivals' Bummers are likely to find."""
        if not board:
            return 0.0
        cards, unseen = self.cards, self.unseen
        frontier = {c for filled in board for c in empty_sides(board, filled)}
        rows = []
        best_own = 0
        for cell in frontier:
            need = needs(cards, board, cell)
            pts = sum(cards[board[c][0]].points for c in _arms(cell) if c in board)
            if pts == 0:
                continue
            if any(fits(cards[b].edges, need) for b in self.my_bummers):
                best_own = max(best_own, pts)
            # A greedy rival breaks the silence for a small sweep only near the end.
            weight = 1.0 if pts >= self.BIG_SWEEP or self.late else self.SMALL_SWEEP
            rows.append((pts * weight, unseen.rival_holds(need, True)))
        rows.sort(key=lambda r: -r[0])
        lost, still = 0.0, 1.0
        for pts, theirs in rows:
            lost += still * theirs * pts
            still *= 1.0 - theirs
        # A Bummer needs a silence: one follows each turn but the game's last.
        window = self.ahead.window
        return (self.OWN_SWEEP * best_own - self.RIVAL_SWEEP * lost) * window


class PlanningHappinessBot(HappinessBot):
    """``normal``'s play, except that a Joycard goes where the :class:`Planner` says,
    with what the rivals' choices showed of their hands (:class:`Notes`)."""

    level = "hard"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.notes = Notes()

    def decide(self, obs):
        world = obs.sample(self.world_seed())
        self.notes.update(world, obs.seat)
        if len(obs.legal) == 1:
            return obs.legal[0]
        return self.pick(world, obs.seat, obs.legal)

    def pick(self, state, seat, actions):
        if state.stage != "play" or len(actions) == 1 or actions[0].kind != "place":
            return super().pick(state, seat, actions)
        planner = Planner(state, seat, self.notes)
        return max(actions, key=lambda a: self.place_value(state, seat, a, planner))

    def place_value(self, state, seat, a, planner: Planner | None = None) -> float:
        planner = planner or Planner(state, seat, self.notes)
        word, x, y = a.args
        return planner.value(state.card_by_word(word), (x, y)) + self.rng.below(1000) / 1e6
