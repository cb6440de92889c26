"""The project's error types. Every error a player can cause carries where it happened.

The command line and the client catch `DragonNoirError` and print its one-line message;
a traceback reaching a player is a bug.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

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
        where = str(self.path) if self.path is not None else "<memory>"
        if place:
            where = f"{where}: {place}"
        super().__init__(one_line(f"{where}: {message}"))


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
