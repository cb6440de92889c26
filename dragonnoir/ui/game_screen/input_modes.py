"""What clicks and keys on the map mean on the game screen: `PlayMode` hands them to
the controller (and its tools, ui/tools/), `ResultsMode` keeps the acting player's last
results on the map until he has seen them, `HandOverMode` covers the whole window until
the next player is ready (hotseat: nothing of the game is drawn behind it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from dragonnoir.engine.state import Side
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import _
from dragonnoir.render import fonts
from dragonnoir.ui import keymap
from dragonnoir.ui.game_screen.shows import draw_mark
from dragonnoir.ui.game_screen.texts import phase_title
from dragonnoir.ui.keymap import Command
from dragonnoir.ui.words import side_name

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene

#: A click that moved the mouse less than this (pixels) is a click, not a drag.
CLICK_SLOP = 6


class InputMode:
    """What clicks and keys on the map mean right now."""

    name = "mode"

    def handle(self, scene: GameScene, event: pygame.event.Event) -> bool:
        """Use `event` (True) or leave it to the map and the shortcuts (False)."""
        return False

    def draw(self, scene: GameScene, screen: pygame.Surface) -> None:
        """Draw on the map (after the counters)."""

    def hint(self, scene: GameScene) -> str:
        """A line for the phase bar saying what the player may do."""
        return ""


class PlayMode(InputMode):
    """The acting mode: clicks on the map go to the controller (left: `click_hex`,
    right: cancel). A left press that turns into a drag pans the map instead."""

    name = "play"

    def __init__(self) -> None:
        self.pressed: tuple[int, int] | None = None
        #: A counter being dragged to another hex of the deployment zone: its hex.
        self.dragging: Hex | None = None

    def handle(self, scene: GameScene, event: pygame.event.Event) -> bool:
        vp = scene.map.viewport
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pos = (int(event.pos[0]), int(event.pos[1]))
            self.pressed = pos if vp.collidepoint(pos) else None
            self.dragging = scene.deployable_at(pos) if self.pressed is not None else None
            # A placed counter is dragged (the map stays where it is); else the map starts
            # a drag, and a release close by is a click.
            return self.dragging is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging is not None:
            pos = (int(event.pos[0]), int(event.pos[1]))
            start, self.dragging, pressed, self.pressed = self.dragging, None, self.pressed, None
            end = scene.hex_at(pos)
            if _near(pressed, pos) or end is None:
                scene.click_map(pos, "left")
            else:
                scene.after_controller(scene.controller.drag_place(start, end))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = (int(event.pos[0]), int(event.pos[1]))
            pressed, self.pressed = self.pressed, None
            scene.map.handle(event)  # end the drag
            if _near(pressed, pos) and vp.collidepoint(pos):
                scene.click_map(pos, "left")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if vp.collidepoint(pos):
                scene.click_map(pos, "right")
                return True
        return False

    def hint(self, scene: GameScene) -> str:
        return scene.names.say(scene.controller.hint())


def _near(pressed: tuple[int, int] | None, pos: tuple[int, int]) -> bool:
    """Was the button released close to where it was pressed (a click, not a drag)?"""
    return pressed is not None and abs(pos[0] - pressed[0]) + abs(pos[1] - pressed[1]) <= (
        CLICK_SLOP
    )


class ResultsMode(InputMode):
    """Hotseat, after the acting player's last action of his turn (issue 45): the board
    stays before his eyes (`seen_by`) with its results until he has seen them, then the
    hand-over screen comes for `side`. A move's slide is waited for; a die's result, for
    a click or a key (the first click of a show that is still running finishes it), or
    for `delay` seconds after it is shown (the setting `result_hold`)."""

    name = "results"

    def __init__(self, side: Side, seen_by: Side | None, *, ack: bool, delay: float) -> None:
        self.side = side
        self.seen_by = seen_by
        self.ack = ack
        self.left = delay

    def handle(self, scene: GameScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            scene.results_seen()
            return True
        if event.type == pygame.KEYDOWN and event.key not in _MODIFIER_KEYS:
            scene.results_seen()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYUP)

    def done(self, scene: GameScene, dt: float) -> bool:
        """Time passes: has he seen enough (the show over, and no click to wait for, or
        the delay run out)?"""
        if scene.interphase.current is not None:
            return False
        if not self.ack:
            return True
        if self.left > 0:
            self.left -= dt
            return self.left <= 0
        return False

    def draw(self, scene: GameScene, screen: pygame.Surface) -> None:
        """His results, as they ended, and a band saying who plays next."""
        control = scene.map
        if scene.interphase.current is None:
            for mark in scene.action_show.marks:
                draw_mark(screen, control, mark)
        if self.ack and self.left <= 0:
            text = _("Seen? Click or press a key: the {side} play next.")
        else:
            text = _("The {side} play next.")
        said = fonts.ui_font(18, bold=True).render(
            text.format(side=side_name(self.side)), True, (255, 236, 190)
        )
        vp = control.viewport
        rect = said.get_rect(midbottom=(vp.centerx, vp.bottom - 12)).inflate(28, 14)
        pygame.draw.rect(screen, (28, 20, 14), rect, border_radius=8)
        pygame.draw.rect(screen, (232, 195, 106), rect, 2, border_radius=8)
        screen.blit(said, said.get_rect(center=rect.center))


_MODIFIER_KEYS = frozenset(
    {pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LALT, pygame.K_RALT}
)


class HandOverMode(InputMode):
    """The board is hidden until the player whose decision it is clicks or presses a key."""

    name = "handover"

    def __init__(self, side: Side) -> None:
        self.side = side

    def handle(self, scene: GameScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN
            and event.key not in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT)
            and keymap.command_for(event) not in (Command.QUIT, Command.MENU, Command.CANCEL)
        ):
            scene.end_handover()
        return True

    def draw_cover(self, scene: GameScene, screen: pygame.Surface) -> None:
        """The whole window: whose turn it is, and the other player asked to look away."""
        w, h = screen.get_size()
        screen.fill((12, 10, 8))
        big = fonts.ui_font(52, bold=True)
        small = fonts.ui_font(22)
        side = self.side
        other = side_name(side.enemy() if side is not Side.GHARVS else None)
        lines = [
            (big, _("{side} to play").format(side=side_name(side)), (232, 195, 106)),
            (
                small,
                _("Turn {turn} · {phase}").format(
                    turn=scene.game.state.turn, phase=phase_title(scene.game)
                ),
                (200, 188, 166),
            ),
            (small, _("{side}: please look away.").format(side=other), (200, 188, 166)),
            (small, _("Click or press a key when ready."), (150, 140, 124)),
        ]
        y = h // 2 - 110
        for font, text, colour in lines:
            surf = font.render(text, True, colour)
            screen.blit(surf, surf.get_rect(midtop=(w // 2, y)))
            y += surf.get_height() + 22
