"""A scenario's own words (its victory conditions' texts, its passages' names, the names
it gives characters) are said in the reader's language when the file gives them
(`[text.fr.words]`, docs/scenarios.md), and as written otherwise (issue 41). That the
shipped ones give them all is tests/test_french_texts.py's."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.engine.scenario import Scenario, load_scenario
from dragonnoir.local_texts import file_texts
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import tell

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))


def own_words(scenario: Scenario) -> list[str]:
    """The texts of the scenario a player reads besides its title and briefing."""
    conditions = scenario.victory.get("conditions", [])
    texts = [str(c["text"]) for c in conditions if c.get("text")]
    texts += [p.name for p in scenario.passages if p.name]
    texts += list(scenario.names.values())
    return texts


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_the_narrator_says_them_in_the_readers_language(path: Path) -> None:
    scenario = load_scenario(path)
    game = scenario.new_game(1)
    french = file_texts(path).local["fr"].words
    for text in own_words(scenario):
        said = tell("counts for: {condition}", condition=text)
        assert Narrator.of(game, "fr").say(said) == f"compte pour : {french[text]}"
        assert Narrator.english(game).say(said) == f"counts for: {text}"


def test_a_text_the_file_does_not_translate_is_said_as_written(tmp_path: Path) -> None:
    scenario = load_scenario(SCENARIOS[0])
    game = scenario.new_game(1)
    assert Narrator.of(game, "fr").value("Words no file gives") == "Words no file gives"
    gone = scenario.new_game(1)
    gone.scenario_path = str(tmp_path / "gone.toml")  # a scenario file that went away
    text = own_words(scenario)[0]
    assert Narrator.of(gone, "fr").value(text) == text
