"""What the movement search reads, worked out once and kept: the steps of the map (per
map counters and mover's profile: `steps.step` judges Movement Restrictions 2-9 that
depend on the map) and who stands where (per position: Movement Restriction 1, stacking,
webs).

Nothing here decides a move: `pathfinding` searches, `move` and `jump` judge actions.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dragonnoir.engine.rules import infiltration as infil
from dragonnoir.engine.rules.footprint import GUARD_SIZE, hexes_for
from dragonnoir.engine.rules.steps import (
    R_BIG,
    Step,
    edge_feature,
    ground_level,
    never_swims,
    plain_step,
    terrain_at,
)
from dragonnoir.engine.state import AccessoryKind, Side, Unit
from dragonnoir.engine.values import Profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Value, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game


R_ENEMY = "Movement Restriction 1 (enemy characters)"
R_MOVEMENT = "Movement"

#: The big counters (`Profile.category`) as a refusal names them.
_BIG_COUNTERS: dict[str, Value] = {"guard": tell("the Guard"), "queen": tell("the Queen")}


#: Edge features that stop a big counter from straddling them.
_SPLITTING = {
    EdgeFeature.WALL,
    EdgeFeature.WINDOW,
    EdgeFeature.ARROW_SLIT,
    EdgeFeature.LOW_WALL,
    EdgeFeature.CLIFF,
}


#: (anchor, facing, level)
Node = tuple[Hex, int, float]


#: A step of the search: (new node, cost, rotation?, occupancy slots, hexes covered).
_Edge = tuple[Node, int, bool, tuple[tuple[Hex, bool], ...], tuple[Hex, ...]]


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
                verdict = plain_step(game, unit, p, anchor, level, dst)
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
                        o.distance(g) == 1 and plain_step(game, unit, p, o, level, g).ok
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
            return Step(False, reason=tell("the hexes are not adjacent"), rule=R_MOVEMENT)
        new_level = self.fit(dst, facing)
        if new_level is None:
            return Step(
                False,
                reason=tell(
                    "{counter} does not fit there (too narrow, uneven, or impassable for it)",
                    counter=_BIG_COUNTERS.get(p.category, p.category),
                ),
                rule=R_BIG,
            )
        old = set(hexes_for(anchor, p.size, facing))
        cost = 0
        delta = dst - anchor
        for h in hexes_for(dst, p.size, facing):
            if h in old:
                continue
            verdict = plain_step(game, unit, p, h - delta, level, h)
            if not verdict.ok:
                return verdict
            if verdict.level != new_level:
                return Step(False, reason=tell("its hexes would stand on two levels"), rule=R_BIG)
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


# -- placements: where a search starts, who stands on one ----------------------------------


def _start_node(game: Game, unit: Unit, p: Profile, start: Hex, level: float) -> Node:
    facing = unit.facing % 6 if p.size == GUARD_SIZE else 0
    return (start, facing, level)


def _node_slots(game: Game, p: Profile, node: Node) -> tuple[tuple[Hex, bool], ...]:
    anchor, facing, level = node
    if p.size == 1:
        return (_slot(game, anchor, level),)
    return tuple((h, False) for h in hexes_for(anchor, p.size, facing))


def _alone(game: Game, pos: _Position, unit: Unit, p: Profile, node: Node) -> bool:
    """No other living character on the placement ("Stacking")."""
    return _occupant(pos, unit, _node_slots(game, p, node)) is None
