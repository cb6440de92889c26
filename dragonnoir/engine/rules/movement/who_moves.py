"""Who may move now ("Movement"; "Organisation of the Game Turn": the crossbowmen who
fired do not move) and his movement points left.

Our reading, a character's move is one continuous path: a character makes his Move (and
his Jumps) in one go; once another character has moved, his movement is over for the
phase. A Move or Jump that continues a character's movement right after his own previous
one is part of the same path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.explain import Explanation, refused
from dragonnoir.engine.rules.movement.tables import R_MOVEMENT, _alone, _position
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.narration.phrase import Who, tell
from dragonnoir.narration.weapons import weapon as weapon_name

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


R_CONTINUOUS = "Movement (a character's move is one continuous path)"
R_CROSSBOW = "Organisation of the Game Turn: Adventurer Player Turn, 2. Movement"
R_COUNTERS = "The Characters"


def budget_of(game: Game, unit: Unit) -> int:
    """Movement points left: the potential on the counter minus those spent."""
    return max(0, profile(game, unit).movement - unit.mp_spent)


# -- who may move -------------------------------------------------------------------------


def _continuing(game: Game, unit: Unit) -> bool:
    """His movement is in progress: he was the last to move, in this phase (the hex he
    goes on from is then crossed)."""
    moving = game.state.scratch.get("moving")
    return bool(
        unit.moved
        and isinstance(moving, dict)
        and moving.get("unit") == unit.id
        and moving.get("turn") == game.state.turn
        and moving.get("phase") == game.state.phase
    )


def _may_go_on(game: Game, unit: Unit) -> bool:
    """He has moved this phase and may still move: he was the last to move, or he ended
    a move on a hex another living character holds and may leave it to undo the stack
    ("Stacking" is checked at the end of the movement sequence). Leaving a shared hex
    after another character has moved starts a new stretch: the hex where his last move
    ended is not crossed ("A character who ends his movement on a hex adjacent to the
    enemy does not trigger a die roll")."""
    return _continuing(game, unit) or _shares_a_hex(game, unit)


def _shares_a_hex(game: Game, unit: Unit) -> bool:
    if unit.hex is None or not unit.alive:
        return False
    pos = _position(game)
    p = profile(game, unit)
    return not _alone(game, pos, unit, p, (unit.hex, unit.facing, unit.level))


def _may_move(game: Game, unit: Unit) -> Explanation | None:
    """Why `unit` may not move now, or None."""
    ph = game.phase
    if unit.hex is None:
        return refused(tell("{unit} is not on the map", unit=Who(unit.id)), R_MOVEMENT)
    if unit.side is not ph.side:
        return refused(
            tell("{unit} does not belong to the player whose turn it is", unit=Who(unit.id)),
            ph.section,
        )
    if not unit.alive:
        return refused(tell("{unit} is dead", unit=Who(unit.id)), R_COUNTERS)
    if not unit.standing:
        return refused(tell("{unit} is knocked out and cannot move", unit=Who(unit.id)), R_COUNTERS)
    if unit.side is Side.GHARVS:
        return refused(tell("the Gharvs move by the rules alone"), "The Gharvs")
    p = profile(game, unit)
    weapon = p.weapon
    rate = game.rules.rate_of_fire.get(weapon) if unit.fired and weapon else None
    if weapon and rate is not None and not rate.move_after_firing:
        # Which weapons "the crossbowmen who have just fired" covers is the Rate of
        # Fire & Movement table's to say (dragonnoir/data/rate_of_fire.toml).
        return refused(
            tell(
                "all Adventurers may move, except the crossbowmen who have just fired "
                "(Rate of Fire & Movement table: no move after firing a {weapon})",
                weapon=weapon_name(weapon),
            ),
            R_CROSSBOW,
        )
    if unit.moved and not _may_go_on(game, unit):
        return refused(
            tell(
                "{unit} has already moved this phase: a character's move is one "
                "continuous path, made before another character moves",
                unit=Who(unit.id),
            ),
            R_CONTINUOUS,
        )
    if unit.mp_spent >= p.movement:
        return refused(tell("{unit} has no movement points left", unit=Who(unit.id)), R_MOVEMENT)
    return None


def may_move(game: Game, unit: Unit) -> Explanation | None:
    """Why `unit` may not begin (or go on with) a move now, or None."""
    return _may_move(game, unit)


def start_moving(game: Game, unit: Unit) -> None:
    """`unit` begins his move (he is now the last to move: he may go on)."""
    _start_moving(game, unit)


def _start_moving(game: Game, unit: Unit) -> None:
    unit.moved = True
    game.state.scratch["moving"] = {
        "unit": unit.id,
        "turn": game.state.turn,
        "phase": game.state.phase,
    }
