"""`dragonnoir --selftest`: does this copy of the game carry and run everything it needs?

Written for packaged builds (a pyinstaller binary has no tests and no source tree), and
as useful after `pip install`: it loads the rules data and every shipped board, layout
and scenario through `dragonnoir.resources`, draws one frame of the game screen
off-screen (SDL's dummy driver: no window opens), plays a few random legal actions,
saves the game and loads it back, exports a layout whose tilesets must resolve, and
loads the game's sounds into pygame's mixer (SDL's dummy audio driver: nothing is heard).
It prints one line per check (`ok` or `FAIL` and why) and returns 0 only when all pass.

The player's files are never touched: settings, autosave and saves go to a temporary
`DRAGONNOIR_HOME` for the duration.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from dragonnoir.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

#: Random legal actions played after the first frame.
ACTIONS = 12
SEED = 20240601
SCENARIO = "la-fosse"
LAYOUT = "six-boards"


class Check:
    """Runs named checks, printing one line each; a check returns its detail text."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.failures = 0

    def __call__(self, name: str, fn: Callable[[], str]) -> None:
        started = time.perf_counter()
        try:
            detail = fn()
        except Exception as exc:  # every failure is reported, none stops the others
            self.failures += 1
            failed = _("FAIL {check}: {kind}: {why}").format(
                check=_(name), kind=type(exc).__name__, why=exc
            )
            print(failed, file=self.out, flush=True)
            return
        ms = (time.perf_counter() - started) * 1000
        passed = _("ok   {check}: {detail} ({ms:.0f} ms)").format(
            check=_(name), detail=detail, ms=ms
        )
        print(passed, file=self.out, flush=True)


@contextmanager
def _scratch_home() -> Iterator[Path]:
    """A temporary DRAGONNOIR_HOME and SDL's dummy video driver, restored afterwards."""
    from dragonnoir.ui.storage import HOME_ENV

    saved = {k: os.environ.get(k) for k in (HOME_ENV, "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    with tempfile.TemporaryDirectory(prefix="dragonnoir-selftest-") as tmp:
        os.environ[HOME_ENV] = str(Path(tmp) / "home")
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        try:
            yield Path(tmp)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value


def run_selftest(out: TextIO | None = None) -> int:
    """Run every check; 0 when all pass, 1 otherwise."""
    from dragonnoir import __version__, resources

    out = out or sys.stdout
    check = Check(out)
    heading = (
        _("dragonnoir {version} (frozen): files in {folder}")
        if resources.is_frozen()
        else (_("dragonnoir {version}: files in {folder}"))
    )
    print(heading.format(version=__version__, folder=resources.content_root()), file=out)
    with _scratch_home() as tmp:
        state: dict[str, Game] = {}
        check(N_("rules data"), _rules_data)
        check(N_("boards"), lambda: _load_all("maps"))
        check(N_("layouts"), lambda: _load_all("layouts"))
        check(N_("scenarios"), lambda: _load_all("scenarios"))
        check(N_("game screen"), lambda: _game_screen(state))
        check(N_("random actions"), lambda: _random_actions(state))
        check(N_("save and reload"), lambda: _save_and_reload(state, tmp))
        check(N_("export"), lambda: _export(tmp))
        check(N_("sound"), _sound)
    if check.failures:
        verdict = ngettext(
            "selftest: {n} check failed", "selftest: {n} checks failed", check.failures
        ).format(n=check.failures)
    else:
        verdict = _("selftest: all checks passed")
    print(verdict, file=out, flush=True)
    return 1 if check.failures else 0


def _rules_data() -> str:
    from dragonnoir.engine.tables import default_rules_data

    data = default_rules_data()
    return _("{files} files, {terrains} terrain types").format(
        files=len(data.sources), terrains=len(data.terrain.terrain)
    )


def _load_all(kind: str) -> str:
    from dragonnoir import resources

    items = resources.items(kind)  # type: ignore[arg-type]
    if not items:
        raise RuntimeError(_("nothing in {folder}").format(folder=resources.bundled_dir(kind)))
    for item in items:
        if kind == "maps":
            from dragonnoir.hexmap.board_io import load_board

            load_board(item.path)
        elif kind == "layouts":
            from dragonnoir.hexmap.layout import load_layout

            load_layout(item.path)
        else:
            from dragonnoir.engine.scenario import load_scenario

            load_scenario(item.path)
    return ", ".join(i.id for i in items)


def _game_screen(state: dict[str, Game]) -> str:
    import pygame

    from dragonnoir import resources
    from dragonnoir.engine.scenario import load_scenario
    from dragonnoir.ui.screens import open_app

    game = load_scenario(resources.find("scenarios", SCENARIO)).new_game(SEED)
    state["game"] = game
    app = open_app(lambda a: a.screens.game(a, game, new=True))
    try:
        for _frame in range(2):
            app.step(1 / 60)
        screen = app.screen
        w, h = screen.get_size()
        colours = {tuple(screen.get_at((x, y))) for x in range(0, w, 8) for y in range(0, h, 8)}
        if len(colours) < 16:
            raise RuntimeError(_("the frame looks blank ({n} colours)").format(n=len(colours)))
        return _("{scenario}, {w}x{h}, {n} colours sampled").format(
            scenario=SCENARIO, w=w, h=h, n=len(colours)
        )
    finally:
        app.close()
        pygame.quit()


def _random_actions(state: dict[str, Game]) -> str:
    from dragonnoir.engine.playout import RandomAgent
    from dragonnoir.narration.narrator import Narrator
    from dragonnoir.narration.phases import phase_title

    game = state["game"]
    agent = RandomAgent(SEED)
    played = 0
    for _turn in range(ACTIONS):
        action = agent.choose(game)
        if action is None:
            break
        game.apply(action)
        played += 1
    if played == 0:
        raise RuntimeError(_("no legal action at the start of the game"))
    phase = Narrator.of(game).value(phase_title(game.state.phase, game.phase.title))
    return _("{n} actions, now {phase}").format(n=played, phase=phase)


def _save_and_reload(state: dict[str, Game], tmp: Path) -> str:
    from dragonnoir.engine.save import load_game, save_game

    game = state["game"]
    path = save_game(game, tmp / "selftest-save.json")
    again = load_game(path)
    if again.state.to_dict() != game.state.to_dict():
        raise RuntimeError(_("the reloaded game differs from the saved one"))
    return _("{n} actions replayed to the same state").format(n=len(again.history))


def _export(tmp: Path) -> str:
    from dragonnoir import resources
    from dragonnoir.hexmap.layout import export_layout_tmx, load_layout
    from dragonnoir.hexmap.tmx import read_tmx
    from dragonnoir.tileset_copies import tilesets_for_export

    out = tmp / "export" / "six.tmx"
    out.parent.mkdir(parents=True)
    export_layout_tmx(load_layout(resources.find("layouts", LAYOUT)), out, tilesets_for_export(out))
    tmx = read_tmx(out)  # reads the tilesets and checks their images exist
    missing = [
        str(ts.image.path)
        for ts in tmx.tilesets
        if ts.image is not None and ts.image.path is not None and not ts.image.path.is_file()
    ]
    if missing:
        raise RuntimeError(_("tileset images not found: {files}").format(files=", ".join(missing)))
    return _("{layout}, {n} tilesets resolved").format(layout=LAYOUT, n=len(tmx.tilesets))


def _sound() -> str:
    """pygame's mixer opens (on SDL's dummy driver) and loads every sound of the game:
    the binaries carry SDL_mixer (build/bundle.py)."""
    import pygame

    from dragonnoir import resources
    from dragonnoir.ui.sound import NAMES

    before = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"  # no device needed, nothing heard
    try:
        pygame.mixer.init()
        try:
            sounds = [pygame.mixer.Sound(str(resources.sounds_dir() / f"{n}.wav")) for n in NAMES]
            seconds = sum(s.get_length() for s in sounds)
            return _("{n} sounds, {seconds:.1f} s in all").format(n=len(sounds), seconds=seconds)
        finally:
            pygame.mixer.quit()
    finally:
        if before is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = before
