"""Happy City (Family mode) as a state machine of fine-grained actions.

Round: a simultaneous income phase, then each seat in turn from the first player
(seat 0 holds the first-player card all game):
  discard (optional, one visible building) -> refill to 3 visible, one draw at a
  time from a deck of the player's choice -> buy a building, buy a dwelling or take
  a coin -> claim a special building (optional, once per game).
The round in which any city reaches 10 cards is the last.
"""
from __future__ import annotations

from .cards import COLOUR_LETTER, DECK_COSTS, Card, catalogue
from ..core import Action, GameState, Rng, rank_by

CITY_LIMIT = 10
ROW = 5
START_COINS = 2
BOX_COINS = 70  # 20 coins of 1 and 10 of 5

DISCARD, REFILL, BUY, SPECIAL, OVER = "discard", "refill", "buy", "special", "over"


class HappyCityState(GameState):
    __slots__ = (
        "players", "seed", "options", "rng", "_keys", "_log", "checkpoint",
        "coins", "city", "special", "decks", "discards", "visible", "dwellings",
        "specials", "box", "bank", "round", "turn", "stage", "cards",
    )

    # ---- setup ----------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> "HappyCityState":
        s = cls.__new__(cls)
        cat = catalogue()
        n = len(players)
        s.cards = cat.cards
        s.players = list(players)
        s.seed = seed
        s.options = dict(options)
        s.rng = Rng(seed)
        s._keys = None
        s._log = []
        s.checkpoint = 0
        s.box = []
        # Specials: players + 2 laid out at random, the rest stay in the box.
        specials = list(cat.family_specials)
        s.rng.shuffle(specials)
        s.specials = sorted(specials[: n + 2])
        s.box.extend(specials[n + 2:])
        # Dwellings: three piles of players - 1 cards each.
        s.dwellings = []
        for _, ids in cat.dwellings:
            s.dwellings.append(list(ids[: n - 1]))
            s.box.extend(ids[n - 1:])
        # Three shuffled building decks, top card last.
        s.decks = [[i for i in cat.buildings if s.cards[i].deck == d] for d in (1, 2, 3)]
        for deck in s.decks:
            s.rng.shuffle(deck)
        s.discards = [[], [], []]
        s.visible = []
        s.city = [[cat.markets[i]] for i in range(n)]
        s.special = [None] * n
        s.coins = [START_COINS] * n
        s.bank = None if options.get("bank", "unlimited") == "unlimited" else BOX_COINS - START_COINS * n
        s.round = 0
        s.turn = 0
        s.stage = DISCARD
        s.log(f"New game of Happy City for {n} players; {players[0]} is the first player.")
        s._start_round()
        return s

    def _copy(self) -> "HappyCityState":
        s = HappyCityState.__new__(HappyCityState)
        s.players = self.players
        s.seed = self.seed
        s.options = self.options
        s.cards = self.cards
        s.rng = self.rng.copy()
        s._keys = self._keys
        s._log = list(self._log)
        s.checkpoint = self.checkpoint
        s.coins = list(self.coins)
        s.city = [list(c) for c in self.city]
        s.special = list(self.special)
        s.decks = [list(d) for d in self.decks]
        s.discards = [list(d) for d in self.discards]
        s.visible = list(self.visible)
        s.dwellings = [list(p) for p in self.dwellings]
        s.specials = list(self.specials)
        s.box = self.box  # never changes after setup
        s.bank = self.bank
        s.round = self.round
        s.turn = self.turn
        s.stage = self.stage
        return s

    # ---- derived facts -----------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def income_of(self, seat: int) -> int:
        cards = self.cards
        return sum(cards[i].income for i in self.city[seat])

    def cost_of(self, seat: int, card: Card) -> int:
        return card.cost

    def colour_counts(self, seat: int) -> dict:
        counts: dict = {}
        cards = self.cards
        for i in self.city[seat]:
            c = cards[i].colour
            if c is not None:
                counts[c] = counts.get(c, 0) + 1
        return counts

    def owns_name(self, seat: int, name: str) -> bool:
        cards = self.cards
        return any(cards[i].name == name for i in self.city[seat])

    def meets(self, seat: int, card: Card) -> bool:
        counts = self.colour_counts(seat)
        return all(counts.get(c, 0) >= k for c, k in card.needs)

    def drawable(self) -> list[int]:
        """Decks (1-3) a player may draw from now: cards in the deck or its discards."""
        return [d + 1 for d in range(3) if self.decks[d] or self.discards[d]]

    def claimable(self, seat: int) -> list[int]:
        if self.special[seat] is not None or len(self.city[seat]) >= CITY_LIMIT:
            return []
        return [i for i in self.specials if self.meets(seat, self.cards[i])]

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def end_triggered(self) -> bool:
        return any(len(c) >= CITY_LIMIT for c in self.city)

    # ---- protocol ------------------------------------------------------------------
    def actors(self) -> list[int]:
        return [] if self.stage == OVER else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.stage == OVER or seat != self.turn:
            return []
        cards = self.cards
        out: list[Action] = []
        if self.stage == DISCARD:
            out.append(Action(seat, "keep", (), "Keep the row as it is"))
            seen = set()
            for i in self.visible:
                name = cards[i].name
                if name not in seen:
                    seen.add(name)
                    out.append(Action(seat, "discard", (name,), f"Discard {name}"))
        elif self.stage == REFILL:
            for d in self.drawable():
                out.append(Action(seat, "draw", (d,), f"Draw from deck {d}"))
        elif self.stage == BUY:
            full = len(self.city[seat]) >= CITY_LIMIT
            seen = set()
            for i in self.visible:
                c = cards[i]
                if c.name in seen:
                    continue
                seen.add(c.name)
                cost = self.cost_of(seat, c)
                if not full and cost <= self.coins[seat] and not self.owns_name(seat, c.name):
                    out.append(Action(seat, "buy", (c.name,), f"Buy {c.name} for {cost}"))
            for pile in self.dwellings:
                if pile:
                    c = cards[pile[-1]]
                    cost = self.cost_of(seat, c)
                    if not full and cost <= self.coins[seat] and not self.owns_name(seat, c.name):
                        out.append(Action(seat, "dwelling", (c.name,), f"Buy {c.name} for {cost}"))
            out.append(Action(seat, "coin", (), "Buy nothing and take 1 coin"))
        elif self.stage == SPECIAL:
            out.append(Action(seat, "pass", (), "Take no special building"))
            for i in self.claimable(seat):
                out.append(Action(seat, "claim", (cards[i].name,), f"Take {cards[i].name}"))
        return out

    def why_illegal(self, a: Action) -> str | None:
        cards = self.cards
        seat = a.seat
        stage_names = {DISCARD: "may discard a visible building or keep the row",
                       REFILL: "must refill the row to 3 visible buildings",
                       BUY: "must buy a building or a dwelling, or take a coin",
                       SPECIAL: "may take a special building or pass"}
        allowed = {DISCARD: ("keep", "discard"), REFILL: ("draw",), BUY: ("buy", "dwelling", "coin"),
                   SPECIAL: ("pass", "claim")}
        if a.kind not in allowed[self.stage]:
            return f"Not now: {self.players[seat]} {stage_names[self.stage]}."
        expect = {"keep": 0, "coin": 0, "pass": 0}.get(a.kind, 1)
        if len(a.args) != expect:
            return f"'{a.kind}' takes {expect} argument(s)."
        if a.kind == "discard":
            if self._visible_named(a.args[0]) is None:
                return f"{a.args[0]} is not in the central row."
        elif a.kind == "draw":
            d = a.args[0]
            if d not in (1, 2, 3):
                return "There are decks 1, 2 and 3 only."
            if d not in self.drawable():
                return f"Deck {d} and its discards are both empty."
        elif a.kind in ("buy", "dwelling"):
            name = a.args[0]
            if a.kind == "buy":
                idx = self._visible_named(name)
                if idx is None:
                    return f"{name} is not in the central row."
                card = cards[self.visible[idx]]
            else:
                pile = self._pile_named(name)
                if pile is None:
                    return f"There is no dwelling called {name}."
                if not pile:
                    return f"The {name} pile is empty."
                card = cards[pile[-1]]
            if len(self.city[seat]) >= CITY_LIMIT:
                return f"A city holds at most {CITY_LIMIT} cards."
            if self.owns_name(seat, name):
                return f"{self.players[seat]} already has a {name}; a city never holds two cards of one name."
            cost = self.cost_of(seat, card)
            if cost > self.coins[seat]:
                return f"{name} costs {cost} but {self.players[seat]} has {self.coins[seat]}."
        elif a.kind == "claim":
            name = a.args[0]
            match = [i for i in self.specials if cards[i].name == name]
            if not match:
                return f"{name} is not an available special building."
            if self.special[seat] is not None:
                return "Each player takes at most one special building per game."
            if len(self.city[seat]) >= CITY_LIMIT:
                return f"A city holds at most {CITY_LIMIT} cards, specials included."
            if not self.meets(seat, cards[match[0]]):
                need = ", ".join(f"{k} {c}" for c, k in cards[match[0]].needs)
                return f"{name} needs {need} in the city."
        return None

    def _visible_named(self, name) -> int | None:
        for k, i in enumerate(self.visible):
            if self.cards[i].name == name:
                return k
        return None

    def _pile_named(self, name):
        for pile, (pname, _) in zip(self.dwellings, catalogue().dwellings):
            if pname == name:
                return pile
        return None

    def _do(self, a: Action) -> None:
        seat, cards, who = a.seat, self.cards, self.players[a.seat]
        kind = a.kind
        if kind == "keep":
            self.stage = REFILL
        elif kind == "discard":
            i = self.visible.pop(self._visible_named(a.args[0]))
            self.discards[cards[i].deck - 1].append(i)
            self.log(f"{who} discards {cards[i].name} (deck {cards[i].deck}).")
            self.stage = REFILL
        elif kind == "draw":
            d = a.args[0] - 1
            if not self.decks[d]:
                self.decks[d] = self.discards[d]
                self.discards[d] = []
                self.rng.shuffle(self.decks[d])
                self.log(f"Deck {d + 1} is empty: its discards are shuffled into a new deck.")
            i = self.decks[d].pop()
            self.visible.append(i)
            self.checkpoint += 1  # a card was revealed: no undo past this point
            self.log(f"{who} draws {cards[i].name} from deck {d + 1}.")
        elif kind in ("buy", "dwelling"):
            if kind == "buy":
                i = self.visible.pop(self._visible_named(a.args[0]))
            else:
                i = self._pile_named(a.args[0]).pop()
            cost = self.cost_of(seat, cards[i])
            self._pay(seat, cost)
            self.city[seat].append(i)
            self.log(f"{who} buys {cards[i].name} for {cost}.")
            self.stage = SPECIAL
        elif kind == "coin":
            got = self._gain(seat, 1)
            self.log(f"{who} buys nothing and takes {got} coin." if got else
                     f"{who} buys nothing; the bank is empty.")
            self.stage = SPECIAL
        elif kind == "claim":
            i = next(i for i in self.specials if cards[i].name == a.args[0])
            self.specials.remove(i)
            self.city[seat].append(i)
            self.special[seat] = i
            self.log(f"{who} takes the special building {cards[i].name}.")
            self._end_turn()
            return
        elif kind == "pass":
            self._end_turn()
            return
        self._advance()

    # ---- flow ------------------------------------------------------------------------
    def _advance(self) -> None:
        """Skip steps that offer no real choice."""
        if self.stage == DISCARD and not self.visible:
            self.stage = REFILL
        if self.stage == REFILL and (len(self.visible) >= 3 or not self.drawable()):
            self.stage = BUY
        if self.stage == SPECIAL and not self.claimable(self.turn):
            self._end_turn()

    def _end_turn(self) -> None:
        self.checkpoint += 1
        if self.turn == self.n - 1:
            if self.end_triggered:
                self.stage = OVER
                self.log("A city has 10 cards and the round is complete: the game is over.")
                return
            self._start_round()
        else:
            self.turn += 1
            self.stage = DISCARD
            self._advance()

    def _start_round(self) -> None:
        self.round += 1
        self.turn = 0
        self.log(f"Round {self.round}: income phase.")
        for seat in range(self.n):
            got = self._gain(seat, self.income_of(seat))
            self.log(f"{self.players[seat]} collects {got} coin{'s' if got != 1 else ''}.")
        self.stage = DISCARD
        self._advance()

    def _gain(self, seat: int, amount: int) -> int:
        if self.bank is not None:
            amount = min(amount, self.bank)
            self.bank -= amount
        self.coins[seat] += amount
        return amount

    def _pay(self, seat: int, amount: int) -> None:
        amount = max(0, amount)
        self.coins[seat] -= amount
        if self.bank is not None:
            self.bank += amount

    # ---- scoring ------------------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        cards = self.cards
        inh_plus = inh_minus = heart_plus = heart_minus = 0
        for i in self.city[seat]:
            c = cards[i]
            if c.inhabitants > 0:
                inh_plus += c.inhabitants
            else:
                inh_minus -= c.inhabitants
            if c.hearts > 0:
                heart_plus += c.hearts
            else:
                heart_minus -= c.hearts
        inhabitants = max(0, inh_plus - inh_minus)
        hearts = max(0, heart_plus - heart_minus)
        add = self.options.get("scoring") == "add"
        return {
            "inhabitants": inh_plus, "crossed_inhabitants": inh_minus,
            "hearts": heart_plus, "crossed_hearts": heart_minus,
            "net_inhabitants": inhabitants, "net_hearts": hearts,
            "rule": "add" if add else "multiply",
            "score": inhabitants + hearts if add else inhabitants * hearts,
            "coins": self.coins[seat], "cards": len(self.city[seat]),
        }

    def result(self) -> dict:
        parts = [self.breakdown(s) for s in range(self.n)]
        ranking = rank_by((s, (parts[s]["score"], parts[s]["coins"])) for s in range(self.n))
        by_score = rank_by((s, parts[s]["score"]) for s in range(self.n))
        if len(by_score[0]) == 1:
            tie_break = "none needed: the best score is not shared"
        elif len(ranking[0]) == 1:
            tie_break = "coins: the tied players with the most coins left ranks higher"
        else:
            tie_break = "coins did not separate the leaders: they share the win"
        return {
            "scores": [p["score"] for p in parts],
            "breakdown": parts,
            "ranking": ranking,
            "winners": ranking[0],
            "tie_break": tie_break,
        }

    # ---- views ------------------------------------------------------------------------
    def card_view(self, i: int, seat: int | None = None) -> dict:
        d = self.cards[i].to_dict()
        if seat is not None and d["kind"] in ("building", "dwelling"):
            d["your_cost"] = self.cost_of(seat, self.cards[i])
        return d

    def view(self, seat: int | None) -> dict:
        cards = self.cards
        players = []
        for s in range(self.n):
            city = [self.card_view(i) for i in self.city[s]]
            players.append({
                "seat": s, "name": self.players[s], "coins": self.coins[s],
                "income": self.income_of(s), "city": city,
                "rows": [city[k:k + ROW] for k in range(0, len(city), ROW)],
                "special": cards[self.special[s]].name if self.special[s] is not None else None,
                "colours": self.colour_counts(s), "score": self.breakdown(s),
            })
        return {
            "game": "happy-city", "options": dict(self.options), "viewer": seat,
            "round": self.round, "turn": self.turn, "stage": self.stage,
            "first_player": 0, "last_player": self.n - 1,
            "end_triggered": self.end_triggered, "over": self.is_over,
            "bank": self.bank, "city_limit": CITY_LIMIT,
            "players": players,
            "decks": [{"deck": d + 1, "count": len(self.decks[d]), "discards": len(self.discards[d]),
                       "costs": list(DECK_COSTS[d + 1])} for d in range(3)],
            "visible": [self.card_view(i, seat) for i in self.visible],
            "dwellings": [{"name": name, "count": len(pile),
                           "card": self.card_view(ids[0], seat)}
                          for pile, (name, ids) in zip(self.dwellings, catalogue().dwellings)],
            "specials": [dict(self.card_view(i), claimable=(seat is not None and i in self.claimable(seat)))
                         for i in self.specials],
            "letters": {k: v for k, v in COLOUR_LETTER.items() if k},
        }

    # ---- for tests: every physical card exactly once ------------------------------------
    def all_card_places(self) -> list[int]:
        out = []
        for d in self.decks:
            out += d
        for d in self.discards:
            out += d
        out += self.visible
        for p in self.dwellings:
            out += p
        for c in self.city:
            out += [i for i in c if self.cards[i].kind != "market"]
        out += self.specials
        out += self.box
        return out
