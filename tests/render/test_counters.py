"""Counter chits: every counter in every face, numbers from the profile, faces that differ,
deterministic pixels, the Queen and Guards over their footprints, walkway pairs, caches."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from dragonnoir.engine.roster import Krob, KrobType, default_roster
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.values import profile_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render.board_view import Sprite
from dragonnoir.render.camera import Camera
from dragonnoir.render.counter_faces import (
    Face,
    FaceKey,
    face_of,
    faces_for,
    number_labels,
    short_name,
    unit_for_face,
)
from dragonnoir.render.counter_sheet import counters_sheet
from dragonnoir.render.counter_style import DEFENCE_INK
from dragonnoir.render.counters import CounterArt

GRID = HexGrid()


@pytest.fixture(scope="module")
def art() -> CounterArt:
    pygame.font.init()
    return CounterArt(default_roster())


def _visible(img: pygame.Surface) -> int:
    """How many pixels are not fully transparent."""
    return sum(
        1 for x in range(img.get_width()) for y in range(img.get_height()) if img.get_at((x, y)).a
    )


def _reddish(img: pygame.Surface) -> int:
    n = 0
    for x in range(img.get_width()):
        for y in range(img.get_height()):
            c = img.get_at((x, y))
            if c.a > 200 and c.r > 150 and c.g < 80 and c.b < 80:
                n += 1
    return n


def test_every_counter_draws_in_every_face(art: CounterArt) -> None:
    roster = default_roster()
    n = 0
    for counter in roster:
        faces = faces_for(counter)
        assert FaceKey(Face.HEALTHY) in faces
        for face in faces:
            if isinstance(counter, Krob) and counter.size > 1:
                bi = art.big(counter.id, face, 0, 1.0)
                assert bi.image.get_width() > 90
                assert bi.image.get_bounding_rect().w > 80
            else:
                for px in (64, 40, 24, 12):
                    img = art.chit(counter.id, face, px)
                    assert img.get_width() >= px * 0.6
                    assert img.get_bounding_rect().w > 0
            n += 1
    assert n > 400
    # the faces the rules describe exist where they should
    assert FaceKey(Face.FRENZIED) in faces_for(roster["crazy_ork"])
    assert FaceKey(Face.NEWBORN) in faces_for(roster["hunter_01"])
    assert FaceKey(Face.KNOCKED_OUT) not in faces_for(roster["troll_1"])  # never knocked out
    assert FaceKey(Face.WOUNDED, 3) in faces_for(roster["queen_alkiram"])
    assert faces_for(roster["gargoyle_1"]) == (FaceKey(Face.HEALTHY),)


def test_numbers_come_from_the_profile() -> None:
    roster = default_roster()
    knight = roster["rebel_knight_1"]
    prof = profile_of(roster, unit_for_face(knight, FaceKey(Face.HEALTHY)))
    labels = number_labels(prof, FaceKey(Face.HEALTHY))
    assert [lab.text for lab in labels] == [str(prof.attack), str(prof.defence), str(prof.movement)]
    assert [lab.role for lab in labels] == ["attack", "defence", "movement"]
    assert labels[1].colour == DEFENCE_INK and labels[1].circled is prof.armoured is True
    wounded = profile_of(roster, unit_for_face(knight, FaceKey(Face.WOUNDED, 1)))
    assert [lab.text for lab in number_labels(wounded, FaceKey(Face.WOUNDED, 1))] == [
        str(knight.wounded[0].attack),
        str(knight.wounded[0].defence),
        str(knight.wounded[0].movement),
    ]
    queen = roster["queen_alkiram"]
    qp = profile_of(roster, unit_for_face(queen, FaceKey(Face.HEALTHY)))
    q = number_labels(qp, FaceKey(Face.HEALTHY))
    assert (q[1].text, q[1].paren) == ("10", "5")  # front (rear)
    gharv = roster["gharv_1"]
    gp = profile_of(roster, unit_for_face(gharv, FaceKey(Face.HEALTHY)))
    g = number_labels(gp, FaceKey(Face.HEALTHY))
    assert (g[2].text, g[2].paren) == ("6", "2")  # water (land)
    assert number_labels(prof, FaceKey(Face.KNOCKED_OUT)) == ()
    assert number_labels(prof, FaceKey(Face.KILLED)) == ()


def test_red_ring_only_when_armoured(art: CounterArt) -> None:
    roster = default_roster()
    prof = profile_of(roster, unit_for_face(roster["rebel_knight_1"], FaceKey(Face.HEALTHY)))
    ringed = art.chit(
        "rebel_knight_1", Face.HEALTHY, 64, profile=dataclasses.replace(prof, armoured=True)
    )
    plain = art.chit(
        "rebel_knight_1", Face.HEALTHY, 64, profile=dataclasses.replace(prof, armoured=False)
    )
    assert ringed is not plain
    assert _reddish(ringed) > _reddish(plain) + 40


def test_faces_look_different(art: CounterArt) -> None:
    for kind in ("zed", "hunter_01", "gharv_1", "troll_1"):
        counter = default_roster()[kind]
        images = {face: art.chit(kind, face, 48) for face in faces_for(counter)}
        raw = [pygame.image.tobytes(img, "RGBA") + bytes(img.get_size()) for img in images.values()]
        assert len(set(raw)) == len(raw), kind
    killed = art.chit("zed", Face.KILLED, 48)
    healthy = art.chit("zed", Face.HEALTHY, 48)
    assert killed.get_bounding_rect().w < healthy.get_bounding_rect().w  # small
    ko = art.chit("zed", Face.KNOCKED_OUT, 48)
    assert ko.get_width() > 48  # tilted


def test_same_pixels_twice() -> None:
    a, b = CounterArt(default_roster()), CounterArt(default_roster())
    faces = (
        ("zed", FaceKey(Face.WOUNDED, 1)),
        ("crazy_ork", FaceKey(Face.FRENZIED)),
        ("warrior_01", FaceKey(Face.NEWBORN)),
        ("godiva", FaceKey(Face.KNOCKED_OUT)),
    )
    for kind, face in faces:
        x, y = a.chit(kind, face, 40), b.chit(kind, face, 40)
        assert pygame.image.tobytes(x, "RGBA") == pygame.image.tobytes(y, "RGBA")
    qa, qb = (
        a.big("queen_alkiram", Face.HEALTHY, 2, 1.0),
        b.big("queen_alkiram", Face.HEALTHY, 2, 1.0),
    )
    assert pygame.image.tobytes(qa.image, "RGBA") == pygame.image.tobytes(qb.image, "RGBA")


@pytest.mark.parametrize("kind", ["queen_alkiram", "guard_1"])
def test_big_counters_cover_their_footprint(art: CounterArt, kind: str) -> None:
    size = default_roster().krob(kind).size
    anchor = Hex(0, 0)
    ax, ay = GRID.hex_centre(anchor)
    for facing in range(6):
        for zoom in (1.0, 0.5):
            bi = art.big(kind, Face.HEALTHY, facing, zoom)
            cells = hexes_for(anchor, size, facing)
            for h in cells:
                x, y = GRID.hex_centre(h)
                px = round(bi.anchor[0] + (x - ax) * zoom)
                py = round(bi.anchor[1] + (y - ay) * zoom)
                assert bi.image.get_at((px, py)).a >= 250, (kind, facing, zoom, h)
            # and not the hexes around it
            for h in {n for c in cells for n in c.neighbours()} - set(cells):
                x, y = GRID.hex_centre(h)
                px = round(bi.anchor[0] + (x - ax) * zoom)
                py = round(bi.anchor[1] + (y - ay) * zoom)
                inside = 0 <= px < bi.image.get_width() and 0 <= py < bi.image.get_height()
                assert not inside or bi.image.get_at((px, py)).a == 0


def test_face_of_follows_the_state() -> None:
    u = Unit("a", "zed", Side.ADVENTURERS, Hex(0, 0))
    assert face_of(u) == FaceKey(Face.HEALTHY)
    u.status, u.wounds = Status.WOUNDED, 1
    assert face_of(u) == FaceKey(Face.WOUNDED, 1)
    u.status = Status.KNOCKED_OUT
    assert face_of(u) == FaceKey(Face.KNOCKED_OUT)
    u.status = Status.KILLED
    assert face_of(u) == FaceKey(Face.KILLED)
    k = Unit("k", "hunter_01", Side.KROBS, Hex(0, 0), adult=False)
    assert face_of(k) == FaceKey(Face.NEWBORN)
    o = Unit("o", "crazy_ork", Side.ADVENTURERS, Hex(0, 0), frenzied=True)
    assert face_of(o) == FaceKey(Face.FRENZIED)


def test_short_names() -> None:
    assert short_name("Black Dwarf Crossbowman 2") == "Dw Xbow 2"
    assert short_name("Rebel Crossbowman 2") == "Xbow 2"
    assert short_name("Elf Archer 1") == "Elf 1"
    assert short_name("Ork Warrior 1") == "Ork Warr 1"
    assert short_name("Knight of Halöven 1") == "Knight 1"
    assert short_name("Queen's Guard 3") == "Guard 3"
    assert short_name("Zacharie") == "Zacharie"
    shorts = [short_name(c.name) for c in default_roster()]
    assert len(shorts) == len(set(shorts)), "two counters share a chit name"


def _screen() -> pygame.Surface:
    pygame.display.init()
    return pygame.display.set_mode((640, 480))


def test_walkway_pair_both_visible(art: CounterArt) -> None:
    screen = _screen()
    h = Hex(4, 3)
    under = Unit("under", "hunter_01", Side.KROBS, h, 0.0)
    deck = Unit("deck", "rebel_knight_1", Side.ADVENTURERS, h, 1.0)
    camera = Camera(640, 480, 640, 480)
    rects = dict(art.draw_units(screen, camera, GRID, [deck, under], walkways={h}))
    assert set(rects) == {"under", "deck"}
    ru, rd = rects["under"], rects["deck"]
    assert ru != rd and not rd.contains(ru) and not ru.contains(rd)
    assert rd.centerx > ru.centerx and rd.centery < ru.centery  # deck up-right
    assert rd.w > ru.w  # the deck one is larger
    cx, cy = GRID.hex_centre(h)
    hex_rect = pygame.Rect(0, 0, 60, 64)
    hex_rect.center = (round(cx), round(cy))
    assert hex_rect.colliderect(ru) and hex_rect.colliderect(rd)
    # the one underneath is darker than the same chit on open ground
    dark = art.chit("hunter_01", Face.HEALTHY, ru.w, variant="under")
    light = art.chit("hunter_01", Face.HEALTHY, ru.w)
    assert sum(pygame.transform.average_color(dark)[:3]) < sum(
        pygame.transform.average_color(light)[:3]
    )


def test_dead_drawn_first_and_small(art: CounterArt) -> None:
    screen = _screen()
    h = Hex(4, 3)
    dead = Unit("dead", "hunter_02", Side.KROBS, h, status=Status.KILLED)
    alive = Unit("alive", "zed", Side.ADVENTURERS, h)
    camera = Camera(640, 480, 640, 480)
    order = art.draw_units(screen, camera, GRID, [alive, dead])
    assert [uid for uid, _ in order] == ["dead", "alive"]
    rd, ra = order[0][1], order[1][1]
    assert rd.w < ra.w and not ra.contains(rd)  # it peeks out


def test_caches_return_the_same_surface(art: CounterArt) -> None:
    a = art.chit("zed", Face.HEALTHY, 40)
    assert art.chit("zed", Face.HEALTHY, 40) is a
    assert (
        art.big("guard_2", Face.HEALTHY, 3, 1.0).image
        is art.big("guard_2", Face.HEALTHY, 3, 1.0).image
    )
    screen = _screen()
    units = [
        Unit("u1", "zed", Side.ADVENTURERS, Hex(2, 2)),
        Unit("u2", "guard_1", Side.KROBS, Hex(6, 4), facing=2),
        Unit("u3", "gharv_1", Side.GHARVS, Hex(3, 5), status=Status.WOUNDED, wounds=1),
    ]
    camera = Camera(640, 480, 640, 480)
    art.draw_units(screen, camera, GRID, units, selected="u1", highlight={"u3"})
    painted = art.painted
    art.draw_units(screen, camera, GRID, units, selected="u1", highlight={"u3"})
    assert art.painted == painted


def test_sprites_for_draw_frame(art: CounterArt) -> None:
    units = [
        Unit("u1", "zed", Side.ADVENTURERS, Hex(2, 2)),
        Unit("q", "queen_alkiram", Side.KROBS, Hex(8, 6)),
    ]
    sprites = art.sprites(GRID, units)
    assert len(sprites) == 2 and all(isinstance(s, Sprite) for s in sprites)
    x, y = GRID.hex_centre(Hex(2, 2))
    assert any(abs(s.x - x) < 1 and abs(s.y - y) < 1 for s in sprites)


def test_sheet(tmp_path: Path) -> None:
    out = counters_sheet(default_roster(), tmp_path / "sheet.png", px=40)
    img = pygame.image.load(str(out))
    assert img.get_width() > 1000 and img.get_height() > 1000


def test_profiles_override_values(art: CounterArt) -> None:
    roster = default_roster()
    u = Unit("u", "queen_alkiram", Side.KROBS, Hex(0, 0))
    p = profile_of(roster, u)
    assert p.category == KrobType.QUEEN.value
    other = dataclasses.replace(p, attack=p.attack + 1)
    assert (
        art.big("queen_alkiram", Face.HEALTHY, 0, 1.0).image
        is not art.big("queen_alkiram", Face.HEALTHY, 0, 1.0, profile=other).image
    )


def test_cached_fonts_survive_pygame_restarting() -> None:
    """A font cached before `pygame.quit()` is dead afterwards; the shared cache forgets
    it (the next game or test would otherwise fail with "Invalid font")."""
    from dragonnoir.render import fonts

    for _ in range(3):  # pygame forgets a quit hook once it has run it
        pygame.init()
        assert fonts.font(17).render("x", True, (0, 0, 0)).get_width() > 0
        pygame.quit()
    pygame.init()


@pytest.mark.parametrize("px", [22, 30, 56])
def test_the_side_is_told_apart_first_by_the_frame(art: CounterArt, px: int) -> None:
    """A Black Dwarf and a Krob Warrior both have tan backgrounds: their frames are blue
    and red, at every size (issue 9)."""
    dwarf = art.chit("dwarf_axeman_1", Face.HEALTHY, px)
    krob = art.chit("warrior_03", Face.HEALTHY, px)
    for img, (strong, weak) in ((dwarf, (2, 0)), (krob, (0, 2))):
        c = img.get_at((1, px // 2))  # inside the dark hairline: the frame
        assert c[strong] > c[weak] + 80, (px, c)
