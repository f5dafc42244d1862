"""The command palette's look-up (Ctrl+P on a game screen, the replay's table and the
end screen): any card, term or rule section of the current game found by name. A
card or a term opens the look-up panel on it (the explainer's words, for the seat at
the keyboard); a rule section opens F1 at that section.

It is the app's provider (and the replay viewer's), silent on a screen without a game; the
game screens never import it, as it reads the games' rules references. The index is
what the seat may know: the explainer's ``named_things`` (a Sweet Lands
card only if it is in the seat's hand or face up) and the game's glossary.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from rules.core import Ref

from .screen import LookupScreen, TableLookup

Entry = tuple[str, str, Callable[[], None]]  # what is found, its help line, what it opens


class LookupCommands(Provider):
    """Cards, terms and rule sections of the game on the screen the palette opened on."""

    entries: list[Entry]

    async def startup(self) -> None:
        # here, not at the top: the rules reference brings the Markdown widget, its
        # parser and Pygments (about 3 MiB), which a game that never opens F1 or the
        # palette does not need
        from ..games import help_text
        from ..widgets.help import sections

        self.entries = []
        screen = self.screen
        if not isinstance(screen, LookupScreen) or not isinstance(screen.lookup, TableLookup):
            return
        lookup = screen.lookup
        c = lookup.table.controller
        glossary = lookup.glossary()
        for key, term in glossary.terms.items():
            show = partial(lookup.look_up, Ref("term", key))
            self.entries.append((f"Term: {term.name}", term.text, show))
        for name, ref in c.spec.explainer.named_things(c.state, c.viewer):
            show = partial(lookup.look_up, ref)
            self.entries.append((f"{ref.kind.capitalize()}: {name}", "Look it up (F2 panel)", show))
        for heading in sections(help_text(c.spec.id)):
            show = partial(lookup.open_help, heading)
            self.entries.append((f"Rules: {heading}", "Open the rules reference there", show))

    async def discover(self) -> Hits:
        """With nothing typed: the game's terms and rule sections (the cards are many)."""
        for name, said, show in self.entries:
            if name.startswith(("Term: ", "Rules: ")):
                yield DiscoveryHit(name, show, help=said)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, said, show in self.entries:
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), show, help=said)
