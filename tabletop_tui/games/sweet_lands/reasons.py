"""Why areas, cards, skills, tokens and free actions cannot be used now, in words.

Every reason is the engine's (the explainer's ``refusals``, asked by the panel that
shows them: the words ``apply`` would give); this module only groups the pieces that
share one reason.
"""

from __future__ import annotations

from rich.markup import escape

from rules.sweet_lands import SweetLandsView


def _grouped(reasons: dict, name) -> list[str]:
    by_reason: dict[str, list[str]] = {}
    for key, reason in reasons.items():
        by_reason.setdefault(reason, []).append(name(key))
    # a reason that names its one piece already ("Area O opens in round 3") stands alone
    return [
        reason if len(names) == 1 and names[0] in reason else f"{', '.join(names)}: {reason}"
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
    lines = _grouped(cards, lambda uid: names.get(uid, f"card {uid}"))
    lines += _grouped(why.get("skills") or {}, lambda sk: f"Skill {sk}")
    lines += _grouped(why.get("tokens") or {}, lambda kind: kind.replace("-", " "))
    lines += [reason for reason in (why.get("free") or {}).values()]
    tower = (why.get("tower") or {}).get("tower")
    if tower:
        lines.append(f"Clock Tower: {tower}")
    return _block("Not usable now", lines)


def _block(title: str, lines: list[str]) -> str:
    if not lines:
        return ""
    return f"[b]{title}[/b]\n" + "\n".join(f"- {escape(line)}" for line in lines)
