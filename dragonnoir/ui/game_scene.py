"""The game screen: the map with its counters, the phase bar, the hover and log panels,
save / load / undo / autosave, the quit prompt and the hotseat hand-over screen.

`GameScene` composes parts (ui/game_screen/): the top bar, the side panel, the log, the
message line, the AI's strip, the shows over the map (reveals, beats, done marks), the
spell windows of the Krob turn and the input modes; it keeps the event routing and the
game's flow (the one door, undo, autosave, hand-over).

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

from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIImage, UIScrollingContainer, UITextBox

from dragonnoir.ai.agent import make_agent
from dragonnoir.engine.actions import Action, EndPhase
from dragonnoir.engine.events import Event
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import save_game
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import N_, _
from dragonnoir.render.accessories import draw_accessories
from dragonnoir.ui import keymap
from dragonnoir.ui.ai_driver import HUMAN, AgentMaker, AIDriver, game_kind, players_of
from dragonnoir.ui.app import App, BackTo, Quit, Reset, Result, Scene
from dragonnoir.ui.controller import Controller, Message, Mode, Prompt
from dragonnoir.ui.end_screen import EndScreen, GameResult
from dragonnoir.ui.game_screen import texts, view_file
from dragonnoir.ui.game_screen.action_show import ActionShow
from dragonnoir.ui.game_screen.ai_strip import AI_COMMANDS, AI_READY, AIStrip, post_ai_ready
from dragonnoir.ui.game_screen.counters import draw_counters
from dragonnoir.ui.game_screen.input_modes import HandOverMode, InputMode, PlayMode, ResultsMode
from dragonnoir.ui.game_screen.key_help import draw_key_list
from dragonnoir.ui.game_screen.leaving import leave_to
from dragonnoir.ui.game_screen.log_panel import GameLog
from dragonnoir.ui.game_screen.message_line import (
    MESSAGE_H,
    UNVERIFIED_BADGE,
    UNVERIFIED_SAID,
    MessageLine,
    draw_badge,
)
from dragonnoir.ui.game_screen.order_button import ORDERS_W, OrderButton
from dragonnoir.ui.game_screen.phase_passing import pass_empty_phases
from dragonnoir.ui.game_screen.shows import DoneMarks, Flash, Reveals, draw_beat, follow
from dragonnoir.ui.game_screen.side_panel import SidePanel, side_width
from dragonnoir.ui.game_screen.spell_windows import (
    CAST_NOW_TEXT,
    CAST_NOW_W,
    CAST_WAITING_TEXT,
    SpellWindows,
)
from dragonnoir.ui.game_screen.top_bar import BAR_H, build_top_bar, fitting
from dragonnoir.ui.game_screen.undo import Undo
from dragonnoir.ui.game_screen.view_return import ViewReturn
from dragonnoir.ui.interphase_show import Beat, InterphaseShow, beats_of
from dragonnoir.ui.keymap import CONTROLLER_COMMANDS, Command
from dragonnoir.ui.library import new_save_path
from dragonnoir.ui.map_view import MapControl
from dragonnoir.ui.names import Names, names_of
from dragonnoir.ui.overlays import OverlayPainter
from dragonnoir.ui.preview_card import Card
from dragonnoir.ui.rules_panel import RulesPanel
from dragonnoir.ui.storage import autosave_path
from dragonnoir.ui.visibility import has_secrets, readable_log

#: Named here for the screen's tests and callers, though they live in its parts.
__all__ = [
    "AI_READY",
    "CAST_NOW_TEXT",
    "CAST_WAITING_TEXT",
    "GameHooks",
    "GameScene",
    "HandOverMode",
    "fitting",
]


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
    title = N_("Game")

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
            self.ai = AIDriver(game, self.players, agents or make_agent, wake=post_ai_ready)
            self.ai.set_speed(app.settings.ai_speed)
        #: The one side a person plays against the AI (None: hotseat, or watching).
        self.human: Side | None = None
        if game_kind(self.players) == "solo":
            self.human = next(s for s, p in self.players.items() if p == HUMAN)
        #: Where the game is saved when it belongs to a campaign (None: the autosave
        #: file and new save names).
        self.hooks = hooks
        #: What comes after this game (a campaign's next step): the end screen's first
        #: button calls it with the game and its result; None: "Play again".
        self.on_game_over = on_game_over
        #: Whether the end screen was shown (a game loaded finished shows the board).
        self.end_shown = game.over
        #: Reveals being shown (a flip and a flash on the hex), done marks on counters.
        self.reveals = Reveals(game)
        self.marks = DoneMarks()
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
        #: The parts of the screen (ui/game_screen/).
        self.panel = SidePanel(self)
        self.log = GameLog(self)
        self.line = MessageLine()
        self.strip = AIStrip(self)
        self.spells = SpellWindows(self)
        #: The Gharv interphases, the AI's moves and the person's own actions shown beat
        #: by beat (ui/interphase_show.py); the results of the person's last action.
        self.interphase = InterphaseShow()
        self.action_show = ActionShow(game)
        #: The change being looked at (`changed`) was the person's action through the
        #: controller (it is shown as the AI's are).
        self._person_acted = False
        #: The beat the map last turned to (`follow_beat`).
        self._followed: Beat | None = None
        self._shown_log = len(game.log)
        self._shown_message: Message | None = None
        self.show_help = False
        #: The standing order's button; solo, the view that comes back after the AI's turn.
        self.order_button = OrderButton(self)
        self.view_return = ViewReturn(self)
        #: The rules at hand (F2, a rule's name in the log): ui/rules_panel.py.
        self.rules_panel = RulesPanel(self, game.rules)
        #: Whether the last frame drew the board (False behind the hand-over screen).
        self.board_drawn = False
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
        #: Where undo stops: the last hand-over, the person's last action (solo).
        self.undoing = Undo(self)
        self._autosaved: tuple[int, str] | None = None
        #: Why the last autosave failed (said once, in the log, until one works again).
        self._autosave_problem: str | None = None
        self._hover: Hex | None = None
        #: (unit id, screen rect) of each counter drawn in the last frame, bottom first.
        self.unit_rects: list[tuple[str, pygame.Rect]] = []
        self.widgets: dict[str, object] = {}
        #: The history's length when the game was last looked at (`changed`).
        self.known_len = len(game.history)
        passed_windows = self.spells.pass_hotseat_windows()
        if self.auto_pass() or passed_windows:
            self._last_side = game.to_act()
            if new:
                self._saved_history = list(game.history)  # passing by itself is not play
        self.known_len = len(game.history)
        self.note_defensive_fire()
        for problem in player_problems:
            self.note_in_log(_("Players: {problem}").format(problem=problem), colour="#ff9a6a")
        self.note_unverified()
        self.autosave()
        if self._handover_wanted() and self._last_side is not None:
            self.mode = HandOverMode(self._last_side)

    def frame_on_action(self) -> None:
        """Open framed on both sides' forces, as far as the side to act sees them (a
        hidden Krob is never framed), not zoomed on one's own party with the enemy off
        screen (issue 45); in a deployment, on the zone to fill as well."""
        vis = self.controller.visibility()
        grid = self.map.view.grid
        points = [
            grid.hex_centre(u.hex)
            for u in self.game.state.units.values()
            if u.hex is not None and u.alive and vis.sees_unit(u)
        ]
        zone = self.controller.overlays().zone
        if "Deploy" in self.game.phase.actions and zone:
            points += [grid.hex_centre(h) for h in zone]
        self.map.zoom_target = None
        self.map.camera.frame(points)

    # -- what the parts show (read by tests and other screens) -------------------------------

    @property
    def log_lines(self) -> list[str]:
        """The log panel's lines (HTML)."""
        return self.log.lines

    @property
    def log_after(self) -> dict[int, list[str]]:
        """The client's notes after event i of the log."""
        return self.log.after

    @property
    def message_text(self) -> str:
        return self.line.text

    @property
    def message_refused(self) -> bool:
        return self.line.refused

    @property
    def card(self) -> Card | None:
        """The preview card shown in the side panel (None: the hex description)."""
        return self.panel.card

    @property
    def flashes(self) -> list[Flash]:
        return self.reveals.flashes

    @property
    def cast_requested(self) -> bool:
        """The person asked to cast in the Krob turn (M, Cast now)."""
        return self.spells.requested

    @property
    def hovered(self) -> Hex | None:
        """The hex under the mouse (None: off the map, or the void around it)."""
        return self._hover

    def done_marks(self) -> dict[str, str]:
        """Unit id -> what he did this turn ("M", "F", "A"), for the side whose turn it is."""
        return self.marks.of(self.game)

    def ai_status_text(self) -> str:
        """The AI's strip's words."""
        return self.strip.status_text()

    # -- layout ----------------------------------------------------------------------

    def map_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, BAR_H, max(1, w - side_width(w)), max(1, h - BAR_H - MESSAGE_H))

    def build(self, root: UIContainer) -> None:
        self.map.resize(self.map_rect())
        self.widgets = {}
        self._hover = None
        self.log.length = 0
        if isinstance(self.mode, HandOverMode):
            return  # nothing of the game while the board is hidden
        w, h = self.app.size
        m = self.manager
        self.widgets.update(
            build_top_bar(m, root, w, self.phase_texts(), self.names.say(self.controller.hint()))
        )
        vp = self.map_rect()
        y = self.panel.build(root)
        cast_now = UIButton(
            pygame.Rect(vp.x + 8, vp.y + 8, CAST_NOW_W, 34),
            _(CAST_NOW_TEXT),
            m,
            container=root,
            tool_tip_text=_("In the Krob turn: stop at the next moment a wizard may cast (M)"),
        )
        if not self.spells.cast_now_shown():
            cast_now.hide()  # type: ignore[no-untyped-call]
        self.widgets["cast_now"] = cast_now
        self.widgets["fire_orders"] = self.order_button.build(
            root, pygame.Rect(vp.x + 16 + CAST_NOW_W, vp.y + 8, ORDERS_W, 34)
        )
        self.widgets["log"] = UITextBox(
            "", pygame.Rect(vp.right, y, w - vp.right, max(40, h - y)), m, container=root
        )
        if self.ai is not None:
            strip = self.strip.rect()
            for key, rect in self.strip.button_rects(strip).items():
                self.widgets[key] = UIButton(rect, self.strip.button_text(key), m, container=root)
        self.panel.forget()
        self.refresh()
        self.rules_panel.build(root, self.map_rect())

    # -- text of the panels -------------------------------------------------------------

    @property
    def names(self) -> Names:
        """Display names of this game's characters (players never read ids)."""
        return names_of(self.game)

    def phase_text(self) -> str:
        return self.phase_texts()[0]

    def phase_texts(self) -> list[str]:
        """The phase bar's words, the whole first, then shorter ones for a narrow window."""
        return texts.phase_texts(self.game)

    def hover_html(self, h: Hex | None) -> str:
        ui = self.controller
        return texts.hover_html(self.game, self.names, ui.visibility(), h, ui.overlays().unit)

    def _card_clicked(self, event: pygame.event.Event) -> str | None:
        """The rule the preview card's verdict names, when `event` is a left click on the
        card in the side panel (issue 45 §7: a preview's rule opens our summary of it)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        frame, card = self.widgets.get("card_frame"), self.widgets.get("card")
        if not (
            isinstance(frame, UIScrollingContainer)
            and isinstance(card, UIImage)
            and frame.visible
            and self.panel.card is not None
        ):
            return None
        shown = frame.get_abs_rect().clip(card.get_abs_rect())
        return (self.rule_at_hand() or None) if shown.collidepoint(event.pos) else None

    def _refusal_clicked(self, event: pygame.event.Event) -> str | None:
        """The rule of the refusal under the map, when `event` is a left click on it
        (issue 45 §7: a refusal's rule opens our summary of it, as F2 does)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return None
        message = self.controller.message()
        if message is None or not message.rule or not self.line.text or not self.line.refused:
            return None
        side_w = self.app.size[0] - self.map.viewport.right
        return (
            message.rule if self.line.rect(self.app.size, side_w).collidepoint(event.pos) else None
        )

    def rule_at_hand(self) -> str:
        """The rule F2 opens on: the preview's, else the last message's (a refusal)."""
        preview = self.controller.preview()
        message = self.controller.message()
        return getattr(preview, "rule", "") or (message.rule if message is not None else "")

    def refresh(self) -> None:
        """Bring the phase bar, the log and the buttons up to date with the game."""
        phase = self.widgets.get("phase")
        if isinstance(phase, pygame_gui.elements.UILabel):
            phase.set_text(fitting(phase, self.phase_texts()))
        self.refresh_controls()
        self.log.refresh(self.widgets.get("log"))

    def refresh_controls(self) -> None:
        """The hint line, the acting buttons and the prompt panel (`SidePanel`); the
        standing order's button."""
        self.panel.refresh_controls()
        self.order_button.refresh()

    def auto_pass(self) -> bool:
        """Pass the phases with nothing to do (`phase_passing`), when the setting
        `auto_pass` says so; True when a phase was passed."""
        if not self.app.settings.auto_pass or not pass_empty_phases(self.game, self.log):
            return False
        self.undoing.floor = len(self.game.history)  # nothing to take back in a passed phase
        return True

    def note_defensive_fire(self) -> None:
        """Once when the Krob movement begins: say when no Adventurer can fire
        defensively this turn (every archer moved, or is in contact)."""
        text = self.log.no_defensive_fire()
        if text is not None:
            self.message(text)

    def note_unverified(self) -> None:
        """A game that went on from a save's position its actions did not lead to
        (engine/unverified.py) says so under the map when it opens, its log says where
        (`WentOnUnverified`), and a badge on the map keeps the mark (`unverified_badge`)."""
        if self.game.unverified is not None:
            self.message(_(UNVERIFIED_SAID), refused=True)

    @property
    def unverified_badge(self) -> str:
        """The mark drawn on the map's corner for as long as the game is played ("" for
        a verified game): the phase bar has no room left for it in a small window."""
        return _(UNVERIFIED_BADGE) if self.game.unverified is not None else ""

    def note_in_log(self, text: str, colour: str = "#b8a888") -> None:
        """A client note in the log panel after the events so far (it stays there,
        unlike the line under the map): the rules data a loaded game keeps, say."""
        self.log.note(text, colour)

    def message(self, text: str, *, refused: bool | None = None) -> None:
        """A line under the map (a refusal's reason, "saved", "nothing to undo"); a
        refusal (`refused`, or text starting "Not allowed") in the warning colour."""
        self.line.say(text, refused=refused)

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
                self.message(self.strip.busy_text())
            return None
        return self.after_controller(self.controller.click_hex(h, button=button))

    def controller_command(self, name: str) -> list[Event] | None:
        if self.ai_turn():
            self.message(self.strip.busy_text(), refused=True)
            return None
        if name in ("fire", "attack") and not self.panel.command_acts(name):
            why = self.why_not(name)
            self.message(_("Not allowed: {reason}").format(reason=why), refused=True)
            self.panel.hint_says(why)
            return None
        if name == "end_phase":
            self.end_phase()
            return None
        if name == "undo":
            self.undo()
            return None
        return self.after_controller(self.controller.command(name))

    def why_not(self, name: str) -> str:
        """Why the Fire / Attack key does nothing now (the hint and message line say it)."""
        return self.panel.why_not(name)

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
            self.message(self.names.message(msg.text, msg.rule, msg.refused), refused=msg.refused)
        if events:
            self._person_acted = True
            self.changed()
        else:
            self.refresh_controls()
            if msg is not None and fresh and msg.refused:
                self.panel.hint_says(self.names.say(msg.text))  # a key that did nothing: why
        return events

    def shown_prompt(self) -> Prompt | None:
        """The decision's question and answers, unless it is the AI's to answer, or a
        spell window about to pass quietly (no prompt at every Krob step; the screen is
        not rebuilt under the person's hand as the Cast now button is pressed)."""
        if self.ai_turn() or self.spells.passes_quietly() or self.results_showing:
            return None
        return self.controller.prompt()

    # -- the one door to the engine ------------------------------------------------------

    def apply(self, action: Action) -> list[Event] | None:
        """Apply `action`; on refusal show the engine's reason and return None."""
        verdict = self.game.explain(action)
        if not verdict.legal:
            self.message(
                self.names.message(verdict.reason, verdict.rule, refused=True), refused=True
            )
            return None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:  # the verdict changed between explain and apply
            why = exc.explanation
            self.message(self.names.message(why.reason, why.rule, refused=True), refused=True)
            return None
        self.changed()
        return events

    def end_phase(self) -> None:
        if self.ai_turn():
            self.message(self.strip.busy_text(), refused=True)
            return
        self.apply(EndPhase())

    def can_save(self) -> bool:
        """Whether Save may be pressed (a game by e-mail is kept by its files)."""
        return True

    def can_undo(self) -> bool:
        """Would Undo take something back now (`Undo.possible`)?"""
        return self.undoing.possible()

    def undo(self) -> None:
        self.undoing.undo()

    def changed(self) -> None:
        """After every change of the game: phases with nothing to do passed, what
        happened shown, panels, autosave, hand-over (once the acting player has seen his
        last results: `ResultsMode`)."""
        n = len(self.game.history)
        acting = self._last_side
        person, self._person_acted = self._person_acted, False
        action = self.game.history[self.known_len] if person and n > self.known_len else None
        if self.ai is not None and n > self.known_len and self._last_side is self.human:
            self.undoing.marks.append(self.known_len)  # the person's action: undo's mark
        self.auto_pass()
        self.known_len = len(self.game.history)
        if self.spells.pass_hotseat_windows():
            self.auto_pass()
            self.known_len = len(self.game.history)
        shown = self.show_interphases(acting if action is not None else None, action)
        self.reveals.note(self.game, self.controller.viewer, self.app.settings.animation_speed)
        self.note_defensive_fire()
        self.log.forget_undone()
        self.unsaved = self.game.history != self._saved_history
        key = (self.game.state.turn, self.game.state.phase)
        if key != self._autosaved:
            self.autosave()
        self.view_return.note()
        side = self.game.to_act()
        if side != self._last_side:
            self.undoing.floor = len(self.game.history)  # a hand-over: undo stops here
        if side is not None and side != self._last_side and self._handover_wanted():
            self._last_side = side
            if shown:
                self.hold_results(side, acting)
            else:
                self.start_handover(side)
            return
        self._last_side = side
        self.refresh()

    def show_interphases(self, acting: Side | None = None, action: Action | None = None) -> bool:
        """Start showing what happened in the events since the last look: the person's
        own action when he made one (`action`, by `acting`: his walks slide, his dice
        show their results where they were rolled, ui/game_screen/action_show.py) and
        the Gharvs' interphases, at the animation speed (nothing when it is 0, or after
        an undo or a load); and let the events the viewer may read be heard (the
        player's action, the AI's, the interphase's: `ui.sound`; a hidden Krob's steps
        make no sound). True when the person's action left something to be seen."""
        log = self.game.log
        if len(log) < self._shown_log:
            self._shown_log = len(log)
            self.action_show.forget()
            self.action_show.remember(self.game)
            return False
        viewer = acting if action is not None and self.ai is None else self.controller.viewer
        new = [e for _, e in readable_log(self.game, viewer, self._shown_log)]
        self._shown_log = len(log)
        if new:
            self.app.sound.play_events(new)
        settings = self.app.settings
        own: list[Beat] = []
        if action is not None:
            slide = settings.move_slide
            own = self.action_show.beats(self.game, new, action, self.names.full, slide)
        self.action_show.remember(self.game)
        beats = own + beats_of(self.game, new, self.names.full)
        if beats:
            self.interphase.start(beats, settings.animation_speed)
        return bool(self.action_show.marks) or (bool(own) and self.interphase.current is not None)

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

    def follow_beat(self) -> None:
        """When a beat of a show happens out of sight, the map turns to it (`shows.follow`)."""
        beat = self.interphase.current
        if beat is None or beat is self._followed or self.handover_showing:
            self._followed = beat
            return
        self._followed = beat
        follow(self.map, beat)

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

    @property
    def results_showing(self) -> bool:
        """Is the acting player being shown his last results before the hand-over?"""
        return isinstance(self.mode, ResultsMode)

    def hold_results(self, side: Side, seen_by: Side | None) -> None:
        """Hotseat: the player who acted keeps the board, through his own eyes, until he
        has seen his last results (`ResultsMode`); then the hand-over screen for `side`."""
        settings = self.app.settings
        ack = bool(self.action_show.marks)
        self.mode = ResultsMode(side, seen_by, ack=ack, delay=settings.result_hold)
        self.controller.follow_to_act = False
        self.controller.viewer_side = seen_by
        if self.root is not None:
            self.rebuild()
            self.panel.hint_says(_("Your last result: look, then click or press a key."))

    def results_seen(self) -> None:
        """He has seen them (a click, a key, the delay): the hand-over screen."""
        mode = self.mode
        if not isinstance(mode, ResultsMode):
            return
        self._end_results()
        self.start_handover(mode.side)

    def _end_results(self) -> None:
        self.interphase.skip()
        self.action_show.forget()
        self.controller.follow_to_act = True
        self.controller.viewer_side = None
        self.mode = PlayMode()

    def start_handover(self, side: Side) -> None:
        self.mode = HandOverMode(side)
        self.app.sound.play("handover")
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
                text = _("Autosave failed: {why}. The game goes on; Ctrl+S saves it.").format(
                    why=problem
                )
                self.note_in_log(text, colour="#ff9a6a")
                if self.line.left <= 0:
                    self.message(text, refused=True)
            return False
        if self._autosave_problem is not None:
            self._autosave_problem = None
            self.note_in_log(_("The autosave works again."))
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
            self.message(_("Could not save: {why}").format(why=exc), refused=True)
            return False
        self.save_path = path
        self.unsaved = False
        self._saved_history = list(self.game.history)
        self.message(_("Saved as {name} in {folder}").format(name=path.name, folder=path.parent))
        return True

    def keep_view(self) -> None:
        """Write where the camera looks beside the autosave (Continue restores it)."""
        view_file.keep_view(self.map.camera)

    def restore_view(self) -> bool:
        """The camera of the last autosave (Continue); False when there is none."""
        return view_file.restore_view(self.map.camera)

    # -- leaving ---------------------------------------------------------------------------

    def to_menu(self) -> Result:
        return leave_to(self, Reset() if self.back_to is None else BackTo(self.back_to), "leave")

    def close_requested(self) -> Result:
        return leave_to(self, Quit(), "quit")

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
            and self.interphase.skip()
            and (self.results_showing or getattr(event, "key", None) == pygame.K_SPACE)
        ):
            # A click or a key finishes the show; Space, or anything while the acting
            # player looks at his results, does nothing more (the next one says he has
            # seen them); other keys and clicks go on to act.
            return None
        if self.rules_panel.handle(event) or self.rules_panel.follow_link(event):
            return None
        if self.results_showing:
            return self._handle_results(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if self.handover_showing:
            if keymap.command_for(event) in (Command.QUIT, Command.MENU, Command.CANCEL):
                return self._command(keymap.command_for(event))  # type: ignore[arg-type]
            self.mode.handle(self, event)
            return None
        if (rule := self._card_clicked(event) or self._refusal_clicked(event)) is not None:
            self.rules_panel.open(rule)
            return None
        command = keymap.command_for(event)
        if command is not None:
            return self._command(command)
        if self.mode.handle(self, event):
            return None
        self.map.handle(event)
        return None

    def _handle_results(self, event: pygame.event.Event) -> Result:
        """While the acting player looks at his results: a click, a key or a button says
        he has seen them; leaving still works; the map pans and zooms."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.results_seen()
            return None
        command = keymap.command_for(event)
        if command in (Command.QUIT, Command.MENU):
            return self._command(command)
        if not self.mode.handle(self, event):
            self.map.handle(event)
        return None

    def _button(self, element: object) -> Result:
        for key, widget in self.widgets.items():
            if widget is element:
                if key.startswith("choice_") and key[7:].isdigit():
                    self.choose(int(key[7:]))
                    return None
                if key == "cast_now":
                    self.spells.request_cast()
                    return None
                if key == "fire_orders":
                    self.order_button.press()
                    return None
                if key == "choice_more":
                    self.panel.choice_page += 1
                    self.rebuild()
                    return None
                try:
                    return self._command(Command(key))
                except ValueError:
                    return None
        return None

    def _command(self, command: Command) -> Result:
        if command is Command.CANCEL:
            if self.rules_panel.close():
                return None
            if self.show_help:
                self.show_help = False
                return None
            if self.controller.mode in (Mode.IDLE, Mode.OVER) or self.ai_turn():
                return self.to_menu()
            self.controller_command("cancel")
            return None
        if command is Command.CAST:
            self.spells.request_cast()
            return None
        if command in CONTROLLER_COMMANDS:
            self.controller_command(command.value)
            return None
        if command in AI_COMMANDS:
            self.strip.command(command)
            return None
        if command is Command.END_PHASE:
            self.end_phase()
        elif command is Command.UNDO:
            self.undo()
        elif command is Command.SAVE:
            self.save()
        elif command is Command.LOAD:
            self.autosave()
            return self.app.screens.load(self.app)
        elif command is Command.HELP:
            self.show_help = not self.show_help
        elif command is Command.RULES:
            self.rules_panel.open(self.rule_at_hand())
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
        if isinstance(self.mode, ResultsMode) and self.mode.done(self, dt):
            self.results_seen()
        if self.ai is not None and self.interphase.current is None and self.spells.tend():
            self.changed()  # passed quietly once the Krob's step has been shown
        self.strip.drive()
        self.follow_beat()
        self.view_return.update()
        if self.board_drawn and self.reveals.flashes:
            self.reveals.advance(dt, self.app.settings.animation_speed)
        if (
            self.game.over
            and not self.end_shown
            and self.interphase.current is None
            and not self.reveals.flashes
        ):
            self.end_shown = True
            if self.results_showing:
                self._end_results()
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
            self.panel.refresh_info()
            self.refresh_controls()
        self.line.tick(dt)
        return None

    @property
    def animating(self) -> bool:
        """A Gharv interphase or a reveal being shown, or the map's zoom animation
        (App.run)."""
        return (
            self.interphase.current is not None
            or bool(self.reveals.flashes)
            or self.map.animating
            or self.results_showing  # its delay runs out
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
        self.unit_rects = draw_counters(self, screen)
        self.marks.draw(screen, self.game, self.map.viewport, self.unit_rects)
        self.painter.draw(screen, self.map, self.controller, self.unit_rects)
        beat = self.interphase.current
        if beat is not None:
            draw_beat(screen, self.map, beat, self.interphase.progress)
        self.reveals.draw(screen, self.map)
        self.mode.draw(self, screen)
        if self.ai is not None:
            self.strip.draw(screen)
        if self.unverified_badge:
            draw_badge(screen, self.map.viewport, self.unverified_badge)
        self._draw_message(screen)
        self.board_drawn = True

    def _draw_message(self, screen: pygame.Surface) -> None:
        self.line.draw(screen, screen.get_width() - self.map.viewport.right)

    def draw_overlay(self, screen: pygame.Surface) -> None:
        if isinstance(self.mode, HandOverMode):
            self.mode.draw_cover(self, screen)
        elif self.show_help:
            draw_key_list(screen, keymap.help_rows(), self.map.viewport, _("Keys"))
