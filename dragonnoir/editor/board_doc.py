"""A board being edited, and the edits that change it.

The document is a `hexmap.board.Board` (the very type the game loads), so what the editor
saves is written by `board_io.save_board` and read back by `load_board`, and the rules'
checks (validate.py) look at the same object the game would. Every edit returns its
inverse (edits.py); the board's cell set never changes except through `ReplaceBoard`
(a new board, a new size), so the fast paths that rely on a board's cells being in
`board_io.board_hexes` order (layout composing) keep working on edited boards.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Final

from dragonnoir.editor import copies
from dragonnoir.editor.copies import Copied
from dragonnoir.editor.edits import Batch, Edit, EditError, batch
from dragonnoir.editor.words import ZONE_KIND_WORDS, feature_word, word
from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.board import (
    BOARD_GRID,
    LEVELS,
    Board,
    Cell,
    EdgeFeature,
    SideLabel,
    Zone,
    ZoneKind,
    check_board_size,
)
from dragonnoir.hexmap.hexes import Edge, Hex, spiral
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.i18n import _, ngettext
from dragonnoir.tileset_copies import tilesets_for_export

#: The size of the boards of L'Epreuve (docs/boards.md).
STANDARD_SIZE: Final = (27, 19)
#: Brush radii offered by the editor (0: one hex, 1: seven hexes, 2: nineteen...).
BRUSH_RADII: Final = (0, 1, 2, 3)


@dataclass
class BoardDocument:
    """A board open in the editor and the file it came from (None: never saved)."""

    board: Board
    path: Path | None = None
    table: TerrainTable = field(default_factory=default_terrain_table)
    #: The last save went to the player's copy of a shipped board (copies.py).
    copied: Copied | None = field(default=None, compare=False)

    @property
    def title(self) -> str:
        return (
            self.path.name
            if self.path is not None
            else _("{name} (new)").format(name=self.board.name)
        )

    @property
    def shipped(self) -> bool:
        """Opened from one of the game's own boards: saving makes the player's copy."""
        return copies.needs_copy(self.path, None)

    def cell(self, col: int, row: int) -> Cell | None:
        return self.board.cells.get(self.board.grid.to_hex(col, row))

    def where(self, h: Hex) -> str:
        """`cell (12, 3)`: how messages name a hex (Tiled's cell, as in docs/boards.md)."""
        col, row = self.board.grid.to_cell(h)
        return _("cell ({col}, {row})").format(col=col, row=row)

    # -- files -------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | str, table: TerrainTable | None = None) -> BoardDocument:
        """Load a board TMX (a `MapFormatError` naming the file and place if it is bad)."""
        p = Path(path)
        t = table or default_terrain_table()
        return cls(board_io.load_board(p, t), p, t)

    def save(self, path: Path | str | None = None) -> Path:
        """Write the board as TMX (atomically) to `path` or where it came from; a shipped
        board goes to the player's copy, renamed for him (`copied` says so)."""
        self.copied = copies.copy_for("board", self.path, path, self.board.name)
        if self.copied is not None:
            path = self.copied.path  # renamed for the player (a layout shares the board)
            self.board.id, self.board.name = path.stem, self.copied.copy_name
        target = Path(path) if path is not None else self.path
        if target is None:
            raise EditError(_("this board has never been saved: choose a file name"))
        tilesets = tilesets_for_export(target)
        if tilesets is None:
            board_io.save_board(self.board, target)
        else:
            board_io.save_board(self.board, target, tilesets)
        self.path = target
        return target

    def snapshot(self) -> Board:
        """A deep copy of the board as it is now (tests compare documents with it)."""
        return copy.deepcopy(self.board)


def new_board(
    width: int = STANDARD_SIZE[0],
    height: int = STANDARD_SIZE[1],
    *,
    board_id: str = "new_board",
    name: str | None = None,
    terrain: str = "rock",
) -> Board:
    """A board of `width` x `height` cells, all `terrain` at level 0, X on top, Y at the
    bottom, arrows up (docs/map-format.md). Raises `EditError` for a size boards cannot
    have (an even height, fewer than 3 rows or columns)."""
    why = check_board_size(width, height)
    if why:
        raise EditError(why)
    hexes = board_io.board_hexes(BOARD_GRID, width, height)
    name = _("New board") if name is None else name
    return Board(board_id, name, width, height, dict.fromkeys(hexes, Cell(terrain)))


# -- edits -----------------------------------------------------------------------------

_INFO_FIELDS: Final = ("id", "name", "side_top", "side_bottom", "arrows")


@dataclass(frozen=True, slots=True)
class SetCells:
    """Give hexes new cells (terrain, level, walkway flags). Every hex must be on the
    board, every terrain in the terrain table and every level one of `LEVELS`."""

    changes: tuple[tuple[Hex, Cell], ...]
    name: str = ""

    @property
    def label(self) -> str:
        n = len(self.changes)
        return self.name or ngettext("Change {n} hex", "Change {n} hexes", n).format(n=n)

    def apply(self, doc: BoardDocument) -> SetCells:
        cells = doc.board.cells
        for h, cell in self.changes:
            if h not in cells:
                raise EditError(
                    _("{where} is not on board {id!r}").format(where=doc.where(h), id=doc.board.id)
                )
            if cell.terrain not in doc.table:
                raise EditError(
                    _("{where}: unknown terrain {terrain!r}").format(
                        where=doc.where(h), terrain=cell.terrain
                    )
                )
            if cell.level not in LEVELS:
                raise EditError(
                    _("{where}: level {level} is not one of {LEVELS}").format(
                        where=doc.where(h), level=cell.level, LEVELS=LEVELS
                    )
                )
        old = tuple((h, cells[h]) for h, _ in reversed(self.changes))
        for h, cell in self.changes:
            cells[h] = cell
        return SetCells(old, self.name)

    def touched(self) -> frozenset[Hex]:
        return frozenset(h for h, _ in self.changes)


@dataclass(frozen=True, slots=True)
class SetEdges:
    """Put features on hex sides (None removes the feature). A side must touch the
    board: at least one of its hexes is a board cell."""

    changes: tuple[tuple[Edge, EdgeFeature | None], ...]
    name: str = ""

    @property
    def label(self) -> str:
        n = len(self.changes)
        return self.name or ngettext("Change {n} side", "Change {n} sides", n).format(n=n)

    def apply(self, doc: BoardDocument) -> SetEdges:
        board = doc.board
        for edge, _feature in self.changes:
            if edge.a not in board.cells and edge.b not in board.cells:
                raise EditError(
                    _("the side between {where} and {where2} is off board {id!r}").format(
                        where=doc.where(edge.a), where2=doc.where(edge.b), id=board.id
                    )
                )
        old = tuple((e, board.edges.get(e)) for e, _ in reversed(self.changes))
        for edge, feature in self.changes:
            if feature is None:
                board.edges.pop(edge, None)
            else:
                board.edges[edge] = feature
        return SetEdges(old, self.name)

    def touched(self) -> frozenset[Hex]:
        return frozenset(h for e, _ in self.changes for h in e.hexes())


@dataclass(frozen=True, slots=True)
class PutZone:
    """Set the zone called `zone_name`: replace it (keeping its place in the list), add it
    (at `index`, default the end) or, with `zone` None, remove it."""

    zone_name: str
    zone: Zone | None
    index: int | None = None

    @property
    def label(self) -> str:
        if self.zone is None:
            return _("Remove zone {zone_name}").format(zone_name=self.zone_name)
        return _("Zone {zone_name}").format(zone_name=self.zone_name)

    def apply(self, doc: BoardDocument) -> PutZone:
        board = doc.board
        if self.zone is not None:
            if self.zone.name != self.zone_name:
                raise EditError(
                    _("zone {name!r} given for the name {zone_name!r}").format(
                        name=self.zone.name, zone_name=self.zone_name
                    )
                )
            if not self.zone.name.strip():
                raise EditError(_("a zone needs a name"))
            off = sorted(h for h in self.zone.hexes if h not in board.cells)
            if off:
                raise EditError(
                    _("zone {zone_name!r} reaches {where}, off the board").format(
                        zone_name=self.zone_name, where=doc.where(off[0])
                    )
                )
        at = next((i for i, z in enumerate(board.zones) if z.name == self.zone_name), None)
        old = board.zones[at] if at is not None else None
        if at is not None:
            if self.zone is None:
                del board.zones[at]
            else:
                board.zones[at] = self.zone
        elif self.zone is not None:
            where = len(board.zones) if self.index is None else self.index
            board.zones.insert(where, self.zone)
        return PutZone(self.zone_name, old, at)

    def touched(self) -> frozenset[Hex]:
        # The inverse of a removal carries the zone, so both directions redraw it.
        return frozenset(self.zone.hexes) if self.zone is not None else frozenset()


@dataclass(frozen=True, slots=True)
class SetBoardInfo:
    """Change the board's id, name, side labels or arrows (docs/map-format.md, "Map
    properties"): `changes` are (field, value) pairs."""

    changes: tuple[tuple[str, str], ...]

    @property
    def label(self) -> str:
        changed = ", ".join(f"{k} {v}" for k, v in self.changes)
        return _("Board {changes}").format(changes=changed)

    def apply(self, doc: BoardDocument) -> SetBoardInfo:
        board = doc.board
        new = {k: getattr(board, k) for k in _INFO_FIELDS}
        for key, value in self.changes:
            if key not in _INFO_FIELDS:
                raise EditError(
                    _("{key!r} is not a board field ({names})").format(
                        key=key, names=", ".join(_INFO_FIELDS)
                    )
                )
            new[key] = value
        if not new["id"] or not str(new["id"]).replace("_", "a").isalnum():
            raise EditError(_("board id {id!r} must be a snake_case id").format(id=new["id"]))
        if not str(new["name"]).strip():
            raise EditError(_("a board needs a name"))
        labels = {str(new["side_top"]), str(new["side_bottom"])}
        if labels != {"X", "Y"}:
            raise EditError(_("side_top and side_bottom must be X and Y, one each"))
        if new["arrows"] not in ("up", "down"):
            raise EditError(_("arrows must point 'up' or 'down'"))
        old = tuple((k, str(getattr(board, k))) for k, _ in reversed(self.changes))
        for key, value in self.changes:
            if key in ("side_top", "side_bottom"):
                setattr(board, key, SideLabel(value))
            else:
                setattr(board, key, value)
        return SetBoardInfo(old)

    def touched(self) -> frozenset[Hex]:
        return frozenset()


@dataclass(frozen=True, slots=True)
class ReplaceBoard:
    """Put another board in the document (a new board, another size)."""

    board: Board
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or _("New board")

    def apply(self, doc: BoardDocument) -> ReplaceBoard:
        bad = sorted({c.terrain for c in self.board.cells.values()} - set(doc.table.ids()))
        if bad:
            raise EditError(_("unknown terrain {bad!r}").format(bad=bad[0]))
        old = doc.board
        doc.board = self.board
        return ReplaceBoard(old, self.name)

    def touched(self) -> None:
        return None


# -- tools: the edits a brush, a fill or a click makes -----------------------------------


def brush(doc: BoardDocument, centre: Hex, radius: int) -> list[Hex]:
    """The board hexes within `radius` of `centre` (the brush's footprint)."""
    return [h for h in spiral(centre, radius) if h in doc.board.cells]


def fill_region(doc: BoardDocument, start: Hex) -> list[Hex]:
    """The hexes a fill started on `start` covers: those joined to it through hexes of
    the same terrain and level, not across an edge feature (a wall bounds a fill)."""
    board = doc.board
    first = board.cells.get(start)
    if first is None:
        return []
    key = (first.terrain, first.level)
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in h.neighbours():
            c = board.cells.get(n)
            if n in seen or c is None or (c.terrain, c.level) != key:
                continue
            if Edge(h, n) in board.edges:
                continue
            seen.add(n)
            todo.append(n)
    return sorted(seen, key=lambda h: (h.r, h.q))


def paint(
    doc: BoardDocument,
    hexes: Iterable[Hex],
    change: Callable[[Cell], Cell],
    name: str = "",
) -> SetCells | None:
    """The edit giving each board hex in `hexes` the cell `change` makes of it; None when
    nothing would change (so a brush held still adds no undo steps)."""
    cells = doc.board.cells
    changes = []
    for h in hexes:
        old = cells.get(h)
        if old is None:
            continue
        new = change(old)
        if new != old:
            changes.append((h, new))
    return SetCells(tuple(changes), name) if changes else None


def with_terrain(terrain: str) -> Callable[[Cell], Cell]:
    """Paint terrain, keeping the level and walkway flags."""
    return lambda c: replace(c, terrain=terrain)


def with_level(level: float) -> Callable[[Cell], Cell]:
    """Paint a level, keeping the terrain; a walkway end is always at +1."""
    return lambda c: replace(c, level=level, walkway_end=c.walkway_end and level == 1.0)


def with_walkway(kind: str | None) -> Callable[[Cell], Cell]:
    """Paint a walkway (`walkway`, `walkway_end`) or remove both (None)."""
    return lambda c: replace(c, walkway=kind == "walkway", walkway_end=kind == "walkway_end")


def set_side(doc: BoardDocument, edge: Edge, feature: EdgeFeature | None) -> SetEdges | None:
    """The edit putting `feature` on a side (None clears it); None when it is already so."""
    if doc.board.edges.get(edge) == feature:
        return None
    if feature is None:
        return SetEdges(((edge, feature),), _("Clear side"))
    return SetEdges(((edge, feature),), _("Side: {feature}").format(feature=feature_word(feature)))


def toggle_zone_hexes(
    doc: BoardDocument, kind: ZoneKind, zone_name: str, hexes: Iterable[Hex], add: bool
) -> PutZone | None:
    """Add hexes to (or take them from) the zone `zone_name` of `kind`, creating it when
    needed; a zone left with no hex is removed. Raises `EditError` when the name belongs to
    a zone of another kind (a name may not be used for two kinds)."""
    board = doc.board
    old = board.zone(zone_name)
    if old is not None and old.kind is not kind:
        raise EditError(
            _("zone {zone_name!r} is already a {kind} zone").format(
                zone_name=zone_name, kind=word(ZONE_KIND_WORDS, old.kind.value)
            )
        )
    current = set(old.hexes) if old is not None else set()
    on_board = {h for h in hexes if h in board.cells}
    new = current | on_board if add else current - on_board
    if new == current:
        return None
    if not new:
        return PutZone(zone_name, None)
    props = dict(old.properties) if old is not None else {}
    if kind is ZoneKind.ENTRY and "side" not in props:
        side = entry_side(board, new)
        if side is not None:
            props["side"] = side  # docs/boards.md: an entry says which side it opens on
    return PutZone(zone_name, Zone(kind, zone_name, frozenset(new), props))


def set_zone_properties(
    doc: BoardDocument, zone_name: str, properties: Mapping[str, str | int | float | bool]
) -> PutZone | None:
    """Give the zone `zone_name` these properties (the TMX object's custom properties:
    `side` on an entry, anything a scenario or a tool reads); None when unchanged."""
    zone = doc.board.zone(zone_name)
    if zone is None:
        raise EditError(
            _("there is no zone {zone_name!r} on this board").format(zone_name=zone_name)
        )
    if dict(zone.properties) == dict(properties):
        return None
    return PutZone(zone_name, Zone(zone.kind, zone.name, zone.hexes, dict(properties)))


def rename_zone(doc: BoardDocument, old_name: str, new_name: str) -> Edit[BoardDocument]:
    """Rename a zone, keeping its kind, hexes, properties and place in the list."""
    zone = doc.board.zone(old_name)
    new_name = new_name.strip()
    if zone is None:
        raise EditError(_("there is no zone {old_name!r} on this board").format(old_name=old_name))
    if not new_name:
        raise EditError(_("a zone needs a name"))
    if new_name != old_name and doc.board.zone(new_name) is not None:
        raise EditError(
            _("there is already a zone {new_name!r}: names are unique").format(new_name=new_name)
        )
    at = doc.board.zones.index(zone)
    renamed = Zone(zone.kind, new_name, zone.hexes, dict(zone.properties))
    return batch(
        [PutZone(old_name, None), PutZone(new_name, renamed, at)],
        _("Rename zone {old_name} to {new_name}").format(old_name=old_name, new_name=new_name),
    )


def parse_properties(text: str) -> dict[str, str | int | float | bool]:
    """`side=top, turn=3, secret=true` into typed values (whole numbers, decimals,
    true/false, else text); a piece without `=` or a key that is not a plain name is an
    `EditError` saying which."""
    out: dict[str, str | int | float | bool] = {}
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        key, eq, raw = piece.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key.replace("_", "").replace("-", "").isalnum():
            raise EditError(_("{piece!r}: a property is written name=value").format(piece=piece))
        value: str | int | float | bool = raw
        if raw.lower() in ("true", "false"):
            value = raw.lower() == "true"
        else:
            for number in (int, float):
                try:
                    value = number(raw)
                    break
                except ValueError:
                    continue
        out[key] = value
    return out


def properties_text(properties: Mapping[str, str | int | float | bool]) -> str:
    """The inverse of `parse_properties`, for the panel's entry."""
    return ", ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in properties.items()
    )


def entry_side(board: Board, hexes: Iterable[Hex]) -> str | None:
    """The side of the board (`top`, `bottom`, `left`, `right`) an entry's hexes all lie
    on or next to (the half hexes of that edge, or the odd-row cells beside a short
    side), or None when they do not share one."""
    sides: set[str] | None = None
    last_row, last_col = board.height - 1, board.width - 1
    for h in hexes:
        col, row = board.grid.to_cell(h)
        here = set()
        if row == 0:
            here.add("top")
        if row == last_row:
            here.add("bottom")
        if col == 0:
            here.add("left")
        if col == last_col or (row % 2 == 1 and col == last_col - 1):
            here.add("right")
        sides = here if sides is None else sides & here
        if not sides:
            return None
    return min(sides) if sides else None


def side_at(grid: HexGrid, x: float, y: float) -> Edge:
    """The hex side nearest map pixel (x, y): the side a click near it means (the side
    of the hex under the click whose midpoint is closest)."""
    h = grid.pixel_to_hex(x, y)

    def distance(d: int) -> float:
        (ax, ay), (bx, by) = grid.edge_segment(h, h.neighbour(d))
        return ((ax + bx) / 2 - x) ** 2 + ((ay + by) / 2 - y) ** 2

    return Edge.of(h, min(range(6), key=distance))


# -- copy and paste ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Clip:
    """A copied region: cells and side features as offsets from its first hex (row by
    row), so it can be pasted anywhere (moving by a cube offset keeps every hex's
    neighbours). Zones are not copied: their names are unique on a board."""

    cells: tuple[tuple[Hex, Cell], ...]
    edges: tuple[tuple[Hex, Hex, EdgeFeature], ...]

    def footprint(self, at: Hex) -> list[Hex]:
        """The hexes the clip covers when pasted with its first hex at `at`."""
        return [at + offset for offset, _ in self.cells]


def copy_region(doc: BoardDocument, hexes: Iterable[Hex]) -> Clip | None:
    """The clip of the board hexes in `hexes` and the features on their sides (None when
    no hex is on the board)."""
    board = doc.board
    region = {h for h in hexes if h in board.cells}
    if not region:
        return None
    anchor = min(region, key=lambda h: (h.r, h.q))
    cells = tuple((h - anchor, board.cells[h]) for h in sorted(region, key=lambda h: (h.r, h.q)))
    edges = tuple(
        (e.a - anchor, e.b - anchor, f)
        for e, f in sorted(board.edges.items(), key=lambda kv: (kv[0].a, kv[0].b))
        if e.a in region or e.b in region
    )
    return Clip(cells, edges)


def paste(doc: BoardDocument, clip: Clip, at: Hex) -> Edit[BoardDocument] | None:
    """The edit pasting `clip` with its first hex at `at`: its cells where they fall on the
    board, and on the sides of the pasted hexes its features (a side of the region that
    the clip leaves bare is cleared). None when the clip falls entirely off the board."""
    board = doc.board
    cells = tuple((at + off, cell) for off, cell in clip.cells if at + off in board.cells)
    if not cells:
        return None
    region = {h for h, _ in cells}
    wanted: dict[Edge, EdgeFeature | None] = {
        e: None for h in region for e in (Edge(h, n) for n in h.neighbours()) if e in board.edges
    }
    for a, b, feature in clip.edges:
        edge = Edge(at + a, at + b)
        if edge.a in board.cells or edge.b in board.cells:
            wanted[edge] = feature
    changes = tuple((e, f) for e, f in wanted.items() if board.edges.get(e) != f)
    edits: list[Edit[BoardDocument]] = [SetCells(cells, _("Paste"))]
    if changes:
        edits.append(SetEdges(changes, _("Paste")))
    n = len(cells)
    return Batch(tuple(edits), ngettext("Paste {n} hex", "Paste {n} hexes", n).format(n=n))
