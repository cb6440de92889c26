"""The project's error types. Every error a player can cause carries where it happened.

The command line and the client catch `DragonNoirError` and print its one-line message;
a traceback reaching a player is a bug.

A `DataFileError` says its file, its place and its reason in the player's language (issue
41): the reason is translated where it is made (`_()` at the raise: the error is shown
as soon as it is raised), the place is kept in the code's words (`field group[2].unit`,
`line 3, column 7`: tests and callers read `exc.place`) and said in the language in use
each time the error is shown (`place_words`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from dragonnoir.i18n import NP_, _, pgettext

if TYPE_CHECKING:  # a type only: errors.py is imported by the hex code itself
    from dragonnoir.hexmap.hexes import Hex


class DragonNoirError(Exception):
    """Base of every error the program reports to a person instead of crashing."""


class DataFileError(DragonNoirError):
    """A file we read (map, tileset, layout, rules table, save) is broken or unsupported.

    `place` says where in the file: a line, a layer and cell, an object id, a field name.
    `hexes` are the map's hexes at fault, when the error has any (a scenario's character
    placed in the rock): the map editor outlines them; the message is the same without.
    """

    def __init__(
        self,
        path: Path | str | None,
        message: str,
        place: str | None = None,
        *,
        hexes: tuple[Hex, ...] = (),
    ) -> None:
        self.path = Path(path) if path is not None else None
        self.place = place
        self.detail = message
        self.hexes = hexes
        super().__init__(self.line())

    def line(self) -> str:
        """The one line a person reads: file, place and reason, in the language in use."""
        file = str(self.path) if self.path is not None else _("<memory>")
        if self.place:
            return one_line(
                _("{file}: {place}: {reason}").format(
                    file=file, place=place_words(self.place), reason=self.detail
                )
            )
        return one_line(_("{file}: {reason}").format(file=file, reason=self.detail))

    def __str__(self) -> str:
        return self.line()


#: The words the readers write places with (`field group[2].unit`, `line 3, column 7`,
#: `layer 'Terrain', cell (4, 5)`), each said in the language in use by `place_words`.
_PLACE_WORDS = {
    "field": NP_("place", "field"),
    "line": NP_("place", "line"),
    "column": NP_("place", "column"),
    "object layer": NP_("place", "object layer"),
    "image layer": NP_("place", "image layer"),
    "layer": NP_("place", "layer"),
    "group": NP_("place", "group"),
    "cell": NP_("place", "cell"),
    "object": NP_("place", "object"),
    "tileset": NP_("place", "tileset"),
    "col": NP_("place", "col"),
    "row": NP_("place", "row"),
    "die": NP_("place", "die"),
    "board": NP_("place", "board"),
    "map properties": NP_("place", "map properties"),
    "map": NP_("place", "map"),
    "end of document": NP_("place", "end of document"),
}
#: A word of `_PLACE_WORDS` where a place's part begins (at the start, after ", " or
#: "("), outside quotes: never a key of a field's path (`field map`, `board[0].file`).
_WORD = re.compile(
    r"(?:^|(?<=, )|(?<=\())("
    + "|".join(sorted(map(re.escape, _PLACE_WORDS), key=len, reverse=True))
    + r")(?=\s|$)"
)
_QUOTED = re.compile(r"('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")")


def place_words(place: str) -> str:
    """`place`, written in the code's words, said in the language in use: its words
    (`_PLACE_WORDS`) translated, its quoted names and paths left as they are."""
    parts = _QUOTED.split(place)
    for i in range(0, len(parts), 2):  # the even parts are outside quotes
        parts[i] = _WORD.sub(lambda m: pgettext("place", _PLACE_WORDS[m.group(1)]), parts[i])
    return "".join(parts)


def one_line(text: str) -> str:
    """`text` with control characters (a newline in a value or a file name, say) written
    as escapes, so that an error is always one line a person can read."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


class MapFormatError(DataFileError):
    """A TMX or TSX file is malformed, or uses a Tiled feature we refuse to guess at."""


class LayoutError(DataFileError):
    """A layout places boards illegally (wrong sides joined, overlap, unknown board)."""
