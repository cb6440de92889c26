"""Drawing tools of the counter painters: a pen in a 100 x 100 box, a turning frame,
text at a pixel size.

The silhouettes are drawn once in box coordinates and come out at any chit size; the
Krobs, the Queen and her Guards turn with their facing, so their bodies are drawn in a
frame of their own (forward, right). Shared by `counter_glyphs`, `chit_painter`,
`big_counters` and `counter_sheet`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import pygame

from dragonnoir.render import fonts
from dragonnoir.render.counter_style import Colour

Point = tuple[float, float]


def _font(px: int) -> pygame.font.Font:
    return fonts.font(max(6, px))


def text_image(text: str, px: int, colour: Colour) -> pygame.Surface:
    """`text` antialiased at `px` (never below 6 px), in the counters' font."""
    return _font(px).render(text, True, colour)


def fit_text(text: str, px: int, colour: Colour, max_w: int) -> pygame.Surface:
    """Text at `px`, smaller until it fits `max_w` (never below 6 px)."""
    while True:
        img = text_image(text, px, colour)
        if img.get_width() <= max_w or px <= 6:
            return img
        px -= 1


class Pen:
    """Draws in a 100 x 100 box (or any frame) whatever the surface size; an optional
    frame (origin, axis, lateral) maps local (a, b) coordinates for creatures that turn."""

    def __init__(self, surface: pygame.Surface, unit: float | None = None) -> None:
        self.surf = surface
        self.s = unit if unit is not None else surface.get_width() / 100.0

    def p(self, x: float, y: float) -> Point:
        return (x * self.s, y * self.s)

    def w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def poly(self, colour: Sequence[int], pts: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(
            self.surf, colour, [self.p(*q) for q in pts], self.w(width) if width else 0
        )

    def circle(self, colour: Sequence[int], x: float, y: float, r: float, width: float = 0) -> None:
        pygame.draw.circle(
            self.surf, colour, self.p(x, y), max(0.5, r * self.s), self.w(width) if width else 0
        )

    def ellipse(
        self, colour: Sequence[int], x: float, y: float, rx: float, ry: float, width: float = 0
    ) -> None:
        rect = pygame.Rect(0, 0, max(1, round(2 * rx * self.s)), max(1, round(2 * ry * self.s)))
        rect.center = (round(x * self.s), round(y * self.s))
        pygame.draw.ellipse(self.surf, colour, rect, self.w(width) if width else 0)

    def line(self, colour: Sequence[int], a: Point, b: Point, width: float = 1) -> None:
        pygame.draw.line(self.surf, colour, self.p(*a), self.p(*b), self.w(width))
        if width >= 2.5:  # round the ends of thick strokes
            r = width / 2 * 0.95
            self.circle(colour, a[0], a[1], r)
            self.circle(colour, b[0], b[1], r)

    def lines(self, colour: Sequence[int], pts: Sequence[Point], width: float = 1) -> None:
        for a, b in itertools.pairwise(pts):
            self.line(colour, a, b, width)

    def arc(
        self,
        colour: Sequence[int],
        x: float,
        y: float,
        rx: float,
        ry: float,
        a0: float,
        a1: float,
        width: float = 1,
    ) -> None:
        n = max(4, int(abs(a1 - a0) * 8))
        pts = [
            (x + rx * math.cos(a0 + (a1 - a0) * i / n), y - ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)
        ]
        self.lines(colour, pts, width)


class Frame:
    """Local creature coordinates (a forward, b to the right) -> 100-box or pixel points."""

    def __init__(self, origin: Point, forward: Point, scale: float) -> None:
        self.ox, self.oy = origin
        self.fx, self.fy = forward[0] * scale, forward[1] * scale
        # Right-hand side of the creature on screen (y grows downwards).
        self.rx, self.ry = -forward[1] * scale, forward[0] * scale

    def __call__(self, a: float, b: float) -> Point:
        return (self.ox + self.fx * a + self.rx * b, self.oy + self.fy * a + self.ry * b)

    def ellipse(self, a: float, b: float, ra: float, rb: float, n: int = 24) -> list[Point]:
        return [
            self(a + ra * math.cos(math.tau * i / n), b + rb * math.sin(math.tau * i / n))
            for i in range(n)
        ]
