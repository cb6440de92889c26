"""Watching the AI play: its strip over the bottom of the map (who thinks, who plays,
Pause, Speed), its keys (Space, 1-4), and its moves played through the one door and
shown beat by beat."""

from __future__ import annotations

import contextlib
import time
from typing import TYPE_CHECKING

import pygame

from dragonnoir.engine.state import Side
from dragonnoir.i18n import _, pgettext
from dragonnoir.render import fonts
from dragonnoir.ui.ai_driver import (
    AI_LEVELS,
    HUMAN,
    SPEEDS,
    AIError,
    AIMove,
    intent_shown,
    move_beats,
)
from dragonnoir.ui.keymap import Command
from dragonnoir.ui.visibility import readable_log
from dragonnoir.ui.words import side_name

if TYPE_CHECKING:
    from dragonnoir.ui.ai_driver import AIDriver
    from dragonnoir.ui.game_scene import GameScene

#: The AI's strip at the bottom of the map: its height; the colour of its intent lines.
AI_STRIP_H = 36
INTENT_COLOUR = "#9fc7e8"
AI_COMMANDS = frozenset(
    {
        Command.AI_PAUSE,
        Command.AI_SPEED,
        Command.AI_SPEED_1,
        Command.AI_SPEED_2,
        Command.AI_SPEED_4,
        Command.AI_INSTANT,
    }
)
#: The speed each of the keys 1-4 sets.
AI_SPEED_KEYS = {
    Command.AI_SPEED_1: 1.0,
    Command.AI_SPEED_2: 2.0,
    Command.AI_SPEED_4: 4.0,
    Command.AI_INSTANT: 0.0,
}

#: Posted by the AI's worker when an answer is ready: wakes a window idling meanwhile.
AI_READY = pygame.event.custom_type()


def post_ai_ready() -> None:
    """(On the worker's thread: SDL's event queue takes posts from any thread.)"""
    with contextlib.suppress(pygame.error):
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(AI_READY))


class AIStrip:
    """The AI seats of a game as the screen shows and drives them (`scene.ai`)."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene

    @property
    def ai(self) -> AIDriver:
        ai = self.scene.ai
        assert ai is not None
        return ai

    # -- words -------------------------------------------------------------------------------

    def name(self, side: Side | None) -> str:
        """ "Krobs (AI normal)"."""
        player = self.scene.players.get(side, HUMAN) if side is not None else HUMAN
        level = player.split(":", 1)[-1]
        said = pgettext("ai level", AI_LEVELS[level]) if level in AI_LEVELS else level
        return _("{side} (AI {level})").format(side=side_name(side), level=said)

    def busy_text(self) -> str:
        side = self.scene.game.to_act()
        ai = self.scene.ai
        if ai is not None and ai.paused:
            return _("The {side} are playing (paused: Space resumes): wait for your turn.").format(
                side=self.name(side)
            )
        return _("The {side} are playing: wait for your turn.").format(side=self.name(side))

    def hint(self) -> str:
        who = self.name(self.scene.game.to_act())
        if self.ai.paused:
            line = _("{side} paused · Space: pause / resume · 1-4: speed ({speed})")
        else:
            line = _("{side} playing · Space: pause / resume · 1-4: speed ({speed})")
        return line.format(side=who, speed=self.speed())

    def speed(self) -> str:
        """The AI's speed in words ("2x", "instant")."""
        return pgettext("ai speed", self.ai.speed_text)

    def status_text(self) -> str:
        """The strip's words: who thinks (dots that move), who plays, paused."""
        ai = self.ai
        game = self.scene.game
        side = game.to_act()
        if game.over:
            return _("Game over")
        if not ai.plays(side):
            return _("Your turn: {side}").format(side=side_name(side))
        if ai.paused:
            return _("Paused · {side} to play").format(side=self.name(side))
        if ai.thinking is not None:
            dots = "." * (1 + int(time.monotonic() * 3) % 3)
            return _("{side} thinking").format(side=self.name(ai.thinking)) + dots
        return _("{side} playing").format(side=self.name(side))

    def button_text(self, key: str) -> str:
        if key == "ai_pause":
            return _("Resume (Space)") if self.ai.paused else _("Pause (Space)")
        return _("Speed {speed} (1-4)").format(speed=self.speed())

    # -- where -------------------------------------------------------------------------------

    def rect(self) -> pygame.Rect:
        """The AI's strip at the bottom of the map: what it is doing, Pause, Speed."""
        vp = self.scene.map_rect()
        width = min(vp.w - 16, 600)
        return pygame.Rect(vp.x + 8, vp.bottom - AI_STRIP_H - 8, width, AI_STRIP_H)

    @staticmethod
    def button_rects(strip: pygame.Rect) -> dict[str, pygame.Rect]:
        speed = pygame.Rect(strip.right - 150, strip.y + 4, 146, strip.h - 8)
        pause = pygame.Rect(speed.x - 134, strip.y + 4, 130, strip.h - 8)
        return {"ai_pause": pause, "ai_speed": speed}

    def draw(self, screen: pygame.Surface) -> None:
        """The AI's strip over the bottom of the map (its buttons are widgets)."""
        strip = self.rect()
        band = pygame.Surface(strip.size, pygame.SRCALPHA)
        band.fill((20, 16, 12, 215))
        screen.blit(band, strip.topleft)
        thinking = self.ai.thinking is not None and not self.ai.paused
        colour = (255, 217, 138) if thinking else (220, 206, 180)
        pygame.draw.rect(screen, colour, strip, 1, border_radius=4)
        text = fonts.ui_font(16, bold=True).render(self.status_text(), True, colour)
        room = self.button_rects(strip)["ai_pause"].x - strip.x - 16
        screen.blit(text, (strip.x + 10, strip.centery - text.get_height() // 2), (0, 0, room, 40))

    # -- acting ------------------------------------------------------------------------------

    def command(self, command: Command) -> None:
        """Pause / resume, and the speed of the AI's show."""
        scene = self.scene
        ai = scene.ai
        if ai is None:
            scene.message(_("There is no AI in this game (two people play it)."), refused=True)
            return
        if command is Command.AI_PAUSE:
            ai.paused = not ai.paused
            scene.message(_("The AI is paused.") if ai.paused else _("The AI plays on."))
        else:
            if command is Command.AI_SPEED:
                ai.speed_index = (ai.speed_index + 1) % len(SPEEDS)
            else:
                ai.set_speed(AI_SPEED_KEYS[command])
            if ai.speed == 0:
                scene.interphase.skip()
            scene.message(_("The AI's moves: {speed}.").format(speed=self.speed()))
            app = scene.app
            if app.settings.ai_speed != ai.speed:
                settings = app.settings.model_copy(update={"ai_speed": ai.speed})
                app.apply_settings(settings)  # remembered for the next game
        scene.refresh_controls()

    def drive(self) -> None:
        """Once a frame: let the AI think, and play its move when it is ready and the
        show of its last one has ended."""
        scene = self.scene
        ai = scene.ai
        if ai is None or scene.game.over or scene.handover_showing:
            return
        if scene.interphase.current is not None:
            return  # the last move is still being shown
        try:
            move = ai.poll(scene.game)
        except AIError as exc:
            ai.paused = True
            failed = _("The AI failed ({why}): paused. Undo, save or resume.").format(why=exc)
            scene.message(failed, refused=True)
            scene.refresh_controls()
            return
        if move is not None:
            self.play(move)  # (the controls follow in `update`)

    def play(self, move: AIMove) -> None:
        """Apply the AI's move through the one door; its intent lines (those the person
        may read) go into the log before it, and what it did is shown beat by beat at
        the animation speed times the AI's speed."""
        scene = self.scene
        game = scene.game
        viewer = scene.controller.viewer
        for line in move.intent:
            if intent_shown(game, line, move.side, viewer):
                _, _, said = line.partition(f"{move.side.value}: ")
                scene.note_in_log(f"{self.name(move.side)}: {said or line}", INTENT_COLOUR)
        before = {uid: u.hex for uid, u in game.state.units.items()}
        start = len(game.log)
        if scene.apply(move.action) is None:
            self.ai.paused = True
            scene.message(
                _("The {side} chose an action the rules refuse ({action}): paused.").format(
                    side=self.name(move.side), action=move.action.kind
                ),
                refused=True,
            )
            return
        readable = [e for _, e in readable_log(game, viewer, start)]
        beats = move_beats(game, readable, before, scene.names.full)
        speed = scene.app.settings.animation_speed * self.ai.speed
        if speed <= 0:
            scene.interphase.skip()
            scene.reveals.flashes.clear()
        elif beats:
            scene.interphase.start(beats + scene.interphase.beats, speed)
