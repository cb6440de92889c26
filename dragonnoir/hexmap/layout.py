"""Layouts: several boards placed on a grid, some turned 180 degrees, composed into one map.

"The Underground Maps": six maps that combine in many ways; side X of one always goes
with side X of another, the same for side Y, and across the width the arrows point the
same way. A layout file (`layouts/*.toml`, docs/map-format.md "Layouts") says which board
lies where; `load_layout` reads it, `compose` checks the joins and builds the composed map
as one `Board` in global coordinates, so the renderer, the viewer and the rules engine all
speak one map type.

Geometry (docs/map-format.md, "Board geometry"). A board is `w` x `h` Tiled cells, `h`
odd; its printed edges cut through the centres of its edge hexes. The board at grid
(row R, col C) sits at global cell offset (C*(w-1), R*(h-1)): its half hexes are the
half hexes of its neighbours, and because h-1 is even the row stagger stays the same on
every board. Turning a board 180 degrees maps local cell (c, r) to (w-1-c, h-1-r) in
even rows and (w-2-c, h-1-r) in odd rows, which in cube coordinates is a point
reflection (`Hex.rotate_180`); placing it is a translation. Both preserve distances.

A hex on a seam belongs to every board that covers it (two on a seam, three or four
where seams cross). "Range of Action": a wizard's spells apply only to the map he is on,
and a wizard on a hex straddling two maps casts on both — `Layout.boards_of` answers
which maps a hex is on.

Seams (docs/map-format.md, "Seams"): the terrain of a shared hex is that of the less
passable half (`TerrainTable.seam_winner`); its level and walkway flags come from the
board whose half won (the first in layout order on a tie). Edge features of all boards are
kept; where two boards give one edge different features the less passable one wins
(`EDGE_FEATURE_STRENGTH`). Zones are kept with names made unique per board.

No pygame here (hexmap never imports it).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from dragonnoir.errors import LayoutError
from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, Side, SideLabel, Zone
from dragonnoir.hexmap.board_tilesets import TILESET_DIR
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.hexmap.tiled import HexGrid, Point
from dragonnoir.hexmap.tmx import gc_paused, write_tmx
from dragonnoir.hexmap.tmxmodel import MapObject, ObjectLayer, Property, TmxMap
from dragonnoir.i18n import N_, _
from dragonnoir.pydantic_words import validation_reason
from dragonnoir.safe_read import LAYOUT, Missing, file_problem, named_file, quoted, read_toml

#: The two ways a board may lie ("Side X of one always goes with side X of another").
ROTATIONS: Final[tuple[int, ...]] = (0, 180)

#: Which edge feature wins when two boards give one seam edge different features: the
#: less passable one. A wall stops everything; an arrow slit (strong cover) and a window
#: (medium cover) stop movement but not every shot; a low wall is crossed at a cost; a
#: cliff and the top of an embankment are level breaks; a door is an opening.
EDGE_FEATURE_STRENGTH: Final[dict[EdgeFeature, int]] = {
    EdgeFeature.WALL: 6,
    EdgeFeature.ARROW_SLIT: 5,
    EdgeFeature.WINDOW: 4,
    EdgeFeature.LOW_WALL: 3,
    EdgeFeature.CLIFF: 2,
    EdgeFeature.EMBANKMENT_TOP: 1,
    EdgeFeature.DOOR: 0,
}

#: The object layer of an exported layout TMX that records where each board lies.
BOARDS_LAYER: Final = board_io.BOARDS_LAYER

#: The property of a board object in that layer that holds its turn (0 or 180). Not
#: `rotation`: pytmx 3.32 refuses a map whose object has a property named like one of
#: its attributes ("Reserved names and duplicate names are not allowed").
EXPORT_ROTATION_PROPERTY: Final = "board_rotation"
#: What exports written before that change called it; still read.
LEGACY_ROTATION_PROPERTY: Final = "rotation"

_OTHER_ARROWS: Final = {"up": "down", "down": "up"}


# -- placements ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placement:
    """One board of a layout: which board, where on the layout grid, how it is turned.

    `row` counts downwards and `col` rightwards; `rotation` is 0 or 180 degrees. `file`
    is the board file it was read from (None for boards built in memory).
    """

    board: Board
    row: int
    col: int
    rotation: int = 0
    file: Path | None = None

    @property
    def board_id(self) -> str:
        return self.board.id

    @property
    def rotated(self) -> bool:
        return self.rotation == 180

    def side_label(self, side: Side) -> SideLabel:
        """What the board shows on `side` as it lies in the layout (a turned board shows
        its bottom label on top)."""
        if self.rotated and side in (Side.TOP, Side.BOTTOM):
            side = Side.BOTTOM if side is Side.TOP else Side.TOP
        return self.board.side_label(side)

    @property
    def arrows(self) -> str:
        """The way the short-side arrows point as the board lies in the layout."""
        if self.rotated:
            return _OTHER_ARROWS.get(self.board.arrows, self.board.arrows)
        return self.board.arrows

    def __hash__(self) -> int:
        # Boards are mutable (unhashable); equal placements have equal board ids.
        return hash((self.board.id, self.row, self.col, self.rotation))

    def describe(self) -> str:
        """`board 'fosse' (row 0, col 1)`, for messages."""
        return _("board {board!r} (row {row}, col {col})").format(
            board=self.board.id, row=self.row, col=self.col
        )


def rotate_local(board: Board, h: Hex) -> Hex:
    """Where local hex `h` of `board` lands when the board is turned 180 degrees, in the
    board's own coordinates (an involution: turning twice gives `h` back)."""
    return h.rotate_180(_rotation_centre2(board.width, board.height))


def _rotation_centre2(width: int, height: int) -> Hex:
    # Twice the board centre in cube coordinates: cell (c, r) -> (w-1-c, h-1-r) in even
    # rows and (w-2-c, h-1-r) in odd rows is q -> K - q, r -> (h-1) - r with this K
    # (h odd, so h-1 is even and both formulas agree).
    return Hex(width - 1 - (height - 1) // 2, height - 1)


def rotate_cell(width: int, height: int, col: int, row: int) -> tuple[int, int]:
    """The docs/map-format.md formula for turning cell (col, row) of a board 180 degrees."""
    if row % 2 == 0:
        return (width - 1 - col, height - 1 - row)
    return (width - 2 - col, height - 1 - row)


# -- the layout ----------------------------------------------------------------------


@dataclass(slots=True)
class Layout:
    """Boards placed on a grid and the map they make together.

    `map` is one `Board` in global coordinates (its Tiled cell (0, 0) is the top-left cell
    of the top-left grid position); `placements` are in layout order, which breaks seam
    ties. Build one with `compose` or `load_layout`.
    """

    name: str
    placements: tuple[Placement, ...]
    map: Board
    source: Path | None = None
    grid_rows: int = 1
    grid_cols: int = 1
    _offsets: tuple[tuple[int, int], ...] = field(default=(), repr=False)
    _covers: dict[Hex, tuple[int, ...]] = field(default_factory=dict, repr=False)

    # -- coordinates ---------------------------------------------------------------------

    @property
    def grid(self) -> HexGrid:
        return self.map.grid

    def _index(self, placement: Placement | int) -> int:
        if isinstance(placement, int):
            if not 0 <= placement < len(self.placements):
                raise IndexError(f"no placement {placement} in layout {self.name!r}")
            return placement
        for i, p in enumerate(self.placements):
            if p is placement:
                return i
        for i, p in enumerate(self.placements):
            if p == placement:
                return i
        raise ValueError(
            _("{describe} is not part of layout {name!r}").format(
                describe=placement.describe(), name=self.name
            )
        )

    def cell_offset(self, placement: Placement | int) -> tuple[int, int]:
        """Global Tiled cell (col, row) of the board's local cell (0, 0) before turning."""
        return self._offsets[self._index(placement)]

    def to_global(self, placement: Placement | int, local: Hex) -> Hex:
        """The global hex of local hex `local` of a placed board (pure arithmetic: the hex
        need not be on the board)."""
        i = self._index(placement)
        p = self.placements[i]
        h = rotate_local(p.board, local) if p.rotated else local
        dc, dr = self._offsets[i]
        return Hex(h.q + dc - dr // 2, h.r + dr)

    def to_local(self, placement: Placement | int, global_hex: Hex) -> Hex:
        """The local hex of a placed board that lies at `global_hex` (pure arithmetic: use
        `boards_of` to know which boards a hex is actually on)."""
        i = self._index(placement)
        p = self.placements[i]
        dc, dr = self._offsets[i]
        h = Hex(global_hex.q - dc + dr // 2, global_hex.r - dr)
        return rotate_local(p.board, h) if p.rotated else h

    def global_edge(self, placement: Placement | int, edge: Edge) -> Edge:
        return Edge(self.to_global(placement, edge.a), self.to_global(placement, edge.b))

    # -- queries -------------------------------------------------------------------------

    def boards_of(self, h: Hex) -> list[tuple[Placement, Hex]]:
        """Every board the global hex lies on, with the local hex there, in layout order:
        one inside a board, two on a seam, up to four where seams cross, none off the map.
        ("Range of Action": a wizard's spells reach every map his hex is on.)"""
        return [(self.placements[i], self.to_local(i, h)) for i in self._covers.get(h, ())]

    def board_ids_at(self, h: Hex) -> list[str]:
        """Ids of the boards the global hex lies on, in layout order."""
        return [self.placements[i].board.id for i in self._covers.get(h, ())]

    def placements_at(self, h: Hex) -> list[Placement]:
        return [self.placements[i] for i in self._covers.get(h, ())]

    def is_seam(self, h: Hex) -> bool:
        """True for a hex that straddles two or more boards."""
        return len(self._covers.get(h, ())) > 1

    def seam_hexes(self) -> list[Hex]:
        return [h for h, cover in self._covers.items() if len(cover) > 1]

    def placement_at(self, row: int, col: int) -> Placement | None:
        """The board at a layout grid position, or None for a gap."""
        for p in self.placements:
            if p.row == row and p.col == col:
                return p
        return None

    def hexes_of(self, placement: Placement | int) -> set[Hex]:
        """The global hexes of one placed board (its half hexes included)."""
        i = self._index(placement)
        return {h for h, cover in self._covers.items() if i in cover}

    def zones_of_board(self, placement: Placement | int) -> list[Zone]:
        """The composed map's zones that came from one placed board."""
        i = self._index(placement)
        p = self.placements[i]
        return [
            z
            for z in self.map.zones
            if z.properties.get("board_row") == p.row and z.properties.get("board_col") == p.col
        ]

    # -- drawing -------------------------------------------------------------------------

    def board_rect(self, placement: Placement | int) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of a placed board's printed edges in global map
        pixels: lines through the centres of its half hexes."""
        dc, dr = self._offsets[self._index(placement)]
        w, h = self.board_size()
        g = self.grid
        left, top = g.cell_centre(dc, dr)
        right, bottom = g.cell_centre(dc + w - 1, dr + h - 1)
        return (left, top, right, bottom)

    def board_size(self) -> tuple[int, int]:
        """Width and height of the (equal-sized) boards of this layout, in cells."""
        b = self.placements[0].board
        return (b.width, b.height)

    def seam_polylines(self) -> list[list[Point]]:
        """The seams in global map pixels: where two boards meet, the straight cut line
        through the centres of their shared half hexes. Collinear seams that touch are
        joined into one line; horizontal seams first, top to bottom, then vertical ones,
        left to right."""
        by_pos = {(p.row, p.col): i for i, p in enumerate(self.placements)}
        horizontal: dict[float, list[tuple[float, float]]] = {}
        vertical: dict[float, list[tuple[float, float]]] = {}
        for (row, col), i in by_pos.items():
            left, top, right, bottom = self.board_rect(i)
            below = by_pos.get((row + 1, col))
            if below is not None:
                horizontal.setdefault(bottom, []).append((left, right))
            beside = by_pos.get((row, col + 1))
            if beside is not None:
                vertical.setdefault(right, []).append((top, bottom))
        out: list[list[Point]] = []
        for y in sorted(horizontal):
            for a, b in _merge_spans(horizontal[y]):
                out.append([(a, y), (b, y)])
        for x in sorted(vertical):
            for a, b in _merge_spans(vertical[x]):
                out.append([(x, a), (x, b)])
        return out


def _merge_spans(spans: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


# -- composing -----------------------------------------------------------------------


#: A board's sides and its arrows, in words (`_side_text`).
_SIDE_WORDS = {
    Side.TOP: N_("top side {label}"),
    Side.BOTTOM: N_("bottom side {label}"),
    Side.LEFT: N_("left side, arrows {arrows}"),
    Side.RIGHT: N_("right side, arrows {arrows}"),
}
_ARROWS = {"up": N_("up"), "down": N_("down")}


def _side_text(p: Placement, side: Side) -> str:
    label = p.side_label(side).value if side in (Side.TOP, Side.BOTTOM) else ""
    arrows = _(_ARROWS[p.arrows]) if p.arrows in _ARROWS else str(p.arrows)
    return _(_SIDE_WORDS[side]).format(label=label, arrows=arrows)


def _describe_at(p: Placement, side: Side) -> str:
    return _("board {board!r} (row {row}, col {col}, {side})").format(
        board=p.board.id, row=p.row, col=p.col, side=_side_text(p, side)
    )


def check_joins(placements: Sequence[Placement]) -> list[str]:
    """Why these placements cannot make a layout, one message per fault (empty if legal).

    Vertically adjacent boards must show the same label on the touching long sides;
    horizontally adjacent boards must have their arrows pointing the same way; all boards
    the same size and grid; one board per grid cell; rotation 0 or 180.
    """
    faults: list[str] = []
    if not placements:
        return ["a layout needs at least one board"]
    for p in placements:
        if p.rotation not in ROTATIONS:
            faults.append(
                _("{describe}: rotation must be 0 or 180, not {rotation}").format(
                    describe=p.describe(), rotation=p.rotation
                )
            )
    first = placements[0]
    for p in placements[1:]:
        if (p.board.width, p.board.height) != (first.board.width, first.board.height):
            faults.append(
                _(
                    "{describe} is {width} x {height} but {describe2} is {width2} x {height2}: "
                    "all boards of a layout must be the same size"
                ).format(
                    describe=p.describe(),
                    width=p.board.width,
                    height=p.board.height,
                    describe2=first.describe(),
                    width2=first.board.width,
                    height2=first.board.height,
                )
            )
        elif p.board.grid != first.board.grid:
            faults.append(
                _(
                    "{describe} and {describe2} use different hex grids: all boards of a layout "
                    "must use the same grid"
                ).format(describe=p.describe(), describe2=first.describe())
            )
    seen: dict[tuple[int, int], Placement] = {}
    for p in placements:
        other = seen.get((p.row, p.col))
        if other is not None:
            faults.append(
                _(
                    "board {id!r} and board {id2!r} are both placed at row {row}, col {col}: one "
                    "board per grid position"
                ).format(id=p.board.id, id2=other.board.id, row=p.row, col=p.col)
            )
        else:
            seen[(p.row, p.col)] = p
    if faults:
        return faults
    for (row, col), p in seen.items():
        below = seen.get((row + 1, col))
        if below is not None and p.side_label(Side.BOTTOM) != below.side_label(Side.TOP):
            faults.append(
                _(
                    "{describe_at} cannot join {describe_at2}: side X goes with X and Y with Y"
                ).format(
                    describe_at=_describe_at(p, Side.BOTTOM),
                    describe_at2=_describe_at(below, Side.TOP),
                )
            )
        right = seen.get((row, col + 1))
        if right is not None and p.arrows != right.arrows:
            faults.append(
                _(
                    "{describe_at} cannot join {describe_at2}: across the width the arrows must "
                    "point the same way"
                ).format(
                    describe_at=_describe_at(p, Side.RIGHT),
                    describe_at2=_describe_at(right, Side.LEFT),
                )
            )
    return faults


def compose(
    placements: Sequence[Placement],
    name: str,
    terrain: TerrainTable | None = None,
    *,
    source: Path | str | None = None,
) -> Layout:
    """Check the joins and build the composed map of `placements` (in layout order).

    Raises `LayoutError` (naming `source`, the layout file, if given) on the first fault:
    boards of different sizes, two boards on one grid position, a rotation other than 0 or
    180, sides that cannot join, or a terrain id the terrain table does not know.
    """
    src = Path(source) if source is not None else None
    faults = check_joins(placements)
    if faults:
        raise LayoutError(src, faults[0])
    table = terrain or default_terrain_table()
    places = tuple(placements)
    w, h = places[0].board.width, places[0].board.height
    grid = places[0].board.grid
    min_row = min(p.row for p in places)
    min_col = min(p.col for p in places)
    rows = max(p.row for p in places) - min_row + 1
    cols = max(p.col for p in places) - min_col + 1
    offsets = tuple(((p.col - min_col) * (w - 1), (p.row - min_row) * (h - 1)) for p in places)

    layout = Layout(
        name=name,
        placements=places,
        map=Board(
            id=f"layout:{name}",
            name=name,
            width=cols * (w - 1) + 1,
            height=rows * (h - 1) + 1,
            cells={},
            grid=grid,
            source=src,
        ),
        source=src,
        grid_rows=rows,
        grid_cols=cols,
        _offsets=offsets,
    )

    plan = _plan_of(layout)
    fast = _compose_cells(layout, table, plan)
    if fast is not None:
        layout._covers, layout.map.cells = fast
    else:
        layout._covers, layout.map.cells = _cover_cells(layout, table, src)
    layout.map.edges = _merge_edges(layout, plan)
    layout.map.zones = _merge_zones(layout)
    top = places[0]
    layout.map.side_top = top.side_label(Side.TOP)
    layout.map.side_bottom = top.side_label(Side.BOTTOM)
    layout.map.arrows = top.arrows
    layout.map.properties = {"layout": name}
    return layout


def _cover_cells(
    layout: Layout, table: TerrainTable, src: Path | None
) -> tuple[dict[Hex, tuple[int, ...]], dict[Hex, Cell]]:
    """Which boards cover each global hex (in layout order), and the composed cells,
    both row by row, left to right; raises the `LayoutError` of the first cell (in layout
    order, then board order) whose terrain the table does not know."""
    places = layout.placements
    grid = layout.map.grid
    # Which boards cover each global hex, in layout order, with their halves of it.
    found: dict[Hex, list[tuple[int, Cell]]] = {}
    known_terrain: set[str] = set()
    for i, p in enumerate(places):
        to_global = _hex_mover(layout, i)
        for local, cell in p.board.cells.items():
            if cell.terrain not in known_terrain:
                if cell.terrain not in table:
                    raise LayoutError(
                        src,
                        _(
                            "{describe}: hex at cell {to_cell} has terrain {terrain!r}, which the "
                            "terrain table does not know"
                        ).format(
                            describe=p.describe(), to_cell=grid.to_cell(local), terrain=cell.terrain
                        ),
                    )
                known_terrain.add(cell.terrain)
            g = to_global(local)
            here = found.get(g)
            if here is None:
                found[g] = [(i, cell)]
            else:
                here.append((i, cell))
    # Row by row, left to right: (r, q) sorts as (row, col) does, since col is q plus a
    # function of the row (pointy-top) or is q itself (flat-top).
    covers: dict[Hex, tuple[int, ...]] = {}
    cells: dict[Hex, Cell] = {}
    for g, here in sorted(found.items(), key=lambda item: (item[0].r, item[0].q)):
        if len(here) == 1:
            i, cell = here[0]
            covers[g] = (i,)
            cells[g] = cell
        else:
            covers[g] = tuple(i for i, _ in here)
            cells[g] = _seam_cell([cell for _, cell in here], table)
    return covers, cells


class _CoverPlan:
    """What `_cover_cells` computes that depends only on the geometry: the board size and
    grid, and where each placement lies and how it is turned, for boards whose cells are
    every on-board hex in `board_io.board_hexes` order (as `tmx_to_board` reads them).

    `order` holds the global hexes row by row, `covers` their placements; `picks[n]` is
    where the cell of `order[n]` is in the boards' cells laid end to end (the only half,
    or the first of a seam), and `seams` the halves (same numbering) of each seam hex."""

    def __init__(self, layout: Layout, keys: tuple[Hex, ...]) -> None:
        found: dict[Hex, list[tuple[int, int]]] = {}
        size = len(keys)
        for i in range(len(layout.placements)):
            to_global = _hex_mover(layout, i)
            base = i * size
            for k, local in enumerate(keys):
                g = to_global(local)
                here = found.get(g)
                if here is None:
                    found[g] = [(i, base + k)]
                else:
                    here.append((i, base + k))
        ordered = sorted(found.items(), key=lambda item: (item[0].r, item[0].q))
        self.keys = keys
        self.order = tuple(g for g, _ in ordered)
        self.covers = {g: tuple(i for i, _ in here) for g, here in ordered}
        self.picks = [here[0][1] for _, here in ordered]
        self.seams = [
            (n, tuple(at for _, at in here)) for n, (_, here) in enumerate(ordered) if len(here) > 1
        ]
        # Per placement: global edge of each local edge met so far (see _merge_edges).
        self.edges: list[dict[Edge, Edge]] = [{} for _ in layout.placements]
        self.edges_cap = 8 * size + 64


@functools.lru_cache(maxsize=16)
def _cover_plan(
    grid: HexGrid, width: int, height: int, lie: tuple[tuple[int, int, bool], ...]
) -> _CoverPlan:
    """The `_CoverPlan` of boards of this size placed at these cell offsets, turned or
    not (`lie`), built on a stand-in layout (only the geometry is used)."""
    stand_in = Board("", "", width, height, {}, grid=grid)
    places = tuple(Placement(stand_in, 0, 0, 180 if turned else 0) for _, _, turned in lie)
    layout = Layout("", places, stand_in, _offsets=tuple((dc, dr) for dc, dr, _ in lie))
    return _CoverPlan(layout, board_io.board_hexes(grid, width, height))


_TERRAIN = attrgetter("terrain")


def _plan_of(layout: Layout) -> _CoverPlan:
    """The `_CoverPlan` of a layout's geometry."""
    places = layout.placements
    first = places[0].board
    lie = tuple((dc, dr, p.rotated) for (dc, dr), p in zip(layout._offsets, places, strict=True))
    return _cover_plan(first.grid, first.width, first.height, lie)


def _compose_cells(
    layout: Layout, table: TerrainTable, plan: _CoverPlan | None = None
) -> tuple[dict[Hex, tuple[int, ...]], dict[Hex, Cell]] | None:
    """`_cover_cells` from the geometry's `_CoverPlan`, when every board has exactly the
    plan's cells in its order and every terrain is known; None otherwise (then
    `_cover_cells` does the work, and raises the error there is)."""
    places = layout.placements
    if plan is None:
        plan = _plan_of(layout)
    halves: list[Cell] = []
    for p in places:
        if tuple(p.board.cells) != plan.keys:
            return None
        halves.extend(p.board.cells.values())
    if not all(terrain in table for terrain in set(map(_TERRAIN, halves))):
        return None
    cells = list(map(halves.__getitem__, plan.picks))
    for n, at in plan.seams:
        cells[n] = _seam_cell([halves[k] for k in at], table)
    return dict(plan.covers), dict(zip(plan.order, cells, strict=True))


def _seam_cell(halves: list[Cell], table: TerrainTable) -> Cell:
    """The cell of a global hex from the boards' halves of it, in layout order."""
    if len(halves) == 1:
        return halves[0]
    winner = halves[0].terrain
    for half in halves[1:]:
        winner = table.seam_winner(winner, half.terrain)
    # Level and walkway flags come from the board whose half won, the first on a tie.
    return next(half for half in halves if half.terrain == winner)


def _hex_mover(layout: Layout, i: int) -> Callable[[Hex], Hex]:
    """`layout.to_global(i, h)` as one function of `h`, for whole boards at a time."""
    p = layout.placements[i]
    dc, dr = layout._offsets[i]
    dq = dc - dr // 2
    if p.rotated:
        centre2 = _rotation_centre2(p.board.width, p.board.height)
        kq, kr = centre2.q + dq, centre2.r + dr
        return lambda h: Hex(kq - h.q, kr - h.r)
    return lambda h: Hex(h.q + dq, h.r + dr)


def _merge_edges(layout: Layout, plan: _CoverPlan | None = None) -> dict[Edge, EdgeFeature]:
    """Every board's edge features in global coordinates, the stronger one where two
    boards give one edge different features. With the geometry's `plan`, each local
    edge is moved once per geometry and placement (the global Edge is immutable)."""
    merged: dict[Edge, EdgeFeature] = {}
    for i, p in enumerate(layout.placements):
        to_global = _hex_mover(layout, i)
        moved = plan.edges[i] if plan is not None else {}
        room = plan is not None and len(moved) < plan.edges_cap
        for edge, feature in p.board.edges.items():
            g = moved.get(edge)
            if g is None:
                g = Edge(to_global(edge.a), to_global(edge.b))
                if room:
                    moved[edge] = g
            old = merged.get(g)
            if old is None or EDGE_FEATURE_STRENGTH[feature] > EDGE_FEATURE_STRENGTH[old]:
                merged[g] = feature
    return merged


def zone_prefix(layout_places: Sequence[Placement], p: Placement) -> str:
    """`<board_id>`, or `<board_id>@<row>,<col>` when the layout uses that board id more
    than once (so zone names stay unique)."""
    count = sum(1 for q in layout_places if q.board.id == p.board.id)
    return p.board.id if count == 1 else f"{p.board.id}@{p.row},{p.col}"


def _merge_zones(layout: Layout) -> list[Zone]:
    zones: list[Zone] = []
    for i, p in enumerate(layout.placements):
        prefix = zone_prefix(layout.placements, p)
        to_global = _hex_mover(layout, i)
        for z in p.board.zones:
            props = dict(z.properties)
            props["board"] = p.board.id
            props["board_row"] = p.row
            props["board_col"] = p.col
            zones.append(
                Zone(
                    kind=z.kind,
                    name=f"{prefix}:{z.name}",
                    hexes=frozenset(map(to_global, z.hexes)),
                    properties=props,
                )
            )
    return zones


# -- layout files --------------------------------------------------------------------


#: The largest row or column of a layout file: a 16 x 16 grid of boards is already a
#: map of some 120,000 hexes (the game's six boards fill 2 x 3). Without a bound a row
#: of 10**9 validates but composing it needs more memory than any machine has.
MAX_GRID_INDEX = 15


class _BoardEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str = Field(min_length=1)
    row: StrictInt = Field(ge=0, le=MAX_GRID_INDEX)
    col: StrictInt = Field(ge=0, le=MAX_GRID_INDEX)
    rotation: StrictInt = 0

    @field_validator("rotation")
    @classmethod
    def _rotation(cls, value: int) -> int:
        if value not in ROTATIONS:
            raise PydanticCustomError("rotation", "must be 0 or 180")
        return value


class _LayoutFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1)
    board: list[_BoardEntry] = Field(min_length=1)


def _place(loc: tuple[int | str, ...]) -> str:
    out = ""
    for key in loc:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += f".{key}" if out else key
    return out


def read_layout_file(
    path: Path | str, *, check_files: bool = True
) -> tuple[str, list[tuple[Path, int, int, int]]]:
    """Read and validate a layout file: its name and, per board, the resolved board file,
    row, col and rotation. Errors name the file and the field; with `check_files`, a board
    file that does not exist is an error too."""
    src = Path(path)
    raw = read_toml(src, LAYOUT, error=LayoutError)
    try:
        model = _LayoutFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise LayoutError(src, layout_reason(first), place=_place(tuple(first["loc"]))) from None
    entries: list[tuple[Path, int, int, int]] = []
    for i, b in enumerate(model.board):
        file = named_file(src, b.file, "board", place=f"board[{i}].file", error=LayoutError)
        entries.append((file, b.row, b.col, b.rotation))
    for i, (file, *_rest) in enumerate(entries):
        problem = file_problem(file) if check_files else None
        if isinstance(problem, Missing):
            raise LayoutError(
                src,
                _("no board file {file} ({path})").format(
                    file=quoted(model.board[i].file), path=file
                ),
                place=f"board[{i}].file",
            )
        if problem is not None:
            raise LayoutError(
                src,
                _("board file {file}: {problem}").format(
                    file=quoted(model.board[i].file), problem=problem
                ),
                place=f"board[{i}].file",
            )
    return model.name, entries


def layout_reason(error: Mapping[str, Any]) -> str:
    """What the layout format refuses, in the language in use: a missing or unknown field
    said shortly (a layout has few), the rest as `pydantic_words` says it."""
    kind = error.get("type")
    if kind == "missing":
        return _("missing")
    if kind == "extra_forbidden":
        return _("unknown field")
    if kind == "rotation":
        return _("must be 0 or 180")
    return validation_reason(error)


def load_layout(
    path: Path | str,
    terrain: TerrainTable | None = None,
    *,
    cache: dict[Path, Board] | None = None,
) -> Layout:
    """Read a layout file (docs/map-format.md "Layouts"), load its boards and compose them.

    Board files are relative to the layout file and each is read once per call (or once
    across calls sharing `cache`, keyed by resolved path). A fault in the layout file or
    its joins is a `LayoutError` naming the layout file; a fault inside a board file is the
    `MapFormatError` of `board_io.load_board`, naming that board file.
    """

    src = Path(path)
    name, entries = read_layout_file(src)
    boards = cache if cache is not None else {}
    placements: list[Placement] = []
    with gc_paused():
        for file, row, col, rotation in entries:
            board = boards.get(file)
            if board is None:
                board = board_io.load_board(file, terrain)
                boards[file] = board
            placements.append(Placement(board, row, col, rotation, file=file))
        return compose(placements, name, terrain, source=src)


# -- export --------------------------------------------------------------------------


def layout_to_tmx(layout: Layout, path: Path | str, tileset_dir: Path | None = None) -> TmxMap:
    """The TMX model of a composed layout: the composed map written like a board (same
    tilesets, layers and objects) plus an object layer `boards` with one rectangle per
    placement along its printed edges (name = board id; properties `file`, `row`, `col`,
    `board_rotation`)."""

    out = Path(path)
    tmx = board_io.board_to_tmx(layout.map, out, tileset_dir or TILESET_DIR)
    objects: list[MapObject] = []
    next_id = tmx.next_object_id
    for i, p in enumerate(layout.placements):
        left, top, right, bottom = layout.board_rect(i)
        if p.file is not None:
            file = Path(os.path.relpath(p.file, out.resolve().parent)).as_posix()
        else:
            file = ""
        objects.append(
            MapObject(
                id=next_id,
                x=left,
                y=top,
                shape="rectangle",
                name=p.board.id,
                width=right - left,
                height=bottom - top,
                properties={
                    "file": Property(file, "file") if file else Property(""),
                    "row": Property(p.row, "int"),
                    "col": Property(p.col, "int"),
                    EXPORT_ROTATION_PROPERTY: Property(p.rotation, "int"),
                },
            )
        )
        next_id += 1
    tmx.layers.append(ObjectLayer(BOARDS_LAYER, objects, id=tmx.next_layer_id, color="#f0c020"))
    tmx.next_layer_id += 1
    tmx.next_object_id = next_id
    return tmx


def export_layout_tmx(layout: Layout, path: Path | str, tileset_dir: Path | None = None) -> None:
    """Write a composed layout as one TMX that Tiled opens and `board_io.load_board` reads
    back into the composed map (see `layout_to_tmx`)."""
    out = Path(path)
    write_tmx(layout_to_tmx(layout, out, tileset_dir), out)


@dataclass(frozen=True)
class ExportedPlacement:
    """One board as an exported layout TMX records it in its `boards` layer."""

    board_id: str
    file: str  # relative to the exported TMX; "" for a board built in memory
    row: int
    col: int
    rotation: int


def exported_placements(tmx: TmxMap, source: Path | str) -> list[ExportedPlacement]:
    """The boards an exported layout (`export_layout_tmx`) records, in layout order.

    Reads exports from before the rename of `rotation` to `board_rotation` too. A map
    without a `boards` layer, or a board object with a missing or wrong property, is a
    `LayoutError` naming `source` and the object.
    """
    layer = next((la for la in tmx.object_layers() if la.name == BOARDS_LAYER), None)
    if layer is None:
        raise LayoutError(
            Path(source),
            _("no object layer '{layer}': not a layout export").format(layer=BOARDS_LAYER),
        )
    out: list[ExportedPlacement] = []
    for obj in layer.objects:
        place = f"layer '{BOARDS_LAYER}', object {obj.id} ({obj.name!r})"
        props = {name: prop.value for name, prop in obj.properties.items()}
        if EXPORT_ROTATION_PROPERTY not in props and LEGACY_ROTATION_PROPERTY in props:
            props[EXPORT_ROTATION_PROPERTY] = props[LEGACY_ROTATION_PROPERTY]
        values: list[int] = []
        for name in ("row", "col", EXPORT_ROTATION_PROPERTY):
            value = props.get(name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise LayoutError(
                    Path(source),
                    _("property {name!r} must be a whole number >= 0").format(name=name),
                    place=place,
                )
            values.append(value)
        row, col, rotation = values
        if rotation not in ROTATIONS:
            raise LayoutError(
                Path(source),
                _("board_rotation must be 0 or 180, not {rotation}").format(rotation=rotation),
                place=place,
            )
        out.append(ExportedPlacement(obj.name, str(props.get("file", "")), row, col, rotation))
    return out
