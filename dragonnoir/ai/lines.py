"""A held post planned as a line across the gallery ("Infiltration of Enemy Lines").

"When a character crosses, during his movement, a hex adjacent to an enemy in a
position to attack, the player concerned must roll the die ... as many times as there
are enemies adjacent to the hex in question." Krobs that hold a gallery one hex apart
across its whole width make every hex of the way next to one of them, and the hexes
between two of them next to both: nobody walks through without the table's rolls. Each
Krob's score already likes a friend two hexes off (`scoring.LINE_BONUS`), but that is
local: two of a picket side by side by the wall leave the far side of the gallery open.

So, while no enemy is near the post (behaviours: a guard, a patrol, a block), the group
is given a line: the gallery's cross-section at the post, facing where the enemies are
(`cross_section`: the open ground about the post's front hex that every way from them
past it must cross: as far from them, walking, as that hex, entered from a hex nearer
them), held from wall to wall (`line_of`: the fewest hexes that leave no hex of it out
of a Krob's reach, or with more Krobs one every other hex), each member sent to the
nearest hex of it (`line_orders`). Fewer Krobs than the fewest hexes: they hold the
middle of the line (the way most walk).
"""

from __future__ import annotations

from collections.abc import Sequence

from dragonnoir.ai.paths import FAR, distances_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.steps import terrain_at
from dragonnoir.engine.state import Unit
from dragonnoir.hexmap.hexes import Hex

#: How far the line may reach from the post's front hex (hexes): a gallery's width (the
#: front hex may be by one wall), not a hall's.
WIDTH = 5


def cross_section(game: Game, post: frozenset[Hex], enemies: Sequence[Hex]) -> list[Hex]:
    """The open dry ground across the way at the post, facing `enemies`, in order from
    one side to the other; empty when there is no way from them to the post."""
    if not post or not enemies:
        return []
    from_them = distances_for(game).field(enemies)
    reached = [h for h in post if from_them.get(h, FAR) < FAR]
    if not reached:
        return []
    front = min(reached, key=lambda h: (from_them[h], h.q, h.r))
    level = from_them[front]

    def on_the_cut(h: Hex) -> bool:
        # At least as far from them as the front hex, entered from nearer: every way
        # from them past the post crosses such a hex.
        return (
            from_them.get(h, FAR)
            >= level
            > min((from_them.get(n, FAR) for n in h.neighbours()), default=FAR)
        )

    found = {front}
    todo = [front]
    while todo:
        here = todo.pop()
        for n in here.neighbours():
            if n in found or n.distance(front) > WIDTH or not _dry(game, n):
                continue
            if on_the_cut(n):
                found.add(n)
                todo.append(n)
    return _side_to_side(found, front)


def _side_to_side(hexes: set[Hex], front: Hex) -> list[Hex]:
    """The hexes in order across: from the one farthest from the front hex, by steps."""
    start = max(hexes, key=lambda h: (h.distance(front), h.q, h.r))
    return sorted(hexes, key=lambda h: (h.distance(start), h.q, h.r))


def spaced(across: list[Hex]) -> list[Hex]:
    """The fewest hexes of `across` such that each hex of it is one of them or next to
    one, taken one every other hex from its first side."""
    chosen: list[Hex] = []
    for i, h in enumerate(across):
        if any(h.distance(c) <= 1 for c in chosen):
            continue
        beyond = across[i + 1] if i + 1 < len(across) else None
        chosen.append(beyond if beyond is not None and beyond.distance(h) == 1 else h)
    return chosen


def line_of(across: list[Hex], members: int) -> list[Hex]:
    """The hexes `members` Krobs hold across the way: the fewest that cover it (`spaced`)
    when that is all they are; more of them, spread evenly from wall to wall, up to one
    every other hex (the hex between two is next to both: two rolls on the table);
    fewer, the middle of the fewest (where most walk)."""
    fewest = spaced(across)
    if members <= len(fewest):
        cut = (len(fewest) - members) // 2
        return fewest[cut : cut + members]
    count = min(members, (len(across) + 1) // 2)
    if count <= len(fewest):
        return fewest
    last = len(across) - 1
    return [across[round(i * last / (count - 1))] for i in range(count)]


def line_orders(
    game: Game, members: Sequence[Unit], post: frozenset[Hex], enemies: Sequence[Hex]
) -> dict[str, Hex]:
    """Where each member of a group holding `post` stands in the line across the gallery
    (see the module's docstring), each sent to the nearest free hex of it in turn; empty
    when the line is one hex (nothing to spread) or the post is not on the enemies' way."""
    on_map = [u for u in members if u.hex is not None and u.standing]
    line = line_of(cross_section(game, post, enemies), len(on_map))
    if len(line) < 2:
        return {}
    places: dict[str, Hex] = {}
    free = sorted(on_map, key=lambda u: u.id)
    for h in line:
        nearest = min(free, key=lambda u: (h.distance(u.hex) if u.hex else FAR, u.id))
        places[nearest.id] = h
        free.remove(nearest)
    return places


def _dry(game: Game, h: Hex) -> bool:
    terrain = terrain_at(game, h)
    return terrain is not None and terrain.passable and not terrain.water
