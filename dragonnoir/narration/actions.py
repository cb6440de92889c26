"""The players' actions as players name them ("a move", "a spell"), for the refusals that
speak of an action by its kind (`Action.kind`, the class's name: never shown)."""

from __future__ import annotations

from collections.abc import Callable

from dragonnoir.narration.phrase import Phrase, Value, tell, tell_n

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


#: Each kind of action counted ("6 moves"), for a replay's summary turn by turn.
COUNTED: dict[str, Callable[[int], Phrase]] = {
    "EndPhase": lambda n: tell_n("{n} phase ended", "{n} phases ended", n),
    "Pass": lambda n: tell_n("{n} decline", "{n} declines", n),
    "Move": lambda n: tell_n("{n} move", "{n} moves", n),
    "Jump": lambda n: tell_n("{n} jump", "{n} jumps", n),
    "Fly": lambda n: tell_n("{n} flight", "{n} flights", n),
    "SailBoat": lambda n: tell_n("{n} boat journey", "{n} boat journeys", n),
    "Attack": lambda n: tell_n("{n} attack", "{n} attacks", n),
    "DeclineSpells": lambda n: tell_n("{n} spells declined", "{n} spells declined", n),
    "WithdrawAttack": lambda n: tell_n("{n} attack withdrawn", "{n} attacks withdrawn", n),
    "Declare": lambda n: tell_n("{n} declaration", "{n} declarations", n),
    "ResolveCombat": lambda n: tell_n("{n} combat resolved", "{n} combats resolved", n),
    "ChooseCasualty": lambda n: tell_n("{n} casualty chosen", "{n} casualties chosen", n),
    "Retreat": lambda n: tell_n("{n} retreat", "{n} retreats", n),
    "Advance": lambda n: tell_n("{n} advance", "{n} advances", n),
    "DestroyWeb": lambda n: tell_n("{n} web destroyed", "{n} webs destroyed", n),
    "Fire": lambda n: tell_n("{n} shot", "{n} shots", n),
    "CastSpell": lambda n: tell_n("{n} spell", "{n} spells", n),
    "Deploy": lambda n: tell_n("{n} character deployed", "{n} characters deployed", n),
    "EnterMap": lambda n: tell_n("{n} entry", "{n} entries", n),
    "LeaveMap": lambda n: tell_n("{n} exit from the map", "{n} exits from the map", n),
    "EnterPassage": lambda n: tell_n("{n} descent underground", "{n} descents underground", n),
}


def actions_counted(kind: str, n: int) -> Value:
    """`n` actions of one kind ("6 moves"); a kind unknown here: its name and count."""
    said = COUNTED.get(kind)
    return said(n) if said is not None else f"{n} {kind}"
