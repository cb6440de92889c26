"""Placing benchmark counters on a map: where a counter may stand for a synthetic position."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dragonnoir.hexmap.hexes import Edge


def can_stand(board: Any, used: set[Any], cells: Iterable[Any]) -> bool:
    """The counter's hexes are all plain level-0 cave floor, none taken, and no hex side
    feature lies between two of them (so a Guard or the Queen is not split by a wall)."""
    hexes = tuple(cells)
    return all(
        h in board.cells
        and board.cells[h].terrain == "cave_floor"
        and board.cells[h].level == 0.0
        and h not in used
        for h in hexes
    ) and all(
        board.edges.get(Edge(a, b)) is None
        for a in hexes
        for b in hexes
        if a < b and a.distance(b) == 1
    )
