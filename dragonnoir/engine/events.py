"""Events: what happened, in the past tense. `Game.apply` returns them; the log shows them.

Each event carries the rule it applied (`rule`: a rulebook section or one of our tables)
so the client can show the player why, and renders itself as one line of text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Value, english


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events."""

    @property
    def kind(self) -> str:
        return type(self).__name__

    def text(self) -> str:
        return self.kind

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Hex):
                value = [value.q, value.r]
            elif isinstance(value, tuple):
                value = [[v.q, v.r] if isinstance(v, Hex) else v for v in value]
            out[f.name] = value
        return out


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    turn: int

    def text(self) -> str:
        return f"Game turn {self.turn} begins."


@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    phase: str
    title: str

    def text(self) -> str:
        return f"{self.title}."


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    """One throw of the d10 and what it was for; `modified` after all modifiers."""

    purpose: str
    value: int
    modified: int
    rule: str = ""
    by: str = ""  # the unit concerned, if any

    def text(self) -> str:
        mod = f" -> {self.modified}" if self.modified != self.value else ""
        who = f" ({self.by})" if self.by else ""
        return f"Die for {self.purpose}{who}: {self.value}{mod}."


@dataclass(frozen=True, slots=True)
class UnitMoved(Event):
    unit: str
    path: tuple[Hex, ...]
    cost: int
    rule: str = "Movement"

    def text(self) -> str:
        return f"{self.unit} moves {len(self.path)} hex(es) for {self.cost} MP."


@dataclass(frozen=True, slots=True)
class MovementStopped(Event):
    """A move ended early: an infiltration result, a spider web, a fall."""

    unit: str
    at: Hex
    reason: Value
    rule: str

    def text(self) -> str:
        return f"{self.unit} is stopped: {english(self.reason)} ({self.rule})."


@dataclass(frozen=True, slots=True)
class UnitStoodUp(Event):
    unit: str
    rule: str = "Organisation of the Game Turn: 4. Knocked-out characters"

    def text(self) -> str:
        return f"{self.unit} gets back on their feet."


@dataclass(frozen=True, slots=True)
class UnitKnockedOut(Event):
    unit: str
    rule: str = "Combat"

    def text(self) -> str:
        return f"{self.unit} is knocked out."


@dataclass(frozen=True, slots=True)
class UnitWounded(Event):
    unit: str
    wounds: int
    rule: str = "Combat"

    def text(self) -> str:
        return f"{self.unit} is wounded ({self.wounds} wound(s))."


@dataclass(frozen=True, slots=True)
class UnitKilled(Event):
    unit: str
    rule: str = "Combat"

    def text(self) -> str:
        return f"{self.unit} is killed."


@dataclass(frozen=True, slots=True)
class UnitRetreated(Event):
    unit: str
    path: tuple[Hex, ...]
    rule: str = "Multiple Combat"

    def text(self) -> str:
        return f"{self.unit} retreats {len(self.path)} hex(es)."


@dataclass(frozen=True, slots=True)
class UnitAdvanced(Event):
    unit: str
    path: tuple[Hex, ...]
    rule: str = "Advance After Combat"

    def text(self) -> str:
        return f"{self.unit} advances {len(self.path)} hex(es)."


@dataclass(frozen=True, slots=True)
class CombatResolved(Event):
    """A combat, with every number the player needs to check it by hand."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: int
    defence: int
    odds: str  # before shifts, e.g. "2-1"
    column: str  # after shifts
    shifts: tuple[str, ...]  # why the column moved, one reason each
    die: int
    modified_die: int
    result: str  # result code of the Combat Table
    meaning: str = ""
    rule: str = "Resolution of Combats"
    die_modifiers: tuple[str, ...] = ()  # why the die changed, one reason each
    zone: str = ""  # "front" or "rear" against the Queen or a Guard ("The Krobs: Defence")

    def text(self) -> str:
        why = f" ({'; '.join(self.shifts)})" if self.shifts else ""
        die = f"{self.die}" + (f"->{self.modified_die}" if self.modified_die != self.die else "")
        return (
            f"{'+'.join(self.attackers)} ({self.attack}) attack {'+'.join(self.defenders)} "
            f"({self.defence}): {self.odds}, column {self.column}{why}, die {die}: "
            f"{self.result}{' - ' + self.meaning if self.meaning else ''}."
        )


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

    def text(self) -> str:
        legs = " between its legs" if self.between_legs else ""
        return (
            f"Combat {self.number} declared: {' + '.join(self.attackers)} against "
            f"{' + '.join(self.defenders)}{legs} ({self.odds}, on {self.column})."
        )


@dataclass(frozen=True, slots=True)
class CombatWithdrawn(Event):
    """A combat taken back before the declarations were closed."""

    number: int
    rule: str = "Combat"

    def text(self) -> str:
        return f"Combat {self.number} withdrawn before the declarations closed."


@dataclass(frozen=True, slots=True)
class CombatsDeclared(Event):
    """The declaration step is over: every combat of the phase is known."""

    count: int
    rule: str = "Combat"

    def text(self) -> str:
        if not self.count:
            return "No combat declared."
        return f"{self.count} combat(s) declared: resolve them in the order you choose."


@dataclass(frozen=True, slots=True)
class CombatLapsed(Event):
    """A declared combat that can no longer take place (its defenders gone, or no
    attacker able to fight them any more)."""

    number: int
    reason: Value
    rule: str = "Combat"

    def text(self) -> str:
        return f"Combat {self.number} does not take place: {english(self.reason)}."


@dataclass(frozen=True, slots=True)
class GharvAppeared(Event):
    """A Gharv rises next to the character whose roll called it ("The Gharvs")."""

    gharv: str
    hex: Hex
    victim: str
    rule: str = "The Gharvs: Appearance of the Gharvs"

    def text(self) -> str:
        return f"{self.gharv} rises from the water next to {self.victim}."


@dataclass(frozen=True, slots=True)
class GharvLeft(Event):
    """A Gharv goes back under the water, or a dead one sinks: its counter leaves the
    map."""

    gharv: str
    hex: Hex
    why: Value
    rule: str = "The Gharvs: Disappearance of the Gharvs"

    def text(self) -> str:
        return f"{self.gharv} {english(self.why)}."


@dataclass(frozen=True, slots=True)
class SpellCast(Event):
    """A wizard cast a spell: success or failure, the energy he has left ("Magic")."""

    wizard: str
    spell: str
    name: str
    success: bool
    energy_left: int
    rule: str = "Resolution of a Spell"

    def text(self) -> str:
        outcome = "succeeds" if self.success else "fails"
        return f"{self.wizard} casts {self.name}: it {outcome} ({self.energy_left} EP left)."


@dataclass(frozen=True, slots=True)
class SpectreVanished(Event):
    """A Living Dead or a Gargoyle dematerialises, its time up ("The Spectres")."""

    unit: str
    hex: Hex
    rule: str = "The Spectres"

    def text(self) -> str:
        return f"{self.unit} dematerialises."


@dataclass(frozen=True, slots=True)
class BoatRowed(Event):
    """A passenger rowed his boat ("Movement by Boat")."""

    boat: str
    rower: str
    hexes: int
    budget: int
    rule: str = "Movement by Boat"

    def text(self) -> str:
        return f"{self.rower} rows the boat {self.hexes} hex(es) (of {self.budget})."


@dataclass(frozen=True, slots=True)
class BoatCapsized(Event):
    """A Gharv capsized a boat: it is lost, its passengers are in the water."""

    boat: str
    gharv: str
    passengers: tuple[str, ...]
    rule: str = "The Gharvs: Automatic attacks"

    def text(self) -> str:
        who = ", ".join(self.passengers) or "nobody"
        return f"{self.gharv} capsizes the boat: {who} in the water."


@dataclass(frozen=True, slots=True)
class GharvNote(Event):
    """Something the Gharv interphase says that changes nothing (no counter left, no
    free water, an attack that cannot take place)."""

    message: Value
    rule: str = "The Gharvs"

    def text(self) -> str:
        message = english(self.message)
        return message[:1].upper() + message[1:] + "."


@dataclass(frozen=True, slots=True)
class ResultConverted(Event):
    """A special rule changed what a combat result does to one character (a Troll's
    knock-out becomes a retreat, a Guard's "killed" two wounds, a spectre's wound a
    retreat...)."""

    unit: str
    result: str  # what the table said: knocked_out, wounded, killed, retreat
    becomes: str  # what happens instead
    rule: str

    def text(self) -> str:
        return f"{self.unit}: {self.result.replace('_', ' ')} becomes {self.becomes} ({self.rule})."


@dataclass(frozen=True, slots=True)
class RetreatBlocked(Event):
    """A character who had to retreat found no legal retreat; what happened instead."""

    unit: str
    consequence: Value
    rule: str = "Multiple Combat (retreats); our reading, docs/combat.md"

    def text(self) -> str:
        return f"{self.unit} cannot retreat: {english(self.consequence)}."


@dataclass(frozen=True, slots=True)
class UnitFrenzied(Event):
    unit: str
    rule: str = "The Adventurers: Crazy Ork"

    def text(self) -> str:
        return f"{self.unit} goes into a frenzy."


@dataclass(frozen=True, slots=True)
class WebDestroyed(Event):
    web: str
    at: Hex
    by: str
    rule: str = "How to Destroy a Spider Web"

    def text(self) -> str:
        return f"{self.by} destroys the spider web."


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
    meaning: str = ""
    modifiers: tuple[str, ...] = ()  # "+1 the shooter is wounded", ...
    cover_why: tuple[str, ...] = ()  # the line of fire's reasons, "sentence (section)"
    mode: str = "offensive"  # or "defensive"
    rule: str = "Resolution of Fire"

    def text(self) -> str:
        mods = f" ({'; '.join(self.modifiers)})" if self.modifiers else ""
        die = f"{self.die}" + (f"->{self.modified_die}" if self.modified_die != self.die else "")
        kind = "defensive shot" if self.mode == "defensive" else "shot"
        return (
            f"{self.shooter} ({self.weapon.replace('_', ' ')}) {kind} at {self.target}: range "
            f"{self.range}, {self.cover} cover, die {die}{mods}: result {self.result}"
            f"{' (' + self.meaning + ')' if self.meaning else ''}."
        )


@dataclass(frozen=True, slots=True)
class ShotCancelled(Event):
    """A shooter named in a Fire did not shoot: the target died, left its hex, or must
    retreat before the next shot."""

    shooter: str
    target: str
    reason: Value
    rule: str = "Fire with the Bow or Crossbow"

    def text(self) -> str:
        return f"{self.shooter} does not fire at {self.target}: {english(self.reason)}."


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """Hidden information became known to a side: a spider web the adventurers did not
    know of, an objective marker turned face up. Undo cannot reach back past it."""

    what: Value
    at: Hex | None
    rule: str = ""

    def text(self) -> str:
        return f"Revealed: {english(self.what)}."


@dataclass(frozen=True, slots=True)
class UnitDeployed(Event):
    """A character placed before the first turn (a scenario's deployment step)."""

    unit: str
    at: Hex
    cell: str = ""  # the hex as players read it: "(12,7)"
    rule: str = "Course of a Game (deployment, ours)"

    def text(self) -> str:
        return f"{self.unit} is deployed on {self.cell or self.at}."


@dataclass(frozen=True, slots=True)
class UnitEntered(Event):
    """A character came onto the map: reinforcements, or out of a deep passage."""

    unit: str
    at: Hex
    how: Value
    rule: str = "Scenario: reinforcements and deep passages (ours)"

    def text(self) -> str:
        return f"{self.unit} {english(self.how)}."


@dataclass(frozen=True, slots=True)
class UnitLeftMap(Event):
    """An Adventurer left the map by an exit (he is safe and counts for the scenario)."""

    unit: str
    at: Hex
    how: Value
    rule: str = "Scenario: leaving the map (ours)"

    def text(self) -> str:
        return f"{self.unit} {english(self.how)}."


@dataclass(frozen=True, slots=True)
class WentUnderground(Event):
    """Someone went down into a deep passage: all may read this; where he is going is
    told only to his own side (`PassageTaken`). `who` is a display name, never an id, so
    the log's secrecy rule does not hide it."""

    who: str
    at: Hex
    cell: str = ""
    rule: str = "Accessory Counters: the Dungeon Entrances (deep passages, ours)"

    def text(self) -> str:
        return f"{self.who} goes down into the deep passages at {self.cell or self.at}."


@dataclass(frozen=True, slots=True)
class PassageTaken(Event):
    unit: str
    passage: str
    arrives_turn: int
    rule: str = "Accessory Counters: the Dungeon Entrances (deep passages, ours)"

    def text(self) -> str:
        return f"{self.unit} follows {self.passage}: out on game turn {self.arrives_turn}."


@dataclass(frozen=True, slots=True)
class UnitGrewUp(Event):
    """A baby Krob became an adult (a scenario switch)."""

    unit: str
    rule: str = ""

    def text(self) -> str:
        return f"{self.unit} has grown up: an adult now."


@dataclass(frozen=True, slots=True)
class ObjectiveFound(Event):
    """An Orb picked up, Khuzun freed, the true Sun exit known."""

    what: Value
    at: Hex | None
    by: str = ""
    rule: str = "Accessory Counters (objectives, ours)"

    def text(self) -> str:
        return f"{english(self.what)}."


#: The sides as a player reads them in the log ("Players read names, not ids").
SIDE_NAMES = {"adventurers": "The Adventurers", "krobs": "The Krobs", "gharvs": "The Gharvs"}


@dataclass(frozen=True, slots=True)
class DecisionRequested(Event):
    decision: str
    side: str
    prompt: str = ""  # the question in English, with ids (`Event.text()`, older readers)
    asked: Value = ""  # the question as a phrase, for the narrator

    @classmethod
    def asking(
        cls, decision: str, side: str, asked: Value, cell: Callable[[Hex], str]
    ) -> DecisionRequested:
        """A request whose question is `asked`, and its English words for `text()`."""
        return cls(decision, side, english(asked, cell), asked)

    def text(self) -> str:
        who = SIDE_NAMES.get(self.side, self.side)
        return f"{who} must decide: {self.prompt or self.decision}."


@dataclass(frozen=True, slots=True)
class DecisionPassed(Event):
    """A decision answered with Pass (no advance, no defensive fire...): logged like
    every other answer."""

    decision: str
    side: str
    reason: Value  # the engine's verdict on the Pass: "no (further) advance after combat"
    rule: str = ""

    def text(self) -> str:
        return f"{self.side.capitalize()}: {english(self.reason)}."


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winner: str | None
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        who = self.winner or "nobody"
        return f"The game ends: {who} wins ({self.reason})."


@dataclass(frozen=True, slots=True)
class WentOnUnverified(Event):
    """The game goes on from a save's snapshot its actions did not lead to
    (engine/unverified.py): what the log says where the checked part begins again."""

    turn: int

    def text(self) -> str:
        return (
            f"The game goes on from the position saved in game turn {self.turn}, as it "
            "stands: its earlier actions did not lead to it (unverified)."
        )


def log_lines(events: list[Event]) -> list[str]:
    """The text rendering of events, one line each, for logs."""
    return [e.text() for e in events]
