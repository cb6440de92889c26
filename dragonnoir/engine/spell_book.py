"""The spell list as data (dragonnoir/data/spells.toml, ours: the wizard sheets are not
in the rulebook), checked with pydantic: categories, costs, levels, targets, effects,
the spell counters and their counts, the Fireball Table. docs/spells.md."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from dragonnoir.datafiles import load_toml_model
from dragonnoir.engine.dice import DIE_FACES
from dragonnoir.engine.roster import DATA_DIR

SPELLS_FILE = "spells.toml"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Category(StrEnum):
    """The rulebook's categories ("Magic Spells")."""

    PERSONAL = "personal"
    OTHERS = "others"
    ENVIRONMENT = "environment"
    DETECTION = "detection"
    PURE = "pure"


class Target(StrEnum):
    SELF = "self"
    CHARACTER = "character"
    FRIEND = "friend"
    ENEMY = "enemy"
    HEXES = "hexes"
    MAP = "map"


class Effect(StrEnum):
    FIREBALL = "fireball"
    HEAL = "heal"
    BLINK = "blink"
    BRIDGE = "bridge"
    GALLERY = "gallery"
    DEMOLISH_WALL = "demolish_wall"
    SUMMON = "summon"
    DETECT = "detect"


class Spell(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    category: Category
    cost: int = Field(ge=1, le=200)
    level: int = Field(default=1, ge=1, le=2)
    target: Target
    effect: Effect
    counter: str | None = None
    hexes: int = Field(default=1, ge=1, le=3)
    reach: int = Field(default=0, ge=0, le=10)
    summons: str | None = None
    text: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> Spell:
        if self.category is Category.DETECTION and self.level < 2:
            raise ValueError("remote detection spells are for second-level wizards only")
        if self.effect is Effect.SUMMON and self.summons not in ("living_dead", "gargoyle"):
            raise ValueError("a summoning names its spectre: summons = living_dead | gargoyle")
        if self.effect is Effect.BLINK and self.reach < 1:
            raise ValueError("blink needs a reach")
        needs_hexes = {Effect.BLINK, Effect.BRIDGE, Effect.GALLERY, Effect.DEMOLISH_WALL}
        if (self.effect in needs_hexes or self.effect is Effect.SUMMON) and (
            self.target is not Target.HEXES
        ):
            raise ValueError(f"a {self.effect.value} spell targets hexes")
        if self.effect is Effect.DEMOLISH_WALL and self.hexes != 2:
            raise ValueError("demolishing a wall names the two hexes it stands between")
        return self


class SpellBook(_Frozen):
    counters: dict[str, int]
    fireball: tuple[str, ...]
    spells: tuple[Spell, ...]

    @model_validator(mode="after")
    def _check(self) -> SpellBook:
        if len(self.fireball) != DIE_FACES:
            raise ValueError(f"the Fireball Table has {DIE_FACES} codes, not {len(self.fireball)}")
        bad = sorted(set(self.fireball) - {"N", "R", "W", "K"})
        if bad:
            raise ValueError(f"fireball codes are N, R, W, K; not {bad}")
        ids = [s.id for s in self.spells]
        if len(set(ids)) != len(ids):
            raise ValueError("a spell id appears twice")
        for s in self.spells:
            if s.counter is not None and s.counter not in self.counters:
                raise ValueError(f"spell {s.id!r}: unknown counter {s.counter!r}")
        return self

    def get(self, spell_id: str) -> Spell | None:
        return next((s for s in self.spells if s.id == spell_id), None)

    def fireball_result(self, value: int) -> str:
        return self.fireball[min(DIE_FACES, max(1, value)) - 1]


def load_spell_book(path: Path | None = None) -> SpellBook:
    return load_toml_model(path or DATA_DIR / SPELLS_FILE, SpellBook)
