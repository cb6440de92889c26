"""The map editor's two modes: composing a layout and painting a board.

A mode owns its document and undo history (`dragonnoir/editor`), its map view and what it
draws over the map (seams, slots, zones, problems, the brush), and turns the mouse on the
map into edits. The scene (`ui/editor_scene.py`) owns the window: the widgets, the files,
the prompts. Every edit goes through `Mode.do`, which records it, redraws what it touched
and validates again, so undo, redo and painting all show the same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import pygame

from dragonnoir import resources
from dragonnoir.editor import board_doc as bd
from dragonnoir.editor import layout_doc as ld
from dragonnoir.editor import layout_paint as lp
from dragonnoir.editor.edits import Edit, EditError, batch
from dragonnoir.editor.history import History
from dragonnoir.editor.validate import Problem, validate_board
from dragonnoir.editor.words import (
    COVER_WORDS,
    ZONE_KIND_WORDS,
    data_word,
    feature_word,
    word,
)
from dragonnoir.hexmap.board import LEVELS, Board, Cell, EdgeFeature, ZoneKind
from dragonnoir.hexmap.hexes import Edge, Hex, line, spiral
from dragonnoir.hexmap.terrain import TerrainTable
from dragonnoir.i18n import N_, NP_, _, current, ngettext, pgettext
from dragonnoir.narration.names import data_name
from dragonnoir.render.board_view import ZONE_COLOURS
from dragonnoir.render.editable_view import EditableBoardView
from dragonnoir.render.fonts import ui_font
from dragonnoir.ui.map_view import MapControl
from dragonnoir.ui.text_wrap import wrap_text

GOOD = (70, 220, 110)
BAD = (240, 60, 60)
STOP = (255, 170, 40)
SLOT = (120, 110, 95)
PROBLEM = (255, 60, 60)
BRUSH = (255, 235, 120)

#: Pan keys of the editor's map: arrows only (letters are the tools' shortcuts).
PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
LEVEL_NAMES = {lv: f"{lv:+g}" if lv else "0" for lv in LEVELS}


def to_screen(control: MapControl, x: float, y: float) -> tuple[int, int]:
    sx, sy = control.camera.to_screen(x, y)
    return (control.viewport.x + round(sx), control.viewport.y + round(sy))


def to_map(control: MapControl, pos: tuple[int, int]) -> tuple[float, float]:
    vp = control.viewport
    return control.camera.to_map(pos[0] - vp.x, pos[1] - vp.y)


def hex_outline(
    screen: pygame.Surface,
    control: MapControl,
    h: Hex,
    colour: tuple[int, int, int],
    width: int = 2,
) -> None:
    pts = [to_screen(control, x, y) for x, y in control.view.grid.hex_polygon(h)]
    pygame.draw.polygon(screen, colour, pts, width)


D = TypeVar("D")


class Mode(Generic[D]):
    """What both modes share: a document, its history, problems, and the map control."""

    name: ClassVar[str] = ""
    history: History[D]
    control: MapControl | None = None
    problems: list[Problem]

    def __init__(self) -> None:
        self.problems = []
        self.message = ""

    # -- documents -----------------------------------------------------------------

    @property
    def modified(self) -> bool:
        return self.history.modified

    def title(self) -> str:
        raise NotImplementedError

    def do(self, edit: Edit[D] | None) -> bool:
        """Apply an edit through the history; a refused one becomes the status message."""
        if edit is None:
            return False
        try:
            self.history.do(edit)
        except EditError as exc:
            self.message = str(exc)
            return False
        self.message = edit.label
        self.changed(edit.touched())
        return True

    def undo(self) -> None:
        label = self.history.undo_label()
        if label is None:
            self.message = _("Nothing to undo")
            return
        self.changed(self.history.undo())
        self.message = _("Undone: {change}").format(change=label)
        self.revalidate()

    def redo(self) -> None:
        label = self.history.redo_label()
        if label is None:
            self.message = _("Nothing to redo")
            return
        self.changed(self.history.redo())
        self.message = _("Redone: {change}").format(change=label)
        self.revalidate()

    def changed(self, touched: frozenset[Hex] | None) -> None:
        """Redraw what an edit touched (None: everything)."""

    def revalidate(self) -> None:
        raise NotImplementedError

    # -- the map -------------------------------------------------------------------

    def make_control(self, viewport: pygame.Rect) -> MapControl:
        raise NotImplementedError

    def map_event(self, event: pygame.event.Event) -> bool:
        """A mouse or key event over the map; True when used."""
        return False

    def draw_overlay(self, screen: pygame.Surface) -> None:
        """Draw over the map (clipped to the viewport by the caller)."""

    def hover_lines(self) -> list[str]:
        return []

    def key(self, event: pygame.event.Event) -> bool:
        return False


# -- layout mode ------------------------------------------------------------------------


@dataclass(frozen=True)
class PaletteEntry:
    """A board the layout palette offers."""

    path: Path
    board: Board

    @property
    def label(self) -> str:
        return f"{self.board.name} ({self.board.id})"


#: Layout mode's tools: arranging boards, or painting them where they lie.
LAYOUT_TOOLS: tuple[tuple[str, str], ...] = (
    ("arrange", N_("Arrange boards")),
    ("terrain", N_("Paint terrain")),
    ("level", N_("Paint level")),
    ("walkway", N_("Paint walkway")),
    ("side", N_("Side feature")),
)
LAYOUT_TOOL_HINTS: dict[str, str] = {
    "arrange": N_("Click a free place to put a board; drag to move, R turns, right click removes"),
    "terrain": N_("Paint the boards where they lie; right click picks the terrain under the mouse"),
    "level": N_("Paint levels on the boards where they lie"),
    "walkway": N_("Paint walkways on the boards where they lie"),
    "side": N_(
        "Click near a side to set it (a seam's side goes on both boards); right click clears"
    ),
}


class LayoutMode(Mode[ld.LayoutDocument]):
    """Compose boards on the layout grid: place, turn, move, remove; joins checked live."""

    name = "layout"

    def __init__(self, library: ld.BoardLibrary, doc: ld.LayoutDocument | None = None) -> None:
        super().__init__()
        self.library = library
        self.doc = doc or ld.LayoutDocument()
        self.history = History(self.doc)
        self.palette: list[PaletteEntry] = []
        self.palette_errors: list[str] = []
        self.load_palette()
        self.choice = 0
        #: The turn given to the next board placed.
        self.rotation = 0
        self.canvas: ld.Canvas | None = None
        self.joins: list[ld.Join] = []
        self.seams: list[ld.SeamHex] = []
        self.dragging: tuple[int, int] | None = None
        self.mouse_slot: tuple[int, int] | None = None
        self.revision = 0
        self._spots_key: object = None
        self._spots: dict[tuple[int, int, int], str] = {}
        # Painting on the boards as they lie (layout_paint.py): "arrange" moves boards.
        self.tool = "arrange"
        table = self.doc.table
        self.terrain = "cave_floor" if "cave_floor" in table else table.ids()[0]
        self.level = 0.0
        self.walkway: str | None = "walkway"
        self.feature: EdgeFeature | None = EdgeFeature.WALL
        self.radius = 0
        self.stroke: Hex | None = None
        self.side_stroke: Edge | None = None
        self.erasing = False
        self.mouse: tuple[int, int] = (0, 0)
        self.view: EditableBoardView | None = None
        #: A board file open in board mode with unsaved changes (the scene says which):
        #: not painted here, or one of the two versions would be lost on saving.
        self.held: Path | None = None
        self.refresh()

    def load_palette(self, extra: Sequence[Path] = ()) -> None:
        """The boards the palette offers: the player's, the shipped ones, and `extra`."""
        paths = [item.path for item in resources.items("maps")] + list(extra)
        seen: set[Path] = {e.path for e in self.palette}
        for path in paths:
            p = path.resolve()
            if p in seen:
                continue
            seen.add(p)
            try:
                self.palette.append(PaletteEntry(p, self.library.load(p)))
            except Exception as exc:  # a broken board is a line in the palette, not a crash
                self.palette_errors.append(f"{path.name}: {exc}")

    @property
    def chosen(self) -> PaletteEntry | None:
        return self.palette[self.choice] if 0 <= self.choice < len(self.palette) else None

    def title(self) -> str:
        return _("Layout: {title}").format(title=self.doc.title)

    # -- state after edits -------------------------------------------------------------

    def refresh(self) -> None:
        """Compose the canvas again and judge the joins (after any layout edit)."""
        self.revision += 1
        self.canvas = self.doc.canvas()
        self.joins = self.doc.joins()
        self.seams = ld.seam_report(self.canvas.layout) if self.canvas else []
        if self.control is not None and self.canvas is not None:
            old = self.control
            self.control = self._control_for(old.viewport)
            # Keep the player's view where it was (the canvas grows by whole boards).
            self.control.camera.zoom = old.camera.zoom
            self.control.camera.x, self.control.camera.y = old.camera.x, old.camera.y
            self.control.camera.clamp()
        self.revalidate()

    def changed(self, touched: frozenset[Hex] | None) -> None:
        """A layout edit composes the canvas again; paint (the hexes it touched) brings
        the composed map up to date at those hexes and repaints only their area."""
        if not touched or self.canvas is None:
            self.refresh()
            return
        lp.recompose(self.doc, self.canvas, touched)
        if self.view is not None:
            self.view.repaint(touched)
        if any(self.canvas.layout.is_seam(h) for h in touched):
            self.seams = ld.seam_report(self.canvas.layout)

    def spots(self, entry: PaletteEntry) -> dict[tuple[int, int, int], str]:
        """`legal_spots` of a palette board, kept until the layout changes (the hover
        outline and panel ask every frame)."""
        key = (entry.path, self.revision)
        if self._spots_key != key:
            self._spots_key = key
            self._spots = ld.legal_spots(self.doc, entry.board)
        return self._spots

    def revalidate(self) -> None:
        self.problems = self.doc.problems(self.canvas.layout if self.canvas else None)

    def make_control(self, viewport: pygame.Rect) -> MapControl:
        self.control = self._control_for(viewport)
        return self.control

    def _control_for(self, viewport: pygame.Rect) -> MapControl:
        assert self.canvas is not None
        # An editable view: painting repaints the changed hexes' area only.
        self.view = EditableBoardView(self.canvas.layout.map, table=self.doc.table)
        return MapControl(self.canvas.layout.map, viewport, PAN_KEYS, view=self.view)

    # -- acting --------------------------------------------------------------------

    def slot_under(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if self.control is None or self.canvas is None:
            return None
        if not self.control.viewport.collidepoint(pos):
            return None
        return self.canvas.slot_at(*to_map(self.control, pos))

    def place_at(self, slot: tuple[int, int]) -> bool:
        """Put the palette's board at `slot`, turned the way that joins legally if the
        chosen turn does not (snapping), and say which joins are wrong if neither does."""
        entry = self.chosen
        if entry is None:
            self.message = _("Choose a board in the palette first")
            return False
        spots = self.spots(entry)
        row, col = slot
        rotation = self.rotation
        if spots and (row, col, rotation) not in spots:
            self.message = _("Boards are placed next to the layout's boards (side by side)")
            return False
        why = spots.get((row, col, rotation), "")
        other = 180 - rotation
        if why and spots.get((row, col, other)) == "":
            rotation, why = other, ""
        done = self.do(ld.place(self.doc, entry.board, entry.path, row, col, rotation))
        if done:
            if rotation:
                placed = _("{board} placed at row {row}, col {col} turned 180°")
            else:
                placed = _("{board} placed at row {row}, col {col}")
            self.message = placed.format(board=entry.board.name, row=row, col=col)
            if why:
                self.message += _(" — but {why}").format(why=why)
        return done

    def turn_at(self, slot: tuple[int, int] | None) -> None:
        edit = ld.turn(self.doc, *slot) if slot is not None else None
        if edit is None:
            self.rotation = 180 - self.rotation
            self.message = _("The next board is placed turned {degrees}°").format(
                degrees=self.rotation
            )
            return
        self.do(edit)

    def remove_at(self, slot: tuple[int, int] | None) -> None:
        if slot is None or self.doc.at(*slot) is None:
            return
        self.do(ld.PutPlacement(slot[0], slot[1], None))

    def map_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse_slot = self.slot_under(event.pos)
        if hasattr(event, "pos"):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
        if self.tool != "arrange":
            return self.paint_event(event)
        if event.type == pygame.MOUSEMOTION:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            slot = self.slot_under(event.pos)
            if slot is None:
                return False
            if self.doc.at(*slot) is not None:
                self.dragging = slot
            else:
                self.place_at(slot)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            source, self.dragging = self.dragging, None
            target = self.slot_under(event.pos)
            if target is not None and target != source:
                edits = ld.move(self.doc, source, target)
                if edits:
                    self.do(
                        batch(
                            list(edits),
                            _("Move the board to row {row}, col {col}").format(
                                row=target[0], col=target[1]
                            ),
                        )
                    )
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.remove_at(self.slot_under(event.pos))
            return True
        return False

    # -- painting the boards as they lie ------------------------------------------------

    def paint_event(self, event: pygame.event.Event) -> bool:
        """The mouse with a painting tool: as in board mode (a stroke is one undo step,
        a fast drag paints the line between two mouse positions), on the composed map."""
        control, canvas = self.control, self.canvas
        if control is None or canvas is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            return drag_stroke(self, control)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            h = control.hex_at(self.mouse)
            if h is None or not lp.halves(self.doc, canvas, h):
                return False
            self.erasing = event.button == 3
            if self.tool == "side":
                self.history.begin(_("Clear sides") if self.erasing else _("Sides"))
                self.side_stroke = bd.side_at(canvas.layout.grid, *to_map(control, self.mouse))
                self.click_side(self.erasing)
                return True
            if self.erasing:
                if self.tool == "terrain":  # right click picks the terrain under the mouse
                    self.terrain = canvas.layout.map.cells[h].terrain
                    self.message = _("Picked {terrain}").format(
                        terrain=data_name(self.doc.table[self.terrain].name, current())
                    )
                return True
            change = cell_change(self)
            self.history.begin(change[1] if change else _("Paint"))
            self.paint_at(h)
            self.stroke = h
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self.side_stroke is None and self.stroke is None:
                return False
            self.side_stroke = self.stroke = None
            self.history.end()
            self.revalidate()
            return True
        return False

    def paint_at(self, h: Hex) -> None:
        """One brush step at canvas hex `h`, on every board under the brush."""
        canvas = self.canvas
        change = cell_change(self)
        if canvas is None or change is None:
            return
        fn, label = change
        hexes = [x for x in spiral(h, self.radius) if x in canvas.layout.map.cells]
        try:
            edit = lp.paint(self.doc, canvas, hexes, fn, label)
        except EditError as exc:
            self.message = str(exc)
            return
        self.do_paint(edit)

    def do_paint(self, edit: lp.PaintBoards | None) -> bool:
        """Do a paint edit unless it paints the board open in board mode with changes."""
        held = self.held
        if edit is not None and held is not None and any(f == held for f, _step in edit.steps):
            self.message = _(
                "{file} is open in board mode with unsaved changes: save or discard them there "
                "first"
            ).format(file=held.name)
            return False
        return self.do(edit)

    def click_side(self, clear: bool) -> None:
        """Set (or clear) the side nearest the mouse on the boards it belongs to."""
        control, canvas = self.control, self.canvas
        assert control is not None and canvas is not None
        edge = bd.side_at(canvas.layout.grid, *to_map(control, self.mouse))
        if self.side_stroke is not None:
            self.side_stroke = edge
        try:
            edit = lp.set_side(self.doc, canvas, edge, None if clear else self.feature)
        except EditError as exc:
            self.message = str(exc)
            return
        if self.do_paint(edit) and not self.history.grouping:
            self.revalidate()

    def reload_board(self, path: Path) -> bool:
        """A board file of this layout was saved (board mode): its placements take the
        new board, keeping where and how they stand. Not an edit: the file changed."""
        target = path.resolve()
        found = False
        for i, p in enumerate(self.doc.placements):
            if p.file is not None and Path(p.file).resolve() == target:
                self.doc.placements[i] = replace(p, board=self.library.load(target))
                found = True
        if found:
            self.refresh()
        return found

    def board_file_under_mouse(self) -> Path | None:
        """The file of the board under the mouse (E opens it in board mode)."""
        placement = self.doc.at(*self.mouse_slot) if self.mouse_slot else None
        return Path(placement.file) if placement is not None and placement.file else None

    def brush_text(self) -> str:
        n = brush_size(self.radius)
        return ngettext("Brush: {n} hex", "Brush: {n} hexes", n).format(n=n)

    def key(self, event: pygame.event.Event) -> bool:
        if self.tool != "arrange" and event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            step = 1 if event.key == pygame.K_RIGHTBRACKET else -1
            self.radius = min(bd.BRUSH_RADII[-1], max(0, self.radius + step))
            self.message = self.brush_text()
            return True
        if event.key == pygame.K_r:
            self.turn_at(self.mouse_slot)
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.remove_at(self.mouse_slot)
            return True
        return False

    # -- drawing -------------------------------------------------------------------

    def draw_overlay(self, screen: pygame.Surface) -> None:
        control, canvas = self.control, self.canvas
        if control is None or canvas is None:
            return
        layout = canvas.layout
        taken = {(p.row, p.col) for p in self.doc.placements}
        # The free positions of the ring, dashed; the one under the mouse says whether
        # the chosen board would join there.
        entry = self.chosen
        arranging = self.tool == "arrange"
        spots = self.spots(entry) if entry and self.mouse_slot and arranging else {}
        for row in range(canvas.row0, canvas.row0 + layout.grid_rows):
            for col in range(canvas.col0, canvas.col0 + layout.grid_cols):
                if (row, col) in taken:
                    continue
                colour = SLOT
                width = 1
                if (row, col) == self.mouse_slot and spots:
                    fits = spots.get((row, col, self.rotation)) == "" or (
                        spots.get((row, col, 180 - self.rotation)) == ""
                    )
                    colour = GOOD if fits else BAD
                    width = 3
                self._rect(screen, canvas.slot_rect(row, col), colour, width)
        for join in self.joins:
            a, b = join.segment(layout)
            pa, pb = to_screen(control, *a), to_screen(control, *b)
            pygame.draw.line(screen, (0, 0, 0), pa, pb, 8)
            pygame.draw.line(screen, GOOD if join.ok else BAD, pa, pb, 5)
        grid = layout.grid
        for seam in self.seams:
            x, y = grid.hex_centre(seam.hex)
            centre = to_screen(control, x, y)
            radius = max(3, round(8 * control.camera.zoom))
            pygame.draw.circle(screen, (0, 0, 0), centre, radius + 2)
            pygame.draw.circle(screen, STOP, centre, radius)
        for problem in self.problems:
            for h in problem.marked():
                hex_outline(screen, control, h, PROBLEM, 2)
        if self.dragging is not None and self.mouse_slot is not None:
            self._rect(screen, canvas.slot_rect(*self.mouse_slot), BRUSH, 3)
        if self.tool != "arrange" and control.viewport.collidepoint(self.mouse):
            self.draw_brush(screen)

    def draw_brush(self, screen: pygame.Surface) -> None:
        """Where the brush would paint: the side nearest the mouse, or its hexes."""
        control, canvas = self.control, self.canvas
        assert control is not None and canvas is not None
        grid = canvas.layout.grid
        if self.tool == "side":
            edge = bd.side_at(grid, *to_map(control, self.mouse))
            a, b = grid.edge_segment(edge.a, edge.b)
            width = max(2, round(3 * control.camera.zoom)) + 4
            pygame.draw.line(screen, BRUSH, to_screen(control, *a), to_screen(control, *b), width)
            return
        under = control.hex_at(self.mouse)
        if under is None:
            return
        for h in spiral(under, self.radius):
            if h in canvas.layout.map.cells:
                hex_outline(screen, control, h, BRUSH, 2)

    def _rect(
        self,
        screen: pygame.Surface,
        rect: tuple[float, float, float, float],
        colour: tuple[int, int, int],
        width: int,
    ) -> None:
        assert self.control is not None
        left, top = to_screen(self.control, rect[0], rect[1])
        right, bottom = to_screen(self.control, rect[2], rect[3])
        pygame.draw.rect(screen, colour, pygame.Rect(left, top, right - left, bottom - top), width)

    def hover_lines(self) -> list[str]:
        control, canvas = self.control, self.canvas
        if control is None or canvas is None:
            return []
        out: list[str] = []
        slot = self.mouse_slot
        if slot is not None:
            p = self.doc.at(*slot)
            if p is None:
                out.append(_("Free: row {row}, col {col}").format(row=slot[0], col=slot[1]))
                entry = self.chosen
                if entry is not None:
                    spots = self.spots(entry)
                    why = spots.get((slot[0], slot[1], self.rotation))
                    if why is None:
                        out.append(_("Not next to the layout"))
                    elif why == "" or spots.get((slot[0], slot[1], 180 - self.rotation)) == "":
                        out.append(_("{board} joins here").format(board=entry.board.name))
                    else:
                        out.append(why)
            else:
                if p.rotated:
                    out.append(
                        _("{board} ({id}), turned 180°").format(board=p.board.name, id=p.board.id)
                    )
                else:
                    out.append(f"{p.board.name} ({p.board.id})")
                out.append(_("row {row}, col {col}").format(row=p.row, col=p.col))
        h = control.hover_hex()
        if h is not None:
            for p, local in canvas.layout.boards_of(h):
                col, row = p.board.grid.to_cell(local)
                cell = p.board.cells[local]
                out.append(
                    _("{id} cell ({col}, {row}): {terrain}").format(
                        id=p.board.id,
                        col=col,
                        row=row,
                        terrain=terrain_word(self.doc.table, cell.terrain),
                    )
                )
            for seam in self.seams:
                if seam.hex == h:
                    out.append(
                        _("seam: {terrain} wins (the less passable half)").format(
                            terrain=terrain_word(self.doc.table, seam.winner)
                        )
                    )
        return out


# -- board mode ---------------------------------------------------------------------------

TOOLS: tuple[tuple[str, str], ...] = (
    ("terrain", N_("Terrain")),
    ("level", N_("Level")),
    ("walkway", N_("Walkway")),
    ("side", N_("Side feature")),
    ("zone", N_("Zone")),
    ("select", N_("Select, copy, paste")),
)
SELECTION = (110, 220, 255)
WALKWAYS: tuple[tuple[str | None, str], ...] = (
    ("walkway", N_("Walkway")),
    ("walkway_end", N_("Walkway end")),
    (None, N_("No walkway")),
)


class BoardMode(Mode[bd.BoardDocument]):
    """Paint one board: terrain, levels, walkways by hex (brush or fill), features on
    hex sides, zones; a new board from a size."""

    name = "board"

    def __init__(self, doc: bd.BoardDocument | None = None) -> None:
        super().__init__()
        self.doc = doc or bd.BoardDocument(bd.new_board())
        self.history = History(self.doc)
        table = self.doc.table
        self.tool = "terrain"
        self.terrain = "cave_floor" if "cave_floor" in table else table.ids()[0]
        self.level = 0.0
        self.walkway: str | None = "walkway"
        self.feature: EdgeFeature | None = EdgeFeature.WALL
        self.zone_kind = ZoneKind.DEPLOYMENT
        self.zone_name = "deployment"
        self.radius = 0
        self.fill = False
        self.stroke: Hex | None = None  # last hex painted by the stroke in progress
        self.side_stroke: Edge | None = None  # last side set by the stroke in progress
        self.selection: set[Hex] = set()
        self.clip: bd.Clip | None = None
        self.erasing = False
        self.mouse: tuple[int, int] = (0, 0)
        self.view: EditableBoardView | None = None
        self._zone_key: object = None
        self._zone_lines: list[Segment] = []
        self._problem_key: object = None
        self._problem_lines: list[Segment] = []
        self.revalidate()

    def title(self) -> str:
        return _("Board: {title}").format(title=self.doc.title)

    def revalidate(self) -> None:
        self.problems = validate_board(self.doc.board, self.doc.table)

    def make_control(self, viewport: pygame.Rect) -> MapControl:
        self.view = EditableBoardView(self.doc.board, table=self.doc.table)
        self.control = MapControl(self.doc.board, viewport, PAN_KEYS, view=self.view)
        return self.control

    def changed(self, touched: frozenset[Hex] | None) -> None:
        if self.control is None or self.view is None:
            return
        if touched is None or self.view.board is not self.doc.board:
            old = self.control
            self.make_control(old.viewport)
            return
        if touched:
            self.view.repaint(touched)

    # -- replacing the board -------------------------------------------------------

    def new_board(self, width: int, height: int) -> bool:
        try:
            board = bd.new_board(width, height)
        except EditError as exc:
            self.message = str(exc)
            return False
        done = self.do(
            bd.ReplaceBoard(
                board, _("New board {width} x {height}").format(width=width, height=height)
            )
        )
        self.revalidate()
        return done

    # -- painting ------------------------------------------------------------------

    def _cell_change(self) -> tuple[Callable[[Cell], Cell], str] | None:
        return cell_change(self)

    def paint_at(self, h: Hex) -> None:
        """One brush step (or a fill) of the current tool at `h`."""
        doc = self.doc
        if self.tool == "select":
            self.selection.update(bd.brush(doc, h, self.radius))
            return
        if self.tool == "zone":
            hexes = bd.brush(doc, h, self.radius)
            try:
                edit = bd.toggle_zone_hexes(
                    doc, self.zone_kind, self.zone_name, hexes, add=not self.erasing
                )
            except EditError as exc:
                self.message = str(exc)
                return
            self.do(edit)
            return
        change = self._cell_change()
        if change is None:
            return
        fn, label = change
        hexes = bd.fill_region(doc, h) if self.fill else bd.brush(doc, h, self.radius)
        self.do(bd.paint(doc, hexes, fn, label))

    def map_event(self, event: pygame.event.Event) -> bool:
        control = self.control
        if control is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            return drag_stroke(self, control)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = (int(event.pos[0]), int(event.pos[1]))
            h = control.hex_at(self.mouse)
            if h is None:
                return False
            if self.tool == "side":
                self.erasing = event.button == 3
                self.history.begin(_("Clear sides") if self.erasing else _("Sides"))
                self.side_stroke = bd.side_at(self.doc.board.grid, *to_map(control, self.mouse))
                self.click_side(self.erasing)
                return True
            if self.tool == "select":
                if event.button == 3:
                    self.selection.clear()
                    self.message = _("Selection cleared")
                    return True
                self.erasing = False
                self.selection.update(bd.brush(self.doc, h, self.radius))
                self.stroke = h
                return True
            if event.button == 3 and self.tool == "terrain":
                cell = self.doc.board.cells.get(h)
                if cell is not None:
                    self.terrain = cell.terrain
                    self.message = _("Picked {terrain}").format(
                        terrain=data_name(self.doc.table[cell.terrain].name, current())
                    )
                return True
            if event.button == 3 and self.tool != "zone":
                return True
            self.erasing = event.button == 3
            change = self._cell_change()
            label = change[1] if change else _("Zone {zone}").format(zone=self.zone_name)
            self.history.begin(label)
            self.paint_at(h)
            self.stroke = None if self.fill else h
            if self.fill:
                self.end_stroke()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            if self.side_stroke is not None:
                self.side_stroke = None
                self.history.end()
                self.revalidate()
                return True
            if self.stroke is not None:
                self.end_stroke()
                return True
        return False

    def end_stroke(self) -> None:
        self.stroke = None
        if self.tool == "select":
            n = len(self.selection)
            self.message = ngettext(
                "{n} hex selected: Ctrl+C copies it", "{n} hexes selected: Ctrl+C copies them", n
            ).format(n=n)
            return
        self.history.end()
        self.revalidate()

    def copy(self) -> None:
        """Keep the selected hexes (cells and side features) for pasting."""
        self.clip = bd.copy_region(self.doc, self.selection)
        if self.clip is None:
            self.message = _("Select hexes first (the Select tool), then Ctrl+C")
        else:
            self.message = ngettext(
                "Copied {n} hex: Ctrl+V pastes at the mouse",
                "Copied {n} hexes: Ctrl+V pastes at the mouse",
                len(self.clip.cells),
            ).format(n=len(self.clip.cells))

    def paste(self) -> None:
        """Paste the copied hexes with their first hex under the mouse."""
        if self.clip is None or self.control is None:
            self.message = _("Nothing copied yet")
            return
        h = self.control.hex_at(self.mouse)
        if h is None:
            return
        if self.do(bd.paste(self.doc, self.clip, h)):
            self.revalidate()

    def click_side(self, clear: bool) -> None:
        """Set (or clear) the side nearest the mouse; in a stroke, each side once."""
        assert self.control is not None
        edge = bd.side_at(self.doc.board.grid, *to_map(self.control, self.mouse))
        if self.side_stroke is not None:
            self.side_stroke = edge
        feature = None if clear else self.feature
        try:
            edit = bd.set_side(self.doc, edge, feature)
        except EditError as exc:
            self.message = str(exc)
            return
        if self.do(edit) and not self.history.grouping:
            self.revalidate()

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFTBRACKET:
            self.radius = max(0, self.radius - 1)
        elif event.key == pygame.K_RIGHTBRACKET:
            self.radius = min(bd.BRUSH_RADII[-1], self.radius + 1)
        elif event.key == pygame.K_g:
            self.fill = not self.fill
        else:
            return False
        self.message = self.brush_text()
        return True

    def brush_text(self) -> str:
        if self.fill:
            return _("Fill: paints the region of one terrain and level")
        n = brush_size(self.radius)
        return ngettext("Brush: {n} hex", "Brush: {n} hexes", n).format(n=n)

    # -- drawing -------------------------------------------------------------------

    def draw_overlay(self, screen: pygame.Surface) -> None:
        control = self.control
        if control is None:
            return
        grid = self.doc.board.grid
        width = max(2, round(3 * control.camera.zoom))
        draw_segments(screen, control, self.zone_lines(), width)
        problems = self.problem_lines()
        draw_segments(screen, control, problems, 6, colour=(0, 0, 0))
        draw_segments(screen, control, problems, 3)
        if not control.viewport.collidepoint(self.mouse):
            return
        if self.selection:
            draw_segments(screen, control, self.selection_lines(), 2)
        if self.tool == "side":
            edge = bd.side_at(grid, *to_map(control, self.mouse))
            a, b = grid.edge_segment(edge.a, edge.b)
            pygame.draw.line(
                screen, BRUSH, to_screen(control, *a), to_screen(control, *b), width + 4
            )
            return
        under = control.hex_at(self.mouse)
        if under is None:
            return
        if self.tool == "select" and self.clip is not None:
            hexes = self.clip.footprint(under)
        elif self.fill:
            hexes = [under]
        else:
            hexes = bd.brush(self.doc, under, self.radius)
        for x in hexes:
            hex_outline(screen, control, x, BRUSH, 2)

    def zone_lines(self) -> list[Segment]:
        """The zones' borders in map pixels, worked out again only when zones change
        (a zone is an immutable value: an edit replaces it)."""
        zones = self.doc.board.zones
        key = tuple((id(z), z.name, len(z.hexes)) for z in zones)
        if self._zone_key != key:
            grid = self.doc.board.grid
            self._zone_key = key
            self._zone_lines = [
                (ZONE_COLOURS.get(z.kind, (255, 255, 255)), *grid.edge_segment(h, n))
                for z in zones
                for h in z.hexes
                for n in h.neighbours()
                if n not in z.hexes
            ]
        return self._zone_lines

    def selection_lines(self) -> list[Segment]:
        """The selection's border (worked out each frame: selections are small)."""
        grid = self.doc.board.grid
        return [
            (SELECTION, *grid.edge_segment(h, n))
            for h in self.selection
            for n in h.neighbours()
            if n not in self.selection
        ]

    def problem_lines(self) -> list[Segment]:
        """The outlines of the problems' hexes and sides, per list of problems."""
        if self._problem_key is not self.problems:
            grid = self.doc.board.grid
            self._problem_key = self.problems
            lines: list[Segment] = []
            for problem in self.problems:
                for h in problem.hexes:
                    poly = grid.hex_polygon(h)
                    lines += [(PROBLEM, poly[i], poly[(i + 1) % 6]) for i in range(6)]
                for e in problem.edges:
                    lines.append((PROBLEM, *grid.edge_segment(e.a, e.b)))
            self._problem_lines = lines
        return self._problem_lines

    def hover_lines(self) -> list[str]:
        control = self.control
        if control is None:
            return []
        h = control.hex_at(self.mouse)
        board = self.doc.board
        if h is None or h not in board.cells:
            return []
        cell = board.cells[h]
        col, row = board.grid.to_cell(h)
        terrain = self.doc.table.get(cell.terrain)
        out = [
            _("cell ({col}, {row})").format(col=col, row=row),
            data_word(terrain.name) if terrain else cell.terrain,
        ]
        if cell.level:
            out.append(_("level {level}").format(level=f"{cell.level:+g}"))
        if cell.walkway:
            out.append(_("under a walkway (deck at +1)"))
        if cell.walkway_end:
            out.append(_("walkway end"))
        if terrain is not None:
            if terrain.move_cost is None:
                cost = _("impassable")
            else:
                cost = _("{n} MP").format(n=terrain.move_cost)
            cover = word(COVER_WORDS, terrain.cover.value)
            out.append(_("{cost}, cover {cover}").format(cost=cost, cover=cover))
        for d in range(6):
            feature = board.edges.get(Edge.of(h, d))
            if feature is not None:
                out.append(
                    _("{direction} side: {feature}").format(
                        direction=pgettext("direction", DIRECTIONS[d]),
                        feature=feature_word(feature),
                    )
                )
        for zone in board.zones:
            if h in zone.hexes:
                kind = word(ZONE_KIND_WORDS, zone.kind.value)
                out.append(_("{kind} zone '{zone}'").format(kind=kind, zone=zone.name))
        return out


#: The six sides of a hex, from east counterclockwise (`Edge.of`'s directions).
DIRECTIONS = (
    NP_("direction", "E"),
    NP_("direction", "NE"),
    NP_("direction", "NW"),
    NP_("direction", "W"),
    NP_("direction", "SW"),
    NP_("direction", "SE"),
)


def terrain_word(table: TerrainTable, terrain: str) -> str:
    """A terrain of `table` by its name in the player's language (its id if unknown)."""
    row = table.get(terrain)
    return data_word(row.name) if row is not None else terrain


def drag_stroke(mode: Any, control: MapControl) -> bool:
    """The mouse moved (board mode, or layout mode painting): a side stroke sets the
    side now nearest; a brush stroke paints every hex on the line from the last one
    (fast drags skip hexes). False when no stroke is under way."""
    if mode.side_stroke is not None:
        mode.click_side(mode.erasing)
        return True
    if mode.stroke is None:
        return False
    h = control.hex_at(mode.mouse)
    if h is not None and h != mode.stroke:
        for step in line(mode.stroke, h)[1:]:
            mode.paint_at(step)
        mode.stroke = h
    return True


def cell_change(mode: Any) -> tuple[Callable[[Cell], Cell], str] | None:
    """The change the brush of `mode` makes to a cell, and its label (None: the tool
    does not paint cells)."""
    table = mode.doc.table
    if mode.tool == "terrain":
        terrain = data_name(table[mode.terrain].name, current())
        return bd.with_terrain(mode.terrain), _("Paint {terrain}").format(terrain=terrain)
    if mode.tool == "level":
        level = LEVEL_NAMES[mode.level]
        return bd.with_level(mode.level), _("Level {level}").format(level=level)
    if mode.tool == "walkway":
        return bd.with_walkway(mode.walkway), _(dict(WALKWAYS)[mode.walkway])
    return None


#: A coloured line in map pixels: (colour, from, to).
Segment = tuple[tuple[int, int, int], tuple[float, float], tuple[float, float]]


def draw_segments(
    screen: pygame.Surface,
    control: MapControl,
    segments: Sequence[Segment],
    width: int,
    colour: tuple[int, int, int] | None = None,
) -> None:
    """Draw map-pixel segments through the camera, skipping those outside the view
    (`colour` instead of each segment's own: a dark outline under them)."""
    if not segments:
        return
    cam, vp = control.camera, control.viewport
    zoom, ox, oy = cam.zoom, vp.x - cam.x * cam.zoom, vp.y - cam.y * cam.zoom
    left, top, right, bottom = vp.left - 8, vp.top - 8, vp.right + 8, vp.bottom + 8
    line_ = pygame.draw.line
    for own, (ax, ay), (bx, by) in segments:
        sx, sy = ax * zoom + ox, ay * zoom + oy
        ex, ey = bx * zoom + ox, by * zoom + oy
        if (sx < left and ex < left) or (sx > right and ex > right):
            continue
        if (sy < top and ey < top) or (sy > bottom and ey > bottom):
            continue
        line_(screen, colour or own, (sx, sy), (ex, ey), width)


def draw_lines(
    screen: pygame.Surface, lines: Sequence[str], rect: pygame.Rect, px: int = 15
) -> None:
    """Plain text lines in a box (the hover panel: redrawn every frame, no widget)."""
    font = ui_font(px)
    y = rect.y
    for text in lines:
        if y + font.get_height() > rect.bottom:
            break
        img = font.render(text, True, (230, 222, 204))
        if img.get_width() > rect.w:
            img = img.subsurface(pygame.Rect(0, 0, rect.w, img.get_height()))
        screen.blit(img, (rect.x, y))
        y += font.get_height() + 2


def draw_status(screen: pygame.Surface, text: str, strip: pygame.Rect, px: int = 15) -> None:
    """The status line in `strip` (the screen's bottom strip). A status longer than the
    strip (an error naming a long path, in French) wraps and grows upward over the map
    on a dark ground, so it is read whole, never cut at the window's edge."""
    font = ui_font(px)
    lines = wrap_text(text, font, strip.w)
    step = font.get_height() + 2
    top = min(strip.y, strip.bottom - 6 - step * len(lines))
    if top < strip.y:
        ground = pygame.Rect(0, top - 6, screen.get_width(), strip.y - top + 6)
        screen.fill((12, 10, 8), ground)
    draw_lines(screen, lines, pygame.Rect(strip.x, top, strip.w, strip.bottom - top), px)


def brush_size(radius: int) -> int:
    """Hexes in a brush of `radius` (1, 7, 19, 37)."""
    return 3 * radius * (radius + 1) + 1


#: Either mode (the scene switches between them).
AnyMode = Mode[Any]
