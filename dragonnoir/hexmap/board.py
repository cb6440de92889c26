"""A board: one underground map as the rules see it — terrain, levels, walkways, edge
features, named zones and the labels of its sides.

"The Underground Maps": six boards that combine in many ways; side X goes with side X,
side Y with side Y, and across the width the arrows point the same way. Stairs sit at
half a level; Le Labyrinthe has a level +1 joined by wooden walkways under which level 0
continues. This module is the in-memory model; `board_io` reads and writes it as TMX,
`layout` composes several into one map.

Board geometry (docs/map-format.md, "Board geometry"): pointy-top hexes (Tiled
`staggeraxis="y"`, `staggerindex="odd"`). A board is `width` x `height` Tiled cells with
`height` odd. Its printed edges cut through hex centres: rows 0 and height-1 are half
hexes (the long sides), and in the unshifted (even) rows columns 0 and width-1 are half
hexes (the short sides). The last cell of each shifted (odd) row lies outside the board
and stays empty. Half hexes are where boards overlap: a hex that straddles two boards
belongs to both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.tiled import HexGrid

#: The levels a hex may stand at ("The Underground Maps"): -1, stairs at half levels, 0, +1.
LEVELS: tuple[float, ...] = (-1.0, -0.5, 0.0, 0.5, 1.0)

#: The grid every Dragon Noir board uses (regular-looking pointy-top hexes, even sizes).
BOARD_GRID = HexGrid("y", "odd", 52, 60, 30)


class EdgeFeature(StrEnum):
    """Things drawn on hex sides ("Movement Restrictions", "Fire Restrictions and Cover")."""

    WALL = "wall"
    DOOR = "door"
    LOW_WALL = "low_wall"
    WINDOW = "window"
    ARROW_SLIT = "arrow_slit"
    EMBANKMENT_TOP = "embankment_top"
    CLIFF = "cliff"


class ZoneKind(StrEnum):
    """Named places a scenario refers to."""

    ENTRY = "entry"
    DEPLOYMENT = "deployment"
    CELL = "cell"
    EXIT = "exit"
    DUNGEON_ENTRANCE = "dungeon_entrance"
    LANDING_STAGE = "landing_stage"


class Side(StrEnum):
    """A side of a board as it lies at 0 degrees."""

    TOP = "top"
    BOTTOM = "bottom"
    LEFT = "left"
    RIGHT = "right"


class SideLabel(StrEnum):
    """What is printed on a side: X or Y on the long sides, an arrow on the short ones."""

    X = "X"
    Y = "Y"
    ARROW = "arrow"


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex of a board.

    `level` is the ground level; a `walkway` hex also has a wooden deck at level +1 above
    it ("Stacking": one character on the walkway and one underneath). A `walkway_end` is a
    level +1 hex on which a walkway rests — the only way onto it (Movement Restriction 9).
    """

    terrain: str
    level: float = 0.0
    walkway: bool = False
    walkway_end: bool = False

    def levels(self) -> tuple[float, ...]:
        """The levels a character can stand at on this hex."""
        return (self.level, 1.0) if self.walkway else (self.level,)


@dataclass(frozen=True, slots=True)
class Zone:
    """A named set of hexes: an entry, a deployment area, a cell, an exit..."""

    kind: ZoneKind
    name: str
    hexes: frozenset[Hex]
    properties: Mapping[str, str | int | float | bool] = field(default_factory=dict)


@dataclass(slots=True)
class Board:
    """One underground map, in its own (local) coordinates.

    `cells` holds every hex on the board, half hexes of the edges included; hexes are the
    cube values of the board's own Tiled cells (`grid.to_hex(col, row)`).
    """

    id: str
    name: str
    width: int
    height: int
    cells: dict[Hex, Cell]
    edges: dict[Edge, EdgeFeature] = field(default_factory=dict)
    zones: list[Zone] = field(default_factory=list)
    side_top: SideLabel = SideLabel.X
    side_bottom: SideLabel = SideLabel.Y
    arrows: str = "up"  # the way the short-side arrows point at 0 degrees: "up" or "down"
    grid: HexGrid = BOARD_GRID
    source: Path | None = None
    properties: dict[str, str | int | float | bool] = field(default_factory=dict)

    # -- queries ---------------------------------------------------------------------

    def __contains__(self, h: object) -> bool:
        return h in self.cells

    def cell(self, h: Hex) -> Cell | None:
        return self.cells.get(h)

    def hexes(self) -> Iterator[Hex]:
        return iter(self.cells)

    def edge_feature(self, a: Hex, b: Hex) -> EdgeFeature | None:
        return self.edges.get(Edge(a, b))

    def zones_of(self, kind: ZoneKind) -> list[Zone]:
        return [z for z in self.zones if z.kind == kind]

    def zone(self, name: str) -> Zone | None:
        for z in self.zones:
            if z.name == name:
                return z
        return None

    def boundary_edges(self) -> Iterator[Edge]:
        """Edges with one hex on the board and the other off it."""
        for h in self.cells:
            for n in h.neighbours():
                if n not in self.cells:
                    yield Edge(h, n)

    def side_label(self, side: Side) -> SideLabel:
        if side is Side.TOP:
            return self.side_top
        if side is Side.BOTTOM:
            return self.side_bottom
        return SideLabel.ARROW

    def side_hexes(self, side: Side) -> list[Hex]:
        """The half hexes cut by a side, in order along it (left to right, top to bottom)."""
        g = self.grid
        last_row, last_col = self.height - 1, self.width - 1
        if side is Side.TOP:
            cells = [(c, 0) for c in range(self.width)]
        elif side is Side.BOTTOM:
            cells = [(c, last_row) for c in range(self.width)]
        elif side is Side.LEFT:
            cells = [(0, r) for r in range(0, self.height, 2)]
        else:
            cells = [(last_col, r) for r in range(0, self.height, 2)]
        return [g.to_hex(c, r) for c, r in cells]


def board_cells(width: int, height: int, grid: HexGrid = BOARD_GRID) -> list[tuple[int, int]]:
    """The Tiled cells (col, row) that lie on a board of this size (see module doc)."""
    out: list[tuple[int, int]] = []
    for row in range(height):
        cols = width if row % 2 == 0 else width - 1
        out.extend((col, row) for col in range(cols))
    return out


def check_board_size(width: int, height: int) -> str | None:
    """Why a board size cannot be used, or None when it can."""
    if height < 3 or height % 2 == 0:
        return f"board height must be odd and at least 3 rows (got {height})"
    if width < 3:
        return f"board width must be at least 3 columns (got {width})"
    return None


def hexes_of(cells: Iterable[tuple[int, int]], grid: HexGrid = BOARD_GRID) -> list[Hex]:
    return [grid.to_hex(c, r) for c, r in cells]
