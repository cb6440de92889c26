"""The rules tables: Combat Table, terrain column shifts, Infiltration Table, Jump Table,
Fire Table, Rate of Fire & Movement table.

Loaded from `dragonnoir/data/*.toml` and validated with pydantic, so a player who owns the
box can type in the values of their own Game Sheet (docs/rules-tables.md). A broken file
is a `DataFileError` naming the file and the field. `load_rules_data` bundles these tables
with the terrain table and the roster, and checks what spans files (every enemy in the
roster has an Infiltration Table column; every Gharv terrain exists).

The engine asks the tables questions; it never holds their numbers:

- `CombatTable.column_for(attack, defence)` -> column index, or None below the first column;
- `CombatTable.shift(column, shift)` -> column index after shifts, clamped to the table;
- `CombatTable.die(roll, modifier)` -> row, clamped ("1 minus 1 = 1"; 10 + 1 = 11);
- `CombatTable.result(column, die)` -> the `CombatResult` (clamps both);
- `TerrainShifts.shift(attacker_effect, defender_effect)` -> columns to move;
- `InfiltrationTable.roll(column_id, die, modifier)`, `JumpTable.roll(direction, die, ...)`;
- `FireTable.die(roll, modifier)` -> row, clamped; `FireTable.result(weapon, cover, row)`;
  `FireTable.target_modifier(krob_type, newborn=...)`; `RateOfFireTable.of(weapon)`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from pathlib import Path
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from dragonnoir.datafiles import FieldError, load_toml_model
from dragonnoir.engine.casualties import CasualtyPoints, load_casualty_points
from dragonnoir.engine.dice import DIE_FACES, face_value
from dragonnoir.engine.rules_digests import file_digests, fingerprint
from dragonnoir.engine.spell_book import SPELLS_FILE, SpellBook, load_spell_book
from dragonnoir.engine.water_tables import (
    GHARV_APPEARANCE_FILE,
    UNSTABLE_MARSH_FILE,
    GharvAppearanceTable,
    UnstableMarshTable,
    load_gharv_appearance,
    load_unstable_marsh,
)
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.terrain import (
    DEFAULT_TERRAIN_FILE,
    CombatEffect,
    Cover,
    TerrainTable,
    load_terrain_table,
)
from dragonnoir.safe_read import RULES, read_text

from .roster import (
    DATA_DIR,
    GHARVS_FILE,
    INFILTRATION_COLUMNS,
    Adventurer,
    Krob,
    KrobType,
    Roster,
    Weapon,
    infiltration_column,
    load_roster,
    roster_files,
)

COMBAT_FILE = "combat.toml"
TERRAIN_SHIFTS_FILE = "terrain_shifts.toml"
INFILTRATION_FILE = "infiltration.toml"
JUMP_FILE = "jump.toml"
FIRE_FILE = "fire.toml"
RATE_OF_FIRE_FILE = "rate_of_fire.toml"
TERRAIN_FILE = "terrain.toml"
CASUALTY_FILE = "casualty_points.toml"

_CODE = r"^[A-Z][A-Z0-9]*$"
_ODDS = re.compile(r"^([1-9][0-9]*)-([1-9][0-9]*)$")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, value))


def _check_codes(codes: Iterable[str], known: set[str], loc: tuple[int | str, ...]) -> None:
    for i, code in enumerate(codes):
        if code not in known:
            raise FieldError(
                (*loc, i), f"unknown result code {code!r} (defined: {', '.join(sorted(known))})"
            )


def _check_row(
    codes: Sequence[str], width: int, what: str, known: set[str], loc: tuple[int | str, ...]
) -> None:
    """A table row holds one defined result code for each of its `width` columns
    (`what` names them in the message)."""
    if len(codes) != width:
        raise FieldError(loc, f"{len(codes)} results for {width} {what}")
    _check_codes(codes, known, loc)


def _modified_die(roll: int, modifier: int, low: int, high: int) -> int:
    """A d10 `roll` (0 = 10) plus `modifier`, clamped to the rows `low`..`high`."""
    return _clamp(face_value(roll) + modifier, low, high)


def _check_follows(rows: Sequence[CombatRow | FireRow], i: int) -> None:
    """Die rows follow each other: row `i` is one more than the row before."""
    if i and rows[i].die != rows[i - 1].die + 1:
        raise FieldError(
            ("rows", i, "die"),
            f"die rows must follow each other: {rows[i - 1].die} then {rows[i].die}",
        )


def _unique(values: Iterable[str], key: str, what: str, loc: tuple[int | str, ...] = ()) -> None:
    seen: set[str] = set()
    for i, value in enumerate(values):
        if value in seen:
            raise FieldError((*loc, i, key), f"{what} {value!r} appears twice")
        seen.add(value)


# -- Combat Table -------------------------------------------------------------------------


class Effect(StrEnum):
    """What a combat result does to the attackers or to the defenders."""

    NONE = "none"
    RETREAT = "retreat"  # all the characters of that side retreat `hexes` hexes
    KNOCKED_OUT = "knocked_out"  # one character of that side, chosen by its player
    WOUNDED = "wounded"  # one character, chosen by its player
    KILLED = "killed"  # one character, chosen by its player


class SideOutcome(_Frozen):
    """The effect of a combat result on one side; `hexes` only for a retreat."""

    effect: Effect = Effect.NONE
    hexes: int = Field(default=0, ge=0, le=6)

    @model_validator(mode="after")
    def _hexes(self) -> Self:
        if self.effect is Effect.RETREAT and self.hexes < 1:
            raise FieldError(("hexes",), "a retreat needs hexes = 1 or more")
        if self.effect is not Effect.RETREAT and self.hexes:
            raise FieldError(("hexes",), "hexes is only for effect = 'retreat'")
        return self


class CombatResult(_Frozen):
    """One result code of the Combat Table."""

    code: str = Field(pattern=_CODE)
    name: str = Field(min_length=1)
    attacker: SideOutcome = SideOutcome()
    defender: SideOutcome = SideOutcome()

    @property
    def no_effect(self) -> bool:
        return self.attacker.effect is Effect.NONE and self.defender.effect is Effect.NONE


class CombatRow(_Frozen):
    die: int = Field(ge=1)
    results: tuple[str, ...]


class CombatModifiers(_Frozen):
    """The rulebook's combat numbers, as data so house rules can change them."""

    armoured_defender: int = 1  # die, "Combat Against an Armoured Defender"
    killer_attacks: int = -1  # die, "Combat results" (Krobs)
    joint_attack_shift: int = 1  # columns, "Multiple Combat"
    guard_between_legs_shift: int = 1  # columns, "Attack" (Krobs)
    guard_between_legs_attack: int = Field(default=2, ge=1)  # multiplier
    killer_mortal_max: int = Field(default=5, ge=0, le=DIE_FACES)  # die 1..this: mortal


class CombatTable(_Frozen):
    """The Combat Table: odds columns, die rows, result codes."""

    columns: tuple[str, ...] = Field(min_length=1)
    modifiers: CombatModifiers = CombatModifiers()
    results: tuple[CombatResult, ...] = Field(min_length=1)
    rows: tuple[CombatRow, ...] = Field(min_length=1)

    @field_validator("columns")
    @classmethod
    def _columns(cls, columns: tuple[str, ...]) -> tuple[str, ...]:
        previous: tuple[int, int] | None = None
        for i, label in enumerate(columns):
            match = _ODDS.match(label)
            if match is None:
                raise FieldError((i,), f"odds {label!r} should look like '3-1' or '3-2'")
            odds = (int(match[1]), int(match[2]))
            if previous is not None and odds[0] * previous[1] <= previous[0] * odds[1]:
                raise FieldError((i,), f"odds {label!r} are not above the column before")
            previous = odds
        return columns

    @field_validator("results")
    @classmethod
    def _codes(cls, results: tuple[CombatResult, ...]) -> tuple[CombatResult, ...]:
        _unique((r.code for r in results), "code", "result code")
        return results

    @model_validator(mode="after")
    def _grid(self) -> Self:
        known = {r.code for r in self.results}
        for i, row in enumerate(self.rows):
            _check_follows(self.rows, i)
            _check_row(row.results, len(self.columns), "columns", known, ("rows", i, "results"))
        dies = [row.die for row in self.rows]
        if dies[0] != 1 or dies[-1] < DIE_FACES:
            raise FieldError(("rows",), f"rows must cover the die from 1 to at least {DIE_FACES}")
        return self

    # -- queries --------------------------------------------------------------------

    @cached_property
    def _by_code(self) -> dict[str, CombatResult]:
        return {r.code: r for r in self.results}

    @property
    def last_column(self) -> int:
        return len(self.columns) - 1

    @property
    def die_range(self) -> tuple[int, int]:
        """Lowest and highest row (1 and 11 in the shipped table)."""
        return self.rows[0].die, self.rows[-1].die

    def odds(self, column: int) -> tuple[int, int]:
        """The odds of a column: (3, 1) for "3-1"."""
        match = _ODDS.match(self.columns[column])
        assert match is not None  # checked on load
        return int(match[1]), int(match[2])

    def column_for(self, attack: int, defence: int) -> int | None:
        """The column of an attack, rounded in favour of the defender ("Resolution of
        Combats"): the rightmost column whose odds do not exceed attack/defence. Odds
        above the last column use the last column. None when below the first column
        (1-1 in the shipped table): the attack is impossible, whatever shifts follow."""
        if defence < 1:
            raise ValueError(f"defence must be 1 or more, not {defence}")
        found: int | None = None
        for i in range(len(self.columns)):
            a, d = self.odds(i)
            if attack * d >= a * defence:
                found = i
        return found

    def shift(self, column: int, shift: int) -> int:
        """The column after `shift` columns (positive = right), clamped to the table:
        shifting left of the first column stays on it, right of the last stays there."""
        return _clamp(column + shift, 0, self.last_column)

    def die(self, roll: int, modifier: int = 0) -> int:
        """The row for a d10 `roll` (0 = 10) plus the sum of the die modifiers, clamped
        to the table's rows: a Killer's 1 - 1 stays 1, an armoured defender's 10 + 1 is 11.
        Modifiers are summed first (a Killer against an armoured defender: 1 - 1 + 1 = 1)."""
        return _modified_die(roll, modifier, *self.die_range)

    def result(self, column: int, die: int) -> CombatResult:
        """The result at a column (after shifts) and a row (after modifiers). Both are
        clamped to the table, so any index the shifts and modifiers produce is read at
        the nearest edge."""
        low, high = self.die_range
        row = self.rows[_clamp(die, low, high) - low]
        return self._by_code[row.results[_clamp(column, 0, self.last_column)]]

    def code(self, code: str) -> CombatResult:
        """The result with this code (KeyError if undefined)."""
        return self._by_code[code]

    def codes(self) -> list[str]:
        return [r.code for r in self.results]


# -- Terrain column shifts ------------------------------------------------------------------

_EFFECT_RANK = {CombatEffect.MINUS: 0, CombatEffect.NEUTRAL: 1, CombatEffect.PLUS: 2}


class TerrainShift(_Frozen):
    attacker: CombatEffect
    defender: CombatEffect
    shift: int = Field(ge=-5, le=5)


class TerrainShifts(_Frozen):
    """Columns to shift for the attackers' and the defender's terrain (+, 0, -)."""

    shifts: tuple[TerrainShift, ...]

    @field_validator("shifts")
    @classmethod
    def _complete(cls, shifts: tuple[TerrainShift, ...]) -> tuple[TerrainShift, ...]:
        seen: set[tuple[CombatEffect, CombatEffect]] = set()
        for i, row in enumerate(shifts):
            pair = (row.attacker, row.defender)
            if pair in seen:
                raise FieldError(
                    (i,), f"attacker {row.attacker.value!r} / defender {row.defender.value!r} twice"
                )
            seen.add(pair)
        missing = [
            f"{a.value}/{d.value}" for a in CombatEffect for d in CombatEffect if (a, d) not in seen
        ]
        if missing:
            raise ValueError(f"missing attacker/defender pairs: {', '.join(missing)}")
        return shifts

    @cached_property
    def _index(self) -> dict[tuple[CombatEffect, CombatEffect], int]:
        return {(s.attacker, s.defender): s.shift for s in self.shifts}

    def shift(self, attacker: CombatEffect | str, defender: CombatEffect | str) -> int:
        """Columns to move (positive = right) for these terrain effects."""
        return self._index[CombatEffect(attacker), CombatEffect(defender)]


def least_advantageous(effects: Iterable[CombatEffect | str]) -> CombatEffect:
    """The least advantageous of several terrain effects: attackers who attack together
    count it ("Multiple Combat": one on (0) and one on (-) count as (-))."""
    found = [CombatEffect(e) for e in effects]
    if not found:
        raise ValueError("no terrain effects")
    return min(found, key=_EFFECT_RANK.__getitem__)


def majority_effect(effects: Iterable[CombatEffect | str]) -> CombatEffect:
    """The effect of the majority of a big counter's hexes (a Guard: "the majority
    terrain of the three hexes it occupies"; we apply it to the Queen's seven too).
    A tie goes to the least advantageous of the tied effects."""
    found = [CombatEffect(e) for e in effects]
    if not found:
        raise ValueError("no terrain effects")
    counts = {e: found.count(e) for e in found}
    top = max(counts.values())
    return least_advantageous(e for e, n in counts.items() if n == top)


# -- die-column tables (infiltration, jump) ---------------------------------------------------


class _Column(_Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    results: tuple[str, ...] = Field(min_length=DIE_FACES, max_length=DIE_FACES)  # die 1..10

    def code_at(self, roll: int, modifier: int = 0) -> str:
        """The result code for a d10 `roll` (0 = 10) plus `modifier`, clamped to the
        rows 1..10."""
        return self.results[_modified_die(roll, modifier, 1, DIE_FACES) - 1]


def _check_columns(columns: tuple[_Column, ...], known: set[str]) -> None:
    _unique((c.id for c in columns), "id", "column", ("columns",))
    for i, column in enumerate(columns):
        _check_codes(column.results, known, ("columns", i, "results"))


class RollEffect(StrEnum):
    """What an infiltration or jump result does to the character who rolled."""

    NONE = "none"
    KNOCKED_OUT = "knocked_out"
    WOUNDED = "wounded"


class InfiltrationResult(_Frozen):
    code: str = Field(pattern=_CODE)
    name: str = Field(min_length=1)
    stops: bool  # stops on the crossed hex; remaining movement points lost
    effect: RollEffect = RollEffect.NONE


class InfiltrationModifiers(_Frozen):
    mover_wounded: int = 0
    enemy_wounded: int = 0


class InfiltrationTable(_Frozen):
    """The Infiltration Table: one column per kind of enemy, one row per die value."""

    modifiers: InfiltrationModifiers = InfiltrationModifiers()
    results: tuple[InfiltrationResult, ...] = Field(min_length=1)
    columns: tuple[_Column, ...] = Field(min_length=1)

    @field_validator("results")
    @classmethod
    def _codes(cls, results: tuple[InfiltrationResult, ...]) -> tuple[InfiltrationResult, ...]:
        _unique((r.code for r in results), "code", "result code")
        return results

    @field_validator("columns")
    @classmethod
    def _column_ids(cls, columns: tuple[_Column, ...]) -> tuple[_Column, ...]:
        for i, column in enumerate(columns):
            if column.id not in INFILTRATION_COLUMNS:
                raise FieldError(
                    (i, "id"),
                    f"{column.id!r} is not a kind of enemy; use one of "
                    f"{', '.join(sorted(INFILTRATION_COLUMNS))}",
                )
        return columns

    @model_validator(mode="after")
    def _grid(self) -> Self:
        _check_columns(self.columns, {r.code for r in self.results})
        return self

    @cached_property
    def _by_code(self) -> dict[str, InfiltrationResult]:
        return {r.code: r for r in self.results}

    @cached_property
    def _by_column(self) -> dict[str, _Column]:
        return {c.id: c for c in self.columns}

    def column_ids(self) -> list[str]:
        return [c.id for c in self.columns]

    def column_name(self, column_id: str) -> str:
        """The column's name in the rules data ("Krob Warrior"): what a die's purpose says."""
        return self._by_column[column_id].name

    def roll(self, column_id: str, roll: int, modifier: int = 0) -> InfiltrationResult:
        """The result for a d10 `roll` (0 = 10) plus `modifier`, clamped to the rows, in
        the column of the adjacent enemy (`roster.infiltration_column`)."""
        return self._by_code[self._by_column[column_id].code_at(roll, modifier)]


class JumpResult(_Frozen):
    code: str = Field(pattern=_CODE)
    name: str = Field(min_length=1)
    lands: bool  # ends on the hex jumped to (else stays on / falls back to his own hex)
    ends_movement: bool
    effect: RollEffect = RollEffect.NONE


class JumpModifiers(_Frozen):
    wounded: int = 0
    armoured: int = 0


class JumpDirection(StrEnum):
    UP = "up"
    DOWN = "down"


class JumpTable(_Frozen):
    """The Jump Table: columns "up" and "down", one row per die value."""

    extra_move_cost: int = Field(default=0, ge=0)
    modifiers: JumpModifiers = JumpModifiers()
    results: tuple[JumpResult, ...] = Field(min_length=1)
    columns: tuple[_Column, ...]

    @field_validator("results")
    @classmethod
    def _codes(cls, results: tuple[JumpResult, ...]) -> tuple[JumpResult, ...]:
        _unique((r.code for r in results), "code", "result code")
        return results

    @field_validator("columns")
    @classmethod
    def _directions(cls, columns: tuple[_Column, ...]) -> tuple[_Column, ...]:
        wanted = {d.value for d in JumpDirection}
        for i, column in enumerate(columns):
            if column.id not in wanted:
                raise FieldError((i, "id"), f"a jump column is 'up' or 'down', not {column.id!r}")
        if {c.id for c in columns} != wanted:
            raise ValueError("the Jump Table needs exactly the columns 'up' and 'down'")
        return columns

    @model_validator(mode="after")
    def _grid(self) -> Self:
        _check_columns(self.columns, {r.code for r in self.results})
        return self

    @cached_property
    def _by_code(self) -> dict[str, JumpResult]:
        return {r.code: r for r in self.results}

    def roll(
        self,
        direction: JumpDirection | str,
        roll: int,
        *,
        wounded: bool = False,
        armoured: bool = False,
    ) -> JumpResult:
        """The result of a jump for a d10 `roll` (0 = 10), modifiers applied and the die
        clamped to the rows."""
        wanted = JumpDirection(direction).value
        column = next(c for c in self.columns if c.id == wanted)
        modifier = (self.modifiers.wounded if wounded else 0) + (
            self.modifiers.armoured if armoured else 0
        )
        return self._by_code[column.code_at(roll, modifier)]


# -- Fire Table ---------------------------------------------------------------------------

#: The cover columns of the Fire Table, in order ("none, light, medium or strong"); total
#: cover means no shot at all ("Walls").
FIRE_COVERS = (Cover.NONE, Cover.LIGHT, Cover.MEDIUM, Cover.STRONG)
#: The missile weapons ("the short bow, the long bow and the crossbow").
MISSILE_WEAPONS = (Weapon.SHORT_BOW, Weapon.LONG_BOW, Weapon.CROSSBOW)


class FireResult(_Frozen):
    """One result of the Fire Table (A, B, C, or no effect) and what it does to the
    target (the target's special rules then apply, as in combat)."""

    code: str = Field(pattern=r"^(-|[A-Z][A-Z0-9]*)$")
    name: str = Field(min_length=1)
    effect: Effect

    @field_validator("effect")
    @classmethod
    def _no_retreat(cls, effect: Effect) -> Effect:
        if effect is Effect.RETREAT:
            raise ValueError("a shot's effect is none, knocked_out, wounded or killed")
        return effect


class FireTargetModifier(_Frozen):
    """Added to the die when the target is a Krob of this type ("Resolution of Fire",
    "The Krobs: Shots")."""

    type: KrobType
    modifier: int = Field(ge=-10, le=10)
    newborn: bool = True  # the newborn side of that type counts too


class FireModifiers(_Frozen):
    wounded_shooter: int = Field(default=1, ge=-10, le=10)
    elf_shooter: int = Field(default=-1, ge=-10, le=10)
    targets: tuple[FireTargetModifier, ...] = ()

    @field_validator("targets")
    @classmethod
    def _once(cls, targets: tuple[FireTargetModifier, ...]) -> tuple[FireTargetModifier, ...]:
        _unique((t.type.value for t in targets), "type", "Krob type")
        return targets


class FireRestrictions(_Frozen):
    """Readings a house rule may change (docs/fire.md)."""

    engaged_target_offensive: bool = False


class FireRow(_Frozen):
    """One modified die value: for each weapon, one result code per cover column."""

    die: int = Field(ge=-20, le=40)
    short_bow: tuple[str, ...]
    long_bow: tuple[str, ...]
    crossbow: tuple[str, ...]

    def codes(self, weapon: Weapon | str) -> tuple[str, ...]:
        found: tuple[str, ...] = getattr(self, Weapon(weapon).value)
        return found


class FireTable(_Frozen):
    """The Fire Table: a column group per weapon, a cover column in each, die rows."""

    covers: tuple[Cover, ...]
    modifiers: FireModifiers = FireModifiers()
    restrictions: FireRestrictions = FireRestrictions()
    results: tuple[FireResult, ...] = Field(min_length=1)
    rows: tuple[FireRow, ...] = Field(min_length=1)

    @field_validator("covers")
    @classmethod
    def _covers(cls, covers: tuple[Cover, ...]) -> tuple[Cover, ...]:
        if covers != FIRE_COVERS:
            raise ValueError(
                "the cover columns are exactly "
                + ", ".join(repr(c.value) for c in FIRE_COVERS)
                + ", in this order (total cover: no shot)"
            )
        return covers

    @field_validator("results")
    @classmethod
    def _codes(cls, results: tuple[FireResult, ...]) -> tuple[FireResult, ...]:
        _unique((r.code for r in results), "code", "result code")
        return results

    @model_validator(mode="after")
    def _grid(self) -> Self:
        known = {r.code for r in self.results}
        for i, row in enumerate(self.rows):
            _check_follows(self.rows, i)
            for weapon in MISSILE_WEAPONS:
                loc = ("rows", i, weapon.value)
                _check_row(row.codes(weapon), len(self.covers), "cover columns", known, loc)
        if self.rows[0].die > 1 or self.rows[-1].die < DIE_FACES:
            raise FieldError(("rows",), f"rows must cover at least the die from 1 to {DIE_FACES}")
        return self

    # -- queries --------------------------------------------------------------------

    @cached_property
    def _by_code(self) -> dict[str, FireResult]:
        return {r.code: r for r in self.results}

    @property
    def die_range(self) -> tuple[int, int]:
        """Lowest and highest row (0 and 15 in the shipped table)."""
        return self.rows[0].die, self.rows[-1].die

    def die(self, roll: int, modifier: int = 0) -> int:
        """The row for a d10 `roll` (0 = 10) plus the sum of the modifiers, clamped to
        the table's rows."""
        return _modified_die(roll, modifier, *self.die_range)

    def result(self, weapon: Weapon | str, cover: Cover | str, row: int) -> FireResult:
        """The result for a weapon, the target's cover (none..strong) and a modified die
        (clamped to the rows). KeyError for total cover or an unknown weapon."""
        cover = Cover(cover)
        if cover not in FIRE_COVERS:
            raise KeyError(f"no Fire Table column for {cover.value} cover")
        low, high = self.die_range
        codes = self.rows[_clamp(row, low, high) - low].codes(weapon)
        return self._by_code[codes[FIRE_COVERS.index(cover)]]

    def code(self, code: str) -> FireResult:
        return self._by_code[code]

    def target_modifier(self, krob_type: KrobType | str | None, *, newborn: bool) -> int:
        """The die modifier for shooting at a Krob of this type (0 for anyone else)."""
        if krob_type is None:
            return 0
        try:
            wanted = KrobType(krob_type)
        except ValueError:
            return 0
        for entry in self.modifiers.targets:
            if entry.type is wanted and (entry.newborn or not newborn):
                return entry.modifier
        return 0


# -- Rate of Fire & Movement table ----------------------------------------------------------


class WeaponRate(_Frozen):
    """Rate of fire and handiness of one missile weapon."""

    id: Weapon
    name: str = Field(min_length=1)
    shots_per_sequence: int = Field(default=1, ge=1, le=10)
    move_after_firing: bool = True
    defensive_after_moving: bool = True
    defensive_after_firing: bool = True

    @field_validator("id")
    @classmethod
    def _missile(cls, weapon: Weapon) -> Weapon:
        if weapon is Weapon.NONE:
            raise ValueError("'none' is not a missile weapon")
        return weapon


class RateOfFireTable(_Frozen):
    """The Rate of Fire & Movement table: one entry per missile weapon."""

    weapons: tuple[WeaponRate, ...] = Field(min_length=1)

    @field_validator("weapons")
    @classmethod
    def _once(cls, weapons: tuple[WeaponRate, ...]) -> tuple[WeaponRate, ...]:
        _unique((w.id.value for w in weapons), "id", "weapon")
        return weapons

    @cached_property
    def _by_id(self) -> dict[Weapon, WeaponRate]:
        return {w.id: w for w in self.weapons}

    def of(self, weapon: Weapon | str) -> WeaponRate:
        """The entry of a weapon (KeyError when the table has none)."""
        return self._by_id[Weapon(weapon)]

    def get(self, weapon: Weapon | str | None) -> WeaponRate | None:
        if weapon is None:
            return None
        try:
            return self._by_id.get(Weapon(weapon))
        except ValueError:
            return None


# -- loaders ------------------------------------------------------------------------------


def load_combat_table(path: Path | None = None) -> CombatTable:
    return load_toml_model(path or DATA_DIR / COMBAT_FILE, CombatTable)


def load_terrain_shifts(path: Path | None = None) -> TerrainShifts:
    return load_toml_model(path or DATA_DIR / TERRAIN_SHIFTS_FILE, TerrainShifts)


def load_infiltration_table(path: Path | None = None) -> InfiltrationTable:
    return load_toml_model(path or DATA_DIR / INFILTRATION_FILE, InfiltrationTable)


def load_jump_table(path: Path | None = None) -> JumpTable:
    return load_toml_model(path or DATA_DIR / JUMP_FILE, JumpTable)


def load_fire_table(path: Path | None = None) -> FireTable:
    return load_toml_model(path or DATA_DIR / FIRE_FILE, FireTable)


def load_rate_of_fire(path: Path | None = None) -> RateOfFireTable:
    return load_toml_model(path or DATA_DIR / RATE_OF_FIRE_FILE, RateOfFireTable)


@dataclass(frozen=True)
class RulesData:
    """Every rules table and the roster, as the engine reads them."""

    terrain: TerrainTable
    combat: CombatTable
    terrain_shifts: TerrainShifts
    infiltration: InfiltrationTable
    jump: JumpTable
    roster: Roster
    fire: FireTable
    rate_of_fire: RateOfFireTable
    gharv_appearance: GharvAppearanceTable
    unstable_marsh: UnstableMarshTable
    spells: SpellBook
    casualty_points: CasualtyPoints = field(default_factory=CasualtyPoints)
    sources: dict[str, Path] = field(default_factory=dict, compare=False)
    #: The text of each file that is not the shipped one (a player's own), as read: a
    #: save carries it so the game replays without that file (engine/rules_record.py).
    own_texts: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def digests(self) -> dict[str, str]:
        """Each file's name -> the SHA-256 of its values (comments and layout aside):
        what a save records to tell these rules from others (engine/rules_record.py)."""
        return file_digests(self)

    @property
    def fingerprint(self) -> str:
        """One digest of all the files' values: equal fingerprints, same rules."""
        return fingerprint(self.digests)


def rules_files(folder: Path | None = None) -> dict[str, Path]:
    """Where each rules file is read from: `folder` when it holds that file, else the
    shipped one (a player may replace only some files)."""

    def pick(name: str, default: Path) -> Path:
        if folder is not None and (folder / name).is_file():
            return folder / name
        return default

    files = {
        TERRAIN_FILE: pick(TERRAIN_FILE, DEFAULT_TERRAIN_FILE),
        COMBAT_FILE: pick(COMBAT_FILE, DATA_DIR / COMBAT_FILE),
        TERRAIN_SHIFTS_FILE: pick(TERRAIN_SHIFTS_FILE, DATA_DIR / TERRAIN_SHIFTS_FILE),
        INFILTRATION_FILE: pick(INFILTRATION_FILE, DATA_DIR / INFILTRATION_FILE),
        JUMP_FILE: pick(JUMP_FILE, DATA_DIR / JUMP_FILE),
        FIRE_FILE: pick(FIRE_FILE, DATA_DIR / FIRE_FILE),
        RATE_OF_FIRE_FILE: pick(RATE_OF_FIRE_FILE, DATA_DIR / RATE_OF_FIRE_FILE),
        GHARV_APPEARANCE_FILE: pick(GHARV_APPEARANCE_FILE, DATA_DIR / GHARV_APPEARANCE_FILE),
        UNSTABLE_MARSH_FILE: pick(UNSTABLE_MARSH_FILE, DATA_DIR / UNSTABLE_MARSH_FILE),
        SPELLS_FILE: pick(SPELLS_FILE, DATA_DIR / SPELLS_FILE),
        CASUALTY_FILE: pick(CASUALTY_FILE, DATA_DIR / CASUALTY_FILE),
    }
    files.update(roster_files(folder))
    return files


def load_rules_data(folder: Path | None = None) -> RulesData:
    """All rules data: a player's `folder` (any file it lacks comes from the shipped
    data), or the shipped data (cached) when `folder` is None. Checks across files:
    every enemy the roster holds has an Infiltration Table column, every terrain a Gharv
    favours is in the terrain table, every weapon a shooter of the roster carries has an
    entry in the Rate of Fire & Movement table."""
    if folder is None:
        return default_rules_data()
    return _load(folder)


@cache
def default_rules_data() -> RulesData:
    """The rules data shipped with the game (read once per process)."""
    return _load(None)


def _load(folder: Path | None) -> RulesData:
    files = rules_files(folder)
    shipped = rules_files(None)
    own_texts = {
        name: read_text(path, limit=RULES.size, what=RULES.what)
        for name, path in files.items()
        if path != shipped[name]
    }
    data = RulesData(
        terrain=load_terrain_table(files[TERRAIN_FILE]),
        combat=load_combat_table(files[COMBAT_FILE]),
        terrain_shifts=load_terrain_shifts(files[TERRAIN_SHIFTS_FILE]),
        infiltration=load_infiltration_table(files[INFILTRATION_FILE]),
        jump=load_jump_table(files[JUMP_FILE]),
        roster=load_roster(folder),
        fire=load_fire_table(files[FIRE_FILE]),
        rate_of_fire=load_rate_of_fire(files[RATE_OF_FIRE_FILE]),
        gharv_appearance=load_gharv_appearance(files[GHARV_APPEARANCE_FILE]),
        unstable_marsh=load_unstable_marsh(files[UNSTABLE_MARSH_FILE]),
        spells=load_spell_book(files[SPELLS_FILE]),
        casualty_points=load_casualty_points(files[CASUALTY_FILE]),
        sources=files,
        own_texts=own_texts,
    )
    _check_across_files(data, files)
    return data


def _check_across_files(data: RulesData, files: dict[str, Path]) -> None:
    for i, terrain_id in enumerate(data.roster.gharv_favourable_terrain):
        if terrain_id not in data.terrain:
            raise DataFileError(
                files[GHARVS_FILE],
                f"unknown terrain {terrain_id!r} (not in {files[TERRAIN_FILE]})",
                place=f"field favourable_terrain[{i}]",
            )
    have = set(data.infiltration.column_ids())
    for counter in data.roster:
        newborn = isinstance(counter, Krob) and counter.newborn is not None
        for adult in (True, False) if newborn else (True,):
            wanted = infiltration_column(counter, adult=adult)
            if wanted is not None and wanted not in have:
                raise DataFileError(
                    files[INFILTRATION_FILE],
                    f"no column {wanted!r}, needed for {counter.id!r} of the roster",
                    place="field columns",
                )
    for counter in data.roster:
        if (
            isinstance(counter, Adventurer)
            and counter.weapon is not Weapon.NONE
            and data.rate_of_fire.get(counter.weapon) is None
        ):
            raise DataFileError(
                files[RATE_OF_FIRE_FILE],
                f"no entry for {counter.weapon.value!r}, carried by {counter.id!r} of the roster",
                place="field weapons",
            )
