"""Seeded dice. Every roll is derived from (seed, roll number), so a game is reproduced
exactly from its scenario, seed and actions, and the dice state is two integers that a
save file stores as they are.

The box's die is a d10 "numbered 0 to 9, the 0 counting as 10" ("Game Components"):
`roll_d10` returns 1..10.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

DIE_FACES = 10  # "a 10-sided die (numbered 0 to 9, the 0 counting as 10)"


def face_value(roll: int) -> int:
    """The value of a d10 face: 0 counts as 10 (a table's row read from a face)."""
    if not 0 <= roll <= DIE_FACES:
        raise ValueError(f"a d10 shows 0..9 (0 = 10), not {roll}")
    return roll or DIE_FACES


@dataclass(slots=True)
class Dice:
    """A counter-based generator: roll n of a seed is a hash of both, nothing else."""

    seed: int
    rolls: int = 0

    def _draw(self, sides: int) -> int:
        digest = hashlib.blake2b(
            f"{self.seed}:{self.rolls}".encode(), digest_size=8, person=b"dragonnoir"
        ).digest()
        self.rolls += 1
        # 64 random bits modulo a small number: bias below 1e-17, far below any test.
        return int.from_bytes(digest, "big") % sides + 1

    def roll_d10(self) -> int:
        """One throw of the d10: 1..10 (the face 0 counts as 10)."""
        return self._draw(10)

    def roll(self, sides: int) -> int:
        """A throw of an n-sided die, 1..n (re-rolls to pick among n hexes, say)."""
        if sides < 1:
            raise ValueError(f"a die needs at least one side, not {sides}")
        return self._draw(sides)

    def to_dict(self) -> dict[str, int]:
        return {"seed": self.seed, "rolls": self.rolls}

    @classmethod
    def from_dict(cls, data: dict[str, int]) -> Dice:
        return cls(int(data["seed"]), int(data["rolls"]))
