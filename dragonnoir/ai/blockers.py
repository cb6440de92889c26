"""Hard's side on the clock strikes who stands in its way.

Where the turn limit gives the game to the enemy ("turn limit reached: the Krobs
prevail"), a Krob standing in the gallery the party must walk through costs it the turns
it waits there. Le-labyrinthe, seed 1003: a Warrior held the one-hex gallery at (12,6)
from turn 4 to turn 7 on ground that favoured him, and the rescuers, finding every attack
on him a loss (1-1, -1), never struck; the game was lost at the limit. A player on the
clock reads such an enemy as one to drive off, even at poor odds: hard fights him as it
fights the enemies the victory names (`TacticalAgent._combat`: his losses weigh
`TARGET_WEIGHT` times, more as the limit nears).

In the way: an enemy next to one of the side's walkers and nearer that walker's goal than
he is (by the walker's goal field), so that the walk goes through or round him.
"""

from __future__ import annotations

from collections.abc import Mapping

from dragonnoir.ai import mobility
from dragonnoir.ai.clock import moves_left
from dragonnoir.ai.orders import Order
from dragonnoir.ai.paths import FAR
from dragonnoir.ai.view import SideView


def in_the_way(view: SideView, orders: Mapping[str, Order]) -> frozenset[str]:
    """The enemies (by id) standing in the way of the side's walkers, when the turn limit
    makes the side lose (`clock.moves_left`); none otherwise."""
    if moves_left(view) is None:
        return frozenset()
    game = view.game
    enemies = {u.hex: u.id for u in view.enemies() if u.hex is not None}
    found: set[str] = set()
    for unit in view.mine():
        order = orders.get(unit.id)
        if unit.hex is None or order is None or not order.goal or order.hold or order.avoid:
            continue
        near = [h for h in unit.hex.neighbours() if h in enemies]
        if not near:
            continue
        field = mobility.goal_field(game, unit, order.goal)
        here = field.get(unit.hex, FAR)
        if 0 < here < FAR:
            found.update(enemies[h] for h in near if field.get(h, FAR) < here)
    return frozenset(found)
