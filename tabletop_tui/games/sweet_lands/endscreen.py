"""The end screen for Sweet Lands: the shared table of the nine scoring parts, plus the
solo verdict against the 250 and 300 VP lines."""

from __future__ import annotations

from textual.widgets import Static

from ...screens.end import EndScreen

PARTS = (
    "in-game VP",
    "Prosperity",
    "City Points x2",
    "property sets",
    "gold (1 per 5)",
    "diamonds",
    "ports",
    "milestones",
    "final tiles",
)


def solo_verdict(score: int) -> str:
    if score > 300:
        return f"{score} VP: more than 300 - your name goes into Sweet Lands history!"
    if score > 250:
        return f"{score} VP: more than 250 - a Sweet Lands expert. {301 - score} more VP would make history."
    return f"{score} VP: {251 - score} VP short of the 250 VP expert line (300 VP for history). Mio wins this time."


class SweetLandsEndScreen(EndScreen):
    # Textual runs EndScreen.on_mount by itself (handlers run for every class in the MRO).
    def on_mount(self) -> None:
        self.call_after_refresh(self.add_verdict)

    def add_verdict(self) -> None:
        c = self.controller
        res = c.state.result()
        lines = ["Score = " + " + ".join(PARTS) + "."]
        if len(c.state.players) == 1:
            score = res["scores"][0]
            title = (
                "Sweet Lands historian"
                if score > 300
                else "Sweet Lands expert"
                if score > 250
                else "Mio wins"
            )
            self.query_one("#end-head", Static).update(
                f"[b]{c.state.players[0]} scores {score} VP against Mio: {title}![/b]"
            )
            lines.append(f"[b]Solo against Mio:[/b] {solo_verdict(score)}")
        self.query_one("#end-extra", Static).update("\n".join(lines))
