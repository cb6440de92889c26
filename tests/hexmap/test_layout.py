"""Layouts: boards placed and turned on a grid, composed into one map.

docs/map-format.md ("Board geometry", "Seams", "Layouts") and the rulebook's "The
Underground Maps" (side X with X, Y with Y, arrows the same way across the width) and
"Range of Action" (a hex straddling two maps is on both) are what these tests hold the
code to. The geometry checks use the cell formulas of the spec, not the module's own
cube arithmetic, so the two are checked against each other.
"""

from __future__ import annotations

import os
import random
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonnoir.errors import LayoutError
from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.board import (
    BOARD_GRID,
    Board,
    Cell,
    EdgeFeature,
    Side,
    SideLabel,
    Zone,
    ZoneKind,
    board_cells,
)
from dragonnoir.hexmap.board_tilesets import standard_tilesets
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.layout import (
    EDGE_FEATURE_STRENGTH,
    Layout,
    Placement,
    compose,
    export_layout_tmx,
    load_layout,
    read_layout_file,
    rotate_cell,
    rotate_local,
)
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.hexmap.tmx import read_tmx, write_tsx
from dragonnoir.hexmap.tmxmodel import ObjectLayer, TileLayer
from dragonnoir.tiled_tools import export_map, have_tiled

G = BOARD_GRID
X, Y = SideLabel.X, SideLabel.Y
REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data" / "layouts"
TERRAINS = ["cave_floor", "rock", "water", "rubble", "stairs", "marsh", "beach"]


# -- helpers -------------------------------------------------------------------------


def spec_rotate(w: int, h: int, c: int, r: int) -> tuple[int, int]:
    """docs/map-format.md: (c, r) -> (w-1-c, h-1-r) in even rows, (w-2-c, h-1-r) in odd."""
    return (w - 1 - c, h - 1 - r) if r % 2 == 0 else (w - 2 - c, h - 1 - r)


def make_board(
    board_id: str,
    w: int = 7,
    h: int = 5,
    top: SideLabel = X,
    bottom: SideLabel = Y,
    arrows: str = "up",
    terrain: str = "cave_floor",
    seed: int | None = None,
) -> Board:
    rng = random.Random(seed) if seed is not None else None
    cells: dict[Hex, Cell] = {}
    for c, r in board_cells(w, h):
        if rng is None:
            cells[G.to_hex(c, r)] = Cell(terrain)
        else:
            cells[G.to_hex(c, r)] = Cell(
                rng.choice(TERRAINS),
                rng.choice([-1.0, -0.5, 0.0, 0.5, 1.0]),
                walkway=rng.random() < 0.1,
            )
    return Board(
        id=board_id,
        name=board_id.title(),
        width=w,
        height=h,
        cells=cells,
        side_top=top,
        side_bottom=bottom,
        arrows=arrows,
    )


def cell_of(board: Board, c: int, r: int) -> Hex:
    h = G.to_hex(c, r)
    assert h in board.cells
    return h


def expected_global_cell(lay: Layout, p: Placement, c: int, r: int) -> tuple[int, int]:
    """Where local cell (c, r) of a placed board lands, by the spec's cell formulas."""
    w, h = p.board.width, p.board.height
    min_row = min(q.row for q in lay.placements)
    min_col = min(q.col for q in lay.placements)
    if p.rotation == 180:
        c, r = spec_rotate(w, h, c, r)
    return (c + (p.col - min_col) * (w - 1), r + (p.row - min_row) * (h - 1))


def write_tilesets(folder: Path) -> Path:
    """The standard tilesets (TSX + transparent PNG) in `folder`, without pygame."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    folder.mkdir(parents=True, exist_ok=True)
    for ts in standard_tilesets(folder):
        assert ts.image is not None
        width, height = ts.image.width, ts.image.height
        raw = b"".join(b"\x00" + b"\x00" * (4 * width) for _ in range(height))
        png = b"\x89PNG\r\n\x1a\n"
        png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw))
        png += chunk(b"IEND", b"")
        ts.image.path.write_bytes(png)
        write_tsx(ts, folder / f"{ts.name}.tsx")
    return folder


@st.composite
def legal_layouts(draw: st.DrawFn) -> Layout:
    """Random legal layouts: up to 3 x 3 grid positions (gaps allowed), random rotations,
    labels chosen so every join is legal, random terrain and levels."""
    w = draw(st.integers(3, 8))
    h = draw(st.sampled_from([3, 5, 7]))
    nrows, ncols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    row0, col0 = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    chosen = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=len(cells), unique=True))
    places: list[Placement] = []
    for i, (r, c) in enumerate(chosen):
        rotation = draw(st.sampled_from([0, 180]))
        shown_top = X if r % 2 == 0 else Y  # what the board must show on top as it lies
        shown_bottom = Y if shown_top is X else X
        top, bottom = (shown_top, shown_bottom) if rotation == 0 else (shown_bottom, shown_top)
        arrows = "up" if rotation == 0 else "down"  # every board shows "up" as it lies
        board = make_board(f"b{i}", w, h, top, bottom, arrows, seed=draw(st.integers(0, 9999)))
        places.append(Placement(board, row0 + r, col0 + c, rotation))
    return compose(places, "random")


# -- rotation and placement ----------------------------------------------------------


sizes = st.tuples(st.integers(3, 30), st.sampled_from([3, 5, 7, 9, 19, 21]))


@given(sizes, st.data())
def test_rotating_twice_is_the_identity(size: tuple[int, int], data: st.DataObject) -> None:
    w, h = size
    board = make_board("b", w, h)
    c, r = data.draw(st.sampled_from(board_cells(w, h)))
    local = G.to_hex(c, r)
    assert rotate_local(board, rotate_local(board, local)) == local
    assert rotate_cell(w, h, *rotate_cell(w, h, c, r)) == (c, r)


@given(sizes)
def test_a_turned_board_lands_exactly_on_its_own_cells(size: tuple[int, int]) -> None:
    w, h = size
    board = make_board("b", w, h)
    cells = board_cells(w, h)
    turned = [G.to_cell(rotate_local(board, G.to_hex(c, r))) for c, r in cells]
    assert turned == [spec_rotate(w, h, c, r) for c, r in cells]
    assert len(set(turned)) == len(cells)
    assert set(turned) == set(cells)


@given(sizes, st.sampled_from([0, 180]), st.integers(0, 4), st.integers(0, 4), st.data())
def test_placing_preserves_distances(
    size: tuple[int, int], rotation: int, row: int, col: int, data: st.DataObject
) -> None:
    w, h = size
    board = make_board("b", w, h)
    lay = compose([Placement(board, 0, 0), Placement(board, row + 1, col + 1, rotation)], "d")
    hexes = list(board.cells)
    a, b = data.draw(st.sampled_from(hexes)), data.draw(st.sampled_from(hexes))
    for p in lay.placements:
        ga, gb = lay.to_global(p, a), lay.to_global(p, b)
        assert ga.distance(gb) == a.distance(b)
        assert lay.to_local(p, ga) == a


def test_rotation_turns_the_side_labels_and_the_arrows() -> None:
    board = make_board("b", top=X, bottom=Y, arrows="up")
    p0, p180 = Placement(board, 0, 0, 0), Placement(board, 0, 0, 180)
    assert (p0.side_label(Side.TOP), p0.side_label(Side.BOTTOM), p0.arrows) == (X, Y, "up")
    assert (p180.side_label(Side.TOP), p180.side_label(Side.BOTTOM), p180.arrows) == (
        Y,
        X,
        "down",
    )
    assert p180.side_label(Side.LEFT) is SideLabel.ARROW
    assert len({p0, Placement(board, 0, 0, 0), p180}) == 2


# -- composed maps -------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_layouts())
def test_composed_map_matches_the_spec_geometry(lay: Layout) -> None:
    w, h = lay.board_size()
    m = lay.map
    assert m.width == lay.grid_cols * (w - 1) + 1
    assert m.height == lay.grid_rows * (h - 1) + 1
    assert m.grid == G
    assert set(G.to_cell(x) for x in m.cells) <= set(board_cells(m.width, m.height))

    # Every local cell lands where the spec's cell formulas put it, on a distinct cell.
    covers: dict[tuple[int, int], list[int]] = {}
    for i, p in enumerate(lay.placements):
        landed = set()
        for c, r in board_cells(w, h):
            gcell = expected_global_cell(lay, p, c, r)
            assert lay.to_global(p, G.to_hex(c, r)) == G.to_hex(*gcell)
            landed.add(gcell)
            covers.setdefault(gcell, []).append(i)
        assert len(landed) == len(p.board.cells)

    # Every map hex is on at least one board, and exactly on those the spec says.
    assert {G.to_cell(x) for x in m.cells} == set(covers)
    for g in m.cells:
        on = lay.boards_of(g)
        assert on
        assert [lay.placements.index(p) for p, _ in on] == covers[G.to_cell(g)]
        assert lay.board_ids_at(g) == [p.board.id for p, _ in on]
        for p, local in on:
            assert local in p.board.cells
            assert lay.to_global(p, local) == g
            assert lay.to_local(p, g) == local
        halves = [p.board.cells[local] for p, local in on]
        if len(halves) == 1:
            assert m.cells[g] == halves[0]
        else:
            winner = halves[0].terrain
            for half in halves[1:]:
                winner = default_terrain_table().seam_winner(winner, half.terrain)
            assert m.cells[g] == next(x for x in halves if x.terrain == winner)
    assert lay.boards_of(Hex(-50, -50)) == []


@pytest.mark.parametrize(("nrows", "ncols"), [(1, 2), (2, 1), (2, 2), (3, 2), (2, 3)])
def test_seam_hexes_are_on_two_boards_and_four_where_four_meet(nrows: int, ncols: int) -> None:
    w, h = 7, 5
    places = []
    for r in range(nrows):
        for c in range(ncols):
            top, bottom = (X, Y) if r % 2 == 0 else (Y, X)
            places.append(Placement(make_board(f"b{r}{c}", w, h, top, bottom), r, c))
    lay = compose(places, "grid")
    crossings = {
        G.to_hex(c * (w - 1), r * (h - 1)) for r in range(1, nrows) for c in range(1, ncols)
    }
    for g in lay.map.cells:
        col, row = G.to_cell(g)
        on_h_seam = row % (h - 1) == 0 and 0 < row < lay.map.height - 1
        on_v_seam = row % 2 == 0 and col % (w - 1) == 0 and 0 < col < lay.map.width - 1
        n = len(lay.boards_of(g))
        if g in crossings:
            assert n == 4
        elif on_h_seam or on_v_seam:
            assert n == 2, (col, row)
        else:
            assert n == 1, (col, row)
        assert lay.is_seam(g) == (n > 1)
    per_board = w * ((h + 1) // 2) + (w - 1) * (h // 2)
    shared = sum(len(lay.boards_of(g)) - 1 for g in lay.map.cells)
    assert len(lay.map.cells) == nrows * ncols * per_board - shared


def test_a_layout_with_gaps() -> None:
    a = make_board("a", top=X, bottom=Y)
    b = make_board("b", top=X, bottom=Y)  # under a it would be illegal, diagonally it is not
    lay = compose([Placement(a, 0, 0), Placement(b, 1, 1)], "gaps")
    assert (lay.map.width, lay.map.height) == (13, 9)
    corner = G.to_hex(6, 4)
    assert lay.board_ids_at(corner) == ["a", "b"]
    assert lay.seam_hexes() == [corner]
    assert G.to_hex(0, 6) not in lay.map.cells  # the empty grid position (1, 0)
    assert G.to_hex(10, 2) not in lay.map.cells  # the empty grid position (0, 1)
    assert lay.placement_at(0, 1) is None
    assert lay.seam_polylines() == []

    apart = compose([Placement(a, 0, 0), Placement(b, 0, 2, 180)], "apart")
    assert apart.map.width == 19
    assert apart.seam_hexes() == []
    assert len(apart.map.cells) == 2 * len(a.cells)


def test_the_grid_is_normalised_to_its_bounding_box() -> None:
    a, b = make_board("a"), make_board("b")
    lay = compose([Placement(a, 2, 3), Placement(b, 2, 4)], "far")
    assert (lay.map.width, lay.map.height, lay.grid_rows, lay.grid_cols) == (13, 5, 1, 2)
    assert lay.to_global(0, G.to_hex(0, 0)) == G.to_hex(0, 0)
    assert lay.cell_offset(1) == (6, 0)


# -- the straddling rule -------------------------------------------------------------


def two_stacked(upper: Board, lower: Board) -> Layout:
    """`upper` above `lower` turned 180 degrees (both X on top at 0 degrees: legal)."""
    return compose([Placement(upper, 0, 0), Placement(lower, 1, 0, 180)], "pair")


def test_a_seam_hex_takes_the_less_passable_terrain_and_its_level() -> None:
    upper = make_board("upper", terrain="cave_floor")
    lower = make_board("lower", terrain="water")
    for c, r in board_cells(7, 5):
        lower.cells[G.to_hex(c, r)] = Cell("water", -1.0)
    # The bottom row of `upper` (row 4) meets the bottom row of `lower`, turned: its local
    # cell (c, 4) lands on (6 - c, 0), that is global (6 - c, 4).
    upper.cells[cell_of(upper, 2, 4)] = Cell("rock", 0.0)
    upper.cells[cell_of(upper, 3, 4)] = Cell("rubble", 0.5)
    lower.cells[cell_of(lower, 2, 4)] = Cell("cave_floor", 0.0)  # lands at global (4, 4)
    lay = two_stacked(upper, lower)
    m = lay.map
    assert m.cells[G.to_hex(2, 4)] == Cell("rock", 0.0)  # impassable beats passable
    assert m.cells[G.to_hex(3, 4)] == Cell("water", -1.0)  # cost 3 beats cost 2
    assert m.cells[G.to_hex(4, 4)] == Cell("cave_floor", 0.0)  # same terrain: first board
    assert m.cells[G.to_hex(0, 4)] == Cell("water", -1.0)
    assert m.cells[G.to_hex(3, 3)] == Cell("cave_floor")  # not on the seam: upper's own
    assert m.cells[G.to_hex(3, 5)] == Cell("water", -1.0)  # not on the seam: lower's own
    assert lay.board_ids_at(G.to_hex(3, 4)) == ["upper", "lower"]
    assert lay.board_ids_at(G.to_hex(3, 3)) == ["upper"]
    assert lay.board_ids_at(G.to_hex(3, 5)) == ["lower"]


def test_on_a_tie_the_first_board_in_layout_order_gives_level_and_walkway() -> None:
    a, b = make_board("a"), make_board("b", arrows="up")
    a.cells[cell_of(a, 6, 2)] = Cell("cave_floor", 1.0, walkway_end=True)
    b.cells[cell_of(b, 0, 2)] = Cell("cave_floor", 0.0, walkway=True)
    ab = compose([Placement(a, 0, 0), Placement(b, 0, 1)], "ab")
    ba = compose([Placement(b, 0, 1), Placement(a, 0, 0)], "ba")
    seam = G.to_hex(6, 2)
    assert ab.map.cells[seam] == Cell("cave_floor", 1.0, walkway_end=True)
    assert ba.map.cells[seam] == Cell("cave_floor", 0.0, walkway=True)
    assert ab.board_ids_at(seam) == ["a", "b"]
    assert ba.board_ids_at(seam) == ["b", "a"]


def test_the_winning_half_brings_its_flags_even_when_listed_second() -> None:
    a, b = make_board("a"), make_board("b")
    a.cells[cell_of(a, 6, 0)] = Cell("cave_floor", 0.0, walkway=True)
    b.cells[cell_of(b, 0, 0)] = Cell("stairs", 0.5)
    lay = compose([Placement(a, 0, 0), Placement(b, 0, 1)], "ab")
    assert lay.map.cells[G.to_hex(6, 0)] == Cell("stairs", 0.5)


def test_four_halves_at_a_crossing() -> None:
    boards = {
        (0, 0): make_board("nw", top=X, bottom=Y),
        (0, 1): make_board("ne", top=X, bottom=Y, terrain="marsh"),
        (1, 0): make_board("sw", top=Y, bottom=X, terrain="rubble"),
        (1, 1): make_board("se", top=Y, bottom=X, terrain="unstable_marsh"),
    }
    lay = compose([Placement(b, r, c) for (r, c), b in boards.items()], "four")
    crossing = G.to_hex(6, 4)
    assert lay.board_ids_at(crossing) == ["nw", "ne", "sw", "se"]
    locals_ = [local for _, local in lay.boards_of(crossing)]
    assert locals_ == [G.to_hex(6, 4), G.to_hex(0, 4), G.to_hex(6, 0), G.to_hex(0, 0)]
    assert lay.map.cells[crossing].terrain == "unstable_marsh"  # cost 3, the hardest


# -- edges and zones -----------------------------------------------------------------


def test_edge_features_move_with_their_board_and_merge_on_seams() -> None:
    upper, lower = make_board("upper"), make_board("lower")
    h = G.to_hex
    # An edge inside `lower`, which is turned: it lands turned.
    inner = Edge(h(1, 1), h(2, 1))
    lower.edges[inner] = EdgeFeature.WALL
    # The edge between two seam half hexes, drawn by both boards.
    upper.edges[Edge(h(2, 4), h(3, 4))] = EdgeFeature.DOOR
    lower.edges[Edge(h(3, 4), h(4, 4))] = EdgeFeature.WINDOW  # turned: (3,4)-(2,4)
    upper.edges[Edge(h(4, 4), h(5, 4))] = EdgeFeature.LOW_WALL
    lower.edges[Edge(h(1, 4), h(2, 4))] = EdgeFeature.CLIFF  # turned: (5,4)-(4,4)
    lay = two_stacked(upper, lower)
    a = h(*expected_global_cell(lay, lay.placements[1], 1, 1))
    b = h(*expected_global_cell(lay, lay.placements[1], 2, 1))
    assert lay.map.edge_feature(a, b) is EdgeFeature.WALL
    assert lay.map.edge_feature(h(2, 4), h(3, 4)) is EdgeFeature.WINDOW
    assert lay.map.edge_feature(h(4, 4), h(5, 4)) is EdgeFeature.LOW_WALL
    assert len(lay.map.edges) == 3


def test_the_edge_feature_order_is_total() -> None:
    order = sorted(EdgeFeature, key=lambda f: -EDGE_FEATURE_STRENGTH[f])
    assert [f.value for f in order] == [
        "wall",
        "arrow_slit",
        "window",
        "low_wall",
        "cliff",
        "embankment_top",
        "door",
    ]


def test_zones_are_renamed_per_board_and_move_with_it() -> None:
    upper, lower = make_board("upper"), make_board("lower")
    h = G.to_hex
    upper.zones.append(Zone(ZoneKind.ENTRY, "north", frozenset({h(3, 0)}), {"side": "top"}))
    lower.zones.append(Zone(ZoneKind.ENTRY, "north", frozenset({h(3, 0)}), {"side": "top"}))
    lower.zones.append(Zone(ZoneKind.CELL, "cell 1", frozenset({h(1, 1), h(1, 2)})))
    lay = two_stacked(upper, lower)
    names = [z.name for z in lay.map.zones]
    assert names == ["upper:north", "lower:north", "lower:cell 1"]
    north = lay.map.zone("lower:north")
    assert north is not None
    assert north.kind is ZoneKind.ENTRY
    assert north.hexes == frozenset({h(3, 8)})  # the top of a turned board is at the bottom
    assert dict(north.properties) == {
        "side": "top",
        "board": "lower",
        "board_row": 1,
        "board_col": 0,
    }
    cell = lay.map.zone("lower:cell 1")
    assert cell is not None
    turned = lay.placements[1]
    assert cell.hexes == frozenset(
        {h(*expected_global_cell(lay, turned, 1, 1)), h(*expected_global_cell(lay, turned, 1, 2))}
    )
    assert cell.hexes == frozenset({h(4, 7), h(5, 6)})
    assert [z.name for z in lay.zones_of_board(1)] == ["lower:north", "lower:cell 1"]


def test_a_board_used_twice_gets_zone_names_with_its_position() -> None:
    board = make_board("twin")
    board.zones.append(Zone(ZoneKind.EXIT, "out", frozenset({G.to_hex(6, 2)})))
    lay = compose([Placement(board, 0, 0), Placement(board, 0, 1)], "twins")
    assert [z.name for z in lay.map.zones] == ["twin@0,0:out", "twin@0,1:out"]
    assert lay.map.zone("twin@0,1:out") == Zone(
        ZoneKind.EXIT,
        "twin@0,1:out",
        frozenset({G.to_hex(12, 2)}),
        {"board": "twin", "board_row": 0, "board_col": 1},
    )


# -- joins ---------------------------------------------------------------------------


def fails(places: list[Placement], source: str | None = "layouts/x.toml") -> str:
    with pytest.raises(LayoutError) as info:
        compose(places, "x", source=source)
    return str(info.value)


def test_legal_joins() -> None:
    xy, yx = make_board("xy", top=X, bottom=Y), make_board("yx", top=Y, bottom=X)
    down = make_board("down", arrows="down")
    compose([Placement(xy, 0, 0), Placement(yx, 1, 0)], "y to y")
    compose([Placement(xy, 0, 0), Placement(xy, 1, 0, 180)], "turned")
    compose([Placement(yx, 0, 0, 180), Placement(xy, 1, 0, 180)], "both turned")
    compose([Placement(xy, 0, 0), Placement(down, 0, 1, 180)], "arrows up")
    compose([Placement(xy, 0, 0, 180), Placement(down, 0, 1)], "arrows down")


def test_long_sides_must_show_the_same_label() -> None:
    fosse = make_board("fosse", top=X, bottom=Y)
    ile = make_board("ile", top=X, bottom=Y)
    assert fails([Placement(fosse, 0, 1), Placement(ile, 1, 1)]) == (
        "layouts/x.toml: board 'fosse' (row 0, col 1, bottom side Y) cannot join board "
        "'ile' (row 1, col 1, top side X): side X goes with X and Y with Y"
    )
    assert fails([Placement(ile, 1, 0, 180), Placement(fosse, 0, 0, 180)]) == (
        "layouts/x.toml: board 'fosse' (row 0, col 0, bottom side X) cannot join board "
        "'ile' (row 1, col 0, top side Y): side X goes with X and Y with Y"
    )


def test_short_sides_must_have_their_arrows_the_same_way() -> None:
    pont, marais = make_board("pont", arrows="up"), make_board("marais", arrows="up")
    assert fails([Placement(pont, 0, 0), Placement(marais, 0, 1, 180)]) == (
        "layouts/x.toml: board 'pont' (row 0, col 0, right side, arrows up) cannot join "
        "board 'marais' (row 0, col 1, left side, arrows down): across the width the arrows "
        "must point the same way"
    )


def test_other_refusals() -> None:
    a, b = make_board("a"), make_board("b")
    big = make_board("big", w=9)
    assert fails([Placement(a, 0, 0), Placement(b, 0, 0)]) == (
        "layouts/x.toml: board 'b' and board 'a' are both placed at row 0, col 0: "
        "one board per grid position"
    )
    assert fails([Placement(a, 0, 0), Placement(big, 0, 1)]) == (
        "layouts/x.toml: board 'big' (row 0, col 1) is 9 x 5 but board 'a' (row 0, col 0) "
        "is 7 x 5: all boards of a layout must be the same size"
    )
    assert fails([Placement(a, 0, 0, 90)]) == (
        "layouts/x.toml: board 'a' (row 0, col 0): rotation must be 0 or 180, not 90"
    )
    assert fails([], source=None) == "<memory>: a layout needs at least one board"
    a.cells[G.to_hex(0, 0)] = Cell("lava")
    assert "terrain 'lava'" in fails([Placement(a, 0, 0)])


# -- seams for drawing ---------------------------------------------------------------


def test_seam_polylines_run_through_the_half_hex_centres() -> None:
    places = []
    for r in range(2):
        for c in range(3):
            top, bottom = (X, Y) if r == 0 else (Y, X)
            places.append(Placement(make_board(f"b{r}{c}", 7, 5, top, bottom), r, c))
    lay = compose(places, "six")
    lines = lay.seam_polylines()
    y_mid = G.cell_centre(0, 4)[1]
    x_left, x_right = G.cell_centre(0, 0)[0], G.cell_centre(18, 0)[0]
    assert lines[0] == [(x_left, y_mid), (x_right, y_mid)]
    y_top, y_bottom = G.cell_centre(0, 0)[1], G.cell_centre(0, 8)[1]
    assert lines[1:] == [
        [(G.cell_centre(6, 0)[0], y_top), (G.cell_centre(6, 0)[0], y_bottom)],
        [(G.cell_centre(12, 0)[0], y_top), (G.cell_centre(12, 0)[0], y_bottom)],
    ]
    # Every seam hex centre lies on a seam line.
    for g in lay.seam_hexes():
        cx, cy = G.hex_centre(g)
        assert any(
            min(a[0], b[0]) <= cx <= max(a[0], b[0]) and min(a[1], b[1]) <= cy <= max(a[1], b[1])
            for a, b in lines
        )


# -- layout files --------------------------------------------------------------------


TEST_BOARDS = {
    # id: (width, top, bottom, arrows)
    "alpha": (7, X, Y, "up"),
    "beta": (7, X, Y, "up"),
    "gamma": (7, Y, X, "down"),
    "wide": (9, X, Y, "up"),
}


@pytest.fixture
def layout_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """tests/data/layouts/*.toml copied to tmp/layouts beside tiny TMX boards in
    tmp/layouts/boards (their tilesets below them, where names inside files may lead),
    with tmp as the working directory (so messages name `layouts/<file>.toml`)."""
    folder = tmp_path / "layouts"
    (folder / "boards").mkdir(parents=True)
    tilesets = write_tilesets(folder / "boards" / "tilesets")
    for board_id, (w, top, bottom, arrows) in TEST_BOARDS.items():
        board = make_board(board_id, w, 5, top, bottom, arrows)
        board.zones.append(Zone(ZoneKind.ENTRY, "door", frozenset({G.to_hex(3, 2)})))
        board_io.save_board(board, folder / "boards" / f"{board_id}.tmx", tilesets)
    for toml in DATA.glob("*.toml"):
        shutil.copy(toml, folder / toml.name)
    monkeypatch.chdir(tmp_path)
    return folder


def load_fails(path: str) -> str:
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    return str(info.value)


def test_a_legal_layout_file_loads(layout_dir: Path) -> None:
    lay = load_layout("layouts/legal-three.toml")
    assert lay.name == "Three test boards"
    assert [(p.board.id, p.row, p.col, p.rotation) for p in lay.placements] == [
        ("alpha", 0, 0, 0),
        ("gamma", 0, 1, 180),
        ("beta", 1, 0, 180),
    ]
    assert lay.placements[0].file == (layout_dir / "boards" / "alpha.tmx").resolve()
    assert lay.source == Path("layouts/legal-three.toml")
    assert lay.map.id == "layout:Three test boards"
    assert [z.name for z in lay.map.zones] == ["alpha:door", "gamma:door", "beta:door"]


def test_a_board_used_twice_is_read_once(layout_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Path] = []
    real = board_io.load_board

    def counting(path: Path | str, terrain: TerrainTable | None = None) -> Board:
        calls.append(Path(path))
        assert terrain is None
        return real(path)

    monkeypatch.setattr(board_io, "load_board", counting)
    lay = load_layout("layouts/twice.toml")
    assert len(lay.placements) == 2
    assert calls == [(layout_dir / "boards" / "alpha.tmx").resolve()]
    assert lay.placements[0].board is lay.placements[1].board


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "bad-labels.toml",
            "board 'alpha' (row 0, col 0, bottom side Y) cannot join board 'beta' "
            "(row 1, col 0, top side X): side X goes with X and Y with Y",
        ),
        (
            "bad-arrows.toml",
            "board 'alpha' (row 0, col 0, right side, arrows up) cannot join board 'gamma' "
            "(row 0, col 1, left side, arrows down): across the width the arrows must point "
            "the same way",
        ),
        (
            "same-cell.toml",
            "board 'beta' and board 'alpha' are both placed at row 0, col 0: "
            "one board per grid position",
        ),
        (
            "different-sizes.toml",
            "board 'wide' (row 0, col 1) is 9 x 5 but board 'alpha' (row 0, col 0) is 7 x 5: "
            "all boards of a layout must be the same size",
        ),
        ("bad-rotation.toml", "board[2].rotation: must be 0 or 180"),
        (
            "missing-board.toml",
            "board[1].file: no board file 'boards/nowhere.tmx' ({dir}/boards/nowhere.tmx)",
        ),
        ("missing-row.toml", "board[0].row: missing"),
        ("unknown-field.toml", "board[0].angle: unknown field"),
        ("no-boards.toml", "board: List should have at least 1 item, not 0"),
        ("negative-col.toml", "board[0].col: Input should be greater than or equal to 0"),
        ("string-row.toml", "board[1].row: Input should be a valid integer"),
    ],
)
def test_illegal_layout_files_are_refused(layout_dir: Path, name: str, message: str) -> None:
    expected = f"layouts/{name}: " + message.format(dir=layout_dir.resolve())
    assert load_fails(f"layouts/{name}") == expected


def test_broken_layout_files(layout_dir: Path) -> None:
    (layout_dir / "broken.toml").write_text("name = \n", encoding="utf-8")
    assert load_fails("layouts/broken.toml").startswith(
        "layouts/broken.toml: line 1, column 8: not valid TOML"
    )
    assert load_fails("layouts/none.toml") == "layouts/none.toml: file not found"


REPO_LAYOUTS = sorted((REPO / "layouts").glob("*.toml"))


@pytest.mark.parametrize("path", REPO_LAYOUTS, ids=[p.name for p in REPO_LAYOUTS])
def test_the_shipped_layouts_are_legal(path: Path) -> None:
    name, entries = read_layout_file(path, check_files=False)
    assert name
    positions = [(row, col) for _, row, col, _ in entries]
    assert len(set(positions)) == len(positions)
    missing = [f for f, _, _, _ in entries if not f.is_file()]
    if missing:
        pytest.skip(f"boards not drawn yet: {', '.join(sorted({m.name for m in missing}))}")
    lay = load_layout(path)
    assert lay.map.cells


@pytest.mark.parametrize("path", REPO_LAYOUTS, ids=[p.name for p in REPO_LAYOUTS])
def test_the_shipped_layouts_join_under_the_drawing_convention(path: Path) -> None:
    """Until every board is drawn, check the joins with stand-ins that follow the convention
    the layout files state: X on top, Y at the bottom, arrows up, 27 x 19."""
    name, entries = read_layout_file(path, check_files=False)
    stand_ins = {f: make_board(f.stem, 27, 19, X, Y, "up") for f, _, _, _ in entries}
    lay = compose([Placement(stand_ins[f], r, c, rot) for f, r, c, rot in entries], name)
    assert len(lay.placements) == len(entries)


def test_six_boards_uses_all_six() -> None:
    _, entries = read_layout_file(REPO / "layouts" / "six-boards.toml", check_files=False)
    assert sorted(f.stem for f, _, _, _ in entries) == [
        "fosse",
        "ile",
        "labyrinthe",
        "marais",
        "nid",
        "pont",
    ]


# -- export --------------------------------------------------------------------------


def exported_layout() -> Layout:
    h = G.to_hex
    nw, ne = make_board("nw", seed=1), make_board("ne", seed=2)
    sw = make_board("sw", top=Y, bottom=X, seed=3)
    se = make_board("se", arrows="down", seed=4)
    nw.edges[Edge(h(2, 2), h(3, 2))] = EdgeFeature.WALL
    nw.edges[Edge(h(5, 4), h(6, 4))] = EdgeFeature.DOOR  # on the nw/sw seam
    sw.edges[Edge(h(5, 0), h(6, 0))] = EdgeFeature.WALL
    se.edges[Edge(h(1, 1), h(1, 2))] = EdgeFeature.ARROW_SLIT
    nw.zones.append(Zone(ZoneKind.ENTRY, "west", frozenset({h(0, 2)}), {"side": "left"}))
    se.zones.append(Zone(ZoneKind.CELL, "cell", frozenset({h(2, 2), h(3, 2)})))
    places = [
        Placement(nw, 0, 0),
        Placement(ne, 0, 1),
        Placement(sw, 1, 0),
        Placement(se, 1, 1, 180, file=Path("/somewhere/se.tmx")),
    ]
    return compose(places, "export test")


def same_model(a: Board, b: Board) -> None:
    assert (a.id, a.name, a.width, a.height) == (b.id, b.name, b.width, b.height)
    assert a.cells == b.cells
    assert a.edges == b.edges
    assert sorted(a.zones, key=lambda z: z.name) == sorted(b.zones, key=lambda z: z.name)
    assert a.properties == b.properties


def test_export_loads_back_as_the_composed_map(tmp_path: Path) -> None:
    out = tmp_path / "out" / "layout.tmx"
    tilesets = write_tilesets(out.parent / "tilesets")  # where the map may name them
    lay = exported_layout()
    export_layout_tmx(lay, out, tilesets)
    same_model(lay.map, board_io.load_board(out))
    tmx = read_tmx(out)
    boards = tmx.layer("boards")
    assert isinstance(boards, ObjectLayer)
    assert [o.name for o in boards.objects] == ["nw", "ne", "sw", "se"]
    se = boards.objects[3]
    assert {k: p.value for k, p in se.properties.items()} == {
        "file": os.path.relpath("/somewhere/se.tmx", out.parent),
        "row": 1,
        "col": 1,
        "board_rotation": 180,
    }
    assert (se.x, se.y, se.x + se.width, se.y + se.height) == lay.board_rect(3)
    ids = [o.id for layer in tmx.object_layers() for o in layer.objects]
    assert len(set(ids)) == len(ids)
    assert tmx.next_object_id > max(ids)


def test_export_of_a_loaded_layout_records_board_files(layout_dir: Path) -> None:
    lay = load_layout("layouts/legal-three.toml")
    out = layout_dir / "out.tmx"
    export_layout_tmx(lay, out, layout_dir / "boards" / "tilesets")
    boards = read_tmx(out).layer("boards")
    assert isinstance(boards, ObjectLayer)
    files = [o.properties["file"] for o in boards.objects]
    assert [(f.value, f.type) for f in files] == [
        ("boards/alpha.tmx", "file"),
        ("boards/gamma.tmx", "file"),
        ("boards/beta.tmx", "file"),
    ]
    # The grid position (1, 1) is a gap: its cells stay empty in every tile layer, and the
    # export still loads back as the composed map (its `boards` layer allows the gaps).
    terrain = read_tmx(out).layer("terrain")
    assert isinstance(terrain, TileLayer)
    for col, row in board_cells(lay.map.width, lay.map.height):
        filled = terrain.gid_at(col, row) != 0
        assert filled == (G.to_hex(col, row) in lay.map.cells)
    assert terrain.gid_at(9, 6) == 0
    assert board_io.load_board(out).cells == lay.map.cells


@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
def test_tiled_opens_and_resaves_the_export(tmp_path: Path) -> None:
    tilesets = write_tilesets(tmp_path / "tilesets")
    lay = exported_layout()
    out, again = tmp_path / "layout.tmx", tmp_path / "again.tmx"
    export_layout_tmx(lay, out, tilesets)
    export_map(out, again)  # TiledToolError, with Tiled's message, if it fails
    same_model(lay.map, board_io.load_board(again))
    boards = read_tmx(again).layer("boards")
    assert isinstance(boards, ObjectLayer)
    assert [o.name for o in boards.objects] == ["nw", "ne", "sw", "se"]


def test_layout_module_never_imports_pygame() -> None:
    code = "import sys, dragonnoir.hexmap.layout; print('pygame' in sys.modules)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"
