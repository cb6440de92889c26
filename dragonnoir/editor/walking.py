"""Where can anyone walk on a map, judged from the map alone: the editor's model of the
map-dependent Movement Restrictions (2-9), used to find islands nobody reaches and exits
nobody can walk to.

It answers 'can *some* character get there', not 'can this one': water is entered
(swimming; Restriction 2 forbids it only to armoured characters), walls, low walls,
windows, arrow slits and cliffs are never crossed, doors are, an embankment top is
crossed (that is how one gets onto the embankment); between two hexes the level changes by
half a level at most and only where one of them is a level link (stairs, very steep
stairs, embankment, fine-sand slope: Restriction 8); a walkway deck (+1) is entered only
from a `walkway_end` hex or another deck (Restriction 9); a wooden bridge is never entered
from water (Restriction 3). Jumps (Restriction 8's daredevils, the Jump Table) are left
out: a place reached only by jumping counts as unreachable. Boats join every landing stage
of the map ("Movement by Boat"). The per-character rules (spells, webs, enemies) are the
engine's (`engine/rules/steps.py`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from typing import Final

from dragonnoir.hexmap.board import Board, EdgeFeature, ZoneKind
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable

#: (hex, on_deck): on_deck is True for a character on a walkway deck at level +1.
Node = tuple[Hex, bool]

BLOCKING: Final = frozenset(
    {
        EdgeFeature.WALL,
        EdgeFeature.LOW_WALL,
        EdgeFeature.WINDOW,
        EdgeFeature.ARROW_SLIT,
        EdgeFeature.CLIFF,
    }
)


class Walker:
    """Steps and reachability on one map with one terrain table."""

    def __init__(self, board: Board, table: TerrainTable, *, swim: bool = True) -> None:
        """`swim=False` walks as an armoured character, who never enters water
        (Restriction 2)."""
        self.board = board
        self.table = table
        self.swim = swim
        by_id = table.by_id()
        self.passable = {t: by_id[t].passable for t in by_id}
        self.water = {t: by_id[t].water for t in by_id}
        self.link = {t: by_id[t].level_link for t in by_id}

    def is_passable(self, h: Hex) -> bool:
        c = self.board.cells.get(h)
        return c is not None and self.passable.get(c.terrain, False)

    def nodes(self) -> Iterator[Node]:
        """Every place a character could stand: passable ground and walkway decks."""
        for h, c in self.board.cells.items():
            if self.passable.get(c.terrain, False):
                yield (h, False)
                if c.walkway:
                    yield (h, True)

    def steps(self, node: Node) -> Iterator[Node]:
        """Where a character standing on `node` may go in one step."""
        h, deck = node
        cells, edges = self.board.cells, self.board.edges
        here = cells[h]
        for n in h.neighbours():
            there = cells.get(n)
            if there is None or not self.passable.get(there.terrain, False):
                continue
            if not self.swim and self.water.get(there.terrain, False):
                continue
            if edges.get(Edge(h, n)) in BLOCKING:
                continue
            if deck:
                if there.walkway:
                    yield (n, True)
                if there.walkway_end:
                    yield (n, False)
                continue
            if here.walkway_end and there.walkway:
                yield (n, True)
            dl = abs(here.level - there.level)
            linked = self.link.get(here.terrain, False) or self.link.get(there.terrain, False)
            if dl == 0 or (dl == 0.5 and linked):
                if there.terrain == "wooden_bridge" and self.water.get(here.terrain, False):
                    continue
                yield (n, False)

    def reachable(self, starts: Iterable[Node], *, boats: bool = True) -> set[Node]:
        """Every place reachable from `starts`; with `boats`, reaching one landing stage
        reaches them all."""
        stages = (
            []
            if not boats
            else [
                (h, False)
                for z in self.board.zones
                if z.kind is ZoneKind.LANDING_STAGE
                for h in sorted(z.hexes)
                if self.is_passable(h)
            ]
        )
        seen = set(starts)
        todo = deque(seen)
        boats = False
        while todo:
            node = todo.popleft()
            if not boats and node in stages:
                boats = True
                for s in stages:
                    if s not in seen:
                        seen.add(s)
                        todo.append(s)
            for nxt in self.steps(node):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def components(self) -> list[set[Node]]:
        """The map's places split into groups that reach each other."""
        left = set(self.nodes())
        out: list[set[Node]] = []
        while left:
            first = min(left, key=lambda n: (n[0].r, n[0].q, n[1]))
            comp = self.reachable([first]) & left
            out.append(comp)
            left -= comp
        return out

    def way_in(self) -> set[Node]:
        """Where characters come onto the map: passable hexes on its edges (the half
        hexes, where the next board or the outside continues), entry zones and dungeon
        entrances."""
        cells = self.board.cells
        starts: set[Node] = set()
        for h in cells:
            if self.is_passable(h) and any(n not in cells for n in h.neighbours()):
                starts.add((h, False))
        for z in self.board.zones:
            if z.kind in (ZoneKind.ENTRY, ZoneKind.DUNGEON_ENTRANCE):
                starts.update((h, False) for h in z.hexes if self.is_passable(h))
        return starts
