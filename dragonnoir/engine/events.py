"""Events: what happened, in the past tense. `Game.apply` returns them; the log shows them.

Each event carries the rule it applied (`rule`: a rulebook section or one of our tables)
so the client can show the player why. Events keep what happened as data: characters by
id, hexes, numbers, keys, and where words were chosen (a reason, a modifier, a table's
result), phrases (`narration.phrase`). Only the narrator puts them into words
(`narration.events`, `Narrator.event`), in the reader's language (issue 41).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Value


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events."""

    @property
    def kind(self) -> str:
        return type(self).__name__


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    turn: int


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    """A phase begins: `phase` its id, `title` the rules data's English name for it (the
    narrator says the phase by its id, `narration.phases`)."""

    phase: str
    title: str


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """One throw of the d10 and what it was for (a phrase); `modified` after all
    modifiers."""

    purpose: Value
    value: int
    modified: int
    rule: str = ""
    by: str = ""  # the unit concerned, if any


@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    unit: str
    path: tuple[Hex, ...]
    cost: int
    rule: str = "Movement"


@dataclass(frozen=True, slots=True)
class MovementStopped(Event):
    """A move ended early: an infiltration result, a spider web, a fall."""

    unit: str
    at: Hex
    reason: Value
    rule: str


@dataclass(frozen=True, slots=True)
class UnitStoodUp(Event):
    unit: str
    rule: str = "Organisation of the Game Turn: 4. Knocked-out characters"


@dataclass(frozen=True, slots=True)
class UnitKnockedOut(Event):
    unit: str
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class UnitWounded(Event):
    unit: str
    wounds: int
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class UnitKilled(Event):
    unit: str
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class UnitRetreated(Event):
    unit: str
    path: tuple[Hex, ...]
    rule: str = "Multiple Combat"


@dataclass(frozen=True, slots=True)
class UnitAdvanced(Event):
    unit: str
    path: tuple[Hex, ...]
    rule: str = "Advance After Combat"


@dataclass(frozen=True, slots=True)
class CombatResolved(Event):
    """A combat, with every number the player needs to check it by hand."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: int
    defence: int
    odds: str  # before shifts, e.g. "2-1"
    column: str  # after shifts
    shifts: tuple[Value, ...]  # why the column moved, one reason each: "+1: attack together"
    die: int
    modified_die: int
    result: str  # result code of the Combat Table
    meaning: Value = ""  # the result's name in the table ("Defender retreats")
    rule: str = "Resolution of Combats"
    die_modifiers: tuple[Value, ...] = ()  # why the die changed, one reason each
    zone: str = ""  # "front" or "rear" against the Queen or a Guard ("The Krobs: Defence")


@dataclass(frozen=True, slots=True)
class CombatDeclared(Event):
    """A combat added to the phase's declarations (numbered from 1), with its odds as
    they stand ("Combat": declared, then resolved — issue 8, ruling 2)."""

    number: int
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    odds: str
    column: str
    between_legs: bool = False
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class CombatWithdrawn(Event):
    """A combat taken back before the declarations were closed."""

    number: int
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class CombatsDeclared(Event):
    """The declaration step is over: every combat of the phase is known."""

    count: int
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class CombatLapsed(Event):
    """A declared combat that can no longer take place (its defenders gone, or no
    attacker able to fight them any more)."""

    number: int
    reason: Value
    rule: str = "Combat"


@dataclass(frozen=True, slots=True)
class GharvAppeared(Event):
    """A Gharv rises next to the character whose roll called it ("The Gharvs")."""

    gharv: str
    hex: Hex
    victim: str
    rule: str = "The Gharvs: Appearance of the Gharvs"


@dataclass(frozen=True, slots=True)
class GharvLeft(Event):
    """A Gharv goes back under the water, or a dead one sinks: its counter leaves the
    map."""

    gharv: str
    hex: Hex
    why: Value
    rule: str = "The Gharvs: Disappearance of the Gharvs"


@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    """A wizard cast a spell: success or failure, the energy he has left ("Magic")."""

    wizard: str
    spell: str
    name: str
    success: bool
    energy_left: int
    rule: str = "Resolution of a Spell"


@dataclass(frozen=True, slots=True)
class SpectreVanished(Event):
    """A Living Dead or a Gargoyle dematerialises, its time up ("The Spectres")."""

    unit: str
    hex: Hex
    rule: str = "The Spectres"


@dataclass(frozen=True, slots=True)
class BoatRowed(Event):
    """A passenger rowed his boat ("Movement by Boat")."""

    boat: str
    rower: str
    hexes: int
    budget: int
    rule: str = "Movement by Boat"


@dataclass(frozen=True, slots=True)
class BoatCapsized(Event):
    """A Gharv capsized a boat: it is lost, its passengers are in the water."""

    boat: str
    gharv: str
    passengers: tuple[str, ...]
    rule: str = "The Gharvs: Automatic attacks"


@dataclass(frozen=True, slots=True)
class GharvNote(Event):
    """Something the Gharv interphase says that changes nothing (no counter left, no
    free water, an attack that cannot take place)."""

    message: Value
    rule: str = "The Gharvs"


@dataclass(frozen=True, slots=True)
class ResultConverted(Event):
    """A special rule changed what a combat result does to one character (a Troll's
    knock-out becomes a retreat, a Guard's "killed" two wounds, a spectre's wound a
    retreat...)."""

    unit: str
    result: str  # what the table said: knocked_out, wounded, killed, retreat
    becomes: Value  # what happens instead ("a retreat of 2 hexes")
    rule: str


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Event):
    """A character who had to retreat found no legal retreat; what happened instead."""

    unit: str
    consequence: Value
    rule: str = "Multiple Combat (retreats); our reading, docs/combat.md"


@dataclass(frozen=True, slots=True)
class UnitFrenzied(Event):
    unit: str
    rule: str = "The Adventurers: Crazy Ork"


@dataclass(frozen=True, slots=True)
class WebDestroyed(Event):
    web: str
    at: Hex
    by: str
    rule: str = "How to Destroy a Spider Web"


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """One shot, with every number the player needs to check it by hand ("Resolution of
    Fire"): the weapon, the target's cover (and why), the range, the die, each modifier
    with its reason, the row read and the Fire Table's result."""

    shooter: str
    target: str
    weapon: str
    cover: str
    range: int
    die: int
    modified_die: int
    result: str  # result code of the Fire Table: A, B, C or "-"
    meaning: Value = ""  # the result's name in the table ("Killed")
    modifiers: tuple[Value, ...] = ()  # "+1 the shooter is wounded", ...
    cover_why: tuple[Value, ...] = ()  # the line of fire's reasons, "reason (section)"
    mode: str = "offensive"  # or "defensive"
    rule: str = "Resolution of Fire"


@dataclass(frozen=True, slots=True)
class ShotCancelled(Event):
    """A shooter named in a Fire did not shoot: the target died, left its hex, or must
    retreat before the next shot."""

    shooter: str
    target: str
    reason: Value
    rule: str = "Fire with the Bow or Crossbow"


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Hidden information became known to a side: a spider web the adventurers did not
    know of, an objective marker turned face up. Undo cannot reach back past it."""

    what: Value
    at: Hex | None
    rule: str = ""


@dataclass(frozen=True, slots=True)
class UnitDeployed(Event):
    """A character placed before the first turn (a scenario's deployment step)."""

    unit: str
    at: Hex
    cell: str = ""  # the hex as players read it: "(12,7)"
    rule: str = "Course of a Game (deployment, ours)"


@dataclass(frozen=True, slots=True)
class UnitEntered(Event):
    """A character came onto the map: reinforcements, or out of a deep passage."""

    unit: str
    at: Hex
    how: Value
    rule: str = "Scenario: reinforcements and deep passages (ours)"


@dataclass(frozen=True, slots=True)
class UnitLeftMap(Event):
    """An Adventurer left the map by an exit (he is safe and counts for the scenario)."""

    unit: str
    at: Hex
    how: Value
    rule: str = "Scenario: leaving the map (ours)"


@dataclass(frozen=True, slots=True)
class WentUnderground(Event):
    """Someone went down into a deep passage: all may read this; where he is going is
    told only to his own side (`PassageTaken`). `who` is his display name (a `DataName`),
    never an id, so the log's secrecy rule does not hide it."""

    who: Value
    at: Hex
    cell: str = ""
    rule: str = "Accessory Counters: the Dungeon Entrances (deep passages, ours)"


@dataclass(frozen=True, slots=True)
class PassageTaken(Event):
    """Where someone who went underground is going: told to his own side only."""

    unit: str
    passage: Value  # the scenario's name for the passage
    arrives_turn: int
    rule: str = "Accessory Counters: the Dungeon Entrances (deep passages, ours)"


@dataclass(frozen=True, slots=True)
class UnitGrewUp(Event):
    """A baby Krob became an adult (a scenario switch)."""

    unit: str
    rule: str = ""


@dataclass(frozen=True, slots=True)
class ObjectiveFound(Event):
    """An Orb picked up, Khuzun freed, the true Sun exit known."""

    what: Value
    at: Hex | None
    by: str = ""
    rule: str = "Accessory Counters (objectives, ours)"


@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    """The engine waits for `side` to decide: `asked` is the question, for the narrator."""

    decision: str
    side: str
    asked: Value = ""


@dataclass(frozen=True, slots=True)
class DecisionPassed(Event):
    """A decision answered with Pass (no advance, no defensive fire...): logged like
    every other answer."""

    decision: str
    side: str
    reason: Value  # the engine's verdict on the Pass: "no (further) advance after combat"
    rule: str = ""


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over: `winner` a side's key (None: nobody), `reason` why (a phrase;
    its English is the state's `scratch["result"]["reason"]`)."""

    winner: str | None
    reason: Value
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class WentOnUnverified(Event):
    """The game goes on from a save's snapshot its actions did not lead to
    (engine/unverified.py): what the log says where the checked part begins again."""

    turn: int
