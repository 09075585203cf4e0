"""Seeded randomness that lives inside the game state.

The generator is SplitMix64 (Steele, Lea, Flood 2014): one 64-bit word of state,
advanced by a fixed odd constant and mixed by two multiply-xorshift rounds.  The
state is kept in the game state as a 16-digit hex string, so it survives JSON in
any language (JavaScript numbers cannot hold 64-bit integers).  Only integer
arithmetic is used, so CPython and Pyodide produce the same stream bit for bit.
"""
from __future__ import annotations

import hashlib
from typing import Any, List, MutableSequence, TypeVar, Union

MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")
Seed = Union[int, str]


def seed_to_state(seed: Seed) -> str:
    """Turn any int or string seed into a generator state.

    Hashing (rather than truncating) lets a seed be anything from `7` to a
    SHA-256 hex digest agreed between peers, and spreads nearby seeds apart.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed must be an int or a string, not {type(seed).__name__}")
    # surrogatepass: a lone surrogate (JSON allows "\ud800") is hashed, not a crash; other seeds are unchanged
    digest = hashlib.sha256(f"parlour-seed:{seed}".encode("utf-8", "surrogatepass")).digest()
    return "%016x" % int.from_bytes(digest[:8], "big")


class Rng:
    """A SplitMix64 stream read from, and written back to, a hex state string."""

    def __init__(self, state: str):
        self.state = int(state, 16) & MASK64

    @classmethod
    def from_seed(cls, seed: Seed) -> "Rng":
        return cls(seed_to_state(seed))

    def hex(self) -> str:
        return "%016x" % self.state

    def next64(self) -> int:
        """Advance by the gamma, then mix: two multiply-xorshift rounds and a final xorshift."""
        self.state = z = (self.state + GOLDEN_GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _TWO64 - (_TWO64 % n)
        while True:
            self.state = z = (self.state + GOLDEN_GAMMA) & MASK64  # next64 written out: games draw it most
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: List[Any]) -> Any:
        return items[self.below(len(items))]


def draw(state: dict, key: str = "rng") -> Rng:
    """Open the generator stored under `state[key]`; call `store` after use."""
    return Rng(state[key])


def store(state: dict, rng: Rng, key: str = "rng") -> None:
    state[key] = rng.hex()
