"""Painting boards where they lie in a layout: a hex of the composed map is a hex of one
board (two or more on a seam), turned with its board; an edit made there goes to each of
those boards, and the composed map is brought up to date hex by hex.

The designer paints on what they see: the layout's composed map, boards turned 180
degrees included. `halves` finds the boards under a hex of the canvas (`Canvas`, the
editor's picture of the layout) and the local hex on each; `paint` and `set_side` make the
board edits (`board_doc`'s `SetCells`, `SetEdges`) for each board and wrap them in one
layout edit, `PaintBoards`, whose inverse is the boards' inverses (edits.py). A seam hex
is painted on every board it straddles, so the composed hex shows the paint whatever the
seam rule ("the less passable half wins") would make of two different halves.

The boards painted are the layout document's own `Placement.board` objects (the editor's
`BoardLibrary` boards), changed in place as board mode changes its board, so the canvas'
preview boards (which share their cells and sides) follow; `recompose` then works out
again the composed map's cells and sides around the changed hexes only (the seam rule
included), which is what keeps a brush stroke over six boards cheap. `LayoutDocument`
remembers which board files were painted (`painted`) and saves them with the layout.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from dragonnoir.editor.board_doc import BoardDocument, SetCells, SetEdges
from dragonnoir.editor.edits import Edit, EditError
from dragonnoir.editor.layout_doc import Canvas, LayoutDocument
from dragonnoir.editor.words import feature_word
from dragonnoir.hexmap.board import Cell, EdgeFeature
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.layout import EDGE_FEATURE_STRENGTH, Placement
from dragonnoir.i18n import _


@dataclass(frozen=True, slots=True)
class PaintBoards:
    """Board edits made on a layout's composed map, as one layout edit: each step is a
    board file and an edit of that board. `hexes` are the canvas hexes whose look the
    edit changes (the same canvas every time it or its inverse is applied: the history
    is linear, so the layout's boards are where they were when it was made)."""

    steps: tuple[tuple[Path, Edit[BoardDocument]], ...]
    hexes: frozenset[Hex]
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or (self.steps[0][1].label if self.steps else _("Paint"))

    def apply(self, doc: LayoutDocument) -> PaintBoards:
        inverses: list[tuple[Path, Edit[BoardDocument]]] = []
        try:
            for file, edit in self.steps:
                inverses.append((file, edit.apply(doc.board_doc(file))))
        except EditError:
            for file, inverse in reversed(inverses):
                inverse.apply(doc.board_doc(file))
            raise
        doc.painted.update(file for file, _ in self.steps)
        return PaintBoards(tuple(reversed(inverses)), self.hexes, self.name)

    def touched(self) -> frozenset[Hex]:
        return self.hexes


def halves(doc: LayoutDocument, canvas: Canvas, h: Hex) -> list[tuple[Placement, Hex]]:
    """The document's boards under canvas hex `h` (one, or two to four on seams), each
    with the local hex there, in layout order. The canvas' first placements are the
    document's, in the same order (`LayoutDocument.canvas`)."""
    layout = canvas.layout
    out = []
    for i, p in enumerate(doc.placements):
        local = layout.to_local(i, h)
        if local in p.board.cells:
            out.append((p, local))
    return out


def _file(p: Placement) -> Path:
    if p.file is None:
        raise EditError(
            _("{p} has no file: save that board first (board mode)").format(p=p.describe())
        )
    return _resolved(p.file)


@functools.lru_cache(maxsize=64)
def _resolved(path: Path) -> Path:
    """`path.resolve()`, once per path (it asks the file system: a brush step asks for
    the same few board files many times)."""
    return Path(path).resolve()


def paint(
    doc: LayoutDocument,
    canvas: Canvas,
    hexes: Iterable[Hex],
    change: Callable[[Cell], Cell],
    name: str = "",
) -> PaintBoards | None:
    """The edit giving each board half of canvas `hexes` the cell `change` makes of it;
    None when nothing would change (a brush held still adds no undo step)."""
    per_board: dict[Path, dict[Hex, Cell]] = {}
    touched: set[Hex] = set()
    for h in hexes:
        for p, local in halves(doc, canvas, h):
            old = p.board.cells[local]
            new = change(old)
            if new != old:
                per_board.setdefault(_file(p), {})[local] = new
                touched.add(h)
    if not per_board:
        return None
    steps = tuple(
        (file, SetCells(tuple(changes.items()), name)) for file, changes in per_board.items()
    )
    # Every place a changed board lies (a board placed twice changes in both).
    return PaintBoards(steps, frozenset(_everywhere(doc, canvas, steps)) | touched, name)


def set_side(
    doc: LayoutDocument, canvas: Canvas, edge: Edge, feature: EdgeFeature | None, name: str = ""
) -> PaintBoards | None:
    """The edit putting `feature` (None: nothing) on canvas side `edge`, on every board
    the side touches (a side along a seam is both boards'); None when nothing changes."""
    steps: list[tuple[Path, Edit[BoardDocument]]] = []
    layout = canvas.layout
    for i, p in enumerate(doc.placements):
        local = Edge(layout.to_local(i, edge.a), layout.to_local(i, edge.b))
        if local.a not in p.board.cells and local.b not in p.board.cells:
            continue
        if p.board.edges.get(local) == feature:
            continue
        steps.append((_file(p), SetEdges(((local, feature),), name)))
    if not steps:
        return None
    hexes = frozenset(_everywhere(doc, canvas, steps)) | {edge.a, edge.b}
    return PaintBoards(tuple(steps), hexes, name or _side_label(feature))


def _side_label(feature: EdgeFeature | None) -> str:
    if feature is None:
        return _("Clear a side")
    return _("Side: {feature}").format(feature=feature_word(feature))


def _everywhere(
    doc: LayoutDocument, canvas: Canvas, steps: Iterable[tuple[Path, Edit[BoardDocument]]]
) -> set[Hex]:
    """The canvas hexes of every place where the boards of `steps` lie."""
    out: set[Hex] = set()
    layout = canvas.layout
    for file, edit in steps:
        local = edit.touched() or frozenset()
        for i, p in enumerate(doc.placements):
            if p.file is not None and _resolved(p.file) == file:
                out.update(layout.to_global(i, h) for h in local)
    return out


def recompose(doc: LayoutDocument, canvas: Canvas, hexes: Iterable[Hex]) -> None:
    """Bring the canvas' composed map up to date at `hexes` after their boards changed:
    each hex's cell from its halves (the seam rule: the less passable half wins, level and
    walkway from the winner), and each of its sides the strongest feature the boards give
    it (hexmap.layout's compose, for these hexes only)."""
    layout = canvas.layout
    cells, edges = layout.map.cells, layout.map.edges
    table = doc.table
    places = doc.placements
    covers: dict[Hex, list[tuple[int, Hex]]] = {}

    def cover(h: Hex) -> list[tuple[int, Hex]]:
        """The placements under `h` (by index) and the local hex on each."""
        found = covers.get(h)
        if found is None:
            found = []
            for i, p in enumerate(places):
                local = layout.to_local(i, h)
                if local in p.board.cells:
                    found.append((i, local))
            covers[h] = found
        return found

    around: set[Edge] = set()
    for h in hexes:
        here = [places[i].board.cells[local] for i, local in cover(h)]
        if here:
            winner = here[0].terrain
            for half in here[1:]:
                winner = table.seam_winner(winner, half.terrain)
            cells[h] = next(c for c in here if c.terrain == winner)
        around.update(Edge(h, n) for n in h.neighbours())
    for edge in around:
        # A side is on a board when one of its hexes is (a board's outer sides count).
        boards = {i for i, _ in cover(edge.a)} | {i for i, _ in cover(edge.b)}
        strongest: EdgeFeature | None = None
        for i in boards:
            board_edges = places[i].board.edges
            if not board_edges:
                continue
            local = Edge(layout.to_local(i, edge.a), layout.to_local(i, edge.b))
            feature = board_edges.get(local)
            if feature is not None and (
                strongest is None
                or EDGE_FEATURE_STRENGTH[feature] > EDGE_FEATURE_STRENGTH[strongest]
            ):
                strongest = feature
        if strongest is None:
            edges.pop(edge, None)
        else:
            edges[edge] = strongest
