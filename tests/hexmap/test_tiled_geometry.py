"""Tiled offset cells <-> cube hexes <-> pixels, for all four stagger variants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid

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
