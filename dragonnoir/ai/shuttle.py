"""A swimmer brings a boat to a friend who cannot swim and is cut off by the water.

"Only Adventurers can move by boat. To do so, an Adventurer simply has to arrive on a
boat hex" ("Movement by Boat"): boarding needs the boat next to the land he stands on.
An armoured knight whose boat capsized clutches the nearest bank ("The Gharvs", the
Capsize Table: our reading in rules/boats.py), and on an island the only boats left may
lie out on the water. If he must get out (he carries the Orb, or the party wins by
leaving), the nearest friend who swims goes to an empty boat, climbs in and rows it
until its free seat touches the knight's shore; the knight then boards as he would at
any landing. Nothing is remembered between turns: each plan sees who is cut off and
which boat is nearest (the shuttle is done when the knight sits in the boat).

The ferryman's orders: first the boat's hexes as his goal (he swims there like to any
place); aboard, `Order.ferry` holds the water or beach hexes where the knight could step
into a boat this turn, and the tactical layer scores each way of rowing by how near the
boat's free seat ends to one of them (`ferry_gap`).
"""

from __future__ import annotations

from dataclasses import replace

from dragonnoir.ai import mobility
from dragonnoir.ai.behaviours import display
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.engine.actions import SailBoat
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.steps import boat_at
from dragonnoir.engine.state import Accessory, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex


def bring_boats(game: Game, plans: list[GroupPlan]) -> None:
    """Give one swimmer per cut-off friend who must get out the ferryman's orders."""
    orders = {uid: o for plan in plans for uid, o in plan.orders.items()}
    units = game.state.units
    busy: set[str] = set()
    for uid in sorted(orders):
        unit = units[uid]
        if not _cut_off(game, unit, orders[uid]):
            continue
        shore = _shore(game, unit)
        found = _ferryman(game, unit, orders, busy)
        if found is None:
            continue
        ferryman, boat = found
        busy.add(ferryman.id)
        # The water is his way now: he weighs it as anyone does (`Order.daring`), not
        # as the escort who keeps to the land rather than swim after the bearer (l-ile,
        # seed 347: the Elf, "bringing a boat" to the knight stranded with the Orb, kept
        # to the island, the boat afloat beside it, until the time ran out).
        old = replace(orders[ferryman.id], hold=False, aggression=0.2, daring=Order().daring)
        if ferryman.hex is not None and boat_at(game, ferryman.hex) is boat:
            new = replace(old, goal=frozenset(), ferry=shore)
        else:
            new = replace(old, goal=frozenset(boat.hexes))
        for plan in plans:
            if ferryman.id in plan.orders:
                plan.orders[ferryman.id] = new
                if "ferry" not in plan.mode:
                    plan.mode += "-ferry"
                    plan.intent += (
                        f"; {display(game, ferryman.id)} brings a boat to {display(game, unit.id)}"
                    )


def ferry_gap(spots: frozenset[Hex], seats: tuple[Hex, ...], mine: Hex) -> int:
    """How many hexes the boat's free seat (the one of `seats` that is not `mine`) lies
    from the nearest of `spots`, where the friend can step in (0: he can)."""
    free = [h for h in seats if h != mine] or list(seats)
    return min((h.distance(s) for h in free for s in spots), default=0)


def seats_after(game: Game, unit: Unit, action: SailBoat) -> tuple[Hex, ...] | None:
    """The boat's two hexes once `unit` has rowed it along `action.path`."""
    found = mobility.voyage_of(game, unit, action)
    return None if found is None else found[1].positions[-1]


def _cut_off(game: Game, unit: Unit, order: Order) -> bool:
    """He cannot swim, is on land, must leave, and no way he can take reaches his goal."""
    if unit.hex is None or not unit.standing or not order.leave or not order.goal:
        return False
    if mobility.swims(game, unit) or boat_at(game, unit.hex) is not None:
        return False
    if not mobility.afloat(game):
        return False
    return mobility.goal_field(game, unit, order.goal).get(unit.hex, FAR) >= FAR


def _shore(game: Game, unit: Unit) -> frozenset[Hex]:
    """The hexes he could step into a boat on: water or beach one walking step (the map's
    Movement Restrictions: no cliff, no bank too high) from the land he can walk to
    this turn."""
    assert unit.hex is not None
    water = mobility.water_hexes(game)
    afloat = water | mobility.beach_hexes(game)
    memo = distances_for(game)
    reach = memo.field([unit.hex], blocked=water, limit=profile(game, unit).movement)
    steps = memo.graph.steps
    return frozenset(
        n
        for h in reach
        if h not in water
        for (n, _deck), _cost in steps.get((h, False), ())
        if n in afloat and n != h
    )


def _ferryman(
    game: Game, stranded: Unit, orders: dict[str, Order], busy: set[str]
) -> tuple[Unit, Accessory] | None:
    """The nearest friend who swims and the boat he would bring: one he sits in with a
    seat free, else an empty boat he can swim to."""
    units = game.state.units
    candidates = [
        units[uid]
        for uid in sorted(orders)
        if uid not in busy
        and uid != stranded.id
        and units[uid].side is stranded.side
        and units[uid].hex is not None
        and units[uid].standing
        and mobility.swims(game, units[uid])
    ]
    best: tuple[int, str, Unit, Accessory] | None = None
    for boat in mobility.afloat(game):
        aboard = [u for h in boat.hexes for u in game.units_at(h) if u.alive]
        if len(aboard) >= len(boat.hexes):
            continue
        to_boat = distances_for(game).field(boat.hexes)
        for u in candidates:
            assert u.hex is not None
            if aboard and u not in aboard:
                continue
            d = 0 if u in aboard else to_boat.get(u.hex, FAR)
            if d < FAR and (best is None or (d, u.id) < best[:2]):
                best = (d, u.id, u, boat)
    return (best[2], best[3]) if best else None
