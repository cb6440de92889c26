"""The movement search: every place a character may end a move, with the cheapest path
(then the fewest infiltration rolls, then the first found in direction order), its
cost, level, facing options and the infiltration rolls it triggers ("Movement",
"Movement Restrictions", "Infiltration of Enemy Lines").

A Dijkstra over (hex, facing, level) states, on the steps of `tables` (per map and
profile) and who stands where (per position).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.footprint import GUARD_SIZE, QUEEN_SIZE
from dragonnoir.engine.rules.movement.stacking import _sharing_blocker
from dragonnoir.engine.rules.movement.tables import (
    Node,
    _cells,
    _graph,
    _Index,
    _numbered,
    _Position,
    _position,
    _start_node,
    _web_known,
)
from dragonnoir.engine.rules.movement.who_moves import _continuing, _may_move, budget_of
from dragonnoir.engine.state import Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.hexes import Hex

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


@dataclass(frozen=True, slots=True)
class Destination:
    """Where a move may end, and how.

    `path`: the hexes entered, in order (anchors for the Queen and her Guards);
    `cost`: movement points; `level`: the level at the end (a walkway hex has two);
    `facings`: the orientations a big counter may end in for that cost (the current one
    first), () for the others; `rolls`: infiltration rolls the path triggers;
    `web_stop`: for an adventurer whose path runs into a spider web hidden from him, the
    hex where it will stop him ("the character stops on the previous hex"), else None.
    """

    hex: Hex
    level: float
    cost: int
    path: tuple[Hex, ...]
    rolls: int
    facings: tuple[int, ...] = ()
    web_stop: Hex | None = None


def _run(
    game: Game,
    unit: Unit,
    p: Profile,
    budget: int,
    start: Node,
    *,
    first_step_in: frozenset[Hex] | None,
    ignore: frozenset[str],
    continuing: bool,
    follow: tuple[Hex, ...] | None = None,
) -> tuple[
    dict[tuple[Node, int], tuple[int, int]],
    dict[tuple[Node, int], tuple[Node, int] | None],
    dict[tuple[Node, int], Hex | None],
]:
    """Dijkstra over (node, index along `follow`) with labels (MP, rolls).

    Without `follow` the index is always 0. Rolls are charged when a node is left
    (the hex is then crossed); the start node counts only when `continuing`.
    """
    graph = _graph(game, unit, p)
    pos = _position(game)
    mover_exempt = infil.exempt(p, unit)
    adjacent = infil.position_info(game).adjacent
    adventurer = unit.side is Side.ADVENTURERS
    webs = pos.webs if adventurer else {}
    enemy_slots = {
        slot
        for slot, there in pos.standing.items()
        if any(
            u.id != unit.id and infil.is_enemy(unit.side, u.side) and u.hidden_from is not unit.side
            for u in there
        )
    }
    key0 = (start, 0)
    best: dict[tuple[Node, int], tuple[int, int]] = {key0: (0, 0)}
    parent: dict[tuple[Node, int], tuple[Node, int] | None] = {key0: None}
    web_stop: dict[tuple[Node, int], Hex | None] = {key0: None}
    done: set[tuple[Node, int]] = set()
    heap: list[tuple[int, int, int, Node, int]] = [(0, 0, 0, start, 0)]
    seq = 0
    n_follow = -1 if follow is None else len(follow)
    pop, push, moves = heapq.heappop, heapq.heappush, graph.moves
    while heap:
        mp, rolls, _, node, idx = pop(heap)
        key = (node, idx)
        if key in done:
            continue
        done.add(key)
        anchor, facing, level = node
        leaving = 0
        if not mover_exempt and (continuing or node is not start):
            cells = _cells(p, anchor, facing)
            if not adjacent.keys().isdisjoint(cells):
                leaving = len(infil.threats_at(game, unit, cells, level, ignore=ignore))
        here_stop = web_stop[key]
        for dnode, cost, rotation, slots, covered in moves(node):
            nmp = mp + cost
            if nmp > budget:
                continue
            nidx = idx
            if follow is not None and not rotation:
                if idx >= n_follow or follow[idx] != dnode[0]:
                    continue
                nidx = idx + 1
            if (
                node is start
                and first_step_in is not None
                and not rotation
                and first_step_in.isdisjoint(covered)
            ):
                continue
            if enemy_slots and not enemy_slots.isdisjoint(slots):
                continue  # Movement Restriction 1
            stop_at = here_stop
            if webs and not rotation:
                hidden = _web_hit(webs, unit.side, covered)
                if hidden is False:
                    continue  # a web he can see stops him before it (Restriction 7)
                if hidden is True and stop_at is None:
                    stop_at = anchor
            nkey = (dnode, nidx)
            if nkey in done:
                continue
            label = (nmp, rolls if rotation else rolls + leaving)
            old = best.get(nkey)
            if old is None or label < old:
                best[nkey] = label
                parent[nkey] = key
                web_stop[nkey] = stop_at
                seq += 1
                push(heap, (nmp, label[1], seq, dnode, nidx))
    return best, parent, web_stop


def _run_indexed(
    game: Game,
    unit: Unit,
    p: Profile,
    budget: int,
    start: Node,
    *,
    first_step_in: frozenset[Hex] | None,
    ignore: frozenset[str],
    continuing: bool,
) -> tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, Hex | None], int]:
    """`_run` without `follow`, on the placements' numbers (`_Index`): the same labels,
    parents and web stops, set in the same order (the same heap of (MP, rolls, sequence)),
    so the same paths. Returns the MP and the rolls of each placement reached, its parent
    (-1 for the start), its web stop, and the start's number. Its step filter repeats
    `_run`'s on purpose (a helper call per step would cost the time saved); `_run` stays
    for following a given path, and tests/engine/test_movement_index.py holds the two
    together."""
    graph = _graph(game, unit, p)
    pos = _position(game)
    enemies, _ = _numbered(game, pos, unit.side)
    adjacent = _next_to_threats(game, pos, unit.side)
    mover_exempt = infil.exempt(p, unit)
    webs = pos.webs if unit.side is Side.ADVENTURERS else {}
    index = graph.index
    origin = graph.node_id(start)
    nodes, cells_of, moves = index.nodes, index.cells, graph.moves_of
    threats = _threat_counts(game, pos, index, unit.side, ignore)
    best_mp: dict[int, int] = {origin: 0}
    best_rolls: dict[int, int] = {origin: 0}
    parent: dict[int, int] = {origin: -1}
    web_stop: dict[int, Hex | None] = {origin: None}
    done: set[int] = set()
    heap: list[tuple[int, int, int, int]] = [(0, 0, 0, origin)]
    seq = 0
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        mp, rolls, _, n = pop(heap)
        if n in done:
            continue
        done.add(n)
        leaving = 0
        if (
            not mover_exempt
            and (continuing or n != origin)
            and not adjacent.isdisjoint(cells_of[n])
        ):
            found = threats.get(n)
            if found is None:
                level = nodes[n][2]
                found = len(infil.threats_at(game, unit, cells_of[n], level, ignore=ignore))
                threats[n] = found
            leaving = found
        here_stop = web_stop[n]
        for d, cost, rotation, slots, covered in moves(n):
            nmp = mp + cost
            if nmp > budget:
                continue
            if (
                n == origin
                and first_step_in is not None
                and not rotation
                and first_step_in.isdisjoint(covered)
            ):
                continue
            if enemies and not enemies.isdisjoint(slots):
                continue  # Movement Restriction 1
            stop_at = here_stop
            if webs and not rotation:
                hidden = _web_hit(webs, unit.side, covered)
                if hidden is False:
                    continue  # a web he can see stops him before it (Restriction 7)
                if hidden is True and stop_at is None:
                    stop_at = nodes[n][0]
            if d in done:
                continue
            nrolls = rolls if rotation else rolls + leaving
            old = best_mp.get(d)
            if old is None or nmp < old or (nmp == old and nrolls < best_rolls[d]):
                best_mp[d] = nmp
                best_rolls[d] = nrolls
                parent[d] = n
                web_stop[d] = stop_at
                seq += 1
                push(heap, (nmp, nrolls, seq, d))
    return best_mp, best_rolls, parent, web_stop, origin


def _next_to_threats(game: Game, pos: _Position, side: Side) -> frozenset[Hex]:
    """`PositionInfo.next_to_threats`, once per position and side."""
    key = ("next_to_threats", side)
    found: frozenset[Hex] | None = pos.results.get(key)
    if found is None:
        found = pos.results[key] = infil.position_info(game).next_to_threats(side)
    return found


def _threat_counts(
    game: Game, pos: _Position, index: _Index, side: Side, ignore: frozenset[str]
) -> dict[int, int]:
    """How many enemies may attack one of `side` crossing each placement of `index`
    (`infil.threats_at`, counted). The same for every mover of that side not exempt from
    infiltration, whoever he is and wherever his friends stand: the placement, the map
    (the index's), `ignore` and the characters of the other sides who may threaten
    (where each stands, on which level, facing where, with which counter face) decide.
    So kept with the index by those: all the searches of a movement phase share them
    (the other side does not move meanwhile) — the Guards about the Queen cross the
    same placements one after the other."""
    key = ("threateners", side)
    threateners = pos.results.get(key)
    if threateners is None:
        threateners = pos.results[key] = _threateners(game, side)
    who = (side, ignore, threateners)
    kept = index.threats
    found = kept.get(who)
    if found is None:
        if len(kept) > 8:
            kept.clear()
        found = kept[who] = {}
    return found


def _threateners(game: Game, side: Side) -> tuple[Any, ...]:
    """The characters not of `side` who may threaten a crossing (standing, seen by
    everyone: `PositionInfo.adjacent`'s), as what `threats_at` reads of them."""
    return tuple(
        sorted(
            (u.id, u.side.value, u.kind, u.wounds, u.frenzied, u.adult, h.q, h.r, u.facing, u.level)
            for u in game.state.units.values()
            if u.side is not side and u.standing and u.hidden_from is None
            for h in (u.hex,)
            if h is not None
        )
    )


def _path_of_indexed(
    parent: dict[int, int], nodes: list[Node], n: int, memo: dict[int, tuple[Hex, ...]]
) -> tuple[Hex, ...]:
    """`_path_of` on placement numbers."""
    found = memo.get(n)
    if found is not None:
        return found
    prev = parent[n]
    if prev < 0:
        path: tuple[Hex, ...] = ()
    else:
        before = _path_of_indexed(parent, nodes, prev, memo)
        path = before if nodes[prev][0] == nodes[n][0] else (*before, nodes[n][0])
    memo[n] = path
    return path


def _web_hit(webs: dict[Hex, Side | None], side: Side, cells: Iterable[Hex]) -> bool | None:
    """False: a web the mover knows of; True: one hidden from him; None: no web."""
    hit: bool | None = None
    for h in cells:
        if h in webs:
            if _web_known(side, webs[h]):
                return False
            hit = True
    return hit


def search(
    game: Game,
    unit: Unit,
    budget: int,
    *,
    start: Hex | None = None,
    start_level: float | None = None,
    first_step_in: frozenset[Hex] | None = None,
    ignore: frozenset[str] = frozenset(),
    continuing: bool = False,
) -> dict[Hex, Destination]:
    """Where `unit` may end a move of at most `budget` movement points.

    From `start`/`start_level` (default: where it stands); `first_step_in`: the first
    hex entered must be one of these (advance after combat: a hex the enemy left; for
    the Queen and Guards, the first step must cover one); `ignore`: enemies that cause
    no infiltration roll (advance after combat: those engaged in a combat);
    `continuing`: the start hex is crossed too (his movement goes on). One destination
    per hex; where a walkway hex can be reached on its deck and underneath, the cheaper
    (then the lower) is kept — `search_all` gives both.
    """
    found = search_all(
        game,
        unit,
        budget,
        start=start,
        start_level=start_level,
        first_step_in=first_step_in,
        ignore=ignore,
        continuing=continuing,
    )
    out: dict[Hex, Destination] = {}
    for (h, _level), dest in found.items():
        old = out.get(h)
        if old is None or (dest.cost, dest.rolls, dest.level) < (old.cost, old.rolls, old.level):
            out[h] = dest
    return out


def search_all(
    game: Game,
    unit: Unit,
    budget: int,
    *,
    start: Hex | None = None,
    start_level: float | None = None,
    first_step_in: frozenset[Hex] | None = None,
    ignore: frozenset[str] = frozenset(),
    continuing: bool = False,
) -> dict[tuple[Hex, float], Destination]:
    """`search`, keyed by (hex, level): a walkway hex may appear twice."""
    origin = start if start is not None else unit.hex
    if origin is None:
        return {}
    level = start_level if start_level is not None else unit.level
    p = profile(game, unit)
    pos = _position(game)
    cache_key = ("search", unit.id, origin, level, budget, first_step_in, ignore, continuing)
    cached = pos.results.get(cache_key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    start_node = _start_node(game, unit, p, origin, level)
    best_mp, best_rolls, parent, web_stop, _ = _run_indexed(
        game,
        unit,
        p,
        budget,
        start_node,
        first_step_in=first_step_in,
        ignore=ignore,
        continuing=continuing,
    )
    index = _graph(game, unit, p).index
    nodes, slots_of = index.nodes, index.slots
    # Group the end nodes by (anchor, level): a big counter's facings share a destination.
    groups: dict[tuple[Hex, float], list[int]] = {}
    _, living = _numbered(game, pos, unit.side)
    for n in best_mp:
        node = nodes[n]
        if node[0] == origin:
            continue
        # Only a placement someone else holds may be unsound to end on ("Stacking").
        if not living.isdisjoint(slots_of[n]) and (
            _sharing_blocker(game, pos, unit, p, node, budget - best_mp[n], slots_of[n], n)
            is not None
        ):
            continue
        groups.setdefault((node[0], node[2]), []).append(n)
    out: dict[tuple[Hex, float], Destination] = {}
    memo: dict[int, tuple[Hex, ...]] = {}
    for (h, lvl), ns in groups.items():
        ns.sort(key=lambda n: (best_mp[n], best_rolls[n], (nodes[n][1] - unit.facing) % 6))
        first = ns[0]
        cost, rolls = best_mp[first], best_rolls[first]
        if p.size == QUEEN_SIZE:
            facings = tuple((unit.facing + i) % 6 for i in range(6))
        elif p.size == GUARD_SIZE:
            facings = tuple(
                nodes[n][1] for n in ns if best_mp[n] == cost and best_rolls[n] == rolls
            )
        else:
            facings = ()
        out[(h, lvl)] = Destination(
            h,
            lvl,
            cost,
            _path_of_indexed(parent, nodes, first, memo),
            rolls,
            facings,
            web_stop[first],
        )
    pos.results[cache_key] = out
    return out


def legal_destinations(game: Game, unit_id: str) -> dict[Hex, Destination]:
    """Where the character may end his move now, for the UI: {} when he may not move."""
    unit = game.state.units[unit_id]
    if _may_move(game, unit) is not None:
        return {}
    return search(game, unit, budget_of(game, unit), continuing=_continuing(game, unit))
