"""Porter-Duff "source over" onto pictures that are not opaque, where pygame's blend is not.

Why: pygame-ce blends a translucent pixel onto a translucent one as
`dst_rgb + (src_rgb - dst_rgb) * src_alpha`, as if the canvas were opaque; the right
colour weighs the canvas by its own alpha too,
`(src_rgb * sa + dst_rgb * da * (1 - sa)) / (sa + da * (1 - sa))`, which is what Qt's
raster engine computes (premultiplied) for tmxrasterizer. Over an opaque or transparent
pixel, or under an opaque or transparent source pixel, both agree; they differ where a
half-covered edge meets another: an object's outline over its own shadow off the map
(finite_pointy_top_odd's pin at 0.5: the black shadow showed through the grey outline),
or tile edges sampled at a scale blended over their neighbours' edges (at 0.5, 167 of
that map's pixels; 1,891 at 2.0).

Object layers are drawn through a `Compositor` (`tmx_draw`): an object whose pixels all
land on opaque ones (a board's objects, mostly) is blitted by pygame; elsewhere
`blit_over` writes the mixed pixels again one by one (in Python: a band along the
outline of the few objects off the map). Tile layers are not: scaled, every tile edge
meets its neighbours' (the per-pixel fix made a big map at 0.5 four times slower), and
premultiplied 8-bit pixels lose the colour of faint edges that Qt keeps; see
benchmarks/README.md.
"""

from __future__ import annotations

import re

import pygame

Rgba = tuple[int, int, int, int]


def _over(src: Rgba, dst: Rgba) -> Rgba:
    """One pixel, as Qt's ARGB32 raster does: both premultiplied (rounded to 8 bits),
    source over destination, and back to straight colour."""
    sa, da = src[3], dst[3]
    keep = 255 - sa
    alpha = sa + (da * keep + 127) // 255
    if alpha == 0:
        return (0, 0, 0, 0)
    out = []
    for k in range(3):
        ps = (src[k] * sa + 127) // 255
        pd = (dst[k] * da + 127) // 255
        p = ps + (pd * keep + 127) // 255
        out.append(min(255, (p * 255 + alpha // 2) // alpha))
    return (out[0], out[1], out[2], alpha)


def _partial(surface: pygame.Surface) -> pygame.mask.Mask:
    """The pixels of `surface` that are neither transparent nor opaque."""
    mask = pygame.mask.from_surface(surface, 0)
    mask.erase(pygame.mask.from_surface(surface, 254), (0, 0))
    return mask


def _set_pixels(mask: pygame.mask.Mask) -> list[tuple[int, int]]:
    """The (x, y) of the set bits of `mask`, found in C: the mask drawn as a picture,
    its red bytes searched by a regular expression."""
    width = mask.get_size()[0]
    picture = mask.to_surface(setcolor=(255, 0, 0, 255), unsetcolor=(0, 0, 0, 255))
    reds = pygame.image.tobytes(picture, "RGBA")[0::4]
    return [(m.start() % width, m.start() // width) for m in _SET.finditer(reds)]


_SET = re.compile(rb"\xff")


def blit_over(canvas: pygame.Surface, source: pygame.Surface, pos: tuple[int, int]) -> None:
    """`canvas.blit(source, pos)` (both 32-bit with per-pixel alpha; `source` may have a
    surface alpha too), the pixels where a translucent source pixel meets a translucent
    canvas pixel composited as Qt does (in Python, one by one)."""
    x, y = pos
    rect = pygame.Rect(x, y, *source.get_size()).clip(canvas.get_clip())
    if not rect:
        return
    under = canvas.subsurface(rect)
    mixed = _partial(under)
    fade = source.get_alpha()
    fade = 255 if fade is None else fade
    if mixed.count():
        above = source.subsurface(rect.move(-x, -y))
        seen = pygame.mask.from_surface(above, 0) if fade < 255 else _partial(above)
        mixed = mixed.overlap_mask(seen, (0, 0))
    if not mixed.count():
        canvas.blit(source, pos)
        return
    spots = _set_pixels(mixed)
    before = [tuple(under.get_at(p)) for p in spots]
    canvas.blit(source, pos)
    for p, dst in zip(spots, before, strict=True):
        r, g, b, a = above.get_at(p)
        under.set_at(p, _over((r, g, b, (a * fade + 127) // 255), dst))  # type: ignore[arg-type]


def translucent_mask(surface: pygame.Surface) -> tuple[pygame.mask.Mask, int] | None:
    """The pixels of `surface` a blit blends (neither transparent nor opaque, or all the
    visible ones under a surface alpha below 255) and their count; None if none."""
    fade = surface.get_alpha()
    if fade is not None and fade < 255:
        mask = pygame.mask.from_surface(surface, 0)
    else:
        mask = _partial(surface)
    count = mask.count()
    return (mask, count) if count else None


class Compositor:
    """Blits one object layer's pictures onto `canvas` as Qt composites them: with
    pygame's blit where every translucent pixel lands on an opaque one (over a board:
    right, and fast), with `blit_over` elsewhere."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self.canvas = canvas

    def _opaque(self, rect: pygame.Rect) -> pygame.mask.Mask:
        """The opaque pixels of the canvas within `rect` (inside the canvas)."""
        return pygame.mask.from_surface(self.canvas.subsurface(rect), 254)

    def box_opaque(self, rect: pygame.Rect) -> bool:
        """Whether every pixel of `rect` (clipped to the canvas) is opaque."""
        rect = rect.clip(self.canvas.get_rect())
        return not rect or self._opaque(rect).count() == rect.w * rect.h

    def blit(
        self,
        surface: pygame.Surface,
        pos: tuple[int, int],
        translucent: tuple[pygame.mask.Mask, int] | None,
    ) -> None:
        """Blit `surface`, given its `translucent_mask`."""
        if translucent is not None:
            rect = surface.get_rect(topleft=pos).clip(self.canvas.get_rect())
            if rect:
                opaque = self._opaque(rect)
                offset = (pos[0] - rect.x, pos[1] - rect.y)
                if opaque.overlap_area(translucent[0], offset) != translucent[1]:
                    blit_over(self.canvas, surface, pos)
                    return
        self.canvas.blit(surface, pos)
