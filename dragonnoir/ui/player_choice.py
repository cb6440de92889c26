"""Who plays each side: the rows of buttons the scenario picker and the campaign menu
show (a person, or the AI easy / normal / hard per seat), the line saying what kind of
game that makes, and the choice kept in the settings so it is offered again.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UITextBox

from dragonnoir.engine.state import Side
from dragonnoir.i18n import _
from dragonnoir.ui.ai_driver import HUMAN, PLAYER_CHOICES, SEATS, describe_players, player_text
from dragonnoir.ui.app import App
from dragonnoir.ui.words import side_name

#: The height of the two rows (one per seat); ui/scenes.py's `PLAYER_ROWS_H` too (the
#: main menu's module does not import this one).
ROWS_H = 90
ROW_H = 36
LABEL_W = 120


class PlayerChoice:
    """The players chosen on one screen (from the settings' last choice)."""

    def __init__(self, app: App) -> None:
        self.app = app
        s = app.settings
        self.players: dict[Side, str] = {
            Side.ADVENTURERS: s.adventurers_player,
            Side.KROBS: s.krobs_player,
        }
        #: (side, player) -> its button (rebuilt with the screen).
        self.buttons: dict[tuple[Side, str], UIButton] = {}

    def build(self, root: UIContainer, area: pygame.Rect, line: pygame.Rect) -> None:
        """A row per seat in `area`, one button per choice (the chosen one lit); the
        line saying what kind of game it makes in `line`."""
        manager = self.app.manager
        self.buttons = {}
        font = manager.get_theme().get_font(["label"])
        label_w = max([LABEL_W] + [font.size(side_name(side))[0] + 12 for side in SEATS])
        bw = max(70, min(130, (area.w - label_w) // len(PLAYER_CHOICES) - 6))
        for row, side in enumerate(SEATS):
            y = area.y + row * (ROW_H + 4)
            UILabel(
                pygame.Rect(area.x, y, label_w, ROW_H),
                side_name(side),
                manager,
                container=root,
            )
            for i, (player, text) in enumerate(PLAYER_CHOICES):
                button = UIButton(
                    pygame.Rect(area.x + label_w + i * (bw + 6), y, bw, ROW_H),
                    _(text),
                    manager,
                    container=root,
                    tool_tip_text=_("The {side} are played by {who}").format(
                        side=side_name(side), who=player_text(player)
                    ),
                )
                if self.players[side] == player:
                    button.select()  # type: ignore[no-untyped-call]
                self.buttons[(side, player)] = button
        said = describe_players(self.players)
        label = UILabel(
            line, "", manager, container=root, object_id=ObjectID(object_id="#players_line")
        )
        if label.font is None or label.font.size(said)[0] <= line.w:
            label.set_text(said)
        else:  # a longer language: the line wraps in a text box instead
            label.kill()  # type: ignore[no-untyped-call]
            UITextBox(html.escape(said), line, manager, container=root)

    def handle(self, event: pygame.event.Event) -> bool:
        """A press on one of the buttons: that player chosen (True: rebuild the screen)."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for (side, player), button in self.buttons.items():
            if event.ui_element is button:
                self.players[side] = player
                return True
        return False

    def for_game(self) -> dict[str, str]:
        """`Game.players` (and a campaign's): empty when two people play (hotseat)."""
        if all(p == HUMAN for p in self.players.values()):
            return {}
        return {side.value: player for side, player in self.players.items()}

    def remember(self) -> None:
        """Keep the choice in the settings (offered next time); a settings file that
        cannot be written costs only that."""
        s = self.app.settings
        chosen = {
            "adventurers_player": self.players[Side.ADVENTURERS],
            "krobs_player": self.players[Side.KROBS],
        }
        if any(getattr(s, k) != v for k, v in chosen.items()):
            self.app.apply_settings(s.model_copy(update=chosen))
