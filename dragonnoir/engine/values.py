"""A unit's printed values in its current state ("The Counters"), from the roster.

The state stores only which counter a unit is (`kind`, a roster id) and which face shows
(status, newborn or adult, wounds, frenzy); the numbers come from the roster, so a
player's own Game Sheet values apply everywhere. Rules modules ask `profile(game, unit)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from dragonnoir.engine.roster import Adventurer, Gharv, Krob, KrobType, Roster, Spectre, Values
from dragonnoir.engine.state import Side, Unit

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


@dataclass(frozen=True, slots=True)
class Profile:
    """What the counter of a unit shows now.

    `category`: adventurer, queen, guard, killer, warrior, hunter, gharv, living_dead or
    gargoyle. `defence_rear` only for the Queen and her Guards ("Defence");
    `movement_land` only for Gharvs (their land potential, in parentheses); `flight` for
    Gargoyles. `tags` are the adventurer's special rules plus "daredevil" when he may jump.
    """

    kind: str
    category: str
    side: Side
    people: str | None
    size: int
    attack: int
    defence: int
    defence_rear: int | None
    armoured: bool
    movement: int
    movement_land: int | None
    weapon: str | None
    tags: frozenset[str]
    wounds_to_kill: int
    flight: int | None = None

    @property
    def is_krob(self) -> bool:
        return self.side is Side.KROBS


def side_of(roster: Roster, kind: str) -> Side:
    """Which side a roster counter belongs to (spectres fight for the wizards)."""
    counter = roster[kind]
    if isinstance(counter, Krob):
        return Side.KROBS
    if isinstance(counter, Gharv):
        return Side.GHARVS
    return Side.ADVENTURERS


def profile_of(roster: Roster, unit: Unit) -> Profile:
    """The values on the face of `unit`'s counter (the last living face once killed)."""
    counter = roster[unit.kind]
    wounds = unit.wounds
    if isinstance(counter, Adventurer):
        values = counter.values(wounds, frenzied=unit.frenzied) or _last(counter, unit)
        tags = {t.value for t in counter.tags}
        if counter.daredevil:
            tags.add("daredevil")
        weapon = None if counter.weapon.value == "none" else counter.weapon.value
        return Profile(
            counter.id, "adventurer", Side.ADVENTURERS, counter.people.value, 1,
            values.attack, values.defence, values.rear_defence, values.armoured,
            values.movement, None, weapon, frozenset(tags), counter.wounds_to_kill,
        )  # fmt: skip
    if isinstance(counter, Krob):
        values = (
            counter.values(wounds, adult=unit.adult)
            or counter.values(max(0, min(wounds, len(counter.wounded))), adult=unit.adult)
            or counter.adult
        )
        category = counter.type.value
        size = counter.size
        return Profile(
            counter.id, category, Side.KROBS, None, size, values.attack, values.defence,
            values.rear_defence, values.armoured, values.movement, None, None,
            frozenset({"newborn"} if not unit.adult else ()), counter.wounds_to_kill,
        )  # fmt: skip
    if isinstance(counter, Gharv):
        gv = counter.values(wounds) or counter.values(len(counter.wounded)) or counter.healthy
        return Profile(
            counter.id, "gharv", Side.GHARVS, None, 1, gv.attack, gv.defence, None, False,
            gv.water_movement, gv.land_movement, None, frozenset(), len(counter.wounded) + 1,
        )  # fmt: skip
    assert isinstance(counter, Spectre)
    sv = counter.side
    return Profile(
        counter.id, counter.kind.value, Side.ADVENTURERS, None, 1, sv.attack, sv.defence,
        None, False, sv.movement, None, None, frozenset({"spectre"}), 0, counter.flight,
    )  # fmt: skip


def _last(counter: Adventurer, unit: Unit) -> Values:
    """The last side an adventurer showed alive (for a dead counter's values)."""
    if unit.frenzied and counter.frenzied is not None:
        return counter.frenzied
    return counter.wounded[-1] if counter.wounded else counter.healthy


def profile(game: Game, unit: Unit) -> Profile:
    """What `unit`'s counter shows now, from the game's rules data.

    A profile depends only on the counter and on the face it shows (wounds, frenzy,
    adulthood), so each is worked out once per roster: the rules and the AI ask for
    them hundreds of thousands of times in a long game."""
    global _LAST
    roster: Roster = game.rules.roster
    found = _LAST  # the roster asked about last (one game's, nearly always)
    if found[0] is not roster:
        found = _PROFILES.get(id(roster), _NONE)
        if found[0] is not roster:
            if len(_PROFILES) > 8:
                _PROFILES.clear()
            found = (roster, {})
            _PROFILES[id(roster)] = found
        _LAST = found  # one tuple: a thread reading it sees a roster with its own table
    key = (unit.kind, unit.wounds, unit.frenzied, unit.adult)
    p = found[1].get(key)
    if p is None:
        p = profile_of(roster, unit)
        found[1][key] = p
    return p


#: Profiles already worked out, per roster (kept with it: an id is reused once the
#: roster is gone) and by (counter, wounds, frenzied, adult).
_PROFILES: dict[int, tuple[Roster, dict[tuple[str, int, bool, bool], Profile]]] = {}
_NONE: tuple[Roster | None, dict[tuple[str, int, bool, bool], Profile]] = (None, {})
_LAST: tuple[Roster | None, dict[tuple[str, int, bool, bool], Profile]] = _NONE


def is_queen_or_guard(p: Profile) -> bool:
    return p.category in (KrobType.QUEEN.value, KrobType.GUARD.value)
