"""The explanations' rule work: costs and gains of moves, reasons a piece cannot be
used, rates and standings. The explainer (explainer.py) asks these for the one thing a
screen draws and puts them into typed lines; the view holds none of them.

Every reason here comes from the same refusal functions the engine checks moves with
(turn.py, steps.py), so a reason shown beside an area is the reason ``apply`` gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from ...core import Action
from ..facts import economy as EC
from ..facts import map_queries as MQ
from ..facts import primitives as PR
from ..facts import queries as Q
from ..facts import scoring
from ..model import data as D
from ..model.constants import MARKER_COLOUR, SOLO_LINES, Op
from ..model.fields import StateFields
from ..model.story import tile_name
from ..moves import character_steps as CS
from ..moves import characters as C
from ..moves import phases as PH
from ..protocol.steps import MAP_STEPS, STEPS, describe_effect


class MoveCost(TypedDict):
    cost: dict[str, int]  # what the move spends, by resource ("cards": the hand cost)
    gains: list[str]  # what it gives at once, in words


class NextRate(TypedDict):
    at: int  # the step the rate starts from
    vp: int
    per: int


class TrackRate(TypedDict):
    """A Prosperity track for one seat: its VP rate now (``vp`` per ``per`` of the
    element), the element counted, what that scores now and the next rate."""

    track: str
    element: str
    position: int
    vp: int
    per: int
    count: int
    scores: int
    next: NextRate | None


class Standing(TypedDict):
    """A final scoring tile: each seat's value and the VP it would take now."""

    tile: int
    measure: str
    values: list[int]
    neutral: int
    vp: list[int]


class SoloLine(TypedDict):
    more_than: int
    title: str
    text: str


class SoloVerdict(TypedDict):
    score: int
    lines: list[SoloLine]
    title: str | None  # the line reached (None: Mio wins)
    verdict: str


class RoadFacts(TypedDict):
    hexes: list[int]  # the one or two hexes beside the edge
    side: str | None  # the first hex's side, for a border edge
    flips: list[str]
    wakes: list[int]


def effects_text(effects: Any) -> list[str]:
    return [describe_effect(op, v) for op, v in effects]


# what a pass card counts, by its "per" (the "every" and "kind" fields filled in)
PASS_COUNTS = {
    "tag": "{tag} tag you have",
    "terrain_of": "{every} {kind} tiles on your map",
    "automated": "automated card",
    "food": "Food Track step reached",
    "rabbits": "Cookie Rabbit on your map",
    "property": "{kind} you have built",
    "skills": "skill tile you have",
    "ip_this_pass": "{every} Industry Points scored in this pass",
    "cities": "city you have",
    "lowest_basic_income": "point of your lowest basic income",
    "roads": "{every} roads on your map",
    "connected_ports": "connected port",
    "played_cards": "card you have played",
    "most_terrain_type": "tile of your commonest terrain",
}


def pass_words(passv: dict[str, Any]) -> str:
    """A pass card's scoring in words: "when you pass: 2 VP per city you have"."""
    if "steps" in passv:  # a table of steps: VP by how far a track has come
        steps = ", ".join(f"{vp} VP from step {at}" for at, vp in passv["steps"])
        return f"when you pass: {steps} of the {passv['per']} track"
    counted = PASS_COUNTS.get(passv["per"], passv["per"].replace("_", " "))
    counted = counted.format_map({"every": 1, "kind": "", "tag": "", **passv})
    return f"when you pass: {passv['vp']} VP per {counted}"


# ------------------------------------------------------------------ moves
def move_costs(s: StateFields, a: Action) -> MoveCost:
    """The cost and gains of one legal move, where they apply."""
    seat, kind, args = a.seat, a.kind, a.args
    cost: Mapping[str, int] = {}
    gains: list[str] = []
    if kind in _FREE_COSTS:
        cost, gains = _FREE_COSTS[kind](args)
    elif kind in CS.FREE_KINDS:  # F: character free actions
        cost, gains = CS.free_costs(s, seat, kind)
    elif kind in _MOVE_COSTS:
        cost, gains = _MOVE_COSTS[kind](s, seat, args)
    return {"cost": {k: v for k, v in cost.items() if v}, "gains": gains}


Costed = tuple[Mapping[str, int], list[str]]


def _area(s: StateFields, seat: int, args: tuple) -> Costed:
    d = D.load()
    aid = args[0]
    cost = dict(Q.area_cost(s, seat, aid))
    if len(args) > 1 and args[1]:
        cost["wheat"] = cost.get("wheat", 0) - args[1]
        cost["wood"] = cost.get("wood", 0) + args[1]
        cost = {k: v for k, v in cost.items() if v}
    idx = s.occ[aid].index(None)
    cost["cards"] = d.board["hand_costs"][idx]
    return cost, effects_text(d.areas[aid]["effect"]) or [f"copy an area ({aid})"]


def _play(s: StateFields, seat: int, args: tuple) -> Costed:
    d = D.load()
    card = d.cards[d.deck[args[0]]]
    gains = effects_text(card.effect) if card.kind == "immediate" else ["a pass ability"]
    return {"gold": Q.card_cost(s, seat, args[0])}, gains


def _flip(s: StateFields, seat: int, args: tuple) -> Costed:
    skill = D.load().skills[args[0]]
    return dict(skill.get("cost") or {}), effects_text(skill["effect"])  # F: further tiles pay


def _aid(s: StateFields, seat: int, args: tuple) -> Costed:
    """A Round Aid space: what its standard tiles give at the next income and what its
    pass tile scores at the next pass."""
    d = D.load()
    standard, pass_tile = s.aid_spaces[args[0]]
    gains = [words for t in standard for words in effects_text(d.aid_standard[t])]
    if pass_tile is not None:
        gains.append(pass_words(d.aid_pass[pass_tile]))
    return {}, gains


def _pass(s: StateFields, seat: int, args: tuple) -> Costed:
    cp, ip, vp_parts = PH.pass_parts(s, seat)
    return {}, [f"{cp} CP", f"{ip} IP", PH.pass_vp_words(vp_parts)]


def _skill(s: StateFields, seat: int, args: tuple) -> Costed:
    # F: an Advanced Skill Tile costs a diamond; one of the 12 spaces nothing
    return ({"diamond": 1} if args[0] not in s.skill_supply else {}), []


def _flip_tile(s: StateFields, seat: int, args: tuple) -> Costed:  # F: Lotus Che
    return {}, effects_text(PR.tile_effect(s.p[seat].tiles[args[0]][0]))


def _colour(s: StateFields, seat: int, args: tuple) -> Costed:  # F: Coral Lyla's income
    if not s.stack:
        return {}, []
    n = s.stack[-1].get("n", 1)
    return {}, [f"{n} Prosperity step{'s' if n != 1 else ''} in {args[0]}"]


def _token(s: StateFields, seat: int, args: tuple) -> Costed:
    paid = s.stack and s.stack[-1].get("paid", True)
    return (Q.token_cost(s, seat, args[0]) if paid else {}), []


def _copy(s: StateFields, seat: int, args: tuple) -> Costed:
    return Q.area_cost(s, seat, args[0]), effects_text(D.load().areas[args[0]]["effect"])


def _automate(s: StateFields, seat: int, args: tuple) -> Costed:
    free = s.stack and s.stack[-1]["op"] == Op.FREE_AUTO  # F's free automation
    return ({} if free else {"diamond": 1}), []


def _track(s: StateFields, seat: int, args: tuple) -> Costed:
    t = D.load().prosperity[args[0]]
    last = s.p[seat].prosp[args[0]] + 1 == t["length"]
    return ({"diamond": 1} if last else {}), track_gains(s, seat, args[0])


def _marker(s: StateFields, seat: int, args: tuple) -> Costed:
    return {}, marker_gains(s, seat, args[0])


# move kind -> its cost and gains (the free actions are in _FREE_COSTS and the
# characters' own in character_steps)
def _column(s: StateFields, seat: int, args: tuple) -> Costed:
    """An Industry Bonus column chosen: what running it yields this seat now (as
    effects.industry_bonus runs it): the column's own ability, then each card
    automated into it, top to bottom."""
    d = D.load()
    colour = args[0]
    gains = effects_text(D.effects(list(d.player["columns"][colour]["ability"]), "column"))
    for uid in s.p[seat].columns[colour]:
        card = d.cards[d.deck[uid]]
        gains += [f"{card.name}: {words}" for words in effects_text(card.auto)]
    return {}, gains


_MOVE_COSTS = {
    "aid": _aid,
    "column": _column,
    "area": _area,
    "play": _play,
    "flip": _flip,
    "pass": _pass,
    "skill": _skill,
    "flip_tile": _flip_tile,
    "colour": _colour,
    "token": _token,
    "copy": _copy,
    "automate": _automate,
    "track": _track,
    "marker": _marker,
}


def marker_gains(s: StateFields, seat: int, marker: str) -> list[str]:
    """What advancing an Industry marker one space brings (as _move_marker does):
    the space, its bonus when the space is the marker's colour, its IP icons;
    past the last space, VP instead."""
    d = D.load()
    P = s.p[seat]
    pos = P.carriage if marker == "carriage" else P.loco
    if pos is None:
        return []
    if pos == len(d.industry) - 1:
        return [f"{d.player['end_of_industry_vp']} VP (past the end of the track)"]
    colour, bonus, ip = d.industry[pos + 1]
    gains = [f"space {pos + 1}"]
    if colour == MARKER_COLOUR[marker]:
        gains += effects_text(bonus)
    if ip:
        gains.append(f"{ip} IP icon{'s' if ip != 1 else ''}")
    return gains


# what each Prosperity track's VP rate counts: (one, many)
RATE_NOUNS = {
    "terrain": ("terrain tile", "terrain tiles"),
    "rabbits": ("Cookie Rabbit", "Cookie Rabbits"),
    "roads": ("road", "roads"),
    "properties": ("property", "properties"),
    "automated": ("automated card", "automated cards"),
    "industry_points": ("Industry Point", "Industry Points"),
}


def rate_words(vp: int, per: int, element: str) -> str:
    """A Prosperity VP rate in words: "1 VP per 3 terrain tiles", "2 VP per road"."""
    one, many = RATE_NOUNS.get(element, (element, element))
    return f"{vp} VP per {per} {many}" if per > 1 else f"{vp} VP per {one}"


def rate_at(track: Mapping[str, Any], pos: int) -> tuple[int, int, bool]:
    """The (VP, per) rate a Prosperity track gives at space ``pos``, and whether that
    space is where the rate starts."""
    vp, per, start = 0, 1, True
    for frm, v, p in track["rates"]:
        if pos >= frm:
            vp, per, start = v, p, frm == pos
    return vp, per, start


def track_gains(s: StateFields, seat: int, i: int) -> list[str]:
    """What one step on Prosperity track ``i`` brings (as _advance_prosperity
    does): the space, the VP rate it reaches, its bonus, and the end bonus for the
    first seat there."""
    t = D.load().prosperity[i]
    pos = s.p[seat].prosp[i] + 1
    vp, per, start = rate_at(t, pos)
    rate = f"{'rate rises to' if start else 'rate stays'} {rate_words(vp, per, t['element'])}"
    gains = [f"space {pos}", rate, *effects_text(t["bonus"].get(pos, ()))]
    if pos == t["length"] and s.pros_first[i] is None:
        gains += effects_text(t["end_bonus"])
    return gains


# ------------------------------------------------------------------ refusals
def token_refusal(s: StateFields, seat: int, kind: str, paid: bool = True) -> str | None:
    P = s.p[seat]
    if kind in D.ROW_TYPES and P.rows[kind] >= 5:
        return f"Every {kind} token is already on your map."
    if kind.startswith("shop-") and kind[5:] not in P.shops:
        return f"Your {kind[5:]} shop is already on your map."
    if kind == "lab" and P.labs >= 4:
        return "Every research lab is already on your map."
    if paid:
        short = EC.shortfall(s, seat, Q.token_cost(s, seat, kind))
        if short:
            return f"The next {kind} token {short}."
    if not MQ.property_spots(s, seat):
        return "No flipped tile or capital is free for a property."
    return None


def use_refusal(s: StateFields, seat: int, kind: str, *args: Any) -> str | None:
    """Why ``seat`` cannot make the move ``kind(*args)`` now (None if it can): the
    words ``apply`` would raise, or "It is not your turn." off turn."""
    if seat not in s.actors():
        return "It is not your turn."
    return s.why_illegal(Action(seat, kind, args))


def _top(s: StateFields) -> Mapping[str, Any] | None:
    # read by key: the pending step may be of any kind
    return s.stack[-1] if s.stack else None


def area_move(s: StateFields) -> str:
    """The move that uses an area now: copying it while a copy is asked, else using it."""
    f = _top(s)
    return "copy" if f is not None and f["op"] == Op.COPY else "area"


def card_move(s: StateFields) -> str:
    """The move a card of the hand is asked for now: paid away, kept, or played."""
    f = _top(s)
    asked = {Op.HAND: "discard", Op.DISCARD_ONE: "discard", Op.KEEP: "keep"}
    return asked.get(f["op"], "play") if f is not None else "play"


def token_paid(s: StateFields) -> bool:
    """Whether a property token taken now is paid for (a step may grant it free)."""
    f = _top(s)
    return bool(f.get("paid", True)) if f is not None else True


TOKEN_KINDS = (*D.ROW_TYPES, *(f"shop-{c}" for c in D.COLOURS), "lab")


def free_kinds(s: StateFields, seat: int) -> tuple[str, ...]:
    """The free actions whose refusal a seat is shown (buying is offered per resource)."""
    return tuple(k for k in _FREE_NO_ARGS + _char_free(s.p[seat]) if k != "fa_buy")


def _uses(s: StateFields, seat: int, group: str) -> list[tuple[str, str, tuple]]:
    """The pieces of a group as (piece id, the move that uses it, its arguments)."""
    P = s.p[seat]
    if group == "areas":
        kind = area_move(s)
        return [(aid, kind, (aid,)) for aid in s.occ]
    if group == "cards":
        kind = card_move(s)
        return [(str(u), kind, (u,)) for u in P.hand]
    if group == "skills":
        return [(str(sk), "flip", (sk,)) for sk in P.skills]
    if group == "milestones":
        return [(str(m), "fa_milestone", (m,)) for m, _ in s.milestones]
    if group == "free":
        return [(k, k, ()) for k in free_kinds(s, seat)]
    return [("tower", "fa_tower", ())]


def refusals(s: StateFields, seat: int, group: str) -> dict[str, str]:
    """For each piece of one group (areas, cards, skills, tokens, milestones, free
    actions, the tower) that ``seat`` cannot use now, the reason in words: the words
    ``apply`` would raise for the move that uses it (a token's: what stops taking it)."""
    if group == "tokens":
        paid = token_paid(s)
        said = {k: token_refusal(s, seat, k, paid) for k in TOKEN_KINDS}
    else:
        said = {x: use_refusal(s, seat, kind, *args) for x, kind, args in _uses(s, seat, group)}
    return {x: r for x, r in said.items() if r}


def map_kind(s: StateFields) -> str | None:
    """The move a hex is chosen with in the map step asked now (None: no map step)."""
    f = _top(s)
    if f is None or f["op"] not in MAP_STEPS:
        return None
    return "place" if f["op"] == Op.PLACE else "rabbit" if f["op"] == Op.RABBIT else "hex"


def map_refusal(s: StateFields, seat: int, what: str, ident: int) -> str | None:
    """During a map step of ``seat``: why the hex or edge cannot be chosen (None if
    it can, or if no map step of the seat's is asked)."""
    f = _top(s)
    hex_kind = map_kind(s)
    if f is None or hex_kind is None or f["seat"] != seat:
        return None
    kinds = ("edge",) if what == "edge" else (hex_kind, "special")
    legal = {(a.kind, a.args[0]) for a in s.legal_actions(seat) if a.args}
    if any((kind, ident) in legal for kind in kinds):
        return None
    return STEPS[f["op"]].refusal(s, f, Action(seat, kinds[0], (ident,)))


# ------------------------------------------------------------------ limits and rates
def prosperity_rates(s: StateFields, seat: int) -> list[TrackRate]:
    """Each Prosperity track: the VP rate now, the next threshold, and the VP."""
    d = D.load()
    P = s.p[seat]
    elements = scoring.elements(s, seat)
    out: list[TrackRate] = []
    for i, t in enumerate(d.prosperity):
        pos = P.prosp[i]
        vp, per = 0, 1
        nxt: NextRate | None = None
        for frm, v, p in t["rates"]:
            if pos >= frm:
                vp, per = v, p
            elif nxt is None:
                nxt = {"at": frm, "vp": v, "per": p}
        count = elements[t["element"]]
        out.append(
            {
                "track": t["id"],
                "element": t["element"],
                "position": pos,
                "vp": vp,
                "per": per,
                "count": count,
                "scores": count * vp // per,
                "next": nxt,
            }
        )
    return out


def final_standings(s: StateFields) -> list[Standing]:
    """Standings on each final scoring tile: every seat's value and the VP it
    would take if the game ended now (the neutral player counts for places)."""
    d = D.load()
    out: list[Standing] = []
    for tid in s.final_tiles:
        tile = d.final_tiles[tid]
        values = [Q.count(s, i, {"per": tile["measure"]}) if s.p[i].map else 0 for i in range(s.n)]
        out.append(
            {
                "tile": tid,
                "measure": tile["measure"],
                "values": values,
                "neutral": tile["neutral"],
                "vp": scoring.place_vp(values, tile["neutral"], d.board["final_tile_vp"]),
            }
        )
    return out


def solo_verdict(s: StateFields) -> SoloVerdict | None:
    """The solo lines to beat, and where the player stands against them."""
    if not s.solo:
        return None
    score = scoring.breakdown(s, 0)["total"] if s.p[0].map else 0
    lines: list[SoloLine] = [
        {"more_than": vp, "title": title, "text": text} for vp, title, text in SOLO_LINES
    ]
    # SOLO_LINES runs from the highest line down; "more than" a line reaches it
    history, expert = SOLO_LINES[0][0], SOLO_LINES[-1][0]
    reached = next((k for k, line in enumerate(SOLO_LINES) if score > line[0]), None)
    if reached is None:
        verdict = (
            f"{score} VP: {expert + 1 - score} VP short of the {expert} VP expert line "
            f"({history} VP for history). Mio wins this time."
        )
    else:
        vp, title, text = SOLO_LINES[reached]
        verdict = f"{score} VP: more than {vp}, {text}."
        if title == "expert":
            verdict += f" {history + 1 - score} more VP would make history."
    return {
        "score": score,
        "lines": lines,
        "title": SOLO_LINES[reached][1] if reached is not None else None,
        "verdict": verdict,
    }


def _char_free(P) -> tuple[str, ...]:
    """The free action kinds of the player's character (F's characters)."""
    return tuple(f"fa_{fid}" for fid in C.of(P).free_ids())


def _basic_gain(n: int) -> list[str]:
    return [f"{n} basic resource{'s' if n > 1 else ''} of your choice"]


_FREE_COSTS = {
    "fa_build": lambda args: ({"cards": 1, "basic": 3}, ["1 terrain tile or road"]),
    "fa_draw": lambda args: ({"gold": 15}, ["1 card"]),
    "fa_buy": lambda args: ({"gold": 4}, [f"1 {args[0]}"]),
    "fa_sell": lambda args: ({args[0]: 1}, ["1 gold"]),
    "fa_trade": lambda args: ({"basic": 3}, _basic_gain(1)),
    "fa_disc": lambda args: ({"discs": 1}, _basic_gain(2)),
    "fa_card": lambda args: ({"cards": 1}, _basic_gain(2)),
    "fa_milestone": lambda args: ({}, ["10 VP at the end"]),
    "fa_tower": lambda args: ({}, ["the Clock Tower"]),
}
_FREE_NO_ARGS = ("fa_build", "fa_draw", "fa_buy", "fa_trade", "fa_disc", "fa_card")


# ------------------------------------------------------------------ map places


def road_facts(s: StateFields, seat: int, e: int) -> RoadFacts:
    """What a road on edge ``e`` joins and sets off (as effects.place_road would): the one or
    two hexes beside it (with the side of the first, for a border edge), the face-up
    tiles it flips and the Extra Draw Areas it wakes."""
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    hexes = list(m.edge_hexes[e])
    roads = P.roads | {e}
    wakes = [
        h
        for h in m.edas
        if h not in P.eda
        and any(nb in P.tiles for nb in m.neighbours[h])
        and any(x in roads for x in m.hex_edges[h])
    ]
    return {
        "hexes": hexes,
        "side": MQ.DIRECTIONS[m.hex_edges[hexes[0]].index(e)] if len(hexes) == 1 else None,
        "flips": [
            f"the {tile_name(P.tiles[h][0])} on {h}"
            for h in hexes
            if h in P.tiles and not P.tiles[h][1]
        ],
        "wakes": wakes,
    }


def city_merges(s: StateFields, seat: int, h: int) -> list[list[int]]:
    """The cities a property on hex ``h`` would join into one (two or more; else [])."""
    m = MQ.map_board(s, seat)
    near = set(m.neighbours[h])
    touched = [sorted(c) for c in MQ.cities(s, seat) if near & set(c) and h not in c]
    return touched if len(touched) > 1 else []


def advanced_costs(s: StateFields) -> dict[str, dict[str, int]]:
    """Each Advanced Skill Tile on show and what taking it costs (as move_costs
    prices a skill move), {} when the variant is off."""
    shown = s.ext.get("advanced") or ()
    return {str(t): move_costs(s, Action(0, "skill", (t,)))["cost"] for t in shown}
