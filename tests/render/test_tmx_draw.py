"""Unit tests of `dragonnoir.render.tmx_draw` on hand-made maps, and the flip/rotation
proof: a map using all 16 combinations of Tiled's flag bits, on all four hex grid
variants, drawn by us and by `tmxrasterizer` (when installed).

The tileset is made in the test: tile 1 is a colour gradient (red grows to the right,
green downwards), so every flip and rotation gives different colours around the tile
centre and bilinear resampling cannot hide a mistake; tile 2 has a magenta `trans`
background with an opaque disc, to check colour keys.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir import tiled_tools
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.hexmap.tmxmodel import (
    FLIP_H,
    FLIP_V,
    ROT_60,
    ROT_120,
    ImageLayer,
    ImageRef,
    MapObject,
    ObjectLayer,
    TileLayer,
    Tileset,
    TmxMap,
)
from dragonnoir.render.images import ImageCache, load_image
from dragonnoir.render.tmx_draw import output_size, render_tmx, render_tmx_to_png

TW, TH = 24, 20
MAGENTA = (255, 0, 255)
FLAG_COMBOS = [
    (FLIP_H if k & 1 else 0)
    | (FLIP_V if k & 2 else 0)
    | (ROT_60 if k & 4 else 0)
    | (ROT_120 if k & 8 else 0)
    for k in range(16)
]
GRIDS = [
    HexGrid("y", "odd", TW, TH, 10),
    HexGrid("y", "even", TW, TH, 10),
    HexGrid("x", "odd", TW, TH, 12),
    HexGrid("x", "even", TW, TH, 12),
]


def gradient(x: int, y: int) -> tuple[int, int, int, int]:
    return (40 + 8 * x, 40 + 9 * y, 128, 255)


def make_tileset_png(path: Path) -> None:
    """Two tiles side by side, 24-bit (no alpha: transparency comes from `trans`)."""
    img = pygame.Surface((2 * TW, TH))
    for y in range(TH):
        for x in range(TW):
            img.set_at((x, y), gradient(x, y)[:3])
    img.fill(MAGENTA, (TW, 0, TW, TH))
    pygame.draw.circle(img, (20, 200, 220), (TW + TW // 2, TH // 2), 7)
    pygame.image.save(img, str(path))


def tileset(folder: Path) -> Tileset:
    png = folder / "synthetic.png"
    make_tileset_png(png)
    return Tileset(
        first_gid=1,
        name="synthetic",
        tile_width=TW,
        tile_height=TH,
        tile_count=2,
        columns=2,
        image=ImageRef(png, png.name, 2 * TW, TH, "ff00ff"),
    )


def flags_map(folder: Path, grid: HexGrid, with_extras: bool = True) -> TmxMap:
    """4x4 cells, cell k carrying tile 1 with flag combination k; optionally a second,
    half-opaque layer at a fractional offset holding the colour-keyed tile."""
    data = [[1 | FLAG_COMBOS[r * 4 + c] for c in range(4)] for r in range(4)]
    layers: list[TileLayer | ObjectLayer | ImageLayer] = [
        TileLayer(name="flags", width=4, height=4, data=data, id=1)
    ]
    if with_extras:
        over = [[0] * 4 for _ in range(4)]
        over[1][1] = 2
        over[2][2] = 2 | FLIP_H | ROT_60
        layers.append(
            TileLayer(
                name="keyed",
                width=4,
                height=4,
                data=over,
                id=2,
                opacity=0.5,
                offset=(3.5, -2.25),
            )
        )
    return TmxMap(
        path=folder / "flags.tmx",
        width=4,
        height=4,
        grid=grid,
        tilesets=[tileset(folder)],
        layers=layers,
        next_layer_id=3,
    )


def close(a: pygame.Color, b: pygame.Color, tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


# -- without Tiled ---------------------------------------------------------------------------


@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.stagger_axis}-{g.stagger_index}")
def test_size_is_the_hex_map_size_plus_offset_margins(tmp_path: Path, grid: HexGrid) -> None:
    m = flags_map(tmp_path, grid)
    w, h = grid.map_pixel_size(4, 4)
    # offset (3.5, -2.25): right margin ceil(3.5) = 4, top margin ceil(2.25) = 3.
    assert output_size(m) == (w + 4, h + 3)
    assert render_tmx(m).get_size() == (w + 4, h + 3)
    assert output_size(m, 0.5) == (int((w + 4) * 0.5), int((h + 3) * 0.5))
    assert render_tmx(m, 0.5).get_size() == output_size(m, 0.5)


def test_tile_is_anchored_bottom_left_at_the_cell_box(tmp_path: Path) -> None:
    grid = GRIDS[0]
    m = flags_map(tmp_path, grid, with_extras=False)
    m.layers[0].data = [[0] * 4 for _ in range(4)]  # type: ignore[union-attr]
    m.layers[0].data[1][2] = 1  # type: ignore[union-attr]
    out = render_tmx(m, cache=ImageCache())
    x0, y0 = grid.cell_origin(2, 1)
    for x, y in [(0, 0), (TW - 1, 0), (0, TH - 1), (TW - 1, TH - 1), (7, 11)]:
        assert out.get_at((x0 + x, y0 + y)) == gradient(x, y)
    assert out.get_at((x0 - 1, y0)).a == 0
    assert out.get_at((x0 + TW, y0 + TH - 1)).a == 0


def test_flips_and_the_180_degree_rotation(tmp_path: Path) -> None:
    grid = GRIDS[0]
    m = flags_map(tmp_path, grid, with_extras=False)
    out = render_tmx(m, cache=ImageCache())

    def px(k: int, x: int, y: int) -> pygame.Color:
        c, r = k % 4, k // 4
        ox, oy = grid.cell_origin(c, r)
        return out.get_at((ox + x, oy + y))

    assert px(0, 3, 4) == gradient(3, 4)
    assert px(1, 3, 4) == gradient(TW - 1 - 3, 4)  # FLIP_H
    assert px(2, 3, 4) == gradient(3, TH - 1 - 4)  # FLIP_V
    assert px(3, 3, 4) == gradient(TW - 1 - 3, TH - 1 - 4)  # both
    # 60 + 120 degrees is a half turn: the same as flipping both ways.
    assert px(12, 3, 4) == px(3, 3, 4)
    assert px(15, 3, 4) == px(0, 3, 4)


def test_sixty_degrees_rotates_clockwise_about_the_tile_centre(tmp_path: Path) -> None:
    grid = GRIDS[0]
    m = flags_map(tmp_path, grid, with_extras=False)
    out = render_tmx(m, cache=ImageCache())
    ox, oy = grid.cell_origin(0, 1)  # k = 4: ROT_60 only
    cx, cy = ox + TW // 2, oy + TH // 2
    # Clockwise on screen: what was left of the centre (low red) is now above it.
    above, below = out.get_at((cx, cy - 6)), out.get_at((cx, cy + 5))
    assert above.r < below.r
    left, right = out.get_at((cx - 6, cy)), out.get_at((cx + 5, cy))
    assert left.g > right.g  # what was below (high green) is now on the left


def test_trans_colour_becomes_transparent(tmp_path: Path) -> None:
    surface = load_image(tmp_path / "missing.png")
    assert surface is None
    ts = tileset(tmp_path)
    cache = ImageCache()
    tile = cache.tile(ts, 1)
    assert tile is not None
    assert tile.get_at((0, 0)).a == 0
    assert tile.get_at((TW // 2, TH // 2)) == (20, 200, 220, 255)
    assert cache.tile(ts, 1) is tile  # cached
    assert cache.tile(ts, 5) is None  # outside the image


def test_invisible_layers_and_missing_tiles(tmp_path: Path) -> None:
    grid = GRIDS[0]
    m = flags_map(tmp_path, grid, with_extras=False)
    m.layers[0].visible = False
    assert all(
        render_tmx(m).get_at((x, y)).a == 0 for x in range(0, 80, 7) for y in range(0, 60, 7)
    )
    m.layers[0].visible = True
    m.layers[0].data[0][0] = 7  # type: ignore[union-attr]  # gid beyond the tileset image
    out = render_tmx(m, cache=ImageCache())
    # Tiled's missing-image marker: translucent black inside a red frame.
    assert out.get_at((TW // 2 + 3, TH // 2)) == (0, 0, 0, 128)


def test_image_layer_and_objects_are_drawn(tmp_path: Path) -> None:
    grid = GRIDS[2]
    m = flags_map(tmp_path, grid, with_extras=False)
    backdrop = tmp_path / "backdrop.png"
    img = pygame.Surface((10, 10))
    img.fill((200, 10, 10))
    pygame.image.save(img, str(backdrop))
    m.layers.insert(0, ImageLayer("bg", ImageRef(backdrop, backdrop.name, 10, 10), offset=(0, 0)))
    m.layers[1].visible = False
    m.layers.append(
        ObjectLayer(
            "objects",
            [
                MapObject(1, x=40, y=40, width=20, height=10),
                MapObject(2, x=10, y=70, shape="tile", gid=1, width=TW, height=TH),
            ],
        )
    )
    out = render_tmx(m, cache=ImageCache())
    assert out.get_at((5, 5)) == (200, 10, 10, 255)
    # Rectangle: the outline in Tiled's grey, the inside filled at alpha 50.
    assert close(out.get_at((50, 40)), pygame.Color(160, 160, 164, 255))
    assert out.get_at((50, 45)).a == 50
    # Tile object: bottom-left at its position.
    assert out.get_at((10, 70 - TH)) == gradient(0, 0)


def test_png_export_works_headless(tmp_path: Path) -> None:
    m = flags_map(tmp_path, GRIDS[3])
    out = render_tmx_to_png(m, tmp_path / "out.png", 2.0)
    assert pygame.image.load(str(out)).get_size() == output_size(m, 2.0)


# -- against Tiled ---------------------------------------------------------------------------


def rasterize(tmx: Path, png: Path) -> pygame.Surface:
    return pygame.image.load(str(tiled_tools.rasterize(tmx, png)))


@pytest.mark.tiled
@pytest.mark.skipif(not tiled_tools.have_rasterizer(), reason="tmxrasterizer not installed")
@pytest.mark.parametrize("grid", GRIDS, ids=lambda g: f"{g.stagger_axis}-{g.stagger_index}")
def test_every_flag_combination_matches_tmxrasterizer(tmp_path: Path, grid: HexGrid) -> None:
    from dragonnoir.hexmap.tmx import write_tmx

    m = flags_map(tmp_path, grid)
    tmx_path = tmp_path / "flags.tmx"
    write_tmx(m, tmx_path)
    theirs = rasterize(tmx_path, tmp_path / "tiled.png")
    ours = render_tmx(m, cache=ImageCache())
    assert ours.get_size() == theirs.get_size()
    # Centre and four points 5 px around it, in every cell; the keyed layer's offset
    # (3.5, -2.25) adds a top margin of 3 px to the image.
    top = 3
    bad = []
    for k in range(16):
        c, r = k % 4, k // 4
        cx, cy = grid.cell_centre(c, r)
        for dx, dy in [(0, 0), (-5, 0), (5, 0), (0, -5), (0, 5)]:
            p = (int(cx) + dx, int(cy) + top + dy)
            if not close(ours.get_at(p), theirs.get_at(p)):
                bad.append((k, p, ours.get_at(p), theirs.get_at(p)))
    assert not bad, bad
    w, h = ours.get_size()
    same = sum(
        close(ours.get_at((x, y)), theirs.get_at((x, y))) for x in range(w) for y in range(h)
    )
    assert same / (w * h) >= 0.98


@pytest.mark.parametrize(
    ("saved_by", "row_step", "size"),
    [
        (None, 47, (4 * 64 + 32, 4 * 47 + 16)),  # no tiledversion: drawn as Tiled 1.8
        ("1.8.2", 47, (4 * 64 + 32, 4 * 47 + 16)),
        ("1.9.2", 47, (4 * 64 + 32, 4 * 47 + 16)),
        ("1.10.0", 47, (4 * 64 + 32, 4 * 47 + 16)),
        ("1.10.1", 48, (4 * 64 + 32, 4 * 48 + 17)),
        ("1.11.0", 48, (4 * 64 + 32, 4 * 48 + 17)),
    ],
)
def test_odd_tile_sizes_follow_the_tiled_that_saved_the_map(
    saved_by: str | None, row_step: int, size: tuple[int, int], tmp_path: Path
) -> None:
    """Tiled up to 1.10.0 rounds a hex map's tile size down to even; 1.10.1 and later
    make tile size less side even on each axis (the side is 0 across the stagger axis),
    so a 65x65 tile with side 31 on stagger axis y is laid out 64x64 (rows 47 px apart)
    or 64x65 (48 px): hexagonalrenderer.cpp, `RenderParams`, before and after Tiled's
    commit c6a7500c (issue 16, section 6; issue 48)."""
    version = f' tiledversion="{saved_by}"' if saved_by else ""
    path = tmp_path / "odd.tmx"
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8"{version} '
        'orientation="hexagonal" renderorder="right-down" width="4" height="4" '
        'tilewidth="65" tileheight="65" infinite="0" hexsidelength="31" staggeraxis="y" '
        'staggerindex="odd" nextlayerid="2" nextobjectid="1">\n'
        ' <layer id="1" name="t" width="4" height="4"><data encoding="csv">\n'
        "0,0,0,0,\n0,0,0,0,\n0,0,0,0,\n0,0,0,0\n</data></layer>\n</map>\n",
        encoding="utf-8",
    )
    tmx_map = read_tmx(path)
    assert tmx_map.grid.row_height == row_step
    assert output_size(tmx_map) == size


class _NeverKept(dict[tuple[object, ...], list[tuple[pygame.Surface, int, int]]]):
    """A pin cache that keeps nothing: every point object drawn afresh."""

    def __setitem__(self, key: tuple[object, ...], value: object) -> None:
        pass


def test_point_objects_replayed_from_the_pin_cache_are_drawn_as_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fosse.tmx as a plain map has 35 zone pins; those at the same sub-pixel position
    are blitted from the first one's drawing (issue 16): the picture is the same, pixel
    for pixel, as drawing each pin in full."""
    from tmx_samples import plain_fosse

    from dragonnoir.render import tmx_draw

    tmx_map = read_tmx(plain_fosse(tmp_path))
    monkeypatch.setattr(tmx_draw, "_PINS", {})
    cached = pygame.image.tobytes(render_tmx(tmx_map), "RGBA")
    assert 0 < len(tmx_draw._PINS) < 35  # fewer looks than pins: some were replayed
    monkeypatch.setattr(tmx_draw, "_PINS", _NeverKept())
    afresh = pygame.image.tobytes(render_tmx(tmx_map), "RGBA")
    assert cached == afresh
