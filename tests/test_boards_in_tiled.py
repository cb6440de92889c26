"""Our boards are real Tiled files: Tiled re-saves them without loss, and Tiled's own
renderer shows their terrain (issue "Hex maps", section 4)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.board_tilesets import TILESET_DIR, terrain_tileset
from dragonnoir.tiled_tools import export_map, have_rasterizer, have_tiled, rasterize

MAPS = Path(__file__).resolve().parents[1] / "maps"
BOARDS = sorted(MAPS.glob("*.tmx"))

needs_boards = pytest.mark.skipif(not BOARDS, reason="no boards in maps/ yet")


def _same_board(a: Board, b: Board) -> None:
    assert (a.id, a.name, a.width, a.height) == (b.id, b.name, b.width, b.height)
    assert a.cells == b.cells
    assert a.edges == b.edges
    assert {z.name: z for z in a.zones} == {z.name: z for z in b.zones}
    assert (a.side_top, a.side_bottom, a.arrows, a.properties) == (
        b.side_top,
        b.side_bottom,
        b.arrows,
        b.properties,
    )


@needs_boards
@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_tiled_resave_loads_into_an_identical_board(path: Path) -> None:
    # Written next to the original so relative tileset paths stay as Tiled would keep them.
    out = path.with_name(f".resaved-{path.name}")
    try:
        export_map(path, out)
        _same_board(load_board(path), load_board(out))
    finally:
        out.unlink(missing_ok=True)


@needs_boards
@pytest.mark.tiled
@pytest.mark.skipif(not have_rasterizer(), reason="Tiled is not installed")
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_tmxrasterizer_shows_each_hex_terrain(path: Path, tmp_path: Path) -> None:
    """With only the terrain layer shown, the pixel at every hex centre in Tiled's render
    is the centre pixel of that hex's terrain tile."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    board = load_board(path)
    png = tmp_path / "tiled.png"
    rasterize(path, png, hide_layers=("levels", "features", "edges", "zones"))
    shot = pygame.image.load(str(png))
    assert shot.get_size() == board.grid.map_pixel_size(board.width, board.height)

    tiles = pygame.image.load(str(TILESET_DIR / "terrain.png"))
    ts = terrain_tileset()
    tile_centre = {}
    for local_id, tile in ts.tiles.items():
        x, y, w, h = ts.image_rect(local_id)
        tile_centre[str(tile.properties["terrain"].value)] = tiles.get_at((x + w // 2, y + h // 2))

    mismatches = []
    for hx, cell in board.cells.items():
        cx, cy = board.grid.hex_centre(hx)
        got = shot.get_at((int(cx), int(cy)))
        want = tile_centre[cell.terrain]
        if max(abs(got[i] - want[i]) for i in range(3)) > 3:
            mismatches.append((board.grid.to_cell(hx), cell.terrain, tuple(got), tuple(want)))
    assert mismatches == []
