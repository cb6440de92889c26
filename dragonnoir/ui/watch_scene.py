"""Watching a saved game: the map, the log and the dice, stepped through forwards and
backwards at any speed, seen by one side or by all (docs/watching.md).

The positions come from `engine/replay_steps.py` (the save's actions replayed from its
set-up, as `check_save` replays them to check the file); this screen only moves between
them and draws what the chosen eyes may see (`ui/visibility.py`, as the game screen
does: hidden Krobs stay hidden from the Adventurers' view, the log's secret lines from
the side they are kept from). Nothing is written: no autosave, no settings.

Keys: Right / Left one action on or back, Space play / pause, Home / End the first / last
position, [ and ] slower / faster, V whose view, F2 the rules, +/- and 0 the zoom, Esc
back. Every button says what it does and its key in its tooltip.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from dragonnoir.engine.events import DieRolled, Event
from dragonnoir.engine.replay_steps import Replay, ReplayStepsError
from dragonnoir.engine.save import SaveError, check_save
from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import N_, _, ngettext
from dragonnoir.render.accessories import draw_accessories
from dragonnoir.ui import library
from dragonnoir.ui.app import App, Pop, Result, Scene
from dragonnoir.ui.buttons import set_enabled
from dragonnoir.ui.game_screen.side_panel import SIDE_W
from dragonnoir.ui.game_screen.texts import event_html, phase_title
from dragonnoir.ui.game_screen.top_bar import fitting
from dragonnoir.ui.map_view import MapControl
from dragonnoir.ui.names import names_of
from dragonnoir.ui.pieces import _counter_art, _draw_placeholders, _walkways
from dragonnoir.ui.rules_panel import RulesPanel
from dragonnoir.ui.visibility import Visibility, readable_log, visible_to

BAR_H = 52
#: Actions shown a second while playing, slowest first (the speed button cycles them).
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
DEFAULT_SPEED = 2
#: Whose eyes: the choice's key and its words (as `dragonnoir replay --side`).
VIEWS: tuple[tuple[Side | None, str], ...] = (
    (None, N_("View: all")),
    (Side.ADVENTURERS, N_("View: Adventurers")),
    (Side.KROBS, N_("View: Krobs")),
)
#: The bar's buttons: (key, text, tooltip, width).
BUTTONS = (
    ("start", N_("|<"), N_("Go to the start (Home)"), 44),
    ("back", N_("<"), N_("One action back (Left)"), 44),
    ("play", N_("Play"), N_("Play the actions one after the other / pause (Space)"), 74),
    ("forward", N_(">"), N_("One action on (Right)"), 44),
    ("end", N_(">|"), N_("Go to the end (End)"), 44),
    ("speed", "", N_("How many actions a second while playing ([ slower, ] faster)"), 90),
    ("view", "", N_("Whose view: all, the Adventurers' or the Krobs' (V)"), 170),
    ("rules", N_("Rules"), N_("The rules at hand: our summary of each rule (F2)"), 70),
    ("menu", N_("Back"), N_("Back to the menu (Esc)"), 70),
)


class WatchError(DragonNoirError):
    """Why a save cannot be watched, in the player's words (as Load says it)."""


def open_replay(path: Path, rules: object = None) -> Replay:
    """The positions of the save at `path`; `WatchError` saying why not, in the words
    the Load list uses for a save that does not check out or cannot be read."""
    try:
        check = check_save(path, rules=rules)
    except OSError as exc:
        raise WatchError(_("Cannot read {path}: {why}").format(path=path, why=exc)) from None
    if not check.ok or check.game is None:
        if check.fault is not None:
            raise WatchError(library.replay_said(check))
        problem = (
            check.problems[0] if check.problems else SaveError(path, "the replay did not finish")
        )
        raise WatchError(" ".join(str(problem).split()))
    try:
        return Replay(check.game)
    except ReplayStepsError as exc:
        raise WatchError(str(SaveError(path, str(exc)))) from None


class WatchScene(Scene):
    title = N_("Watch a replay")

    def __init__(
        self, app: App, replay: Replay, *, side: Side | None = None, name: str = ""
    ) -> None:
        super().__init__(app)
        self.replay = replay
        self.game = replay.game
        self.name = name
        self.view = next(i for i, (s, _w) in enumerate(VIEWS) if s is side)
        self.speed = DEFAULT_SPEED
        self.playing = False
        #: Seconds since the last step while playing.
        self._waited = 0.0
        self.widgets: dict[str, object] = {}
        #: Whose log the log box shows, and how many lines of it.
        self._log_shown: tuple[Side | None, int] | None = None
        self.rules_panel = RulesPanel(self, self.game.rules)
        self.map = MapControl(self.game.board, self.map_rect(), {})
        self.map.view.show_seams = False
        self.replay.go_to(replay.first)
        self.frame_on_counters()

    def frame_on_counters(self) -> None:
        """Open on the counters the chosen eyes see, at a zoom where they can be read."""
        grid = self.map.view.grid
        vis = self.visibility()
        points = [
            grid.hex_centre(u.hex)
            for u in self.game.state.units.values()
            if u.hex is not None and u.alive and vis.sees_unit(u)
        ]
        if points:
            self.map.frame(points, focus=points, lowest=0.6)
        else:
            self.map.fit()

    # -- what is shown (read by tests) -----------------------------------------------------

    @property
    def side(self) -> Side | None:
        return VIEWS[self.view][0]

    def visibility(self) -> Visibility:
        """What the chosen eyes may see at the position shown."""
        return visible_to(self.game, self.side)

    def log_lines(self) -> list[str]:
        """The log as the chosen eyes may read it, up to the position shown (HTML)."""
        names = names_of(self.game)
        return [event_html(names, e, link=True) for _i, e in readable_log(self.game, self.side)]

    def step_lines(self) -> list[str]:
        """What the last action did, its dice first (HTML), as the chosen eyes may read it."""
        names = names_of(self.game)
        readable = {id(e) for _i, e in readable_log(self.game, self.side)}
        events: Sequence[Event] = [e for e in self.replay.new_events() if id(e) in readable]
        dice = [e for e in events if isinstance(e, DieRolled)]
        rest = [e for e in events if not isinstance(e, DieRolled)]
        return [event_html(names, e, link=True) for e in (*dice, *rest)]

    def position_texts(self) -> list[str]:
        """Where the replay is, longest first: the bar shows the first that fits."""
        r = self.replay
        turn = self.game.state.turn
        phase = phase_title(self.game)
        said = _("Action {at} of {total} · turn {turn} · {phase}").format(
            at=r.at, total=r.last, turn=turn, phase=phase
        )
        short = _("{at}/{total} · turn {turn}").format(at=r.at, total=r.last, turn=turn)
        named = [f"{self.name} · {said}"] if self.name else []
        return [*named, said, f"{short} · {phase}", short, f"{r.at}/{r.last}"]

    def position_text(self) -> str:
        return self.position_texts()[0]

    def speed_text(self) -> str:
        per_second = SPEEDS[self.speed]
        if per_second < 1:
            return _("1 every {n} s").format(n=round(1 / per_second))
        n = round(per_second)
        return ngettext("{n} a second", "{n} a second", n).format(n=n)

    # -- layout ----------------------------------------------------------------------------

    def map_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(0, BAR_H, max(1, w - SIDE_W), max(1, h - BAR_H))

    def build(self, root: UIContainer) -> None:
        self.map.resize(self.map_rect())
        w, h = self.app.size
        m = self.manager
        bar = UIPanel(
            pygame.Rect(0, 0, w, BAR_H),
            manager=m,
            container=root,
            object_id=ObjectID(object_id="#phase_bar"),
        )
        font = m.get_theme().get_font(["button"])
        texts = {key: (self.button_text(key, text), tip, bw) for key, text, tip, bw in BUTTONS}
        widths = {k: max(bw, font.size(t)[0] + 16) for k, (t, _tip, bw) in texts.items()}
        x = w - 8 - sum(bw + 6 for bw in widths.values())
        position = UILabel(
            pygame.Rect(10, 12, max(40, x - 20), 28),
            "",
            m,
            container=bar,
            object_id=ObjectID(object_id="#phase_label"),
        )
        position.set_text(fitting(position, self.position_texts()))
        self.widgets = {"position": position}
        for key, (text, tip, _bw) in texts.items():
            self.widgets[key] = UIButton(
                pygame.Rect(x, 7, widths[key], BAR_H - 18),
                text,
                m,
                container=bar,
                tool_tip_text=_(tip),
            )
            x += widths[key] + 6
        step_h = 150
        self.widgets["step"] = UITextBox(
            self.step_html(), pygame.Rect(w - SIDE_W, BAR_H, SIDE_W, step_h), m, container=root
        )
        lines = self.log_lines()
        self._log_shown = (self.side, len(lines))
        self.widgets["log"] = UITextBox(
            "<br>".join(lines),
            pygame.Rect(w - SIDE_W, BAR_H + step_h, SIDE_W, max(40, h - BAR_H - step_h)),
            m,
            container=root,
        )
        _scroll_to_end(self.widgets["log"])
        self._enable_steps()
        self.rules_panel.build(root, self.map_rect())

    def button_text(self, key: str, text: str) -> str:
        if key == "speed":
            return self.speed_text()
        if key == "view":
            return _(VIEWS[self.view][1])
        if key == "play":
            return _("Pause") if self.playing else _("Play")
        return _(text)

    def step_html(self) -> str:
        lines = self.step_lines()
        if not lines:
            lines = [html.escape(_("The game as set up: press Right or Play to see it unfold."))]
        head = html.escape(_("The last action:"))
        return f"<b>{head}</b><br>" + "<br>".join(lines)

    def _enable_steps(self) -> None:
        for key, off in (
            ("start", self.replay.at_start),
            ("back", self.replay.at_start),
            ("forward", self.replay.at_end),
            ("end", self.replay.at_end),
        ):
            set_enabled(self.widgets.get(key), not off)

    def shown(self) -> None:
        """Bring the bar, the last action and the log to the position now shown (the
        widgets' texts changed in place: a step is no rebuild of the screen)."""
        if self.root is None:
            return
        position = self.widgets.get("position")
        if isinstance(position, UILabel):
            position.set_text(fitting(position, self.position_texts()))
        for key, text, _tip, _bw in BUTTONS:
            button = self.widgets.get(key)
            if isinstance(button, UIButton):
                button.set_text(self.button_text(key, text))
        step = self.widgets.get("step")
        if isinstance(step, UITextBox):
            step.set_text(self.step_html())
        log = self.widgets.get("log")
        if isinstance(log, UITextBox):
            self._show_log(log)
        self._enable_steps()

    def _show_log(self, box: UITextBox) -> None:
        """The log up to the position shown: a step on adds its lines (laying out the
        whole log again takes a tenth of a second, too long when playing fast)."""
        lines = self.log_lines()
        shown = self._log_shown
        if shown and shown[0] == self.side and shown[1] < len(lines) and shown[1] > 0:
            box.append_html_text("<br>" + "<br>".join(lines[shown[1] :]))
        elif not shown or shown != (self.side, len(lines)):
            box.set_text("<br>".join(lines))
        self._log_shown = (self.side, len(lines))
        _scroll_to_end(box)

    # -- moving between positions ----------------------------------------------------------

    def go_to(self, n: int) -> None:
        self.replay.go_to(n)
        if self.replay.at_end:
            self.playing = False
        self.shown()

    def forward(self) -> None:
        if self.replay.forward():
            events = self.replay.new_events()
            self.app.sound.play_events(events)
        else:
            self.playing = False
        self.shown()

    def back(self) -> None:
        self.replay.back()
        self.shown()

    def toggle_play(self) -> None:
        self.playing = not self.playing and not self.replay.at_end
        self._waited = 0.0
        self.shown()

    def faster(self, by: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + by))
        self.shown()

    def next_view(self) -> None:
        self.view = (self.view + 1) % len(VIEWS)
        self.shown()

    # -- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        if self.rules_panel.handle(event) or self.rules_panel.follow_link(event):
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._pressed(event.ui_element)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        self.map.handle(event)
        return None

    def _pressed(self, element: object) -> Result:
        found = next((k for k, w in self.widgets.items() if w is element), None)
        actions: dict[str, Callable[[], None]] = {
            "start": lambda: self.go_to(self.replay.first),
            "back": self.back,
            "play": self.toggle_play,
            "forward": self.forward,
            "end": lambda: self.go_to(self.replay.last),
            "speed": lambda: self.faster(1 if self.speed < len(SPEEDS) - 1 else -self.speed),
            "view": self.next_view,
            "rules": lambda: self.rules_panel.open(""),
        }
        if found == "menu":
            return Pop()
        if found is not None and found in actions:
            actions[found]()
        return None

    def _key(self, key: int) -> Result:
        keys: dict[int, Callable[[], None]] = {
            pygame.K_RIGHT: self.forward,
            pygame.K_LEFT: self.back,
            pygame.K_SPACE: self.toggle_play,
            pygame.K_HOME: lambda: self.go_to(self.replay.first),
            pygame.K_END: lambda: self.go_to(self.replay.last),
            pygame.K_RIGHTBRACKET: lambda: self.faster(1),
            pygame.K_LEFTBRACKET: lambda: self.faster(-1),
            pygame.K_v: self.next_view,
            pygame.K_F2: lambda: self.rules_panel.open(""),
            pygame.K_0: self.map.fit,
            pygame.K_PLUS: lambda: self.map.zoom_step(1),
            pygame.K_EQUALS: lambda: self.map.zoom_step(1),
            pygame.K_MINUS: lambda: self.map.zoom_step(-1),
        }
        if key == pygame.K_ESCAPE:
            if self.rules_panel.close():
                return None
            return Pop()
        if key in keys:
            keys[key]()
        return None

    def update(self, dt: float) -> Result:
        self.map.update(dt)
        if self.playing:
            self._waited += dt
            if self._waited >= 1.0 / SPEEDS[self.speed]:
                self._waited = 0.0
                self.forward()
        return None

    @property
    def animating(self) -> bool:
        return self.playing or self.map.animating

    # -- drawing -----------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        vp = self.map.viewport
        w, h = screen.get_size()
        screen.fill((16, 13, 11), (0, 0, w, vp.top))
        screen.fill((16, 13, 11), (vp.right, vp.top, w - vp.right, h - vp.top))
        self.map.draw(screen)
        vis = self.visibility()
        draw_accessories(
            screen,
            self.map.camera,
            self.map.view.grid,
            vis.accessories(self.game),
            vp,
            vis.knows_real,
        )
        art = _counter_art(self.game)
        if art is None:
            _draw_placeholders(screen, self.game, self.map, vis.sees_unit)
            return
        units = [
            u for u in self.game.state.units.values() if u.hex is not None and vis.sees_unit(u)
        ]
        art.draw_units(
            screen,
            self.map.camera,
            self.map.view.grid,
            units,
            viewport=vp,
            walkways=_walkways(self.game),
            placement_key=(id(self.game), id(self.game.state), self.game.version, self.side, -1),
        )


def _scroll_to_end(box: object) -> None:
    """The log shows its last lines, as the game's does."""
    if isinstance(box, UITextBox) and box.scroll_bar is not None:
        box.scroll_bar.set_scroll_from_start_percentage(1.0)
