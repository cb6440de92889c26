"""The three standard board tilesets (terrain, levels, features) as TMX models.

One definition serves both sides: the art script draws the PNGs and writes the TSX files
from it, and the board writer references the same tiles. Reading never relies on this
order — tiles are recognised by their properties — so a tileset edited in Tiled still
loads (docs/map-format.md, "Tilesets").
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from dragonnoir import resources
from dragonnoir.hexmap.board import BOARD_GRID, LEVELS
from dragonnoir.hexmap.terrain_ids import default_terrain_ids
from dragonnoir.hexmap.tmxmodel import ImageRef, Property, Tile, Tileset

if TYPE_CHECKING:
    from dragonnoir.hexmap.terrain import TerrainTable

#: Where the standard tilesets live: `maps/tilesets/` (dragonnoir/resources.py).
TILESET_DIR = resources.tileset_dir()

TERRAIN_TILESET = "terrain"
LEVELS_TILESET = "levels"
FEATURES_TILESET = "features"

#: Feature tiles, in tile order.
FEATURES: tuple[str, ...] = ("walkway", "walkway_end")

#: Tiles per row in the tileset images.
COLUMNS = 8


def _tileset(name: str, props: list[tuple[str, Property]], tileset_dir: Path) -> Tileset:
    """A tileset of `props` in rows of `COLUMNS` tiles. Its `tile_count` is every cell of
    the image grid, the last row's empty ones too: that is what Tiled counts when it
    opens the image, so the first gids of the tilesets after it (and every board that
    uses them) stay as written when Tiled re-saves a board. The spare tiles have no
    property, so no board cell can mean anything with them."""
    tw, th = BOARD_GRID.tile_width, BOARD_GRID.tile_height
    rows = (len(props) + COLUMNS - 1) // COLUMNS
    cols = min(len(props), COLUMNS)
    count = rows * cols
    image = ImageRef(
        path=tileset_dir / f"{name}.png",
        source=f"{name}.png",
        width=cols * tw,
        height=rows * th,
    )
    tiles = {i: Tile(id=i, properties={key: prop}) for i, (key, prop) in enumerate(props)}
    return Tileset(
        first_gid=1,
        name=name,
        tile_width=tw,
        tile_height=th,
        tile_count=count,
        columns=cols,
        image=image,
        tiles=tiles,
        source=f"{name}.tsx",
        source_path=tileset_dir / f"{name}.tsx",
    )


def terrain_tileset(table: TerrainTable | None = None, tileset_dir: Path = TILESET_DIR) -> Tileset:
    """One tile per terrain type, in terrain-table order, property `terrain` = id."""
    ids = table.ids() if table is not None else default_terrain_ids()
    return _tileset(TERRAIN_TILESET, [("terrain", Property(i)) for i in ids], tileset_dir)


def levels_tileset(tileset_dir: Path = TILESET_DIR) -> Tileset:
    """One tile per level (-1, -0.5, 0, 0.5, 1), property `level` (float)."""
    return _tileset(
        LEVELS_TILESET, [("level", Property(lv, "float")) for lv in LEVELS], tileset_dir
    )


def features_tileset(tileset_dir: Path = TILESET_DIR) -> Tileset:
    """Walkway and walkway-end tiles, property `feature`."""
    return _tileset(FEATURES_TILESET, [("feature", Property(f)) for f in FEATURES], tileset_dir)


def standard_tilesets(tileset_dir: Path = TILESET_DIR) -> list[Tileset]:
    """The three tilesets with first gids assigned as a board file uses them."""
    sets = [terrain_tileset(tileset_dir=tileset_dir), levels_tileset(tileset_dir)]
    sets.append(features_tileset(tileset_dir))
    gid = 1
    for ts in sets:
        ts.first_gid = gid
        gid += ts.tile_count
    return sets
