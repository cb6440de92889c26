"""The board reader's lookup tables give the same answers as the general geometry.

`board_io` snaps edge polylines and zone points with tables of corners and centres
(`_Geometry`) instead of `HexGrid.pixel_to_hex` searches; these tests hold the tables to
the general functions on many grids and points, corners and non-corners alike.
"""

from __future__ import annotations

import itertools
import random

import pytest

from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.tiled import HexGrid

GRIDS = [
    HexGrid("y", "odd", 52, 60, 30),
    HexGrid("y", "odd", 40, 48, 24),
    HexGrid("y", "odd", 64, 56, 20),
    HexGrid("y", "odd", 30, 60, 40),
    HexGrid("y", "odd", 100, 20, 10),
    HexGrid("y", "odd", 8, 12, 4),
    HexGrid("y", "even", 52, 60, 30),
]


@pytest.mark.parametrize(
    "grid", GRIDS, ids=lambda g: f"{g.tile_width}x{g.tile_height}/{g.side_length}"
)
def test_tables_agree_with_the_general_functions(grid: HexGrid) -> None:
    width, height = 3, 3
    geo = board_io._geometry(grid, width, height)
    assert geo is not None
    corners = sorted(
        {
            p
            for col in range(-2, width + 2)
            for row in range(-2, height + 2)
            for p in grid.cell_polygon(col, row)
        }
    )
    rng = random.Random(1)
    tol = grid.side_length / 4
    points = list(corners)
    for x, y in corners:
        for _ in range(2):
            points.append((x + rng.uniform(-tol * 1.5, tol * 1.5), y + rng.uniform(-tol, tol)))
    for x, y in points:
        assert geo.snap_corner(grid, x, y) == board_io._snap_corner(grid, x, y), (x, y)
    for p, q in itertools.combinations(corners, 2):
        if abs(p[0] - q[0]) + abs(p[1] - q[1]) > 1.5 * max(grid.tile_width, grid.tile_height):
            continue
        assert geo.edge_between(grid, p, q) == board_io._edge_between(grid, p, q), (p, q)
        assert geo.edge_between(grid, q, p) == board_io._edge_between(grid, q, p), (q, p)
    for col, row in itertools.product(range(-2, width + 2), range(-2, height + 2)):
        x, y = grid.cell_centre(col, row)
        for px, py in ((x, y), (x + 0.5, y - 0.25), *grid.cell_polygon(col, row)):
            assert geo.pixel_to_hex(grid, px, py) == grid.pixel_to_hex(px, py)


def test_no_tables_for_grids_too_small_to_trust() -> None:
    assert board_io._geometry(HexGrid("y", "odd", 4, 6, 2), 5, 5) is None
    assert board_io._geometry(HexGrid("x", "odd", 60, 52, 30), 5, 5) is None
