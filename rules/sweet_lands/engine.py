"""Sweet Lands as a state machine of fine-grained actions.

Flow: setup (character, map, Round Aid space; counter-clockwise from the seat right
of the start player) -> 5 rounds of Start, Income, Action, Cleanup -> final scoring.

Everything that needs resolving sits on a stack of frames (``self.stack``, top last).
Automatic frames run at once (``_settle``); a choice frame waits for its seat. When
the stack is empty in the Action Phase, the seat whose turn it is picks from the turn
menu: one main action (area, card, flip ability, pass), any number of free actions,
then ``end``.
"""

from __future__ import annotations

from ..core import Action, GameState, LogEntry, rank_by
from . import data as D
from .player import PlayerState

SETUP, INCOME, ACTION, CLEANUP, OVER = "setup", "income", "action", "cleanup", "over"
MARKER_COLOUR = {"carriage": "orange", "loco": "green"}
COLUMN_OF_TAG = {"agricultural": "orange", "forestry": "green", "mining": "grey"}
PROPERTY_OF_COLUMN = {"orange": "tent", "green": "house", "grey": "building"}

# frame ops that wait for a decision
CHOICE = {
    "choose_char",
    "choose_map",
    "choose_aid",
    "hand",
    "terrain",
    "road",
    "tr",
    "industry",
    "prosperity",
    "rabbit",
    "property",
    "place",
    "skill",
    "basic",
    "income_any",
    "column",
    "capital",
    "automate",
    "copy",
    "discard1",
    "paybasic",
    "aid_move",
    "keep",
}
NO_DONE = {
    "choose_char",
    "choose_map",
    "choose_aid",
    "hand",
    "basic",
    "income_any",
    "column",
    "capital",
    "automate",
    "copy",
    "discard1",
    "paybasic",
    "aid_move",
    "keep",
    "place",
    "skill",
}


class SweetLandsState(GameState):
    __slots__ = (
        "players",
        "seed",
        "options",
        "rng",
        "_keys",
        "_log",
        "checkpoint",
        "p",
        "round",
        "phase",
        "turn",
        "start",
        "next_start",
        "main_done",
        "stack",
        "deck",
        "discard",
        "occ",
        "opened",
        "skill_supply",
        "specials",
        "aid_spaces",
        "mio_aid",
        "milestones",
        "ms_claimed",
        "final_tiles",
        "pros_first",
        "solo_a",
        "solo_b",
        "solo_shown",
        "chain",
        "setup_order",
        "_legal",
    )

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, players, seed, options):
        d = D.load()
        s = cls.__new__(cls)
        n = len(players)
        s._setup(players, seed, options)
        s.p = [PlayerState() for _ in range(n)]
        s.round = 0
        s.phase = SETUP
        s.turn = 0
        s.start = 0
        s.next_start = None
        s.main_done = False
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
        s.skill_supply = {k: d.board["supply"]["skill_copies"] for k in d.skills}
        s.specials = sorted(d.specials)
        # Round Aid board: deal tiles onto the layout for this player count
        key = str(n)
        std = sorted(d.aid_standard)
        pas = sorted(d.aid_pass)
        s.rng.shuffle(std)
        s.rng.shuffle(pas)
        spaces = []
        for n_std, n_pass in d.board["round_aid"]["layout"][key]:
            spaces.append([[std.pop() for _ in range(n_std)], pas.pop() if n_pass else None])
        s.aid_spaces = spaces
        s.mio_aid = None
        solo = n == 1
        if solo:
            s.milestones, s.final_tiles = [], []
        else:
            ms = sorted(d.milestones)
            s.rng.shuffle(ms)
            s.milestones = [
                [m, "ab"[s.rng.below(2)]] for m in sorted(ms[: d.board["milestones_used"]])
            ]
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
        s.solo_shown = []
        order = [(s.start - 1 - k) % n for k in range(n)]
        s.setup_order = order
        s.log(
            f"New game of Sweet Lands for {n} player{'s' if n > 1 else ''}; "
            f"{players[0]} is the start player." + (" Solo game against Mio." if solo else "")
        )
        s._legal = None
        s.stack.append({"op": "begin", "seat": 0})
        for seat in reversed(order):
            s.stack.append({"op": "choose_aid", "seat": seat})
        for seat in reversed(order):
            s.stack.append({"op": "choose_map", "seat": seat})
            s.stack.append({"op": "choose_char", "seat": seat})
        s._settle()
        return s

    def _copy(self):
        s = self._copy_base(SweetLandsState)
        s.p = [p.copy() for p in self.p]
        s.round = self.round
        s.phase = self.phase
        s.turn = self.turn
        s.start = self.start
        s.next_start = self.next_start
        s.main_done = self.main_done
        s.stack = [dict(f) for f in self.stack]
        s.chain = self.chain
        s.deck = list(self.deck)
        s.discard = list(self.discard)
        s.occ = {k: list(v) for k, v in self.occ.items()}
        s.opened = set(self.opened)
        s.skill_supply = dict(self.skill_supply)
        s.specials = list(self.specials)
        s.aid_spaces = self.aid_spaces  # never changes after setup
        s.mio_aid = self.mio_aid
        s.milestones = [list(m) for m in self.milestones]
        s.ms_claimed = dict(self.ms_claimed)
        s.final_tiles = self.final_tiles
        s.pros_first = list(self.pros_first)
        s.solo_a = list(self.solo_a)
        s.solo_b = list(self.solo_b)
        s.solo_shown = list(self.solo_shown)
        s.setup_order = self.setup_order
        s._legal = None
        return s

    # ------------------------------------------------------------------ log (persistent)
    # A linked list shared between states: a move adds one node instead of copying.
    def _empty_log(self):
        return None

    def _copied_log(self):
        return self._log

    def log(self, text, seat=None):
        self._log = (LogEntry(text, seat), self._log)

    def _entries(self):
        out, node = [], self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def log_for(self, seat):
        return [e[0] for e in self._entries() if e[1] is None or e[1] == seat]

    # ------------------------------------------------------------------ basic facts
    @property
    def n(self):
        return len(self.players)

    @property
    def solo(self):
        return len(self.players) == 1

    @property
    def is_over(self):
        return self.phase == OVER

    @property
    def keep(self):
        """Cards that must stay in hand: 1 in rounds 1-4 (and during setup), 0 in round 5."""
        return 0 if self.round >= 5 else 1

    def mapb(self, seat):
        return D.load().maps[self.p[seat].map or "A"]

    def who(self, seat):
        return self.players[seat]

    def tags(self, seat, exclude_uid=None):
        d = D.load()
        P = self.p[seat]
        out = {t: 0 for t in D.TAGS}
        for uid in P.played + [u for c in P.columns.values() for u in c]:
            if uid == exclude_uid:
                continue
            for t in d.cards[d.deck[uid]].tags:
                out[t] += 1
        if P.char == "sena":
            for t in D.TAGS:
                out[t] += 1
        return out

    def played_count(self, seat):
        P = self.p[seat]
        return len(P.played) + sum(len(c) for c in P.columns.values())

    def automated(self, seat):
        return sum(len(c) for c in self.p[seat].columns.values())

    def column_limit(self, seat, colour):
        d = D.load()
        kind = PROPERTY_OF_COLUMN[colour]
        built = sum(1 for t in self.p[seat].props.values() if t == kind)
        lim = 1
        for need, limit in d.player["columns"]["limits"]:
            if built >= need:
                lim = limit
        return lim

    def cities(self, seat):
        """Groups of adjacent property tokens holding 3+ different types."""
        P = self.p[seat]
        m = self.mapb(seat)
        seen = set()
        out = []
        for h in P.props:
            if h in seen:
                continue
            group, todo = [], [h]
            seen.add(h)
            while todo:
                x = todo.pop()
                group.append(x)
                for nb in m.neighbours[x]:
                    if nb in P.props and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            if len({P.props[x] for x in group}) >= 3:
                out.append(group)
        return out

    def capital_network(self, seat) -> set:
        """Hexes linked to a capital through the seat's placed tiles (capitals included)."""
        P = self.p[seat]
        m = self.mapb(seat)
        seen = set(m.capitals)
        todo = list(m.capitals)
        while todo:
            x = todo.pop()
            for nb in m.neighbours[x]:
                if nb not in seen and nb in P.tiles:
                    seen.add(nb)
                    todo.append(nb)
        return seen

    def connected_ports(self, seat):
        P = self.p[seat]
        seen = self.capital_network(seat)
        return sum(1 for h in self.mapb(seat).ports if h in seen and h in P.tiles)

    def ip_icons(self, seat):
        d = D.load()
        P = self.p[seat]
        total = sum(d.industry[i][2] for i in range(1, P.carriage + 1))
        if P.loco is not None:
            total += sum(d.industry[i][2] for i in range(1, P.loco + 1))
        return total

    def terrain_counts(self, seat):
        out = {t: 0 for t in D.TERRAIN}
        for kind, _ in self.p[seat].tiles.values():
            if kind in out:
                out[kind] += 1
        return out

    def count(self, seat, spec, ip_this_pass=0):
        """The value a pass/VP formula counts (see the data files)."""
        per = spec["per"]
        P = self.p[seat]
        if per == "cities":
            return len(self.cities(seat))
        if per == "played_cards":
            return self.played_count(seat)
        if per == "most_terrain_type":
            return max(self.terrain_counts(seat).values())
        if per == "connected_ports":
            return self.connected_ports(seat)
        if per == "lowest_basic_income":
            return min(P.inc[r] for r in D.BASIC)
        if per == "highest_basic_income":
            return max(P.inc[r] for r in D.BASIC)
        if per == "columns_min":
            return min(len(c) for c in P.columns.values())
        if per == "food":
            return P.food
        if per == "ip_this_pass":
            return ip_this_pass
        if per == "tag":
            return self.tags(seat)[spec["tag"]]
        if per == "automated":
            return self.automated(seat)
        if per == "skills":
            return len(P.skills)
        if per == "property":
            return sum(1 for t in P.props.values() if t == spec["kind"])
        if per == "terrain_of":
            return self.terrain_counts(seat)[spec["kind"]]
        if per == "roads":
            return len(P.roads)
        if per == "rabbits":
            return len(P.rabbits)
        if per == "perimeter_terrain":
            m = self.mapb(seat)
            return sum(1 for h in P.tiles if h in m.perimeter)
        raise ValueError(f"unknown count {per!r}")

    def formula_vp(self, seat, spec, ip_this_pass=0):
        value = self.count(seat, spec, ip_this_pass)
        if "steps" in spec:
            vp = 0
            for need, got in spec["steps"]:
                if value >= need:
                    vp = got
            return vp
        return spec["vp"] * (value // spec.get("every", 1))

    def test(self, seat, cond):
        """Milestone and Clock Tower conditions."""
        P = self.p[seat]
        t, n = cond["test"], cond.get("n", 1)
        if t == "terrain_types":
            c = self.terrain_counts(seat)
            return sum(c[k] for k in cond["types"]) >= n
        if t == "properties":
            return len(P.props) >= n
        if t == "connected_ports":
            return self.connected_ports(seat) >= n
        if t == "food":
            return P.food >= n
        if t == "wonders":
            return P.wonders >= n
        if t == "played_cards":
            return self.played_count(seat) >= n
        if t == "tag":
            return self.tags(seat)[cond["tag"]] >= n
        if t == "gold_income":
            return P.inc["gold"] >= n
        if t == "prosperity_colour_max":
            return max(P.prosp[i] + P.prosp[i + 1] for i in (0, 2, 4)) >= n
        if t == "industry_advance":
            return max(P.carriage, P.loco or 0) >= n
        if t == "vp":
            return P.vp >= n
        if t == "cities":
            return len(self.cities(seat)) >= n
        if t == "skills":
            return len(P.skills) >= n
        if t == "rabbits":
            return len(P.rabbits) >= n
        raise ValueError(f"unknown test {t!r}")

    # ------------------------------------------------------------------ costs
    def can_pay(self, seat, cost, wheat_by_wood=False):
        res = self.p[seat].res
        for r, k in cost.items():
            have = res[r]
            if r == "wheat" and wheat_by_wood:
                have += res["wood"] - cost.get("wood", 0)
            if have < k:
                return False
        return True

    def pay(self, seat, cost, wheat_by_wood=False):
        res = self.p[seat].res
        for r, k in cost.items():
            if r == "wheat" and wheat_by_wood and res["wheat"] < k:
                res["wood"] -= k - res["wheat"]
                res["wheat"] = 0
            else:
                res[r] -= k
            assert res[r] >= 0

    def area_cost(self, seat, aid):
        d = D.load()
        cost = dict(d.areas[aid]["cost"])
        if self.p[seat].char == "nata" and any(
            op == "industry" for op, _ in d.areas[aid]["effect"]
        ):
            cost["iron"] = max(0, cost.get("iron", 0) - 1)
        return {k: v for k, v in cost.items() if v}

    def rikka_area(self, seat, aid):
        d = D.load()
        return self.p[seat].char == "rikka" and any(
            op == "rabbit" for op, _ in d.areas[aid]["effect"]
        )

    def token_cost(self, seat, kind):
        d = D.load()
        P = self.p[seat]
        if kind in D.ROW_TYPES:
            cost = dict(d.rows[P.rows[kind]]["cost"])
        elif kind.startswith("shop-"):
            cost = dict(d.shops[kind[5:]])
        elif kind == "lab":
            cost = dict(d.player["industry"]["lab_costs"][P.labs])
        else:
            return {}
        if "wood" in cost:
            cost["wood"] = max(0, cost["wood"] - P.discount)
        return {k: v for k, v in cost.items() if v}

    def token_kinds(self, seat):
        """Property tokens still on the player's boards, as choosable kinds."""
        P = self.p[seat]
        out = [k for k in D.ROW_TYPES if P.rows[k] < 5]
        out += [f"shop-{c}" for c in P.shops]
        if P.labs < 4:
            out.append("lab")
        return out

    def property_spots(self, seat, eligible=None):
        P = self.p[seat]
        m = self.mapb(seat)
        out = []
        for h in m.capitals:
            if h not in P.props:
                out.append(h)
        for h, (_kind, flipped) in P.tiles.items():
            if flipped and h not in P.props and (eligible is None or h in eligible):
                out.append(h)
        return sorted(out)

    def card_cost(self, seat, uid):
        d = D.load()
        card = d.cards[d.deck[uid]]
        cost = card.cost
        if card.brownie:
            cost -= self.tags(seat, exclude_uid=uid)["brownie"]
        return max(0, cost)

    # ------------------------------------------------------------------ map placement
    def terrain_spots(self, seat):
        P = self.p[seat]
        m = self.mapb(seat)
        out = []
        for h in m.buildable:
            if h in P.tiles:
                continue
            if m.kinds[h] == "special" and not self.specials:
                continue
            for nb in m.neighbours[h]:
                if nb in P.tiles or m.kinds[nb] == "capital":
                    out.append(h)
                    break
        return out

    def _any_terrain_spot(self, seat):
        P = self.p[seat]
        m = self.mapb(seat)
        for h in m.buildable:
            if h not in P.tiles and (m.kinds[h] != "special" or self.specials):
                for nb in m.neighbours[h]:
                    if nb in P.tiles or m.kinds[nb] == "capital":
                        return True
        return False

    def road_spots(self, seat):
        P = self.p[seat]
        m = self.mapb(seat)
        net = set(m.capital_vertices)
        ends = m.edge_ends
        for e in P.roads:
            net.update(ends[e])
        return [e for e, (a, b) in enumerate(ends) if e not in P.roads and (a in net or b in net)]

    def rabbit_spots(self, seat):
        P = self.p[seat]
        return sorted(h for h in P.props if h not in P.rabbits)

    def rabbit_ready(self, seat):
        d = D.load()
        P = self.p[seat]
        return P.rabbits_taken < 9 and P.food >= d.player["food"]["rabbit_at"][P.rabbits_taken]

    def pros_movable(self, seat, colour=None):
        d = D.load()
        P = self.p[seat]
        out = []
        for i, t in enumerate(d.prosperity):
            if colour and t["colour"] != colour:
                continue
            pos = P.prosp[i]
            if pos >= t["length"]:
                continue
            if pos + 1 == t["length"] and P.res["diamond"] < 1:
                continue
            out.append(i)
        return out

    def marker_can_move(self, seat, marker):
        d = D.load()
        P = self.p[seat]
        pos = P.carriage if marker == "carriage" else P.loco
        if pos is None:
            return False
        if pos == len(d.industry) - 1:
            return True
        labs_after = d.player["industry"]["labs_after"]
        return all(labs_after[k] != pos for k in range(P.labs, 4))

    # ------------------------------------------------------------------ protocol
    def actors(self):
        if self.phase == OVER:
            return []
        if self.stack:
            return [self.stack[-1]["seat"]]
        return [self.turn]

    def legal_actions(self, seat):
        if self.phase == OVER or seat not in self.actors():
            return []
        if self.stack:
            out = self._frame_options(self.stack[-1])
        else:
            out = self._turn_options(seat)
        self._legal = (seat, self.step_key(), tuple(out))
        return out

    def step_key(self):
        return (self._keys, len(self.stack), self.phase)

    def fast_apply(self, a):
        """Apply without the legality check or history (bots' look-ahead only)."""
        new = self._copy()
        new._do(a)
        return new

    def why_illegal(self, a):
        cached = self._legal
        if cached is not None and cached[0] == a.seat and cached[1] == self.step_key():
            legal = cached[2]
        else:
            legal = self.legal_actions(a.seat)
        for b in legal:
            if b == a:
                return None
        return f"{a.key} is not a legal move now."

    # ------------------------------------------------------------------ options
    def _turn_options(self, seat):
        d = D.load()
        P = self.p[seat]
        out = []
        A = Action
        if not self.main_done:
            for aid in self.occ:
                if self._area_ok(seat, aid):
                    out.append(A(seat, "area", (aid,), f"Use area {aid}: {d.areas[aid]['text']}"))
            seen = set()
            if len(P.hand) > self.keep:
                for uid in P.hand:
                    cid = d.deck[uid]
                    if cid in seen:
                        continue
                    seen.add(cid)
                    if P.res["gold"] >= self.card_cost(seat, uid):
                        out.append(A(seat, "play", (uid,), f"Play {d.cards[cid].name}"))
            for sk in P.skills:
                if d.skills[sk]["kind"] == "flip" and sk not in P.flipped:
                    out.append(A(seat, "flip", (sk,), f"Flip skill tile {sk}"))
            out.append(A(seat, "pass", (), "Pass for the rest of the round"))
        else:
            out.append(A(seat, "end", (), "End the turn"))
        # free actions
        basics = sum(P.res[r] for r in D.BASIC)
        can_discard = len(P.hand) > self.keep
        if can_discard and basics >= 3 and (self._any_terrain_spot(seat) or self.road_spots(seat)):
            out.append(
                A(
                    seat,
                    "fa_build",
                    (),
                    "Free: discard a card and pay 3 basic resources for 1 tile or road",
                )
            )
        if P.res["gold"] >= 15 and (self.deck or self.discard):
            out.append(A(seat, "fa_draw", (), "Free: pay 15 gold, draw a card"))
        if P.res["gold"] >= 4:
            for r in D.BASIC:
                out.append(A(seat, "fa_buy", (r,), f"Free: pay 4 gold for 1 {r}"))
        for r in D.BASIC:
            if P.res[r] >= 1:
                out.append(A(seat, "fa_sell", (r,), f"Free: pay 1 {r} for 1 gold"))
        if basics >= 3:
            out.append(A(seat, "fa_trade", (), "Free: pay 3 basic resources for 1 of your choice"))
        if P.discs:
            out.append(A(seat, "fa_disc", (), "Free: return an Action Disc for 2 basic resources"))
        if can_discard:
            out.append(A(seat, "fa_card", (), "Free: discard a card for 2 basic resources"))
        for mid, side in self.milestones:
            if mid not in self.ms_claimed and self.test(seat, d.milestones[mid][side]):
                out.append(A(seat, "fa_milestone", (mid,), f"Free: claim milestone {mid}"))
        if self._tower_ok(seat):
            out.append(A(seat, "fa_tower", (), "Free: place the Clock Tower"))
        return out

    def _tower_ok(self, seat):
        d = D.load()
        P = self.p[seat]
        if P.tower or P.wonders < 1 or not P.char:
            return False
        if not all(self.test(seat, c) for c in d.characters[P.char]["clock_tower"]):
            return False
        return bool(self.property_spots(seat))

    def _hand_payable(self, seat, k, diamonds_left):
        P = self.p[seat]
        if P.discs:
            return True
        spare = len(P.hand) - self.keep
        if P.char == "gretel":
            spare += diamonds_left
        return spare >= k

    def _area_ok(self, seat, aid, copying=False, minus=None):
        d = D.load()
        area = d.areas[aid]
        if aid not in self.opened:
            return False
        if not copying:
            if None not in self.occ[aid]:
                return False
            k = d.board["hand_costs"][self.occ[aid].index(None)]
        cost = self.area_cost(seat, aid)
        if not self.can_pay(seat, cost, self.rikka_area(seat, aid)):
            return False
        if not copying:
            left = self.p[seat].res["diamond"] - cost.get("diamond", 0)
            if not self._hand_payable(seat, k, left):
                return False
        if area["copy"]:
            if copying:
                return False
            # some copyable area must be affordable after paying for L
            return any(
                self._area_ok(seat, c, copying=True, minus=cost) for c in self._copy_targets(aid)
            )
        if minus:
            cost = _merge(cost, minus)
            if not self.can_pay(seat, cost, self.rikka_area(seat, aid)):
                return False
        for op, _v in area["effect"]:
            if op == "property":
                if not self.property_spots(seat) or not self._affordable_tokens(seat, cost):
                    return False
        return True

    def _copy_targets(self, aid):
        d = D.load()
        cats = d.areas[aid]["copy"]
        return [
            a
            for a in self.occ
            if d.areas[a]["category"] in cats
            and not d.areas[a]["copy"]
            and "imitation" not in d.areas[a]
        ]

    def _affordable_tokens(self, seat, minus=None):
        return [
            k
            for k in self.token_kinds(seat)
            if self.can_pay(seat, _merge(self.token_cost(seat, k), minus or {}))
        ]

    def _frame_options(self, f):
        d = D.load()
        op = f["op"]
        seat = f["seat"]
        P = self.p[seat]
        A = Action
        out = []
        if op == "choose_char":
            taken = {p.char for p in self.p}
            for cid, c in d.characters.items():
                if cid not in taken:
                    out.append(A(seat, "character", (cid,), f"Play {c['name']}"))
        elif op == "choose_map":
            taken = {p.map for p in self.p}
            for mid, m in d.maps.items():
                if mid == "A" or mid not in taken:
                    out.append(A(seat, "map", (mid,), f"Use map {m.name}"))
        elif op in ("choose_aid", "aid_move"):
            used = {p.aid for p in self.p} | {self.mio_aid}
            for i in range(len(self.aid_spaces)):
                if i not in used:
                    out.append(A(seat, "aid", (i,), f"Round Aid space {i + 1}"))
        elif op == "hand":
            if f.get("first") and P.discs:
                out.append(A(seat, "disc", (), "Place an Action Disc: no cards to discard"))
            if len(P.hand) - f["n"] >= self.keep:
                out += self._discard_options(seat)
            if P.char == "gretel" and P.res["diamond"] >= 1:
                out.append(A(seat, "diamond", (), "Pay a diamond in place of a card"))
        elif op in ("discard1", "keep"):
            out = self._discard_options(seat, "keep" if op == "keep" else "discard")
        elif op in ("terrain", "road", "tr"):
            if op in ("terrain", "tr") and f.get("t", f.get("n", 0)) > 0:
                m = self.mapb(seat)
                for h in self.terrain_spots(seat):
                    if m.kinds[h] == "special":
                        for tid in self.specials:
                            out.append(
                                A(
                                    seat,
                                    "special",
                                    (h, tid),
                                    f"Special terrain tile {tid} on hex {h}",
                                )
                            )
                    else:
                        out.append(A(seat, "hex", (h,), f"{m.kinds[h].title()} tile on hex {h}"))
            if op in ("road", "tr") and f.get("r", f.get("n", 0)) > 0:
                for e in self.road_spots(seat):
                    out.append(A(seat, "edge", (e,), f"Road on edge {e}"))
        elif op == "industry":
            for mk in ("carriage", "loco"):
                if self.marker_can_move(seat, mk):
                    out.append(A(seat, "marker", (mk,), f"Advance the {mk}"))
        elif op == "prosperity":
            for i in self.pros_movable(seat, f.get("colour")):
                out.append(A(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}"))
        elif op == "rabbit":
            if self.rabbit_ready(seat):
                for h in self.rabbit_spots(seat):
                    out.append(A(seat, "rabbit", (h,), f"Cookie Rabbit on hex {h}"))
        elif op == "property":
            for k in self.token_kinds(seat):
                if self.can_pay(seat, self.token_cost(seat, k)) and self.property_spots(
                    seat, f["eligible"]
                ):
                    out.append(A(seat, "token", (k,), f"Take a {k} token"))
        elif op == "place":
            for h in self.property_spots(seat, f.get("eligible")):
                out.append(A(seat, "place", (h,), f"Place it on hex {h}"))
        elif op == "skill":
            for sk, left in self.skill_supply.items():
                if left and sk not in P.skills:
                    out.append(A(seat, "skill", (sk,), f"Take skill tile {sk}"))
        elif op in ("basic", "paybasic"):
            for r in D.BASIC:
                if op == "basic" or P.res[r] >= 1:
                    out.append(A(seat, "res", (r,), ("Take 1 " if op == "basic" else "Pay 1 ") + r))
        elif op == "income_any":
            for r in D.INCOMES:
                out.append(A(seat, "income", (r,), f"Raise {r} income"))
        elif op == "capital":
            for r in D.INCOMES:
                out.append(A(seat, "income", (r,), f"Raise {r} income"))
            for i in self.pros_movable(seat):
                out.append(A(seat, "track", (i,), f"Advance on {d.prosperity[i]['id']}"))
        elif op == "column":
            for c in D.COLOURS:
                out.append(A(seat, "column", (c,), f"Industry Bonus: {c} column"))
        elif op == "automate":
            card = d.cards[d.deck[f["uid"]]]
            if P.res["diamond"] >= 1:
                cols = D.COLOURS if card.industry == "wild" else (COLUMN_OF_TAG.get(card.industry),)
                for c in cols:
                    if c and len(P.columns[c]) < self.column_limit(seat, c):
                        out.append(
                            A(seat, "automate", (c,), f"Automate into the {c} column (1 diamond)")
                        )
            out.append(A(seat, "keepcard", (), "Do not automate"))
        elif op == "copy":
            for a in self._copy_targets(f["area"]):
                if self._area_ok(seat, a, copying=True):
                    out.append(A(seat, "copy", (a,), f"Copy area {a}"))
        if op in CHOICE and op not in NO_DONE:
            out.append(A(seat, "done", (), "Stop"))
        return out

    def _discard_options(self, seat, kind="discard"):
        d = D.load()
        out, seen = [], set()
        for uid in self.p[seat].hand:
            cid = d.deck[uid]
            if cid not in seen:
                seen.add(cid)
                verb = "Keep" if kind == "keep" else "Discard"
                out.append(Action(seat, kind, (uid,), f"{verb} {d.cards[cid].name}"))
        return out

    # ------------------------------------------------------------------ doing
    def _do(self, a):
        seat, kind, args = a.seat, a.kind, a.args
        d = D.load()
        P = self.p[seat]
        if not self.stack:
            self._do_turn(a)
            self._settle()
            return
        f = self.stack[-1]
        op = f["op"]
        if op == "choose_char":
            self.stack.pop()
            c = d.characters[args[0]]
            P.char = args[0]
            for r, k in c["start"].items():
                P.res[r] += k
            for r, k in c["income"].items():
                P.inc[r] = k
            self.log(f"{self.who(seat)} plays {c['name']}.")
        elif op == "choose_map":
            self.stack.pop()
            P.map = args[0]
            self.log(f"{self.who(seat)} takes map {d.maps[args[0]].name}.")
        elif op == "choose_aid":
            self.stack.pop()
            P.aid = args[0]
            self.log(f"{self.who(seat)} puts the Round Aid token on space {args[0] + 1}.")
        elif op == "aid_move":
            self.stack.pop()
            old = P.aid
            P.aid = args[0]
            self.log(f"{self.who(seat)} moves the Round Aid token to space {args[0] + 1}.")
            if self.solo:
                self.mio_aid = old
                self.log(f"Mio's Round Aid token takes space {old + 1}.")
        elif op == "hand":
            if kind == "disc":
                P.discs -= 1
                f["n"] = 0
                self.log(f"{self.who(seat)} uses an Action Disc instead of cards.")
            elif kind == "diamond":
                P.res["diamond"] -= 1
                P.diamond_cards += 1
                f["n"] -= 1
                if P.char == "gretel" and P.tower:
                    P.vp += 3
                self.log(f"{self.who(seat)} pays a diamond in place of a card.")
            else:
                self._discard_card(seat, args[0])
                f["n"] -= 1
            f["first"] = False
            if f["n"] <= 0:
                self.stack.pop()
        elif op in ("discard1", "keep"):
            self.stack.pop()
            if op == "keep":
                gone = [u for u in P.hand if u != args[0]]
                P.hand = [args[0]]
                self.discard.extend(gone)
                self.log(f"{self.who(seat)} keeps 1 card and discards {len(gone)}.")
            else:
                self._discard_card(seat, args[0])
        elif op in ("terrain", "road", "tr"):
            if kind == "done":
                self.stack.pop()
            elif kind in ("hex", "special"):
                if f.get("one"):
                    f["t"] = f["r"] = 0
                elif op == "tr":
                    f["t"] -= 1
                else:
                    f["n"] -= 1
                self._end_if_spent(f)
                self._place_terrain(seat, args[0], args[1] if kind == "special" else None)
            elif kind == "edge":
                if f.get("one"):
                    f["t"] = f["r"] = 0
                elif op == "tr":
                    f["r"] -= 1
                else:
                    f["n"] -= 1
                self._end_if_spent(f)
                self._place_road(seat, args[0])
        elif op == "industry":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._move_marker(seat, args[0])
        elif op == "prosperity":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._advance_prosperity(seat, args[0])
        elif op == "rabbit":
            if kind == "done":
                self.stack.pop()
            else:
                f["n"] -= 1
                self._end_if_spent(f)
                self._place_rabbit(seat, args[0])
        elif op == "property":
            if kind == "done":
                self.stack.pop()
                self._push(seat, f.get("after", ()), f.get("chain"))
            else:
                tok = args[0]
                cost = self.token_cost(seat, tok)
                self.pay(seat, cost)
                f["n"] -= 1
                self.stack.append(
                    {
                        "op": "place",
                        "seat": seat,
                        "type": tok,
                        "eligible": f["eligible"],
                        "chain": f.get("chain"),
                    }
                )
                self.log(
                    f"{self.who(seat)} takes a {tok} token"
                    + (f" for {_fmt(cost)}." if cost else ".")
                )
        elif op == "place":
            self.stack.pop()
            self._place_property(seat, f["type"], args[0])
        elif op == "skill":
            self.stack.pop()
            if f["n"] > 1:
                self.stack.append(
                    {"op": "skill", "seat": seat, "n": f["n"] - 1, "chain": f.get("chain")}
                )
            self._take_skill(seat, args[0])
        elif op in ("basic", "paybasic"):
            f["n"] -= 1
            if f["n"] <= 0:
                self.stack.pop()
            if op == "basic":
                P.res[args[0]] += 1
            else:
                P.res[args[0]] -= 1
        elif op in ("income_any", "capital"):
            f["n"] = f.get("n", 1) - 1
            if f["n"] <= 0:
                self.stack.pop()
            if kind == "track":
                self._advance_prosperity(seat, args[0])
            else:
                self._raise_income(seat, args[0], d.player["income_step"][args[0]])
        elif op == "column":
            self.stack.pop()
            self._ibonus(seat, args[0], f.get("chain_from"))
        elif op == "automate":
            self.stack.pop()
            uid = f["uid"]
            P.played.remove(uid)
            if kind == "automate":
                P.res["diamond"] -= 1
                P.columns[args[0]].append(uid)
                self.log(
                    f"{self.who(seat)} automates {d.cards[d.deck[uid]].name} into the {args[0]} column."
                )
            else:
                P.played.append(uid)
        elif op == "copy":
            self.stack.pop()
            aid = args[0]
            cost = self.area_cost(seat, aid)
            self.pay(seat, cost, self.rikka_area(seat, aid))
            self.log(f"{self.who(seat)} copies area {aid}.")
            self._push_area_effect(seat, aid)
        else:  # pragma: no cover - every choice frame is handled above
            raise AssertionError(op)
        self._settle()

    def _end_if_spent(self, f):
        if f["op"] == "tr":
            spent = f["t"] <= 0 and f["r"] <= 0
        else:
            spent = f["n"] <= 0
        if spent and self.stack and self.stack[-1] is f:
            self.stack.pop()

    def _discard_card(self, seat, uid):
        d = D.load()
        self.p[seat].hand.remove(uid)
        self.discard.append(uid)
        self.log(f"{self.who(seat)} discards {d.cards[d.deck[uid]].name}.")

    def _do_turn(self, a):
        d = D.load()
        seat, kind, args = a.seat, a.kind, a.args
        P = self.p[seat]
        if kind == "area":
            aid = args[0]
            area = d.areas[aid]
            idx = self.occ[aid].index(None)
            self.occ[aid][idx] = seat
            cost = self.area_cost(seat, aid)
            self.pay(seat, cost, self.rikka_area(seat, aid))
            self.main_done = True
            self.log(
                f"{self.who(seat)} uses area {aid} (space {idx + 1})"
                + (f", paying {_fmt(cost)}." if cost else ".")
            )
            if area["copy"]:
                self.stack.append({"op": "copy", "seat": seat, "area": aid})
            else:
                self._push_area_effect(seat, aid)
            self.stack.append(
                {"op": "hand", "seat": seat, "n": d.board["hand_costs"][idx], "first": True}
            )
        elif kind == "play":
            uid = args[0]
            card = d.cards[d.deck[uid]]
            cost = self.card_cost(seat, uid)
            P.res["gold"] -= cost
            P.hand.remove(uid)
            P.played.append(uid)
            self.main_done = True
            self.log(f"{self.who(seat)} plays {card.name} for {cost} gold.")
            if P.char == "sena":
                self._raise_income(seat, "gold", 1)
                if P.tower:
                    P.vp += 2
            if card.kind == "immediate":
                if card.industry != "none":
                    self.stack.append({"op": "automate", "seat": seat, "uid": uid})
                self._push(seat, card.effect)
        elif kind == "flip":
            sk = args[0]
            P.flipped.append(sk)
            self.main_done = True
            self.log(f"{self.who(seat)} uses the flip ability of skill tile {sk}.")
            self._push(seat, d.skills[sk]["effect"])
        elif kind == "pass":
            self._pass(seat)
        elif kind == "end":
            self._end_turn()
        elif kind == "fa_build":
            self.log(f"{self.who(seat)} builds with a free action.")
            self.stack.append({"op": "tr", "seat": seat, "t": 1, "r": 1, "one": True})
            self.stack.append({"op": "paybasic", "seat": seat, "n": 3})
            self.stack.append({"op": "discard1", "seat": seat})
        elif kind == "fa_draw":
            P.res["gold"] -= 15
            self._draw(seat, 1)
        elif kind == "fa_buy":
            P.res["gold"] -= 4
            P.res[args[0]] += 1
            self.log(f"{self.who(seat)} buys 1 {args[0]} for 4 gold.")
        elif kind == "fa_sell":
            P.res[args[0]] -= 1
            P.res["gold"] += 1
            self.log(f"{self.who(seat)} sells 1 {args[0]} for 1 gold.")
        elif kind == "fa_trade":
            self.log(f"{self.who(seat)} trades 3 basic resources for 1.")
            self.stack.append({"op": "basic", "seat": seat, "n": 1})
            self.stack.append({"op": "paybasic", "seat": seat, "n": 3})
        elif kind == "fa_disc":
            P.discs -= 1
            self.log(f"{self.who(seat)} returns an Action Disc for 2 basic resources.")
            self.stack.append({"op": "basic", "seat": seat, "n": 2})
        elif kind == "fa_card":
            self.stack.append({"op": "basic", "seat": seat, "n": 2})
            self.stack.append({"op": "discard1", "seat": seat})
        elif kind == "fa_milestone":
            mid = args[0]
            self.ms_claimed[mid] = seat
            P.milestones.append(mid)
            self.log(f"{self.who(seat)} claims milestone {mid} (10 VP at the end).")
            taken = [m for m, _ in self.milestones if m in self.ms_claimed]
            if len(taken) >= d.board["milestones_cap"]:
                left = [m for m, _ in self.milestones if m not in self.ms_claimed]
                self.milestones = [m for m in self.milestones if m[0] in self.ms_claimed]
                if left:
                    self.log("Three milestones are taken: the others leave the game.")
        elif kind == "fa_tower":
            self.log(f"{self.who(seat)} may now place the Clock Tower.")
            self.stack.append({"op": "place", "seat": seat, "type": "tower", "eligible": None})

    def _push_area_effect(self, seat, aid):
        d = D.load()
        eff = d.areas[aid]["effect"]
        self._push(seat, eff)

    # ------------------------------------------------------------------ effects
    def _push(self, seat, effects, chain=None):
        for op, v in reversed(effects):
            self.stack.append({"op": "fx", "seat": seat, "fx": op, "v": v, "chain": chain})

    def _settle(self):
        """Run automatic frames until a decision is needed or the stack is empty."""
        while self.stack:
            f = self.stack[-1]
            op = f["op"]
            if op == "industry" and f["n"] > 0 and self.p[f["seat"]].loco is None:
                # only the Carriage can move: no choice to make
                if self.marker_can_move(f["seat"], "carriage"):
                    f["n"] -= 1
                    self._end_if_spent(f)
                    self._move_marker(f["seat"], "carriage")
                else:
                    self.stack.pop()
                continue
            if op in CHOICE:
                if self._frame_live(f):
                    return
                self.stack.pop()
                if op == "property":
                    self._push(f["seat"], f.get("after", ()), f.get("chain"))
                continue
            self.stack.pop()
            if op == "fx":
                self._effect(f["seat"], f["fx"], f["v"], f.get("chain"))
            elif op == "begin":
                self._begin_round()
            elif op == "income":
                self._income(f["seat"])
            elif op == "action_start":
                self.phase = ACTION
                self.turn = self.start
                self.main_done = False
                self.checkpoint += 1
                self.log(f"Round {self.round}: action phase; {self.who(self.turn)} starts.")
            elif op == "end_turn":
                self._end_turn()
            elif op == "next_round":
                self._begin_round()
            elif op == "ibonus_now":
                self._ibonus(f["seat"], f["v"], None)
            else:  # pragma: no cover
                raise AssertionError(op)

    def _frame_live(self, f):
        """Does this choice frame still offer something besides 'Stop'?"""
        op = f["op"]
        if op in ("terrain", "road", "rabbit", "prosperity", "industry", "property"):
            if f.get("n", 0) <= 0:
                return False
        if op == "tr" and f["t"] <= 0 and f["r"] <= 0:
            return False
        opts = self._frame_options(f)
        if op in NO_DONE:
            return bool(opts)
        real = [o for o in opts if o.kind != "done"]
        if not real:
            if op == "rabbit" and self.p[f["seat"]].rabbits_taken >= 9:
                self.p[f["seat"]].vp += D.load().player["no_rabbit_vp"] * f["n"]
                self.log(
                    f"{self.who(f['seat'])} has no Cookie Rabbit left: "
                    f"{D.load().player['no_rabbit_vp'] * f['n']} VP instead."
                )
            return False
        return True

    def _effect(self, seat, op, v, chain):
        D.load()
        P = self.p[seat]
        if op == "gain":
            for r, k in v.items():
                P.res[r] += k
        elif op == "income":
            for r, k in v.items():
                self._raise_income(seat, r, k)
        elif op == "vp":
            P.vp += v
        elif op == "vp_per":
            P.vp += self.formula_vp(seat, v)
        elif op == "draw":
            self._draw(seat, v)
        elif op == "disc":
            P.discs += v
        elif op == "food":
            self._advance_food(seat, v)
        elif op == "wonder":
            P.wonders += 1
            self.log(
                f"{self.who(seat)} unlocks a Wonder icon"
                + (" (a skill tile)." if P.wonders > 1 else ".")
            )
            if P.wonders > 1:
                self._push(seat, (("skill", 1),), chain)
        elif op == "locomotive":
            if P.loco is None:
                P.loco = 0
                self.log(f"{self.who(seat)} gains the Locomotive.")
        elif op == "discount":
            P.discount += v
        elif op == "ibonus":
            self._ibonus(seat, v, chain)
        elif op == "skill":
            n = v * (2 if P.char == "jasmine" else 1)
            self.stack.append({"op": "skill", "seat": seat, "n": n, "chain": chain})
        elif op == "terrain":
            self.stack.append({"op": "terrain", "seat": seat, "n": v, "chain": chain})
        elif op == "road":
            self.stack.append({"op": "road", "seat": seat, "n": v, "chain": chain})
        elif op == "terrain_road":
            self.stack.append({"op": "tr", "seat": seat, "t": v[0], "r": v[1], "chain": chain})
        elif op == "industry":
            self.stack.append({"op": "industry", "seat": seat, "n": v, "chain": chain})
        elif op == "prosperity":
            self.stack.append({"op": "prosperity", "seat": seat, "n": v, "chain": chain})
        elif op == "prosperity_colour":
            self.stack.append(
                {"op": "prosperity", "seat": seat, "n": v[1], "colour": v[0], "chain": chain}
            )
        elif op == "rabbit":
            self.stack.append({"op": "rabbit", "seat": seat, "n": v, "chain": chain})
        elif op == "property":
            self.stack.append(
                {
                    "op": "property",
                    "seat": seat,
                    "n": v,
                    "chain": chain,
                    "after": (),
                    "eligible": self.property_spots(seat),
                }
            )
        elif op == "basic":
            self.stack.append({"op": "basic", "seat": seat, "n": v, "chain": chain})
        elif op == "income_any":
            self.stack.append({"op": "income_any", "seat": seat, "n": v, "chain": chain})
        elif op == "capital":
            self.stack.append({"op": "capital", "seat": seat, "n": v, "chain": chain})
        else:  # pragma: no cover
            raise AssertionError(op)

    def _raise_income(self, seat, r, k):
        self.p[seat].inc[r] += k

    def _draw(self, seat, n):
        d = D.load()
        got = []
        for _ in range(n):
            if not self.deck:
                if not self.discard:
                    break
                self.deck = self.discard
                self.discard = []
                self.rng.shuffle(self.deck)
                self.log("The Citizen Deck is empty: the discard pile is shuffled into a new deck.")
            got.append(self.deck.pop())
        self.p[seat].hand.extend(got)
        if got:
            self.checkpoint += 1
            self.log(f"{self.who(seat)} draws {len(got)} card{'s' if len(got) != 1 else ''}.")
            self.log("You draw: " + ", ".join(d.cards[d.deck[u]].name for u in got) + ".", seat)

    def _ibonus(self, seat, colour, chain_from):
        d = D.load()
        P = self.p[seat]
        if colour == "any":
            self.stack.append({"op": "column", "seat": seat, "chain_from": chain_from})
            return
        if chain_from is not None:
            for i, f in enumerate(self.stack):
                if f.get("chain") == chain_from:
                    # finish the running Industry Bonus to the bottom first
                    self.stack.insert(i, {"op": "ibonus_now", "seat": seat, "v": colour})
                    return
        if 12 in P.skills:
            P.vp += d.skills[12]["vp"]
        self.chain += 1
        cid = self.chain
        items = list(d.player["columns"][colour]["ability"])
        effects = D.effects(items, "column")
        for uid in P.columns[colour]:
            effects += d.cards[d.deck[uid]].auto
        self.log(f"{self.who(seat)} gains a {colour} Industry Bonus.")
        self._push(seat, effects, cid)

    def _place_terrain(self, seat, h, special=None):
        D.load()
        P = self.p[seat]
        m = self.mapb(seat)
        if special is not None:
            self.specials.remove(special)
            P.tiles[h] = (f"special:{special}", False)
        else:
            P.tiles[h] = (m.kinds[h], False)
        self.log(f"{self.who(seat)} places a {P.tiles[h][0]} tile on hex {h}.")
        todo = []
        if h in m.icons:
            todo += list(m.icons[h])
        if any(e in P.roads for e in m.hex_edges[h]):
            todo += self._flip(seat, h)
        todo += self._check_eda(seat)
        self._push(seat, todo)

    def _place_road(self, seat, e):
        P = self.p[seat]
        m = self.mapb(seat)
        P.roads.add(e)
        self.log(f"{self.who(seat)} places a road on edge {e}.")
        todo = []
        for h in m.edge_hexes[e]:
            if h in P.tiles and not P.tiles[h][1]:
                todo += self._flip(seat, h)
        todo += self._check_eda(seat)
        self._push(seat, todo)

    def _tile_effect(self, kind):
        d = D.load()
        if kind.startswith("special:"):
            return list(d.specials[int(kind[8:])])
        return list(d.terrain_flip[kind])

    def _flip(self, seat, h):
        P = self.p[seat]
        kind = P.tiles[h][0]
        P.tiles[h] = (kind, True)
        self.log(f"{self.who(seat)} flips the tile on hex {h}.")
        return self._tile_effect(kind)

    def _check_eda(self, seat):
        P = self.p[seat]
        m = self.mapb(seat)
        out = []
        for h in m.edas:
            if h in P.eda:
                continue
            if any(nb in P.tiles for nb in m.neighbours[h]) and any(
                e in P.roads for e in m.hex_edges[h]
            ):
                P.eda.add(h)
                self.log(f"{self.who(seat)} activates an Extra Draw Area.")
                out.append(("draw", 1))
        return out

    def _place_property(self, seat, kind, h):
        d = D.load()
        P = self.p[seat]
        m = self.mapb(seat)
        todo = []
        after = []
        if kind in D.ROW_TYPES:
            row = P.rows[kind]
            P.rows[kind] += 1
            P.props[h] = kind
            after = list(d.rows[row][kind])
        elif kind.startswith("shop-"):
            P.shops.remove(kind[5:])
            P.props[h] = "shop"
            after = [("ibonus", kind[5:])]
        elif kind == "lab":
            P.labs += 1
            P.props[h] = "lab"
        elif kind == "tower":
            P.tower = True
            P.props[h] = "tower"
        self.log(f"{self.who(seat)} places a {P.props[h]} on hex {h}.")
        if m.kinds[h] == "capital":
            todo += list(D.effects(d.board["capital_effect"], "capital"))
        else:
            todo += self._tile_effect(P.tiles[h][0])
        if 10 in P.skills:
            P.vp += d.skills[10]["vp"]
        if after:
            parent = self.stack[-1] if self.stack else None
            if parent is not None and parent["op"] == "property" and parent["seat"] == seat:
                parent["after"] = tuple(parent["after"]) + tuple(after)
            else:
                todo += after
        self._push(seat, todo)

    def _place_rabbit(self, seat, h):
        d = D.load()
        P = self.p[seat]
        k = P.rabbits_taken
        P.rabbits_taken += 1
        P.rabbits.add(h)
        if 11 in P.skills:
            P.vp += d.skills[11]["vp"]
        self.log(f"{self.who(seat)} places a Cookie Rabbit on hex {h}.")
        self._push(seat, D.effects(d.player["food"]["rabbit_bonus"][k], "rabbit"))

    def _move_marker(self, seat, marker):
        d = D.load()
        P = self.p[seat]
        last = len(d.industry) - 1
        pos = P.carriage if marker == "carriage" else P.loco
        if pos == last:
            P.vp += d.player["end_of_industry_vp"]
            return
        pos += 1
        if marker == "carriage":
            P.carriage = pos
        else:
            P.loco = pos
        colour, bonus, _ = d.industry[pos]
        if colour == MARKER_COLOUR[marker] and bonus:
            self._push(seat, bonus)

    def _advance_food(self, seat, n):
        d = D.load()
        P = self.p[seat]
        food = d.player["food"]
        todo = []
        for _ in range(n):
            if P.food >= food["length"]:
                P.res["wheat"] += d.player["end_of_food_wheat"]
                continue
            P.food += 1
            for b in food["bonus"]:
                if b["at"] == P.food:
                    todo += list(D.effects(b["effect"], "food"))
        self._push(seat, todo)

    def _advance_prosperity(self, seat, i):
        d = D.load()
        P = self.p[seat]
        t = d.prosperity[i]
        P.prosp[i] += 1
        todo = list(t["bonus"].get(P.prosp[i], ()))
        if P.prosp[i] == t["length"]:
            P.res["diamond"] -= 1
            if self.pros_first[i] is None:
                self.pros_first[i] = seat
                todo += list(t["end_bonus"])
                self.log(f"{self.who(seat)} is first to the end of {t['id']} and takes its bonus.")
        self._push(seat, todo)

    def _take_skill(self, seat, sk):
        d = D.load()
        P = self.p[seat]
        self.skill_supply[sk] -= 1
        P.skills.append(sk)
        self.log(f"{self.who(seat)} takes skill tile {sk}.")
        if d.skills[sk]["kind"] == "immediate":
            self._push(seat, d.skills[sk]["effect"])

    # ------------------------------------------------------------------ phases
    def _begin_round(self):
        d = D.load()
        self.round += 1
        self.phase = INCOME
        if self.next_start is not None:
            self.start = self.next_start
        self.next_start = None
        for aid in self.occ:
            if d.areas[aid]["opens"] == self.round:
                self.opened.add(aid)
                if self.round > 1:
                    self.log(f"Round {self.round}: advanced area {aid} opens.")
        self.log(f"Round {self.round} begins: income phase.")
        if self.solo:
            from .data import solo_cards

            a, b = self.solo_a.pop(), self.solo_b.pop()
            self.solo_shown = [a, b]
            spaces = solo_cards()
            for card in (a, b):
                for area, idx in spaces[card]:
                    if area in self.occ and area in self.opened and idx <= len(self.occ[area]):
                        if self.occ[area][idx - 1] is None:
                            self.occ[area][idx - 1] = "mio"
            self.checkpoint += 1
            self.log(f"Mio reveals {a} and {b} and blocks their action spaces.")
        self.stack.append({"op": "action_start", "seat": self.start})
        order = [(self.start + k) % self.n for k in range(self.n)]
        for seat in reversed(order):
            self.stack.append({"op": "income", "seat": seat})

    def _income(self, seat):
        d = D.load()
        P = self.p[seat]
        P.passed = False
        todo = []
        if P.aid is not None:
            for tid in self.aid_spaces[P.aid][0]:
                todo += list(d.aid_standard[tid])
        if P.char == "gretel":
            todo.append(("gain", {"diamond": 1}))
        todo.append(("gain", dict(P.inc)))
        draw = d.board["first_round_draw"] if self.round == 1 else d.board["later_round_draw"]
        todo.append(("draw", draw + len(P.eda)))
        self.log(f"{self.who(seat)} collects income.")
        self._push(seat, todo)

    def pass_gains(self, seat):
        """What passing now would give, in rulebook order: (CP, IP, VP)."""
        d = D.load()
        P = self.p[seat]
        ip = self.ip_icons(seat)
        cities = self.cities(seat)
        cp = d.board["city_points"][min(len(cities), 6)]
        vp = 0
        # 1. character (Clock Tower pass abilities)
        if P.tower:
            if P.char == "nata":
                vp += ip
            elif P.char == "eline":
                vp += min(P.inc[r] for r in D.BASIC)
            elif P.char == "jasmine":
                vp += len(P.skills)
            elif P.char == "rikka":
                cp += sum(1 for c in cities if any(h in P.rabbits for h in c))
        # 2. City Points, 3. Industry Points (added by the caller)
        # 4. Pass Aid tile
        if P.aid is not None and self.aid_spaces[P.aid][1] is not None:
            vp += self.formula_vp(seat, d.aid_pass[self.aid_spaces[P.aid][1]])
        # 5. skill tiles with pass abilities
        for sk in P.skills:
            if d.skills[sk]["kind"] == "pass":
                vp += self.formula_vp(seat, d.skills[sk]["pass"], ip)
        # 6. pass citizen cards
        for uid in P.played:
            card = d.cards[d.deck[uid]]
            if card.kind == "pass":
                vp += self.formula_vp(seat, card.passv, ip)
        return cp, ip, vp

    def _pass(self, seat):
        P = self.p[seat]
        P.passed = True
        cp, ip, vp = self.pass_gains(seat)
        P.cp += cp
        P.ip += ip
        P.ip_last = ip
        P.vp += vp
        parts = [f"{cp} CP, {ip} IP", f"{vp} VP"]
        self.log(f"{self.who(seat)} passes: " + ", ".join(parts) + ".")
        if self.next_start is None:
            self.next_start = seat
            self.log(f"{self.who(seat)} takes the start player marker.")
        self.stack.append({"op": "end_turn", "seat": seat})
        self.stack.append({"op": "aid_move", "seat": seat})

    def _end_turn(self):
        self.checkpoint += 1
        self.main_done = False
        for k in range(1, self.n + 1):
            s = (self.turn + k) % self.n
            if not self.p[s].passed:
                self.turn = s
                return
        self._cleanup()

    def _cleanup(self):
        if self.round >= D.load().board["rounds"]:
            self.phase = OVER
            self.checkpoint += 1
            self.log("The fifth round is over: final scoring.")
            return
        self.phase = CLEANUP
        for aid in self.occ:
            self.occ[aid] = [None] * len(self.occ[aid])
        for P in self.p:
            P.discs = 0
            P.flipped = []
        self.log(f"Round {self.round}: cleanup.")
        if self.next_start is None:
            self.next_start = self.start
        self.stack.append({"op": "next_round", "seat": self.next_start})
        order = [(self.next_start + k) % self.n for k in range(self.n)]
        for seat in reversed(order):
            if len(self.p[seat].hand) >= 2:
                self.stack.append({"op": "keep", "seat": seat})

    # ------------------------------------------------------------------ scoring
    def breakdown(self, seat):
        d = D.load()
        P = self.p[seat]
        elements = {
            "terrain": len(P.tiles),
            "rabbits": len(P.rabbits),
            "roads": len(P.roads),
            "properties": len(P.props),
            "automated": self.automated(seat),
            "industry_points": P.ip,
        }
        pros = 0
        for i, t in enumerate(d.prosperity):
            vp, per = 0, 1
            for frm, v, p in t["rates"]:
                if P.prosp[i] >= frm:
                    vp, per = v, p
            pros += elements[t["element"]] * vp // per
        sets = 0
        sb = d.player["set_bonus"]
        if P.rows["tent"] == 5:
            sets += sb["tent"]["vp"] * len(P.rabbits)
        if P.rows["house"] == 5:
            sets += sb["house"]["vp"] * P.cp
        if P.rows["building"] == 5:
            sets += sb["building"]["vp"] * P.ip
        ports = self.connected_ports(seat)
        parts = {
            "in_game": P.vp,
            "prosperity": pros,
            "city_points": 2 * P.cp,
            "property_sets": sets,
            "gold": P.res["gold"] // d.board["gold_per_vp"],
            "diamonds": P.res["diamond"],
            "ports": d.board["port_vp"][min(ports, 4)],
            "milestones": d.board["milestone_vp"] * len(P.milestones),
            "final_tiles": self.final_tile_vp(seat),
        }
        parts["total"] = sum(parts.values())
        return parts

    def final_tile_vp(self, seat):
        d = D.load()
        total = 0
        for tid in self.final_tiles:
            tile = d.final_tiles[tid]
            vals = [self.count(s, {"per": tile["measure"]}) for s in range(self.n)]
            total += place_vp(vals, tile["neutral"], d.board["final_tile_vp"])[seat]
        return total

    def result(self):
        parts = [self.breakdown(s) for s in range(self.n)]
        scores = [p["total"] for p in parts]
        rabbits = [len(P.rabbits) for P in self.p]
        ranking = rank_by((s, (scores[s], rabbits[s])) for s in range(self.n))
        by_score = rank_by((s, scores[s]) for s in range(self.n))
        if len(by_score[0]) == 1:
            tie = "none needed: the best score is not shared"
        elif len(ranking[0]) == 1:
            tie = "Cookie Rabbits on the map: the tied player with the most ranks higher"
        else:
            tie = "Cookie Rabbits did not separate the leaders: they share the victory"
        out = {
            "scores": scores,
            "breakdown": parts,
            "ranking": ranking,
            "winners": ranking[0],
            "tie_break": tie,
        }
        if self.solo:
            s = scores[0]
            out["solo_title"] = "history" if s > 300 else "expert" if s > 250 else None
        return out

    # ------------------------------------------------------------------ views
    def view(self, seat):
        d = D.load()
        players = []
        for s, P in enumerate(self.p):
            mine = seat == s
            players.append(
                {
                    "seat": s,
                    "name": self.players[s],
                    "character": P.char,
                    "map": P.map,
                    "resources": dict(P.res),
                    "income": dict(P.inc),
                    "hand_count": len(P.hand),
                    "hand": [d.cards[d.deck[u]].to_dict() | {"uid": u} for u in P.hand]
                    if mine
                    else None,
                    "played": [d.deck[u] for u in P.played],
                    "columns": {c: [d.deck[u] for u in v] for c, v in P.columns.items()},
                    "tiles": {
                        str(h): [k, f] for h, k_f in sorted(P.tiles.items()) for k, f in [k_f]
                    },
                    "roads": sorted(P.roads),
                    "properties": {str(h): t for h, t in sorted(P.props.items())},
                    "rabbits": sorted(P.rabbits),
                    "extra_draw": sorted(P.eda),
                    "rows_taken": dict(P.rows),
                    "shops_left": list(P.shops),
                    "labs_taken": P.labs,
                    "clock_tower": P.tower,
                    "carriage": P.carriage,
                    "locomotive": P.loco,
                    "food": P.food,
                    "rabbits_taken": P.rabbits_taken,
                    "wood_discount": P.discount,
                    "prosperity": list(P.prosp),
                    "vp": P.vp,
                    "cp": P.cp,
                    "ip": P.ip,
                    "wonders": P.wonders,
                    "skills": list(P.skills),
                    "flipped": list(P.flipped),
                    "discs": P.discs,
                    "aid": P.aid,
                    "passed": P.passed,
                    "milestones": list(P.milestones),
                    "cities": len(self.cities(s)) if P.map else 0,
                    "connected_ports": self.connected_ports(s) if P.map else 0,
                    "tags": self.tags(s),
                }
            )
        top = self.stack[-1] if self.stack else None
        return {
            "game": "sweet-lands",
            "viewer": seat,
            "options": dict(self.options),
            "round": self.round,
            "phase": self.phase,
            "turn": self.turn,
            "start": self.start,
            "over": self.is_over,
            "main_done": self.main_done,
            "pending": (
                {
                    k: top[k]
                    for k in ("op", "seat", "n", "t", "r", "type", "colour", "area", "uid")
                    if k in top
                }
                if top
                else None
            ),
            "areas": {
                a: [("mio" if o == "mio" else o) for o in occ] for a, occ in self.occ.items()
            },
            "opened": sorted(self.opened),
            "deck_count": len(self.deck),
            "discard": [d.deck[u] for u in self.discard],
            "skill_supply": {str(k): v for k, v in self.skill_supply.items()},
            "special_tiles": list(self.specials),
            "round_aid": [{"standard": list(st), "pass": ps} for st, ps in self.aid_spaces],
            "mio_aid": self.mio_aid,
            "milestones": [[m, side, self.ms_claimed.get(m)] for m, side in self.milestones],
            "final_tiles": list(self.final_tiles),
            "prosperity_first": list(self.pros_first),
            "solo": (
                {
                    "a_left": len(self.solo_a),
                    "b_left": len(self.solo_b),
                    "shown": list(self.solo_shown),
                }
                if self.solo
                else None
            ),
            "players": players,
        }


def place_vp(values, neutral, prizes):
    """15/7 for 1st/2nd with a virtual neutral player who never scores."""
    first, second = prizes
    allv = list(values) + [neutral]
    top = max(allv)
    at_top = [i for i, v in enumerate(allv) if v == top]
    out = [0] * len(values)
    for i in at_top:
        if i < len(values):
            out[i] = first
    if len(at_top) == 1:
        rest = [v for v in allv if v < top]
        if rest:
            nxt = max(rest)
            for i, v in enumerate(values):
                if v == nxt:
                    out[i] = second
    return out


def _merge(a, b):
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def _fmt(cost):
    return ", ".join(f"{k} {v}" for k, v in cost.items())
