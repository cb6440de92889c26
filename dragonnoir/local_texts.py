"""A scenario's or a campaign's own texts in other languages (issue 41).

The program's messages are translated in its catalogs (`dragonnoir.i18n`); a scenario's
title and briefing are the scenario's own words, written by whoever made it, so their
translations travel in the same file (docs/scenarios.md, "Texts in other languages"):

    name = "La Fosse: the pit"
    briefing = \"\"\"Your first patrol...\"\"\"

    [text.fr]
    name = "La Fosse : le puits"
    briefing = \"\"\"Votre première patrouille...\"\"\"
    words = { "The pit hunters" = "Les chasseurs de la fosse" }

`name` and `briefing` replace the file's own; `words` translates any other text of the
file (a group's name, a condition's words, a campaign step's outcome) by its English
words. What a language does not give is said in the file's own words.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from dragonnoir.errors import DragonNoirError
from dragonnoir.i18n import language as in_use
from dragonnoir.safe_read import SCENARIO, read_toml

#: A language code as the files write it: "fr", "de".
LanguageCode = Annotated[str, StringConstraints(pattern=r"^[a-z]{2}$")]


class LocalTexts(BaseModel):
    """One language's texts of a file (`[text.fr]`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    briefing: str = ""
    words: dict[str, str] = Field(default_factory=dict)


class Texts:
    """A file's texts in every language it gives, said in the one asked (None: the
    language in use)."""

    def __init__(self, name: str, briefing: str, local: dict[str, LocalTexts] | None = None):
        self._name = name
        self._briefing = briefing
        self.local = dict(local or {})

    def _in(self, language: str | None) -> LocalTexts | None:
        if language is None:
            language = in_use()
        return self.local.get(language)

    def name(self, language: str | None = None) -> str:
        local = self._in(language)
        return local.name if local is not None and local.name else self._name

    def briefing(self, language: str | None = None) -> str:
        local = self._in(language)
        return local.briefing if local is not None and local.briefing else self._briefing

    def word(self, text: str, language: str | None = None) -> str:
        """`text` (any other text of the file) in the language, if the file gives it."""
        local = self._in(language)
        return local.words.get(text, text) if local is not None else text

    def languages(self) -> list[str]:
        """The languages the file gives texts in, besides its own."""
        return sorted(self.local)


def file_texts(path: Path | None) -> Texts:
    """A scenario file's own texts in every language it gives: its name, briefing and
    other words (a condition's, a passage's, a character's name); empty when it cannot
    be read. Read apart from the scenario (the picker, the end screen and the narrator
    need only its words)."""
    if path is None:
        return Texts("", "")
    try:
        raw = read_toml(path, SCENARIO)
    except DragonNoirError:
        return Texts("", "")
    name, briefing = raw.get("name", ""), raw.get("briefing", "")
    local: dict[str, LocalTexts] = {}
    text = raw.get("text")
    if isinstance(text, dict):
        for code, given in text.items():
            try:
                local[str(code)] = LocalTexts.model_validate(given)
            except ValueError:
                continue  # a language the file gets wrong is said in the file's words
    return Texts(
        name if isinstance(name, str) else "", briefing if isinstance(briefing, str) else "", local
    )
