"""QR codes of the join addresses, printed in the host's terminal (segno makes them).

Two rows of modules share one line of text: the upper and lower half blocks (U+2580,
U+2584), the full block (U+2588) and the space, each one column wide in every width
table terminals use. The light modules are the drawn ones, as light text on a dark
terminal shows them; where the output is a colour terminal they are printed white on
black, so a light theme draws the same code.
"""

from __future__ import annotations

import segno

QUIET = 4  # the light border the standard asks for around the code, in modules
# (upper module light, lower module light) -> the character that draws the pair
CELLS = {(True, True): "\u2588", (True, False): "\u2580", (False, True): "\u2584"}
CELLS[(False, False)] = " "


def qr_matrix(text: str) -> list[list[bool]]:
    """The code's modules row by row, True for dark, the quiet border included."""
    code = segno.make(text, micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(border=QUIET)]


def qr_lines(text: str) -> list[str]:
    """The code of ``text`` as lines of text: two rows of modules a line."""
    rows = qr_matrix(text)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # a light row under the last (the border's)
    return [
        "".join(CELLS[(not up, not down)] for up, down in zip(top, bottom, strict=True))
        for top, bottom in zip(rows[::2], rows[1::2], strict=True)
    ]


def qr_fits(text: str, columns: int, lines: int) -> bool:
    """Whether the code of ``text`` fits a terminal of ``columns`` x ``lines``."""
    drawn = qr_lines(text)
    return len(drawn[0]) <= columns and len(drawn) < lines


def print_qr(text: str, columns: int, lines: int, colour: bool) -> bool:
    """Print the code of ``text`` if it fits; whether it was printed. ``colour``: white
    on black (a terminal that takes ANSI colours), else the bare characters."""
    if not qr_fits(text, columns, lines):
        return False
    start, end = ("\x1b[97;40m", "\x1b[0m") if colour else ("", "")
    for line in qr_lines(text):
        print(f"{start}{line}{end}")
    return True
