"""The log tells the story: gains and payments, bonuses, flips, Extra Draw Areas and
Industry Bonuses, in plain grammar, with private lines only in their seat's log."""

import random
import re

import pytest

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.model.story import amounts, bonus_name, tile_name


def played(n, seed):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed)
    while not s.is_over:
        acts = s.legal_actions(s.actors()[0])
        s = s.apply(acts[rng.randrange(len(acts))])
    return s


@pytest.fixture(scope="module")
def games():
    return [played(n, seed) for n, seed in ((2, 5), (3, 6), (4, 7))]


def test_amounts_read_as_a_list():
    assert amounts({"gold": 3, "wheat": 2}) == "3 gold and 2 wheat"
    assert amounts({"gold": 1, "wood": 0, "iron": 2, "wheat": 4}) == "1 gold, 2 iron and 4 wheat"
    assert amounts({"gold": 0}) == "nothing"


def test_industry_bonus_takes_the_right_article():
    assert bonus_name("orange") == "an orange Industry Bonus"
    assert bonus_name("grey") == "a grey Industry Bonus"
    assert tile_name("special:3") == "special tile 3" and tile_name("sea") == "sea tile"


def test_log_names_gains_payments_flips_and_bonuses(games):
    text = "\n".join(line for s in games for line in s.log_for(None))
    for pattern in (
        r"gains \d+ \w+",  # an effect's gain
        r"income tracks pay \d+ gold",  # the income phase
        r"pays 1 (wheat|wood|iron)",  # a basic resource paid
        r"uses area \w+ \(space \d\), paying \d+",  # an area's cost
        r"flips the (wheat|forest|mine|sea) tile on hex \d+",
        r"gains (an orange|a green|a grey) Industry Bonus",
        r"advances the (Carriage|Locomotive) to space \d+",
        r"advances Prosperity track [\w-]+ to \d+",
        r"activates the Extra Draw Area on hex \d+",
    ):
        assert re.search(pattern, text), pattern
    assert not re.search(r"\ba (orange|Industry)|special:", text)


def test_private_lines_stay_in_their_seats_log(games):
    for s in games:
        public = s.log_for(None)
        assert not [e for e in public if e.startswith("You ")]
        for seat in range(s.n):
            mine = [e.text for e in s.log_entries() if e.seat == seat]
            assert mine and all(e.startswith("You draw") for e in mine)
            # the seat reads the public lines and its own, never another seat's (two
            # seats may draw the same card, so compare counts, not texts)
            seen = s.log_for(seat)
            assert len(seen) == len(public) + len(mine)
            assert [e for e in seen if e.startswith("You ")] == mine


MARKER_MOVE = re.compile(r"(advances the (Carriage|Locomotive) to|'s (Carriage|Locomotive) is at)")


def test_every_industry_marker_move_logs_what_brought_it(games):
    moves = [e.text for g in games for e in g.log_entries() if MARKER_MOVE.search(e.text)]
    assert moves, "the games need Industry marker moves"
    for line in moves:
        assert "(from " in line, line
