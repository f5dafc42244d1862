"""The end screen for Sweet Lands: the shared table of the nine scoring parts, plus the
solo verdict the engine gives in the view."""

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


TITLES = {"history": "Sweet Lands historian", "expert": "Sweet Lands expert", None: "Mio wins"}


class SweetLandsEndScreen(EndScreen):
    # Textual runs EndScreen.on_mount by itself (handlers run for every class in the MRO).
    def on_mount(self) -> None:
        self.call_after_refresh(self.add_verdict)

    def add_verdict(self) -> None:
        c = self.controller
        res = c.state.result()
        lines = ["Score = " + " + ".join(PARTS) + "."]
        verdict = c.state.view(0)["solo_verdict"] if len(c.state.players) == 1 else None
        if verdict is not None:
            score = res["scores"][0]
            title = TITLES[verdict["title"]]
            self.query_one("#end-head", Static).update(
                f"[b]{c.state.players[0]} scores {score} VP against Mio: {title}![/b]"
            )
            lines.append(f"[b]Solo against Mio:[/b] {verdict['verdict']}")
        self.query_one("#end-extra", Static).update("\n".join(lines))
