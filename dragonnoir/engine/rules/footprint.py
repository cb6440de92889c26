"""Which hexes a character covers ("The Counters", "Movement of Alkiram and the Queen's
Guards").

Most counters cover one hex. Queen Alkiram covers seven: her anchor hex and the six
around it. A Queen's Guard covers three mutually adjacent hexes: its anchor (the head)
and the two neighbours towards its back, given by its facing. "The counters Alkiram and
Queen's Guards must be positioned so as to coincide exactly with the hexagonal grid."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

QUEEN_SIZE = 7
GUARD_SIZE = 3


def hexes_for(anchor: Hex, size: int, facing: int) -> tuple[Hex, ...]:
    """The hexes covered by a counter of `size` (1, 3 or 7) at `anchor` facing `facing`.

    A Guard facing direction f has its head at the anchor and its body on the anchor's
    neighbours in directions f+3 and f+4 (behind it), so the three form a triangle.
    """
    if size == 1:
        return (anchor,)
    if size == QUEEN_SIZE:
        return (anchor, *anchor.neighbours())
    if size == GUARD_SIZE:
        # `neighbours` is kept per hex, in direction order: no new hexes made.
        around = anchor.neighbours()
        return (anchor, around[(facing + 3) % 6], around[(facing + 4) % 6])
    raise ValueError(f"counters cover 1, 3 or 7 hexes, not {size}")


def footprint(game: Game, unit: Unit) -> tuple[Hex, ...]:
    """The hexes `unit` covers now (empty when off the map)."""
    if unit.hex is None:
        return ()
    return hexes_for(unit.hex, profile(game, unit).size, unit.facing)
