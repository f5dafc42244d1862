"""Hidden Nim's explainer: what a move gives, asked for the one move a screen shows.

The template for a game's explainer: it reads the state as ``view(seat)`` would (the
heap, the seat's own hand, the option) and answers with typed lines, never prose a
screen would have to parse."""

from __future__ import annotations

from rules.core import Action, Explainer, Explanation, GameState, Line, Ref, refusal

from .engine import LAST_STONE, HiddenNimState


class HiddenNimExplainer(Explainer):
    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        assert isinstance(state, HiddenNimState)  # this explainer serves Hidden Nim
        refused = refusal(state, seat, action)
        title = action.label or action.key
        if refused is not None or not action.args:
            return Explanation(title, refused=refused)
        count = int(action.args[0])
        lines = [Line("Stones taken", count, "points", kind="gain")]
        if count == state.heap:
            bonus = LAST_STONE if state.options["last_stone"] == "bonus" else -LAST_STONE
            lines.append(Line("The last stone", bonus, "points", "the game's option", "gain"))
        else:
            lines.append(Line("Stones left for the next player", state.heap - count, "stones"))
        if action.kind == "play":
            lines.append(Line("Your card goes face up; you draw another if the deck holds one"))
        return Explanation(title, tuple(lines))

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        if ref.kind != "card" or not isinstance(ref.id, int):
            return None
        value = ref.id
        return Explanation(
            f"A card of {value}",
            (Line(f"Play it to take {value} stones in one turn, then draw"),),
        )
