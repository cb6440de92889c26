"""Friends at the side of the one whose death loses the game: the hard level's Krobs
stand next to him, on the hexes the enemy would strike him from.

Le-nid: the party wins by bringing down the Queen's Guard; three hexes long, it offers a
dozen hexes to attackers, and four of the party around it fall on it at once (hard's
Krobs lost 24 of 40 games so, seeds 6000-6039). A Krob on one of those hexes is one
attacker fewer ("Combat": only those adjacent attack), and stands where the attackers
must come."""

from __future__ import annotations

from dragonnoir.ai.behaviours import free_fighter, is_queen, listed, named_by_enemy
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Side

#: How far from the side of the named an escort may go to strike (walking points).
ESCORT_REACH = 2
#: Only those this near him (walking points: two moves of a Warrior) come to his side;
#: the others go on with their group's task.
ESCORT_FROM = 12


def escort_the_named(view: SideView, plans: list[GroupPlan]) -> None:
    """The side's grown fighters near the named one, not named themselves, stand next to
    him."""
    if view.side is not Side.KROBS:
        return
    game = view.game
    units = view.state.units
    named = [units[uid] for uid in sorted(named_by_enemy(view)) if uid in units]
    # Not the Queen: her court fights for her where she stands (`protect_queen`), and
    # calling every Krob to her side cost la-reine's hard Krobs (10 wins of 24 against 15).
    keep = [u for u in named if u.alive and u.hex is not None and u.adult and not is_queen(game, u)]
    if not keep:
        return
    body = {h for u in keep for h in footprint(game, u)}
    beside = frozenset(
        n for h in body for n in h.neighbours() if n not in body and n in game.board.cells
    )
    if not beside:
        return
    near = distances_for(game).field(beside, limit=ESCORT_FROM)
    named_ids = {u.id for u in named}

    def may_escort(uid: str, order: Order) -> bool:
        h = units[uid].hex
        if uid in named_ids or h is None or not free_fighter(view, uid, order):
            return False
        return near.get(h, FAR) <= ESCORT_FROM

    for plan in plans:
        escorts = [uid for uid, order in plan.orders.items() if may_escort(uid, order)]
        for uid in escorts:
            plan.orders[uid] = Order(goal=beside, aggression=0.6, post=beside, reach=ESCORT_REACH)
        if escorts:
            whom = listed(game, [u.id for u in keep])
            plan.intent += f"; they stand by {whom}, whose fall loses the game"
