"""The water's tables: the Gharv Appearance Table ("The Gharvs": "the player concerned
rolls the die and consults the Gharv Appearance Table which appears on the back of the
Game Sheet") and our table for Le Marais Hanté's unstable marsh ("a new type of
terrain, very unstable ... Armoured characters: beware!").

Both are printed material we do not have, or effects the rulebook leaves unwritten: the
values are our own, as data (dragonnoir/data/gharv_appearance.toml,
unstable_marsh.toml), documented in docs/rules-tables.md and docs/gharvs.md.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragonnoir.datafiles import load_toml_model
from dragonnoir.engine.dice import DIE_FACES, face_value
from dragonnoir.engine.roster import DATA_DIR

GHARV_APPEARANCE_FILE = "gharv_appearance.toml"
UNSTABLE_MARSH_FILE = "unstable_marsh.toml"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WaterSituation(StrEnum):
    """Where a character stands when the Gharvs may come ("Appearance of the Gharvs"):
    in the water, in a boat, on a hex next to the water, in a marsh."""

    WATER = "water"
    BOAT = "boat"
    SHORE = "shore"
    MARSH = "marsh"
    UNSTABLE_MARSH = "unstable_marsh"


class AppearanceRow(_Frozen):
    situation: WaterSituation
    name: str = Field(min_length=1)
    #: The modified die values (1..10) on which a Gharv appears.
    appears: tuple[int, ...]

    @model_validator(mode="after")
    def _faces(self) -> AppearanceRow:
        bad = [v for v in self.appears if not 1 <= v <= DIE_FACES]
        if bad:
            raise ValueError(f"die values are 1..{DIE_FACES}, not {bad}")
        if len(set(self.appears)) != len(self.appears):
            raise ValueError("a die value is listed twice")
        return self


class AppearanceModifiers(_Frozen):
    #: Added to the die when the character is wounded (blood in the water).
    wounded: int = Field(default=0, ge=-10, le=10)


class GharvAppearanceTable(_Frozen):
    modifiers: AppearanceModifiers = AppearanceModifiers()
    rows: tuple[AppearanceRow, ...]
    #: The Capsize Table: die values (1..10) on which a Gharv capsizes a boat.
    capsize: tuple[int, ...]

    @model_validator(mode="after")
    def _complete(self) -> GharvAppearanceTable:
        bad = [v for v in self.capsize if not 1 <= v <= DIE_FACES]
        if bad:
            raise ValueError(f"capsize: die values are 1..{DIE_FACES}, not {bad}")
        have = [r.situation for r in self.rows]
        missing = [s.value for s in WaterSituation if s not in have]
        if missing:
            raise ValueError(f"no row for {', '.join(missing)}")
        if len(set(have)) != len(have):
            raise ValueError("a situation has two rows")
        return self

    def row(self, situation: WaterSituation) -> AppearanceRow:
        return next(r for r in self.rows if r.situation is situation)

    def appears(self, situation: WaterSituation, roll: int, modifier: int = 0) -> bool:
        """Does a Gharv appear for the d10 `roll` (0 = 10) plus `modifier` (clamped)?"""
        value = min(DIE_FACES, max(1, face_value(roll) + modifier))
        return value in self.row(situation).appears

    def chance(self, situation: WaterSituation, modifier: int = 0) -> float:
        """The chance a Gharv appears (all ten faces counted; kept: the table is frozen
        and the AI asks at every hex it weighs)."""
        key = (id(self), situation, modifier)
        found = _CHANCES.get(key)
        if found is None or found[0] is not self:
            if len(_CHANCES) > 256:
                _CHANCES.clear()
            value = sum(self.appears(situation, f, modifier) for f in range(1, 11)) / 10
            found = _CHANCES[key] = (self, value)
        return found[1]


#: `GharvAppearanceTable.chance` by (table's identity, situation, modifier), with the
#: table (its id is not reused while it is kept here).
_CHANCES: dict[tuple[int, WaterSituation, int], tuple[GharvAppearanceTable, float]] = {}


class MarshEffect(StrEnum):
    NONE = "none"
    STUCK = "stuck"  # his move ends on the marsh hex
    SINKS = "sinks"  # his move ends and he is wounded


class MarshResult(_Frozen):
    code: str = Field(min_length=1, max_length=2)
    name: str = Field(min_length=1)
    effect: MarshEffect


class UnstableMarshTable(_Frozen):
    """Who rolls and what befalls him: an armoured character entering an unstable marsh
    hex rolls once (low rolls are good)."""

    modifiers: AppearanceModifiers = AppearanceModifiers()
    results: tuple[MarshResult, ...]
    #: One result code per die value 1..10.
    column: tuple[str, ...]

    @model_validator(mode="after")
    def _shape(self) -> UnstableMarshTable:
        if len(self.column) != DIE_FACES:
            raise ValueError(f"the column has {len(self.column)} codes, not {DIE_FACES}")
        codes = {r.code for r in self.results}
        unknown = sorted(set(self.column) - codes)
        if unknown:
            raise ValueError(f"unknown result codes {unknown} in the column")
        return self

    def roll(self, roll: int, modifier: int = 0) -> MarshResult:
        value = min(DIE_FACES, max(1, face_value(roll) + modifier))
        code = self.column[value - 1]
        return next(r for r in self.results if r.code == code)


def load_gharv_appearance(path: Path | None = None) -> GharvAppearanceTable:
    return load_toml_model(path or DATA_DIR / GHARV_APPEARANCE_FILE, GharvAppearanceTable)


def load_unstable_marsh(path: Path | None = None) -> UnstableMarshTable:
    return load_toml_model(path or DATA_DIR / UNSTABLE_MARSH_FILE, UnstableMarshTable)
