"""The round: start, income, passing, end of turn, cleanup."""

from __future__ import annotations

from ..facts import map_queries as MQ
from ..facts import queries as Q
from ..facts import solo as SOLO
from ..model import data as D
from ..model.constants import CLEANUP, INCOME, OVER, Op
from ..model.fields import StateFields
from . import characters as C
from . import frames as FR
from . import variants as V


def begin_round(s: StateFields) -> None:
    d = D.load()
    s.round += 1
    s.phase = INCOME
    V.begin_round(s)  # F hook: variable turn order
    if s.next_start is not None:
        s.start = s.next_start
    s.next_start = None
    for aid in s.occ:
        if d.areas[aid]["opens"] == s.round:
            s.opened = s.opened | {aid}
            if s.round > 1:
                s.log(f"Round {s.round}: advanced area {aid} opens.")
    s.log(f"Round {s.round} begins: income phase.")
    if s.solo:
        s.solo_a, s.solo_b = list(s.solo_a), list(s.solo_b)
        s.occ = {k: list(v) for k, v in s.occ.items()}
        a, b = s.solo_a.pop(), s.solo_b.pop()
        s.solo_shown = [a, b]
        spaces = D.solo_cards()
        blocked = []
        for card in (a, b):
            for area, idx in spaces[card]:
                open_space = area in s.occ and area in s.opened and idx <= len(s.occ[area])
                if open_space and s.occ[area][idx - 1] is None:
                    s.occ[area][idx - 1] = "mio"
                    blocked.append(f"{area} space {idx}")
        s.checkpoint += 1
        where = ", ".join(blocked) if blocked else "no open space"
        s.log(f"Mio reveals {a} and {b} and blocks {where}.")
    s.stack.append({"op": Op.ACTION_START, "seat": s.start})
    V.before_action(s)  # F hook: hand drafting in round 1
    order = [(s.start + k) % s.n for k in range(s.n)]
    for seat in reversed(order):
        s.stack.append({"op": Op.INCOME, "seat": seat})


def income(s: StateFields, seat: int) -> None:
    d = D.load()
    P = s.p[seat]
    P.passed = False
    todo = []
    if P.aid is not None:
        for tid in s.aid_spaces[P.aid][0]:
            todo += list(d.aid_standard[tid])
    todo.append(("income_tracks", None))
    draw = d.board["first_round_draw"] if s.round == 1 else d.board["later_round_draw"]
    taken = SOLO.cards_taken(s)
    if taken:
        draw -= taken
        s.log(f"Mio takes {taken} of {s.players[seat]}'s cards: the draw is {draw}.")
    todo.append(("round_draw", draw))
    todo = C.of(P).income(s, seat, todo)  # Gretel's diamond, Coral's steps, Carmen's cards
    todo = V.income(s, seat, todo)  # F hook: no round-1 draw while drafting
    s.log(f"{s.players[seat]} collects income.")
    FR.push_effects(s, seat, todo, why="income")


def pass_gains(s: StateFields, seat: int) -> tuple[int, int, int]:
    """What passing now would give, in rulebook order: (CP, IP, VP)."""
    cp, ip, vp_parts = pass_parts(s, seat)
    return cp, ip, sum(vp for _, vp in vp_parts)


def pass_parts(s: StateFields, seat: int) -> tuple[int, int, list[tuple[str, int]]]:
    """What passing now would give: CP, IP and each source of VP with its VP (only
    the sources that give some), in rulebook order."""
    d = D.load()
    P = s.p[seat]
    ip = Q.ip_icons(s, seat)
    cities = MQ.cities(s, seat)
    cp = d.board["city_points"][min(len(cities), 6)]
    parts: list[tuple[str, int]] = []
    # 1. character (Clock Tower pass abilities)
    if P.tower:
        cp, ip, vp = C.of(P).tower_pass(s, seat, cities, cp, ip, 0)
        parts.append((f"{d.characters[P.char]['name']}'s Clock Tower", vp))
    # 2. City Points, 3. Industry Points (added by the caller)
    # 4. Pass Aid tile
    if P.aid is not None and s.aid_spaces[P.aid][1] is not None:
        tile = s.aid_spaces[P.aid][1]
        parts.append((f"Pass Aid tile {tile}", Q.formula_vp(s, seat, d.aid_pass[tile])))
    # 5. skill tiles with pass abilities
    for sk in P.skills:
        if d.skills[sk]["kind"] == "pass":
            parts.append((f"skill {sk}", Q.formula_vp(s, seat, d.skills[sk]["pass"], ip)))
    # 6. pass citizen cards
    for uid in P.played:
        card = d.cards[d.deck[uid]]
        if card.kind == "pass":
            parts.append((card.name, Q.formula_vp(s, seat, card.passv, ip)))
    return cp, ip, [(name, vp) for name, vp in parts if vp]


def pass_vp_words(parts: list[tuple[str, int]]) -> str:
    """The VP of a pass with its sources: "3 VP (2 from skill 4, 1 from Sugar Cat)"."""
    total = f"{sum(vp for _, vp in parts)} VP"
    if not parts:
        return total
    return f"{total} ({', '.join(f'{vp} from {name}' for name, vp in parts)})"


def pass_round(s: StateFields, seat: int) -> None:
    s.p[seat].passed = True
    V.record_pass(s, seat)  # F hook: the Turn Order Board
    s.stack.append({"op": Op.END_TURN, "seat": seat})
    # The move only chooses next round's aid, so the last round skips it (RULINGS.md)
    if s.round < D.load().board["rounds"]:
        s.stack.append({"op": Op.AID_MOVE, "seat": seat})
    # F hook: the pass is scored once the pass abilities that ask (Elsa's tile) are done
    s.stack.append({"op": Op.PASS_SCORE, "seat": seat})
    C.of(s.p[seat]).pass_first(s, seat)


def score_pass(s: StateFields, seat: int) -> None:
    P = s.p[seat]
    cp, ip, vp_parts = pass_parts(s, seat)
    P.cp += cp
    P.ip += ip
    P.ip_last = ip
    P.vp += sum(vp for _, vp in vp_parts)
    s.log(f"{s.players[seat]} passes: {cp} CP, {ip} IP, {pass_vp_words(vp_parts)}.")
    if s.next_start is None:
        s.next_start = seat
        s.log(f"{s.players[seat]} takes the start player marker.")


def end_turn(s: StateFields) -> None:
    s.checkpoint += 1
    s.main_done = False
    for seat in V.seats_after(s, s.turn):  # F hook: variable turn order
        if not s.p[seat].passed:
            s.turn = seat
            return
    cleanup(s)


def cleanup(s: StateFields) -> None:
    if s.round >= D.load().board["rounds"]:
        s.phase = OVER
        s.is_over = True
        s.checkpoint += 1
        s.log("The fifth round is over: final scoring.")
        return
    s.phase = CLEANUP
    s.occ = {aid: [None] * len(spaces) for aid, spaces in s.occ.items()}
    for seat in range(s.n):
        s._own(seat)
    for P in s.p:
        P.discs = 0
        P.flipped = []
    C.cleanup(s)  # F hook: character free-action cubes
    s.log(f"Round {s.round}: cleanup.")
    if s.next_start is None:
        s.next_start = s.start
    s.stack.append({"op": Op.NEXT_ROUND, "seat": s.next_start})
    order = [(s.next_start + k) % s.n for k in range(s.n)]
    for seat in reversed(order):
        if len(s.p[seat].hand) >= 2:
            s.stack.append({"op": Op.KEEP, "seat": seat})
