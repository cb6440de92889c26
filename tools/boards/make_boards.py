"""Authoring record of the six original Dragon Noir 2 boards: builds them and saves TMX.

    .venv/bin/python tools/boards/make_boards.py            # check and write maps/*.tmx
    .venv/bin/python tools/boards/make_boards.py --check    # check only, write nothing
    .venv/bin/python tools/boards/make_boards.py --show ID  # print one board's art

The boards are our own design (we do not have the printed maps and do not copy them).
Each is drawn below as hex-art: one text line per Tiled row, one character per cell,
cells separated by a space; odd rows are indented by one space because they are shifted
half a hex to the right (pointy-top, staggerindex odd), so the art looks like the board.
Rows 0 and 18 are the long sides (half hexes), the first and last character of every
even row are the short sides (half hexes); odd rows have 26 cells (col 26 is off the
board). See docs/map-format.md for the format and docs/boards.md for the design.

Legend (common to all boards; a board may add its own characters):

    #  rock (impassable)                .  cave floor, level 0
    :  rubble, level 0                  ,  cave floor, level -1 (bottom of the pit)
    ~  water, level -1                  b  beach, level -1
    s  fine-sand slope, level -0.5      =  stairs, level -0.5 (down to level -1)
    /  stairs, level +0.5 (up to +1)    S  very steep stairs, level -0.5
    e  steep embankment, level -0.5     ^  cave floor, level +1 (ledge)
    E  walkway end, level +1            W  level-0 floor under a wooden walkway (deck +1)
    m  marsh                            u  unstable marsh (dark green)
    T  trees                            f  building floor
    B  stone bridge                     X  demolished bridge hex
    w  wooden bridge                    L  landing stage, level -1
    D  trapdoor, level -1               n  nest floor (resin), level 0
    z  rubble, level -1

Edge features: rooms (cells, the house, the tower) are given as sets of cells; the
generator draws a wall on every side of the room that faces a cell outside it, then
replaces the listed sides by doors, windows or arrow slits. Sides are named
(col, row, direction) with direction one of E, NE, NW, W, SW, SE (pointy-top).
Other edges are generated: `cliff` on every side between two passable hexes whose
ground levels differ by a whole level or more, `embankment_top` on every side between an
embankment hex and a passable hex above it; extra edges (low walls of the stone bridge,
extra cliffs) are listed per board.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dragonnoir.hexmap.board import (  # noqa: E402
    BOARD_GRID,
    Board,
    Cell,
    EdgeFeature,
    SideLabel,
    Zone,
    ZoneKind,
    board_cells,
)
from dragonnoir.hexmap.hexes import Edge, Hex  # noqa: E402
from dragonnoir.hexmap.terrain import default_terrain_table  # noqa: E402

WIDTH, HEIGHT = 27, 19
MAPS_DIR = ROOT / "maps"

Col = int
Row = int
CR = tuple[Col, Row]

#: Direction names -> cube direction index (hexes.DIRECTIONS: counter-clockwise from +q).
DIRS = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}


@dataclass(frozen=True)
class Glyph:
    terrain: str
    level: float = 0.0
    walkway: bool = False
    walkway_end: bool = False


LEGEND: dict[str, Glyph] = {
    "#": Glyph("rock"),
    ".": Glyph("cave_floor"),
    ":": Glyph("rubble"),
    ",": Glyph("cave_floor", -1.0),
    "~": Glyph("water", -1.0),
    "b": Glyph("beach", -1.0),
    "s": Glyph("sand_slope", -0.5),
    "=": Glyph("stairs", -0.5),
    "/": Glyph("stairs", 0.5),
    "S": Glyph("steep_stairs", -0.5),
    "e": Glyph("embankment", -0.5),
    "^": Glyph("cave_floor", 1.0),
    "E": Glyph("cave_floor", 1.0, walkway_end=True),
    "W": Glyph("cave_floor", 0.0, walkway=True),
    "m": Glyph("marsh"),
    "u": Glyph("unstable_marsh"),
    "T": Glyph("trees"),
    "f": Glyph("building_floor"),
    "B": Glyph("stone_bridge"),
    "X": Glyph("demolished_bridge"),
    "w": Glyph("wooden_bridge"),
    "L": Glyph("landing_stage", -1.0),
    "D": Glyph("trapdoor", -1.0),
    "n": Glyph("nest_floor"),
    "z": Glyph("rubble", -1.0),
}

#: The standard openings: the only places where a gallery may meet a board edge, so that
#: boards join in every legal way (either board turned 180 degrees). Name -> cells.
OPENINGS: dict[str, tuple[CR, ...]] = {
    "top-west": ((4, 0),),
    "top-centre": ((12, 0), (13, 0), (14, 0)),
    "top-east": ((22, 0),),
    "bottom-west": ((4, 18),),
    "bottom-centre": ((12, 18), (13, 18), (14, 18)),
    "bottom-east": ((22, 18),),
    "left-north": ((0, 4),),
    "left-centre": ((0, 8), (0, 9), (0, 10)),
    "left-south": ((0, 14),),
    "right-north": ((26, 4),),
    "right-centre": ((26, 8), (25, 9), (26, 10)),
    "right-south": ((26, 14),),
}


@dataclass
class Room:
    """Cells enclosed by walls; the listed sides are doors, windows or arrow slits."""

    cells: Sequence[CR]
    doors: Sequence[tuple[Col, Row, str]] = ()
    windows: Sequence[tuple[Col, Row, str]] = ()
    arrow_slits: Sequence[tuple[Col, Row, str]] = ()


@dataclass
class ZoneSpec:
    kind: ZoneKind
    name: str
    cells: Sequence[CR]
    properties: dict[str, str | int | float | bool] = field(default_factory=dict)


@dataclass
class BoardSpec:
    id: str
    name: str
    art: str
    openings: Sequence[str]
    legend: dict[str, Glyph] = field(default_factory=dict)
    rooms: Sequence[Room] = ()
    edges: Sequence[tuple[Col, Row, str, EdgeFeature]] = ()
    zones: Sequence[ZoneSpec] = ()
    side_top: SideLabel = SideLabel.X
    side_bottom: SideLabel = SideLabel.Y
    arrows: str = "up"
    #: Places deliberately reachable only from another board (name -> cells), if any.
    other_board_only: dict[str, Sequence[CR]] = field(default_factory=dict)


# -- the art -----------------------------------------------------------------------------


def parse_art(art: str) -> dict[CR, str]:
    """Hex-art -> {(col, row): character}; refuses art of the wrong shape."""
    lines = [ln.rstrip() for ln in art.strip("\n").split("\n")]
    if len(lines) != HEIGHT:
        raise ValueError(f"art has {len(lines)} rows, expected {HEIGHT}")
    out: dict[CR, str] = {}
    for row, text in enumerate(lines):
        n = WIDTH if row % 2 == 0 else WIDTH - 1
        off = row % 2
        padded = text.ljust(off + 2 * n - 1)
        chars = padded[off::2]
        gaps = padded[1 - off :: 2]
        if len(chars) != n or len(padded) != off + 2 * n - 1 or gaps.strip():
            raise ValueError(f"art row {row} is not {n} space-separated cells: {text!r}")
        for col, ch in enumerate(chars):
            out[(col, row)] = ch
    return out


def edge_of(col: Col, row: Row, direction: str) -> Edge:
    return Edge.of(BOARD_GRID.to_hex(col, row), DIRS[direction])


def _is_half_hex(col: Col, row: Row) -> bool:
    return row in (0, HEIGHT - 1) or (row % 2 == 0 and col in (0, WIDTH - 1))


def _seam_neighbour(col: Col, row: Row) -> bool:
    """Odd-row cells at the short sides: they touch the next board's odd-row cells."""
    return row % 2 == 1 and col in (0, WIDTH - 2)


def build(spec: BoardSpec) -> Board:
    terrain = default_terrain_table()
    legend = {**LEGEND, **spec.legend}
    art = parse_art(spec.art)
    grid = BOARD_GRID
    cells: dict[Hex, Cell] = {}
    for cr in board_cells(WIDTH, HEIGHT):
        ch = art[cr]
        if ch not in legend:
            raise ValueError(f"{spec.id}: unknown character {ch!r} at {cr}")
        g = legend[ch]
        if g.terrain not in terrain:
            raise ValueError(f"{spec.id}: unknown terrain {g.terrain!r}")
        cells[grid.to_hex(*cr)] = Cell(g.terrain, g.level, g.walkway, g.walkway_end)
    for cr, ch in art.items():
        if cr[1] % 2 == 1 and cr[0] == WIDTH - 1 and ch != "#":
            raise ValueError(f"{spec.id}: {cr} lies off the board and must be rock")

    # Openings: the art must agree with the list (fail loudly, never patch silently).
    open_cells = {cr for name in spec.openings for cr in OPENINGS[name]}
    for cr in board_cells(WIDTH, HEIGHT):
        if not (_is_half_hex(*cr) or _seam_neighbour(*cr)):
            continue
        passable = terrain[cells[grid.to_hex(*cr)].terrain].passable
        if passable != (cr in open_cells):
            what = "open" if passable else "closed"
            raise ValueError(f"{spec.id}: edge cell {cr} is {what}, openings say otherwise")

    edges: dict[Edge, EdgeFeature] = {}

    def passable(h: Hex) -> bool:
        c = cells.get(h)
        return c is not None and terrain[c.terrain].passable

    # Rooms: walls all round, then the openings in them.
    for room in spec.rooms:
        inside = {grid.to_hex(*cr) for cr in room.cells}
        for h in inside:
            for n in h.neighbours():
                if n not in inside and n in cells:
                    edges[Edge(h, n)] = EdgeFeature.WALL
        for sides, feat in (
            (room.doors, EdgeFeature.DOOR),
            (room.windows, EdgeFeature.WINDOW),
            (room.arrow_slits, EdgeFeature.ARROW_SLIT),
        ):
            for col, row, d in sides:
                e = edge_of(col, row, d)
                if edges.get(e) is not EdgeFeature.WALL:
                    raise ValueError(f"{spec.id}: {feat} at {(col, row, d)} is not in a wall")
                edges[e] = feat
    for col, row, d, feat in spec.edges:
        edges[edge_of(col, row, d)] = feat
    # Generated edges: cliffs between whole-level drops, embankment tops.
    for h, c in cells.items():
        if not passable(h):
            continue
        for n in h.neighbours():
            if n not in cells or not passable(n):
                continue
            e = Edge(h, n)
            if e in edges:
                continue
            lv, ln = c.level, cells[n].level
            if (c.walkway and cells[n].walkway_end) or (c.walkway_end and cells[n].walkway):
                continue  # where a walkway rests on its end hex
            if abs(lv - ln) >= 1.0:
                edges[e] = EdgeFeature.CLIFF
            elif c.terrain == "embankment" and ln > lv:
                edges[e] = EdgeFeature.EMBANKMENT_TOP

    zones: list[Zone] = []
    for name in spec.openings:
        side = name.split("-")[0]
        zones.append(
            Zone(
                ZoneKind.ENTRY,
                name,
                frozenset(grid.to_hex(*cr) for cr in OPENINGS[name]),
                {"side": side},
            )
        )
    for z in spec.zones:
        zones.append(
            Zone(z.kind, z.name, frozenset(grid.to_hex(*cr) for cr in z.cells), z.properties)
        )
    names = [z.name for z in zones]
    if len(set(names)) != len(names):
        raise ValueError(f"{spec.id}: zone names are not unique: {names}")
    return Board(
        id=spec.id,
        name=spec.name,
        width=WIDTH,
        height=HEIGHT,
        cells=cells,
        edges=edges,
        zones=zones,
        side_top=spec.side_top,
        side_bottom=spec.side_bottom,
        arrows=spec.arrows,
        properties={},
    )


def cells_of(*groups: Iterable[CR]) -> list[CR]:
    return [cr for g in groups for cr in g]


# == the boards ==========================================================================

BOARDS: list[BoardSpec] = []

# -- Le Labyrinthe -----------------------------------------------------------------------
# Level 0 (galleries, central cave) and level +1 (ledges joined by wooden walkways) never
# meet on this board: the +1 network comes down by stairs only at the top-east,
# right-north and bottom-west openings, and the level-0 network uses the others.

BOARDS.append(
    BoardSpec(
        id="labyrinthe",
        name="Le Labyrinthe",
        openings=(
            "top-west",
            "top-centre",
            "top-east",
            "bottom-west",
            "bottom-centre",
            "bottom-east",
            "left-centre",
            "right-north",
            "right-centre",
            "right-south",
        ),
        art="""
# # # # . # # # # # # # . . . # # # # # # # . # # # #
 # # # # . # # # : # # # . . # # # # # # # # / # # #
# # # # # . # # # . . . . . # # # # # # # ^ ^ # # # #
 # # # # . # # # # # # # . . # # # ^ ^ ^ ^ ^ ^ # # #
# # # # . # # # ^ ^ ^ E W W W E ^ ^ ^ ^ ^ ^ ^ ^ ^ / .
 # # # . # # # ^ ^ ^ # # . . # # # ^ ^ ^ ^ # # # # #
# # # . # # ^ ^ ^ ^ # # . # # # # # # ^ # # # # : # #
 # # . # # # E # # # # . . . . . # # # ^ # # # . # #
. . . # # # W . # # # : . . . . . # # E # # # . # # .
 . . . . . . W . . . . . . . . . . . . W . . . . . .
. . # # # # W . # . . . . . . : # # # E # . # # # # .
 # . # # # # E # # . . . . . . . # # # ^ ^ . . . # #
# . # # # ^ ^ # # # . # # . . . . # # # # . . . . # #
 # . # # ^ ^ ^ # # . # # . # # # . # # # # . . . # #
# # . # # ^ ^ # # . # # # . # # # . . # # # . . . . .
 # # . : ^ # # # # . # # . # # # # # . # # . # # # #
# # # # ^ # # # . . # # . . . # # . . . . . . # # # #
 # # # # / # # # # # # # . . . # # . # # # # . # # #
# # # # . # # # # # # # . . . # # # # # # # . # # # #
""",
        rooms=[Room(cells=[(8, 16), (9, 16)], doors=[(9, 16, "NE")])],
        zones=[
            ZoneSpec(ZoneKind.CELL, "cell-labyrinthe", [(8, 16), (9, 16)]),
            ZoneSpec(ZoneKind.EXIT, "exit-labyrinthe", [(17, 17)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "central-cave",
                [(11, 8), (12, 8), (13, 8), (11, 9), (12, 9), (13, 9), (11, 10), (12, 10)],
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "upper-ledges",
                [(18, 3), (19, 3), (20, 3), (18, 4), (19, 4), (20, 4), (8, 5), (9, 5)],
                {"level": 1.0},
            ),
        ],
    )
)

# -- La Fosse ----------------------------------------------------------------------------
# A cave ringed by a level-0 rim around a pit (level -1). Very steep stairs go down into
# the pit at the north and the south; cliffs everywhere else. At the bottom, the trapdoor
# to the deeper passages (dungeon entrance). Two prison cells off the south-east corridor.

BOARDS.append(
    BoardSpec(
        id="fosse",
        name="La Fosse",
        openings=(
            "top-west",
            "top-centre",
            "bottom-centre",
            "bottom-east",
            "left-north",
            "left-centre",
            "right-centre",
            "right-south",
        ),
        art="""
# # # # . # # # # # # # . . . # # # # # # # # # # # #
 # # # # . # # # # # # # . . # # # # # # # # # # # #
# # # # . # # # # # # # . # # # # # # # # # # # # # #
 # # # # . # # # # # # # . # # # # # # # # # # # # #
. . . . . . # # # # # # # . # # # # # # # # # # # # #
 # # # # # . . # . . . . . S . . # # # # # # # # # #
# # # # # # # . . . . . , , , , . # # # # # # # # # #
 # # # # # # # . . . , , , , , , . . # # # . . # # #
. . # # # # # . # . , , z , , z , . . # # . . . # # .
 . . . . . . . . . , , , , , , , , . . . . . . . . .
. # # # # # . # . . , z , , D , , , . . # # # # # # .
 # # # # # . # # . . , , , , , , , . # # # # # # # #
# # # # # # . # # # # . , , , , , . . . . # # # # # #
 # # # # # . # # # # # . S . . . # # # # . . # # # #
# # # # # # . . . . # # # . # # # # # # # # . . . . .
 # # # # # # # . . . # # # . # # # # # # . . . # # #
# # # # # # # # . . # # # . # # # # # # # # . # # # #
 # # # # # # # # # # # # . . # # # # # # # . # # # #
# # # # # # # # # # # # . . . # # # # # # # . # # # #
""",
        rooms=[
            Room(cells=[(20, 15)], doors=[(20, 15, "E")]),
            Room(cells=[(22, 15)], doors=[(22, 15, "W")]),
        ],
        zones=[
            ZoneSpec(ZoneKind.DUNGEON_ENTRANCE, "trapdoor", [(14, 10)]),
            ZoneSpec(ZoneKind.CELL, "cell-fosse-west", [(20, 15)]),
            ZoneSpec(ZoneKind.CELL, "cell-fosse-east", [(22, 15)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "pit-bottom",
                [(12, 9), (13, 9), (14, 9), (12, 10), (13, 10), (12, 11), (13, 11), (14, 11)],
                {"level": -1.0},
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "west-cave",
                [(7, 14), (8, 14), (9, 14), (7, 15), (8, 15), (9, 15), (8, 16), (9, 16)],
            ),
        ],
    )
)

# -- L'Ile Souterraine -------------------------------------------------------------------
# An underground lake (level -1) with an island (level 0): trees, a small house with a
# door, a window and a way down to the deeper passages (dungeon entrance). Shores: a fine
# sand slope to a beach in the west, stairs to landing stages in the north and the south,
# a steep embankment in the east; low cliffs elsewhere. Boats link the three landing
# stages (north shore, south shore, island).

BOARDS.append(
    BoardSpec(
        id="ile",
        name="L'Ile Souterraine",
        openings=(
            "top-west",
            "top-centre",
            "bottom-centre",
            "bottom-east",
            "left-centre",
            "right-north",
            "right-centre",
        ),
        art="""
# # # # . # # # # # # # . . . # # # # # # # # # # # #
 # # # # . # # # # # # # . . # # # # # # # # # # # #
# # # # . # # # # # . . . . . . . . # # # # # # # # #
 # # # # . . . . . . . . = . . . . . # # # # # # # #
# # # # # . . . . . . ~ L L ~ ~ ~ . . # # # . . . . .
 # # # # . . . ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ . . . . . # # # #
# # # # . . . ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ . . . . # # # # #
 # # # . . . ~ ~ ~ ~ ~ ~ T T . ~ ~ ~ ~ . . . # # # #
. . . . s b ~ ~ ~ ~ ~ T . f f . ~ ~ ~ ~ e . . # # # .
 . . . . s b ~ ~ ~ ~ L = . f . . ~ ~ ~ b e . . . . .
. # # # . s b ~ ~ ~ L ~ . . . s b ~ ~ ~ b . . . # # .
 # # # # . . . ~ ~ ~ ~ ~ T . . b ~ ~ ~ ~ . . . # # #
# # # # # . . . . . ~ ~ ~ ~ ~ ~ ~ ~ ~ ~ . . . # # # #
 # # # # # . . . . . ~ ~ ~ ~ ~ ~ ~ ~ ~ . . . # # # #
# # # # # # # # # . . ~ ~ L L ~ ~ . . . . . # # # # #
 # # # # # # # f f . . . . = . . . . . . . # # # # #
# # # # # # # # # # . . . . . . . . # # # . # # # # #
 # # # # # # # # # # # # . . # # # # # # # . # # # #
# # # # # # # # # # # # . . . # # # # # # # . # # # #
""",
        rooms=[
            Room(cells=[(13, 8), (14, 8), (13, 9)], doors=[(13, 9, "SW")], windows=[(14, 8, "E")]),
            Room(cells=[(7, 15), (8, 15)], doors=[(8, 15, "E")]),
        ],
        zones=[
            ZoneSpec(ZoneKind.DUNGEON_ENTRANCE, "house-cellar", [(13, 8)]),
            ZoneSpec(ZoneKind.CELL, "cell-ile", [(7, 15), (8, 15)]),
            ZoneSpec(ZoneKind.LANDING_STAGE, "stage-north", [(12, 4), (13, 4)]),
            ZoneSpec(ZoneKind.LANDING_STAGE, "stage-south", [(13, 14), (14, 14)]),
            ZoneSpec(ZoneKind.LANDING_STAGE, "stage-island", [(10, 9), (10, 10)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "island",
                [(12, 8), (14, 7), (15, 8), (12, 9), (14, 9), (15, 9), (12, 10), (13, 10)],
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "east-shore",
                [(20, 11), (21, 11), (22, 11), (20, 12), (21, 12), (22, 12), (19, 13), (20, 13)],
            ),
        ],
    )
)

# -- Le Pont aux Spectres ----------------------------------------------------------------
# A river (level -1) runs across the cave from a siphon in the north to one in the south.
# The stone bridge (row 6) has low walls on both long sides; its middle hex is
# demolished and can also be reached from the islet below it (steps cut in the rock, the
# only access besides the bridge ends). A wooden bridge crosses further south. Stairs,
# a steep embankment and a fine-sand slope with a beach lead down to the water.

STONE_BRIDGE: list[CR] = [(11, 6), (12, 6), (14, 6), (15, 6)]

BOARDS.append(
    BoardSpec(
        id="pont",
        name="Le Pont aux Spectres",
        openings=(
            "top-west",
            "top-east",
            "bottom-west",
            "bottom-east",
            "left-centre",
            "left-south",
            "right-north",
            "right-centre",
        ),
        legend={"I": Glyph("stairs", -0.5)},
        art="""
# # # # . # # # # # # # # # # # # # # # # # . # # # #
 # # # # . # # # # . # # # ~ ~ # # # # # # # . # # #
# # # # . # # # # . . . . ~ ~ ~ . . . . # # . # # # #
 # # # # . . . . . . . . = ~ ~ ~ # . . . . . # # # #
# # # # . . . . # # . . b ~ ~ ~ . . . . . . # # . . .
 # # # # . . . . . # . . ~ ~ ~ . . . . . . . . . # #
# # # # . . . . . . . B B X B B . . . . . # . # # # #
 # # # # . . . . . . . . ~ I ~ . . . . . . . # # # #
. . # # . . . . . . . . ~ ~ ~ . . . . . . . # # . . .
 . . . . . . . # . . . . ~ ~ ~ e . . . . . . . . . .
. # # . . . # # . . . ~ ~ ~ e . . . . # # . # # # . .
 # # # # . . # . . s b ~ ~ ~ . . . . . # . . # # # #
# # # # # . . . . s b ~ ~ ~ . . . . . . . # # # # # #
 # # # # # # . . . . ~ ~ ~ . . . . # # . f f # # # #
. . . . . . . # . . w w w . . . . . # . # # # # # # #
 # # # # . . . . . . ~ ~ ~ = . . . . . . # # # # # #
# # # # . # . . . . ~ ~ # # . . . . # # . . # # # # #
 # # # # . # # # # # # # # # # # # # # # # . # # # #
# # # # . # # # # # # # # # # # # # # # # # . # # # #
""",
        rooms=[Room(cells=[(20, 13), (21, 13)], doors=[(20, 13, "W")])],
        edges=[
            (c, r, d, EdgeFeature.LOW_WALL)
            for c, r in STONE_BRIDGE
            for d in ("NE", "NW", "SW", "SE")
        ],
        zones=[
            ZoneSpec(ZoneKind.EXIT, "exit-pont", [(9, 1)]),
            ZoneSpec(ZoneKind.CELL, "cell-pont", [(20, 13), (21, 13)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "west-bank",
                [(5, 5), (6, 5), (7, 5), (5, 6), (6, 6), (7, 6), (5, 7), (6, 7)],
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "east-bank",
                [(17, 5), (18, 5), (19, 5), (17, 6), (18, 6), (19, 6), (17, 7), (18, 7)],
            ),
        ],
    )
)

# -- Le Marais Hanté ---------------------------------------------------------------------
# A wide cave flooded into a marsh, with patches of the dark-green unstable marsh and a few
# pools of standing water (level 0). In the north-east stands a ruined tower: a door on
# its south-west side, two arrow slits (north-east and east) and, under its floor, a way
# down to the deeper passages. A prison cell is cut off the west gallery.

BOARDS.append(
    BoardSpec(
        id="marais",
        name="Le Marais Hanté",
        openings=(
            "top-west",
            "top-centre",
            "bottom-centre",
            "bottom-east",
            "left-north",
            "left-centre",
            "right-centre",
            "right-south",
        ),
        legend={"o": Glyph("water", 0.0)},
        art="""
# # # # . # # # # # # # . . . # # # # # # # # # # # #
 # # # # . # # # # # # # . . # # # # # # # # # # # #
# # # # . # # # # # # # . # # # m m m m # # # # # # #
 # # # # . # # # # m m m . m m m m : m m # # # # # #
. . # # # . # m m # m : m m m m m m : : m # # # # # #
 # . . . m m m m m m m m m m m m m : f f m # # # # #
# # # # m m m m m m u u m # # m m m f f m # # # # # #
 # # # m m m m m m u u u m m m m m m m m m # # # # #
. # # # m m m m m u u u m m m # m m m m m # # # # # .
 . . . . . . o m m m m m m m m m # m m m m . . . . .
. # f # # m m m # m m m o o m m m m m m # m m # # # .
 # # # # # # # # m m m m o m u u m m m m m # m # # #
# # # # # # # u u m m m m m u u u m m m m m m # # # #
 # # # # # # m m m m # # m m u u u m # o m m # # # #
# # # # # # # m m m m m m m m m m m m m . m . . . . .
 # # # # # # # m m m # m m . m m m m m m . . # # # #
# # # # # # # # m m m m # . # # # # # # # # . # # # #
 # # # # # # # # # . # # . . # # # # # # # . # # # #
# # # # # # # # # # # # . . . # # # # # # # . # # # #
""",
        rooms=[
            Room(
                cells=[(18, 5), (19, 5), (18, 6), (19, 6)],
                doors=[(18, 6, "SW")],
                arrow_slits=[(19, 5, "NE"), (19, 6, "E")],
            ),
            Room(cells=[(2, 10)], doors=[(2, 10, "NE")]),
        ],
        zones=[
            ZoneSpec(ZoneKind.DUNGEON_ENTRANCE, "tower-vault", [(18, 5)]),
            ZoneSpec(ZoneKind.CELL, "cell-marais", [(2, 10)]),
            ZoneSpec(ZoneKind.EXIT, "exit-marais", [(9, 17)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "tower-approach",
                [(16, 6), (17, 6), (16, 7), (17, 7), (18, 7), (19, 7), (20, 7), (20, 6)],
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "marsh-west",
                [(4, 7), (5, 7), (6, 7), (4, 8), (5, 8), (6, 8), (7, 8), (5, 6)],
            ),
        ],
    )
)

# -- Le Nid des Krobs --------------------------------------------------------------------
# The Krob nest: a great hall of resin (nest floor) where the Queen has room to turn,
# egg chambers at the ends of narrow side galleries, two larder cells where the Krobs keep
# their prisoners, a shaft down to the deeper passages and a gallery out of the kingdom.

BOARDS.append(
    BoardSpec(
        id="nid",
        name="Le Nid des Krobs",
        openings=(
            "top-centre",
            "top-east",
            "bottom-west",
            "bottom-centre",
            "left-centre",
            "left-south",
            "right-north",
            "right-centre",
        ),
        art="""
# # # # # # # # # # # # . . . # # # # # # # . # # # #
 # # # # # # # # # # # # . . # # # # # # # # . # # #
# # # # # # # # # # . # . # # # # # # # # n n # # # #
 # # # # # n n # # # . . . # # # # # # # n n . # # #
# # # # # n n n # # # # # . # # # # # # # . n . . . .
 # # # # # n n . # # # # # . . # # # # . . # # # # #
# # # # # # # # . . f # # # n n n n . . # # # # # # #
 # # # # # # # # # . # # n n n n n n n # # # # # # #
. . # # # # # . . . . . . n n n n n n n # # # # . # .
 . . . . . . . # # # # # n n n n n n n n . . . . . .
. # # # # . # # # # # # # n n n n n n n n # # # # # .
 # # # # . # # # # # # # # # n n n n n n # # # # # #
# # # # . # # # # # # # # # # . n n n . # # # # # # #
 # # . . # # # n n # # # # # . # # # # . . # # # # #
. . . . # # # . n n # # # # . f # # # # # . n n # # #
 # # # . . . . n n n # # # . # # # # # # # n n n # #
# # # # . . # # # # # # # . # # # # # # # # n n # # #
 # # # # . # # # # # # # . . # # # # # # # # # # # #
# # # # . # # # # # # # . . . # # # # # # # # # # # #
""",
        rooms=[
            Room(cells=[(10, 6)], doors=[(10, 6, "W")]),
            Room(cells=[(15, 14)], doors=[(15, 14, "W")]),
        ],
        zones=[
            ZoneSpec(ZoneKind.DUNGEON_ENTRANCE, "nest-shaft", [(5, 4)]),
            ZoneSpec(ZoneKind.CELL, "cell-nid-north", [(10, 6)]),
            ZoneSpec(ZoneKind.CELL, "cell-nid-south", [(15, 14)]),
            ZoneSpec(ZoneKind.EXIT, "exit-nid", [(10, 2)]),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "great-hall",
                [(15, 8), (16, 8), (17, 8), (15, 9), (16, 9), (17, 9), (15, 10), (16, 10)],
            ),
            ZoneSpec(
                ZoneKind.DEPLOYMENT,
                "egg-chambers",
                [(5, 4), (6, 4), (5, 5), (6, 5), (22, 15), (23, 15), (22, 16), (23, 16)],
            ),
        ],
    )
)


# == main ================================================================================


def build_all() -> list[Board]:
    return [build(spec) for spec in BOARDS]


def art_of(board: Board) -> str:
    """Hex-art of a built board (levels shown by the legend characters where possible)."""
    rev = {(g.terrain, g.level, g.walkway, g.walkway_end): ch for ch, g in LEGEND.items()}
    lines = []
    for row in range(board.height):
        n = board.width if row % 2 == 0 else board.width - 1
        chars = []
        for col in range(n):
            c = board.cells[BOARD_GRID.to_hex(col, row)]
            chars.append(rev.get((c.terrain, c.level, c.walkway, c.walkway_end), "?"))
        lines.append((" " if row % 2 else "") + " ".join(chars))
    return "\n".join(lines)


def run_checks(boards: list[Board]) -> list[str]:
    """The structural checks of tests/maps (reachability, fitting); returns problems."""
    sys.path.insert(0, str(ROOT / "tests" / "maps"))
    import board_checks as bc

    problems = []
    specs = {s.id: s for s in BOARDS}
    for b in boards:
        allowed = {
            BOARD_GRID.to_hex(*cr) for crs in specs[b.id].other_board_only.values() for cr in crs
        }
        lost = sorted(
            {BOARD_GRID.to_cell(h) for h, _ in bc.unreachable(b)}
            - {BOARD_GRID.to_cell(h) for h in allowed}
        )
        if lost:
            problems.append(f"{b.id}: unreachable cells {lost}")
        if not bc.queen_footprints(b):
            problems.append(f"{b.id}: the Queen fits nowhere")
        if not bc.guard_only_hexes(b):
            problems.append(f"{b.id}: no place where a Guard fits and the Queen does not")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="check only, write nothing")
    ap.add_argument("--show", metavar="ID", help="print the art of one board")
    ap.add_argument("--out", type=Path, default=MAPS_DIR, help="output folder (maps/)")
    args = ap.parse_args(argv)
    boards = build_all()
    if args.show:
        print(art_of(next(b for b in boards if b.id == args.show)))
        return 0
    problems = run_checks(boards)
    for p in problems:
        print("PROBLEM:", p)
    if problems:
        return 1
    if args.check:
        print(f"{len(boards)} boards OK")
        return 0
    from dragonnoir.hexmap.board_io import save_board
    from dragonnoir.safe_write import writing_shipped_files

    args.out.mkdir(parents=True, exist_ok=True)
    with writing_shipped_files():  # this script makes the shipped boards of maps/
        for b in boards:
            path = args.out / f"{b.id}.tmx"
            save_board(b, path)
            print("wrote", path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
