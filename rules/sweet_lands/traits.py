"""What the board queries ask of a seat's character: a few flags, the tags it adds
and what makes a city. ``characters.Character`` builds on ``Traits`` (each
character's object holds all its rules, these included); a player record holds its
character's object (``PlayerState.role``), so the queries below the characters read
these without importing them."""

from __future__ import annotations

from typing import ClassVar


class Traits:
    """The traits of a seat without a character (no trait of any kind)."""

    __slots__ = ()

    id: ClassVar[str | None] = None
    # Flags the turn menu and the costs read on every step.
    iron_discount: ClassVar[bool] = False  # 1 iron less on areas advancing Industry
    wood_for_wheat: ClassVar[bool] = False  # rabbit areas' wheat payable in wood
    diamonds_for_cards: ClassVar[bool] = False  # diamonds pay hand costs
    places_anywhere: ClassVar[bool] = False  # terrain tiles on any hex
    skills_per_grant: ClassVar[int] = 1  # skill tiles taken for each one granted

    def add_tags(self, out: dict[str, int]) -> None:
        """Tags the character adds to those of the seat's cards."""

    def is_city(self, group: list, props: dict, tower: bool) -> bool:
        """Three different property types make a city (``tower``: the seat's Clock
        Tower stands)."""
        return len({props[h] for h in group}) >= 3


NO_TRAITS = Traits()  # a seat that has not chosen its character yet
