"""Casualty points (ours, `dragonnoir/data/casualty_points.toml`): what each dead enemy
counts for when a scenario is judged on casualties at its turn limit (docs/scenarios.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from dragonnoir.datafiles import load_toml_model

if TYPE_CHECKING:
    from dragonnoir.engine.values import Profile


class CasualtyPoints(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    newborn: int = Field(default=1, ge=0)
    categories: dict[str, int] = Field(default_factory=dict)
    tags: dict[str, int] = Field(default_factory=dict)
    ids: dict[str, int] = Field(default_factory=dict)

    def of(self, kind: str, p: Profile, *, adult: bool = True) -> int:
        """The points a dead counter of `kind` (showing `p`) counts for."""
        if kind in self.ids:
            return self.ids[kind]
        if not adult:
            return self.newborn
        tagged = [self.tags[t] for t in p.tags if t in self.tags]
        if tagged:
            return max(tagged)
        return self.categories.get(p.category, 1)


def load_casualty_points(path: Path) -> CasualtyPoints:
    return load_toml_model(path, CasualtyPoints)
