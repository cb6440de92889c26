"""Proof that `render_tmx` draws hex maps as Tiled 1.8's `tmxrasterizer` does.

Every hexagonal map of the shared corpus (maps nobody on this project made) is rendered
by both; the PNGs must have the same size and agree, within 8 per RGBA channel, at the
centre of at least 99% of the map's cells. Needs `tmxrasterizer` (Debian package
`tiled`) and the `shared/tmx-corpus` folder beside the repository; skips clearly without.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from corpus_location import CORPUS

from dragonnoir import tiled_tools
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.hexmap.tmxmodel import TmxMap
from dragonnoir.render.tmx_draw import render_grid, render_tmx, render_tmx_to_png

TOLERANCE = 8
REQUIRED_AGREEMENT = 0.99

CORPUS_MAPS = sorted(CORPUS.rglob("*.tmx")) if CORPUS.is_dir() else []

needs_tiled = pytest.mark.skipif(
    not tiled_tools.have_rasterizer(), reason="tmxrasterizer not installed"
)


def _read(path: Path) -> TmxMap:
    """The project's reader; maps it refuses are skipped with its message."""
    try:
        return read_tmx(path)
    except DataFileError as exc:
        pytest.skip(f"reader refuses {path.name}: {exc}")


def rasterize(tmx_path: Path, out_png: Path, scale: float = 1.0) -> pygame.Surface:
    """Render with Tiled's own tmxrasterizer, headless."""
    return pygame.image.load(str(tiled_tools.rasterize(tmx_path, out_png, scale)))


def close(a: pygame.Color, b: pygame.Color, tol: int = TOLERANCE) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def cell_agreement(
    tmx_map: TmxMap, ours: pygame.Surface, theirs: pygame.Surface, scale: float = 1.0
) -> tuple[float, list[tuple[int, int, pygame.Color, pygame.Color]]]:
    """Share of cells whose centre pixel agrees, and the cells that do not."""
    grid = render_grid(tmx_map)
    left = max([0] + [int(-(layer.offset[0] // 1)) for layer in tmx_map.layers])
    top = max([0] + [int(-(layer.offset[1] // 1)) for layer in tmx_map.layers])
    w, h = theirs.get_size()
    total, bad = 0, []
    for row in range(tmx_map.height):
        for col in range(tmx_map.width):
            cx, cy = grid.cell_centre(col, row)
            px, py = int((cx + left) * scale), int((cy + top) * scale)
            if not (0 <= px < w and 0 <= py < h):
                continue
            total += 1
            a, b = ours.get_at((px, py)), theirs.get_at((px, py))
            if not close(a, b):
                bad.append((col, row, a, b))
    return ((total - len(bad)) / total if total else 1.0), bad


def _id(path: Path) -> str:
    return str(path.relative_to(CORPUS)) if CORPUS in path.parents else path.name


@pytest.mark.tiled
@needs_tiled
@pytest.mark.skipif(not CORPUS_MAPS, reason=f"TMX corpus not found at {CORPUS}")
@pytest.mark.parametrize("tmx_path", CORPUS_MAPS, ids=_id)
def test_corpus_map_matches_tmxrasterizer(tmx_path: Path, tmp_path: Path) -> None:
    tmx_map = _read(tmx_path)
    theirs = rasterize(tmx_path, tmp_path / "tiled.png")
    ours_png = render_tmx_to_png(tmx_map, tmp_path / "ours.png")
    ours = pygame.image.load(str(ours_png))
    assert ours.get_size() == theirs.get_size()
    share, bad = cell_agreement(tmx_map, ours, theirs)
    print(f"AGREEMENT {_id(tmx_path)} scale=1: {share:.2%} ({len(bad)} cells differ)")
    assert share >= REQUIRED_AGREEMENT, bad[:10]


SCALED = [p for p in CORPUS_MAPS if p.name in ("hexagonal-mini.tmx", "finite_flat_top_odd.tmx")]


@pytest.mark.tiled
@needs_tiled
@pytest.mark.skipif(not SCALED, reason=f"TMX corpus not found at {CORPUS}")
@pytest.mark.parametrize("scale", [0.5, 2.0])
@pytest.mark.parametrize("tmx_path", SCALED, ids=_id)
def test_scaled_render_matches_tmxrasterizer(tmx_path: Path, scale: float, tmp_path: Path) -> None:
    tmx_map = _read(tmx_path)
    theirs = rasterize(tmx_path, tmp_path / "tiled.png", scale)
    ours = render_tmx(tmx_map, scale)
    assert ours.get_size() == theirs.get_size()
    share, bad = cell_agreement(tmx_map, ours, theirs, scale)
    print(f"AGREEMENT {_id(tmx_path)} scale={scale}: {share:.2%} ({len(bad)} cells differ)")
    assert share >= REQUIRED_AGREEMENT, bad[:10]
