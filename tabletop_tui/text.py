"""Text that came from players or files (names, stories, file names) made safe to
draw: control characters, escape sequences included, become visible placeholders,
and markup brackets are escaped where a string is read as markup. Screens pass such
text through one of these where it enters them, never raw.
"""

from __future__ import annotations

import re
import unicodedata

_C0_PICTURES = {code: chr(0x2400 + code) for code in range(0x20)}  # ␀ … ␟
_C0_PICTURES[0x7F] = "␡"
REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
ZERO_WIDTH = "\u200b"  # ends a trailing backslash's reach over the next tag
JOINERS = frozenset("\u200c\u200d")  # they shape emoji and scripts: kept


def _visible_char(ch: str) -> str:
    code = ord(ch)
    if code in _C0_PICTURES:
        return _C0_PICTURES[code]
    if ch in JOINERS:
        return ch
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and not ch.isprintable():
        return REPLACEMENT  # C1 controls, direction overrides and other invisible marks
    return ch


def visible(text: object) -> str:
    """``text`` as a string with every control character shown as a placeholder."""
    s = str(text)
    if s.isprintable():
        return s
    return "".join(map(_visible_char, s))


def markup_safe(text: object) -> str:
    """``visible(text)`` for Textual markup (Static, titles, notify): every ``[`` is
    escaped, not only those that look like tags (Textual's own ``escape`` leaves a
    lone ``x[`` that then swallows the escapes after it), and a trailing backslash is
    kept off the tag that follows."""
    s = visible(text).replace("[", "\\[")
    return s + ZERO_WIDTH if s.endswith("\\") else s


def rich_markup_safe(text: object) -> str:
    """``visible(text)`` for Rich markup (``Text.from_markup``, a Table cell given a
    string): as ``markup_safe``, with the backslashes before a ``[`` doubled, since
    Rich reads ``\\\\[`` as a backslash and a tag."""
    s = re.sub(r"(\\*)\[", lambda m: m.group(1) * 2 + "\\[", visible(text))
    return s + ZERO_WIDTH if s.endswith("\\") else s
