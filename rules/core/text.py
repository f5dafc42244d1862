"""Text the rules take from people (player names, a told story): checked where it
enters, so that whatever the rules accept can be written to a save and read back.

A save is JSON in UTF-8. Every Python string can be put in JSON except one holding
half of a surrogate pair (U+D800-U+DFFF on its own), which UTF-8 cannot encode: a
browser paste can carry one. Such text is refused here, with a reason, rather than
accepted and then failing every later save.
"""

from __future__ import annotations

# The longest player name the rules take, in new_game and so in every loaded save (a
# name is kept in every state and copied into views and logs: a long one is costly).
MAX_NAME_CHARS = 200


def unsavable(text: str) -> str:
    """Why ``text`` cannot be kept in a save, in words, or "" if it can."""
    if text.isascii():
        return ""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        code = ord(text[exc.start])
        return f"it holds U+{code:04X}, half of a character pair, which no file can hold"
    return ""


def name_problem(name: str) -> str:
    """Why a player name is refused, or ""."""
    if len(name) > MAX_NAME_CHARS:
        return f"a player name holds at most {MAX_NAME_CHARS} characters"
    why = unsavable(name)
    return f"the player name {name[:20]!r} cannot be saved: {why}" if why else ""


def counted(n: int, noun: str, plural: str = "") -> str:
    """A count and its noun, the noun in the singular for one (or minus one): "1 card",
    "2 cards", "-1 point", "1 property" / "3 properties" (``plural`` for a noun that
    does not take an s)."""
    return f"{n} {noun if abs(n) == 1 else plural or noun + 's'}"
