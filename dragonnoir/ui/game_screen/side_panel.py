"""The game screen's side panel: the acting buttons (Fire, Attack, Magic, Confirm,
Cancel, Pass), the box under them (the hex under the mouse, or the card of the staged
or hovered action), and the pending question with one button per answer (in pages
when they outnumber the room). It follows the controller: `refresh_controls` after
every input, `refresh_info` every frame, both cheap when nothing changed."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIImage, UILabel, UITextBox

from dragonnoir.i18n import NP_, _, pgettext
from dragonnoir.ui.controller_views import Mode, Prompt
from dragonnoir.ui.game_screen.spell_windows import CAST_NOW_TEXT, CAST_WAITING_TEXT
from dragonnoir.ui.game_screen.texts import phase_title
from dragonnoir.ui.game_screen.top_bar import BAR_H
from dragonnoir.ui.preview_card import Card, card_for, draw_card
from dragonnoir.ui.tools.firing import FIRE_DECISIONS
from dragonnoir.ui.words import side_name

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene

SIDE_W = 380
ACTIONS_H = 38
HOVER_H = 240
CHOICE_H = 30
#: The acting buttons above the side panel: (key = controller command, text).
ACTION_BUTTONS = (
    ("fire", NP_("button", "Fire")),
    ("attack", NP_("button", "Attack")),
    ("cast", NP_("button", "Magic")),
    ("confirm", NP_("button", "Confirm")),
    ("cancel", NP_("button", "Cancel")),
    ("pass", NP_("button", "Pass")),
)


class SidePanel:
    """The side panel's widgets (in `scene.widgets`) and what they last showed."""

    def __init__(self, scene: GameScene) -> None:
        self.scene = scene
        #: Which page of the prompt's answers is shown (when they outnumber the room).
        self.choice_page = 0
        #: The card shown in the box (None: the hex description).
        self.card: Card | None = None
        self._prompt_key: tuple[object, ...] | None = None
        self._info_key: tuple[object, ...] | None = None
        self._controls_key: tuple[object, ...] | None = None

    # -- building --------------------------------------------------------------------------

    def build(self, root: UIContainer) -> int:
        """The acting buttons, the box and the question; returns the next free y (the
        log takes the rest)."""
        scene = self.scene
        widgets = scene.widgets
        m = scene.manager
        w, h = scene.app.size
        sx = w - SIDE_W
        bw = (SIDE_W - 8 - 4 * (len(ACTION_BUTTONS) - 1)) // len(ACTION_BUTTONS)
        for i, (key, text) in enumerate(ACTION_BUTTONS):
            rect = pygame.Rect(sx + 4 + i * (bw + 4), BAR_H + 4, bw, ACTIONS_H - 8)
            widgets[key] = UIButton(rect, pgettext("button", text), m, container=root)
        y = BAR_H + ACTIONS_H
        info = pygame.Rect(sx, y, SIDE_W, self.info_height())
        widgets["hover"] = UITextBox("", info, m, container=root)
        card = UIImage(info, pygame.Surface(info.size), m, container=root)
        card.hide()  # type: ignore[no-untyped-call]
        widgets["card"] = card
        y += info.h
        return self._build_prompt(root, sx, y, h)

    def forget(self) -> None:
        """The widgets were built again: the box and the buttons are set anew."""
        self._info_key = None
        self._controls_key = None

    def info_height(self) -> int:
        """The side panel's hex / preview box: taller in a taller window (a shot or an
        attack preview is a dozen lines)."""
        h = self.scene.app.size[1]
        return max(HOVER_H, min(440, (h - BAR_H - ACTIONS_H) // 2 - 40))

    def _build_prompt(self, root: UIContainer, x: int, y: int, h: int) -> int:
        """The decision's question and one button per choice; returns the next free y."""
        scene = self.scene
        prompt = scene.shown_prompt()
        self._prompt_key = key_of(prompt)
        if prompt is None:
            return y
        m = scene.manager
        names = scene.names
        who = side_name(prompt.side)
        question = _("{side}: {question}").format(
            side=f"<b>{html.escape(who)}</b>", question=html.escape(names.say(prompt.question))
        )
        # room for the whole question (a deployment's instructions run to four lines)
        tall = max(64, min(130, 22 * -(-len(html.unescape(question)) // 44) + 14))
        scene.widgets["question"] = UITextBox(
            question, pygame.Rect(x, y, SIDE_W, tall), m, container=root
        )
        y += tall
        room = max(2, (h - y - 90) // CHOICE_H)
        choices = prompt.choices
        # More answers than room (a spell book, many retreat paths): pages of them, a
        # "more" button turning the page; every answer stays reachable by a button.
        per = room if len(choices) <= room else room - 1
        pages = max(1, -(-len(choices) // per))
        page = self.choice_page % pages
        start = page * per
        for i, choice in enumerate(choices[start : start + per], start):
            label = names.say(choice.label)[:60]
            scene.widgets[f"choice_{i}"] = UIButton(
                pygame.Rect(x + 4, y, SIDE_W - 8, CHOICE_H - 3), label, m, container=root
            )
            y += CHOICE_H
        if pages > 1:
            scene.widgets["choice_more"] = UIButton(
                pygame.Rect(x + 4, y, SIDE_W - 8, CHOICE_H - 3),
                _("more ({page}/{pages}): the next {n} answers").format(
                    page=page + 1, pages=pages, n=min(per, len(choices))
                ),
                m,
                container=root,
            )
            y += CHOICE_H
        return y + 4

    # -- following the controller ------------------------------------------------------------

    def refresh_info(self) -> None:
        """The box: the staged or hovered action's card, else the hex under the mouse;
        set again only when one of them changed."""
        scene = self.scene
        box = scene.widgets.get("hover")
        image = scene.widgets.get("card")
        if not isinstance(box, UITextBox) or not isinstance(image, UIImage):
            return
        game = scene.game
        preview = scene.controller.preview()
        hover = scene.hovered
        key = (hover, id(preview), id(game.state), len(game.history))
        if key == self._info_key:
            return
        self._info_key = key
        if preview is None:
            self.card = None
            box.set_text(scene.hover_html(hover))
            box.show()  # type: ignore[no-untyped-call]
            image.hide()  # type: ignore[no-untyped-call]
            return
        self.card = card_for(preview, scene.names)
        image.set_image(draw_card(self.card, box.rect.size))
        image.show()  # type: ignore[no-untyped-call]
        box.hide()  # type: ignore[no-untyped-call]

    def refresh_controls(self) -> None:
        """The hint line, the acting buttons and the prompt panel after the controller's
        state changed (cheap when nothing did)."""
        scene = self.scene
        if scene.handover_showing or not scene.widgets:
            return
        ui = scene.controller
        prompt = scene.shown_prompt()
        if key_of(prompt) != self._prompt_key:
            self._prompt_key = key_of(prompt)
            self.choice_page = 0  # a new question starts on its first page
            if scene.root is not None:
                scene.rebuild()
                return
        preview = ui.preview()
        legal = preview is None or preview.legal
        ai_turn = scene.ai_turn()
        cast_now = (scene.spells.cast_now_shown(), scene.spells.requested)
        key = (
            ui.mode, ui.staged(), legal, self._prompt_key, ui.hint(), scene.can_undo(), ai_turn,
            scene.ai_state(), cast_now,
        )  # fmt: skip
        if key == self._controls_key:
            return
        self._controls_key = key
        hint = scene.widgets.get("hint")
        if isinstance(hint, UILabel):
            text = ui.hint()
            if ai_turn:
                text = scene.strip.hint()
            elif ui.staged() is not None and not legal:
                text = _(
                    "not allowed (the panel says why): change the choice or cancel (right click)"
                )
            hint.set_text(scene.names.say(text))
        enabled = {
            "confirm": ui.staged() is not None and legal and not ai_turn,
            "cancel": ui.mode not in (Mode.IDLE, Mode.OVER) and not ai_turn,
            "pass": prompt is not None and prompt.can_pass,
            "fire": self.command_acts("fire"),
            "attack": self.command_acts("attack"),
            "cast": ui.cast_possible() and not ai_turn,
            "undo": scene.can_undo(),
            "end_phase": not ai_turn and not scene.game.over,
        }
        self._show_cast_now(*cast_now)
        for key_name in ("ai_pause", "ai_speed"):
            button = scene.widgets.get(key_name)
            if isinstance(button, UIButton):
                button.set_text(scene.strip.button_text(key_name))
        for name, on in enabled.items():
            button = scene.widgets.get(name)
            if isinstance(button, UIButton):
                if on:
                    button.enable()  # type: ignore[no-untyped-call]
                else:
                    button.disable()  # type: ignore[no-untyped-call]

    def _show_cast_now(self, shown: bool, waiting: bool) -> None:
        button = self.scene.widgets.get("cast_now")
        if not isinstance(button, UIButton):
            return
        if not shown:
            button.hide()  # type: ignore[no-untyped-call]
            return
        button.set_text(_(CAST_WAITING_TEXT if waiting else CAST_NOW_TEXT))
        button.show()  # type: ignore[no-untyped-call]

    def hint_says(self, text: str) -> None:
        """Show `text` on the hint line until the controls next change."""
        hint = self.scene.widgets.get("hint")
        if isinstance(hint, UILabel):
            hint.set_text(text)

    def command_acts(self, name: str) -> bool:
        """Would the Fire / Attack button do something now? (Else it is disabled and its
        key says why.)"""
        game = self.scene.game
        if game.over or self.scene.ai_turn():
            return False
        decision = game.state.pending[0] if game.state.pending else None
        if decision is not None:
            return name == "fire" and decision.kind in FIRE_DECISIONS
        return {"fire": "Fire", "attack": "Attack"}[name] in game.phase.actions

    def why_not(self, name: str) -> str:
        """Why the Fire / Attack key does nothing now (the hint and message line say it)."""
        scene = self.scene
        game = scene.game
        if game.over:
            return _("the game is over")
        if scene.ai_turn():
            return scene.strip.busy_text()
        command = pgettext("button", dict(ACTION_BUTTONS)[name])
        if game.state.pending:
            return _("{command} is not possible now: {side} must decide first").format(
                command=command, side=side_name(game.to_act())
            )
        return _("{command} is not possible in {phase}").format(
            command=command, phase=phase_title(game)
        )


def key_of(prompt: Prompt | None) -> tuple[object, ...] | None:
    """What identifies a prompt on the screen (its buttons are built again when it
    changes)."""
    if prompt is None:
        return None
    return (prompt.kind, prompt.side, prompt.question, tuple(c.label for c in prompt.choices))
