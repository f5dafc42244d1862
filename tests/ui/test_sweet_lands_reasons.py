"""The Sweet Lands hand panel's "Not usable now" block: the engine's reasons, one line
a reason, naming every piece it stops."""

from tabletop_tui.games.sweet_lands.reasons import hand_text

STEP = "Finish the current step first: Ann must pay the hand cost of the action space."


def test_a_reason_that_stops_many_pieces_is_said_once_naming_them():
    view = {"viewer": 0, "players": [{"hand": [{"uid": 7, "name": "Steward"}]}]}
    why = {
        "cards": {"7": STEP},
        "skills": {"2": STEP},
        "tokens": {"shop-orange": "Your orange shop is already on your map."},
        "free": {"fa_trade": STEP, "fa_convert": STEP, "fa_draw": STEP},
        "tower": {"tower": STEP},
    }
    text = hand_text(view, why)  # type: ignore[arg-type]
    assert text.count("Finish the current step first") == 1
    assert "Steward, Skill 2, free actions, Clock Tower: Finish" in text
    assert "- shop orange: Your orange shop is already on your map." in text


def test_a_free_action_alone_is_told_by_its_reason():
    view = {"viewer": 0, "players": [{"hand": []}]}
    text = hand_text(view, {"free": {"fa_trade": "Trading needs 3 basic resources."}})  # type: ignore[arg-type]
    assert text.endswith("- Trading needs 3 basic resources.")
