"""A wizard's sheet and his energy points ("Energy Points (EP)").

"available EP = Level x 100 ... When a wizard is wounded, the number of energy points he
has left is divided by two (rounded down). If he heals, the EP he has left are multiplied
by two" ("Energy Points (EP)").

The sheet changes when the wound and the healing happen: every path of the engine that
wounds or heals a character (a combat, a shot, a Gharv's attack, a Fireball, the
Infiltration and Jump Tables, a capsize, the unstable marsh, Healing hands, Self-healing)
goes through `change_wounds`, which halves or doubles the EP on the sheet then and there, each
time rounding as written. So 151 EP, wounded, are 75; healed, 150: the wound's lost half
point is not given back, as it would be if the halving and the doubling were worked out
together later.

`Wizard.wounds` is the wounds the sheet has counted. A count the sheet has not seen yet
is one set from outside the engine's paths: a scenario that places its wizard wounded
(the scenario's `energy` is then his sheet before that wound) or a test that sets the
counter; `available_energy` counts it, one wound at a time, and the next change settles
it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.state import Unit, Wizard
from dragonnoir.engine.values import profile

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_EP = "Energy Points (EP)"


def is_wizard(game: Game, unit: Unit) -> bool:
    return "wizard" in profile(game, unit).tags


def sheet(game: Game, unit: Unit) -> Wizard:
    """The wizard's sheet: the scenario's, or his roster level with level x 100 EP (not
    stored until it changes: `explain` changes nothing)."""
    found = game.state.wizards.get(unit.id)
    if found is not None:
        return found
    level = game.rules.roster[unit.kind].wizard_level or 1
    return Wizard(unit.id, level, level * 100)


def after_wounds(energy: int, counted: int, wounds: int) -> int:
    """The EP left after going from `counted` wounds to `wounds`, one wound or one
    healing at a time: halved rounding down for each wound, doubled for each healed."""
    for _ in range(max(0, wounds - counted)):
        energy //= 2
    for _ in range(max(0, counted - wounds)):
        energy *= 2
    return energy


def available_energy(sheet_: Wizard, unit: Unit) -> int:
    """EP left now: the sheet's, with any wound it has not counted yet."""
    return after_wounds(sheet_.energy, sheet_.wounds, unit.wounds)


def settle(game: Game, unit: Unit) -> Wizard:
    """Store the wizard's sheet with his wounds counted."""
    current = sheet(game, unit)
    current.energy = available_energy(current, unit)
    current.wounds = unit.wounds
    game.state.wizards[unit.id] = current
    return current


def change_wounds(game: Game, unit: Unit, by: int) -> None:
    """Give `unit` `by` more wounds (fewer when negative: healed): the one way the
    engine changes a character's wounds, so that a wizard's sheet follows at once ("When
    a wizard is wounded ... If he heals ..."). A wound the sheet had not counted yet is
    counted first, so a healing never gives back EP the sheet never lost."""
    wizard = is_wizard(game, unit)
    if wizard:
        settle(game, unit)
    unit.wounds = max(0, unit.wounds + by)
    if wizard:
        settle(game, unit)
