"""The campaign's report lines kept as data, said when they are read (issue 41).

A campaign writes notes as it advances (a character joins the party, a band moves, a
band was heard through the rock) and keeps some of them in its save. Kept as English
words they would stay English for a French reader, and in the language of whoever
played when the save is read in another. So a note keeps its message (the English
text, the catalog's key, marked with `N_` where it is made) and its values by kind:

- `counters`: names of the rules data (a counter's name), said through the catalog's
  "data" context (`narration.names.data_name`), as the game says them;
- `words`: the campaign file's own words (a band's, a cave's name), said through the
  file's texts in the reader's language (`local_texts.Texts.word`);
- `numbers`: numbers (a message is worded so that no plural depends on them: "left:
  {left}").

Saves written before notes were data hold plain strings: `say_note` says them as they
are, so those campaigns keep loading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from dragonnoir.i18n import current
from dragonnoir.narration.names import data_name


class Note(BaseModel):
    """One line of a campaign report, not yet said (see the module doc)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    message: str
    counters: dict[str, str] = Field(default_factory=dict)
    words: dict[str, str] = Field(default_factory=dict)
    numbers: dict[str, int] = Field(default_factory=dict)


#: A note as a campaign state keeps it: data, or the words of an older save.
Said = Note | str


def say_note(note: Said | dict[str, Any], word: Callable[[str], str] = str) -> str:
    """`note` in the reader's language; `word` says the campaign file's own words (its
    `texts.word`). A string (an older save's note) is said as it is."""
    if isinstance(note, str):
        return note
    if isinstance(note, dict):  # a state's `view` holds plain data
        note = Note.model_validate(note)
    catalog = current()
    values: dict[str, object] = {
        **{k: data_name(v, catalog) for k, v in note.counters.items()},
        **{k: word(v) for k, v in note.words.items()},
        **note.numbers,
    }
    return catalog.gettext(note.message).format(**values)
