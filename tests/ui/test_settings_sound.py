"""The settings' language and sound (issues 41 and 45 §7): kept in the settings file,
the language switched without losing the game, `--lang` and DRAGONNOIR_LANG over the
setting; one sound board built from the settings, muted means silent, and the events of
each action the game applies reach it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame
import pytest
from test_play import start
from ui_driver import REPO, click, key, small_settings, step

from dragonnoir.engine import events as ev
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.i18n import LANG_ENV, language
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import MainMenu, SettingsScene
from dragonnoir.ui.settings import Settings, load_settings, save_settings
from dragonnoir.ui.sound import SoundBoard


class HeardBoard:
    """A sound board that records what it was asked to play."""

    def __init__(self) -> None:
        self.heard: list[str] = []
        self.events: list[ev.Event] = []

    def play(self, name: str) -> bool:
        self.heard.append(name)
        return True

    def play_events(self, events: Iterable[ev.Event]) -> list[str]:
        self.events.extend(events)
        return []


def test_language_volume_and_mute_are_kept_in_the_settings(home: object) -> None:
    save_settings(Settings(language="fr", sound_volume=35, sound_muted=True))
    settings, warning = load_settings()
    assert warning is None
    assert (settings.language, settings.sound_volume, settings.sound_muted) == ("fr", 35, True)
    assert Settings().language == ""  # the system's language


def test_the_app_s_sound_board_follows_the_settings(make_app: Callable[..., App]) -> None:
    app = make_app(settings=small_settings(sound_volume=40))
    board = app.sound
    assert isinstance(board, SoundBoard) and board.volume == pytest.approx(0.4)
    assert app.sound is board  # one board for the app
    app.apply_settings(app.settings.model_copy(update={"sound_muted": True}))
    muted = app.sound
    assert isinstance(muted, SoundBoard) and muted is not board and muted.muted
    assert not muted.play("die") and muted.play_events([ev.DieRolled("x", 3, 3)]) == []


def test_switching_the_language_rebuilds_the_screens_in_it(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(LANG_ENV)
    app = make_app(settings=small_settings())
    assert app.scene.buttons["new"].text == "New game"  # type: ignore[attr-defined]
    click(app, app.scene.buttons["settings"])  # type: ignore[attr-defined]
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    scene.draft.language = "fr"
    click(app, scene.widgets["save"])
    assert language() == "fr" and app.settings.language == "fr"
    menu = app.scene
    assert isinstance(menu, MainMenu) and menu.buttons["new"].text == "Nouvelle partie"
    assert load_settings()[0].language == "fr"


def test_the_environment_wins_over_the_setting(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LANG_ENV, "en")
    app = make_app(settings=small_settings(language="fr"))
    assert language() == "en"
    assert app.scene.buttons["new"].text == "New game"  # type: ignore[attr-defined]


def test_a_change_of_language_keeps_the_game(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(LANG_ENV)
    game = load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(1)
    app = start(make_app, game)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_e)  # to the movement phase
    history = list(game.history)
    app.apply_settings(app.settings.model_copy(update={"language": "fr"}))
    step(app, 2)
    assert app.scene is scene and scene.game is game and game.history == history
    assert scene.widgets["end_phase"].text == "Fin de phase"  # type: ignore[attr-defined]


def test_the_events_of_each_action_reach_the_sound_board(make_app: Callable[..., App]) -> None:
    game = load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(1)
    app = start(make_app, game)
    board = HeardBoard()
    app.sound = board
    key(app, pygame.K_e)  # End phase: the fire phase ends
    assert any(isinstance(e, ev.PhaseBegan) for e in board.events)
    assert not board.heard  # no hand-over screen in these settings


def test_the_hand_over_screen_is_heard(make_app: Callable[..., App]) -> None:
    game = load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(1)
    app = make_app(settings=small_settings(handover=True))
    board = HeardBoard()
    app.sound = board
    app.go(GameScene(app, game, new=True))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, GameScene)
    key(app, pygame.K_SPACE)  # past the first hand-over screen
    for _phase in range(3):  # fire, movement, combat: the Krobs' turn
        key(app, pygame.K_e)
    assert scene.handover_showing and board.heard == ["handover"]
