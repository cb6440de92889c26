"""The game screen: the map with its counters, the phase bar, the hover and log panels,
save / load / undo / autosave, the quit prompt and the hotseat hand-over screen.

Input is a small state machine: `scene.mode` is an `InputMode` that sees map events
first. `IdleMode` (now) only hovers; the next step adds the modes that select a
character and build a move, a shot or an attack, and answer decisions. A mode calls
`scene.apply(action)` — the screen's one door to `Game.apply` — which shows a refusal's
reason, autosaves when the phase changes and brings up the hand-over screen when the
other player is to decide. `HandOverMode` covers the whole window: while it is the mode
nothing of the game is drawn (`board_drawn` stays False, the panels are destroyed).
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from dragonnoir.engine.actions import Action, EndPhase
from dragonnoir.engine.events import DieRolled, Event, GameEnded, PhaseBegan, TurnBegan
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import save_game
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui import keymap
from dragonnoir.ui.app import App, Quit, Reset, Result, Scene
from dragonnoir.ui.keymap import Command
from dragonnoir.ui.library import new_save_path
from dragonnoir.ui.map_view import MapControl, draw_key_help
from dragonnoir.ui.pieces import draw_counters
from dragonnoir.ui.storage import autosave_path

BAR_H = 48
SIDE_W = 380
HOVER_H = 190
MESSAGE_H = 28
MESSAGE_SECONDS = 8.0


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


class IdleMode(InputMode):
    """Nothing selected: hover a hex to read it; the acting modes come next."""

    name = "idle"

    def hint(self, scene: GameScene) -> str:
        return "hover a hex to read it"


class HandOverMode(InputMode):
    """The board is hidden until the player whose decision it is clicks or presses a key."""

    name = "handover"

    def __init__(self, side: Side) -> None:
        self.side = side

    def handle(self, scene: GameScene, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN
            and event.key not in (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT)
            and keymap.command_for(event) not in (Command.QUIT, Command.MENU)
        ):
            scene.end_handover()
        return True


def side_name(side: Side | None) -> str:
    return {Side.ADVENTURERS: "Adventurers", Side.KROBS: "Krobs", Side.GHARVS: "Gharvs"}.get(
        side,  # type: ignore[arg-type]
        "nobody",
    )


def has_hidden_information(game: Game) -> bool:
    """Does the position hide anything from one player (face-down accessories)? The
    scenarios issue adds hidden placement; it belongs here too."""
    return any(not a.face_up for a in game.state.accessories.values())


class GameScene(Scene):
    title = "Game"

    def __init__(
        self,
        app: App,
        game: Game,
        *,
        save_path: Path | None = None,
        new: bool = False,
    ) -> None:
        super().__init__(app)
        self.game = game
        self.save_path = save_path
        #: Progress since the last save or load (the quit prompt asks about it).
        self.unsaved = new
        self.mode: InputMode = IdleMode()
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
        self._last_side = game.to_act()
        self._autosaved: tuple[int, str] | None = None
        self._hover: Hex | None = None
        self._log_len = 0
        #: The log panel's lines (HTML), one per event of `game.log`.
        self.log_lines: list[str] = []
        #: (unit id, screen rect) of each counter drawn in the last frame, bottom first.
        self.unit_rects: list[tuple[str, pygame.Rect]] = []
        self.widgets: dict[str, object] = {}
        self.autosave()
        if self._handover_wanted() and self._last_side is not None:
            self.mode = HandOverMode(self._last_side)

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
            ("end_phase", "End phase", 110),
            ("undo", "Undo", 64),
            ("save", "Save", 64),
            ("load", "Load", 64),
            ("help", "Help", 60),
            ("menu", "Menu", 70),
        )
        x = w - 8 - sum(bw + 6 for _, _, bw in buttons)
        self.widgets["phase"] = UILabel(
            pygame.Rect(10, 4, x - 20, BAR_H - 14),
            self.phase_text(),
            m,
            container=bar,
            object_id=ObjectID(object_id="#phase_label"),
        )
        for key, text, bw in buttons:
            self.widgets[key] = UIButton(pygame.Rect(x, 5, bw, BAR_H - 16), text, m, container=bar)
            x += bw + 6
        self.widgets["hover"] = UITextBox(
            "", pygame.Rect(w - SIDE_W, BAR_H, SIDE_W, HOVER_H), m, container=root
        )
        self.widgets["log"] = UITextBox(
            "", pygame.Rect(w - SIDE_W, BAR_H + HOVER_H, SIDE_W, h - BAR_H - HOVER_H), m,
            container=root,
        )  # fmt: skip
        self.widgets["message"] = UILabel(
            pygame.Rect(0, h - MESSAGE_H, w - SIDE_W, MESSAGE_H),
            self.message_text,
            m,
            container=root,
            object_id=ObjectID(object_id="#message"),
        )
        self.refresh()

    # -- text of the panels -------------------------------------------------------------

    def phase_text(self) -> str:
        game = self.game
        state = game.state
        if game.over:
            ended = [e.text() for e in game.log if isinstance(e, GameEnded)]
            return f"Game over. {ended[-1] if ended else ''}"
        limit = f"/{state.turn_limit}" if state.turn_limit else ""
        who = side_name(game.to_act())
        decision = ""
        if state.pending:
            decision = f" (decision: {state.pending[0].kind})"
        return f"Turn {state.turn}{limit} · {game.phase.title} · {who} to act{decision}"

    def hover_html(self, h: Hex | None) -> str:
        game = self.game
        if h is None:
            return "<i>Hover a hex: terrain, level, cover, movement cost and who is there.</i>"
        cell = game.board.cells.get(h)
        where = html.escape(game.where(h))
        if cell is None:
            return f"<b>{where}</b><br>off the map"
        terrain = game.rules.terrain.get(cell.terrain) if game.rules is not None else None
        lines = [f"<b>{where}</b>"]
        if terrain is None:
            lines.append(f"terrain {html.escape(cell.terrain)}")
        else:
            cost = "impassable" if terrain.move_cost is None else f"{terrain.move_cost} MP"
            lines.append(f"<b>{html.escape(terrain.name)}</b>")
            lines.append(f"movement cost: {cost}")
            lines.append(f"cover: {terrain.cover.value}")
        level = f"level {cell.level:+g}" if cell.level else "level 0"
        if cell.walkway:
            level += ", walkway deck at +1"
        lines.append(level)
        roster = getattr(game.rules, "roster", None)
        for unit in game.units_at(h):
            counter = roster.get(unit.kind) if roster is not None else None
            name = counter.name if counter is not None else unit.id
            colour = "#8fb4f0" if unit.side is Side.ADVENTURERS else "#f08f7a"
            lines.append(
                f"<font color='{colour}'>{html.escape(name)}</font> "
                f"({side_name(unit.side).lower()}, {unit.status.value.replace('_', ' ')})"
            )
        return "<br>".join(lines)

    @staticmethod
    def event_html(event: Event) -> str:
        text = html.escape(event.text())
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
            phase.set_text(self.phase_text())
        log = self.widgets.get("log")
        if isinstance(log, UITextBox):
            events = self.game.log
            if len(events) < self._log_len or self._log_len == 0:
                self.log_lines = [self.event_html(e) for e in events]
                log.set_text("<br>".join(self.log_lines))
            elif len(events) > self._log_len:
                new = [self.event_html(e) for e in events[self._log_len :]]
                self.log_lines.extend(new)
                log.append_html_text("<br>" + "<br>".join(new))
            self._log_len = len(events)
            if log.scroll_bar is not None:
                log.scroll_bar.set_scroll_from_start_percentage(1.0)
        undo = self.widgets.get("undo")
        if isinstance(undo, UIButton):
            if self.game.can_undo():
                undo.enable()  # type: ignore[no-untyped-call]
            else:
                undo.disable()  # type: ignore[no-untyped-call]

    def message(self, text: str) -> None:
        """A line under the map (a refusal's reason, "saved", "nothing to undo")."""
        self.message_text = " ".join(text.split())
        self.message_left = MESSAGE_SECONDS
        label = self.widgets.get("message")
        if isinstance(label, UILabel):
            label.set_text(self.message_text)

    # -- the one door to the engine ------------------------------------------------------

    def apply(self, action: Action) -> list[Event] | None:
        """Apply `action`; on refusal show the engine's reason and return None."""
        verdict = self.game.explain(action)
        if not verdict.legal:
            self.message(f"Not allowed: {verdict}")
            return None
        try:
            events = self.game.apply(action)
        except IllegalAction as exc:  # the verdict changed between explain and apply
            self.message(f"Not allowed: {exc}")
            return None
        self.changed()
        return events

    def end_phase(self) -> None:
        self.apply(EndPhase())

    def undo(self) -> None:
        if not self.game.undo():
            self.message("Nothing to undo: undo stops at the last die roll or reveal.")
            return
        self.message("Undone.")
        self.changed()

    def changed(self) -> None:
        """After every change of the game: panels, autosave, hand-over."""
        self.unsaved = True
        key = (self.game.state.turn, self.game.state.phase)
        if key != self._autosaved:
            self.autosave()
        side = self.game.to_act()
        if side is not None and side != self._last_side and self._handover_wanted():
            self._last_side = side
            self.start_handover(side)
            return
        self._last_side = side
        self.refresh()

    # -- hand-over ---------------------------------------------------------------------------

    def _handover_wanted(self) -> bool:
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
        self.mode = IdleMode()
        if self.root is not None:
            self.rebuild()

    # -- files ---------------------------------------------------------------------------

    def autosave(self) -> bool:
        """Write the autosave (atomic); a failure is a message, never a crash."""
        try:
            save_game(self.game, autosave_path())
        except (DragonNoirError, OSError) as exc:
            self.message(f"Autosave failed: {exc}")
            return False
        self._autosaved = (self.game.state.turn, self.game.state.phase)
        return True

    def save(self) -> bool:
        path = self.save_path or new_save_path(self.game)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_game(self.game, path)
        except (DragonNoirError, OSError) as exc:
            self.message(f"Could not save: {exc}")
            return False
        self.save_path = path
        self.unsaved = False
        self.message(f"Saved as {path.name} in the saves folder.")
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
        return self._leave_to(Reset(), "leave")

    def close_requested(self) -> Result:
        return self._leave_to(Quit(), "quit")

    @property
    def quit_prompt(self) -> Scene | None:
        """The confirmation dialog on top of this scene, if any (for tests)."""
        top = self.app.scene
        return top if getattr(top, "parent", None) is self else None

    # -- events ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if self.handover_showing:
            if keymap.command_for(event) in (Command.QUIT, Command.MENU):
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
                try:
                    return self._command(Command(key))
                except ValueError:
                    return None
        return None

    def _command(self, command: Command) -> Result:
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
        if not self.handover_showing:
            self.map.update(dt)
            h = self.map.hover_hex()
            if h != self._hover:
                self._hover = h
                box = self.widgets.get("hover")
                if isinstance(box, UITextBox):
                    box.set_text(self.hover_html(h))
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0:
                self.message("")
        return None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        screen.fill((16, 13, 11))
        if self.handover_showing:
            self.board_drawn = False
            return
        self.map.draw(screen, (), self.map.hover_hex())
        self.unit_rects = draw_counters(screen, self.game, self.map)
        self.mode.draw(self, screen)
        self.board_drawn = True

    def draw_overlay(self, screen: pygame.Surface) -> None:
        if isinstance(self.mode, HandOverMode):
            self._draw_handover(screen, self.mode.side)
        elif self.show_help:
            draw_key_help(screen, keymap.help_rows(), self.map.viewport.center)

    def _draw_handover(self, screen: pygame.Surface, side: Side) -> None:
        w, h = screen.get_size()
        screen.fill((12, 10, 8))
        big = pygame.font.Font(None, 72)
        small = pygame.font.Font(None, 30)
        other = side_name(side.enemy() if side is not Side.GHARVS else None)
        lines = [
            (big, f"{side_name(side)} to play", (232, 195, 106)),
            (small, f"Turn {self.game.state.turn}: {self.game.phase.title}", (200, 188, 166)),
            (small, f"{other}: please look away.", (200, 188, 166)),
            (small, "Click or press a key when ready.", (150, 140, 124)),
        ]
        y = h // 2 - 110
        for font, text, colour in lines:
            surf = font.render(text, True, colour)
            screen.blit(surf, surf.get_rect(midtop=(w // 2, y)))
            y += surf.get_height() + 22
