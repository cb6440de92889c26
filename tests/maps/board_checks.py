"""Questions the board tests ask of a `Board`: where one can walk, where the Queen and
the Guards fit, where the standard openings are.

The walking model is the map editor's (`dragonnoir/editor/walking.py`, which its
validation uses too), the rulebook's reduced to what a map decides on its own
("Movement Restrictions" 2-9):
- a character stands on a hex at its ground level, or on the deck of a wooden walkway
  (level +1) above a `walkway` hex;
- impassable terrain (no movement cost) is never entered; water is entered (swimming:
  the test asks "can some character get there", not "can everybody");
- walls, low walls, windows, arrow slits and cliffs are never crossed; doors are;
  embankment tops are crossed (that is how one gets onto an embankment);
- between two ground hexes the level may change by half a level at most, and only when
  one of them is a level link (stairs, very steep stairs, embankment, fine-sand slope);
- a walkway deck is entered only from a `walkway_end` hex or another deck (Restriction 9);
- a wooden bridge is never entered from water (Restriction 3).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from dragonnoir.editor import walking
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import DIRECTIONS, Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table

#: (hex, on_deck): on_deck is True for a character on a walkway deck at level +1.
Node = walking.Node

#: Standard openings (docs/boards.md): name -> (col, row) cells.
OPENINGS: dict[str, tuple[tuple[int, int], ...]] = {
    "top-west": ((4, 0),),
    "top-centre": ((12, 0), (13, 0), (14, 0)),
    "top-east": ((22, 0),),
    "bottom-west": ((4, 18),),
    "bottom-centre": ((12, 18), (13, 18), (14, 18)),
    "bottom-east": ((22, 18),),
    "left-north": ((0, 4),),
    "left-centre": ((0, 8), (0, 9), (0, 10)),
    "left-south": ((0, 14),),
    "right-north": ((26, 4),),
    "right-centre": ((26, 8), (25, 9), (26, 10)),
    "right-south": ((26, 14),),
}


def table() -> TerrainTable:
    return default_terrain_table()


def passable(board: Board, h: Hex) -> bool:
    c = board.cell(h)
    return c is not None and table()[c.terrain].passable


def is_water(board: Board, h: Hex) -> bool:
    c = board.cell(h)
    return c is not None and table()[c.terrain].water


def edge_hexes(board: Board) -> set[tuple[int, int]]:
    """Cells that lie on a board edge (half hexes) or touch the next board directly
    (odd-row cells at the short sides)."""
    w, hgt = board.width, board.height
    out: set[tuple[int, int]] = set()
    for row in range(hgt):
        cols = w if row % 2 == 0 else w - 1
        for col in range(cols):
            half = row in (0, hgt - 1) or (row % 2 == 0 and col in (0, w - 1))
            touching = row % 2 == 1 and col in (0, w - 2)
            if half or touching:
                out.add((col, row))
    return out


def open_edge_cells(board: Board) -> set[tuple[int, int]]:
    g = board.grid
    return {cr for cr in edge_hexes(board) if passable(board, g.to_hex(*cr))}


def nodes(board: Board) -> Iterator[Node]:
    for h, c in board.cells.items():
        if table()[c.terrain].passable:
            yield (h, False)
            if c.walkway:
                yield (h, True)


def steps(board: Board, node: Node, swim: bool = True) -> Iterator[Node]:
    """Where a character standing on `node` may step in one move (`swim=False`: an
    armoured character, who never enters water, Restriction 2)."""
    return walking.Walker(board, table(), swim=swim).steps(node)


def reachable(board: Board, starts: Iterable[Node], swim: bool = True) -> set[Node]:
    """On foot (the boats between landing stages are not counted)."""
    return walking.Walker(board, table(), swim=swim).reachable(starts, boats=False)


def opening_nodes(board: Board) -> set[Node]:
    g = board.grid
    return {(g.to_hex(*cr), False) for cr in open_edge_cells(board)}


def unreachable(board: Board) -> set[Node]:
    """Places (ground or deck) that no opening leads to."""
    return set(nodes(board)) - reachable(board, opening_nodes(board))


def components(board: Board) -> list[set[Node]]:
    left = set(nodes(board))
    out: list[set[Node]] = []
    while left:
        comp = reachable(board, [next(iter(left))])
        out.append(comp)
        left -= comp
    return out


# -- the Queen and her Guards ("Movement of Alkiram and the Queen's Guards") ------------


def _stands(board: Board, hexes: list[Hex]) -> bool:
    """Can a big Krob stand on these hexes: all passable dry ground at one level, with no
    edge feature (wall, door, cliff, low wall...) between any two of them?"""
    cells = [board.cell(h) for h in hexes]
    if any(c is None for c in cells):
        return False
    tt = table()
    levels = set()
    for c in cells:
        assert c is not None
        t = tt[c.terrain]
        if not t.passable or t.water:
            return False
        levels.add(c.level)
    if len(levels) != 1:
        return False
    for i, a in enumerate(hexes):
        for b in hexes[i + 1 :]:
            if a.distance(b) == 1 and Edge(a, b) in board.edges:
                return False
    return True


def queen_footprints(board: Board) -> list[list[Hex]]:
    """Every place the Queen fits: a hex and its six neighbours."""
    out = []
    for h in board.cells:
        hexes = [h, *h.neighbours()]
        if _stands(board, hexes):
            out.append(hexes)
    return out


def guard_footprints(board: Board) -> list[list[Hex]]:
    """Every place a Guard fits: three mutually adjacent hexes."""
    out = []
    for h in board.cells:
        for i in range(2):  # two triangles per hex cover every triangle once
            hexes = [h, h + DIRECTIONS[i], h + DIRECTIONS[i + 1]]
            if _stands(board, hexes):
                out.append(hexes)
    return out


def guard_only_hexes(board: Board) -> set[Hex]:
    """Hexes a Guard can stand on that no placement of the Queen covers."""
    queen = {h for fp in queen_footprints(board) for h in fp}
    guard = {h for fp in guard_footprints(board) for h in fp}
    return guard - queen


def too_narrow_hexes(board: Board) -> set[Hex]:
    """Passable dry hexes on which neither the Queen nor a Guard can stand."""
    guard = {h for fp in guard_footprints(board) for h in fp}
    return {h for h, _ in nodes(board) if not is_water(board, h) and h not in guard}
