"""The rulebook's sections said in the reader's language (issue 41): "Résolution du tir"
for a French player, the detail after it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dragonnoir.i18n import translations
from dragonnoir.narration.rules import SECTIONS, say_rule, section_of

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = Path(
    os.environ.get(
        "DN_RULEBOOK", ROOT.parent / "shared" / "rules-source" / "dragon-noir-2-rulebook.txt"
    )
)


@pytest.mark.parametrize(
    ("citation", "section", "rest"),
    [
        ("Resolution of Fire", "Resolution of Fire", ""),
        ("Combat Restrictions", "Combat Restrictions", ""),
        ("Combat: each character can make only one attack per turn", "Combat", ": each char"),
        ("Course of a Game (deployment, ours)", "Course of a Game", " (deployment, ours)"),
        ("Combative spirit (ours)", "", "Combative spirit (ours)"),
        ("Magical", "", "Magical"),
    ],
)
def test_a_citation_is_read_as_its_section_and_the_rest(
    citation: str, section: str, rest: str
) -> None:
    found, after = section_of(citation)
    assert found == section and after.startswith(rest)


def test_a_french_reader_reads_the_sections_french_name() -> None:
    fr = translations("fr")
    assert say_rule("Resolution of Fire", fr) == "Résolution du tir"
    assert say_rule("The Krobs: Defence", fr) == "Les Krobs : Défense"
    assert say_rule("Course of a Game (deployment, ours)", fr) == (
        "Déroulement d'une partie (déploiement, notre règle)"
    )
    assert say_rule("A table of ours", fr) == "A table of ours"
    assert say_rule("The Krobs: Defence", translations("en")) == "The Krobs: Defence"


def test_every_section_is_one_of_the_rulebooks() -> None:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook's text is not at {RULEBOOK} (set DN_RULEBOOK)")
    text = RULEBOOK.read_text(encoding="utf-8")
    toc = text[: text.index("\nIntroduction\n")]
    for section in SECTIONS:
        assert f"• {section}" in toc, section
