"""Why areas, cards, skills, tokens and free actions cannot be used now, in words.

Every reason is the engine's (the explainer's ``refusals``, asked by the panel that
shows them: the words ``apply`` would give); this module only groups the pieces that
share one reason.
"""

from __future__ import annotations

from rich.markup import escape

from rules.sweet_lands import SweetLandsView

FREE = "free actions"  # the name of a free action's piece: its reason says which


def _grouped(reasons: dict, name) -> list[str]:
    return _by_reason([(name(key), reason) for key, reason in reasons.items()])


def _by_reason(pieces: list[tuple[str, str]]) -> list[str]:
    """One line per reason, naming every piece it stops (each name once)."""
    by_reason: dict[str, list[str]] = {}
    for piece, reason in pieces:
        names = by_reason.setdefault(reason, [])
        if piece not in names:
            names.append(piece)
    # a reason that names its one piece already ("Area O opens in round 3") stands alone
    return [
        reason
        if len(names) == 1 and (names[0] in reason or names[0] == FREE)
        else f"{', '.join(names)}: {reason}"
        for reason, names in by_reason.items()
    ]


def areas_text(reasons: dict[str, str]) -> str:
    """The areas closed to the viewer, by reason (``reasons``: area -> reason)."""
    lines = _grouped(reasons, lambda aid: f"Area {aid}")
    return _block("Closed to you now", lines)


HAND_GROUPS = ("cards", "skills", "tokens", "free", "tower")  # what the hand panel asks


def hand_text(view: SweetLandsView, why: dict[str, dict[str, str]]) -> str:
    """Cards, skill tiles, property tokens, free actions and the Clock Tower (``why``:
    the explainer's refusals of each group in HAND_GROUPS)."""
    me = view.get("viewer")
    hand = (view["players"][me].get("hand") or []) if me is not None else []
    names = {str(c["uid"]): c["name"] for c in hand}
    cards = why.get("cards") or {}
    # two copies of a card are one move: a copy whose twin is usable is usable too
    usable = {name for uid, name in names.items() if uid not in cards}
    cards = {uid: r for uid, r in cards.items() if names.get(uid) not in usable}
    # one line a reason across the groups: "finish the current step first" stops
    # every piece at once, and is said once, naming them
    pieces = [(names.get(uid, f"card {uid}"), r) for uid, r in cards.items()]
    pieces += [(f"Skill {sk}", r) for sk, r in (why.get("skills") or {}).items()]
    pieces += [(kind.replace("-", " "), r) for kind, r in (why.get("tokens") or {}).items()]
    pieces += [(FREE, r) for r in (why.get("free") or {}).values()]
    pieces += [("Clock Tower", r) for r in (why.get("tower") or {}).values()]
    return _block("Not usable now", _by_reason(pieces))


def _block(title: str, lines: list[str]) -> str:
    if not lines:
        return ""
    return f"[b]{title}[/b]\n" + "\n".join(f"- {escape(line)}" for line in lines)
