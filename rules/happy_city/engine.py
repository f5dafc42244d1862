"""Happy City (Family and Expert modes) as a state machine of fine-grained actions.

Round: a simultaneous income phase, then each seat in turn from the first player
(seat 0 holds the first-player card all game):
  discard (optional, one visible building) -> refill to 3 visible, one draw at a
  time from a deck of the player's choice -> buy a building, buy a dwelling or take
  a coin -> claim a special building (optional, once per game).
The round in which any city reaches 10 cards is the last.

Expert mode adds: a draft of the coloured Happy Market sides before the first round
(last seat first, counter-clockwise, the first player last); the red special
buildings, whose effects are mechanisms listed in their data (see effects.py) and
reached through the hooks below (income_of, cost_of, card_symbols, breakdown and the
round events); a choice of opponent for the Louvre before an income phase; and the
end-of-game questions (which neighbour, which special to copy) asked one by one
before the final result.
"""

from __future__ import annotations

from ..core import Action, GameState
from .card_row import CardRowRules
from .cards import COLOUR_LETTER, DECK_COSTS, Card, catalogue
from .effects import SYMBOLS, hook_of, neighbours, symbols_of

CITY_LIMIT = 10
ROW = 5
START_COINS = 2
BOX_COINS = 70  # 20 coins of 1 and 10 of 5

DISCARD, REFILL, BUY, SPECIAL, OVER = "discard", "refill", "buy", "special", "over"
# Expert mode only: the Happy Market draft, the Louvre's pick before an income phase,
# and the end-of-game questions.
MARKET, TARGET, FINAL = "market", "target", "final"


def _count(k: int, noun: str) -> str:
    return f"{k} {noun}" if abs(k) == 1 else f"{k} {noun}s"


def _has(card: Card, do: str) -> bool:
    return any(e["do"] == do for e in card.effects)


class HappyCityState(CardRowRules, GameState):
    __slots__ = (
        "players",
        "seed",
        "options",
        "rng",
        "_keys",
        "_log",
        "checkpoint",
        "coins",
        "city",
        "special",
        "decks",
        "discards",
        "visible",
        "dwellings",
        "specials",
        "box",
        "bank",
        "round",
        "turn",
        "stage",
        "cards",
        # Expert mode
        "expert",
        "market_pool",
        "free",
        "borrow",
        "targets",
        "choices",
        "pending",
    )

    # ---- setup ----------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> HappyCityState:
        s = cls.__new__(cls)
        cat = catalogue()
        n = len(players)
        s.cards = cat.cards
        s._setup(players, seed, options)
        s.box = []
        s.expert = options.get("mode") == "expert"
        # Specials: players + 2 laid out at random, the rest stay in the box.
        specials = list(cat.expert_specials if s.expert else cat.family_specials)
        s.rng.shuffle(specials)
        s.specials = sorted(specials[: n + 2])
        s.box.extend(specials[n + 2 :])
        # Dwellings: three piles of players - 1 cards each.
        s.dwellings = []
        for _, ids in cat.dwellings:
            s.dwellings.append(list(ids[: n - 1]))
            s.box.extend(ids[n - 1 :])
        # Three shuffled building decks, top card last.
        s.decks = [[i for i in cat.buildings if s.cards[i].deck == d] for d in (1, 2, 3)]
        for deck in s.decks:
            s.rng.shuffle(deck)
        s.discards = [[], [], []]
        s.visible = []
        s.city = [[cat.markets[i]] for i in range(n)]
        s.special = [None] * n
        s.coins = [START_COINS] * n
        s.bank = (
            None if options.get("bank", "unlimited") == "unlimited" else BOX_COINS - START_COINS * n
        )
        s.round = 0
        s.turn = 0
        s.stage = DISCARD
        s.free = [0] * n  # Expert: cards still to be bought free of charge
        s.borrow = [0] * n  # Expert: income phases left in which to add an opponent's income
        s.targets = {}  # Expert: seat -> opponent whose income it adds this income phase
        s.choices = [{} for _ in range(n)]  # Expert: end-of-game answers per seat
        s.pending = None  # Expert: the question being asked now
        s.market_pool = []
        if s.expert:
            s.log(
                f"New game of Happy City (Expert) for {n} players; {players[0]} is the first player."
            )
            s.city = [[] for _ in range(n)]
            s.market_pool = list(cat.market_colours)
            s.stage = MARKET
            s.turn = n - 1
            s.log(
                "Happy Market draft: the last player picks a colour first, then "
                "counter-clockwise to the first player."
            )
            s._advance_market()
            return s
        s.log(f"New game of Happy City for {n} players; {players[0]} is the first player.")
        s._start_round()
        return s

    def _copy(self) -> HappyCityState:
        s = self._copy_base(HappyCityState)
        s.cards = self.cards
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
        s.expert = self.expert
        s.market_pool = list(self.market_pool)
        s.free = list(self.free)
        s.borrow = list(self.borrow)
        s.targets = dict(self.targets)
        s.choices = [dict(c) for c in self.choices]
        s.pending = self.pending  # replaced, never changed in place
        return s

    # ---- derived facts -----------------------------------------------------------
    def income_of(self, seat: int, compare: bool = True) -> int:
        """Income the seat collects at an income phase (Expert effects included).

        ``compare=False`` leaves out income rules that compare incomes (the Barber),
        which is how such a rule looks at incomes without chasing itself.
        """
        cards = self.cards
        total = sum(cards[i].income for i in self.city[seat])
        if not self.expert:
            return total
        for pos, i in enumerate(self.city[seat]):
            card = cards[i]
            for eff in card.effects:
                if hook_of(eff) != "symbols":
                    continue
                if eff.get("symbol", "income") != "income" and eff["do"] != "copy_previous":
                    continue
                if not compare and eff["do"] == "lowest_income":
                    continue
                total += symbols_of(self, seat, pos, eff, {})["income"]
        return total

    def cost_of(self, seat: int, card: Card) -> int:
        if (
            not self.expert
            or self.special[seat] is None
            or card.kind not in ("building", "dwelling")
        ):
            return card.cost
        if self.free[seat] > 0:
            return 0
        cost = card.cost
        for eff in self.cards[self.special[seat]].effects:
            if eff["do"] == "discount" and card.colour == eff["colour"]:
                cost = max(0, cost - eff["amount"])
            elif eff["do"] == "deck_floor" and card.kind == "building":
                cost = min(cost, DECK_COSTS[card.deck][0])
        return cost

    def effect_income(self, seat: int):
        """(card name, income) that the seat's special adds through its effects, or None."""
        sp = self.special[seat]
        if sp is None:
            return None
        card = self.cards[sp]
        if not any(hook_of(e) == "symbols" for e in card.effects):
            return None
        pos = self.city[seat].index(sp)
        got = self.card_symbols(seat, pos, card, {})["income"] - card.income
        if not any(e.get("symbol") == "income" or e["do"] == "copy_previous" for e in card.effects):
            return None
        return card.name, got

    def effects_of(self, seat: int, hook: str):
        """(effect, card) pairs of the seat's special building plugged into ``hook``."""
        sp = self.special[seat]
        if sp is None:
            return []
        card = self.cards[sp]
        return [(e, card) for e in card.effects if hook_of(e) == hook]

    def card_symbols(
        self,
        seat: int,
        pos: int,
        card: Card,
        choice: dict,
        end: bool = False,
        copying: bool = False,
    ) -> dict:
        """Income, inhabitants and hearts a card at ``pos`` of the seat's city brings.

        ``end`` adds the end-of-game copies (Pyramid, Sphinx), whose income no longer
        matters. ``choice`` holds the seat's answers to end-of-game questions.
        """
        out = {"income": card.income, "inhabitants": card.inhabitants, "hearts": card.hearts}
        for eff in card.effects:
            hook = hook_of(eff)
            if hook == "symbols":
                got = symbols_of(self, seat, pos, eff, choice)
                for k in SYMBOLS:
                    out[k] += got[k]
            elif hook == "end_choice" and end:
                if eff["do"] == "copy_neighbour_position":
                    other = self._pyramid_source(seat, pos, choice.get("neighbour"))
                    if other is not None:
                        out["inhabitants"] += other.inhabitants
                        out["hearts"] += other.hearts
                elif eff["do"] == "copy_special" and not copying and choice.get("copy"):
                    copied = catalogue().by_name(choice["copy"])
                    got = self.card_symbols(seat, pos, copied, choice, end=True, copying=True)
                    out["inhabitants"] += got["inhabitants"]
                    out["hearts"] += got["hearts"]
        return out

    def _pyramid_source(self, seat: int, pos: int, nb) -> Card | None:
        """The ordinary card a Pyramid at ``pos`` would copy from neighbour ``nb``."""
        if nb is None or pos >= len(self.city[nb]):
            return None
        other = self.cards[self.city[nb][pos]]
        return None if other.kind == "special" else other

    def colour_counts(self, seat: int) -> dict:
        counts: dict = {}
        cards = self.cards
        for i in self.city[seat]:
            c = cards[i].colour
            if c is not None:
                counts[c] = counts.get(c, 0) + 1
        return counts

    def meets(self, seat: int, card: Card) -> bool:
        counts = self.colour_counts(seat)
        return all(counts.get(c, 0) >= k for c, k in card.needs)

    def claimable(self, seat: int) -> list[int]:
        if self.special[seat] is not None:
            return []
        if len(self.city[seat]) >= CITY_LIMIT:
            # Only a card that takes the place of another keeps the city at 10.
            return [
                i
                for i in self.specials
                if self.expert
                and _has(self.cards[i], "replace_last")
                and self._replaceable(seat)
                and self.meets(seat, self.cards[i])
            ]
        return [i for i in self.specials if self.meets(seat, self.cards[i])]

    def _replaceable(self, seat: int) -> bool:
        city = self.city[seat]
        return bool(city) and self.cards[city[-1]].kind != "market"

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def end_triggered(self) -> bool:
        return any(len(c) >= CITY_LIMIT for c in self.city)

    # ---- protocol ------------------------------------------------------------------
    def actors(self) -> list[int]:
        if self.stage == OVER:
            return []
        if self.stage in (TARGET, FINAL):
            return [self.pending["seat"]]
        return [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        cards = self.cards
        out: list[Action] = []
        if self.stage == MARKET:
            for colour in self.market_pool:
                out.append(Action(seat, "market", (colour,), f"Take the {colour} Happy Market"))
        elif self.stage == TARGET:
            for t in self.pending["options"]:
                out.append(
                    Action(
                        seat,
                        "target",
                        (t,),
                        f"Add {self.players[t]}'s income ({self.income_of(t)})",
                    )
                )
        elif self.stage == FINAL:
            p = self.pending
            for o in p["options"]:
                if p["kind"] == "copy":
                    label = (
                        "Copy a special drawn at random from the box" if o == "box" else f"Copy {o}"
                    )
                else:
                    label = f"{p['source']}: use {self.players[o]}'s city"
                out.append(Action(seat, p["kind"], (o,), label))
        elif self.stage == DISCARD:
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
        stage_names = {
            DISCARD: "may discard a visible building or keep the row",
            REFILL: "must refill the row to 3 visible buildings",
            BUY: "must buy a building or a dwelling, or take a coin",
            SPECIAL: "may take a special building or pass",
            MARKET: "must pick a Happy Market colour",
            TARGET: "must pick the opponent whose income the Louvre adds",
            FINAL: "must answer an end-of-game question",
        }
        allowed = {
            DISCARD: ("keep", "discard"),
            REFILL: ("draw",),
            BUY: ("buy", "dwelling", "coin"),
            SPECIAL: ("pass", "claim"),
            MARKET: ("market",),
            TARGET: ("target",),
            FINAL: (self.pending["kind"],) if self.pending else (),
        }
        if a.kind not in allowed[self.stage]:
            return f"Not now: {self.players[seat]} {stage_names[self.stage]}."
        expect = {"keep": 0, "coin": 0, "pass": 0}.get(a.kind, 1)
        if len(a.args) != expect:
            return f"'{a.kind}' takes {expect} argument(s)."
        if a.kind == "market":
            if a.args[0] not in self.market_pool:
                return f"No {a.args[0]!r} Happy Market is left to pick."
        elif a.kind in ("target", "copy", "neighbour"):
            if a.args[0] not in self.pending["options"] or isinstance(a.args[0], bool):
                return f"{a.args[0]!r} is not one of the choices: {self.pending['options']}."
        elif a.kind == "discard":
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
            if len(self.city[seat]) >= CITY_LIMIT and match[0] not in self.claimable(seat):
                return f"A city holds at most {CITY_LIMIT} cards, specials included."
            if not self.meets(seat, cards[match[0]]):
                need = ", ".join(f"{k} {c}" for c, k in cards[match[0]].needs)
                return f"{name} needs {need} in the city."
        return None

    def _pile_named(self, name):
        for pile, (pname, _) in zip(self.dwellings, catalogue().dwellings, strict=False):
            if pname == name:
                return pile
        return None

    def _do(self, a: Action) -> None:
        seat, cards, who = a.seat, self.cards, self.players[a.seat]
        kind = a.kind
        if kind == "market":
            self._take_market(seat, a.args[0])
            self._advance_market()
            return
        if kind == "target":
            self.targets[seat] = a.args[0]
            self.log(
                f"{who} picks {self.players[a.args[0]]} for the Louvre: their income is added to {who}'s."
            )
            self.pending = None
            self._income_step()
            return
        if kind in ("copy", "neighbour"):
            self._answer(seat, kind, a.args[0])
            self._resolve_end()
            return
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
            self._buy_card(seat, i)
            self.stage = SPECIAL
        elif kind == "coin":
            self._no_buy(seat)
            self.stage = SPECIAL
        elif kind == "claim":
            i = next(i for i in self.specials if cards[i].name == a.args[0])
            self._claim_card(seat, i)
            self._end_turn()
            return
        elif kind == "pass":
            self._end_turn()
            return
        self._advance()

    # ---- the three ways a card or coin reaches a city (bots call these on a copy) ------
    def _buy_card(self, seat: int, i: int) -> None:
        """Pay for card ``i`` (already taken from the row or its pile) and place it."""
        cards, who = self.cards, self.players[seat]
        cost = self.cost_of(seat, cards[i])
        free = self.expert and self.free[seat] > 0
        self._pay(seat, cost)
        self.city[seat].append(i)
        self.log(f"{who} buys {cards[i].name} for {cost}.")
        if self.expert and not free and cost != cards[i].cost:
            self.log(
                f"{cards[self.special[seat]].name}: {who} pays {cost} instead of {cards[i].cost}."
            )
        if free:
            self.free[seat] -= 1
            self.log(f"{cards[self.special[seat]].name}: that card was free for {who}.")
        if self.expert:
            self._spent(seat, cost)

    def _no_buy(self, seat: int) -> None:
        who = self.players[seat]
        amount = 1
        for eff, card in self.effects_of(seat, "no_buy") if self.expert else []:
            amount = eff["amount"]
            self.log(f"{card.name}: {who} takes {amount} coins instead of 1.")
        got = self._gain(seat, amount)
        self.log(
            f"{who} buys nothing and takes {got} coin{'s' if got != 1 else ''}."
            if got
            else f"{who} buys nothing; the bank is empty."
        )

    def _claim_card(self, seat: int, i: int) -> None:
        cards, who = self.cards, self.players[seat]
        self.specials.remove(i)
        if self.expert and _has(cards[i], "replace_last") and self._replaceable(seat):
            old = self.city[seat].pop()
            self._discard_from_city(old)
            self.city[seat].append(i)
            self.log(
                f"{who} takes the special building {cards[i].name}; it replaces "
                f"{cards[old].name}, which is discarded."
            )
        else:
            self.city[seat].append(i)
            self.log(f"{who} takes the special building {cards[i].name}.")
        self.special[seat] = i
        if self.expert:
            self._on_claim(seat, cards[i])

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
                self.log("A city has 10 cards and the round is complete: the game is over.")
                if self.expert:
                    self._resolve_end()
                else:
                    self.stage = OVER
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
        if self.expert:
            self._before_income()
            self.targets = {}
            self._income_step()
            return
        for seat in range(self.n):
            got = self._gain(seat, self.income_of(seat))
            self.log(f"{self.players[seat]} collects {got} coin{'s' if got != 1 else ''}.")
        self.stage = DISCARD
        self._advance()

    # ---- Expert flow -----------------------------------------------------------------------
    def _take_market(self, seat: int, colour: str) -> None:
        cat = catalogue()
        self.city[seat] = [cat.expert_markets[cat.market_colours.index(colour)]]
        self.market_pool.remove(colour)
        self.checkpoint += 1
        self.log(f"{self.players[seat]} takes the {colour} Happy Market.")

    def _advance_market(self) -> None:
        """Move the draft on: last seat first, counter-clockwise, the first player last."""
        while self.stage == MARKET:
            if self.city[self.turn]:
                if self.turn == 0:
                    if self.market_pool:
                        self.log(
                            f"The unpicked Happy Market colours ({', '.join(self.market_pool)}) "
                            "go back to the box."
                        )
                    self._start_round()
                    return
                self.turn -= 1
                continue
            if len(self.market_pool) == 1:
                self.log(
                    f"Only the {self.market_pool[0]} Happy Market is left for "
                    f"{self.players[self.turn]}."
                )
                self._take_market(self.turn, self.market_pool[0])
                continue
            return

    def _before_income(self) -> None:
        for seat in range(self.n):
            for eff, card in self.effects_of(seat, "before_income"):
                who = self.players[seat]
                if self.coins[seat] > 0:
                    got = self._gain(seat, eff["amount"])
                    self.log(
                        f"{card.name}: {who} still has coins and collects {got} before the income phase."
                    )
                else:
                    self.log(f"{card.name}: {who} has no coin left, so it pays nothing this time.")

    def _income_step(self) -> None:
        """Ask each Louvre owner for an opponent, then pay the income and its after-effects."""
        for seat in range(self.n):
            if self.borrow[seat] > 0 and seat not in self.targets:
                opts = [s for s in range(self.n) if s != seat]
                name = self.cards[self.special[seat]].name
                if len(opts) == 1:
                    self.targets[seat] = opts[0]
                    continue
                self.pending = {"seat": seat, "kind": "target", "options": opts, "source": name}
                self.stage = TARGET
                self.checkpoint += 1
                return
        incomes = [self.income_of(s) for s in range(self.n)]
        for seat in range(self.n):
            extra = incomes[self.targets[seat]] if seat in self.targets else 0
            got = self._gain(seat, incomes[seat] + extra)
            line = f"{self.players[seat]} collects {got} coin{'s' if got != 1 else ''}."
            bonus = self.effect_income(seat)
            if bonus is not None:
                line += (
                    f" ({bonus[0]} adds {bonus[1]}.)"
                    if bonus[1]
                    else f" ({bonus[0]} adds nothing this time.)"
                )
            if seat in self.targets:
                line += (
                    f" ({self.cards[self.special[seat]].name}: {extra} of them match "
                    f"{self.players[self.targets[seat]]}'s income.)"
                )
            self.log(line)
        for seat in self.targets:
            self.borrow[seat] -= 1
        self.targets = {}
        self._after_income()
        self.stage = DISCARD
        self.turn = 0
        self._advance()

    def _after_income(self) -> None:
        for seat in range(self.n):
            for eff, card in self.effects_of(seat, "after_income"):
                who = self.players[seat]
                opp = [s for s in range(self.n) if s != seat]
                most = max(self.coins[s] for s in opp)
                if most <= 0:
                    self.log(f"{card.name}: no opponent of {who} has a coin to take.")
                    continue
                for s in opp:
                    if self.coins[s] == most:
                        take = min(eff["amount"], self.coins[s])
                        self.coins[s] -= take
                        self.coins[seat] += take
                        self.log(
                            f"{card.name}: {who} takes {take} coin from {self.players[s]}, "
                            "the richest opponent."
                        )

    def _spent(self, buyer: int, cost: int) -> None:
        for seat in range(self.n):
            if seat == buyer or buyer not in neighbours(seat, self.n):
                continue
            for eff, card in self.effects_of(seat, "spend"):
                if cost >= eff["threshold"]:
                    got = self._gain(seat, eff["amount"])
                    self.log(
                        f"{card.name}: {self.players[buyer]} spent {cost}, so "
                        f"{self.players[seat]} takes {got} coin."
                    )

    def _on_claim(self, seat: int, card: Card) -> None:
        who = self.players[seat]
        for eff in card.effects:
            do = eff["do"]
            if do == "gain_per_card":
                got = self._gain(seat, eff["amount"] * len(self.city[seat]))
                self.log(
                    f"{card.name}: {who} collects {got} coins, {eff['amount']} per card in the city."
                )
            elif do == "gain_income_times":
                income = self.income_of(seat)
                got = self._gain(seat, eff["times"] * income)
                self.log(
                    f"{card.name}: {who} collects {got} coins ({eff['times']} x income {income})."
                )
            elif do == "everyone_gains":
                for k in range(self.n):
                    s = (seat + k) % self.n
                    got = self._gain(s, eff["amount"])
                    self.log(f"{card.name}: {self.players[s]} collects {got} coin.")
            elif do == "free_next":
                self.free[seat] += eff["count"]
                self.log(f"{card.name}: the next card {who} buys will be free.")
            elif do == "borrow_income":
                self.borrow[seat] = eff["phases"]
                self.log(
                    f"{card.name}: at the next {eff['phases']} income phases {who} also "
                    "collects an opponent's income."
                )

    def _discard_from_city(self, i: int) -> None:
        card = self.cards[i]
        if card.kind == "building":
            self.discards[card.deck - 1].append(i)
        else:  # a dwelling goes back on top of its pile
            self._pile_named(card.name).append(i)

    # ---- Expert: end-of-game questions -------------------------------------------------------
    @staticmethod
    def _asks_neighbour(card: Card | None) -> bool:
        if card is None:
            return False
        return any(
            e["do"] == "copy_neighbour_position"
            or (e["do"] == "per_colour" and e["whose"] == "neighbour")
            for e in card.effects
        )

    def _neighbour_options(self, seat: int, card: Card) -> list[int]:
        opts = neighbours(seat, self.n)
        if _has(card, "copy_neighbour_position"):
            pos = self.city[seat].index(self.special[seat])
            opts = [nb for nb in opts if self._pyramid_source(seat, pos, nb) is not None]
        return opts

    def _copy_options(self, seat: int) -> list[str]:
        return [
            self.cards[self.special[s]].name
            for s in range(self.n)
            if s != seat and self.special[s] is not None
        ]

    def _effective_card(self, seat: int, choice: dict) -> Card | None:
        """The card whose questions the seat answers: its special, or what a copy copies."""
        card = self.cards[self.special[seat]]
        if _has(card, "copy_special"):
            return catalogue().by_name(choice["copy"]) if choice.get("copy") else None
        return card

    def _needed_choice(self, seat: int):
        if self.special[seat] is None:
            return None
        ch = self.choices[seat]
        card = self.cards[self.special[seat]]
        if _has(card, "copy_special") and "copy" not in ch:
            return "copy", self._copy_options(seat) + ["box"], card.name
        eff_card = self._effective_card(seat, ch)
        if self._asks_neighbour(eff_card) and "neighbour" not in ch:
            return "neighbour", self._neighbour_options(seat, eff_card), eff_card.name
        return None

    def _resolve_end(self) -> None:
        while True:
            for seat in range(self.n):
                need = self._needed_choice(seat)
                if need is None:
                    continue
                kind, opts, source = need
                if kind == "copy" and opts == ["box"]:
                    self.log(
                        f"{source}: no opponent of {self.players[seat]} has a special building."
                    )
                    self._copy_from_box(seat)
                elif len(opts) <= 1:
                    self._answer(seat, kind, opts[0] if opts else None)
                else:
                    self.pending = {"seat": seat, "kind": kind, "options": opts, "source": source}
                    self.stage = FINAL
                    self.checkpoint += 1
                    return
                break
            else:
                self.pending = None
                self.stage = OVER
                self._log_final_effects()
                return

    def _answer(self, seat: int, kind: str, value) -> None:
        ch = self.choices[seat]
        who = self.players[seat]
        self.pending = None
        if kind == "copy":
            if value == "box":
                self._copy_from_box(seat)
                return
            ch["copy"] = value
            ch["copy_from"] = "opponent"
            self.log(f"{self.cards[self.special[seat]].name}: {who} copies {value}.")
        else:
            ch["neighbour"] = value
            source = self._effective_card(seat, ch).name
            if value is None:
                self.log(f"{source}: neither neighbour of {who} has a card to copy there.")
            else:
                self.log(f"{source}: {who} uses the city of {self.players[value]}.")

    def _copy_from_box(self, seat: int) -> None:
        pool = [i for i in self.box if self.cards[i].kind == "special"]
        i = self.rng.choice(pool)
        self.choices[seat]["copy"] = self.cards[i].name
        self.choices[seat]["copy_from"] = "box"
        self.checkpoint += 1  # a hidden card was revealed
        self.log(
            f"{self.cards[self.special[seat]].name}: {self.players[seat]} draws "
            f"{self.cards[i].name} from the box and copies it."
        )

    def _log_final_effects(self) -> None:
        for seat in range(self.n):
            if self.special[seat] is None:
                continue
            b = self.breakdown(seat)
            for line in b["effect_notes"]:
                self.log(f"{line} ({self.players[seat]})")

    # ---- scoring ------------------------------------------------------------------------
    def breakdown(self, seat: int, choice: dict | None = None) -> dict:
        if self.expert:
            return self._expert_breakdown(seat, choice)
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
            "inhabitants": inh_plus,
            "crossed_inhabitants": inh_minus,
            "hearts": heart_plus,
            "crossed_hearts": heart_minus,
            "net_inhabitants": inhabitants,
            "net_hearts": hearts,
            "rule": "add" if add else "multiply",
            "score": inhabitants + hearts if add else inhabitants * hearts,
            "coins": self.coins[seat],
            "cards": len(self.city[seat]),
        }

    def end_choices(self, seat: int) -> dict:
        """The seat's end-of-game answers: those given, and for the rest the best guess.

        Before the end this is a projection for the score shown on screen (a copy from
        the box cannot be foreseen and is left out of it).
        """
        ch = self.choices[seat]
        if self.special[seat] is None or self.stage == OVER:
            return ch
        card = self.cards[self.special[seat]]
        copy_opts: list = [None]
        if _has(card, "copy_special") and "copy" not in ch:
            copy_opts = self._copy_options(seat) or [None]
        best, best_score = ch, None
        for c in copy_opts:
            base = dict(ch)
            if c is not None:
                base["copy"] = c
            eff_card = self._effective_card(seat, base)
            nb_opts: list = [None]
            if "neighbour" not in base and self._asks_neighbour(eff_card):
                nb_opts = self._neighbour_options(seat, eff_card) or [None]
            for nb in nb_opts:
                cand = dict(base)
                if nb is not None:
                    cand["neighbour"] = nb
                if len(copy_opts) == 1 and len(nb_opts) == 1:
                    return cand
                bd = self._expert_breakdown(seat, cand)
                sc = (bd["score"], bd["net_inhabitants"] + bd["net_hearts"])  # symbols break ties
                if best_score is None or sc > best_score:
                    best, best_score = cand, sc
        return best

    def _expert_breakdown(self, seat: int, choice: dict | None) -> dict:
        if choice is None:
            choice = self.end_choices(seat)
        cards = self.cards
        plus = {"inhabitants": 0, "hearts": 0}
        minus = {"inhabitants": 0, "hearts": 0}
        notes = []
        from_effects = {"inhabitants": 0, "hearts": 0}
        for pos, i in enumerate(self.city[seat]):
            card = cards[i]
            got = self.card_symbols(seat, pos, card, choice, end=True)
            for k in ("inhabitants", "hearts"):
                if got[k] > 0:
                    plus[k] += got[k]
                else:
                    minus[k] -= got[k]
            if card.kind == "special":
                extra = {k: got[k] - getattr(card, k) for k in ("inhabitants", "hearts")}
                for k in extra:
                    from_effects[k] += extra[k]
                parts = [_count(got[k], k[:-1]) for k in ("inhabitants", "hearts") if got[k]]
                if parts:
                    notes.append(f"{card.name}: {' and '.join(parts)}")
        inhabitants = max(0, plus["inhabitants"] - minus["inhabitants"])
        hearts = max(0, plus["hearts"] - minus["hearts"])
        add = self.options.get("scoring") == "add"
        base = inhabitants + hearts if add else inhabitants * hearts
        score = base
        adjustments = []
        finals = []
        if self.special[seat] is not None:
            sp = cards[self.special[seat]]
            finals = [(e, sp.name) for e in sp.effects if hook_of(e) == "final"]
            if _has(sp, "copy_special") and choice.get("copy"):
                copied = catalogue().by_name(choice["copy"])
                finals += [
                    (e, f"{sp.name} (as {copied.name})")
                    for e in copied.effects
                    if hook_of(e) == "final"
                ]
        finals.sort(key=lambda t: t[0]["do"] != "lose_income")  # penalties before doubling
        for eff, name in finals:
            if eff["do"] == "lose_income":
                delta = -self.income_of(seat)
            elif eff["do"] == "double_below":
                delta = score if score < eff["below"] else 0
            else:  # pragma: no cover - validated at load
                delta = 0
            score += delta
            adjustments.append({"card": name, "effect": eff["do"], "points": delta})
            notes.append(f"{name}: {delta:+d} points")
        return {
            "inhabitants": plus["inhabitants"],
            "crossed_inhabitants": minus["inhabitants"],
            "hearts": plus["hearts"],
            "crossed_hearts": minus["hearts"],
            "net_inhabitants": inhabitants,
            "net_hearts": hearts,
            "rule": "add" if add else "multiply",
            "score": score,
            "base_score": base,
            "adjustments": adjustments,
            "effect_inhabitants": from_effects["inhabitants"],
            "effect_hearts": from_effects["hearts"],
            "effect_notes": notes,
            "choices": {k: v for k, v in choice.items()},
            "coins": self.coins[seat],
            "cards": len(self.city[seat]),
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
            players.append(
                {
                    "seat": s,
                    "name": self.players[s],
                    "coins": self.coins[s],
                    "income": self.income_of(s),
                    "city": city,
                    "rows": [city[k : k + ROW] for k in range(0, len(city), ROW)],
                    "special": cards[self.special[s]].name if self.special[s] is not None else None,
                    "colours": self.colour_counts(s),
                    "score": self.breakdown(s),
                    "market_colour": (
                        cards[self.city[s][0]].colour
                        if self.city[s] and cards[self.city[s][0]].kind == "market"
                        else None
                    ),
                    "special_text": cards[self.special[s]].text
                    if self.special[s] is not None
                    else "",
                    "free_cards": self.free[s],
                    "louvre_phases": self.borrow[s],
                    "end_choices": dict(self.choices[s]),
                }
            )
        return {
            "game": "happy-city",
            "options": dict(self.options),
            "viewer": seat,
            "round": self.round,
            "turn": self.turn,
            "stage": self.stage,
            "first_player": 0,
            "last_player": self.n - 1,
            "end_triggered": self.end_triggered,
            "over": self.is_over,
            "bank": self.bank,
            "city_limit": CITY_LIMIT,
            "players": players,
            "decks": [
                {
                    "deck": d + 1,
                    "count": len(self.decks[d]),
                    "discards": len(self.discards[d]),
                    "costs": list(DECK_COSTS[d + 1]),
                }
                for d in range(3)
            ],
            "visible": [self.card_view(i, seat) for i in self.visible],
            "dwellings": [
                {"name": name, "count": len(pile), "card": self.card_view(ids[0], seat)}
                for pile, (name, ids) in zip(self.dwellings, catalogue().dwellings, strict=False)
            ],
            "specials": [
                dict(self.card_view(i), claimable=(seat is not None and i in self.claimable(seat)))
                for i in self.specials
            ],
            "letters": {k: v for k, v in COLOUR_LETTER.items() if k},
            "mode": "expert" if self.expert else "family",
            "market_pool": list(self.market_pool),
            "pending": dict(self.pending) if self.pending else None,
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

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------------
    def resample(self, seat: int, seed: int) -> HappyCityState:
        """Cities, row, piles, coins and discards are public (each discard is logged), so
        only the order of every deck and of the box, and the random generator, are
        hidden: they are redrawn from ``seed``, starting from a sorted order so that the
        copy depends on nothing the seat cannot know."""
        from ..core.rng import Rng

        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._log = [e for e in self._log if e[1] is None or e[1] == seat]
        s.box = sorted(self.box)
        for deck in s.decks:
            deck.sort()
            rng.shuffle(deck)
        return s
