"""The turn menu against the refusal functions, and the board facts kept between states.

The menu and the refusals ask the same functions (turn_checks: sort_areas, sort_cards,
the free actions' refusals...), but the menu keeps board facts between states (a
BoardPart: open areas with their hand costs, free spots, card prices, milestones) and
tests prices made ahead (price_items); every move of the turn menu must be offered
exactly when its refusal, asked afresh, is None. Facts kept from one state to the next
(milestone results, free spots) must never carry over to a state whose board differs,
however alike their counts.
"""

import random

from rules.sweet_lands import SWEET_LANDS as SPEC
from rules.sweet_lands.facts import economy as EC
from rules.sweet_lands.facts import map_queries as MQ
from rules.sweet_lands.facts import queries as Q
from rules.sweet_lands.model import data as D
from rules.sweet_lands.moves import turn_checks as TC
from rules.sweet_lands.protocol import setup_tools as tools

from ..expect import given
from .helpers import edit, map_a, started

ALL_VARIANTS = {"turn_order": "pass_order", "draft": "on", "advanced_skills": "on"}


def direct_refusal(s, seat, kind, args):
    """The refusal of one turn-menu move, asked of the rule functions themselves
    (not of the menu, as why_illegal may)."""
    main = TC.main_refusal(s, seat)
    if kind == "area":
        return main or TC.area_refusal(s, seat, args[0])
    if kind == "play":
        return TC.card_refusal(s, seat, args[0])
    if kind == "flip":
        return TC.skill_refusal(s, seat, args[0])
    if kind == "pass":
        return main
    if kind == "end":
        return None if s.main_done else "main action first"
    return TC.free_refusal(s, seat, kind, args)


def candidate_moves(s, seat):
    """Every turn-menu move that names a piece of this game (Rikka's wood splits
    aside), one play per card type in hand as the menu offers."""
    d = D.load()
    P = s.p[seat]
    out: list[tuple[str, tuple]] = [("area", (aid,)) for aid in s.occ]
    by_card: dict[int, int] = {}
    for uid in P.hand:
        by_card.setdefault(d.deck[uid], uid)
    out += [("play", (uid,)) for uid in by_card.values()]
    out += [("flip", (sk,)) for sk in P.skills]
    out += [("pass", ()), ("end", ())]
    out += [(k, ()) for k in ("fa_build", "fa_draw", "fa_trade", "fa_disc", "fa_card")]
    out += [(k, (r,)) for k in ("fa_buy", "fa_sell") for r in D.BASIC]
    out += [("fa_milestone", (m,)) for m, _side in s.milestones]
    out += [("fa_tower", ())]
    out += [(f"fa_{fid}", ()) for fid in d.characters[P.char].get("free", ())]
    return out


def check_menu(s):
    seat = s.turn
    menu = {
        (a.kind, a.args)
        for a in s.legal_actions(seat)
        if not (a.kind == "area" and len(a.args) > 1)
    }
    for kind, args in candidate_moves(s, seat):
        refused = direct_refusal(s, seat, kind, args)
        assert ((kind, args) in menu) == (refused is None), (kind, args, refused)
        menu.discard((kind, args))
    assert not menu, f"offered without a candidate: {menu}"


def test_turn_menu_is_every_move_without_a_refusal():
    games = [
        (("rikka", "gretel", "biscuit", "solbee"), 11, {}),
        (("elsa", "lotus", "sakura"), 12, ALL_VARIANTS),
        (("carmen", "nata"), 13, {"skill_tiles": "further", "milestones": "face_up"}),
    ]
    checked = 0
    for chars, seed, options in games:
        rng = random.Random(seed)
        options = {"character_boards": "any", **options}
        s = SPEC.new_game([f"P{i}" for i in range(len(chars))], seed=seed, options=options)
        while not s.is_over:
            seat = rng.choice(s.actors())
            acts = s.legal_actions(seat)
            if s.stack and s.stack[-1]["op"] == "choose_char":
                acts = [a for a in acts if a.args == (chars[seat],)] or acts
            if not s.stack and s.phase == "action" and rng.random() < 0.3:
                check_menu(s)
                checked += 1
            # main moves more often than the plain free ones, to reach more positions
            main = [a for a in acts if not a.kind.startswith("fa_")]
            s = s.apply(rng.choice(main if main and rng.random() < 0.6 else acts))
    assert checked > 180  # about 200 menus with these seeds


def test_prices_made_ahead_are_can_pay():
    # the menu tests an area's price as price_items made it; the words of a refusal
    # come from can_pay's twin (shortfall): the two must agree on every price
    s = edit(started(2))
    costs = list(Q.area_costs(s, 0).values())
    costs += [{}, {"wood": 0, "iron": 2}, {"gold": 3, "wheat": 1, "iron": 1}]
    rng = random.Random(5)
    refused = 0
    for cost in costs:
        for _ in range(40):
            s.p[0].res = {r: rng.randrange(0, 6) for r in s.p[0].res}
            why: dict[str, str] = {}
            use = ("x", cost, None, *TC.price_items(cost), 0, False, None)
            TC.sort_areas(s, 0, [use], why=why)
            paid = EC.can_pay(s, 0, cost)
            assert (why.get("x") == TC.PRICE) == (not paid), (cost, s.p[0].res)
            assert (EC.shortfall(s, 0, cost) is None) == paid
            refused += not paid
    assert 0 < refused < 40 * len(costs)


def ten_tile_siblings():
    """Two states one move apart from the same parent: a 10th terrain tile on a wheat
    hex or on a forest hex. Milestone 1 (side a: 10 wheat and sea tiles) is met in
    the first only, though both boards have the same counts."""
    s = edit(started(2))
    m = map_a()
    s.options = {**s.options, "milestones": "face_up"}
    s.milestones, s.ms_claimed = [[1, "a"]], {}
    near = {h for c in m.capitals for h in m.neighbours[c]}
    wheat = next(h for h in sorted(near) if m.kinds[h] == "wheat" and h not in m.icons)
    forest = next(h for h in sorted(near) if m.kinds[h] == "forest" and h not in m.icons)
    wet = [h for h in m.buildable if m.kinds[h] in ("wheat", "sea") and h != wheat]
    s.p[0].tiles = {h: (m.kinds[h], False) for h in wet[:9]}
    tools.effect(s, 0, "terrain", 1)
    return s.apply(s.find_action(0, "hex", wheat)), s.apply(s.find_action(0, "hex", forest))


def test_milestone_results_are_not_shared_between_sibling_boards():
    for first in (0, 1):
        kids = ten_tile_siblings()
        # one memo, the same counts: only the tiles themselves tell the boards apart
        assert kids[0].p[0].memo is kids[1].p[0].memo
        assert len(kids[0].p[0].tiles) == len(kids[1].p[0].tiles)
        asked = [
            TC.milestone_refusal(kids[first], 0, 1),
            TC.milestone_refusal(kids[1 - first], 0, 1),
        ]
        met = asked if first == 0 else asked[::-1]
        assert met[0] is None, met
        assert given(met[1]).startswith(
            "Milestone 1 is not met yet: it needs 10 wheat or sea tiles"
        )


def test_free_spots_are_not_shared_between_sibling_boards():
    # sibling roads: each state's free edges are those worked out afresh for it
    # (a detached copy starts with nothing kept)
    s = edit(started(2))
    tools.effect(s, 0, "road", 1)
    edges = [a.args[0] for a in s.legal_actions(0) if a.kind == "edge"][:3]
    kids = [s.apply(s.find_action(0, "edge", e)) for e in edges]
    for _ in range(2):
        for k, e in zip(kids, edges, strict=True):
            spots = MQ.road_spots(k, 0)
            assert e not in spots
            assert spots == MQ.road_spots(k.detached_copy(), 0)
    assert len({tuple(MQ.road_spots(k, 0)) for k in kids}) == len(kids)


def test_terrain_spots_are_the_free_hexes_beside_a_tile_or_capital():
    # terrain_spots gathers the spots from the hexes beside the tiles; here they are
    # found the long way, hex by hex, in random play with Elsa (who places anywhere)
    rng = random.Random(11)
    s = SPEC.new_game(["P0", "P1"], seed=11, options={"character_boards": "any"})
    checked = 0
    while not s.is_over:
        for seat in range(s.n):
            P, m = s.p[seat], MQ.map_board(s, seat)
            anywhere = P.char == "elsa"
            slow = [
                h
                for h in m.buildable
                if h not in P.tiles
                and (m.kinds[h] != "special" or s.specials)
                and (
                    anywhere
                    or any(nb in P.tiles or m.kinds[nb] == "capital" for nb in m.neighbours[h])
                )
            ]
            assert MQ.terrain_spots(s, seat) == slow
            checked += 1
        acts = s.legal_actions(s.actors()[0])
        if s.stack and s.stack[-1]["op"] == "choose_char":
            acts = [a for a in acts if a.args == ("elsa",)] or acts
        s = s.apply(rng.choice(acts))
    assert checked > 500 and "elsa" in [p.char for p in s.p]
