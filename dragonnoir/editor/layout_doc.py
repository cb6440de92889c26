"""A layout being composed in the editor, the edits that change it, and what the editor
shows while it is composed: the joins (legal or not, and why), the seams' terrain, a
preview of the composed map even while a join is still wrong.

The document holds `hexmap.layout.Placement`s, so composing is `layout.compose` itself and
a legal document is exactly what `load_layout` would build from the saved file. Positions
may go negative while the designer drags boards around; the saved file is shifted so its
rows and columns start at 0 (compose does the same).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from dragonnoir.editor import copies
from dragonnoir.editor import validate as v
from dragonnoir.editor.board_doc import BoardDocument
from dragonnoir.editor.copies import Copied
from dragonnoir.editor.edits import EditError
from dragonnoir.editor.validate import R_MAPS, Namer, Problem, validate_board
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.board import BOARD_GRID, Board, Side, SideLabel
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.hexmap.layout import (
    ROTATIONS,
    Layout,
    Placement,
    compose,
    export_layout_tmx,
    read_layout_file,
)
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.hexmap.tiled import Point
from dragonnoir.i18n import _
from dragonnoir.safe_write import write_text
from dragonnoir.tileset_copies import tilesets_for_export

#: Labels given to stand-in boards so that any arrangement composes for the preview.
_NEUTRAL_ARROWS: Final = "any"


class BoardLibrary:
    """Boards read once per file (the palette and the layouts share them)."""

    def __init__(self, table: TerrainTable | None = None) -> None:
        self.table = table or default_terrain_table()
        self.boards: dict[Path, Board] = {}

    def load(self, path: Path | str) -> Board:
        p = Path(path).resolve()
        board = self.boards.get(p)
        if board is None:
            board = board_io.load_board(p, self.table)
            self.boards[p] = board
        return board

    def forget(self, path: Path | str) -> None:
        """Drop a file's board (it was edited and saved: read it again next time)."""
        self.boards.pop(Path(path).resolve(), None)


@dataclass
class LayoutDocument:
    """A layout open in the editor and the file it came from (None: never saved)."""

    name: str = field(default_factory=lambda: _("New layout"))
    placements: list[Placement] = field(default_factory=list)
    path: Path | None = None
    table: TerrainTable = field(default_factory=default_terrain_table)
    #: Board files painted on the layout (layout_paint.py) since they were last saved.
    painted: set[Path] = field(default_factory=set, compare=False)
    #: What the last save copied of the game's own files (the layout, its boards).
    copied: list[Copied] = field(default_factory=list, compare=False)

    @property
    def title(self) -> str:
        return self.path.name if self.path is not None else _("{name} (new)").format(name=self.name)

    def at(self, row: int, col: int) -> Placement | None:
        return next((p for p in self.placements if (p.row, p.col) == (row, col)), None)

    def board_doc(self, file: Path) -> BoardDocument:
        """The board of file `file` as the layout holds it, as a board document (edits
        change the placement's board itself: every place it lies shows them)."""
        target = Path(file).resolve()
        for p in self.placements:
            if p.file is not None and Path(p.file).resolve() == target:
                return BoardDocument(p.board, Path(p.file), self.table)
        raise EditError(_("no board of file {name} in this layout").format(name=target.name))

    def save_painted(self) -> list[Path]:
        """Write the boards painted on the layout to their files (atomically), so the
        layout file, which names them, shows the paint; returns the files written. A
        shipped board painted goes to the player's copy (`copied`), which its
        placements then name."""
        written = []
        for file in sorted(self.painted):
            doc = self.board_doc(file)
            written.append(doc.save())
            if doc.copied is not None:
                self.copied.append(doc.copied)
                for i, p in enumerate(self.placements):
                    if p.file is not None and Path(p.file).resolve() == file.resolve():
                        self.placements[i] = replace(p, file=doc.copied.path)
        self.painted.clear()
        return written

    # -- files -------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, library: BoardLibrary | None = None) -> LayoutDocument:
        """Read a layout file and its boards. Unlike `load_layout`, joins that break the
        rules do not stop it: the editor opens the layout to mend them."""
        src = Path(path)
        lib = library or BoardLibrary()
        name, entries = read_layout_file(src)
        places = [
            Placement(lib.load(file), row, col, rotation, file=file)
            for file, row, col, rotation in entries
        ]
        return cls(name, places, src, lib.table)

    def toml(self, path: Path, files: Mapping[Path, Path] | None = None) -> str:
        """The layout file's text for a file at `path` (board files relative to it);
        `files` names other files for some boards (the autosave's copies of the boards
        painted on the layout)."""
        if not self.placements:
            raise EditError(_("a layout needs at least one board"))
        min_row = min(p.row for p in self.placements)
        min_col = min(p.col for p in self.placements)
        lines = [
            '# A Dragon Noir layout (docs/map-format.md, "Layouts"), made in the map editor.',
            "",
            f"name = {json.dumps(self.name, ensure_ascii=False)}",
        ]
        folder = path.resolve().parent
        for p in self.placements:
            if p.file is None:
                raise EditError(
                    _("{p} was never saved to a file: save the board first").format(p=p.describe())
                )
            file = (files or {}).get(Path(p.file).resolve(), p.file)
            rel = Path(_relpath(file, folder)).as_posix()
            lines += [
                "",
                "[[board]]",
                f"file = {json.dumps(rel, ensure_ascii=False)}",
                f"row = {p.row - min_row}",
                f"col = {p.col - min_col}",
                f"rotation = {p.rotation}",
            ]
        return "\n".join(lines) + "\n"

    def save(self, path: Path | str | None = None) -> Path:
        """Write the layout TOML (atomically) to `path` or where it came from, and the
        boards painted on it to their own files first; a shipped layout or board goes
        to the player's copy (`copied` says which)."""
        copied = copies.copy_for("layout", self.path, path, self.name)
        self.copied = [copied] if copied is not None else []
        if copied is not None:
            path, self.name = copied.path, copied.copy_name
        target = Path(path) if path is not None else self.path
        if target is None:
            raise EditError(_("this layout has never been saved: choose a file name"))
        self.toml(target)  # a board never saved stops it before anything is written
        self.save_painted()
        write_text(target, self.toml(target))  # naming the copies of painted boards
        self.path = target
        return target

    def compose(self) -> Layout:
        """The composed layout (a `LayoutError` naming the first bad join)."""
        return compose(self.placements, self.name, self.table, source=self.path)

    def export_tmx(self, path: Path | str) -> Path:
        """Write the composed map as one TMX that Tiled opens (joins must be legal)."""
        out = Path(path)
        export_layout_tmx(self.compose(), out, tilesets_for_export(out))
        return out

    # -- what the editor shows -----------------------------------------------------------

    def preview(self) -> Layout | None:
        """The composed map of the boards as they lie, even when joins break the rules
        (the boards' side labels are neutralised for the preview only), or None without
        boards or when their sizes differ."""
        if not self.placements:
            return None
        try:
            return compose(self._stand_ins(), self.name, self.table)
        except DataFileError:
            return None

    def canvas(self, size: tuple[int, int] = (27, 19)) -> Canvas | None:
        """The preview with a free ring of grid positions around it, where boards can be
        dropped: the composed map of the boards plus two empty stand-in boards at the
        corners of the ring (they have no cells, so nothing is drawn there, but the map
        and its pixels extend over the ring). `size` is the board size when the layout
        is empty. None when the boards' sizes differ."""
        stand_ins = self._stand_ins()
        if stand_ins:
            first = stand_ins[0].board
            w, h, grid = first.width, first.height, first.grid
            rows = [p.row for p in stand_ins]
            cols = [p.col for p in stand_ins]
        else:
            w, h = size
            grid = BOARD_GRID
            rows, cols = [0], [0]
        empty = Board("", "", w, h, {}, grid=grid)
        corners = [
            Placement(empty, min(rows) - 1, min(cols) - 1),
            Placement(empty, max(rows) + 1, max(cols) + 1),
        ]
        try:
            layout = compose([*stand_ins, *corners], self.name, self.table)
        except DataFileError:
            return None
        return Canvas(layout, min(rows) - 1, min(cols) - 1, w, h)

    def _stand_ins(self) -> list[Placement]:
        return [
            replace(
                p,
                board=replace(
                    p.board, side_top=SideLabel.X, side_bottom=SideLabel.X, arrows=_NEUTRAL_ARROWS
                ),
            )
            for p in self.placements
        ]

    def joins(self) -> list[Join]:
        """Every pair of boards that touch along a side, with the verdict on the join."""
        out: list[Join] = []
        for p in self.placements:
            below = self.at(p.row + 1, p.col)
            if below is not None:
                a, b = p.side_label(Side.BOTTOM), below.side_label(Side.TOP)
                why = ""
                if a != b:
                    why = _(
                        "{name} shows {value} at the bottom, {name2} shows {value2} on top: side "
                        "X goes with X and Y with Y"
                    ).format(
                        name=p.board.name, value=a.value, name2=below.board.name, value2=b.value
                    )
                out.append(Join(p, below, True, not why, why))
            right = self.at(p.row, p.col + 1)
            if right is not None:
                why = ""
                if p.arrows != right.arrows:
                    why = _(
                        "{name}'s arrows point {arrows}, {name2}'s point {arrows2}: across the "
                        "width the arrows point the same way"
                    ).format(
                        name=p.board.name,
                        arrows=p.arrows,
                        name2=right.board.name,
                        arrows2=right.arrows,
                    )
                out.append(Join(p, right, False, not why, why))
        return out

    def problems(self, layout: Layout | None = None) -> list[Problem]:
        """The joins that break the rules, then the composed map's design problems (places
        no one reaches, exits no entry leads to...), named by board and board cell."""
        out = [Problem(R_MAPS, j.reason) for j in self.joins() if not j.ok]
        sizes = {(p.board.width, p.board.height) for p in self.placements}
        if len(sizes) > 1:
            out.append(Problem(R_MAPS, _("all boards of a layout must be the same size")))
        lay = layout if layout is not None else self.preview()
        if lay is not None:
            out += layout_problems(lay, self.table)
        return out


def layout_problems(layout: Layout, table: TerrainTable | None = None) -> list[Problem]:
    """The composed map's design problems worth showing on a layout: places no one
    reaches and exits no entry leads to, named by board and board cell (a board's own
    problems are shown in board mode, and a seam may legitimately close a board's
    entry)."""
    found = validate_board(layout.map, table, layout_namer(layout))
    return [p for p in found if _layout_wide(p)]


def _layout_wide(p: Problem) -> bool:
    """Problems worth showing on a layout: the walking ones (a board's own problems are
    shown in board mode, and a seam may legitimately close an entry of a board)."""
    return p.rule in (v.R_MOVEMENT, v.R_EXITS)


def _relpath(path: Path, folder: Path) -> str:
    return os.path.relpath(path, folder)


def layout_namer(layout: Layout) -> Namer:
    """Name a global hex by the board(s) it is on and the cell there: `fosse cell (3, 4)`."""

    def name(h: Hex) -> str:
        found = layout.boards_of(h)
        if not found:
            col, row = layout.grid.to_cell(h)
            return _("map cell ({col}, {row})").format(col=col, row=row)
        p, local = found[0]
        col, row = p.board.grid.to_cell(local)
        return _("{id} cell ({col}, {row})").format(id=p.board.id, col=col, row=row)

    return name


@dataclass(frozen=True, slots=True)
class Canvas:
    """The editor's picture of a layout: the composed map (`layout`, whose placements are
    the document's boards in order, then two empty corner stand-ins) and the grid
    position of its top-left corner, so any grid position has a place on it."""

    layout: Layout
    row0: int
    col0: int
    width: int
    height: int

    @property
    def board_count(self) -> int:
        return len(self.layout.placements) - 2

    def slot_rect(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) in map pixels of grid position (row, col): the
        lines through its half hexes' centres, as `Layout.board_rect`."""
        dc = (col - self.col0) * (self.width - 1)
        dr = (row - self.row0) * (self.height - 1)
        grid = self.layout.grid
        left, top = grid.cell_centre(dc, dr)
        right, bottom = grid.cell_centre(dc + self.width - 1, dr + self.height - 1)
        return (left, top, right, bottom)

    def slot_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The grid position whose rectangle holds map pixel (x, y), None off the canvas."""
        rows = self.layout.grid_rows
        cols = self.layout.grid_cols
        for row in range(self.row0, self.row0 + rows):
            for col in range(self.col0, self.col0 + cols):
                left, top, right, bottom = self.slot_rect(row, col)
                if left <= x < right and top <= y < bottom:
                    return (row, col)
        return None


@dataclass(frozen=True, slots=True)
class Join:
    """Two boards touching along a side: `b` is below `a` (vertical) or right of it."""

    a: Placement
    b: Placement
    vertical: bool
    ok: bool
    reason: str = ""

    def segment(self, layout: Layout) -> tuple[Point, Point]:
        """The seam line in the composed map's pixels (the preview of this document)."""
        ia = next(i for i, p in enumerate(layout.placements) if (p.row, p.col) == _pos(self.a))
        left, top, right, bottom = layout.board_rect(ia)
        if self.vertical:
            return ((left, bottom), (right, bottom))
        return ((right, top), (right, bottom))


def _pos(p: Placement) -> tuple[int, int]:
    return (p.row, p.col)


@dataclass(frozen=True, slots=True)
class SeamHex:
    """A hex shared by boards whose halves differ, and the terrain the seam rule gives it."""

    hex: Hex
    halves: tuple[tuple[str, str], ...]  # (board id, terrain id) in layout order
    winner: str


def seam_report(layout: Layout) -> list[SeamHex]:
    """The seam hexes whose halves disagree (docs/map-format.md "Seams": the less passable
    half wins), row by row: where a gallery stops at a closed neighbour."""
    out = []
    for h in sorted(layout.seam_hexes(), key=lambda x: (x.r, x.q)):
        halves = tuple(
            (p.board.id, p.board.cells[local].terrain) for p, local in layout.boards_of(h)
        )
        if len({t for _, t in halves}) > 1:
            out.append(SeamHex(h, halves, layout.map.cells[h].terrain))
    return out


# -- edits -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PutPlacement:
    """Put a board at grid position (row, col), replace the one there (keeping its place
    in layout order) or, with `placement` None, take it away. `index` is where a new one
    goes in layout order (default: last)."""

    row: int
    col: int
    placement: Placement | None
    index: int | None = None

    @property
    def label(self) -> str:
        if self.placement is None:
            return _("Remove the board at row {row}, col {col}").format(row=self.row, col=self.col)
        if self.placement.rotated:
            said = _("{board} at row {row}, col {col}, turned")
        else:
            said = _("{board} at row {row}, col {col}")
        return said.format(board=self.placement.board.name, row=self.row, col=self.col)

    def apply(self, doc: LayoutDocument) -> PutPlacement:
        p = self.placement
        if p is not None:
            if (p.row, p.col) != (self.row, self.col):
                raise EditError(
                    _("{p} given for row {row}, col {col}").format(
                        p=p.describe(), row=self.row, col=self.col
                    )
                )
            if p.rotation not in ROTATIONS:
                raise EditError(
                    _("{p}: rotation must be 0 or 180, not {rotation}").format(
                        p=p.describe(), rotation=p.rotation
                    )
                )
            others = [q for q in doc.placements if (q.row, q.col) != (self.row, self.col)]
            if others and (others[0].board.width, others[0].board.height) != (
                p.board.width,
                p.board.height,
            ):
                first = others[0].board
                raise EditError(
                    _(
                        "{name} is {width} x {height} cells but this layout's boards are {width2} "
                        "x {height2}"
                    ).format(
                        name=p.board.name,
                        width=p.board.width,
                        height=p.board.height,
                        width2=first.width,
                        height2=first.height,
                    )
                )
        at = next(
            (i for i, q in enumerate(doc.placements) if (q.row, q.col) == (self.row, self.col)),
            None,
        )
        old = doc.placements[at] if at is not None else None
        if at is not None:
            if p is None:
                del doc.placements[at]
            else:
                doc.placements[at] = p
        elif p is not None:
            doc.placements.insert(len(doc.placements) if self.index is None else self.index, p)
        return PutPlacement(self.row, self.col, old, at)

    def touched(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class SetLayoutName:
    layout_name: str

    @property
    def label(self) -> str:
        return _("Name the layout {layout_name!r}").format(layout_name=self.layout_name)

    def apply(self, doc: LayoutDocument) -> SetLayoutName:
        if not self.layout_name.strip():
            raise EditError(_("a layout needs a name"))
        old = doc.name
        doc.name = self.layout_name
        return SetLayoutName(old)

    def touched(self) -> frozenset[Hex]:
        return frozenset()


def place(
    doc: LayoutDocument, board: Board, file: Path | None, row: int, col: int, rotation: int = 0
) -> PutPlacement:
    """The edit putting `board` at (row, col)."""
    return PutPlacement(row, col, Placement(board, row, col, rotation, file=file))


def turn(doc: LayoutDocument, row: int, col: int) -> PutPlacement | None:
    """The edit turning the board at (row, col) by 180 degrees (None: no board there)."""
    p = doc.at(row, col)
    if p is None:
        return None
    return PutPlacement(row, col, replace(p, rotation=180 - p.rotation))


def move(
    doc: LayoutDocument, source: tuple[int, int], target: tuple[int, int]
) -> Sequence[PutPlacement] | None:
    """The edits moving the board at `source` to `target` (swapping with a board there);
    None when there is no board at `source` or it does not move."""
    p = doc.at(*source)
    if p is None or source == target:
        return None
    other = doc.at(*target)
    edits = [PutPlacement(*source, None)]
    if other is not None:
        edits = [
            PutPlacement(*target, None),
            PutPlacement(*source, replace(other, row=source[0], col=source[1])),
        ]
    edits.append(PutPlacement(*target, replace(p, row=target[0], col=target[1])))
    return edits


def legal_spots(doc: LayoutDocument, board: Board) -> dict[tuple[int, int, int], str]:
    """For `board` dropped next to the layout: every free grid position touching it and
    each rotation, with "" when every join there is legal or the first reason why not
    (the editor snaps a dragged board to the legal ones)."""
    if not doc.placements:
        return {(0, 0, 0): "", (0, 0, 180): ""}
    spots: dict[tuple[int, int, int], str] = {}
    taken = {(p.row, p.col) for p in doc.placements}
    around = {
        (r + dr, c + dc) for r, c in taken for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
    } - taken
    for row, col in sorted(around):
        for rotation in ROTATIONS:
            trial = LayoutDocument(doc.name, [*doc.placements], table=doc.table)
            trial.placements.append(Placement(board, row, col, rotation))
            bad = [
                j.reason
                for j in trial.joins()
                if not j.ok and _pos(trial.placements[-1]) in (_pos(j.a), _pos(j.b))
            ]
            spots[(row, col, rotation)] = bad[0] if bad else ""
    return spots
