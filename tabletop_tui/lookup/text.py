"""The look-up panel's words: an explanation's lines, then each glossary term those
lines (or the thing's own label on screen) use, said in full."""

from __future__ import annotations

from rules.core import Explanation, Glossary

from ..text import markup_safe as escape

NOTHING = (
    "Nothing is pointed at here. Highlight a move, put the cursor on a card, a hex or a "
    "space, or point at it with the mouse. F2 again lists every term of the game; "
    "Ctrl+P finds any card, term or rule by name."
)


def lookup_text(
    told: Explanation | None, glossary: Glossary, around: str = "", marks: tuple[str, ...] = ()
) -> str:
    """``told`` in lines, with the terms it (or ``around``: the thing's label on
    screen) uses defined below it, and the terms ``marks`` names (the glossary keys of
    the marks the thing is drawn with); a note on where to point when there is nothing."""
    if told is None:
        return NOTHING
    lines = [f"[b]{escape(told.title)}[/b]"]
    if told.refused:
        lines.append(f"Not now: {escape(told.refused)}")
    lines += [escape(line.text()) for line in told.lines]
    found = glossary.found_in("\n".join([around, told.text()]))
    found += [t for key in marks if (t := glossary.get(key)) is not None and t not in found]
    used = [t for t in found if t.name != told.title]
    if used:
        lines.append("[i]Terms used here[/i]")
        lines += [f"[b]{escape(t.name)}[/b]: {escape(t.text)}" for t in used]
    return "\n".join(lines)


def glossary_text(glossary: Glossary, game_title: str) -> str:
    """Every term of the game, in full: what F2 shows when pressed a second time."""
    if not glossary.terms:
        return f"{escape(game_title)} has no glossary."
    lines = [f"[b]Terms of {escape(game_title)}[/b] (Ctrl+P finds one by name)"]
    lines += [f"[b]{escape(t.name)}[/b]: {escape(t.text)}" for t in glossary.terms.values()]
    return "\n".join(lines)
