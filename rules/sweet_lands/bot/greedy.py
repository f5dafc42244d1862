"""A Sweet Lands bot: one-turn look-ahead over main actions, quick rules for sub-steps.

At the turn menu it tries each main action (buying a missing resource if that makes an
area affordable), settles its sub-steps (``sub_step``: the rules of thumb are in
``worth``), rates it with ``value`` and passes when nothing improves on
that. It plans only on a ``state.resample`` copy."""

from __future__ import annotations

import time

from ...botkit import OutOfTime
from ...core import Action, Rng
from . import setup
from . import worth as W
from .engine import FREE_KINDS, MQ, D, Op, breakdown, pass_gains

LAST_ROUND = 5  # the game's fifth round is its last
# turn-menu moves a rival's quick turn rates (the greedy turn rates these and buy plans)
RATED_KINDS = frozenset({"area", "play", "flip", "fa_build", *FREE_KINDS})


def _margin(kind: str) -> float:
    """What a move of this kind must gain beyond the rest to be taken: a free build
    only when it is clearly better (the greedy turn and a rival's quick turn alike)."""
    return 0.5 if kind == "fa_build" else 0


class SweetLandsBot:
    name = "smart"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self.plan_hex = None
        # the expert level takes the best-measured character and map, not a draw
        self.strongest_setup = False
        # set by a search while it imagines games: the process time past which a
        # rollout gives up the imagined game (``OutOfTime``)
        self.deadline: float | None = None

    # ------------------------------------------------------------------ entry
    def choose(self, state, seat):
        """Pick a move for ``seat``. The live state is asked only for the legal moves
        and for a resampled copy (hidden cards dealt afresh); all planning happens on
        that copy, so the bot can neither see the true deck order or other hands nor
        change the state it was given."""
        actions = state.legal_actions(seat)
        if len(actions) == 1:
            return actions[0]
        return self.choose_in(state.resample(seat, self.rng.below(1 << 30)), seat, actions)

    def choose_in(self, world, seat, actions):
        """Plan on ``world`` (a copy of the game) and answer a member of ``actions``,
        the live legal list: a move only the copy offers (say, a Pass card it dealt
        into the deck that sits in a hidden hand at the table) is never chosen."""
        live = {a.key: a for a in actions}
        mine = [a for a in world.legal_actions(seat) if a.key in live]
        if not mine:
            return actions[0]
        choice = self.sub_step(world, seat, mine) if world.stack else self.turn(world, seat, mine)
        return live.get(choice.key, actions[0])

    # ------------------------------------------------------------------ value
    def value(self, s, seat, round_ahead=False):
        """The seat's position in VP: its score so far and what its resources,
        income, cards and coming passes are worth. In the last round they are
        worth what they bring at the end, unless ``round_ahead``: the whole round is
        still to play (a search judging a round-4 move at round 5's start)."""
        P = s.p[seat]
        r = max(1, s.round)
        late = r >= LAST_ROUND and not round_ahead
        score = breakdown(s, seat)["total"] if P.map else 0
        w_basic = 0.2 if late else 0.35
        w_gold = 0.2 if late else 0.09
        w_diam = 1.0 if late else 2.5
        v = score
        # gold's own worth, less the VP the score already counts for it (1 per 5)
        v += P.res["gold"] * w_gold - P.res["gold"] // 5
        for x in D.BASIC:
            v += min(P.res[x], 8) * w_basic + max(0, P.res[x] - 8) * 0.08
        v += P.res["diamond"] * w_diam - P.res["diamond"]
        rounds_left = LAST_ROUND - r
        v += rounds_left * (P.inc["gold"] * 0.09 + sum(P.inc[x] for x in D.BASIC) * 0.35)
        h = len(P.hand)
        v += (min(h, 1) * 2.5 + max(0, h - 1) * 1.2) if not late else h * 0.5
        v += P.discs * W.disc_worth(s, late)
        passes_left = rounds_left + (0 if P.passed else 1)
        if P.map:
            cp, ip, pvp = pass_gains(s, seat)
            ip_rate = 0.6 + (0.8 if P.rows["building"] >= 3 else 0.2)
            cp_rate = 2.0 + (1 if P.rows["house"] >= 3 else 0.2)
            v += passes_left * (cp * cp_rate + ip * ip_rate + pvp)
            unflipped = sum(1 for _, f in P.tiles.values() if not f)
            open_spots = sum(1 for h, (_, f) in P.tiles.items() if f and h not in P.props)
            v += unflipped * (0.2 if late else 0.6)
            v += min(open_spots, 6) * (0.2 if late else 1.4)
            v += len(P.roads) * (0.1 if late else 0.4)
            v += len(P.eda) * 2.5 * rounds_left
            if not late:
                v += self._port_potential(s, seat)
            free_props = sum(1 for h in P.props if h not in P.rabbits)
            if P.rabbits_taken < 9:
                v += min(free_props, 3) * (0.0 if late else 0.5)
        v += P.food * (0.2 if late else 0.7) + (P.carriage + (P.loco or 0)) * (0.2 if late else 0.6)
        if P.loco is not None and not late:
            v += 3
        v += P.wonders * 2 if not late else 0
        if not late:
            for _i, pos in enumerate(P.prosp):
                v += pos * 0.8 * rounds_left / 4
        return v

    def _port_potential(self, s, seat):
        """Partial credit for unconnected ports close to the connected network."""
        m = MQ.map_board(s, seat)
        seen = MQ.capital_network(s, seat)
        missing = [p for p in m.ports if p not in seen]
        if not missing:
            return 0.0
        dist = {h: 0 for h in seen}
        frontier = list(seen)
        k = 0
        while frontier and k < 6:
            k += 1
            nxt = []
            for x in frontier:
                for nb in m.neighbours[x]:
                    if nb not in dist and m.kinds[nb] not in ("eda", "capital"):
                        dist[nb] = k
                        nxt.append(nb)
            frontier = nxt
        return sum(max(0, 6 - dist.get(p, 9)) * 0.9 for p in missing)

    # ------------------------------------------------------------------ turn menu
    def turn(self, state, seat, actions):
        return self.ranked_turn(state, seat, actions)[0]

    def ranked_turn(self, state, seat, actions):
        """The turn-menu moves best first: the first is the greedy choice; the rest are
        the other moves that improve the position, then the way out (pass or end)."""
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        for k in ("fa_milestone", "fa_tower"):
            if k in by_kind:
                return [by_kind[k][0]]
        if "end" in by_kind:
            return [self._before_leaving(state, seat, by_kind) or by_kind["end"][0]]
        gains = self._turn_gains(state, seat, actions, by_kind)
        leave = self._before_leaving(state, seat, by_kind) or by_kind["pass"][0]
        ranked = sorted(gains.items(), key=lambda kv: -kv[1][0])
        good = [a for _key, (g, a) in ranked if g > 0.4 and a.key != leave.key]
        return [*good, leave]

    def quick_turn(self, state, seat, actions, gains):
        """A cheaper turn-menu choice for a rival inside an imagined round: each move's
        gain is rated once (``gains`` keeps them, by key, for the whole decision) and
        the best one still open is taken; buying with gold first is not considered."""
        kinds = {a.kind for a in actions}
        if kinds & {"end", "fa_milestone", "fa_tower"} or "pass" not in kinds:
            return self.ranked_turn(state, seat, actions)[0]  # these answers are cheap
        if "base" not in gains:
            gains["base"] = self.value(state, seat)
        best, best_gain = None, 0.4
        for a in actions:
            if a.kind not in RATED_KINDS:
                continue
            if a.key not in gains:
                gains[a.key] = self.rollout(state, seat, [a]) - gains["base"] - _margin(a.kind)
            if gains[a.key] > best_gain:
                best, best_gain = a, gains[a.key]
        if best is not None:
            return best
        by_kind: dict[str, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        return self._before_leaving(state, seat, by_kind) or by_kind["pass"][0]

    def _turn_gains(self, state, seat, actions, by_kind):
        """Each worthwhile turn-menu move's gain over the position now, by action key
        (in the order the moves were tried, so ties keep the first)."""
        base = self.value(state, seat)
        gains: dict[str, tuple[float, Action]] = {}

        def note(a, gain):
            if a.key not in gains or gain > gains[a.key][0]:
                gains[a.key] = (gain, a)

        candidates = [a for a in actions if a.kind in ("area", "play", "flip")]
        for a in candidates:
            note(a, self.rollout(state, seat, [a]) - base)
        known = {c.key for c in candidates}
        for buy, bought, area in self._areas_a_buy_opens(state, seat, known):
            note(buy, self.rollout(bought, seat, [area]) - base)
        # a build, and each character free action (F), weighed by the first of its kind
        for kind in ("fa_build", *FREE_KINDS):
            if kind in by_kind:
                first = by_kind[kind][0]
                note(first, self.rollout(state, seat, [first]) - base - _margin(kind))
        return gains

    def _before_leaving(self, state, seat, by_kind):
        """Turn things that vanish at cleanup into resources before passing/ending."""
        P = state.p[seat]
        if "pass" not in by_kind:
            return None
        if "fa_disc" in by_kind:
            return by_kind["fa_disc"][0]
        if "fa_card" in by_kind and len(P.hand) > 1 + (1 if state.round < 5 else 0):
            return by_kind["fa_card"][0]
        if state.round >= 5 and "fa_card" in by_kind:
            return by_kind["fa_card"][0]
        if state.round >= 5 and "fa_sell" in by_kind:
            return by_kind["fa_sell"][0]
        return None

    def _areas_a_buy_opens(self, state, seat, known):
        """Each area move that buying a missing basic resource with gold opens (its key
        not in ``known``): (the buy, the position after it, the area move)."""
        if state.p[seat].res["gold"] < 4:
            return
        for r in D.BASIC:
            buy = state.find_action(seat, "fa_buy", r)
            if buy is None:
                continue
            bought = state.fast_apply(buy)
            for a in bought.legal_actions(seat):
                if a.kind == "area" and a.key not in known:
                    yield buy, bought, a

    def rollout(self, state, seat, prefix):
        if self.deadline is not None and time.process_time() >= self.deadline:
            raise OutOfTime
        s = state
        for a in prefix:
            s = s.fast_apply(a)
        guard = 0
        while s.stack and not s.is_over and s.actors() == [seat] and guard < 60:
            acts = s.legal_actions(seat)
            if not acts:
                break
            s = s.fast_apply(self.sub_step(s, seat, acts))
            guard += 1
        return self.value(s, seat)

    # ------------------------------------------------------------------ sub-steps
    def sub_step(self, s, seat, actions):
        """A sub-step: its rule of thumb (worth.pick), but for the choices
        decided here: character and map on the table's merit, a token with the hex it
        is meant for, a skill tile and a copied area by a rollout."""
        f = s.stack[-1]
        op = f["op"]
        real = [a for a in actions if a.kind != "done"]
        if op in (Op.CHOOSE_CHAR, Op.CHOOSE_MAP):  # on the measured table's merit
            kind = "characters" if op == Op.CHOOSE_CHAR else "maps"
            if self.strongest_setup:
                return setup.best(actions, kind, s.n)
            return setup.pick(actions, kind, s.n, self.rng)
        if op == Op.PROPERTY and real:
            best, self.plan_hex = W.choose_token(s, seat, real)
            return best
        if op == Op.PLACE:
            if self.plan_hex is not None and any(a.args[0] == self.plan_hex for a in actions):
                h = self.plan_hex
                self.plan_hex = None
                return next(a for a in actions if a.args[0] == h)
            now = len(MQ.cities(s, seat))
            return max(actions, key=lambda a: W.spot_value(s, seat, f["type"], a.args[0], now))
        if op == Op.SKILL:  # what the tile brings now (a rollout), and its rank for later
            base = self.value(s, seat)
            return max(
                actions,
                # "Take no skill tile" (no args) is rated by its rollout alone
                key=lambda a: (
                    self.rollout(s, seat, [a])
                    - base
                    + W.SKILL_RANK.get(a.args[0] if a.args else 0, 0)
                ),
            )
        if op == Op.COPY:
            base = self.value(s, seat)
            return max(actions, key=lambda a: self.rollout(s, seat, [a]) - base)
        return W.pick(s, seat, f, actions)
