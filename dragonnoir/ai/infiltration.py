"""What a move's path risks on the Infiltration Table: where he may be stopped, and hurt.

"When a character crosses, during his movement, a hex adjacent to an enemy in a position
to attack, the player concerned must roll the die and consult the corresponding table
... He rolls the die as many times as there are enemies adjacent to the hex in question.
This rule applies only to hexes crossed" ("Infiltration of Enemy Lines"). A move whose
path crosses such hexes ends where it was meant to only if every roll lets him pass; the
first roll that stops him ends it on the hex crossed, some of them knocked out or
wounded. The hard level weighs a move by each place it may end, at its chance
(`moving._option`, `Level.infiltration`): without it, a Goblin in a boat with a Gharv
alongside swam for the beach past it (rowing there scored the same), was stopped and
knocked out in the water, and drowned (l-ile, seed 0); a boat rows past without a roll.

The odds are the engine's own: the same enemies (`infiltration_threats`), columns,
modifiers and table. The enemies the side does not see are not counted: it does not
know of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dragonnoir.ai.evaluation import loss_share
from dragonnoir.engine.game import Game
from dragonnoir.engine.roster import infiltration_column
from dragonnoir.engine.rules.infiltration import exempt, infiltration_threats
from dragonnoir.engine.state import Unit
from dragonnoir.engine.tables import RollEffect
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: The die's faces (a d10, 0 counting as 10).
FACES = range(1, 11)


@dataclass(frozen=True)
class Crossing:
    """A path's infiltration odds: for each hex crossed where he may be stopped, the
    chance he ends there (in path order); the chance he gets to the end; and the share of
    his value he is expected to lose on the way (knocked out, wounded)."""

    stops: tuple[tuple[Hex, float], ...]
    arrives: float
    hurt: float


def crossing(game: Game, unit: Unit, path: Sequence[Hex]) -> Crossing | None:
    """The odds of `unit` walking `path` (the hexes after his own, the last his end);
    None when no roll is made on the way."""
    if len(path) < 2 or exempt(profile(game, unit), unit):
        return None
    stops: list[tuple[Hex, float]] = []
    reach = 1.0
    hurt = 0.0
    for crossed in path[:-1]:
        passes, harm = _hex_odds(game, unit, crossed)
        if passes >= 1.0:
            continue
        hurt += reach * harm
        stops.append((crossed, reach * (1.0 - passes)))
        reach *= passes
    if not stops:
        return None
    return Crossing(tuple(stops), reach, hurt)


def _hex_odds(game: Game, unit: Unit, crossed: Hex) -> tuple[float, float]:
    """The chance he passes every roll for `crossed`, and the share of his value those
    rolls are expected to take (each roll is made, whatever the others gave: issue 8,
    ruling 3)."""
    table = game.rules.infiltration
    roster = game.rules.roster
    passes = 1.0
    harm = 0.0
    for enemy in infiltration_threats(game, unit, crossed):
        column = infiltration_column(roster[enemy.kind], adult=enemy.adult)
        if column is None:
            continue  # a newborn Hunter makes nobody roll ("The Krobs: Infiltration")
        modifier = 0
        if unit.wounds > 0:
            modifier += table.modifiers.mover_wounded
        if enemy.wounds > 0:
            modifier += table.modifiers.enemy_wounded
        passed = 0
        for face in FACES:
            result = table.roll(column, face, modifier)
            if not result.stops:
                passed += 1
            else:
                harm += _harm(game, unit, result.effect) / len(FACES)
        passes *= passed / len(FACES)
    return passes, harm


def _harm(game: Game, unit: Unit, effect: RollEffect) -> float:
    """The share of his value a result's effect takes, as the engine applies it
    (`rules.infiltration.suffer`, "Special Rules"): the living dead and the Gargoyle
    feel nothing, Crazy Ork only goes into his frenzy, and who cannot be knocked out
    (a Krob, a Troll, a dog, a frenzied Ork) is only stopped by a knock-out."""
    if effect is RollEffect.NONE:
        return 0.0
    p = profile(game, unit)
    if p.category in ("living_dead", "gargoyle"):
        return 0.0
    if "crazy_ork" in p.tags and not unit.frenzied:
        return 0.0
    if effect is RollEffect.KNOCKED_OUT and (
        p.category != "adventurer" or "troll" in p.tags or "dog" in p.tags or unit.frenzied
    ):
        return 0.0
    return loss_share(game, unit, effect.value, p=p)
