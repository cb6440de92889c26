"""The narrator: phrases and events said to one reader, in the language in use.

One narrator serves every place a player reads: the client's log, hover panel, previews
and prompts, `dragonnoir replay`, the end screen, the campaign's reports, the AI's intent
lines (issue 41). It says a `Phrase` with the catalog's message for the language in use
(`dragonnoir.i18n`), each character by his name and each hex by its cell as the hover
panel writes it. Nothing is put into words earlier, and nothing is reworded after.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.i18n import N_, SOURCE, Catalog, current, translations
from dragonnoir.narration.events import phrase_of
from dragonnoir.narration.names import data_name, names_of
from dragonnoir.narration.phrase import Cited, DataName, Many, Phrase, Value, Who
from dragonnoir.narration.rules import say_rule

if TYPE_CHECKING:
    from dragonnoir.engine.events import Event
    from dragonnoir.engine.explain import Explanation
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.state import Side


class Narrator:
    """Says phrases with `name` (a character's id -> his name) and `cell` (a hex -> its
    cell, "(12,7)"), in `language` (None: the language in use at each phrase, so a
    switch in the settings takes effect at once)."""

    def __init__(
        self, name: Callable[[str], str], cell: Callable[[Hex], str], language: str | None = None
    ) -> None:
        self.name = name
        self.cell = cell
        self.language = language

    @classmethod
    def of(cls, game: Game, language: str | None = None) -> Narrator:
        """The narrator of a game: its characters' names, its map's cells."""
        return cls(names_of(game), game.where, language)

    @classmethod
    def english(cls, game: Game) -> Narrator:
        """The game's narrator in English, whatever the language in use: for the words
        a test or a log file compares."""
        return cls.of(game, SOURCE)

    def _catalog(self) -> Catalog:
        return current() if self.language is None else translations(self.language)

    def say(self, said: Phrase | str) -> str:
        """The words of `said` for the reader (a `str` is said as it is)."""
        if isinstance(said, str):
            return said
        catalog = self._catalog()
        if said.plural is not None:
            message = catalog.ngettext(said.message, said.plural, said.count)
        elif said.context is not None:
            message = catalog.pgettext(said.context, said.message)
        else:
            message = catalog.gettext(said.message)
        values = {key: self.value(v) for key, v in said.values}
        try:
            return message.format(**values)
        except (KeyError, IndexError, ValueError):  # a catalog's entry with a broken field
            english = said.message if said.plural is None or said.count == 1 else said.plural
            return english.format(**values)

    def value(self, value: Value) -> str:
        if isinstance(value, Who):
            return data_name(self.words(self.name(value.id)), self._catalog())
        if isinstance(value, DataName):
            return value.said(data_name(value.name, self._catalog()))
        if isinstance(value, Cited):
            return say_rule(value.citation, self._catalog())
        if isinstance(value, Hex):
            return self.cell(value)
        if isinstance(value, Phrase):
            return self.say(value)
        if isinstance(value, Many):
            return self.listed([self.value(v) for v in value.items])
        if isinstance(value, str):
            return self.words(value)
        return str(value)

    def words(self, text: str) -> str:
        """A text the game's scenario file wrote (a victory condition's, a passage's name,
        a name it gives) in the reader's language, when the file gives it."""
        own = getattr(self.name, "words", None)  # names_of(game); a test's plain function has none
        return own(text, self.language) if own is not None else text

    def listed(self, words: Sequence[str]) -> str:
        """ "A", "A and B", "A, B and C", in the reader's language."""
        if len(words) <= 1:
            return "".join(words)
        both = self._catalog().gettext(N_("{others} and {last}"))
        return both.format(others=", ".join(words[:-1]), last=words[-1])

    def line(self, said: Phrase | str) -> str:
        """`said` as a line of its own: a sentence begins with a capital letter."""
        words = self.say(said)
        return words[:1].upper() + words[1:]

    def verdict(self, explanation: Explanation) -> str:
        """A verdict on an action, "reason [rule]", the rule as written (the words the
        CLI prints when a save's action is refused on replay)."""
        return explanation.told(self.say)

    def event(self, event: Event) -> str:
        """One line of the log for `event`."""
        return self.line(phrase_of(event))

    def log(self, game: Game, side: Side | None) -> list[str]:
        """The game's log as `side` may read it (None: all of it), a line an event."""
        return [self.event(e) for e in game.log_for(side)]
