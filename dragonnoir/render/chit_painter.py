"""The square chit of a one-hex counter, at the exact pixel size asked for.

Three levels of detail, so that a chit stays legible at every zoom: the full chit (name,
silhouette, numbers) from `FULL_PX` (34 px); below that the numbers as big as the chit
allows (with the silhouette from 26 px; under 26 px the whole chit takes its side's
colour); colour and face marks only below `NUMBERS_PX` (16 px: sheets). The side is read
first: a thick frame in its colour (`BORDERS`: Adventurers blue, Krobs red, Gharvs teal)
inside a dark hairline that keeps the chit visible on any terrain; the people's colour
second.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from dragonnoir.engine.state import Side
from dragonnoir.engine.values import Profile
from dragonnoir.render.counter_faces import Face, FaceKey, Label, number_labels
from dragonnoir.render.counter_glyphs import glyph
from dragonnoir.render.counter_pen import fit_text, text_image
from dragonnoir.render.counter_style import (
    BACKGROUNDS,
    BORDERS,
    FULL_PX,
    INK,
    NUMBERS_PX,
    OUTLINE,
    SMALL_RING_PX,
    STRIP,
    Colour,
    mix,
    shade,
)


def rounded(surface: pygame.Surface, colour: Sequence[int], rect: pygame.Rect, r: int) -> None:
    """A filled rectangle with corners of radius `r` (square when `r` <= 0)."""
    pygame.draw.rect(surface, colour, rect, border_radius=max(0, r))


def print_numbers(
    surface: pygame.Surface, area: pygame.Rect, labels: Sequence[Label], px: int
) -> list[pygame.Rect]:
    """Print `labels` across `area` (largest font that fits), ring the circled ones;
    returns where each label went."""
    gap = max(1 if area.w < 24 else 2, area.w // 16)
    while True:
        imgs = []
        for lab in labels:
            main = text_image(lab.text, px, lab.colour)
            paren = (
                text_image(f"({lab.paren})", max(6, round(px * 0.78)), lab.colour)
                if lab.paren
                else None
            )
            imgs.append((main, paren))
        widths = [m.get_width() + (p.get_width() if p else 0) for m, p in imgs]
        extra = sum(
            round(m.get_height() * 0.3)
            for (m, _), lab in zip(imgs, labels, strict=True)
            if lab.circled
        )
        if sum(widths) + extra + gap * (len(labels) + 1) <= area.w or px <= 6:
            break
        px -= 1
    n = len(labels)
    slots = [area.x + area.w * (2 * i + 1) / (2 * n) for i in range(n)]
    total = sum(widths) + extra + gap * (n - 1)
    packed = total > area.w * 0.8
    x = area.x + (area.w - total) / 2
    out = []
    for i, ((main, paren), lab, wdt) in enumerate(zip(imgs, labels, widths, strict=True)):
        if packed:
            cx = x + wdt / 2 + (round(main.get_height() * 0.15) if lab.circled else 0)
            x += wdt + gap + (round(main.get_height() * 0.3) if lab.circled else 0)
        else:
            cx = slots[i]
        left = round(cx - wdt / 2)
        top = area.centery - main.get_height() // 2 + 1
        c = (left + main.get_width() / 2, area.centery)
        if lab.circled and px < SMALL_RING_PX:
            # too small for a clean ring: a red disc with the number in white
            r = max(main.get_width() * 0.5, main.get_height() * 0.4) + 1.5
            pygame.draw.circle(surface, lab.colour, c, r)
            main = text_image(lab.text, px, (255, 255, 255))
        surface.blit(main, (left, top))
        if paren is not None:
            surface.blit(
                paren, (left + main.get_width(), top + main.get_height() - paren.get_height() - 1)
            )
        rect = pygame.Rect(left, top, wdt, main.get_height())
        if lab.circled and px >= SMALL_RING_PX:
            r = max(main.get_width() * 0.55, main.get_height() * 0.42) + max(1.0, px * 0.1)
            pygame.draw.circle(surface, lab.colour, c, r, max(1, round(px / 12)))
        out.append(rect)
    return out


def face_colour(bg: Colour, face: Face) -> Colour:
    """The background `bg` as `face` shows it: dark when killed, greyed when knocked out."""
    if face is Face.KILLED:
        return mix(bg, (40, 34, 32), 0.82)
    if face is Face.KNOCKED_OUT:
        grey = (bg[0] + bg[1] + bg[2]) // 3
        return mix(bg, (grey, grey, grey), 0.75)
    return bg


def paint_chit(
    name: str, profile: Profile, face: FaceKey, px: int, glyph_name: str, wounds_max: int
) -> pygame.Surface:
    """The chit, untilted, `px` square."""
    bg = BACKGROUNDS.get(profile.people or profile.category, (200, 190, 170))
    border = BORDERS.get(profile.side, INK)
    f = face.face
    if f is Face.FRENZIED:
        border = (196, 60, 10)
    bgc = face_colour(bg, f)
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    r = max(2, px // 8)
    full = surf.get_rect()
    rounded(surf, OUTLINE, full, r)
    rounded(surf, border if f is not Face.KILLED else (16, 12, 12), full.inflate(-2, -2), r - 1)
    bw = max(2, round(px / 11)) + 1 if px >= 26 else 2
    inner = full.inflate(-2 * bw, -2 * bw)
    if px < 26 and f not in (Face.KNOCKED_OUT, Face.KILLED):
        bgc = border  # the smallest faces: the side's colour is the whole chit
    rounded(surf, bgc, inner, r - bw)
    hi = inner.copy()
    hi.h = inner.h // 2
    rounded(surf, shade(bgc, 1.08), hi, r - bw)  # a little light from above
    labels = () if f in (Face.KNOCKED_OUT, Face.KILLED) else number_labels(profile, face)

    if px < NUMBERS_PX:  # colour only, with the face marks
        if profile.side is Side.KROBS:
            pygame.draw.circle(surf, shade(bgc, 0.45), full.center, px * 0.16)
        _face_marks(surf, inner, face, px, small=True)
        return surf

    if px < FULL_PX:  # numbers only, as big as the chit allows
        if f is Face.KNOCKED_OUT:
            _ko_stamp(surf, inner, px)
        elif f is Face.KILLED:
            _cross(surf, inner, px)
        else:
            top = 0.3 if px >= 26 else 0.22
            strip = pygame.Rect(
                inner.x, inner.y + inner.h * top, inner.w, inner.bottom - inner.y - inner.h * top
            )
            rounded(surf, STRIP, strip, max(1, r // 2))
            print_numbers(surf, strip, labels, round(px * (0.5 if px >= 26 else 0.66)))
            if px >= 26:
                g = glyph(glyph_name, max(4, round(px * 0.3)), _variant(f))
                surf.blit(g, (full.centerx - g.get_width() // 2, inner.y - 1))
            _face_marks(surf, inner, face, px, small=True)
        return surf

    # the full chit: name band, silhouette, numbers strip
    name_h = round(px * 0.17)
    strip_h = round(px * 0.28)
    name_area = pygame.Rect(inner.x, inner.y + 1, inner.w, name_h)
    strip = pygame.Rect(inner.x + 1, inner.bottom - strip_h - 1, inner.w - 2, strip_h)
    art = pygame.Rect(inner.x, name_area.bottom, inner.w, strip.y - name_area.bottom)
    text_ink = INK if f is not Face.KILLED else (200, 192, 180)
    label = fit_text(name, round(px * 0.21), text_ink, inner.w - 2)
    surf.blit(
        label,
        (full.centerx - label.get_width() // 2, name_area.centery - label.get_height() // 2 + 1),
    )
    # The silhouette fills the art area; its box has margins, so it is drawn larger and
    # clipped to the area (a spear tip or a hat may be cut).
    gsize = max(4, round(art.h * (1.28 if f is not Face.KNOCKED_OUT else 1.1)))
    g = glyph(glyph_name, gsize, _variant(f))
    surf.set_clip(art)
    surf.blit(g, (full.centerx - gsize // 2, art.centery - gsize // 2 + round(px * 0.02)))
    surf.set_clip(None)
    if f is Face.NEWBORN:
        band = pygame.Rect(inner.x, strip.y - round(px * 0.15), inner.w, round(px * 0.15))
        pygame.draw.rect(surf, (176, 232, 150), band)
        pygame.draw.line(surf, (40, 96, 40), band.topleft, band.topright, 1)
        if px >= 44:
            nb = fit_text("newborn", round(px * 0.16), (24, 70, 24), band.w - 4)
            surf.blit(nb, nb.get_rect(center=band.center).move(0, 1))
    if f is Face.KNOCKED_OUT:
        _ko_stamp(surf, strip.inflate(0, 2), px)
    elif f is Face.KILLED:
        _cross(surf, inner, px)
    else:
        rounded(surf, STRIP, strip, max(1, r // 2))
        print_numbers(surf, strip, labels, round(px * 0.33))
    _face_marks(surf, inner, face, px, small=False, wounds_max=wounds_max)
    return surf


def _variant(f: Face) -> str:
    return {
        Face.KNOCKED_OUT: "ko",
        Face.KILLED: "dead",
        Face.FRENZIED: "frenzied",
        Face.NEWBORN: "newborn",
    }.get(f, "")


def _ko_stamp(surf: pygame.Surface, area: pygame.Rect, px: int) -> None:
    img = text_image("KO", max(7, round(px * 0.38)), (250, 246, 236))
    box = img.get_rect(center=area.center).inflate(round(px * 0.16), 0)
    rounded(surf, (52, 48, 60), box, max(1, px // 16))
    surf.blit(img, img.get_rect(center=box.center).move(0, 1))


def _cross(surf: pygame.Surface, area: pygame.Rect, px: int) -> None:
    bone = (232, 222, 196)
    w = max(2, round(px / 9))
    cx, cy = area.centerx, area.centery + round(px * 0.04)
    h = area.h * 0.36
    pygame.draw.line(surf, bone, (cx, cy - h), (cx, cy + h), w)
    pygame.draw.line(surf, bone, (cx - h * 0.62, cy - h * 0.35), (cx + h * 0.62, cy - h * 0.35), w)


def _face_marks(
    surf: pygame.Surface,
    inner: pygame.Rect,
    face: FaceKey,
    px: int,
    *,
    small: bool,
    wounds_max: int = 1,
) -> None:
    f = face.face
    if f is Face.WOUNDED:
        red = (206, 16, 20)
        w = max(2, round(px / 12))
        a = (inner.x + inner.w * 0.12, inner.y + inner.h * (0.66 if not small else 0.86))
        b = (inner.x + inner.w * 0.88, inner.y + inner.h * (0.22 if not small else 0.1))
        pygame.draw.line(surf, (250, 240, 230), a, b, w + 2)
        pygame.draw.line(surf, red, a, b, w)
        # which wound: drops in the top-right corner when a counter has several
        if wounds_max > 1 and not small:
            for i in range(face.wound):
                pygame.draw.circle(
                    surf,
                    red,
                    (inner.right - 3 - i * px * 0.12, inner.y + px * 0.29),
                    px * 0.05 + 0.5,
                )
    elif f is Face.NEWBORN and small:
        pygame.draw.rect(surf, (176, 232, 150), (inner.x, inner.y, inner.w, max(2, px // 5)))
    elif f is Face.KILLED and small:
        _cross(surf, inner, px)
    elif f is Face.KNOCKED_OUT and small and px >= 10:
        pygame.draw.line(surf, (40, 36, 48), inner.topleft, inner.bottomright, max(1, px // 8))
