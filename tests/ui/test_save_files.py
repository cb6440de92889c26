"""The client's saves folder (issue 17): a damaged file, a FIFO or a symlink loop in it
is listed as damaged and the rest still loads; a save's name is built from sanitised
parts and always lands inside the saves folder, whatever scenario id the game carries."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest
from ui_driver import REPO, click, key, small_settings

from dragonnoir.engine.save import load_game, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.testing import position
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.library import new_save_path, saves
from dragonnoir.ui.scenes import MainMenu
from dragonnoir.ui.storage import autosave_path, file_stem, save_file_path, saves_dir, view_path

MALFORMED = REPO / "tests" / "data" / "malformed" / "saves"


@pytest.mark.usefixtures("home")
def test_the_load_list_shows_damaged_files_and_goes_on() -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    samples = [p for p in MALFORMED.glob("*.json") if not p.name.startswith("good")]
    for sample in samples:
        shutil.copy(sample, folder / sample.name)
    os.mkfifo(folder / "fifo.json")
    (folder / "loop.json").symlink_to(folder / "loop.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    save_game(load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5), folder / "good.json")
    entries = saves()  # opening the FIFO would block: the suite's timeout would call it
    by_name = {e.path.name: e for e in entries}
    assert by_name["good.json"].ok
    damaged = [e for e in entries if e.path.name != "good.json"]
    assert len(damaged) == len(samples) + 3
    for entry in damaged:
        assert not entry.ok and entry.error and "cannot load" in entry.label
        assert "\n" not in entry.label
    assert "pipe (FIFO)" in by_name["fifo.json"].error


@pytest.mark.parametrize(
    ("scenario_id", "stem"),
    [
        ("../../../escape/evil", "escape-evil"),
        ("/etc/passwd", "etc-passwd"),
        ("C:\\Windows\\system32", "C-Windows-system32"),
        ("..", "game"),
        ("", "game"),
        (".hidden", "hidden"),
        ("CON", "CON-save"),
        ("la fosse é", "la-fosse-e"),
        ("x" * 300, "x" * 60),
        ("a\nb\0c", "a-b-c"),
    ],
)
def test_a_save_name_is_made_of_safe_parts(scenario_id: str, stem: str) -> None:
    assert file_stem(scenario_id) == stem


@pytest.mark.parametrize("name", ["../x.json", "/tmp/x.json", "a/b.json", "..", "", "a\\b"])
def test_a_save_file_path_never_leaves_the_folder(name: str, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        save_file_path(name, tmp_path)


@pytest.mark.parametrize("scenario_id", ["../../../escape/evil", "/tmp/escape/evil"])
def test_ctrl_s_after_continue_saves_inside_the_saves_folder(
    make_app: Callable[..., App], home: Path, tmp_path: Path, scenario_id: str
) -> None:
    # A save made from a game without a scenario file may carry any scenario id.
    game = position(". . .\n . . .\n. . .", {"zed": (0, 0), "hunter_01": (2, 2)}, seed=9)
    game.scenario_id = scenario_id
    outside = tmp_path / "elsewhere" / "game.json"
    save_game(game, outside)
    loaded = load_game(outside)
    assert loaded.scenario_id == scenario_id
    path = new_save_path(loaded)
    assert path.parent == saves_dir() and ".." not in path.name and "/" not in path.name
    app = make_app(lambda a: GameScene(a, loaded), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    written = [p for p in home.rglob("*.json") if p.is_file()]
    assert written and all(p.parent == saves_dir() for p in written if p.name != "autosave.json")
    assert scene.save_path is not None and scene.save_path.parent == saves_dir()
    assert not (tmp_path / "escape").exists() and not Path("/tmp/escape/evil").exists()


@pytest.mark.parametrize(
    "sample", sorted(p.name for p in MALFORMED.glob("*.json") if not p.name.startswith("good"))
)
def test_continue_from_a_damaged_autosave_is_a_message(
    make_app: Callable[..., App], sample: str
) -> None:
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    text = (MALFORMED / sample).read_text(encoding="utf-8")
    # The samples name their scenario relative to their own folder: point it home.
    corridor = (REPO / "tests" / "data" / "scenarios" / "corridor.toml").as_posix()
    autosave_path().write_text(
        text.replace('"../../scenarios/corridor.toml"', f'"{corridor}"'), encoding="utf-8"
    )
    app = make_app(settings=small_settings(handover=False))
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["continue"])
    assert app.running and app.scene is menu
    assert menu.message.startswith("Cannot continue: ") and "\n" not in menu.message


@pytest.mark.parametrize("content", ["fifo", "[" * 5000, '{"zoom": 1e400, "x": 0, "y": 0}'])
def test_a_broken_view_file_beside_the_autosave_is_ignored(
    make_app: Callable[..., App], content: str
) -> None:
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    app = make_app(lambda a: GameScene(a, game), settings=small_settings(handover=False))
    scene = app.scene
    assert isinstance(scene, GameScene)
    view_path().parent.mkdir(parents=True, exist_ok=True)
    view_path().unlink(missing_ok=True)  # the scene may have written one already
    if content == "fifo":
        os.mkfifo(view_path())
    else:
        view_path().write_text(content, encoding="utf-8")
    assert scene.restore_view() is False
