"""Krob swimmers cross the water together.

Only Hunters and Killers swim; in les-eaux-noires the packs reach the island across
the lake. Each swimmer making straight for the enemy arrives alone, a turn or two
ahead of the next, and the defenders, on firm ground, fight them one at a time. A
pack that gathers at the water's edge and swims over together arrives together: its
members can attack jointly ("Multiple Combat") and the defenders' blows are shared.

So, for a group hunting across the water: a swimmer who stands at the water's edge,
his next step into the water, waits there (`Order.hold`) while a swimmer of his group
is coming up behind him and will be there with his next move: one whose way to the
enemy is longer than his by more than `ALONG` (nearer, he is with him already), and by
no more than his own move (farther, he is the next wave: waiting for him is a turn or
more lost, and the turn limit is the Krobs' enemy too). Nobody waits once `ENOUGH` of
the group are with him (three attack together: as many as a defender's hexes let come
at him in a gallery), nor for one who cannot swim (he goes round, or not at all), nor
for one fighting where he stands. Nothing is remembered between turns: each plan sees
who is at the edge and who is coming, so the wait ends when the laggards are there.

Measured (docs/ai.md, "Where it stands"): waiting for any pack member up to sixteen
walking points behind kept les-eaux-noires's northern pack at the edge for four turns
while a Killer dawdled round by land, and lost the Krobs games at the turn limit.
"""

from __future__ import annotations

from dataclasses import replace

from dragonnoir.ai import mobility
from dragonnoir.ai.behaviours import display
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.paths import FAR
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex

#: Friends whose way is at most this much longer than his are with him already.
ALONG = 3
#: Swimmers with him (himself included) that are enough to cross: nobody is waited for.
ENOUGH = 3
#: The behaviours that make for the enemy wherever he is.
HUNTING = frozenset({"hunt", "swarm"})


def cross_together(game: Game, plans: list[GroupPlan]) -> None:
    """Hold at the water's edge the swimmers of each hunting Krob group whose friends
    are still coming up behind them (see the module's docstring)."""
    water = mobility.water_hexes(game)
    if not water:
        return
    units = game.state.units
    foes = [u.hex for u in game.living_units(Side.ADVENTURERS) if u.hex is not None and u.standing]
    for plan in plans:
        if plan.behaviour not in HUNTING:
            continue
        walks: dict[str, int] = {}
        for uid, order in plan.orders.items():
            unit = units.get(uid)
            if unit is None or unit.side is not Side.KROBS or not _moving(unit, order):
                continue
            if _in_contact(game, unit, foes) or not mobility.swims(game, unit):
                continue  # fighting where he is, or not crossing: not waited for
            assert unit.hex is not None
            walks[uid] = mobility.goal_field(game, unit, order.goal).get(unit.hex, FAR)
        waiting = [
            uid
            for uid, walk in walks.items()
            if walk < FAR
            and _at_the_edge(game, units[uid], plan.orders[uid], water)
            and sum(1 for other in walks.values() if abs(other - walk) <= ALONG) < ENOUGH
            and any(
                walk + ALONG < other <= walk + mobility.pace(game, units[them])
                for them, other in walks.items()
            )
        ]
        if not waiting:
            continue
        for uid in waiting:
            plan.orders[uid] = replace(plan.orders[uid], hold=True)
        names = ", ".join(display(game, uid) for uid in waiting[:3])
        plan.intent += f"; {names} wait at the water's edge for the others to swim over together"
        plan.mode += "-gather"


def _moving(unit: Unit, order: Order) -> bool:
    return unit.hex is not None and unit.standing and bool(order.goal) and not order.hold


def _in_contact(game: Game, unit: Unit, foes: list[Hex]) -> bool:
    return unit.hex is not None and any(unit.hex.distance(f) <= 1 for f in foes)


def _at_the_edge(game: Game, unit: Unit, order: Order, water: frozenset[Hex]) -> bool:
    """He swims, stands on land, and his way to the goal goes on into the water."""
    here = unit.hex
    if here is None or here in water or not mobility.swims(game, unit):
        return False
    field = mobility.goal_field(game, unit, order.goal)
    best = min(here.neighbours(), key=lambda n: (field.get(n, FAR), n not in water))
    return best in water and field.get(best, FAR) < field.get(here, FAR)
