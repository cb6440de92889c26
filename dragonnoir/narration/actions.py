"""The players' actions as players name them ("a move", "a spell"), for the refusals that
speak of an action by its kind (`Action.kind`, the class's name: never shown)."""

from __future__ import annotations

from dragonnoir.narration.phrase import Value, tell

#: Each kind of action, as the rulebook would name it.
ACTIONS: dict[str, Value] = {
    "EndPhase": tell("ending the phase"),
    "Pass": tell("declining"),
    "Move": tell("a move"),
    "Jump": tell("a jump"),
    "Fly": tell("a flight"),
    "SailBoat": tell("a boat journey"),
    "Attack": tell("an attack"),
    "DeclineSpells": tell("declining the spells"),
    "WithdrawAttack": tell("withdrawing an attack"),
    "Declare": tell("declaring the combats"),
    "ResolveCombat": tell("resolving a combat"),
    "ChooseCasualty": tell("choosing a casualty"),
    "Retreat": tell("a retreat"),
    "Advance": tell("an advance after combat"),
    "DestroyWeb": tell("destroying a spider web"),
    "Fire": tell("a shot"),
    "CastSpell": tell("a spell"),
    "Deploy": tell("deploying a character"),
    "EnterMap": tell("entering the map"),
    "LeaveMap": tell("leaving the map"),
    "EnterPassage": tell("going down into a deep passage"),
}


def action_name(kind: str) -> Value:
    """An action by its name ("a move"); a kind unknown here as it is."""
    return ACTIONS.get(kind, kind)
