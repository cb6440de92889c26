"""The values a phrase of the rules may hold (issue 41): a name of the rules data and a
rule citation are said in the reader's language; `english` (str(phrase),
Explanation.reason) keeps ids for the CLI, logs and tests."""

from __future__ import annotations

from dragonnoir.engine.explain import refused
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import Cited, DataName, Many, Who, english, tell

NAMES = {"hunter_1": "Hunter 1", "elf_1": "Elf Archer 1"}


def narrator(language: str) -> Narrator:
    return Narrator(NAMES.__getitem__, lambda h: f"<{h.q},{h.r}>", language)


def test_a_data_name_and_a_citation_are_said_in_the_readers_language() -> None:
    said = tell("{terrain} ({rule})", terrain=DataName("Stone bridge"), rule=Cited("Movement"))
    assert narrator("en").say(said) == "Stone bridge (Movement)"
    assert narrator("fr").say(said) == "Pont de pierre (Mouvement)"


def test_english_keeps_ids_and_a_refusal_reads_as_before() -> None:
    said = tell("{units} on {cell}", units=Many((Who("hunter_1"), Who("elf_1"))), cell=Hex(2, 3))
    assert english(said) == "hunter_1 and elf_1 on (2,3)"
    assert str(said) == english(said)
    verdict = refused(said, "Stacking")
    assert verdict.reason == "hunter_1 and elf_1 on (2,3)"
    assert str(verdict) == "hunter_1 and elf_1 on (2,3) [Stacking]"
    assert narrator("en").say(verdict.said) == "Hunter 1 and Elf Archer 1 on <2,3>"
