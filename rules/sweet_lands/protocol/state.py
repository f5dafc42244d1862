"""Sweet Lands as a state machine of fine-grained actions.

Flow: setup (character, map, Round Aid space; counter-clockwise from the seat right
of the start player) -> 5 rounds of Start, Income, Action, Cleanup -> final scoring.

Everything that needs resolving sits on a stack of frames (``self.stack``, top last).
Automatic frames run at once (``steps.settle``); a choice frame waits for its seat. When
the stack is empty in the Action Phase, the seat whose turn it is picks from the turn
menu: one main action (area, card, flip ability, pass), any number of free actions,
then ``end``.
"""

from __future__ import annotations

from typing import Any

from ...core import Action, LogEntry, Rng
from ..facts import scoring
from ..facts.skills import regular_set
from ..model import data as D
from ..model.board_part import HAND_STEPS, PURSE_MOVES, PURSE_STEPS
from ..model.constants import ACTION, CLEANUP, INCOME, OVER, SETUP, Op  # noqa: F401
from ..model.fields import RARE_OWNED, RareFields, StateFields
from ..model.player import PlayerState
from ..model.view_types import SweetLandsView
from ..moves import variants as V
from . import views
from .steps import STEPS, frame_options, settle
from .turn import STEPS_ONLY, do_turn, turn_refusal
from .turn_menu import turn_options

# Saves record the edition of the rules they were played under (see __init__.py).
# 2: income read in rulebook order, hand costs paid in full, abilities in the chosen
# order, Rikka's wood by choice, either milestone side, granted placements free.
# 3 (F): Wonder icons on the middle property row; 14 characters, one side per board.
# 4: no Round Aid move after passing in the last round (it could change nothing).
# 5: an area, flip or free action that would do nothing is refused; I2 and L2 as the
# rulebook prints them (1 diamond; 4 gold); order asked only when it can matter (issue 32).
# 6: solo only: Mio's cards block six spaces a round and Mio takes cards from each
# income draw (option mio_takes; issue 32's solo recalibration).
# 7: every character's income 3 gold and 1 wheat, wood, iron lower; the roads, rabbits,
# properties and Industry Point tracks at their pre-issue-14 rates (issue 32, step 2).
RULES_EDITION = 7


class SweetLandsState(StateFields):
    # The fields are declared (and slotted) in fields.py, with the basic facts and
    # copy-on-write helpers the rule modules use.
    __slots__ = ()

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players, seed, options):
        d = D.load()
        s = cls.__new__(cls)
        n = len(players)
        s._setup(players, seed, options)
        s.p = [PlayerState() for _ in range(n)]
        s.n, s.solo = n, n == 1
        s._rare = _new(RareFields)
        s._owned = (1 << n) - 1 | RARE_OWNED
        s.round = 0
        s.phase = SETUP
        s.is_over = False
        s.turn = 0
        s.start = 0
        s.next_start = None
        s.main_done = s.main_open = False
        s.stack = []
        s.chain = 0
        deck = list(range(len(d.deck)))
        s.rng.shuffle(deck)
        s.deck = deck
        s.discard = []
        s.occ = {
            a: [None] * ar["spaces"] for a, ar in d.areas.items() if ar["min_players"] <= max(n, 2)
        }
        s.opened = {a for a in s.occ if d.areas[a]["opens"] <= 1}
        s.ext = {}
        # F hook: the tile set in the 12 skill spaces is an option (see skills.py)
        s.skill_supply = {k: d.board["supply"]["skill_copies"] for k in regular_set(s)}
        s.specials = sorted(d.specials)
        _deal_round_aid(s, d, n)
        s.mio_aid = None
        _deal_scoring_and_mio(s, d, n == 1)
        s.solo_shown = []
        order = [(s.start - 1 - k) % n for k in range(n)]
        s.setup_order = order
        s.log(
            f"New game of Sweet Lands for {n} player{'s' if n > 1 else ''}; "
            f"{players[0]} is the start player." + (" Solo game against Mio." if s.solo else "")
        )
        s._legal = s._menu = s._board = s._board_made = None
        V.setup(s)  # F hook: Advanced Skill Tiles
        s.stack.append({"op": Op.BEGIN, "seat": 0})
        for seat in reversed(order):
            s.stack.append({"op": Op.CHOOSE_AID, "seat": seat})
        for seat in reversed(order):
            s.stack.append({"op": Op.CHOOSE_MAP, "seat": seat})
            s.stack.append({"op": Op.CHOOSE_CHAR, "seat": seat})
        settle(s)
        s._menu = None  # callers may still arrange the new state by hand
        return s

    def _copy(self):
        s = _new(SweetLandsState)
        s.players = self.players
        s.seed = self.seed
        s.options = self.options
        s.rng = self.rng  # shared until a draw: see own_rng
        s._keys = self._keys
        s._log = self._log
        s.checkpoint = self.checkpoint
        # Players are shared with the parent state until a move changes them (_own).
        s.p = self.p.copy()  # list.copy: cheaper than list()
        s.n, s.solo = self.n, self.solo
        s._owned = 0
        s.round = self.round
        s.phase = self.phase
        s.is_over = self.is_over
        s.turn = self.turn
        s.main_done = self.main_done
        s.main_open = self.main_open
        # The pending steps are shared with the parent too (copy on write): _do copies
        # the one it resolves, and a step changes no other (see _own_top).
        s.stack = self.stack.copy() if self.stack else []
        s.chain = self.chain
        # The shared containers below are never changed in place by a move: the code
        # that changes one builds a new one (copy on write), so a copy can share them.
        s.deck = self.deck
        s.discard = self.discard
        s.occ = self.occ
        s.opened = self.opened
        s.specials = self.specials
        s.milestones = self.milestones
        s.ms_claimed = self.ms_claimed
        # start, next start, Round Aid spaces, skill supply, the solo decks...: in
        # one shared object until this state changes one of them (fields.RareFields)
        s._rare = self._rare
        s._legal = s._menu = s._board = s._board_made = None
        # F's variant state: a small dict of immutable values (tuples, ints) that the
        # variants replace whole on each change (variants.set_ext), so it is shared.
        s.ext = self.ext
        return s

    def detached_copy(self):
        """A copy that shares nothing mutable with this state (to set up positions by
        hand in tests and tools; moves never need it)."""
        s = self._copy()
        s.p = [P.full_copy() for P in self.p]
        s._rare = self._rare.copy()
        s._owned = (1 << self.n) - 1 | RARE_OWNED
        s.deck, s.discard = list(self.deck), list(self.discard)
        s.occ = {k: list(v) for k, v in self.occ.items()}
        s.opened, s.skill_supply = set(self.opened), dict(self.skill_supply)
        s.specials, s.ms_claimed = list(self.specials), dict(self.ms_claimed)
        s.milestones = [list(m) for m in self.milestones]
        s.pros_first, s.solo_shown = list(self.pros_first), list(self.solo_shown)
        s.solo_a, s.solo_b = list(self.solo_a), list(self.solo_b)
        s.aid_spaces = [list(x) for x in self.aid_spaces]
        s.stack, s.ext = [f.copy() for f in self.stack], dict(self.ext)
        return s

    # ------------------------------------------------------------------ resampling
    def resample(self, seat, seed):
        """A copy agreeing with all ``seat`` has seen, every hidden thing dealt afresh.

        Hidden from a seat: the order of the Citizen Deck, the other seats' hands, the
        order of Mio's two decks, the other seats' private log lines and the random
        generator. The unseen cards (deck and other hands together) are sorted first,
        so the copy depends only on what the seat knows and on ``seed``.
        """
        s = self.detached_copy()
        rng = Rng(f"resample:{seed}")
        others = [i for i in range(self.n) if i != seat]
        unseen = sorted(self.deck + [u for i in others for u in self.p[i].hand])
        rng.shuffle(unseen)
        for i in others:
            k = len(self.p[i].hand)
            s.p[i].hand, unseen = unseen[:k], unseen[k:]
        s.deck = unseen
        s.solo_a, s.solo_b = sorted(self.solo_a), sorted(self.solo_b)
        rng.shuffle(s.solo_a)
        rng.shuffle(s.solo_b)
        V.resample(self, s, seat, rng)  # F hook: the other seats' draft packs
        s.rng = Rng(f"resample-future:{seed}")
        s._imagined(seed)  # a seed of its own, no history
        node: tuple[Any, ...] | None = None
        for e in self._entries():
            if e[1] is None or e[1] == seat:
                node = (e[0], e[1], node)
        s._log = node
        return s

    # ------------------------------------------------------------------ log (persistent)
    # A linked list shared between states: a move adds one node instead of copying.
    # A node is one (text, seat, previous node) triple; it becomes a LogEntry when read.
    def _empty_log(self):
        return None

    def _copied_log(self):
        return self._log

    def log(self, text, seat=None):
        self._log = (text, seat, self._log)

    def _entries(self) -> list[LogEntry]:
        out, node = [], self._log
        while node is not None:
            out.append(_new_entry(LogEntry, (node[0], node[1])))
            node = node[2]
        out.reverse()
        return out

    def log_entries(self) -> list:
        """Every log entry, private ones included (the full record, not a seat's)."""
        return self._entries()

    def log_for(self, seat):
        return [e[0] for e in self._entries() if e[1] is None or e[1] == seat]

    # ------------------------------------------------------------------ protocol
    def round_under_way(self) -> int:
        return self.round

    def view(self, seat: int | None) -> SweetLandsView:
        return views.view(self, seat)

    def result(self):
        return scoring.result(self)

    def actors(self):
        if self.phase == OVER:
            return []
        stack = self.stack
        if stack:
            top = stack[-1]
            if top["op"] == DRAFT:  # F hook: simultaneous picks
                return V.actors(self)
            return [top["seat"]]
        return [self.turn]

    def legal_actions(self, seat):
        # The menu settle built for the seat on top of this very step comes first
        # (nearly every pending step's): its parts compared one by one (no tuple
        # made), the very history (``is``: another one equal to it is not asked).
        # It serves once: a state arranged by hand afterwards (tests, tools) is
        # asked afresh.
        menu = self._menu
        if menu is not None:
            self._menu = None
            stack = self.stack
            if (
                menu[0] == seat
                and menu[1] is self._keys
                and menu[2] == len(stack)
                and menu[3] == self.phase
                and menu[3] != OVER
                and stack[-1]["seat"] == seat  # (settle never builds one on an empty stack)
            ):
                self._legal = menu
                return [*menu[4]]  # a display, not list(): no call
        # else afresh, with actors() written out
        stack = self.stack
        if self.phase == OVER:
            return []
        if stack:
            top = stack[-1]
            if (seat not in V.actors(self)) if top["op"] == DRAFT else seat != top["seat"]:
                return []
            # F: a simultaneous step lists all seats
            out = _seats_moves(frame_options(self, top), seat)
        elif seat != self.turn:
            return []
        else:
            out = turn_options(self, seat)
        self._legal = (seat, self._keys, len(stack), self.phase, tuple(out))
        return out

    def apply(self, action):
        # A move that is one of the very objects the last menu of this state handed
        # out is legal: it skips the checks (random playouts and bots play only such
        # moves). Any other value goes through them all.
        legal = self._legal
        if (
            legal is not None
            and legal[1] is self._keys
            and legal[2] == len(self.stack)
            and legal[3] == self.phase
        ):
            for b in legal[4]:
                if b is action:
                    break
            else:
                return super().apply(action)
            # _successor, written out: a playout applies a move on every step
            new = self._copy()
            key = action._key
            new._keys = (key if key is not None else action.key, self._keys)
            new._board = self._board_made or self._board
            new._do(action)
            return new
        return super().apply(action)

    def _successor(self, action):
        new = self._copy()
        key = action._key  # made once per action: the property only when it is not yet
        new._keys = (key if key is not None else action.key, self._keys)
        # the turn menu's board facts go along; _do keeps them only for a move that
        # changes nothing but the seat's resources (turn_menu.BoardPart)
        new._board = self._board_made or self._board
        new._do(action)
        return new

    def step_key(self) -> tuple[Any, int, str]:
        return (self._keys, len(self.stack), self.phase)

    def fast_apply(self, a):
        """Apply without the legality check or history (bots' look-ahead only)."""
        new = self._copy()
        new._do(a)
        return new

    def why_illegal(self, a):
        """None for a legal move, else the reason in words: the same text the view
        gives beside the area, card or tile the move would use."""
        cached = self._legal
        if cached is not None and cached[0] == a.seat and cached[1:4] == self.step_key():
            legal = cached[4]
        else:
            legal = self.legal_actions(a.seat)
        # the move is usually one of the very objects the menu handed out
        for b in legal:
            if b is a:
                return None
        if not all(_plain(x) for x in a.args):
            return f"'{a.key}': action arguments must be plain strings or numbers."
        for b in legal:
            if b == a and all(type(x) is type(y) for x, y in zip(a.args, b.args, strict=True)):
                return None
        if self.stack:
            f = self.stack[-1]
            return STEPS[f["op"]].refusal(self, f, a)
        return turn_refusal(self, a.seat, a)

    def save_extra(self) -> dict:
        return {"rules": RULES_EDITION}

    def _do(self, a: Action) -> None:
        # Action's slots read directly: each of its read-only properties costs a call
        seat, kind = a._seat, a._kind
        stack = self.stack
        # _own, written out: nearly every move changes its player (a turn move that
        # only stacks steps does not: the step owns the record when it is answered,
        # and phases.end_turn takes the players it changes itself). A move is done on
        # a new copy (_copy), which owns no player yet.
        if stack or kind not in STEPS_ONLY:
            self.p[seat] = self.p[seat].copy()
            self._owned = 1 << seat
        board = self._board
        if stack:
            f = stack[-1] = stack[-1].copy()  # _own_top: resolving changes it
            op = f["op"]
            if board is not None and (board.seat != seat or kind != "res" or op not in PURSE_STEPS):
                if board.seat == seat and op in HAND_STEPS:
                    self._board = board.for_new_hand()
                else:
                    self._board = None
            if kind == "done":  # the answer to the pending step on top
                STEPS[op].stopped(self, f)
            else:
                STEPS[op].resolve(self, f, a)
        else:
            if board is not None and (board.seat != seat or kind not in PURSE_MOVES):
                self._board = None
            do_turn(self, a)
        settle(self)


DRAFT = Op.DRAFT  # read on the protocol's every step: one global, no attribute


def _seats_moves(moves: list[Action], seat: int) -> list[Action]:
    """The moves of ``seat`` among a simultaneous step's moves of every seat."""
    return [a for a in moves if a.seat == seat]


_new = object.__new__
_new_entry = tuple.__new__  # LogEntry(text, seat) without the extra call


# ------------------------------------------------------------------ dealing at setup
# (the generator's draws in this order: a save replays the deal from its seed)
def _deal_round_aid(s: SweetLandsState, d: D.Data, n: int) -> None:
    """The Round Aid board: tiles dealt onto the layout for this player count."""
    std = sorted(d.aid_standard)
    pas = sorted(d.aid_pass)
    s.rng.shuffle(std)
    s.rng.shuffle(pas)
    spaces = []
    for n_std, n_pass in d.board["round_aid"]["layout"][str(n)]:
        spaces.append([[std.pop() for _ in range(n_std)], pas.pop() if n_pass else None])
    s.aid_spaces = spaces


def _deal_scoring_and_mio(s: SweetLandsState, d: D.Data, solo: bool) -> None:
    """With rivals: the milestones (a side each) and final scoring tiles in play.
    Solo: none of those, and Mio's two decks shuffled."""
    if solo:
        s.milestones, s.final_tiles = [], []
    else:
        ms = sorted(d.milestones)
        s.rng.shuffle(ms)
        s.milestones = [[m, "ab"[s.rng.below(2)]] for m in sorted(ms[: d.board["milestones_used"]])]
        ft = sorted(d.final_tiles)
        s.rng.shuffle(ft)
        s.final_tiles = sorted(ft[: d.board["final_tiles_used"]])
    s.ms_claimed = {}
    s.pros_first = [None] * 6
    if solo:
        a, b = list(d.solo_a), list(d.solo_b)
        s.rng.shuffle(a)
        s.rng.shuffle(b)
        s.solo_a, s.solo_b = a, b
    else:
        s.solo_a, s.solo_b = [], []


def _plain(value) -> bool:
    """A JSON scalar an action argument may be (bools are refused: no move takes one)."""
    return value is None or (isinstance(value, str | int) and not isinstance(value, bool))
