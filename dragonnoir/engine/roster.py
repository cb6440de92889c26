"""The roster: every character counter of the game and the values printed on its sides.

Loaded from `dragonnoir/data/adventurers.toml`, `krobs.toml`, `gharvs.toml` and
`spectres.toml` ("The Counters", "The Characters", "Special Rules"). A player who owns the
box may replace any of these files with the values of their own counters; counts are not
enforced here (a test checks the shipped files: 72 adventurers, 60 Krobs, 8 Gharvs), so
house rules with more or fewer counters load too.

Shapes (docs/rules-tables.md, "Roster"):

- an adventurer has a healthy side, zero or more wounded sides (one per wound it can
  survive: most have one, dogs none, Trolls two) and, for Crazy Ork, a frenzied side;
  the knocked-out side has no values;
- a Krob has an adult side, a newborn side (Warriors, Killers, Hunters), wounded sides
  (the Queen and Guards several), a size in hexes (1, 3 or 7) and, for the Queen and
  Guards, a rear defence on every side;
- a Gharv has water and land movement on each side;
- a spectre (Living Dead, Gargoyle) has one side: it is never knocked out, wounded or killed.

Special rules are read from `tags`, never from a people's name, so a house rule can give
a rule to anyone.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from dragonnoir import resources
from dragonnoir.datafiles import FieldError, load_toml_model
from dragonnoir.errors import DataFileError

DATA_DIR = resources.data_dir()
ADVENTURERS_FILE = "adventurers.toml"
KROBS_FILE = "krobs.toml"
GHARVS_FILE = "gharvs.toml"
SPECTRES_FILE = "spectres.toml"

_ID = r"^[a-z][a-z0-9_]*$"


class People(StrEnum):
    """The six peoples of the adventurers ("The Characters")."""

    REBELS = "rebels"  # the Exiled Rebels of Halöven
    ORKS = "orks"
    GOBLINS = "goblins"
    ELVES = "elves"
    TROLLS = "trolls"
    BLACK_DWARVES = "black_dwarves"

    @property
    def display_name(self) -> str:
        return PEOPLE_NAMES[self]


PEOPLE_NAMES: dict[People, str] = {
    People.REBELS: "Exiled Rebels of Halöven",
    People.ORKS: "Orks",
    People.GOBLINS: "Goblins",
    People.ELVES: "Elves",
    People.TROLLS: "Trolls",
    People.BLACK_DWARVES: "Black Dwarves",
}


class Weapon(StrEnum):
    """Missile weapon of a shooter ("Fire with the Bow or Crossbow"); none for the rest."""

    NONE = "none"
    SHORT_BOW = "short_bow"
    LONG_BOW = "long_bow"
    CROSSBOW = "crossbow"


class Tag(StrEnum):
    """Special rules an adventurer follows ("Special Rules", "Magic")."""

    WIZARD = "wizard"  # casts spells; has a wizard_level ("Magic")
    CRAZY_ORK = "crazy_ork"  # goes into a frenzy; has a frenzied side
    ELF = "elf"  # -1 to the die when shooting; trees are (+) in combat for him
    GOBLIN = "goblin"  # 2 MP per water hex; water <-> bridge / landing stage freely
    DOG = "dog"  # ignores infiltration; knocked out -> retreat; one wound kills
    TROLL = "troll"  # never knocked out; killed -> double wound; three wounds kill
    ZED_CURARE = "zed_curare"  # a wound in a combat he takes part in kills (not Krobs)
    GODIVA = "godiva"  # Lucifer's defence is added to hers when he is adjacent
    GODIVAS_DOG = "godivas_dog"  # Lucifer: adds his defence to Godiva's
    PRISONER = "prisoner"  # Khuzun, the prisoner dwarf (scenario objective)
    DWARF = "dwarf"  # dogs and baby Krobs block the line of fire of dwarf shooters


class KrobType(StrEnum):
    """The five types of Krob ("The Characters")."""

    QUEEN = "queen"
    GUARD = "guard"
    KILLER = "killer"
    WARRIOR = "warrior"
    HUNTER = "hunter"


class SpectreKind(StrEnum):
    """Spectres summoned by a wizard ("The Spectres")."""

    LIVING_DEAD = "living_dead"
    GARGOYLE = "gargoyle"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Values(_Frozen):
    """The numbers printed on one side of a counter."""

    attack: int = Field(ge=0)  # black number
    defence: int = Field(ge=1)  # red number (front defence for the Queen and Guards)
    rear_defence: int | None = Field(default=None, ge=1)  # red number in parentheses
    movement: int = Field(ge=0)  # blue number
    armoured: bool = False  # red number circled (Krob Warriors: carapace)

    def defence_from(self, behind: bool) -> int:
        """Defence against an attack from the front or from behind ("Defence")."""
        if behind and self.rear_defence is not None:
            return self.rear_defence
        return self.defence


class GharvValues(_Frozen):
    """One side of a Gharv: water movement and land movement (in parentheses)."""

    attack: int = Field(ge=0)
    defence: int = Field(ge=1)
    water_movement: int = Field(ge=0)
    land_movement: int = Field(ge=0)


def _unique_ids(rows: tuple[_Counter, ...], what: str) -> None:
    seen: set[str] = set()
    for i, row in enumerate(rows):
        if row.id in seen:
            raise FieldError((i, "id"), f"{what} id {row.id!r} appears twice")
        seen.add(row.id)


class _Counter(_Frozen):
    id: str = Field(pattern=_ID)
    name: str = Field(min_length=1)


class Adventurer(_Counter):
    """An adventurer counter: healthy, wounded (one side per survivable wound), frenzied."""

    people: People
    weapon: Weapon = Weapon.NONE
    daredevil: bool = False  # may jump up or down one level (Movement Restriction 8)
    tags: frozenset[Tag] = frozenset()
    wizard_level: int | None = Field(default=None, ge=1, le=2)
    healthy: Values
    wounded: tuple[Values, ...] = ()
    frenzied: Values | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if (Tag.WIZARD in self.tags) != (self.wizard_level is not None):
            raise FieldError(
                ("wizard_level",),
                "a wizard (tag 'wizard') needs wizard_level 1 or 2, and only a wizard has one",
            )
        if (Tag.CRAZY_ORK in self.tags) != (self.frenzied is not None):
            raise FieldError(("frenzied",), "the tag 'crazy_ork' and a frenzied side go together")
        for name, side in (("healthy", self.healthy), ("frenzied", self.frenzied)):
            if side is not None and side.rear_defence is not None:
                raise FieldError(
                    (name, "rear_defence"), "only the Queen and her Guards have a rear defence"
                )
        for i, side in enumerate(self.wounded):
            if side.rear_defence is not None:
                raise FieldError(
                    ("wounded", i, "rear_defence"),
                    "only the Queen and her Guards have a rear defence",
                )
        return self

    @property
    def armoured(self) -> bool:
        """Red number circled on the healthy side."""
        return self.healthy.armoured

    @property
    def wounds_to_kill(self) -> int:
        """Wounds that kill: one more than the wounded sides (a frenzied Crazy Ork: one)."""
        return len(self.wounded) + 1

    def has(self, tag: Tag) -> bool:
        return tag in self.tags

    def values(self, wounds: int = 0, *, frenzied: bool = False) -> Values | None:
        """The side showing after `wounds` wounds; None once dead (knocked out: use the
        side it was on, it only lies down)."""
        if frenzied:
            return self.frenzied if wounds == 0 else None
        if wounds == 0:
            return self.healthy
        if 1 <= wounds <= len(self.wounded):
            return self.wounded[wounds - 1]
        return None


class Krob(_Counter):
    """A Krob counter: newborn and adult sides, wounded sides, size in hexes."""

    type: KrobType
    size: int = Field(default=1)
    newborn: Values | None = None
    adult: Values
    wounded: tuple[Values, ...] = ()

    @field_validator("size")
    @classmethod
    def _size(cls, size: int) -> int:
        if size not in (1, 3, 7):
            raise ValueError("size must be 1, 3 (a Guard) or 7 (the Queen) hexes")
        return size

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        big = self.type in (KrobType.QUEEN, KrobType.GUARD)
        if big and self.newborn is not None:
            raise FieldError(("newborn",), "the Queen and her Guards have no newborn side")
        if not big and self.newborn is None:
            raise FieldError(("newborn",), f"a {self.type.value} needs a newborn side")
        sides: list[tuple[tuple[int | str, ...], Values]] = [(("adult",), self.adult)]
        if self.newborn is not None:
            sides.append((("newborn",), self.newborn))
        sides += [(("wounded", i), v) for i, v in enumerate(self.wounded)]
        for loc, side in sides:
            if big and side.rear_defence is None:
                raise FieldError(
                    (*loc, "rear_defence"),
                    "the Queen and her Guards have a rear defence on every side",
                )
            if not big and side.rear_defence is not None:
                raise FieldError(
                    (*loc, "rear_defence"), "only the Queen and her Guards have a rear defence"
                )
            if self.type is KrobType.WARRIOR and not side.armoured:
                # "The Krob Warriors have a carapace that acts as armour": nothing exempts
                # the newborn or wounded side (combat, fire and water agree on it).
                raise FieldError(
                    (*loc, "armoured"),
                    "a Krob Warrior's carapace acts as armour on every side: armoured = true",
                )
        return self

    @property
    def wounds_to_kill(self) -> int:
        """For an adult: one more than its wounded sides. Newborns die at the first wound."""
        return len(self.wounded) + 1

    def values(self, wounds: int = 0, *, adult: bool = True) -> Values | None:
        """The side showing: newborn, adult or the `wounds`-th wounded side; None if dead."""
        if not adult:
            return self.newborn if wounds == 0 else None
        if wounds == 0:
            return self.adult
        if 1 <= wounds <= len(self.wounded):
            return self.wounded[wounds - 1]
        return None


class Gharv(_Counter):
    """A Gharv: water and land movement, healthy and wounded sides ("The Gharvs")."""

    healthy: GharvValues
    wounded: tuple[GharvValues, ...] = ()

    def values(self, wounds: int = 0) -> GharvValues | None:
        if wounds == 0:
            return self.healthy
        if 1 <= wounds <= len(self.wounded):
            return self.wounded[wounds - 1]
        return None


class Spectre(_Counter):
    """A Living Dead or a Gargoyle: one side; never knocked out, wounded or killed."""

    kind: SpectreKind
    attack: int = Field(ge=0)
    defence: int = Field(ge=1)
    movement: int = Field(ge=0)
    flight: int | None = Field(default=None, ge=1)  # hexes it may fly (Gargoyles: 5)
    lasts_turns: int = Field(ge=1)  # game turns before it dematerialises

    @property
    def side(self) -> Values:
        return Values(attack=self.attack, defence=self.defence, movement=self.movement)


Counter = Adventurer | Krob | Gharv | Spectre


class AdventurerFile(_Frozen):
    adventurers: tuple[Adventurer, ...]

    @field_validator("adventurers")
    @classmethod
    def _ids(cls, rows: tuple[Adventurer, ...]) -> tuple[Adventurer, ...]:
        _unique_ids(rows, "adventurer")
        return rows


class KrobFile(_Frozen):
    krobs: tuple[Krob, ...]

    @field_validator("krobs")
    @classmethod
    def _ids(cls, rows: tuple[Krob, ...]) -> tuple[Krob, ...]:
        _unique_ids(rows, "Krob")
        return rows


class GharvFile(_Frozen):
    favourable_terrain: tuple[str, ...] = ()  # terrain ids where a Gharv fights at (+)
    gharvs: tuple[Gharv, ...]

    @field_validator("gharvs")
    @classmethod
    def _ids(cls, rows: tuple[Gharv, ...]) -> tuple[Gharv, ...]:
        _unique_ids(rows, "Gharv")
        return rows


class SpectreFile(_Frozen):
    spectres: tuple[Spectre, ...]

    @field_validator("spectres")
    @classmethod
    def _ids(cls, rows: tuple[Spectre, ...]) -> tuple[Spectre, ...]:
        _unique_ids(rows, "spectre")
        return rows


# -- infiltration columns ---------------------------------------------------------------

NEWBORN_COLUMN = "newborn"
DOG_COLUMN = "dog"
GHARV_COLUMN = "gharv"
SPECTRE_COLUMN = "spectre"

#: Every column id an Infiltration Table may have ("Infiltration of Enemy Lines").
INFILTRATION_COLUMNS: frozenset[str] = frozenset(
    {t.value for t in KrobType}
    | {p.value for p in People}
    | {NEWBORN_COLUMN, DOG_COLUMN, GHARV_COLUMN, SPECTRE_COLUMN}
)


def infiltration_column(counter: Counter, *, adult: bool = True) -> str | None:
    """The Infiltration Table column of an enemy standing next to a crossed hex.

    Krobs by type (adult or wounded); newborn Warriors and Killers share `newborn`;
    a newborn Hunter has no effect (None). Adventurers by people, dogs in `dog`;
    Gharvs `gharv`; Living Deads and Gargoyles `spectre`.
    """
    if isinstance(counter, Krob):
        if adult:
            return counter.type.value
        return None if counter.type is KrobType.HUNTER else NEWBORN_COLUMN
    if isinstance(counter, Adventurer):
        return DOG_COLUMN if Tag.DOG in counter.tags else counter.people.value
    if isinstance(counter, Gharv):
        return GHARV_COLUMN
    return SPECTRE_COLUMN


# -- the roster ----------------------------------------------------------------------


@dataclass(frozen=True)
class Roster:
    """All counters, with lookups by id, people and Krob type."""

    adventurers: tuple[Adventurer, ...]
    krobs: tuple[Krob, ...]
    gharvs: tuple[Gharv, ...]
    spectres: tuple[Spectre, ...]
    gharv_favourable_terrain: tuple[str, ...] = ()
    _index: dict[str, Counter] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for counter in self:
            self._index[counter.id] = counter

    def __iter__(self) -> Iterator[Counter]:
        yield from self.adventurers
        yield from self.krobs
        yield from self.gharvs
        yield from self.spectres

    def __len__(self) -> int:
        return len(self._index)

    def __contains__(self, counter_id: object) -> bool:
        return counter_id in self._index

    def __getitem__(self, counter_id: str) -> Counter:
        return self._index[counter_id]

    def get(self, counter_id: str) -> Counter | None:
        return self._index.get(counter_id)

    def adventurer(self, counter_id: str) -> Adventurer:
        found = self._index[counter_id]
        if not isinstance(found, Adventurer):
            raise KeyError(f"{counter_id!r} is not an adventurer")
        return found

    def krob(self, counter_id: str) -> Krob:
        found = self._index[counter_id]
        if not isinstance(found, Krob):
            raise KeyError(f"{counter_id!r} is not a Krob")
        return found

    def people(self, people: People | str) -> tuple[Adventurer, ...]:
        """The adventurers of one people, in file order."""
        wanted = People(people)
        return tuple(a for a in self.adventurers if a.people is wanted)

    def of_type(self, krob_type: KrobType | str) -> tuple[Krob, ...]:
        """The Krobs of one type, in file order."""
        wanted = KrobType(krob_type)
        return tuple(k for k in self.krobs if k.type is wanted)

    def tagged(self, tag: Tag | str) -> tuple[Adventurer, ...]:
        wanted = Tag(tag)
        return tuple(a for a in self.adventurers if wanted in a.tags)

    def spectres_of(self, kind: SpectreKind | str) -> tuple[Spectre, ...]:
        wanted = SpectreKind(kind)
        return tuple(s for s in self.spectres if s.kind is wanted)

    def counts(self) -> dict[str, int]:
        """How many counters of each people and type (for summaries and tests)."""
        out: dict[str, int] = {p.value: len(self.people(p)) for p in People}
        out.update({t.value: len(self.of_type(t)) for t in KrobType})
        out["gharvs"] = len(self.gharvs)
        out.update({k.value: len(self.spectres_of(k)) for k in SpectreKind})
        return out


def load_adventurers(path: Path | None = None) -> tuple[Adventurer, ...]:
    return load_toml_model(path or DATA_DIR / ADVENTURERS_FILE, AdventurerFile).adventurers


def load_krobs(path: Path | None = None) -> tuple[Krob, ...]:
    return load_toml_model(path or DATA_DIR / KROBS_FILE, KrobFile).krobs


def load_gharvs(path: Path | None = None) -> GharvFile:
    return load_toml_model(path or DATA_DIR / GHARVS_FILE, GharvFile)


def load_spectres(path: Path | None = None) -> tuple[Spectre, ...]:
    return load_toml_model(path or DATA_DIR / SPECTRES_FILE, SpectreFile).spectres


def roster_files(folder: Path | None = None) -> dict[str, Path]:
    """The four roster files: a player's folder first, the shipped file for any missing."""
    names = (ADVENTURERS_FILE, KROBS_FILE, GHARVS_FILE, SPECTRES_FILE)
    return {name: _pick(folder, name) for name in names}


def _pick(folder: Path | None, name: str) -> Path:
    if folder is not None and (folder / name).is_file():
        return folder / name
    return DATA_DIR / name


def load_roster(folder: Path | None = None) -> Roster:
    """Read the four roster files; an id used in two files is refused (second file named)."""
    files = roster_files(folder)
    adventurers = load_adventurers(files[ADVENTURERS_FILE])
    krobs = load_krobs(files[KROBS_FILE])
    gharv_file = load_gharvs(files[GHARVS_FILE])
    spectres = load_spectres(files[SPECTRES_FILE])
    parts: list[tuple[str, str, tuple[Counter, ...]]] = [
        (ADVENTURERS_FILE, "adventurers", adventurers),
        (KROBS_FILE, "krobs", krobs),
        (GHARVS_FILE, "gharvs", gharv_file.gharvs),
        (SPECTRES_FILE, "spectres", spectres),
    ]
    seen: dict[str, str] = {}
    for name, key, rows in parts:
        for i, row in enumerate(rows):
            if row.id in seen:
                raise DataFileError(
                    files[name],
                    f"id {row.id!r} is already used in {seen[row.id]}",
                    place=f"field {key}[{i}] (id {row.id!r}).id",
                )
            seen[row.id] = name
    return Roster(
        adventurers=adventurers,
        krobs=krobs,
        gharvs=gharv_file.gharvs,
        spectres=spectres,
        gharv_favourable_terrain=gharv_file.favourable_terrain,
    )


@cache
def default_roster() -> Roster:
    """The shipped roster (cached: read once per process)."""
    return load_roster()
