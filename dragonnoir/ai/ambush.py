"""Where a hidden group lies in wait: across the way the enemy must come.

A group placed in secret ("hidden" in the scenario, the `ambush` behaviour) is worth what
it catches. Scattered at random over its zone, half of it waits where nobody passes. The
enemy's way is public knowledge: where it stands or enters (its deployment zone, its
entry), and where it must go (its victory conditions, stated in the briefing: the exits,
the place to hold, the '?' counters). A hex lies on that way when walking through it
costs little more than the shortest walk (`detour`); the ambushers take such hexes, one
hex apart where they can, so that a character who crosses between two of them rolls on
the Infiltration Table for each ("Infiltration of Enemy Lines"). A little chance stays
in the choice among hexes as good as each other: a secret placement the enemy can
predict is no secret.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dragonnoir.ai.behaviours import enemy_goal_hexes, hexes_of
from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.ai.view import SideView
from dragonnoir.engine.actions import Deploy
from dragonnoir.hexmap.hexes import Hex

#: Walking cost a hex may add to the enemy's shortest way and still count as on it.
ON_THE_WAY = 3
#: The score of a hex two steps from a friend already placed (a line to infiltrate),
#: and the cost of one next to him (a single hex of gallery held twice).
SPACED = 1.5
CROWDED = 2.0
#: Spread of the chance added to each hex's score (unpredictable among equals).
JITTER = 1.0


def enemy_sources(view: SideView) -> frozenset[Hex]:
    """Where the enemy is, or will come from: its characters on the map, else its
    groups' deployment zones and entries."""
    on_map = frozenset(u.hex for u in view.enemies() if u.hex is not None)
    if on_map:
        return on_map
    setup = view.state.scratch.get("scenario", {})
    groups = setup.get("groups", {}) if isinstance(setup, dict) else {}
    out: set[Hex] = set()
    for g in groups.values():
        if g.get("side") != view.side.enemy().value:
            continue
        for key in ("deploy", "entry"):
            out.update(hexes_of(g.get(key)))
    return frozenset(out)


def detours(view: SideView) -> dict[Hex, int] | None:
    """For each hex, how much longer the enemy's walk is through it than its shortest
    way to its goal (None when its way is not known: it wins only by killing)."""
    sources = enemy_sources(view)
    goals = enemy_goal_hexes(view)
    if not sources or not goals:
        return None
    memo = distances_for(view.game)
    from_source = memo.field(sources)
    to_goal = memo.field(goals)
    shortest = min((from_source.get(g, FAR) for g in goals), default=FAR)
    if shortest >= FAR:
        return None
    return {
        h: d + to_goal[h] - shortest
        for h, d in from_source.items()
        if h in to_goal and d + to_goal[h] < FAR
    }


def ambush_spot(view: SideView, deploys: Sequence[Deploy], rng: random.Random) -> Deploy:
    """Of one character's legal placements, the one across the enemy's way, spaced from
    his friends already placed; any of them at random when the way is not known."""
    way = detours(view)
    if way is None:
        return rng.choice(list(deploys))
    placed = [
        u.hex for u in view.mine() if u.hex is not None and u.id != deploys[0].unit and u.standing
    ]

    def score(a: Deploy) -> float:
        off = min(way.get(a.to, FAR), 60)
        # On the way, a detour of a step or two matters little (a flank, a corner);
        # off it, every step more is a step the enemy need not take past him.
        value = -0.3 * off if off <= ON_THE_WAY else -float(off)
        near = min((a.to.distance(h) for h in placed), default=FAR)
        if near == 2:
            value += SPACED
        elif near <= 1:
            value -= CROWDED
        return value + rng.uniform(0.0, JITTER)

    return max(deploys, key=score)
