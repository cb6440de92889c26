"""The procedural art: every terrain has a tile, tiles are cut to Tiled's hex outline, and
the tileset script is deterministic (and matches the committed tilesets)."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from dragonnoir.hexmap.board import BOARD_GRID, LEVELS
from dragonnoir.hexmap.board_tilesets import TILESET_DIR, terrain_tileset
from dragonnoir.hexmap.terrain import default_terrain_table
from dragonnoir.render import art

REPO = Path(__file__).resolve().parents[2]
FILES = ("terrain.png", "terrain.tsx", "levels.png", "levels.tsx", "features.png", "features.tsx")


def _inside_hex(x: float, y: float, w: int, h: int) -> bool:
    """Point in the pointy-top outline of BOARD_GRID's cell (0, 0), scaled to w x h."""
    k = w / BOARD_GRID.tile_width
    poly = [(px * k, py * k) for px, py in BOARD_GRID.cell_polygon(0, 0)]
    signs = set()
    for i in range(6):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 6]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross:
            signs.add(cross > 0)
    return len(signs) <= 1


def _check_cut(tile: pygame.Surface, opaque_inside: bool) -> None:
    w, h = tile.get_size()
    for y in range(h):
        for x in range(w):
            a = tile.get_at((x, y)).a
            if _inside_hex(x + 0.5, y + 0.5, w, h):
                if opaque_inside:
                    assert a == 255, (x, y)
            else:
                assert a == 0, (x, y)


def test_every_terrain_id_has_a_painter() -> None:
    ids = default_terrain_table().ids()
    assert set(ids) <= set(art.TERRAIN_PAINTERS)
    tiles = terrain_tileset().tiles
    assert [t.properties["terrain"].value for t in tiles.values()] == ids


@pytest.mark.parametrize("terrain_id", default_terrain_table().ids())
def test_terrain_tiles_are_opaque_hexes(terrain_id: str) -> None:
    tile = art.terrain_tile(terrain_id)
    assert tile.get_size() == (BOARD_GRID.tile_width, BOARD_GRID.tile_height)
    _check_cut(tile, opaque_inside=True)


def test_tiles_at_scale_two_keep_the_shape() -> None:
    tile = art.terrain_tile("water", scale=2)
    assert tile.get_size() == (104, 120)
    _check_cut(tile, opaque_inside=True)


def test_level_and_feature_tiles_are_cut_and_read_as_levels() -> None:
    tiles = {lv: art.level_tile(lv) for lv in LEVELS}
    for tile in tiles.values():
        _check_cut(tile, opaque_inside=False)
    centre = (26, 30)
    below, above = tiles[-1.0].get_at(centre), tiles[1.0].get_at(centre)
    assert below.a > 60 and below.r < 40  # dark shading
    assert above.a > 30 and above.r > 200  # light shading
    assert tiles[0.0].get_at(centre).a == 0
    deck = art.feature_tile("walkway")
    _check_cut(deck, opaque_inside=True)
    _check_cut(art.feature_tile("walkway_end"), opaque_inside=False)


def test_water_is_blue_and_rock_is_dark() -> None:
    w = art.terrain_tile("water").get_at((26, 30))
    r = art.terrain_tile("rock").get_at((26, 30))
    assert w.b > w.r + 30
    assert max(r.r, r.g, r.b) < 140


def test_counters_have_the_three_numbers_colours(tmp_path: Path) -> None:
    paths = art.write_counters(tmp_path, size=96)
    assert {p.stem for p in paths} >= {"adventurer", "krob_hunter", "krob_warrior", "gharv"}
    img = pygame.image.load(str(paths[0]))
    assert img.get_size() == (96, 96)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(96) for y in range(60, 96)}
    assert any(r > 150 and g < 80 and b < 80 for r, g, b in colours)  # red defence
    assert any(b > 130 and r < 80 for r, g, b in colours)  # blue movement


def _run_script(out: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "dragonnoir.render.art",
            "--tilesets",
            str(out / "tilesets"),
            "--counters",
            str(out / "counters"),
        ],
        check=True,
        cwd=REPO,
        env=env,
        capture_output=True,
    )


def test_script_is_deterministic_and_matches_the_committed_tilesets(tmp_path: Path) -> None:
    _run_script(tmp_path / "a")
    _run_script(tmp_path / "b")
    for name in FILES:
        first = (tmp_path / "a" / "tilesets" / name).read_bytes()
        assert first == (tmp_path / "b" / "tilesets" / name).read_bytes(), name
        committed = TILESET_DIR / name
        if name.endswith(".png"):
            assert committed.read_bytes() == first, f"{name}: run python -m dragonnoir.render.art"
    for png in (tmp_path / "a" / "counters").iterdir():
        assert png.read_bytes() == (tmp_path / "b" / "counters" / png.name).read_bytes()


def test_tsx_matches_board_tilesets(tmp_path: Path) -> None:
    art.write_tilesets(tmp_path)
    root = ET.parse(tmp_path / "terrain.tsx").getroot()
    assert root.get("tilewidth") == "52" and root.get("tileheight") == "60"
    image = root.find("image")
    assert image is not None
    png = pygame.image.load(str(tmp_path / (image.get("source") or "")))
    assert png.get_size() == (int(image.get("width") or 0), int(image.get("height") or 0))
    props = [t.find("properties/property") for t in root.findall("tile")]
    assert [p.get("value") for p in props if p is not None] == default_terrain_table().ids()
