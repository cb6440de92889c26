"""The Adventurers against the turn limit: what must be done by when (issue 44, part 1).

A scenario whose `at_turn_limit` gives the game to the enemy ("turn limit reached: the
Krobs prevail") is lost by one who arrives a turn late as surely as by one who dies on
the way. The party's caution (the ways out no Krob stands by, the Gharvs' waters weighed
against every hex, a wide berth round an enemy) is worth its detours only while there is
time for them. This module says when there is not: how many movement phases the side
has left, how many a character needs to reach his goal at his pace, and so whether he is
*late*: with one move fewer he would not make it. A late character walks on (his walk
weighs `HASTE` times more than the fights and waters he passes, `Order.haste`), and the
one carrying the victory takes the nearest way out, whoever stands by it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dragonnoir.ai import mobility
from dragonnoir.ai.memo import once_per_state
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.paths import FAR
from dragonnoir.ai.view import SideView
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

#: How much more a late character's walk weighs against the fights and waters on his way
#: (`Order.haste`): on the last moves a step not taken is the game lost.
HASTE = 3.0
#: The moves kept in hand: a character with fewer than this many to spare is late (the
#: Krob in the gallery, a Gharv's retreat, a hex dearer than the map says).
SPARE_MOVES = 1


def victory_block(view: SideView) -> dict[str, Any]:
    """The scenario's `victory` block as the view holds it (empty when none)."""
    setup = view.state.scratch.get("scenario", {})
    block = setup.get("victory", {}) if isinstance(setup, dict) else {}
    return block if isinstance(block, dict) else {}


def _limit_against(view: SideView) -> int | None:
    """The turn limit, when it makes this side lose (the scenario's `at_turn_limit`
    names the other side); None otherwise."""
    limit = view.state.turn_limit
    if not limit or victory_block(view).get("at_turn_limit") != view.side.enemy().value:
        return None
    return limit


def urgency(view: SideView) -> float:
    """0 at the start, up to 1 on the last turn, for a side the turn limit would make
    lose: time is against it, so it must take the fight to the enemy as the limit nears."""
    limit = _limit_against(view)
    return 0.0 if limit is None else max(0.0, min(1.0, view.turn / limit))


def moves_left(view: SideView, by: int | None = None) -> int | None:
    """The side's movement phases left before the end of turn `by` (default: the turn
    limit), this turn's included; None when there is no limit or the limit does not make
    this side lose."""
    limit = _limit_against(view)
    if limit is None:
        return None
    return max(0, min(limit, by or limit) - view.turn + 1)


def late(view: SideView, unit: Unit, walk: int, by: int | None = None) -> bool:
    """Whether `unit`, with `walk` walking points still to go (his goal field's, or the
    sum of the legs of his task), would no longer get there by the end of turn `by`
    (default: the turn limit) at his own pace with `SPARE_MOVES` moves fewer than the
    side has left."""
    left = moves_left(view, by)
    if left is None or walk >= FAR:
        return False  # no way there: hurrying changes nothing
    pace = max(1, profile(view.game, unit).movement)
    return walk > pace * (left - SPARE_MOVES)


def _timed_walk(view: SideView, unit: Unit, goal: frozenset[Hex]) -> int:
    """`unit`'s walk to `goal` in movement points, where the planner's map tells it truly:
    on dry and firm ground. The map makes water and the unstable marsh three times
    dearer than the rules (`paths.WATER_FACTOR`: walked round when they can be), so a
    way through them is no measure of time (l-ile, seed 691: a swimmer with the Orb
    "51 points" from a way out he reached in three moves); FAR then, and nobody hurries
    on it."""
    game = view.game
    if unit.hex is None:
        return FAR
    soft = once_per_state(game, _SOFT, _soft_ground)
    return mobility.goal_field(game, unit, goal, soft).get(unit.hex, FAR)


def _soft_ground(game: Game) -> frozenset[Hex]:
    """The water and the unstable marsh: where the planner's walking costs are not the
    rules' movement points."""
    bog = frozenset(h for h, c in game.board.cells.items() if c.terrain == "unstable_marsh")
    return mobility.water_hexes(game) | bog


_SOFT = "ai_clock_soft_ground"


def on_the_clock(view: SideView, unit: Unit, order: Order, exits: frozenset[Hex]) -> Order:
    """The Orb's bearer or Khuzun when the turn limit leaves him no move to spare
    (`clock.late`): he makes for the nearest way out, a Krob beside it or not, and his
    walk weighs `HASTE` times more than the blows and waters on the way. (l-ile,
    seed 241: the swordsman with the Orb went round a wandering Warrior by the east
    ways out from turn 11 to 14 and stood four hexes short when the time ran out.)"""
    if not exits or not late(view, unit, _timed_walk(view, unit, exits)):
        return order
    return replace(order, goal=exits, haste=HASTE)


def hurry_the_late(
    view: SideView, plan: GroupPlan, alive: list[Unit], goal: frozenset[Hex], by: int | None
) -> None:
    """Who makes for the side's goal (the place to reach or hold by turn `by`, the ways
    out) and would no longer get there in time with a move fewer (`late`) walks
    on: his walk weighs `HASTE` times more than the fights he passes by and the
    waters on the way. Not one whose death loses the game (`Order.daring` above 1:
    Zacharie, Godiva): the party needs him alive more than it needs him there
    (le-marais against the random player, seeds 0-199: Zacharie drowned in the marsh in
    3 games against 2 when he hurried too)."""
    for u in alive:
        order = plan.orders.get(u.id)
        if order is None or order.goal != goal or order.haste != 1.0 or u.hex is None:
            continue
        if order.daring > 1:
            continue
        if late(view, u, _timed_walk(view, u, goal), by):
            plan.orders[u.id] = replace(order, haste=HASTE)


def dare_the_crossing(view: SideView, plans: list[GroupPlan], daring: float) -> None:
    """Where the turn limit does not give the side the game, so that it must come at the
    enemy to win, its characters mind the Gharvs' waters `daring` times as much
    (`Order.daring`): waiting on the bank makes the crossing no safer. (Hard's Krobs, a
    Krob being one of many: les-eaux-noires's packs must cross the lake to the island.
    Where the limit is theirs they keep the full weight: at half the weight everywhere,
    le-marais's Krobs went into the bog, 109 wins of 154 against 124.)"""
    if victory_block(view).get("at_turn_limit", "krobs") == view.side.value:
        return  # the engine's default: the Krobs prevail at the limit
    for plan in plans:
        for uid, order in plan.orders.items():
            if order.goal:
                plan.orders[uid] = replace(order, daring=order.daring * daring)
