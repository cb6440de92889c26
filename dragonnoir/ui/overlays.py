"""Drawing the controller's overlays over the map (issue "Hotseat client", section 3).

`OverlayPainter.draw(screen, control, ui, unit_rects)` draws `Controller.overlays()` in
screen space after the counters: reachable hexes tinted with their cost (a red badge
with the number of infiltration rolls), jump targets, the hovered path as a line with
dots, the lines of fire (coloured by cover, the hexes they cross outlined), the hexes a
decision is answered on, the retreat / advance routes, and rings round the counters
chosen (shooters, attackers: gold; target, defenders: red; candidates: thin).

Cheap: the hex layer (tints, numbers, paths, lines) is painted once per overlays object
(the controller memoises it: a new object means its state changed) and camera position
onto a surface the size of the overlays' bounding box, then blitted every frame. The
rings follow the counters' rectangles of this frame.

Nothing here computes a rule: every number is the controller's (the engine's).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.render import fonts
from dragonnoir.ui.controller import Controller
from dragonnoir.ui.controller_views import Overlays, ShotPreview
from dragonnoir.ui.map_view import MapControl

Colour = tuple[int, int, int]

REACH_FILL = (90, 200, 120, 62)
REACH_EDGE = (120, 230, 150, 150)
JUMP_FILL = (90, 150, 240, 80)
JUMP_EDGE = (140, 190, 255, 200)
SAIL_FILL = (60, 190, 180, 70)  # where a boat may be rowed
SPELL_FILL = (170, 110, 230, 45)  # within a wizard's range
SPELL_EDGE = (210, 160, 255, 230)  # a spell's targets
SAIL_EDGE = (110, 230, 220, 220)
PATH = (255, 224, 120)
ROLLS = (200, 50, 40)
CHOICE_FILL = (80, 220, 230, 70)
CHOICE_EDGE = (120, 240, 250, 230)
ROUTE = (150, 230, 240)
ZONE_FILL = (240, 200, 90, 34)  # a deployment / entry zone
ZONE_EDGE = (240, 200, 90, 140)
CROSSED = (255, 255, 255, 150)
WEB = (220, 220, 220)
#: Line of fire colours by the engine's cover value; no line at all: red.
COVER_COLOURS: dict[str, Colour] = {
    "none": (110, 230, 110),
    "light": (230, 230, 90),
    "medium": (245, 170, 60),
    "strong": (240, 110, 50),
    "total": (230, 40, 40),
}
BLOCKED = (230, 40, 40)
CHOSEN = (255, 214, 90)  # shooters, attackers, the moving character
ENEMY = (240, 70, 60)  # target, defenders
CANDIDATE = (240, 230, 200)
ENEMY_CANDIDATE = (240, 120, 100)
PLAN = (250, 150, 60)  # a declared combat still to resolve
PLAN_DONE = (150, 140, 130)  # resolved or lapsed
STACKED = (235, 60, 60)  # two living characters on one hex


def _font(size: int) -> pygame.font.Font:
    return fonts.font(size)


class OverlayPainter:
    """Draws one controller's overlays; keeps the last painted layer."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._layer: pygame.Surface | None = None
        self._at: tuple[int, int] = (0, 0)
        #: How many times the layer was painted (tests, the benchmark).
        self.paints = 0

    def draw(
        self,
        screen: pygame.Surface,
        control: MapControl,
        ui: Controller,
        unit_rects: Sequence[tuple[str, pygame.Rect]],
    ) -> None:
        ov = ui.overlays()
        preview = ui.preview()
        cam = control.camera
        vp = control.viewport
        key = (id(ov), id(preview), cam.x, cam.y, cam.zoom, vp.topleft, vp.size)
        if key != self._key:
            self._key = key
            self._paint(control, ov, preview)
        clip = screen.get_clip()
        screen.set_clip(vp)
        try:
            if self._layer is not None:
                screen.blit(self._layer, self._at)
            self._plans(screen, control, ov)
            self._rings(screen, ov, unit_rects)
        finally:
            screen.set_clip(clip)

    # -- the hex layer ----------------------------------------------------------------------

    def _paint(self, control: MapControl, ov: Overlays, preview: object) -> None:
        self.paints += 1
        grid = control.view.grid
        cam = control.camera
        vp = control.viewport
        z = cam.zoom

        def scr(p: tuple[float, float]) -> tuple[float, float]:
            sx, sy = cam.to_screen(p[0], p[1])
            return sx + vp.x, sy + vp.y

        hexes: set[Hex] = set(ov.reachable) | set(ov.jumps) | set(ov.choice_hexes) | set(ov.zone)
        hexes.update(ov.spell_range)
        hexes.update(ov.spell_targets)
        hexes.update(h for sail in ov.sails.values() for h in sail.boat)
        hexes.update(ov.path)
        if ov.path_start is not None:
            hexes.add(ov.path_start)
        for route in ov.routes:
            hexes.update(route)
        hexes.update(ov.route)
        hexes.update(ov.webs)
        if ov.web is not None:
            hexes.add(ov.web)
        for line in ov.lines:
            hexes.update(line.crossed_hexes)
        if not hexes and not ov.lines:
            self._layer = None
            return
        polys = {h: [scr(p) for p in grid.hex_polygon(h)] for h in hexes}
        xs = [x for poly in polys.values() for x, _ in poly]
        ys = [y for poly in polys.values() for _, y in poly]
        for line in ov.lines:
            for p in (line.start, line.end):
                x, y = scr(p)
                xs.append(x)
                ys.append(y)
        box = pygame.Rect(
            int(min(xs)) - 12, int(min(ys)) - 12, int(max(xs) - min(xs)) + 24,
            int(max(ys) - min(ys)) + 24,
        ).clip(vp)  # fmt: skip
        if box.w <= 0 or box.h <= 0:
            self._layer = None
            return
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        ox, oy = box.topleft

        def local(p: tuple[float, float]) -> tuple[float, float]:
            return p[0] - ox, p[1] - oy

        def poly(h: Hex) -> list[tuple[float, float]]:
            return [local(p) for p in polys[h]]

        def centre(h: Hex) -> tuple[float, float]:
            return local(scr(grid.hex_centre(h)))

        width = max(1, round(2 * z))
        for h in ov.reachable:
            pygame.draw.polygon(layer, REACH_FILL, poly(h))
            pygame.draw.polygon(layer, REACH_EDGE, poly(h), 1)
        for h in ov.jumps:
            pygame.draw.polygon(layer, JUMP_FILL, poly(h))
            pygame.draw.polygon(layer, JUMP_EDGE, poly(h), width)
        for h in ov.spell_range:
            pygame.draw.polygon(layer, SPELL_FILL, poly(h))
        for h in ov.spell_targets:
            pygame.draw.polygon(layer, SPELL_EDGE, poly(h), width + 1)
        for h in ov.sails:
            pygame.draw.polygon(layer, SAIL_FILL, poly(h))
            pygame.draw.polygon(layer, SAIL_EDGE, poly(h), width)
        hovered = ov.sails.get(ov.hover) if ov.hover is not None else None
        if hovered is not None:  # the boat where this journey leaves it
            a, b = (centre(h) for h in hovered.boat)
            pygame.draw.line(layer, SAIL_EDGE, a, b, max(3, round(8 * z)))
        for h in ov.zone - ov.choice_hexes:  # a deployment or entry zone, taken or not
            pygame.draw.polygon(layer, ZONE_FILL, poly(h))
            pygame.draw.polygon(layer, ZONE_EDGE, poly(h), 1)
        for h in ov.choice_hexes:
            pygame.draw.polygon(layer, CHOICE_FILL, poly(h))
            pygame.draw.polygon(layer, CHOICE_EDGE, poly(h), width + 1)
        for h in (*ov.webs, *((ov.web,) if ov.web is not None else ())):
            _web(layer, centre(h), 14 * z, WEB if h != ov.web else CHOSEN)
        # retreat / advance routes still open, then the hexes clicked so far
        start = (ov.path_start,) if ov.path_start is not None else ()
        for route in ov.routes:
            pts = [centre(h) for h in (*start, *route)]
            if len(pts) > 1:
                pygame.draw.lines(layer, ROUTE, False, pts, max(1, round(z)))
        # lines of fire, coloured by cover; the hexes they cross outlined
        covers = _covers(preview)
        for line in ov.lines:
            for h in line.crossed_hexes:
                pygame.draw.polygon(layer, CROSSED, poly(h), 1)
            colour = (
                BLOCKED if not line.possible
                else COVER_COLOURS.get(covers.get(line.shooter, "none"), CROSSED[:3])
            )  # fmt: skip
            a, b = local(scr(line.start)), local(scr(line.end))
            _dashed(layer, a, b, colour, max(2, round(3 * z)), line.possible)
            pygame.draw.circle(layer, colour, b, max(3, round(6 * z)), max(1, round(2 * z)))
        # the path under the mouse (or staged): a line through the centres, dots on them
        path = (*start, *ov.path) if ov.path else ov.route and (*start, *ov.route)
        if path and len(path) > 1:
            pts = [centre(h) for h in path]
            pygame.draw.lines(layer, (20, 16, 10), False, pts, max(3, round(5 * z)))
            pygame.draw.lines(layer, PATH, False, pts, max(2, round(3 * z)))
            for p in pts[1:]:
                pygame.draw.circle(layer, (20, 16, 10), p, max(3, round(5 * z)))
                pygame.draw.circle(layer, PATH, p, max(2, round(4 * z)))
        # numbers last, above the lines
        if z >= 0.35:
            small = _font(max(12, round(20 * z)))
            for h, r in ov.reachable.items():
                cx, cy = centre(h)
                _label(layer, small, str(r.cost), (cx, cy + 13 * z), (235, 255, 235))
                if r.rolls:
                    _badge(layer, small, str(r.rolls), (cx + 13 * z, cy - 12 * z), 8 * z)
            for h, sail in ov.sails.items():
                cx, cy = centre(h)
                _label(layer, small, f"B{sail.cost}", (cx, cy + 13 * z), (210, 250, 245))
            for h, j in ov.jumps.items():
                cx, cy = centre(h)
                mark = f"F{j.cost}" if j.direction == "fly" else f"J{j.cost}"
                _label(layer, small, mark, (cx, cy + 13 * z), (220, 235, 255))
                if j.rolls:
                    _badge(layer, small, str(j.rolls), (cx + 13 * z, cy - 12 * z), 8 * z)
        self._layer = layer
        self._at = box.topleft

    # -- rings round counters ---------------------------------------------------------------

    @staticmethod
    def _plans(screen: pygame.Surface, control: MapControl, ov: Overlays) -> None:
        """Declared combats as arrows from each attacker to each defender with the
        combat's number and odds (resolved ones faded); hexes two living characters
        share ringed red with a "2" ("Stacking" at the end of the movement phase)."""
        if not ov.planned and not ov.stacked:
            return
        grid = control.view.grid
        cam = control.camera
        vp = control.viewport
        z = cam.zoom
        at = control.screen_centre

        font = _font(max(11, round(14 * min(1.5, max(0.8, z)))))
        width = max(2, round(3 * z))
        for combat in ov.planned:
            colour = PLAN if combat.status == "declared" else PLAN_DONE
            for d in combat.defenders:
                for a in combat.attackers:
                    _arrow(screen, at(a), at(d), colour, width)
            if combat.defenders:
                # above the defender's hex, clear of its counter
                top = min(
                    cam.to_screen(px, py)[1] for px, py in grid.hex_polygon(combat.defenders[0])
                )
                dx, _ = at(combat.defenders[0])
                _label(
                    screen, font, combat.label, (dx, top + vp.y - font.get_height() * 0.6), colour
                )
        for h in ov.stacked:
            pygame.draw.polygon(screen, STACKED, control.screen_polygon(h), max(2, width))
            cx, cy = at(h)
            _badge(screen, font, "2", (cx + 14 * z, cy - 14 * z), 8 * max(0.8, z))

    @staticmethod
    def _rings(
        screen: pygame.Surface, ov: Overlays, unit_rects: Sequence[tuple[str, pygame.Rect]]
    ) -> None:
        if not unit_rects:
            return
        chosen = set(ov.selected)
        enemy = set(ov.defenders)
        if ov.target is not None:
            enemy.add(ov.target)
        cands = set(ov.shooter_candidates) | set(ov.attacker_candidates)
        enemy_cands = set(ov.target_candidates) | set(ov.defender_candidates)
        if not (chosen or enemy or cands or enemy_cands):
            return
        for uid, rect in unit_rects:
            if uid in chosen:
                _ring(screen, rect, CHOSEN, 3)
            elif uid in enemy:
                _ring(screen, rect, ENEMY, 3)
            elif uid in enemy_cands:
                _ring(screen, rect, ENEMY_CANDIDATE, 1)
            elif uid in cands:
                _ring(screen, rect, CANDIDATE, 1)


def _arrow(
    surf: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: Colour,
    width: int,
) -> None:
    """A line from `start` stopping short of `end`, with a head pointing at it."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * length * 0.3, end[1] - uy * length * 0.3)
    base = (start[0] + ux * length * 0.2, start[1] + uy * length * 0.2)
    pygame.draw.line(surf, colour, base, tip, width)
    head = max(6.0, width * 3.0)
    left = (tip[0] - ux * head - uy * head * 0.6, tip[1] - uy * head + ux * head * 0.6)
    right = (tip[0] - ux * head + uy * head * 0.6, tip[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surf, colour, [tip, left, right])


def _covers(preview: object) -> dict[str, str]:
    if isinstance(preview, ShotPreview):
        return {s.shooter: s.cover for s in preview.shots}
    return {}


def _ring(screen: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int) -> None:
    r = rect.inflate(6 + 2 * width, 6 + 2 * width)
    if width > 1:
        pygame.draw.rect(screen, (12, 10, 8), r.inflate(2, 2), 1, border_radius=6)
    pygame.draw.rect(screen, colour, r, width, border_radius=6)


def _label(
    surf: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    centre: tuple[float, float],
    colour: Colour,
) -> None:
    shadow = font.render(text, True, (10, 8, 6))
    img = font.render(text, True, colour)
    rect = img.get_rect(center=(round(centre[0]), round(centre[1])))
    for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        surf.blit(shadow, rect.move(dx, dy))
    surf.blit(img, rect)


def _badge(
    surf: pygame.Surface, font: pygame.font.Font, text: str, at: tuple[float, float], r: float
) -> None:
    """A red disc with the number of infiltration rolls."""
    radius = max(6, round(r))
    pygame.draw.circle(surf, (15, 10, 8), at, radius + 1)
    pygame.draw.circle(surf, ROLLS, at, radius)
    img = font.render(text, True, (255, 240, 230))
    surf.blit(img, img.get_rect(center=(round(at[0]), round(at[1]) + 1)))


def _web(surf: pygame.Surface, at: tuple[float, float], r: float, colour: Colour) -> None:
    """A small spider-web mark: spokes and a ring."""
    r = max(5.0, r)
    for i in range(6):
        v = pygame.math.Vector2(r, 0).rotate(60 * i + 30)
        pygame.draw.line(surf, colour, at, (at[0] + v.x, at[1] + v.y), 1)
    pygame.draw.circle(surf, colour, at, round(r * 0.6), 1)


def _dashed(
    surf: pygame.Surface,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: Colour,
    width: int,
    solid: bool,
) -> None:
    """A line of fire: solid when there is one, dashed when the engine says there is none."""
    pygame.draw.line(surf, (12, 10, 8), a, b, width + 2)
    if solid:
        pygame.draw.line(surf, colour, a, b, width)
        return
    va, vb = pygame.math.Vector2(a), pygame.math.Vector2(b)
    length = va.distance_to(vb)
    if length < 1:
        return
    step = (vb - va) / length
    d = 0.0
    while d < length:
        e = min(length, d + 10)
        pygame.draw.line(surf, colour, va + step * d, va + step * e, width)
        d += 18


def visible_units(ui: Controller) -> Iterable[object]:
    """The units on the map the controller's viewer may see (for the counters)."""
    vis = ui.visibility()
    return [u for u in ui.game.state.units.values() if u.hex is not None and vis.sees_unit(u)]
