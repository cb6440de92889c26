"""The standing order for defensive fire as a button over the map (issue 45, section 5:
"standing orders in Settings and in the game"): beside Cast now, in the Krob turn, for
the Adventurer player; a press gives the next order (ui/game_screen/fire_orders.py) and
keeps it in the settings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton

from dragonnoir.engine.state import Side
from dragonnoir.i18n import _
from dragonnoir.ui.game_screen.fire_orders import ORDER_TEXTS
from dragonnoir.ui.game_screen.input_modes import PlayMode
from dragonnoir.ui.settings import next_order

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene

#: The button's width.
ORDERS_W = 350


class OrderButton:
    """The button (`scene.widgets["fire_orders"]`) and when it is shown."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        self._shown = False

    def build(self, root: UIContainer, rect: pygame.Rect) -> UIButton:
        scene = self.scene
        button = UIButton(
            rect,
            _(ORDER_TEXTS[scene.app.settings.defensive_fire]),
            scene.manager,
            container=root,
            tool_tip_text=_("Your standing order for defensive fire in the Krob turn (Settings)"),
        )
        self._shown = self.shown()
        if not self._shown:
            button.hide()  # type: ignore[no-untyped-call]
        return button

    def shown(self) -> bool:
        """In the Krob turn, for the Adventurer player: against the AI all along it; in
        hotseat while a question of that turn is his (the Krob player has the screen
        otherwise)."""
        scene = self.scene
        game = scene.game
        if game.over or not game.state.phase.startswith("krob"):
            return False
        if not isinstance(scene.mode, PlayMode):
            return False
        if scene.ai is None:
            return game.to_act() is Side.ADVENTURERS
        return scene.human is Side.ADVENTURERS

    def refresh(self) -> None:
        """Show or hide it as the game goes (once a frame; only a change is done)."""
        shown = self.shown()
        button = self.scene.widgets.get("fire_orders")
        if shown != self._shown and isinstance(button, UIButton):
            self._shown = shown
            if shown:
                button.show()  # type: ignore[no-untyped-call]
            else:
                button.hide()  # type: ignore[no-untyped-call]

    def press(self) -> None:
        """The next standing order, remembered in the settings."""
        scene = self.scene
        settings = scene.app.settings
        order = next_order(settings.defensive_fire)
        scene.app.apply_settings(settings.model_copy(update={"defensive_fire": order}))
        scene.message(_(ORDER_TEXTS[order]) + ".")
        if scene.root is not None:
            scene.rebuild()
