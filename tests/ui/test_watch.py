"""Watching a replay (issue 45 §7): stepping through a save forwards then back returns
the same position, the Adventurers' view hides the Krobs placed in secret, a broken save
gives Load's message and no traceback, and nothing is written."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest
from ui_driver import REPO, click, key, small_settings

from dragonnoir.cli import main
from dragonnoir.engine.game import Game
from dragonnoir.engine.replay_steps import Replay
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.ui.app import App
from dragonnoir.ui.scenes import MainMenu
from dragonnoir.ui.storage import saves_dir
from dragonnoir.ui.watch_picker import WatchPicker
from dragonnoir.ui.watch_scene import WatchError, WatchScene, open_replay


def played(actions: int = 40, seed: int = 3) -> Game:
    """Le Labyrinthe (four Krobs placed in secret) after `actions` seeded random actions."""
    game = load_scenario(REPO / "scenarios" / "le-labyrinthe.toml").new_game(seed)
    rng = random.Random(1)
    while len(game.history) < actions and not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    return save_game(played(), tmp_path / "labyrinth.json")


def replay_of(path: Path) -> Replay:
    check = check_save(path)
    assert check.ok and check.game is not None
    return Replay(check.game)


def watching(
    path: Path, make_app: Callable[..., App], side: Side | None = None
) -> tuple[App, WatchScene]:
    """The client on the replay viewer of the save at `path`, seen by `side`."""
    replay = replay_of(path)
    app = make_app(lambda a: WatchScene(a, replay, side=side), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, WatchScene)
    return app, scene


def test_forward_then_back_returns_the_same_position(saved: Path) -> None:
    replay = replay_of(saved)
    assert replay.at == replay.last == 40
    replay.go_to(12)
    state, log = replay.game.state.to_dict(), list(replay.game.log)
    for _ in range(9):
        assert replay.forward()
    for _ in range(9):
        assert replay.back()
    assert replay.game.state.to_dict() == state and replay.game.log == log
    assert len(replay.game.history) == 12


def test_the_end_is_the_saved_game_and_the_start_the_set_up(saved: Path) -> None:
    checked = check_save(saved).game
    assert checked is not None
    final = checked.state.to_dict()
    replay = Replay(checked)
    replay.go_to(0)
    assert replay.at_start and not replay.back() and replay.game.history == []
    assert replay.game.state.turn == 1
    replay.go_to(replay.last)
    assert replay.game.state.to_dict() == final and not replay.forward()


def test_the_adventurers_view_hides_the_hidden_krobs(
    saved: Path, make_app: Callable[..., App]
) -> None:
    app, scene = watching(saved, make_app, Side.ADVENTURERS)
    replay = scene.replay
    assert replay.at == 0
    hidden = {u.id for u in replay.game.state.units.values() if u.hidden_from is Side.ADVENTURERS}
    assert hidden, "the scenario places Krobs in secret"
    assert not any(scene.visibility().sees_unit(uid) for uid in hidden)
    key(app, pygame.K_v)  # the Krobs' view: their own are seen
    assert scene.side is Side.KROBS
    assert all(scene.visibility().sees_unit(uid) for uid in hidden)


def test_keys_and_buttons_step_and_play(saved: Path, make_app: Callable[..., App]) -> None:
    app, scene = watching(saved, make_app)
    replay = scene.replay
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert replay.at == 2
    click(app, scene.widgets["back"])
    assert replay.at == 1
    key(app, pygame.K_END)
    assert replay.at == replay.last and not scene.widgets["forward"].is_enabled  # type: ignore[attr-defined]
    click(app, scene.widgets["start"])
    assert replay.at == 0
    key(app, pygame.K_SPACE)
    assert scene.playing
    for _ in range(20):  # two actions a second: simulated seconds, not the machine's
        app.step(0.5)
    assert replay.at >= 5
    key(app, pygame.K_SPACE)
    assert not scene.playing
    assert scene.log_lines() and "Action" in scene.position_text()


def test_a_rule_in_the_log_opens_the_rules_panel(saved: Path, make_app: Callable[..., App]) -> None:
    app, scene = watching(saved, make_app)
    key(app, pygame.K_END)
    linked = [line for line in scene.log_lines() if "href='rule:" in line]
    assert linked, "the log cites rules as links"
    target = linked[-1].split("href='", 1)[1].split("'", 1)[0]
    pygame.event.post(
        pygame.event.Event(pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target=target, ui_element=None)
    )
    app.step(1 / 60)
    assert scene.rules_panel.is_open
    text = scene.rules_panel.text_html()
    assert "rulebook" in text or "Ours" in text
    key(app, pygame.K_ESCAPE)
    assert not scene.rules_panel.is_open and app.scene is scene


def test_a_broken_save_says_why_as_load_does(tmp_path: Path, saved: Path) -> None:
    doc = json.loads(saved.read_text())
    doc["actions"][5] = {"kind": "nonsense"}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc))
    with pytest.raises(WatchError) as err:
        open_replay(broken)
    assert "broken.json" in str(err.value) and "actions[5]" in str(err.value)
    (tmp_path / "garbage.json").write_text("{ not json")
    with pytest.raises(WatchError):
        open_replay(tmp_path / "garbage.json")


def test_the_command_says_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "garbage.json").write_text("{ not json")
    assert main(["watch", str(tmp_path / "garbage.json")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("dragonnoir: ") and "Traceback" not in err and "garbage.json" in err


@pytest.mark.usefixtures("home")
def test_watch_a_replay_from_the_main_menu_writes_nothing(make_app: Callable[..., App]) -> None:
    folder = saves_dir()
    folder.mkdir(parents=True)
    path = save_game(played(actions=10), folder / "mine.json")
    before = path.read_bytes()
    app = make_app(settings=small_settings())
    menu = app.scene
    assert isinstance(menu, MainMenu)
    click(app, menu.buttons["watch"])
    picker = app.scene
    assert isinstance(picker, WatchPicker)
    click(app, picker.widgets["watch"])
    scene = app.scene
    assert isinstance(scene, WatchScene) and scene.replay.last == 10
    key(app, pygame.K_END)
    key(app, pygame.K_ESCAPE)
    assert app.scene is picker
    assert path.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["mine.json"]


def test_a_game_gone_on_unverified_is_shown_from_its_mark(tmp_path: Path) -> None:
    """A save whose replay check failed once, played on from its snapshot (engine/
    unverified.py): its actions before the mark led elsewhere, so it is shown from the
    marked position, and stepping there and back is exact."""
    faulty = load_scenario(REPO / "scenarios" / "l-ile.toml").new_game(1)
    rng = random.Random(1)
    for _ in range(4):
        faulty.apply(rng.choice(faulty.legal_actions()))
    faulty.state.scratch["boats"] = {}  # what its replay does not make (issue 47)
    snapshot = check_save(save_game(faulty, tmp_path / "faulty.json")).snapshot
    assert snapshot is not None and snapshot.unverified is not None
    for _ in range(3):
        snapshot.apply(rng.choice(snapshot.legal_actions()))
    path = save_game(snapshot, tmp_path / "went-on.json")
    replay = open_replay(path)
    assert replay.first == 4 and replay.last == 7
    end = replay.game.state.to_dict()
    replay.go_to(0)
    assert replay.at == 4 and replay.game.state.scratch.get("boats") == {}
    replay.go_to(7)
    assert replay.game.state.to_dict() == end
