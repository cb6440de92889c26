"""Camera arithmetic: conversions, zoom towards a point, clamping, fitting."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.render.camera import ZOOM_RATIO, ZOOM_STEPS, Camera, next_zoom_step


def big() -> Camera:
    return Camera(800, 600, 4000, 3000, x=1000.0, y=800.0, zoom=1.0)


@given(st.floats(-500, 5000), st.floats(-500, 5000), st.sampled_from(ZOOM_STEPS))
def test_screen_and_map_round_trip(mx: float, my: float, zoom: float) -> None:
    cam = big()
    cam.zoom = zoom
    sx, sy = cam.to_screen(mx, my)
    assert cam.to_map(sx, sy) == pytest.approx((mx, my), abs=1e-6)


@given(st.floats(0, 799), st.floats(0, 599), st.sampled_from(ZOOM_STEPS))
def test_zoom_at_keeps_the_point_under_the_cursor(sx: float, sy: float, zoom: float) -> None:
    cam = big()
    before = cam.to_map(sx, sy)
    cam.zoom_at(zoom, sx, sy, clamp=False)
    assert cam.zoom == zoom
    assert cam.to_map(sx, sy) == pytest.approx(before, abs=1e-6)


def test_zoom_is_limited() -> None:
    cam = big()
    cam.zoom_at(50.0, 0, 0)
    assert cam.zoom == ZOOM_STEPS[-1]
    cam.zoom_at(0.001, 0, 0)
    assert cam.zoom == ZOOM_STEPS[0]


def test_pan_moves_by_screen_pixels() -> None:
    cam = big()
    cam.zoom = 2.0
    cam.pan_screen(100, -50)
    assert (cam.x, cam.y) == pytest.approx((1050.0, 775.0))


def test_clamp_keeps_the_map_in_view() -> None:
    cam = big()
    cam.pan_screen(-100000, -100000)
    assert cam.x >= -800 * 0.25 - 1e-9 and cam.y >= -600 * 0.25 - 1e-9
    cam.pan_screen(100000, 100000)
    right, bottom = cam.to_screen(4000, 3000)
    assert right >= 800 * 0.75 - 1e-6 and bottom >= 600 * 0.75 - 1e-6


def test_small_map_is_centred() -> None:
    cam = Camera(800, 600, 200, 100, zoom=1.0)
    cam.pan_screen(500, 500)
    assert cam.to_screen(100, 50) == pytest.approx((400, 300))


def test_fit_shows_the_whole_map_centred() -> None:
    cam = Camera(1920, 1080, 2600, 2200)
    cam.fit()
    assert cam.zoom == pytest.approx(1080 * 0.96 / 2200)
    x0, y0 = cam.to_screen(0, 0)
    x1, y1 = cam.to_screen(2600, 2200)
    assert x0 >= 0 and x1 <= 1920 and y0 >= 0 and y1 <= 1080
    assert (x0 + x1) / 2 == pytest.approx(960) and (y0 + y1) / 2 == pytest.approx(540)


def test_resize_keeps_the_centre() -> None:
    cam = big()
    centre = cam.to_map(400, 300)
    cam.resize(1000, 700)
    assert cam.to_map(500, 350) == pytest.approx(centre)


def test_zoom_steps_are_even() -> None:
    """Every step of the wheel changes the zoom by the same ratio (issue 45, section 6)."""
    ratios = [b / a for a, b in itertools.pairwise(ZOOM_STEPS)]
    assert ratios == pytest.approx([ZOOM_RATIO] * len(ratios))
    assert 1.0 in ZOOM_STEPS and ZOOM_STEPS[0] == 0.25 and ZOOM_STEPS[-1] == 2.0


def test_next_zoom_step() -> None:
    assert next_zoom_step(1.0, 1) == pytest.approx(1.4142, abs=1e-4)
    assert next_zoom_step(1.0, -1) == pytest.approx(0.7071, abs=1e-4)
    # between steps (a framed view), a step nearer than half a step is passed over
    assert next_zoom_step(0.47, 1) == pytest.approx(0.7071, abs=1e-4)
    assert next_zoom_step(0.47, -1) == pytest.approx(0.3536, abs=1e-4)
    assert next_zoom_step(0.55, 1) == pytest.approx(0.7071, abs=1e-4)
    assert next_zoom_step(0.65, 1) == 1.0
    assert next_zoom_step(2.0, 1) == 2.0
    assert next_zoom_step(0.25, -1) == 0.25


def test_frame_shows_every_point() -> None:
    """A game opens framed on the points given, even below the wheel's smallest zoom."""
    cam = Camera(800, 600, 9000, 7000)
    points = [(100.0, 200.0), (8800.0, 6500.0), (4000.0, 3000.0)]
    cam.frame(points)
    assert cam.zoom < cam.min_zoom
    assert all(cam.shows(x, y) for x, y in points)
    cam.frame([(1000.0, 1000.0), (1100.0, 1050.0)], highest=1.4)
    assert cam.zoom == 1.4 and cam.shows(1000.0, 1000.0, inset=50) and cam.shows(1100, 1050)
