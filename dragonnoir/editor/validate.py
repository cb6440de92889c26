"""Rule-aware validation of a map as the designer draws it: each problem names the rule it
breaks and the hexes where it is, so the editor can mark them on the map and list them.

These are problems of *design* — the file is well formed (the edits never let a document
hold what the TMX format refuses) but the map would not play as the rules mean: a stair
that joins no two levels, a door with walls on neither side, a place no one can reach, an
exit no one can walk to from the entries, a bridge not over water, a walkway that nothing
gives access to. Saving a map with problems is allowed (with a warning); `dragonnoir
validate` lists the same messages.

The walking model is `walking.Walker` (Movement Restrictions 2-9, from the map alone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from dragonnoir.editor.walking import Walker
from dragonnoir.editor.words import ZONE_KIND_WORDS, data_word, word
from dragonnoir.hexmap.board import Board, Cell, EdgeFeature, ZoneKind
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.i18n import NP_, _, current, ngettext
from dragonnoir.narration.rules import say_rule

# The rules, named as the rulebook's sections are (and as engine/rules/steps.py names
# the same Movement Restrictions in its verdicts).
R_MAPS: Final = "The Underground Maps"
R_WATER_BRIDGE: Final = "Movement Restriction 3 (wooden bridge)"
R_STONE_BRIDGE: Final = "Movement Restriction 4 (stone bridge)"
R_WALLS: Final = "Movement Restriction 5 (walls)"
R_LEVELS: Final = "Movement Restriction 8 (levels)"
R_WALKWAY: Final = "Movement Restriction 9 (walkways)"
R_MOVEMENT: Final = "Movement Restrictions"
R_EXITS: Final = 'Accessory Counters (the "Sun?" counters on the exits)'
R_ZONES: Final = "Course of a Game (scenario zones, docs/map-format.md)"
#: The details of our citations after their section's name, as the catalog says them
#: (`narration.rules.say_rule`: the section by its name, the detail in the "rule" context).
DETAILS: Final = (
    NP_("rule", 'the "Sun?" counters on the exits'),
    NP_("rule", "scenario zones, docs/map-format.md"),
)

#: Features that make a wall a door can stand in.
_WALLISH: Final = frozenset({EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT})
_BRIDGES: Final = {
    "wooden_bridge": R_WATER_BRIDGE,
    "stone_bridge": R_STONE_BRIDGE,
    "demolished_bridge": R_STONE_BRIDGE,
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One design problem: what is wrong (naming the place), the rule, where to mark it."""

    rule: str
    message: str
    hexes: tuple[Hex, ...] = ()
    edges: tuple[Edge, ...] = ()

    def text(self) -> str:
        """The message and its rule, as the editor's list and `validate` print it."""
        return f"{self.message} [{say_rule(self.rule, current())}]"

    def marked(self) -> frozenset[Hex]:
        """The hexes to mark on the map (those of its sides included)."""
        return frozenset(self.hexes) | {h for e in self.edges for h in e.hexes()}


#: How a message names a hex: `cell (12, 3)` on a board, `fosse cell (12, 3)` on a layout.
Namer = Callable[[Hex], str]


def cell_namer(board: Board) -> Namer:
    def name(h: Hex) -> str:
        col, row = board.grid.to_cell(h)
        return _("cell ({col}, {row})").format(col=col, row=row)

    return name


def validate_board(
    board: Board, table: TerrainTable | None = None, name: Namer | None = None
) -> list[Problem]:
    """Every design problem of a board (or a composed layout's map), in a stable order:
    by check, then row by row."""
    t = table or default_terrain_table()
    where = name or cell_namer(board)
    walker = Walker(board, t)
    out: list[Problem] = []
    out += _half_levels(board, t, where)
    out += _stairs(board, t, walker, where)
    out += _walkways(board, where)
    out += _doors(board, where)
    out += _bridges(board, t, where)
    out += _zones(board, walker, where)
    out += _islands(board, walker, where)
    out += _exits(board, walker, where)
    return out


def _rows(hexes: Iterable[Hex]) -> list[Hex]:
    return sorted(hexes, key=lambda h: (h.r, h.q))


def _more_hexes(n: int) -> str:
    """ " (and 3 more hexes)" after the first hex a problem names ("" for none)."""
    if n <= 0:
        return ""
    return ngettext(" (and {n} more hex)", " (and {n} more hexes)", n).format(n=n)


def _names(t: TerrainTable, terrain: str) -> str:
    row = t.get(terrain)
    return data_word(row.name) if row is not None else terrain


def _runs(cells: Mapping[Hex, Cell], member: Callable[[Cell], bool]) -> list[set[Hex]]:
    """The groups of neighbouring hexes whose cells are `member`s (a walkway, a bridge),
    first hexes row by row."""
    out: list[set[Hex]] = []
    seen: set[Hex] = set()
    for h in _rows(cells):
        if h in seen or not member(cells[h]):
            continue
        run = {h}
        todo = [h]
        while todo:
            x = todo.pop()
            for n in x.neighbours():
                c = cells.get(n)
                if c is not None and member(c) and n not in run:
                    run.add(n)
                    todo.append(n)
        seen |= run
        out.append(run)
    return out


def _half_levels(board: Board, t: TerrainTable, where: Namer) -> list[Problem]:
    """A hex at half a level must be a level link ("the stair hex itself being situated
    at half a level"; docs/boards.md: half-level hexes are always stairs, very steep
    stairs, embankments or fine-sand slopes)."""
    out = []
    for h in _rows(board.cells):
        c = board.cells[h]
        row = t.get(c.terrain)
        if c.level % 1 and row is not None and not row.level_link:
            out.append(
                Problem(
                    R_MAPS,
                    _(
                        "{where}: {name} at level {level:+g}; only stairs, embankments and slopes "
                        "stand at half a level"
                    ).format(where=where(h), name=data_word(row.name), level=c.level),
                    (h,),
                )
            )
    return out


def _stairs(board: Board, t: TerrainTable, walker: Walker, where: Namer) -> list[Problem]:
    """A flight of level links (stairs, slopes, embankments: hexes joined by steps) must
    lead to two different levels, or it joins nothing (Restriction 8)."""
    links = {h for h, c in board.cells.items() if (r := t.get(c.terrain)) and r.level_link}
    out: list[Problem] = []
    done: set[Hex] = set()
    for start in _rows(links):
        if start in done:
            continue
        flight = {start}
        todo = [start]
        levels: set[float] = set()
        while todo:
            h = todo.pop()
            for n, _deck in walker.steps((h, False)):
                if _deck:
                    continue
                if n in links:
                    if n not in flight:
                        flight.add(n)
                        todo.append(n)
                else:
                    levels.add(board.cells[n].level)
        done |= flight
        own = {board.cells[h].level for h in flight}
        if len(levels | (own - {lv for lv in own if lv % 1})) < 2:
            first = _rows(flight)[0]
            kind = _names(t, board.cells[first].terrain)
            if levels:
                reach = _("it only reaches level {level}").format(level=f"{min(levels):+g}")
            else:
                reach = _("no one can step on or off it")
            size = _more_hexes(len(flight) - 1)
            out.append(
                Problem(
                    R_LEVELS,
                    _("{where}{size}: {kind} joins no two levels: {reach}").format(
                        where=where(first), size=size, kind=kind, reach=reach
                    ),
                    tuple(_rows(flight)),
                )
            )
    return out


def _walkways(board: Board, where: Namer) -> list[Problem]:
    """A walkway deck rests on walkway ends (Restriction 9): ends stand at level +1, the
    walkway over level 0, and every walkway touches an end."""
    out = []
    cells = board.cells
    for h in _rows(cells):
        c = cells[h]
        if c.walkway_end and c.level != 1.0:
            out.append(
                Problem(
                    R_WALKWAY,
                    _("{where}: a walkway end must be at level +1 (it is at {level:+g})").format(
                        where=where(h), level=c.level
                    ),
                    (h,),
                )
            )
        if c.walkway and c.level != 0.0:
            out.append(
                Problem(
                    R_WALKWAY,
                    _("{where}: a walkway passes over level 0 (this hex is at {level:+g})").format(
                        where=where(h), level=c.level
                    ),
                    (h,),
                )
            )
    for run in _runs(cells, lambda c: c.walkway):
        h = _rows(run)[0]
        ends = {n for x in run for n in x.neighbours() if (nc := cells.get(n)) and nc.walkway_end}
        if not ends:
            out.append(
                Problem(
                    R_WALKWAY,
                    _(
                        "{where}: this walkway rests on no walkway end, so no one can get on it"
                    ).format(where=where(h)),
                    tuple(_rows(run)),
                )
            )
    return out


def _door_corners_edges(edge: Edge) -> list[Edge]:
    """The four other sides that meet the door's side at its two ends."""
    a, b = edge.a, edge.b
    d = a.direction_to(b)
    assert d is not None
    before, after = a.neighbour(d - 1), a.neighbour(d + 1)
    return [Edge(a, before), Edge(before, b), Edge(a, after), Edge(after, b)]


def _doors(board: Board, where: Namer) -> list[Problem]:
    """A door is the opening in a wall ("Walls are impassable except at door hexes"): a
    door with a wall (or window, or arrow slit) at neither end opens nothing."""
    out = []
    for edge in sorted(board.edges, key=lambda e: (e.a.r, e.a.q, e.b.r, e.b.q)):
        if board.edges[edge] is not EdgeFeature.DOOR:
            continue
        if any(board.edges.get(e) in _WALLISH for e in _door_corners_edges(edge)):
            continue
        out.append(
            Problem(
                R_WALLS,
                _("the door between {where} and {where2} has walls on neither side").format(
                    where=where(edge.a), where2=where(edge.b)
                ),
                edges=(edge,),
            )
        )
    return out


def _bridges(board: Board, t: TerrainTable, where: Namer) -> list[Problem]:
    """A bridge crosses water: a run of bridge hexes with no water beside it spans
    nothing (its end hexes may rest on the banks)."""
    out = []
    cells = board.cells
    for run in _runs(cells, lambda c: c.terrain in _BRIDGES):
        h = _rows(run)[0]
        wet = any((c := cells.get(n)) and t[c.terrain].water for x in run for n in x.neighbours())
        if not wet:
            terrain = cells[h].terrain
            size = _more_hexes(len(run) - 1)
            out.append(
                Problem(
                    _BRIDGES[terrain],
                    _("{where}{size}: {names} is not over water").format(
                        where=where(h), size=size, names=_names(t, terrain)
                    ),
                    tuple(_rows(run)),
                )
            )
    return out


def _zones(board: Board, walker: Walker, where: Namer) -> list[Problem]:
    """Zones are places characters stand on: a zone hex of impassable terrain is a
    mistake (entries, deployments, cells, exits...)."""
    out = []
    for z in board.zones:
        blocked = [h for h in _rows(z.hexes) if not walker.is_passable(h)]
        if blocked:
            more = _more_hexes(len(blocked) - 1)
            out.append(
                Problem(
                    R_ZONES,
                    _("{value} zone '{name}' covers impassable {where}{more}").format(
                        value=word(ZONE_KIND_WORDS, z.kind.value),
                        name=z.name,
                        where=where(blocked[0]),
                        more=more,
                    ),
                    tuple(blocked),
                )
            )
    return out


def _islands(board: Board, walker: Walker, where: Namer) -> list[Problem]:
    """Every place must be reachable from the map's edges, entries or dungeon entrances."""
    reached = walker.reachable(walker.way_in())
    lost = set(walker.nodes()) - reached
    out = []
    while lost:
        first = min(lost, key=lambda n: (n[0].r, n[0].q, n[1]))
        group = walker.reachable([first]) & lost
        lost -= group
        hexes = _rows({h for h, _ in group})
        deck = _(" (on the walkway)") if first[1] else ""
        size = _more_hexes(len(hexes) - 1)
        out.append(
            Problem(
                R_MOVEMENT,
                _(
                    "{where}{deck}{size}: no one can reach this place from the map's edges or "
                    "entries"
                ).format(where=where(first[0]), deck=deck, size=size),
                tuple(hexes),
            )
        )
    return out


def _exits(board: Board, walker: Walker, where: Namer) -> list[Problem]:
    """An exit zone must be reachable from the entry zones (when the map has any)."""
    entries = [
        (h, False)
        for z in board.zones
        if z.kind is ZoneKind.ENTRY
        for h in z.hexes
        if walker.is_passable(h)
    ]
    if not entries:
        return []
    reached = {h for h, _ in walker.reachable(entries)}
    out = []
    for z in board.zones:
        if z.kind is ZoneKind.EXIT and not reached & z.hexes:
            first = _rows(z.hexes)[0]
            out.append(
                Problem(
                    R_EXITS,
                    _("exit zone '{name}' ({where}) cannot be reached from any entry").format(
                        name=z.name, where=where(first)
                    ),
                    tuple(_rows(z.hexes)),
                )
            )
    return out
