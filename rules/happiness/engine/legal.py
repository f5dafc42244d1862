"""Who acts now, the legal actions of a seat, and why an action is refused."""

from __future__ import annotations

from ...core import Action, unsavable
from ..cards import (
    TOPIC_LABELS,
    TOPICS,
    min_deck,
)
from .board import HappinessBoard
from .fields import BUILD, BUMMER, CENTRE, OVER, PLAY, STORY, STORY_MAX, WINDOW, neighbours


class HappinessLegal(HappinessBoard):
    __slots__ = ()

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
        if self.stage == BUILD:
            return self._build_moves(seat)
        if self.stage in (PLAY, BUMMER):
            return self._card_moves(seat)
        if self.stage == STORY:
            return self._story_moves(seat)
        return self._window_moves(seat) if self.stage == WINDOW else []

    def _build_moves(self, seat: int) -> list[Action]:
        # Dealing first: a menu's first move is the one that changes nothing unasked
        out = [Action(seat, "build_done", (), f"Deal from a deck of {sum(self.deck_plan())} cards")]
        for t in TOPICS:
            if t in self.excluded:
                out.append(Action(seat, "toggle_topic", (t,), f"Put {TOPIC_LABELS[t]} back in"))
            elif sum(self.deck_plan(set(self.excluded) | {t})) >= min_deck(self.n):
                out.append(Action(seat, "toggle_topic", (t,), f"Leave out {TOPIC_LABELS[t]}"))
        return out

    def _card_moves(self, seat: int) -> list[Action]:
        want_bummer = self.stage == BUMMER
        out: list[Action] = []
        for cid in self.hands[seat]:
            c = self.cards[cid]
            if c.is_bummer != want_bummer:
                continue
            for x, y in self.spots_for(seat, cid):
                out.append(Action(seat, "place", (c.word, x, y), self._place_label(c, x, y)))
        if self.stage == PLAY and not out:
            out.append(Action(seat, "pass_turn", (), "Pass: no Joycard in hand"))
        return out

    def _story_moves(self, seat: int) -> list[Action]:
        return [
            Action(seat, "story", (self.sample_story(seat),), "Tell a story"),
            Action(seat, "skip_story", (), "Skip the story"),
        ]

    def _window_moves(self, seat: int) -> list[Action]:
        out = [Action(seat, "pass", (), "Stay silent")]  # first: Enter keeps the silence
        if self.can_claim(seat):
            out.append(Action(seat, "claim", (), "Break the silence with a Bummer"))
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
        if a.kind == "place":
            return self._place_problem(seat, *a.args)
        problem = self.PROBLEMS.get(a.kind)
        return problem(self, a) if problem is not None else None

    def _topic_problem(self, a: Action) -> str | None:
        t = a.args[0]
        if t not in TOPICS:
            return f"There is no topic {t!r} (topics: {', '.join(TOPICS)})."
        if t not in self.excluded and sum(self.deck_plan(set(self.excluded) | {t})) < min_deck(
            self.n
        ):
            return f"Leaving out {t} would leave fewer than {min_deck(self.n)} cards."
        return None

    def _pass_problem(self, a: Action) -> str | None:
        if any(not self.cards[i].is_bummer for i in self.hands[a.seat]):
            return "A seat holding a Joycard must play one."
        return None

    def _story_problem(self, a: Action) -> str | None:
        text = a.args[0]
        if not isinstance(text, str) or not text.strip():
            return "A story needs some text (or skip the story)."
        if len(text.strip()) > STORY_MAX:
            return f"A story holds at most {STORY_MAX} characters."
        if any(ord(ch) < 32 and ch not in "\n\t" for ch in text):
            return "A story may not hold control characters."
        if why := unsavable(text):
            return f"This story cannot be saved: {why}."
        return None

    def _claim_problem(self, a: Action) -> str | None:
        if not self.board:
            return "There is nothing on the table for a Bummer to touch."
        if not self.can_claim(a.seat):
            return f"{self.players[a.seat]} holds no Bummer."
        return None

    def _close_problem(self, a: Action) -> str | None:
        if not self.timer:
            return "In the turn-based silence every seat answers in turn; nobody closes it."
        return None

    # what may be wrong with a move of each kind, once its stage and arguments fit
    PROBLEMS = {
        "toggle_topic": _topic_problem,
        "pass_turn": _pass_problem,
        "story": _story_problem,
        "claim": _claim_problem,
        "close": _close_problem,
    }

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
