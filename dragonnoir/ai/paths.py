"""How far things are through the caves: walking distances over the map.

Straight hex distance lies underground: the Krob two hexes away behind a wall may be
twenty steps round. The AI plans with walking costs instead, on a graph of the map built
once per board: a step between two neighbouring places when the map's Movement
Restrictions allow it (the editor's model, `editor/walking.py`: no wall, window, arrow
slit or cliff between, half a level only by a level link, a walkway's deck only from its
end or another deck), at the terrain's cost ("Movement"). Water and the unstable marsh
cost triple, so dry and firm ways are preferred. This is a planner's map, not the rules:
the engine's legal moves decide what a character may really do; the graph only ranks
where he should want to go.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dc_field

from dragonnoir.ai.memo import once_per_state
from dragonnoir.editor.walking import Walker
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.steps import edge_feature, terrain_at
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Edge, Hex

#: Water is walked round when it can be: its cost is multiplied by this.
WATER_FACTOR = 3
#: The wooden hexes no one climbs onto from the water but a Goblin or one in a boat
#: ("The hexes of a wooden bridge are not accessible from a water hex", Movement
#: Restriction 3; the Goblins "can pass freely from a water hex to a bridge or wooden
#: landing-stage hex and vice versa"; the engine's `rules.steps`).
WOODEN = frozenset({"wooden_bridge", "landing_stage"})
#: Farther than any walk on the largest map.
FAR = 10_000


#: A place to stand: (hex, on a walkway deck). The deck of a walkway hex (+1) and the
#: ground under it are two places ("Stacking": one character on the walkway, one under).
Node = tuple[Hex, bool]


@dataclass(frozen=True)
class CaveGraph:
    """The walking graph of one map: for each place, the places one step away and the
    step's cost.

    The search runs on numbers, not places: each place gets an index once, its steps
    become (index, cost) pairs, and costs live in a list (hashing places at every step
    was most of a search's time: a field over the six boards cost about 12 ms, now a
    few)."""

    steps: dict[Node, tuple[tuple[Node, int], ...]]
    _nodes: list[Node] = dc_field(init=False, repr=False, compare=False)
    _index: dict[Node, int] = dc_field(init=False, repr=False, compare=False)
    _by_hex: dict[Hex, list[int]] = dc_field(init=False, repr=False, compare=False)
    _adjacent: list[tuple[tuple[int, int], ...]] = dc_field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        nodes = list(self.steps)
        index = {n: i for i, n in enumerate(nodes)}
        for out in self.steps.values():
            for n, _ in out:
                if n not in index:  # a step onto a place with no steps of its own
                    index[n] = len(nodes)
                    nodes.append(n)
        by_hex: dict[Hex, list[int]] = {}
        for i, (h, _deck) in enumerate(nodes):
            by_hex.setdefault(h, []).append(i)
        adjacent = [tuple((index[n], c) for n, c in self.steps.get(n0, ())) for n0 in nodes]
        object.__setattr__(self, "_nodes", nodes)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_by_hex", by_hex)
        object.__setattr__(self, "_adjacent", adjacent)

    def distances(
        self, sources: Iterable[Hex], limit: int = FAR, blocked: frozenset[Hex] = frozenset()
    ) -> dict[Hex, int]:
        """Walking cost from the nearest of `sources` to every hex within `limit` (and the
        hexes one step beyond it), never through `blocked` (spider webs, for the
        Adventurers: Movement Restriction 7). A walkway hex is given its ground's cost (a
        deck's only where the ground is out of reach): the decks carry the search, and a
        character is on the ground far more often than on a deck — this is a planner's
        map, the engine's moves decide."""
        best = self._search(sources, limit, blocked)
        out: dict[Hex, int] = {}
        nodes = self._nodes
        for i, d in enumerate(best):
            if d < FAR:
                h, deck = nodes[i]
                if not deck or h not in out:
                    out[h] = d
        return out

    def nearest(self, sources: Iterable[Hex], targets: Sequence[Hex], limit: int = FAR) -> int:
        """Which of `targets` is nearest `sources`: the index of the first of those with
        the smallest `distances(sources, limit).get(target, FAR)` (-1 without targets).

        The same answer as the whole field, but the search stops once the nearest is
        sure: when every place at cost c has been expanded, a target whose ground (or,
        with no ground, deck) is at cost c or less is settled, and every other one is
        farther. A target whose deck is settled but whose ground is not yet reached
        could still take the deck's cost (the field's rule for walkways): then the
        search goes on to the end."""
        if not targets:
            return -1
        index = self._index
        wanted = [(index.get((t, False)), index.get((t, True))) for t in targets]

        def settled(best: list[int], cost: int) -> bool:
            found = False
            for ground, deck in wanted:
                if ground is not None and best[ground] <= cost:
                    found = True
                elif deck is not None and best[deck] <= cost:
                    if ground is not None:
                        return False  # the deck's cost counts if the ground stays unreached
                    found = True
            return found

        best = self._search(sources, limit, frozenset(), settled)
        values = []
        for ground, deck in wanted:
            if ground is not None and best[ground] < FAR:
                values.append(best[ground])
            elif deck is not None and best[deck] < FAR:
                values.append(best[deck])
            else:
                values.append(FAR)
        return values.index(min(values))

    def _search(
        self,
        sources: Iterable[Hex],
        limit: int,
        blocked: frozenset[Hex],
        stop: Callable[[list[int], int], bool] | None = None,
    ) -> list[int]:
        """The walking cost of each place (FAR: not reached), Dial's buckets expanded in
        order of cost up to `limit`; `stop(best, cost)`, asked once all places at `cost`
        are expanded, ends the search early."""
        index = self._index
        adjacent = self._adjacent
        best = [FAR] * len(self._nodes)
        # Dial's buckets: step costs are small whole numbers, so the places waiting at
        # each cost are kept in a list per cost instead of a heap.
        buckets: list[list[int]] = [[]]
        for h in sources:
            for node in ((h, False), (h, True)):
                i = index.get(node)
                if i is not None and node in self.steps and best[i] > 0:
                    best[i] = 0
                    buckets[0].append(i)
        by_hex = self._by_hex
        closed = {i for h in blocked for i in by_hex.get(h, ())}
        cost = 0
        while cost < len(buckets) and cost <= limit:
            for i in buckets[cost]:
                if best[i] != cost:
                    continue  # reached more cheaply since
                for j, step in adjacent[i]:
                    total = cost + step
                    if total < best[j] and j not in closed:
                        best[j] = total
                        while len(buckets) <= total:
                            buckets.append([])
                        buckets[total].append(j)
            if stop is not None and stop(best, cost):
                break
            cost += 1
        return best


class Distances:
    """Walking-cost fields already worked out, by their sources and limit. The graph does
    not change during a game, so a field holds as long as its sources: a hundred
    destinations scored against the same goal cost one search, not a hundred."""

    #: Fields kept before the memo starts afresh (a few MB on the largest map).
    KEEP = 400

    def __init__(self, graph: CaveGraph) -> None:
        self.graph = graph
        self._memo: dict[tuple[frozenset[Hex], int, frozenset[Hex]], dict[Hex, int]] = {}
        self._derived: dict[tuple[int, Hashable], tuple[dict[Hex, int], dict[Hex, int]]] = {}
        self._nearest: dict[tuple[frozenset[Hex], tuple[Hex, ...], int], int] = {}
        self._kept: dict[Hashable, dict[Hex, int]] = {}

    def field(
        self, sources: Iterable[Hex], limit: int = FAR, blocked: frozenset[Hex] = frozenset()
    ) -> dict[Hex, int]:
        key = (frozenset(sources), limit, blocked)
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) >= self.KEEP:
                self._memo.clear()
            found = self.graph.distances(key[0], limit, blocked)
            self._memo[key] = found
        return found

    def nearest(self, sources: Iterable[Hex], targets: Sequence[Hex], limit: int = FAR) -> int:
        """`CaveGraph.nearest`, kept like the fields (a group that has not moved asks
        again at every decision)."""
        key = (frozenset(sources), tuple(targets), limit)
        found = self._nearest.get(key)
        if found is None:
            if len(self._nearest) >= self.KEEP:
                self._nearest.clear()
            found = self.graph.nearest(key[0], key[1], limit)
            self._nearest[key] = found
        return found

    def kept(self, key: Hashable, make: Callable[[], dict[Hex, int]]) -> dict[Hex, int]:
        """A field made by `make` from the fields of this map and what `key` says (it
        must say everything else `make` reads of the game), kept like the fields are.
        Read-only for the caller."""
        found = self._kept.get(key)
        if found is None:
            if len(self._kept) >= self.KEEP:
                self._kept.clear()
            found = self._kept[key] = make()
        return found

    def derived(
        self, base: dict[Hex, int], key: Hashable, make: Callable[[], dict[Hex, int]]
    ) -> dict[Hex, int]:
        """A field worked out from the field `base` (`mobility`'s deep passages as
        shortcuts), kept by `base` and `key` like the fields are: `key` must say
        everything else `make` depends on but the map. Read-only for the caller, as the
        fields are."""
        found = self._derived.get((id(base), key))
        if found is None or found[0] is not base:
            if len(self._derived) >= self.KEEP:
                self._derived.clear()
            found = (base, make())  # kept with its base: its id is not reused meanwhile
            self._derived[(id(base), key)] = found
        return found[1]


#: The counters that change the map itself, as `map_counters` lists them: each one's
#: kind, hexes and facing (a gallery's shape is in its counter's name).
MapCounters = tuple[tuple[str, tuple[Hex, ...], int, str], ...]
#: The counters a spell lays that change where one may walk ("Magic Spells": bridges,
#: galleries, demolished walls), the engine's reading (`rules.steps`).
_MAP_KINDS = frozenset({AccessoryKind.BRIDGE, AccessoryKind.GALLERY, AccessoryKind.DEMOLISHED_WALL})
_GRAPHS: dict[tuple[int, MapCounters, bool], tuple[Board, Distances]] = {}


def map_counters(game: Game) -> MapCounters:
    """The face-up bridges, galleries and demolished walls on the map (worked out once
    per state version: a walking question is asked thousands of times a decision)."""
    return once_per_state(game, "ai_map_counters", _face_up_counters)


def _face_up_counters(game: Game) -> MapCounters:
    return tuple(
        sorted(
            (a.kind.value, tuple(a.hexes), a.facing, str(a.properties.get("counter", "")))
            for a in game.state.accessories.values()
            if a.kind in _MAP_KINDS and a.face_up
        )
    )


def distances_for(game: Game, *, swimmer: bool = False) -> Distances:
    """The distance memo of `game`'s map as its bridges, galleries and demolished walls
    make it (its graph built once per board object and set of those counters: a spell
    that opens a way is walked through as soon as it lands).

    `swimmer`: the memo of one who swims out of a boat and is no Goblin, for his goal
    fields only: he cannot climb from the water onto a landing stage or a wooden bridge
    (Movement Restriction 3). Planned on the one graph, the Elf carrying l-ile's Orb
    swam from the island to the south landing stage, could not climb onto it, and
    trod water there until the Gharvs drowned him."""
    counters = map_counters(game)
    key = (id(game.board), counters, swimmer)
    found = _GRAPHS.get(key)
    if found is not None and found[0] is game.board:
        return found[1]
    if counters:
        # Only the steps about the counters change: the rest are the bare map's (a
        # wizard weighing where to lay a bridge or a gallery asks for a graph of each
        # place; built whole each time, one cast's choice took 0.55 s on six boards).
        bare = distances_for_board(game, swimmer).graph
        graph = _patched(game, bare, _countered(game), _counter_hexes(game), swimmer)
    else:
        graph = _build(game, game.board, swimmer)
    memo = Distances(graph)
    _keep(key, game.board, memo)
    return memo


def distances_for_board(game: Game, swimmer: bool = False) -> Distances:
    """The distance memo of `game`'s bare map, without the counters laid on it."""
    key = (id(game.board), (), swimmer)
    found = _GRAPHS.get(key)
    if found is not None and found[0] is game.board:
        return found[1]
    memo = Distances(_build(game, game.board, swimmer))
    _keep(key, game.board, memo)
    return memo


def _keep(key: tuple[int, MapCounters, bool], board: Board, memo: Distances) -> None:
    if len(_GRAPHS) > 16:
        _GRAPHS.clear()
    _GRAPHS[key] = (board, memo)


def _counter_hexes(game: Game) -> set[Hex]:
    """The hexes the face-up map counters lie on."""
    cells = game.board.cells
    return {
        h
        for acc in game.state.accessories.values()
        if acc.kind in _MAP_KINDS and acc.face_up
        for h in acc.hexes
        if h in cells
    }


def _countered(game: Game) -> Board:
    """`game`'s board as its map counters make it: a bridge's or a gallery's hexes of
    the terrain they give, and round every counter's hexes the sides as the engine
    reads them (a demolished wall gone, the rock closing a gallery's shut sides)."""
    board = game.board
    cells = dict(board.cells)
    edges = dict(board.edges)
    touched: set[Hex] = set()
    for acc in game.state.accessories.values():
        if acc.kind in _MAP_KINDS and acc.face_up:
            touched.update(h for h in acc.hexes if h in cells)
    for h in touched:
        terrain = terrain_at(game, h)
        if terrain is not None and terrain.id != cells[h].terrain:
            cells[h] = replace(cells[h], terrain=terrain.id)
        for n in h.neighbours():
            if n not in cells:
                continue
            side = Edge(h, n)
            feature = edge_feature(game, h, n)
            if feature is None:
                edges.pop(side, None)
            else:
                edges[side] = feature
    return replace(board, cells=cells, edges=edges)


def cave_graph(game: Game) -> CaveGraph:
    """The walking graph of `game`'s map."""
    return distances_for(game).graph


def _build(game: Game, board: Board, swimmer: bool = False) -> CaveGraph:
    """The steps are the editor's model of the map's Movement Restrictions
    (`editor/walking.py`: walls and cliffs, half a level only by a level link, a walkway
    deck entered only from its end hex or another deck), with each step's cost.

    `swimmer` (`distances_for`): without the steps from the wood into the water. A goal
    field is searched from the goal back to the walker, so a step read there from the
    wood into the water is his climb from the water onto the wood, which he may not
    make (the graph is otherwise the same both ways)."""
    walker = Walker(board, game.rules.terrain)
    return CaveGraph({node: _steps_from(walker, node, swimmer) for node in walker.nodes()})


def _patched(
    game: Game, bare: CaveGraph, board: Board, touched: set[Hex], swimmer: bool
) -> CaveGraph:
    """`bare`'s graph with the steps from every place on or next to the `touched` hexes
    made again on `board` (the map as its counters make it): a step's cost and whether
    it may be taken depend only on the two hexes and the side between them, and a
    counter changes only its own hexes and their sides (`_countered`). The same graph
    as `_build` on `board` (tests/ai/test_paths.py)."""
    region = touched | {n for h in touched for n in h.neighbours() if n in board.cells}
    walker = Walker(board, game.rules.terrain)
    steps = {node: out for node, out in bare.steps.items() if node[0] not in region}
    for h in region:
        cell = board.cells[h]
        if not walker.passable.get(cell.terrain, False):
            continue
        for node in ((h, False), (h, True)) if cell.walkway else ((h, False),):
            steps[node] = _steps_from(walker, node, swimmer)
    return CaveGraph(steps)


def _steps_from(walker: Walker, node: Node, swimmer: bool) -> tuple[tuple[Node, int], ...]:
    """The steps from `node` and their costs."""
    board = walker.board
    table = walker.table
    out: list[tuple[Node, int]] = []
    wood = swimmer and board.cells[node[0]].terrain in WOODEN
    for nxt in walker.steps(node):
        there = table[board.cells[nxt[0]].terrain]
        if wood and there.water:
            continue
        cost = int(there.move_cost or 1)
        if (there.water or there.id == "unstable_marsh") and not nxt[1]:
            # The water's Gharvs, the bog's Unstable Marsh Table (one step in five
            # wounds): walked round when they can be.
            cost *= WATER_FACTOR
        out.append((nxt, cost))
    return tuple(out)
