"""The malformed files found by fuzzing (issue 17) and the damaged saves, read by a French
player (issue 41): each one's line is French from end to end. The English lines they must
keep giving are test_malformed.py's and tests/engine/test_save_hardening.py's."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from english_words import english_in
from fuzz_harness import MALFORMED, _alarm, classify
from test_malformed import SAMPLES

from dragonnoir import i18n
from dragonnoir.engine.save import check_save

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX only (setrlimit, SIGALRM)")

SAVES = Path(__file__).resolve().parents[1] / "data" / "malformed" / "saves"
#: The settings file is the client's (its own words: ui/settings.py).
READ_IN_FRENCH = sorted(name for name in SAMPLES if not name.startswith("settings/"))


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    signal.signal(signal.SIGALRM, _alarm)
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", READ_IN_FRENCH)
def test_a_malformed_file_is_one_french_line(name: str) -> None:
    path = MALFORMED / name
    outcome, message = classify(SAMPLES[name][0], path)
    assert outcome == "error", message
    assert message.startswith(f"{path} : "), message
    assert english_in(message, path) == [], message


@pytest.mark.parametrize(
    "name", sorted(p.name for p in SAVES.glob("*.json") if not p.name.startswith("good"))
)
def test_a_damaged_save_is_one_french_line(name: str) -> None:
    path = SAVES / name
    problems = check_save(path).problems
    assert problems, name
    line = str(problems[0])
    assert line.startswith(f"{path} : ") and "\n" not in line, line
    assert english_in(line, path) == [], line


assert "fuzz_harness" in sys.modules  # imported from this folder, as test_malformed.py does
