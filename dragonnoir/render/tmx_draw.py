"""Draw any hexagonal `TmxMap` the way Tiled 1.8.2's `tmxrasterizer` draws it.

Why mimic one program pixel for pixel: the board art is made in Tiled, and the only
trustworthy statement "the game shows the map the artist drew" is "our image equals
Tiled's image". `tests/render/test_against_tiled.py` checks exactly that against maps
nobody on this project made. Every rule below is Tiled's, taken from its source
(tmxrasterizer.cpp, maprenderer.cpp, hexagonalrenderer.cpp, orthogonalrenderer.cpp) and
confirmed on renders made with the installed `tmxrasterizer` 1.8.2:

Image size
    The hexagonal map bounding rectangle (`HexGrid.map_pixel_size` of the map's grid,
    whose tile sizes are those Tiled lays the map out with: odd ones rounded down to
    even by Tiled 1.8, see `HexGrid.from_tmx`) grown by
    `Map::computeLayerOffsetMargins`: for every layer, hidden or not, the margins
    `ceil(-dx), ceil(-dy), ceil(dx), ceil(dy)` of its offset, kept at the maximum and
    never below zero. Then multiplied by the scale and truncated to int. The background
    is transparent: tmxrasterizer never paints the map's background colour.
Drawing order
    Layers in file order (groups flattened by the reader); invisible layers skipped.
    Within a tile layer, cells in Tiled's walk (`hexmap/tiled_walk.py`): by screen
    rows, for stagger axis x the un-shifted columns of a row before its shifted ones.
Tiles
    Anchored bottom-left at (cell box left, cell box top + tile height), the box where
    Tiled's walk puts it (on a flat-top map whose tile width less side is odd, a pixel
    further right every two columns than the cell's outline, as Tiled 1.8 draws), plus the
    tileset's tile offset, at the size of the tile image (no scaling to the grid). Flips
    first, then the hex rotation bits (60 and 120 degrees clockwise, added) about the
    centre of the tile image. Layer offset (may be fractional) and opacity (applied per
    tile, not to the layer as a whole) as `painter.translate` / `setOpacity` do; an
    untransformed pixmap at a fractional position lands at `qRound` of it.
    Smooth pixmap transforms are on by default in tmxrasterizer, so rotated tiles are
    bilinear-sampled; this module emulates Qt's sampling rather than using
    `pygame.transform.rotate`, whose pixel grid differs.
    A cell whose gid has no tile image gets Tiled's "missing image" marker.
Image layers
    Drawn at the layer offset; with repeatx/repeaty (Tiled 1.8), repeated from there
    across the whole image that way, as tmxrasterizer fills them.
Objects
    Tile objects exactly (image scaled to the object size, bottom-left at the object
    position, flips, rotation about the position). Shapes (rectangle, ellipse, polygon,
    polyline, point) in Tiled's style - the object colour (layer colour or Qt's grey
    #a0a0a4) at alpha 50 as fill, a 2 px round-joined outline (2 device pixels at any
    scale: a cosmetic pen) and a black shadow one map pixel down-right (`scale` device
    pixels: tmxrasterizer leaves the renderer's painterScale at 1) - antialiased as
    QPainter does, by the share of each pixel covered, estimated by `render/coverage.py`
    with pygame's drawing at 16 x 16 samples a pixel, more when drawn smaller (32 x 32
    at 0.5: as many a map pixel), and blended by `render/compose.py` as Qt blends over
    translucent pixels (edges close to Qt's, not identical:
    `tests/render/test_against_tiled.py` counts the pixels). Text objects
    are not drawn (fonts cannot be matched).
Animated tiles
    Drawn as their first frame, as tmxrasterizer does without --advance-animations.
Not reproduced (Tiled 1.8 ignores it too, or the model has no field for it)
    layer tint colours (Tiled 1.9+), parallax.

Scale
    Everything is drawn straight at the output resolution, each image through the same
    transform as Qt's (scale, flips, rotation), so scaled renders sample like Qt's too:
    bilinear at each pixel centre (at 0.5, the mean of 2 x 2 texels), and an edge that
    falls on a pixel centre keeps that pixel on the right and bottom, not on the left
    and top (TMXLoader's 19 x 20 tiles at 0.5: 95.0% of pixels agreed before, 100%).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from pathlib import Path

import pygame

from dragonnoir.hexmap.tiled_walk import Margins, drawn_cells
from dragonnoir.hexmap.tmxmodel import (
    FLIP_H,
    FLIP_V,
    GID_MASK,
    ROT_60,
    ROT_120,
    ImageLayer,
    Layer,
    MapObject,
    ObjectLayer,
    TileLayer,
    Tileset,
    TmxMap,
)
from dragonnoir.render.compose import Compositor, blit_over, translucent_mask
from dragonnoir.render.coverage import Blits, fill, stroke
from dragonnoir.render.images import ImageCache, parse_colour
from dragonnoir.render.png import save_png

__all__ = [
    "TILED_DEFAULT_OBJECT_COLOUR",
    "output_size",
    "render_tmx",
    "render_tmx_to_png",
]

Colour = tuple[int, int, int, int]

#: Qt::gray, the colour Tiled gives objects when neither their type nor layer sets one.
TILED_DEFAULT_OBJECT_COLOUR: Colour = (160, 160, 164, 255)

_SHARED_CACHE = ImageCache()


# -- geometry ------------------------------------------------------------------------------


def _offset_margins(layers: list[Layer]) -> tuple[int, int, int, int]:
    """`Map::computeLayerOffsetMargins`: (left, top, right, bottom), hidden layers too."""
    left = top = right = bottom = 0
    for layer in layers:
        dx, dy = layer.offset
        left = max(left, math.ceil(-dx))
        top = max(top, math.ceil(-dy))
        right = max(right, math.ceil(dx))
        bottom = max(bottom, math.ceil(dy))
    return (left, top, right, bottom)


def _unscaled_size(tmx_map: TmxMap) -> tuple[int, int]:
    w, h = tmx_map.pixel_size()
    left, top, right, bottom = _offset_margins(tmx_map.layers)
    return (w + left + right, h + top + bottom)


def output_size(tmx_map: TmxMap, scale: float = 1.0) -> tuple[int, int]:
    """Pixel size of `tmxrasterizer -s scale` output for this map (int truncation, as
    `QSize::rwidth() *= qreal` does)."""
    w, h = _unscaled_size(tmx_map)
    return (int(w * scale), int(h * scale))


def _qround(v: float) -> int:
    """Qt's qRound for the values we meet: halves round up."""
    return math.floor(v + 0.5)


# -- pixel helpers ---------------------------------------------------------------------------


def _with_opacity(
    cache: ImageCache, key: object, surface: pygame.Surface, opacity: float
) -> pygame.Surface:
    """`surface` to be blitted at `opacity` (a cached copy with surface alpha set)."""
    if opacity >= 1.0:
        return surface
    alpha = _qround(max(0.0, opacity) * 255)

    def make() -> pygame.Surface:
        faded = surface.copy()
        faded.set_alpha(alpha)
        return faded

    result = cache.derived(("opacity", key, alpha), make)
    assert isinstance(result, pygame.Surface)
    return result


def _read_premultiplied(surface: pygame.Surface) -> list[list[tuple[int, int, int, int]]]:
    """Pixels of `surface` as premultiplied RGBA rows (what Qt interpolates)."""
    w, h = surface.get_size()
    rows: list[list[tuple[int, int, int, int]]] = []
    for y in range(h):
        row = []
        for x in range(w):
            r, g, b, a = surface.get_at((x, y))
            row.append((r * a, g * a, b * a, a))
        rows.append(row)
    return rows


def _transformed_image(
    source: pygame.Surface,
    flip_h: bool,
    flip_v: bool,
    angle: float,
    scale_x: float,
    scale_y: float,
    frac_x: float,
    frac_y: float,
    smooth: bool,
) -> tuple[pygame.Surface, int, int]:
    """`source` flipped, scaled, then rotated `angle` degrees clockwise about its centre,
    placed with its centre at (frac_x, frac_y), rasterised as Qt's raster engine does:
    aliased edges (a pixel is covered when its centre is inside, or on the right or
    bottom edge) and bilinear (or nearest) sampling of premultiplied colour at the pixel
    centre, clamped to the image.

    Returns the surface and its top-left pixel relative to the integer part of the
    centre. Written per pixel in Python: tiles are small and every result is cached.
    """
    w, h = source.get_size()
    pixels = _read_premultiplied(source)
    rad = math.radians(angle)
    cos_a, sin_a = math.cos(rad), math.sin(rad)
    hw, hh = w / 2.0, h / 2.0
    ow, oh = hw * scale_x, hh * scale_y
    corners = ((-ow, -oh), (ow, -oh), (ow, oh), (-ow, oh))
    xs = [cx * cos_a - cy * sin_a for cx, cy in corners]
    ys = [cx * sin_a + cy * cos_a for cx, cy in corners]
    i0 = math.floor(frac_x + min(xs)) - 1
    i1 = math.ceil(frac_x + max(xs)) + 1
    j0 = math.floor(frac_y + min(ys)) - 1
    j1 = math.ceil(frac_y + max(ys)) + 1
    out = pygame.Surface((i1 - i0, j1 - j0), pygame.SRCALPHA, 32)
    out.fill((0, 0, 0, 0))

    def texel(x: int, y: int) -> tuple[int, int, int, int]:
        x = 0 if x < 0 else (w - 1 if x >= w else x)
        y = 0 if y < 0 else (h - 1 if y >= h else y)
        return pixels[y][x]

    eps = 1e-9
    inv_x, inv_y = 1.0 / scale_x, 1.0 / scale_y
    for j in range(j0, j1):
        dy = j + 0.5 - frac_y
        for i in range(i0, i1):
            dx = i + 0.5 - frac_x
            qx = (dx * cos_a + dy * sin_a) * inv_x + hw
            qy = (-dx * sin_a + dy * cos_a) * inv_y + hh
            # Qt's aliased fill: a pixel whose centre lies on the image's edge belongs
            # to it on the right and bottom edges, not on the left and top ones (as
            # qRound(left) <= i < qRound(right)); it matters when a scale puts edges on
            # half pixels (19 px tiles at 0.5).
            if not (eps < qx <= w + eps and eps < qy <= h + eps):
                continue
            if flip_h:
                qx = w - qx
            if flip_v:
                qy = h - qy
            if smooth:
                sx, sy = qx - 0.5, qy - 0.5
                x0, y0 = math.floor(sx), math.floor(sy)
                fx, fy = sx - x0, sy - y0
                p00, p10 = texel(x0, y0), texel(x0 + 1, y0)
                p01, p11 = texel(x0, y0 + 1), texel(x0 + 1, y0 + 1)
                c = [
                    (p00[k] * (1 - fx) + p10[k] * fx) * (1 - fy)
                    + (p01[k] * (1 - fx) + p11[k] * fx) * fy
                    for k in range(4)
                ]
            else:
                p = texel(math.floor(qx), math.floor(qy))
                c = [float(p[0]), float(p[1]), float(p[2]), float(p[3])]
            a = c[3]
            if a < 0.5:
                continue
            out.set_at(
                (i - i0, j - j0),
                (
                    min(255, _qround(c[0] / a)),
                    min(255, _qround(c[1] / a)),
                    min(255, _qround(c[2] / a)),
                    min(255, _qround(a)),
                ),
            )
    return out, i0, j0


def _draw_image(
    canvas: pygame.Surface,
    cache: ImageCache,
    image_key: object,
    image: pygame.Surface,
    left: float,
    top: float,
    flip_h: bool,
    flip_v: bool,
    angle: float,
    opacity: float,
    smooth: bool,
    scale_x: float = 1.0,
    scale_y: float = 1.0,
    to: Compositor | None = None,
) -> None:
    """Draw `image` scaled by (scale_x, scale_y) with its untransformed top-left at output
    pixel (left, top), flipped then rotated `angle` degrees clockwise about its centre,
    as CellRenderer does; through the layer's compositor `to` if given."""
    angle %= 360.0
    if angle == 180.0:
        flip_h, flip_v, angle = not flip_h, not flip_v, 0.0
    if angle == 0.0 and scale_x == 1.0 and scale_y == 1.0:
        if flip_h or flip_v:
            key: object = ("flip", image_key, flip_h, flip_v)

            def make_flip() -> pygame.Surface:
                return pygame.transform.flip(image, flip_h, flip_v)

            surface = cache.derived(key, make_flip)
            assert isinstance(surface, pygame.Surface)
        else:
            key, surface = image_key, image
        surface = _with_opacity(cache, key, surface, opacity)
        _blit(canvas, cache, (key, opacity), surface, (_qround(left), _qround(top)), to)
        return
    w, h = image.get_size()
    cx, cy = left + w * scale_x / 2.0, top + h * scale_y / 2.0
    ix, iy = math.floor(cx), math.floor(cy)
    fx, fy = round(cx - ix, 6), round(cy - iy, 6)
    rkey = ("xform", image_key, flip_h, flip_v, round(angle, 6), scale_x, scale_y, fx, fy, smooth)

    def make_xform() -> tuple[pygame.Surface, int, int]:
        return _transformed_image(image, flip_h, flip_v, angle, scale_x, scale_y, fx, fy, smooth)

    made = cache.derived(rkey, make_xform)
    assert isinstance(made, tuple)
    surface, dx, dy = made
    surface = _with_opacity(cache, rkey, surface, opacity)
    _blit(canvas, cache, (rkey, opacity), surface, (ix + dx, iy + dy), to)


def _blit(
    canvas: pygame.Surface,
    cache: ImageCache,
    key: object,
    surface: pygame.Surface,
    pos: tuple[int, int],
    to: Compositor | None,
) -> None:
    """Blit a drawn image, through the layer's compositor when there is one (which
    blends translucent pixels, antialiased art or edges sampled at a scale, over
    translucent pixels as Qt does; pygame's blit darkens or tints them)."""
    if to is None:
        canvas.blit(surface, pos)
        return
    translucent = cache.derived(("translucent", key), lambda: translucent_mask(surface))
    to.blit(surface, pos, translucent)  # type: ignore[arg-type]


def _draw_missing_marker(
    canvas: pygame.Surface,
    left: float,
    top: float,
    width: float,
    height: float,
    opacity: float,
    to: Compositor | None = None,
) -> None:
    """Tiled's `renderMissingImageMarker`: translucent black box, red outline and cross."""
    w, h = max(1, _qround(width)), max(1, _qround(height))
    marker = pygame.Surface((w, h), pygame.SRCALPHA, 32)
    marker.fill((0, 0, 0, 128))
    red = (255, 0, 0, 255)
    pygame.draw.rect(marker, red, marker.get_rect(), 1)
    pygame.draw.line(marker, red, (0, 0), (w - 1, h - 1))
    pygame.draw.line(marker, red, (w - 1, 0), (0, h - 1))
    if opacity < 1.0:
        marker.set_alpha(_qround(max(0.0, opacity) * 255))
    pos = (_qround(left), _qround(top))
    if to is None:
        canvas.blit(marker, pos)
    else:
        to.blit(marker, pos, translucent_mask(marker))


# -- tiles ---------------------------------------------------------------------------------


def _tileset_for(tmx_map: TmxMap, gid: int) -> Tileset | None:
    """The tileset Tiled's GidMapper picks: the greatest first gid not above `gid`."""
    found: Tileset | None = None
    for ts in tmx_map.tilesets:
        if ts.first_gid <= gid and (found is None or ts.first_gid > found.first_gid):
            found = ts
    return found


def _tile_image(
    tmx_map: TmxMap, cache: ImageCache, gid: int
) -> tuple[Tileset | None, int, pygame.Surface | None]:
    ts = _tileset_for(tmx_map, gid)
    if ts is None:
        return (None, 0, None)
    local = gid - ts.first_gid
    # tmxrasterizer shows tile animations (at time 0 unless --advance-animations), so an
    # animated tile is drawn as its first frame.
    tile = ts.tiles.get(local)
    frames = getattr(tile, "animation", None) if tile is not None else None
    if frames:
        local = int(frames[0][0])
    return (ts, local, cache.tile(ts, local))


def _file_tile_size(tmx_map: TmxMap) -> tuple[int, int]:
    """The map's tilewidth/tileheight as written (Tiled's `map()->tileSize()`)."""
    size = getattr(tmx_map, "file_tile_size", None)
    if size is not None:
        return (int(size[0]), int(size[1]))
    return (tmx_map.grid.tile_width, tmx_map.grid.tile_height)


def _tile_overhang(tmx_map: TmxMap, layer: TileLayer) -> Margins:
    """How far the tiles of `layer` may reach out of their cells' boxes (left, top, right,
    bottom), as Tiled 1.8 reckons it to choose the area it walks: `TileLayer::drawMargins`
    (the longest tile side of the tilesets the layer uses, up and right, and their tile
    offsets) less the map's tile size as written, up and right
    (`MapRenderer::drawTileLayer`)."""
    gids = {raw & GID_MASK for raw in set().union(*layer.data)} - {0}
    used = {id(ts): ts for ts in map(tmx_map.tileset_for, gids) if ts is not None}.values()
    longest = max((max(ts.tile_width, ts.tile_height) for ts in used), default=0)
    offsets = [ts.tile_offset for ts in used]
    left = max([0] + [-x for x, _ in offsets])
    top = max([0] + [-y for _, y in offsets])
    right = max([0] + [x for x, _ in offsets])
    bottom = max([0] + [y for _, y in offsets])
    tw, th = _file_tile_size(tmx_map)
    return (left, top + longest - th, right + longest - tw, bottom)


def _cells_in_draw_order(tmx_map: TmxMap, layer: TileLayer) -> Iterator[tuple[int, int, int]]:
    """(raw gid, x, y) of the non-empty cells in Tiled's drawing order, with the top-left
    of the box Tiled draws each in (`hexmap/tiled_walk.py`)."""
    data = layer.data
    overhang = _tile_overhang(tmx_map, layer)
    for col, row, x, y in drawn_cells(tmx_map.grid, layer.width, layer.height, overhang):
        try:
            raw = data[row][col]
        except IndexError:  # a layer built with short rows: the rest is empty
            continue
        if raw & GID_MASK:
            yield (raw, x, y)


def _draw_tile_layer(
    canvas: pygame.Surface,
    tmx_map: TmxMap,
    layer: TileLayer,
    origin: tuple[float, float],
    scale: float,
    cache: ImageCache,
    smooth: bool,
) -> None:
    """`origin` is the layer's map-pixel origin on the unscaled canvas."""
    ox, oy = origin
    tile_height = tmx_map.grid.tile_height
    for raw, bx, by in _cells_in_draw_order(tmx_map, layer):
        gid = raw & GID_MASK
        # Bottom-left anchor: the box's left edge, its top plus the grid's tile height.
        ax, ay = ox + bx, oy + by + tile_height
        ts, local, image = _tile_image(tmx_map, cache, gid)
        if ts is None or image is None:
            # Tiled: `tile ? tile->size() : map()->tileSize()`; a tile without a usable
            # image is drawn as the marker at the map's tile size.
            tw, th = _file_tile_size(tmx_map)
            _draw_missing_marker(
                canvas, ax * scale, (ay - th) * scale, tw * scale, th * scale, layer.opacity
            )
            continue
        h = image.get_height()
        tx, ty = ts.tile_offset
        angle = (60.0 if raw & ROT_60 else 0.0) + (120.0 if raw & ROT_120 else 0.0)
        _draw_image(
            canvas,
            cache,
            ("tile", id(ts), local),
            image,
            (ax + tx) * scale,
            (ay - h + ty) * scale,
            bool(raw & FLIP_H),
            bool(raw & FLIP_V),
            angle,
            layer.opacity,
            smooth,
            scale,
            scale,
        )


# -- image layers ----------------------------------------------------------------------------


def _draw_image_layer(
    canvas: pygame.Surface,
    layer: ImageLayer,
    origin: tuple[float, float],
    scale: float,
    cache: ImageCache,
    smooth: bool,
) -> None:
    """The image at the layer's origin; with repeatx/repeaty, repeated from there across
    the whole canvas that way (both directions), as tmxrasterizer 1.8 fills it."""
    image = cache.image(layer.image)
    if image is None:
        return
    w, h = image.get_size()
    cw, ch = canvas.get_size()
    xs, ys = [origin[0]], [origin[1]]
    if layer.repeat_x and w > 0:
        first = origin[0] - math.ceil(origin[0] / w) * w  # at or left of the canvas edge
        xs = [first + i * w for i in range(math.ceil((cw / scale - first) / w) + 1)]
    if layer.repeat_y and h > 0:
        first = origin[1] - math.ceil(origin[1] / h) * h
        ys = [first + j * h for j in range(math.ceil((ch / scale - first) / h) + 1)]
    key: object = ("image", id(image))
    clip = canvas.get_clip()
    repeats = layer.repeat_x or layer.repeat_y
    small = (len(xs) + 2) * (len(ys) + 2) * w * h <= 1 << 18
    scaled = scale != 1.0 and repeats
    if (
        scaled
        and not small
        and _draw_periodic_pattern(canvas, layer, image, xs[0], ys[0], scale, cache, smooth)
    ):
        return
    if scaled and small:
        # Qt fills a rectangle with the image as a brush: scaled, each copy is sampled
        # together with its neighbours, across the rectangle's edges too (the brush
        # repeats both ways), and the rectangle's edges are rounded to whole pixels. Drawn as
        # one image of all the copies, one more on each side that does not repeat, and
        # clipped to the rectangle, it is sampled the same way (per pixel in Python, so
        # only for patterns of up to 2^18 source pixels; larger canvases draw one period
        # of the pattern this way and repeat it: `_draw_periodic_pattern`).
        if not layer.repeat_x:
            lo, hi = _qround(origin[0] * scale), _qround((origin[0] + w) * scale)
            canvas.set_clip(pygame.Rect(lo, 0, hi - lo, canvas.get_height()).clip(clip))
            xs = [xs[0] - w, xs[0], xs[0] + w]
        if not layer.repeat_y:
            lo, hi = _qround(origin[1] * scale), _qround((origin[1] + h) * scale)
            canvas.set_clip(pygame.Rect(0, lo, canvas.get_width(), hi - lo).clip(clip))
            ys = [ys[0] - h, ys[0], ys[0] + h]
        pattern = pygame.Surface((len(xs) * w, len(ys) * h), pygame.SRCALPHA, 32)
        pattern.fill((0, 0, 0, 0))
        for j in range(len(ys)):
            for i in range(len(xs)):
                pattern.blit(image, (i * w, j * h))
        key, image, xs, ys = ("pattern", key, len(xs), len(ys)), pattern, xs[:1], ys[:1]
    for top in ys:
        for left in xs:
            _draw_image(
                canvas,
                cache,
                key,
                image,
                left * scale,
                top * scale,
                False,
                False,
                0.0,
                layer.opacity,
                smooth,
                scale,
                scale,
            )
    canvas.set_clip(clip)


def _period(size: int, scale: float, most: int = 64) -> int | None:
    """The fewest copies of an image `size` source pixels long that are a whole number
    of output pixels long at `scale` (None if more than `most` would be needed)."""
    for k in range(1, most + 1):
        span = k * size * scale
        if abs(span - round(span)) < 1e-9:
            return k
    return None


def _draw_periodic_pattern(
    canvas: pygame.Surface,
    layer: ImageLayer,
    image: pygame.Surface,
    first_x: float,
    first_y: float,
    scale: float,
    cache: ImageCache,
    smooth: bool,
) -> bool:
    """A repeated image layer scaled, on a canvas too large for one pattern image of all
    the copies (see `_draw_image_layer`): the scaled pattern repeats exactly every
    `_period` copies, a whole number of output pixels, so that many copies (with one
    more on each side, sampled as Qt's brush samples them) are drawn once into a small
    picture, and the window of one period cut from its middle is blitted across the
    canvas. False (nothing drawn) when the period is too long for that."""
    w, h = image.get_size()
    kx = _period(w, scale) if layer.repeat_x else 1
    ky = _period(h, scale) if layer.repeat_y else 1
    if kx is None or ky is None or (kx + 2) * (ky + 2) * w * h > 1 << 18:
        return False
    # Copies -1 .. k of the pattern; copy 0 at (first_x, first_y) in map pixels.
    pattern = pygame.Surface(((kx + 2) * w, (ky + 2) * h), pygame.SRCALPHA, 32)
    pattern.fill((0, 0, 0, 0))
    for j in range(ky + 2):
        for i in range(kx + 2):
            pattern.blit(image, (i * w, j * h))
    left, top = (first_x - w) * scale, (first_y - h) * scale
    ox, oy = math.floor(left) - 2, math.floor(top) - 2
    drawn = pygame.Surface(
        (math.ceil((kx + 2) * w * scale) + 5, math.ceil((ky + 2) * h * scale) + 5),
        pygame.SRCALPHA,
        32,
    )
    drawn.fill((0, 0, 0, 0))  # blitting onto transparent pixels copies: as drawing once
    key = ("periodic", id(image), kx, ky)
    _draw_image(
        drawn, cache, key, pattern, left - ox, top - oy, False, False, 0.0, layer.opacity,
        smooth, scale, scale,
    )  # fmt: skip
    cw, ch = canvas.get_size()
    clip = canvas.get_clip()

    def period_window(first: float, size: int, k: int, o: int, end: int) -> list[int]:
        """Along a repeating axis: [start in `drawn`, length, canvas positions...]. The
        period is the pixels whose centres fall within copies 0 .. k-1."""
        span = round(k * size * scale)
        start = math.ceil(first * scale - 0.5)  # <= 0: first copy at or before the edge
        return [start - o, span, *range(start, end, span)]

    if layer.repeat_x:
        xw = period_window(first_x, w, kx, ox, cw)
    else:  # the whole strip, clipped to the copy itself (as in `_draw_image_layer`)
        lo, hi = _qround(first_x * scale), _qround((first_x + w) * scale)
        canvas.set_clip(pygame.Rect(lo, 0, hi - lo, ch).clip(clip))
        xw = [0, drawn.get_width(), ox]
    if layer.repeat_y:
        yw = period_window(first_y, h, ky, oy, ch)
    else:
        lo, hi = _qround(first_y * scale), _qround((first_y + h) * scale)
        canvas.set_clip(pygame.Rect(0, lo, cw, hi - lo).clip(clip))
        yw = [0, drawn.get_height(), oy]
    area = pygame.Rect(xw[0], yw[0], xw[1], yw[1])
    canvas.blits([(drawn, (x, y), area) for y in yw[2:] for x in xw[2:]], doreturn=False)
    canvas.set_clip(clip)
    return True


# -- objects ---------------------------------------------------------------------------------

Point = tuple[float, float]


@functools.lru_cache(maxsize=256)  # the same pin head or ellipse on many objects
def _ellipse_points(
    cx: float, cy: float, rx: float, ry: float, steps: int = 64
) -> tuple[Point, ...]:
    return tuple(
        (cx + rx * math.cos(2 * math.pi * k / steps), cy + ry * math.sin(2 * math.pi * k / steps))
        for k in range(steps)
    )


@functools.lru_cache(maxsize=16)
def _pin_points(radius: float) -> tuple[Point, ...]:
    """Tiled's point-object pin (`drawPointObject`) relative to the object position: a
    235-degree arc round (0, -2r), closed by lines through the tip at (0, 0)."""
    sweep = 235.0
    start = 90.0 - sweep / 2
    steps = 24
    pts = []
    for k in range(steps + 1):
        a = math.radians(start + sweep * k / steps)
        pts.append((radius * math.cos(a), -2 * radius - radius * math.sin(a)))
    pts.append((0.0, 0.0))
    return tuple(pts)


def _object_colour(layer: ObjectLayer) -> Colour:
    return parse_colour(layer.color) or TILED_DEFAULT_OBJECT_COLOUR


def _draw_shape_object(
    canvas: pygame.Surface,
    obj: MapObject,
    origin: tuple[float, float],
    scale: float,
    colour: Colour,
    opacity: float,
    to: Compositor | None = None,
) -> None:
    """Non-tile objects as OrthogonalRenderer::drawMapObject draws them: a black shadow
    stroke one map pixel down-right, then the fill (object colour at alpha 50) and a
    2 px cosmetic stroke in the object colour; polygons and polylines get an 8 px dot on
    their first point. Text is not drawn (see module docstring). Blended as Qt blends
    over translucent pixels unless the layer's compositor `to` finds the object's box
    opaque (over a board, mostly)."""
    shape = obj.shape
    if shape == "text":
        return
    line_r = 1.0  # cosmetic pen, width 2 device pixels
    dot_r = 4.0  # the 4x-wide pen of the first-point dot
    # Shadow offset: shadowDist * 0.5 with shadowDist = lineWidth / painterScale, in
    # painter units; tmxrasterizer never sets the renderer's painterScale (it stays 1),
    # so the shadow lies one map pixel down-right: `scale` device pixels.
    shadow = scale
    closed, filled, dot = True, True, False
    extra: Sequence[Point] | None = None
    local: Sequence[Point]
    if shape == "point":
        local = [(px * scale, py * scale) for px, py in _pin_points(10.0)]
        extra = _ellipse_points(0.0, -20.0 * scale, 10.0 / 3 * scale, 10.0 / 3 * scale)
    elif shape in ("polygon", "polyline"):
        if len(obj.points) < 2:
            return
        local = [(px * scale, py * scale) for px, py in obj.points]
        closed = filled = shape == "polygon"
        dot = True
    else:
        w, h = obj.width, obj.height
        bx, by = 0.0, 0.0
        if w == 0 and h == 0:
            bx, by, w, h = -10.0, -10.0, 20.0, 20.0
        if shape == "ellipse" and w > 0 and h > 0:
            local = _ellipse_points(
                (bx + w / 2) * scale, (by + h / 2) * scale, w / 2 * scale, h / 2 * scale
            )
        else:
            x0, y0, x1, y1 = bx * scale, by * scale, (bx + w) * scale, (by + h) * scale
            local = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    px0, py0 = (origin[0] + obj.x) * scale, (origin[1] + obj.y) * scale
    # Point objects all have the same pin: one at the same sub-pixel position, angle,
    # scale and colour as one drawn before is the same picture moved by whole pixels.
    left, top = math.floor(px0), math.floor(py0)
    pin = (scale, obj.rotation, px0 - left, py0 - top, colour, opacity)
    record: Blits | None = None
    if shape == "point":
        blits = _PINS.get(pin)
        if blits is not None:
            rects = [sf.get_rect(topleft=(left + dx, top + dy)) for sf, dx, dy in blits]
            if to is not None and rects and to.box_opaque(rects[0].unionall(rects[1:])):
                canvas.blits([(b[0], r) for b, r in zip(blits, rects, strict=True)], False)
            else:
                for b, r in zip(blits, rects, strict=True):
                    blit_over(canvas, b[0], r.topleft)
            return
        record = []
    rad = math.radians(obj.rotation)
    cos_a, sin_a = math.cos(rad), math.sin(rad)

    def place(pts: Sequence[Point], dx: float = 0.0, dy: float = 0.0) -> list[Point]:
        """Painter coordinates -> device: offset in the object's frame, rotate, move."""
        return [
            (px0 + (x + dx) * cos_a - (y + dy) * sin_a, py0 + (x + dx) * sin_a + (y + dy) * cos_a)
            for x, y in pts
        ]

    outline = place(local)
    xs = [x for x, _y in outline]
    ys = [y for _x, y in outline]
    reach = (dot_r if dot else line_r) + shadow * 1.5 + 2  # pen, shadow, rounding
    box = pygame.Rect(
        math.floor(min(xs) - reach),
        math.floor(min(ys) - reach),
        math.ceil(max(xs) - min(xs) + 2 * reach) + 1,
        math.ceil(max(ys) - min(ys) + 2 * reach) + 1,
    )
    over = to is None or not to.box_opaque(box)
    # Samples a pixel: as many a map pixel as at full size when drawn smaller (16 at 1,
    # 32 at 0.5: the edges' sub-pixel places count more, at the same cost an object).
    n = min(32, max(16, round(16 / scale)))
    black: Colour = (0, 0, 0, 255)
    fill_colour: Colour = (colour[0], colour[1], colour[2], 50)
    shadow_outline = place(local, shadow, shadow)
    stroke(canvas, shadow_outline, closed, line_r, black, opacity, record, over, n)
    if dot:
        stroke(canvas, shadow_outline[:1], False, dot_r, black, opacity, None, over, n)
    if filled:
        fill(canvas, outline, fill_colour, opacity, record, over, n)
    stroke(canvas, outline, closed, line_r, colour, opacity, record, over, n)
    if extra is not None:
        fill(canvas, place(extra), colour, opacity, record, over, n)
        stroke(canvas, place(extra), True, line_r, colour, opacity, record, over, n)
    if dot:
        stroke(canvas, outline[:1], False, dot_r, colour, opacity, None, over, n)
    kept = [blit for blit in record or () if blit is not None]
    if record and len(kept) == len(record):  # all through masks: replayable
        if len(_PINS) >= 256:
            _PINS.clear()
        _PINS[pin] = [(surface, x - left, y - top) for surface, x, y in kept]


#: Point objects drawn: the blits that drew one, by what makes them the same picture
#: (`_draw_shape_object`).
_PINS: dict[tuple[object, ...], list[tuple[pygame.Surface, int, int]]] = {}


def _rotate_point(px: float, py: float, cx: float, cy: float, angle: float) -> Point:
    rad = math.radians(angle)
    c, s = math.cos(rad), math.sin(rad)
    dx, dy = px - cx, py - cy
    return (cx + dx * c - dy * s, cy + dx * s + dy * c)


def _draw_tile_object(
    canvas: pygame.Surface,
    tmx_map: TmxMap,
    obj: MapObject,
    origin: tuple[float, float],
    scale: float,
    cache: ImageCache,
    opacity: float,
    smooth: bool,
    to: Compositor | None = None,
) -> None:
    """A tile object: its tile stretched to the object size, bottom-left at the object
    position, flips applied, rotated about the position (through the compositor `to`)."""
    raw = obj.gid
    gid = raw & GID_MASK
    ts, local, image = _tile_image(tmx_map, cache, gid)
    x, y = origin[0] + obj.x, origin[1] + obj.y
    tw, th = _file_tile_size(tmx_map)
    ow = obj.width or (image.get_width() if image else tw)
    oh = obj.height or (image.get_height() if image else th)
    if ts is None or image is None:
        _draw_missing_marker(
            canvas, x * scale, (y - oh) * scale, ow * scale, oh * scale, opacity, to
        )
        return
    iw, ih = image.get_size()
    sx, sy = ow / iw, oh / ih
    tx, ty = ts.tile_offset
    left, top = x + tx * sx, y - oh + ty * sy
    angle = obj.rotation % 360.0
    if angle:
        cx, cy = _rotate_point(left + ow / 2, top + oh / 2, x, y, angle)
        left, top = cx - ow / 2, cy - oh / 2
    _draw_image(
        canvas,
        cache,
        ("tile", id(ts), local),
        image,
        left * scale,
        top * scale,
        bool(raw & FLIP_H),
        bool(raw & FLIP_V),
        angle,
        opacity,
        smooth,
        sx * scale,
        sy * scale,
        to,
    )


def _draw_object_layer(
    canvas: pygame.Surface,
    tmx_map: TmxMap,
    layer: ObjectLayer,
    origin: tuple[float, float],
    scale: float,
    cache: ImageCache,
    smooth: bool,
    to: Compositor | None = None,
) -> None:
    colour = _object_colour(layer)
    objects = list(layer.objects)
    if getattr(layer, "draw_order", "index") == "topdown":
        # tmxrasterizer: std::stable_sort by y for top-down object groups.
        objects.sort(key=lambda o: o.y)
    for obj in objects:
        if not obj.visible:
            continue
        if obj.gid & GID_MASK:
            _draw_tile_object(canvas, tmx_map, obj, origin, scale, cache, layer.opacity, smooth, to)
        else:
            _draw_shape_object(canvas, obj, origin, scale, colour, layer.opacity, to)


# -- public API ----------------------------------------------------------------------------


def render_tmx(
    tmx_map: TmxMap,
    scale: float = 1.0,
    *,
    smooth: bool = True,
    cache: ImageCache | None = None,
) -> pygame.Surface:
    """Render `tmx_map` as `tmxrasterizer [-s scale] [--no-smoothing]` would.

    Returns a new 32-bit SRCALPHA surface of `output_size(tmx_map, scale)`. Works without
    a display. `smooth=False` mimics `--no-smoothing`. `cache` lets callers share loaded
    images between renders; by default a module-wide cache is used.
    """
    if scale <= 0:
        raise ValueError(f"scale must be positive, not {scale}")
    cache = cache if cache is not None else _SHARED_CACHE
    out_w, out_h = output_size(tmx_map, scale)
    # A new Surface is cleared to all black (pygame's documentation): with per-pixel
    # alpha, (0, 0, 0, 0) everywhere already.
    canvas = pygame.Surface((max(out_w, 1), max(out_h, 1)), pygame.SRCALPHA, 32)
    left, top, _right, _bottom = _offset_margins(tmx_map.layers)
    for layer in tmx_map.layers:
        if not layer.visible or layer.opacity <= 0:
            continue
        origin = (left + layer.offset[0], top + layer.offset[1])
        if isinstance(layer, TileLayer):
            _draw_tile_layer(canvas, tmx_map, layer, origin, scale, cache, smooth)
        elif isinstance(layer, ImageLayer):
            _draw_image_layer(canvas, layer, origin, scale, cache, smooth)
        elif isinstance(layer, ObjectLayer):
            # Objects blend as Qt does over translucent pixels (`render/compose.py`).
            to = Compositor(canvas)
            _draw_object_layer(canvas, tmx_map, layer, origin, scale, cache, smooth, to)
    return _clear_invisible(canvas)


def _clear_invisible(canvas: pygame.Surface) -> pygame.Surface:
    """Give fully transparent pixels RGB 0, as Qt's premultiplied images have: pygame's
    blit copies the colour of a transparent source pixel onto a transparent canvas, so
    the PNG would otherwise carry invisible junk colours that differ from Tiled's."""
    visible = pygame.mask.from_surface(canvas, 0)
    # In place: only the invisible pixels are written (no copy of the picture).
    visible.to_surface(surface=canvas, setcolor=None, unsetcolor=(0, 0, 0, 0))
    return canvas


def render_tmx_to_png(
    tmx_map: TmxMap,
    out_path: Path | str,
    scale: float = 1.0,
    *,
    smooth: bool = True,
) -> Path:
    """Render `tmx_map` (see `render_tmx`) and save it as a PNG (`png.save_png`: zlib
    level 1, several times faster than `pygame.image.save`); returns the path."""
    return save_png(render_tmx(tmx_map, scale, smooth=smooth), out_path)
