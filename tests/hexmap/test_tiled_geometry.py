"""Tiled offset cells <-> cube hexes <-> pixels, for all four stagger variants, with even
and odd tile sizes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import (
    SIDE_PARITY_SINCE,
    HexGrid,
    StaggerAxis,
    StaggerIndex,
    drawn_tile_size,
    half,
    point_in_convex,
    version_of,
)
from dragonnoir.hexmap.tiled_walk import RenderParams, screen_to_tile

GRIDS = [
    HexGrid("y", "odd", 52, 60, 30),
    HexGrid("y", "even", 14, 12, 6),
    HexGrid("x", "odd", 60, 60, 30),
    HexGrid("x", "even", 60, 52, 30),
]
grids = st.sampled_from(GRIDS)
cells = st.tuples(st.integers(-40, 40), st.integers(-40, 40))


@given(grids, cells)
def test_cell_hex_round_trip(grid: HexGrid, cell: tuple[int, int]) -> None:
    assert grid.to_cell(grid.to_hex(*cell)) == cell


@given(grids, st.builds(Hex, st.integers(-40, 40), st.integers(-40, 40)))
def test_hex_cell_round_trip(grid: HexGrid, h: Hex) -> None:
    assert grid.to_hex(*grid.to_cell(h)) == h


@given(grids, cells)
def test_pixel_of_centre_maps_back_to_the_cell(grid: HexGrid, cell: tuple[int, int]) -> None:
    x, y = grid.cell_centre(*cell)
    assert grid.pixel_to_cell(x, y) == cell


@given(grids, cells, st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_points_near_the_centre_belong_to_the_cell(
    grid: HexGrid, cell: tuple[int, int], fx: float, fy: float
) -> None:
    x, y = grid.cell_centre(*cell)
    side = grid.side_length
    assert grid.pixel_to_cell(x + fx * side, y + fy * side) == cell


@given(grids, st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20)))
def test_neighbour_centres_are_adjacent_cells_in_pixels(grid: HexGrid, h: Hex) -> None:
    cx, cy = grid.hex_centre(h)
    for n in h.neighbours():
        nx, ny = grid.hex_centre(n)
        # Neighbouring centres are closer than two tile extents in each axis.
        assert abs(nx - cx) <= grid.tile_width and abs(ny - cy) <= grid.tile_height
        # ...and the edge between them is shared by both outlines.
        p, q = grid.edge_segment(h, n)
        poly_h, poly_n = grid.hex_polygon(h), grid.hex_polygon(n)
        assert p in poly_h and q in poly_h and p in poly_n and q in poly_n


@pytest.mark.parametrize(
    ("grid", "size", "expected"),
    [
        # Formulas from Tiled 1.8's HexagonalRenderer::mapSize, checked with tmxrasterizer.
        (HexGrid("y", "odd", 14, 12, 6), (20, 20), (14 * 20 + 7, 20 * 9 + 3)),
        (HexGrid("x", "odd", 60, 60, 30), (20, 20), (20 * 45 + 15, 20 * 60 + 30)),
        (HexGrid("y", "odd", 52, 60, 30), (1, 1), (52, 60)),
    ],
)
def test_map_pixel_size(grid: HexGrid, size: tuple[int, int], expected: tuple[int, int]) -> None:
    assert grid.map_pixel_size(*size) == expected


def test_staggered_rows_are_shifted_half_a_tile_for_the_right_index() -> None:
    odd = HexGrid("y", "odd", 52, 60, 30)
    even = HexGrid("y", "even", 52, 60, 30)
    assert odd.cell_origin(0, 1) == (26, 45) and odd.cell_origin(0, 0) == (0, 0)
    assert even.cell_origin(0, 0) == (26, 0) and even.cell_origin(0, 1) == (0, 45)
    flat = HexGrid("x", "odd", 60, 52, 30)
    assert flat.cell_origin(1, 0) == (45, 26)


# -- odd tile sizes (issue 48) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("axis", "size", "side", "saved_by", "expected"),
    [
        # Worked by hand from HexagonalRenderer::RenderParams, before and after Tiled's
        # commit c6a7500c (1.10.1): `tileWidth & ~1`, then `2 * ((w - sideX) / 2) + sideX`.
        ("x", (60, 39), 30, "", (60, 38)),  # kivent's map: no tiledversion, as Tiled 1.8
        ("x", (60, 39), 30, "1.11.0", (60, 38)),  # across the stagger axis: still even
        ("x", (60, 52), 31, "1.8.2", (60, 52)),  # 1.8 keeps even sizes, odd side or not
        ("x", (60, 52), 31, "1.10.1", (59, 52)),  # 1.10.1 makes 60 - 31 even
        ("y", (65, 65), 31, "1.10.0", (64, 64)),
        ("y", (65, 65), 31, "1.10.1", (64, 65)),
        ("y", (65, 64), 31, "1.10.2", (64, 63)),
        ("y", (52, 60), 30, "", (52, 60)),  # the boards' grid: the same in every Tiled
        ("y", (52, 60), 30, "1.11.0", (52, 60)),
        ("y", (20, 20), 31, "1.11.0", (20, 21)),  # a side longer than its tile: -11 / 2 = -5
    ],
)
def test_the_tile_size_tiled_lays_a_map_out_with(
    axis: StaggerAxis,
    size: tuple[int, int],
    side: int,
    saved_by: str,
    expected: tuple[int, int],
) -> None:
    assert drawn_tile_size(axis, *size, side, saved_by) == expected
    grid = HexGrid.from_tmx(axis, "even", *size, side, saved_by)
    assert (grid.tile_width, grid.tile_height, grid.side_length) == (*expected, side)


def test_halves_round_towards_zero_as_cpp() -> None:
    assert [half(n) for n in (-8, -7, -1, 0, 1, 7, 8)] == [-4, -3, 0, 0, 0, 3, 4]


@pytest.mark.parametrize(
    ("text", "version"),
    [("", ()), ("1.8.2", (1, 8, 2)), ("1.10", (1, 10)), ("1.11.90-beta", (1, 11, 90))],
)
def test_tiled_versions_compare_as_numbers(text: str, version: tuple[int, ...]) -> None:
    assert version_of(text) == version
    assert (version_of(text) < SIDE_PARITY_SINCE) == (text in ("", "1.8.2", "1.10"))


@pytest.mark.parametrize(
    ("grid", "size", "expected"),
    [
        # The public 60x39 flat-top map (kivent): 779 px high as tmxrasterizer draws it,
        # 799 with its tile height as written.
        (HexGrid.from_tmx("x", "odd", 60, 39, 30), (20, 20), (915, 779)),
        # An odd side on an even tile: Tiled's (60 - 31) / 2 = 14, columns 45 apart.
        (HexGrid.from_tmx("x", "even", 60, 52, 31), (7, 5), (7 * 45 + 14, 5 * 52 + 26)),
        # One column of flat-top hexes, one row of pointy-top ones: no half tile added.
        (HexGrid.from_tmx("x", "even", 31, 27, 15), (1, 6), (29, 6 * 26)),
        (HexGrid.from_tmx("y", "odd", 27, 31, 13), (6, 1), (6 * 26, 21 + 8)),
        (HexGrid.from_tmx("y", "odd", 65, 65, 31, "1.11.0"), (4, 4), (4 * 64 + 32, 4 * 48 + 17)),
    ],
)
def test_map_pixel_size_with_odd_sizes(
    grid: HexGrid, size: tuple[int, int], expected: tuple[int, int]
) -> None:
    assert grid.map_pixel_size(*size) == expected


def _odd_grid(
    axis: StaggerAxis, index: StaggerIndex, width: int, height: int, side: int, saved_by: str
) -> HexGrid:
    across = (width if axis == "x" else height) & ~1
    return HexGrid.from_tmx(axis, index, width, height, min(side, across), saved_by)


#: Grids of maps with odd (and even) tile sizes and sides, as Tiled 1.8 or 1.11 lays them
#: out; the side at most the tile's length along the stagger axis rounded down to even
#: (a longer side leaves gaps between Tiled's outlines, where no hex has a pixel).
odd_grids = st.builds(
    _odd_grid,
    st.sampled_from(["x", "y"]),
    st.sampled_from(["odd", "even"]),
    st.integers(9, 81),
    st.integers(9, 81),
    st.integers(0, 81),
    st.sampled_from(["", "1.8.2", "1.11.0"]),
)
hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


@given(odd_grids, hexes)
def test_odd_grids_hex_to_pixel_to_hex(grid: HexGrid, h: Hex) -> None:
    assert grid.pixel_to_hex(*grid.hex_centre(h)) == h


@given(odd_grids, st.floats(-500, 1500), st.floats(-500, 1500))
def test_odd_grids_pixel_to_hex_to_pixel(grid: HexGrid, x: float, y: float) -> None:
    """The hex a pixel is given has it inside its outline (Tiled's outlines of these
    grids leave no gap), and that hex's centre is given that hex again."""
    h = grid.pixel_to_hex(x, y)
    assert point_in_convex(grid.hex_polygon(h), x, y)
    cx, cy = grid.hex_centre(h)
    assert abs(cx - x) <= grid.tile_width / 2 and abs(cy - y) <= grid.tile_height / 2
    assert grid.pixel_to_hex(cx, cy) == h


@given(odd_grids, cells)
def test_tiled_picks_the_cell_at_its_centre(grid: HexGrid, cell: tuple[int, int]) -> None:
    """Our port of Tiled's `screenToTileCoords` (where its walk starts) gives each cell
    at the centre of its outline."""
    assert screen_to_tile(RenderParams.of(grid), *grid.cell_centre(*cell)) == cell
