"""The terrain table: what each terrain does for the rules, loaded from TOML and validated.

Kept as data (dragonnoir/data/terrain.toml) so a player who owns the box can type in the
values of their own Game Sheet. Boards only name terrain ids; this table gives them
meaning (movement cost, cover, combat effect: "Movement", "Fire Restrictions and Cover",
"Effect of Terrain on Combats").
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache, cached_property
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator

from dragonnoir.datafiles import load_toml_model
from dragonnoir.hexmap.terrain_ids import DEFAULT_TERRAIN_FILE
from dragonnoir.i18n import _

__all__ = ["DEFAULT_TERRAIN_FILE", "TerrainTable", "TerrainType", "default_terrain_table"]


class Cover(StrEnum):
    """Cover classes of the Fire Table, plus total cover (no shot possible)."""

    NONE = "none"
    LIGHT = "light"
    MEDIUM = "medium"
    STRONG = "strong"
    TOTAL = "total"


class CombatEffect(StrEnum):
    """Effect of terrain on combat: advantage (+), neutral (0), disadvantage (-)."""

    PLUS = "+"
    NEUTRAL = "0"
    MINUS = "-"


class TerrainType(BaseModel):
    """One row of the terrain table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    move_cost: int | None = Field(default=None, ge=1)
    cover: Cover = Cover.NONE
    combat: CombatEffect = CombatEffect.NEUTRAL
    water: bool = False
    blocks_fire: bool = False
    level_link: bool = False

    @property
    def passable(self) -> bool:
        return self.move_cost is not None


class TerrainTable(BaseModel):
    """All terrain types, in file order."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    terrain: list[TerrainType]

    @field_validator("terrain")
    @classmethod
    def _unique_ids(cls, rows: list[TerrainType]) -> list[TerrainType]:
        seen: set[str] = set()
        for row in rows:
            if row.id in seen:
                raise ValueError(_("terrain id {id!r} appears twice").format(id=row.id))
            seen.add(row.id)
        return rows

    def get(self, terrain_id: str) -> TerrainType | None:
        return self.by_id().get(terrain_id)

    def __getitem__(self, terrain_id: str) -> TerrainType:
        return self.by_id()[terrain_id]

    def __contains__(self, terrain_id: object) -> bool:
        return terrain_id in self.by_id()

    def ids(self) -> list[str]:
        return [t.id for t in self.terrain]

    @cached_property
    def _index(self) -> dict[str, TerrainType]:
        return {t.id: t for t in self.terrain}

    def by_id(self) -> dict[str, TerrainType]:
        return self._index

    def seam_winner(self, a: str, b: str) -> str:
        """Terrain of a hex that straddles two boards whose halves disagree.

        Our documented rule (docs/map-format.md, "Seams"): the less passable half wins —
        impassable beats passable, then the higher movement cost, then the terrain listed
        later in this table. A gallery that meets rock therefore ends at the seam, and no
        hex is ever easier to cross than either board shows it.
        """
        if a == b:
            return a
        ta, tb = self[a], self[b]
        order = {tid: i for i, tid in enumerate(self.ids())}

        def hardness(t: TerrainType) -> tuple[int, int, int]:
            return (0 if t.passable else 1, t.move_cost or 0, order[t.id])

        return a if hardness(ta) >= hardness(tb) else b


def load_terrain_table(path: Path | None = None) -> TerrainTable:
    """Read and validate a terrain table; errors name the file and the field."""
    return load_toml_model(path or DEFAULT_TERRAIN_FILE, TerrainTable)


@cache
def default_terrain_table() -> TerrainTable:
    """The table shipped with the game (cached: it is read once per process)."""
    return load_terrain_table()
