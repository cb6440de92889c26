"""The easy level's lapses: a party that forgets its task for a turn.

A beginner does not keep to a plan: a party sent to the trapdoor stops to brawl with
whoever is nearest, and the clock is forgotten meanwhile. So at the easy level the
Adventurers' groups, each turn, may forget their task (`Level.lapses`: the chance) and
go for the nearest enemies in sight, as a hunt would. The draw is made once per group
and turn, so a group keeps to what it chose for the whole turn, and its intent line
says so.

Only the Adventurers lapse. Every shipped scenario gives the Krobs the turn limit, and
Krobs that forget their post and go for the party hold it up: easy's Krobs lapsing so
won more against normal's party, not fewer (58 of 160 games without, 80 with, seeds
1000-1019 of the eight short scenarios; the party's 47 fell to 25). A lapse that helps
is no beginner's weakness.
"""

from __future__ import annotations

from random import Random

from dragonnoir.ai.behaviours import enemy_hexes, listed
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.view import SideView
from dragonnoir.engine.state import Side

#: How keen a group that forgot its task is to fight (a hunt's).
HEEDLESS = 0.6


def forget_tasks(
    view: SideView,
    plans: list[GroupPlan],
    chance: float,
    rng: Random,
    drawn: dict[tuple[int, str], bool],
) -> None:
    """Each group that forgets its task this turn goes for the nearest enemies in sight
    instead (its orders replaced, its intent line said anew). `drawn` keeps each group's
    draw of the turn (the agent's memory), so the draw is made once per group and turn;
    a group with no enemy in sight has nothing to be drawn away by, and keeps its task.
    The Krobs never lapse (the module's docstring says why)."""
    if view.side is not Side.ADVENTURERS or chance <= 0:
        return
    enemies = frozenset(enemy_hexes(view))
    if not enemies:
        return
    for plan in plans:
        key = (view.turn, plan.gid)
        if key not in drawn:
            drawn[key] = rng.random() < chance
        if not drawn[key] or not plan.orders:
            continue
        heedless = Order(goal=enemies, aggression=HEEDLESS)
        plan.orders = {uid: heedless for uid in plan.orders}
        who = plan.name or listed(view.game, list(plan.orders))
        plan.intent = f"{who}: forget their task and go for the nearest enemy"
        plan.mode = "lapse"
