"""The game screen's side panel: the acting buttons (Fire, Attack, Magic, Confirm,
Cancel, Pass), the box under them (the hex under the mouse, or the card of the staged
or hovered action), and the pending question with one button per answer (in pages
when they outnumber the room). It follows the controller: `refresh_controls` after
every input, `refresh_info` every frame, both cheap when nothing changed.

Nothing in it is cut off (issue 45 §3): the panel widens with the window
(`side_width`), the card is drawn whole and scrolls in its box when taller, and the
hex description is a text box that scrolls."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIImage, UILabel, UIScrollingContainer, UITextBox

from dragonnoir.engine.actions import Advance, Retreat
from dragonnoir.i18n import N_, NP_, _, pgettext
from dragonnoir.ui.buttons import set_enabled
from dragonnoir.ui.controller_views import Choice, Mode, Prompt
from dragonnoir.ui.game_screen.spell_windows import CAST_NOW_TEXT, CAST_WAITING_TEXT
from dragonnoir.ui.game_screen.texts import path_words, phase_title
from dragonnoir.ui.game_screen.top_bar import BAR_H, shortened
from dragonnoir.ui.preview_card import Card, card_for, draw_card
from dragonnoir.ui.tools.firing import FIRE_DECISIONS
from dragonnoir.ui.words import side_name

if TYPE_CHECKING:
    from dragonnoir.ui.game_scene import GameScene

#: The side panel's width at the smallest window (1024 wide); wider windows give it a
#: share of their width (`side_width`), up to `SIDE_W_MAX`.
SIDE_W = 380
SIDE_W_MAX = 560
#: The share of the window's width the side panel takes in a wide window.
SIDE_SHARE = 0.27
#: The width pygame_gui's scroll bar takes from a scrolling box.
SCROLL_BAR_W = 20
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


def side_width(window_w: int) -> int:
    """The side panel's width in a window `window_w` wide: 380 at 1280 and below, a
    share of a wider window (about 520 at 1920), never more than `SIDE_W_MAX`. The
    French texts and a shot's reasons need the room; the map keeps most of it."""
    return max(SIDE_W, min(SIDE_W_MAX, round(window_w * SIDE_SHARE)))


#: A retreat's and an advance's answer, its places named (`texts.path_words`).
MOVES_TO = {
    "retreat": N_("{unit} retreats to {places}"),
    "advance": N_("{unit} advances to {places}"),
}


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
        side_w = side_width(w)
        sx = w - side_w
        bw = (side_w - 8 - 4 * (len(ACTION_BUTTONS) - 1)) // len(ACTION_BUTTONS)
        for i, (key, text) in enumerate(ACTION_BUTTONS):
            rect = pygame.Rect(sx + 4 + i * (bw + 4), BAR_H + 4, bw, ACTIONS_H - 8)
            widgets[key] = UIButton(rect, pgettext("button", text), m, container=root)
        y = BAR_H + ACTIONS_H
        info = pygame.Rect(sx, y, side_w, self.info_height(scene.shown_prompt() is not None))
        widgets["hover"] = UITextBox("", info, m, container=root)
        # the card scrolls in its box when it is taller (a combat with many shifts)
        frame = UIScrollingContainer(info, m, container=root, allow_scroll_x=False)
        card = UIImage(
            pygame.Rect((0, 0), info.size), pygame.Surface(info.size), m, container=frame
        )
        frame.hide()
        widgets["card_frame"] = frame
        widgets["card"] = card
        y += info.h
        return self._build_prompt(root, sx, y, h, side_w)

    def forget(self) -> None:
        """The widgets were built again: the box and the buttons are set anew."""
        self._info_key = None
        self._controls_key = None

    def info_height(self, asking: bool = False) -> int:
        """The side panel's hex / preview box: taller in a taller window (a shot or an
        attack preview is a dozen lines, a combat's chances half a dozen more), less
        tall while a question is `asking` (its answers need the room); the log keeps the
        rest. What does not fit scrolls."""
        room = self.scene.app.size[1] - BAR_H - ACTIONS_H
        share = 2 / 5 if asking else 11 / 20
        return max(HOVER_H, min(560, round(room * share)))

    def _build_prompt(self, root: UIContainer, x: int, y: int, h: int, side_w: int) -> int:
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
        # the whole question (a deployment's instructions run to five lines), up to a
        # third of the room below; a longer one scrolls
        box = UITextBox(question, pygame.Rect(x, y, side_w, -1), m, container=root)
        tall = min(box.rect.h, max(64, (h - y) // 3))
        if tall < box.rect.h:
            box.set_dimensions((side_w, tall))
        scene.widgets["question"] = box
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
            label = self.choice_words(choice)
            scene.widgets[f"choice_{i}"] = UIButton(
                pygame.Rect(x + 4, y, side_w - 8, CHOICE_H - 3),
                fitted(label, m, side_w - 20),
                m,
                container=root,
                tool_tip_text=label,
            )
            y += CHOICE_H
        if pages > 1:
            scene.widgets["choice_more"] = UIButton(
                pygame.Rect(x + 4, y, side_w - 8, CHOICE_H - 3),
                _("more ({page}/{pages}): the next {n} answers").format(
                    page=page + 1, pages=pages, n=min(per, len(choices))
                ),
                m,
                container=root,
            )
            y += CHOICE_H
        return y + 4

    def choice_words(self, choice: Choice) -> str:
        """An answer's button: the controller's words, but a retreat or an advance names
        its places as the hover panel does (`Zed retreats to (11,5) water, by (12,5)
        cave floor`), never a list of cells."""
        scene = self.scene
        names = scene.names
        action = choice.action
        if isinstance(action, Retreat | Advance) and action.path:
            where = path_words(scene.game, names, tuple(action.path))
            goes = MOVES_TO["retreat" if isinstance(action, Retreat) else "advance"]
            return _(goes).format(unit=names.full(action.unit), places=where)
        return names.say(choice.label)

    # -- following the controller ------------------------------------------------------------

    def refresh_info(self) -> None:
        """The box: the staged or hovered action's card, else the hex under the mouse;
        set again only when one of them changed."""
        scene = self.scene
        box = scene.widgets.get("hover")
        image = scene.widgets.get("card")
        frame = scene.widgets.get("card_frame")
        if not (
            isinstance(box, UITextBox)
            and isinstance(image, UIImage)
            and isinstance(frame, UIScrollingContainer)
        ):
            return
        game = scene.game
        preview = scene.controller.preview()
        hover = scene.hovered
        mover = scene.controller.overlays().unit  # the hex's cost is the mover's
        key = (hover, id(preview), id(game.state), len(game.history), mover)
        if key == self._info_key:
            return
        self._info_key = key
        if preview is None:
            self.card = None
            box.set_text(scene.hover_html(hover))
            box.show()  # type: ignore[no-untyped-call]
            frame.hide()
            return
        self.card = card_for(preview, scene.names)
        show_card(frame, image, self.card, box.rect.size)
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
            hint.set_text(shortened(hint, scene.names.say(text)))
        enabled = {
            "confirm": ui.staged() is not None and legal and not ai_turn,
            "cancel": ui.mode not in (Mode.IDLE, Mode.OVER) and not ai_turn,
            "pass": prompt is not None and prompt.can_pass,
            "fire": self.command_acts("fire"),
            "attack": self.command_acts("attack"),
            "cast": ui.cast_possible() and not ai_turn,
            "undo": scene.can_undo(),
            "save": scene.can_save(),
            "end_phase": not ai_turn and not scene.game.over,
        }
        self._show_cast_now(*cast_now)
        for key_name in ("ai_pause", "ai_speed"):
            button = scene.widgets.get(key_name)
            if isinstance(button, UIButton):
                button.set_text(scene.strip.button_text(key_name))
        for name, on in enabled.items():
            set_enabled(scene.widgets.get(name), on)

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
            hint.set_text(shortened(hint, text))

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


def show_card(
    frame: UIScrollingContainer, image: UIImage, card: Card, size: tuple[int, int]
) -> None:
    """The card, whole, in its scrolling box of `size`: narrower by the scroll bar when
    it is taller than the box, and scrolled back to its top."""
    w, h = size
    surf = draw_card(card, (w, h))
    if surf.get_height() > h:
        surf = draw_card(card, (w - SCROLL_BAR_W, h))
    image.set_dimensions(surf.get_size())
    image.set_image(surf)
    frame.set_scrollable_area_dimensions(surf.get_size())
    if frame.vert_scroll_bar is not None:
        frame.vert_scroll_bar.set_scroll_from_start_percentage(0.0)
    frame.show()


def fitted(text: str, manager: object, room: int) -> str:
    """`text` as a button of `room` pixels shows it: whole, or cut at a word with "…"
    (the button's tool tip says all of it)."""
    font = manager.get_theme().get_font(["button"])  # type: ignore[attr-defined]
    if font.size(text)[0] <= room:
        return text
    words = text.split()
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > room:
        words.pop()
    return " ".join(words) + "…"


def key_of(prompt: Prompt | None) -> tuple[object, ...] | None:
    """What identifies a prompt on the screen (its buttons are built again when it
    changes)."""
    if prompt is None:
        return None
    return (prompt.kind, prompt.side, prompt.question, tuple(c.label for c in prompt.choices))
