"""Happiness as a state machine of fine-grained actions.

Stages and the actions each one takes (``seat:kind:[args]`` keys):

``build``   the youngest seat builds the deck: ``toggle_topic [topic]`` leaves a
            sensitive topic out (or puts it back); ``build_done`` shuffles the deck,
            deals 5 cards to every seat and starts play with the youngest seat.
``play``    the seat whose turn it is plays a Joycard: ``place [word, x, y]``.
            A seat holding no Joycard (only Bummers) ``pass_turn`` instead and draws.
``story``   the seat that just placed a card may ``story [text]`` (any text of 1 to
            STORY_MAX characters; the listed action carries a sample text the UI may
            replace) or ``skip_story``. The story goes into the public journal and,
            as an action argument, into the save. Then that seat draws a card if any
            remain (the card is logged privately to the drawer).
``window``  the silence between turns, when any seat may play a Bummer.
``bummer``  the seat that claimed the silence plays a Bummer: ``place [word, x, y]``.
``over``    no seat acts.

Coordinates: the first card goes at (0, 0); x grows to the right, y grows downwards,
so a card's top edge touches the bottom edge of the card at (x, y - 1).

The silence window (option ``silence``):

* ``"timer"``: after every turn (except the last of the game, and never while the
  table is empty), ``actors()`` returns every seat that has not yet declined, in
  seat order. Each of them may ``claim`` (only a seat holding a Bummer has this
  action), ``pass`` (this seat will not claim; when every seat has passed the window
  closes early) or ``close`` (the countdown ran out: the window closes for all).
  The engine never measures time: the UI runs a countdown of
  ``options["silence_seconds"]`` and, when it ends, sends ``close`` on behalf of any
  seat in ``actors()`` (for example the first). Which seats may claim is private:
  a public screen must not show ``legal_actions`` of the seats during the window.
* ``"turns"``: the same window, asked one seat at a time: ``actors()`` is a single
  seat, starting with the next player and ending with the player who just played;
  each answers ``claim`` or ``pass``. Every seat is asked, Bummer or not, so the
  order of questions reveals nothing.

After a ``claim`` the claimant plays one Bummer (stage ``bummer``), may tell a story,
draws a card, and the window closes; the next turn starts. At most one Bummer is
played in each window.

``view(seat)`` keys a screen needs: ``stage``, ``turn``, ``round``, ``actors``,
``acting`` (the seat in the story or bummer stage), ``board`` (cells with the card and
who played it), ``bounds``, ``hand`` (the viewer's own cards, else None), ``spots``
(word -> legal cells, only for the viewer when it must place), ``players`` (hand
counts, score breakdown, both piles), ``community`` (cards left), ``deck`` and
``topics`` (the deck builder), ``window`` (mode, seconds, seats still waiting),
``story`` (whose story is due), ``last`` (the last play, its sweep or Euphoria),
``journal`` and ``symbols`` (letter -> colour and name).
"""

from __future__ import annotations

from typing import Any

from ..core import Action, GameState, copy_nested, ranked_result
from .cards import (
    COLOUR_SYMBOL,
    EDGE_NAMES,
    HAND_SIZE,
    SYMBOLS,
    TOPIC_LABELS,
    TOPICS,
    Card,
    catalogue,
    matches,
    min_deck,
)
from .explain import FORMULA, score_items

BUILD, PLAY, STORY, WINDOW, BUMMER, OVER = "build", "play", "story", "window", "bummer", "over"
STORY_MAX = 500
CENTRE = (0, 0)
# (dx, dy, index of my edge, index of the neighbour's edge that touches it)
DIRS = ((0, -1, 0, 2), (1, 0, 1, 3), (0, 1, 2, 0), (-1, 0, 3, 1))
GAP_OFFSETS = ((2, 0), (-2, 0), (0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))


def neighbours(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy, _, _ in DIRS]


def edge_label(colour: str) -> str:
    letter = COLOUR_SYMBOL[colour]
    return f"{SYMBOLS[letter][1]} ({letter})"


class HappinessState(GameState):
    __slots__ = (
        "cards",
        "youngest",
        "excluded",
        "deck",
        "box",
        "hands",
        "board",
        "stage",
        "turn",
        "round",
        "actor",
        "after",
        "waiting",
        "joy",
        "euphoria",
        "bummed",
        "lost",
        "euphoria_pile",
        "bummer_pile",
        "journal",
        "end_triggered",
        "turns_played",
        "last",
        "deck_size",
        "_cache",
    )
    cards: tuple[Card, ...]
    youngest: int
    excluded: tuple[str, ...]  # topics left out of the deck
    deck: list[int]  # community deck, top card last
    box: list[int]  # set up once, never changed after
    hands: list[list[int]]
    board: dict[tuple[int, int], tuple[int, int]]  # cell -> (card, seat that played it)
    stage: str
    turn: int
    round: int
    actor: int | None  # the seat in the story or bummer stage
    after: str | None
    waiting: list[int]  # seats the silence window still waits for
    joy: list[int]
    euphoria: list[int]
    bummed: list[int]
    lost: list[int]
    euphoria_pile: list[list[int]]
    bummer_pile: list[list[int]]
    journal: list[dict[str, Any]]
    end_triggered: bool
    turns_played: int
    last: dict[str, Any] | None  # replaced, never changed in place
    deck_size: int
    _cache: dict[Any, Any]  # board facts; replaced (not cleared) when the board changes

    COPY = {
        "deck": list,
        "hands": copy_nested,
        "board": dict,
        "waiting": list,
        "joy": list,
        "euphoria": list,
        "bummed": list,
        "lost": list,
        "euphoria_pile": copy_nested,
        "bummer_pile": copy_nested,
        "journal": list,
    }

    # ---- setup --------------------------------------------------------------------
    @classmethod
    def new(cls, players: list[str], seed: int, options: dict) -> HappinessState:
        n = len(players)
        youngest = int(options.get("youngest", 0))
        if not 0 <= youngest < n:
            raise ValueError(f"the youngest player must be one of the {n} seats (seat 1-{n})")
        s = cls.__new__(cls)
        s.cards = catalogue().cards
        s._setup(players, seed, options)
        s.youngest = youngest
        s.excluded = ()
        s.deck = []
        s.box = list(range(len(s.cards)))  # every card waits in the box until the deck is built
        s.hands = [[] for _ in range(n)]
        s.board = {}
        s.stage = BUILD
        s.turn = youngest
        s.round = 0
        s.actor = youngest
        s.after = None
        s.waiting = []
        s.joy = [0] * n
        s.euphoria = [0] * n
        s.bummed = [0] * n
        s.lost = [0] * n
        s.euphoria_pile = [[] for _ in range(n)]
        s.bummer_pile = [[] for _ in range(n)]
        s.journal = []
        s.end_triggered = False
        s.turns_played = 0
        s.last = None
        s.deck_size = 0
        s._cache = {}
        s.log(
            f"New game of Happiness for {n} players. {players[youngest]} is the youngest: "
            f"they build the deck and play first."
        )
        return s

    # ---- small facts ----------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def last_seat_of_round(self) -> int:
        return (self.youngest - 1) % self.n

    def card_by_word(self, word):
        cid = catalogue().by_word.get(word) if isinstance(word, str) else None
        return cid

    def deck_plan(self, excluded=None) -> tuple[int, int]:
        """(Joycards, Bummers) the deck will hold with these topics left out."""
        cat = catalogue()
        excluded = set(self.excluded if excluded is None else excluded)
        want_j, want_b = cat.deck_sizes[self.n]
        kept_j = sum(1 for i in cat.joycards if not excluded & set(self.cards[i].topics))
        kept_b = sum(1 for i in cat.bummers if not excluded & set(self.cards[i].topics))
        return min(want_j, kept_j), min(want_b, kept_b)

    def score(self, seat: int) -> int:
        return self.joy[seat] + self.euphoria[seat] + self.bummed[seat] - self.lost[seat]

    # ---- the board ---------------------------------------------------------------------
    def board_changed(self) -> None:
        """Forget the facts worked out from the board; the engine calls this after each
        card it lays, and scene-building tests after changing the board by hand."""
        self._cache = {}

    def frontier(self) -> list:
        """Empty cells that share an edge with at least one card, sorted."""
        f = self._cache.get("frontier")
        if f is None:
            board = self.board
            f = sorted({c for cell in board for c in neighbours(cell) if c not in board})
            self._cache["frontier"] = f
        return f

    def gap_spots(self) -> list:
        """Empty cells touching no card, two steps (straight or diagonal) from a card."""
        g = self._cache.get("gap")
        if g is None:
            board = self.board
            cands = {(x + dx, y + dy) for (x, y) in board for dx, dy in GAP_OFFSETS}
            g = sorted(
                c for c in cands if c not in board and not any(nb in board for nb in neighbours(c))
            )
            self._cache["gap"] = g
        return g

    def mismatch(self, cid: int, cell) -> str | None:
        """Why card cid cannot sit at cell against its neighbours (None if it fits)."""
        card = self.cards[cid]
        x, y = cell
        for dx, dy, mine, theirs in DIRS:
            other = self.board.get((x + dx, y + dy))
            if other is None:
                continue
            o = self.cards[other[0]]
            if not matches(card.edges[mine], o.edges[theirs]):
                return (
                    f"its {EDGE_NAMES[mine]} edge, {edge_label(card.edges[mine])}, does not "
                    f"match the {EDGE_NAMES[theirs]} edge of {o.word}, "
                    f"{edge_label(o.edges[theirs])}"
                )
        return None

    def connect_spots(self, cid: int) -> list:
        """Cells where card cid touches at least one card and matches all it touches."""
        key = ("connect", cid)
        out = self._cache.get(key)
        if out is None:
            out = [c for c in self.frontier() if self.mismatch(cid, c) is None]
            self._cache[key] = out
        return out

    def spots_for(self, seat: int, cid: int) -> list:
        """Every cell where seat may put card cid now (in the play or bummer stage)."""
        card = self.cards[cid]
        if not self.board:
            return [] if card.is_bummer else [CENTRE]
        conn = self.connect_spots(cid)
        if conn:
            return conn
        if card.is_bummer and any(
            self.connect_spots(b) for b in self.hands[seat] if self.cards[b].is_bummer
        ):
            return []  # a Bummer that would sweep nothing, while another one would
        return self.gap_spots()

    def euphoria_cells(self, cell) -> list:
        """Cells of every plus that a card now at ``cell`` completes (sorted, unique)."""
        board = self.board
        out = set()
        for centre in [cell, *neighbours(cell)]:
            if centre not in board:
                continue
            arms = neighbours(centre)
            if not all(a in board for a in arms):
                continue
            c = self.cards[board[centre][0]]
            ok = True
            for (_dx, _dy, mine, theirs), arm in zip(DIRS, arms, strict=False):
                if not matches(c.edges[mine], self.cards[board[arm][0]].edges[theirs]):
                    ok = False
            if ok:
                out.add(centre)
                out.update(arms)
        return sorted(out)

    def sweep_cells(self, cell) -> list:
        """Cells of the Joycards a Bummer at ``cell`` would bum out."""
        return [c for c in neighbours(cell) if c in self.board]

    # ---- protocol -----------------------------------------------------------------------
    def actors(self) -> list[int]:
        if self.stage == OVER:
            return []
        if self.stage == WINDOW:
            return sorted(self.waiting) if self.timer else self.waiting[:1]
        if self.stage == PLAY or self.actor is None:
            return [self.turn]
        return [self.actor]

    @property
    def interrupt_window(self) -> bool:
        """True while a timed silence is open: several seats may act at once, and the
        UI runs the countdown (the turn controller reads this)."""
        return self.stage == WINDOW and self.timer

    @property
    def timer(self) -> bool:
        return self.options.get("silence", "timer") == "timer"

    def can_claim(self, seat: int) -> bool:
        return bool(self.board) and any(self.cards[i].is_bummer for i in self.hands[seat])

    def sample_story(self, seat: int) -> str:
        word = self.cards[self.last["card"]].word if self.last else "this card"
        return f"A short story about {word}."

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.actors():
            return []
        cards = self.cards
        out: list[Action] = []
        if self.stage == BUILD:
            for t in TOPICS:
                if t in self.excluded:
                    out.append(Action(seat, "toggle_topic", (t,), f"Put {TOPIC_LABELS[t]} back in"))
                elif sum(self.deck_plan(set(self.excluded) | {t})) >= min_deck(self.n):
                    out.append(Action(seat, "toggle_topic", (t,), f"Leave out {TOPIC_LABELS[t]}"))
            out.append(
                Action(seat, "build_done", (), f"Deal from a deck of {sum(self.deck_plan())} cards")
            )
        elif self.stage in (PLAY, BUMMER):
            want_bummer = self.stage == BUMMER
            for cid in self.hands[seat]:
                c = cards[cid]
                if c.is_bummer != want_bummer:
                    continue
                for x, y in self.spots_for(seat, cid):
                    out.append(Action(seat, "place", (c.word, x, y), self._place_label(c, x, y)))
            if self.stage == PLAY and not out:
                out.append(Action(seat, "pass_turn", (), "Pass: no Joycard in hand"))
        elif self.stage == STORY:
            out.append(Action(seat, "story", (self.sample_story(seat),), "Tell a story"))
            out.append(Action(seat, "skip_story", (), "Skip the story"))
        elif self.stage == WINDOW:
            if self.can_claim(seat):
                out.append(Action(seat, "claim", (), "Break the silence with a Bummer"))
            out.append(Action(seat, "pass", (), "Stay silent"))
            if self.timer:
                out.append(Action(seat, "close", (), "The silence is over"))
        return out

    @staticmethod
    def _place_label(c, x, y) -> str:
        if c.is_bummer:
            return f"Play the Bummer {c.word} at ({x}, {y})"
        return f"Play {c.word} ({c.points} Joypoint{'s' if c.points != 1 else ''}) at ({x}, {y})"

    def why_illegal(self, a: Action) -> str | None:
        seat, who = a.seat, self.players[a.seat]
        allowed = {
            BUILD: ("toggle_topic", "build_done"),
            PLAY: ("place", "pass_turn"),
            STORY: ("story", "skip_story"),
            WINDOW: ("claim", "pass", "close"),
            BUMMER: ("place",),
        }[self.stage]
        if a.kind not in allowed:
            doing = {
                BUILD: f"{who} is building the deck",
                PLAY: f"{who} must play a Joycard",
                STORY: f"{who} may tell a story or skip it",
                WINDOW: "the table is in the silence between turns",
                BUMMER: f"{who} must play a Bummer",
            }[self.stage]
            return f"Not now: {doing}."
        expect = {"toggle_topic": 1, "place": 3, "story": 1}.get(a.kind, 0)
        if len(a.args) != expect:
            return f"'{a.kind}' takes {expect} argument(s)."
        if a.kind == "toggle_topic":
            t = a.args[0]
            if t not in TOPICS:
                return f"There is no topic {t!r} (topics: {', '.join(TOPICS)})."
            if t not in self.excluded and sum(self.deck_plan(set(self.excluded) | {t})) < min_deck(
                self.n
            ):
                return f"Leaving out {t} would leave fewer than {min_deck(self.n)} cards."
        elif a.kind == "place":
            return self._place_problem(seat, *a.args)
        elif a.kind == "pass_turn":
            if any(not self.cards[i].is_bummer for i in self.hands[seat]):
                return "A seat holding a Joycard must play one."
        elif a.kind == "story":
            text = a.args[0]
            if not isinstance(text, str) or not text.strip():
                return "A story needs some text (or skip the story)."
            if len(text.strip()) > STORY_MAX:
                return f"A story holds at most {STORY_MAX} characters."
            if any(ord(ch) < 32 and ch not in "\n\t" for ch in text):
                return "A story may not hold control characters."
        elif a.kind == "claim":
            if not self.board:
                return "There is nothing on the table for a Bummer to touch."
            if not self.can_claim(seat):
                return f"{who} holds no Bummer."
        elif a.kind == "close" and not self.timer:
            return "In the turn-based silence every seat answers in turn; nobody closes it."
        return None

    def _place_problem(self, seat: int, word, x, y) -> str | None:
        cid = self.card_by_word(word)
        if cid is None or cid not in self.hands[seat]:
            return f"{word!r} is not in {self.players[seat]}'s hand."
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)):
            return "A spot is two whole numbers (x, y)."
        card, cell = self.cards[cid], (x, y)
        if self.stage == PLAY and card.is_bummer:
            return "A Bummer is played only in the silence between turns."
        if self.stage == BUMMER and not card.is_bummer:
            return "After claiming the silence, play a Bummer."
        if cell in self.board:
            return f"({x}, {y}) already holds {self.cards[self.board[cell][0]].word}."
        if not self.board:
            if card.is_bummer:
                return "A Bummer needs cards on the table to connect to."
            if cell != CENTRE:
                return "On an empty table the card goes in the centre, (0, 0)."
            return None
        if any(nb in self.board for nb in neighbours(cell)):
            why = self.mismatch(cid, cell)
            return f"{card.word} cannot go at ({x}, {y}): {why}." if why else None
        # Placed apart from every card.
        if self.connect_spots(cid):
            return (
                f"{card.word} can connect to the cards on the table, so it may not be "
                f"placed apart from them."
            )
        if cell not in self.gap_spots():
            return (
                "A card placed apart goes two steps (straight or diagonal) from the nearest card."
            )
        if card.is_bummer and any(
            self.connect_spots(b) for b in self.hands[seat] if self.cards[b].is_bummer
        ):
            return (
                "That Bummer would bum out nothing, and another of your Bummers can be "
                "played against Joycards."
            )
        return None

    # ---- applying -------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        before = self.actors()
        getattr(self, "_do_" + a.kind)(a)
        if self.actors() != before:
            self.checkpoint += 1  # play passes to other seats: undo stops here

    def _do_toggle_topic(self, a: Action) -> None:
        t = a.args[0]
        ex = set(self.excluded)
        if t in ex:
            ex.remove(t)
            self.log(f"{self.players[a.seat]} puts {TOPIC_LABELS[t]} back in the deck.")
        else:
            ex.add(t)
            self.log(f"{self.players[a.seat]} leaves {TOPIC_LABELS[t]} out of the deck.")
        self.excluded = tuple(x for x in TOPICS if x in ex)

    def _do_build_done(self, a: Action) -> None:
        cat = catalogue()
        ex = set(self.excluded)
        kept_j = [i for i in cat.joycards if not ex & set(self.cards[i].topics)]
        kept_b = [i for i in cat.bummers if not ex & set(self.cards[i].topics)]
        nj, nb = self.deck_plan()
        self.rng.shuffle(kept_j)
        self.rng.shuffle(kept_b)
        deck = kept_j[:nj] + kept_b[:nb]
        self.box = sorted(set(range(len(self.cards))) - set(deck))
        self.rng.shuffle(deck)
        self.deck = deck
        self.deck_size = len(deck)
        left_out = ", ".join(TOPIC_LABELS[t] for t in self.excluded) or "nothing"
        self.log(
            f"The deck holds {nj} Joycards and {nb} Bummers ({len(deck)} cards; "
            f"left out: {left_out})."
        )
        for k in range(self.n):
            seat = (self.youngest + k) % self.n
            for _ in range(HAND_SIZE):
                self.hands[seat].append(self.deck.pop())
            words = ", ".join(self.cards[i].word for i in self.hands[seat])
            self.log(f"You are dealt {words}.", seat)
        self.log(
            f"Each player is dealt {HAND_SIZE} cards; {len(self.deck)} remain in the "
            f"community deck."
        )
        self.checkpoint += 1  # cards dealt: hidden information revealed to each seat
        self.round = 1
        self.turn = self.youngest
        self.stage = PLAY
        self.log(f"Round 1: {self.players[self.turn]} starts.")

    def _do_place(self, a: Action) -> None:
        seat = a.seat
        cid = self.card_by_word(a.args[0])
        cell = (a.args[1], a.args[2])
        self.hands[seat].remove(cid)
        self.checkpoint += 1  # the card left a hidden hand
        if self.cards[cid].is_bummer:
            self._play_bummer(seat, cid, cell)
            self.after = "bummer"
        else:
            self._play_joycard(seat, cid, cell)
            self.after = "turn"
        self.actor = seat
        self.stage = STORY

    def _play_bummer(self, seat: int, cid: int, cell: tuple[int, int]) -> None:
        who, card = self.players[seat], self.cards[cid]
        swept = self.sweep_cells(cell)
        taken = [self.board.pop(c) for c in swept]
        self.board_changed()
        ids = [i for i, _ in taken]
        pts = sum(self.cards[i].points for i in ids)
        self.bummer_pile[seat].extend(ids + [cid])
        self.bummed[seat] += pts
        if self.options.get("bummer_scoring", "take") == "strip":
            for i, owner in taken:
                self.lost[owner] += self.cards[i].points
        if ids:
            names = ", ".join(self.cards[i].word for i in ids)
            self.log(
                f"{who} plays the Bummer {card.word} at ({cell[0]}, {cell[1]}): it bums "
                f"out {names}, worth {pts} Joypoint{'s' if pts != 1 else ''}, into "
                f"{who}'s Bummer Pile."
            )
        else:
            self.log(
                f"{who} plays the Bummer {card.word} apart from every card: it bums out "
                f"nothing and goes alone into {who}'s Bummer Pile."
            )
        self.last = {
            "seat": seat,
            "card": cid,
            "cell": list(cell),
            "bummer": True,
            "swept": [list(c) for c in swept],
            "swept_cards": ids,
            "points": pts,
            "euphoria": [],
            "euphoria_cards": [],
        }

    def _play_joycard(self, seat: int, cid: int, cell: tuple[int, int]) -> None:
        who, card = self.players[seat], self.cards[cid]
        self.board[cell] = (cid, seat)
        self.board_changed()
        self.joy[seat] += card.points
        self.log(
            f"{who} plays {card.word} at ({cell[0]}, {cell[1]}) and scores "
            f"{card.points} Joypoint{'s' if card.points != 1 else ''}."
        )
        plus = self.euphoria_cells(cell)
        ids = [self.board[c][0] for c in plus]
        bonus = sum(self.cards[i].points for i in ids)
        if plus:
            for c in plus:
                del self.board[c]
            self.board_changed()
            self.euphoria_pile[seat].extend(ids)
            self.euphoria[seat] += bonus
            names = ", ".join(self.cards[i].word for i in ids)
            self.log(
                f"Euphoria! {who} completes a plus: {names} go into {who}'s Euphoria "
                f"Pile for {bonus} more Joypoints."
            )
        self.last = {
            "seat": seat,
            "card": cid,
            "cell": list(cell),
            "bummer": False,
            "swept": [],
            "swept_cards": [],
            "points": card.points,
            "euphoria": [list(c) for c in plus],
            "euphoria_cards": ids,
            "bonus": bonus,
        }

    def _do_story(self, a: Action) -> None:
        text = a.args[0].strip()
        seat = a.seat
        assert self.last is not None  # a story follows a card just played
        self.journal.append(
            {
                "seat": seat,
                "name": self.players[seat],
                "word": self.cards[self.last["card"]].word,
                "bummer": self.last["bummer"],
                "round": self.round,
                "text": text,
            }
        )
        self.log(f"{self.players[seat]} tells a story: \u201c{text}\u201d")
        self._after_story(seat)

    def _do_skip_story(self, a: Action) -> None:
        self._after_story(a.seat)

    def _after_story(self, seat: int) -> None:
        self._draw(seat)
        if self.after == "bummer":
            self._close_window()
        else:
            self._end_turn()

    def _do_pass_turn(self, a: Action) -> None:
        self.log(f"{self.players[a.seat]} holds no Joycard and passes.")
        self.last = None
        self._draw(a.seat)
        self._end_turn()

    def _do_claim(self, a: Action) -> None:
        self.log(f"{self.players[a.seat]} breaks the silence with a Bummer!")
        self.waiting = []
        self.actor = a.seat
        self.stage = BUMMER

    def _do_pass(self, a: Action) -> None:
        self.waiting.remove(a.seat)
        if not self.waiting:
            self._close_window()

    def _do_close(self, a: Action) -> None:
        self._close_window()

    # ---- flow ---------------------------------------------------------------------------------
    def _draw(self, seat: int) -> None:
        if not self.deck:
            return
        cid = self.deck.pop()
        self.hands[seat].append(cid)
        self.checkpoint += 1  # a hidden card was drawn
        self.log(f"You draw {self.cards[cid].word}.", seat)
        if self.deck:
            self.log(
                f"{self.players[seat]} draws a card; {len(self.deck)} left in the community deck."
            )
        else:
            self.end_triggered = True
            self.log(f"{self.players[seat]} draws the last community card: this round is the last.")

    def _end_turn(self) -> None:
        self.turns_played += 1
        if self.turn == self.last_seat_of_round and self.end_triggered:
            self._finish()
            return
        if self.board:
            self.stage = WINDOW
            self.after = None
            if self.timer:
                self.waiting = list(range(self.n))
            else:
                self.waiting = [(self.turn + 1 + k) % self.n for k in range(self.n)]
        else:
            self._next_turn()

    def _close_window(self) -> None:
        if self.after != "bummer":
            self.log("The silence passes without a Bummer.")
        self.waiting = []
        self.after = None
        if self.turn == self.last_seat_of_round and self.end_triggered:
            self._finish()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        if self.turn == self.last_seat_of_round:
            self.round += 1
            self.log(f"Round {self.round}.")
        self.turn = (self.turn + 1) % self.n
        self.actor = self.turn
        self.stage = PLAY

    def _finish(self) -> None:
        self.stage = OVER
        self.waiting = []
        res = self.result()
        names = " and ".join(self.players[s] for s in res["winners"])
        self.log(
            f"The round is complete and the community deck is empty: the game is over. "
            f"{names} {'win' if len(res['winners']) > 1 else 'wins'}."
        )

    # ---- scoring ----------------------------------------------------------------------------------
    def breakdown(self, seat: int) -> dict:
        return {
            "joypoints": self.joy[seat],
            "euphoria": self.euphoria[seat],
            "bummed_out": self.bummed[seat],
            "lost_to_bummers": self.lost[seat],
            "score": self.score(seat),
            "euphoria_pile": len(self.euphoria_pile[seat]),
            "bummer_pile": len(self.bummer_pile[seat]),
        }

    def result(self) -> dict:
        parts = [self.breakdown(s) for s in range(self.n)]
        res = ranked_result(
            parts,
            "score",
            [
                (
                    "euphoria_pile",
                    "Euphoria Pile: among the tied players, the most cards in it wins",
                ),
                ("bummer_pile", "Bummer Pile: still tied, the most cards in it wins"),
            ],
            unshared="none needed: the most Joypoints is not shared",
            shared="still tied after both piles: the tied players share the win",
        )
        strip = self.options.get("bummer_scoring", "take") == "strip"
        res["items"] = [score_items(p, strip) for p in parts]  # every point, for the end screen
        res["formula"] = FORMULA
        res["summary"] = [["Euphoria pile", "euphoria_pile"], ["Bummer pile", "bummer_pile"]]
        return res

    # ---- views ----------------------------------------------------------------------------------------
    def card_view(self, cid: int) -> dict:
        return self.cards[cid].to_dict()

    def view(self, seat: int | None) -> dict:
        cards = self.cards
        nj, nb = self.deck_plan()
        cat = catalogue()
        board, bounds = self._board_view()
        hand, spots = self._hand_view(seat)
        return {
            "game": "happiness",
            "options": dict(self.options),
            "viewer": seat,
            "stage": self.stage,
            "turn": self.turn,
            "round": self.round,
            "actors": self.actors(),
            "acting": self.actor if self.stage in (STORY, BUMMER) else None,
            "youngest": self.youngest,
            "last_seat_of_round": self.last_seat_of_round,
            "end_triggered": self.end_triggered,
            "over": self.is_over,
            "community": len(self.deck),
            "deck": {
                "size": self.deck_size if self.stage != BUILD else nj + nb,
                "joycards": nj,
                "bummers": nb,
                "minimum": min_deck(self.n),
            },
            "topics": [
                {
                    "topic": t,
                    "label": TOPIC_LABELS[t],
                    "left_out": t in self.excluded,
                    "cards": cat.topic_count(t),
                }
                for t in TOPICS
            ],
            "board": board,
            "bounds": bounds,
            "players": self._players_view(),
            "hand": hand,
            "spots": spots,
            "window": self._window_view(),
            "story": (
                {
                    "seat": self.actor,
                    "word": cards[self.last["card"]].word,
                    "bummer": self.last["bummer"],
                }
                if self.stage == STORY and self.last is not None
                else None
            ),
            "last": self._last_view(),
            "journal": [dict(e) for e in self.journal],
            "symbols": {
                letter: {"colour": colour, "name": name}
                for letter, (colour, name) in SYMBOLS.items()
            },
            "story_max": STORY_MAX,
        }

    def _players_view(self) -> list[dict[str, Any]]:
        cards = self.cards
        return [
            {
                "seat": s,
                "name": self.players[s],
                "hand_count": len(self.hands[s]),
                "youngest": s == self.youngest,
                "score": self.breakdown(s),
                "euphoria_pile": [cards[i].word for i in self.euphoria_pile[s]],
                "bummer_pile": [cards[i].word for i in self.bummer_pile[s]],
            }
            for s in range(self.n)
        ]

    def _board_view(self) -> tuple[list[dict[str, Any]], list[int] | None]:
        """The cards on the table, row by row, and the bounds they span."""
        board = [
            {"x": x, "y": y, "by": by, "card": self.card_view(cid)}
            for (x, y), (cid, by) in sorted(self.board.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ]
        if not self.board:
            return board, None
        xs = [x for x, _ in self.board]
        ys = [y for _, y in self.board]
        return board, [min(xs), min(ys), max(xs), max(ys)]

    def _hand_view(
        self, seat: int | None
    ) -> tuple[list[dict[str, Any]] | None, dict[str, list[list[int]]]]:
        """The viewer's own hand, and where each card may go when the viewer must place."""
        hand = None
        spots: dict[str, list[list[int]]] = {}
        if seat is not None and 0 <= seat < self.n:
            hand = [self.card_view(i) for i in self.hands[seat]]
        if hand is not None and self.stage in (PLAY, BUMMER) and seat in self.actors():
            for a in self.legal_actions(seat):
                if a.kind == "place":
                    spots.setdefault(a.args[0], []).append([a.args[1], a.args[2]])
        return hand, spots

    def _last_view(self) -> dict[str, Any] | None:
        if self.last is None:
            return None
        cards = self.cards
        last = {k: v for k, v in self.last.items() if not k.endswith("cards") and k != "card"}
        last["word"] = cards[self.last["card"]].word
        last["swept_words"] = [cards[i].word for i in self.last["swept_cards"]]
        last["euphoria_words"] = [cards[i].word for i in self.last["euphoria_cards"]]
        return last

    def _window_view(self) -> dict[str, Any] | None:
        if self.stage != WINDOW:
            return None
        return {
            "mode": "timer" if self.timer else "turns",
            "seconds": self.options.get("silence_seconds", 5),
            "waiting": sorted(self.waiting) if self.timer else list(self.waiting),
            "after_turn_of": self.turn,
        }

    # ---- for tests: every card exactly once ------------------------------------------------------------
    def all_card_places(self) -> list[int]:
        out = list(self.deck) + list(self.box)
        for h in self.hands:
            out += h
        out += [cid for cid, _ in self.board.values()]
        for p in self.euphoria_pile:
            out += p
        for p in self.bummer_pile:
            out += p
        return out

    # ---- a copy for bots: what one seat knows, every hidden thing drawn afresh ----------------
    def resample(self, seat: int, seed: int) -> HappinessState:
        """The table, the piles, hand sizes and the seat's own hand stay. The cards the
        seat has not seen (other hands, the community deck, and the box of cards left
        out of the deck) are redealt from ``seed``, keeping the deck's count of Joycards
        and Bummers. Not modelled: a seat that passed for lack of Joycards held only
        Bummers at that moment; its redealt hand may not."""
        from ..core.rng import Rng

        s = self._copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        s._log = self.log_seen_by(seat)
        if self.stage == BUILD:
            return s
        cat = catalogue()
        seen = set(self.hands[seat]) | {cid for cid, _ in self.board.values()}
        for pile in self.euphoria_pile + self.bummer_pile:
            seen.update(pile)
        ex = set(self.excluded)
        nj, nb = self.deck_plan()
        pool = []
        for ids, want in ((cat.joycards, nj), (cat.bummers, nb)):
            unseen = sorted(i for i in ids if i not in seen and not ex & set(self.cards[i].topics))
            rng.shuffle(unseen)
            pool += unseen[: want - sum(1 for i in ids if i in seen)]
        rng.shuffle(pool)
        for other in range(self.n):
            if other != seat:
                k = len(self.hands[other])
                s.hands[other] = pool[len(pool) - k :]
                del pool[len(pool) - k :]
        s.deck = pool
        s.box = sorted(
            set(range(len(self.cards))) - set(pool) - seen - {i for h in s.hands for i in h}
        )
        return s
