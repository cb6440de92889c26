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

The rest lives in rooms of its own, each with one job:

- `counter_faces`: `Face`, `FaceKey(face, wound)`, `face_of(unit) -> FaceKey` (which
  face a unit shows), `faces_for(counter)` (every face a roster counter has),
  `unit_for_face(counter, face) -> Unit`, `number_labels(profile, face) -> tuple[Label,
  ...]` (the texts printed on a chit: attack black, defence red — circled when armoured,
  rear defence in parentheses — movement blue, Gharv land movement in parentheses),
  `short_name(name)`;
- `counter_style`: the sizes (`CHIT_SIZE`, `MIN_MAP_PX`, `chit_px(zoom)`...) and colours;
- `counter_pen`, `counter_glyphs`: the drawing tools and the silhouettes;
- `chit_painter`: one chit; `big_counters`: the Queen and her Guards (`BigImage`);
- `counter_sheet`: `counters_sheet(roster, out_png)` and `python -m
  dragonnoir.render.counter_sheet --sheet out.png`: every counter of the roster in
  every face on one sheet.

Sizes: a chit is `CHIT_SIZE` (40) map pixels wide, so 40 px at 100% zoom on a 52x60 hex,
and never smaller than `MIN_MAP_PX` (22) on the map, so its numbers stay legible at every
zoom. Chits are drawn at the exact pixel size (no blurry shrinking; `chit_painter` says
how a chit simplifies as it gets smaller).

A stack on one hex: the dead first, small, peeking out from under the living;
a walkway pair: the one underneath down-left and darker, the one on the deck up-right on
a plank strip.

Everything is drawn by code (pygame primitives and the default pygame font,
FreeSansBold), deterministically: same arguments, same pixels.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

import pygame

from dragonnoir.engine.roster import Roster, Spectre, default_roster
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.state import Status, Unit
from dragonnoir.engine.values import Profile, profile_of
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.render.big_counters import BigImage, paint_big
from dragonnoir.render.board_view import Sprite
from dragonnoir.render.chit_painter import paint_chit
from dragonnoir.render.counter_faces import Face, FaceKey, face_of, short_name, unit_for_face
from dragonnoir.render.counter_glyphs import glyph_key
from dragonnoir.render.counter_style import (
    CHIT_SIZE,
    HIGHLIGHT_RING,
    SELECTED_RING,
    Colour,
    chit_px,
)

if TYPE_CHECKING:
    from dragonnoir.render.camera import Camera

#: Cached chit images before the cache starts afresh (each zoom needs its own sizes).
MAX_CACHED_CHITS = 4000


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
        img = paint_chit(name, prof, face, size, glyph, self._wounds_max(kind))
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
            img = paint_big(self.grid, name, prof, face, facing % 6, zoom, self._wounds_max(kind))
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
