"""Movement ("Movement", "Movement Restrictions", "Movement of Alkiram and the Queen's
Guards", "Infiltration of Enemy Lines", "Stacking", "Defensive Fire", Movement
Restriction 8's Jump Table).

What this module decides, and where (docs/movement.md has every reading):

- `search(game, unit, budget, ...)`: every place a character may end a move, with the
  cheapest path (then the fewest infiltration rolls, then the first found in direction
  order), its cost, level, facing options and the infiltration rolls it triggers. A
  Dijkstra over (hex, facing, level) states; one step is judged by `steps.step`
  (Movement Restrictions 2-9 that depend on the map), cached per game and per profile;
  who stands where (Restriction 1, stacking, webs, infiltration) per position.
- `legal_destinations(game, unit_id)`: the same for a character's normal move, keyed by
  the hex where he ends.
- `Move`: explain (the first failing step names its rule), apply (hex by hex, rolling
  for infiltration on each hex crossed but the last, pausing for defensive fire during
  the Krob movement phase).
- `Jump`: a daredevil adventurer jumps one level up or down (Jump Table).

Our reading, a character's move is one continuous path: a character makes his Move (and his
Jumps) in one go; once another character has moved, his movement is over for the phase.
A Move or Jump that continues a character's movement right after his own previous one is
part of the same path: the hex he continues from is then crossed (it triggers
infiltration rolls), since he does not end his movement there.
"""

from __future__ import annotations

import heapq
import itertools
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.actions import Action, Jump, Move, Pass
from dragonnoir.engine.events import (
    DecisionRequested,
    Event,
    MovementStopped,
    Revealed,
    UnitMoved,
)
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.rules import hidden
from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.footprint import GUARD_SIZE, QUEEN_SIZE, hexes_for
from dragonnoir.engine.rules.steps import (
    R_BIG,
    R_STONE_BRIDGE,
    R_WALKWAY,
    R_WALLS,
    R_WATER,
    R_WEBS,
    R_WOODEN_BRIDGE,
    Step,
    edge_feature,
    ground_level,
    levels_at,
    never_swims,
    step,
    terrain_at,
)
from dragonnoir.engine.rules.switches import switch
from dragonnoir.engine.state import AccessoryKind, Decision, Side, Unit
from dragonnoir.engine.tables import JumpDirection
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_ENEMY = "Movement Restriction 1 (enemy characters)"
R_MOVEMENT = "Movement"
R_STACKING = "Stacking"
R_CONTINUOUS = "Movement (a character's move is one continuous path)"
R_CROSSBOW = "Organisation of the Game Turn: Adventurer Player Turn, 2. Movement"
R_JUMP = "Movement Restriction 8 (levels; Jump Table)"
R_DEFENSIVE = "Defensive Fire"
R_COUNTERS = "The Characters"

#: Edge features that stop a big counter from straddling them.
_SPLITTING = {
    EdgeFeature.WALL,
    EdgeFeature.WINDOW,
    EdgeFeature.ARROW_SLIT,
    EdgeFeature.LOW_WALL,
    EdgeFeature.CLIFF,
}
#: Edge features a jump cannot cross (walls; the parapet of the stone bridge is judged
#: by Restriction 4).
_JUMP_BLOCKING = {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT}

#: (anchor, facing, level)
Node = tuple[Hex, int, float]
#: A step of the search: (new node, cost, rotation?, occupancy slots, hexes covered).
_Edge = tuple[Node, int, bool, tuple[tuple[Hex, bool], ...], tuple[Hex, ...]]


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


# -- the hook for defensive fire -----------------------------------------------------------


def defensive_fire_possible(game: Game, krob: Unit) -> bool:
    """May the Adventurer player interrupt `krob`'s move here to fire ("Defensive
    Fire")? Asked of the rule set's checks (the Fire rules', a wizard's spell): False
    in a game with none."""
    return any(check(game, krob) for check in game.ruleset.defensive_fire_checks)


# -- static tables, per game ---------------------------------------------------------------


def _pkey(p: Profile) -> tuple[Any, ...]:
    """What in a profile changes how one step is judged."""
    return (p.side, p.category, p.armoured, "goblin" in p.tags, p.movement, p.size)


class _Index:
    """The placements of a `_Graph` as numbers, for the search (`_run_indexed`): each
    placement an index, its steps (index, cost, rotation?, slots as numbers, hexes
    covered), the hexes it covers, and its slots as numbers. A slot (hex, on a deck?)
    is the number 2 x the hex's number (`_hex_ids`), + 1 on a deck (a hex off the
    board, which no placement covers, is -1: no one stands there). Hashing places at
    every step of a search was most of its time; numbers hash in C. Plain map data,
    like the steps."""

    __slots__ = ("cells", "ids", "nodes", "out", "slots", "threats")

    def __init__(self) -> None:
        self.ids: dict[Node, int] = {}
        self.nodes: list[Node] = []
        self.out: list[tuple[_IEdge, ...] | None] = []
        self.cells: list[tuple[Hex, ...]] = []
        self.slots: list[tuple[int, ...]] = []
        #: Infiltration threats counted per placement (`_threat_counts`), by who may
        #: threaten: the same as long as the enemies stand where they stand.
        self.threats: dict[tuple[Any, ...], dict[int, int]] = {}


#: A step of the numbered search: (placement, cost, rotation?, slots, hexes covered).
_IEdge = tuple[int, int, bool, tuple[int, ...], tuple[Hex, ...]]


class _Graph:
    """Memoised moves of one kind of character on one map (board + map counters).

    It lives in its game's cache and reaches the game through a weak reference: a
    strong one would make a cycle, and a game copy (an agent's view, made at every
    decision) would then wait for the cyclic garbage collector instead of going when
    dropped."""

    __slots__ = ("_game", "edges", "fits", "index", "p", "unit")

    def __init__(self, game: Game, unit: Unit, p: Profile) -> None:
        self._game = weakref.ref(game)
        self.unit = unit
        self.p = p
        self.edges: dict[Node, tuple[_Edge, ...]] = {}
        self.fits: dict[tuple[Hex, int], float | None] = {}
        self.index = _Index()

    @property
    def game(self) -> Game:
        game = self._game()
        assert game is not None  # the graph lives in its game's cache
        return game

    def node_id(self, node: Node) -> int:
        """The number of placement `node` (given one when first seen)."""
        index = self.index
        found = index.ids.get(node)
        if found is None:
            found = len(index.nodes)
            index.ids[node] = found
            index.nodes.append(node)
            index.out.append(None)
            hex_ids = _hex_ids(self.game)
            anchor, facing, _ = node
            index.cells.append(_cells(self.p, anchor, facing))
            slots = _node_slots(self.game, self.p, node)
            index.slots.append(tuple(2 * hex_ids.get(h, -1) + deck for h, deck in slots))
        return found

    def moves_of(self, n: int) -> tuple[_IEdge, ...]:
        """`moves` of placement number `n`, in numbers (same steps, same order)."""
        index = self.index
        found = index.out[n]
        if found is None:
            hex_ids = _hex_ids(self.game)
            node_id = self.node_id
            found = tuple(
                (
                    node_id(dnode),
                    cost,
                    rotation,
                    tuple(2 * hex_ids.get(h, -1) + deck for h, deck in slots),
                    covered,
                )
                for dnode, cost, rotation, slots, covered in self.moves(index.nodes[n])
            )
            index.out[n] = found
        return found

    def moves(self, node: Node) -> tuple[_Edge, ...]:
        """The steps from `node`: (new node, cost, rotation?, slots, cells covered)."""
        found = self.edges.get(node)
        if found is None:
            cells = self.game.board.cells
            size = self.p.size
            out: list[_Edge] = []
            for dst, facing, level, cost, rotation in self._moves(node):
                covered = _cells(self.p, dst, facing)
                if size == 1:
                    slots: tuple[tuple[Hex, bool], ...] = (
                        (dst, bool(cells[dst].walkway and level == 1.0)),
                    )
                else:
                    slots = tuple((h, False) for h in covered)
                out.append(((dst, facing, level), cost, rotation, slots, covered))
            found = tuple(out)
            self.edges[node] = found
        return found

    def _moves(self, node: Node) -> tuple[tuple[Hex, int, float, int, bool], ...]:
        anchor, facing, level = node
        game, unit, p = self.game, self.unit, self.p
        out: list[tuple[Hex, int, float, int, bool]] = []
        if p.size == 1:
            for dst in anchor.neighbours():
                if dst not in game.board.cells:
                    continue
                verdict = step(game, unit, p, anchor, level, dst, webs=False)
                if verdict.ok:
                    out.append((dst, facing, verdict.level, verdict.cost, False))
            return tuple(out)
        old = hexes_for(anchor, p.size, facing)
        for dst in anchor.neighbours():
            judged = self.translate(anchor, facing, level, dst)
            if judged.ok:
                out.append((dst, facing, judged.level, judged.cost, False))
        if p.size == GUARD_SIZE:
            for turn in (1, -1):
                new_facing = (facing + turn) % 6
                if self.fit(anchor, new_facing) != level:
                    continue
                new = hexes_for(anchor, p.size, new_facing)
                gained = [h for h in new if h not in old]
                if all(
                    any(
                        o.distance(g) == 1 and step(game, unit, p, o, level, g, webs=False).ok
                        for o in old
                    )
                    for g in gained
                ):
                    out.append((anchor, new_facing, level, 0, True))
        return tuple(out)

    def fit(self, anchor: Hex, facing: int) -> float | None:
        """The level a big counter stands at with this placement, None if it does not
        fit ("impossible ... to pass through places on the map whose width is less than 3
        hexes for the Queen and 2 hexes for the Guards", "Movement of Alkiram and the
        Queen's Guards")."""
        key = (anchor, facing % 6 if self.p.size == GUARD_SIZE else 0)
        if key in self.fits:
            return self.fits[key]
        level = self._fit(anchor, facing)
        self.fits[key] = level
        return level

    def _fit(self, anchor: Hex, facing: int) -> float | None:
        game, p = self.game, self.p
        cells = hexes_for(anchor, p.size, facing)
        level: float | None = None
        for h in cells:
            cell = game.board.cells.get(h)
            terrain = terrain_at(game, h)
            if cell is None or terrain is None or not terrain.passable:
                return None
            if terrain.water and never_swims(p):
                return None
            if terrain.move_cost is not None and terrain.move_cost > p.movement:
                return None
            ground = ground_level(game, h)
            if level is None:
                level = ground
            elif ground != level:
                return None
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                if a.distance(b) == 1 and edge_feature(game, a, b) in _SPLITTING:
                    return None
        return level

    def translate(self, anchor: Hex, facing: int, level: float, dst: Hex) -> Step:
        """A big counter moves its anchor to the adjacent `dst`, keeping its facing: each
        newly covered hex is entered from the covered hex behind it (a legal step), and
        the step costs the most expensive of them (our reading)."""
        game, unit, p = self.game, self.unit, self.p
        d = anchor.direction_to(dst)
        if d is None:
            return Step(False, reason="the hexes are not adjacent", rule=R_MOVEMENT)
        new_level = self.fit(dst, facing)
        if new_level is None:
            return Step(
                False,
                reason=f"the {p.category} does not fit there (too narrow, uneven, or "
                "impassable for it)",
                rule=R_BIG,
            )
        old = set(hexes_for(anchor, p.size, facing))
        cost = 0
        delta = dst - anchor
        for h in hexes_for(dst, p.size, facing):
            if h in old:
                continue
            verdict = step(game, unit, p, h - delta, level, h, webs=False)
            if not verdict.ok:
                return verdict
            if verdict.level != new_level:
                return Step(False, reason="its hexes would stand on two levels", rule=R_BIG)
            cost = max(cost, verdict.cost)
        return Step(True, new_level, cost)


def _graph(game: Game, unit: Unit, p: Profile) -> _Graph:
    state = _position(game)
    # Asked at every step judged and every free exit looked for: kept per position by
    # the profile object (profiles are made once per counter face), so the key with the
    # map counters' fingerprint is hashed once per position and profile.
    mine = state.graphs.get(id(p))
    if mine is not None and mine[0] is p:
        mine[1].unit = unit
        return mine[1]
    graphs: dict[tuple[Any, ...], _Graph] = game.cache.setdefault("movement_graphs", {})
    key = (state.fingerprint, _pkey(p))
    graph = graphs.get(key)
    if graph is None:
        if len(graphs) > 64:  # map counters changed many times: start again
            graphs.clear()
        graph = _Graph(game, unit, p)
        shared: MovementTables | None = game.cache.get(_SHARED_TABLES)
        if shared is not None:
            if key not in shared and len(shared) > 64:
                shared.clear()
            graph.edges, graph.fits, graph.index = shared.setdefault(
                key, (graph.edges, graph.fits, graph.index)
            )
        graphs[key] = graph
    state.graphs[id(p)] = (p, graph)
    graph.unit = unit
    return graph


#: The steps and placements judged on one map, by (map counters' fingerprint, profile
#: key): plain data (hexes, costs, levels), the same for every game on that map.
MovementTables = dict[
    tuple[Any, ...],
    tuple[dict[Node, tuple[_Edge, ...]], dict[tuple[Hex, int], float | None], _Index],
]
_SHARED_TABLES = "movement_tables"


def share_movement_tables(game: Game, tables: MovementTables) -> None:
    """Let `game` read and fill `tables`, the judged steps and placements of its map.

    A step's verdict depends on the map, the rules and the map counters (bridges,
    galleries, demolished walls, boats) and on the mover's profile only: the key of the
    tables says all of these, the board and rules are the caller's to keep the same. So
    games on the same map (an agent's successive views of one game: a fresh copy at each
    decision) need not judge every step of the map again."""
    game.cache[_SHARED_TABLES] = tables


#: Per board: each of its hexes' number (`_Index`), by the board's identity.
_HEX_IDS: dict[int, tuple[object, dict[Hex, int]]] = {}


def _hex_ids(game: Game) -> dict[Hex, int]:
    """The number of each hex of `game`'s board (every hex a placement covers is one)."""
    board = game.board
    found = _HEX_IDS.get(id(board))
    if found is None or found[0] is not board:
        if len(_HEX_IDS) > 16:
            _HEX_IDS.clear()
        found = (board, {h: i for i, h in enumerate(board.cells)})
        _HEX_IDS[id(board)] = found
    return found[1]


# -- who stands where, per position ---------------------------------------------------------


class _Position:
    """Occupancy by slot (hex, on a walkway deck?) and the webs, for one state version."""

    __slots__ = (
        "fingerprint",
        "graphs",
        "living",
        "living_n",
        "results",
        "standing",
        "standing_n",
        "version",
        "webs",
    )

    def __init__(self, game: Game) -> None:
        info = infil.position_info(game)
        self.version = game.version
        self.fingerprint = info.fingerprint
        self.living: dict[tuple[Hex, bool], list[Unit]] = {}
        self.standing: dict[tuple[Hex, bool], list[Unit]] = {}
        #: The same by slot number (`_Index`), for the slots on the board.
        self.living_n: dict[int, list[Unit]] = {}
        self.standing_n: dict[int, list[Unit]] = {}
        footprints = info.footprints
        living, standing = self.living.setdefault, self.standing.setdefault
        living_n, standing_n = self.living_n.setdefault, self.standing_n.setdefault
        slots_of = _slots_memo(game)
        for unit in game.state.units.values():
            if unit.hex is None or not unit.alive:
                continue
            cells = footprints[unit.id]
            key = (cells, unit.level == 1.0)
            slots = slots_of.get(key)
            if slots is None:
                slots = slots_of[key] = _slots_numbered(game, cells, key[1])
            up = unit.standing
            for slot, number in slots:
                living(slot, []).append(unit)
                if up:
                    standing(slot, []).append(unit)
                if number >= 0:
                    living_n(number, []).append(unit)
                    if up:
                        standing_n(number, []).append(unit)
        self.webs: dict[Hex, Side | None] = {}
        for acc in game.state.accessories.values():
            if acc.kind is AccessoryKind.WEB and acc.face_up:
                for h in acc.hexes:
                    self.webs[h] = acc.hidden_from
        self.results: dict[tuple[Any, ...], Any] = {}
        #: The step graph of each profile asked about (`_graph`), by the profile's id.
        self.graphs: dict[int, tuple[Profile, _Graph]] = {}


#: Per board: the slots (and their numbers) of the hexes a counter covers, on a deck or
#: not, by (hexes, on a deck?): plain map data, kept from one position to the next.
_SLOTS: dict[int, tuple[object, dict[tuple[tuple[Hex, ...], bool], _Slots]]] = {}
_Slots = tuple[tuple[tuple[Hex, bool], int], ...]


def _slots_memo(game: Game) -> dict[tuple[tuple[Hex, ...], bool], _Slots]:
    board = game.board
    found = _SLOTS.get(id(board))
    if found is None or found[0] is not board or len(found[1]) > 100_000:
        if len(_SLOTS) > 16:
            _SLOTS.clear()
        found = (board, {})
        _SLOTS[id(board)] = found
    return found[1]


def _slots_numbered(game: Game, cells: tuple[Hex, ...], deck: bool) -> _Slots:
    """Each hex of `cells` as the slot a counter at deck level (`deck`) or not holds
    there (a walkway's deck only on a walkway hex), with its number (-1: off the board)."""
    board_cells = game.board.cells
    hex_ids = _hex_ids(game)
    out: list[tuple[tuple[Hex, bool], int]] = []
    for h in cells:
        cell = board_cells.get(h)
        on_deck = bool(deck and cell is not None and cell.walkway)
        number = hex_ids.get(h)
        out.append(((h, on_deck), -1 if number is None else 2 * number + on_deck))
    return tuple(out)


def _position(game: Game) -> _Position:
    pos = game.cache.get("movement_position")
    if not isinstance(pos, _Position) or pos.version != game.version:
        pos = _Position(game)
        game.cache["movement_position"] = pos
    return pos


def _slot(game: Game, h: Hex, level: float) -> tuple[Hex, bool]:
    cell = game.board.cells.get(h)
    return (h, bool(cell is not None and cell.walkway and level == 1.0))


def _cells(p: Profile, anchor: Hex, facing: int) -> tuple[Hex, ...]:
    return (anchor,) if p.size == 1 else hexes_for(anchor, p.size, facing)


def _enemy_in(pos: _Position, unit: Unit, slots: Iterable[tuple[Hex, bool]]) -> Unit | None:
    """A standing enemy in one of `slots` (Movement Restriction 1)."""
    for slot in slots:
        for other in pos.standing.get(slot, ()):
            if (
                other.id != unit.id
                and infil.is_enemy(unit.side, other.side)
                and other.hidden_from is not unit.side
            ):
                return other
    return None


def _occupant(pos: _Position, unit: Unit, slots: Iterable[tuple[Hex, bool]]) -> Unit | None:
    """Another living character in one of `slots` ("Stacking")."""
    for slot in slots:
        for other in pos.living.get(slot, ()):
            if other.id != unit.id and other.hidden_from is not unit.side:
                return other
    return None


def _web_known(side: Side, hidden_from: Side | None) -> bool:
    return hidden_from is not side


def _numbered(game: Game, pos: _Position, side: Side) -> tuple[frozenset[int], frozenset[int]]:
    """Who stands where, as the slot numbers of `_Index`: the slots of the standing
    enemies `side` sees (Movement Restriction 1) and the slots a living character holds.
    Worked out once per position and side."""
    key = ("numbered", side)
    found: tuple[frozenset[int], frozenset[int]] | None = pos.results.get(key)
    if found is None:
        enemies = frozenset(
            n
            for n, there in pos.standing_n.items()
            if any(u.side is not side and u.hidden_from is not side for u in there)
        )
        found = (enemies, frozenset(pos.living_n))
        pos.results[key] = found
    return found


# -- the search ----------------------------------------------------------------------------


def _start_node(game: Game, unit: Unit, p: Profile, start: Hex, level: float) -> Node:
    facing = unit.facing % 6 if p.size == GUARD_SIZE else 0
    return (start, facing, level)


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


def _node_slots(game: Game, p: Profile, node: Node) -> tuple[tuple[Hex, bool], ...]:
    anchor, facing, level = node
    if p.size == 1:
        return (_slot(game, anchor, level),)
    return tuple((h, False) for h in hexes_for(anchor, p.size, facing))


def _alone(game: Game, pos: _Position, unit: Unit, p: Profile, node: Node) -> bool:
    """No other living character on the placement ("Stacking")."""
    return _occupant(pos, unit, _node_slots(game, p, node)) is None


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
                f"he may not stay on {game.where(h)} with another living character and "
                "can no longer leave it himself: he is put on the nearest free hex",
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


def stacking_at_end(game: Game) -> Explanation | None:
    """The End phase check of the movement phases ("Stacking")."""
    if game.rules is None:  # a bare turn-sequence game without counters' values
        return None
    shared = shared_hexes(game)
    if not shared:
        return None
    movable = any(
        _can_move_on(game, uid) or _jumpable(game, uid) for ids in shared.values() for uid in ids
    )
    if not movable:
        return None  # nobody can undo it: the exit hook settles it (`settle_stacks`)
    where = "; ".join(f"{' and '.join(ids)} on {game.where(h)}" for h, ids in shared.items())
    return refused(
        "at the end of each movement sequence only one living character must remain per "
        f"hex (two on a walkway: one on it, one underneath): {where}",
        R_STACKING,
        hexes=[[h.q, h.r] for h in shared],
    )


def _can_move_on(game: Game, unit_id: str) -> bool:
    """Has the character somewhere to go now (`legal_destinations` is not empty)? A
    free placement one step away within his points, with no standing enemy there, is
    such a destination (the search reaches it and he stands there alone), so the
    search is run only when there is none. Adventurers are always searched: a web
    their step does not see stops them (Movement Restriction 7)."""
    unit = game.state.units[unit_id]
    if _may_move(game, unit) is not None:
        return False
    assert unit.hex is not None
    if unit.side is not Side.ADVENTURERS:
        p = profile(game, unit)
        start = _start_node(game, unit, p, unit.hex, unit.level)
        if _free_exit(game, _position(game), unit, p, start, budget_of(game, unit)):
            return True
    return bool(legal_destinations(game, unit_id))


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


def _jumpable(game: Game, unit_id: str) -> bool:
    unit = game.state.units[unit_id]
    if unit.hex is None or "Jump" not in game.phase.actions:
        return False
    return any(
        not isinstance(_check_jump(game, unit, Jump(unit_id, to)), Explanation)
        for to in unit.hex.neighbours()
        if to in game.board.cells
    )


def budget_of(game: Game, unit: Unit) -> int:
    """Movement points left: the potential on the counter minus those spent."""
    return max(0, profile(game, unit).movement - unit.mp_spent)


def legal_destinations(game: Game, unit_id: str) -> dict[Hex, Destination]:
    """Where the character may end his move now, for the UI: {} when he may not move."""
    unit = game.state.units[unit_id]
    if _may_move(game, unit) is not None:
        return {}
    return search(game, unit, budget_of(game, unit), continuing=_continuing(game, unit))


#: A budget no character has: the search that finds the cheapest path whatever it costs.
_UNBOUNDED = 999


def why_not_reach(game: Game, unit_id: str, h: Hex) -> Explanation:
    """Why `unit_id` cannot end his move on `h` now: the reason that decides it (issue 8,
    ruling 8). Not "a cliff stands in the way" of some straight line, but the cheapest
    path's failure — its cost against the points left — or, when no path exists at all,
    what keeps every way in closed. Allowed when he can."""
    unit = game.state.units.get(unit_id)
    if unit is None:
        return refused(f"no character {unit_id!r}", R_COUNTERS)
    why = _may_move(game, unit)
    if why is not None:
        return why
    where = game.where(h)
    if h not in game.board.cells:
        return refused(f"{where} is off the map", R_MOVEMENT)
    if h == unit.hex:
        return refused(f"{unit.id} is already on {where}", R_MOVEMENT)
    budget = budget_of(game, unit)
    continuing = _continuing(game, unit)
    reachable = search(game, unit, budget, continuing=continuing)
    if h in reachable:
        d = reachable[h]
        return allowed(f"{unit.id} can reach {where} for {d.cost} MP", R_MOVEMENT, cost=d.cost)
    anywhere = search(game, unit, _UNBOUNDED, continuing=continuing)
    found = anywhere.get(h)
    if found is not None and found.cost > budget:
        last = terrain_at(game, h)
        tail = f"; {last.name.lower()} there costs {last.move_cost}" if last is not None else ""
        return refused(
            f"the cheapest path to {where} costs {found.cost} MP{tail}: more than the "
            f"{budget} {unit.id} has left",
            R_MOVEMENT,
            cost=found.cost,
            budget=budget,
            path=[[x.q, x.r] for x in found.path],
        )
    if found is not None:  # within his points, yet he may not end there
        return _check_path_result(game, unit, found.path)
    pos = _position(game)
    p = profile(game, unit)
    enemy = _enemy_in(pos, unit, ((h, False),))
    if enemy is not None:
        return refused(
            f"{enemy.id}, an enemy, stands on {where}: only knocked-out or dead enemies "
            "can be passed through",
            R_ENEMY,
        )
    # No path at all: if every way into the hex is closed for the same kind of reason,
    # that reason decides; otherwise the way there is shut further back.
    verdicts = [
        step(game, unit, p, n, ground_level(game, n), h, webs=False)
        for n in h.neighbours()
        if n in game.board.cells
    ]
    closed = [v for v in verdicts if not v.ok]
    if closed and len(closed) == len(verdicts):
        rules = {v.rule for v in closed}
        if len(rules) == 1:
            return refused(f"no way onto {where}: {closed[0].reason}", closed[0].rule)
    return refused(
        f"no path to {where}: walls, levels, water or enemies close every way there for {unit.id}",
        R_MOVEMENT,
    )


def _check_path_result(game: Game, unit: Unit, path: tuple[Hex, ...]) -> Explanation:
    verdict = MoveRules().explain(game, Move(unit.id, path))
    return verdict


# -- who may move -------------------------------------------------------------------------


def _continuing(game: Game, unit: Unit) -> bool:
    """His movement is in progress: he was the last to move, in this phase (the hex he
    goes on from is then crossed)."""
    moving = game.state.scratch.get("moving")
    return bool(
        unit.moved
        and isinstance(moving, dict)
        and moving.get("unit") == unit.id
        and moving.get("turn") == game.state.turn
        and moving.get("phase") == game.state.phase
    )


def _may_go_on(game: Game, unit: Unit) -> bool:
    """He has moved this phase and may still move: he was the last to move, or he ended
    a move on a hex another living character holds and may leave it to undo the stack
    ("Stacking" is checked at the end of the movement sequence). Leaving a shared hex
    after another character has moved starts a new stretch: the hex where his last move
    ended is not crossed ("A character who ends his movement on a hex adjacent to the
    enemy does not trigger a die roll")."""
    return _continuing(game, unit) or _shares_a_hex(game, unit)


def _shares_a_hex(game: Game, unit: Unit) -> bool:
    if unit.hex is None or not unit.alive:
        return False
    pos = _position(game)
    p = profile(game, unit)
    return not _alone(game, pos, unit, p, (unit.hex, unit.facing, unit.level))


def _may_move(game: Game, unit: Unit) -> Explanation | None:
    """Why `unit` may not move now, or None."""
    ph = game.phase
    if unit.hex is None:
        return refused(f"{unit.id} is not on the map", R_MOVEMENT)
    if unit.side is not ph.side:
        return refused(f"{unit.id} does not belong to the player whose turn it is", ph.section)
    if not unit.alive:
        return refused(f"{unit.id} is dead", R_COUNTERS)
    if not unit.standing:
        return refused(f"{unit.id} is knocked out and cannot move", R_COUNTERS)
    if unit.side is Side.GHARVS:
        return refused("the Gharvs move by the rules alone", "The Gharvs")
    p = profile(game, unit)
    weapon = p.weapon
    rate = game.rules.rate_of_fire.get(weapon) if unit.fired and weapon else None
    if weapon and rate is not None and not rate.move_after_firing:
        # Which weapons "the crossbowmen who have just fired" covers is the Rate of
        # Fire & Movement table's to say (dragonnoir/data/rate_of_fire.toml).
        return refused(
            "all Adventurers may move, except the crossbowmen who have just fired "
            f"(Rate of Fire & Movement table: no move after firing a {weapon.replace('_', ' ')})",
            R_CROSSBOW,
        )
    if unit.moved and not _may_go_on(game, unit):
        return refused(
            f"{unit.id} has already moved this phase: a character's move is one "
            "continuous path, made before another character moves",
            R_CONTINUOUS,
        )
    if unit.mp_spent >= p.movement:
        return refused(f"{unit.id} has no movement points left", R_MOVEMENT)
    return None


# -- Move: explain -------------------------------------------------------------------------


@dataclass
class _Route:
    """A checked path: the placements entered, with the cost of each step."""

    steps: list[tuple[Hex, int, float, int]]  # (anchor, facing, level, cost)
    cost: int
    rolls: int
    facing: int
    web_stop: Hex | None


def _check_path(game: Game, unit: Unit, move: Move) -> Explanation | _Route:
    p = profile(game, unit)
    why = _may_move(game, unit)
    if why is not None:
        return why
    assert unit.hex is not None
    if p.size == 1 and move.facing is not None and move.facing != unit.facing:
        return refused("only the Queen and her Guards choose an orientation", R_BIG)
    if move.facing is not None and not 0 <= move.facing <= 5:
        return refused("an orientation is 0..5", R_BIG)
    if not move.path and (p.size == 1 or unit.moved):
        return refused("a move enters at least one hex", R_MOVEMENT)
    budget = budget_of(game, unit)
    continuing = _continuing(game, unit)
    if p.size == 1:
        return _walk(game, unit, p, move.path, budget, continuing)
    return _walk_big(game, unit, p, move, budget, continuing)


def _walk(
    game: Game, unit: Unit, p: Profile, path: tuple[Hex, ...], budget: int, continuing: bool
) -> Explanation | _Route:
    """A one-hex character's path, hex by hex: the first failing step names its rule."""
    pos = _position(game)
    assert unit.hex is not None
    here, level = unit.hex, unit.level
    cost = rolls = 0
    stop: Hex | None = None
    steps: list[tuple[Hex, int, float, int]] = []
    for i, dst in enumerate(path):
        if i > 0 or continuing:
            rolls += len(infil.threats_at(game, unit, (here,), level, mover_profile=p))
        verdict = step(game, unit, p, here, level, dst, webs=False)
        where = f"step {i + 1} {game.where(here)} -> {game.where(dst)}"
        if not verdict.ok:
            return refused(f"{where}: {verdict.reason}", verdict.rule, step=i + 1)
        enemy = _enemy_in(pos, unit, (_slot(game, dst, verdict.level),))
        if enemy is not None:
            return refused(
                f"{where}: {enemy.id}, an enemy, stands there (only knocked-out or dead "
                "enemies can be passed through)",
                R_ENEMY,
                step=i + 1,
            )
        if unit.side is Side.ADVENTURERS and dst in pos.webs:
            if _web_known(unit.side, pos.webs[dst]):
                return refused(
                    f"{where}: a spider web blocks adventurers (destroy it in combat)",
                    R_WEBS,
                    step=i + 1,
                )
            if stop is None:
                stop = here
        cost += verdict.cost
        if cost > budget:
            return refused(
                f"{where}: the path costs {cost} MP, more than the {budget} left",
                R_MOVEMENT,
                step=i + 1,
                cost=cost,
            )
        steps.append((dst, unit.facing, verdict.level, verdict.cost))
        here, level = dst, verdict.level
    other = _sharing_blocker(game, pos, unit, p, (here, unit.facing, level), budget - cost)
    if other is not None:
        return refused(
            f"{other.id} is on that hex and neither can leave it this phase: at the end of "
            "each movement sequence only one living character must remain per hex",
            R_STACKING,
        )
    return _Route(steps, cost, rolls, unit.facing, stop)


def _walk_big(
    game: Game, unit: Unit, p: Profile, move: Move, budget: int, continuing: bool
) -> Explanation | _Route:
    """The Queen's or a Guard's path: some sequence of orientations must carry it."""
    assert unit.hex is not None
    pos = _position(game)
    start = _start_node(game, unit, p, unit.hex, unit.level)
    best, parent, web_stop = _run(
        game,
        unit,
        p,
        budget,
        start,
        first_step_in=None,
        ignore=frozenset(),
        continuing=continuing,
        follow=move.path,
    )
    n = len(move.path)
    wanted = unit.facing if move.facing is None else move.facing
    ends = [k for k in best if k[1] == n]
    if p.size == GUARD_SIZE:
        matching = [k for k in ends if k[0][1] == wanted]
        if ends and not matching:
            return refused(
                f"the Guard cannot end this path facing {wanted}: it does not fit there",
                R_BIG,
            )
        ends = matching
    ends = [
        k for k in ends if _sharing_blocker(game, pos, unit, p, k[0], budget - best[k][0]) is None
    ]
    if not ends:
        return _why_big_fails(game, unit, p, move, best, budget)
    end = min(ends, key=lambda k: best[k])
    chain: list[tuple[Node, int]] = []
    cur: tuple[Node, int] | None = end
    while cur is not None:
        chain.append(cur)
        cur = parent[cur]
    chain.reverse()
    steps: list[tuple[Hex, int, float, int]] = []
    for a, b in itertools.pairwise(chain):
        if a[0][0] != b[0][0] or a[0][1] != b[0][1]:
            # A turn on the spot is a step of its own: "Alkiram and the Queen's Guards
            # may freely change orientation", and a Krob that has turned has begun to
            # move (defensive fire may follow it: issue 8, ruling 4).
            steps.append((b[0][0], b[0][1], b[0][2], best[b][0] - best[a][0]))
    cost, rolls = best[end]
    facing = wanted if p.size == QUEEN_SIZE else end[0][1]
    last = steps[-1][1] if steps else unit.facing
    if p.size == QUEEN_SIZE and facing != last:
        here = steps[-1] if steps else (unit.hex, unit.facing, unit.level, 0)
        steps.append((here[0], facing, here[2], 0))  # the Queen turns where she ends
    return _Route(steps, cost, rolls, facing, web_stop[end])


def _why_big_fails(
    game: Game,
    unit: Unit,
    p: Profile,
    move: Move,
    best: dict[tuple[Node, int], tuple[int, int]],
    budget: int,
) -> Explanation:
    graph = _graph(game, unit, p)
    pos = _position(game)
    n = len(move.path)
    furthest = max(k[1] for k in best)
    if furthest == n:
        end = move.path[-1] if move.path else unit.hex
        return refused(
            f"another character stands under the {p.category} at {game.where(end)} "  # type: ignore[arg-type]
            "or it cannot take that orientation there: only one living character may "
            "remain per hex at the end of movement",
            R_STACKING,
        )
    nodes = sorted((k for k in best if k[1] == furthest), key=lambda k: best[k])
    dst = move.path[furthest]
    where = f"step {furthest + 1} (to {game.where(dst)})"
    first: Explanation | None = None
    for key in nodes:
        anchor, facing, level = key[0]
        verdict = graph.translate(anchor, facing, level, dst)
        if not verdict.ok:
            first = first or refused(f"{where}: {verdict.reason}", verdict.rule)
            continue
        enemy = _enemy_in(pos, unit, ((h, False) for h in hexes_for(dst, p.size, facing)))
        if enemy is not None:
            first = first or refused(f"{where}: {enemy.id}, an enemy, stands there", R_ENEMY)
            continue
        if best[key][0] + verdict.cost > budget:
            first = first or refused(
                f"{where}: the path costs more than the {budget} MP left", R_MOVEMENT
            )
    return first or refused(f"{where}: the {p.category} cannot go there", R_BIG)


class MoveRules:
    """Judges and carries out `Move` ("Movement")."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Move)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(f"no character {action.unit!r}", R_COUNTERS)
        route = _check_path(game, unit, action)
        if isinstance(route, Explanation):
            return route
        return allowed(
            f"{unit.id} moves {len(route.steps)} hex(es) for {route.cost} MP",
            R_MOVEMENT,
            cost=route.cost,
            rolls=route.rolls,
            facing=route.facing,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Move)
        unit = game.state.units[action.unit]
        route = _check_path(game, unit, action)
        assert isinstance(route, _Route)
        continuing = _continuing(game, unit)
        _start_moving(game, unit)
        assert unit.hex is not None
        progress = {
            "unit": unit.id,
            "route": [[h.q, h.r, f, lvl, c] for h, f, lvl, c in route.steps],
            "travelled": [[unit.hex.q, unit.hex.r, unit.facing, unit.level]],
            "cross": continuing,
            "facing": route.facing,
            "entered": [],
            "cost": 0,
        }
        return _proceed(game, progress)

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is side:
                yield from unit_moves(game, unit)


def unit_moves(game: Game, unit: Unit) -> list[Move]:
    """The moves `legal_actions` lists for one character now: one per destination (and
    per facing at the end, for the Queen and her Guards), none when he may not move."""
    if _may_move(game, unit) is not None:
        return []
    p = profile(game, unit)
    found = search_all(game, unit, budget_of(game, unit), continuing=_continuing(game, unit))
    out: list[Move] = []
    # By hex (its q, then r: the order of `Hex`), then level.
    for _, dest in sorted(found.items(), key=lambda kv: (kv[0][0].q, kv[0][0].r, kv[0][1])):
        if p.size == 1:
            out.append(Move(unit.id, dest.path))
        else:
            out.extend(Move(unit.id, dest.path, facing) for facing in dest.facings)
    return out


def placement_level(game: Game, unit: Unit, anchor: Hex, facing: int) -> float | None:
    """The level `unit` would stand at with this placement, None where his counter does
    not fit (rock, water he cannot enter, too narrow or uneven for the Queen or a Guard).
    Occupancy is not judged."""
    p = profile(game, unit)
    return _graph(game, unit, p).fit(anchor, facing)


def footprint_of(game: Game, unit: Unit) -> tuple[Hex, ...]:
    assert unit.hex is not None
    return _cells(profile(game, unit), unit.hex, unit.facing)


def may_move(game: Game, unit: Unit) -> Explanation | None:
    """Why `unit` may not begin (or go on with) a move now, or None."""
    return _may_move(game, unit)


def start_moving(game: Game, unit: Unit) -> None:
    """`unit` begins his move (he is now the last to move: he may go on)."""
    _start_moving(game, unit)


def _start_moving(game: Game, unit: Unit) -> None:
    unit.moved = True
    game.state.scratch["moving"] = {
        "unit": unit.id,
        "turn": game.state.turn,
        "phase": game.state.phase,
    }


# -- Move: apply, hex by hex ----------------------------------------------------------------


def _proceed(game: Game, progress: dict[str, Any]) -> list[Event]:
    """Carry the move in `progress` on: infiltration on the hex being left, the next
    step, the pause for defensive fire; until the path ends or he is stopped."""
    unit = game.state.units[progress["unit"]]
    p = profile(game, unit)
    events: list[Event] = []
    route: list[list[Any]] = progress["route"]
    stopped = False
    while route:
        if not unit.standing or unit.hex is None:
            stopped = True
            break
        q, r, facing, level, cost = route[0]
        dst = Hex(int(q), int(r))
        turning = dst == unit.hex  # a turn on the spot: no hex is left, none crossed
        if progress["cross"] and not turning and _infiltrate_leaving(game, unit, events):
            stopped = True
            break
        verdict = _recheck(game, unit, p, dst, int(facing), float(level), int(cost))
        if verdict is not None:
            events.append(MovementStopped(unit.id, unit.hex, verdict.reason, verdict.rule))
            stopped = True
            break
        if unit.side is Side.ADVENTURERS and _web_ahead(game, unit, p, dst, int(facing)):
            events.extend(_reveal_web(game, unit, p, dst, int(facing)))
            stopped = True
            break
        if hidden.any_hidden(game):
            lurking = hidden.hidden_enemy_at(game, unit, _cells(p, dst, int(facing)))
            if lurking is not None:
                events.append(
                    hidden.reveal(game, lurking, "a character runs into him", hidden.R_ENTERED)
                )
                events.append(
                    MovementStopped(
                        unit.id,
                        unit.hex,
                        f"{hidden.display_name(game, lurking)} stands on {game.where(dst)}",
                        hidden.R_ENTERED,
                    )
                )
                stopped = True
                break
        route.pop(0)
        unit.hex, unit.facing, unit.level = dst, int(facing), float(level)
        unit.mp_spent += int(cost)
        progress["cost"] += int(cost)
        if not turning:
            progress["entered"].append([dst.q, dst.r])
            progress["cross"] = True
        progress["travelled"].append([dst.q, dst.r, int(facing), float(level)])
        game.touch()
        if not turning and _sinks_in(game, unit, p, dst, events):
            stopped = True  # stuck: where he may stand alone (Stacking), as any stop
            break
        spotted = hidden.sweep(game) if hidden.any_hidden(game) else []
        if spotted:
            events.extend(spotted)
            if unit.side is Side.ADVENTURERS and route:
                # He halts where the Krobs came into sight and keeps his remaining points:
                # he may go on with another move (ours: docs/scenarios.md).
                events.append(
                    MovementStopped(
                        unit.id, dst, "enemies came into sight: he halts", hidden.R_HIDDEN
                    )
                )
                route.clear()
                break
        if (
            unit.side is Side.KROBS
            and game.state.phase == "krob_movement"
            and unit.hidden_from is None
            and _module_hook()(game, unit)
        ):
            if not route:
                _finish_facing(unit, p, progress)
            events.append(_moved_event(unit, progress))
            progress["entered"] = []
            progress["cost"] = 0
            game.state.scratch["move_in_progress"] = progress
            decision = Decision(
                "defensive_fire",
                Side.ADVENTURERS,
                {"unit": unit.id, "at": [dst.q, dst.r], "rest": len(route)},
            )
            game.push_decision(decision)
            events.append(
                DecisionRequested(
                    "defensive_fire",
                    Side.ADVENTURERS.value,
                    f"fire at {unit.id} on {game.where(dst)} or let it go on",
                )
            )
            return events
        p = profile(game, unit)
    if stopped:
        events.extend(_settle(game, unit, progress))
    elif unit.alive:
        _finish_facing(unit, p, progress)
    if progress["entered"] or not events:
        events.insert(0, _moved_event(unit, progress))
    game.state.scratch.pop("move_in_progress", None)
    game.touch()
    return events


R_MARSH = "The Underground Maps: the unstable marsh (Unstable Marsh Table, ours)"


def _sinks_in(game: Game, unit: Unit, p: Profile, h: Hex, events: list[Event]) -> bool:
    """Le Marais Hanté's unstable marsh: "Armoured characters: beware!" An armoured
    character entering an unstable marsh hex rolls on our Unstable Marsh Table
    (dragonnoir/data/unstable_marsh.toml): stuck there (his move ends), or sinking
    (stuck and wounded). True when his move ends there."""
    terrain = terrain_at(game, h)
    if terrain is None or terrain.id != "unstable_marsh" or not p.armoured:
        return False
    if not switch(game, "unstable_marsh"):
        return False  # the scenario turns the unstable marsh off
    table = game.rules.unstable_marsh
    modifier = table.modifiers.wounded if unit.wounds > 0 else 0
    _, die = game.roll("unstable marsh", R_MARSH, modifier, by=unit.id)
    events.append(die)
    result = table.roll(die.value, modifier)
    if result.effect.value == "none":
        return False
    if result.effect.value == "sinks":
        events.extend(infil.suffer(game, unit, "wounded", R_MARSH))
    unit.mp_spent = max(unit.mp_spent, p.movement, profile(game, unit).movement)
    events.append(MovementStopped(unit.id, h, result.name, R_MARSH))
    game.touch()
    return True


def _module_hook() -> Callable[[Game, Unit], bool]:
    """The current `defensive_fire_possible` (a test or module may replace it)."""
    return globals()["defensive_fire_possible"]  # type: ignore[no-any-return]


def _finish_facing(unit: Unit, p: Profile, progress: dict[str, Any]) -> None:
    """The Queen and her Guards end facing the way chosen ("may freely change
    orientation"); a Guard's last turns on the spot were checked with its path."""
    if p.size > 1:
        unit.facing = int(progress["facing"])


def _moved_event(unit: Unit, progress: dict[str, Any]) -> UnitMoved:
    path = tuple(Hex(int(q), int(r)) for q, r in progress["entered"])
    return UnitMoved(unit.id, path, int(progress["cost"]))


def _recheck(
    game: Game, unit: Unit, p: Profile, dst: Hex, facing: int, level: float, cost: int
) -> Explanation | None:
    """A step checked when the move was accepted, checked again as it is made (after a
    defensive shot the Krob may be wounded: fewer movement points)."""
    assert unit.hex is not None
    pos = _position(game)
    if unit.mp_spent + cost > p.movement:
        return refused("not enough movement points left to go on", R_MOVEMENT)
    if p.size == 1:
        slots: tuple[tuple[Hex, bool], ...] = (_slot(game, dst, level),)
    else:
        slots = tuple((h, False) for h in hexes_for(dst, p.size, facing))
    enemy = _enemy_in(pos, unit, slots)
    if enemy is not None:
        return refused(f"{enemy.id}, an enemy, stands in the way", R_ENEMY)
    return None


def _web_ahead(game: Game, unit: Unit, p: Profile, dst: Hex, facing: int) -> bool:
    webs = _position(game).webs
    return any(h in webs for h in _cells(p, dst, facing))


def _infiltrate_leaving(game: Game, unit: Unit, events: list[Event]) -> bool:
    """Infiltration rolls for the hex `unit` is leaving (he crossed it: a move or a jump
    that goes on from there); their events go to `events`. True when they stop him."""
    assert unit.hex is not None
    threats = infil.infiltration_threats(game, unit, unit.hex, level=unit.level)
    halted, rolled = infil.resolve_infiltration(game, unit, unit.hex, threats)
    events.extend(rolled)
    return halted


def _reveal_web(game: Game, unit: Unit, p: Profile, dst: Hex, facing: int) -> list[Event]:
    """A spider web the adventurer did not know of stops him on the previous hex, and
    his movement ends there (his remaining points are lost)."""
    assert unit.hex is not None
    for acc in game.state.accessories.values():
        if acc.kind is AccessoryKind.WEB and acc.face_up and dst in acc.hexes:
            acc.hidden_from = None
    game.touch()
    unit.mp_spent = max(unit.mp_spent, p.movement)
    return [
        Revealed(f"a spider web on {game.where(dst)}", dst, R_WEBS),
        MovementStopped(
            unit.id,
            unit.hex,
            f"a spider web on {game.where(dst)} blocks the way",
            R_WEBS,
        ),
    ]


def _settle(game: Game, unit: Unit, progress: dict[str, Any]) -> list[Event]:
    """A move stopped early ends where he stands, unless another living character is
    there: then on the last hex of his path where he may stand (our reading)."""
    if unit.hex is None or not unit.alive:
        return []
    p = profile(game, unit)
    pos = _position(game)
    travelled = progress["travelled"]
    for q, r, facing, level in reversed(travelled):
        node = (Hex(int(q), int(r)), int(facing), float(level))
        if _alone(game, pos, unit, p, node):
            break
    else:  # he set out from a shared hex and was stopped on it
        found = nearest_free_placement(game, unit)
        if found is None:
            return []
        node = found
    if (unit.hex, unit.facing, unit.level) == node:
        return []
    unit.hex, unit.facing, unit.level = node
    game.touch()
    return [
        MovementStopped(
            unit.id,
            node[0],
            "he may not stay where he was stopped: he ends on the last hex of his path "
            "where he may stand",
            R_STACKING,
        )
    ]


def resume_move(game: Game) -> list[Event]:
    """Carry on the Krob move interrupted for defensive fire (the Fire module may call
    it when the Adventurer player is done firing)."""
    progress = game.state.scratch.get("move_in_progress")
    if not isinstance(progress, dict):
        return []
    return _proceed(game, progress)


class DefensiveFireRules:
    """The "defensive_fire" decision: `Pass` lets the Krob go on; other answers (Fire, a
    spell) come from the rule set (`RuleSet.defensive_fire_answers`).

    Note for the Fire module: "It is not possible to make a defensive shot against a
    Krob that has not yet begun to move, unless the Krob player does not intend to move
    this counter during his turn" — the Krobs that never moved can be offered to the
    Adventurer player when the Krob player ends the movement phase (an EndPhase entry
    hook of "krob_combat", or a decision pushed before `EndPhase` of "krob_movement").
    """

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass):
            return allowed(f"{decision.data.get('unit')} goes on moving", R_DEFENSIVE)
        answer = game.ruleset.defensive_fire_answers.get(action.kind)
        if answer is not None:
            return answer.explain(game, decision, action)
        return refused(f"{action.kind} does not answer defensive fire: fire, or pass", R_DEFENSIVE)

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        if isinstance(action, Pass):
            game.pop_decision()
            return resume_move(game)
        return game.ruleset.defensive_fire_answers[action.kind].apply(game, decision, action)

    def generate(self, game: Game, decision: Decision) -> Iterable[Action]:
        for answer in game.ruleset.defensive_fire_answers.values():
            yield from answer.generate(game, decision)
        yield Pass()


# -- Jump -----------------------------------------------------------------------------------


@dataclass
class _JumpPlan:
    level: float
    direction: JumpDirection
    cost: int
    rolls: int


def _check_jump(game: Game, unit: Unit, action: Jump) -> Explanation | _JumpPlan:
    why = _may_move(game, unit)
    if why is not None:
        return why
    p = profile(game, unit)
    assert unit.hex is not None
    if "daredevil" not in p.tags:
        return refused("only daredevil Adventurers may jump a level", R_JUMP)
    here, to = unit.hex, action.to
    if here.distance(to) != 1:
        return refused("a jump goes to an adjacent hex", R_JUMP)
    cell = game.board.cells.get(to)
    terrain = terrain_at(game, to)
    here_cell = game.board.cells[here]
    if cell is None or terrain is None:
        return refused("off the map", R_MOVEMENT)
    if not terrain.passable:
        return refused(f"{terrain.name.lower()} cannot be entered", R_MOVEMENT)
    on_deck = here_cell.walkway and unit.level == 1.0
    levels = [lvl for lvl in levels_at(game, to) if abs(lvl - unit.level) == 1.0]
    if not levels:
        return refused(
            f"a jump goes exactly one level up or down (from {unit.level:g} to "
            f"{ground_level(game, to):g}: walk instead, by stairs, embankments or slopes)",
            R_JUMP,
        )
    level = levels[0]
    if cell.walkway and level == 1.0 and not on_deck:
        return refused("only the hex on which a walkway rests gives access to it", R_WALKWAY)
    feature = edge_feature(game, here, to)
    if feature in _JUMP_BLOCKING:
        return refused("walls are impassable except at door hexes", R_WALLS)
    src_terrain = terrain_at(game, here)
    assert src_terrain is not None
    stone = {"stone_bridge", "demolished_bridge"}
    if terrain.id in stone and src_terrain.id not in stone:
        return refused(
            "the stone bridge is entered only from its ends and the island", R_STONE_BRIDGE
        )
    if terrain.water and never_swims(p):
        return refused("an armoured character would sink like a stone in water", R_WATER)
    goblin = "goblin" in p.tags
    if terrain.id in {"wooden_bridge", "landing_stage"} and src_terrain.water and not goblin:
        return refused(
            f"{terrain.name.lower()} hexes cannot be entered from the water", R_WOODEN_BRIDGE
        )
    pos = _position(game)
    if to in pos.webs and _web_known(unit.side, pos.webs[to]):
        return refused("a spider web blocks adventurers (destroy it in combat)", R_WEBS)
    slot = _slot(game, to, level)
    enemy = _enemy_in(pos, unit, (slot,))
    if enemy is not None:
        return refused(f"{enemy.id}, an enemy, stands there", R_ENEMY)
    other = _occupant(pos, unit, (slot,))
    if other is not None:
        return refused(
            f"{other.id} is there: a jump may end his movement, and only one living "
            "character may remain per hex",
            R_STACKING,
        )
    terrain_cost = 2 if (goblin and terrain.water) else terrain.move_cost
    assert terrain_cost is not None
    if terrain_cost > p.movement:
        return refused(
            f"{terrain.name.lower()} costs {terrain_cost} MP, more than the potential of "
            f"{p.movement}",
            "Movement Restriction 6 (movement potential too low)",
        )
    cost = terrain_cost + game.rules.jump.extra_move_cost
    budget = budget_of(game, unit)
    if cost > budget:
        return refused(
            f"the jump costs {cost} MP ({terrain_cost} for the hex + "
            f"{game.rules.jump.extra_move_cost}), more than the {budget} left",
            "Movement (Jump Table)",
        )
    rolls = 0
    if _continuing(game, unit):
        rolls = len(infil.infiltration_threats(game, unit, here, level=unit.level))
    direction = JumpDirection.UP if level > unit.level else JumpDirection.DOWN
    return _JumpPlan(level, direction, cost, rolls)


class JumpRules:
    """Judges and carries out `Jump` (Movement Restriction 8, the Jump Table)."""

    def explain(self, game: Game, action: Action) -> Explanation:
        assert isinstance(action, Jump)
        unit = game.state.units.get(action.unit)
        if unit is None:
            return refused(f"no character {action.unit!r}", R_COUNTERS)
        plan = _check_jump(game, unit, action)
        if isinstance(plan, Explanation):
            return plan
        return allowed(
            f"{unit.id} may try to jump {plan.direction.value} for {plan.cost} MP",
            R_JUMP,
            cost=plan.cost,
            direction=plan.direction.value,
            rolls=plan.rolls,
        )

    def apply(self, game: Game, action: Action) -> list[Event]:
        assert isinstance(action, Jump)
        unit = game.state.units[action.unit]
        plan = _check_jump(game, unit, action)
        assert isinstance(plan, _JumpPlan) and unit.hex is not None
        p = profile(game, unit)
        events: list[Event] = []
        continuing = _continuing(game, unit)
        _start_moving(game, unit)
        if continuing and _infiltrate_leaving(game, unit, events):
            return events
        pos = _position(game)
        if action.to in pos.webs:  # hidden from him: it stops him before he jumps
            events.extend(_reveal_web(game, unit, p, action.to, unit.facing))
            return events
        table = game.rules.jump
        unit.mp_spent += plan.cost
        wounded = unit.wounds > 0
        modifier = (table.modifiers.wounded if wounded else 0) + (
            table.modifiers.armoured if p.armoured else 0
        )
        _, die = game.roll(f"jump {plan.direction.value}", R_JUMP, modifier, by=unit.id)
        events.append(die)
        result = table.roll(plan.direction, die.value, wounded=wounded, armoured=p.armoured)
        if result.lands:
            unit.hex, unit.level = action.to, plan.level
            game.touch()
            events.append(UnitMoved(unit.id, (action.to,), plan.cost, R_JUMP))
        events.extend(infil.suffer(game, unit, result.effect, R_JUMP))
        if result.ends_movement or not unit.standing:
            # Points of the counter he now shows (a Crazy Ork's frenzy is a stronger one).
            unit.mp_spent = max(unit.mp_spent, p.movement, profile(game, unit).movement)
            events.append(MovementStopped(unit.id, unit.hex, result.name, R_JUMP))
        game.touch()
        return events

    def generate(self, game: Game, side: Side) -> Iterable[Action]:
        for unit in sorted(game.state.units.values(), key=lambda u: u.id):
            if unit.side is not side or unit.hex is None:
                continue
            if "daredevil" not in profile(game, unit).tags:
                continue
            if _may_move(game, unit) is not None:
                continue
            for to in unit.hex.neighbours():
                if to in game.board.cells:
                    action = Jump(unit.id, to)
                    if not isinstance(_check_jump(game, unit, action), Explanation):
                        yield action
