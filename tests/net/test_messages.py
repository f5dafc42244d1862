"""The host's messages: typed, versioned, capped; anything else is dropped with a line."""

from __future__ import annotations

import json
import logging

import pytest

from rules.core import Explanation, Line, Ref
from tabletop_tui.net.protocol import (
    MAX_TO_HOST,
    TO_HOST,
    TO_SEAT,
    VERSION,
    Answer,
    Ask,
    Hello,
    decode,
    encode,
    explanation_from_json,
    explanation_to_json,
    ref_from_json,
    ref_to_json,
)


def test_each_message_reads_back_as_it_was_written():
    for message, kinds in (
        (Hello("abc"), TO_HOST),
        (Ask(3, "act", ["0:draw:1"]), TO_HOST),
        (Answer(3, {"a": [1, 2]}), TO_SEAT),
        (Answer(4, refused="No."), TO_SEAT),
    ):
        assert decode(encode(message), kinds, MAX_TO_HOST) == message


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        (json.dumps({"v": VERSION + 1, "type": "hello", "token": "x"}), "version"),
        (json.dumps({"v": VERSION, "type": "shout", "token": "x"}), "unknown type"),
        (json.dumps({"v": VERSION, "type": "hello"}), "without 'token'"),
        (json.dumps({"v": VERSION, "type": "hello", "token": 5}), "'token' is not"),
        (json.dumps({"v": VERSION, "type": "ask", "id": True, "method": "act"}), "'id' is not"),
        (json.dumps({"v": VERSION, "type": "welcome", "game": "x"}), "unknown type"),
        ("x" * (MAX_TO_HOST + 1), "limit"),
    ],
)
def test_a_malformed_or_oversized_message_is_dropped_with_a_log_line(raw, why, caplog):
    with caplog.at_level(logging.WARNING, logger="tabletop.net"):
        assert decode(raw, TO_HOST, MAX_TO_HOST) is None
    assert why in caplog.text


def test_an_explanation_and_a_ref_cross_the_wire_unchanged():
    told = Explanation("Buy", (Line("Wood", -2, "wood", "cost", "cost"), Line("Note")), None)
    assert explanation_from_json(json.loads(json.dumps(explanation_to_json(told)))) == told
    refused = Explanation("Buy", (), "Not your turn.")
    assert explanation_from_json(explanation_to_json(refused)) == refused
    for ref in (Ref("card", "Park"), Ref("hex", 4), Ref("road", (3, 4))):
        assert ref_from_json(json.loads(json.dumps(ref_to_json(ref)))) == ref
    assert ref_from_json(["card", {"x": 1}]) is None
    assert explanation_from_json({"lines": []}) is None


def test_a_move_the_host_sends_that_is_not_one_is_left_out_with_a_log_line(caplog):
    import rules
    from tabletop_tui.net.remote import moves_sent

    spec = rules.get_game("happy-city")
    with caplog.at_level(logging.WARNING, logger="tabletop.net"):
        moves = moves_sent(spec, [["0:draw:[1]", "Draw from deck 1"], ["%%", "x"], ["1:coin"]])
    assert [(m.key, m.label) for m in moves] == [("0:draw:[1]", "Draw from deck 1")]
    assert "not one" in caplog.text
