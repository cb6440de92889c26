"""The shipped scenarios, the campaign and the Quick start in French (issue 41 §2).

Each shipped file carries its French texts (`[text.fr]`, docs/scenarios.md "Texts in other
languages"). These tests keep them whole and current: every file says its title and
briefing in French; every other text a player reads (a group's, a unit's, a passage's, a
condition's; a cave's, a step's, an outcome's, an ending's, a band's) has its French words;
no French words stand for a text the file no longer has (a stale key would never be said);
the numbers of a text (turns, counts) are the same in both languages. And README.fr.md
gives README.md's Quick start commands, word for word.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.campaign import load_campaign
from dragonnoir.engine.scenario import load_scenario

REPO = Path(__file__).resolve().parents[1]
SCENARIOS = sorted((REPO / "scenarios").glob("*.toml"))
CAMPAIGNS = sorted((REPO / "campaigns").glob("*.toml"))

#: The fields whose words a player reads, wherever they stand in a scenario or a campaign
#: (the file's own `name` and `briefing`, at the top, are `[text.fr]`'s own fields; a
#: scenario's `size` is the picker's "Length:").
TEXT_FIELDS = ("name", "text", "briefing", "size")

#: French typography: a space before these marks (the catalog writes it so too).
DOUBLE_MARKS = re.compile(r"\S[:;!?]")


def _data(path: Path) -> dict[str, Any]:
    with path.open("rb") as file:
        return tomllib.load(file)


def _texts_inside(value: Any) -> Iterator[str]:
    """Every text a player reads in an entry of the file, at any depth."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key in TEXT_FIELDS and isinstance(inner, str):
                yield inner
            else:
                yield from _texts_inside(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts_inside(inner)


def _other_texts(data: dict[str, Any]) -> set[str]:
    """The file's texts besides its name and briefing: those `[text.fr.words]` translates."""
    entries = {key: value for key, value in data.items() if key not in ("text", "name", "briefing")}
    return set(_texts_inside(entries))


def _french_words(data: dict[str, Any]) -> dict[str, str]:
    words: dict[str, str] = data["text"]["fr"].get("words", {})
    return words


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


def _same_in_french(data: dict[str, Any]) -> set[str]:
    """Words French shares: a campaign's caves (named as French players name them) and a
    scenario's size when it is one ("raid", "introduction")."""
    return {cave["name"] for cave in data.get("cave", [])} | {data.get("size", "")}


SHIPPED = [*SCENARIOS, *CAMPAIGNS]


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def test_every_shipped_file_is_here() -> None:
    assert len(SCENARIOS) == 9 and len(CAMPAIGNS) == 1


@pytest.mark.parametrize("path", SCENARIOS, ids=_name)
def test_a_shipped_scenario_says_its_title_and_briefing_in_french(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.title("fr") != scenario.title("en") == scenario.name
    assert scenario.briefing_in("fr") != scenario.briefing_in("en") == scenario.briefing
    assert _numbers(scenario.briefing_in("fr")) == _numbers(scenario.briefing)


@pytest.mark.parametrize("path", CAMPAIGNS, ids=_name)
def test_the_campaign_says_its_name_and_briefing_in_french(path: Path) -> None:
    texts = load_campaign(path).texts
    assert texts.name("fr") != texts.name("en")
    assert texts.briefing("fr") != texts.briefing("en")
    assert _numbers(texts.briefing("fr")) == _numbers(texts.briefing("en"))


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_every_french_word_stands_for_a_text_of_the_file(path: Path) -> None:
    """A key the file no longer has (its English changed) would never be said: stale."""
    data = _data(path)
    stale = set(_french_words(data)) - _other_texts(data)
    assert not stale, f"{_name(path)}: [text.fr.words] for texts the file does not have"


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_every_text_of_the_file_has_its_french_words(path: Path) -> None:
    data = _data(path)
    missing = _other_texts(data) - set(_french_words(data))
    assert not missing, f"{_name(path)}: no French words for these texts"


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_the_french_words_are_french_and_keep_the_numbers(path: Path) -> None:
    data = _data(path)
    french = data["text"]["fr"]
    for english, said in _french_words(data).items():
        assert said != english or english in _same_in_french(data), f"{english!r} not translated"
        assert _numbers(said) == _numbers(english), f"{english!r}: {said!r}"
    for said in [french["name"], french["briefing"], *_french_words(data).values()]:
        assert not DOUBLE_MARKS.search(said), f"no space before a mark in {said!r}"


# -- README.fr.md -------------------------------------------------------------------------


def _section(readme: Path, heading: str) -> str:
    text = readme.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def _commands(section: str) -> list[str]:
    """The command lines of a section's fenced blocks; the comments are words, translated."""
    commands: list[str] = []
    fenced = False
    for line in section.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced and line.strip() and not line.lstrip().startswith("#"):
            commands.append(line)
    return commands


def test_the_french_quick_start_gives_the_same_commands() -> None:
    english = _commands(_section(REPO / "README.md", "Quick start"))
    french = _commands(_section(REPO / "README.fr.md", "Démarrage rapide"))
    assert len(english) == 2
    assert french == english


def test_each_readme_points_to_the_other() -> None:
    assert "(README.fr.md)" in (REPO / "README.md").read_text(encoding="utf-8")[:600]
    assert "(README.md)" in (REPO / "README.fr.md").read_text(encoding="utf-8")
