"""The Queen (7 hexes) and a Guard (3 hexes): one shape over the whole footprint.

A big counter is not a chit: it coincides exactly with its hexes at the zoom, its head
towards its facing, with its greyed, hatched rear zone ("The Queen", "The Queen's
Guards"), so it is painted per zoom and facing from the grid's own hex polygons.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import pygame

from dragonnoir.engine.roster import KrobType
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Side
from dragonnoir.engine.values import Profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render.art import smoothscale_portable
from dragonnoir.render.chit_painter import face_colour, print_numbers, rounded
from dragonnoir.render.counter_faces import Face, FaceKey, number_labels
from dragonnoir.render.counter_glyphs import paint_krob
from dragonnoir.render.counter_pen import Frame, Pen, Point, fit_text
from dragonnoir.render.counter_style import BACKGROUNDS, BORDERS, INK, STRIP, Colour, shade


class BigImage(NamedTuple):
    """A Queen or Guard drawn over its footprint; `anchor` is the pixel of `image` on the
    centre of the anchor hex."""

    image: pygame.Surface
    anchor: tuple[int, int]


def _norm(x: float, y: float) -> Point:
    d = math.hypot(x, y) or 1.0
    return (x / d, y / d)


def _scale_about(pts: Iterable[Point], c: Point, k: float) -> list[Point]:
    return [(c[0] + (x - c[0]) * k, c[1] + (y - c[1]) * k) for x, y in pts]


def paint_big(
    grid: HexGrid,
    name: str,
    profile: Profile,
    face: FaceKey,
    facing: int,
    zoom: float,
    wounds_max: int,
) -> BigImage:
    """The Queen or a Guard called `name` over its footprint on `grid` at `zoom`, head
    towards `facing` (drawn at twice the size, then shrunk with the portable filter)."""
    ss = 2
    z = zoom * ss
    anchor = Hex(0, 0)
    cells = hexes_for(anchor, profile.size, facing)
    ax, ay = grid.hex_centre(anchor)
    polys = [[(x - ax, y - ay) for x, y in grid.hex_polygon(h)] for h in cells]
    centres = [(grid.hex_centre(h)[0] - ax, grid.hex_centre(h)[1] - ay) for h in cells]
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    minx, miny = min(xs) - 2, min(ys) - 2
    w = math.ceil((max(xs) + 2 - minx) * z)
    h = math.ceil((max(ys) + 2 - miny) * z)

    def S(p: Point) -> Point:  # map px relative to the anchor -> image px
        return ((p[0] - minx) * z, (p[1] - miny) * z)

    queen = profile.category == KrobType.QUEEN.value
    body_c: Point
    if queen:
        centroid = (0.0, 0.0)
        nx, ny = grid.hex_centre(anchor.neighbour(facing))
        fwd = _norm(nx - ax, ny - ay)
        body_c = centroid
    else:
        centroid = (sum(c[0] for c in centres) / 3, sum(c[1] for c in centres) / 3)
        body_c = ((centres[1][0] + centres[2][0]) / 2, (centres[1][1] + centres[2][1]) / 2)
        fwd = _norm(-body_c[0], -body_c[1])
    f = face.face
    bg = BACKGROUNDS["queen" if queen else "guard"]
    bgc = face_colour(bg, f)
    border = (16, 12, 12) if f is Face.KILLED else BORDERS[Side.KROBS]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    hex_k = 0.94 if queen else 0.9
    outer = [_scale_about(p, centroid, hex_k) for p in polys]
    shrink = hex_k - 2.2 / (60 if not queen else 150) * 2 * (1 if z > 0.6 else 0.5)
    inner = [_scale_about(p, centroid, shrink) for p in polys]
    for poly in outer:
        pygame.draw.polygon(surf, border, [S(p) for p in poly])
    for poly in inner:
        pygame.draw.polygon(surf, bgc, [S(p) for p in poly])
    # the greyed rear zone: the part of the body behind a line across its back
    grey = pygame.Surface((w, h), pygame.SRCALPHA)
    grey.fill((0, 0, 0, 0))
    for poly in inner:
        pygame.draw.polygon(grey, (92, 88, 96, 190), [S(p) for p in poly])
    cut = (body_c[0] + fwd[0] * (-8 if queen else -4), body_c[1] + fwd[1] * (-8 if queen else -4))
    side = (-fwd[1], fwd[0])
    far = 400.0
    front = [
        (cut[0] + side[0] * far, cut[1] + side[1] * far),
        (cut[0] + side[0] * far + fwd[0] * far, cut[1] + side[1] * far + fwd[1] * far),
        (cut[0] - side[0] * far + fwd[0] * far, cut[1] - side[1] * far + fwd[1] * far),
        (cut[0] - side[0] * far, cut[1] - side[1] * far),
    ]
    pygame.draw.polygon(grey, (0, 0, 0, 0), [S(p) for p in front])
    # hatching on the grey
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    hatch.fill((0, 0, 0, 0))
    step = max(4, round(7 * z))
    for i in range(-h, w + h, step):
        pygame.draw.line(hatch, (60, 56, 64, 120), (i, 0), (i + h, h), max(1, round(z)))
    hatch.blit(grey, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grey, (0, 0))
    surf.blit(hatch, (0, 0))
    # faint hex lines: the counter coincides exactly with the grid
    for poly in inner:
        pygame.draw.polygon(
            surf, (*shade(bgc, 0.8), 255), [S(p) for p in poly], max(1, round(z * 0.6))
        )
    # the creature
    # the creature, head on the anchor hex, clipped to the counter's shape
    length = (132 if queen else 112) * z
    if queen:
        origin = S((fwd[0] * 10, fwd[1] * 10))
    else:
        origin = S(((centroid[0] + fwd[0] * 7), (centroid[1] + fwd[1] * 7)))
    crea = pygame.Surface((w, h), pygame.SRCALPHA)
    crea.fill((0, 0, 0, 0))
    ink: Colour = INK if f is not Face.KILLED else (110, 102, 96)
    paint_krob(
        Pen(crea, unit=1.0), Frame(origin, fwd, 1.0), "queen" if queen else "guard", length,
        ink, (226, 214, 186),
    )  # fmt: skip
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    for poly in outer:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [S(p) for p in poly])
    crea.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(crea, (0, 0))
    # numbers and name on the body, where they fit inside the counter's hexes
    inside = pygame.mask.from_surface(mask, 254)
    big_px = max(6, round((17 if queen else 15) * z))
    labels = number_labels(profile, face)
    sc = S(body_c if not queen else (0.0, 14.0))
    if not queen:
        sc = (sc[0] - fwd[0] * 6 * z, sc[1] - fwd[1] * 6 * z)
    spots = [sc, S(centroid), *(S(c) for c in centres)]
    strip = _fitting_strip(inside, spots, round((80 if queen else 62) * z), round(big_px * 1.05))
    big_px = min(big_px, round(strip.h / 1.05))
    strip_w, strip_h = strip.size
    if labels and big_px >= 8:
        rounded(surf, STRIP, strip, max(1, strip_h // 4))
        pygame.draw.rect(
            surf, border, strip, max(1, round(z * 0.5)), border_radius=max(1, strip_h // 4)
        )
        print_numbers(surf, strip, labels, big_px)
    if big_px >= 9:
        lab = fit_text(
            name,
            round(big_px * 0.72),
            (250, 244, 230) if f is not Face.KILLED else (200, 192, 180),
            strip_w + 20,
        )
        above = lab.get_rect(midbottom=(strip.centerx, strip.y - 1)).inflate(6, 0)
        below = lab.get_rect(midtop=(strip.centerx, strip.bottom + 1)).inflate(6, 0)
        box = next((b for b in (above, below) if _inside(inside, b)), None)
        if box is not None:  # else the name is left to the hover panel
            rounded(surf, (40, 22, 20), box, 3)
            surf.blit(lab, lab.get_rect(center=box.center).move(0, 1))
    if f is Face.WOUNDED:
        red = (206, 16, 20)
        c = S((fwd[0] * 30, fwd[1] * 30)) if queen else S((0.0, 0.0))
        d = (22 if queen else 16) * z
        wd = max(2, round(4 * z))
        pygame.draw.line(
            surf,
            (250, 240, 230),
            (c[0] - d, c[1] + d * 0.5),
            (c[0] + d, c[1] - d * 0.9),
            wd + 2 * ss,
        )
        pygame.draw.line(surf, red, (c[0] - d, c[1] + d * 0.5), (c[0] + d, c[1] - d * 0.9), wd)
        for i in range(face.wound):
            pygame.draw.circle(
                surf, red, (strip.right - i * 9 * z - 4 * z, strip.bottom + 5 * z), 3.2 * z
            )
            pygame.draw.circle(
                surf,
                (250, 240, 230),
                (strip.right - i * 9 * z - 4 * z, strip.bottom + 5 * z),
                3.2 * z,
                max(1, round(z * 0.6)),
            )
    if f is Face.KILLED:
        c = S(centroid)
        bone = (232, 222, 196)
        hh = (40 if queen else 22) * z
        wd = max(2, round(7 * z))
        pygame.draw.line(surf, bone, (c[0], c[1] - hh), (c[0], c[1] + hh), wd)
        pygame.draw.line(
            surf, bone, (c[0] - hh * 0.6, c[1] - hh * 0.35), (c[0] + hh * 0.6, c[1] - hh * 0.35), wd
        )
    # nothing outside the counter's hexes: a neighbour's chit stays in sight
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = smoothscale_portable(surf, (max(1, round(w / ss)), max(1, round(h / ss))))
    anc = S((0.0, 0.0))
    return BigImage(out, (round(anc[0] / ss), round(anc[1] / ss)))


def _inside(inside: pygame.mask.Mask, rect: pygame.Rect) -> bool:
    """Whether `rect` lies wholly on the counter (`inside`: its hexes' mask)."""
    if rect.w <= 0 or rect.h <= 0:
        return False
    whole = pygame.mask.Mask(rect.size, fill=True)
    return inside.overlap_area(whole, rect.topleft) == rect.w * rect.h


def _fitting_strip(
    inside: pygame.mask.Mask, spots: list[Point], width: int, height: int
) -> pygame.Rect:
    """The numbers' strip: the widest (at most `width`, shrunk with its height) centred
    on the first of `spots` where it lies wholly on the counter's hexes; a Guard's three
    hexes leave less room across its body than the strip wants at some facings."""
    for k in (1.0, 0.92, 0.85, 0.78, 0.7, 0.62, 0.55, 0.48, 0.4):
        for x, y in spots:
            rect = pygame.Rect(0, 0, round(width * k), max(1, round(height * min(1.0, k + 0.15))))
            rect.center = (round(x), round(y))
            if _inside(inside, rect):
                return rect
    rect = pygame.Rect(0, 0, round(width * 0.4), round(height * 0.55))
    rect.center = (round(spots[0][0]), round(spots[0][1]))
    return rect
