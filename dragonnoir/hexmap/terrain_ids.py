"""The terrain ids the game's terrain file declares, without building the whole table.

Why a second, lighter reading of `dragonnoir/data/terrain.toml`: reading a board only
asks "is this terrain id one the table knows?". The full table (`terrain.py`) is a
pydantic model, and importing pydantic and building its validators costs 50-80 ms, more
than reading a board; `dragonnoir validate`, `render` and the map viewer need the ids
only (issue 16, section 2). The rest of each row is validated where it is used (the
rules engine, the seams of a layout) by `default_terrain_table`. When the ids cannot be
read plainly (no `terrain` list, an entry without a string id, an id twice) the full
table is loaded, so the error is the same one-line message naming the file and field.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from dragonnoir import resources
from dragonnoir.safe_read import RULES, read_toml

DEFAULT_TERRAIN_FILE = resources.data_dir() / "terrain.toml"


def terrain_ids(path: Path) -> tuple[str, ...]:
    """The ids of the terrain table in `path`, in file order."""
    raw = read_toml(path, RULES)
    rows = raw.get("terrain")
    ids = [row.get("id") for row in rows if isinstance(row, dict)] if isinstance(rows, list) else []
    plain = isinstance(rows, list) and len(ids) == len(rows) and len(set(ids)) == len(ids)
    if plain and all(isinstance(i, str) and i for i in ids):
        return tuple(str(i) for i in ids)
    from dragonnoir.hexmap.terrain import load_terrain_table

    return tuple(load_terrain_table(path).ids())  # raises the table's own error


@cache
def default_terrain_ids() -> tuple[str, ...]:
    """The ids of the shipped terrain table (read once per process)."""
    return terrain_ids(DEFAULT_TERRAIN_FILE)
