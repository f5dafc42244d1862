"""The Happiness engine keeps the one engine shape (docs/architecture.md): a record
that holds no rule, rule modules of plain functions, and a state class that is the
record with the protocol on it and nothing more than what is asked of it by name."""

import inspect

from rules.core import GameState
from rules.happiness.engine import board, deck, fields, moves, scores, turns, views
from rules.happiness.engine.fields import HappinessFields
from rules.happiness.engine.state import HappinessState

PROTOCOL = {"new", "is_over", "interrupt_window", "actors", "legal_actions", "why_illegal"}
PROTOCOL |= {"_do", "result", "view", "resample", "round_under_way"}
# what the bots, the explainer and the tests ask of a Happiness state by name
ASKED = {"card_by_word", "deck_plan", "score", "breakdown", "board_changed", "spots_for"}
ASKED |= {"connect_spots", "gap_spots", "sweep_cells", "place_name", "all_card_places"}


def _own_members(cls):
    """The methods and properties a class adds (less ``_copy``, which GameState writes
    out for every class from its slots)."""
    made = {k for k, v in vars(cls).items() if callable(v) or isinstance(v, property | classmethod)}
    return made - {"_copy"}


def test_the_state_is_the_record_with_the_protocol_and_no_chain():
    assert HappinessState.__mro__[1:3] == (HappinessFields, GameState)
    assert _own_members(HappinessFields) == set()  # the record holds no rule
    assert _own_members(HappinessState) == PROTOCOL | ASKED


def test_the_rule_modules_hold_plain_functions_of_the_record():
    for module in (board, deck, moves, scores, turns, views):
        classes = [n for n, v in vars(module).items() if inspect.isclass(v)]
        assert all(getattr(module, n).__module__ != module.__name__ for n in classes), module
    assert fields.HappinessFields.__module__ == fields.__name__
