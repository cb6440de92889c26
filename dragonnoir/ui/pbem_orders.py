"""The player's standing orders for a game by e-mail, shown and editable before his
file is sent (issue 42 §1: "shown and editable in the client"; pbem/orders.py says what
each does). A small window over the game screen: one row per order, its value in words;
a click on the value gives the next one."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UIWindow

from dragonnoir.i18n import N_, _
from dragonnoir.pbem.orders import CHOICES, Orders
from dragonnoir.pbem.session import Session
from dragonnoir.ui.app import App, Pop, Result, Scene

if TYPE_CHECKING:
    from dragonnoir.ui.pbem_game import PbemGameScene

#: Each order, as the player reads it.
ORDER_NAMES: dict[str, str] = {
    "fire": N_("Defensive fire while the Krobs move"),
    "spells": N_("Spells in the Krob turn"),
    "casualty": N_("Who takes a blow"),
    "retreat": N_("A retreat path"),
    "advance": N_("Advance after combat"),
}
#: Each value of each order, in words.
VALUE_WORDS: dict[tuple[str, str], str] = {
    ("fire", "in_range"): N_("fire at the Krob that comes in range"),
    ("fire", "never"): N_("never fire"),
    ("fire", "ask"): N_("ask me (the file comes back)"),
    ("spells", "never"): N_("no spell this Krob turn"),
    ("spells", "ask"): N_("ask me (the file comes back)"),
    ("casualty", "least_wounded"): N_("the least wounded"),
    ("casualty", "most_wounded"): N_("the most wounded"),
    ("casualty", "ask"): N_("ask me (the file comes back)"),
    ("retreat", "ask"): N_("ask me (the file comes back)"),
    ("retreat", "first"): N_("the first path the rules give"),
    ("advance", "never"): N_("never advance"),
    ("advance", "ask"): N_("ask me (the file comes back)"),
}


def value_words(order: str, value: str) -> str:
    return _(VALUE_WORDS[(order, value)])


def orders_said(orders: Orders) -> str:
    """The orders, one line each: "Who takes a blow: the least wounded"."""
    values = orders.to_dict()
    line = _("{order}: {value}")
    return "\n".join(
        line.format(order=_(ORDER_NAMES[key]), value=value_words(key, values[key]))
        for key in CHOICES
    )


def next_value(orders: Orders, key: str) -> Orders:
    """`orders` with `key` set to its next value (after the last, the first)."""
    choices = CHOICES[key]
    now = choices.index(getattr(orders, key))
    return dataclasses.replace(orders, **{key: choices[(now + 1) % len(choices)]})


class OrdersPanel(Scene):
    """The orders window over the game screen; Done (or Esc) closes it, and when the
    turn is over, back to sending."""

    covers = False

    def __init__(self, app: App, parent: PbemGameScene, session: Session) -> None:
        super().__init__(app)
        self.parent = parent
        self.session = session
        self.window: UIWindow | None = None
        self.values: dict[str, UIButton] = {}
        self.done: UIButton | None = None

    def enter(self) -> None:
        w, h = self.app.size
        row, width = 46, min(w - 40, 760)
        height = 110 + row * len(CHOICES) + 60
        rect = pygame.Rect((w - width) // 2, max(0, (h - height) // 2), width, height)
        self.window = UIWindow(
            rect, self.manager, _("Your standing orders"), draggable=False, object_id="#orders"
        )
        self.window.set_blocking(True)
        inner = self.window.get_container()
        iw = inner.get_rect().width
        UILabel(
            pygame.Rect(10, 6, iw - 20, 30),
            _("They answer for you during the other side's turn, where the rules let you choose."),
            self.manager,
            container=inner,
        )
        y = 46
        label_w = (iw - 30) * 5 // 12
        for key in CHOICES:
            UILabel(
                pygame.Rect(10, y, label_w, 38), _(ORDER_NAMES[key]), self.manager, container=inner
            )
            self.values[key] = UIButton(
                pygame.Rect(20 + label_w, y, iw - 30 - label_w, 38),
                value_words(key, getattr(self.session.orders, key)),
                self.manager,
                container=inner,
                tool_tip_text=_("Click for the next choice"),
            )
            y += row
        self.done = UIButton(
            pygame.Rect(iw - 170, y + 10, 160, 42), _("Done"), self.manager, container=inner
        )

    def leave(self) -> None:
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None

    def close(self) -> Result:
        self.app.go(Pop())
        parent = self.parent
        if parent.asked_to_send and self.session.written is None:
            return parent.ask_to_send()
        return None

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                return self.close()
            for key, button in self.values.items():
                if event.ui_element is button:
                    self.session.orders = next_value(self.session.orders, key)
                    button.set_text(value_words(key, getattr(self.session.orders, key)))
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            return self.close()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            return self.close()
        return None

    def close_requested(self) -> Result:
        return None

    def draw(self, screen: pygame.Surface) -> None:
        self.parent.draw(screen)
