"""A small seeded random generator whose whole state is one integer.

Engines copy their state on every move, so the generator must be cheap to copy:
``random.Random`` carries 625 words of state, this carries one. SplitMix64 is
well studied and good enough for shuffling cards.
"""

from __future__ import annotations

MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0):
        if isinstance(seed, str):
            seed = sum(ord(c) * 131**i for i, c in enumerate(seed))
        self.state = (int(seed) * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = MASK - (MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
