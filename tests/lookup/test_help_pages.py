"""F1 reworked: it opens at the part of the reference that matters for the decision
on screen (Home goes to the top), defines the game's words before the rules use them,
gives a worked example per game, and points to the lessons."""

from __future__ import annotations

import re

import pytest

import rules
from rules.happy_city import HAPPY_CITY
from tabletop_tui.demo import happiness_mid_game
from tabletop_tui.games import help_text, playable
from tabletop_tui.widgets.help import HelpScreen, SectionText, parts, sections

from ..ui.positions import mid_game
from .test_lookup_key import happy_city_buying, table


@pytest.mark.parametrize("game", ["happy-city", "happiest-town", "happiness", "sweet-lands"])
def test_the_reference_defines_its_words_first_and_gives_an_example(game):
    text = help_text(game)
    heads = sections(text)
    assert heads[0] == "Words and marks"  # before any rule uses them
    glossary = rules.get_game(game).explainer.glossary(game)
    words = text.split("## Words and marks")[1].split("\n## ")[0]
    assert all(term.name.split(" (")[0] in words for term in glossary.terms.values())
    assert "A worked example" in heads
    assert f"tabletop learn {game}" in text  # the lessons, by the command that opens them


@pytest.mark.parametrize("game", ["happy-city", "happiest-town", "happiness", "sweet-lands"])
def test_the_reference_cut_into_sections_keeps_every_word_in_order(game):
    """F1 draws one widget per heading and per section's text: the cut loses nothing."""
    text = help_text(game)
    pieces = parts(text)
    assert [heading for _, heading, _ in pieces if heading] == sections(text)
    assert pieces[0][:2] == (1, "")  # the title and lead, before any section
    rebuilt = [pieces[0][2]] + [f"{'#' * n} {head}\n{body}" for n, head, body in pieces[1:]]
    assert " ".join(rebuilt).split() == text.split()


@pytest.mark.parametrize(
    "opening", ["- a list item", "| a | table |\n|---|---|\n| 1 | 2 |", "text"]
)
def test_a_section_text_drops_the_blank_lines_before_it_and_keeps_its_end(opening):
    """Rich puts a blank line before a list or table that opens a text; the section's
    widget drops it, and drawn at the height it measures (as Textual draws it) the
    text still ends with its last words."""
    from rich.console import Console

    body = opening + "\n\nA paragraph that ends with the last words."
    console = Console(width=40)
    lines = console.render_lines(SectionText(body), pad=False)
    drawn = [
        "".join(segment.text for segment in line).strip()
        for line in console.render_lines(
            SectionText(body), console.options.update(height=len(lines))
        )
    ]
    assert drawn[0] and " ".join(drawn).split()[-4:] == ["with", "the", "last", "words."]


def test_every_playable_game_has_a_reference_with_sections():
    for game in playable():
        assert len(sections(help_text(game))) >= 4, game


def test_the_happy_city_example_figures_are_the_cards():
    """The worked example quotes real cards: their figures must stay what it says."""
    state = HAPPY_CITY.new_game(["A", "B"], 1, {})
    card = {c.name: c for c in state.cards}
    museum, hospital, factory = card["Museum"], card["Hospital"], card["Factory"]
    assert (museum.cost, museum.hearts, museum.inhabitants) == (4, 2, 0)
    assert (hospital.cost, hospital.inhabitants, hospital.hearts) == (4, 2, 0)
    assert (factory.cost, factory.income, factory.hearts) == (1, 1, -1)
    assert 3 * (2 + 2) == 12 and (3 + 2) * 2 == 10 and 3 * (2 - 1) == 3


def test_the_sweet_lands_example_rates_are_the_tracks():
    from tabletop_tui.games.sweet_lands.text import data

    terrain = next(t for t in data().prosperity if t["element"] == "terrain")
    rates = {frm: (vp, per) for frm, vp, per in terrain["rates"]}
    assert rates[1] == (1, 3) and rates[3] == (1, 2) and rates[5] == (1, 1)
    orange = data().player["columns"]["orange"]["ability"]
    assert orange == [{"gain": {"wheat": 2}}]


async def f1_section(app, pilot) -> str | None:
    await pilot.press("f1")
    await pilot.pause(0.5)
    assert isinstance(app.screen, HelpScreen)
    return app.screen.opened_at


async def test_f1_opens_at_the_turn_in_happy_city_and_home_goes_to_the_top(tmp_path):
    async with table(tmp_path, happy_city_buying()) as (app, pilot):
        assert await f1_section(app, pilot) == "A round"
        scroller = app.screen.query_one("VerticalScroll")
        assert scroller.scroll_y > 0  # not at the top
        await pilot.press("home")
        await pilot.pause()
        assert scroller.scroll_y == 0


async def test_f1_opens_at_the_map_in_a_sweet_lands_map_step(tmp_path):
    c = mid_game(want="hex")
    async with table(tmp_path, c) as (app, pilot):
        assert app.screen.map_step()
        assert await f1_section(app, pilot) == "The map"


async def test_f1_opens_at_your_turn_when_placing_in_happiness(tmp_path):
    async with table(tmp_path, happiness_mid_game(players=2)) as (app, pilot):
        assert await f1_section(app, pilot) == "Your turn"


async def test_a_second_f1_shows_the_kept_reference_at_its_section_again(tmp_path):
    """The reference is built once per text: the next F1 shows the same screen, scrolled
    back to the section even if the reader went to the top before leaving."""
    async with table(tmp_path, happy_city_buying()) as (app, pilot):
        assert await f1_section(app, pilot) == "A round"
        first = app.screen
        scroller = first.query_one("VerticalScroll")
        opened_y = scroller.scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert scroller.scroll_y == 0
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)
        assert await f1_section(app, pilot) == "A round"
        assert app.screen is first
        assert scroller.scroll_y == opened_y > 0


async def test_paging_through_f1_at_80x24_shows_every_heading_and_each_text_to_its_end(
    tmp_path,
):
    """The reference drawn as sections loses no words: page by page from the top, every
    heading and the last word of every section's text are shown."""
    from ..ui.helpers import screen_text

    async with table(tmp_path, happiness_mid_game(players=2)) as (app, pilot):
        await f1_section(app, pilot)
        await pilot.press("home")
        await pilot.pause()
        scroller = app.screen.query_one("VerticalScroll")
        seen = ""
        while True:
            seen += screen_text(app)
            if scroller.scroll_y >= scroller.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()

        def words(text: str) -> str:  # no marks, scroll bar or line ends between words
            return " ".join(re.sub(r"[^0-9A-Za-z]+", " ", text).split())

        shown = words(seen)
        for _level, heading, body in parts(app.screen.markdown):
            assert words(heading) in shown
            end = " ".join(words(body).split()[-3:])
            assert f" {end} " in f" {shown} ", (heading, end)
