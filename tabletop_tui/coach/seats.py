"""What a seat's record in the save says about the coach: whether the player asked
for hints at setup, and how many they used. Both live in the seat's dict, which the
save keeps (``ui.seats``), so a resumed game goes on counting."""

from __future__ import annotations

MAX_COUNT = 1_000_000  # a hand-edited save cannot make the count absurd


def hints_on(seat: dict) -> bool:
    return seat.get("kind") == "human" and seat.get("hints") is True


def hints_used(seat: dict) -> int:
    n = seat.get("hints_used", 0)
    return n if isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_COUNT else 0


def count_hint(seat: dict) -> None:
    seat["hints_used"] = min(MAX_COUNT, hints_used(seat) + 1)


def coach_fields(raw: dict) -> dict:
    """The coach's fields of a stored seat, checked (for ``saves.read_seats``)."""
    out: dict = {}
    if raw.get("hints") is True:
        out["hints"] = True
    if hints_used(raw):
        out["hints_used"] = hints_used(raw)
    return out


def default_hints(seats: list[dict]) -> list[bool]:
    """Hints on for the one person of a solo game, off at a hot-seat table."""
    humans = [s for s in seats if s.get("kind") == "human"]
    return [s.get("kind") == "human" and len(humans) == 1 for s in seats]


def fresh_seats(seats: list[dict]) -> list[dict]:
    """The seats of a new game with the same table: the same choices, no hint used."""
    return [{k: v for k, v in s.items() if k != "hints_used"} for s in seats]
