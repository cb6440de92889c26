"""Our boards are real Tiled files: Tiled re-saves them without loss, and Tiled's own
renderer shows their terrain (issue "Hex maps", section 4). Tiled re-saves our boards,
layout exports and tilesets without changing a byte but its version attributes (issue 16,
section 4): a tileset that declares fewer tiles than its image holds made every Tiled save
renumber the boards' gids."""

from __future__ import annotations

import os
import re
import shutil
import struct
from collections.abc import Callable
from pathlib import Path

import pytest

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.board_tilesets import TILESET_DIR, standard_tilesets, terrain_tileset
from dragonnoir.hexmap.layout import export_layout_tmx, load_layout
from dragonnoir.hexmap.tmx import read_tsx
from dragonnoir.tiled_tools import (
    export_map,
    export_tileset,
    have_rasterizer,
    have_tiled,
    rasterize,
)

MAPS = Path(__file__).resolve().parents[1] / "maps"
BOARDS = sorted(MAPS.glob("*.tmx"))
LAYOUTS = sorted((MAPS.parent / "layouts").glob("*.toml"))
TSX = sorted(TILESET_DIR.glob("*.tsx"))
needs_tiled = pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")

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
def test_tiled_resave_loads_into_an_identical_board(path: Path, tmp_path: Path) -> None:
    copy = _maps_copy(path, tmp_path)
    out = copy.with_name(f"resaved-{path.name}")
    export_map(copy, out)
    _same_board(load_board(path), load_board(out))


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


def _without_versions(text: str) -> str:
    """A TMX/TSX text without the attributes that name the Tiled version that saved it."""
    return re.sub(r' (version|tiledversion)="[^"]*"', "", text)


def _maps_copy(path: Path, tmp_path: Path) -> Path:
    """`path` (a board of maps/ or a tileset of maps/tilesets/) in a copy of maps/ under
    `tmp_path`, so that what Tiled writes beside it keeps the relative paths it has,
    and nothing is ever written among the shipped files (tests run in parallel)."""
    copy = tmp_path / "maps"
    shutil.copytree(MAPS / "tilesets", copy / "tilesets")
    if path.parent == MAPS:
        shutil.copy(path, copy / path.name)
    return copy / path.relative_to(MAPS)


def _assert_resaved_unchanged(
    path: Path, export: Callable[[Path, Path], Path], tmp_path: Path
) -> None:
    """Tiled's re-save of `path` (written beside a copy of it, so relative paths stay as
    they are) is the same text but for the version attributes."""
    copy = _maps_copy(path, tmp_path)
    out = copy.with_name(f"unchanged-{path.name}")
    export(copy, out)
    ours, tiled = path.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")
    assert _without_versions(tiled) == _without_versions(ours)


def _png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return (width, height)


@pytest.mark.parametrize("tsx", TSX, ids=[p.stem for p in TSX])
def test_each_tileset_declares_the_tiles_its_image_holds(tsx: Path) -> None:
    """Tiled counts (image width / tile width) x (image height / tile height) tiles and
    ignores a `tilecount` that says otherwise."""
    ts = read_tsx(tsx)
    assert ts.image is not None
    width, height = _png_size(ts.image.path)
    assert (ts.image.width, ts.image.height) == (width, height)
    assert ts.columns == width // ts.tile_width
    assert ts.tile_count == ts.columns * (height // ts.tile_height)


def test_the_written_first_gids_are_the_ones_tiled_computes() -> None:
    gid = 1
    for ts in standard_tilesets():
        assert ts.first_gid == gid
        gid += read_tsx(TILESET_DIR / f"{ts.name}.tsx").tile_count


@needs_boards
@pytest.mark.tiled
@needs_tiled
@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_tiled_resaves_each_board_unchanged(path: Path, tmp_path: Path) -> None:
    _assert_resaved_unchanged(path, export_map, tmp_path)


@pytest.mark.tiled
@needs_tiled
@pytest.mark.parametrize("layout", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_tiled_resaves_each_layout_export_unchanged(layout: Path, tmp_path: Path) -> None:
    out, again = tmp_path / "export.tmx", tmp_path / "again.tmx"
    export_layout_tmx(load_layout(layout), out)
    export_map(out, again)
    ours, tiled = out.read_text(encoding="utf-8"), again.read_text(encoding="utf-8")
    assert _without_versions(tiled) == _without_versions(ours)


@pytest.mark.tiled
@needs_tiled
@pytest.mark.parametrize("tsx", TSX, ids=[p.stem for p in TSX])
def test_tiled_resaves_each_tileset_unchanged(tsx: Path, tmp_path: Path) -> None:
    _assert_resaved_unchanged(tsx, export_tileset, tmp_path)
