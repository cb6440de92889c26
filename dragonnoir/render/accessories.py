"""Accessory counters on the map, drawn under the characters: boats (a hull over their
two hexes, the bow pointed), spider webs, and the spell and scenario counters that lie
on the map (bridges, galleries, demolished walls) — our own procedural pictures.

The scenario's objective counters ("Orb?", "Khuzun?", "Sun?") are chits with their
picture and a "?" while the viewer does not know whether they are the real one
(`knows_real`, the client's `Visibility.knows_real`); the real one known shows its
picture in gold, a decoy known to the Krobs is dimmed and crossed, a decoy turned over
(face down) leaves a faint empty ring. Dungeon entrances are a dark opening with steps.

Drawn straight onto the screen each frame with pygame's polygons and lines (a handful
of counters: cheaper than caching surfaces per zoom). `draw_accessories` takes the
accessories the viewer may see (the client filters hidden ones).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

from dragonnoir.engine.rules.steps import GALLERY_SIDES
from dragonnoir.engine.state import Accessory, AccessoryKind
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render import fonts
from dragonnoir.render.camera import Camera

Colour = tuple[int, int, int]

HULL = (120, 78, 40)
HULL_EDGE = (52, 32, 16)
DECK = (168, 120, 70)
WEB = (225, 225, 230)
BRIDGE = (150, 110, 70)
GALLERY = (110, 100, 88)
DEMOLISHED = (170, 160, 150)
CHIT = (58, 48, 40)
CHIT_EDGE = (214, 190, 140)
GOLD = (244, 204, 96)
UNKNOWN = (206, 200, 190)
DECOY = (120, 110, 100)
HOLE = (14, 10, 8)
STEP = (96, 84, 70)

#: The objective counters' names, as the box prints them ("Accessory Counters").
OBJECTIVE_NAMES = {
    AccessoryKind.ORB: "Orb",
    AccessoryKind.KHUZUN: "Khuzun",
    AccessoryKind.SUN: "Sun",
}


def draw_accessories(
    screen: pygame.Surface,
    camera: Camera,
    grid: HexGrid,
    accessories: Iterable[Accessory],
    viewport: pygame.Rect,
    knows_real: Callable[[Accessory], bool] | None = None,
) -> None:
    """Draw the face-up accessories on the map's part of the screen. `knows_real` says
    whether the viewer knows if an objective counter is the real one (None: he does)."""
    zoom = camera.zoom

    def at(h: object) -> tuple[float, float]:
        x, y = camera.to_screen(*grid.hex_centre(h))  # type: ignore[arg-type]
        return x + viewport.x, y + viewport.y

    clip = screen.get_clip()
    screen.set_clip(viewport)
    try:
        size = grid.tile_width * zoom
        for acc in accessories:
            if acc.kind in OBJECTIVE_NAMES and acc.hexes:
                known = True if knows_real is None else knows_real(acc)
                draw_objective(screen, at(acc.hexes[0]), size, acc, known)
                continue
            if not acc.face_up or not acc.hexes:
                continue
            if acc.kind is AccessoryKind.DUNGEON_ENTRANCE:
                for h in acc.hexes:
                    _entrance(screen, at(h), size)
                continue
            if acc.kind is AccessoryKind.BOAT and len(acc.hexes) == 2:
                _boat(screen, at(acc.hexes[0]), at(acc.hexes[1]), size)
            elif acc.kind is AccessoryKind.WEB:
                for h in acc.hexes:
                    _web(screen, at(h), size * 0.42)
            elif acc.kind is AccessoryKind.BRIDGE:
                for h in acc.hexes:
                    _plank(screen, at(h), size, BRIDGE)
            elif acc.kind is AccessoryKind.GALLERY:
                shape = acc.properties.get("shape")
                sides = GALLERY_SIDES.get(str(shape), tuple(range(6)))
                for h in acc.hexes:
                    c = at(h)
                    pygame.draw.circle(screen, GALLERY, c, size * 0.22)
                    for k in sides:  # a passage toward each side the gallery opens
                        n = at(h.neighbour((acc.facing + k) % 6))
                        end = (c[0] + (n[0] - c[0]) * 0.5, c[1] + (n[1] - c[1]) * 0.5)
                        pygame.draw.line(screen, GALLERY, c, end, max(2, round(size * 0.3)))
            elif acc.kind is AccessoryKind.DEMOLISHED_WALL:
                if len(acc.hexes) == 2:
                    _breach(screen, at(acc.hexes[0]), at(acc.hexes[1]), size)
                else:
                    for h in acc.hexes:
                        _rubble(screen, at(h), size)
    finally:
        screen.set_clip(clip)


def _boat(
    screen: pygame.Surface, stern: tuple[float, float], bow: tuple[float, float], size: float
) -> None:
    """A hull from the stern hex's centre to the bow hex's, pointed at the bow."""
    dx, dy = bow[0] - stern[0], bow[1] - stern[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    half = size * 0.30
    back = (stern[0] - ux * size * 0.38, stern[1] - uy * size * 0.38)
    front = (bow[0] + ux * size * 0.30, bow[1] + uy * size * 0.30)
    shoulder = (bow[0] - ux * size * 0.05, bow[1] - uy * size * 0.05)
    hull = [
        (back[0] + nx * half, back[1] + ny * half),
        (shoulder[0] + nx * half, shoulder[1] + ny * half),
        front,
        (shoulder[0] - nx * half, shoulder[1] - ny * half),
        (back[0] - nx * half, back[1] - ny * half),
    ]
    pygame.draw.polygon(screen, HULL, hull)
    pygame.draw.polygon(screen, HULL_EDGE, hull, max(1, round(size / 30)))
    inner = max(1.0, half * 0.55)
    deck = [
        (back[0] + ux * size * 0.08 + nx * inner, back[1] + uy * size * 0.08 + ny * inner),
        (shoulder[0] + nx * inner, shoulder[1] + ny * inner),
        (shoulder[0] - nx * inner, shoulder[1] - ny * inner),
        (back[0] + ux * size * 0.08 - nx * inner, back[1] + uy * size * 0.08 - ny * inner),
    ]
    pygame.draw.polygon(screen, DECK, deck)
    for t in (0.3, 0.7):  # the rowing benches
        cx, cy = stern[0] + dx * t, stern[1] + dy * t
        pygame.draw.line(
            screen,
            HULL_EDGE,
            (cx + nx * inner, cy + ny * inner),
            (cx - nx * inner, cy - ny * inner),
            max(1, round(size / 24)),
        )


def _web(screen: pygame.Surface, c: tuple[float, float], r: float) -> None:
    width = max(1, round(r / 18))
    for i in range(8):
        a = i * math.pi / 4
        pygame.draw.line(screen, WEB, c, (c[0] + r * math.cos(a), c[1] + r * math.sin(a)), width)
    for k in (0.35, 0.65, 0.95):
        points = [
            (c[0] + r * k * math.cos(i * math.pi / 4), c[1] + r * k * math.sin(i * math.pi / 4))
            for i in range(8)
        ]
        pygame.draw.polygon(screen, WEB, points, width)


def _plank(screen: pygame.Surface, c: tuple[float, float], size: float, colour: Colour) -> None:
    w, h = size * 0.8, size * 0.45
    rect = pygame.Rect(0, 0, round(w), round(h))
    rect.center = (round(c[0]), round(c[1]))
    pygame.draw.rect(screen, colour, rect)
    pygame.draw.rect(screen, HULL_EDGE, rect, max(1, round(size / 30)))


#: The fallen stones of a breached wall, and the dust band they lie in.
BREACH = (84, 76, 66)
STONE_EDGE = (40, 34, 28)


def _breach(
    screen: pygame.Surface, a: tuple[float, float], b: tuple[float, float], size: float
) -> None:
    """A wall brought down between the hexes centred on `a` and `b`: a band of rubble
    over the side they share, where the map still draws the wall. Drawn on the side,
    not at the hexes' centres, so the characters standing on both hexes do not hide it
    (the map's wall line is what the player must see broken)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    gap = math.hypot(dx, dy) or 1.0
    ux, uy = -dy / gap, dx / gap  # along the shared side
    nx, ny = dx / gap, dy / gap  # across it
    half = gap / math.sqrt(3) / 2 * 0.8  # a regular hex's side is its centres' gap / √3
    start, end = (mx - ux * half, my - uy * half), (mx + ux * half, my + uy * half)
    pygame.draw.line(screen, BREACH, start, end, max(4, round(size * 0.2)))
    radius = max(2.0, size * 0.06)
    for t, off in (
        (-0.8, 0.3),
        (-0.45, -0.5),
        (-0.1, 0.2),
        (0.25, -0.3),
        (0.55, 0.45),
        (0.85, -0.1),
    ):
        c = (mx + ux * half * t + nx * radius * off * 2, my + uy * half * t + ny * radius * off * 2)
        pygame.draw.circle(screen, DEMOLISHED, c, radius)
        pygame.draw.circle(screen, STONE_EDGE, c, radius, max(1, round(radius / 3)))


def _rubble(screen: pygame.Surface, c: tuple[float, float], size: float) -> None:
    for dx, dy in ((-0.15, -0.1), (0.12, -0.05), (-0.02, 0.12), (0.18, 0.14), (-0.2, 0.12)):
        pygame.draw.circle(screen, DEMOLISHED, (c[0] + dx * size, c[1] + dy * size), size * 0.08)


def objective_face(acc: Accessory, known: bool) -> str:
    """How an objective counter shows: "unknown" ("Orb?"), "real", "decoy" (known to the
    viewer, still face up) or "turned" (a decoy revealed and turned over)."""
    if not acc.face_up:
        return "turned"
    if not known:
        return "unknown"
    return "real" if acc.properties.get("real") else "decoy"


def draw_objective(
    screen: pygame.Surface, c: tuple[float, float], size: float, acc: Accessory, known: bool
) -> None:
    """An objective chit on its hex: its picture, "?" while the viewer does not know."""
    face = objective_face(acc, known)
    half = size * 0.3
    rect = pygame.Rect(0, 0, round(half * 2), round(half * 2))
    rect.center = (round(c[0]), round(c[1]))
    edge = max(1, round(size / 28))
    if face == "turned":
        pygame.draw.circle(screen, DECOY, c, half, edge)
        return
    colour = {"unknown": UNKNOWN, "real": GOLD, "decoy": DECOY}[face]
    pygame.draw.rect(screen, CHIT, rect, border_radius=max(2, round(half / 3)))
    pygame.draw.rect(
        screen, GOLD if face == "real" else CHIT_EDGE, rect, edge + (face == "real"),
        border_radius=max(2, round(half / 3)),
    )  # fmt: skip
    icon = (c[0], c[1] - half * 0.12)
    r = half * 0.48
    if acc.kind is AccessoryKind.ORB:
        pygame.draw.circle(screen, colour, icon, r)
        pygame.draw.circle(screen, CHIT, (icon[0] - r * 0.35, icon[1] - r * 0.35), r * 0.22)
    elif acc.kind is AccessoryKind.SUN:
        pygame.draw.circle(screen, colour, icon, r * 0.55)
        for i in range(8):
            a = i * math.pi / 4
            p1 = (icon[0] + r * 0.7 * math.cos(a), icon[1] + r * 0.7 * math.sin(a))
            p2 = (icon[0] + r * math.cos(a), icon[1] + r * math.sin(a))
            pygame.draw.line(screen, colour, p1, p2, edge)
    else:  # Khuzun's cell: bars
        box = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.8))
        box.center = (round(icon[0]), round(icon[1]))
        pygame.draw.rect(screen, colour, box, edge)
        for k in (0.3, 0.5, 0.7):
            x = box.left + box.w * k
            pygame.draw.line(screen, colour, (x, box.top), (x, box.bottom), edge)
    if face == "decoy":
        pygame.draw.line(screen, (200, 80, 60), rect.topleft, rect.bottomright, edge + 1)
    px = max(8, round(half * 0.62))
    label = OBJECTIVE_NAMES[acc.kind] + ("?" if face == "unknown" else "")
    if size >= 36:
        text = fonts.font(px).render(label, True, colour)
        screen.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom - px - 1)))
    elif face == "unknown":
        text = fonts.font(max(8, round(half))).render("?", True, colour)
        screen.blit(text, text.get_rect(center=rect.center))


def _entrance(screen: pygame.Surface, c: tuple[float, float], size: float) -> None:
    """A dungeon entrance: a dark opening with steps going down."""
    w, h = size * 0.5, size * 0.36
    rect = pygame.Rect(0, 0, round(w), round(h))
    rect.center = (round(c[0]), round(c[1]))
    pygame.draw.ellipse(screen, HOLE, rect)
    pygame.draw.ellipse(screen, STEP, rect, max(1, round(size / 30)))
    for k in (0.3, 0.5, 0.7):
        y = rect.top + rect.h * k
        inset = rect.w * (0.18 + 0.2 * k)
        pygame.draw.line(
            screen, STEP, (rect.left + inset, y), (rect.right - inset, y), max(1, round(size / 40))
        )
