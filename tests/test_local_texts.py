"""A scenario's and a campaign's own texts in other languages (`[text.fr]`, issue 41):
said in the language asked, the file's own words where a language does not give them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragonnoir.campaign import load_campaign
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.errors import DragonNoirError
from dragonnoir.local_texts import LocalTexts, Texts

REPO = Path(__file__).resolve().parents[1]

FRENCH = """
[text.fr]
name = "La Fosse : le puits"
briefing = "Votre première patrouille."
words = { "The rebel patrol" = "La patrouille rebelle" }
"""


def _own_words(path: Path) -> str:
    """A shipped file without its own `[text.*]` tables (they come last), so a test can
    give its own without declaring a table twice."""
    text = path.read_text()
    cut = text.find("\n[text.")
    return text if cut < 0 else text[: cut + 1]


def _scenario(tmp_path: Path, extra: str) -> Path:
    shutil.copytree(REPO / "maps", tmp_path / "maps")
    (tmp_path / "scenarios").mkdir()
    path = tmp_path / "scenarios" / "pit.toml"
    path.write_text(_own_words(REPO / "scenarios" / "la-fosse.toml") + extra)
    return path


def test_a_scenario_says_its_title_and_briefing_in_the_language_asked(tmp_path: Path) -> None:
    scenario = load_scenario(_scenario(tmp_path, FRENCH))
    assert scenario.title("fr") == "La Fosse : le puits"
    assert scenario.briefing_in("fr") == "Votre première patrouille."
    assert scenario.title("en") == scenario.name == "La Fosse: the pit"
    assert scenario.title("de") == scenario.name  # no German: its own words
    assert scenario.words("The rebel patrol", "fr") == "La patrouille rebelle"
    assert scenario.words("Something else", "fr") == "Something else"


def test_a_language_giving_only_the_name_keeps_the_files_briefing() -> None:
    texts = Texts("Pit", "Go down.", {"fr": LocalTexts(name="Puits")})
    assert (texts.name("fr"), texts.briefing("fr")) == ("Puits", "Go down.")
    assert texts.languages() == ["fr"]


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        ('\n[text.french]\nname = "x"\n', "text.french"),
        ('\n[text.fr]\ntitle = "x"\n', "text.fr.title"),
    ],
)
def test_a_wrong_language_table_is_refused_naming_the_place(
    tmp_path: Path, extra: str, said: str
) -> None:
    with pytest.raises(DragonNoirError) as refused:
        load_scenario(_scenario(tmp_path, extra))
    assert said in str(refused.value) and "pit.toml" in str(refused.value)


def test_a_campaign_says_its_texts_in_the_language_asked(tmp_path: Path) -> None:
    shutil.copytree(REPO / "maps", tmp_path / "maps")
    shutil.copytree(REPO / "layouts", tmp_path / "layouts")
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    (tmp_path / "campaigns").mkdir()
    path = tmp_path / "campaigns" / "descent.toml"
    own = _own_words(REPO / "campaigns" / "la-descente.toml")
    path.write_text(
        own + '\n[text.fr]\nname = "La Descente"\n[text.fr.words]\n'
        '"The pit where the company comes down." = "La fosse où descend la compagnie."\n'
    )
    campaign = load_campaign(path)
    assert campaign.texts.name("fr") == "La Descente"
    assert campaign.texts.name("en") == campaign.name
    assert (
        campaign.texts.word("The pit where the company comes down.", "fr")
        == "La fosse où descend la compagnie."
    )
