"""The box's counters are the limits ("Game Components", "The Counters").

A scenario or a spell can put on the map only what the box holds: the rulebook counts
them. Characters: the roster is the box's counters ("The Characters": 72 Adventurers, 60
Krobs by type, 8 Gharvs), so a scenario may not field more of a kind than the roster
has. Spell counters ("Counters Linked to Magic Spells": 5 + 2 straight galleries, 5
curved, 2 crossings, 6 demolished walls, 2 + 2 + 2 bridges) are counted in the spell
book's `[counters]` (spells.toml). Accessories ("Accessory Counters"): 10 spider webs and
2 boats here; the "?" counters (3 Orb?, 8 Khuzun?, 4 Sun?) are checked where the
scenario lays them.

A counter laid by a scenario and one laid by a spell are the same counter: a scenario's
two small bridges leave none for the spell.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from dragonnoir.engine.roster import KrobType, Roster
from dragonnoir.engine.state import Accessory, AccessoryKind, Unit

R_ACCESSORIES = "Accessory Counters"
R_SPELL_COUNTERS = "Counters Linked to Magic Spells"
R_CHARACTERS = "The Characters"

#: "The spider webs ... There are 10 of them"; "The Boat counters. There are 2 of them."
ACCESSORY_LIMITS = {"web": 10, "boat": 2}
#: "The "Orb?" counters. There are 3 of them", 8 "Khuzun?", 4 "Sun?" (Accessory Counters).
OBJECTIVE_LIMITS = {"orb": 3, "khuzun": 8, "sun": 4}

_BRIDGES = {1: "bridge_small", 2: "bridge_medium", 3: "bridge_large"}
_GALLERIES = {"curved": "gallery_curved_1", "crossing": "gallery_crossing"}


def counter_of(acc: Accessory) -> str | None:
    """Which of the box's counters an accessory is (None: one the box does not count
    here). A spell's counter says it (`properties["counter"]`); a scenario's bridge
    is known by its length, a gallery by its shape and length."""
    named = acc.properties.get("counter")
    if isinstance(named, str):
        return named
    if acc.kind is AccessoryKind.BRIDGE:
        return _BRIDGES.get(len(acc.hexes))
    if acc.kind is AccessoryKind.GALLERY:
        shape = str(acc.properties.get("shape", "straight"))
        if shape in _GALLERIES:
            return _GALLERIES[shape]
        return "gallery_straight_2" if len(acc.hexes) == 2 else "gallery_straight_1"
    if acc.kind is AccessoryKind.DEMOLISHED_WALL:
        return "demolished_wall"
    if acc.kind.value in ACCESSORY_LIMITS:
        return acc.kind.value
    return None


def counter_limits(spell_counters: dict[str, int]) -> dict[str, tuple[int, str]]:
    """Each counted counter: how many the box holds, and the section that says so."""
    limits = {k: (n, R_ACCESSORIES) for k, n in ACCESSORY_LIMITS.items()}
    limits.update({k: (int(n), R_SPELL_COUNTERS) for k, n in spell_counters.items()})
    return limits


def counters_used(accessories: Iterable[Accessory]) -> Counter[str]:
    """The box's counters these accessories take, by counter (face down too: a burnt web
    or a capsized boat stays on the map, flipped)."""
    return Counter(c for a in accessories if (c := counter_of(a)) is not None)


def character_limits(roster: Roster) -> dict[str, int]:
    """How many characters of each kind the box holds: the roster's counters."""
    limits = {"Adventurers": len(roster.adventurers), "Gharvs": len(roster.gharvs)}
    for krob_type in KrobType:
        limits[_krob_label(krob_type)] = len(roster.of_type(krob_type))
    return limits


def _krob_label(krob_type: KrobType) -> str:
    return {
        KrobType.QUEEN: "Queens",
        KrobType.GUARD: "Queen's Guards",
        KrobType.KILLER: "Killers",
        KrobType.WARRIOR: "Warriors",
        KrobType.HUNTER: "Hunters",
    }[krob_type]


def characters_used(roster: Roster, units: Iterable[Unit]) -> Counter[str]:
    """The box's character counters these units take, by kind."""
    used: Counter[str] = Counter()
    for unit in units:
        counter = roster.get(unit.kind)
        if counter is None:
            continue
        if counter in roster.adventurers:
            used["Adventurers"] += 1
        elif counter in roster.gharvs:
            used["Gharvs"] += 1
        elif counter in roster.krobs:
            used[_krob_label(roster.krob(unit.kind).type)] += 1
    return used


@dataclass(frozen=True)
class Excess:
    """More of a counter than the box holds."""

    counter: str
    count: int
    limit: int
    rule: str

    def __str__(self) -> str:
        name = self.counter if self.rule == R_CHARACTERS else self.counter.replace("_", " ")
        what = name if self.rule == R_CHARACTERS else f"{name} counters"
        return f"{self.count} {what}: the box holds {self.limit} ({self.rule})"


def over_the_box(
    roster: Roster,
    spell_counters: dict[str, int],
    units: Iterable[Unit],
    accessories: Iterable[Accessory],
) -> list[Excess]:
    """Every counter a set-up needs more of than the box holds."""
    out: list[Excess] = []
    limits = counter_limits(spell_counters)
    for counter, count in sorted(counters_used(accessories).items()):
        limit, rule = limits.get(counter, (count, ""))
        if count > limit:
            out.append(Excess(counter, count, limit, rule))
    char_limits = character_limits(roster)
    for kind, count in sorted(characters_used(roster, units).items()):
        if count > char_limits.get(kind, count):
            out.append(Excess(kind, count, char_limits[kind], R_CHARACTERS))
    return out
