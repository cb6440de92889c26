"""What each event of the engine says: one phrase an event, with names and cells.

Events keep what happened as data (ids, hexes, numbers, the rule); here is the only
place they are put into words (issue 41: the engine's events once narrated themselves
with internal ids, and the client reworded them after). Where an event carries words a
rules module chose (a reason, a modifier, a result's name), they are phrases too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dragonnoir.engine import events as ev
from dragonnoir.narration.combat_words import effect_name
from dragonnoir.narration.covers import cover_name
from dragonnoir.narration.phases import phase_title
from dragonnoir.narration.phrase import (
    Cited,
    DataName,
    Many,
    Phrase,
    Value,
    Who,
    reasons,
    tell,
    tell_n,
)
from dragonnoir.narration.sides import side_name
from dragonnoir.narration.weapons import weapon

side = side_name


def who(ids: tuple[str, ...] | list[str]) -> Many:
    return Many(tuple(Who(i) for i in ids))


def _die(value: int, modified: int) -> Value:
    if modified == value:
        return value
    return tell("{die} -> {modified}", die=value, modified=modified)


def _turn_began(e: ev.TurnBegan) -> Phrase:
    return tell("Game turn {turn} begins.", turn=e.turn)


def _phase_began(e: ev.PhaseBegan) -> Phrase:
    return tell("{phase}.", phase=phase_title(e.phase, e.title))


def _die_rolled(e: ev.DieRolled) -> Phrase:
    if e.by:
        return tell(
            "Die for {purpose} ({unit}): {die}.",
            purpose=e.purpose,
            unit=Who(e.by),
            die=_die(e.value, e.modified),
        )
    return tell("Die for {purpose}: {die}.", purpose=e.purpose, die=_die(e.value, e.modified))


def _unit_moved(e: ev.UnitMoved) -> Phrase:
    if not e.path:
        return tell("{unit} stays where he is.", unit=Who(e.unit))
    return tell_n(
        "{unit} moves to {cell}: {n} hex for {cost} MP.",
        "{unit} moves to {cell}: {n} hexes for {cost} MP.",
        len(e.path),
        unit=Who(e.unit),
        cell=e.path[-1],
        cost=e.cost,
    )


def _movement_stopped(e: ev.MovementStopped) -> Phrase:
    return tell(
        "{unit} is stopped on {cell}: {reason}.", unit=Who(e.unit), cell=e.at, reason=e.reason
    )


def _retreated(e: ev.UnitRetreated) -> Phrase:
    if not e.path:
        return tell("{unit} retreats.", unit=Who(e.unit))
    return tell_n(
        "{unit} retreats to {cell} ({n} hex).",
        "{unit} retreats to {cell} ({n} hexes).",
        len(e.path),
        unit=Who(e.unit),
        cell=e.path[-1],
    )


def _advanced(e: ev.UnitAdvanced) -> Phrase:
    if not e.path:
        return tell("{unit} advances.", unit=Who(e.unit))
    return tell_n(
        "{unit} advances to {cell} ({n} hex).",
        "{unit} advances to {cell} ({n} hexes).",
        len(e.path),
        unit=Who(e.unit),
        cell=e.path[-1],
    )


def _wounded(e: ev.UnitWounded) -> Phrase:
    return tell_n(
        "{unit} is wounded ({n} wound).",
        "{unit} is wounded ({n} wounds).",
        e.wounds,
        unit=Who(e.unit),
    )


def _combat_resolved(e: ev.CombatResolved) -> Phrase:
    shifts = tell(" ({why})", why=reasons(e.shifts)) if e.shifts else ""
    meaning = tell(" - {meaning}", meaning=e.meaning) if e.meaning else ""
    return tell(
        "{attackers} ({attack}) attack {defenders} ({defence}): {odds}, column {column}"
        "{shifts}, die {die}: {result}{meaning}.",
        attackers=who(e.attackers),
        attack=e.attack,
        defenders=who(e.defenders),
        defence=e.defence,
        odds=e.odds,
        column=e.column,
        shifts=shifts,
        die=_die(e.die, e.modified_die),
        result=e.result,
        meaning=meaning,
    )


def _combat_declared(e: ev.CombatDeclared) -> Phrase:
    values: dict[str, Value] = {
        "number": e.number,
        "attackers": who(e.attackers),
        "defenders": who(e.defenders),
        "odds": e.odds,
        "column": e.column,
    }
    if e.between_legs:
        return tell(
            "Combat {number} declared: {attackers} against {defenders} between its legs "
            "({odds}, on {column}).",
            **values,
        )
    return tell(
        "Combat {number} declared: {attackers} against {defenders} ({odds}, on {column}).",
        **values,
    )


def _combats_declared(e: ev.CombatsDeclared) -> Phrase:
    if not e.count:
        return tell("No combat declared.")
    return tell_n(
        "{n} combat declared: resolve it.",
        "{n} combats declared: resolve them in the order you choose.",
        e.count,
    )


def _spell_cast(e: ev.SpellCast) -> Phrase:
    if e.success:
        return tell(
            "{wizard} casts {spell}: it succeeds ({energy} EP left).",
            wizard=Who(e.wizard),
            spell=DataName(e.name),
            energy=e.energy_left,
        )
    return tell(
        "{wizard} casts {spell}: it fails ({energy} EP left).",
        wizard=Who(e.wizard),
        spell=DataName(e.name),
        energy=e.energy_left,
    )


def _boat_rowed(e: ev.BoatRowed) -> Phrase:
    return tell_n(
        "{rower} rows the boat {n} hex (of {budget}).",
        "{rower} rows the boat {n} hexes (of {budget}).",
        e.hexes,
        rower=Who(e.rower),
        budget=e.budget,
    )


def _boat_capsized(e: ev.BoatCapsized) -> Phrase:
    if not e.passengers:
        return tell("{gharv} capsizes the boat: nobody in the water.", gharv=Who(e.gharv))
    return tell(
        "{gharv} capsizes the boat: {passengers} in the water.",
        gharv=Who(e.gharv),
        passengers=who(e.passengers),
    )


def _gharv_note(e: ev.GharvNote) -> Phrase:
    return tell("{note}.", note=e.message)


def _converted(e: ev.ResultConverted) -> Phrase:
    return tell(
        "{unit}: {result} becomes {becomes} ({rule}).",
        unit=Who(e.unit),
        result=effect_name(e.result),
        becomes=e.becomes,
        rule=Cited(e.rule),
    )


def _shot(e: ev.ShotResolved) -> Phrase:
    values: dict[str, Value] = {
        "shooter": Who(e.shooter),
        "weapon": weapon(e.weapon),
        "target": Who(e.target),
        "range": e.range,
        "cover": cover_name(e.cover),
        "die": _die(e.die, e.modified_die),
        "modifiers": tell(" ({why})", why=reasons(e.modifiers)) if e.modifiers else "",
        "result": e.result,
        "meaning": tell(" ({meaning})", meaning=e.meaning) if e.meaning else "",
    }
    if e.mode == "defensive":
        return tell(
            "{shooter} ({weapon}) defensive shot at {target}: range {range}, {cover}, "
            "die {die}{modifiers}: result {result}{meaning}.",
            **values,
        )
    return tell(
        "{shooter} ({weapon}) shot at {target}: range {range}, {cover}, "
        "die {die}{modifiers}: result {result}{meaning}.",
        **values,
    )


def _deployed(e: ev.UnitDeployed) -> Phrase:
    return tell("{unit} is deployed on {cell}.", unit=Who(e.unit), cell=e.at)


def _underground(e: ev.WentUnderground) -> Phrase:
    return tell("{who} goes down into the deep passages at {cell}.", who=e.who, cell=e.at)


def _decision_requested(e: ev.DecisionRequested) -> Phrase:
    return tell("{side} must decide: {what}.", side=side(e.side), what=e.asked or e.decision)


def _decision_passed(e: ev.DecisionPassed) -> Phrase:
    return tell("{side}: {reason}.", side=side(e.side), reason=e.reason)


def _passage_taken(e: ev.PassageTaken) -> Phrase:
    return tell(
        "{unit} follows {passage}: out on game turn {turn}.",
        unit=Who(e.unit),
        passage=e.passage,
        turn=e.arrives_turn,
    )


def _game_ended(e: ev.GameEnded) -> Phrase:
    if e.winner is None:
        return tell("The game ends: nobody wins ({reason}).", reason=e.reason)
    return tell("The game ends: {winner} win ({reason}).", winner=side(e.winner), reason=e.reason)


def said_as(message: str, **fields: Callable[[Any], Value]) -> Callable[[Any], Phrase]:
    """An event said by one message whose fields are the event's, each turned into a
    value by its function (`Who` for a character)."""

    def phrase(e: Any) -> Phrase:
        return tell(message, **{k: make(getattr(e, k)) for k, make in fields.items()})

    return phrase


def _same(value: Any) -> Any:
    return value


#: Each kind of event and its phrase.
PHRASES: dict[type[ev.Event], Callable[[Any], Phrase]] = {
    ev.TurnBegan: _turn_began,
    ev.PhaseBegan: _phase_began,
    ev.DieRolled: _die_rolled,
    ev.UnitMoved: _unit_moved,
    ev.MovementStopped: _movement_stopped,
    ev.UnitStoodUp: said_as("{unit} gets back on their feet.", unit=Who),
    ev.UnitKnockedOut: said_as("{unit} is knocked out.", unit=Who),
    ev.UnitWounded: _wounded,
    ev.UnitKilled: said_as("{unit} is killed.", unit=Who),
    ev.UnitRetreated: _retreated,
    ev.UnitAdvanced: _advanced,
    ev.CombatResolved: _combat_resolved,
    ev.CombatDeclared: _combat_declared,
    ev.CombatWithdrawn: said_as(
        "Combat {number} withdrawn before the declarations closed.", number=_same
    ),
    ev.CombatsDeclared: _combats_declared,
    ev.CombatLapsed: said_as(
        "Combat {number} does not take place: {reason}.", number=_same, reason=_same
    ),
    ev.GharvAppeared: said_as(
        "{gharv} rises from the water next to {victim}.", gharv=Who, victim=Who
    ),
    ev.GharvLeft: said_as("{gharv} {why}.", gharv=Who, why=_same),
    ev.SpellCast: _spell_cast,
    ev.SpectreVanished: said_as("{unit} dematerialises.", unit=Who),
    ev.BoatRowed: _boat_rowed,
    ev.BoatCapsized: _boat_capsized,
    ev.GharvNote: _gharv_note,
    ev.ResultConverted: _converted,
    ev.RetreatBlocked: said_as(
        "{unit} cannot retreat: {consequence}.", unit=Who, consequence=_same
    ),
    ev.UnitFrenzied: said_as("{unit} goes into a frenzy.", unit=Who),
    ev.WebDestroyed: said_as("{by} destroys the spider web on {at}.", by=Who, at=_same),
    ev.ShotResolved: _shot,
    ev.ShotCancelled: said_as(
        "{shooter} does not fire at {target}: {reason}.", shooter=Who, target=Who, reason=_same
    ),
    ev.Revealed: said_as("Revealed: {what}.", what=_same),
    ev.UnitDeployed: _deployed,
    ev.UnitEntered: said_as("{unit} {how}.", unit=Who, how=_same),
    ev.UnitLeftMap: said_as("{unit} {how}.", unit=Who, how=_same),
    ev.WentUnderground: _underground,
    ev.PassageTaken: _passage_taken,
    ev.UnitGrewUp: said_as("{unit} has grown up: an adult now.", unit=Who),
    ev.ObjectiveFound: said_as("{what}.", what=_same),
    ev.DecisionRequested: _decision_requested,
    ev.DecisionPassed: _decision_passed,
    ev.GameEnded: _game_ended,
    ev.WentOnUnverified: said_as(
        "The game goes on from the position saved in game turn {turn}, as it stands: its "
        "earlier actions did not lead to it (unverified).",
        turn=_same,
    ),
}


def phrase_of(event: ev.Event) -> Phrase:
    """What `event` says."""
    make = PHRASES.get(type(event))
    if make is None:  # a kind of event without words: a fault of ours, said plainly
        return tell("({kind})", kind=event.kind)
    return make(event)
