"""The Tracks panel's aligned rows draw exactly what a Rich grid of the same cells draws."""

from __future__ import annotations

import io

from rich.console import Console
from rich.style import Style
from rich.text import Text

from tabletop_tui.games.sweet_lands.lines import Aligned, Beside

from .positions import mid_game


def cells_of(renderable, width: int) -> list[list[tuple[str, Style]]]:
    console = Console(width=width, file=io.StringIO(), color_system="truecolor")
    lines = console.render_lines(renderable, console.options.update_width(width))
    return [[(ch, seg.style or Style()) for seg in line for ch in seg.text] for line in lines]


def sample() -> Aligned:
    rows = Aligned("right", "left", "left", "left")
    rows.add_row("0", Text("O", style="#ffaf3a"), "start", "")
    rows.add_row("12", Text("G", style="#5fd75f"), "IP2 2 wheat", "CL", style="bold reverse")
    rows.add_row("", "", Text("LAB 1 blocks (3g 1ir)", style="bold red"), "")
    return rows


def test_aligned_rows_match_the_rich_grid_cell_for_cell():
    for width in (40, 80):
        assert cells_of(sample(), width) == cells_of(sample().grid(), width)
    side = Beside(sample(), Text("Carriage ahead: 3:1g, 5:2wh"), gap=4)
    side_grid = Beside(sample().grid(), Text("Carriage ahead: 3:1g, 5:2wh"), gap=4)
    assert cells_of(side, 80) == cells_of(side_grid, 80)


def test_aligned_rows_too_wide_for_the_room_wrap_as_the_grid_does():
    narrow = 12  # narrower than the rows: the grid's own wrapping takes over
    assert cells_of(sample(), narrow) == cells_of(sample().grid(), narrow)
    assert "LAB" in "".join(ch for line in cells_of(sample(), narrow) for ch, _ in line)


def test_the_score_rows_match_their_rich_grid_on_seeded_games():
    from tabletop_tui.games.sweet_lands.tracks import score_lines

    for players in (1, 2, 4):
        view = mid_game(players=players, seed=players + 6, round_=2, want="area").state.view(0)
        for width in (30, 80, 108, 160):  # 30: too narrow, the grid itself draws them
            rows = score_lines(view)
            assert cells_of(rows, width) == cells_of(rows.grid(), width)
        assert rows.no_wrap == (False, *[True] * 9)  # the names wrap, the figures never


def test_titled_tables_match_the_rich_table_on_seeded_games():
    from rich.console import Group

    from tabletop_tui.games.sweet_lands import asked, board, hand
    from tabletop_tui.games.sweet_lands.demo import controller
    from tabletop_tui.games.sweet_lands.lines import Titled

    def titled(renderable):
        if isinstance(renderable, Titled):
            yield renderable
        for part in getattr(renderable, "renderables", []):
            yield from titled(part)

    fast = tried = 0
    for players in (1, 2, 4):
        state = mid_game(players=players, seed=players + 6, round_=2, want="area").state
        c = controller(state, viewer=state.actors()[0], kinds=["human"] * players)
        view = c.view()
        panels = [board.board_renderable(view, asked.board(c)), hand.player_renderable(view, 0)]
        for table in (t for panel in panels for t in titled(panel)):
            for width in (30, 40, 46, 52, 60, 66, 78, 90, 108, 160):
                rich = Group(table.title_text(), table.table)
                assert cells_of(table, width) == cells_of(rich, width), (table.title, width)
                fast += table.lines(Console(width=width), width) is not None
                tried += 1
    # drawn here, not by Rich, at nearly every width: cells wrap as Rich wraps them
    assert fast > 0.9 * tried


def test_a_folding_last_column_wraps_as_the_grid_does():
    rows = Aligned("left", "left", "left", no_wrap=(False,) * 3, fold_last=True)
    rows.add_row(
        Text("Or-up tiles", style="#ffaf3a"), "A. B. .. $", "2:1 gold; 4:+1 wheat; end:5VP"
    )
    rows.add_row("Gn-lo", ". AB", "2:Supercalifragilisticexpialidocious; end:2VP")
    rows.add_row("x", "", "")
    drawn_here = 0
    for width in range(8, 80):  # each width: the last column alone narrowed, or more
        assert cells_of(rows, width) == cells_of(rows.grid(), width), width
        drawn_here += rows.narrowed(width) is not None
    assert drawn_here > 20


def test_the_prosperity_and_rate_rows_match_their_rich_grid_on_seeded_games():
    from tabletop_tui.games.sweet_lands import asked
    from tabletop_tui.games.sweet_lands.demo import controller
    from tabletop_tui.games.sweet_lands.tracks import prosperity_lines, rates_lines

    folded = 0
    for players in (1, 2, 4):
        state = mid_game(players=players, seed=players + 6, round_=2, want="area").state
        c = controller(state, viewer=state.actors()[0], kinds=["human"] * players)
        view = c.view()
        rates = asked.track_rates(c, 0)
        for full in (False, True):
            for width in (30, 46, 60, 78, 108, 160):
                for rows in (prosperity_lines(view, 0, rates, full), rates_lines()):
                    assert cells_of(rows, width) == cells_of(rows.grid(), width), (width, full)
                    folded += rows.narrowed(width) is not None
    assert folded > 10  # the bonuses and rates wrapped here, not by Rich, at most widths


def test_the_players_table_matches_the_rich_table_with_its_title_on_seeded_games():
    from tabletop_tui.games.sweet_lands.hand import players_renderable
    from tabletop_tui.games.sweet_lands.lines import Titled

    fast = tried = 0
    for players in (1, 2, 3, 4):
        view = mid_game(players=players, seed=players + 6, round_=2, want="area").state.view(0)
        for width in (36, 46, 60, 78, 90, 108, 160):
            table = players_renderable(view, width)
            if not isinstance(table, Titled):
                continue  # a narrow panel: a paragraph per player
            assert cells_of(table, width) == cells_of(table.table, width), (players, width)
            fast += table.lines(Console(width=width), width) is not None
            tried += 1
    assert fast == tried > 12  # drawn here, not by Rich, its values folded as Rich folds them


def test_the_narrow_players_paragraphs_match_their_rich_grids_on_seeded_games():
    from rich.console import Group

    from tabletop_tui.games.sweet_lands.hand import players_renderable

    folded = tried = 0
    for players in (2, 3, 4):
        view = mid_game(players=players, seed=players + 6, round_=2, want="area").state.view(0)
        for width in (24, 30, 36, 46, 60):
            panel = players_renderable(view, width)
            if not isinstance(panel, Group):
                continue  # room for a column per player
            grids = [part for part in panel.renderables if isinstance(part, Aligned)]
            assert len(grids) == players
            for rows in grids:
                assert cells_of(rows, width) == cells_of(rows.grid(), width), (players, width)
                folded += rows.narrowed(width) is not None
                tried += 1
    assert folded > tried / 2  # the values folded here, not by Rich, at most widths


def test_the_industry_and_food_tracks_side_by_side_match_their_rich_grid_on_seeded_games():
    from rich.console import Group

    from tabletop_tui.games.sweet_lands import tracks

    for players in (1, 2, 4):
        view = mid_game(players=players, seed=players + 6, round_=2, want="area").state.view(0)
        player = view["players"][0]
        for full in (False, True):
            food = Group(
                tracks.food_lines(player, full),
                Text(""),
                Text(tracks.ahead_text(player), style="italic"),
            )
            side = Beside(tracks.industry_lines(player, full), food, gap=4)
            for width in (40, 70, 90, 108, 160):  # 40: too narrow, the grid draws them
                assert cells_of(side, width) == cells_of(side.grid(), width), (players, width)
