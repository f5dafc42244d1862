"""The turn menu: the main and free actions the seat on turn may take now.

Legality is written in turn_checks.py (and turn.py) only: the menu asks the same
functions the refusals do. The areas and the cards in hand, asked about on every
turn step of every game a bot plays out, go through one loop each there (sort_areas,
sort_cards) that tells the menu which may be used and the refusals what stops the
rest; the menu keeps the board facts they read (open areas with their hand costs,
prices made ahead, card prices, free spots) in the state's BoardPart.
"""

from __future__ import annotations

from functools import cache

from ...core import Action
from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..model import data as D
from ..model.board_part import BoardPart, seat_moves
from ..model.constants import MAX_SEATS
from ..model.fields import StateFields
from ..moves import character_steps as CS
from ..moves import characters as C
from ..moves import turn_checks as TC
from ..moves.frames import first_copies


@cache
def _area_action(seat: int, aid: str) -> Action:
    return Action(seat, "area", (aid,), _area_label(aid))


@cache
def _play_action(seat: int, uid: int) -> Action:
    return Action(seat, "play", (uid,), _play_label(D.load().deck[uid]))


@cache
def _milestone_action(seat: int, mid: int) -> Action:
    return Action(seat, "fa_milestone", (mid,), f"Free: claim milestone {mid}")


@cache
def _area_label(aid: str) -> str:
    return f"Use area {aid}: {D.load().areas[aid]['text']}"


@cache
def _play_label(cid: int) -> str:
    return f"Play {D.load().cards[cid].name}"


def turn_options(s: StateFields, seat: int) -> list[Action]:
    # a part handed down by the parent serves this state's first menu only: a
    # state arranged by hand afterwards (tests, tools) is asked afresh
    part, s._board = s._board, None
    if part is None or part.seat != seat:
        part = BoardPart(seat)
    s._board_made = part  # for the next state (see _successor)
    out = _main_options(s, seat, part) if not s.main_done else [part.moves.end]
    out += _free_options(s, seat, part)
    return out


def _main_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    P = s.p[seat]
    out = _area_options(s, seat, part)
    cards = part.cards
    if cards is None:
        cards = part.cards = _card_prices(s, seat)
    for _uid, _cost, play in TC.sort_cards(s, seat, cards):
        out.append(play)
    for sk in P.skills:
        if TC.skill_refusal(s, seat, sk) is None:
            out.append(Action(seat, "flip", (sk,), f"Flip skill tile {sk}"))
    out.append(part.moves.pass_)
    return out


def _card_prices(s: StateFields, seat: int) -> list[tuple[int, int, Action]]:
    """(card, price, play move) of each card type in hand, first copy first."""
    out = []
    for uid in first_copies(s.p[seat].hand):  # a loop: no comprehension's frame
        out.append((uid, Q.card_cost(s, seat, uid), _play_action(seat, uid)))
    return out


_AREA_TABLES: dict[tuple, tuple] = {}


def _areas_of(s: StateFields, seat: int, costs: dict) -> tuple:
    """Every area as sort_areas takes it, with the hand cost of each of its spaces
    (TC.uses_by_space), its move the tag, for the seat's cost table (one of a few
    dozen: see area_costs) and character."""
    key = (seat, s.p[seat].role.wood_for_wheat, id(costs))
    hit = _AREA_TABLES.get(key)
    if hit is None or hit[0] is not costs:
        table = tuple(
            (
                aid,
                TC.uses_by_space(
                    (
                        aid,
                        c,
                        None,
                        *TC.price_items(c),
                        0,
                        Q.rikka_area(s, seat, aid),
                        _area_action(seat, aid),
                    )
                ),
            )
            for aid, c in costs.items()
        )
        hit = _AREA_TABLES[key] = (costs, table)
    return hit[1]


def _area_candidates(s: StateFields, seat: int) -> list[TC.AreaUse]:
    """The areas open_uses lets in (open, with a free space), as sort_areas takes them."""
    return TC.open_spaces(s, _areas_of(s, seat, Q.area_costs(s, seat)))


def _area_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    """The areas sort_areas lets the seat use, with Rikka's wood splits."""
    areas = part.areas
    if areas is None:
        areas = part.areas = _area_candidates(s, seat)
    spot = part.spot
    if spot is None:
        spot = part.spot = MQ.has_property_spot(s, seat)
    out = []
    acts = part.acts
    if acts is None:
        acts = part.acts = {}
    for area in TC.sort_areas(s, seat, areas, spot, acts=acts):
        out.append(area[8])  # the move, its tag
        if area[7]:  # Rikka's wood may pay its wheat
            aid = area[0]
            for n in Q.rikka_splits(s, seat, aid)[1:]:
                label = f"Use area {aid}, paying {n} of its wheat with wood"
                out.append(Action(seat, "area", (aid, n), label))
    return out


def _free_options(s: StateFields, seat: int, part: BoardPart) -> list[Action]:
    # the simple free actions: the moves of the bits turn_checks sets (their
    # legality is written there only), with building's spot kept in the part
    spot = part.build_spot
    if spot is None:
        spot = part.build_spot = TC.build_spot(s, seat)
    out = [*_SIMPLE_FREE[seat][TC.open_free_actions(s, seat, spot)]]
    return _board_free_options(s, seat, part, out)


def _simple_free(seat: int) -> list[tuple[Action, ...]]:
    """The simple free moves of a seat for each value of open_free_actions (the
    bits in TC.FREE_BITS' order), in menu order: buying's bit lets in all three."""
    m = seat_moves(seat)
    by_bit = {
        "fa_build": (m.build,),
        "fa_draw": (m.draw,),
        "fa_buy": m.buys,
        "sell wheat": (m.sell_wheat,),
        "sell wood": (m.sell_wood,),
        "sell iron": (m.sell_iron,),
        "fa_trade": (m.trade,),
        "fa_disc": (m.disc,),
        "fa_card": (m.card,),
    }
    moves = [by_bit[name] for name in TC.FREE_BITS]
    return [
        tuple(a for k, some in enumerate(moves) if bits >> k & 1 for a in some)
        for bits in range(1 << len(moves))
    ]


# By seat, then by open_free_actions' bits, read by index (built on every turn step).
_SIMPLE_FREE = [_simple_free(seat) for seat in range(MAX_SEATS)]


def _board_free_options(
    s: StateFields, seat: int, part: BoardPart, out: list[Action]
) -> list[Action]:
    """The free actions that depend on the board only: milestones, the Clock
    Tower and the character's own (added to ``out``)."""
    milestones = part.milestones
    if milestones is None:
        milestones = part.milestones = _milestone_options(s, seat)
    if milestones:
        out += milestones
    tower = part.tower
    if tower is None:
        P = s.p[seat]
        tower = part.tower = bool(P.wonders and not P.tower and TC.tower_refusal(s, seat) is None)
    if tower:
        out.append(part.moves.tower)
    character = part.character
    if character is None:
        free = C.of(s.p[seat]).free_labels
        character = part.character = CS.free_options(s, seat) if free else []
    if character:
        out += character  # F hook: character free actions
    return out


def _milestone_options(s: StateFields, seat: int) -> tuple[Action, ...]:
    """milestone_refusal, for milestones known to be in play and unclaimed."""
    if not s.milestones:
        return ()
    met = TC.milestones_met(s, seat, s.ms_claimed)
    if not met:  # nearly always: no generator made
        return ()
    return tuple(_milestone_action(seat, mid) for mid in met)
