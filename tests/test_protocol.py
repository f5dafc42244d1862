"""Protocol conformance: every game, every player count and every option choice,
driven through the engine protocol (shared/design/architecture.md section 2) with
seeded random legal play, checking the contract at every step.

Cases: each player count with the default options, and each non-default choice of
each option at one player count (counts taken in turn), so every count and every
choice is played at least once without multiplying them out.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rules
from rules.core import Action, IllegalAction

MAX_STEPS = 20_000


def cases() -> list[Any]:
    out = []
    for spec in rules.GAMES.values():
        counts = list(range(spec.min_players, spec.max_players + 1))
        for n in counts:
            out.append(pytest.param(spec.id, n, {}, id=f"{spec.id}-{n}p"))
        k = 0
        for name, opt in spec.options.items():
            for choice in opt.choices:
                if choice == opt.default:
                    continue
                # Each player count is played plainly above; an option runs at one of the
                # two smallest counts it fits (bigger tables cost minutes, not coverage).
                fits = [n for n in counts if _fits(spec, n, {name: choice})][:2]
                n = fits[k % len(fits)]
                k += 1
                out.append(
                    pytest.param(spec.id, n, {name: choice}, id=f"{spec.id}-{n}p-{name}={choice}")
                )
    return out


def _fits(spec: Any, n: int, options: dict) -> bool:
    """Some choices need enough players (Happiness's youngest seat, say)."""
    try:
        spec.new_game([f"P{i + 1}" for i in range(n)], seed=1, options=options)
    except ValueError:
        return False
    return True


def views(state: Any, n: int, seats: list[int | None] | None = None) -> list[str]:
    """Every seat's view and the public one (or those of ``seats``, the rest left
    empty), as JSON: fails if any is not JSON-safe, or comes back from JSON changed (a
    tuple, a number as a key): a seat played from another screen reads the view as
    JSON carried it, typed as its game declares it."""
    wanted = [None, *range(n)] if seats is None else seats
    out = []
    for s in [None, *range(n)]:
        view = state.view(s) if s in wanted else None
        text = "" if view is None else json.dumps(view, sort_keys=True, allow_nan=False)
        assert view is None or json.loads(text) == view, f"seat {s}'s view changes in JSON"
        out.append(text)
    return out


def watched(state: Any) -> list[int | None]:
    """The views the old-state check compares: the public one and each actor's. Every
    seat's view is JSON-checked at every step; that a move leaves every seat's view of
    its parent alone is each game's own copy-safety test (random play per game); here
    it would repeat that at about a third of this test's time."""
    return [None, *state.actors()]


def snapshot(state: Any, n: int, seen: list[str]) -> tuple:
    """What must not change when a move is applied to this state (``seen``: its
    views, worked out already)."""
    moves = [a.key for s in range(n) for a in state.legal_actions(s)]
    kept = [seen[0], *(seen[1 + s] for s in state.actors())]
    return kept, state.log_entries(), state.action_keys(), state.is_over, moves


def check_step(
    spec: Any, state: Any, n: int, seen: list[str], rng: random.Random
) -> tuple[Any, list[str]]:
    """Check the contract around one random legal move; return the new state and its
    views (every seat's, as JSON: so every view is checked JSON-safe at every step)."""
    actors = list(state.actors())
    assert actors, f"step {state.step}: nobody may act but the game is not over"
    assert len(set(actors)) == len(actors) and all(0 <= s < n for s in actors)
    for s in range(n):
        if s not in actors:
            assert state.legal_actions(s) == [], f"seat {s} may not act but has moves"
    moves = [a for s in actors for a in state.legal_actions(s)]
    assert moves, f"step {state.step}: actors {actors} have no legal move"
    for a in moves:
        assert a.seat in actors
        parsed = spec.parse_action(a.key)
        assert parsed == a and parsed.key == a.key
    action = rng.choice(moves)
    before = snapshot(state, n, seen)
    new = state.apply(spec.parse_action(action.key))
    assert snapshot(state, n, views(state, n, watched(state))) == before, (
        f"apply({action.key}) changed the old state"
    )
    assert new.action_keys() == [*before[2], action.key]
    still_legal = {a.key for s in new.actors() for a in new.legal_actions(s)}
    if action.key not in still_legal:
        with pytest.raises(IllegalAction):
            new.apply(action)
    seen_new = views(new, n)
    # a save's header reads the round without building a view: the same number
    assert new.round_under_way() == json.loads(seen_new[0]).get("round")
    return new, seen_new


def play(spec: Any, n: int, seed: int, options: dict) -> Any:
    names = [f"P{i + 1}" for i in range(n)]
    state = spec.new_game(names, seed=seed, options=options)
    rng = random.Random(seed * 7919 + n)
    seen = views(state, n)
    while not state.is_over:
        state, seen = check_step(spec, state, n, seen, rng)
        assert state.step < MAX_STEPS, "the game does not end"
    return state


@pytest.mark.parametrize(("game", "n", "options"), cases())
def test_protocol_conformance(game: str, n: int, options: dict) -> None:
    spec = rules.get_game(game)
    seed = 11 + 17 * n + len(json.dumps(options))
    state = play(spec, n, seed, options)
    assert state.actors() == [] and all(state.legal_actions(s) == [] for s in range(n))
    result = state.result()
    assert sorted(s for place in result["ranking"] for s in place) == list(range(n))
    assert result["winners"] == result["ranking"][0] and len(result["scores"]) == n
    assert isinstance(result["tie_break"], str) and result["tie_break"]
    assert len(result["breakdown"]) == n
    json.dumps(result, allow_nan=False)
    with pytest.raises(IllegalAction):
        state.apply(Action(0, "pass"))

    # save -> JSON -> load gives the same game
    saved = json.loads(json.dumps(spec.to_save(state)))
    loaded = spec.from_save(saved)
    assert views(loaded, n) == views(state, n)
    assert loaded.log_for(None) == state.log_for(None)

    # the same seed, options and actions give the same game
    again = spec.new_game([f"P{i + 1}" for i in range(n)], seed=seed, options=options)
    for key in state.action_keys():
        again = again.apply(spec.parse_action(key))
    assert views(again, n) == views(state, n)
    assert [again.log_for(s) for s in range(n)] == [state.log_for(s) for s in range(n)]


def test_every_game_and_every_option_is_covered() -> None:
    ids = {(p.values[0], json.dumps(p.values[2])) for p in cases()}
    for spec in rules.GAMES.values():
        for name, opt in spec.options.items():
            for choice in opt.choices:
                if choice != opt.default:
                    assert (spec.id, json.dumps({name: choice})) in ids
    assert {p.values[0] for p in cases()} == set(rules.GAMES)
