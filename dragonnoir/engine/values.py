"""A unit's printed values in its current state ("The Counters"), from the roster.

The state stores only which counter a unit is (`kind`) and which face shows (status,
newborn or adult, wounds, frenzy); the numbers come from the roster so a player's own
Game Sheet values apply everywhere. Rules modules ask `profile(game, unit)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from dragonnoir.engine.state import Unit

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


@dataclass(frozen=True, slots=True)
class Profile:
    """What the counter of a unit shows now.

    `category`: adventurer, queen, guard, killer, warrior, hunter, gharv, living_dead,
    gargoyle. `defence_rear` only for the Queen and her Guards ("Defence"); `movement_land`
    only for Gharvs (their land potential, in parentheses on the counter).
    """

    kind: str
    category: str
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


class ProfileSource(Protocol):
    """The rules data answers what a unit's counter shows."""

    def profile(self, unit: Unit) -> Profile: ...


def profile(game: Game, unit: Unit) -> Profile:
    source: ProfileSource = game.rules
    return source.profile(unit)
