"""Happy City Expert: random play for every player count with invariants after every step.

Scores and incomes are recomputed here by card name, independently of the engine's
data-driven mechanisms (rules/happy_city/effects.py), so a wrong parameter in the data
or a slip in a mechanism shows up as a mismatch.
"""

import random
from collections import Counter

import pytest

from rules.happy_city import HAPPY_CITY as SPEC

ALL_CARDS = 66 + 12 + 38


# ---- an independent reading of the cards ---------------------------------------------------------
def colours(s, seat):
    return Counter(s.cards[i].colour for i in s.city[seat] if s.cards[i].colour)


def neighbours(s, seat):
    left, right = (seat + 1) % s.n, (seat - 1) % s.n
    return {left, right}


def special_name(s, seat):
    return s.cards[s.special[seat]].name if s.special[seat] is not None else None


def income(s, seat, with_barber=True):
    city = [s.cards[i] for i in s.city[seat]]
    total = sum(c.income for c in city)
    name = special_name(s, seat)
    col = colours(s, seat)
    if name == "Bowling":
        total += 3 * col["violet"]
    elif name == "Sushi Bar":
        total += col["blue"]
    elif name == "Croissant Bakery":
        total += 2 * col["green"]
    elif name == "Safe":
        if all(col["yellow"] <= colours(s, o)["yellow"] for o in range(s.n) if o != seat):
            total += 2
    elif name == "Market Garden":
        total += max(0, min(sum(c.inhabitants for c in city), sum(c.hearts for c in city)))
    elif name == "Billiards Hall":
        pos = s.city[seat].index(s.special[seat])
        total += len({c.colour for c in city[:pos]} - {None})
    elif name == "Art Gallery":
        pos = s.city[seat].index(s.special[seat])
        total += city[pos - 1].income
    elif name == "Barber" and with_barber:
        mine = income(s, seat, with_barber=False)
        if all(mine < income(s, o, with_barber=False) for o in range(s.n) if o != seat):
            total += 3
    return total


def special_symbols(s, seat, name, pos, choice):
    """(inhabitants, hearts) a special called ``name`` at ``pos`` gives at the end."""
    col = colours(s, seat)
    city = s.city[seat]
    card = {c.name: c for c in s.cards}[name]
    inh, hearts = card.inhabitants, card.hearts
    nb = choice.get("neighbour")
    if name == "Pyramid" and nb is not None and pos < len(s.city[nb]):
        other = s.cards[s.city[nb][pos]]
        if other.kind != "special":
            inh += other.inhabitants
            hearts += other.hearts
    elif name == "Art Gallery":
        prev = s.cards[city[pos - 1]]
        inh += prev.inhabitants
        hearts += prev.hearts
    elif name == "Moai":
        hearts += 2 if len(city) == 9 else 4 if len(city) < 9 else 0
    elif name == "Burger Bar":
        best = max(colours(s, o)["blue"] for o in range(s.n) if o != seat)
        hearts += 3 if col["blue"] > best else 2 if col["blue"] == best else 1
    elif name == "Mayan Pyramid":
        best = max(colours(s, o)["green"] for o in range(s.n) if o != seat)
        hearts += 3 if col["green"] > best else 1
    elif name == "Machu Picchu":
        inh += colours(s, (seat + 1) % s.n)["orange"]
    elif name == "Stonehenge" and nb is not None:
        inh += colours(s, nb)["blue"]
    elif name == "Leaning Tower" and nb is not None:
        hearts += colours(s, nb)["yellow"]
    elif name == "Wind Turbine":
        hearts += col["green"]
    elif name == "Taj Mahal":
        mine = income(s, seat)
        hearts += 3 if all(mine < income(s, o) for o in neighbours(s, seat)) else 1
    elif name == "Golden Gate":
        row, c = divmod(pos, 5)
        near = [
            p
            for p in (pos - 1 if c else None, pos + 1 if c < 4 else None, pos - 5, pos + 5)
            if p is not None and 0 <= p < len(city)
        ]
        tally = Counter(s.cards[city[p]].colour for p in near if s.cards[city[p]].colour)
        most = max(tally.values(), default=0)
        if most >= 3:
            inh, hearts = inh + 1, hearts + 2
        elif most == 2:
            inh, hearts = inh + 1, hearts + 1
    elif name == "Great Wall":
        nxt = [s.cards[i].colour for i in city[pos + 1 : pos + 3]]
        hearts += 3 if len(nxt) == 2 and nxt[0] and nxt[0] == nxt[1] else 1
    elif name == "St Basil's":
        hearts += 3 if col["orange"] == 0 else 0
    elif name == "Parthenon":
        inh += 4 if col["green"] == 0 else 0
    return inh, hearts


def score(s, seat):
    choice = s.choices[seat]
    ip = im = hp = hm = 0
    name = special_name(s, seat)
    for pos, i in enumerate(s.city[seat]):
        c = s.cards[i]
        if c.kind == "special":
            inh, hearts = special_symbols(s, seat, c.name, pos, choice)
            if c.name == "Sphinx" and choice.get("copy"):
                ci, ch = special_symbols(s, seat, choice["copy"], pos, choice)
                inh, hearts = inh + ci, hearts + ch
        else:
            inh, hearts = c.inhabitants, c.hearts
        ip, im = ip + max(inh, 0), im + max(-inh, 0)
        hp, hm = hp + max(hearts, 0), hm + max(-hearts, 0)
    if s.options.get("scoring") == "add":  # children: crossed-out symbols subtract
        total = max(0, ip - im + hp - hm)
    else:
        total = max(0, ip - im) * max(0, hp - hm)
    finals = {name, choice.get("copy") if name == "Sphinx" else None}
    if "Theatre" in finals:
        total -= income(s, seat)
    if "Forest Park" in finals and total < 30:
        total *= 2
    return total


# ---- invariants --------------------------------------------------------------------------------------
def check(s, prev):
    places = s.all_card_places()
    assert len(places) == ALL_CARDS and len(set(places)) == ALL_CARDS
    markets = [s.cards[c[0]].colour for c in s.city if c]
    assert len(markets) == len(set(markets))  # one market colour each
    for seat in range(s.n):
        names = [s.cards[i].name for i in s.city[seat]]
        assert len(names) == len(set(names)), names
        assert len(names) <= 10
        assert sum(1 for i in s.city[seat] if s.cards[i].kind == "special") <= (
            s.special[seat] is not None
        )
        assert s.coins[seat] >= 0
        assert 0 <= s.free[seat] <= 1 and 0 <= s.borrow[seat] <= 2
        if s.city[seat]:
            assert s.cards[s.city[seat][0]].kind == "market"
        if s.stage != "market":
            assert s.income_of(seat) == income(s, seat)
        # a Statue of Liberty keeps the city size
        if prev is not None and s.special[seat] is not None and prev.special[seat] is None:
            grew = len(s.city[seat]) - len(prev.city[seat])
            statue = s.cards[s.special[seat]].name == "Statue of Liberty"
            assert grew == (0 if statue else 1)
    assert len(s.visible) <= 3
    for seat in range(s.n):  # price effects never make a card pay the buyer
        for i in s.visible:
            assert 0 <= s.cost_of(seat, s.cards[i]) <= s.cards[i].cost
    if s.bank is not None:  # the Palace only moves coins between players
        assert s.bank >= 0 and s.bank + sum(s.coins) == 70


def play(n, seed, options):
    rng = random.Random(seed)
    s = SPEC.new_game([f"P{i}" for i in range(n)], seed=seed, options={"mode": "expert", **options})
    prev = None
    while not s.is_over:
        seat = s.actors()[0]
        acts = s.legal_actions(seat)
        assert acts
        claims = [a for a in acts if a.kind == "claim"]
        a = rng.choice(claims) if claims and rng.random() < 0.8 else rng.choice(acts)
        prev, s = s, s.apply(a)
        check(s, prev)
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"scoring": "add", "bank": "box"}])
def test_expert_random_play_invariants_every_player_count(n, options):
    for seed in range(30 if n > 3 else 40):
        s = play(n, seed, options)
        assert any(len(c) >= 10 for c in s.city)
        assert s.result()["scores"] == [score(s, k) for k in range(n)]
        for seat in range(n):
            if s.special[seat] is not None:
                ch = s.choices[seat]
                card = s.cards[s.special[seat]]
                if card.name == "Sphinx":
                    assert ch.get("copy")


def test_expert_random_play_uses_every_special_over_many_games():
    seen = set()
    for seed in range(200):
        s = play(2 + seed % 4, 1000 + seed, {})
        seen |= {s.cards[i].name for i in s.special if i is not None}
        assert s.result()["scores"] == [score(s, k) for k in range(s.n)]
    assert len(seen) >= 36
