"""Character counters drawn as the game's chits, and placed on the board ("The Counters").

Public API (everything else in this module is private):

- `CounterArt(roster)` — the chit painter and its caches. One per roster (per game's
  `rules.roster`); keep it for the whole session, its caches are what make frames cheap.

  - `art.chit(kind, face, px, *, profile=None) -> Surface`: the square chit of a one-hex
    counter (adventurer, Krob Hunter/Warrior/Killer, Gharv, spectre), `px` pixels wide
    (the surface may be larger for a knocked-out chit, which lies tilted). Same arguments,
    same `Surface` object (cached). `profile` overrides the roster's values (a
    `values.Profile`); by default they come from `profile_of(roster, unit_for_face(...))`.
  - `art.big(kind, face, facing, zoom, *, profile=None) -> BigImage`: the Queen (7 hexes)
    or a Guard (3 hexes) as one shape over its footprint at `zoom`, head towards `facing`,
    with its greyed rear zone; `BigImage.image` and `BigImage.anchor` (the pixel of the
    image that sits on the centre of the anchor hex).
  - `art.draw_units(screen, camera, grid, units, profiles=None, *, selected=None,
    highlight=(), viewport=None, walkways=()) -> list[tuple[str, Rect]]`: draw every
    unit on the map for the camera (call it after `board_view.draw_frame(...)`, which
    draws the map). Returns the screen rectangle of each drawn unit, bottom-most first:
    hit-test it in reverse for clicks. `selected` is a unit id (bright ring), `highlight`
    unit ids (pale ring: targets, movers...). `walkways` are the hexes with a walkway
    deck (`Cell.walkway`), so a lone character on or under a deck shows it; two
    characters on one hex at different levels are always drawn as deck + underneath.
  - `art.sprites(grid, units, profiles=None) -> list[Sprite]`: the same placement as
    `board_view.Sprite`s for `draw_frame(..., sprites=...)` (simpler, slower: the view
    smooth-scales 96-px chits instead of drawing them at the exact size).
- `draw_units(screen, camera, grid, units, profiles=None, **kw)`: `draw_units` of a
  module-wide `CounterArt` of the shipped roster (`default_art()`).
- `Face`, `FaceKey(face, wound)`, `face_of(unit) -> FaceKey` (which face a unit shows),
  `faces_for(counter) -> tuple[FaceKey, ...]` (every face a roster counter has),
  `unit_for_face(counter, face) -> Unit`, `number_labels(profile, face) -> tuple[Label,
  ...]` (the texts printed on a chit: attack black, defence red — circled when armoured,
  rear defence in parentheses — movement blue, Gharv land movement in parentheses),
  `short_name(name)`, `chit_px(zoom)`.
- `counters_sheet(roster, out_png)` and `python -m dragonnoir.render.counters --sheet
  out.png`: every counter of the roster in every face on one sheet.

How a unit's face is chosen (`face_of`): killed > knocked out > frenzied (Crazy Ork) >
newborn (Krob) > wounded (`wounds`-th wounded side) > healthy.

Sizes: a chit is `CHIT_SIZE` (40) map pixels wide, so 40 px at 100% zoom on a 52x60 hex,
and never smaller than `MIN_MAP_PX` (22) on the map, so its numbers stay legible at every
zoom. Chits are drawn at the exact pixel size (no blurry shrinking): full chit (name,
silhouette, numbers) from 34 px; below that a simpler face, numbers as big as the chit
allows (with the silhouette from 26 px; under 26 px the whole chit takes its side's
colour); colour and face marks only below 16 px (sheets). The side is read first: a thick
frame in its colour (`BORDERS`: Adventurers blue, Krobs red, Gharvs teal) inside a dark
hairline that keeps the chit visible on any terrain; the people's colour second.

A stack on one hex: the dead first, small, peeking out from under the living;
a walkway pair: the one underneath down-left and darker, the one on the deck up-right on
a plank strip.

Everything is drawn by code (pygame primitives and the default pygame font,
FreeSansBold), deterministically: same arguments, same pixels.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import sys
from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

import pygame

from dragonnoir.engine.roster import (
    Adventurer,
    Counter,
    Gharv,
    Krob,
    KrobType,
    Roster,
    Spectre,
    SpectreKind,
    Tag,
    default_roster,
)
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.values import Profile, profile_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render import fonts
from dragonnoir.render.art import smoothscale_portable
from dragonnoir.render.board_view import Sprite

if TYPE_CHECKING:
    from dragonnoir.render.camera import Camera

Colour = tuple[int, int, int]
Point = tuple[float, float]

#: Width of a one-hex chit in map pixels (the hex is 52 x 60 at 100%).
CHIT_SIZE = 40
#: From this many pixels a chit shows its name, silhouette and numbers.
FULL_PX = 34
#: From this many pixels (and below FULL_PX) a chit shows its numbers only (big).
NUMBERS_PX = 16
#: Chits are never drawn smaller than this on the map, at any zoom: the numbers stay
#: legible (at the smallest zooms the chits overlap their hexes' edges instead).
MIN_MAP_PX = 22

#: Cached chit images before the cache starts afresh (each zoom needs its own sizes).
MAX_CACHED_CHITS = 4000
#: Below this font size an armoured defence is a red disc, not a ring (which would blot).
SMALL_RING_PX = 13

INK: Colour = (22, 18, 16)
ATTACK_INK: Colour = (12, 12, 12)
DEFENCE_INK: Colour = (196, 18, 22)
MOVE_INK: Colour = (22, 62, 188)
STRIP: Colour = (246, 240, 222)
SELECTED_RING: Colour = (255, 226, 80)
HIGHLIGHT_RING: Colour = (120, 220, 255)

#: Background of the chits of each people / Krob type / other kind.
BACKGROUNDS: dict[str, Colour] = {
    "rebels": (168, 188, 216),
    "orks": (160, 184, 104),
    "goblins": (214, 186, 112),
    "elves": (150, 210, 166),
    "trolls": (176, 166, 150),
    "black_dwarves": (204, 148, 112),
    "hunter": (226, 190, 110),
    "warrior": (206, 150, 86),
    "killer": (206, 112, 92),
    "guard": (170, 124, 92),
    "queen": (150, 96, 132),
    "gharv": (112, 180, 176),
    "living_dead": (196, 190, 222),
    "gargoyle": (168, 170, 178),
}
#: Frame colour of each side's chits: the side is read first (a thick frame), the
#: people second (the background). Chosen apart from every background and terrain:
#: a Black Dwarf (tan) and a Krob Warrior (tan) differ by their blue / red frames.
BORDERS: dict[Side, Colour] = {
    Side.ADVENTURERS: (34, 86, 214),
    Side.KROBS: (178, 24, 20),
    Side.GHARVS: (14, 128, 118),
}
#: The hairline around the frame: the chit stays visible on any terrain (bright resin
#: or dark rock).
OUTLINE: Colour = (8, 6, 6)


# -- faces ---------------------------------------------------------------------------------


class Face(StrEnum):
    """Which side of a counter shows ("The Characters")."""

    HEALTHY = "healthy"  # an adult Krob's adult side too
    NEWBORN = "newborn"
    FRENZIED = "frenzied"
    WOUNDED = "wounded"
    KNOCKED_OUT = "knocked_out"
    KILLED = "killed"


class FaceKey(NamedTuple):
    """A face; `wound` is which wounded side (1 = first) for WOUNDED, else 0."""

    face: Face
    wound: int = 0


class Label(NamedTuple):
    """One number printed on a chit: `text` (main part), `paren` (the part in
    parentheses, may be ""), `colour`, `circled` (the armoured red ring), `role`
    ("attack", "defence", "movement")."""

    text: str
    paren: str
    colour: Colour
    circled: bool
    role: str


def face_of(unit: Unit) -> FaceKey:
    """The face `unit`'s counter shows now."""
    if unit.status is Status.KILLED:
        return FaceKey(Face.KILLED)
    if unit.status is Status.KNOCKED_OUT:
        return FaceKey(Face.KNOCKED_OUT)
    if unit.frenzied:
        return FaceKey(Face.FRENZIED)
    if not unit.adult:
        return FaceKey(Face.NEWBORN)
    if unit.wounds > 0 or unit.status is Status.WOUNDED:
        return FaceKey(Face.WOUNDED, max(1, unit.wounds))
    return FaceKey(Face.HEALTHY)


def faces_for(counter: Counter) -> tuple[FaceKey, ...]:
    """Every face a roster counter can show, in the order of the sheet."""
    if isinstance(counter, Spectre):
        return (FaceKey(Face.HEALTHY),)
    out = [FaceKey(Face.HEALTHY)]
    if isinstance(counter, Adventurer):
        if Tag.TROLL not in counter.tags:
            out.append(FaceKey(Face.KNOCKED_OUT))
        if counter.frenzied is not None:
            out.append(FaceKey(Face.FRENZIED))
    if isinstance(counter, Krob) and counter.newborn is not None:
        out.insert(0, FaceKey(Face.NEWBORN))
    wounded = counter.wounded if not isinstance(counter, Spectre) else ()
    out += [FaceKey(Face.WOUNDED, i + 1) for i in range(len(wounded))]
    out.append(FaceKey(Face.KILLED))
    return tuple(out)


def unit_for_face(counter: Counter, face: FaceKey) -> Unit:
    """A unit of `counter` showing `face` (for `profile_of` and the sheet)."""
    side = (
        Side.KROBS
        if isinstance(counter, Krob)
        else Side.GHARVS
        if isinstance(counter, Gharv)
        else Side.ADVENTURERS
    )
    unit = Unit(counter.id, counter.id, side, Hex(0, 0))
    if face.face is Face.KILLED:
        unit.status = Status.KILLED
        unit.wounds = 0
    elif face.face is Face.KNOCKED_OUT:
        unit.status = Status.KNOCKED_OUT
    elif face.face is Face.FRENZIED:
        unit.frenzied = True
    elif face.face is Face.NEWBORN:
        unit.adult = False
    elif face.face is Face.WOUNDED:
        unit.status = Status.WOUNDED
        unit.wounds = face.wound
    return unit


def number_labels(profile: Profile, face: FaceKey) -> tuple[Label, ...]:
    """The numbers a chit prints for `profile` (none on a knocked-out or killed face)."""
    if face.face in (Face.KNOCKED_OUT, Face.KILLED):
        return ()
    rear = "" if profile.defence_rear is None else str(profile.defence_rear)
    land = "" if profile.movement_land is None else str(profile.movement_land)
    return (
        Label(str(profile.attack), "", ATTACK_INK, False, "attack"),
        Label(str(profile.defence), rear, DEFENCE_INK, profile.armoured, "defence"),
        Label(str(profile.movement), land, MOVE_INK, False, "movement"),
    )


_WORDS = {
    "Crossbowman": "Xbow",
    "Longbowman": "Longbow",
    "Swordsman": "Sword",
    "Hammerer": "Hammer",
    "Spearman": "Spear",
    "Axeman": "Axe",
    "Living": "L.",
}
#: People prefixes kept short on the chit, so two peoples' counters never share a name
#: ("Ork Warrior 1" is not the Krob "Warrior 1", an Elf is not a Goblin Archer).
_PREFIXES = (
    ("Black Dwarf ", "Dw "),
    ("Rebel ", ""),
    ("Ork Warrior ", "Ork Warr "),
    ("Ork ", "Ork "),
    ("Goblin ", "Gob "),
    ("Elf Archer ", "Elf "),
    ("Queen's ", ""),
)


def short_name(name: str) -> str:
    """A name short enough for a chit, one per counter ("Black Dwarf Crossbowman 2" ->
    "Dw Xbow 2", "Elf Archer 1" -> "Elf 1", "Knight of Halöven 1" -> "Knight 1")."""
    out = name.replace(" of Halöven", "")
    for prefix, short in _PREFIXES:
        if out.startswith(prefix) and len(out) > len(prefix):
            out = short + out[len(prefix) :]
            break
    words = [_WORDS.get(w, w) for w in out.split()]
    out = " ".join(words).replace("L. Dead", "L.Dead")
    if out.startswith("Queen Alkiram"):
        out = "Alkiram"
    return out


def chit_px(zoom: float) -> int:
    """A one-hex chit's width in screen pixels at `zoom`."""
    return max(MIN_MAP_PX, round(CHIT_SIZE * zoom))


# -- drawing helpers -------------------------------------------------------------------


def _shade(c: Colour, k: float) -> Colour:
    return (min(255, round(c[0] * k)), min(255, round(c[1] * k)), min(255, round(c[2] * k)))


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _font(px: int) -> pygame.font.Font:
    return fonts.font(max(6, px))


def _text(text: str, px: int, colour: Colour) -> pygame.Surface:
    return _font(px).render(text, True, colour)


def _fit_text(text: str, px: int, colour: Colour, max_w: int) -> pygame.Surface:
    """Text at `px`, smaller until it fits `max_w` (never below 6 px)."""
    while True:
        img = _text(text, px, colour)
        if img.get_width() <= max_w or px <= 6:
            return img
        px -= 1


class _Pen:
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


class _Frame:
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


# -- silhouettes ---------------------------------------------------------------------------


def glyph_key(counter: Counter | None, profile: Profile) -> str:
    """Which silhouette a counter shows: by category, people, weapon and name."""
    cat = profile.category
    if cat in ("hunter", "warrior", "killer", "guard", "queen", "gharv"):
        return cat
    if cat in ("living_dead", "gargoyle"):
        return cat
    tags = profile.tags
    name = counter.name.lower() if counter is not None else profile.kind
    people = profile.people or "rebels"
    if "dog" in tags or "godivas_dog" in tags:
        return "dog"
    if "troll" in tags or people == "trolls":
        return "troll"
    if "wizard" in tags:
        return f"{people}:wizard"
    if "crazy_ork" in tags:
        return f"{people}:berserk"
    if "prisoner" in tags:
        return f"{people}:prisoner"
    if profile.weapon == "crossbow":
        return f"{people}:crossbow"
    if profile.weapon in ("long_bow", "short_bow"):
        return f"{people}:{profile.weapon}"
    for word, weapon in (
        ("axe", "axe"),
        ("spear", "spear"),
        ("hammer", "hammer"),
        ("miner", "pick"),
        ("climber", "climber"),
        ("scout", "scout"),
        ("knight", "knight"),
        ("zed", "dagger"),
    ):
        if word in name:
            return f"{people}:{weapon}"
    return f"{people}:sword"


_BODY = {  # height, width, head radius
    "rebels": (1.0, 1.0, 7.0),
    "orks": (0.98, 1.22, 7.6),
    "goblins": (0.84, 0.92, 7.4),
    "elves": (1.06, 0.86, 6.6),
    "black_dwarves": (0.8, 1.28, 7.6),
}


def _paint_glyph(pen: _Pen, key: str, ink: Sequence[int] = INK) -> None:
    """A silhouette in the 100 x 100 box (dark ink; a few light details)."""
    light = (226, 214, 186)
    if key in ("hunter", "warrior", "killer", "guard", "queen"):
        f = _Frame((50, 52), (0.0, -1.0), 1.0)
        _paint_krob(pen, f, key, 92 if key != "queen" else 96, ink, light)
        return
    if key == "gharv":
        _paint_gharv(pen, ink)
        return
    if key == "living_dead":
        _paint_living_dead(pen, ink, light)
        return
    if key == "gargoyle":
        _paint_gargoyle(pen, ink)
        return
    if key == "dog":
        _paint_dog(pen, ink)
        return
    if key == "troll":
        _paint_troll(pen, ink, light)
        return
    people, _, weapon = key.partition(":")
    _paint_figure(pen, people, weapon, ink, light)


def _paint_figure(
    pen: _Pen, people: str, weapon: str, ink: Sequence[int], light: Sequence[int]
) -> None:
    h, w, hr = _BODY.get(people, _BODY["rebels"])
    foot = 95.0
    top = foot - 84 * h
    hx, hy = 50.0, top + hr
    sh_y = hy + hr + 3  # shoulders
    hip_y = sh_y + 30 * h
    sw = 13 * w  # half shoulder width
    robe = weapon in ("wizard", "scout")
    # Weapon behind the body first for a few.
    if weapon == "berserk":
        for side in (-1, 1):
            x0 = 50 + side * sw
            tip: Point = (50.0 + side * 30, top - 2)
            pen.line(ink, (x0, sh_y + 4), tip, 3.2)
            pen.poly(
                ink,
                [
                    (tip[0] - side * 1, tip[1] + 2),
                    (tip[0] + side * 12, tip[1] - 3),
                    (tip[0] + side * 12, tip[1] + 13),
                    (tip[0] - side * 1, tip[1] + 9),
                ],
            )
    if robe:
        pen.poly(
            ink, [(50 - sw, sh_y), (50 + sw, sh_y), (50 + sw * 1.55, foot), (50 - sw * 1.55, foot)]
        )
    else:
        # torso
        pen.poly(
            ink,
            [(50 - sw, sh_y), (50 + sw, sh_y), (50 + sw * 0.78, hip_y), (50 - sw * 0.78, hip_y)],
        )
        # legs
        leg = 5.2 * w
        for side in (-1, 1):
            x_hip = 50 + side * sw * 0.45
            x_foot = 50 + side * sw * 0.72
            pen.poly(
                ink,
                [
                    (x_hip - leg, hip_y - 1),
                    (x_hip + leg, hip_y - 1),
                    (x_foot + leg * 0.7, foot),
                    (x_foot - leg * 0.7, foot),
                ],
            )
            pen.ellipse(ink, x_foot + side * 1.5, foot - 1, leg * 1.1, 2.4)
        pen.line(light, (50 - sw * 0.8, hip_y - 3), (50 + sw * 0.8, hip_y - 3), 1.4)
    # head
    pen.circle(ink, hx, hy, hr)
    if people == "elves":
        for side in (-1, 1):
            pen.poly(
                ink,
                [
                    (hx + side * hr * 0.7, hy - 2),
                    (hx + side * (hr + 7), hy - 8),
                    (hx + side * hr * 0.8, hy + 3),
                ],
            )
    elif people == "goblins":
        for side in (-1, 1):
            pen.poly(
                ink,
                [
                    (hx + side * hr * 0.6, hy - 3),
                    (hx + side * (hr + 9), hy - 1),
                    (hx + side * hr * 0.7, hy + 4),
                ],
            )
    elif people == "orks":
        for side in (-1, 1):
            pen.poly(
                light,
                [(hx + side * 3, hy + 4), (hx + side * 4.2, hy + 0.5), (hx + side * 5, hy + 4.5)],
            )
        pen.poly(
            ink,
            [
                (hx - hr, hy),
                (hx + hr, hy),
                (hx + hr * 0.8, hy + hr + 2),
                (hx - hr * 0.8, hy + hr + 2),
            ],
        )
    elif people == "black_dwarves":
        pen.poly(ink, [(hx - hr, hy + 1), (hx + hr, hy + 1), (hx, hy + hr + 10)])  # beard
        pen.line(light, (hx - hr * 0.5, hy + 4), (hx, hy + hr + 7), 0.9)
        pen.line(light, (hx + hr * 0.5, hy + 4), (hx, hy + hr + 7), 0.9)
        pen.poly(ink, [(hx - hr - 2, hy - 1), (hx + hr + 2, hy - 1), (hx, hy - hr - 4)])  # helm
    if weapon == "knight":
        pen.poly(
            ink,
            [
                (hx - hr - 1, hy + 1),
                (hx + hr + 1, hy + 1),
                (hx + hr, hy - hr - 1),
                (hx - hr, hy - hr - 1),
            ],
        )
        pen.line(light, (hx - hr + 1.5, hy - 1), (hx + hr - 1.5, hy - 1), 1.3)  # visor
        pen.lines(ink, [(hx, hy - hr - 1), (hx + 3, hy - hr - 7), (hx + 9, hy - hr - 5)], 2.2)
    if weapon == "wizard":
        pen.poly(ink, [(hx - hr - 6, hy - 2), (hx + hr + 6, hy - 2), (hx + 4, hy - hr - 20)])  # hat
    if weapon == "scout":
        pen.poly(
            ink,
            [
                (hx - hr - 2, hy + 3),
                (hx + hr + 2, hy + 3),
                (hx + hr, hy - hr - 1),
                (hx, hy - hr - 5),
                (hx - hr, hy - hr - 1),
            ],
        )
    # arms
    rh = (50 + sw + 5, sh_y + 16 * h)  # right hand (viewer's right)
    lh = (50 - sw - 5, sh_y + 16 * h)
    if weapon not in ("berserk",):
        pen.line(ink, (50 + sw - 1, sh_y + 2), rh, 4.2 * w)
        pen.line(ink, (50 - sw + 1, sh_y + 2), lh, 4.2 * w)
    else:
        pen.line(ink, (50 + sw - 1, sh_y + 2), (50 + sw + 4, sh_y - 8), 4.2 * w)
        pen.line(ink, (50 - sw + 1, sh_y + 2), (50 - sw - 4, sh_y - 8), 4.2 * w)
    # weapons in hand
    if weapon in ("sword", "knight"):
        tip = (rh[0] + 10, rh[1] - 44)
        pen.line(ink, rh, tip, 2.4)
        pen.poly(
            ink,
            [(tip[0] - 1.4, tip[1] + 2), (tip[0] + 1.6, tip[1] - 5), (tip[0] + 2.6, tip[1] + 3)],
        )
        a = (rh[0] - 5, rh[1] - 4)
        pen.line(ink, a, (rh[0] + 6, rh[1] + 1), 2.2)
        if weapon == "knight":
            pen.poly(
                ink,
                [
                    (lh[0] - 9, lh[1] - 14),
                    (lh[0] + 7, lh[1] - 14),
                    (lh[0] + 6, lh[1] + 2),
                    (lh[0] - 1, lh[1] + 12),
                    (lh[0] - 8, lh[1] + 2),
                ],
            )
            pen.line(light, (lh[0] - 1, lh[1] - 11), (lh[0] - 1, lh[1] + 7), 1.6)
            pen.line(light, (lh[0] - 6, lh[1] - 5), (lh[0] + 4, lh[1] - 5), 1.6)
        else:
            pen.circle(ink, lh[0] - 1, lh[1] - 3, 9)
            pen.circle(light, lh[0] - 1, lh[1] - 3, 2.2)
    elif weapon == "dagger":
        pen.line(ink, rh, (rh[0] + 6, rh[1] - 16), 2.4)
        pen.line(ink, (lh[0], lh[1]), (lh[0] - 6, lh[1] - 16), 2.4)
    elif weapon == "axe":
        top_h = (rh[0] + 4, rh[1] - 40)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.6)
        pen.poly(
            ink,
            [
                (top_h[0] - 1, top_h[1] + 3),
                (top_h[0] + 13, top_h[1] - 4),
                (top_h[0] + 13, top_h[1] + 15),
                (top_h[0] - 1, top_h[1] + 10),
            ],
        )
    elif weapon == "hammer":
        top_h = (rh[0] + 4, rh[1] - 36)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.8)
        pen.poly(
            ink,
            [
                (top_h[0] - 8, top_h[1] - 5),
                (top_h[0] + 9, top_h[1] - 6),
                (top_h[0] + 9, top_h[1] + 6),
                (top_h[0] - 8, top_h[1] + 5),
            ],
        )
    elif weapon == "pick":
        top_h = (rh[0] + 3, rh[1] - 34)
        pen.line(ink, (rh[0] - 1, rh[1] + 6), top_h, 2.6)
        pen.arc(ink, top_h[0], top_h[1] + 9, 13, 10, 0.35, math.pi - 0.35, 3.0)
    elif weapon == "spear":
        pen.line(ink, (rh[0] - 2, rh[1] + 26), (rh[0] + 4, rh[1] - 60), 2.2)
        t = (rh[0] + 4.3, rh[1] - 64)
        pen.poly(ink, [(t[0], t[1] - 6), (t[0] + 4, t[1] + 6), (t[0] - 3.5, t[1] + 6)])
        if people == "goblins" or people == "orks":
            pen.ellipse(ink, lh[0] - 2, lh[1] - 2, 6, 10)
    elif weapon in ("long_bow", "short_bow"):
        ry = 42 if weapon == "long_bow" else 30
        bx = lh[0] - 3
        pen.arc(ink, bx + 10, lh[1] - 6, 14, ry, math.pi / 2 + 0.15, 3 * math.pi / 2 - 0.15, 2.6)
        ya = lh[1] - 6 - ry * math.cos(0.15)
        yb = lh[1] - 6 + ry * math.cos(0.15)
        xs = bx + 10 - 14 * math.sin(0.15)
        pen.lines(ink, [(xs, ya), (rh[0] - 2, lh[1] - 6), (xs, yb)], 0.9)
        pen.line(ink, (lh[0] - 8, lh[1] - 6), (rh[0] + 2, lh[1] - 6), 1.4)  # arrow
        pen.poly(ink, [(lh[0] - 12, lh[1] - 6), (lh[0] - 6, lh[1] - 9), (lh[0] - 6, lh[1] - 3)])
    elif weapon == "crossbow":
        y = sh_y + 8
        pen.line(ink, (lh[0] - 10, y), (rh[0] + 2, y + 3), 3.4)  # stock
        pen.arc(ink, lh[0] - 8, y, 5, 14, math.pi / 2, 3 * math.pi / 2, 2.4)
        pen.lines(ink, [(lh[0] - 8, y - 14), (lh[0] - 1, y), (lh[0] - 8, y + 14)], 0.9)
    elif weapon == "wizard":
        pen.line(ink, (rh[0] + 2, foot), (rh[0] + 2, top - 4), 2.4)
        pen.circle(ink, rh[0] + 2, top - 6, 4.4)
        pen.circle(light, rh[0] + 2, top - 6, 1.8)
        for i in range(3):
            ang = -0.6 + i * 0.6
            pen.line(
                ink,
                (rh[0] + 2 + 6 * math.sin(ang), top - 6 - 6 * math.cos(ang)),
                (rh[0] + 2 + 9 * math.sin(ang), top - 6 - 9 * math.cos(ang)),
                1.0,
            )
    elif weapon == "climber":
        pen.circle(ink, lh[0] + 4, sh_y + 2, 9, 2.4)  # rope coil
        pen.circle(ink, lh[0] + 4, sh_y + 2, 5.5, 1.6)
        g = (rh[0] + 6, rh[1] - 30)
        pen.lines(ink, [rh, (rh[0] + 3, rh[1] - 14), g], 1.2)
        for side in (-1, 1):
            pen.lines(ink, [g, (g[0] + side * 6, g[1] - 4), (g[0] + side * 6, g[1] - 8)], 1.8)
        pen.line(ink, g, (g[0], g[1] - 9), 1.8)
    elif weapon == "prisoner":
        pen.line(light, lh, rh, 1.0)
        for i in range(5):
            x = lh[0] + (rh[0] - lh[0]) * (i + 0.5) / 5
            pen.ellipse(ink, x, lh[1] + 0.5, 2.6, 1.8, 0.9)
        for hand in (lh, rh):
            pen.ellipse(light, hand[0], hand[1], 3.0, 2.2, 1.0)


def _paint_dog(pen: _Pen, ink: Sequence[int]) -> None:
    pen.ellipse(ink, 48, 56, 26, 11)  # body
    pen.poly(ink, [(66, 52), (78, 34), (90, 36), (94, 44), (86, 48), (78, 58)])  # neck+head
    pen.poly(ink, [(78, 36), (80, 24), (86, 34)])  # ear
    for x, dx in ((30, -4), (38, 3), (60, -2), (68, 4)):
        pen.line(ink, (x, 60), (x + dx, 86), 5.0)
    pen.lines(ink, [(24, 52), (12, 44), (8, 34)], 3.4)  # tail
    pen.ellipse((200, 60, 40), 85, 40, 1.6, 1.4)
    pen.line((210, 200, 170), (60, 48), (68, 52), 2.0)  # collar


def _paint_troll(pen: _Pen, ink: Sequence[int], light: Sequence[int]) -> None:
    pen.ellipse(ink, 48, 50, 26, 30)  # huge body
    pen.circle(ink, 54, 20, 9)  # small head pushed forward
    pen.poly(light, [(52, 24), (54, 20.5), (55.5, 24.5)])
    pen.poly(light, [(58, 24), (60, 20.5), (61.5, 24.5)])
    pen.line(ink, (32, 44), (20, 78), 8.0)  # long arms
    pen.line(ink, (68, 44), (78, 60), 8.0)
    pen.line(ink, (80, 62), (88, 14), 5.0)  # club
    pen.ellipse(ink, 88, 18, 8, 13)
    for k in (-1, 1):
        pen.line(ink, (48 + k * 12, 74), (48 + k * 15, 95), 9.0)
    pen.circle(light, 86, 12, 1.3)
    pen.circle(light, 91, 21, 1.3)


def _paint_gharv(pen: _Pen, ink: Sequence[int]) -> None:
    body = [(8, 58), (18, 46), (34, 42), (58, 44), (74, 40), (88, 32), (96, 34), (92, 44),
            (78, 52), (60, 60), (36, 62), (20, 64)]  # fmt: skip
    pen.poly(ink, body)
    pen.poly(ink, [(8, 58), (0, 50), (4, 60), (20, 64)])  # jaw open
    for x in range(24, 72, 9):
        pen.poly(ink, [(x, 45), (x + 4, 30), (x + 8, 44)])  # spines
    for x, dx in ((28, -6), (56, 6)):
        pen.lines(ink, [(x, 58), (x + dx, 72), (x + dx * 1.6, 74)], 3.6)
    pen.circle((236, 70, 40), 17, 50, 2.0)
    for i in range(4):
        pen.poly(
            (246, 240, 220),
            [(2 + i * 4, 56 + i * 0.5), (4 + i * 4, 59), (6 + i * 4, 56.5 + i * 0.5)],
        )
    for x in range(8, 96, 14):
        pen.arc((30, 70, 100), x, 86, 7, 3.5, 0.2, math.pi - 0.2, 2.2)


def _paint_living_dead(pen: _Pen, ink: Sequence[int], light: Sequence[int]) -> None:
    pen.poly(ink, [(50, 6), (68, 16), (74, 60), (84, 94), (70, 86), (60, 96), (50, 86), (40, 96),
                   (30, 86), (16, 94), (26, 60), (32, 16)])  # fmt: skip
    pen.ellipse(light, 50, 26, 9, 11)  # skull
    pen.circle(ink, 46, 25, 2.6)
    pen.circle(ink, 54, 25, 2.6)
    pen.poly(ink, [(48.5, 31), (51.5, 31), (50, 28)])
    for i in range(4):
        pen.line(light, (42, 46 + i * 6), (58, 46 + i * 6), 1.6)
    pen.line(light, (50, 42), (50, 68), 1.6)
    pen.lines(ink, [(26, 44), (10, 56), (8, 66)], 3.0)
    pen.lines(ink, [(74, 44), (90, 56), (92, 66)], 3.0)


def _paint_gargoyle(pen: _Pen, ink: Sequence[int]) -> None:
    for side in (-1, 1):
        xs = (8, 30, 48, 40, 44, 30, 26)
        ys = (38, 10, 22, 34, 48, 44, 56)
        wing = [(50 + side * x, y) for x, y in zip(xs, ys, strict=True)]
        pen.poly(ink, wing)
        pen.poly(ink, [(50 + side * 5, 18), (50 + side * 11, 4), (50 + side * 9, 20)])  # horns
    pen.circle(ink, 50, 24, 8)
    pen.ellipse(ink, 50, 52, 12, 20)
    for side in (-1, 1):
        pen.lines(ink, [(50 + side * 6, 68), (50 + side * 12, 84), (50 + side * 8, 94)], 5.0)
    pen.lines(ink, [(50, 70), (64, 88), (76, 86)], 2.4)
    pen.circle((240, 120, 40), 46.5, 23, 1.5)
    pen.circle((240, 120, 40), 53.5, 23, 1.5)


def _paint_krob(
    pen: _Pen,
    f: _Frame,
    kind: str,
    length: float,
    ink: Sequence[int],
    light: Sequence[int],
    *,
    newborn: bool = False,
) -> None:
    """A Krob seen from above, head forward, `length` long in the pen's units.

    `f` maps (a forward, b right) in units of `length` / 100 to pen coordinates."""
    k = length / 100.0
    slim = {"hunter": 0.78, "warrior": 1.06, "killer": 0.96, "guard": 1.05, "queen": 1.12}
    wd = slim.get(kind, 1.0) * (1.22 if newborn else 1.0)

    def P(a: float, b: float) -> Point:
        return f(a * k, b * k)

    def ell(a: float, b: float, ra: float, rb: float) -> list[Point]:
        return f.ellipse(a * k, b * k, ra * k, rb * k)

    leg_w = (2.6 if kind != "hunter" else 2.0) * k * (0.8 if newborn else 1.0)
    reach = 1.2 if kind == "hunter" else 1.0
    if newborn:
        reach = 0.6
    # legs (behind the body)
    for side in (-1, 1):
        for i, (a0, a1, a2) in enumerate(((6, 20, 34), (0, 2, -6), (-6, -18, -38))):
            pts = [P(a0, side * 8 * wd), P(a1, side * 26 * reach), P(a2, side * 34 * reach)]
            if i == 0:
                pts[2] = P(a2 - 2, side * 30 * reach)
            pen.lines(ink, pts, leg_w)
    # antennae
    if kind != "queen" and not newborn:
        for side in (-1, 1):
            pen.lines(ink, [P(30, side * 4), P(42, side * 10), P(48, side * 20)], 1.2 * k)
    # abdomen
    if kind == "queen":
        pen.poly(ink, ell(-22, 0, 28, 20 * wd))
        for i in range(4):
            a = -10 - i * 9
            pen.lines(
                light, [P(a, -14 * wd + i * 1.5), P(a - 3, 0), P(a, 14 * wd - i * 1.5)], 1.3 * k
            )
    else:
        pen.poly(ink, ell(-24 if not newborn else -14, 0, 22 if not newborn else 18, 14 * wd))
    pen.poly(ink, ell(2, 0, 11, 9 * wd))  # thorax
    head_a = 18 if not newborn else 14
    pen.poly(ink, ell(head_a, 0, 9, 8.5 * wd))  # head
    # mandibles
    if newborn:
        mand = 5.0
    else:
        mand = {"killer": 17.0, "guard": 16.0, "queen": 12.0, "warrior": 11.0}.get(kind, 9.0)
    for side in (-1, 1):
        base = P(head_a + 6, side * 5)
        mid = P(head_a + 6 + mand * 0.7, side * (5 + mand * 0.45))
        tip = P(head_a + 6 + mand * 1.15, side * 1.5)
        pen.lines(ink, [base, mid, tip], (3.0 if kind in ("killer", "guard") else 2.2) * k)
    # markings
    if kind == "warrior" and not newborn:  # carapace plates
        for i in range(3):
            a = -14 - i * 8
            pen.lines(light, [P(a, -12 * wd), P(a - 3, 0), P(a, 12 * wd)], 1.3 * k)
    if kind == "killer" and not newborn:  # spikes on the thorax
        for side in (-1, 1):
            pen.poly(ink, [P(6, side * 7), P(10, side * 17), P(0, side * 8)])
        pen.poly(light, ell(-24, 0, 3, 8))
    if kind == "queen":  # crest
        for side in (-1, 0, 1):
            pen.poly(
                ink,
                [
                    P(head_a - 4, side * 6 - 3),
                    P(head_a - 2 + (8 if side == 0 else 5), side * 9),
                    P(head_a - 4, side * 6 + 3),
                ],
            )
    if kind in ("guard", "queen"):
        pen.poly(light, ell(head_a + 2, -3.5, 1.8, 1.6))
        pen.poly(light, ell(head_a + 2, 3.5, 1.8, 1.6))


def _paint_flames(pen: _Pen) -> None:
    outer = (236, 96, 24)
    inner = (255, 206, 60)
    xs = (14, 26, 38, 50, 62, 74, 86)
    for i, x in enumerate(xs):
        h = 46 + (i % 3) * 12
        pen.poly(
            outer,
            [
                (x - 10, 98),
                (x - 4, 98 - h * 0.6),
                (x + 1, 98 - h),
                (x + 6, 98 - h * 0.5),
                (x + 10, 98),
            ],
        )
    for i, x in enumerate(xs):
        h = 26 + (i % 2) * 10
        pen.poly(inner, [(x - 6, 98), (x, 98 - h), (x + 6, 98)])


@cache
def _glyph(key: str, px: int, variant: str = "") -> pygame.Surface:
    """A silhouette `px` wide (supersampled 4x, shrunk with the portable filter).
    `variant`: "" standing, "ko" lying (turned a quarter), "dead" dim, "frenzied" with
    flames behind, "newborn" smaller."""
    ss = 4
    big = pygame.Surface((px * ss, px * ss), pygame.SRCALPHA)
    big.fill((0, 0, 0, 0))
    pen = _Pen(big)
    if variant == "frenzied":
        _paint_flames(pen)
    ink: Sequence[int] = INK if variant != "dead" else (120, 112, 104)
    if variant == "newborn":
        inner = pygame.Surface((round(px * ss * 0.7), round(px * ss * 0.7)), pygame.SRCALPHA)
        inner.fill((0, 0, 0, 0))
        ipen = _Pen(inner)
        if key in ("hunter", "warrior", "killer"):
            _paint_krob(
                ipen,
                _Frame((50, 54), (0.0, -1.0), 1.0),
                key,
                96,
                ink,
                (226, 214, 186),
                newborn=True,
            )
        else:
            _paint_glyph(ipen, key, ink)
        off = (big.get_width() - inner.get_width()) // 2
        big.blit(inner, (off, round(px * ss * 0.06)))
    else:
        _paint_glyph(pen, key, ink)
    if variant == "ko":
        big = pygame.transform.rotate(big, 90)
    return smoothscale_portable(big, (px, px))


# -- the chit ------------------------------------------------------------------------------


def _rounded(surface: pygame.Surface, colour: Sequence[int], rect: pygame.Rect, r: int) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=max(0, r))


def _numbers(
    surface: pygame.Surface, area: pygame.Rect, labels: Sequence[Label], px: int
) -> list[pygame.Rect]:
    """Print `labels` across `area` (largest font that fits), ring the circled ones;
    returns where each label went."""
    gap = max(1 if area.w < 24 else 2, area.w // 16)
    while True:
        imgs = []
        for lab in labels:
            main = _text(lab.text, px, lab.colour)
            paren = (
                _text(f"({lab.paren})", max(6, round(px * 0.78)), lab.colour) if lab.paren else None
            )
            imgs.append((main, paren))
        widths = [m.get_width() + (p.get_width() if p else 0) for m, p in imgs]
        extra = sum(
            round(m.get_height() * 0.3)
            for (m, _), lab in zip(imgs, labels, strict=True)
            if lab.circled
        )
        if sum(widths) + extra + gap * (len(labels) + 1) <= area.w or px <= 6:
            break
        px -= 1
    n = len(labels)
    slots = [area.x + area.w * (2 * i + 1) / (2 * n) for i in range(n)]
    total = sum(widths) + extra + gap * (n - 1)
    packed = total > area.w * 0.8
    x = area.x + (area.w - total) / 2
    out = []
    for i, ((main, paren), lab, wdt) in enumerate(zip(imgs, labels, widths, strict=True)):
        if packed:
            cx = x + wdt / 2 + (round(main.get_height() * 0.15) if lab.circled else 0)
            x += wdt + gap + (round(main.get_height() * 0.3) if lab.circled else 0)
        else:
            cx = slots[i]
        left = round(cx - wdt / 2)
        top = area.centery - main.get_height() // 2 + 1
        c = (left + main.get_width() / 2, area.centery)
        if lab.circled and px < SMALL_RING_PX:
            # too small for a clean ring: a red disc with the number in white
            r = max(main.get_width() * 0.5, main.get_height() * 0.4) + 1.5
            pygame.draw.circle(surface, lab.colour, c, r)
            main = _text(lab.text, px, (255, 255, 255))
        surface.blit(main, (left, top))
        if paren is not None:
            surface.blit(
                paren, (left + main.get_width(), top + main.get_height() - paren.get_height() - 1)
            )
        rect = pygame.Rect(left, top, wdt, main.get_height())
        if lab.circled and px >= SMALL_RING_PX:
            r = max(main.get_width() * 0.55, main.get_height() * 0.42) + max(1.0, px * 0.1)
            pygame.draw.circle(surface, lab.colour, c, r, max(1, round(px / 12)))
        out.append(rect)
    return out


def _face_colour(bg: Colour, face: Face) -> Colour:
    if face is Face.KILLED:
        return _mix(bg, (40, 34, 32), 0.82)
    if face is Face.KNOCKED_OUT:
        grey = (bg[0] + bg[1] + bg[2]) // 3
        return _mix(bg, (grey, grey, grey), 0.75)
    return bg


def _paint_chit(
    name: str, profile: Profile, face: FaceKey, px: int, glyph: str, wounds_max: int
) -> pygame.Surface:
    """The chit, untilted, `px` square."""
    bg = BACKGROUNDS.get(profile.people or profile.category, (200, 190, 170))
    border = BORDERS.get(profile.side, INK)
    f = face.face
    if f is Face.FRENZIED:
        border = (196, 60, 10)
    bgc = _face_colour(bg, f)
    surf = pygame.Surface((px, px), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    r = max(2, px // 8)
    full = surf.get_rect()
    _rounded(surf, OUTLINE, full, r)
    _rounded(surf, border if f is not Face.KILLED else (16, 12, 12), full.inflate(-2, -2), r - 1)
    bw = max(2, round(px / 11)) + 1 if px >= 26 else 2
    inner = full.inflate(-2 * bw, -2 * bw)
    if px < 26 and f not in (Face.KNOCKED_OUT, Face.KILLED):
        bgc = border  # the smallest faces: the side's colour is the whole chit
    _rounded(surf, bgc, inner, r - bw)
    hi = inner.copy()
    hi.h = inner.h // 2
    _rounded(surf, _shade(bgc, 1.08), hi, r - bw)  # a little light from above
    labels = () if f in (Face.KNOCKED_OUT, Face.KILLED) else number_labels(profile, face)

    if px < NUMBERS_PX:  # colour only, with the face marks
        if profile.side is Side.KROBS:
            pygame.draw.circle(surf, _shade(bgc, 0.45), full.center, px * 0.16)
        _face_marks(surf, inner, face, px, small=True)
        return surf

    if px < FULL_PX:  # numbers only, as big as the chit allows
        if f is Face.KNOCKED_OUT:
            _ko_stamp(surf, inner, px)
        elif f is Face.KILLED:
            _cross(surf, inner, px)
        else:
            top = 0.3 if px >= 26 else 0.22
            strip = pygame.Rect(
                inner.x, inner.y + inner.h * top, inner.w, inner.bottom - inner.y - inner.h * top
            )
            _rounded(surf, STRIP, strip, max(1, r // 2))
            _numbers(surf, strip, labels, round(px * (0.5 if px >= 26 else 0.66)))
            if px >= 26:
                g = _glyph(glyph, max(4, round(px * 0.3)), _variant(f))
                surf.blit(g, (full.centerx - g.get_width() // 2, inner.y - 1))
            _face_marks(surf, inner, face, px, small=True)
        return surf

    # the full chit: name band, silhouette, numbers strip
    name_h = round(px * 0.17)
    strip_h = round(px * 0.28)
    name_area = pygame.Rect(inner.x, inner.y + 1, inner.w, name_h)
    strip = pygame.Rect(inner.x + 1, inner.bottom - strip_h - 1, inner.w - 2, strip_h)
    art = pygame.Rect(inner.x, name_area.bottom, inner.w, strip.y - name_area.bottom)
    text_ink = INK if f is not Face.KILLED else (200, 192, 180)
    label = _fit_text(name, round(px * 0.21), text_ink, inner.w - 2)
    surf.blit(
        label,
        (full.centerx - label.get_width() // 2, name_area.centery - label.get_height() // 2 + 1),
    )
    # The silhouette fills the art area; its box has margins, so it is drawn larger and
    # clipped to the area (a spear tip or a hat may be cut).
    gsize = max(4, round(art.h * (1.28 if f is not Face.KNOCKED_OUT else 1.1)))
    g = _glyph(glyph, gsize, _variant(f))
    surf.set_clip(art)
    surf.blit(g, (full.centerx - gsize // 2, art.centery - gsize // 2 + round(px * 0.02)))
    surf.set_clip(None)
    if f is Face.NEWBORN:
        band = pygame.Rect(inner.x, strip.y - round(px * 0.15), inner.w, round(px * 0.15))
        pygame.draw.rect(surf, (176, 232, 150), band)
        pygame.draw.line(surf, (40, 96, 40), band.topleft, band.topright, 1)
        if px >= 44:
            nb = _fit_text("newborn", round(px * 0.16), (24, 70, 24), band.w - 4)
            surf.blit(nb, nb.get_rect(center=band.center).move(0, 1))
    if f is Face.KNOCKED_OUT:
        _ko_stamp(surf, strip.inflate(0, 2), px)
    elif f is Face.KILLED:
        _cross(surf, inner, px)
    else:
        _rounded(surf, STRIP, strip, max(1, r // 2))
        _numbers(surf, strip, labels, round(px * 0.33))
    _face_marks(surf, inner, face, px, small=False, wounds_max=wounds_max)
    return surf


def _variant(f: Face) -> str:
    return {
        Face.KNOCKED_OUT: "ko",
        Face.KILLED: "dead",
        Face.FRENZIED: "frenzied",
        Face.NEWBORN: "newborn",
    }.get(f, "")


def _ko_stamp(surf: pygame.Surface, area: pygame.Rect, px: int) -> None:
    img = _text("KO", max(7, round(px * 0.38)), (250, 246, 236))
    box = img.get_rect(center=area.center).inflate(round(px * 0.16), 0)
    _rounded(surf, (52, 48, 60), box, max(1, px // 16))
    surf.blit(img, img.get_rect(center=box.center).move(0, 1))


def _cross(surf: pygame.Surface, area: pygame.Rect, px: int) -> None:
    bone = (232, 222, 196)
    w = max(2, round(px / 9))
    cx, cy = area.centerx, area.centery + round(px * 0.04)
    h = area.h * 0.36
    pygame.draw.line(surf, bone, (cx, cy - h), (cx, cy + h), w)
    pygame.draw.line(surf, bone, (cx - h * 0.62, cy - h * 0.35), (cx + h * 0.62, cy - h * 0.35), w)


def _face_marks(
    surf: pygame.Surface,
    inner: pygame.Rect,
    face: FaceKey,
    px: int,
    *,
    small: bool,
    wounds_max: int = 1,
) -> None:
    f = face.face
    if f is Face.WOUNDED:
        red = (206, 16, 20)
        w = max(2, round(px / 12))
        a = (inner.x + inner.w * 0.12, inner.y + inner.h * (0.66 if not small else 0.86))
        b = (inner.x + inner.w * 0.88, inner.y + inner.h * (0.22 if not small else 0.1))
        pygame.draw.line(surf, (250, 240, 230), a, b, w + 2)
        pygame.draw.line(surf, red, a, b, w)
        # which wound: drops in the top-right corner when a counter has several
        if wounds_max > 1 and not small:
            for i in range(face.wound):
                pygame.draw.circle(
                    surf,
                    red,
                    (inner.right - 3 - i * px * 0.12, inner.y + px * 0.29),
                    px * 0.05 + 0.5,
                )
    elif f is Face.NEWBORN and small:
        pygame.draw.rect(surf, (176, 232, 150), (inner.x, inner.y, inner.w, max(2, px // 5)))
    elif f is Face.KILLED and small:
        _cross(surf, inner, px)
    elif f is Face.KNOCKED_OUT and small and px >= 10:
        pygame.draw.line(surf, (40, 36, 48), inner.topleft, inner.bottomright, max(1, px // 8))


# -- big counters ----------------------------------------------------------------------


class BigImage(NamedTuple):
    """A Queen or Guard drawn over its footprint; `anchor` is the pixel of `image` on the
    centre of the anchor hex."""

    image: pygame.Surface
    anchor: tuple[int, int]


def _norm(x: float, y: float) -> Point:
    d = math.hypot(x, y) or 1.0
    return (x / d, y / d)


def _scale_about(pts: Iterable[Point], c: Point, k: float) -> list[Point]:
    return [(c[0] + (x - c[0]) * k, c[1] + (y - c[1]) * k) for x, y in pts]


def _paint_big(
    grid: HexGrid,
    name: str,
    profile: Profile,
    face: FaceKey,
    facing: int,
    zoom: float,
    wounds_max: int,
) -> BigImage:
    ss = 2
    z = zoom * ss
    anchor = Hex(0, 0)
    cells = hexes_for(anchor, profile.size, facing)
    ax, ay = grid.hex_centre(anchor)
    polys = [[(x - ax, y - ay) for x, y in grid.hex_polygon(h)] for h in cells]
    centres = [(grid.hex_centre(h)[0] - ax, grid.hex_centre(h)[1] - ay) for h in cells]
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    minx, miny = min(xs) - 2, min(ys) - 2
    w = math.ceil((max(xs) + 2 - minx) * z)
    h = math.ceil((max(ys) + 2 - miny) * z)

    def S(p: Point) -> Point:  # map px relative to the anchor -> image px
        return ((p[0] - minx) * z, (p[1] - miny) * z)

    queen = profile.category == KrobType.QUEEN.value
    body_c: Point
    if queen:
        centroid = (0.0, 0.0)
        nx, ny = grid.hex_centre(anchor.neighbour(facing))
        fwd = _norm(nx - ax, ny - ay)
        body_c = centroid
    else:
        centroid = (sum(c[0] for c in centres) / 3, sum(c[1] for c in centres) / 3)
        body_c = ((centres[1][0] + centres[2][0]) / 2, (centres[1][1] + centres[2][1]) / 2)
        fwd = _norm(-body_c[0], -body_c[1])
    f = face.face
    bg = BACKGROUNDS["queen" if queen else "guard"]
    bgc = _face_colour(bg, f)
    border = (16, 12, 12) if f is Face.KILLED else BORDERS[Side.KROBS]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    hex_k = 0.94 if queen else 0.9
    outer = [_scale_about(p, centroid, hex_k) for p in polys]
    shrink = hex_k - 2.2 / (60 if not queen else 150) * 2 * (1 if z > 0.6 else 0.5)
    inner = [_scale_about(p, centroid, shrink) for p in polys]
    for poly in outer:
        pygame.draw.polygon(surf, border, [S(p) for p in poly])
    for poly in inner:
        pygame.draw.polygon(surf, bgc, [S(p) for p in poly])
    # the greyed rear zone: the part of the body behind a line across its back
    grey = pygame.Surface((w, h), pygame.SRCALPHA)
    grey.fill((0, 0, 0, 0))
    for poly in inner:
        pygame.draw.polygon(grey, (92, 88, 96, 190), [S(p) for p in poly])
    cut = (body_c[0] + fwd[0] * (-8 if queen else -4), body_c[1] + fwd[1] * (-8 if queen else -4))
    side = (-fwd[1], fwd[0])
    far = 400.0
    front = [
        (cut[0] + side[0] * far, cut[1] + side[1] * far),
        (cut[0] + side[0] * far + fwd[0] * far, cut[1] + side[1] * far + fwd[1] * far),
        (cut[0] - side[0] * far + fwd[0] * far, cut[1] - side[1] * far + fwd[1] * far),
        (cut[0] - side[0] * far, cut[1] - side[1] * far),
    ]
    pygame.draw.polygon(grey, (0, 0, 0, 0), [S(p) for p in front])
    # hatching on the grey
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    hatch.fill((0, 0, 0, 0))
    step = max(4, round(7 * z))
    for i in range(-h, w + h, step):
        pygame.draw.line(hatch, (60, 56, 64, 120), (i, 0), (i + h, h), max(1, round(z)))
    hatch.blit(grey, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grey, (0, 0))
    surf.blit(hatch, (0, 0))
    # faint hex lines: the counter coincides exactly with the grid
    for poly in inner:
        pygame.draw.polygon(
            surf, (*_shade(bgc, 0.8), 255), [S(p) for p in poly], max(1, round(z * 0.6))
        )
    # the creature
    # the creature, head on the anchor hex, clipped to the counter's shape
    length = (132 if queen else 112) * z
    if queen:
        origin = S((fwd[0] * 10, fwd[1] * 10))
    else:
        origin = S(((centroid[0] + fwd[0] * 7), (centroid[1] + fwd[1] * 7)))
    crea = pygame.Surface((w, h), pygame.SRCALPHA)
    crea.fill((0, 0, 0, 0))
    ink: Colour = INK if f is not Face.KILLED else (110, 102, 96)
    _paint_krob(
        _Pen(crea, unit=1.0), _Frame(origin, fwd, 1.0), "queen" if queen else "guard", length,
        ink, (226, 214, 186),
    )  # fmt: skip
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((0, 0, 0, 0))
    for poly in outer:
        pygame.draw.polygon(mask, (255, 255, 255, 255), [S(p) for p in poly])
    crea.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(crea, (0, 0))
    # numbers and name on the body
    big_px = max(6, round((17 if queen else 15) * z))
    labels = number_labels(profile, face)
    strip_w = round((80 if queen else 62) * z)
    strip_h = round(big_px * 1.05)
    sc = S(body_c if not queen else (0.0, 14.0))
    if not queen:
        sc = (sc[0] - fwd[0] * 6 * z, sc[1] - fwd[1] * 6 * z)
    strip = pygame.Rect(0, 0, strip_w, strip_h)
    strip.center = (round(sc[0]), round(sc[1]))
    if labels and big_px >= 8:
        _rounded(surf, STRIP, strip, max(1, strip_h // 4))
        pygame.draw.rect(
            surf, border, strip, max(1, round(z * 0.5)), border_radius=max(1, strip_h // 4)
        )
        _numbers(surf, strip, labels, big_px)
    if big_px >= 9:
        lab = _fit_text(
            name,
            round(big_px * 0.72),
            (250, 244, 230) if f is not Face.KILLED else (200, 192, 180),
            strip_w + 20,
        )
        box = lab.get_rect(midbottom=(strip.centerx, strip.y - 1)).inflate(6, 0)
        _rounded(surf, (40, 22, 20), box, 3)
        surf.blit(lab, lab.get_rect(center=box.center).move(0, 1))
    if f is Face.WOUNDED:
        red = (206, 16, 20)
        c = S((fwd[0] * 30, fwd[1] * 30)) if queen else S((0.0, 0.0))
        d = (22 if queen else 16) * z
        wd = max(2, round(4 * z))
        pygame.draw.line(
            surf,
            (250, 240, 230),
            (c[0] - d, c[1] + d * 0.5),
            (c[0] + d, c[1] - d * 0.9),
            wd + 2 * ss,
        )
        pygame.draw.line(surf, red, (c[0] - d, c[1] + d * 0.5), (c[0] + d, c[1] - d * 0.9), wd)
        for i in range(face.wound):
            pygame.draw.circle(
                surf, red, (strip.right - i * 9 * z - 4 * z, strip.bottom + 5 * z), 3.2 * z
            )
            pygame.draw.circle(
                surf,
                (250, 240, 230),
                (strip.right - i * 9 * z - 4 * z, strip.bottom + 5 * z),
                3.2 * z,
                max(1, round(z * 0.6)),
            )
    if f is Face.KILLED:
        c = S(centroid)
        bone = (232, 222, 196)
        hh = (40 if queen else 22) * z
        wd = max(2, round(7 * z))
        pygame.draw.line(surf, bone, (c[0], c[1] - hh), (c[0], c[1] + hh), wd)
        pygame.draw.line(
            surf, bone, (c[0] - hh * 0.6, c[1] - hh * 0.35), (c[0] + hh * 0.6, c[1] - hh * 0.35), wd
        )
    out = smoothscale_portable(surf, (max(1, round(w / ss)), max(1, round(h / ss))))
    anc = S((0.0, 0.0))
    return BigImage(out, (round(anc[0] / ss), round(anc[1] / ss)))


# -- the painter and its caches -----------------------------------------------------------


def _planks(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    n = 4
    for i in range(n):
        x0 = round(i * w / n)
        x1 = round((i + 1) * w / n)
        shade = (132, 90, 52) if i % 2 == 0 else (148, 104, 62)
        pygame.draw.rect(surf, shade, (x0, 0, x1 - x0, h))
        pygame.draw.line(surf, (70, 44, 24), (x0, 0), (x0, h - 1), 1)
    pygame.draw.rect(surf, (62, 40, 22), surf.get_rect(), max(1, h // 8))
    return surf


class _Placed(NamedTuple):
    unit_id: str
    image: pygame.Surface
    x: float  # image top-left in map pixels * zoom (screen px before the camera offset)
    y: float
    big: bool
    cells: tuple[Hex, ...] = ()  # a big counter's footprint (for its selection ring)


class CounterArt:
    """Chit images for a roster, cached per (counter values, face, pixel size)."""

    def __init__(self, roster: Roster, grid: HexGrid | None = None) -> None:
        self.roster = roster
        self.grid = grid or HexGrid()
        self._profiles: dict[tuple[str, Status, int, bool, bool], Profile] = {}
        self._chits: dict[tuple[object, ...], pygame.Surface] = {}
        self._bigs: dict[tuple[object, ...], BigImage] = {}
        self._planks: dict[tuple[int, int], pygame.Surface] = {}
        #: The last placement `draw_units` made, and its (placement_key, zoom).
        self._placed_key: object = None
        self._placed: list[_Placed] = []
        #: How many images were painted (tests check the caches reuse them).
        self.painted = 0

    # -- one counter -----------------------------------------------------------------

    def profile(self, unit: Unit) -> Profile:
        """`profile_of(roster, unit)`, cached per state of the counter."""
        key = (unit.kind, unit.status, unit.wounds, unit.adult, unit.frenzied)
        p = self._profiles.get(key)
        if p is None:
            p = profile_of(self.roster, unit)
            self._profiles[key] = p
        return p

    def _face_profile(self, kind: str, face: FaceKey, profile: Profile | None) -> Profile:
        if profile is not None:
            return profile
        return self.profile(unit_for_face(self.roster[kind], face))

    def _wounds_max(self, kind: str) -> int:
        counter = self.roster.get(kind)
        if counter is None or isinstance(counter, Spectre):
            return 1
        return len(counter.wounded)

    def chit(
        self, kind: str, face: FaceKey | Face, px: int, *, profile: Profile | None = None,
        variant: str = "",
    ) -> pygame.Surface:  # fmt: skip
        """The chit of one-hex counter `kind` showing `face`, `px` pixels wide.

        `variant` "under" darkens it (a character under a walkway deck). A knocked-out
        chit lies tilted (its surface is a little larger than `px`); a killed one is
        smaller (two thirds of `px`)."""
        if isinstance(face, Face):
            face = FaceKey(face, 1 if face is Face.WOUNDED else 0)
        prof = self._face_profile(kind, face, profile)
        key = (prof, face, px, variant)
        img = self._chits.get(key)
        if img is None:
            if len(self._chits) >= MAX_CACHED_CHITS:  # a zoom animation: many sizes
                self._chits.clear()
            img = self._paint(kind, prof, face, px, variant)
            self._chits[key] = img
        return img

    def _paint(
        self, kind: str, prof: Profile, face: FaceKey, px: int, variant: str
    ) -> pygame.Surface:
        self.painted += 1
        counter = self.roster.get(kind)
        name = short_name(counter.name if counter is not None else kind)
        glyph = glyph_key(counter, prof)
        f = face.face
        size = px
        if f is Face.KILLED:
            size = max(4, round(px * 0.66))
        elif f is Face.KNOCKED_OUT:
            size = max(4, round(px * 0.9))
        img = _paint_chit(name, prof, face, size, glyph, self._wounds_max(kind))
        if f is Face.KNOCKED_OUT and px >= 12:
            img = pygame.transform.rotozoom(img, 24, 1.0)
        if variant == "under":
            img = img.copy()
            img.fill((150, 150, 168, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if pygame.display.get_surface() is not None:
            img = img.convert_alpha()
        return img

    def big(
        self, kind: str, face: FaceKey | Face, facing: int, zoom: float, *,
        profile: Profile | None = None,
    ) -> BigImage:  # fmt: skip
        """The Queen or a Guard over its footprint at `zoom`, head towards `facing`."""
        if isinstance(face, Face):
            face = FaceKey(face, 1 if face is Face.WOUNDED else 0)
        prof = self._face_profile(kind, face, profile)
        key = (prof, face, facing % 6, round(zoom, 4))
        img = self._bigs.get(key)
        if img is None:
            self.painted += 1
            counter = self.roster.get(kind)
            name = short_name(counter.name if counter is not None else kind)
            img = _paint_big(self.grid, name, prof, face, facing % 6, zoom, self._wounds_max(kind))
            if pygame.display.get_surface() is not None:
                img = BigImage(img.image.convert_alpha(), img.anchor)
            if len(self._bigs) >= MAX_CACHED_CHITS // 10:
                self._bigs.clear()
            self._bigs[key] = img
        return img

    def planks(self, w: int, h: int) -> pygame.Surface:
        """A strip of walkway planks (drawn under a character on the deck)."""
        img = self._planks.get((w, h))
        if img is None:
            img = _planks(w, h)
            self._planks[(w, h)] = img
        return img

    def clear(self) -> None:
        self._chits.clear()
        self._bigs.clear()
        self._planks.clear()

    # -- placing units ---------------------------------------------------------------

    def place(
        self,
        grid: HexGrid,
        units: Iterable[Unit],
        profiles: Mapping[str, Profile] | None,
        zoom: float,
        walkways: Collection[Hex] = (),
    ) -> list[_Placed]:
        """Images and positions (map pixels x zoom, top-left) of `units`, bottom first:
        big counters, then per hex the dead, the one under a deck, planks, the rest."""
        groups: dict[Hex, list[tuple[Unit, Profile]]] = {}
        bigs: list[_Placed] = []
        out: list[_Placed] = []
        px = chit_px(zoom)
        for u in units:
            if u.hex is None:
                continue
            prof = profiles.get(u.id) if profiles is not None else None
            if prof is None:
                prof = self.profile(u)
            if prof.size > 1:
                bi = self.big(u.kind, face_of(u), u.facing, zoom, profile=prof)
                cx, cy = grid.hex_centre(u.hex)
                placed = _Placed(
                    u.id, bi.image, cx * zoom - bi.anchor[0], cy * zoom - bi.anchor[1], True,
                    hexes_for(u.hex, prof.size, u.facing),
                )  # fmt: skip
                (out if u.alive else bigs).append(placed)
                continue
            groups.setdefault(u.hex, []).append((u, prof))
        # dead big counters under everything, living ones under the one-hex chits
        bigs_alive = out
        out = bigs
        tail: list[_Placed] = []
        for h, members in groups.items():
            cx, cy = grid.hex_centre(h)
            cx *= zoom
            cy *= zoom
            dead = [(u, p) for u, p in members if not u.alive]
            alive = [(u, p) for u, p in members if u.alive]
            for i, (u, p) in enumerate(dead):
                img = self.chit(u.kind, face_of(u), px, profile=p)
                dx = dy = 0.0
                if alive:
                    dx, dy = (9 + 3 * i) * zoom, (11 - 2 * i) * zoom
                out.append(
                    _Placed(
                        u.id,
                        img,
                        cx + dx - img.get_width() / 2,
                        cy + dy - img.get_height() / 2,
                        False,
                    )
                )
            levels = sorted({u.level for u, _ in alive})
            if len(alive) == 1 and h in walkways:
                u, p = alive[0]
                deck = u.level >= 1.0
                self._place_walkway(tail, u, p, cx, cy, zoom, deck=deck, alone=True)
            elif len(alive) >= 2 and len(levels) >= 2:
                for u, p in sorted(alive, key=lambda up: up[0].level):
                    self._place_walkway(
                        tail, u, p, cx, cy, zoom, deck=u.level > levels[0], alone=False
                    )
            elif len(alive) >= 2:
                k = len(alive)
                for i, (u, p) in enumerate(alive):
                    img = self.chit(u.kind, face_of(u), max(4, round(px * 0.82)), profile=p)
                    t = (i - (k - 1) / 2) * 8 * zoom
                    tail.append(
                        _Placed(
                            u.id,
                            img,
                            cx + t - img.get_width() / 2,
                            cy + t - img.get_height() / 2,
                            False,
                        )
                    )
            elif alive:
                u, p = alive[0]
                img = self.chit(u.kind, face_of(u), px, profile=p)
                tail.append(
                    _Placed(u.id, img, cx - img.get_width() / 2, cy - img.get_height() / 2, False)
                )
        return out + bigs_alive + tail

    def _place_walkway(
        self, out: list[_Placed], u: Unit, p: Profile, cx: float, cy: float, zoom: float,
        *, deck: bool, alone: bool,
    ) -> None:  # fmt: skip
        px = chit_px(zoom)
        if deck:
            size = max(4, round(px * (0.9 if alone else 0.84)))
            dx, dy = (0.0, -3 * zoom) if alone else (8 * zoom, -10 * zoom)
            img = self.chit(u.kind, face_of(u), size, profile=p)
            # the deck: planks showing as a rim around the lower half of the chit
            rim = max(2, round(4 * zoom))
            pw, ph = size + 2 * rim, size // 2 + rim + 1
            plank = self.planks(pw, ph)
            out.append(_Placed("", plank, cx + dx - pw / 2, cy + dy, False))
            out.append(
                _Placed(
                    u.id, img, cx + dx - img.get_width() / 2, cy + dy - img.get_height() / 2, False
                )
            )
        else:
            size = max(4, round(px * (0.86 if alone else 0.72)))
            dx, dy = (0.0, 0.0) if alone else (-9 * zoom, 10 * zoom)
            img = self.chit(u.kind, face_of(u), size, profile=p, variant="under")
            out.append(
                _Placed(
                    u.id, img, cx + dx - img.get_width() / 2, cy + dy - img.get_height() / 2, False
                )
            )
            if alone:  # the walkway lies over him: a plank strip across the top
                pw, ph = max(4, round(48 * zoom)), max(2, round(7 * zoom))
                out.append(
                    _Placed("", self.planks(pw, ph), cx - pw / 2, cy - size / 2 - ph // 2, False)
                )

    def draw_units(
        self,
        screen: pygame.Surface,
        camera: Camera,
        grid: HexGrid,
        units: Iterable[Unit],
        profiles: Mapping[str, Profile] | None = None,
        *,
        selected: str | None = None,
        highlight: Collection[str] = (),
        viewport: pygame.Rect | None = None,
        walkways: Collection[Hex] = (),
        placement_key: object = None,
    ) -> list[tuple[str, pygame.Rect]]:
        """Draw `units` on the map as `camera` sees it; see the module docstring.

        `placement_key`: a value that changes whenever `units` (or what they show) do —
        the game screen passes its game's version. With the same key and zoom as the
        last call, the placement of every chit is reused (a frame then only blits)."""
        vp = viewport or screen.get_rect()
        zoom = camera.zoom
        ox = vp.x - round(camera.x * zoom)
        oy = vp.y - round(camera.y * zoom)
        key = (placement_key, zoom) if placement_key is not None else None
        if key is not None and key == self._placed_key:
            placed = self._placed
        else:
            placed = self.place(grid, units, profiles, zoom, walkways)
            self._placed_key, self._placed = key, placed
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        rects: list[tuple[str, pygame.Rect]] = []
        ring: list[tuple[Colour, pygame.Rect, tuple[Hex, ...]]] = []
        for pl in placed:
            x = round(pl.x) + ox
            y = round(pl.y) + oy
            w, h = pl.image.get_size()
            if x >= vp.right or y >= vp.bottom or x + w <= vp.x or y + h <= vp.y:
                continue
            blits.append((pl.image, (x, y)))
            if pl.unit_id:
                r = pygame.Rect(x, y, w, h)
                rects.append((pl.unit_id, r))
                if pl.unit_id == selected:
                    ring.append((SELECTED_RING, r, pl.cells))
                elif pl.unit_id in highlight:
                    ring.append((HIGHLIGHT_RING, r, pl.cells))
        clip = screen.get_clip()
        screen.set_clip(vp)
        try:
            screen.fblits(blits)
            for colour, r, cells in ring:
                if not cells:
                    pygame.draw.rect(screen, (0, 0, 0), r.inflate(4, 4), 3, border_radius=5)
                    pygame.draw.rect(screen, colour, r.inflate(2, 2), 2, border_radius=5)
                    continue
                # a big counter: the outline of its footprint
                edges = [
                    grid.edge_segment(c, n) for c in cells for n in c.neighbours() if n not in cells
                ]
                for col, width in (((0, 0, 0), 5), (colour, 3)):
                    for (ax, ay), (bx, by) in edges:
                        pygame.draw.line(
                            screen, col, (ax * zoom + ox, ay * zoom + oy),
                            (bx * zoom + ox, by * zoom + oy), width,
                        )  # fmt: skip
        finally:
            screen.set_clip(clip)
        return rects

    def sprites(
        self,
        grid: HexGrid,
        units: Iterable[Unit],
        profiles: Mapping[str, Profile] | None = None,
    ) -> list[Sprite]:
        """`board_view.Sprite`s of `units` (96-px chits, map-pixel placement at 100%)."""
        zoom = 96 / CHIT_SIZE
        out = []
        for pl in self.place(grid, units, profiles, zoom):
            w, h = pl.image.get_size()
            out.append(Sprite(pl.image, (pl.x + w / 2) / zoom, (pl.y + h / 2) / zoom, w / zoom))
        return out


@cache
def default_art() -> CounterArt:
    """A `CounterArt` of the shipped roster, shared by the process."""
    return CounterArt(default_roster())


def draw_units(
    screen: pygame.Surface,
    camera: Camera,
    grid: HexGrid,
    units: Iterable[Unit],
    profiles: Mapping[str, Profile] | None = None,
    *,
    art: CounterArt | None = None,
    selected: str | None = None,
    highlight: Collection[str] = (),
    viewport: pygame.Rect | None = None,
    walkways: Collection[Hex] = (),
) -> list[tuple[str, pygame.Rect]]:
    """`CounterArt.draw_units` of `art` (default: `default_art()`)."""
    return (art or default_art()).draw_units(
        screen, camera, grid, units, profiles,
        selected=selected, highlight=highlight, viewport=viewport, walkways=walkways,
    )  # fmt: skip


# -- the sheet -------------------------------------------------------------------------


def _groups(roster: Roster) -> list[tuple[str, list[Counter]]]:
    from dragonnoir.engine.roster import PEOPLE_NAMES, People

    out: list[tuple[str, list[Counter]]] = []
    for people in People:
        out.append((PEOPLE_NAMES[people], list(roster.people(people))))
    for t in (KrobType.HUNTER, KrobType.WARRIOR, KrobType.KILLER):
        out.append((f"Krob {t.value}s", list(roster.of_type(t))))
    out.append(("Gharvs", list(roster.gharvs)))
    for kind in SpectreKind:
        out.append((kind.value.replace("_", " ").title() + "s", list(roster.spectres_of(kind))))
    return [(title, rows) for title, rows in out if rows]


def counters_sheet(roster: Roster, out_png: Path | str, px: int = 64) -> Path:
    """Every counter of `roster` in every face on one PNG (plus the Queen and Guards in
    every face and facing, and one chit at every size), for the docs and for looking."""
    if not pygame.font.get_init():
        pygame.font.init()
    art = CounterArt(roster)
    pad = 6
    cell = px + pad
    width = 1900
    title_h = 30
    # lay out the one-hex counters: one block of faces per counter
    blocks: list[tuple[str | None, Counter | None]] = []
    for group, rows in _groups(roster):
        blocks.append((group, None))
        blocks += [(None, c) for c in rows]
    y = 40
    x = pad
    pos: list[tuple[int, int, str | None, Counter | None]] = []
    for title, counter in blocks:
        if title is not None:
            if x > pad:
                y += cell + 14
            x = pad
            pos.append((x, y, title, None))
            y += title_h
            continue
        assert counter is not None
        bw = len(faces_for(counter)) * cell + 12
        if x + bw > width:
            x = pad
            y += cell + 14
        pos.append((x, y, None, counter))
        x += bw
    y += cell + 30
    big_top = y
    zoom_big = 0.8
    queen = roster.of_type(KrobType.QUEEN)
    guards = roster.of_type(KrobType.GUARD)
    big_h = 0
    height = big_top + 1600
    sheet = pygame.Surface((width, height))
    sheet.fill((58, 52, 48))
    head = _text(
        f"Dragon Noir 2 counters — {len(roster)} counters, every face", 26, (240, 230, 210)
    )
    sheet.blit(head, (pad, 8))
    for x, y, heading, counter in pos:
        if heading is not None:
            sheet.blit(_text(heading, 22, (240, 226, 190)), (x, y + 6))
            continue
        assert counter is not None
        for i, face in enumerate(faces_for(counter)):
            img = art.chit(counter.id, face, px)
            cx = x + i * cell + cell // 2
            cy = y + cell // 2
            sheet.blit(img, img.get_rect(center=(cx, cy)))
            cap = _text(
                face.face.value.replace("_", " ") + (f" {face.wound}" if face.wound else ""),
                11,
                (200, 190, 170),
            )
            sheet.blit(cap, cap.get_rect(midtop=(cx, y + cell - 1)))
    # Queen and Guards
    y = big_top
    sheet.blit(
        _text(
            "Queen Alkiram (7 hexes) and the Queen's Guards (3 hexes): greyed rear zone hatched",
            22,
            (240, 226, 190),
        ),
        (pad, y),
    )
    y += title_h
    x = pad
    for counter in queen:
        for i, face in enumerate(faces_for(counter)):
            bi = art.big(counter.id, face, i % 6, zoom_big)
            sheet.blit(bi.image, (x, y))
            x += bi.image.get_width() + 8
            big_h = max(big_h, bi.image.get_height())
    y += big_h + 10
    x = pad
    row_h = 0
    for gi, counter in enumerate(guards):
        faces = faces_for(counter) if gi == 0 else (FaceKey(Face.HEALTHY),)
        for i, face in enumerate(faces):
            facing = (gi + i) % 6
            bi = art.big(counter.id, face, facing, zoom_big)
            if x + bi.image.get_width() > width:
                x = pad
                y += row_h + 6
                row_h = 0
            sheet.blit(bi.image, (x, y))
            x += bi.image.get_width() + 6
            row_h = max(row_h, bi.image.get_height())
    y += row_h + 16
    sheet.blit(
        _text("Sizes: 24, 28, 32, 40, 48, 56, 64 px (100% zoom = 40 px)", 22, (240, 226, 190)),
        (pad, y),
    )
    y += title_h
    x = pad
    samples = [roster.adventurers[0].id, roster.adventurers[5].id]
    if roster.of_type(KrobType.WARRIOR):
        samples.append(roster.of_type(KrobType.WARRIOR)[0].id)
    if roster.gharvs:
        samples.append(roster.gharvs[0].id)
    for kind in samples:
        for s in (24, 28, 32, 40, 48, 56, 64):
            img = art.chit(kind, FaceKey(Face.HEALTHY), s)
            sheet.blit(img, (x, y + 64 - s))
            x += s + 6
        x += 20
    if y + 80 < height:
        sheet = sheet.subsurface((0, 0, width, y + 80)).copy()
    out = Path(out_png)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dragonnoir.render.counters",
        description="Draw every counter of the roster in every face on one sheet.",
    )
    parser.add_argument("--sheet", type=Path, required=True, help="output PNG")
    parser.add_argument("--px", type=int, default=64, help="chit size on the sheet")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    print(counters_sheet(default_roster(), args.sheet, args.px))
    return 0


if __name__ == "__main__":
    sys.exit(main())
