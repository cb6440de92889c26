"""compose takes the cover and cell layout of a geometry from a cached plan when every
board has all its on-board cells in board order; it must give exactly what the general
pass gives (same covers, same cells, in the same order)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dragonnoir.hexmap.board import BOARD_GRID, Board, Cell, SideLabel, board_cells
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.layout import (
    Layout,
    Placement,
    _compose_cells,
    _cover_cells,
    compose,
    load_layout,
)
from dragonnoir.hexmap.terrain import default_terrain_table

REPO = Path(__file__).resolve().parents[2]
TERRAINS = ["cave_floor", "rock", "water", "rubble", "stairs", "marsh", "beach"]


def _same(lay: Layout) -> None:
    table = default_terrain_table()
    fast = _compose_cells(lay, table)
    assert fast is not None
    slow = _cover_cells(lay, table, None)
    assert list(fast[0].items()) == list(slow[0].items())
    assert list(fast[1].items()) == list(slow[1].items())
    assert list(lay.map.cells.items()) == list(slow[1].items())
    again = _compose_cells(lay, table)
    assert again is not None and again[0] is not fast[0]  # each layout its own covers


@pytest.mark.parametrize("path", sorted((REPO / "layouts").glob("*.toml")), ids=lambda p: p.stem)
def test_shipped_layouts(path: Path) -> None:
    _same(load_layout(path, cache={}))


def _board(board_id: str, w: int, h: int, top: SideLabel, rng: random.Random) -> Board:
    cells = {
        BOARD_GRID.to_hex(c, r): Cell(
            rng.choice(TERRAINS), rng.choice([-1.0, 0.0, 0.5, 1.0]), rng.random() < 0.1
        )
        for c, r in board_cells(w, h)
    }
    bottom = SideLabel.Y if top is SideLabel.X else SideLabel.X
    return Board(board_id, board_id, w, h, cells, side_top=top, side_bottom=bottom)


@pytest.mark.parametrize("seed", range(12))
def test_random_layouts(seed: int) -> None:
    rng = random.Random(seed)
    w, h = rng.randint(3, 9), rng.choice([3, 5, 7])
    nrows, ncols = rng.randint(1, 3), rng.randint(1, 3)
    spots = [(r, c) for r in range(nrows) for c in range(ncols)]
    chosen = rng.sample(spots, rng.randint(1, len(spots)))
    places = []
    for i, (r, c) in enumerate(chosen):
        rotation = rng.choice([0, 180])
        shown_top = SideLabel.X if r % 2 == 0 else SideLabel.Y
        other = SideLabel.Y if shown_top is SideLabel.X else SideLabel.X
        board = _board(f"b{i}", w, h, shown_top if rotation == 0 else other, rng)
        if rotation:
            board.arrows = "down"
        places.append(Placement(board, r, c, rotation))
    _same(compose(places, "random"))


def test_a_board_with_other_cells_takes_the_general_pass() -> None:
    rng = random.Random(3)
    a = _board("a", 5, 3, SideLabel.X, rng)
    b = _board("b", 5, 3, SideLabel.X, rng)
    del b.cells[Hex(0, 0)]
    lay = compose([Placement(a, 0, 0), Placement(b, 0, 1)], "gap")
    assert _compose_cells(lay, default_terrain_table()) is None
    assert Hex(4, 0) in lay.map.cells and lay.boards_of(Hex(4, 0))[0][0].board is a
