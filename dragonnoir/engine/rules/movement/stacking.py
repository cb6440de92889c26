"""Stacking ("Stacking": one living character per hex at the end of a movement
sequence; a character may cross a friend's hex): who may share a hex on the way, and
the characters left sharing one when the sequence ends, put on the nearest free hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonnoir.engine.events import (
    Event,
    MovementStopped,
)
from dragonnoir.engine.rules.movement.tables import (
    Node,
    _alone,
    _enemy_in,
    _graph,
    _node_slots,
    _numbered,
    _Position,
    _position,
    _start_node,
)
from dragonnoir.engine.rules.movement.who_moves import _may_move, budget_of
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


R_STACKING = "Stacking"


def _sharing_blocker(
    game: Game,
    pos: _Position,
    unit: Unit,
    p: Profile,
    node: Node,
    remaining: int,
    ids: tuple[int, ...] = (),
    n: int = -1,
) -> Unit | None:
    """The living character that makes ending here unsound, or None.

    "At the end of each movement sequence, only one living character must remain per
    hex": a move may end on a friend's hex (or a knocked-out or dead character's) — the
    check is at the end of the phase (issue 8, ruling 1). So that the stack can be
    undone, a move may end on an occupied hex only when the mover keeps the points to
    step to a free hex next to it (he may go on later: `_may_go_on`), or a friend
    standing there may still move and has such a free hex.
    """
    if ids and min(ids) >= 0:  # the placement's slot numbers (`_Index`), all on the board
        living = pos.living_n
        there = [o for i in ids for o in living.get(i, ())]
    else:
        there = [o for slot in _node_slots(game, p, node) for o in pos.living.get(slot, ())]
    # `_occupant` and `_occupants` of the placement's slots.
    others = [o for o in there if o.id != unit.id and o.hidden_from is not unit.side]
    if not others:
        return None
    occupant = others[0]
    # The friends first: their answer is kept per position and pair, his own free exit
    # is looked for at each placement.
    for other in sorted({o.id: o for o in others}.values(), key=lambda o: o.id):
        if other.side is not unit.side or not other.standing or other.hex is None:
            continue
        if _friend_may_step_off(game, pos, other, unit):
            return None
    if _free_exit(game, pos, unit, p, node, remaining, n=n):
        return None
    return occupant


def _friend_may_step_off(game: Game, pos: _Position, other: Unit, unit: Unit) -> bool:
    """May `other`, a friend `unit` would end on, still move and step to a free placement
    (`unit` aside)? The same for every destination of `unit` on him (the Queen's and a
    Guard's placements overlap): answered once per position."""
    key = ("friend_may_step_off", other.id, unit.id)
    found: bool | None = pos.results.get(key)
    if found is None:
        found = False
        if _may_move(game, other) is None:
            assert other.hex is not None
            op = profile(game, other)
            here = _start_node(game, other, op, other.hex, other.level)
            found = _free_exit(game, pos, other, op, here, budget_of(game, other), ignore=unit)
        pos.results[key] = found
    return found


def _free_exit(
    game: Game,
    pos: _Position,
    unit: Unit,
    p: Profile,
    node: Node,
    budget: int,
    *,
    ignore: Unit | None = None,
    n: int = -1,
) -> bool:
    """Can `unit` at `node` step, within `budget`, onto a placement where he stands
    alone (no living character but `ignore`, no standing enemy)? `n`: the node's number
    in his step graph's index, when the caller has it."""
    if budget <= 0:
        return False
    graph = _graph(game, unit, p)
    if n < 0:
        n = graph.node_id(node)
    enemies, held = _numbered(game, pos, unit.side)
    living = pos.living_n
    side = unit.side
    for i, (_, cost, rotation, ids, _) in enumerate(graph.moves_of(n)):
        if rotation or cost > budget or not enemies.isdisjoint(ids):
            continue  # no turning on the spot, within his points, no standing enemy there
        if held.isdisjoint(ids):
            return True
        if min(ids) < 0:  # a hex off the board: the placements' own slots say who is there
            slots = graph.moves(node)[i][3]
            there = [o for slot in slots for o in pos.living.get(slot, ())]
        else:
            there = [o for n in ids for o in living.get(n, ())]
        if all(o is ignore or o.id == unit.id or o.hidden_from is side for o in there):
            return True
    return False


def nearest_free_placement(game: Game, unit: Unit) -> Node | None:
    """The placement nearest to `unit` (fewest steps the map allows him, whatever they
    cost) where he would stand alone, never through a standing enemy; None if there is
    none. Where a character may not stay and has nowhere of his own to go back to, he
    is put there (our reading, docs/movement.md)."""
    if unit.hex is None:
        return None
    p = profile(game, unit)
    pos = _position(game)
    graph = _graph(game, unit, p)
    start = _start_node(game, unit, p, unit.hex, unit.level)
    seen = {start}
    frontier = [start]
    while frontier:
        nxt: list[Node] = []
        for node in frontier:
            for dnode, _, _, slots, _ in graph.moves(node):
                if dnode in seen or _enemy_in(pos, unit, slots) is not None:
                    continue
                seen.add(dnode)
                if _alone(game, pos, unit, p, dnode):
                    return dnode
                nxt.append(dnode)
        frontier = sorted(nxt)
    return None


def settle_stacks(game: Game) -> list[Event]:
    """Exit hook of the movement phases: a stack nobody can undo any more (every
    character on it is out of points or of free hexes) is settled by putting the
    character who moved there last (else one who moved) on the nearest free placement, so that
    the phase always ends with one living character per hex ("Stacking")."""
    if game.rules is None:
        return []
    events: list[Event] = []
    moving = game.state.scratch.get("moving")
    last = str(moving.get("unit")) if isinstance(moving, dict) else ""
    for _ in range(len(game.state.units)):
        shared = shared_hexes(game)
        if not shared:
            break
        h, ids = next(iter(shared.items()))
        moved = [uid for uid in ids if game.state.units[uid].moved]
        pick = last if last in ids else (moved or sorted(ids)[1:])[-1]
        # Should he have no free placement (the Queen's seven hexes hemmed in by the
        # enemy), another of the stack is put aside instead.
        placed = None
        for uid in [pick, *(u for u in sorted(ids, reverse=True) if u != pick)]:
            node = nearest_free_placement(game, game.state.units[uid])
            if node is not None:
                placed = (game.state.units[uid], node)
                break
        if placed is None:
            break
        unit, node = placed
        unit.hex, unit.facing, unit.level = node
        game.touch()
        events.append(
            MovementStopped(
                unit.id,
                node[0],
                tell(
                    "he may not stay on {cell} with another living character and "
                    "can no longer leave it himself: he is put on the nearest free hex",
                    cell=h,
                ),
                R_STACKING,
            )
        )
    return events


def shared_hexes(game: Game) -> dict[Hex, list[str]]:
    """Hexes where two living characters stand on the same level (a walkway deck and
    the floor under it are two places), with their ids: what "Stacking" forbids at the
    end of a movement sequence. The client marks them."""
    pos = _position(game)
    out: dict[Hex, list[str]] = {}
    shared = [kv for kv in pos.living.items() if len(kv[1]) > 1]  # one character a slot
    for (h, _deck), there in sorted(shared, key=lambda kv: (kv[0][0], kv[0][1])):
        ids = sorted({u.id for u in there})
        if len(ids) > 1:
            out.setdefault(h, [])
            out[h] = sorted({*out[h], *ids})
    return out
