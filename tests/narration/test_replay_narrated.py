"""`dragonnoir replay SAVE` prints the game as a player reads it, in the language asked
(`--lang`), as one side reads it (`--side`) (issue 41)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragonnoir import i18n
from dragonnoir.cli import main, take_language
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.narration.narrator import Narrator

CORRIDOR = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"


@pytest.fixture(autouse=True)
def no_language_asked() -> Iterator[None]:
    yield
    i18n.prefer(None)
    i18n.set_language("en")


@pytest.fixture
def save(tmp_path: Path) -> Path:
    game = load_scenario(CORRIDOR).new_game(3)
    rng = random.Random(3)
    for _ in range(20):
        game.apply(rng.choice(game.legal_actions()))
    return save_game(game, tmp_path / "game.json")


@pytest.mark.parametrize(
    ("words", "rest", "lang"),
    [
        (["--lang", "fr", "replay", "x"], ["replay", "x"], "fr"),
        (["replay", "x", "--lang=en"], ["replay", "x"], "en"),
        (["render", "m.tmx", "-o", "x.png"], ["render", "m.tmx", "-o", "x.png"], None),
        (["--lang", "fr", "--lang", "en"], [], "en"),
    ],
)
def test_the_language_is_taken_from_anywhere_on_the_command_line(
    words: list[str], rest: list[str], lang: str | None
) -> None:
    assert take_language(words) == (rest, lang)


def test_the_replay_is_narrated_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], save: Path
) -> None:
    assert main(["--lang", "fr", "replay", str(save)]) == 0
    french = capsys.readouterr().out.splitlines()
    assert french[0] == "Début du tour de jeu 1."
    assert main(["--lang=en", "replay", str(save)]) == 0
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "Game turn 1 begins."
    assert len(french) == len(english)


def test_the_replay_as_one_side_reads_it(capsys: pytest.CaptureFixture[str], save: Path) -> None:
    from dragonnoir.engine.save import load_game

    game = load_game(save)
    assert main(["replay", str(save), "--side", "adventurers"]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = Narrator.of(game).log(game, Side.ADVENTURERS)
    assert out[: len(expected)] == expected
