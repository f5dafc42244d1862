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

from typing import Any, ClassVar

from ..core import Action, counted
from . import expert, expert_scoring
from .cards import COLOUR_LETTER, Card, catalogue
from .expert import FINAL, MARKET, TARGET, HappyCityFields, has_effect
from .views import CardFace, HappyCityView, PlayerView

CITY_LIMIT = 10
ROW = 5
START_COINS = 2
BOX_COINS = 70  # 20 coins of 1 and 10 of 5

DISCARD, REFILL, BUY, SPECIAL, OVER = "discard", "refill", "buy", "special", "over"


class HappyCityState(HappyCityFields):
    __slots__ = ()
    CITY_LIMIT = CITY_LIMIT
    GROUP_LETTERS = {k: v for k, v in COLOUR_LETTER.items() if k}
    STAGES: ClassVar[dict[str, tuple[tuple[str, ...], str]]] = {
        DISCARD: (("keep", "discard"), "may discard a visible building or keep the row"),
        REFILL: (("draw",), "must refill the row to 3 visible buildings"),
        BUY: (("buy", "dwelling", "coin"), "must buy a building or a dwelling, or take a coin"),
        SPECIAL: (("pass", "claim"), "may take a special building or pass"),
        MARKET: (("market",), "must pick a Happy Market colour"),
        TARGET: (("target",), "must pick the opponent whose income the Louvre adds"),
        FINAL: (("copy", "neighbour"), "must answer an end-of-game question"),
    }

    # ---- setup ----------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], seed: int, options: dict[str, Any]) -> HappyCityState:
        cat = catalogue()
        s = cls._laid_out(players, seed, options, cat.cards, START_COINS, BOX_COINS)
        n = s.n
        s.box = []
        s.expert = options.get("mode") == "expert"
        # Specials: players + 2 laid out at random, the rest stay in the box.
        specials = list(cat.expert_specials if s.expert else cat.family_specials)
        s.rng.shuffle(specials)
        s.specials = sorted(specials[: n + 2])
        s.box.extend(specials[n + 2 :])
        # Dwellings: three piles of players - 1 cards each.
        s.piles = []
        for _, ids in cat.dwellings:
            s.piles.append(list(ids[: n - 1]))
            s.box.extend(ids[n - 1 :])
        s.pile_names = tuple(name for name, _ in cat.dwellings)
        s.pile_faces = tuple(ids[0] for _, ids in cat.dwellings)
        s._deal_decks(cat.buildings)
        s.city = [[cat.markets[i]] for i in range(n)]
        s.special = [None] * n
        s.round = 0
        s.stage = DISCARD
        s.free = [0] * n
        s.borrow = [0] * n
        s.targets = {}
        s.choices = [{} for _ in range(n)]
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
            expert.advance_market(s)
            return s
        s.log(f"New game of Happy City for {n} players; {players[0]} is the first player.")
        s.start_round()
        return s

    # ---- derived facts -----------------------------------------------------------
    @property
    def dwellings(self) -> list[list[int]]:
        """The dwelling piles (the shared code calls them piles)."""
        return self.piles

    def has_special(self, seat: int) -> bool:
        return self.special[seat] is not None

    def special_offer(self) -> list[int]:
        return self.specials

    def takeable_specials(self, seat: int) -> list[int]:
        return self.claimable(seat)

    def taken(self, seat: int, kind: str, name: str) -> HappyCityState:
        s = self._copy()
        if kind in ("buy", "dwelling"):
            s._buy_card(seat, s._take_offer(kind, name))
        elif kind == "claim":
            s._claim_card(seat, next(i for i in s.specials if s.cards[i].name == name))
        elif kind == "coin":
            s._no_buy(seat)
        return s

    def colour_counts(self, seat: int) -> dict[str, int]:
        return self.group_counts(seat)

    def claimable(self, seat: int) -> list[int]:
        if self.special[seat] is not None:
            return []
        if len(self.city[seat]) >= CITY_LIMIT:
            # Only a card that takes the place of another keeps the city at 10.
            return [
                i
                for i in self.specials
                if self.expert
                and has_effect(self.cards[i], "replace_last")
                and expert.replaceable(self, seat)
                and self.meets(seat, self.cards[i])
            ]
        return [i for i in self.specials if self.meets(seat, self.cards[i])]

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
        if self.stage == MARKET:
            return [
                Action(seat, "market", (colour,), f"Take the {colour} Happy Market")
                for colour in self.market_pool
            ]
        if self.stage in (TARGET, FINAL):
            return self._question_actions(seat)
        if self.stage == DISCARD:
            return self._discard_actions(seat, "Keep the row as it is")
        if self.stage == REFILL:
            return self._draw_actions(seat)
        if self.stage == BUY:
            coin = Action(seat, "coin", (), "Buy nothing and take 1 coin")
            return [*self._buy_actions(seat, "Buy"), coin]
        cards = self.cards
        # the specials first: passing, which gives one up for good, is never the first move
        out = [
            Action(seat, "claim", (cards[i].name,), f"Take {cards[i].name}")
            for i in self.claimable(seat)
        ]
        return [*out, Action(seat, "pass", (), "Take no special building")]

    def _question_actions(self, seat: int) -> list[Action]:
        """The Louvre's choice of opponent, or an end-of-game question."""
        p = self.pending
        out = []
        for o in p["options"]:
            if p["kind"] == "target":
                label = f"Add {self.players[o]}'s income ({self.income_of(o)})"
            elif p["kind"] == "copy":
                label = "Copy a special drawn at random from the box" if o == "box" else f"Copy {o}"
            else:
                label = f"{p['source']}: use {self.players[o]}'s city"
            out.append(Action(seat, p["kind"], (o,), label))
        return out

    def why_illegal(self, a: Action) -> str | None:
        problem = self._shape_problem(a)
        if problem:
            return problem
        if self.stage == FINAL and a.kind != self.pending["kind"]:
            return (
                f"Not now: {self.players[a.seat]} must answer the {self.pending['kind']} question."
            )
        if a.kind == "market":
            if a.args[0] not in self.market_pool:
                return f"No {a.args[0]!r} Happy Market is left to pick."
        elif a.kind in ("target", "copy", "neighbour"):
            options = self.pending["options"]
            if not any(type(o) is type(a.args[0]) and o == a.args[0] for o in options):
                return f"{a.args[0]!r} is not one of the choices: {options}."
        elif a.kind == "claim":
            return self._claim_problem(a.seat, a.args[0])
        return self._row_problem(a)

    def _claim_problem(self, seat: int, name: object) -> str | None:
        cards = self.cards
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

    def _do(self, a: Action) -> None:
        seat, cards, who = a.seat, self.cards, self.players[a.seat]
        kind = a.kind
        if kind == "market":
            expert.take_market(self, seat, a.args[0])
            expert.advance_market(
                self,
            )
            return
        if kind == "target":
            self.targets[seat] = a.args[0]
            self.log(
                f"{who} picks {self.players[a.args[0]]} for the Louvre: their income is added to {who}'s."
            )
            self.pending = None
            expert.income_step(
                self,
            )
            return
        if kind in ("copy", "neighbour"):
            expert_scoring.answer(self, seat, kind, a.args[0])
            expert_scoring.resolve_end(self)
            return
        if kind == "keep":
            self.log(f"{who} keeps the row.")
            self.stage = REFILL
        elif kind == "discard":
            i = self._discard(a.args[0])
            self.log(f"{who} discards {cards[i].name} (deck {cards[i].deck}).")
            self.stage = REFILL
        elif kind == "draw":
            self._draw(seat, a.args[0])
        elif kind in ("buy", "dwelling"):
            self._buy_card(seat, self._take_offer(kind, a.args[0]))
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
            self.log(f"{who} takes no special building.")
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
                f"{expert.own_special(self, seat).name}: {who} pays {cost} instead of {cards[i].cost}."
            )
        if free:
            self.free[seat] -= 1
            self.log(f"{expert.own_special(self, seat).name}: that card was free for {who}.")
        if self.expert:
            expert.spent(self, seat, cost)

    def _no_buy(self, seat: int) -> None:
        who = self.players[seat]
        amount = 1
        for eff, card in expert.effects_of(self, seat, "no_buy") if self.expert else []:
            amount = eff["amount"]
            self.log(f"{card.name}: {who} takes {counted(amount, 'coin')} instead of 1.")
        got = self._gain(seat, amount)
        self.log(
            f"{who} buys nothing and takes {got} coin{'s' if got != 1 else ''}."
            if got
            else f"{who} buys nothing; the bank is empty."
        )

    def _claim_card(self, seat: int, i: int) -> None:
        cards, who = self.cards, self.players[seat]
        self.specials.remove(i)
        if self.expert and has_effect(cards[i], "replace_last") and expert.replaceable(self, seat):
            old = self.city[seat].pop()
            expert.discard_from_city(self, old)
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
            expert.on_claim(self, seat, cards[i])

    # ---- flow ------------------------------------------------------------------------
    def _advance(self) -> None:
        """Skip steps that offer no real choice."""
        super()._advance()
        if self.stage == SPECIAL and not self.claimable(self.turn):
            self._end_turn()

    def _end_turn(self) -> None:
        self.checkpoint += 1
        self.passed_at = self.checkpoint  # play only changes hands (see the controller)
        self.log_last_round_trigger()
        if self.turn == self.n - 1:
            if self.end_triggered:
                self.log("A city has 10 cards and the round is complete: the game is over.")
                if self.expert:
                    expert_scoring.resolve_end(self)
                else:
                    self.stage = OVER
                return
            self.start_round()
        else:
            self.turn += 1
            self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn starts at its discard step, under a header in the log."""
        self.log(f"-- {self.players[self.turn]}'s turn --")
        self.stage = DISCARD
        self._advance()

    def start_round(self) -> None:
        """Begin the next round with its income phase (tests call it to run one)."""
        self.round += 1
        self.turn = 0
        self.log(f"Round {self.round}: income phase.")
        if self.expert:
            expert.before_income(
                self,
            )
            self.targets = {}
            expert.income_step(
                self,
            )
            return
        for seat in range(self.n):
            got = self._gain(seat, self.income_of(seat))
            self.log(f"{self.players[seat]} collects {got} coin{'s' if got != 1 else ''}.")
        self._begin_turn()

    # ---- scoring ------------------------------------------------------------------------
    def breakdown(self, seat: int, choice: dict[str, Any] | None = None) -> dict[str, Any]:
        if self.expert:
            return expert_scoring.expert_breakdown(self, seat, choice)
        return self._plain_breakdown(seat, self.options.get("scoring") == "add")

    # ---- the Expert hooks the rules of both modes call, and effects.py asks ---------------
    # the rules' functions themselves, not methods that call them: asked on every move
    income_of = expert.income_of
    cost_of = expert.cost_of

    # income, inhabitants and hearts of a card in a city (effects.py and the tests ask)
    card_symbols = expert.card_symbols

    def end_choices(self, seat: int) -> dict:
        """The seat's end-of-game answers, the best guess for those not yet given."""
        return expert_scoring.end_choices(self, seat)

    def neighbour_options(self, seat: int, card: Card) -> list[int]:
        """The neighbours whose city the seat's card may look at when the game ends."""
        return expert_scoring.neighbour_options(self, seat, card)

    # ---- views ------------------------------------------------------------------------
    def card_view(self, i: int, seat: int | None = None) -> CardFace:
        d = self.cards[i].to_dict()
        if seat is not None and d["kind"] in ("building", "dwelling"):
            d["your_cost"] = self.cost_of(seat, self.cards[i])
        return d

    def _player_view(self, seat: int) -> PlayerView:
        p = super()._player_view(seat)
        city, own, cards = p["city"], self.city[seat], self.cards
        special = expert.special_card(self, seat)
        p["rows"] = [city[k : k + ROW] for k in range(0, len(city), ROW)]
        p["special"] = special.name if special else None
        p["colours"] = self.colour_counts(seat)
        p["market_colour"] = (
            cards[own[0]].colour if own and cards[own[0]].kind == "market" else None
        )
        p["free_cards"] = self.free[seat]
        p["louvre_phases"] = self.borrow[seat]
        p["end_choices"] = dict(self.choices[seat])
        return p

    def seat_view(self, seat: int | None) -> HappyCityView:
        return {
            **self._row_view(seat),
            "city_limit": CITY_LIMIT,
            "mode": "expert" if self.expert else "family",
            "market_pool": list(self.market_pool),
            "pending": dict(self.pending) if self.pending else None,
        }

    # ---- for tests: every physical card exactly once ------------------------------------
    def all_card_places(self) -> list[int]:
        out = super().all_card_places()
        for c in self.city:
            out += [i for i in c if self.cards[i].kind != "market"]
        return out + self.specials
