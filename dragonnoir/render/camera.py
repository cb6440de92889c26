"""The camera of a board view: which part of the map is on screen, and how big.

Why a class of its own, without pygame: every screen that shows a board (the viewer, the
later game client, benchmarks, tests) needs the same arithmetic — map pixels to screen
pixels and back, zooming towards the cursor so the point under it stays put, keeping the
map in view — and that arithmetic is easy to get subtly wrong. Keeping it pure makes it
testable without a display.

Coordinates: *map pixels* are Tiled's pixels at 100% (`HexGrid.cell_origin` etc.);
*screen pixels* are relative to the top-left corner of the viewport the map is drawn in.
The camera stores the map point shown at the viewport's top-left corner (`x`, `y`) and
the `zoom` (screen pixels per map pixel).
"""

from __future__ import annotations

from dataclasses import dataclass

#: The ratio between two zoom steps: every step of the wheel or +/- enlarges or shrinks
#: the map by the same factor (issue 45: 0.35 -> 0.5 was a bigger step than 0.5 -> 0.7).
ZOOM_RATIO = 2**0.5
#: Zoom steps of the mouse wheel and +/- keys, 25% to 200% around 100% (the board view
#: caches one surface each).
ZOOM_STEPS: tuple[float, ...] = tuple(2 ** (k / 2) for k in range(-4, 3))

#: How far (fraction of the viewport) the map may be dragged past its edge; a little
#: slack lets the player bring an edge hex to the middle-ish of the screen.
EDGE_SLACK = 0.25


@dataclass(slots=True)
class Camera:
    """A viewport of `view_w` x `view_h` screen pixels onto a `map_w` x `map_h` map."""

    view_w: int
    view_h: int
    map_w: int
    map_h: int
    x: float = 0.0
    y: float = 0.0
    zoom: float = 1.0
    min_zoom: float = ZOOM_STEPS[0]
    max_zoom: float = ZOOM_STEPS[-1]

    # -- conversions ---------------------------------------------------------------

    def to_screen(self, mx: float, my: float) -> tuple[float, float]:
        """Screen position (viewport-relative) of map pixel (mx, my)."""
        return ((mx - self.x) * self.zoom, (my - self.y) * self.zoom)

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        """Map pixel under screen position (sx, sy) (viewport-relative)."""
        return (self.x + sx / self.zoom, self.y + sy / self.zoom)

    def visible_map_rect(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the map area the viewport shows (may extend past the map)."""
        return (self.x, self.y, self.view_w / self.zoom, self.view_h / self.zoom)

    # -- moves ---------------------------------------------------------------------

    def pan_screen(self, dx: float, dy: float) -> None:
        """Move the view by (dx, dy) screen pixels (positive: the map slides left/up)."""
        self.x += dx / self.zoom
        self.y += dy / self.zoom
        self.clamp()

    def center_on(self, mx: float, my: float) -> None:
        """Put map point (mx, my) at the middle of the viewport."""
        self.x = mx - self.view_w / (2 * self.zoom)
        self.y = my - self.view_h / (2 * self.zoom)
        self.clamp()

    def zoom_at(self, zoom: float, sx: float, sy: float, clamp: bool = True) -> None:
        """Set the zoom, keeping the map point under screen point (sx, sy) fixed there.

        `clamp=False` leaves the offset alone (an animation that clamps at its end uses
        it so the point under the cursor does not jump while zooming)."""
        zoom = min(max(zoom, self.min_zoom), self.max_zoom)
        mx, my = self.to_map(sx, sy)
        self.zoom = zoom
        self.x = mx - sx / zoom
        self.y = my - sy / zoom
        if clamp:
            self.clamp()

    def resize(self, view_w: int, view_h: int) -> None:
        """The viewport changed size (window resized); keep its centre where it was."""
        cx, cy = self.to_map(self.view_w / 2, self.view_h / 2)
        self.view_w, self.view_h = max(1, view_w), max(1, view_h)
        self.center_on(cx, cy)

    def fit_zoom(self, margin: float = 0.02) -> float:
        """The zoom at which the whole map fits the viewport with a small margin."""
        zx = self.view_w * (1 - 2 * margin) / max(self.map_w, 1)
        zy = self.view_h * (1 - 2 * margin) / max(self.map_h, 1)
        return min(zx, zy)

    def fit(self, margin: float = 0.02) -> None:
        """Show the whole map, centred. The zoom may fall outside `min_zoom..max_zoom`
        for very large or very small maps: fitting wins over the limits."""
        self.zoom = self.fit_zoom(margin)
        self.center_on(self.map_w / 2, self.map_h / 2)

    def frame(
        self, points: list[tuple[float, float]], margin: float = 70.0, highest: float = 1.4
    ) -> None:
        """Show every map point of `points` (the counters a game opens on) with `margin`
        map pixels around them, at no more than `highest`. Unlike the wheel, this may go
        below `min_zoom`, as `fit` does: all of them in view wins over the limits. No
        points: the whole map."""
        if not points:
            self.fit()
            return
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        w = max(xs) - min(xs) + 2 * margin
        h = max(ys) - min(ys) + 2 * margin
        self.zoom = min(self.view_w / max(w, 1.0), self.view_h / max(h, 1.0), highest)
        self.center_on((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)

    def shows(self, mx: float, my: float, inset: float = 0.0) -> bool:
        """Is map point (mx, my) on screen, at least `inset` screen pixels inside?"""
        sx, sy = self.to_screen(mx, my)
        return inset <= sx <= self.view_w - inset and inset <= sy <= self.view_h - inset

    def clamp(self) -> None:
        """Keep the map on screen: centred along an axis where it is smaller than the
        viewport, otherwise no further than `EDGE_SLACK` of the viewport past its edge."""
        self.x = _clamp_axis(self.x, self.view_w / self.zoom, self.map_w)
        self.y = _clamp_axis(self.y, self.view_h / self.zoom, self.map_h)


def _clamp_axis(pos: float, view: float, size: float) -> float:
    if size <= view:
        return (size - view) / 2
    slack = view * EDGE_SLACK
    return min(max(pos, -slack), size - view + slack)


def next_zoom_step(zoom: float, direction: int, steps: tuple[float, ...] = ZOOM_STEPS) -> float:
    """The next zoom step above (`direction` > 0) or below the current zoom. The current
    zoom may lie between steps (a framed or fitted view): a step less than half a step
    away is passed over, so no press of the wheel barely moves the map. Stays at the end
    of the range."""
    half = ZOOM_RATIO**0.5 - 1e-6
    if direction > 0:
        bigger = [s for s in steps if s > zoom * half]
        return bigger[0] if bigger else max(steps[-1], zoom)
    smaller = [s for s in steps if s < zoom / half]
    return smaller[-1] if smaller else min(steps[0], zoom)
