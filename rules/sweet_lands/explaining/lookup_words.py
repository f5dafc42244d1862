"""What the look-up key and the palette add to Sweet Lands' explainer: a card's printed
text in words (its pass ability, its automated effect, tags and industry) and the index
of things a seat may look up by name.

Separate functions the explainer calls (explainer.py keeps the move explanations).
"""

from __future__ import annotations

from ...core import Line, Ref
from ..facts import map_queries as MQ
from ..model import data as D
from ..model.fields import StateFields
from . import explain as E


def card_lines(uid: int) -> tuple[Line, ...]:
    """A card as printed, beyond what it does when played: its scoring when you pass,
    what it gives once automated, its tags and industry and printed price."""
    d = D.load()
    card = d.cards[d.deck[uid]]
    lines = []
    if card.passv:
        lines.append(Line(E.pass_words(card.passv), kind="setup"))
    if card.auto:
        done = "; ".join(E.effects_text(card.auto))
        lines.append(
            Line(f"automated: each Industry Bonus of its column gives {done}", kind="setup")
        )
    tags = ", ".join(card.tags) or "no tags"
    lines.append(Line(f"tags: {tags}; industry: {card.industry}; printed cost {card.cost} gold"))
    return tuple(lines)


def named_things(s: StateFields, seat: int | None) -> tuple[tuple[str, Ref], ...]:
    """What ``seat`` may look up by name: the areas on the board, the characters, the
    skill tiles, the milestones dealt, the seat's own tracks and the cards it may
    know (its hand, the cards face up, the discards)."""
    d = D.load()
    found: list[tuple[str, Ref]] = [(f"Area {a}", Ref("area", a)) for a in s.occ]
    found += [(c["name"], Ref("character", cid)) for cid, c in d.characters.items()]
    found += [(f"Skill {k}", Ref("skill", k)) for k in d.skills]
    found += [(f"Milestone {m}", Ref("milestone", m)) for m, _side in s.milestones]
    found += [
        (f"Final scoring tile {t['tile']}", Ref("tile", t["tile"])) for t in E.final_standings(s)
    ]
    if seat is not None:
        found += [
            (f"Prosperity {tr['colour']} {tr['element'].replace('_', ' ')}", Ref("track", i))
            for i, tr in enumerate(d.prosperity)
        ]
    known = set(s.discard)
    for i, P in enumerate(s.p):
        known.update(P.played)
        for column in P.columns.values():
            known.update(column)
        if i == seat:
            known.update(P.hand)
    found += [(d.cards[d.deck[uid]].name, Ref("card", uid)) for uid in sorted(known)]
    return tuple(found)


def hex_lines(s: StateFields, seat: int, h: int, kind: str) -> tuple[Line, ...]:
    """What lies on hex ``h`` of the seat's map, in words: its tile (face up or
    flipped, and what flipping gives), property, rabbit, port, bonus icon and, while
    empty, what a tile there would give when flipped."""
    d = D.load()
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    lines: list[Line] = []
    tile = P.tiles.get(h)
    if tile is not None:
        tile_kind, flipped = tile
        effect = d.specials[int(tile_kind[8:])] if tile_kind.startswith("special:") else ()
        effect = effect or d.terrain_flip.get(tile_kind, ())
        state = "flipped" if flipped else "face up: a road on one of its edges flips it"
        lines.append(Line(f"tile {tile_kind.replace(':', ' ')}, {state}"))
        if effect:
            lines.append(Line(f"flipping gives {'; '.join(E.effects_text(effect))}", kind="setup"))
    elif kind in d.terrain_flip:
        gives = "; ".join(E.effects_text(d.terrain_flip[kind]))
        lines.append(Line(f"empty: a {kind} tile here, once flipped, gives {gives}", kind="setup"))
    if h in P.props:
        lines.append(Line(f"property: {P.props[h]}"))
    if h in P.rabbits:
        lines.append(Line("a Cookie Rabbit"))
    if h in m.ports:
        linked = tile is not None and h in MQ.capital_network(s, seat)
        now = "connected now" if linked else "not connected yet"
        lines.append(
            Line(
                f"a port, {now}: it counts at the end once it holds your tile and your tiles "
                "join it, hex to hex, to your capital (a road alone is not enough)"
            )
        )
    if h in m.icons and tile is None:
        lines.append(Line(f"bonus icon: {'; '.join(E.effects_text(m.icons[h]))}", kind="setup"))
    return tuple(lines)
