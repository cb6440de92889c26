"""Procedural art for Dragon Noir boards: terrain, level and feature tiles, counter chits.

`python -m dragonnoir.render.art` writes the three standard tilesets of
`dragonnoir/hexmap/board_tilesets.py` (PNG + TSX) into `maps/tilesets/` and sample
counter chits into `assets/counters/`. Everything is drawn by code from a fixed seed per
tile: no image is downloaded or copied, and two runs write byte-identical PNGs.

Why painters that take a surface, not just a tileset image: the board view draws the
same art at several integer scales (1x for 100% and below, 2x for the zoomed-in levels)
so zoomed-in boards stay crisp instead of being blurry enlargements of 52x60 tiles. Each
painter works in *tile units* (a 52x60 box) whatever the surface size, and takes its
randomness from its own seeded `random.Random`, so a tile drawn at 1x and at 2x is the
same picture. Tiles are painted `SUPERSAMPLE` times larger and shrunk with
`smoothscale` (box filtering) for anti-aliased edges without per-pixel Python loops.

Why `smoothscale` runs with the "GENERIC" backend here (`smoothscale_portable`): pygame picks an
SSE2/NEON/generic filter by CPU, and only the generic one is the same integer arithmetic
everywhere; the tileset PNGs are committed and a test compares them byte for byte. The
backend is restored afterwards so the board view keeps the fast one for whole maps.

Why hard hex edges: every tile is made transparent outside Tiled's pointy-top outline by
a *pixel-centre* test. Tiled's outlines tile the plane and, for even sizes, no pixel
centre ever falls on a border, so neighbouring tiles meet without gaps or double-drawn
pixels — anti-aliased edges would leave faint seams between every pair of hexes.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pygame

from dragonnoir import resources
from dragonnoir.hexmap import board_tilesets
from dragonnoir.hexmap.board import BOARD_GRID, LEVELS
from dragonnoir.hexmap.terrain import default_terrain_table
from dragonnoir.hexmap.tiled import point_in_convex
from dragonnoir.hexmap.tmxmodel import Tileset
from dragonnoir.safe_write import writing_shipped_files

TILE_W = BOARD_GRID.tile_width
TILE_H = BOARD_GRID.tile_height
SIDE_OFFSET = BOARD_GRID.side_offset_y
#: Painting resolution relative to the output tile (4x4 samples per output pixel).
SUPERSAMPLE = 4

COUNTERS_DIR = resources.counters_dir()

#: RGB, or RGBA where a painter draws on a per-pixel-alpha surface.
Colour = tuple[int, ...]
Point = tuple[float, float]


def smoothscale_portable(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """`smoothscale` with the portable generic filter, so generated art has the same
    pixels on every CPU (see module docstring)."""
    previous = pygame.transform.get_smoothscale_backend()
    pygame.transform.set_smoothscale_backend("GENERIC")
    try:
        return pygame.transform.smoothscale(surface, size)
    finally:
        pygame.transform.set_smoothscale_backend(previous)


# -- canvas in tile units -----------------------------------------------------------


class Canvas:
    """A surface addressed in tile units (0..52 x 0..60), whatever its pixel size."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.s = surface.get_width() / TILE_W

    def pt(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.s, y * self.s)

    def pts(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        return [self.pt(x, y) for x, y in points]

    def w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def fill(self, colour: Colour) -> None:
        self.surface.fill(colour)

    def circle(self, colour: Colour, x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface, colour, self.pt(x, y), max(0.5, r * self.s), self.w(width) if width else 0
        )

    def ellipse(
        self, colour: Colour, x: float, y: float, rx: float, ry: float, width: float = 0
    ) -> None:
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * self.s)), max(1, round(2 * ry * self.s)))
        rect.center = (round(x * self.s), round(y * self.s))
        pygame.draw.ellipse(self.surface, colour, rect, self.w(width) if width else 0)

    def polygon(self, colour: Colour, points: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, colour, self.pts(points), self.w(width) if width else 0)

    def line(self, colour: Colour, a: Point, b: Point, width: float = 1) -> None:
        pygame.draw.line(self.surface, colour, self.pt(*a), self.pt(*b), self.w(width))

    def lines(self, colour: Colour, points: Sequence[Point], width: float = 1) -> None:
        if len(points) >= 2:
            pygame.draw.lines(self.surface, colour, False, self.pts(points), self.w(width))

    def rect(
        self, colour: Colour, x: float, y: float, w: float, h: float, width: float = 0
    ) -> None:
        r = pygame.Rect(
            round(x * self.s),
            round(y * self.s),
            max(1, round(w * self.s)),
            max(1, round(h * self.s)),
        )
        pygame.draw.rect(self.surface, colour, r, self.w(width) if width else 0)

    def arc(
        self,
        colour: Colour,
        x: float,
        y: float,
        rx: float,
        ry: float,
        a0: float,
        a1: float,
        width: float = 1,
    ) -> None:
        rect = pygame.Rect(0, 0, max(2, round(2 * rx * self.s)), max(2, round(2 * ry * self.s)))
        rect.center = (round(x * self.s), round(y * self.s))
        pygame.draw.arc(self.surface, colour, rect, a0, a1, self.w(width))

    def noise(self, rng: random.Random, cells: tuple[int, int], lo: int, hi: int) -> None:
        """Darken by smooth value noise: a few random greys enlarged bilinearly, then
        multiplied in (255 leaves a pixel as it is)."""
        small = pygame.Surface(cells)
        for j in range(cells[1]):
            for i in range(cells[0]):
                g = rng.randint(lo, hi)
                small.set_at((i, j), (g, g, g))
        big = smoothscale_portable(small, self.surface.get_size())
        self.surface.blit(big, (0, 0), special_flags=pygame.BLEND_RGB_MULT)

    def vgradient(self, top: int, bottom: int) -> None:
        """Multiply by a vertical grey ramp from `top` to `bottom` (0..255)."""
        ramp = pygame.Surface((1, 2))
        ramp.set_at((0, 0), (top, top, top))
        ramp.set_at((0, 1), (bottom, bottom, bottom))
        big = smoothscale_portable(ramp, self.surface.get_size())
        self.surface.blit(big, (0, 0), special_flags=pygame.BLEND_RGB_MULT)


def _jitter(c: Colour, rng: random.Random, amount: int) -> Colour:
    """Vary a colour mostly in brightness (a little in hue), like weathered material."""
    d = rng.randint(-amount, amount)
    t = max(1, amount // 5)
    return (
        _clip(c[0] + d + rng.randint(-t, t)),
        _clip(c[1] + d + rng.randint(-t, t)),
        _clip(c[2] + d + rng.randint(-t, t)),
    )


def _shade(c: Colour, k: float) -> Colour:
    """Multiply a colour (k < 1 darker, k > 1 lighter, clipped)."""
    return (_clip(round(c[0] * k)), _clip(round(c[1] * k)), _clip(round(c[2] * k)))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        _clip(round(a[0] + (b[0] - a[0]) * t)),
        _clip(round(a[1] + (b[1] - a[1]) * t)),
        _clip(round(a[2] + (b[2] - a[2]) * t)),
    )


def _clip(v: int) -> int:
    return 0 if v < 0 else 255 if v > 255 else v


def _blob(
    rng: random.Random, x: float, y: float, r: float, n: int = 7, rough: float = 0.3
) -> list[Point]:
    """An irregular convex-ish polygon (a stone, a boulder facet, a puddle)."""
    start = rng.uniform(0, math.tau)
    out = []
    for i in range(n):
        a = start + math.tau * i / n + rng.uniform(-0.25, 0.25)
        rr = r * rng.uniform(1 - rough, 1 + rough * 0.5)
        out.append((x + math.cos(a) * rr, y + math.sin(a) * rr * 0.9))
    return out


def _stone(c: Canvas, rng: random.Random, x: float, y: float, r: float, base: Colour) -> None:
    """A lit stone: shadow below-right, body, highlight up-left."""
    pts = _blob(rng, x, y, r)
    c.polygon(_shade(base, 0.35), [(px + r * 0.25, py + r * 0.3) for px, py in pts])
    c.polygon(base, pts)
    c.polygon(_shade(base, 1.3), _blob(rng, x - r * 0.25, y - r * 0.3, r * 0.45, 5))
    c.polygon(_shade(base, 0.6), pts, width=0.25)


def _scatter(
    c: Canvas, rng: random.Random, n: int, colours: Sequence[Colour], r0: float, r1: float
) -> None:
    for _ in range(n):
        c.circle(rng.choice(colours), rng.uniform(2, 50), rng.uniform(2, 58), rng.uniform(r0, r1))


def _crack(c: Canvas, rng: random.Random, colour: Colour, width: float) -> None:
    x, y = rng.uniform(6, 46), rng.uniform(8, 52)
    a = rng.uniform(0, math.tau)
    pts = [(x, y)]
    for _ in range(rng.randint(3, 6)):
        a += rng.uniform(-0.8, 0.8)
        step = rng.uniform(2.5, 5)
        x, y = x + math.cos(a) * step, y + math.sin(a) * step
        pts.append((x, y))
    c.lines(colour, pts, width)


# -- terrain painters ----------------------------------------------------------------

FLOOR = (118, 104, 88)
WATER = (34, 78, 108)
WOOD = (132, 90, 52)
STONE = (150, 141, 126)


def _paint_cave_floor(c: Canvas, rng: random.Random) -> None:
    c.fill(FLOOR)
    c.noise(rng, (5, 6), 185, 255)
    c.noise(rng, (13, 15), 215, 255)
    _scatter(c, rng, 40, [(92, 80, 68), (136, 122, 104), (104, 92, 78)], 0.25, 0.6)
    for _ in range(9):
        _stone(
            c,
            rng,
            rng.uniform(5, 47),
            rng.uniform(6, 54),
            rng.uniform(0.6, 1.4),
            _jitter((120, 110, 98), rng, 14),
        )
    for _ in range(2):
        _crack(c, rng, (70, 60, 52), 0.35)


def _paint_rock(c: Canvas, rng: random.Random) -> None:
    c.fill((58, 53, 50))
    c.noise(rng, (4, 5), 170, 255)
    # Boulder facets, big to small, each lit from the top left.
    for _ in range(16):
        x, y, r = rng.uniform(-2, 54), rng.uniform(-2, 62), rng.uniform(6, 13)
        pts = _blob(rng, x, y, r, rng.randint(5, 7), 0.35)
        base = _jitter((74, 68, 64), rng, 12)
        c.polygon(_shade(base, 0.45), [(px + 1.2, py + 1.6) for px, py in pts])
        c.polygon(base, pts)
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            # Outward normal of a clockwise-on-screen polygon edge; light from up-left.
            nx, ny = b[1] - a[1], -(b[0] - a[0])
            lit = (-nx - ny) > 0
            c.line(_shade(base, 1.45) if lit else _shade(base, 0.55), a, b, 0.5)
    c.noise(rng, (11, 13), 205, 255)
    for _ in range(4):
        _crack(c, rng, (26, 22, 20), 0.45)


def _paint_rubble(c: Canvas, rng: random.Random) -> None:
    c.fill(_shade(FLOOR, 0.92))
    c.noise(rng, (6, 7), 190, 255)
    _scatter(c, rng, 50, [(84, 74, 64), (128, 116, 100)], 0.3, 0.7)
    for _ in range(26):
        _stone(
            c,
            rng,
            rng.uniform(3, 49),
            rng.uniform(3, 57),
            rng.uniform(1.6, 4.2),
            _jitter((112, 104, 96), rng, 18),
        )


def _paint_water(c: Canvas, rng: random.Random) -> None:
    c.fill(WATER)
    c.vgradient(255, 215)
    c.noise(rng, (4, 5), 175, 255)
    c.noise(rng, (10, 12), 220, 255)
    for _ in range(11):
        x, y = rng.uniform(4, 48), rng.uniform(6, 54)
        rx = rng.uniform(3, 7)
        col = _jitter((84, 140, 168), rng, 12)
        c.arc(col, x, y, rx, rx * 0.35, math.pi * 0.15, math.pi * 0.85, 0.45)
    for _ in range(6):
        c.circle((150, 200, 220), rng.uniform(4, 48), rng.uniform(6, 54), 0.35)


def _paint_beach(c: Canvas, rng: random.Random) -> None:
    c.fill((190, 168, 122))
    c.noise(rng, (5, 6), 200, 255)
    _scatter(c, rng, 160, [(160, 138, 98), (214, 196, 152), (176, 154, 110)], 0.2, 0.45)
    for _ in range(4):
        x, y = rng.uniform(6, 46), rng.uniform(8, 52)
        c.arc((236, 226, 204), x, y, 1.1, 0.9, 0.0, math.pi, 0.35)
    for _ in range(3):
        _stone(
            c, rng, rng.uniform(6, 46), rng.uniform(8, 52), rng.uniform(0.7, 1.3), (130, 120, 106)
        )


def _paint_sand_slope(c: Canvas, rng: random.Random) -> None:
    c.fill((206, 186, 140))
    c.vgradient(255, 175)
    c.noise(rng, (5, 6), 210, 255)
    # Wind ripples / contour lines telling the slope.
    for k in range(7):
        y0 = 6 + k * 8 + rng.uniform(-1, 1)
        pts = [(x, y0 + 1.2 * math.sin(x / 6 + k + rng.uniform(0, 0.4))) for x in range(-2, 56, 3)]
        c.lines(_shade((206, 186, 140), 0.72 - 0.03 * k), pts, 0.4)
        c.lines((226, 210, 170), [(x, y + 0.6) for x, y in pts], 0.3)
    _scatter(c, rng, 60, [(176, 154, 110), (222, 206, 166)], 0.15, 0.35)


def _paint_marsh(c: Canvas, rng: random.Random) -> None:
    c.fill((78, 88, 56))
    c.noise(rng, (5, 6), 175, 255)
    for _ in range(6):
        x, y, r = rng.uniform(4, 48), rng.uniform(6, 54), rng.uniform(3, 6)
        pts = _blob(rng, x, y, r, 8, 0.3)
        c.polygon((54, 70, 62), [(px, py + 0.5) for px, py in pts])
        c.polygon((40, 62, 64), pts)
        c.arc((96, 130, 120), x - r * 0.2, y - r * 0.2, r * 0.5, r * 0.25, 0.3, 2.6, 0.3)
    for _ in range(26):
        x, y = rng.uniform(3, 49), rng.uniform(4, 56)
        for _ in range(rng.randint(2, 4)):
            dx = rng.uniform(-1.6, 1.6)
            tip = (x + dx, y - rng.uniform(2.5, 4.5))
            c.line(_jitter((128, 136, 70), rng, 14), (x, y), tip, 0.3)
        c.ellipse((52, 60, 34), x, y + 0.3, 1.0, 0.4)


def _paint_unstable_marsh(c: Canvas, rng: random.Random) -> None:
    c.fill((22, 54, 30))
    c.noise(rng, (4, 5), 150, 255)
    c.noise(rng, (10, 12), 200, 255)
    for _ in range(7):
        x, y, r = rng.uniform(4, 48), rng.uniform(6, 54), rng.uniform(3, 7)
        pts = _blob(rng, x, y, r, 9, 0.35)
        c.polygon((72, 124, 46), [(px - 0.4, py - 0.4) for px, py in pts])  # sickly rim
        c.polygon((8, 24, 14), pts)
        for k in range(2):
            c.arc(
                (36, 80, 40),
                x,
                y,
                r * (0.35 + 0.25 * k),
                r * (0.25 + 0.2 * k),
                0.5 + k,
                2.8 + k,
                0.3,
            )
    for _ in range(16):
        x, y, r = rng.uniform(3, 49), rng.uniform(4, 56), rng.uniform(0.4, 1.2)
        c.circle((112, 168, 76), x, y, r, width=0.25)
        c.circle((170, 210, 120), x - r * 0.35, y - r * 0.35, r * 0.22)
    for _ in range(10):
        x, y = rng.uniform(3, 49), rng.uniform(4, 56)
        c.line((28, 40, 20), (x, y), (x + rng.uniform(-1, 1), y - rng.uniform(2, 3.5)), 0.35)


def _paint_trees(c: Canvas, rng: random.Random) -> None:
    c.fill((64, 70, 46))
    c.noise(rng, (5, 6), 180, 255)
    _scatter(c, rng, 40, [(50, 56, 36), (84, 90, 58)], 0.3, 0.7)
    crowns = []
    for _ in range(5):
        crowns.append((rng.uniform(10, 42), rng.uniform(12, 48), rng.uniform(7, 10.5)))
    crowns.sort(key=lambda t: t[1])
    for x, y, r in crowns:
        c.ellipse((22, 28, 16), x + r * 0.35, y + r * 0.45, r * 1.0, r * 0.85)  # cast shadow
    for x, y, r in crowns:
        base = _jitter((40, 84, 40), rng, 10)
        for _ in range(7):
            a, d = rng.uniform(0, math.tau), rng.uniform(0, r * 0.55)
            c.circle(_shade(base, 0.7), x + math.cos(a) * d, y + math.sin(a) * d, r * 0.55)
        for _ in range(7):
            a, d = rng.uniform(0, math.tau), rng.uniform(0, r * 0.45)
            c.circle(base, x + math.cos(a) * d - r * 0.1, y + math.sin(a) * d - r * 0.1, r * 0.45)
        for _ in range(5):
            a, d = rng.uniform(0, math.tau), rng.uniform(0, r * 0.3)
            c.circle(
                _shade(base, 1.45),
                x + math.cos(a) * d - r * 0.3,
                y + math.sin(a) * d - r * 0.3,
                r * 0.25,
            )


def _steps(c: Canvas, rng: random.Random, n: int, base: Colour, shadow: float, rails: bool) -> None:
    c.fill(base)
    c.noise(rng, (4, 6), 200, 255)
    h = TILE_H / n
    for i in range(n):
        y0 = i * h
        k = 1.15 - 0.45 * i / max(n - 1, 1)  # higher steps lighter: the stairs go down
        tone = _jitter(_shade(base, k), rng, 6)
        c.rect(tone, -1, y0, TILE_W + 2, h)
        c.rect(_shade(tone, 1.35), -1, y0, TILE_W + 2, max(0.6, h * 0.16))  # lit nose
        c.rect(_shade(tone, shadow), -1, y0 + h * 0.78, TILE_W + 2, h * 0.22)  # riser shadow
        for _ in range(2):
            x = rng.uniform(4, 48)
            c.line(
                _shade(tone, 0.6), (x, y0 + h * 0.2), (x + rng.uniform(-1, 1), y0 + h * 0.75), 0.25
            )
    if rails:
        for x in (9.0, 43.0):
            c.rect((40, 34, 30), x - 1.3, 0, 2.6, TILE_H)
            c.rect((120, 108, 96), x - 1.3, 0, 0.8, TILE_H)
    c.noise(rng, (9, 11), 225, 255)


def _paint_stairs(c: Canvas, rng: random.Random) -> None:
    _steps(c, rng, 6, (150, 140, 126), 0.55, rails=False)


def _paint_steep_stairs(c: Canvas, rng: random.Random) -> None:
    _steps(c, rng, 11, (124, 116, 106), 0.4, rails=True)
    c.vgradient(255, 160)


def _paint_embankment(c: Canvas, rng: random.Random) -> None:
    c.fill((132, 102, 70))
    c.vgradient(255, 150)
    c.noise(rng, (5, 6), 190, 255)
    # Hachures: rows of strokes down the slope, long at the top (steep), short below.
    for row in range(6):
        y = 4 + row * 9.5
        length = 6.5 - row * 0.7
        for i in range(12):
            x = 2 + i * 4.4 + (2.2 if row % 2 else 0) + rng.uniform(-0.5, 0.5)
            c.line((70, 50, 32), (x, y), (x + rng.uniform(-0.4, 0.4), y + length), 0.55)
            c.line((166, 136, 100), (x + 0.6, y), (x + 0.6, y + length * 0.5), 0.3)
    _scatter(c, rng, 30, [(96, 74, 50), (150, 122, 90)], 0.3, 0.8)


def _planks(c: Canvas, rng: random.Random, base: Colour, vertical: bool, width: float) -> None:
    n = math.ceil((TILE_W if vertical else TILE_H) / width) + 1
    for i in range(n):
        tone = _jitter(base, rng, 12)
        p0 = i * width - 0.5
        if vertical:
            c.rect(tone, p0, -1, width, TILE_H + 2)
            c.line(_shade(tone, 0.45), (p0, -1), (p0, TILE_H + 1), 0.5)
            for _ in range(3):
                gx = p0 + rng.uniform(1, width - 1)
                c.line(
                    _shade(tone, 0.8), (gx, rng.uniform(-1, 30)), (gx, rng.uniform(30, 61)), 0.25
                )
        else:
            c.rect(tone, -1, p0, TILE_W + 2, width)
            c.line(_shade(tone, 1.25), (-1, p0 + 0.6), (TILE_W + 1, p0 + 0.6), 0.3)
            c.line(_shade(tone, 0.45), (-1, p0), (TILE_W + 1, p0), 0.5)
            for _ in range(3):
                gy = p0 + rng.uniform(1, width - 1)
                c.line(
                    _shade(tone, 0.8), (rng.uniform(-1, 26), gy), (rng.uniform(26, 53), gy), 0.25
                )
            for nx in (7.0, 45.0):
                c.circle((52, 44, 40), nx, p0 + width / 2, 0.45)


def _paint_wooden_bridge(c: Canvas, rng: random.Random) -> None:
    c.fill(WOOD)
    _planks(c, rng, WOOD, vertical=False, width=5.0)
    for x in (3.5, 48.5):  # rails
        c.rect((62, 40, 22), x - 2, -1, 4, TILE_H + 2)
        c.rect((150, 108, 66), x - 2, -1, 1, TILE_H + 2)
    c.noise(rng, (5, 6), 205, 255)


def _paint_stone_bridge(c: Canvas, rng: random.Random) -> None:
    c.fill((86, 80, 72))  # mortar
    bh, bw = 6.0, 11.0
    for j in range(-1, 11):
        y = j * bh
        off = (j % 2) * bw / 2
        for i in range(-1, 6):
            x = i * bw + off
            tone = _jitter(STONE, rng, 12)
            c.rect(_shade(tone, 0.7), x + 0.5, y + 0.5, bw - 0.6, bh - 0.6)
            c.rect(tone, x + 0.4, y + 0.4, bw - 1.2, bh - 1.2)
            c.rect(_shade(tone, 1.18), x + 0.4, y + 0.4, bw - 1.2, 0.6)
    for x in (3.0, 49.0):  # parapets
        c.rect((70, 64, 58), x - 3, -1, 6, TILE_H + 2)
        c.rect((176, 168, 152), x - 3, -1, 1.2, TILE_H + 2)
    c.noise(rng, (5, 6), 200, 255)


def _paint_demolished_bridge(c: Canvas, rng: random.Random) -> None:
    _paint_water(c, rng)
    # The broken end of a stone deck at the top, ragged.
    edge = [(x, 16 + rng.uniform(-4, 5)) for x in range(-2, 56, 4)]
    deck = [(-2, -2), (54, -2), *reversed(edge)]
    c.polygon((70, 64, 58), [(x, y + 1.5) for x, y in deck])
    c.polygon(_shade(STONE, 0.9), deck)
    for _ in range(8):
        x, y = rng.uniform(0, 50), rng.uniform(0, 12)
        c.rect(_jitter(STONE, rng, 12), x, y, rng.uniform(4, 8), rng.uniform(2.5, 4), 0)
    # Fallen blocks and splintered beams in the water.
    for _ in range(9):
        _stone(
            c,
            rng,
            rng.uniform(4, 48),
            rng.uniform(24, 56),
            rng.uniform(1.8, 3.6),
            _jitter((128, 120, 108), rng, 14),
        )
    for _ in range(4):
        x, y = rng.uniform(6, 46), rng.uniform(24, 54)
        a = rng.uniform(0, math.pi)
        dx, dy = math.cos(a) * rng.uniform(5, 9), math.sin(a) * 4
        c.line((52, 34, 18), (x, y), (x + dx, y + dy), 1.8)
        c.line((136, 94, 54), (x, y - 0.4), (x + dx, y + dy - 0.4), 0.8)


def _paint_landing_stage(c: Canvas, rng: random.Random) -> None:
    c.fill((150, 116, 78))
    _planks(c, rng, (156, 122, 82), vertical=True, width=4.5)
    c.noise(rng, (5, 6), 200, 255)
    for x, y in ((9, 17), (43, 17), (9, 43), (43, 43)):  # mooring posts
        c.circle((36, 26, 18), x + 0.6, y + 0.8, 2.6)
        c.circle((96, 66, 38), x, y, 2.4)
        c.circle((130, 96, 60), x - 0.5, y - 0.5, 1.2)
    for k in range(3):  # a coil of rope
        c.circle((196, 172, 120), 26, 30, 3.6 - k * 0.9, width=0.5)


def _paint_building_floor(c: Canvas, rng: random.Random) -> None:
    c.fill((84, 72, 60))
    size = 8.6
    for j in range(-1, 8):
        for i in range(-1, 7):
            x, y = i * size + (j % 2) * size / 2, j * size
            tone = _jitter((156, 136, 108), rng, 10)
            c.rect(tone, x + 0.45, y + 0.45, size - 0.9, size - 0.9)
            c.rect(_shade(tone, 1.12), x + 0.45, y + 0.45, size - 0.9, 0.5)
            c.rect(_shade(tone, 0.86), x + 0.45, y + size - 0.95, size - 0.9, 0.5)
    c.noise(rng, (6, 7), 205, 255)


def _paint_trapdoor(c: Canvas, rng: random.Random) -> None:
    _paint_building_floor(c, rng)
    x0, y0, s = 13.0, 17.0, 26.0
    c.rect((24, 18, 14), x0 - 1.2, y0 - 1.2, s + 2.4, s + 2.4)
    sub = pygame.Surface(c.surface.get_size())
    sub.fill((0, 0, 0))
    hatch = Canvas(sub)
    _planks(hatch, rng, (110, 74, 42), vertical=True, width=5.2)
    clip = pygame.Rect(round(x0 * c.s), round(y0 * c.s), round(s * c.s), round(s * c.s))
    c.surface.blit(sub, clip.topleft, clip)
    for y in (y0 + 5, y0 + s - 7):  # iron bands
        c.rect((54, 54, 58), x0, y, s, 2.2)
        c.rect((110, 110, 118), x0, y, s, 0.5)
        for x in (x0 + 3, x0 + s - 3):
            c.circle((150, 150, 156), x, y + 1.1, 0.55)
    c.circle((40, 40, 44), x0 + s / 2, y0 + s / 2 + 1, 3.2, width=1.1)  # ring
    c.circle((150, 150, 160), x0 + s / 2 - 0.3, y0 + s / 2 + 0.6, 3.2, width=0.45)


def _paint_nest_floor(c: Canvas, rng: random.Random) -> None:
    c.fill((66, 38, 12))  # resin between the cells
    r = 4.4
    dx, dy = r * math.sqrt(3), r * 1.5
    for j in range(-1, int(TILE_H / dy) + 2):
        for i in range(-1, int(TILE_W / dx) + 2):
            x = i * dx + (dx / 2 if j % 2 else 0)
            y = j * dy
            base = _jitter((176, 112, 34), rng, 16)
            cell = [
                (
                    x + math.cos(math.pi / 6 + k * math.pi / 3) * (r - 0.55),
                    y + math.sin(math.pi / 6 + k * math.pi / 3) * (r - 0.55),
                )
                for k in range(6)
            ]
            c.polygon(_shade(base, 0.62), cell)
            inner = [(x + (px - x) * 0.78 + 0.3, y + (py - y) * 0.78 + 0.4) for px, py in cell]
            c.polygon(base, inner)
            c.ellipse(_shade(base, 1.45), x - r * 0.25, y - r * 0.3, r * 0.3, r * 0.18)  # gloss
    c.noise(rng, (5, 6), 170, 255)
    for _ in range(5):  # drips of fresh resin
        x, y = rng.uniform(4, 48), rng.uniform(4, 50)
        c.line((214, 150, 52), (x, y), (x + rng.uniform(-0.5, 0.5), y + rng.uniform(2, 5)), 0.7)
        c.circle((232, 176, 76), x, y, 0.8)


Painter = Callable[[Canvas, random.Random], None]

#: How each terrain id of terrain.toml looks. An id missing here is drawn by
#: `_paint_unknown` (a magenta question mark), so a new terrain is visible, not fatal.
TERRAIN_PAINTERS: dict[str, Painter] = {
    "cave_floor": _paint_cave_floor,
    "rock": _paint_rock,
    "rubble": _paint_rubble,
    "water": _paint_water,
    "beach": _paint_beach,
    "sand_slope": _paint_sand_slope,
    "marsh": _paint_marsh,
    "unstable_marsh": _paint_unstable_marsh,
    "trees": _paint_trees,
    "stairs": _paint_stairs,
    "steep_stairs": _paint_steep_stairs,
    "embankment": _paint_embankment,
    "wooden_bridge": _paint_wooden_bridge,
    "stone_bridge": _paint_stone_bridge,
    "demolished_bridge": _paint_demolished_bridge,
    "landing_stage": _paint_landing_stage,
    "building_floor": _paint_building_floor,
    "trapdoor": _paint_trapdoor,
    "nest_floor": _paint_nest_floor,
}


def _paint_unknown(c: Canvas, rng: random.Random) -> None:
    c.fill((150, 0, 150))
    c.circle((255, 255, 255), 26, 24, 7, width=2)
    c.rect((150, 0, 150), 18, 24, 9, 9)
    c.rect((255, 255, 255), 25, 31, 2, 6)
    c.rect((255, 255, 255), 25, 40, 2, 2)


def seed_of(name: str, variant: int = 0) -> int:
    """A stable seed per tile (crc32, not `hash()`, which changes between runs)."""
    return zlib.crc32(f"dragonnoir:{name}:{variant}".encode())


# -- hex masking and tile assembly ----------------------------------------------------


def hex_points(w: int, h: int) -> list[Point]:
    """Tiled's pointy-top outline of a `w` x `h` tile box (side offset scales with it)."""
    so = SIDE_OFFSET * w / TILE_W
    return [
        (0.0, so),
        (w / 2, 0.0),
        (float(w), so),
        (float(w), h - so),
        (w / 2, float(h)),
        (0.0, h - so),
    ]


@cache
def hex_mask(w: int, h: int) -> pygame.Surface:
    """White opaque inside the hex (pixel centre inside Tiled's outline), clear outside;
    multiply a tile by it (BLEND_RGBA_MULT) to cut it to shape."""
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    poly = hex_points(w, h)
    for y in range(h):
        # The hex is convex: a row's inside pixels are one run, found from both ends.
        cy = y + 0.5
        first = next((x for x in range(w) if point_in_convex(poly, x + 0.5, cy)), None)
        if first is None:
            continue
        last = next(x for x in range(w - 1, first - 1, -1) if point_in_convex(poly, x + 0.5, cy))
        mask.fill((255, 255, 255, 255), pygame.Rect(first, y, last - first + 1, 1))
    return mask


def _cut(hi: pygame.Surface, w: int, h: int, alpha: int = 255) -> pygame.Surface:
    """Shrink a painted surface to (w, h) and cut it to the hex; `alpha` fades it."""
    small = smoothscale_portable(hi, (w, h))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(small, (0, 0))
    if alpha != 255 and not hi.get_flags() & pygame.SRCALPHA:
        out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _supersample(scale: int) -> int:
    return max(1, math.ceil(SUPERSAMPLE / scale))


def draw_terrain(surface: pygame.Surface, terrain_id: str, variant: int = 0) -> None:
    """Paint a terrain over the whole of `surface` (any size with the tile's 52:60
    aspect), opaque and not cut to the hex: the caller masks it."""
    painter = TERRAIN_PAINTERS.get(terrain_id, _paint_unknown)
    painter(Canvas(surface), random.Random(seed_of(terrain_id, variant)))


def terrain_tile(terrain_id: str, scale: int = 1, variant: int = 0) -> pygame.Surface:
    """A hex-shaped terrain tile of (52*scale) x (60*scale) pixels, transparent outside
    the hex. Variant 0 is the tileset's tile; others are the same terrain re-seeded."""
    w, h = TILE_W * scale, TILE_H * scale
    ss = _supersample(scale)
    hi = pygame.Surface((w * ss, h * ss))
    draw_terrain(hi, terrain_id, variant)
    return _cut(hi, w, h)


# -- level and feature tiles -----------------------------------------------------------


def _hatch(c: Canvas, colour: Colour, spacing: float, width: float, slope: float) -> None:
    for k in range(-12, 20):
        x0 = k * spacing
        c.line(colour, (x0, -2), (x0 + slope * 64, 62), width)


def level_tile(level: float, scale: int = 1) -> pygame.Surface:
    """Semi-transparent shading for a level: darker below 0, lighter above, hatched at the
    half levels (stairs), nearly invisible at 0 — so a map in Tiled shows its levels."""
    w, h = TILE_W * scale, TILE_H * scale
    ss = _supersample(scale)
    hi = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    c = Canvas(hi)
    # On a per-pixel-alpha surface pygame.draw writes RGBA as given (no blending), so the
    # hatch lines carry their own alpha and shrinking averages it into soft lines.
    if level <= -1:
        hi.fill((0, 0, 12, 120))
    elif level < 0:
        hi.fill((0, 0, 12, 50))
        _hatch(c, (0, 0, 12, 125), 5.0, 0.9, 0.55)
    elif level == 0:
        hi.fill((255, 255, 255, 0))
        c.polygon((255, 255, 255, 40), hex_points(TILE_W, TILE_H), width=0.6)
    elif level < 1:
        hi.fill((255, 236, 200, 30))
        _hatch(c, (255, 236, 200, 100), 5.0, 0.9, -0.55)
    else:
        hi.fill((255, 236, 200, 58))
    out = smoothscale_portable(hi, (w, h))
    out.blit(hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    if level >= 1 or level <= -1:
        _bevel(out, scale, raised=level > 0)
    return out


def _bevel(tile: pygame.Surface, scale: int, raised: bool) -> None:
    """A rim along the hex sides: light up-left and dark down-right when raised (+1),
    the other way round when sunk (-1), so the level reads as height."""
    w, h = tile.get_size()
    pts = hex_points(w, h)
    light = (255, 246, 220, 110)
    dark = (0, 0, 0, 110)
    rim = pygame.Surface((w, h), pygame.SRCALPHA)
    rim.fill((0, 0, 0, 0))
    width = max(1, round(1.5 * scale))
    for i in range(6):
        a, b = pts[i], pts[(i + 1) % 6]
        lit = i in (5, 0, 1)  # W, NW and NE sides face the light
        colour = light if lit == raised else dark
        pygame.draw.line(rim, colour, a, b, width * 2)
    rim.blit(hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    tile.blit(rim, (0, 0))


def feature_tile(feature: str, scale: int = 1) -> pygame.Surface:
    """`walkway`: a wooden deck over the whole hex (level +1 above the ground);
    `walkway_end`: a marker on the +1 hex a walkway rests on."""
    w, h = TILE_W * scale, TILE_H * scale
    ss = _supersample(scale)
    rng = random.Random(seed_of(feature))
    if feature == "walkway":
        hi = pygame.Surface((w * ss, h * ss))
        c = Canvas(hi)
        c.fill((150, 104, 60))
        _planks(c, rng, (158, 110, 62), vertical=False, width=6.0)
        for x in (2.5, 49.5):  # stringers under the planks' ends
            c.rect((60, 38, 20), x - 2.5, -1, 5, TILE_H + 2)
            c.rect((176, 130, 80), x - 2.5, -1, 1, TILE_H + 2)
        c.noise(rng, (5, 6), 215, 255)
        tile = _cut(hi, w, h)
        _bevel(tile, scale, raised=True)
        return tile
    if feature == "walkway_end":
        hi = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
        hi.fill((120, 80, 40, 0))
        c = Canvas(hi)
        c.circle((70, 44, 20), 26, 30, 15.5, width=3.2)
        c.circle((196, 150, 92), 26, 30, 15.5, width=1.4)
        for a in range(4):  # posts
            ang = math.pi / 4 + a * math.pi / 2
            x, y = 26 + math.cos(ang) * 15.5, 30 + math.sin(ang) * 15.5
            c.circle((40, 26, 12), x, y, 2.6)
            c.circle((150, 108, 62), x - 0.5, y - 0.5, 1.3)
        # A chevron pointing up: "the way onto the walkway".
        c.polygon(
            (214, 176, 112), [(26, 21), (33, 31), (29, 31), (29, 38), (23, 38), (23, 31), (19, 31)]
        )
        c.polygon(
            (70, 44, 20),
            [(26, 21), (33, 31), (29, 31), (29, 38), (23, 38), (23, 31), (19, 31)],
            width=0.6,
        )
        small = smoothscale_portable(hi, (w, h))
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        out.blit(small, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)
        out.blit(hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return out
    hi = pygame.Surface((w * ss, h * ss))
    _paint_unknown(Canvas(hi), rng)
    return _cut(hi, w, h, alpha=160)


# -- tileset files ---------------------------------------------------------------------


def tileset_image(tiles: Sequence[pygame.Surface], columns: int) -> pygame.Surface:
    """Tiles laid out row by row, `columns` per row, as Tiled cuts a tileset image."""
    cols = min(len(tiles), columns)
    rows = (len(tiles) + columns - 1) // columns
    sheet = pygame.Surface((cols * TILE_W, rows * TILE_H), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, tile in enumerate(tiles):
        sheet.blit(tile, ((i % columns) * TILE_W, (i // columns) * TILE_H))
    return sheet


def _tiles_for(ts: Tileset) -> list[pygame.Surface]:
    out: list[pygame.Surface] = []
    for i in sorted(ts.tiles):  # the spare tiles of the last row stay transparent
        props = ts.tiles[i].properties
        if "terrain" in props:
            out.append(terrain_tile(str(props["terrain"].value)))
        elif "level" in props:
            out.append(level_tile(float(props["level"].value)))
        else:
            out.append(feature_tile(str(props["feature"].value)))
    return out


def _write_tsx_fallback(ts: Tileset, path: Path) -> None:
    """Write an external tileset as Tiled 1.8 does (used until `tmx.write_tsx` exists)."""
    # Imported here: xml.sax.saxutils pulls in urllib and ssl (~8 ms of `dragonnoir render`).
    from xml.sax.saxutils import quoteattr

    assert ts.image is not None
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name={quoteattr(ts.name)} '
        f'tilewidth="{ts.tile_width}" tileheight="{ts.tile_height}" '
        f'tilecount="{ts.tile_count}" columns="{ts.columns}">',
        f' <image source={quoteattr(ts.image.source)} width="{ts.image.width}" '
        f'height="{ts.image.height}"/>',
    ]
    for tid in sorted(ts.tiles):
        tile = ts.tiles[tid]
        if not tile.properties:
            continue
        lines.append(f' <tile id="{tid}">')
        lines.append("  <properties>")
        for name, prop in tile.properties.items():
            typ = "" if prop.type == "string" else f' type="{prop.type}"'
            value = prop.value
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            lines.append(f"   <property name={quoteattr(name)}{typ} value={quoteattr(text)}/>")
        lines.append("  </properties>")
        lines.append(" </tile>")
    lines.append("</tileset>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_tsx(ts: Tileset, path: Path) -> None:
    """The TSX writer: the TMX module's when it is there, else our fallback."""
    try:
        from dragonnoir.hexmap.tmx import write_tsx as tmx_write_tsx
    except ImportError:
        _write_tsx_fallback(ts, path)
    else:
        tmx_write_tsx(ts, path)


def write_tilesets(out_dir: Path) -> list[Path]:
    """Write terrain/levels/features PNG + TSX into `out_dir`; returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    tilesets = [
        board_tilesets.terrain_tileset(default_terrain_table(), out_dir),
        board_tilesets.levels_tileset(out_dir),
        board_tilesets.features_tileset(out_dir),
    ]
    written: list[Path] = []
    with writing_shipped_files():  # this script makes maps/tilesets/ in a checkout
        for ts in tilesets:
            assert ts.image is not None and ts.source_path is not None
            sheet = tileset_image(_tiles_for(ts), ts.columns)
            if sheet.get_size() != (ts.image.width, ts.image.height):
                raise AssertionError(f"{ts.name}: image {sheet.get_size()} does not match the TSX")
            pygame.image.save(sheet, str(ts.image.path))
            write_tsx(ts, ts.source_path)
            written += [ts.image.path, ts.source_path]
    return written


# -- counters --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CounterSpec:
    """What a chit shows: name, silhouette, attack (black), defence (red, circled when
    armoured), movement (blue; Gharvs also show their land movement in parentheses)."""

    key: str
    name: str
    glyph: str  # "adventurer", "krob", "krob_warrior", "gharv"
    attack: int
    defence: int
    movement: int
    land_movement: int | None = None
    armoured: bool = False
    background: Colour = (214, 196, 150)


SAMPLE_COUNTERS: tuple[CounterSpec, ...] = (
    CounterSpec("adventurer", "Adventurer", "adventurer", 5, 4, 6, background=(222, 206, 160)),
    CounterSpec("krob_hunter", "Krob Hunter", "krob", 4, 3, 7, background=(196, 170, 96)),
    CounterSpec(
        "krob_warrior",
        "Krob Warrior",
        "krob_warrior",
        6,
        5,
        5,
        armoured=True,
        background=(180, 140, 80),
    ),
    CounterSpec("gharv", "Gharv", "gharv", 6, 4, 6, land_movement=2, background=(150, 182, 180)),
)


def _glyph(c: Canvas, glyph: str) -> None:
    """A black silhouette in the middle band of a 52x60 canvas (tile units)."""
    ink = (24, 20, 18)
    if glyph == "adventurer":
        c.circle(ink, 26, 14, 3.6)  # head
        c.polygon(ink, [(20, 19.5), (32, 19.5), (30, 33), (22, 33)])  # torso
        c.polygon(ink, [(22, 32), (30, 32), (32, 47), (28.5, 47), (26, 37), (23.5, 47), (20, 47)])
        c.line(ink, (31, 21), (37, 15), 2.0)  # sword arm
        c.line(ink, (36.5, 15.5), (44, 3), 1.3)  # blade
        c.line(ink, (34, 12.5), (39.5, 18), 1.3)  # cross-guard
        c.circle(ink, 18.5, 27, 6)  # round shield
        c.circle((120, 110, 90), 18.5, 27, 1.4)  # its boss
    elif glyph in ("krob", "krob_warrior"):
        big = glyph == "krob_warrior"
        k = 1.15 if big else 1.0
        c.ellipse(ink, 26, 35, 6 * k, 8.5 * k)  # abdomen
        c.ellipse(ink, 26, 25, 4.2 * k, 4.5 * k)  # thorax
        c.circle(ink, 26, 18.5, 3.2 * k)  # head
        for side in (-1, 1):
            c.lines(ink, [(26 + side * 2, 16), (26 + side * 6, 12), (26 + side * 4, 10)], 1.0)
            for i, (dy, reach) in enumerate(((-1, 9), (2, 10), (5, 9))):
                y = 25 + dy
                c.lines(
                    ink,
                    [
                        (26 + side * 3, y),
                        (26 + side * reach, y - 3 + i * 2),
                        (26 + side * (reach + 3), y + 3 + i * 3),
                    ],
                    0.9,
                )
        if big:
            for i in range(3):
                c.line((200, 170, 110), (21.5, 31 + i * 3.5), (30.5, 31 + i * 3.5), 0.5)
    elif glyph == "gharv":
        c.polygon(
            ink,
            [
                (10, 34),
                (16, 26),
                (26, 24),
                (36, 27),
                (42, 24),
                (44, 30),
                (38, 33),
                (28, 38),
                (18, 38),
            ],
        )
        for x in (18, 24, 30):
            c.polygon(ink, [(x, 26), (x + 3, 19), (x + 5, 26)])  # dorsal spines
        c.polygon(ink, [(42, 24), (48, 20), (47, 29), (44, 30)])  # tail fin
        c.circle((230, 60, 40), 15.5, 29, 1.1)  # eye
        for x in range(8, 46, 6):
            c.arc((40, 80, 100), x, 42, 3, 1.2, 0, math.pi, 0.6)
    else:
        c.circle(ink, 26, 30, 8)


def draw_counter(surface: pygame.Surface, spec: CounterSpec) -> None:
    """Draw a square chit over the whole of `surface` (square, any size)."""
    size = surface.get_width()
    surface.fill((0, 0, 0, 0))
    r = max(2, size // 12)
    body = pygame.Rect(0, 0, size, size)
    pygame.draw.rect(surface, (30, 24, 18), body, border_radius=r)
    pygame.draw.rect(
        surface, spec.background, body.inflate(-size // 16, -size // 16), border_radius=r
    )
    pygame.draw.rect(
        surface,
        _shade(spec.background, 1.12),
        body.inflate(-size // 16, -size // 16)
        .move(0, -size // 64)
        .clip(pygame.Rect(0, 0, size, size // 3)),
        border_radius=r,
    )
    art = pygame.Surface((size, round(size * TILE_H / TILE_W)), pygame.SRCALPHA)
    art.fill((0, 0, 0, 0))
    _glyph(Canvas(art), spec.glyph)
    art = smoothscale_portable(art, (size * 3 // 4, round(size * 3 / 4 * TILE_H / TILE_W)))
    surface.blit(art, ((size - art.get_width()) // 2, size // 2 - art.get_height() // 2))
    font = pygame.font.Font(None, max(8, size // 8))
    label = font.render(spec.name, True, (24, 20, 18))
    surface.blit(label, ((size - label.get_width()) // 2, size // 16 + 1))
    numbers = pygame.font.Font(None, max(10, size // 4))
    move = str(spec.movement) + (f"({spec.land_movement})" if spec.land_movement else "")
    items = [
        (str(spec.attack), (12, 12, 12)),
        (str(spec.defence), (186, 24, 24)),
        (move, (24, 56, 170)),
    ]
    y = size - size // 16 - numbers.get_height() + size // 32
    slots = (size * 0.2, size * 0.5, size * 0.8 if not spec.land_movement else size * 0.76)
    for (text, colour), cx in zip(items, slots, strict=True):
        img = numbers.render(text, True, colour)
        pos = (round(cx - img.get_width() / 2), y)
        surface.blit(img, pos)
        if colour == (186, 24, 24) and spec.armoured:
            centre = (pos[0] + img.get_width() // 2, pos[1] + img.get_height() // 2 - size // 64)
            pygame.draw.circle(
                surface,
                colour,
                centre,
                max(img.get_width(), img.get_height()) * 0.62,
                max(1, size // 48),
            )


def counter_image(spec: CounterSpec, size: int = 128) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_counter(surface, spec)
    return surface


def write_counters(out_dir: Path, size: int = 128) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for spec in SAMPLE_COUNTERS:
        path = out_dir / f"{spec.key}.png"
        pygame.image.save(counter_image(spec, size), str(path))
        paths.append(path)
    return paths


def terrain_ids() -> list[str]:
    return default_terrain_table().ids()


def level_values() -> tuple[float, ...]:
    return LEVELS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dragonnoir.render.art",
        description="Write the standard board tilesets (PNG + TSX) and sample counter chits.",
    )
    parser.add_argument(
        "--tilesets",
        type=Path,
        default=board_tilesets.TILESET_DIR,
        help="output folder for the tilesets (default: maps/tilesets)",
    )
    parser.add_argument(
        "--counters",
        type=Path,
        default=COUNTERS_DIR,
        help="output folder for the counter chits (default: assets/counters)",
    )
    args = parser.parse_args(argv)
    pygame.font.init()
    written = write_tilesets(args.tilesets) + write_counters(args.counters)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
