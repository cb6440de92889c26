"""The game screen: the map with its counters, the phase bar, the hover and log panels,
save / load / undo / autosave, the quit prompt and the hotseat hand-over screen.

Input is a small state machine: `scene.mode` is an `InputMode` that sees map events
first. `PlayMode` is the acting mode: it hands clicks on the map to the pygame-free
`ui.controller.Controller` (`click_hex`; a click on a counter is a click on its hex),
the mouse position to `hover_hex`, and the acting keys and buttons (Enter, Esc, F, A, R,
P; Fire / Attack / Confirm / Cancel / Pass) to `command`; the prompt panel's buttons
(one per `prompt().choices`) to `choose`. The controller applies actions through
`Game.explain` / `Game.apply`; after it made one, `changed()` brings the panels, the
autosave and the hand-over screen up to date. End phase and Undo go through
`scene.apply` / `scene.undo`, which the controller notices by itself.

What is drawn for the controller: `overlays()` over the map (`ui.overlays`), the staged
or hovered `preview().lines()` in the side panel instead of the hex description,
`message()` on the message line (a refusal in a warning colour, with its rule), `hint()`
under the phase line. Counters are drawn through `visible_to` for the side to act.
`HandOverMode` covers the whole window: while it is the mode nothing of the game is
drawn (`board_drawn` stays False, the panels are destroyed).
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel, UITextBox

from dragonnoir.ai.agent import make_agent
from dragonnoir.engine.actions import Action, EndPhase, Pass
from dragonnoir.engine.events import (
    DecisionPassed,
    DecisionRequested,
    DieRolled,
    Event,
    PhaseBegan,
    Revealed,
    TurnBegan,
)
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import SEQUENCE, phase
from dragonnoir.engine.rules import fire, magic
from dragonnoir.engine.rules.movement import budget_of
from dragonnoir.engine.rules.steps import ground_level
from dragonnoir.engine.save import save_game
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile_of
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.los import MAX_RANGE
from dragonnoir.render import fonts
from dragonnoir.render.accessories import draw_accessories
from dragonnoir.safe_write import WriteError
from dragonnoir.ui import keymap
from dragonnoir.ui.ai_driver import (
    HUMAN,
    SPEEDS,
    AgentMaker,
    AIDriver,
    AIError,
    AIMove,
    game_kind,
    intent_shown,
    move_beats,
    players_of,
)
from dragonnoir.ui.app import App, BackTo, Quit, Reset, Result, Scene
from dragonnoir.ui.controller import FIRE_DECISIONS, Controller, Message, Mode, Prompt
from dragonnoir.ui.end_screen import EndScreen, GameResult, game_result
from dragonnoir.ui.interphase_show import Beat, InterphaseShow, beats_of
from dragonnoir.ui.keymap import CONTROLLER_COMMANDS, Command
from dragonnoir.ui.library import new_save_path
from dragonnoir.ui.map_view import MapControl, draw_key_help
from dragonnoir.ui.names import Names, names_of
from dragonnoir.ui.overlays import OverlayPainter
from dragonnoir.ui.pieces import _counter_art, _draw_placeholders, _walkways
from dragonnoir.ui.preview_card import Card, card_for, draw_card
from dragonnoir.ui.storage import autosave_path, view_path, write_view
from dragonnoir.ui.visibility import has_secrets, readable_log

BAR_H = 52
SIDE_W = 380
ACTIONS_H = 38
HOVER_H = 240
MESSAGE_H = 28
MESSAGE_SECONDS = 8.0
CHOICE_H = 30
#: The acting buttons above the side panel: (key = controller command, text).
ACTION_BUTTONS = (
    ("fire", "Fire"),
    ("attack", "Attack"),
    ("cast", "Magic"),
    ("confirm", "Confirm"),
    ("cancel", "Cancel"),
    ("pass", "Pass"),
)
#: The quiet control over the map in the Krob turn (`request_cast`), and its text
#: once pressed, until the next spell window.
CAST_NOW_TEXT = "Cast now (M)"
CAST_WAITING_TEXT = "Stopping to cast..."
CAST_NOW_W = 160
#: A click that moved the mouse less than this (pixels) is a click, not a drag.
CLICK_SLOP = 6
#: The spell counters that change the map, as the hover panel names them.
MAP_SPELL_COUNTERS = {
    AccessoryKind.DEMOLISHED_WALL: "a wall brought down",
    AccessoryKind.BRIDGE: "a bridge over the water",
    AccessoryKind.GALLERY: "a gallery through the rock",
}
MESSAGE_COLOUR = (255, 217, 138)
WARNING_COLOUR = (255, 118, 86)
#: The mark of a game that went on from a save's position its actions did not lead to
#: (engine/unverified.py): on the map's corner, and under the map when it opens.
UNVERIFIED_BADGE = "Unverified game"
UNVERIFIED_SAID = "Unverified game: it went on from a save that did not check out."


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
            near = pressed is not None and (
                abs(pos[0] - pressed[0]) + abs(pos[1] - pressed[1]) <= CLICK_SLOP
            )
            end = scene.hex_at(pos)
            if near or end is None:
                scene.click_map(pos, "left")
            else:
                scene.after_controller(scene.controller.drag_place(start, end))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pos = (int(event.pos[0]), int(event.pos[1]))
            pressed, self.pressed = self.pressed, None
            scene.map.handle(event)  # end the drag
            near = pressed is not None and (
                abs(pos[0] - pressed[0]) + abs(pos[1] - pressed[1]) <= CLICK_SLOP
            )
            if near and vp.collidepoint(pos):
                scene.click_map(pos, "left")
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            pos = (int(event.pos[0]), int(event.pos[1]))
            if vp.collidepoint(pos):
                scene.click_map(pos, "right")
                return True
        return False

    def hint(self, scene: GameScene) -> str:
        return scene.controller.hint()


#: The name earlier steps used for the mode without a hand-over screen.
IdleMode = PlayMode


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


def side_name(side: Side | None) -> str:
    return {Side.ADVENTURERS: "Adventurers", Side.KROBS: "Krobs", Side.GHARVS: "Gharvs"}.get(
        side,  # type: ignore[arg-type]
        "nobody",
    )


def has_hidden_information(game: Game) -> bool:
    """Does the position hide anything from one player (face-down or secret accessories,
    hidden units, characters underground, unrevealed objectives, secret log entries)?
    Then the screen hands over behind a blank screen whatever the setting."""
    return has_secrets(game)


class GameHooks(Protocol):
    """Where a game that belongs to something larger (a campaign: ui/campaign_scene.py)
    is saved: a campaign game does not replay from its scenario file alone. Without
    hooks a game autosaves to the autosave file and saves under a new name."""

    def autosave(self, game: Game) -> None: ...

    def save(self, game: Game) -> Path: ...


class GameScene(Scene):
    title = "Game"

    def __init__(
        self,
        app: App,
        game: Game,
        *,
        save_path: Path | None = None,
        new: bool = False,
        restore_view: bool = False,
        on_game_over: Callable[[Game, GameResult], Result] | None = None,
        hooks: GameHooks | None = None,
        agents: AgentMaker | None = None,
        back_to: Scene | None = None,
    ) -> None:
        super().__init__(app)
        self.game = game
        #: Where leaving the game goes (the map editor, for its test game); None: the
        #: main menu.
        self.back_to = back_to
        #: Who plays each seat (`game.players`, from the picker or the save) and the
        #: AI seats' driver (None: hotseat). `agents` makes the agents (tests).
        self.players, player_problems = players_of(game)
        self.ai: AIDriver | None = None
        if game_kind(self.players) != "hotseat":
            self.ai = AIDriver(game, self.players, agents or make_agent, wake=_post_ai_ready)
            self.ai.set_speed(app.settings.ai_speed)
        #: The one side a person plays against the AI (None: hotseat, or watching).
        self.human: Side | None = None
        if game_kind(self.players) == "solo":
            self.human = next(s for s, p in self.players.items() if p == HUMAN)
        #: History lengths before each of the person's actions (a solo game's undo
        #: goes back to the last of them, the AI's reply included).
        self.human_marks: list[int] = []
        #: Where the game is saved when it belongs to a campaign (None: the autosave
        #: file and new save names).
        self.hooks = hooks
        #: What comes after this game (a campaign's next step): the end screen's first
        #: button calls it with the game and its result; None: "Play again".
        self.on_game_over = on_game_over
        #: Whether the end screen was shown (a game loaded finished shows the board).
        self.end_shown = game.over
        #: Reveals being shown: [hex, seconds left] (a flip and a flash on the hex).
        self.flashes: list[Flash] = []
        self._reveals_seen = len(game.log)
        self.save_path = save_path
        #: Progress since the last save or load (the quit prompt asks about it): the
        #: history differs from the one last saved or loaded. A new game in which
        #: nothing was done has nothing to lose.
        self.unsaved = False
        self._saved_history: list[Action] = list(game.history)
        self.mode: InputMode = PlayMode()
        #: The acting logic (no pygame): hotseat, the eyes of the side to act; solo,
        #: the person's eyes only; watching the AI play itself, everything.
        if self.ai is None:
            self.controller = Controller(game, follow_to_act=True)
        else:
            self.controller = Controller(game, viewer_side=self.human)
        self.painter = OverlayPainter()
        #: Which page of the prompt's answers is shown (when they outnumber the room).
        self._choice_page = 0
        #: The Gharv interphases shown beat by beat (ui/interphase_show.py).
        self.interphase = InterphaseShow()
        #: The beat the map last turned to (`follow_beat`).
        self._followed: Beat | None = None
        self._shown_log = len(game.log)
        self._shown_message: Message | None = None
        self.message_refused = False
        self._prompt_key: tuple[object, ...] | None = None
        self._info_key: tuple[object, ...] | None = None
        self._controls_key: tuple[object, ...] | None = None
        self.show_help = False
        #: Whether the last frame drew the board (False behind the hand-over screen).
        self.board_drawn = False
        self.message_text = ""
        self.message_left = 0.0
        s = app.settings
        self.map = MapControl(
            game.board,
            self.map_rect(),
            keymap.PAN_KEYS,
            pan_speed=s.scroll_speed,
            zoom_speed=s.zoom_speed * (s.animation_speed if s.animation_speed > 0 else 0),
        )
        self.map.view.show_seams = False
        if not (restore_view and self.restore_view()):
            self.frame_on_action()
        self._last_side = game.to_act()
        #: Undo never goes back past this many actions of the history: the last hand-over
        #: (the side to act changed) — one player never takes back the other's moves.
        self.undo_floor = len(game.history)
        #: The preview card shown in the side panel (None: the hex description).
        self.card: Card | None = None
        self._marks_key: tuple[int, int] | None = None
        self._marks: dict[str, str] = {}
        self._autosaved: tuple[int, str] | None = None
        #: Why the last autosave failed (said once, in the log, until one works again).
        self._autosave_problem: str | None = None
        self._hover: Hex | None = None
        self._log_len = 0
        #: Whose log the panel shows (the viewer when it was last filled).
        self._log_viewer: Side | None = self.controller.viewer
        #: The log panel's lines (HTML): the events of `game.log` (phases that played
        #: themselves with nothing in them left out) and the client's notes.
        self.log_lines: list[str] = []
        self._held_line: str | None = None
        #: Client notes in the log: a line instead of event i (a passed phase), lines
        #: after event i (no defensive fire possible).
        self.log_replace: dict[int, str] = {}
        self.log_after: dict[int, list[str]] = {}
        self._defensive_noted: set[int] = set()
        #: Log entries left out: the question and the pass of each spell window passed
        #: quietly (`pass_quietly`).
        self.log_hidden: set[int] = set()
        #: The person asked to cast in the Krob turn (M, Cast now): the next spell
        #: window waits for him with the spell book open (`tend_spell_window`).
        self.cast_requested = False
        #: (unit id, screen rect) of each counter drawn in the last frame, bottom first.
        self.unit_rects: list[tuple[str, pygame.Rect]] = []
        self.widgets: dict[str, object] = {}
        passed_windows = self.pass_hotseat_windows()
        if self.auto_pass() or passed_windows:
            self._last_side = game.to_act()
            if new:
                self._saved_history = list(game.history)  # passing by itself is not play
        self._known_len = len(game.history)
        self.note_defensive_fire()
        for problem in player_problems:
            self.note_in_log(f"Players: {problem}", colour="#ff9a6a")
        self.note_unverified()
        self.autosave()
        if self._handover_wanted() and self._last_side is not None:
            self.mode = HandOverMode(self._last_side)

    def frame_on_action(self) -> None:
        """Open on the counters (those the side to act sees) at a zoom where their names
        and numbers are legible, not on the whole map."""
        vis = self.controller.visibility()
        grid = self.map.view.grid
        seen = [
            u
            for u in self.game.state.units.values()
            if u.hex is not None and u.alive and vis.sees_unit(u)
        ]
        side = self.game.to_act()
        zone = self.controller.overlays().zone
        if "Deploy" in self.game.phase.actions and zone:
            # the deployment: the zone to fill and what the side already sees around it
            points = [grid.hex_centre(h) for h in zone]
            self.map.frame(points, focus=points, lowest=0.6)
            return
        self.map.frame(
            [grid.hex_centre(u.hex) for u in seen if u.hex is not None],
            focus=[grid.hex_centre(u.hex) for u in seen if u.hex is not None and u.side is side],
        )

    # -- layout ----------------------------------------------------------------------

    def map_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, BAR_H, max(1, w - SIDE_W), max(1, h - BAR_H - MESSAGE_H))

    def build(self, root: UIContainer) -> None:
        self.map.resize(self.map_rect())
        self.widgets = {}
        self._hover = None
        self._log_len = 0
        if isinstance(self.mode, HandOverMode):
            return  # nothing of the game while the board is hidden
        w, h = self.app.size
        m = self.manager
        bar = UIPanel(
            pygame.Rect(0, 0, w, BAR_H),
            manager=m,
            container=root,
            object_id=ObjectID(object_id="#phase_bar"),
        )
        buttons = (
            ("end_phase", "End phase", 100),
            ("undo", "Undo", 64),
            ("save", "Save", 64),
            ("load", "Load", 64),
            ("help", "Help", 60),
            ("menu", "Menu", 70),
        )
        x = w - 8 - sum(bw + 6 for _, _, bw in buttons)
        phase = UILabel(
            pygame.Rect(10, 2, x - 20, 26),
            "",
            m,
            container=bar,
            object_id=ObjectID(object_id="#phase_label"),
        )
        phase.set_text(fitting(phase, self.phase_texts()))
        self.widgets["phase"] = phase
        _theme_hint(m)
        self.widgets["hint"] = UILabel(
            pygame.Rect(10, 26, x - 20, 20),
            self.controller.hint(),
            m,
            container=bar,
            object_id=ObjectID(object_id="#hint_label"),
        )
        for key, text, bw in buttons:
            self.widgets[key] = UIButton(pygame.Rect(x, 7, bw, BAR_H - 18), text, m, container=bar)
            x += bw + 6
        sx = w - SIDE_W
        bw = (SIDE_W - 8 - 4 * (len(ACTION_BUTTONS) - 1)) // len(ACTION_BUTTONS)
        for i, (key, text) in enumerate(ACTION_BUTTONS):
            self.widgets[key] = UIButton(
                pygame.Rect(sx + 4 + i * (bw + 4), BAR_H + 4, bw, ACTIONS_H - 8), text, m,
                container=root,
            )  # fmt: skip
        vp = self.map_rect()
        cast_now = UIButton(
            pygame.Rect(vp.x + 8, vp.y + 8, CAST_NOW_W, 34),
            CAST_NOW_TEXT,
            m,
            container=root,
            tool_tip_text="In the Krob turn: stop at the next moment a wizard may cast (M)",
        )
        if not self.cast_now_shown():
            cast_now.hide()  # type: ignore[no-untyped-call]
        self.widgets["cast_now"] = cast_now
        y = BAR_H + ACTIONS_H
        info = pygame.Rect(sx, y, SIDE_W, self.info_height())
        self.widgets["hover"] = UITextBox("", info, m, container=root)
        card = UIImage(info, pygame.Surface(info.size), m, container=root)
        card.hide()  # type: ignore[no-untyped-call]
        self.widgets["card"] = card
        y += info.h
        y = self._build_prompt(root, sx, y, h)
        self.widgets["log"] = UITextBox(
            "", pygame.Rect(sx, y, SIDE_W, max(40, h - y)), m, container=root
        )
        if self.ai is not None:
            strip = self.ai_strip_rect()
            for key, rect in self.ai_button_rects(strip).items():
                self.widgets[key] = UIButton(rect, self.ai_button_text(key), m, container=root)
        self._info_key = None
        self._controls_key = None
        self.refresh()

    def info_height(self) -> int:
        """The side panel's hex / preview box: taller in a taller window (a shot or an
        attack preview is a dozen lines)."""
        h = self.app.size[1]
        return max(HOVER_H, min(440, (h - BAR_H - ACTIONS_H) // 2 - 40))

    def _build_prompt(self, root: UIContainer, x: int, y: int, h: int) -> int:
        """The decision's question and one button per choice; returns the next free y."""
        prompt = self.shown_prompt()
        self._prompt_key = self._key_of(prompt)
        if prompt is None:
            return y
        m = self.manager
        who = side_name(prompt.side)
        question = f"<b>{html.escape(who)}</b>: {html.escape(self.names.text(prompt.question))}"
        # room for the whole question (a deployment's instructions run to four lines)
        tall = max(64, min(130, 22 * -(-len(html.unescape(question)) // 44) + 14))
        self.widgets["question"] = UITextBox(
            question, pygame.Rect(x, y, SIDE_W, tall), m, container=root
        )
        y += tall
        room = max(2, (h - y - 90) // CHOICE_H)
        choices = prompt.choices
        # More answers than room (a spell book, many retreat paths): pages of them, a
        # "more" button turning the page; every answer stays reachable by a button.
        per = room if len(choices) <= room else room - 1
        pages = max(1, -(-len(choices) // per))
        page = self._choice_page % pages
        start = page * per
        for i, choice in enumerate(choices[start : start + per], start):
            label = self.names.text(choice.label)[:60]
            self.widgets[f"choice_{i}"] = UIButton(
                pygame.Rect(x + 4, y, SIDE_W - 8, CHOICE_H - 3), label, m, container=root
            )
            y += CHOICE_H
        if pages > 1:
            self.widgets["choice_more"] = UIButton(
                pygame.Rect(x + 4, y, SIDE_W - 8, CHOICE_H - 3),
                f"more ({page + 1}/{pages}): the next {min(per, len(choices))} answers",
                m,
                container=root,
            )
            y += CHOICE_H
        return y + 4

    @staticmethod
    def _key_of(prompt: Prompt | None) -> tuple[object, ...] | None:
        if prompt is None:
            return None
        return (prompt.kind, prompt.side, prompt.question, tuple(c.label for c in prompt.choices))

    # -- text of the panels -------------------------------------------------------------

    @property
    def names(self) -> Names:
        """Display names of this game's characters (players never read ids)."""
        return names_of(self.game)

    def phase_text(self) -> str:
        return self.phase_texts()[0]

    def phase_texts(self) -> list[str]:
        """The phase bar's words, the whole first, then shorter ones for a narrow window
        (`fitting`): what is cut is said elsewhere (the hint line, the log)."""
        game = self.game
        state = game.state
        if game.over:
            result = game_result(game)
            return [f"Game over: {result.headline} ({result.reason})", result.headline]
        limit = f"/{state.turn_limit}" if state.turn_limit else ""
        who = side_name(game.to_act())
        if game.phase not in SEQUENCE:  # the deployment before the first game turn
            whole = f"Before turn 1 · {game.phase.title} · {who} to act"
            return [whole, f"Before turn 1 · {game.phase.title}"]
        decision = " to decide" if state.pending else " to act"  # the hint says what
        turn = f"Turn {state.turn}{limit}"
        return [
            f"{turn} · {game.phase.title} · {who}{decision}",
            f"{turn} · {game.phase.title} · {who}",
            f"{turn} · {game.phase.title}",
        ]

    def hover_html(self, h: Hex | None) -> str:
        game = self.game
        if h is None or h not in game.board.cells:
            return "<i>Hover a hex: terrain, level, cover, movement cost and who is there.</i>"
        cell = game.board.cells[h]
        where = html.escape(game.where(h))
        terrain = game.rules.terrain.get(cell.terrain) if game.rules is not None else None
        lines = []
        if terrain is None:
            lines.append(f"<b>{where}</b> {html.escape(cell.terrain)}")
        else:
            cost = "impassable" if terrain.move_cost is None else f"{terrain.move_cost} MP"
            lines.append(f"<b>{where} {html.escape(terrain.name)}</b>")
            lines.append(f"movement cost {cost}, cover {terrain.cover.value}")
        ground = ground_level(game, h)
        level = f"level {ground:+g}" if ground else "level 0"
        if ground != cell.level:  # a bridge stands at its banks' level (docs/spells.md)
            level += f", over water at {cell.level:+g}"
        if cell.walkway:
            level += ", walkway deck at +1"
        lines.append(level)
        lines.extend(self.spell_counters_html(h))
        vis = self.controller.visibility()
        for unit in game.units_at(h):
            if vis.sees_unit(unit):
                lines.extend(self.unit_html(unit))
        return "<br>".join(lines)

    def spell_counters_html(self, h: Hex) -> list[str]:
        """The spell counters that change the map on `h`, in words: a wall brought down
        (and toward which hex), a bridge, a gallery ("Counters Linked to Magic Spells").
        The map under them still shows the rock, water or wall they undo."""
        game = self.game
        vis = self.controller.visibility()
        out = []
        for acc in game.state.accessories.values():
            if acc.kind not in MAP_SPELL_COUNTERS or h not in acc.hexes:
                continue
            if not acc.face_up or not vis.sees_accessory(acc):
                continue  # as the map draws them: the viewer's counters only
            spell_id = str(acc.properties.get("spell", ""))
            rules = game.rules
            spell = rules.spells.get(spell_id) if spell_id and rules is not None else None
            what = MAP_SPELL_COUNTERS[acc.kind]
            if acc.kind is AccessoryKind.DEMOLISHED_WALL:
                others = [game.where(o) for o in acc.hexes if o != h]
                if others:
                    what += " toward " + ", ".join(others)
            by = f" (spell: {spell.name})" if spell is not None else ""
            out.append(f"<font color='#d8c8a8'>{html.escape(what + by)}</font>")
        return out

    def unit_html(self, unit: Unit) -> list[str]:
        """A character in words: name, side and status; the numbers of his counter
        (attack, defence front / rear, movement and what is left of it this phase), his
        weapon, his wounds, and what he did this turn."""
        game = self.game
        colour = "#8fb4f0" if unit.side is Side.ADVENTURERS else "#f08f7a"
        status = unit.status.value.replace("_", " ")
        out = [
            f"<font color='{colour}'><b>{html.escape(self.names.of(unit))}</b></font> "
            f"({side_name(unit.side)}, {status})"
        ]
        roster = getattr(game.rules, "roster", None)
        if roster is None or roster.get(unit.kind) is None or not unit.alive:
            return out
        prof = profile_of(roster, unit)
        defence = f"defence {prof.defence}"
        if prof.defence_rear is not None:
            defence = f"defence {prof.defence} front, {prof.defence_rear} rear"
        if prof.armoured:
            defence += " (armoured)"
        move = f"movement {prof.movement}"
        if prof.movement_land is not None:
            move = f"movement {prof.movement} in water, {prof.movement_land} on land"
        if unit.side is game.phase.side and "Move" in game.phase.actions:
            move += f", {budget_of(game, unit)} left this phase"
        out.append(f"attack {prof.attack}, {defence}, {move}")
        if prof.weapon:
            out.append(
                f"weapon: {html.escape(self.names.weapon(prof.weapon))}, range {MAX_RANGE} hexes"
            )
        wounds = ""
        if unit.wounds or prof.wounds_to_kill > 1:
            had = "no wound" if not unit.wounds else f"{unit.wounds} wound{'s' * (unit.wounds > 1)}"
            wounds = f"{had}, {prof.wounds_to_kill} wounds kill"
        done = [w for w, flag in (("moved", unit.moved), ("fired", unit.fired)) if flag]
        if unit.attacked:
            done.append("attacked" if unit.attacked == 1 else f"attacked {unit.attacked} times")
        status_bits = [b for b in (wounds, " and ".join(done) + " this turn" if done else "") if b]
        if status_bits:
            out.append(", ".join(status_bits))
        return out

    def event_html(self, event: Event) -> str:
        text = html.escape(self.names.event(event))
        rule = getattr(event, "rule", "")
        cite = f" <font color='#8c7c64'><i>[{html.escape(rule)}]</i></font>" if rule else ""
        if isinstance(event, TurnBegan):
            return f"<b><font color='#e8c36a'>{text}</font></b>"
        if isinstance(event, PhaseBegan):
            return f"<font color='#c9a45a'>{text}</font>"
        if isinstance(event, DieRolled):
            return f"<font color='#9ad07a'>{text}</font>{cite}"
        return f"{text}{cite}"

    def refresh(self) -> None:
        """Bring the phase bar, the log and the buttons up to date with the game."""
        phase = self.widgets.get("phase")
        if isinstance(phase, UILabel):
            phase.set_text(fitting(phase, self.phase_texts()))
        self.refresh_controls()
        log = self.widgets.get("log")
        end = self._log_end()
        viewer = self.controller.viewer
        if viewer != self._log_viewer:
            self._log_viewer, self._log_len = viewer, 0  # other eyes: the log they may read
        if end < self._log_len or self._log_len == 0:
            self._held_line = None
            self.log_lines = self._log_html(0, end)
            if isinstance(log, UITextBox):
                log.set_text("<br>".join(self.log_lines))
        elif end > self._log_len:
            new = self._log_html(self._log_len, end)
            self.log_lines.extend(new)
            if isinstance(log, UITextBox) and new:
                log.append_html_text("<br>" + "<br>".join(new))
        self._log_len = end
        if isinstance(log, UITextBox) and log.scroll_bar is not None:
            log.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _log_end(self) -> int:
        """How much of the log is shown: all of it, but the question of a spell window
        about to pass quietly (`passes_quietly`) waits, and is left out if it passes."""
        log = self.game.log
        if self.passes_quietly():
            for i in range(len(log) - 1, -1, -1):
                if isinstance(log[i], DecisionRequested):
                    return i
        return len(log)

    def _log_html(self, start: int, end: int | None = None) -> list[str]:
        """The log lines of `game.log[start:]` the viewer may read (`Game.log_for`: a
        hidden Krob's steps are not in the Adventurers' log). A phase that plays itself
        (the Gharv interphases, the stand-up) is shown only when something happened in
        it; a phase passed by itself shows as one line; notes of the client follow
        their event, or, after an event the viewer may not read (a decision of the
        other side's), the last one he may read."""
        out: list[str] = []
        noted = start  # notes after events before this one are out
        for i, event in readable_log(self.game, self._log_viewer, start):
            if end is not None and i >= end:
                break
            for j in range(noted, i):
                out.extend(self.log_after.get(j, ()))
            noted = i + 1
            if i in self.log_hidden:
                continue
            line = self.log_replace.get(i) or self.event_html(event)
            if isinstance(event, PhaseBegan) and phase(event.phase).automatic:
                self._held_line = line  # shown if something happens in the phase
            elif isinstance(event, PhaseBegan | TurnBegan):
                self._held_line = None
                out.append(line)
            else:
                if self._held_line is not None:
                    out.append(self._held_line)
                    self._held_line = None
                out.append(line)
            out.extend(self.log_after.get(i, ()))
        for j in range(noted, len(self.game.log) if end is None else end):
            out.extend(self.log_after.get(j, ()))
        return out

    def auto_pass(self) -> bool:
        """Pass the phases in which the phasing side has nothing it may do (no archer
        with a target, no attack possible), one log line each — the setting
        `auto_pass`, on by default. Never a movement phase (a player may want to look),
        never a decision. True when a phase was passed."""
        game = self.game
        passed = False
        for _ in range(12):
            if not self.app.settings.auto_pass or game.over or game.state.pending:
                break
            ph = game.phase
            if ph.automatic or "EndPhase" not in ph.actions or {"Move", "Deploy"} & ph.actions:
                break  # a player may want to look at his moves or placement
            if any(a.kind != "EndPhase" for a in game.legal_actions()):
                break
            why = {"Fire": "no archer has a target", "Attack": "nobody can attack"}
            reason = next((why[k] for k in why if k in ph.actions), "nothing to do")
            at = max((i for i, e in enumerate(game.log) if isinstance(e, PhaseBegan)), default=-1)
            try:
                game.apply(EndPhase())
            except IllegalAction:
                break
            if at >= 0:
                self.log_replace[at] = (
                    f"<font color='#c9a45a'>{html.escape(ph.title)}: {reason}, passed.</font>"
                )
            passed = True
        if passed:
            self.undo_floor = len(game.history)  # nothing to take back in a passed phase
        return passed

    def note_defensive_fire(self) -> None:
        """Once when the Krob movement begins: say when no Adventurer can fire
        defensively this turn (every archer moved, or is in contact)."""
        game = self.game
        if game.state.phase != "krob_movement" or game.state.pending:
            return
        key = game.state.turn
        if key in self._defensive_noted:
            return
        self._defensive_noted.add(key)
        archers = [
            u for u in game.living_units(Side.ADVENTURERS) if fire.weapon_rate(game, u) is not None
        ]
        if not archers or any(
            fire.shooter_problem(game, u, fire.DEFENSIVE) is None for u in archers
        ):
            return
        text = "No defensive fire this turn: every archer moved or is in contact."
        at = max((i for i, e in enumerate(game.log) if isinstance(e, PhaseBegan)), default=-1)
        if at >= 0:
            self.log_after.setdefault(at, []).append(
                f"<i><font color='#b8a888'>{html.escape(text)}</font></i>"
            )
            self._log_len = 0  # rebuild the log with the note
        self.message(text)

    def note_unverified(self) -> None:
        """A game that went on from a save's position its actions did not lead to
        (engine/unverified.py) says so under the map when it opens, its log says where
        (`WentOnUnverified`), and a badge on the map keeps the mark (`unverified_badge`)."""
        if self.game.unverified is not None:
            self.message(UNVERIFIED_SAID, refused=True)

    @property
    def unverified_badge(self) -> str:
        """The mark drawn on the map's corner for as long as the game is played ("" for
        a verified game): the phase bar has no room left for it in a small window."""
        return UNVERIFIED_BADGE if self.game.unverified is not None else ""

    def _draw_unverified_badge(self, screen: pygame.Surface) -> None:
        if not self.unverified_badge:
            return
        img = fonts.ui_font(16, bold=True).render(self.unverified_badge, True, WARNING_COLOUR)
        vp = self.map.viewport
        box = img.get_rect(topright=(vp.right - 8, vp.top + 8)).inflate(14, 8)
        band = pygame.Surface(box.size, pygame.SRCALPHA)
        band.fill((20, 16, 12, 215))
        screen.blit(band, box.topleft)
        pygame.draw.rect(screen, WARNING_COLOUR, box, 1, border_radius=4)
        screen.blit(img, img.get_rect(center=box.center))

    def note_in_log(self, text: str, colour: str = "#b8a888") -> None:
        """A client note in the log panel after the events so far (it stays there,
        unlike the line under the map): the rules data a loaded game keeps, say."""
        at = len(self.game.log) - 1
        self.log_after.setdefault(at, []).append(
            f"<i><font color='{colour}'>{html.escape(text)}</font></i>"
        )
        self._log_len = 0  # rebuild the log with the note

    def message(self, text: str, *, refused: bool | None = None) -> None:
        """A line under the map (a refusal's reason, "saved", "nothing to undo"); a
        refusal (`refused`, or text starting "Not allowed") in the warning colour."""
        self.message_text = " ".join(text.split())
        self.message_left = MESSAGE_SECONDS
        self.message_refused = (
            refused if refused is not None else self.message_text.startswith("Not allowed")
        )

    # -- the controller ------------------------------------------------------------------

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        """The hex a click at screen `pos` means: the topmost counter under the mouse
        (its hex: a Guard or the Queen anywhere on the chit), else the hex there."""
        if not self.map.viewport.collidepoint(pos):
            return None
        units = self.game.state.units
        for uid, rect in reversed(self.unit_rects):
            unit = units.get(uid)
            if unit is not None and unit.alive and unit.hex is not None and rect.collidepoint(pos):
                return unit.hex
        return self.map.hex_at(pos)

    def deployable_at(self, pos: tuple[int, int]) -> Hex | None:
        """In a deployment phase, the hex of the acting side's placed character under
        `pos` (he may be dragged to another hex of the zone), else None."""
        if "Deploy" not in self.game.phase.actions or self.game.state.pending or self.ai_turn():
            return None
        h = self.hex_at(pos)
        if h is None:
            return None
        side = self.game.to_act()
        vis = self.controller.visibility()
        mine = [u for u in self.game.units_at(h) if u.side is side and vis.sees_unit(u)]
        return h if mine else None

    def click_map(self, pos: tuple[int, int], button: str = "left") -> list[Event] | None:
        h = self.hex_at(pos)
        if h is None:
            return None
        if self.ai_turn():
            if button == "left":
                self.message(self.ai_busy_text())
            return None
        return self.after_controller(self.controller.click_hex(h, button=button))

    def controller_command(self, name: str) -> list[Event] | None:
        if self.ai_turn():
            self.message(self.ai_busy_text(), refused=True)
            return None
        if name in ("fire", "attack") and not self.command_acts(name):
            why = self.why_not(name)
            self.message(f"Not allowed: {why}", refused=True)
            self._hint_says(why)
            return None
        if name == "end_phase":
            self.end_phase()
            return None
        if name == "undo":
            self.undo()
            return None
        return self.after_controller(self.controller.command(name))

    def choose(self, index: int) -> list[Event] | None:
        if self.ai_turn():
            return None
        return self.after_controller(self.controller.choose(index))

    def after_controller(self, events: list[Event] | None) -> list[Event] | None:
        """After a controller call: its message, and `changed()` if it made an action."""
        msg = self.controller.message()
        fresh = msg is not None and msg is not self._shown_message
        if msg is not None and fresh:
            self._shown_message = msg
            self.message(self.names.text(str(msg)), refused=msg.refused)
        if events:
            self.changed()
        else:
            self.refresh_controls()
            if msg is not None and fresh and msg.refused:
                self._hint_says(self.names.text(msg.text))  # a key that did nothing: why
        return events

    def _hint_says(self, text: str) -> None:
        """Show `text` on the hint line until the controls next change."""
        hint = self.widgets.get("hint")
        if isinstance(hint, UILabel):
            hint.set_text(text)

    def refresh_controls(self) -> None:
        """The hint line, the acting buttons and the prompt panel after the controller's
        state changed (cheap when nothing did)."""
        if self.handover_showing or not self.widgets:
            return
        ui = self.controller
        prompt = self.shown_prompt()
        if self._key_of(prompt) != self._prompt_key:
            self._prompt_key = self._key_of(prompt)
            self._choice_page = 0  # a new question starts on its first page
            if self.root is not None:
                self.rebuild()
                return
        preview = ui.preview()
        legal = preview is None or preview.legal
        ai_turn = self.ai_turn()
        cast_now = (self.cast_now_shown(), self.cast_requested)
        key = (
            ui.mode, ui.staged(), legal, self._prompt_key, ui.hint(), self.can_undo(), ai_turn,
            self.ai_state(), cast_now,
        )  # fmt: skip
        if key == self._controls_key:
            return
        self._controls_key = key
        hint = self.widgets.get("hint")
        if isinstance(hint, UILabel):
            text = ui.hint()
            if ai_turn:
                text = self.ai_hint()
            elif ui.staged() is not None and not legal:
                text = "not allowed (the panel says why): change the choice or cancel (right click)"
            hint.set_text(self.names.text(text))
        enabled = {
            "confirm": ui.staged() is not None and legal and not ai_turn,
            "cancel": ui.mode not in (Mode.IDLE, Mode.OVER) and not ai_turn,
            "pass": prompt is not None and prompt.can_pass,
            "fire": self.command_acts("fire"),
            "attack": self.command_acts("attack"),
            "cast": self.controller.cast_possible() and not ai_turn,
            "undo": self.can_undo(),
            "end_phase": not ai_turn and not self.game.over,
        }
        self._show_cast_now(*cast_now)
        for key_name in ("ai_pause", "ai_speed"):
            button = self.widgets.get(key_name)
            if isinstance(button, UIButton):
                button.set_text(self.ai_button_text(key_name))
        for name, on in enabled.items():
            button = self.widgets.get(name)
            if isinstance(button, UIButton):
                if on:
                    button.enable()  # type: ignore[no-untyped-call]
                else:
                    button.disable()  # type: ignore[no-untyped-call]

    def _show_cast_now(self, shown: bool, waiting: bool) -> None:
        button = self.widgets.get("cast_now")
        if not isinstance(button, UIButton):
            return
        if not shown:
            button.hide()  # type: ignore[no-untyped-call]
            return
        button.set_text(CAST_WAITING_TEXT if waiting else CAST_NOW_TEXT)
        button.show()  # type: ignore[no-untyped-call]

    def command_acts(self, name: str) -> bool:
        """Would the Fire / Attack button do something now? (Else it is disabled and its
        key says why.)"""
        game = self.game
        if game.over or self.ai_turn():
            return False
        decision = game.state.pending[0] if game.state.pending else None
        if decision is not None:
            return name == "fire" and decision.kind in FIRE_DECISIONS
        return {"fire": "Fire", "attack": "Attack"}[name] in game.phase.actions

    def why_not(self, name: str) -> str:
        """Why the Fire / Attack key does nothing now (the hint and message line say it)."""
        game = self.game
        if game.over:
            return "the game is over"
        if self.ai_turn():
            return self.ai_busy_text()
        if game.state.pending:
            return f"{name} is not possible now: {side_name(game.to_act())} must decide first"
        return f"{name} is not possible in {game.phase.title}"

    # -- the one door to the engine ------------------------------------------------------

    def apply(self, action: Action) -> list[Event] | None:
        """Apply `action`; on refusal show the engine's reason and return None."""
        verdict = self.game.explain(action)
        if not verdict.legal:
            self.message(f"Not allowed: {self.names.text(str(verdict))}")
            return None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:  # the verdict changed between explain and apply
            self.message(f"Not allowed: {self.names.text(str(exc))}")
            return None
        self.changed()
        return events

    def end_phase(self) -> None:
        if self.ai_turn():
            self.message(self.ai_busy_text(), refused=True)
            return
        self.apply(EndPhase())

    def can_undo(self) -> bool:
        """Undo takes back only the acting player's own actions since the last hand-over,
        and never a die roll or a reveal (`Game.undo`). Against the AI: the person's
        last action and everything after it (the AI's reply), when no die was rolled
        and nothing revealed since."""
        if self.ai is not None:
            steps = self._solo_undo_steps()
            return steps is not None and steps <= self.game.undo_depth
        return self.game.can_undo() and len(self.game.history) > self.undo_floor

    def _solo_undo_steps(self) -> int | None:
        """How many actions take the game back to before the person's last action
        (None: he has none to take back since the game was started or loaded)."""
        marks = [m for m in self.human_marks if m < len(self.game.history)]
        if self.human is None or not marks:
            return None
        return len(self.game.history) - marks[-1]

    def undo(self) -> None:
        if self.ai is not None:
            self.undo_against_ai()
            return
        if len(self.game.history) <= self.undo_floor and self.game.can_undo():
            self.message(
                "Nothing to undo: undo stops where the other player handed over to you.",
                refused=True,
            )
            return
        if not self.game.undo():
            self.message("Nothing to undo: undo stops at the last die roll or reveal.")
            return
        self.message("Undone.")
        self.changed()

    def undo_against_ai(self) -> None:
        """Take back the person's last action and the AI's reply after it, so that he is
        back at his own decision; refused (and said why) when a die was rolled or
        something revealed since, as any undo."""
        assert self.ai is not None
        if self.human is None:
            self.message("Nothing to undo: the AI plays both sides.", refused=True)
            return
        steps = self._solo_undo_steps()
        if steps is None:
            self.message(
                "Nothing to undo: you have made no move since the game was started or loaded.",
                refused=True,
            )
            return
        if steps > self.game.undo_depth:
            self.message(
                "Cannot undo: a die was rolled or something revealed since your last action "
                "(the AI's reply included); undo stops at the last die roll or reveal.",
                refused=True,
            )
            return
        self.ai.drop()
        for _ in range(steps):
            self.game.undo()
        self.human_marks = [m for m in self.human_marks if m < len(self.game.history)]
        self.ai.restart(self.game)
        theirs = steps - 1
        reply = f" and the AI's {theirs} action{'s' * (theirs != 1)} after it" if theirs else ""
        self.message(f"Undone: your last action{reply}.")
        self.interphase.skip()
        self.changed()

    def changed(self) -> None:
        """After every change of the game: phases with nothing to do passed, panels,
        autosave, hand-over."""
        n = len(self.game.history)
        if self.ai is not None and n > self._known_len and self._last_side is self.human:
            self.human_marks.append(self._known_len)  # the person's action: undo's mark
        self.auto_pass()
        self._known_len = len(self.game.history)
        if self.pass_hotseat_windows():
            self.auto_pass()
            self._known_len = len(self.game.history)
        self.show_interphases()
        self.note_reveals()
        self.note_defensive_fire()
        self._forget_notes()
        self.unsaved = self.game.history != self._saved_history
        key = (self.game.state.turn, self.game.state.phase)
        if key != self._autosaved:
            self.autosave()
        side = self.game.to_act()
        if side != self._last_side:
            self.undo_floor = len(self.game.history)  # a hand-over: undo stops here
        if side is not None and side != self._last_side and self._handover_wanted():
            self._last_side = side
            self.start_handover(side)
            return
        self._last_side = side
        self.refresh()

    def show_interphases(self) -> None:
        """Start showing what the Gharvs did in the events since the last look, at the
        animation speed (nothing when it is 0, or after an undo or a load)."""
        log = self.game.log
        if len(log) < self._shown_log:
            self._shown_log = len(log)
            return
        new = [e for _, e in readable_log(self.game, self.controller.viewer, self._shown_log)]
        self._shown_log = len(log)
        beats = beats_of(self.game, new, self.names.full)
        if beats:
            self.interphase.start(beats, self.app.settings.animation_speed)

    def note_reveals(self) -> None:
        """Start a flip-and-flash on each hex where something was revealed to the viewer
        since the last look (the log says what)."""
        log = self.game.log
        if len(log) < self._reveals_seen:
            self._reveals_seen = len(log)  # an undo: nothing new
            return
        new = readable_log(self.game, self.controller.viewer, self._reveals_seen)
        self._reveals_seen = len(log)
        if self.app.settings.animation_speed <= 0:
            return
        for _, event in new:
            if isinstance(event, Revealed) and event.at is not None:
                self.flashes.append(Flash(event.at, REVEAL_SECONDS))

    def draw_flashes(self, screen: pygame.Surface) -> None:
        """A reveal: a bright chit turning over on the hex (its width follows a cosine),
        then a ring spreading out and fading."""
        if not self.flashes:
            return
        clip = screen.get_clip()
        screen.set_clip(self.map.viewport)
        z = self.map.camera.zoom
        try:
            for flash in self.flashes:
                h = flash.at
                t = 1.0 - flash.left / REVEAL_SECONDS
                cx, cy = self.map.screen_centre(h)
                size = self.map.view.grid.tile_width * z
                if t < 0.5:
                    w = max(2, round(size * 0.6 * abs(math.cos(t * 2 * math.pi))))
                    rect = pygame.Rect(0, 0, w, round(size * 0.6))
                    rect.center = (round(cx), round(cy))
                    pygame.draw.rect(screen, REVEAL_COLOUR, rect, border_radius=4)
                radius = size * (0.35 + 0.6 * t)
                pygame.draw.circle(screen, REVEAL_COLOUR, (cx, cy), radius, max(2, round(3 * z)))
                pygame.draw.polygon(
                    screen, REVEAL_COLOUR, self.map.screen_polygon(h), max(1, round(2 * z))
                )
        finally:
            screen.set_clip(clip)

    def _forget_notes(self) -> None:
        """Notes about events an undo took back."""
        n = len(self.game.log)
        for notes in (self.log_replace, self.log_after):
            for i in [i for i in notes if i >= n]:
                del notes[i]
        self.log_hidden = {i for i in self.log_hidden if i < n}

    # -- spell windows of the Krob turn ----------------------------------------------------
    # "The moment of casting the spell is freely decided by the Adventurer player"
    # ("Resolution of a Spell"): the engine opens a window at every moment of the Krob
    # turn he could say 'stop, I cast'. The screen does not ask at each one: with the
    # setting 'Only when I press M' a window passes quietly unless he asked to cast (M,
    # or the Cast now button over the map); against the AI it stays open while the
    # Krob's step is shown, so the button can be pressed in time.

    def spells_may_come(self) -> bool:
        """In the Krob turn, may the person (or, in hotseat, the Adventurer player) still
        cast: a wizard who has not cast, spells not declined? Then Cast now is shown."""
        game = self.game
        if game.over or not game.state.phase.startswith("krob"):
            return False
        if self.ai is not None and self.human is not Side.ADVENTURERS:
            return False
        return magic.any_cast_possible(game)

    def window_for_person(self) -> bool:
        """Is a spell window open now for a person to answer?"""
        return (
            not self.game.over
            and self.game.to_act() is Side.ADVENTURERS
            and not self.ai_turn()
            and self.controller.spell_window()
        )

    def cast_now_shown(self) -> bool:
        """Is the Cast now control over the map (a window open, or one may come)?"""
        return not self.handover_showing and (self.window_for_person() or self.spells_may_come())

    def request_cast(self) -> None:
        """M or Cast now: the spell book now when a spell may be cast, else the next
        window of the Krob turn waits for the person."""
        if self.controller.cast_possible() and not self.ai_turn():
            self.cast_requested = False
            self.controller_command("cast")
            return
        if self.spells_may_come():
            self.cast_requested = True
            self.message("Cast now: the game stops at the next moment a wizard may cast.")
            self.refresh_controls()
            return
        self.controller_command("cast")  # the controller says why not

    def tend_spell_window(self) -> bool:
        """At a window for a person: open the spell book when he asked to cast, pass it
        quietly when he did not and the setting says 'Only when I press M'. True when a
        window was passed."""
        if not self.window_for_person():
            return False
        if self.cast_requested:
            self.cast_requested = False
            self.controller_command("cast")  # the spell book; Pass still answers
            return False
        if self.app.settings.spell_every_window or self.controller.mode is not Mode.DECISION:
            return False  # asked at every window, or he is at it (the spell book is open)
        self.pass_quietly()
        return True

    def pass_hotseat_windows(self) -> bool:
        """Hotseat: the windows nobody asked for pass at once (nothing is being shown,
        the Krob player plays on, no hand-over). True when one was passed."""
        if self.ai is not None or not self.tend_spell_window():
            return False
        for _ in range(500):
            if not self.tend_spell_window():
                break
        return True

    def pass_quietly(self) -> None:
        """Pass the spell window: its question and its pass stay out of the log, and it
        is no move of the person's (undo against the AI goes past it)."""
        game = self.game
        asked = [i for i, e in enumerate(game.log) if isinstance(e, DecisionRequested)]
        start = len(game.log)
        game.apply(Pass())
        if asked:
            self.log_hidden.add(asked[-1])
        passed = range(start, len(game.log))
        self.log_hidden.update(i for i in passed if isinstance(game.log[i], DecisionPassed))
        self._known_len = len(game.history)

    # -- the AI ----------------------------------------------------------------------------

    def ai_turn(self) -> bool:
        """Is it an AI seat's turn (or decision) now? Then the person's acting input is
        refused (panning, zooming, the log, pause and speed still work)."""
        return self.ai is not None and not self.game.over and self.ai.plays(self.game.to_act())

    def ai_state(self) -> tuple[object, ...]:
        """What the AI controls show (the strip and buttons are redrawn when it changes)."""
        if self.ai is None:
            return ()
        return (self.ai.paused, self.ai.speed_text, self.ai.thinking)

    def shown_prompt(self) -> Prompt | None:
        """The decision's question and answers, unless it is the AI's to answer, or a
        spell window about to pass quietly (no prompt at every Krob step; the screen is
        not rebuilt under the person's hand as the Cast now button is pressed)."""
        if self.ai_turn() or self.passes_quietly():
            return None
        return self.controller.prompt()

    def passes_quietly(self) -> bool:
        """Is a spell window open that will pass without asking ('Only when I press M',
        and the person did not ask to cast)?"""
        return (
            not self.app.settings.spell_every_window
            and not self.cast_requested
            and self.controller.mode is Mode.DECISION
            and self.window_for_person()
        )

    def ai_name(self, side: Side | None) -> str:
        """ "Krobs (AI normal)"."""
        player = self.players.get(side, HUMAN) if side is not None else HUMAN
        level = player.split(":", 1)[-1]
        return f"{side_name(side)} (AI {level})"

    def ai_busy_text(self) -> str:
        side = self.game.to_act()
        paused = " (paused: Space resumes)" if self.ai is not None and self.ai.paused else ""
        return f"The {self.ai_name(side)} are playing{paused}: wait for your turn."

    def ai_hint(self) -> str:
        assert self.ai is not None
        who = self.ai_name(self.game.to_act())
        state = "paused" if self.ai.paused else "playing"
        return f"{who} {state} · Space: pause / resume · 1-4: speed ({self.ai.speed_text})"

    def ai_strip_rect(self) -> pygame.Rect:
        """The AI's strip at the bottom of the map: what it is doing, Pause, Speed."""
        vp = self.map_rect()
        width = min(vp.w - 16, 600)
        return pygame.Rect(vp.x + 8, vp.bottom - AI_STRIP_H - 8, width, AI_STRIP_H)

    def ai_button_rects(self, strip: pygame.Rect) -> dict[str, pygame.Rect]:
        speed = pygame.Rect(strip.right - 150, strip.y + 4, 146, strip.h - 8)
        pause = pygame.Rect(speed.x - 134, strip.y + 4, 130, strip.h - 8)
        return {"ai_pause": pause, "ai_speed": speed}

    def ai_button_text(self, key: str) -> str:
        assert self.ai is not None
        if key == "ai_pause":
            return "Resume (Space)" if self.ai.paused else "Pause (Space)"
        return f"Speed {self.ai.speed_text} (1-4)"

    def ai_status_text(self) -> str:
        """The strip's words: who thinks (dots that move), who plays, paused."""
        ai = self.ai
        assert ai is not None
        side = self.game.to_act()
        if self.game.over:
            return "Game over"
        if not ai.plays(side):
            return f"Your turn: {side_name(side)}"
        if ai.paused:
            return f"Paused · {self.ai_name(side)} to play"
        if ai.thinking is not None:
            dots = "." * (1 + int(time.monotonic() * 3) % 3)
            return f"{self.ai_name(ai.thinking)} thinking{dots}"
        return f"{self.ai_name(side)} playing"

    def command_ai(self, command: Command) -> None:
        """Pause / resume, and the speed of the AI's show."""
        ai = self.ai
        if ai is None:
            self.message("There is no AI in this game (two people play it).", refused=True)
            return
        if command is Command.AI_PAUSE:
            ai.paused = not ai.paused
            self.message("The AI is paused." if ai.paused else "The AI plays on.")
        else:
            if command is Command.AI_SPEED:
                ai.speed_index = (ai.speed_index + 1) % len(SPEEDS)
            else:
                ai.set_speed(AI_SPEED_KEYS[command])
            if ai.speed == 0:
                self.interphase.skip()
            self.message(f"The AI's moves: {ai.speed_text}.")
            if self.app.settings.ai_speed != ai.speed:
                settings = self.app.settings.model_copy(update={"ai_speed": ai.speed})
                self.app.apply_settings(settings)  # remembered for the next game
        self.refresh_controls()

    def drive_ai(self) -> None:
        """Once a frame: let the AI think, and play its move when it is ready and the
        show of its last one has ended."""
        ai = self.ai
        if ai is None or self.game.over or self.handover_showing:
            return
        if self.interphase.current is not None:
            return  # the last move is still being shown
        try:
            move = ai.poll(self.game)
        except AIError as exc:
            ai.paused = True
            self.message(f"The AI failed ({exc}): paused. Undo, save or resume.", refused=True)
            self.refresh_controls()
            return
        if move is not None:
            self.play_ai_move(move)  # (the controls follow in `update`)

    def play_ai_move(self, move: AIMove) -> None:
        """Apply the AI's move through the one door; its intent lines (those the person
        may read) go into the log before it, and what it did is shown beat by beat at
        the animation speed times the AI's speed."""
        assert self.ai is not None
        viewer = self.controller.viewer
        for line in move.intent:
            if intent_shown(self.game, line, move.side, viewer):
                _, _, said = line.partition(f"{move.side.value}: ")
                self.note_in_log(f"{self.ai_name(move.side)}: {said or line}", INTENT_COLOUR)
        before = {uid: u.hex for uid, u in self.game.state.units.items()}
        start = len(self.game.log)
        if self.apply(move.action) is None:
            self.ai.paused = True
            self.message(
                f"The {self.ai_name(move.side)} chose an action the rules refuse "
                f"({move.action.kind}): paused.",
                refused=True,
            )
            return
        readable = [e for _, e in readable_log(self.game, viewer, start)]
        beats = move_beats(self.game, readable, before, self.names.full)
        speed = self.app.settings.animation_speed * self.ai.speed
        if speed <= 0:
            self.interphase.skip()
            self.flashes.clear()
        elif beats:
            self.interphase.start(beats + self.interphase.beats, speed)

    def follow_beat(self) -> None:
        """When a beat of a show (the AI's move, a Gharv's attack) happens out of sight,
        the map turns to it (the zoom stays); a beat in sight leaves the map alone."""
        beat = self.interphase.current
        if beat is None or beat is self._followed or self.handover_showing:
            self._followed = beat
            return
        self._followed = beat
        if not beat.hexes:
            return
        inner = self.map.viewport.inflate(-60, -60)
        if any(inner.collidepoint(self.map.screen_centre(h)) for h in beat.hexes):
            return
        points = [self.map.hex_centre(h) for h in beat.hexes]
        self.map.camera.center_on(
            sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
        )

    def draw_ai_status(self, screen: pygame.Surface) -> None:
        """The AI's strip over the bottom of the map (its buttons are widgets)."""
        if self.ai is None:
            return
        strip = self.ai_strip_rect()
        band = pygame.Surface(strip.size, pygame.SRCALPHA)
        band.fill((20, 16, 12, 215))
        screen.blit(band, strip.topleft)
        thinking = self.ai.thinking is not None and not self.ai.paused
        colour = (255, 217, 138) if thinking else (220, 206, 180)
        pygame.draw.rect(screen, colour, strip, 1, border_radius=4)
        text = fonts.ui_font(16, bold=True).render(self.ai_status_text(), True, colour)
        room = self.ai_button_rects(strip)["ai_pause"].x - strip.x - 16
        screen.blit(text, (strip.x + 10, strip.centery - text.get_height() // 2), (0, 0, room, 40))

    # -- hand-over ---------------------------------------------------------------------------

    def _handover_wanted(self) -> bool:
        """Hotseat only: against the AI the person's eyes are the only ones shown (and
        watching the AI play itself hides nothing from anyone)."""
        if self.ai is not None:
            return False
        return self.app.settings.handover or has_hidden_information(self.game)

    @property
    def handover_showing(self) -> bool:
        return isinstance(self.mode, HandOverMode)

    def start_handover(self, side: Side) -> None:
        self.mode = HandOverMode(side)
        self.show_help = False
        self.map.release_keys()
        if self.root is not None:
            self.rebuild()

    def end_handover(self) -> None:
        self.mode = PlayMode()
        if "Deploy" in self.game.phase.actions:
            self.frame_on_action()  # the next player's deployment zone
        if self.root is not None:
            self.rebuild()

    # -- files ---------------------------------------------------------------------------

    def autosave(self) -> bool:
        """Write the autosave (atomic); a failure is never a crash and is said once: in
        the log, and under the map unless another message is showing there (the game's
        first message at its start). It is tried again at the next phase."""
        try:
            if self.hooks is not None:
                self.hooks.autosave(self.game)
            else:
                save_game(self.game, autosave_path())
        except DragonNoirError as exc:
            problem = " ".join(str(exc).split())
            if problem != self._autosave_problem:
                self._autosave_problem = problem
                text = f"Autosave failed: {problem}. The game goes on; Ctrl+S saves it."
                self.note_in_log(text, colour="#ff9a6a")
                if self.message_left <= 0:
                    self.message(text, refused=True)
            return False
        if self._autosave_problem is not None:
            self._autosave_problem = None
            self.note_in_log("The autosave works again.")
        self.keep_view()
        self._autosaved = (self.game.state.turn, self.game.state.phase)
        return True

    def save(self) -> bool:
        """Save under a new name (scenario, turn, time): a save never replaces another
        file; the message says the folder."""
        try:
            if self.hooks is not None:
                path = self.hooks.save(self.game)
            else:
                path = new_save_path(self.game)
                save_game(self.game, path)
        except (DragonNoirError, ValueError) as exc:
            self.message(f"Could not save: {exc}")
            return False
        self.save_path = path
        self.unsaved = False
        self._saved_history = list(self.game.history)
        self.message(f"Saved as {path.name} in {path.parent}")
        return True

    def keep_view(self) -> None:
        """Write where the camera looks beside the autosave (Continue restores it). A
        failure loses only the view."""
        cam = self.map.camera
        cx, cy = cam.to_map(cam.view_w / 2, cam.view_h / 2)
        with contextlib.suppress(WriteError):
            write_view(cam.zoom, cx, cy)

    def restore_view(self) -> bool:
        """The camera of the last autosave (Continue); False when there is none."""
        from dragonnoir.errors import DataFileError
        from dragonnoir.safe_read import parse_json, read_text

        try:  # the safe reader: a FIFO or deep nesting there must not stop Continue
            view = parse_json(read_text(view_path(), limit=64 * 1024))
            zoom, x, y = float(view["zoom"]), float(view["x"]), float(view["y"])
        except (DataFileError, ValueError, LookupError, TypeError):
            return False
        if not (0.05 <= zoom <= 10.0):
            return False
        cam = self.map.camera
        cam.zoom = min(max(zoom, cam.min_zoom), cam.max_zoom)
        cam.center_on(x, y)
        return True

    # -- leaving ---------------------------------------------------------------------------

    def _leave_to(self, then: Result, verb: str) -> Result:
        """Leave (to the menu or out of the program), asking first if there is unsaved
        progress. The autosave is brought up to date either way."""
        if not self.unsaved:
            self.autosave()
            return then
        from dragonnoir.ui.scenes import ConfirmDialog

        def save_then() -> Result:
            if not self.save():
                return None
            self.autosave()
            return then

        def leave() -> Result:
            self.autosave()
            return then

        return ConfirmDialog(
            self.app,
            self,
            "Unsaved progress",
            "This game has changed since it was last saved. The autosave keeps it for "
            "Continue, but a named save does not have it yet.",
            [(f"Save and {verb}", save_then), (verb.capitalize(), leave), ("Cancel", lambda: None)],
        )

    def to_menu(self) -> Result:
        return self._leave_to(Reset() if self.back_to is None else BackTo(self.back_to), "leave")

    def close_requested(self) -> Result:
        return self._leave_to(Quit(), "quit")

    @property
    def quit_prompt(self) -> Scene | None:
        """The confirmation dialog on top of this scene, if any (for tests)."""
        top = self.app.scene
        return top if getattr(top, "parent", None) is self else None

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        if self.ai is not None and keymap.command_for(event) in AI_COMMANDS:
            return self._command(keymap.command_for(event))  # type: ignore[arg-type]
        if (
            self.ai is None  # against the AI: panning and zooming while it is shown
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
            and self.interphase.current is not None
            and self.interphase.skip()
        ):
            return None  # a click or a key skips the rest of the interphase's show
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if self.handover_showing:
            if keymap.command_for(event) in (Command.QUIT, Command.MENU, Command.CANCEL):
                return self._command(keymap.command_for(event))  # type: ignore[arg-type]
            self.mode.handle(self, event)
            return None
        command = keymap.command_for(event)
        if command is not None:
            return self._command(command)
        if self.mode.handle(self, event):
            return None
        self.map.handle(event)
        return None

    def _button(self, element: object) -> Result:
        for key, widget in self.widgets.items():
            if widget is element:
                if key.startswith("choice_") and key[7:].isdigit():
                    self.choose(int(key[7:]))
                    return None
                if key == "cast_now":
                    self.request_cast()
                    return None
                if key == "choice_more":
                    self._choice_page += 1
                    self.rebuild()
                    return None
                try:
                    return self._command(Command(key))
                except ValueError:
                    return None
        return None

    def _command(self, command: Command) -> Result:
        if command is Command.CANCEL:
            if self.show_help:
                self.show_help = False
                return None
            if self.controller.mode in (Mode.IDLE, Mode.OVER) or self.ai_turn():
                return self.to_menu()
            self.controller_command("cancel")
            return None
        if command is Command.CAST:
            self.request_cast()
            return None
        if command in CONTROLLER_COMMANDS:
            self.controller_command(command.value)
            return None
        if command in AI_COMMANDS:
            self.command_ai(command)
            return None
        if command is Command.END_PHASE:
            self.end_phase()
        elif command is Command.UNDO:
            self.undo()
        elif command is Command.SAVE:
            self.save()
        elif command is Command.LOAD:
            from dragonnoir.ui.scenes import LoadScene

            self.autosave()
            return LoadScene(self.app)
        elif command is Command.HELP:
            self.show_help = not self.show_help
        elif command is Command.FIT:
            self.map.fit()
        elif command is Command.ZOOM_IN:
            self.map.zoom_step(1)
        elif command is Command.ZOOM_OUT:
            self.map.zoom_step(-1)
        elif command is Command.MENU:
            if self.show_help:
                self.show_help = False
                return None
            return self.to_menu()
        elif command is Command.QUIT:
            return self.close_requested()
        return None

    def update(self, dt: float) -> Result:
        self.interphase.advance(dt)
        if self.ai is not None and self.interphase.current is None and self.tend_spell_window():
            self.changed()  # passed quietly once the Krob's step has been shown
        self.drive_ai()
        self.follow_beat()
        if self.board_drawn and self.flashes:
            speed = self.app.settings.animation_speed
            for flash in self.flashes:
                flash.left -= dt * (speed if speed > 0 else 100.0)
            self.flashes = [f for f in self.flashes if f.left > 0]
        if (
            self.game.over
            and not self.end_shown
            and self.interphase.current is None
            and not self.flashes
        ):
            self.end_shown = True
            if self.handover_showing:
                self.end_handover()  # nothing is secret any more
            return EndScreen(
                self.app, self.game, on_continue=self.on_game_over, back_to=self.back_to
            )
        if not self.handover_showing:
            self.map.update(dt)
            h = self.map.hover_hex()
            if h is not None and h not in self.game.board.cells:
                h = None  # the void around the map: nothing to show, nothing to mark
            if h != self._hover:
                self._hover = h
                self.controller.hover_hex(h)
            self.refresh_info()
            self.refresh_controls()
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message("")
        return None

    def refresh_info(self) -> None:
        """The side panel: the staged or hovered action's card, else the hex under the
        mouse; set again only when one of them changed."""
        box = self.widgets.get("hover")
        image = self.widgets.get("card")
        if not isinstance(box, UITextBox) or not isinstance(image, UIImage):
            return
        preview = self.controller.preview()
        key = (self._hover, id(preview), id(self.game.state), len(self.game.history))
        if key == self._info_key:
            return
        self._info_key = key
        if preview is None:
            self.card = None
            box.set_text(self.hover_html(self._hover))
            box.show()  # type: ignore[no-untyped-call]
            image.hide()  # type: ignore[no-untyped-call]
            return
        self.card = card_for(preview, self.names)
        image.set_image(draw_card(self.card, box.rect.size))
        image.show()  # type: ignore[no-untyped-call]
        box.hide()  # type: ignore[no-untyped-call]

    @property
    def animating(self) -> bool:
        """A Gharv interphase or a reveal being shown, or the map's zoom animation
        (App.run)."""
        return (
            self.interphase.current is not None
            or bool(self.flashes)
            or self.map.animating
            # the AI about to think or to play: full rate; while it thinks the window
            # idles (its worker posts AI_READY when done), leaving it the processor
            or (
                self.ai is not None
                and self.ai_turn()
                and not self.ai.paused
                and self.ai.thinking is None
            )
        )

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        if self.handover_showing:
            screen.fill((16, 13, 11))
            self.board_drawn = False
            return
        # the map draws its own viewport (void included): fill around it only
        vp = self.map.viewport
        w, h = screen.get_size()
        screen.fill((16, 13, 11), (0, 0, w, vp.top))
        screen.fill((16, 13, 11), (vp.right, vp.top, w - vp.right, h - vp.top))
        self.map.draw(screen, (), self._hover)
        draw_accessories(
            screen,
            self.map.camera,
            self.map.view.grid,
            self.controller.visibility().accessories(self.game),
            self.map.viewport,
            self.controller.visibility().knows_real,
        )
        self.unit_rects = self.draw_counters(screen)
        self.draw_done_marks(screen)
        self.painter.draw(screen, self.map, self.controller, self.unit_rects)
        beat = self.interphase.current
        if beat is not None:
            draw_beat(screen, self.map, beat)
        self.draw_flashes(screen)
        self.mode.draw(self, screen)
        self.draw_ai_status(screen)
        self._draw_unverified_badge(screen)
        self._draw_message(screen)
        self.board_drawn = True

    def draw_counters(self, screen: pygame.Surface) -> list[tuple[str, pygame.Rect]]:
        """The counters the side to act may see (`visible_to`), the chosen ones marked."""
        game = self.game
        art = _counter_art(game)
        if art is None:
            return _draw_placeholders(
                screen, game, self.map, self.controller.visibility().sees_unit
            )
        ui = self.controller
        vis = ui.visibility()
        units = [u for u in game.state.units.values() if u.hex is not None and vis.sees_unit(u)]
        units, step = self._walking(units)
        ov = ui.overlays()
        selected = ov.selected
        marked = set(selected[1:])  # the enemies chosen get the overlay's red ring
        return art.draw_units(
            screen,
            self.map.camera,
            self.map.view.grid,
            units,
            selected=selected[0] if selected else None,
            highlight=marked,
            viewport=self.map.viewport,
            walkways=_walkways(game),
            # the same position seen by the same side: the chits stay where they were
            placement_key=(id(game), id(game.state), game.version, ui.viewer, step),
        )

    def _walking(self, units: list[Unit]) -> tuple[list[Unit], int]:
        """While a beat shows a character's walk (the AI's moves), his counter steps
        along the path: `units` with him on the hex he has reached, and that step."""
        beat = self.interphase.current
        if beat is None or not beat.walker or len(beat.hexes) < 2:
            return units, -1
        step = min(len(beat.hexes) - 1, int(self.interphase.progress * len(beat.hexes)))
        out = [
            dataclasses.replace(u, hex=beat.hexes[step]) if u.id == beat.walker else u
            for u in units
        ]
        return out, step

    def done_marks(self) -> dict[str, str]:
        """Unit id -> what he did this turn ("M" moved, "F" fired, "A" attacked), for the
        characters of the side whose turn it is (worked out once per position)."""
        key = (id(self.game.state), self.game.version)
        if self._marks_key != key:
            self._marks_key, self._marks = key, self._work_out_marks()
        return self._marks

    def _work_out_marks(self) -> dict[str, str]:
        side = self.game.phase.side
        out: dict[str, str] = {}
        for unit in self.game.state.units.values():
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

    def draw_done_marks(self, screen: pygame.Surface) -> None:
        """A small tag on the corner of each counter that moved, fired or attacked."""
        marks = self.done_marks()
        if not marks:
            return
        clip = screen.get_clip()
        screen.set_clip(self.map.viewport)
        for uid, rect in self.unit_rects:
            mark = marks.get(uid)
            if mark is not None:
                tag = _done_tag(mark, max(9, min(16, rect.w // 4)))
                screen.blit(tag, tag.get_rect(center=(rect.right - 2, rect.top + 2)))
        screen.set_clip(clip)

    def _draw_message(self, screen: pygame.Surface) -> None:
        w, h = screen.get_size()
        rect = pygame.Rect(0, h - MESSAGE_H, w - SIDE_W, MESSAGE_H)
        screen.fill((23, 19, 15), rect)
        if not self.message_text:
            return
        font = _message_font()
        colour = WARNING_COLOUR if self.message_refused else MESSAGE_COLOUR
        text = self.message_text
        img = font.render(text, True, colour)
        while img.get_width() > rect.w - 16 and len(text) > 8:
            # at least one character shorter each time: a text just too wide, whose cut
            # kept its length ("..." in place of its end), looped here for ever
            keep = min(len(text) - 4, int(len(text) * (rect.w - 16) / img.get_width()) - 2)
            text = text[:keep] + "..."
            img = font.render(text, True, colour)
        screen.blit(img, img.get_rect(midleft=(rect.x + 10, rect.centery)))

    def draw_overlay(self, screen: pygame.Surface) -> None:
        if isinstance(self.mode, HandOverMode):
            self._draw_handover(screen, self.mode.side)
        elif self.show_help:
            draw_key_help(
                screen, keymap.help_rows(), self.map.viewport.center, font=fonts.ui_font(15)
            )

    def _draw_handover(self, screen: pygame.Surface, side: Side) -> None:
        w, h = screen.get_size()
        screen.fill((12, 10, 8))
        big = fonts.ui_font(52, bold=True)
        small = fonts.ui_font(22)
        other = side_name(side.enemy() if side is not Side.GHARVS else None)
        lines = [
            (big, f"{side_name(side)} to play", (232, 195, 106)),
            (small, f"Turn {self.game.state.turn} · {self.game.phase.title}", (200, 188, 166)),
            (small, f"{other}: please look away.", (200, 188, 166)),
            (small, "Click or press a key when ready.", (150, 140, 124)),
        ]
        y = h // 2 - 110
        for font, text, colour in lines:
            surf = font.render(text, True, colour)
            screen.blit(surf, surf.get_rect(midtop=(w // 2, y)))
            y += surf.get_height() + 22


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


def _message_font() -> pygame.font.Font:
    return fonts.font(24)


#: The hint line's style (left-aligned, smaller than the phase line).
HINT_THEME = {
    "#hint_label": {
        "font": {"name": "noto_sans", "size": "13", "italic": "1"},
        "misc": {"text_horiz_alignment": "left"},
        "colours": {"normal_text": "#c9b894"},
    }
}


def _theme_hint(manager: pygame_gui.UIManager) -> None:
    theme = manager.get_theme()
    if not getattr(theme, "_dragonnoir_hint", False):
        theme.update_theming(json.dumps(HINT_THEME), rebuild_all=False)
        theme._dragonnoir_hint = True  # type: ignore[attr-defined]


def draw_beat(screen: pygame.Surface, control: MapControl, beat: Beat) -> None:
    """One beat of a Gharv interphase over the map: its hexes outlined, an attack's line,
    the numbers of a placement draw, and the caption in a band at the map's top."""
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


@dataclass
class Flash:
    """A reveal being shown on hex `at`: seconds left (at animation speed 1)."""

    at: Hex
    left: float


#: A reveal's flip and flash: how long (at animation speed 1) and its colour.
REVEAL_SECONDS = 1.4
REVEAL_COLOUR = (255, 240, 170)

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


def fitting(label: UILabel, texts: Sequence[str]) -> str:
    """The first of `texts` (longest first) that `label` shows whole in its font; the
    last one when none does. pygame_gui would cut the text and warn."""
    font = label.font
    if font is None:  # (no theme font yet: the label measures nothing)
        return texts[0]
    room = label.rect.width - 2 * LABEL_PADDING
    return next((t for t in texts if font.size(t)[0] <= room), texts[-1])


#: What a label keeps free each side of its text (pygame_gui's default).
LABEL_PADDING = 4

#: Posted by the AI's worker when an answer is ready: wakes a window idling meanwhile.
AI_READY = pygame.event.custom_type()


def _post_ai_ready() -> None:
    """(On the worker's thread: SDL's event queue takes posts from any thread.)"""
    with contextlib.suppress(pygame.error):
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(AI_READY))


#: The speed each of the keys 1-4 sets.
AI_SPEED_KEYS = {
    Command.AI_SPEED_1: 1.0,
    Command.AI_SPEED_2: 2.0,
    Command.AI_SPEED_4: 4.0,
    Command.AI_INSTANT: 0.0,
}

#: The colour of the Gharvs' interphase beats (their water-green).
BEAT_COLOUR = (120, 230, 170)
