"""The game's sounds (issue 45 §7): ours, made by a script that gives the same files
again; what an action sounds like; silent when muted or without an audio device."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

from dragonnoir import resources
from dragonnoir.engine import events as ev
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui.app import App
from dragonnoir.ui.sound import MOST_AT_ONCE, NAMES, SoundBoard, sounds_for

ROOT = Path(__file__).resolve().parents[2]


def _make_sounds_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_sounds_are_those_the_script_makes(tmp_path: Path) -> None:
    made = _make_sounds_module().make_all(tmp_path)
    assert sorted(p.stem for p in made) == sorted(NAMES)
    for path in made:
        assert path.read_bytes() == (resources.sounds_dir() / path.name).read_bytes(), path.name


def _combat() -> list[ev.Event]:
    return [
        ev.DieRolled("combat", 4, 4),
        ev.CombatResolved(("a",), ("b",), 3, 2, "1-1", "1-1", (), 4, 4, "DW"),
        ev.UnitWounded("b", 1),
    ]


def test_an_action_sounds_as_what_happened_in_order_each_sound_once() -> None:
    assert sounds_for(_combat()) == ["die", "blow"]
    assert sounds_for([ev.DieRolled("x", 1, 1)] * 12) == ["die"]
    assert sounds_for([ev.UnitMoved("a", (Hex(0, 0),), 1)]) == []
    many = [
        ev.DieRolled("x", 1, 1),
        ev.GharvAppeared("g", Hex(0, 0), "a"),
        ev.SpellCast("z", "fireball", "Fireball", True, 10),
        ev.ShotResolved("a", "b", "short_bow", "none", 3, 5, 5, "A"),
    ]
    assert sounds_for(many) == ["die", "gharv", "spell"][:MOST_AT_ONCE]


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


def test_the_sounds_are_played_at_the_players_volume(mixer: None) -> None:
    board = SoundBoard(volume=0.5)
    assert board.play_events(_combat()) == ["die", "blow"]
    assert board.unavailable == ""


def test_muted_or_at_no_volume_nothing_is_played_nor_the_device_opened(mixer: None) -> None:
    assert SoundBoard(muted=True).play("die") is False
    assert SoundBoard(volume=0.0).play("die") is False
    assert not pygame.mixer.get_init()


def test_without_an_audio_device_the_game_is_silent_and_says_why_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_device() -> None:
        raise pygame.error("Audio target 'pulse' not available")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert board.play("die") is False
    assert board.play_events(_combat()) == []
    assert board.unavailable == "no sound: Audio target 'pulse' not available"


def test_a_missing_sound_file_leaves_the_game_silent(mixer: None, tmp_path: Path) -> None:
    board = SoundBoard(folder=tmp_path)
    assert board.play("die") is False
    assert board.unavailable.startswith("no sound: ")


def test_pygame_without_its_mixer_leaves_the_game_silent() -> None:
    """A pygame without SDL_mixer (our binaries until issue 45; a distribution's build):
    its mixer is a stand-in that raises NotImplementedError; the game plays on, silent,
    and closes."""

    def missing(*_args: object) -> None:
        raise NotImplementedError("mixer module not available")

    real = (pygame.mixer.get_init, pygame.mixer.init)
    pygame.mixer.get_init, pygame.mixer.init = missing, missing  # type: ignore[assignment]
    try:
        board = SoundBoard()
        assert board.play_events(_combat()) == []
        assert board.unavailable == "no sound: mixer module not available"
        closing = object.__new__(App)
        closing.stack = []
        closing.close()  # no NotImplementedError from the mixer's stand-in
    finally:
        pygame.mixer.get_init, pygame.mixer.init = real  # type: ignore[assignment]
