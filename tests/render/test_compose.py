"""`render/compose.py`: source-over onto translucent pixels as Qt computes it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from dragonnoir.render.compose import Compositor, blit_over, translucent_mask


def _surface(colour: tuple[int, int, int, int], size: tuple[int, int] = (3, 2)) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA, 32)
    surface.fill(colour)
    return surface


def test_grey_over_half_black_weighs_the_black_by_its_alpha() -> None:
    """Half-covered black (a shadow's edge) under half-covered grey (an outline's): the
    colour is (160 * 0.5 + 0 * 0.5 * 0.5) / 0.75 = 107, not pygame's 80."""
    canvas = _surface((0, 0, 0, 128))
    blit_over(canvas, _surface((160, 160, 164, 128)), (0, 0))
    r, _g, b, a = canvas.get_at((1, 1))
    assert a == 192
    assert abs(r - 107) <= 1 and abs(b - 109) <= 1


def test_opaque_and_transparent_pixels_blend_as_pygame_does() -> None:
    canvas = _surface((10, 200, 30, 255))
    canvas.fill((0, 0, 0, 0), (0, 0, 1, 2))  # the left column transparent
    expected = canvas.copy()
    source = _surface((200, 20, 90, 100))
    expected.blit(source, (0, 0))
    blit_over(canvas, source, (0, 0))
    for x in range(3):
        for y in range(2):
            assert canvas.get_at((x, y)) == expected.get_at((x, y))


def test_blit_over_clips_to_the_canvas() -> None:
    canvas = _surface((0, 0, 0, 128), (4, 4))
    blit_over(canvas, _surface((255, 255, 255, 128), (3, 3)), (2, 2))
    assert canvas.get_at((3, 3))[:3] == canvas.get_at((2, 2))[:3]
    assert canvas.get_at((1, 1)) == pygame.Color(0, 0, 0, 128)
    assert canvas.get_at((3, 3))[0] > 150  # mixed as Qt does, not pygame's 128


def test_a_layer_with_a_surface_alpha_is_blended_too() -> None:
    canvas = _surface((0, 0, 0, 128))
    source = _surface((160, 160, 160, 255))
    source.set_alpha(128)
    assert translucent_mask(source) is not None
    Compositor(canvas).blit(source, (0, 0), translucent_mask(source))
    r, _g, _b, a = canvas.get_at((0, 0))
    assert a == 192 and abs(r - 107) <= 1


def test_the_compositor_uses_pygame_over_opaque_pixels() -> None:
    canvas = _surface((50, 60, 70, 255))
    expected = canvas.copy()
    source = _surface((200, 20, 90, 100))
    expected.blit(source, (0, 0))
    to = Compositor(canvas)
    assert to.box_opaque(pygame.Rect(-5, -5, 20, 20))
    to.blit(source, (0, 0), translucent_mask(source))
    assert canvas.get_at((2, 1)) == expected.get_at((2, 1))
    assert translucent_mask(_surface((1, 2, 3, 255))) is None
