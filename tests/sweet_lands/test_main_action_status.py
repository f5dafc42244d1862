"""Where the seat on turn is with its main action, as the view tells it (issue 46):
"under way" while its costs and effects are resolved, "done" after, no main action
outside the Action Phase, and a free action taken after the main one leaves it done."""

from .helpers import act, edit, new, rich, settle, started


def main_action(s):
    return s.view(s.actors()[0])["main_action"]


def test_setup_has_no_main_action():
    s = new(2)
    assert s.phase == "setup" and main_action(s) is None


def test_a_turn_starts_with_the_main_action_to_do():
    assert main_action(started(2)) == "to do"


def test_the_main_action_is_under_way_while_its_hand_cost_is_paid():
    s = edit(started(2))
    rich(s)
    aid = next(a.args[0] for a in s.legal_actions(0) if a.kind == "area" and len(a.args) == 1)
    s = act(s, "area", aid)
    assert s.stack[-1]["op"] == "hand"  # the hand cost is asked first
    assert s.main_done and main_action(s) == "under way"


def test_the_main_action_is_done_once_its_steps_are_resolved():
    s = edit(started(2))
    rich(s)
    aid = next(a.args[0] for a in s.legal_actions(0) if a.kind == "area" and len(a.args) == 1)
    s = settle(act(s, "area", aid))
    assert s.phase == "action" and s.actors() == [0] and main_action(s) == "done"


def test_a_free_action_after_the_main_one_leaves_it_done():
    s = edit(started(2))
    rich(s)
    aid = next(a.args[0] for a in s.legal_actions(0) if a.kind == "area" and len(a.args) == 1)
    s = settle(act(s, "area", aid))
    s = act(s, "fa_build")
    assert s.stack and main_action(s) == "done"


def test_a_free_action_before_the_main_one_leaves_it_to_do():
    s = edit(started(2))
    rich(s)
    s = act(s, "fa_build")
    assert s.stack and main_action(s) == "to do"


def test_a_pass_reads_passed_while_its_steps_are_resolved():
    s = act(edit(started(2)), "pass")
    assert s.stack and s.stack[-1]["seat"] == 0 and main_action(s) == "passed"
