"""Antialiased polygons and round-capped strokes, composited by the share of each pixel
they cover, drawn with pygame's own rasteriser.

Why: Tiled draws object shapes with QPainter's antialiasing, which weighs each pixel by
the area the shape covers. We estimate that area by drawing the shape 16 times larger
with `pygame.draw` and averaging each 16 x 16 block with `smoothscale` (256 samples a
pixel, all in C; 8 x 8 lost to the former pure-Python estimate on Tiled's pixels; callers
may ask for more, as `tmx_draw` does for maps drawn smaller than their size). Only
the parts of the picture an outline passes through are drawn large: the bounding box is
cut into 8 x 8 pixel tiles; a tile far from every outline is either wholly inside a
filled polygon (one blit of the colour) or left alone. Shapes are drawn once as a
coverage mask and reused (`MASK_PIXELS`). A board with 50 objects takes about 0.1 s, where
computing coverage pixel by pixel in Python took 70-95 s (issue 16, section 1).

Geometry conventions (pygame-ce 2.5): `draw.polygon` fills pixel (i, j) when the point
(i, j) is inside, after truncating the vertices to integers; `draw.circle` fills it when
the pixel centre (i + 0.5, j + 0.5) is within the radius. Coordinates are rounded to the
large grid so that both sample the pixel centres of the large grid.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

import pygame

from dragonnoir.render.compose import blit_over

Colour = tuple[int, int, int, int]
Point = tuple[float, float]
Segment = tuple[float, float, float, float]
#: The blits that drew shapes (surface, left, top), None for a shape drawn straight on
#: the canvas: what `tmx_draw` replays for the next point object of the same look.
Blits = list[tuple[pygame.Surface, int, int] | None]

#: Samples per pixel along each axis (by default: `stroke` and `fill` take others).
SAMPLES = 16
#: Output pixels per tile side.
TILE = 8
#: From a tile's centre to its corner.
_TILE_REACH = TILE * math.sqrt(0.5)
#: How much farther than a shape's reach a sample may be drawn (the outline is rounded
#: to the large grid: 1/32 of a pixel), with room to spare.
_MARGIN = 0.25


def segments(points: Sequence[Point], closed: bool) -> list[Segment]:
    """The segments joining `points` in order (and the last to the first if `closed`)."""
    segs = [(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(points)]
    if closed and len(points) > 2:
        segs.append((points[-1][0], points[-1][1], points[0][0], points[0][1]))
    return segs


def _segment_distance(px: float, py: float, seg: Segment) -> float:
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
    ex, ey = x1 + t * dx - px, y1 + t * dy - py
    return math.hypot(ex, ey)


def _segment_box_distance(seg: Segment, bx0: float, by0: float, bx1: float, by1: float) -> float:
    """Distance between a segment and the box [bx0, bx1] x [by0, by1]; 0 if they meet."""
    x1, y1, x2, y2 = seg
    dx, dy = x2 - x1, y2 - y1
    # Liang-Barsky: the part of the segment inside the box, t0 <= t <= t1, if any.
    t0, t1, crosses = 0.0, 1.0, True
    for p, q in ((-dx, x1 - bx0), (dx, bx1 - x1), (-dy, y1 - by0), (dy, by1 - y1)):
        if p == 0:
            crosses = crosses and q >= 0
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    if crosses and t0 <= t1:
        return 0.0
    # Apart: the nearest points are an end of the segment and the box, or a corner of
    # the box and the segment.
    ends = (
        math.hypot(max(bx0 - x, 0.0, x - bx1), max(by0 - y, 0.0, y - by1))
        for x, y in ((x1, y1), (x2, y2))
    )
    corners = (_segment_distance(x, y, seg) for x in (bx0, bx1) for y in (by0, by1))
    return min(*ends, *corners)


def _inside_odd_even(px: float, py: float, segs: Sequence[Segment]) -> bool:
    inside = False
    for x1, y1, x2, y2 in segs:
        if (y1 > py) != (y2 > py):
            xc = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
            if px < xc:
                inside = not inside
    return inside


class _Painter:
    """Composites `colour` (alpha scaled by `opacity`) over `canvas` where a shape lies.

    `draw(big, x0, y0, opaque)` draws the shape in the colour `opaque` on a tile drawn
    `samples` times larger whose top-left output pixel is (x0, y0); `near` lists the
    segments the outline runs along and `reach` how far from them it may cover;
    `inside(x, y)` says whether a point away from the outline is covered. `over`:
    composite with `compose.blit_over` (onto a picture; a fresh mask needs no care)."""

    def __init__(
        self,
        canvas: pygame.Surface,
        colour: Colour,
        opacity: float,
        over: bool = False,
        samples: int = SAMPLES,
    ) -> None:
        self.canvas = canvas
        self.over = over
        r, g, b, a = colour
        self.rgb = (r, g, b)
        self.alpha = round(a * max(0.0, min(1.0, opacity)))
        self.big = pygame.Surface((TILE * samples,) * 2, pygame.SRCALPHA, 32)
        self.solid: pygame.Surface | None = None

    def paint(
        self,
        bounds: tuple[float, float, float, float],
        near: Sequence[Segment],
        reach: float,
        draw: object,
        inside: object = None,
    ) -> None:
        assert callable(draw)
        if self.alpha <= 0:
            return
        cw, ch = self.canvas.get_size()
        x0 = max(0, math.floor(bounds[0]) - 1)
        y0 = max(0, math.floor(bounds[1]) - 1)
        x1 = min(cw, math.ceil(bounds[2]) + 1)
        y1 = min(ch, math.ceil(bounds[3]) + 1)
        if x1 <= x0 or y1 <= y0:
            return
        edge_tiles = self._tiles_near(near, reach, x0, y0, x1, y1)
        # The generic filter: the same pixels on every CPU (the SIMD ones round
        # differently), as render/art.py's smoothscale_portable.
        backend = pygame.transform.get_smoothscale_backend()
        pygame.transform.set_smoothscale_backend("GENERIC")
        try:
            for ty in range(y0, y1, TILE):
                for tx in range(x0, x1, TILE):
                    w, h = min(TILE, x1 - tx), min(TILE, y1 - ty)
                    if (tx, ty) in edge_tiles:
                        self._edge_tile(draw, tx, ty, w, h)
                    elif callable(inside) and inside(tx + w / 2, ty + h / 2):
                        self._solid_tile(tx, ty, w, h)
        finally:
            pygame.transform.set_smoothscale_backend(backend)

    def _tiles_near(
        self, near: Sequence[Segment], reach: float, x0: int, y0: int, x1: int, y1: int
    ) -> set[tuple[int, int]]:
        """Top-left corners of the tiles of the grid from (x0, y0) that come within
        `reach` of a segment (and a margin for the large grid's rounding): the tiles
        whose tiles' centres are near enough are tested exactly, tile box against
        segment, which leaves out about half of them (the rows beside a level line)."""
        found: set[tuple[int, int]] = set()
        near_enough = reach + _MARGIN
        limit = near_enough + _TILE_REACH
        for seg in near:
            lo_x = max(x0, math.floor(min(seg[0], seg[2]) - limit))
            hi_x = min(x1, math.ceil(max(seg[0], seg[2]) + limit))
            lo_y = max(y0, math.floor(min(seg[1], seg[3]) - limit))
            hi_y = min(y1, math.ceil(max(seg[1], seg[3]) + limit))
            first_x = x0 + (lo_x - x0) // TILE * TILE
            first_y = y0 + (lo_y - y0) // TILE * TILE
            for ty in range(first_y, hi_y, TILE):
                for tx in range(first_x, hi_x, TILE):
                    if (tx, ty) in found:
                        continue
                    if _segment_distance(
                        tx + TILE / 2, ty + TILE / 2, seg
                    ) <= limit and near_enough >= _segment_box_distance(
                        seg, tx, ty, tx + TILE, ty + TILE
                    ):
                        found.add((tx, ty))
        return found

    def _edge_tile(self, draw: object, tx: int, ty: int, w: int, h: int) -> None:
        assert callable(draw)
        big = self.big
        big.fill((*self.rgb, 0))  # transparent, but of the colour: averages keep it
        draw(big, tx, ty, (*self.rgb, 255))
        small = pygame.transform.smoothscale(big, (TILE, TILE))
        if self.alpha < 255:
            small.fill((255, 255, 255, self.alpha), special_flags=pygame.BLEND_RGBA_MULT)
        self._blit(small if (w, h) == (TILE, TILE) else small.subsurface(0, 0, w, h), tx, ty)

    def _solid_tile(self, tx: int, ty: int, w: int, h: int) -> None:
        if self.solid is None:
            self.solid = pygame.Surface((TILE, TILE), pygame.SRCALPHA, 32)
            self.solid.fill((*self.rgb, self.alpha))
        self._blit(self.solid.subsurface(0, 0, w, h), tx, ty)

    def _blit(self, surface: pygame.Surface, x: int, y: int) -> None:
        if self.over:
            blit_over(self.canvas, surface, (x, y))
        else:
            self.canvas.blit(surface, (x, y))


def _plain_blit(canvas: pygame.Surface, surface: pygame.Surface, pos: tuple[int, int]) -> None:
    canvas.blit(surface, pos)


def _big_polygon(
    points: Sequence[Point], x0: int, y0: int, s: int = SAMPLES
) -> list[tuple[int, int]]:
    """`points` on the large grid (`s` samples a pixel) of the tile at (x0, y0), for
    `draw.polygon`."""
    return [(round((x - x0) * s - 0.5), round((y - y0) * s - 0.5)) for x, y in points]


#: Shapes whose box holds at most this many pixels are drawn once as a coverage mask,
#: kept for the next shape of the same outline at the same sub-pixel offset: the shadow
#: Tiled draws one pixel down-right of every outline, the pins of point objects, the
#: same rectangle on many cells. Bigger ones are drawn straight on the canvas.
MASK_PIXELS = 1 << 22
#: The masks kept, in pixels, before the cache starts again.
_CACHE_PIXELS = 1 << 24
_MASKS: dict[tuple[object, ...], pygame.Surface] = {}
#: The masks in the colours they were drawn in, at most `_TINTED_MAX` of them.
_TINTED: dict[tuple[object, ...], pygame.Surface] = {}
_TINTED_MAX = 256
_cached_pixels = 0


def _paint_shape(
    canvas: pygame.Surface,
    key: tuple[object, ...],
    points: Sequence[Point],
    margin: float,
    colour: Colour,
    opacity: float,
    direct: Callable[[pygame.Surface, Sequence[Point], Colour, float, bool], None],
    record: Blits | None = None,
    over: bool = True,
) -> None:
    """`direct(canvas, points, colour, opacity, over)` through a cached mask when it is
    small; `record` gets the blit that drew it (None when the shape was drawn directly).
    `over`: composited with `compose.blit_over`, as Qt composites over translucent
    pixels (the caller may know that every pixel under the shape is opaque, where
    pygame's blit is right and faster)."""
    put = blit_over if over else _plain_blit
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, y0 = math.floor(min(xs) - margin) - 1, math.floor(min(ys) - margin) - 1
    x1, y1 = math.ceil(max(xs) + margin) + 2, math.ceil(max(ys) + margin) + 2
    area = (x1 - x0) * (y1 - y0)
    if area > MASK_PIXELS:
        direct(canvas, points, colour, opacity, over)
        if record is not None:
            record.append(None)
        return
    alpha = round(colour[3] * max(0.0, min(1.0, opacity)))
    if alpha <= 0:
        return
    # The outline relative to the mask, to 1/4096 of a pixel: shapes that differ by
    # less are the same coverage to within 1/255.
    grid, floor = 4096.0, math.floor
    full_key = (
        *key,
        tuple([floor((x - x0) * grid + 0.5) for x in xs]),
        tuple([floor((y - y0) * grid + 0.5) for y in ys]),
    )
    tinted = _TINTED.get((full_key, colour[:3], alpha))
    if tinted is not None:  # the same shape in the same colour again (Tiled's pins)
        put(canvas, tinted, (x0, y0))
        if record is not None:
            record.append((tinted, x0, y0))
        return
    mask = _MASKS.get(full_key)
    if mask is None:
        moved = [(x - x0, y - y0) for x, y in points]
        global _cached_pixels
        if _cached_pixels + area > _CACHE_PIXELS:
            _MASKS.clear()
            _TINTED.clear()
            _cached_pixels = 0
        _cached_pixels += area
        mask = pygame.Surface((x1 - x0, y1 - y0), pygame.SRCALPHA, 32)
        mask.fill((255, 255, 255, 0))
        direct(mask, moved, (255, 255, 255, 255), 1.0, False)
        _MASKS[full_key] = mask
    tinted = mask.copy()
    tinted.fill((*colour[:3], alpha), special_flags=pygame.BLEND_RGBA_MULT)
    if len(_TINTED) >= _TINTED_MAX:
        _TINTED.clear()
    _TINTED[(full_key, colour[:3], alpha)] = tinted
    put(canvas, tinted, (x0, y0))
    if record is not None:
        record.append((tinted, x0, y0))


def stroke(
    canvas: pygame.Surface,
    points: Sequence[Point],
    closed: bool,
    radius: float,
    colour: Colour,
    opacity: float = 1.0,
    record: Blits | None = None,
    over: bool = True,
    samples: int = SAMPLES,
) -> None:
    """A round-capped, round-joined stroke of half-width `radius` along `points`: every
    point within `radius` of the line (a cosmetic pen of width 2 * radius), estimated
    with `samples` x `samples` samples a pixel. `record`, `over`: see `_paint_shape`."""
    if not points:
        return

    def direct(
        on: pygame.Surface, pts: Sequence[Point], col: Colour, op: float, over: bool
    ) -> None:
        _stroke_direct(on, pts, closed, radius, col, op, over, samples)

    key = ("stroke", closed, radius, samples)
    _paint_shape(canvas, key, points, radius, colour, opacity, direct, record, over)


def _stroke_direct(
    canvas: pygame.Surface,
    points: Sequence[Point],
    closed: bool,
    radius: float,
    colour: Colour,
    opacity: float,
    over: bool = False,
    s: int = SAMPLES,
) -> None:
    segs = segments(points, closed) or [(points[0][0], points[0][1]) * 2]
    # pygame fills a polygon's pixels on its outline too: half a large pixel more on
    # each side than the shape, so the quads are drawn that much narrower.
    half_width = radius - 0.5 / s
    pieces: list[tuple[float, float, float, float, list[Point] | Point]] = []
    for x1, y1, x2, y2 in segs:
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        nx, ny = -(y2 - y1) / length * half_width, (x2 - x1) / length * half_width
        quad = [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)]
        pieces.append((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2), quad))
    for x, y in points:  # the round joins and caps
        pieces.append((x, y, x, y, (x, y)))
    big_r = radius * s
    reach = radius + 1.0

    def draw(big: pygame.Surface, x0: int, y0: int, opaque: Colour) -> None:
        right, bottom = x0 + TILE + reach, y0 + TILE + reach
        left, top = x0 - reach, y0 - reach
        for px0, py0, px1, py1, piece in pieces:
            if px1 < left or px0 > right or py1 < top or py0 > bottom:
                continue  # nowhere near this tile
            if isinstance(piece, list):
                pygame.draw.polygon(big, opaque, _big_polygon(piece, x0, y0, s))
            else:
                centre = (round((piece[0] - x0) * s), round((piece[1] - y0) * s))
                pygame.draw.circle(big, opaque, centre, big_r)

    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    bounds = (min(xs) - radius, min(ys) - radius, max(xs) + radius, max(ys) + radius)
    _Painter(canvas, colour, opacity, over, s).paint(bounds, segs, radius, draw)


def fill(
    canvas: pygame.Surface,
    points: Sequence[Point],
    colour: Colour,
    opacity: float = 1.0,
    record: Blits | None = None,
    over: bool = True,
    samples: int = SAMPLES,
) -> None:
    """Fill a polygon by the odd-even rule (Qt's default for drawPolygon and paths),
    estimated with `samples` x `samples` samples a pixel. `record`, `over`: see
    `_paint_shape`."""
    if len(points) < 3:
        return

    def direct(
        on: pygame.Surface, pts: Sequence[Point], col: Colour, op: float, over: bool
    ) -> None:
        _fill_direct(on, pts, col, op, over, samples)

    _paint_shape(canvas, ("fill", samples), points, 0.0, colour, opacity, direct, record, over)


def _inset(points: Sequence[Point], distance: float) -> list[Point]:
    """`points` moved `distance` into the polygon (mitred, the mitre capped at 4x)."""
    n = len(points)
    area2 = sum(
        points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1]
        for i in range(n)
    )
    sign = 1.0 if area2 >= 0 else -1.0  # (-dy, dx) points inwards when area2 > 0 (y down)

    def normal(a: Point, b: Point) -> Point:
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        return (-dy / length * sign, dx / length * sign)

    out: list[Point] = []
    for i, p in enumerate(points):
        n1 = normal(points[i - 1], p)
        n2 = normal(p, points[(i + 1) % n])
        k = distance / max(0.25, 1.0 + n1[0] * n2[0] + n1[1] * n2[1])
        out.append((p[0] + (n1[0] + n2[0]) * k, p[1] + (n1[1] + n2[1]) * k))
    return out


def _fill_direct(
    canvas: pygame.Surface,
    points: Sequence[Point],
    colour: Colour,
    opacity: float,
    over: bool = False,
    s: int = SAMPLES,
) -> None:
    segs = segments(points, True)
    # pygame fills the pixels on a polygon's outline too (see `_stroke_direct`).
    drawn = _inset(points, 0.5 / s)

    def draw(big: pygame.Surface, x0: int, y0: int, opaque: Colour) -> None:
        pygame.draw.polygon(big, opaque, _big_polygon(drawn, x0, y0, s))

    def inside(x: float, y: float) -> bool:
        return _inside_odd_even(x, y, segs)

    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    bounds = (min(xs), min(ys), max(xs), max(ys))
    _Painter(canvas, colour, opacity, over, s).paint(bounds, segs, 0.0, draw, inside)
