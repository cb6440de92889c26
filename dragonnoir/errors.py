"""The project's error types. Every error a player can cause carries where it happened.

The command line and the client catch `DragonNoirError` and print its one-line message;
a traceback reaching a player is a bug.
"""

from __future__ import annotations

from pathlib import Path


class DragonNoirError(Exception):
    """Base of every error the program reports to a person instead of crashing."""


class DataFileError(DragonNoirError):
    """A file we read (map, tileset, layout, rules table, save) is broken or unsupported.

    `place` says where in the file: a line, a layer and cell, an object id, a field name.
    """

    def __init__(self, path: Path | str | None, message: str, place: str | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self.place = place
        self.detail = message
        where = str(self.path) if self.path is not None else "<memory>"
        if place:
            where = f"{where}: {place}"
        super().__init__(f"{where}: {message}")


class MapFormatError(DataFileError):
    """A TMX or TSX file is malformed, or uses a Tiled feature we refuse to guess at."""


class LayoutError(DataFileError):
    """A layout places boards illegally (wrong sides joined, overlap, unknown board)."""
