"""A board on screen: camera, drag, wheel zoom towards the cursor, held-key panning, hover.

Shared by the board viewer (`ui/viewer.py`) and the game screen (`ui/game_scene.py`), so
both pan and zoom the same way. `MapControl` knows nothing of windows or scenes: it is
given the screen rectangle it draws in (`viewport`), fed pygame events (`handle` says
whether it used one) and time (`update`), and draws the map, sprites and the hover outline
with `render.board_view.draw_frame`. Held keys are tracked from KEYDOWN/KEYUP events, not
`pygame.key.get_pressed()`, so headless tests can drive it.

`draw_key_help` is the help box both screens show (keys on the left, what they do on the
right).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pygame

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.render.board_view import BoardView, Seams, Sprite, draw_frame
from dragonnoir.render.camera import ZOOM_STEPS, Camera, next_zoom_step

PAN_SPEED = 500.0  # screen pixels per second when a key is first held
PAN_MAX = 2600.0
#: Screen pixels one tap on a pan key moves the map by.
TAP_PAN = 90.0
ZOOM_RATE = 14.0  # per second, in log-zoom: the animation takes about a fifth of a second

#: Modifiers that turn a pan key into a shortcut (Ctrl+S is "save", not "pan down").
_SHORTCUT_MODS = pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META

PanKeys = Mapping[int, tuple[int, int]]


class MapControl:
    """Camera and mouse/keyboard navigation of one `BoardView` inside `viewport`."""

    def __init__(
        self,
        board: Board,
        viewport: pygame.Rect,
        pan_keys: PanKeys,
        *,
        seams: Seams | None = None,
        view: BoardView | None = None,
        pan_speed: float = 1.0,
        zoom_speed: float = 1.0,
    ) -> None:
        self.view = view or BoardView(board, seams)
        self.viewport = pygame.Rect(viewport)
        self.pan_keys = dict(pan_keys)
        #: Multipliers of the pan and zoom animation speeds (the player's settings).
        self.pan_speed = pan_speed
        self.zoom_speed = zoom_speed
        self.camera = Camera(
            max(1, self.viewport.w), max(1, self.viewport.h), self.view.map_w, self.view.map_h
        )
        self.camera.fit()
        self.mouse: tuple[int, int] = self.viewport.center
        self.dragging = False
        self.held: set[int] = set()
        self.held_time = 0.0
        self.zoom_target: float | None = None
        self.zoom_anchor: tuple[float, float] = (0.0, 0.0)

    # -- events --------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """React to a mouse or pan/zoom event; True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if self.dragging:
                self.camera.pan_screen(self.mouse[0] - pos[0], self.mouse[1] - pos[1])
            self.mouse = pos
            return self.dragging
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            if not self.viewport.collidepoint(self.mouse):
                return False
            self.dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2):
            was = self.dragging
            self.dragging = False
            return was
        if event.type == pygame.MOUSEWHEEL:
            if event.y and self.viewport.collidepoint(self.mouse):
                self.zoom_step(1 if event.y > 0 else -1, self.mouse)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in self.pan_keys and not (getattr(event, "mod", 0) & _SHORTCUT_MODS):
                self.held.add(event.key)
                # a tap pans a step at once (holding then pans on, faster and faster)
                dx, dy = self.pan_keys[event.key]
                self.camera.pan_screen(dx * TAP_PAN * self.pan_speed, dy * TAP_PAN * self.pan_speed)
                return True
            return False
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            if not self.held & self.pan_keys.keys():
                self.held_time = 0.0
        return False

    def release_keys(self) -> None:
        """Forget held keys and drags (a dialog or another screen took the input)."""
        self.held.clear()
        self.held_time = 0.0
        self.dragging = False

    def resize(self, viewport: pygame.Rect) -> None:
        self.viewport = pygame.Rect(viewport)
        self.camera.resize(self.viewport.w, self.viewport.h)

    def fit(self) -> None:
        self.zoom_target = None
        self.camera.fit()

    def frame(
        self, points: Sequence[tuple[float, float]], *,
        focus: Sequence[tuple[float, float]] = (), margin: float = 70.0,
        lowest: float = 1.0, highest: float = 1.4,
    ) -> None:  # fmt: skip
        """Show the map points `points` (the action: the counters) at the zoom that fits
        them with `margin` map pixels around, at most `highest`. When they do not all fit
        at `lowest` (counters would be too small to read), the points of `focus` (the
        side to act) are framed instead, at no less than `lowest`; the rest is a pan
        away. No points: the whole map."""
        self.zoom_target = None
        if not points:
            self.camera.fit()
            return
        cam = self.camera

        def box(pts: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            w = max(xs) - min(xs) + 2 * margin
            h = max(ys) - min(ys) + 2 * margin
            fit = min(cam.view_w / max(w, 1.0), cam.view_h / max(h, 1.0))
            return fit, (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2

        fit, cx, cy = box(points)
        if fit < lowest and focus:
            fit, cx, cy = box(focus)
        zoom = max(min(max(fit, lowest), highest, cam.max_zoom), cam.min_zoom)
        cam.zoom = zoom
        cam.center_on(cx, cy)

    def zoom_step(self, direction: int, anchor: tuple[float, float] | None = None) -> None:
        """Start an animated zoom to the next step, keeping `anchor` (screen) fixed."""
        current = self.zoom_target if self.zoom_target is not None else self.camera.zoom
        target = next_zoom_step(current, direction, ZOOM_STEPS)
        vp = self.viewport
        ax, ay = anchor if anchor is not None else self.mouse
        ax = min(max(ax, vp.x), vp.right - 1) - vp.x
        ay = min(max(ay, vp.y), vp.bottom - 1) - vp.y
        self.zoom_to(target, (ax, ay))

    def zoom_to(self, zoom: float, anchor: tuple[float, float], animate: bool = True) -> None:
        """Zoom to `zoom` keeping `anchor` (viewport-relative) fixed."""
        self.zoom_anchor = anchor
        self.view.surface(zoom)  # build the target level now, not mid-animation
        if animate and self.zoom_speed > 0:
            self.zoom_target = zoom
        else:
            self.zoom_target = None
            self.camera.zoom_at(zoom, *anchor)

    # -- time ----------------------------------------------------------------------

    def update(self, dt: float) -> bool:
        """Advance the zoom animation and held-key panning; True when the view moved."""
        moved = False
        if self.zoom_target is not None:
            z, target = self.camera.zoom, self.zoom_target
            k = min(1.0, dt * ZOOM_RATE * self.zoom_speed)
            new = math.exp(math.log(z) + (math.log(target) - math.log(z)) * k)
            if abs(math.log(new / target)) < 0.004 or k >= 1.0:
                new = target
                self.zoom_target = None
            self.camera.zoom_at(new, *self.zoom_anchor, clamp=self.zoom_target is None)
            moved = True
        dx = sum(self.pan_keys[k][0] for k in self.held if k in self.pan_keys)
        dy = sum(self.pan_keys[k][1] for k in self.held if k in self.pan_keys)
        if dx or dy:
            self.held_time += dt
            speed = min(PAN_MAX, PAN_SPEED * (1 + 2.5 * self.held_time)) * self.pan_speed
            norm = math.hypot(dx, dy)
            self.camera.pan_screen(dx / norm * speed * dt, dy / norm * speed * dt)
            moved = True
        return moved

    @property
    def animating(self) -> bool:
        return self.zoom_target is not None

    # -- what is under the mouse -----------------------------------------------------

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        """The hex under screen point `pos`, or None outside the viewport."""
        if not self.viewport.collidepoint(pos):
            return None
        mx, my = self.camera.to_map(pos[0] - self.viewport.x, pos[1] - self.viewport.y)
        return self.view.grid.pixel_to_hex(mx, my)

    def hover_hex(self) -> Hex | None:
        return self.hex_at(self.mouse)

    def hex_centre(self, h: Hex) -> tuple[float, float]:
        """Map pixel at the centre of hex `h` (where a counter on it is drawn)."""
        return self.view.grid.hex_centre(h)

    def screen_centre(self, h: Hex) -> tuple[float, float]:
        """Window position of the centre of hex `h` as the camera shows it now."""
        x, y = self.camera.to_screen(*self.view.grid.hex_centre(h))
        return x + self.viewport.x, y + self.viewport.y

    def screen_polygon(self, h: Hex) -> list[tuple[float, float]]:
        """Window positions of the corners of hex `h` as the camera shows it now."""
        vp = self.viewport
        return [
            (x + vp.x, y + vp.y)
            for x, y in (self.camera.to_screen(px, py) for px, py in self.view.grid.hex_polygon(h))
        ]

    # -- drawing ---------------------------------------------------------------------

    def draw(
        self,
        screen: pygame.Surface,
        sprites: Sequence[Sprite] = (),
        highlight: Hex | None = None,
    ) -> None:
        draw_frame(
            screen,
            self.camera,
            self.view,
            sprites,
            highlight,
            viewport=self.viewport,
            build=not self.animating,
        )


def draw_key_help(
    screen: pygame.Surface,
    rows: Sequence[tuple[str, str]],
    centre: tuple[int, int],
    *,
    title: str = "Keys",
    font: pygame.font.Font | None = None,
) -> pygame.Rect:
    """A translucent box listing `rows` (keys, what they do), centred on `centre`."""
    f = font or pygame.font.Font(None, 24)
    keys_w = max((f.size(k)[0] for k, _ in rows), default=0) + 24
    width = keys_w + max((f.size(v)[0] for _, v in rows), default=0) + 40
    height = (len(rows) + 1) * (f.get_height() + 6) + 24
    box = pygame.Surface((width, height), pygame.SRCALPHA)
    box.fill((12, 10, 8, 225))
    pygame.draw.rect(box, (150, 130, 90), box.get_rect(), 2)
    box.blit(f.render(title, True, (255, 226, 140)), (20, 12))
    y = 12 + f.get_height() + 10
    for k, v in rows:
        box.blit(f.render(k, True, (255, 226, 140)), (20, y))
        box.blit(f.render(v, True, (230, 222, 204)), (20 + keys_w, y))
        y += f.get_height() + 6
    rect = box.get_rect(center=centre)
    screen.blit(box, rect)
    return rect
