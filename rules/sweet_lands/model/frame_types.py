"""What each pending step's frame holds, typed: a frame is a dict on the state's stack
(copied on write, shown in the view), and these records say which keys each kind
(``Op``) carries. ``steps.STEPS`` maps each op to its ``Step[record]``."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

Effect = tuple[str, Any]  # (effect op, value) as the data files give it


class Frame(TypedDict):
    """Every pending step: its kind and the seat it waits for (or acts for). Alone,
    the frame of a step that needs nothing more (choose_char, choose_map,
    choose_aid, aid_move, discard1, keep, lotus_flip, draft and the automatic ones
    begin, next_round, income, action_start, end_turn, pass_score, draft_deal)."""

    op: str
    seat: int


class Counted(Frame):
    """A step of ``n`` choices (industry, terrain, road, rabbit, skill, basic,
    paybasic, income_any, capital, least_colour, free_auto, sakura_search)."""

    n: int
    chain: NotRequired[int | None]  # the Industry Bonus run it belongs to
    why: NotRequired[str]  # what brought an Industry step, for the log


class ProsperityFrame(Counted):
    """prosperity: ``n`` steps, on tracks of ``colour`` only when it is set."""

    colour: NotRequired[str]


class PropertyFrame(Counted):
    """property: take up to ``n`` tokens, each placed on one of ``eligible`` (any
    spot when None); ``after``: row bonuses waiting until the action is done."""

    after: tuple[Effect, ...]
    eligible: list[int] | None
    paid: bool


class PlaceFrame(Frame):
    """place: the token of ``type`` just taken, on one of ``eligible`` (or any)."""

    type: str
    eligible: list[int] | None
    chain: NotRequired[int | None]


class TerrainRoadFrame(Frame):
    """tr: ``t`` terrain tiles and ``r`` roads left, any order; ``one``: a single
    tile or road (the free build action)."""

    t: int
    r: int
    one: NotRequired[bool]
    chain: NotRequired[int | None]


class HandFrame(Frame):
    """hand: ``n`` cards still owed; ``first`` until part of it is paid (an
    Action Disc pays only a whole cost)."""

    n: int
    first: bool


class EffectFrame(Frame):
    """fx: one effect (``fx``, ``v``) to resolve, in an Industry Bonus run or not."""

    fx: str
    v: Any
    chain: int | None
    why: NotRequired[str]  # what brought the effect (an area, a card, income)


class BonusFrame(Frame):
    """ibonus_now: an Industry Bonus of column ``v`` that waited for the running one."""

    v: str


class ColumnFrame(Frame):
    """column: the Industry Bonus column to run, chosen by the seat."""

    chain_from: int | None


class AutomateFrame(Frame):
    """automate: the card ``uid`` just played, to automate or not."""

    uid: int


class CopyFrame(Frame):
    """copy: the area to copy, chosen for area ``area``."""

    area: str


class OrderFrame(Frame):
    """order: the ``parts`` of an ability still to resolve, in printed order."""

    parts: tuple[Effect, ...]
    chain: NotRequired[int | None]
    why: NotRequired[str]  # what brought the ability (a card), for the log
