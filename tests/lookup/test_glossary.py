"""Every abbreviation a screen shows has a glossary term, and every term is answered
by its game's explainer (``thing(Ref("term", key))``)."""

from __future__ import annotations

import pytest

import rules
from rules.core import Ref, load_glossary
from tabletop_tui.games.sweet_lands.text import RES_SHORT, fx_short
from tabletop_tui.widgets.card import card_letter, card_lines

GAMES = ["happy-city", "happiest-town", "happiness", "sweet-lands"]


def state_of(game: str):
    return rules.get_game(game).new_game(["Ann", "Ben"], 3, {})


@pytest.mark.parametrize("game", GAMES)
def test_every_term_is_explained_by_the_games_explainer(game):
    state = state_of(game)
    explainer = rules.get_game(game).explainer
    terms = explainer.glossary(game).terms
    assert len(terms) >= 5
    for key, term in terms.items():
        told = explainer.thing(state, 0, Ref("term", key))
        assert told is not None and told.title == term.name
        assert term.text in told.text()
    assert explainer.thing(state, 0, Ref("term", "no-such-term")) is None


def test_the_editions_have_their_own_words():
    city, town = state_of("happy-city"), state_of("happiest-town")
    explainer = rules.get_game("happy-city").explainer
    city_score, town_score = explainer.term(city, "score"), explainer.term(town, "score")
    assert city_score is not None and "hearts" in city_score.title
    assert town_score is not None and "happiness" in town_score.title


def _all_effects():
    """Every effect a Sweet Lands track space prints (industry, food, Prosperity)."""
    from tabletop_tui.games.sweet_lands.text import data as game_data

    data = game_data()
    for _colour, bonus, _ip in data.industry:
        if bonus:
            yield bonus
    food = data.player["food"]
    for b in food["bonus"]:
        yield [(op, v) for e in b["effect"] for op, v in e.items()]
    for rabbit in food["rabbit_bonus"]:
        yield [(op, v) for e in rabbit for op, v in e.items()]
    for tr in data.prosperity:
        yield from tr["bonus"].values()
        yield tr["end_bonus"]


def test_every_sweet_lands_track_mark_has_a_term():
    glossary = load_glossary("rules.sweet_lands")
    unexplained = set()
    for effects in _all_effects():
        for token in fx_short(effects).split():
            if not glossary.found_in(token):
                unexplained.add(token)
    assert not unexplained


@pytest.mark.parametrize(
    "shown, key",
    [
        ("anyIB", "industry-bonus"),
        ("orIB", "industry-bonus"),
        ("irinc+1", "income-colour"),
        ("inc+2", "income-any"),
        ("1/3 x5 = 5VP", "rate"),
        ("@", "map-cursor"),
        ("Or-up tiles", "prosperity"),
        ("R3", "track-markers"),
        ("[M]", "hand-cost"),
    ],
)
def test_sweet_lands_abbreviations_from_the_issue_have_terms(shown, key):
    found = load_glossary("rules.sweet_lands").found_in(shown)
    assert key in [t.key for t in found]


def test_income_any_is_not_taken_for_a_colour_income():
    keys = [t.key for t in load_glossary("rules.sweet_lands").found_in("irinc+1")]
    assert "income-colour" in keys and "income-any" not in keys


def test_the_resource_letters_have_a_term():
    glossary = load_glossary("rules.sweet_lands")
    for short in RES_SHORT.values():
        assert "resources" in [t.key for t in glossary.found_in(f"+2{short}")]


def test_happy_city_card_marks_have_terms():
    glossary = load_glossary("rules.happy_city")
    market = {"kind": "market", "inhabitants": 0, "hearts": 1, "income": 1}
    special = {
        "kind": "special",
        "inhabitants": 2,
        "hearts": 1,
        "income": 0,
        "needs": [("blue", 2)],
    }
    assert card_letter(market) == "W" and "W" in glossary.terms["market-mark"].shown
    assert card_letter(special) == "*" and "*" in glossary.terms["special-mark"].shown
    keys = {t.key for line in card_lines(special) for t in glossary.found_in(line)}
    assert {"income", "needs", "score"} <= keys
    assert "decks" in [t.key for t in glossary.found_in("1 cost 1-3: 12 left, 0 out")]
