"""A question over the screen that asks it: one button per choice.

Its own module, below every screen that asks (the game screen on leaving, the editor,
the campaign, the menus), so that asking imports no other screen."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from dragonnoir.ui.app import App, Pop, Result, Scene

Choice = tuple[str, Callable[[], Result]]


class ConfirmDialog(Scene):
    """A question over its parent scene, with one button per choice. Esc picks the last
    choice (by convention "Cancel"). Each choice's callback returns what happens next
    (the dialog is popped first)."""

    covers = False

    def __init__(self, app: App, parent: Scene, title: str, text: str, choices: Sequence[Choice]):
        super().__init__(app)
        self.parent = parent
        self.dialog_title = title
        self.text = text
        self.choices = list(choices)
        self.buttons: list[UIButton] = []
        self.window: UIWindow | None = None

    def enter(self) -> None:
        w, h = self.app.size
        bw, gap = 190, 12
        width = max(460, len(self.choices) * (bw + gap) + gap + 20)
        if len(self.text) > 200:  # a long explanation: a wider window, not a narrow scroll
            width = max(width, min(w - 80, 720))
        text_h = self._text_height(width - 40, h - 200)
        height = text_h + 120
        rect = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        self.window = UIWindow(rect, self.manager, self.dialog_title, draggable=False)
        self.window.set_blocking(True)
        inner = self.window.get_container()
        iw = inner.get_rect().width
        paragraphs = html.escape(self.text).replace("\n", "<br>")
        UITextBox(paragraphs, pygame.Rect(10, 10, iw - 20, text_h), self.manager, container=inner)
        x = iw - len(self.choices) * (bw + gap)
        self.buttons = []
        for label, _then in self.choices:
            self.buttons.append(
                UIButton(pygame.Rect(x, text_h + 24, bw, 42), label, self.manager, container=inner)
            )
            x += bw + gap

    def _text_height(self, room: int, most: int) -> int:
        """Room for the text without scrolling, if the window allows: its lines at the
        theme's size (7 to 8 px a character, 25 px a line, one line spare for the
        words that wrap early), at least the old 110 px."""
        per_line = max(20, room // 8)
        lines = sum(1 + len(p) // per_line for p in self.text.split("\n"))
        return max(110, min(most, (lines + 1) * 25 + 16))

    def leave(self) -> None:
        if self.window is not None:
            self.window.kill()  # type: ignore[no-untyped-call]
            self.window = None

    def choose(self, index: int) -> Result:
        self.app.go(Pop())
        return self.choices[index][1]()

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for i, b in enumerate(self.buttons):
                if event.ui_element is b:
                    return self.choose(i)
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            return self.choose(len(self.choices) - 1)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.choose(len(self.choices) - 1)
        return None

    def close_requested(self) -> Result:
        return None  # the player is already being asked

    def draw(self, screen: pygame.Surface) -> None:
        self.parent.draw(screen)
