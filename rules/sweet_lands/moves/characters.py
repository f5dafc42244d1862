"""The fourteen characters in one registry: one object per character, whose named
hooks the engine calls (income, costs, tags, cities, placing the Clock Tower, the
Clock Tower condition and pass ability, free actions, what the view shows).

``Character`` is the base: a character without abilities of a kind (it also stands
for a seat that has not chosen yet). ``of(P)`` is the character of a player. The
pending steps the characters ask (Lotus's flip, Coral's colour, Carmen's automation,
Sakura's search) and the free-action moves are in ``character_steps``.

Per-player state this module owns sits in ``PlayerState.ext``, a small dict whose
values are immutable (ints, tuples): replace a value, never change it in place, so a
shallow copy of the dict is a full copy.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

from ..facts import map_queries as MQ
from ..facts import primitives as PR
from ..facts import queries as Q
from ..model import data as D
from ..model.constants import Op
from ..model.fields import StateFields
from ..model.player import PlayerState, Traits
from . import frames as FR

Cards = tuple[dict[str, int], list[str]]  # (cost, gains) of a free action, for the view

# Solbee Chocolat: Food Track progress -> the free action it opens.
SOLBEE = {3: ("gain", {"wheat": 1}), 5: ("road", 1), 9: ("prosperity", 1)}
SOLBEE_TEXT = {3: "take 1 wheat", 5: "place 1 road", 9: "take 1 Prosperity step"}


# ---------------------------------------------------------------- per-player extras
def ext(s: StateFields, seat: int, key: str, default: Any = None) -> Any:
    return s.p[seat].ext.get(key, default)


def put(s: StateFields, seat: int, key: str, value: Any) -> None:
    own(s, seat)
    s.p[seat].ext = {**s.p[seat].ext, key: value}  # a new dict: never shared


def cubes(s: StateFields, seat: int) -> tuple:
    """The character free actions used this round (each marked by a cube)."""
    return ext(s, seat, "cubes", ())


def mark(s: StateFields, seat: int, fid: str) -> None:
    put(s, seat, "cubes", cubes(s, seat) + (fid,))


def own(s: StateFields, seat: int) -> None:
    """Make the player of ``seat`` this state's own before changing it: the engine
    shares unchanged players between states (copy on write, StateFields._own)."""
    s._own(seat)


def cleanup(s: StateFields) -> None:
    """Cleanup returns the cubes of the once-a-round character free actions."""
    for seat in range(s.n):
        if "cubes" in s.p[seat].ext:
            own(s, seat)
            s.p[seat].ext = {k: v for k, v in s.p[seat].ext.items() if k != "cubes"}


# ---------------------------------------------------------------- queries
def lab_cities(s: StateFields, seat: int) -> int:
    props = s.p[seat].props
    if "lab" not in props.values():  # (asked on every turn step of Biscuit's)
        return 0
    return sum(1 for c in MQ.cities(s, seat) if any(props[h] == "lab" for h in c))


def colour_progress(s: StateFields, seat: int) -> dict:
    P = s.p[seat]
    return {c: P.prosp[2 * i] + P.prosp[2 * i + 1] for i, c in enumerate(D.COLOURS)}


def least_colours(s: StateFields, seat: int) -> list[str]:
    prog = colour_progress(s, seat)
    low = min(prog.values())
    return [c for c in D.COLOURS if prog[c] == low]


def face_up_tiles(s: StateFields, seat: int) -> list[int]:
    return sorted(h for h, (_k, flipped) in s.p[seat].tiles.items() if not flipped)


def _drafting(s: StateFields) -> bool:
    return s.options.get("draft", "off") == "on" and s.round == 1 and s.n >= 2


def _tower_vp(s: StateFields, seat: int, vp: int, name: str) -> None:
    """A Clock Tower ability scoring ``vp`` when it triggers (once the tower stands)."""
    P = s.p[seat]
    if P.tower:
        P.vp += vp
        s.log(f"{s.players[seat]} scores {vp} VP ({name}'s Clock Tower).")


def _before_income_tracks(todo: list, item: tuple) -> list:
    i = next(k for k, (op, _v) in enumerate(todo) if op == "income_tracks")
    return todo[:i] + [item] + todo[i:]


# ---------------------------------------------------------------- the hooks
class Character(Traits):
    """A character's rules as hooks; this base has no ability of any kind (the flags,
    tags and city rule the board queries read are in ``Traits``)."""

    # Free action id -> its menu label (the ids the data lists under "free").
    free_labels: ClassVar[dict[str, str]] = {}

    def free_ids(self) -> tuple[str, ...]:
        return _free_ids(self.id)

    # ---- income phase and costs
    def income(self, s: StateFields, seat: int, todo: list) -> list:
        """The income steps, in order, with the character's own put in."""
        return todo

    # ---- moments of play
    def on_play(self, s: StateFields, seat: int) -> None:
        """The seat has played a Citizen Card at a cost (main action)."""

    def on_diamond_card(self, s: StateFields, seat: int) -> None:
        """The seat has paid a diamond in place of a card."""

    def on_ibonus(self, s: StateFields, seat: int) -> None:
        """The seat gains an Industry Bonus."""

    def on_tower(self, s: StateFields, seat: int) -> list:
        """Effects of placing the Clock Tower."""
        return []

    def after_draft(self, s: StateFields, seat: int) -> None:
        """Hand drafting is over (round 1)."""

    # ---- the Clock Tower and passing
    def tower_condition(self, s: StateFields, seat: int) -> bool:
        """The printed condition (data: clock_tower) beside the Wonder icon."""
        return all(Q.test(s, seat, c) for c in D.load().characters[self.id]["clock_tower"])

    def pass_first(self, s: StateFields, seat: int) -> None:
        """Pass abilities that ask something, before the pass is scored."""

    def tower_pass(
        self, s: StateFields, seat: int, cities: list, cp: int, ip: int, vp: int
    ) -> tuple[int, int, int]:
        """The Clock Tower pass ability: the (CP, IP, VP) of a pass, changed."""
        return cp, ip, vp

    # ---- free actions (once a round each, marked by a cube)
    def free_refusal(self, s: StateFields, seat: int, fid: str) -> str | None:
        return None

    def do_free(self, s: StateFields, seat: int, fid: str) -> None:
        raise NotImplementedError(fid)

    def free_costs(self, s: StateFields, seat: int, fid: str) -> Cards:
        raise NotImplementedError(fid)

    def view(self, s: StateFields, seat: int) -> dict:
        """What the screen shows of the character's own state (all public)."""
        return {}


@cache
def _free_ids(cid: str | None) -> tuple[str, ...]:
    if cid is None:
        return ()
    return tuple(D.load().characters[cid].get("free", ()))


# ---------------------------------------------------------------- the first six
class Nata(Character):
    id = "nata"
    iron_discount = True

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + ip


class Eline(Character):
    id = "eline"

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + min(s.p[seat].inc[r] for r in D.BASIC)


class Gretel(Character):
    id = "gretel"
    diamonds_for_cards = True

    def income(self, s, seat, todo):
        return _before_income_tracks(todo, ("gain", {"diamond": 1}))

    def on_diamond_card(self, s, seat):
        _tower_vp(s, seat, 3, "Gretel")


class Jasmine(Character):
    id = "jasmine"
    skills_per_grant = 2

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + len(s.p[seat].skills)


class Sena(Character):
    id = "sena"

    def add_tags(self, out):
        for t in D.TAGS:
            out[t] += 1

    def on_play(self, s, seat):
        PR.raise_income(s, seat, "gold", 1)
        s.log(f"{s.players[seat]}'s gold income rises by 1 (Sena's ability).")
        _tower_vp(s, seat, 2, "Sena")


class Rikka(Character):
    id = "rikka"
    wood_for_wheat = True

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        rabbits = s.p[seat].rabbits
        return cp + sum(1 for c in cities if any(h in rabbits for h in c)), ip, vp


# ---------------------------------------------------------------- the eight further
class Biscuit(Character):
    id = "biscuit"
    free_labels = {"biscuit": "Free (Biscuit): 1 Industry step per city with a Research Lab"}

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip + lab_cities(s, seat), vp

    def free_refusal(self, s, seat, fid):
        if not lab_cities(s, seat):
            return "No city of yours holds a Research Lab yet."
        if not (Q.marker_can_move(s, seat, "carriage") or Q.marker_can_move(s, seat, "loco")):
            return "No Industry marker can advance (a Research Lab still on your board blocks it)."
        return None

    def do_free(self, s, seat, fid):
        FR.push_effects(s, seat, [("industry", lab_cities(s, seat))], why="Biscuit's free action")

    def free_costs(self, s, seat, fid):
        n = lab_cities(s, seat)
        return {}, [f"{n} Industry step{'s' if n != 1 else ''}"]


class Solbee(Character):
    id = "solbee"
    free_labels = {f"solbee{k}": f"Free (Solbee, Food {k}+): {SOLBEE_TEXT[k]}" for k in SOLBEE}

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + len(s.p[seat].rabbits)

    def free_refusal(self, s, seat, fid):
        need = int(fid[6:])
        food = s.p[seat].food
        if food < need:
            return f"Needs Food Track progress {need}, you have {food}."
        if need == 5 and not MQ.road_spots(s, seat):
            return "There is no spot for a road."
        if need == 9 and not Q.pros_movable(s, seat):
            return "No Prosperity track can advance."
        return None

    def do_free(self, s, seat, fid):
        FR.push_effects(s, seat, [SOLBEE[int(fid[6:])]], why="Solbee's free action")

    def free_costs(self, s, seat, fid):
        return {}, [SOLBEE_TEXT[int(fid[6:])][5:]]


class Lotus(Character):
    id = "lotus"
    free_labels = {"lotus": "Free (Lotus): flip a face-up terrain tile for its bonus"}

    def on_tower(self, s, seat):
        s.log(f"{s.players[seat]} covers the map's City Point Rate with Lotus Che's tile.")
        return []

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        rate = D.load().characters["lotus"]["city_point_rate"]
        return rate[min(len(cities), 6)], ip, vp

    def free_refusal(self, s, seat, fid):
        return None if face_up_tiles(s, seat) else "You have no face-up terrain tile to flip."

    def do_free(self, s, seat, fid):
        s.stack.append({"op": Op.LOTUS_FLIP, "seat": seat})

    def free_costs(self, s, seat, fid):
        return {}, ["the flip bonus of a face-up terrain tile"]

    def view(self, s, seat):
        if not s.p[seat].tower:
            return {}
        return {"city_point_rate": list(D.load().characters["lotus"]["city_point_rate"][1:])}


class Alice(Character):
    id = "alice"

    def is_city(self, group, props, tower):
        """Three tokens make a city; with her Clock Tower, any group holding it."""
        return len(group) >= 3 or (tower and any(props[h] == "tower" for h in group))

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + len(cities)


class Elsa(Character):
    id = "elsa"
    places_anywhere = True

    def pass_first(self, s, seat):
        """Passing, she places a terrain tile (free, as every granted action)."""
        if MQ.any_terrain_spot(s, seat):
            s.stack.append({"op": Op.TERRAIN, "seat": seat, "n": 1, "chain": None})

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + 2 * MQ.connected_ports(s, seat)


class Carmen(Character):
    id = "carmen"

    def income(self, s, seat, todo):
        """Her first-round cards come after the draw (after the draft, drafting)."""
        if s.round == 1 and not _drafting(s):
            return todo + [("draw", 2), ("carmen_automate", 2)]
        return todo

    def after_draft(self, s, seat):
        FR.push_effects(s, seat, [("draw", 2), ("carmen_automate", 2)])

    def on_ibonus(self, s, seat):
        put(s, seat, "carmen_cubes", ext(s, seat, "carmen_cubes", 0) + 1)

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + ext(s, seat, "carmen_cubes", 0)

    def view(self, s, seat):
        return {"carmen_cubes": ext(s, seat, "carmen_cubes", 0)}


class Sakura(Character):
    id = "sakura"
    free_labels = {"sakura": "Free (Sakura): discard a card for an Action Disc"}

    def add_tags(self, out):
        out["wagashi"] += 1

    def on_tower(self, s, seat):
        return [("sakura_search", 2)]

    def free_refusal(self, s, seat, fid):
        if len(s.p[seat].hand) <= Q.cards_kept(s):
            return "Discarding for a disc needs a card, and one must stay in hand."
        return None

    def do_free(self, s, seat, fid):
        FR.push_effects(s, seat, [("disc", 1)])
        s.stack.append({"op": Op.DISCARD_ONE, "seat": seat})

    def free_costs(self, s, seat, fid):
        return {"cards": 1}, ["1 Action Disc"]


class Coral(Character):
    id = "coral"

    def income(self, s, seat, todo):
        """Her Prosperity steps come before the income tracks."""
        return _before_income_tracks(todo, ("coral_steps", 2))

    def tower_pass(self, s, seat, cities, cp, ip, vp):
        return cp, ip, vp + 2 * min(colour_progress(s, seat).values())


# ---------------------------------------------------------------- the registry
NOBODY = Character()  # a seat that has not chosen its character yet
CHARACTERS: dict[str, Character] = {
    ch.id: ch
    for ch in (
        Nata(),
        Eline(),
        Gretel(),
        Jasmine(),
        Sena(),
        Rikka(),
        Biscuit(),
        Solbee(),
        Lotus(),
        Alice(),
        Elsa(),
        Carmen(),
        Sakura(),
        Coral(),
    )
    if ch.id is not None
}
_BY_ID: dict[str | None, Character] = {None: NOBODY}
_BY_ID.update(CHARACTERS)

# Every character free action: id -> its menu label; the move kinds ("fa_" + id).
FREE_LABELS = {fid: label for ch in CHARACTERS.values() for fid, label in ch.free_labels.items()}
FREE_KINDS = tuple(f"fa_{fid}" for fid in FREE_LABELS)


def free_refusal(s: StateFields, seat: int, kind: str) -> str | None:
    """Why the seat cannot take character free action ``kind`` ("fa_" + id) now:
    not its character's, its cube already placed this round, or the character's own
    reason; None when it can."""
    fid = kind[3:]
    character = of(s.p[seat])
    if fid not in character.free_ids():
        return "Your character has no such free action."
    if fid in cubes(s, seat):
        return "This character free action is already used this round (its cube is placed)."
    return character.free_refusal(s, seat, fid)


def view_extra(s: StateFields, seat: int) -> dict:
    """What the screen shows of the seat's character (all public): the free actions
    used, its free actions (what each is and why it is refused: the explainer's), and
    the character's own."""
    P = s.p[seat]
    character = of(P)
    out: dict = {"free_used": list(cubes(s, seat))}
    if P.char:
        out["free_actions"] = list(character.free_ids())
    return out | character.view(s, seat)


def of(P: PlayerState) -> Character:
    """The character of a player (``NOBODY`` before the choice)."""
    return _BY_ID[P.char]


def assign(P: PlayerState, cid: str) -> None:
    """Give a player its character (the id, and the object its record holds)."""
    P.char = cid
    P.role = _BY_ID[cid]


def unavailable(s: StateFields) -> set:
    """Characters nobody may choose now: those taken, and with the "paired" option
    the other side of every board already taken."""
    d = D.load()
    taken = {p.char for p in s.p if p.char}
    if s.options.get("character_boards", "paired") == "paired":
        boards = {d.characters[c].get("board") for c in taken}
        taken |= {c for c, ch in d.characters.items() if ch.get("board") in boards}
    return taken


def after_draft(s: StateFields) -> None:
    """Hand drafting is over: the characters' first-round steps that wait for it."""
    for seat in reversed(range(s.n)):
        of(s.p[seat]).after_draft(s, seat)
