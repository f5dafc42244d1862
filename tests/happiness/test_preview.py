"""The placement preview (item 1 of issue 31): what ``explain_place`` says before a
card is laid is what the engine then does."""

import random

from rules.happiness import HappinessState
from rules.happiness.preview import explain_place

from .helpers import BUM, JOY, SPEC, card, clear_table, hand, put, shape, started


def _play_comparing(seed: int) -> tuple[int, int, HappinessState]:
    """Play one seeded game preferring pluses and sweeps, checking every placement's
    preview against the engine's record of it; returns (pluses, sweeps) seen and the
    final state."""
    rng = random.Random(seed)
    s = SPEC.new_game(["A", "B", "C"], seed=seed)
    pluses = sweeps = 0
    while not s.is_over:
        seat = s.actors()[0]
        legal = s.legal_actions(seat)
        places = [a for a in legal if a.kind == "place"]
        if not places:
            s = s.apply(rng.choice(legal))
            continue
        view = s.view(seat)
        said = {a: explain_place(view, a.args[0], a.args[1:]) for a in places}
        best = max(places, key=lambda a: (len(said[a]["plus"]), len(said[a]["swept"])))
        chosen = best if said[best]["plus"] or said[best]["swept"] else rng.choice(places)
        facts = said[chosen]
        s = s.apply(chosen)
        last = s.view(seat)["last"]
        assert last is not None  # a card was just placed
        assert facts["legal"] and facts["bummer"] == last["bummer"]
        assert facts["swept"] == last["swept_words"]
        assert sorted(facts["plus"]) == sorted(last["euphoria_words"])
        assert facts["bonus"] == last.get("bonus", 0)
        if not facts["bummer"]:
            assert facts["points"] == last["points"]
        pluses += int(bool(facts["plus"]))
        sweeps += int(bool(facts["swept"]))
    return pluses, sweeps, s


def test_preview_matches_every_placement_the_engine_then_makes():
    seen = [_play_comparing(seed) for seed in (1, 2, 3)]
    assert sum(p for p, _, _ in seen) >= 1 and sum(w for _, w, _ in seen) >= 1
    # and the end screen itemises each plus (issue 31 item 9)
    for pluses, _, s in seen:
        res = s.result()
        for seat in range(s.n):
            items = res["items"][seat]
            assert items[0]["label"] == "Joypoints of cards played"
            each = [it for it in items if it["label"].startswith("  plus of ")]
            assert len(each) == len(s.pluses[seat])
            total = sum(int(it["value"]) for it in each)
            assert total == res["breakdown"][seat]["euphoria"]
        assert sum(len(p) for p in s.pluses) == pluses


def test_preview_line_names_the_spot_and_the_points():
    s = started(2, seed=5)
    word = next(c["word"] for c in s.view(s.turn)["hand"] if c["kind"] == "joy")
    facts = explain_place(s.view(s.turn), word, (0, 0))
    pts = card(s, word).points
    plural = "s" if pts != 1 else ""
    assert facts["text"] == f"{word} in the middle of the table: {pts} Joypoint{plural}."


def test_preview_of_a_bummer_lists_the_cards_it_sweeps():
    s = clear_table(started(2, seed=5))
    put(s, JOY[0], 0, 0, edges="WWWW", points=2)
    put(s, JOY[1], 1, 0, edges="WWWW", points=3)
    s.stage, s.actor = "bummer", 0
    hand(s, 0, BUM[0])
    shape(s, BUM[0], edges="WWWW")
    facts = explain_place(s.view(0), BUM[0], (0, 1))
    assert facts["swept"] == [JOY[0]] and facts["swept_points"] == 2
    assert facts["text"] == (
        f"Bummer {BUM[0]} below {JOY[0]}: sweeps {JOY[0]} (2 Joypoints) into your Bummer Pile."
    )
    off = explain_place(s.view(0), BUM[0], (3, 3))
    assert not off["legal"]
    assert (
        off["text"]
        == f"{BUM[0]} cannot go 2 right and 3 down from {JOY[1]}: move to a marked spot."
    )
