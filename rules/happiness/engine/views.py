"""Scores, the result, and what each seat may see (``view``)."""

from __future__ import annotations

from typing import Any, cast

from ...core import ranked_result
from ..cards import (
    SYMBOLS,
    TOPIC_LABELS,
    TOPICS,
    catalogue,
    min_deck,
)
from ..explain import FORMULA, score_items
from ..view_types import (
    BoardCell,
    CardFace,
    HappinessPlayer,
    HappinessScore,
    HappinessView,
    LastPlay,
    StoryDue,
    WindowView,
)
from .fields import BUILD, BUMMER, PLAY, STORY, STORY_MAX, WINDOW
from .turns import HappinessTurns


class HappinessViews(HappinessTurns):
    __slots__ = ()

    def breakdown(self, seat: int) -> dict[str, Any]:
        return {**self.score_view(seat)}

    def score_view(self, seat: int) -> HappinessScore:
        return {
            "joypoints": self.joy[seat],
            "euphoria": self.euphoria[seat],
            "bummed_out": self.bummed[seat],
            "lost_to_bummers": self.lost[seat],
            "score": self.score(seat),
            "euphoria_pile": len(self.euphoria_pile[seat]),
            "bummer_pile": len(self.bummer_pile[seat]),
            "pluses": [[bonus, list(words)] for bonus, words in self.pluses[seat]],
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
    def card_view(self, cid: int) -> CardFace:
        return self.cards[cid].to_dict()

    def view(self, seat: int | None) -> dict[str, Any]:
        # The protocol's view is an untyped mapping; ``seat_view`` declares this one.
        return cast(dict[str, Any], self.seat_view(seat))

    def seat_view(self, seat: int | None) -> HappinessView:
        """What ``seat`` may know: the table, the piles, hand sizes and its own hand."""
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
            "story": self._story_view(),
            "last": self._last_view(),
            "journal": [dict(e) for e in self.journal],
            "symbols": {
                letter: {"colour": colour, "name": name}
                for letter, (colour, name) in SYMBOLS.items()
            },
            "story_max": STORY_MAX,
        }

    def _players_view(self) -> list[HappinessPlayer]:
        cards = self.cards
        return [
            {
                "seat": s,
                "name": self.players[s],
                "hand_count": len(self.hands[s]),
                "youngest": s == self.youngest,
                "score": self.score_view(s),
                "euphoria_pile": [cards[i].word for i in self.euphoria_pile[s]],
                "bummer_pile": [cards[i].word for i in self.bummer_pile[s]],
            }
            for s in range(self.n)
        ]

    def _board_view(self) -> tuple[list[BoardCell], list[int] | None]:
        """The cards on the table, row by row, and the bounds they span."""
        board: list[BoardCell] = [
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
    ) -> tuple[list[CardFace] | None, dict[str, list[list[int]]]]:
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

    def _story_view(self) -> StoryDue | None:
        """Whose story is due, about which card (in the story stage only)."""
        if self.stage != STORY or self.last is None or self.actor is None:
            return None
        return {
            "seat": self.actor,
            "word": self.cards[self.last["card"]].word,
            "bummer": self.last["bummer"],
        }

    def _last_view(self) -> LastPlay | None:
        if self.last is None:
            return None
        cards = self.cards
        kept = {k: v for k, v in self.last.items() if not k.endswith("cards") and k != "card"}
        last = cast(LastPlay, kept)  # the record's keys, less its card ids
        last["word"] = cards[self.last["card"]].word
        last["swept_words"] = [cards[i].word for i in self.last["swept_cards"]]
        last["euphoria_words"] = [cards[i].word for i in self.last["euphoria_cards"]]
        return last

    def _window_view(self) -> WindowView | None:
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
