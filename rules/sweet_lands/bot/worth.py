"""What the Sweet Lands bot's choices in a sub-step are worth: quick rules of thumb,
no search. ``pick`` answers every sub-step but those the bot decides itself (its
character and map on the measured table, a property token and where it goes, a skill
tile and a copied area weighed by a rollout). Plain functions of the state (a
resampled copy) and the seat."""

from __future__ import annotations

from ...core import Action
from .engine import MQ, D, Op, Q

SKILL_RANK = {1: 9, 2: 9, 3: 8, 10: 8, 12: 6, 6: 6, 4: 5, 5: 5, 11: 5, 8: 7, 9: 6, 7: 6}
SPECIAL_RANK = {5: 9, 6: 8, 1: 7, 3: 7, 4: 6, 2: 6}
AID_STD_VALUE = dict(  # Round Aid standard tiles 1-15
    enumerate((1.0, 1.8, 1.8, 1.4, 1.4, 1.5, 2.5, 1.2, 1.5, 1.5, 1.5, 2.5, 1.3, 1.2, 2.5), start=1)
)
AID_PASS_VALUE = {1: 4, 2: 5, 3: 5, 4: 4, 5: 3}


def disc_worth(s, late):
    """An Action Disc pays a whole hand cost. With three or four players the first
    spaces go early and later ones cost 2 or 3 cards, so a disc saves more."""
    if late:
        return 0.3
    return 2.4 if s.n >= 3 else 1.2


def spend_disc(s, f, kinds):
    """Whether to pay this hand cost with a disc: always with one or two players;
    with more, keep it for a cost of 2 or more cards unless cards cannot pay."""
    return s.n < 3 or f["n"] >= 2 or not (kinds & {"discard", "diamond"})


def aid_value(s, space):
    std, pas = s.aid_spaces[space]
    v = sum(AID_STD_VALUE.get(t, 1) for t in std)
    if pas is not None:
        v += AID_PASS_VALUE.get(pas, 3) * 0.5
    return v


def card_value(s, seat, uid):
    d = D.load()
    card = d.cards[d.deck[uid]]
    cost = Q.card_cost(s, seat, uid)
    v = 3.0 - 0.2 * cost
    if card.kind == "pass":
        v += (5 - s.round) * 0.8
    if s.p[seat].res["gold"] < cost:
        v -= 1.5
    return v


def income_value(s, seat, r):
    P = s.p[seat]
    if r == "gold":
        return 0.5
    return 2.0 - 0.1 * P.inc[r]


def track_value(s, seat, i):
    d = D.load()
    P = s.p[seat]
    t = d.prosperity[i]
    elems = {
        "terrain": len(P.tiles),
        "rabbits": len(P.rabbits) + 2,
        "roads": len(P.roads),
        "properties": len(P.props) + 3,
        "automated": Q.automated(s, seat) + 1,
        "industry_points": P.ip + 10,
    }
    n = elems[t["element"]] + (5 - s.round) * 4

    def rate(pos):
        vp, per = 0, 1
        for frm, v, p in t["rates"]:
            if pos >= frm:
                vp, per = v, p
        return vp / per

    gain = n * (rate(P.prosp[i] + 1) - rate(P.prosp[i]))
    gain += 0.5 if (P.prosp[i] + 1) in t["bonus"] else 0
    if P.prosp[i] + 1 == t["length"]:
        gain += (6 if s.pros_first[i] is None else 0) - 2
    return gain + 0.3 * (t["length"] - P.prosp[i])


def marker_value(s, seat, marker):
    d = D.load()
    P = s.p[seat]
    pos = P.carriage if marker == "carriage" else P.loco
    nxt = pos + 1
    if nxt >= len(d.industry):
        return 0.5
    colour, bonus, ip = d.industry[nxt]
    mine = "orange" if marker == "carriage" else "green"
    return (2 if colour == mine and bonus else 0) + ip * 2 + (0.1 if marker == "loco" else 0)


def map_value(s, seat, a):
    """A map step's place: a hex for a tile (plain or special) or an edge for a road."""
    if a.kind in ("hex", "special"):
        return hex_value(s, seat, a)
    return road_value(s, seat, a.args[0])


def hex_value(s, seat, a):
    """A tile on hex ``a.args[0]``: what it joins, opens and reaches toward."""
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    h = a.args[0]
    v = 1.0
    if any(e in P.roads for e in m.hex_edges[h]):
        v += 2.0
    if h in m.icons:
        v += 1.5
    if h in m.ports:
        v += 3.0
    v += 0.6 * toward_port(s, seat, h)
    v += 0.2 * sum(1 for nb in m.neighbours[h] if nb in P.tiles)
    if a.kind == "special":
        v += 1.5 + 0.3 * SPECIAL_RANK.get(a.args[1], 5)
    elif m.kinds[h] == "wheat":
        v += 0.3
    return v


def road_value(s, seat, e):
    """A road on edge ``e``: the tiles it flips and the hexes it opens."""
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    v = 0.5
    for h in m.edge_hexes[e]:
        if h in P.tiles and not P.tiles[h][1]:
            v += 2.5
        if m.kinds[h] == "eda" and h not in P.eda:
            v += 1.5 if any(nb in P.tiles for nb in m.neighbours[h]) else 0.5
        if m.kinds[h] in D.TERRAIN and h not in P.tiles:
            v += 0.3
    return v


def toward_port(s, seat, h):
    """1 if the hex is next to tiles connected to a capital and lies closer to a port."""
    m = MQ.map_board(s, seat)
    ports = [p for p in m.ports if p not in s.p[seat].tiles]
    if not ports:
        return 0
    col, row = m.coords[h]
    dist = min(abs(m.coords[p][0] - col) + abs(m.coords[p][1] - row) for p in ports)
    return max(0, 4 - dist) / 4


def choose_token(s, seat, real):
    """The token to take and the hex it is meant for (the step that places it comes
    next): what it costs against what it opens and where it would stand best."""
    P = s.p[seat]
    best, best_v, best_h = None, -1e9, None
    for a in real:
        kind = a.args[0]
        cost = Q.token_cost(s, seat, kind)
        v = -0.15 * cost.get("gold", 0) - 0.5 * sum(cost.get(x, 0) for x in D.BASIC)
        if kind == "lab":
            blocked = not Q.marker_can_move(s, seat, "carriage") and not (
                P.loco is not None and Q.marker_can_move(s, seat, "loco")
            )
            v += 3 if blocked else 0.5
        elif kind.startswith("shop"):
            v += 2.0 + len(P.columns[kind[5:]])
        else:
            v += 2.5 - 0.2 * P.rows[kind]
        spot_kind = "shop" if kind.startswith("shop") else kind
        h, sv = best_spot(s, seat, spot_kind)
        v += sv
        if v > best_v:
            best, best_v, best_h = a, v, h
    return best, best_h


def best_spot(s, seat, kind):
    spots = MQ.property_spots(s, seat, s.stack[-1].get("eligible"))
    if not spots:
        return None, 0
    before = len(MQ.cities(s, seat))  # the same for every spot: counted once
    best = max(spots, key=lambda h: spot_value(s, seat, kind, h, before))
    return best, spot_value(s, seat, kind, best, before)


def spot_value(s, seat, kind, h, before=None):
    """A token of ``kind`` on hex ``h``: the cities it makes, the mix of its group
    and its room to grow; ``before``: the seat's cities now, if already counted."""
    P = s.p[seat]
    m = MQ.map_board(s, seat)
    if before is None:
        before = len(MQ.cities(s, seat))
    after = len(MQ.cities(s, seat, extra=(h, kind)))
    props = {**P.props, h: kind}  # the position with the token placed, never written back
    group, todo = {h}, [h]
    while todo:
        x = todo.pop()
        for nb in m.neighbours[x]:
            if nb in props and nb not in group:
                group.add(nb)
                todo.append(nb)
    types = {props[x] for x in group}
    v = 3.0 * (after - before)
    if len(types) < 3:
        v += 0.8 * (len(types) - 1) - 0.3 * max(0, len(group) - 3)
    elif after == before:
        v -= 1.0  # grows a city without making a new one
    # room to grow: free buildable neighbours
    v += 0.1 * sum(1 for nb in m.neighbours[h] if nb not in P.props and m.kinds[nb] != "eda")
    if m.kinds[h] == "capital":
        v += 0.8
    return v


def pick(s, seat, f, actions) -> Action:
    """The rule of thumb for the pending step ``f`` of the seat: the step's own rule
    (RULES_OF_THUMB), else the first real move (one that is not "done")."""
    real = [a for a in actions if a.kind != "done"]
    rule = RULES_OF_THUMB.get(f["op"])
    chosen = rule(s, seat, f, actions, real) if rule is not None else None
    if chosen is not None:
        return chosen
    return real[0] if real else actions[0]


def _best_aid(s, seat, f, actions, real) -> Action:
    return max(actions, key=lambda a: aid_value(s, a.args[0]))


def _pay_hand(s, seat, f, actions, real) -> Action:
    return hand_cost(s, seat, f, actions)


def _discard_least(s, seat, f, actions, real) -> Action:
    return min(actions, key=lambda a: card_value(s, seat, a.args[0]))


def _keep_most(s, seat, f, actions, real) -> Action:  # a draft pick too
    return max(actions, key=lambda a: card_value(s, seat, a.args[0]))


def _best_on_map(s, seat, f, actions, real) -> Action | None:
    return max(real, key=lambda a: map_value(s, seat, a)) if real else None


def _best_marker(s, seat, f, actions, real) -> Action | None:
    return max(real, key=lambda a: marker_value(s, seat, a.args[0])) if real else None


def _prosperity(s, seat, f, actions, real) -> Action | None:
    return prosperity_step(s, seat, f["op"], real)


def _rabbit(s, seat, f, actions, real) -> Action | None:
    if not real:
        return None
    cities = [h for c in MQ.cities(s, seat) for h in c]
    return max(real, key=lambda a: (a.args[0] in cities, -a.args[0]))


def _basic(s, seat, f, actions, real) -> Action:
    res = s.p[seat].res
    return min(actions, key=lambda a: res[a.args[0]] - (1 if a.args[0] == "wheat" else 0))


def _pay_basic(s, seat, f, actions, real) -> Action:
    return max(actions, key=lambda a: s.p[seat].res[a.args[0]])


def _income(s, seat, f, actions, real) -> Action:
    return max(actions, key=lambda a: income_value(s, seat, a.args[0]))


def _column(s, seat, f, actions, real) -> Action:
    return max(actions, key=lambda a: len(s.p[seat].columns[a.args[0]]))


def _automate(s, seat, f, actions, real) -> Action:
    auto = [a for a in actions if a.kind == "automate"]
    if auto and s.round <= 4:
        return max(auto, key=lambda a: -len(s.p[seat].columns[a.args[0]]))
    return next(a for a in actions if a.kind == "keepcard")


RULES_OF_THUMB = {
    Op.CHOOSE_AID: _best_aid,
    Op.AID_MOVE: _best_aid,
    Op.HAND: _pay_hand,
    Op.DISCARD_ONE: _discard_least,
    Op.KEEP: _keep_most,
    Op.DRAFT: _keep_most,
    Op.TERRAIN: _best_on_map,
    Op.ROAD: _best_on_map,
    Op.TERRAIN_ROAD: _best_on_map,
    Op.INDUSTRY: _best_marker,
    Op.PROSPERITY: _prosperity,
    Op.CAPITAL: _prosperity,
    Op.RABBIT: _rabbit,
    Op.BASIC: _basic,
    Op.PAYBASIC: _pay_basic,
    Op.INCOME_ANY: _income,
    Op.COLUMN: _column,
    Op.AUTOMATE: _automate,
}


def hand_cost(s, seat, f, actions) -> Action:
    """Pay a hand cost: a disc when it is worth it, two spare diamonds before round 5,
    else the card worth least."""
    kinds = {a.kind for a in actions}
    if "disc" in kinds and spend_disc(s, f, kinds):
        return next(a for a in actions if a.kind == "disc")
    if "diamond" in kinds and s.p[seat].res["diamond"] >= 2 and s.round < 5:
        return next(a for a in actions if a.kind == "diamond")
    disc = [a for a in actions if a.kind == "discard"]
    if disc:
        return min(disc, key=lambda a: card_value(s, seat, a.args[0]))
    return actions[0]


def prosperity_step(s, seat, op, real) -> Action | None:
    """A Prosperity step (or the capital's bonus: early, income rather than a step)."""
    tracks = [a for a in real if a.kind == "track"]
    if op == Op.CAPITAL and (not tracks or s.round <= 2):
        inc = [a for a in real if a.kind == "income"]
        if inc:
            return max(inc, key=lambda a: income_value(s, seat, a.args[0]))
    if tracks:
        return max(tracks, key=lambda a: track_value(s, seat, a.args[0]))
    return real[0] if real else None
