"""Every passage the code and the docs present as the rulebook's words is in the rulebook
(tests/rulebook_quotes.py, docs/architecture.md "Quoting the rulebook")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from rulebook_quotes import Rulebook, misquotes, passages_of, quotations

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = Path(
    os.environ.get(
        "DN_RULEBOOK", ROOT.parent / "shared" / "rules-source" / "dragon-noir-2-rulebook.txt"
    )
)


@pytest.fixture(scope="module")
def rulebook() -> Rulebook:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook's text is not at {RULEBOOK} (set DN_RULEBOOK)")
    return Rulebook.read(RULEBOOK.read_text(encoding="utf-8"))


def _files() -> list[Path]:
    return sorted((ROOT / "docs").glob("*.md")) + sorted((ROOT / "dragonnoir").rglob("*.py"))


def test_every_quotation_of_the_rulebook_is_in_it(rulebook: Rulebook) -> None:
    wrong = [
        str(q)
        for path in _files()
        for where, passage in passages_of(path, ROOT)
        for q in misquotes(rulebook, passage, where)
    ]
    assert not wrong, "not the rulebook's words:\n" + "\n".join(wrong)


def test_the_docs_quote_the_rulebook_at_all(rulebook: Rulebook) -> None:
    """The check finds quotations: it is not passing on an empty set."""
    found = [
        q
        for path in _files()
        for where, passage in passages_of(path, ROOT)
        for q in quotations(rulebook, passage, where)
    ]
    assert len(found) > 100


SMALL_BOOK = Rulebook.read(
    "Zed\n\nZed. A specialist in thrusting weapons, Zed dips his weapons in curare. Any\n"
    "enemy character wounded in a combat in which Zed takes part dies instantly of his "
    "wounds... except if it is a Krob.\n"
)


def test_a_made_up_quotation_is_caught() -> None:
    passage = 'Zed ("Zed"): "Zed dips his weapons in poison" and "the Krobs love curare".'
    assert [q.text for q in misquotes(SMALL_BOOK, passage, "x")] == [
        "Zed dips his weapons in poison",
        "the Krobs love curare",
    ]


def test_a_true_quotation_passes_whatever_its_spacing_case_and_cuts() -> None:
    passage = (
        '"Zed: any enemy character wounded in a\n combat ... dies INSTANTLY of his wounds" '
        "and \u201cZed dips his weapons [his spear] in curare.\u201d"
    )
    assert list(quotations(SMALL_BOOK, passage, "x"))
    assert misquotes(SMALL_BOOK, passage, "x") == []


def test_pieces_must_come_in_the_rulebook_s_order() -> None:
    assert misquotes(SMALL_BOOK, '(Zed) "except if it is a Krob ... Zed dips his"', "x")


def test_a_passage_naming_no_section_quotes_nothing_and_section_names_are_references() -> None:
    assert misquotes(SMALL_BOOK, 'the button reads "Row the boat now"', "x") == []
    assert misquotes(SMALL_BOOK, 'as "Zed" and "Zed (our reading of it)" say', "x") == []
