"""Draw a Board: terrain, levels, walkways, edge features, zones and seams, fast enough to pan.

Why whole-map surfaces per zoom, built lazily: a board never changes while it is shown,
and a frame must cost a few milliseconds with 140 counters on a 1920x1080 screen. So the
map is drawn once per zoom into one opaque surface in the display's pixel format, and a
frame is a single clipped blit of the visible part, the counters and the hover outline.

How each zoom is made:

- the map is drawn natively at two integer scales, 1x (100%) and 2x, from the art
  module's painters (`art.terrain_tile(..., scale)`), so zoomed-in views are real art,
  not enlarged 52x60 tiles; every tile is anchored at its Tiled cell origin times the
  scale, exactly as Tiled places it, and hex-cut tiles meet without gaps;
- other zooms are box-filtered (`smoothscale`) from the smallest native scale at least as
  large: 0.25..1.0 from 1x, 1.4 from 2x;
- zone outlines, labels and seams are drawn on top *after* scaling (crisp at any zoom) and
  are part of the cache key, so toggling them costs one rebuild and no per-frame work.

A small LRU keeps memory bounded: a six-board map at 2x is about 90 MB.

Per-cell variety: each terrain has `VARIANTS` re-seeded versions and a hex picks one by
a fixed hash of its coordinates, so large areas of cave floor do not repeat one tile.
Shading that makes the cave read in 3D is added per side: a hex next to solid rock or a
higher level gets a soft shadow along that side.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Collection, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame

from dragonnoir.hexmap.board import Board, EdgeFeature, ZoneKind
from dragonnoir.hexmap.hexes import DIRECTIONS, Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render import art, fonts
from dragonnoir.render.png import save_png

if TYPE_CHECKING:
    from dragonnoir.render.camera import Camera

Point = tuple[float, float]
Seams = Sequence[Sequence[Point]]

#: Colour of everything that is not on a board (the depths of the rock).
VOID = (14, 12, 12)
#: Background of the screen around the map.
BACKGROUND = (10, 9, 9)
#: Re-seeded versions of each terrain tile.
VARIANTS = 3

ZONE_COLOURS: dict[ZoneKind, tuple[int, int, int]] = {
    ZoneKind.ENTRY: (90, 220, 120),
    ZoneKind.DEPLOYMENT: (90, 170, 255),
    ZoneKind.CELL: (255, 170, 60),
    ZoneKind.EXIT: (255, 90, 90),
    ZoneKind.DUNGEON_ENTRANCE: (200, 110, 255),
    ZoneKind.LANDING_STAGE: (80, 220, 230),
}
SEAM_COLOUR = (255, 70, 200)
HIGHLIGHT_COLOUR = (255, 226, 80)


class Sprite(NamedTuple):
    """A picture centred on map pixel (x, y), `size` map pixels wide at 100%.

    `image` may be larger than `size` (a 128x128 counter chit): the view scales it once
    per on-screen size and keeps the result."""

    image: pygame.Surface
    x: float
    y: float
    size: float


# -- tiles at a scale (cached for the process: painting is the slow part) ---------------


@cache
def _terrain(terrain_id: str, scale: int, variant: int) -> pygame.Surface:
    return art.terrain_tile(terrain_id, scale, variant)


@cache
def _level(level: float, scale: int) -> pygame.Surface:
    return art.level_tile(level, scale)


@cache
def _feature(name: str, scale: int) -> pygame.Surface:
    return art.feature_tile(name, scale)


@cache
def _outline(scale: int) -> pygame.Surface:
    """A hex outline (inner half only; the neighbour draws the other half): a dark line
    with a pale one inside it, so the grid shows on every terrain — dark rock and the
    bright, patterned resin of a Krob nest alike."""
    w, h = art.TILE_W * scale, art.TILE_H * scale
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    pts = art.hex_points(w, h)
    pygame.draw.polygon(surf, (8, 6, 4, 150), pts, max(2, 2 * scale))
    cx, cy = w / 2, h / 2
    k = 1 - 2.5 * scale / w
    inner = [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in pts]
    pygame.draw.polygon(surf, (255, 240, 214, 60), inner, max(1, scale))
    surf.blit(art.hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


@cache
def _side_shade(direction: int, scale: int) -> pygame.Surface:
    """A soft shadow along side `direction` of a hex (0 = E, counter-clockwise)."""
    w, h = art.TILE_W * scale, art.TILE_H * scale
    pts = art.hex_points(w, h)
    i = (2 - direction) % 6  # polygon index of the side's first corner (see hex_points)
    (x1, y1), (x2, y2) = pts[i], pts[(i + 1) % 6]
    length = math.hypot(x2 - x1, y2 - y1)
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length  # inward unit normal
    reach = 15.0 * scale
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    for y in range(h):
        for x in _band(w, (y + 0.5 - y1) * ny, x1, nx, reach):
            d = (x + 0.5 - x1) * nx + (y + 0.5 - y1) * ny
            if 0 <= d < reach:
                t = 1 - d / reach
                surf.set_at((x, y), (0, 0, 0, round(190 * t * t)))
    surf.blit(art.hex_mask(w, h), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _band(w: int, dy: float, x1: float, nx: float, reach: float) -> range:
    """The columns x in 0..w-1 that may have 0 <= (x + 0.5 - x1) * nx + dy < reach,
    one column wider on each side than the exact solution (the caller tests each)."""
    if abs(nx) < 1e-9:
        return range(w) if 0 <= dy < reach else range(0)
    a, b = (0 - dy) / nx + x1 - 0.5, (reach - dy) / nx + x1 - 0.5
    lo, hi = min(a, b), max(a, b)
    return range(max(0, math.floor(lo) - 1), min(w, math.ceil(hi) + 2))


def _edge_segment(grid: HexGrid, a: Hex, b: Hex) -> tuple[Point, Point]:
    """`grid.edge_segment(a, b)`, the same two corners of `a`'s polygon, without
    working out which corners they are for every edge (~4x faster)."""
    d = a.direction_to(b)
    if d is None:
        return grid.edge_segment(a, b)  # raises the grid's error
    col, row = grid.to_cell(a)
    i, j = _edge_corners(grid, d, col & 1, row & 1)
    poly = grid.cell_polygon(col, row)
    return poly[i], poly[j]


@cache
def _edge_corners(grid: HexGrid, direction: int, col_odd: int, row_odd: int) -> tuple[int, int]:
    """Indices in `cell_polygon` of the corners `edge_segment` gives for the side in
    `direction`: the same for every cell of the same column and row parity, since the
    layout repeats with that period."""
    h = grid.to_hex(2 + col_odd, 2 + row_odd)
    p, q = grid.edge_segment(h, h.neighbour(direction))
    poly = grid.hex_polygon(h)
    return poly.index(p), poly.index(q)


def _row_major(h: Hex) -> tuple[int, int]:
    return (h.r, h.q)


def _variant(h: Hex) -> int:
    return ((h.q * 73856093) ^ (h.r * 19349663)) % VARIANTS


def _visible(tile: pygame.Surface) -> bool:
    """Whether blitting `tile` changes anything (some pixel has alpha > 0)."""
    return bool(tile.get_bounding_rect(min_alpha=1).size != (0, 0))


# -- the view ----------------------------------------------------------------------------


class BoardView:
    """A Board ready to draw at any zoom, with its per-zoom surfaces cached.

    `seams` are polylines in map pixels (a composed layout's `seam_polylines()`).
    `show_zones` and `show_seams` choose the overlays of the surfaces `surface()` returns.
    """

    def __init__(
        self,
        board: Board,
        seams: Seams | None = None,
        *,
        table: TerrainTable | None = None,
        max_cached: int = 4,
    ) -> None:
        self.board = board
        self.seams: list[list[Point]] = [list(map(tuple, s)) for s in (seams or [])]  # type: ignore[arg-type]
        self.table = table or default_terrain_table()
        self.grid = board.grid
        self.map_w, self.map_h = self.grid.map_pixel_size(board.width, board.height)
        self.show_zones = False
        self.show_seams = True
        self.max_cached = max(1, max_cached)
        self._base: dict[int, pygame.Surface] = {}
        self._levels: OrderedDict[tuple[float, bool, bool], pygame.Surface] = OrderedDict()
        self._sprites: dict[tuple[int, int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._highlights: dict[float, pygame.Surface] = {}
        #: How many zoom surfaces were built (tests check the cache reuses them).
        self.builds = 0

    # -- cache ---------------------------------------------------------------------

    def _key(self, zoom: float) -> tuple[float, bool, bool]:
        return (round(zoom, 4), self.show_zones, self.show_seams and bool(self.seams))

    def has_surface(self, zoom: float) -> bool:
        return self._key(zoom) in self._levels

    def surface(self, zoom: float) -> pygame.Surface:
        """The whole map drawn at `zoom` with the current overlays (built on first use)."""
        key = self._key(zoom)
        surf = self._levels.get(key)
        if surf is None:
            surf = self._build(key[0])
            self._levels[key] = surf
            while len(self._levels) > self.max_cached:
                self._levels.popitem(last=False)
        else:
            self._levels.move_to_end(key)
        return surf

    def nearest_surface(self, zoom: float) -> tuple[float, pygame.Surface] | None:
        """The cached surface (same overlays) whose zoom is nearest `zoom`, preferring
        larger ones (shrinking looks better than enlarging)."""
        _, zones, seams = self._key(zoom)
        best: tuple[float, float, pygame.Surface] | None = None
        for (z, zz, ss), surf in self._levels.items():
            if (zz, ss) != (zones, seams):
                continue
            score = abs(math.log(z / zoom)) - (0.1 if z >= zoom else 0.0)
            if best is None or score < best[0]:
                best = (score, z, surf)
        return None if best is None else (best[1], best[2])

    def clear(self) -> None:
        self._levels.clear()
        self._sprites.clear()
        self._highlights.clear()

    def render(self, zoom: float = 1.0) -> pygame.Surface:
        """A fresh copy of the map at `zoom` (for exports and tests)."""
        return self.surface(zoom).copy()

    def _build(self, zoom: float) -> pygame.Surface:
        self.builds += 1
        scale = 1 if zoom <= 1.0 + 1e-9 else 2
        base = self.base(scale)
        overlays = bool(self.show_zones and self.board.zones) or bool(
            self.show_seams and self.seams
        )
        if abs(zoom - scale) < 1e-9:
            surf = base.copy() if overlays else base
        else:
            size = (max(1, round(self.map_w * zoom)), max(1, round(self.map_h * zoom)))
            surf = pygame.transform.smoothscale(base, size)
        # Seams under zones: zone labels must stay readable where a seam crosses them.
        if self.show_seams and self.seams:
            self._draw_seams(surf, zoom)
        if self.show_zones:
            self._draw_zones(surf, zoom)
        return _display_format(surf)

    def base(self, scale: int) -> pygame.Surface:
        """The map without overlays at integer `scale` (1 or 2), drawn from the art."""
        surf = self._base.get(scale)
        if surf is None:
            surf = _display_format(self._draw_base(scale))
            self._base[scale] = surf
        return surf

    # -- drawing the map -----------------------------------------------------------

    def _draw_base(self, s: int) -> pygame.Surface:
        surf = pygame.Surface((self.map_w * s, self.map_h * s))
        surf.fill(VOID)
        self._paint(surf, s)
        return surf

    def _paint(self, surf: pygame.Surface, s: int, only: Collection[Hex] | None = None) -> None:
        """Draw the hexes (all, or those in `only`) and their edge features at scale `s`
        on `surf`: the whole map, or part of it again after an edit (the map editor
        clips `surf` to the changed area and passes the hexes that reach into it)."""
        board, grid = self.board, self.grid
        cells = board.cells
        solid_terrain: dict[str, bool] = {}
        for cell in cells.values():
            if cell.terrain not in solid_terrain:
                t = self.table.get(cell.terrain)
                solid_terrain[cell.terrain] = t is not None and not t.passable
        by_qr = {(h.q, h.r): cell for h, cell in cells.items()}
        order = sorted(cells if only is None else (h for h in only if h in cells), key=_row_major)
        # Skip what would blit nothing (fully transparent tiles; see _side_shade).
        shades = [(d, _side_shade(d, s)) for d in range(6) if _visible(_side_shade(d, s))]
        steps = [(d, DIRECTIONS[d].q, DIRECTIONS[d].r, tile) for d, tile in shades]
        outline = _outline(s)
        # Three passes in this order, as blits of hex-cut tiles: terrain; per hex its
        # side shades, level and outline; walkways on top.
        terrain: list[tuple[pygame.Surface, tuple[int, int]]] = []
        overlay: list[tuple[pygame.Surface, tuple[int, int]]] = []
        features: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for h in order:
            cell = cells[h]
            col, row = grid.to_cell(h)
            ox, oy = grid.cell_origin(col, row)
            at = (ox * s, oy * s)
            q, r = h.q, h.r
            terrain.append(
                (_terrain(cell.terrain, s, ((q * 73856093) ^ (r * 19349663)) % VARIANTS), at)
            )
            if solid_terrain[cell.terrain]:
                pass
            else:
                for _, dq, dr, tile in steps:
                    other = by_qr.get((q + dq, r + dr))
                    if other is not None and (
                        solid_terrain[other.terrain]
                        or (other.level - cell.level >= 0.5 and not other.walkway)
                    ):
                        overlay.append((tile, at))
                if cell.level != 0:
                    overlay.append((_level(cell.level, s), at))
                overlay.append((outline, at))
            if cell.walkway:
                features.append((_feature("walkway", s), at))
            if cell.walkway_end:
                features.append((_feature("walkway_end", s), at))
        surf.fblits(terrain)
        surf.fblits(overlay)
        surf.fblits(features)
        for edge, feature in sorted(board.edges.items(), key=lambda e: (e[0].a, e[0].b)):
            if only is None or edge.a in only or edge.b in only:
                self._draw_edge(surf, edge, feature, s)

    def _level_of(self, h: Hex) -> float:
        cell = self.board.cells.get(h)
        return cell.level if cell is not None else 0.0

    def _draw_edge(self, surf: pygame.Surface, edge: Edge, feature: EdgeFeature, s: int) -> None:
        (ax, ay), (bx, by) = _edge_segment(self.grid, edge.a, edge.b)
        a, b = (ax * s, ay * s), (bx * s, by * s)
        # Unit normal pointing into the upper hex (the higher level; `a` on a tie unless
        # `a` is the embankment itself).
        ca, cb = self.grid.hex_centre(edge.a), self.grid.hex_centre(edge.b)
        upper = edge.a
        la, lb = self._level_of(edge.a), self._level_of(edge.b)
        if lb > la or (lb == la and self._terrain_of(edge.a) == "embankment"):
            upper = edge.b
        cu = ca if upper == edge.a else cb
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        ux, uy = cu[0] * s - mx, cu[1] * s - my
        n = math.hypot(ux, uy) or 1.0
        up = (ux / n, uy / n)
        draw_edge_feature(surf, feature, a, b, up, s)

    def _terrain_of(self, h: Hex) -> str | None:
        cell = self.board.cells.get(h)
        return cell.terrain if cell is not None else None

    def _draw_zones(self, surf: pygame.Surface, zoom: float) -> None:
        grid = self.grid
        width = max(2, round(3 * zoom))
        font = _font(max(11, round(15 * zoom)))
        for zone in self.board.zones:
            colour = ZONE_COLOURS.get(zone.kind, (255, 255, 255))
            border = [
                grid.edge_segment(h, n)
                for h in zone.hexes
                for n in h.neighbours()
                if n not in zone.hexes
            ]
            # A black outline first, the zone's colour on top.
            for line_colour, line_width in (((0, 0, 0), width + 2), (colour, width)):
                for (ax, ay), (bx, by) in border:
                    pygame.draw.line(
                        surf,
                        line_colour,
                        (ax * zoom, ay * zoom),
                        (bx * zoom, by * zoom),
                        line_width,
                    )
        for zone in self.board.zones:
            if not zone.hexes:
                continue
            colour = ZONE_COLOURS.get(zone.kind, (255, 255, 255))
            centres = [grid.hex_centre(h) for h in zone.hexes]
            gx = sum(c[0] for c in centres) / len(centres)
            gy = sum(c[1] for c in centres) / len(centres)
            cx, cy = min(centres, key=lambda c: (c[0] - gx) ** 2 + (c[1] - gy) ** 2)
            _label(surf, font, zone.name, (cx * zoom, cy * zoom), colour)

    def _draw_seams(self, surf: pygame.Surface, zoom: float) -> None:
        width = max(2, round(3 * zoom))
        dash = max(8.0, 14 * zoom)
        for line in self.seams:
            pts = [(x * zoom, y * zoom) for x, y in line]
            for p, q in _dashes(pts, dash, dash * 0.6):
                pygame.draw.line(surf, (0, 0, 0), p, q, width + 2)
                pygame.draw.line(surf, SEAM_COLOUR, p, q, width)

    # -- per-frame helpers ---------------------------------------------------------

    def scaled_sprite(self, image: pygame.Surface, pixels: int) -> pygame.Surface:
        """`image` smooth-scaled to `pixels` wide (kept; a few sizes per image)."""
        key = (id(image), pixels)
        entry = self._sprites.get(key)
        if entry is not None and entry[0] is image:
            return entry[1]
        if len(self._sprites) > 1024:
            self._sprites.clear()
        w, h = image.get_size()
        size = (max(1, pixels), max(1, round(pixels * h / w)))
        scaled = pygame.transform.smoothscale(image, size) if size != (w, h) else image
        self._sprites[key] = (image, scaled)
        return scaled

    def highlight_sprite(self, zoom: float) -> pygame.Surface:
        """The hover marker at `zoom`: a translucent hex with a bright outline."""
        key = round(zoom, 4)
        spr = self._highlights.get(key)
        if spr is None:
            w = max(4, round(art.TILE_W * zoom))
            h = max(4, round(art.TILE_H * zoom))
            spr = pygame.Surface((w, h), pygame.SRCALPHA)
            spr.fill((0, 0, 0, 0))
            pts = art.hex_points(w, h)
            pygame.draw.polygon(spr, (*HIGHLIGHT_COLOUR, 46), pts)
            pygame.draw.polygon(spr, (20, 16, 0, 220), pts, max(3, round(4 * zoom)))
            inner = _shrink(pts, max(1.0, 1.2 * zoom))
            pygame.draw.polygon(spr, (*HIGHLIGHT_COLOUR, 255), inner, max(1, round(2 * zoom)))
            if len(self._highlights) > 16:
                self._highlights.clear()
            self._highlights[key] = spr
        return spr


# -- edge features -----------------------------------------------------------------------


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _thick(
    surf: pygame.Surface, colour: tuple[int, int, int], a: Point, b: Point, width: float
) -> None:
    """A thick line with round caps (walls chain into each other cleanly)."""
    w = max(1, round(width))
    pygame.draw.line(surf, colour, a, b, w)
    if w >= 3:
        pygame.draw.circle(surf, colour, a, w / 2)
        pygame.draw.circle(surf, colour, b, w / 2)


def draw_edge_feature(
    surf: pygame.Surface, feature: EdgeFeature, a: Point, b: Point, up: Point, s: float = 1.0
) -> None:
    """Draw one edge feature on the side from `a` to `b` (surface pixels). `up` is the
    unit normal towards the upper hex (embankment hachures, cliff teeth point away);
    `s` is the drawing scale (line widths)."""
    dark, stone, light = (26, 22, 20), (104, 96, 86), (150, 142, 128)
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    tx, ty = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    if feature is EdgeFeature.WALL:
        _thick(surf, dark, a, b, 7 * s)
        _thick(surf, stone, a, b, 3 * s)
    elif feature is EdgeFeature.LOW_WALL:
        _thick(surf, (52, 46, 40), a, b, 5 * s)
        _thick(surf, light, a, b, 2.5 * s)
    elif feature is EdgeFeature.DOOR:
        p, q = _lerp(a, b, 0.2), _lerp(a, b, 0.8)
        for u, v in ((a, p), (q, b)):
            _thick(surf, dark, u, v, 7 * s)
            _thick(surf, stone, u, v, 3 * s)
        leaf = length * 0.6
        ang = math.atan2(ty, tx) + math.radians(32) * (1 if (up[0] * -ty + up[1] * tx) > 0 else -1)
        end = (p[0] + math.cos(ang) * leaf, p[1] + math.sin(ang) * leaf)
        _thick(surf, (46, 28, 12), p, end, 5 * s)
        _thick(surf, (176, 120, 60), p, end, 2.5 * s)
        steps = 6
        arc = [
            (
                p[0] + math.cos(math.atan2(ty, tx) + (ang - math.atan2(ty, tx)) * k / steps) * leaf,
                p[1] + math.sin(math.atan2(ty, tx) + (ang - math.atan2(ty, tx)) * k / steps) * leaf,
            )
            for k in range(steps + 1)
        ]
        pygame.draw.lines(surf, (176, 120, 60), False, arc, max(1, round(s)))
    elif feature is EdgeFeature.WINDOW:
        p, q = _lerp(a, b, 0.28), _lerp(a, b, 0.72)
        for u, v in ((a, p), (q, b)):
            _thick(surf, dark, u, v, 7 * s)
            _thick(surf, stone, u, v, 3 * s)
        _thick(surf, dark, p, q, 4 * s)
        pygame.draw.line(surf, (170, 220, 240), p, q, max(1, round(2 * s)))
    elif feature is EdgeFeature.ARROW_SLIT:
        _thick(surf, dark, a, b, 7 * s)
        _thick(surf, stone, a, b, 3 * s)
        m = _lerp(a, b, 0.5)
        nx, ny = -ty, tx
        half = 4.5 * s
        pygame.draw.line(
            surf,
            (236, 214, 150),
            (m[0] - nx * half, m[1] - ny * half),
            (m[0] + nx * half, m[1] + ny * half),
            max(1, round(1.6 * s)),
        )
    elif feature is EdgeFeature.EMBANKMENT_TOP:
        _thick(surf, (70, 46, 24), a, b, 3.5 * s)
        n = max(3, round(length / (5 * s)))
        for k in range(n):
            p = _lerp(a, b, (k + 0.5) / n)
            tip = (p[0] + up[0] * 5.5 * s, p[1] + up[1] * 5.5 * s)
            pygame.draw.line(surf, (70, 46, 24), p, tip, max(1, round(1.6 * s)))
        pygame.draw.line(surf, (190, 150, 100), a, b, max(1, round(1.2 * s)))
    elif feature is EdgeFeature.CLIFF:
        _thick(surf, (14, 12, 10), a, b, 4.5 * s)
        n = max(3, round(length / (7 * s)))
        down = (-up[0], -up[1])
        for k in range(n):
            p0, p1 = _lerp(a, b, k / n + 0.1 / n), _lerp(a, b, (k + 1) / n - 0.1 / n)
            m = _lerp(p0, p1, 0.5)
            tip = (m[0] + down[0] * 5 * s, m[1] + down[1] * 5 * s)
            pygame.draw.polygon(surf, (14, 12, 10), [p0, p1, tip])
        pygame.draw.line(surf, (120, 110, 100), a, b, max(1, round(1.0 * s)))


# -- small helpers -------------------------------------------------------------------------


def _display_format(surf: pygame.Surface) -> pygame.Surface:
    """Opaque surfaces in the screen's format blit as plain copies (the fast path)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert()
    return surf


def _font(size: int) -> pygame.font.Font:
    return fonts.font(size)


def _label(
    surf: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    centre: Point,
    colour: tuple[int, int, int],
) -> None:
    img = font.render(text, True, colour)
    pad = max(2, font.get_height() // 6)
    box = pygame.Surface((img.get_width() + 2 * pad, img.get_height() + pad), pygame.SRCALPHA)
    box.fill((0, 0, 0, 170))
    box.blit(img, (pad, pad // 2))
    surf.blit(
        box, (round(centre[0] - box.get_width() / 2), round(centre[1] - box.get_height() / 2))
    )


def _shrink(pts: Sequence[Point], by: float) -> list[Point]:
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x - (x - cx) / d * by, y - (y - cy) / d * by))
    return out


def _dashes(pts: Sequence[Point], on: float, off: float) -> Iterable[tuple[Point, Point]]:
    """Split a polyline into dash segments."""
    drawing, left = True, on
    for i in range(len(pts) - 1):
        (x1, y1), (x2, y2) = pts[i], pts[i + 1]
        seg = math.hypot(x2 - x1, y2 - y1)
        t = 0.0
        while seg > 0 and t < seg:
            step = min(left, seg - t)
            if drawing:
                yield (
                    (x1 + (x2 - x1) * t / seg, y1 + (y2 - y1) * t / seg),
                    (x1 + (x2 - x1) * (t + step) / seg, y1 + (y2 - y1) * (t + step) / seg),
                )
            t += step
            left -= step
            if left <= 1e-9:
                drawing = not drawing
                left = on if drawing else off


# -- the frame -------------------------------------------------------------------------------


def draw_frame(
    screen: pygame.Surface,
    camera: Camera,
    view: BoardView,
    sprites: Sequence[Sprite] = (),
    highlight: Hex | None = None,
    *,
    viewport: pygame.Rect | None = None,
    build: bool = True,
) -> None:
    """Draw the visible part of the map, then `sprites`, then the `highlight` outline.

    `viewport` is the screen area the camera looks through (default: all of `screen`).
    With `build=False` a missing zoom surface is not built: the nearest cached one is
    scaled instead (for zoom animations, which pass through many zooms).
    """
    vp = viewport or screen.get_rect()
    zoom = camera.zoom
    if build or view.has_surface(zoom):
        level_zoom, level = zoom, view.surface(zoom)
    else:
        near = view.nearest_surface(zoom)
        level_zoom, level = near if near is not None else (zoom, view.surface(zoom))
    ox = round(camera.x * zoom)
    oy = round(camera.y * zoom)
    if level_zoom == zoom:
        src = pygame.Rect(ox, oy, vp.w, vp.h)
        part = src.clip(level.get_rect())
        if part.size != src.size:
            screen.fill(BACKGROUND, vp)
        if part.w > 0 and part.h > 0:
            screen.blit(level, (vp.x + part.x - ox, vp.y + part.y - oy), part)
    else:
        _draw_scaled(screen, camera, level, level_zoom, vp)

    clip = screen.get_clip()
    screen.set_clip(vp)
    try:
        if sprites:
            blits = []
            for spr in sprites:
                px = max(1, round(spr.size * zoom))
                img = view.scaled_sprite(spr.image, px)
                x = vp.x + round(spr.x * zoom) - ox - img.get_width() // 2
                y = vp.y + round(spr.y * zoom) - oy - img.get_height() // 2
                if (
                    x < vp.right
                    and y < vp.bottom
                    and x + img.get_width() > vp.x
                    and (y + img.get_height() > vp.y)
                ):
                    blits.append((img, (x, y)))
            screen.blits(blits, doreturn=False)
        if highlight is not None:
            grid = view.grid
            cx, cy = grid.cell_origin(*grid.to_cell(highlight))
            marker = view.highlight_sprite(zoom)
            screen.blit(marker, (vp.x + round(cx * zoom) - ox, vp.y + round(cy * zoom) - oy))
    finally:
        screen.set_clip(clip)


def _draw_scaled(
    screen: pygame.Surface,
    camera: Camera,
    level: pygame.Surface,
    level_zoom: float,
    vp: pygame.Rect,
) -> None:
    """Draw the viewport from a surface made for another zoom (scaled on the fly)."""
    mx, my, mw, mh = camera.visible_map_rect()
    src = pygame.Rect(
        math.floor(mx * level_zoom),
        math.floor(my * level_zoom),
        math.ceil(mw * level_zoom) + 2,
        math.ceil(mh * level_zoom) + 2,
    )
    part = src.clip(level.get_rect())
    screen.fill(BACKGROUND, vp)
    if part.w <= 0 or part.h <= 0:
        return
    k = camera.zoom / level_zoom
    size = (max(1, round(part.w * k)), max(1, round(part.h * k)))
    sx, sy = camera.to_screen(part.x / level_zoom, part.y / level_zoom)
    screen.blit(
        pygame.transform.scale(level.subsurface(part), size), (vp.x + round(sx), vp.y + round(sy))
    )


def render_board_to_png(
    board: Board,
    out_path: Path | str,
    scale: float = 1.0,
    seams: Seams | None = None,
    *,
    zones: bool = False,
) -> Path:
    """Draw a board or composed layout at `scale` and save it as PNG (`dragonnoir render`).

    The image has Tiled's map size at that scale, so it lines up with `tmxrasterizer`.
    It is written by `png.save_png` (zlib level 1, in parallel): ~6x faster than
    `pygame.image.save` for a six-board map, same pixels.
    """
    view = BoardView(board, seams)
    view.show_seams = bool(seams)
    view.show_zones = zones
    out = Path(out_path)
    save_png(view.surface(scale), out)
    return out
