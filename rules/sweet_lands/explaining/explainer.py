"""Sweet Lands' explainer: what a move costs and gives, why it is refused, and what a
thing on the table is, asked for the one thing a screen, the coach or a look-up draws.

The rule work is explain.py's (and the refusal functions ``apply`` uses); this module
puts it into typed lines in the game's words. It answers for one seat, from what that
seat may know: a card is told only if it is in the seat's hand or face up.
"""

from __future__ import annotations

from typing import Any

from ...core import (
    Action,
    Explainer,
    Explanation,
    GameState,
    Glossary,
    Line,
    Ref,
    load_glossary,
    refusal,
)
from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..model import data as D
from ..model.board_part import FIXED_LABELS
from ..model.fields import StateFields
from ..model.story import condition_words
from ..moves import characters as C
from . import explain as E
from . import lookup_words as LW


def _fields(state: GameState) -> StateFields:
    assert isinstance(state, StateFields), "a Sweet Lands explainer explains Sweet Lands"
    return state


def cost_lines(cost: dict[str, int], source: str = "") -> tuple[Line, ...]:
    """A cost as lines, one a resource ("cards": the hand cost, paid in cards or a
    disc), each amount negative: what the seat's stock changes by."""
    return tuple(
        [Line(k, -v, k, "hand cost" if k == "cards" else source, "cost") for k, v in cost.items()]
    )


def gain_lines(gains: list[str], kind: Any = "gain") -> tuple[Line, ...]:
    return tuple([Line(g, kind=kind) for g in gains])


def merge_words(joined: list[list[int]]) -> str:
    names = ["-".join(map(str, c)) for c in joined]
    return f"joins cities {', '.join(names[:-1])} and {names[-1]} into one city"


def road_lines(facts: E.RoadFacts) -> tuple[Line, ...]:
    """What building the road does at once: the tiles it flips, the areas it wakes."""
    said = [f"flips {x}" for x in facts["flips"]]
    said += [f"wakes the Extra Draw Area on {h}" for h in facts["wakes"]]
    return gain_lines(said)


# rules.sweet_lands: the package above this tier
GAME_PACKAGE = (__package__ or "").rpartition(".")[0]


class SweetLandsExplainer(Explainer):
    """Asked for one move or one thing; nothing is worked out before it is asked."""

    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        s = _fields(state)
        refused = refusal(s, seat, action) if action.seat == seat else None
        if refused is not None:
            return Explanation(action.label or action.key, refused=refused)
        return self.legal_move(s, seat, action)

    def legal_move(self, state: GameState, seat: int, action: Action) -> Explanation:
        """What a move its caller knows to be legal costs and gives: ``action`` without
        asking why it would be refused (the move list explains each of the legal moves
        it draws, where that answer is always none)."""
        s = _fields(state)
        title = action.label or action.key
        if action.seat != seat:  # another seat's move: weighing it could tell its hand
            return Explanation(title, refused="Only the seat that makes a move is told of it.")
        if action.kind == "edge":
            facts = E.road_facts(s, seat, action.args[0])
            name = MQ.road_name(MQ.map_board(s, seat), action.args[0])
            return Explanation(f"Road {name}", road_lines(facts))
        if action.kind == "character":  # what the character chosen will do
            return Explanation(title, character_lines(action.args[0]))
        told = E.move_costs(s, action)
        lines = cost_lines(told["cost"]) + gain_lines(told["gains"])
        if action.kind == "place":  # a property that merges cities (a city counts once)
            joined = E.city_merges(s, seat, action.args[0])
            lines += gain_lines([merge_words(joined)], "setup") if joined else ()
        return Explanation(title, lines)

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        s = _fields(state)
        if ref.kind == "term":
            return self.term(state, ref.id)
        tell = _THINGS.get(ref.kind)
        return tell(s, seat, ref.id) if tell is not None else None

    def glossary(self, game_id: str) -> Glossary:
        """The glossary kept in the game's package (beside its lessons and rulings),
        not in this tier's package."""
        return load_glossary(GAME_PACKAGE)

    def named_things(self, state: GameState, seat: int | None) -> tuple[tuple[str, Ref], ...]:
        return LW.named_things(_fields(state), seat)

    # ---- typed answers for the panels that draw a whole table of them ---------------
    def refusals(self, state: GameState, seat: int | None, group: str) -> dict[str, str]:
        """Why each piece of ``group`` ("areas", "cards", "skills", "tokens",
        "milestones", "free", "tower") cannot be used by ``seat`` now, by its id;
        {} for the public view, before the seat has a map and once the game is over."""
        s = _fields(state)
        if seat is None or not s.p[seat].map or s.is_over:
            return {}
        return E.refusals(s, seat, group)

    def map_refusal(self, state: GameState, seat: int, what: str, ident: int) -> str | None:
        """Why the hex or edge (``what``) cannot be chosen in the seat's map step."""
        return E.map_refusal(_fields(state), seat, what, ident)

    def track_rates(self, state: GameState, seat: int) -> list[E.TrackRate]:
        """Each Prosperity track of the seat: its VP rate now and what it scores."""
        return E.prosperity_rates(_fields(state), seat)

    def standings(self, state: GameState) -> list[E.Standing]:
        """Each final scoring tile: every seat's value and the VP it would take now."""
        return E.final_standings(_fields(state))

    def solo_verdict(self, state: GameState) -> E.SoloVerdict | None:
        """The solo lines to beat and where the player stands (None with rivals)."""
        return E.solo_verdict(_fields(state))

    def advanced_costs(self, state: GameState) -> dict[str, dict[str, int]]:
        """Each Advanced Skill Tile on show and what taking it costs."""
        return E.advanced_costs(_fields(state))


# ---- things --------------------------------------------------------------------------
def _refused(s: StateFields, seat: int | None, kind: str, *args: Any) -> str | None:
    if seat is None or not s.p[seat].map or s.is_over:
        return None
    return E.use_refusal(s, seat, kind, *args)


def _area(s: StateFields, seat: int | None, aid: Any) -> Explanation | None:
    d = D.load()
    if aid not in s.occ:
        return None
    area = d.areas[aid]
    lines = gain_lines(E.effects_text(area["effect"]) or [f"copy a {'/'.join(area['copy'])} area"])
    if seat is not None and s.p[seat].map and None in s.occ[aid]:
        cost = dict(Q.area_cost(s, seat, aid))
        cost["cards"] = d.board["hand_costs"][s.occ[aid].index(None)]
        lines = cost_lines({k: v for k, v in cost.items() if v}, f"area {aid}") + lines
    return Explanation(f"Area {aid}", lines, _refused(s, seat, E.area_move(s), aid))


def _card(s: StateFields, seat: int | None, uid: Any) -> Explanation | None:
    """A card in the seat's hand (its price and the move asked of it), or face up."""
    d = D.load()
    mine = seat is not None and uid in s.p[seat].hand
    face_up = any(uid in P.played or any(uid in c for c in P.columns.values()) for P in s.p)
    if not (mine or face_up or uid in s.discard):
        return None  # another hand, the deck: not this seat's to know
    card = d.cards[d.deck[uid]]
    does = E.effects_text(card.effect) if card.kind == "immediate" else ["a pass ability"]
    lines = gain_lines(does) + LW.card_lines(uid)
    if mine and seat is not None:
        lines = cost_lines({"gold": Q.card_cost(s, seat, uid)}, card.name) + lines
        return Explanation(card.name, lines, _refused(s, seat, E.card_move(s), uid))
    return Explanation(card.name, lines)


def _skill(s: StateFields, seat: int | None, sk: Any) -> Explanation | None:
    info = D.load().skills.get(sk)
    if info is None:
        return None
    lines = (Line(info["text"]),) + cost_lines(dict(info.get("cost") or {}), f"skill {sk}")
    owned = seat is not None and sk in s.p[seat].skills
    return Explanation(f"Skill {sk}", lines, _refused(s, seat, "flip", sk) if owned else None)


def _token(s: StateFields, seat: int | None, kind: Any) -> Explanation | None:
    if kind not in E.TOKEN_KINDS or seat is None or not s.p[seat].map:
        return None
    cost = {k: v for k, v in Q.token_cost(s, seat, kind).items() if v}
    refused = None if s.is_over else E.token_refusal(s, seat, kind, E.token_paid(s))
    return Explanation(f"{kind.replace('-', ' ')} token", cost_lines(cost, kind), refused)


def _free(s: StateFields, seat: int | None, kind: Any) -> Explanation | None:
    """A free action ("fa_build", the Clock Tower's "fa_tower", a character's own)."""
    if seat is None or kind not in E.free_kinds(s, seat) + ("fa_tower",):
        return None
    title = FIXED_LABELS.get(kind) or C.FREE_LABELS[kind[3:]]
    told = E.move_costs(s, Action(seat, kind, ()))
    lines = cost_lines(told["cost"]) + gain_lines(told["gains"])
    return Explanation(title, lines, _refused(s, seat, kind))


def _milestone(s: StateFields, seat: int | None, m: Any) -> Explanation | None:
    d = D.load()
    dealt = dict((mid, side) for mid, side in s.milestones)
    if m not in dealt:
        return None
    counting = ("a", "b") if s.options.get("milestones", "either") != "face_up" else (dealt[m],)
    lines = tuple(
        Line(
            f"side {k}: {condition_words(d.milestones[m][k])}",
            source="counts" if k in counting else "",
        )
        for k in ("a", "b")
    )
    claimed = s.ms_claimed.get(m)
    if claimed is not None:
        lines += (Line(f"claimed by {s.players[claimed]}"),)
    else:
        lines += milestone_progress(s, m, counting)
    return Explanation(f"Milestone {m}", lines, _refused(s, seat, "fa_milestone", m))


PROGRESS = "so far"  # the source of a milestone's progress lines


def milestone_progress(s: StateFields, m: int, counting: tuple[str, ...]) -> tuple[Line, ...]:
    """How far each seat with a map is toward each side that counts (the boards are
    public), closest first: "Ann, side a: 7 of 10 (so far)"."""
    tile = D.load().milestones[m]
    found = []
    for seat, P in enumerate(s.p):
        if not P.map:
            continue
        for k in counting:
            need = tile[k].get("n", 1)
            have = Q.measure(s, seat, tile[k])
            found.append(
                (have / need, Line(f"{s.players[seat]}, side {k}", have, f"of {need}", PROGRESS))
            )
    found.sort(key=lambda pair: -pair[0])
    return tuple(line for _, line in found)


def _track(s: StateFields, seat: int | None, ident: Any) -> Explanation | None:
    """A Prosperity track of the seat's: the rate it is at, what it scores now, the
    next rate, and what its next step gives."""
    d = D.load()
    if seat is None or not isinstance(ident, int) or not 0 <= ident < len(d.prosperity):
        return None
    rate = E.prosperity_rates(s, seat)[ident]
    element = rate["element"]
    counted = f"{rate['count']} {E.RATE_NOUNS.get(element, (element, element))[1]}"
    lines = [
        Line(f"rate now: {E.rate_words(rate['vp'], rate['per'], element)}"),
        Line("scores now", rate["scores"], "VP", counted, "total"),
    ]
    if rate["next"] is not None:
        nxt = rate["next"]
        words = E.rate_words(nxt["vp"], nxt["per"], element)
        lines.append(Line(f"from space {nxt['at']}: {words}", kind="setup"))
    if rate["position"] < d.prosperity[ident]["length"]:
        lines += gain_lines(E.track_gains(s, seat, ident))
    return Explanation(f"Prosperity {rate['track']}", tuple(lines))


def _hex(s: StateFields, seat: int | None, h: Any) -> Explanation | None:
    if seat is None or not s.p[seat].map or not isinstance(h, int):
        return None
    m = MQ.map_board(s, seat)
    if not 0 <= h < len(m.kinds):
        return None
    lines = (Line(m.kinds[h]),) + LW.hex_lines(s, seat, h, m.kinds[h])
    return Explanation(f"Hex {h}", lines, E.map_refusal(s, seat, "hex", h))


def _road(s: StateFields, seat: int | None, e: Any) -> Explanation | None:
    if seat is None or not s.p[seat].map or not isinstance(e, int):
        return None
    if not 0 <= e < len(MQ.map_board(s, seat).edge_ends):
        return None
    facts = E.road_facts(s, seat, e)
    refused = E.map_refusal(s, seat, "edge", e)
    name = MQ.road_name(MQ.map_board(s, seat), e)
    return Explanation(f"Road {name}", road_lines(facts), refused)


def character_lines(cid: str) -> tuple[Line, ...]:
    """A character's basic ability, its Clock Tower ability and what the tower needs."""
    c = D.load().characters[cid]
    conditions = ["the first Wonder icon"] + [condition_words(x) for x in c["clock_tower"]]
    return (
        Line(c["basic"], source="basic ability"),
        Line(c["tower"], source="Clock Tower ability", kind="setup"),
        Line(", ".join(conditions), source="Clock Tower condition"),
    )


def _character(s: StateFields, seat: int | None, cid: Any) -> Explanation | None:
    c = D.load().characters.get(cid)
    return Explanation(c["name"], character_lines(cid)) if c is not None else None


def _final_tile(s: StateFields, seat: int | None, tid: Any) -> Explanation | None:
    standing = next((st for st in E.final_standings(s) if st["tile"] == tid), None)
    if standing is None:
        return None
    lines = tuple(
        Line(s.players[i], vp, "VP", f"{value} {standing['measure'].replace('_', ' ')}", "total")
        for i, (value, vp) in enumerate(zip(standing["values"], standing["vp"], strict=True))
    )
    return Explanation(f"Final scoring tile {tid}", lines)


_THINGS = {
    "area": _area,
    "card": _card,
    "skill": _skill,
    "token": _token,
    "action": _free,
    "milestone": _milestone,
    "track": _track,
    "hex": _hex,
    "road": _road,
    "character": _character,
    "tile": _final_tile,
}
