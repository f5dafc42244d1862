"""Explanations asked for on demand: what a move costs and gives, why it is refused,
what a thing on the table does.

A view (``GameState.view``) holds a seat's facts and no prose. Whatever a screen, the
coach, a lesson or the look-up key shows about a move or a thing comes from the game's
:class:`Explainer`, asked for that one thing when it is drawn, so a key press pays only
for what is on screen. An :class:`Explanation` is a title plus typed :class:`Line`\\ s
(label, amount, unit, source), so a screen lays it out, the coach quotes it as a
reason and tests compare it without parsing prose.

An explainer answers for one seat and uses nothing that seat may not know: it is
engine code, reading the state the way ``view(seat)`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .actions import Action
from .glossary import Glossary, package_glossary
from .state import GameState

# What a line says about its figure: a cost paid, a gain had at once, something it
# sets up for later, a plain fact, a total, or a reason the move is refused.
LineKind = Literal["cost", "gain", "setup", "fact", "total", "refusal"]
# What a reference may name (each game names the kinds it explains; a deck by its number).
RefKind = Literal[
    "card", "area", "hex", "road", "tile", "track", "milestone", "character", "spot", "term",
    "deck", "skill", "token", "action",
]  # fmt: skip


@dataclass(frozen=True)
class Line:
    """One line of an explanation: ``label`` (what it is about), the ``amount`` and
    ``unit`` of its figure if it has one, where the figure comes from (``source``),
    and its ``kind``."""

    label: str
    amount: int | float | None = None
    unit: str = ""
    source: str = ""
    kind: LineKind = "fact"

    def text(self) -> str:
        """The line in words: "Wood: -2 wood (cost)" style, for logs and plain text."""
        figure = ""
        if self.amount is not None:
            sign = "+" if self.kind in ("gain", "setup") and self.amount > 0 else ""
            figure = f"{sign}{self.amount:g}" if isinstance(self.amount, float) else ""
            figure = figure or f"{sign}{self.amount}"
            figure += f" {one_of(self.unit) if abs(self.amount) == 1 else self.unit}"
            figure = figure.rstrip()
        out = f"{self.label}: {figure}" if figure else self.label
        return f"{out} ({self.source})" if self.source else out


def one_of(unit: str) -> str:
    """The unit for an amount of one: "coins a round" -> "coin a round"."""
    first, _, rest = unit.partition(" ")
    if first.endswith("s") and not first.endswith("ss"):
        first = first[:-1]
    return f"{first} {rest}".rstrip()


@dataclass(frozen=True)
class Explanation:
    """A title and its lines; ``refused`` holds the reason a move cannot be made now
    (the same words ``IllegalAction`` carries), else None."""

    title: str
    lines: tuple[Line, ...] = ()
    refused: str | None = None

    def of_kind(self, *kinds: LineKind) -> tuple[Line, ...]:
        return tuple(line for line in self.lines if line.kind in kinds)

    def text(self) -> str:
        head = self.title if self.refused is None else f"{self.title}: {self.refused}"
        return "\n".join([head, *(line.text() for line in self.lines)])


@dataclass(frozen=True)
class Ref:
    """A thing on the table to explain: its kind and the game's id for it (a card's
    name, an area's letter, a hex number, a road's two hexes, a track's index)."""

    kind: RefKind
    id: str | int | tuple[int, ...]


class Explainer:
    """A game's explanations. The base answers for any game from the protocol alone
    (the move's label and, if refused, the engine's reason); each game's explainer
    adds its costs, gains and things."""

    def action(self, state: GameState, seat: int, action: Action) -> Explanation:
        """What ``action`` would do for ``seat`` now, or why it is refused."""
        return Explanation(action.label or action.key, refused=refusal(state, seat, action))

    def thing(self, state: GameState, seat: int | None, ref: Ref) -> Explanation | None:
        """What the referenced thing is and does, as ``seat`` may know it (None: this
        game has nothing to say about it)."""
        return None

    # ---- the look-up's index: terms and things found by name ---------------------------
    def glossary(self, game_id: str) -> Glossary:
        """The game's glossary: the ``glossary.toml`` of the explainer's package (an
        empty one if it has none)."""
        return package_glossary(type(self).__module__.rpartition(".")[0])

    def term(self, state: GameState, key: object) -> Explanation | None:
        """A glossary term said in full (``thing`` answers ``Ref("term", key)`` with it)."""
        found = self.glossary(state.spec.id).get(key)
        if found is None:
            return None
        lines = [Line(found.text)]
        if found.shown:
            lines.append(Line("Shown on screen as " + ", ".join(found.shown)))
        return Explanation(found.name, tuple(lines))

    def named_things(self, state: GameState, seat: int | None) -> tuple[tuple[str, Ref], ...]:
        """Every thing of the game ``seat`` may look up by name (the palette's index,
        glossary terms apart): (the name, its ref). Nothing the seat may not know."""
        return ()


def refusal(state: GameState, seat: int, action: Action) -> str | None:
    """Why ``action`` is refused now, in the words ``apply`` would raise, else None."""
    if state.is_over:
        return "The game is over."
    if seat not in state.actors():
        return f"It is not {state.players[seat]}'s turn to act."
    return state.why_illegal(action)
