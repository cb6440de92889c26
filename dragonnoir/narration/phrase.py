"""Words to say, not yet said: a message and the things it speaks of.

The engine decides what happened long before anyone reads it, and in no language: it
cannot know who reads (which side, which language). So what it has to say is kept as a
`Phrase`: the English message (the catalog's key, with `{fields}`), and the values of its
fields as things, not words: a character as `Who(id)`, a hex as a `Hex`, a list as
`Many`, a name of the rules data as `DataName`, another phrase. The narrator
(`narration.narrator`) says it when it is read: the message in the reader's language,
each character by his name, each hex by its cell, plurals by the count. So no text
ever holds an internal id to be replaced later.

`tell(...)` and `tell_n(...)` make phrases; Babel finds their messages (docs/translating.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Union

from dragonnoir.hexmap.hexes import Hex


@dataclass(frozen=True, slots=True)
class Who:
    """A character (or a Gharv, a boat's rower...) by its id: said by its name."""

    id: str


@dataclass(frozen=True, slots=True)
class DataName:
    """A name of the rules data (a counter's, a spell's, a terrain's, an accessory's):
    said in the reader's language by the catalog's "data" context
    (`narration.names.data_name`); a name of the player's own rules files as it is.
    `lower`: said in small letters, inside a sentence ("the target is on trees")."""

    name: str
    lower: bool = False

    def said(self, words: str) -> str:
        return words.lower() if self.lower else words


@dataclass(frozen=True, slots=True)
class Cited:
    """A rule citation inside a phrase ("Movement by Boat"): said by
    `narration.rules.say_rule`, the section in the reader's language."""

    citation: str


@dataclass(frozen=True, slots=True)
class Many:
    """Several values said as a list: "A", "A and B", "A, B and C"."""

    items: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message and its values. `plural` and `count` choose the form ("1 hex", "4
    hexes") by the reader's language's rules; `context` is the catalog's context of a
    message marked elsewhere (`NP_("phase", ...)`: a phase's title)."""

    message: str
    values: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    count: int = 1
    context: str | None = None

    def value(self, name: str) -> Value | None:
        return next((v for k, v in self.values if k == name), None)

    def __str__(self) -> str:
        """The English words with ids (`english`): for a caller that still formats an
        event's text as a `str`; a reader is told a phrase by `Narrator.say`."""
        return english(self)


#: What a phrase may speak of.
#: A `str` is said as it is, in every language: what a player typed (a scenario's name), or
#: words not yet made a phrase of their own.
Value = Union[Who, DataName, Cited, Many, Phrase, Hex, int, str]  # noqa: UP007 (a forward reference)


def tell(message: str, **values: Value) -> Phrase:
    """A phrase: `tell("{unit} is knocked out.", unit=Who(uid))`."""
    return Phrase(message, tuple(values.items()))


def tell_n(singular: str, plural: str, n: int, **values: Value) -> Phrase:
    """A phrase whose form depends on `n` (given to the message as `{n}` too):
    `tell_n("{n} hex", "{n} hexes", len(path))`."""
    return Phrase(singular, (("n", n), *values.items()), plural, n)


def series(items: Sequence[Value]) -> Value:
    """Several values one after the other, "A, B, C" (no "and": a numbered draw, the
    names a victory lists), in every language."""
    return _chained(items, lambda first, rest: tell("{first}, {rest}", first=first, rest=rest))


def reasons(items: Sequence[Value]) -> Value:
    """Several reasons, "A; B; C" (a combat's column shifts, what leaving counts for)."""
    return _chained(items, lambda first, rest: tell("{first}; {rest}", first=first, rest=rest))


def _chained(items: Sequence[Value], join: Callable[[Value, Value], Phrase]) -> Value:
    if not items:
        return ""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = join(item, said)
    return said


def english(said: Value, cell: Callable[[Hex], str] | None = None) -> str:
    """`said` in English where no reader is at hand (tests, a developer's logs, the
    English kept in the state: why the game ended): the catalog's key as it is,
    characters by their ids, hexes by `cell` (else their cube coordinates). A player is
    told a phrase by `Narrator.say`, never by this."""
    if isinstance(said, Who):
        return said.id
    if isinstance(said, DataName):
        return said.said(said.name)
    if isinstance(said, Cited):
        return said.citation
    if isinstance(said, Hex):
        return cell(said) if cell is not None else f"({said.q},{said.r})"
    if isinstance(said, Many):
        words = [english(v, cell) for v in said.items]
        return "".join(words) if len(words) <= 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    if isinstance(said, Phrase):
        message = said.message if said.plural is None or said.count == 1 else said.plural
        return message.format(**{key: english(v, cell) for key, v in said.values})
    return str(said)
