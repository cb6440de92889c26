"""Antialiased shapes drawn by `render/coverage.py`: each pixel weighed by the share of it
the shape covers, whether the shape is small (cached mask) or big (drawn in tiles)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.render import coverage
from dragonnoir.render.coverage import fill, stroke

RED = (200, 30, 30, 255)


def canvas(size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA, 32)
    surface.fill((0, 0, 0, 0))
    return surface


def alpha(surface: pygame.Surface, x: int, y: int) -> int:
    return int(surface.get_at((x, y))[3])


@pytest.mark.parametrize("side", [10, 150])
@pytest.mark.parametrize("masked", [True, False], ids=["mask", "straight"])
def test_a_square_on_half_pixels_covers_its_edge_pixels_by_half(
    side: int, masked: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not masked:  # drawn straight on the canvas, as shapes too big for a mask are
        monkeypatch.setattr(coverage, "MASK_PIXELS", 0)
    out = canvas(side + 40)
    lo, hi = 10.5, 10.5 + side
    fill(out, [(lo, lo), (hi, lo), (hi, hi), (lo, hi)], RED)
    mid = 10 + side // 2
    assert alpha(out, mid, mid) == 255
    assert out.get_at((mid, mid))[:3] == RED[:3]
    for x, y in [(10, mid), (mid, 10), (10 + side, mid), (mid, 10 + side)]:
        assert abs(alpha(out, x, y) - 128) <= 8, (x, y)
    assert abs(alpha(out, 10, 10) - 64) <= 8  # a quarter of the corner pixel
    assert alpha(out, 9, mid) == alpha(out, mid, 9) == 0


def test_the_fill_alpha_and_opacity_scale_the_coverage() -> None:
    out = canvas(40)
    fill(out, [(5, 5), (30, 5), (30, 30), (5, 30)], (10, 20, 30, 50), opacity=0.5)
    assert alpha(out, 15, 15) == 25


def test_a_stroke_covers_everything_within_its_radius() -> None:
    out = canvas(60)
    stroke(out, [(10.0, 20.0), (50.0, 20.0)], False, 1.0, RED)
    assert alpha(out, 30, 19) >= 247 and alpha(out, 30, 20) >= 247  # rows 19..21
    assert alpha(out, 30, 18) <= 8 and alpha(out, 30, 21) <= 8
    # The round cap: a quarter disc of radius 1 in each pixel beyond the end point.
    assert abs(alpha(out, 50, 19) - 0.785 * 255) <= 8
    assert abs(alpha(out, 50, 20) - 0.785 * 255) <= 8


def test_a_diagonal_stroke_has_the_area_of_its_shape() -> None:
    """Summed coverage equals the stroke's area (length * 2 + the two half-disc caps)."""
    out = canvas(80)
    stroke(out, [(10.3, 12.7), (60.1, 55.9)], False, 1.0, RED)
    total = sum(alpha(out, x, y) for x in range(80) for y in range(80)) / 255
    length = ((60.1 - 10.3) ** 2 + (55.9 - 12.7) ** 2) ** 0.5
    assert total == pytest.approx(length * 2 + 3.14159, rel=0.02)


def test_the_same_shape_elsewhere_is_the_same_pixels_moved() -> None:
    out = canvas(120)
    pin = [(0.0, 0.0), (6.5, -9.0), (0.0, -20.0), (-6.5, -9.0)]
    for ox, oy in [(20, 40), (70, 90)]:
        placed = [(x + ox + 0.25, y + oy + 0.25) for x, y in pin]
        fill(out, placed, RED)
        stroke(out, placed, True, 1.0, (0, 0, 0, 255))
    for x in range(8, 34):
        for y in range(15, 45):
            assert out.get_at((x, y)) == out.get_at((x + 50, y + 50))
