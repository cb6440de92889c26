"""The line under the map (a refusal's reason, "saved", "nothing to undo") and the
badge of an unverified game on the map's corner."""

from __future__ import annotations

import pygame

from dragonnoir.i18n import N_
from dragonnoir.render import fonts
from dragonnoir.ui.text_wrap import wrap_text

MESSAGE_H = 28
MESSAGE_SECONDS = 8.0
#: The line's letter sizes, tried largest first until the text fits.
MESSAGE_SIZES = (24, 21, 18)
#: The most lines a long message wraps onto (growing up over the map) before it is cut.
MESSAGE_MAX_LINES = 4
MESSAGE_COLOUR = (255, 217, 138)
WARNING_COLOUR = (255, 118, 86)
#: The mark of a game that went on from a save's position its actions did not lead to
#: (engine/unverified.py): on the map's corner, and under the map when it opens.
UNVERIFIED_BADGE = N_("Unverified game")
UNVERIFIED_SAID = N_("Unverified game: it went on from a save that did not check out.")


class MessageLine:
    """What the line under the map says, for how long more, and whether it refuses."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.refused = False

    def say(self, text: str, *, refused: bool | None = None) -> None:
        """A new line; a refusal (`refused`, or text starting "Not allowed") in the
        warning colour."""
        self.text = " ".join(text.split())
        self.left = MESSAGE_SECONDS
        self.refused = refused if refused is not None else self.text.startswith("Not allowed")

    def tick(self, dt: float) -> None:
        """Time passes: the line goes away after `MESSAGE_SECONDS`."""
        if self.left > 0:
            self.left -= dt
            if self.left <= 0:
                self.say("")

    @staticmethod
    def rect(size: tuple[int, int], side_w: int) -> pygame.Rect:
        """Where the line is: across the bottom of the window, left of the side panel."""
        w, h = size
        return pygame.Rect(0, h - MESSAGE_H, w - side_w, MESSAGE_H)

    def draw(self, screen: pygame.Surface, side_w: int) -> None:
        """The line across the bottom of the window, left of the side panel (`side_w`)."""
        rect = self.rect(screen.get_size(), side_w)
        screen.fill((23, 19, 15), rect)
        if not self.text:
            return
        colour = WARNING_COLOUR if self.refused else MESSAGE_COLOUR
        font, lines = message_lines(self.text, rect.w - 16)
        step = font.get_linesize()
        top = min(rect.y, rect.bottom - 4 - step * len(lines))
        if top < rect.y:  # more lines than the strip holds: a band up over the map
            screen.fill((23, 19, 15), pygame.Rect(rect.x, top - 4, rect.w, rect.y - top + 4))
        y = rect.centery - step // 2 if top >= rect.y else top
        for line in lines:
            img = font.render(line, True, colour)
            screen.blit(img, (rect.x + 10, y + (step - img.get_height()) // 2))
            y += step


def message_lines(text: str, room: int) -> tuple[pygame.font.Font, list[str]]:
    """The letter and lines the line under the map says `text` in, `room` pixels wide:
    one line in the largest size that fits; a text too long even in the smallest (the cut
    of a turn by e-mail, a refusal and its rule in French) wraps onto up to
    `MESSAGE_MAX_LINES` lines in the smallest size, never cut while they hold it."""
    for size in MESSAGE_SIZES:
        font = fonts.font(size)
        if font.size(text)[0] <= room:
            return font, [text]
    lines = wrap_text(text, font, room)
    if len(lines) > MESSAGE_MAX_LINES:
        last = " ".join(lines[MESSAGE_MAX_LINES - 1 :])
        while font.size(last + "...")[0] > room and len(last) > 1:
            last = last[:-1]
        lines = [*lines[: MESSAGE_MAX_LINES - 1], last + "..."]
    return font, lines


def draw_badge(screen: pygame.Surface, viewport: pygame.Rect, text: str) -> None:
    """A warning badge on the map's top right corner (`UNVERIFIED_BADGE`)."""
    img = fonts.ui_font(16, bold=True).render(text, True, WARNING_COLOUR)
    box = img.get_rect(topright=(viewport.right - 8, viewport.top + 8)).inflate(14, 8)
    band = pygame.Surface(box.size, pygame.SRCALPHA)
    band.fill((20, 16, 12, 215))
    screen.blit(band, box.topleft)
    pygame.draw.rect(screen, WARNING_COLOUR, box, 1, border_radius=4)
    screen.blit(img, img.get_rect(center=box.center))
