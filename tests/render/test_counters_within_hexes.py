"""Every counter's drawn pixels stay inside its hexes (issue 45 §6: a Guard's numbers
hid the Warrior next to it). The Queen and her Guards, in every face and facing, at
several zooms; a one-hex chit at the zooms where it is drawn at its own size (below
`MIN_MAP_PX / CHIT_SIZE` a chit keeps a legible minimum size, larger than its hex, by
design: counter_style.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.engine.roster import default_roster
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render.camera import Camera
from dragonnoir.render.counter_faces import faces_for, unit_for_face
from dragonnoir.render.counters import CounterArt

GRID = HexGrid()
ROSTER = default_roster()
BIG = [k.id for k in ROSTER.krobs if k.size > 1]
SIZE = 400


@pytest.fixture(scope="module")
def art() -> CounterArt:
    pygame.font.init()
    return CounterArt(ROSTER)


def outside_pixels(art: CounterArt, unit: Unit, size: int, zoom: float) -> int:
    """How many pixels of `unit`, drawn alone on the map at `zoom`, fall outside its
    hexes (their outline counted in: the edge's antialiasing)."""
    assert unit.hex is not None
    screen = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    screen.fill((0, 0, 0, 0))
    camera = Camera(SIZE, SIZE, 4000, 4000)
    camera.zoom = zoom
    cx, cy = GRID.hex_centre(unit.hex)
    camera.x, camera.y = cx - SIZE / 2 / zoom, cy - SIZE / 2 / zoom
    art.draw_units(screen, camera, GRID, [unit], viewport=screen.get_rect())
    hexes = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    hexes.fill((0, 0, 0, 0))
    for h in hexes_for(unit.hex, size, unit.facing):
        corners = [camera.to_screen(x, y) for x, y in GRID.hex_polygon(h)]
        pygame.draw.polygon(hexes, (255, 255, 255, 255), corners)
        pygame.draw.polygon(hexes, (255, 255, 255, 255), corners, 2)
    drawn = pygame.mask.from_surface(screen, 8)
    assert drawn.count(), "the counter is drawn"
    return drawn.count() - drawn.overlap_area(pygame.mask.from_surface(hexes, 8), (0, 0))


@pytest.mark.parametrize("kind", BIG)
def test_the_queen_and_her_guards_stay_within_their_hexes(art: CounterArt, kind: str) -> None:
    counter = ROSTER.krob(kind)
    leaks = []
    for face in faces_for(counter):
        for facing in range(6):
            for zoom in (0.5, 0.75, 1.0, 1.5, 2.0):
                unit = unit_for_face(counter, face)
                unit = Unit(
                    unit.id, kind, Side.KROBS, Hex(6, 6), facing=facing,
                    status=unit.status, wounds=unit.wounds,
                )  # fmt: skip
                out = outside_pixels(art, unit, counter.size, zoom)
                if out:
                    leaks.append((face, facing, zoom, out))
    assert leaks == []


def test_one_hex_chits_stay_within_their_hex(art: CounterArt) -> None:
    leaks = []
    counters = (*ROSTER.adventurers, *ROSTER.krobs, *ROSTER.gharvs)
    kinds = [c.id for c in counters if getattr(c, "size", 1) <= 1]
    for kind in kinds[::3]:  # every third counter: each people and each Krob type
        for zoom in (0.75, 1.0, 2.0):
            unit = Unit("u", kind, Side.KROBS, Hex(5, 5))
            out = outside_pixels(art, unit, 1, zoom)
            if out:
                leaks.append((kind, zoom, out))
    assert leaks == []
    dead = Unit("d", kinds[0], Side.ADVENTURERS, Hex(5, 5), status=Status.KILLED)
    assert outside_pixels(art, dead, 1, 1.0) == 0
