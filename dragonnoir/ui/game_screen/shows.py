"""What the game screen shows happening over the map: a reveal's flip and flash, a beat
of a Gharv interphase or of a move (the AI's, or the person's own), a die rolling at the
hex where it was rolled and what it did, and the tags of what each character did this
turn (M, F, A)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from dragonnoir.engine.events import Revealed
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.render import fonts
from dragonnoir.ui.interphase_show import Beat, ResultMark
from dragonnoir.ui.map_view import MapControl
from dragonnoir.ui.visibility import readable_log

#: A reveal's flip and flash: how long (at animation speed 1) and its colour.
REVEAL_SECONDS = 1.4
REVEAL_COLOUR = (255, 240, 170)
#: The colour of the Gharvs' interphase beats (their water-green).
BEAT_COLOUR = (120, 230, 170)
#: A result mark: the die's colours, the label's band and border.
DIE_FACE = (246, 240, 226)
DIE_PIPS = (40, 28, 20)
MARK_BAND = (24, 18, 14, 235)
MARK_BORDER = (255, 217, 138)
#: The share of a result's beat the die spends rolling before it shows its face.
ROLLING = 0.35


@dataclass
class Flash:
    """A reveal being shown on hex `at`: seconds left (at animation speed 1)."""

    at: Hex
    left: float


class Reveals:
    """The reveals being shown: [hex, seconds left] (a flip and a flash on the hex)."""

    def __init__(self, game: Game) -> None:
        self.flashes: list[Flash] = []
        self._seen = len(game.log)

    def note(self, game: Game, viewer: Side | None, speed: float) -> None:
        """Start a flip-and-flash on each hex where something was revealed to `viewer`
        since the last look (the log says what); none at animation speed 0."""
        log = game.log
        if len(log) < self._seen:
            self._seen = len(log)  # an undo: nothing new
            return
        new = readable_log(game, viewer, self._seen)
        self._seen = len(log)
        if speed <= 0:
            return
        for _, event in new:
            if isinstance(event, Revealed) and event.at is not None:
                self.flashes.append(Flash(event.at, REVEAL_SECONDS))

    def advance(self, dt: float, speed: float) -> None:
        """Time passes at the animation speed (`speed` 0: at once)."""
        for flash in self.flashes:
            flash.left -= dt * (speed if speed > 0 else 100.0)
        self.flashes = [f for f in self.flashes if f.left > 0]

    def draw(self, screen: pygame.Surface, control: MapControl) -> None:
        """A reveal: a bright chit turning over on the hex (its width follows a cosine),
        then a ring spreading out and fading."""
        if not self.flashes:
            return
        clip = screen.get_clip()
        screen.set_clip(control.viewport)
        z = control.camera.zoom
        try:
            for flash in self.flashes:
                h = flash.at
                t = 1.0 - flash.left / REVEAL_SECONDS
                cx, cy = control.screen_centre(h)
                size = control.view.grid.tile_width * z
                if t < 0.5:
                    w = max(2, round(size * 0.6 * abs(math.cos(t * 2 * math.pi))))
                    rect = pygame.Rect(0, 0, w, round(size * 0.6))
                    rect.center = (round(cx), round(cy))
                    pygame.draw.rect(screen, REVEAL_COLOUR, rect, border_radius=4)
                radius = size * (0.35 + 0.6 * t)
                pygame.draw.circle(screen, REVEAL_COLOUR, (cx, cy), radius, max(2, round(3 * z)))
                pygame.draw.polygon(
                    screen, REVEAL_COLOUR, control.screen_polygon(h), max(1, round(2 * z))
                )
        finally:
            screen.set_clip(clip)


def draw_beat(
    screen: pygame.Surface, control: MapControl, beat: Beat, progress: float = 1.0
) -> None:
    """One beat of a show over the map: its hexes outlined, an attack's line, the numbers
    of a placement draw, the die rolled and its result at its hex (`progress`: how far
    the beat is, 0 to 1), and the caption in a band at the map's top."""
    vp = control.viewport
    z = control.camera.zoom
    at = control.screen_centre
    clip = screen.get_clip()
    screen.set_clip(vp)
    try:
        width = max(2, round(3 * z))
        for h in beat.hexes:
            pygame.draw.polygon(screen, BEAT_COLOUR, control.screen_polygon(h), width)
        if beat.line is not None:
            pygame.draw.line(screen, BEAT_COLOUR, at(beat.line[0]), at(beat.line[1]), width + 1)
        font = fonts.ui_font(max(14, round(18 * min(1.5, max(0.8, z)))), bold=True)
        for h, number in beat.numbered:
            img = font.render(number, True, (250, 250, 240))
            cx, cy = at(h)
            radius = max(img.get_width(), img.get_height()) * 0.75
            pygame.draw.circle(screen, (20, 50, 40), (cx, cy), radius)
            pygame.draw.circle(screen, BEAT_COLOUR, (cx, cy), radius, 2)
            screen.blit(img, img.get_rect(center=(round(cx), round(cy))))
        band = fonts.ui_font(18, bold=True).render(beat.caption, True, (250, 240, 220))
        rect = band.get_rect(midtop=(vp.centerx, vp.y + 8)).inflate(24, 10)
        pygame.draw.rect(screen, (30, 60, 50), rect, border_radius=6)
        pygame.draw.rect(screen, BEAT_COLOUR, rect, 2, border_radius=6)
        screen.blit(band, band.get_rect(center=rect.center))
    finally:
        screen.set_clip(clip)
    if beat.mark is not None:
        draw_mark(screen, control, beat.mark, progress)


def draw_mark(
    screen: pygame.Surface, control: MapControl, mark: ResultMark, progress: float = 1.0
) -> None:
    """A die over the hex where it was rolled: for the first part of the beat it tumbles
    (turning, its face changing), then it shows its face and the result's label comes
    out above it ("5: Defender killed"); the counter under it is already in its new
    state. Nothing random: the tumbling faces follow the time."""
    vp = control.viewport
    cx, _ = control.screen_centre(mark.at)
    size = max(26, min(54, round(control.view.grid.tile_width * control.camera.zoom * 0.42)))
    rolling = progress < ROLLING
    face = mark.face
    if rolling:
        face = str(1 + int(progress * 40) % 10)
    die = _die_surface(face, size)
    if rolling:
        die = pygame.transform.rotate(die, (1.0 - progress / ROLLING) * 540.0)
    # above the hex, so that the counter's new state stays in view under it
    top = min(y for _, y in control.screen_polygon(mark.at))
    centre = (round(cx), round(top - size * 0.45))
    clip = screen.get_clip()
    screen.set_clip(vp)
    try:
        if not rolling:
            font = fonts.ui_font(17, bold=True)
            text = font.render(mark.label, True, (255, 244, 220))
            band = pygame.Surface((text.get_width() + 18, text.get_height() + 8), pygame.SRCALPHA)
            band.fill(MARK_BAND)
            pygame.draw.rect(band, MARK_BORDER, band.get_rect(), 2, border_radius=6)
            band.blit(text, (9, 4))
            rect = band.get_rect(midbottom=(centre[0], centre[1] - size // 2 - 4))
            rect.clamp_ip(vp)
            screen.blit(band, rect)
        screen.blit(die, die.get_rect(center=centre))
    finally:
        screen.set_clip(clip)


_DICE: dict[tuple[str, int], pygame.Surface] = {}


def _die_surface(face: str, size: int) -> pygame.Surface:
    """A ten-sided die seen from above, as a rounded ivory square with its number (cached)."""
    die = _DICE.get((face, size))
    if die is None:
        die = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(die, DIE_FACE, die.get_rect(), border_radius=size // 5)
        pygame.draw.rect(die, DIE_PIPS, die.get_rect(), 2, border_radius=size // 5)
        number = fonts.ui_font(max(12, round(size * 0.62)), bold=True).render(face, True, DIE_PIPS)
        die.blit(number, number.get_rect(center=(size // 2, size // 2)))
        _DICE[(face, size)] = die
    return die


def follow(control: MapControl, beat: Beat) -> None:
    """A beat that happens out of sight (the AI's move, a Gharv's attack): the map turns
    to it (the zoom stays); a beat in sight leaves the map alone."""
    if not beat.hexes:
        return
    inner = control.viewport.inflate(-60, -60)
    if any(inner.collidepoint(control.screen_centre(h)) for h in beat.hexes):
        return
    points = [control.hex_centre(h) for h in beat.hexes]
    control.camera.center_on(
        sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    )


class DoneMarks:
    """Unit id -> what he did this turn ("M" moved, "F" fired, "A" attacked), for the
    characters of the side whose turn it is (worked out once per position)."""

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None
        self._marks: dict[str, str] = {}

    def of(self, game: Game) -> dict[str, str]:
        key = (id(game.state), game.version)
        if self._key != key:
            self._key, self._marks = key, _work_out_marks(game)
        return self._marks

    def draw(
        self,
        screen: pygame.Surface,
        game: Game,
        viewport: pygame.Rect,
        unit_rects: list[tuple[str, pygame.Rect]],
    ) -> None:
        """A small tag on the corner of each counter that moved, fired or attacked."""
        marks = self.of(game)
        if not marks:
            return
        clip = screen.get_clip()
        screen.set_clip(viewport)
        for uid, rect in unit_rects:
            mark = marks.get(uid)
            if mark is not None:
                tag = _done_tag(mark, max(9, min(16, rect.w // 4)))
                screen.blit(tag, tag.get_rect(center=(rect.right - 2, rect.top + 2)))
        screen.set_clip(clip)


def _work_out_marks(game: Game) -> dict[str, str]:
    side = game.phase.side
    out: dict[str, str] = {}
    for unit in game.state.units.values():
        if unit.side is not side or not unit.alive or unit.hex is None:
            continue
        mark = "".join(
            letter
            for letter, done in (("M", unit.moved), ("F", unit.fired), ("A", unit.attacked))
            if done
        )
        if mark:
            out[unit.id] = mark
    return out


_TAGS: dict[tuple[str, int], pygame.Surface] = {}


def _done_tag(mark: str, px: int) -> pygame.Surface:
    """A dark rounded tag with the letters of what a character did (cached)."""
    tag = _TAGS.get((mark, px))
    if tag is None:
        text = fonts.ui_font(px, bold=True).render(mark, True, (255, 236, 160))
        w, h = text.get_width() + px // 2 + 2, text.get_height()
        tag = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(tag, (20, 16, 12, 230), tag.get_rect(), border_radius=h // 3)
        pygame.draw.rect(tag, (255, 236, 160), tag.get_rect(), 1, border_radius=h // 3)
        tag.blit(text, text.get_rect(center=(w // 2, h // 2)))
        _TAGS[(mark, px)] = tag
    return tag
