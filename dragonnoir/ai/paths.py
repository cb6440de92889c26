"""How far things are through the caves: walking distances over the map.

Straight hex distance lies underground: the Krob two hexes away behind a wall may be
twenty steps round. The AI plans with walking costs instead, on a graph of the map built
once per board: a step between two neighbouring hexes when both are passable terrain
("Movement": the terrain's cost), no wall, window, arrow slit or cliff on the side
between them, and either the same level (half a level apart: a stair or a slope) or a
level link (stairs, embankments, slopes: Movement Restriction 8). Water costs triple, so
dry ways are preferred. This is a planner's map, not the rules: the engine's legal moves
decide what a character may really do; the graph only ranks where he should want to go.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from dragonnoir.engine.game import Game
from dragonnoir.hexmap.board import Board, EdgeFeature
from dragonnoir.hexmap.hexes import Edge, Hex

#: Sides nobody walks through.
_CLOSED = frozenset(
    {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT, EdgeFeature.CLIFF}
)
#: Water is walked round when it can be: its cost is multiplied by this.
WATER_FACTOR = 3
#: Farther than any walk on the largest map.
FAR = 10_000


@dataclass(frozen=True)
class CaveGraph:
    """The walking graph of one map: for each hex, its neighbours and the step's cost."""

    steps: dict[Hex, tuple[tuple[Hex, int], ...]]

    def distances(
        self, sources: Iterable[Hex], limit: int = FAR, blocked: frozenset[Hex] = frozenset()
    ) -> dict[Hex, int]:
        """Walking cost from the nearest of `sources` to every hex within `limit`, never
        through `blocked` (spider webs, for the Adventurers: Movement Restriction 7)."""
        best: dict[Hex, int] = {}
        queue: list[tuple[int, int, Hex]] = []
        for h in sources:
            if h in self.steps and best.get(h, FAR) > 0:
                best[h] = 0
                queue.append((0, len(queue), h))
        heapq.heapify(queue)
        count = len(queue)
        while queue:
            cost, _, h = heapq.heappop(queue)
            if cost > best.get(h, FAR) or cost > limit:
                continue
            for nxt, step in self.steps[h]:
                if nxt in blocked:
                    continue
                total = cost + step
                if total < best.get(nxt, FAR):
                    best[nxt] = total
                    count += 1
                    heapq.heappush(queue, (total, count, nxt))
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


_GRAPHS: dict[int, tuple[Board, Distances]] = {}


def distances_for(game: Game) -> Distances:
    """The distance memo of `game`'s map (its graph built once per board object)."""
    found = _GRAPHS.get(id(game.board))
    if found is not None and found[0] is game.board:
        return found[1]
    memo = Distances(_build(game))
    if len(_GRAPHS) > 16:
        _GRAPHS.clear()
    _GRAPHS[id(game.board)] = (game.board, memo)
    return memo


def cave_graph(game: Game) -> CaveGraph:
    """The walking graph of `game`'s map."""
    return distances_for(game).graph


def _build(game: Game) -> CaveGraph:
    board = game.board
    table = game.rules.terrain
    steps: dict[Hex, tuple[tuple[Hex, int], ...]] = {}
    for h, cell in board.cells.items():
        here = table[cell.terrain]
        if not here.passable:
            continue
        out: list[tuple[Hex, int]] = []
        for n in h.neighbours():
            other = board.cells.get(n)
            if other is None:
                continue
            there = table[other.terrain]
            if not there.passable or board.edges.get(Edge(h, n)) in _CLOSED:
                continue
            linked = here.level_link or there.level_link
            decks = cell.walkway or other.walkway or cell.walkway_end or other.walkway_end
            if abs(cell.level - other.level) > 0.5 and not (linked or decks):
                continue
            cost = int(there.move_cost or 1)
            if there.water:
                cost *= WATER_FACTOR
            out.append((n, cost))
        steps[h] = tuple(out)
    return CaveGraph(steps)
