"""Where characters are placed: the problems of a scenario's set-up, from the map and the
counters alone (issue "The map editor", section 4): a character placed in rock or in a
wall's hex it cannot stand on, in water it cannot enter, a Queen or a Guard placed where
she does not fit.

The rules are the engine's own: a counter's hexes are `engine.rules.footprint.hexes_for`,
who never swims is `engine.rules.steps.never_swims` (Movement Restriction 2), and a big
Krob stands on passable dry ground at one level with no edge feature between her hexes
("Movement of Alkiram and the Queen's Guards"). The scenario editor (to come) shows these
live; `dragonnoir validate --design` prints them for a scenario file.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from dragonnoir.editor.validate import Namer, Problem, cell_namer
from dragonnoir.editor.words import data_word, feature_word
from dragonnoir.engine.roster import Roster, default_roster
from dragonnoir.engine.rules.footprint import hexes_for
from dragonnoir.engine.rules.steps import R_BIG, R_TERRAIN, R_WATER, never_swims
from dragonnoir.engine.state import Unit
from dragonnoir.engine.values import profile_of
from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import TerrainTable, default_terrain_table
from dragonnoir.i18n import _


def placement_problems(
    board: Board,
    units: Sequence[Unit],
    *,
    roster: Roster | None = None,
    table: TerrainTable | None = None,
    name: Namer | None = None,
    afloat: Collection[Hex] = (),
) -> list[Problem]:
    """The problems of characters placed on `board` (units off the map are skipped), in
    the order of `units`, each naming the character (its counter's name) and the cell.

    `afloat`: water hexes a boat or a bridge counter covers — a character there is not
    in the water ("Movement by Boat": an armoured man may be a passenger)."""
    r = roster or default_roster()
    t = table or default_terrain_table()
    where = name or cell_namer(board)
    out: list[Problem] = []
    for unit in units:
        if unit.hex is None:
            continue
        p = profile_of(r, unit)
        who = data_word(r[unit.kind].name)
        hexes = hexes_for(unit.hex, p.size, unit.facing)
        off = [h for h in hexes if h not in board.cells]
        if off:
            out.append(
                Problem(
                    R_BIG,
                    _("{who} at {where} does not fit on the map").format(
                        who=who, where=where(unit.hex)
                    ),
                    hexes,
                )
            )
            continue
        cells = [board.cells[h] for h in hexes]
        rock = [h for h, c in zip(hexes, cells, strict=True) if not t[c.terrain].passable]
        if rock:
            terrain = data_word(t[board.cells[rock[0]].terrain].name)
            out.append(
                Problem(
                    R_TERRAIN,
                    _("{who} is placed on {terrain} at {where}, where no one can stand").format(
                        who=who, terrain=terrain, where=where(rock[0])
                    ),
                    tuple(rock),
                )
            )
            continue
        wet = [
            h for h, c in zip(hexes, cells, strict=True) if t[c.terrain].water and h not in afloat
        ]
        if wet and never_swims(p):
            out.append(
                Problem(
                    R_WATER,
                    _("{who} is placed in water at {where}, but cannot swim").format(
                        who=who, where=where(wet[0])
                    ),
                    tuple(wet),
                )
            )
            continue
        if p.size > 1:
            why = _big_fit(board, hexes, t)
            if why:
                out.append(
                    Problem(
                        R_BIG,
                        _("{who} does not fit at {where}: {why}").format(
                            who=who, where=where(unit.hex), why=why
                        ),
                        hexes,
                    )
                )
    return out


def _big_fit(board: Board, hexes: Sequence[Hex], table: TerrainTable) -> str:
    """Why a big Krob cannot stand on these hexes ("" when she can): dry ground, one
    level, no wall, door, cliff or other feature between two of them."""
    cells = [board.cells[h] for h in hexes]
    if any(table[c.terrain].water for c in cells):
        return _("part of her is in water")
    if len({c.level for c in cells}) > 1:
        return _("her hexes are not all at one level")
    for i, a in enumerate(hexes):
        for b in hexes[i + 1 :]:
            if a.distance(b) == 1 and Edge(a, b) in board.edges:
                feature = feature_word(board.edges[Edge(a, b)]).lower()
                return _("a {feature} runs between her hexes").format(feature=feature)
    return ""
