"""Headless screenshots of the scenario screens (SDL dummy driver, no X server): the
picker, a deployment, the end screen. Written with `pygame.image.save` of the app's
window surface. Usage:

    .venv/bin/python tools/scenario_screenshots.py [SCENARIO.toml] [OUTPUT_DIR]

The scenario must have a deployment step (default: scenarios/le-labyrinthe.toml).
Runs with a throw-away DRAGONNOIR_HOME; never touches the player's files.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["DRAGONNOIR_HOME"] = tempfile.mkdtemp(prefix="dn-shots-")

import pygame

from dragonnoir.engine.actions import Deploy, EndPhase
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.ui.app import App
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import ScenarioPicker
from dragonnoir.ui.screens import open_app
from dragonnoir.ui.settings import Settings

REPO = Path(__file__).resolve().parents[1]
W, H = 1600, 1000


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step(1 / 60)


def shot(app: App, out: Path, name: str) -> None:
    frames(app)
    path = out / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    print(f"wrote {path}")


def main() -> None:
    default = REPO / "scenarios/le-labyrinthe.toml"
    scenario_path = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else REPO / "docs/screenshots"
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings(window_width=W, window_height=H, handover=False)

    # The picker, on the scenario.
    app = open_app(lambda a: ScenarioPicker(a, folder=scenario_path.parent), settings=settings)
    picker = app.scene
    assert isinstance(picker, ScenarioPicker)
    picker.selected = next(
        i for i, e in enumerate(picker.entries) if e.path.resolve() == scenario_path.resolve()
    )
    picker.rebuild()
    shot(app, out, "picker-scenario")
    app.close()

    # The deployment: the side placing first, one placed, the next chosen by himself.
    scenario = load_scenario(scenario_path)
    game = scenario.new_game(5)
    app = open_app(lambda a: GameScene(a, game), settings=settings)
    scene = app.scene
    assert isinstance(scene, GameScene)
    ui = scene.controller
    if scene.handover_showing:
        scene.end_handover()
    frames(app)
    prompt = ui.prompt()
    assert prompt is not None and prompt.kind == "deploy", "the scenario has no deployment"
    scene.choose(0)
    first = sorted(ui.overlays().choice_hexes, key=lambda h: (h.q, h.r))
    ui.click_hex(first[len(first) // 2])
    scene.changed()
    scene.frame_on_action()
    frames(app, 5)
    shot(app, out, "game-deployment")

    # Everyone placed by the engine's first legal placements, then the reinforcements.
    while "Deploy" in game.phase.actions:
        placing = [a for a in game.legal_actions() if isinstance(a, Deploy)]
        game.apply(placing[0] if placing else EndPhase())
    scene.changed()
    if scene.handover_showing:
        scene.end_handover()
    while game.phase.id != "adventurer_movement" and not game.over:
        game.apply(EndPhase())
    scene.changed()
    if scene.handover_showing:
        scene.end_handover()
    prompt = ui.prompt()
    if prompt is not None and prompt.kind == "reinforcements" and prompt.choices:
        scene.choose(0)
        grid = scene.map.view.grid
        scene.map.frame([grid.hex_centre(h) for h in ui.overlays().choice_hexes], lowest=0.8)
        frames(app, 5)
        shot(app, out, "game-reinforcements")

    # The end screen.
    game.log.append(game.end_game(Side.KROBS, "turn limit reached: the Krobs hold the caves"))
    game.secret.append(None)
    scene.changed()
    frames(app, 5)
    assert isinstance(app.scene, EndScreen)
    shot(app, out, "game-end")
    app.close()


if __name__ == "__main__":
    main()
