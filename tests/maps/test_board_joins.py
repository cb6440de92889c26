"""The six boards put together: every legal join of two boards (either one turned 180
degrees) meets only at the standard openings, and Le Labyrinthe's two levels meet through
another board ("The Underground Maps")."""

from __future__ import annotations

import importlib
import itertools
import sys
from pathlib import Path

import pytest

from dragonnoir.hexmap.board import Board
from dragonnoir.hexmap.layout import Layout, Placement, check_joins, compose

sys.path.insert(0, str(Path(__file__).resolve().parent))
bc = importlib.import_module("board_checks")
tb = importlib.import_module("test_boards")


@pytest.fixture(scope="module")
def boards() -> dict[str, Board]:
    return tb._load_all()


#: The row-9 cells of the two wide mouths on the short sides; across a short-side seam
#: they touch each other directly (between the half hexes of rows 8 and 10).
MOUTH_MIDDLES = {(0, 9), (25, 9)}


def _joins(a: Board, b: Board) -> list[tuple[Placement, Placement]]:
    """Every legal way to put `b` below or to the right of `a`."""
    out = []
    for ra, rb in itertools.product((0, 180), repeat=2):
        for drow, dcol in ((1, 0), (0, 1)):
            pair = (Placement(a, 0, 0, ra), Placement(b, drow, dcol, rb))
            if not check_joins(pair):
                out.append(pair)
    return out


def _only_on(layout: Layout, index: int) -> set:
    """Hexes of one placement that no other placement covers."""
    own = layout.hexes_of(index)
    return {h for h in own if len(layout.placements_at(h)) == 1}


def test_every_join_meets_only_at_openings(boards: dict[str, Board]) -> None:
    count = 0
    for a, b in itertools.permutations(boards.values(), 2):
        for pair in _joins(a, b):
            layout = compose(pair, f"{a.id}+{b.id}")
            m = layout.map
            side_a, side_b = _only_on(layout, 0), _only_on(layout, 1)
            # no gallery of one board touches a gallery of the other except through a
            # seam hex or across the middle of a wide mouth (the other odd-row cells by
            # the short sides are rock)
            for h in side_a:
                if not bc.passable(m, h):
                    continue
                for n in h.neighbours():
                    if n in side_b and bc.passable(m, n):
                        cells = {
                            a.grid.to_cell(layout.to_local(0, h)),
                            b.grid.to_cell(layout.to_local(1, n)),
                        }
                        assert cells == MOUTH_MIDDLES, (a.id, b.id, pair[1].rotation, cells)
            # an open seam hex leads into both boards
            for h in layout.seam_hexes():
                if bc.passable(m, h):
                    assert any(n in side_a and bc.passable(m, n) for n in h.neighbours())
                    assert any(n in side_b and bc.passable(m, n) for n in h.neighbours())
            count += 1
    assert count == 30 * 4  # 30 ordered pairs, 2 directions x 2 legal turns each


def test_labyrinthe_levels_meet_through_another_board(boards: dict[str, Board]) -> None:
    lab, fosse = boards["labyrinthe"], boards["fosse"]
    layout = compose([Placement(lab, 0, 0), Placement(fosse, 0, 1)], "labyrinthe+fosse")
    g = lab.grid
    upper = layout.to_global(0, g.to_hex(19, 4))  # north-east ledge, level +1
    lower = layout.to_global(0, g.to_hex(12, 9))  # central cave, level 0
    assert lab.cells[g.to_hex(19, 4)].level == 1.0
    reach = bc.reachable(layout.map, [(upper, False)])
    assert (lower, False) in reach
    # ... but never on the Labyrinthe alone
    assert (g.to_hex(12, 9), False) not in bc.reachable(lab, [(g.to_hex(19, 4), False)])
