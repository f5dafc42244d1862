"""Action keys are made without json for plain arguments and kept on the action; they
must read exactly as the json form did (saves hold keys), and labels may be lazy."""

import itertools
import json

import pytest

from rules.core import Action

ARGS = [0, 7, -5, 10**20, True, False, None, 1.0, 2.5, "", "A", "a b", 'q"x', "b\\s", "n\n"]
ARGS += ["\x01", "\x7f", "é", "\u2028", "x:y", "日本"]


def json_key(seat, kind, args):
    if not args:
        return f"{seat}:{kind}"
    return f"{seat}:{kind}:{json.dumps(list(args), separators=(',', ':'), ensure_ascii=False)}"


@pytest.mark.parametrize("n", [0, 1, 2])
def test_key_reads_as_the_json_form_and_round_trips(n):
    for args in itertools.product(ARGS, repeat=n):
        a = Action(2, "k", args)
        assert a.key == json_key(2, "k", args)
        back = Action.parse(a.key)
        assert back == a and [type(x) for x in back.args] == [type(x) for x in args]


def test_one_true_and_one_point_zero_keep_their_own_keys():
    keys = [Action(0, "x", (v,)).key for v in (1, True, 1.0)]
    assert keys == ["0:x:[1]", "0:x:[true]", "0:x:[1.0]"]


def test_a_lazy_label_is_made_once_on_first_use():
    calls = []

    def text():
        calls.append(1)
        return "Use area A"

    a = Action(0, "area", ("A",), text)
    assert calls == []
    assert a.label == "Use area A" and str(a) == "Use area A" and a.label == "Use area A"
    assert calls == [1]


def test_actions_are_values_immutable_and_label_blind():
    a, b = Action(1, "play", (3,), "Play X"), Action(1, "play", (3,), "other words")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Action(1, "play", (4,)) and a != (1, "play", (3,))
    with pytest.raises(AttributeError):
        a.seat = 2  # type: ignore[misc]
    assert "kind='play'" in repr(a)
