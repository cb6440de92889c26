"""Tooltips on every button (issue 45 §7): the main screens are walked and any button of
ours (not a part of a list, slider or drop-down) without a tooltip fails the test; the
tooltips are in the player's language."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from ui_driver import REPO, key, small_settings, step

from dragonnoir.engine.game import Game
from dragonnoir.engine.replay_steps import Replay
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.i18n import _, set_language
from dragonnoir.ui.app import App, Pop, Scene
from dragonnoir.ui.campaign_scene import CampaignMenu
from dragonnoir.ui.editor_scene import EditorScene
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import LoadScene, ScenarioPicker, SettingsScene
from dragonnoir.ui.storage import saves_dir
from dragonnoir.ui.tooltips import our_buttons, tooltip_for
from dragonnoir.ui.watch_picker import WatchPicker
from dragonnoir.ui.watch_scene import WatchScene


def untipped(app: App) -> list[str]:
    step(app, 2)
    root = app.manager.get_root_container()
    return [b.text for b in our_buttons(root) if not b.tool_tip_text]


def le_nid(players: dict[str, str] | None = None) -> Game:
    game = load_scenario(REPO / "scenarios" / "le-nid.toml").new_game(5)
    game.players = dict(players or {})
    return game


@pytest.mark.usefixtures("home")
def test_every_button_of_the_main_screens_has_a_tooltip(make_app: Callable[..., App]) -> None:
    saves_dir().mkdir(parents=True)
    save_game(le_nid(), saves_dir() / "one.json")
    app = make_app(settings=small_settings())
    missing = {"main menu": untipped(app)}
    screens: list[tuple[str, Callable[[App], Scene]]] = [
        ("picker", ScenarioPicker),
        ("load", LoadScene),
        ("settings", SettingsScene),
        ("watch picker", WatchPicker),
        ("campaigns", CampaignMenu),
        ("editor", EditorScene),
    ]
    for name, make in screens:
        app.go(make(app))
        missing[name] = untipped(app)
        app.go(Pop())
    check = check_save(saves_dir() / "one.json")
    assert check.game is not None
    app.go(WatchScene(app, Replay(check.game)))
    missing["watch"] = untipped(app)
    app.go(Pop())
    app.go(GameScene(app, le_nid(), new=True))
    key(app, pygame.K_SPACE)  # the hand-over
    missing["game"] = untipped(app)
    app.go(Pop())
    app.go(GameScene(app, le_nid({"krobs": "ai:easy", "adventurers": "human"}), new=True))
    missing["game against the AI"] = untipped(app)
    app.go(Pop())
    ended = le_nid()
    ended.end_game(None, "a test ends it")
    app.go(EndScreen(app, ended))
    missing["end screen"] = untipped(app)
    assert {name: texts for name, texts in missing.items() if texts} == {}


def test_tooltips_speak_the_player_s_language() -> None:
    set_language("fr")
    try:
        said = tooltip_for(_("End phase"))  # the button's French words
        assert said == _("End this phase and go on to the next (E)")
        assert said and said != "End this phase and go on to the next (E)"
    finally:
        set_language("en")
    assert tooltip_for("End phase") == "End this phase and go on to the next (E)"
    assert tooltip_for("Speed 2x (1-4)").startswith("How fast the AI's moves")
    assert tooltip_for("a line of the prompt") == ""
