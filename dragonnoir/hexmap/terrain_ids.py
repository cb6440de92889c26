"""The terrain ids the game's terrain file declares, without building the whole table.

Why a second, lighter reading of `dragonnoir/data/terrain.toml`: reading a board only
asks "is this terrain id one the table knows?". The full table (`terrain.py`) is a
pydantic model, and importing pydantic and building its validators costs 50-80 ms, more
than reading a board; `dragonnoir validate`, `render` and the map viewer need the ids
only (issue 16, section 2). The rest of each row is validated where it is used (the
rules engine, the seams of a layout) by `default_terrain_table`. When the ids cannot be
read (no `terrain` list, an entry without a string id, an id twice) the error names the
file and the field in the words the full table's own check uses (tests/hexmap/
test_terrain.py), without asking that table: it imports this module for the file's
place, and a module does not import back what imports it (issue 43 §1).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dragonnoir import resources
from dragonnoir.errors import DataFileError
from dragonnoir.i18n import _
from dragonnoir.safe_read import RULES, read_toml

DEFAULT_TERRAIN_FILE = resources.data_dir() / "terrain.toml"


def terrain_ids(path: Path) -> tuple[str, ...]:
    """The ids of the terrain table in `path`, in file order (DataFileError naming the
    field when they cannot be read)."""
    rows = read_toml(path, RULES).get("terrain")
    if rows is None:
        raise DataFileError(path, _("Field required"), "field terrain")
    if not isinstance(rows, list):
        raise DataFileError(path, _("Input should be a valid list"), "field terrain")
    ids: list[str] = []
    for i, row in enumerate(rows):
        place = f"field terrain[{i}]"
        if not isinstance(row, dict):
            raise DataFileError(path, _("Input should be a table"), place)
        if "id" not in row:
            raise DataFileError(path, _("Field required"), f"{place}.id")
        terrain_id = row["id"]
        if not isinstance(terrain_id, str) or not terrain_id:
            raise DataFileError(path, _("Input should be a non-empty string"), f"{place}.id")
        if terrain_id in ids:
            raise DataFileError(
                path,
                _("terrain id {terrain_id!r} appears twice").format(terrain_id=terrain_id),
                "field terrain",
            )
        ids.append(terrain_id)
    return tuple(ids)


@cache
def default_terrain_ids() -> tuple[str, ...]:
    """The ids of the shipped terrain table (read once per process)."""
    return terrain_ids(DEFAULT_TERRAIN_FILE)
