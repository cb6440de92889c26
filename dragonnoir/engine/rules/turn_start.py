"""What the turn sequence itself does as a side's turn begins ("Organisation of the Game
Turn"): the turn's marks are wiped, and the Adventurers knocked out in an earlier turn
stand up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.events import Event, UnitStoodUp
from dragonnoir.engine.state import Side, Status

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game
    from dragonnoir.engine.ruleset import PhaseHook


def reset_turn_flags(side: Side) -> PhaseHook:
    """A hook that clears what `side`'s units did last turn (moved, fired, attacked, the
    movement points spent): the first phase of its turn enters with a clean slate."""

    def hook(game: Game) -> list[Event]:
        for unit in game.state.units.values():
            if unit.side is side:
                unit.moved = False
                unit.fired = False
                unit.attacked = 0
                unit.mp_spent = 0
        return []

    return hook


def stand_up(game: Game) -> list[Event]:
    """ "4. KNOCKED-OUT CHARACTERS: all Adventurers who were knocked out during the
    previous game turn are put back on their feet"; those knocked out this turn wait for
    the next Adventurer turn."""
    events: list[Event] = []
    for unit in game.state.units.values():
        if (
            unit.side is Side.ADVENTURERS
            and unit.status is Status.KNOCKED_OUT
            and unit.knocked_out_turn is not None
            and unit.knocked_out_turn < game.state.turn
        ):
            unit.status = Status.HEALTHY if unit.wounds == 0 else Status.WOUNDED
            unit.knocked_out_turn = None
            events.append(UnitStoodUp(unit.id))
    return events
