"""Bad input is refused, never crashed on: arbitrary action keys and mutated saves fed
to every game (hypothesis), and the particular keys and saves that once crashed."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rules
from rules.core import IllegalAction, SaveError
from rules.happy_city import HAPPY_CITY

GAMES = sorted(rules.GAMES)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def positions(game: str) -> tuple[Any, ...]:
    """A few states of a real game (start, early, middle) to aim keys at."""
    spec = rules.get_game(game)
    n = max(2, spec.min_players)
    state = spec.new_game([f"P{i + 1}" for i in range(n)], seed=3)
    rng = random.Random(5)
    out = [state]
    stages = {getattr(state, "stage", None)}
    while not state.is_over and len(out) < 40:
        moves = [a for s in state.actors() for a in state.legal_actions(s)]
        state = state.apply(rng.choice(moves))
        stage = getattr(state, "stage", None)
        if stage not in stages or state.step % 25 == 0:  # every kind of step, and some more
            stages.add(stage)
            out.append(state)
    return tuple(out)


@cache
def kinds(game: str) -> tuple[str, ...]:
    """Action kinds this game uses, so generated keys reach its checks."""
    found = set()
    for state in positions(game):
        for s in range(len(state.players)):
            found |= {a.kind for a in state.legal_actions(s)}
    return tuple(sorted(found | {"draw", "buy", "claim", "pass", "place", "target"}))


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["fire", "box", "Zoo", "House", "yellow", "Bank", "x"]),
)


def keys_for(game: str) -> st.SearchStrategy[str]:
    structured = st.builds(
        lambda seat, kind, args: f"{seat}:{kind}:{json.dumps(args)}",
        st.integers(min_value=-1, max_value=7),
        st.sampled_from(kinds(game)),
        st.lists(scalars, max_size=4),
    )
    return st.one_of(structured, st.text(max_size=30))


def look_alikes(value: Any) -> st.SearchStrategy[Any]:
    """Values that resemble a legal argument without being it: 1.0 or True for 1."""
    return st.one_of(st.sampled_from(near_values(value)), scalars)


def mutated_key(data: st.DataObject, state: Any) -> str:
    """A legal move of an actor with one argument swapped for a look-alike."""
    moves = [a for s in state.actors() for a in state.legal_actions(s)]
    with_args = [a for a in moves if a.args]
    if not with_args:
        return data.draw(st.sampled_from(moves)).key if moves else "0:pass"
    a = data.draw(st.sampled_from(with_args))
    k = data.draw(st.integers(min_value=0, max_value=len(a.args) - 1))
    args = list(a.args)
    args[k] = data.draw(look_alikes(args[k]))
    return f"{a.seat}:{a.kind}:{json.dumps(args)}"


def refused_or_applied(spec: Any, state: Any, key: str) -> None:
    """A key either applies (it was legal) or raises IllegalAction with a reason."""
    try:
        action = spec.parse_action(key)
        state.apply(action)
    except IllegalAction as exc:
        assert isinstance(exc.reason, str) and exc.reason


@pytest.mark.parametrize("game", GAMES)
def test_arbitrary_keys_are_refused_or_applied(game: str) -> None:
    spec = rules.get_game(game)

    @SETTINGS
    @given(st.data())
    def run(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(positions(game)))
        key = mutated_key(data, state) if data.draw(st.booleans()) else data.draw(keys_for(game))
        refused_or_applied(spec, state, key)

    run()


def near_values(value: Any) -> list[Any]:
    near: list[Any] = [None, True, False, [value], {"v": value}]
    if isinstance(value, int) and not isinstance(value, bool):
        near += [float(value), str(value), value + 1, value - 1, -value, 2**64]
    if isinstance(value, str):
        near += [value.upper(), value + " ", 1, 0.0]
    return near


@pytest.mark.parametrize("game", GAMES)
def test_every_look_alike_argument_is_refused_or_applied(game: str) -> None:
    """Each legal move of each sampled position, one argument at a time swapped for
    each look-alike: the systematic half of the search above."""
    spec = rules.get_game(game)
    for state in positions(game):
        seen = set()
        for a in [a for s in state.actors() for a in state.legal_actions(s)]:
            if a.kind in seen:  # one move of each kind per position keeps this quick
                continue
            seen.add(a.kind)
            for k, value in enumerate(a.args):
                for near in near_values(value):
                    args = [*a.args[:k], near, *a.args[k + 1 :]]
                    refused_or_applied(spec, state, f"{a.seat}:{a.kind}:{json.dumps(args)}")


json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["format", "game", "players", "seed", "options", "actions"]


def real_save(game: str) -> dict[str, Any]:
    state = positions(game)[-1]
    return json.loads(json.dumps(state.spec.to_save(state)))


@pytest.mark.parametrize("game", GAMES)
def test_mutated_saves_load_or_raise_save_error(game: str) -> None:
    spec = rules.get_game(game)

    @SETTINGS
    @given(st.data())
    def run(data: st.DataObject) -> None:
        save = real_save(game)
        field = data.draw(st.sampled_from(FIELDS))
        if field == "actions" and data.draw(st.booleans()):
            k = data.draw(st.integers(min_value=0, max_value=len(save["actions"])))
            save["actions"][k:k] = [data.draw(keys_for(game))]
        else:
            save[field] = data.draw(json_values)
        try:
            spec.from_save(save)
        except SaveError as exc:
            assert str(exc)

    run()


# ---- the inputs that crashed engines once --------------------------------------------
@pytest.mark.parametrize(
    ("game", "key"),
    [
        ("happy-city", "0:draw:[1.0]"),
        ("happy-city", "0:draw:[true]"),
        ("happiest-town", "0:draw:[1.0]"),
        ("happy-city", "0:buy:[1]"),
        ("happy-city", "0:discard:[null]"),
        ("happiness", "0:toggle_topic:[1.5]"),
        ("happiness", "0:place:[1,0,0]"),
    ],
)
def test_wrong_typed_arguments_are_illegal(game: str, key: str) -> None:
    spec = rules.get_game(game)
    state = positions(game)[0]
    while state.stage != "refill" and game != "happiness":
        state = state.apply(state.legal_actions(state.actors()[0])[0])
    with pytest.raises(IllegalAction):
        state.apply(spec.parse_action(key))


def expert_at(stage: str, n: int) -> Any:
    """An Expert game played at random until it asks the given question."""
    spec = HAPPY_CITY
    for seed in range(200):
        state = spec.new_game([f"P{i}" for i in range(n)], seed=seed, options={"mode": "expert"})
        rng = random.Random(seed)
        while not state.is_over:
            if state.stage == stage:
                return state
            moves = [a for s in state.actors() for a in state.legal_actions(s)]
            state = state.apply(rng.choice(moves))
    raise AssertionError(f"no game reached {stage}")


@pytest.mark.parametrize(("stage", "kind"), [("target", "target"), ("final", None)])
def test_float_seat_choices_are_illegal(stage: str, kind: str | None) -> None:
    state = expert_at(stage, 4)
    seat = state.actors()[0]
    kind = kind or state.pending["kind"]
    for bad in ("0.0", "1.0", "true", '"1"'):
        with pytest.raises(IllegalAction):
            state.apply(rules.get_game("happy-city").parse_action(f"{seat}:{kind}:[{bad}]"))


def test_deeply_nested_key_is_illegal() -> None:
    with pytest.raises(IllegalAction, match="deep"):
        rules.get_game("happy-city").parse_action("0:draw:" + "[" * 100_000 + "]" * 100_000)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", 1e400),
        ("seed", "7"),
        ("seed", True),
        ("options", "expert"),
        ("options", {"mode": ["expert"]}),
        ("players", "Anna"),
        ("players", [1, 2]),
        ("actions", "0:keep"),
        ("format", 1.0),
    ],
)
def test_bad_save_fields_raise_save_error(field: str, value: Any) -> None:
    save = real_save("happy-city")
    save[field] = value
    with pytest.raises(SaveError, match="header"):
        rules.get_game("happy-city").from_save(save)


def test_bad_step_in_a_save_names_the_step() -> None:
    save = real_save("happy-city")
    save["actions"].insert(3, "0:draw:[1.0]")
    with pytest.raises(SaveError, match="step 4"):
        rules.get_game("happy-city").from_save(save)


@pytest.mark.parametrize("where", ["x", "game", "players", "options", "seed"])
def test_deeply_nested_save_file_is_a_save_error(tmp_path: Any, where: str) -> None:
    from rules.savefile import load_save_file

    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "deep.json"
    fields = {"format": "1", "game": '"happy-city"', "players": '["A", "B"]', "actions": "[]"}
    fields[where] = deep
    path.write_text("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}")
    with pytest.raises(SaveError, match="deep.json"):
        load_save_file(path)


def test_deeply_nested_values_in_a_loaded_save_are_a_save_error() -> None:
    deep: list[Any] = []
    for _ in range(50_000):
        deep = [deep]
    for field in ("players", "options", "seed", "game"):
        save = real_save("happy-city")
        save[field] = deep
        with pytest.raises(SaveError):
            rules.get_game("happy-city").from_save(save)


@pytest.mark.parametrize(
    "kw",
    [
        {"players": "Anna"},
        {"players": ["A", 2]},
        {"players": {"A": 1, "B": 2}},
        {"players": ["A", "B"], "seed": "7"},
        {"players": ["A", "B"], "seed": 1.5},
        {"players": ["A", "B"], "seed": True},
        {"players": ["A", "B"], "options": "expert"},
        {"players": ["A", "B"], "options": {"mode": True}},
    ],
)
def test_new_game_refuses_wrong_types(kw: dict[str, Any]) -> None:
    for game in GAMES:
        with pytest.raises(ValueError):
            rules.get_game(game).new_game(**kw)


# ---- any string as a key, any text as a name or a told story --------------------------
@pytest.mark.parametrize("game", GAMES)
def test_parse_action_refuses_any_string_with_illegal_action(game: str) -> None:
    """parse_action raises IllegalAction and nothing else, whatever the text: a seat
    of thousands of digits once raised ValueError."""
    spec = rules.get_game(game)
    digits = st.integers(min_value=1, max_value=6000).map(lambda n: "9" * n)
    pieces = st.one_of(st.text(max_size=8), digits, st.sampled_from([":", "[", "]", '"', "1e999"]))

    @SETTINGS
    @given(st.one_of(st.text(), st.lists(pieces, max_size=8).map("".join)))
    @example("9" * 5000 + ":draw")  # the seat number that once raised ValueError
    @example("0:" + "x" * 100_000)
    def run(key: str) -> None:
        try:
            action = spec.parse_action(key)
        except IllegalAction as exc:
            assert exc.reason
        else:
            assert isinstance(action.label, str)

    run()


ANY_TEXT = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=40),  # surrogates included
    st.sampled_from(
        ["\ud800", "Ann\udfff", "\x1b[31mRed", "\x00", "a\u202eb", "\ufeff", "ß" * 300]
    ),
)


def saves_and_reloads(spec: Any, state: Any) -> None:
    """What the rules accepted can be written as a save (UTF-8 JSON) and read back."""
    blob = json.dumps(spec.to_save(state), ensure_ascii=False).encode("utf-8")
    again = spec.from_save(json.loads(blob.decode("utf-8")))
    assert again.action_keys() == state.action_keys() and again.players == state.players


@cache
def text_moves(game: str) -> tuple[tuple[Any, Any, int], ...]:
    """(position, legal move, argument index) for each kind of move taking text."""
    found, seen = [], set()
    for state in positions(game):
        for a in [a for s in state.actors() for a in state.legal_actions(s)]:
            for k, arg in enumerate(a.args):
                if isinstance(arg, str) and (a.kind, k) not in seen:
                    seen.add((a.kind, k))
                    found.append((state, a, k))
    return tuple(found)


@pytest.mark.parametrize("game", GAMES)
def test_any_text_in_a_name_or_a_text_move_is_refused_or_saved(game: str) -> None:
    """A name or a move's text (Happiness's story, a card's name) is either refused with
    a reason or kept so that every later save works: never accepted and failed later."""
    spec = rules.get_game(game)
    moves = text_moves(game)

    @SETTINGS
    @given(st.data(), ANY_TEXT)
    def run(data: st.DataObject, text: str) -> None:
        n = max(2, spec.min_players)
        names = [f"P{i + 1}" for i in range(n)]
        names[data.draw(st.integers(0, n - 1))] = text
        try:
            state = spec.new_game(names, seed=3)
        except ValueError as exc:
            assert str(exc)
        else:
            saves_and_reloads(spec, state)
        if not moves:
            return
        state, move, k = data.draw(st.sampled_from(moves))
        args = [*move.args[:k], text, *move.args[k + 1 :]]
        try:
            after = state.apply(spec.parse_action(f"{move.seat}:{move.kind}:{json.dumps(args)}"))
        except IllegalAction as exc:
            assert exc.reason
        else:
            saves_and_reloads(spec, after)

    run()


def test_happiness_offers_a_story_to_the_text_search() -> None:
    assert "story" in {move.kind for _, move, _ in text_moves("happiness")}


@pytest.mark.parametrize("game", GAMES)
def test_a_name_past_the_limit_is_refused_naming_it(game: str) -> None:
    from rules.core import MAX_NAME_CHARS

    spec = rules.get_game(game)
    n = max(2, spec.min_players)
    names = [f"P{i + 1}" for i in range(n)]
    spec.new_game([*names[:-1], "N" * MAX_NAME_CHARS], seed=1)  # at the limit: taken
    with pytest.raises(ValueError, match=f"at most {MAX_NAME_CHARS} characters"):
        spec.new_game([*names[:-1], "N" * 4_000_000], seed=1)
    save = json.loads(json.dumps(spec.to_save(spec.new_game(names, seed=1))))
    save["players"][-1] = "N" * (MAX_NAME_CHARS + 1)
    with pytest.raises(SaveError, match=f"at most {MAX_NAME_CHARS} characters"):
        spec.from_save(save)
