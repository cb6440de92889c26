"""The game client's application: one window, one pygame_gui manager, a stack of scenes.

A scene builds its widgets in `enter()` inside its own root container and destroys them
in `leave()`; it keeps its real state in plain attributes, so leaving and entering again
(another scene pushed on top, the window resized) rebuilds the same screen. `handle(event)`
and `update(dt)` return what happens next — `None` (stay), a `Scene` (push it on top), or a
transition (`Push`, `Pop`, `Replace`, `Reset`, `Quit`). A dialog (`covers = False`)
wraps its parent: the parent stays drawn underneath and keeps its widgets, the dialog's
blocking window takes the input.

`App.step()` runs one frame (events, update, draw): tests post pygame events and step it
with the SDL dummy driver; `App.run()` is the real-time loop around it.

Idle pacing: a menu nobody touches does not need 60 frames a second (the main menu
took ~70% of a core under Xvfb doing so). `run()` draws at 60 fps while the player is
using the window (for `ACTIVE_SECONDS` after the last input event: hover highlights,
presses, drags stay smooth), while a key or mouse button is held, and while a shown
scene says it is `animating`; otherwise it sleeps, looking for events every
`POLL_SECONDS` (8 ms), and draws a frame when one comes or after 1 / `IDLE_FPS` s, so
timers (text cursors, tooltips, messages that fade) still run. Input is handled no
later than at full rate (a frame is 16.7 ms).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Union

import pygame
import pygame_gui

from dragonnoir import resources
from dragonnoir.i18n import _, choose, language, set_language
from dragonnoir.render.icon import window_icon
from dragonnoir.safe_write import WriteError
from dragonnoir.ui.settings import Settings, load_settings, save_settings
from dragonnoir.ui.tooltips import give_tooltips
from dragonnoir.ui.window_size import desktop_size, opening_size, remembered

if TYPE_CHECKING:
    from dragonnoir.engine.events import Event
    from dragonnoir.ui.navigation import Screens

THEME_PATH = resources.theme_file()
BACKGROUND = (16, 13, 11)
#: Set to "exit" to quit after the first frame (benchmarks/startup.py).
FIRST_FRAME_ENV = "DRAGONNOIR_FIRST_FRAME"
#: Frames a second while something moves or the player is using the window.
ACTIVE_FPS = 60
#: Frames a second, at least, when nothing moves and no input comes.
IDLE_FPS = 4
#: How often an idle app looks for events: well under a frame at full rate.
POLL_SECONDS = 0.008
#: Seconds of full rate after the last input event.
ACTIVE_SECONDS = 1.0
#: Events that are the player's input (they keep the full frame rate going).
INPUT_EVENTS = frozenset(
    (
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
        pygame.VIDEORESIZE,
        pygame.WINDOWSIZECHANGED,
        pygame.WINDOWENTER,
        pygame.WINDOWLEAVE,
        pygame.WINDOWFOCUSGAINED,
        pygame.WINDOWFOCUSLOST,
        pygame.WINDOWEXPOSED,
    )
)


@dataclass
class Push:
    scene: Scene


@dataclass
class Pop:
    pass


@dataclass
class Replace:
    scene: Scene


@dataclass
class Reset:
    """Clear the stack down to the main menu, then push `scene` (if any) on it."""

    scene: Scene | None = None


@dataclass
class BackTo:
    """Leave the scenes above `scene` (the map editor, from its test game and that
    game's end screen), then push `then` (if any) on it."""

    scene: Scene
    then: Scene | None = None


@dataclass
class Quit:
    pass


Transition = Union[Push, Pop, Replace, Reset, BackTo, Quit]  # noqa: UP007 (runtime alias)
Result = Union["Scene", Transition, None]


class Scene:
    """One screen of the client."""

    #: False for dialogs: the scene below stays drawn and keeps its widgets.
    covers = True
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    # -- widgets -------------------------------------------------------------------

    def enter(self) -> None:
        """Build the widgets (the scene is now on top, or the window changed size)."""
        self.root = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.size), self.manager, starting_height=1
        )
        self.build(self.root)

    def build(self, root: pygame_gui.core.UIContainer) -> None:
        """Create the widgets inside `root`."""

    def leave(self) -> None:
        """Destroy the widgets (the scene is covered or gone)."""
        if self.root is not None:
            self.root.kill()  # type: ignore[no-untyped-call]
            self.root = None

    def rebuild(self) -> None:
        self.leave()
        self.enter()

    # -- behaviour -----------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> Result:
        return None

    def update(self, dt: float) -> Result:
        return None

    def close_requested(self) -> Result:
        """The window's close button was pressed."""
        return Quit()

    # -- drawing ---------------------------------------------------------------------

    def draw(self, screen: pygame.Surface) -> None:
        """Draw under the widgets."""
        screen.fill(BACKGROUND)

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Draw over the widgets (help boxes, hand-over covers)."""

    @property
    def animating(self) -> bool:
        """True while something on this screen moves on its own (an animation, a held
        key scrolling the map, a computer player at work): `App.run` then keeps drawing
        at full rate. A scene that changes only on input leaves it False and is drawn a
        few times a second when the player does nothing."""
        return False


class Sounds(Protocol):
    """What the screens ask of the game's sounds (`ui.sound.SoundBoard`; tests give a
    board that records what it was asked to play)."""

    def play(self, name: str) -> bool: ...

    def play_events(self, events: Iterable[Event]) -> list[str]: ...


def speak(settings: Settings) -> str:
    """Speak the language the settings choose, unless `--lang` or DRAGONNOIR_LANG say
    another (`i18n.choose`); returns the language now in use."""
    return set_language(choose(setting=settings.language or None))


class App:
    """The window, the widget manager, the settings and the scene stack."""

    def __init__(
        self,
        first: Callable[[App], Scene] | None = None,
        *,
        screens: Screens,
        settings: Settings | None = None,
    ) -> None:
        if settings is None:
            settings, warning = load_settings()
        else:
            warning = None
        self.settings = settings
        #: One line for the main menu when the settings file was broken.
        self.settings_warning = warning
        speak(settings)
        self._sound: Sounds | None = None
        pygame.display.init()  # no audio yet: the mixer opens with the first sound
        pygame.font.init()
        pygame.key.set_repeat(0)
        pygame.display.set_caption("Dragon Noir 2: L'Epreuve")
        pygame.display.set_icon(window_icon())  # before the window opens (SDL)
        self.screen = self._open_window()
        #: The window size the settings held when the app opened (a new one is saved).
        self._opened_with = settings.window_size
        self.manager = pygame_gui.UIManager(self.size, str(THEME_PATH))
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                for size in (14,)
                for style in ("bold", "italic")
            ]
        )
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0
        #: `time.monotonic()` of the last input event (see `ACTIVE_SECONDS`).
        self.last_input = time.monotonic()
        #: Keys down now (KEYDOWN without its KEYUP yet), for `busy`.
        self.held_keys: set[int] = set()
        #: The screens scenes open one another through (ui/navigation.py).
        self.screens = screens
        self._push((first or screens.main_menu)(self))

    # -- the window --------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.screen.get_size()
        return (w, h)

    def _open_window(self) -> pygame.Surface:
        s = self.settings
        if s.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(opening_size(s, desktop_size()), pygame.RESIZABLE)

    def apply_settings(self, settings: Settings) -> str | None:
        """Keep `settings`, write them to the config folder, resize the window if asked;
        returns a one-line error if they could not be written."""
        old = self.settings
        self.settings = settings
        self.settings_warning = None
        error = None
        try:
            save_settings(settings)
        except WriteError as exc:
            error = _("Could not write the settings: {why}").format(why=exc)
        if (old.sound_volume, old.sound_muted) != (settings.sound_volume, settings.sound_muted):
            self._sound = None  # built again from the new settings when next heard
        before = language()
        relanguage = old.language != settings.language and speak(settings) != before
        if (old.window_size, old.fullscreen) != (settings.window_size, settings.fullscreen):
            self.screen = self._open_window()
            self._resized()
        elif relanguage:
            self._resized()  # every scene's widgets built again, in the new language
        return error

    @property
    def sound(self) -> Sounds:
        """The game's sounds at the settings' volume (made on first use: the main menu's
        first frame loads no engine, and a game that never makes a sound never opens
        the audio device)."""
        if self._sound is None:
            from dragonnoir.ui.sound import SoundBoard

            s = self.settings
            self._sound = SoundBoard(s.sound_volume / 100, s.sound_muted)
        return self._sound

    @sound.setter
    def sound(self, board: Sounds) -> None:
        self._sound = board

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self.settings = remembered(self.settings, self.size)  # written when the app closes
        self.manager.set_window_resolution(self.size)
        for scene in self.stack:
            if scene.root is not None:
                scene.rebuild()

    # -- the stack -------------------------------------------------------------------

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    def _push(self, scene: Scene) -> None:
        if self.stack and scene.covers:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.enter()

    def _pop(self) -> None:
        top = self.stack.pop()
        top.leave()
        if not self.stack:
            self.running = False
            return
        if self.stack[-1].root is None:
            self.stack[-1].enter()

    def _clear_to_menu(self) -> None:
        while len(self.stack) > 1:
            self.stack.pop().leave()
        if self.stack and self.stack[0].root is None:
            self.stack[0].enter()

    def go(self, result: Result) -> None:
        """Carry out what a scene returned."""
        if result is None:
            return
        if isinstance(result, Scene):
            self._push(result)
        elif isinstance(result, Push):
            self._push(result.scene)
        elif isinstance(result, Pop):
            self._pop()
        elif isinstance(result, Replace):
            top = self.stack.pop()
            top.leave()
            self.stack.append(result.scene)
            result.scene.enter()
        elif isinstance(result, Reset):
            self._clear_to_menu()
            if result.scene is not None:
                self._push(result.scene)
        elif isinstance(result, BackTo):
            while len(self.stack) > 1 and self.stack[-1] is not result.scene:
                self._pop()
            if result.then is not None:
                self._push(result.then)
        elif isinstance(result, Quit):
            self.running = False

    # -- frames ------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        """One event: the window, then the widgets, then the scene on top."""
        if event.type == pygame.QUIT:
            self.go(self.scene.close_requested())
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if self.size != self.manager.window_resolution:
                self._resized()
            return
        consumed = self.manager.process_events(event)
        if consumed and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEWHEEL,
        ):
            return
        self.go(self.scene.handle(event))

    def step(self, dt: float | None = None, first: pygame.event.Event | None = None) -> bool:
        """Run one frame; `dt` (seconds) defaults to the real time since the last one;
        `first`, an event already taken from the queue (`run`'s wait), comes before the
        queued ones. Returns False once the app should stop."""
        if dt is None:
            dt = self.clock.tick(ACTIVE_FPS) / 1000.0
        events = pygame.event.get()
        if first is not None:
            events.insert(0, first)
        for event in events:
            if event.type in INPUT_EVENTS:
                self.last_input = time.monotonic()
                self._note_keys(event)
            self.dispatch(event)
            if not self.running:
                return False
        self.go(self.scene.update(dt))
        if not self.running:
            return False
        give_tooltips(self.manager.get_root_container())  # buttons new since the last frame
        self.manager.update(dt)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        return True

    def draw(self) -> None:
        self.scene.draw(self.screen)
        self.manager.draw_ui(self.screen)
        self.scene.draw_overlay(self.screen)

    def _note_keys(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.held_keys.add(event.key)
        elif event.type == pygame.KEYUP:
            self.held_keys.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held_keys.clear()  # their KEYUPs go to another window

    @property
    def busy(self) -> bool:
        """Whether the next frame should come at full rate (see the module doc)."""
        if time.monotonic() - self.last_input < ACTIVE_SECONDS:
            return True
        # A held key or button sends no more events (key repeat is off) but may scroll
        # the map or drag something every frame.
        if self.held_keys or any(pygame.mouse.get_pressed()):
            return True
        return any(scene.animating for scene in self.stack if scene.root is not None)

    def wait_for_event(self) -> pygame.event.Event | None:
        """Sleep until an event comes or 1 / `IDLE_FPS` s have passed; the event, if
        any. The queue is looked at every `POLL_SECONDS` (pygame's own `event.wait`
        polls every millisecond, which costs more than the frames it saves)."""
        deadline = time.monotonic() + 1.0 / IDLE_FPS
        while True:
            event = pygame.event.poll()
            if event.type != pygame.NOEVENT:
                return event
            if time.monotonic() >= deadline:
                return None
            time.sleep(POLL_SECONDS)

    def run(self) -> int:
        # benchmarks/startup.py times launch -> first frame: this line marks the frame.
        probe = os.environ.get(FIRST_FRAME_ENV) == "exit"
        try:
            first: pygame.event.Event | None = None
            while self.step(first=first):
                if probe:
                    print("dragonnoir: first frame drawn", flush=True)
                    break
                first = None if self.busy else self.wait_for_event()
        finally:
            self.close()
        return 0

    def _keep_window_size(self) -> None:
        """Write the settings when the player resized the window (`remembered`): it opens
        at that size next time. A failure is no error worth a word: it is a comfort."""
        opened = getattr(self, "_opened_with", None)  # None: an App never opened
        if opened is not None and self.settings.window_size != opened:
            with contextlib.suppress(WriteError):
                save_settings(self.settings)

    def close(self) -> None:
        self._keep_window_size()
        for scene in reversed(self.stack):
            scene.leave()
        self.stack.clear()
        with contextlib.suppress(NotImplementedError):  # a pygame without its mixer
            if pygame.mixer.get_init():  # opened by the first sound (`sound`)
                pygame.mixer.quit()
        pygame.quit()
