"""The log says why the Carriage moved when a track bonus or Biscuit's free action moved
it (issue 46: those moves logged no reason)."""

from rules.sweet_lands.model import data as D

from .helpers import act, edit, settle, started
from .test_characters import put_props


def new_lines(before, after):
    return [e.text for e in after.log_entries()[len(before.log_entries()) :]]


def test_biscuits_free_action_names_itself_as_the_carriages_reason():
    s = edit(started(2, chars=("biscuit", "eline")))
    put_props(s, 0, ["lab", "tent", "house"])
    after = settle(act(s, "fa_biscuit"))
    moved = [line for line in new_lines(s, after) if "advances the Carriage" in line]
    assert moved and all("(from Biscuit's free action)" in line for line in moved), moved


def test_a_prosperity_track_bonus_names_its_track_and_space_as_the_carriages_reason():
    d = D.load()
    i, at = next(
        (i, at)
        for i, tr in enumerate(d.prosperity)
        for at, bonus in tr["bonus"].items()
        if any(op == "industry" for op, _ in bonus)
    )
    s = edit(started(2))
    s.p[0].prosp = [at - 1 if j == i else 0 for j in range(len(d.prosperity))]
    s.stack.append({"op": "prosperity", "seat": 0, "chain": None, "n": 1})
    after = settle(act(s, "track", i))
    moved = [line for line in new_lines(s, after) if "advances the Carriage" in line]
    track = d.prosperity[i]["id"]
    reason = f"(from the bonus of Prosperity track {track}, space {at})"
    assert len(moved) == 1 and moved[0].startswith(f"P1 advances the Carriage to space 1 {reason}")
