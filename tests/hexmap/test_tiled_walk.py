"""`hexmap/tiled_walk.py`: the cells Tiled 1.8's `drawTileLayer` draws, where and in which
order. The positions below were checked against `tmxrasterizer` renders of the maps of
`tests/odd_tile_maps.py` (`tests/render/test_against_tiled.py` compares them whole)."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.hexmap.tiled import HexGrid, StaggerAxis, StaggerIndex
from dragonnoir.hexmap.tiled_walk import Margins, bounding_rect, drawn_cells, walked_area


def _drift(grid: HexGrid, width: int, height: int, overhang: Margins = (0, 0, 0, 0)) -> list[int]:
    """How far right of its cell's box Tiled draws each cell of row 0, by column."""
    drawn = {(c, r): x for c, r, x, _ in drawn_cells(grid, width, height, overhang)}
    return [drawn[(c, 0)] - grid.cell_origin(c, 0)[0] for c in range(width)]


def _even_grid(axis: StaggerAxis, index: StaggerIndex, w: int, h: int, side: int) -> HexGrid:
    across = w if axis == "x" else h
    return HexGrid(axis, index, 2 * w, 2 * h, 2 * min(side, across))


@given(
    st.builds(
        _even_grid,
        st.sampled_from(["x", "y"]),
        st.sampled_from(["odd", "even"]),
        st.integers(4, 40),
        st.integers(4, 40),
        st.integers(0, 40),
    ),
    st.integers(1, 12),
    st.integers(1, 12),
    st.tuples(*[st.integers(0, 60)] * 4),
)
def test_a_grid_of_even_sizes_is_drawn_on_its_cells_in_screen_rows(
    grid: HexGrid, width: int, height: int, overhang: tuple[int, int, int, int]
) -> None:
    drawn = list(drawn_cells(grid, width, height, overhang))
    assert sorted((c, r) for c, r, _, _ in drawn) == [
        (c, r) for c in range(width) for r in range(height)
    ]
    assert all((x, y) == grid.cell_origin(c, r) for c, r, x, y in drawn)
    rows = [y for _, _, _, y in drawn]
    assert rows == sorted(rows)
    # Within a screen row, left to right.
    assert all(a[2] < b[2] for a, b in itertools.pairwise(drawn) if a[3] == b[3])


def test_flat_top_tiles_drift_right_when_width_less_side_is_odd() -> None:
    """39x34 tiles with side 19: Tiled 1.8 lays the map out 38 wide, columns 28 apart, but
    steps 38 + 19 = 57 from one tile of a screen row to the next: a pixel a column pair
    further right (starting a pixel right, the walk starting at column -2)."""
    grid = HexGrid.from_tmx("x", "odd", 39, 34, 19)
    assert grid.column_width * 2 == 56
    assert _drift(grid, 9, 2) == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert _drift(HexGrid.from_tmx("x", "even", 39, 34, 19), 9, 2) == [0, 1, 1, 2, 2, 3, 3, 4, 4]


def test_the_area_tiles_reach_into_moves_where_the_walk_starts() -> None:
    """A tileset of 51x47 tiles offset (7, -4) on the 39x34 map: Tiled walks from 19 px
    further left (7 + 51 - 39), one column pair earlier, so every tile lies a pixel
    further right than with tiles of the map's size."""
    grid = HexGrid.from_tmx("x", "even", 39, 34, 19)
    assert walked_area(grid, 9, 6, (0, 21, 19, 0)) == (-19, 0, 261 + 19, 221 + 21)
    assert _drift(grid, 9, 6, (0, 21, 19, 0)) == [1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_a_wide_flat_top_map_loses_its_last_column() -> None:
    """Drifting a pixel every two columns, the walk of a 90-column map passes the right
    edge of the area before column 89: tmxrasterizer does not draw it."""
    grid = HexGrid.from_tmx("x", "odd", 39, 34, 19)
    drawn = {(c, r) for c, r, _, _ in drawn_cells(grid, 90, 3)}
    assert len(drawn) == 267 and not {(89, r) for r in range(3)} & drawn


def test_the_bounding_rect_is_the_map_size_with_the_stagger_index_s_offset() -> None:
    odd, even = (HexGrid.from_tmx("x", index, 39, 34, 19) for index in ("odd", "even"))
    assert bounding_rect(odd, 9, 6) == bounding_rect(even, 9, 6) == (0, 0, 261, 221)
    # One column: no half tile below for the shifted columns, and for "even" it is one;
    # Tiled's width, column width + side offset, is a pixel short of the outline's 38.
    assert bounding_rect(even, 1, 6) == (0, 17, 37, 204)
    pointy = HexGrid.from_tmx("y", "even", 27, 31, 13)
    assert bounding_rect(pointy, 6, 1) == (13, 0, 156, 29)


def test_a_grid_that_cannot_step_draws_nothing() -> None:
    """A tile width of 1 is laid out 0 wide: Tiled 1.8 would walk forever, 1.10.1 and
    later draw nothing, as here."""
    assert list(drawn_cells(HexGrid.from_tmx("y", "odd", 1, 10, 0), 3, 3)) == []
