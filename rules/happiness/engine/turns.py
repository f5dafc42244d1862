"""Applying each action: building the deck, laying cards (Euphoria, Bummers), stories,
draws, the silence window, the end of turns, rounds and the game."""

from __future__ import annotations

from ...core import Action
from ..cards import (
    HAND_SIZE,
    TOPIC_LABELS,
    TOPICS,
    catalogue,
)
from .fields import BUMMER, OVER, PLAY, STORY, WINDOW
from .legal import HappinessLegal


class HappinessTurns(HappinessLegal):
    __slots__ = ()

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
        where = self.place_name(cell)  # named before the cards beside it are swept
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
                f"{who} plays the Bummer {card.word} {where}: it bums "
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
        where = self.place_name(cell)
        self.board[cell] = (cid, seat)
        self.board_changed()
        self.joy[seat] += card.points
        self.log(
            f"{who} plays {card.word} {where} and scores "
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
            self.pluses[seat].append([bonus, [self.cards[i].word for i in ids]])
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
