"""How far things are through the caves: walking distances over the map.

Straight hex distance lies underground: the Krob two hexes away behind a wall may be
twenty steps round. The AI plans with walking costs instead, on a graph of the map built
once per board: a step between two neighbouring places when the map's Movement
Restrictions allow it (the editor's model, `editor/walking.py`: no wall, window, arrow
slit or cliff between, half a level only by a level link, a walkway's deck only from its
end or another deck), at the terrain's cost ("Movement"). Water costs triple, so dry
ways are preferred. This is a planner's map, not the rules: the engine's legal moves
decide what a character may really do; the graph only ranks where he should want to go.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from dataclasses import dataclass

from dragonnoir.engine.game import Game
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Hex

#: Water is walked round when it can be: its cost is multiplied by this.
WATER_FACTOR = 3
#: Farther than any walk on the largest map.
FAR = 10_000


#: A place to stand: (hex, on a walkway deck). The deck of a walkway hex (+1) and the
#: ground under it are two places ("Stacking": one character on the walkway, one under).
Node = tuple[Hex, bool]


@dataclass(frozen=True)
class CaveGraph:
    """The walking graph of one map: for each place, the places one step away and the
    step's cost."""

    steps: dict[Node, tuple[tuple[Node, int], ...]]

    def distances(
        self, sources: Iterable[Hex], limit: int = FAR, blocked: frozenset[Hex] = frozenset()
    ) -> dict[Hex, int]:
        """Walking cost from the nearest of `sources` to every hex within `limit`, never
        through `blocked` (spider webs, for the Adventurers: Movement Restriction 7). A
        walkway hex is given its ground's cost (a deck's only where the ground is out of
        reach): the decks carry the search, and a character is on the ground far more
        often than on a deck — this is a planner's map, the engine's moves decide."""
        best: dict[Node, int] = {}
        queue: list[tuple[int, int, Node]] = []
        for h in sources:
            for node in ((h, False), (h, True)):
                if node in self.steps and best.get(node, FAR) > 0:
                    best[node] = 0
                    queue.append((0, len(queue), node))
        heapq.heapify(queue)
        count = len(queue)
        while queue:
            cost, _, node = heapq.heappop(queue)
            if cost > best.get(node, FAR) or cost > limit:
                continue
            for nxt, step in self.steps[node]:
                if nxt[0] in blocked:
                    continue
                total = cost + step
                if total < best.get(nxt, FAR):
                    best[nxt] = total
                    count += 1
                    heapq.heappush(queue, (total, count, nxt))
        out: dict[Hex, int] = {}
        for (h, deck), d in best.items():
            if not deck or h not in out:
                out[h] = d
        return out


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
    """The steps are the editor's model of the map's Movement Restrictions
    (`editor/walking.py`: walls and cliffs, half a level only by a level link, a walkway
    deck entered only from its end hex or another deck), with each step's cost."""
    from dragonnoir.editor.walking import Walker

    board = game.board
    table = game.rules.terrain
    walker = Walker(board, table)
    steps: dict[Node, tuple[tuple[Node, int], ...]] = {}
    for node in walker.nodes():
        out: list[tuple[Node, int]] = []
        for nxt in walker.steps(node):
            there = table[board.cells[nxt[0]].terrain]
            cost = int(there.move_cost or 1)
            if there.water and not nxt[1]:
                cost *= WATER_FACTOR
            out.append((nxt, cost))
        steps[node] = tuple(out)
    return CaveGraph(steps)
