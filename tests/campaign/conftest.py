"""The campaign's tests read its English words: they run in English, whatever the
machine's language (a test of another language chooses it, test_notes.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dragonnoir.i18n import LANG_ENV, SOURCE, set_language


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(LANG_ENV, SOURCE)
    set_language(SOURCE)
    yield
    set_language(SOURCE)
