"""The command palette (Ctrl+P) finds any card, term or rule section of the game on
screen by name: a card or a term opens the look-up panel on it (the explainer's
words), a rule section opens F1 there. Its index is what the seat may know."""

from __future__ import annotations

from rules.core import Ref
from tabletop_tui.lookup import LookupPanel
from tabletop_tui.widgets.help import HelpScreen

from ..ui.helpers import drawn, keys
from ..ui.positions import mid_game
from .test_lookup_key import happy_city_buying, table


async def searched(pilot) -> None:
    """Until the searches under way (the palette's providers search in workers) are
    over, and their hits drawn."""
    app = pilot.app
    await app.workers.wait_for_complete([w for w in app.workers if not w.is_finished])
    await drawn(pilot, 2)


async def choose_in_palette(pilot, query: str) -> None:
    await keys(pilot, "ctrl+p", *query)
    await searched(pilot)
    await keys(pilot, "down", "enter")
    await searched(pilot)


async def test_the_palette_finds_a_term_by_its_mark_and_shows_it(tmp_path):
    c = mid_game(want="area")
    async with table(tmp_path, c) as (app, pilot):
        screen = app.screen
        await choose_in_palette(pilot, "anyIB")
        assert app.screen is screen
        told = c.explain(Ref("term", "industry-bonus"))
        text = screen.query_one(LookupPanel).text
        assert told.title in text and told.lines[0].text() in text


async def test_the_palette_finds_a_card_by_name(tmp_path):
    c = happy_city_buying()
    name = c.state.cards[c.state.visible[0]].name
    async with table(tmp_path, c) as (app, pilot):
        await choose_in_palette(pilot, f"Card: {name}")
        text = app.screen.query_one(LookupPanel).text
        assert c.explain(Ref("card", name)).title in text
        assert "Cost" in text


async def test_the_palette_opens_a_rule_section_in_f1(tmp_path):
    c = happy_city_buying()
    async with table(tmp_path, c) as (app, pilot):
        await choose_in_palette(pilot, "Rules: Expert mode")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.opened_at == "Expert mode"


def test_the_palette_index_holds_no_card_of_another_hand():
    c = mid_game(want="area", players=2)
    state, explainer = c.state, c.spec.explainer
    hidden = set(state.p[1].hand) - set(state.p[0].hand)
    assert hidden  # the other seat holds cards seat 0 may not see
    named = explainer.named_things(state, 0)
    assert not {ref.id for _name, ref in named if ref.kind == "card"} & hidden
    for uid in hidden:  # nor does asking for one by its id tell it
        assert explainer.thing(state, 0, Ref("card", uid)) is None


def test_no_look_up_text_of_a_seat_names_a_card_of_another_hand():
    """Every thing seat 0 may look up, and every term, said for seat 0: none names a
    card that only seat 1's hand holds."""
    from rules.sweet_lands.model import data as cards_data  # the card list, for the names

    c = mid_game(want="area", players=2)
    state, explainer = c.state, c.spec.explainer
    d = cards_data.load()
    name = {uid: d.cards[d.deck[uid]].name for uid in range(len(d.deck))}
    named = explainer.named_things(state, 0)
    known = {n for n, _ref in named}
    secret = {name[uid] for uid in state.p[1].hand} - known
    assert secret
    refs = [ref for _n, ref in named] + [
        Ref("term", k) for k in explainer.glossary(c.spec.id).terms
    ]
    for ref in refs:
        told = explainer.thing(state, 0, ref)
        text = told.text() if told is not None else ""
        assert not [n for n in secret if n in text], ref
