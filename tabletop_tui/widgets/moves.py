"""The move list: an OptionList that, when its box has a fixed size, takes new moves
without laying the whole screen out again.

Textual's OptionList asks for a layout pass at every change of its options (its
scrollable size changes), which re-measures and places every widget on the screen and
repaints whatever moved. A list whose height and width are fixed cannot move anything:
only its scrollbar may need to appear or go, and that still gets its layout. In a
list whose text does not wrap, a move's lines are counted rather than measured.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from ..paint import PROVEN_TEXTUAL, TEXTUAL_VERSION
from .focus_style import KeptFocusStyle
from .scrollbar import FastScrollbars

# How many drawn options the list keeps: several turns' worth of every seat's moves.
KEPT_LOOKS = 400
# Lines drawn for one place are tagged again for another only on the Textual whose
# tagging retagged() follows; on another an option at a new place is drawn afresh.
RETAG = TEXTUAL_VERSION == PROVEN_TEXTUAL
# The line table is filled as Textual's own fills it only on the Textual it copies.
COUNT_LINES = TEXTUAL_VERSION == PROVEN_TEXTUAL


def retagged(strips: list[Strip], index: int | None, divider: bool) -> list[Strip]:
    """An option's drawn lines for the option at ``index``: Textual 8.2.8's OptionList
    tags each line of an option (not the divider's rule under it) with the meta
    ``{"option": index}`` that a click reads; a new tag replaces the old one."""
    tagged = strips[:-1] if divider else strips
    tag = RichStyle.from_meta({"option": index})  # after the old tag, so it wins
    new = [Strip(Segment.apply_style(strip, post_style=tag), strip.cell_length) for strip in tagged]
    return new + strips[len(tagged) :]


def option_height(option_list: OptionList, option: Option, width: int) -> int:
    """The lines an option takes in a list whose text does not wrap: those of its
    prompt when it is a string (each line of markup is one line of text), else as
    Textual measures it."""
    prompt = option.prompt
    if isinstance(prompt, str):
        return prompt.count("\n") + 1
    return option_list._get_visual(option).get_height(option_list.styles, width)


class MoveList(KeptFocusStyle, FastScrollbars, OptionList):
    _quiet = False  # True while new moves go in: layout requests are dropped
    # While a frame is drawn: the options' padding and width, and whether the line
    # table is up to date (Textual's brings it up to date again for every line).
    _frame: tuple | None = None

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        # The drawn lines of each option by what decides them (with the index they were
        # tagged with), kept across new sets of moves: the same moves come back turn
        # after turn, often at another place, and Textual's own cache of them is
        # emptied with every new set.
        self._drawn: dict[tuple, tuple[int | None, list[Strip]]] = {}

    def render_lines(self, crop: Region) -> list[Strip]:
        self._update_lines()
        padding = self.get_component_styles("option-list--option").padding
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        self._frame = (padding, width)
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _update_lines(self) -> None:
        if self._frame is not None:  # the options cannot change while a frame is drawn
            return
        if not (COUNT_LINES and self.styles.text_wrap == "nowrap"):
            super()._update_lines()
            return
        # Textual's own, less its measure of each new option: the height of a text
        # that does not wrap is its number of lines, with no text made to count them.
        if not self.scrollable_content_region:
            return
        line_cache = self._line_cache
        lines = line_cache.lines
        next_index = lines[-1][0] + 1 if lines else 0
        width = self.scrollable_content_region.width - self._get_left_gutter_width()
        text_width = width - self.get_component_styles("option-list--option").padding.width
        options = self.options
        for index, option in enumerate(options[next_index:], next_index):
            line_cache.index_to_line[index] = len(lines)
            line_count = option_height(self, option, text_width) + option._divider
            line_cache.heights[index] = line_count
            lines.extend([(index, line_no) for line_no in range(line_count)])
        last_divider = options and options[-1]._divider
        virtual_size = Size(width, len(lines) - (1 if last_divider else 0))
        if virtual_size != self.virtual_size:
            self.virtual_size = virtual_size
            self._scroll_update(virtual_size)

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        frame = self._frame or (
            self.get_component_styles("option-list--option").padding,
            self.scrollable_content_region.width - self._get_left_gutter_width(),
        )
        look = (str(option.prompt), option.disabled, option._divider, style, *frame)
        index = self._option_to_index.get(option)
        kept = self._drawn.pop(look, None)  # taken out and put back: the newest last
        if kept is None or (kept[0] != index and not RETAG):
            strips = super()._get_option_render(option, style)
            if len(self._drawn) >= KEPT_LOOKS:  # the oldest look goes
                del self._drawn[next(iter(self._drawn))]
        elif kept[0] == index:
            strips = kept[1]
        else:  # the same move at another place: only the index the mouse reads differs
            strips = retagged(kept[1], index, option._divider)
        self._drawn[look] = (index, strips)
        return strips

    def refresh(self, *regions, repaint: bool = True, layout: bool = False, recompose=False):
        return super().refresh(
            *regions, repaint=repaint, layout=layout and not self._quiet, recompose=recompose
        )

    def _fixed_box(self) -> bool:
        """A height in cells and a width that does not follow the text: the options
        cannot change the list's size."""
        height, width = self.styles.height, self.styles.width
        return height is not None and height.is_cells and (width is None or not width.is_auto)

    def set_moves(self, options: Sequence[Option], highlight: int = 0) -> None:
        """Show these options, ``highlight`` highlighted (none highlighted if empty)."""
        quiet = self.is_mounted and self._fixed_box()
        bars = (self.show_vertical_scrollbar, self.show_horizontal_scrollbar)
        self._quiet = quiet
        try:
            self.clear_options()
            self.add_options(options)
        finally:
            self._quiet = False
        if quiet and bars != (self.show_vertical_scrollbar, self.show_horizontal_scrollbar):
            self.refresh(layout=True)  # a scrollbar came or went: place it
        if options:
            self.highlighted = highlight
