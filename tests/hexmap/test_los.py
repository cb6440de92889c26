"""The geometry of the line of fire (`dragonnoir/hexmap/los.py`): exact traces, the rule for
lines along a side or through a corner, symmetry, and range counting ("Line of Fire",
"Range of Fire")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dragonnoir.hexmap.board import BOARD_GRID
from dragonnoir.hexmap.hexes import DIRECTIONS, Edge, Hex, hex_round, spiral
from dragonnoir.hexmap.los import (
    LEFT,
    MAX_RANGE,
    RIGHT,
    Point,
    centre,
    corner_point,
    edge_middle,
    fire_range,
    hex_traces,
    hexes_at,
    in_range,
    line_is_clear,
    to_pixel,
    trace,
    trace_is_clear,
)
from dragonnoir.hexmap.tiled import HexGrid

ORIGIN = Hex(0, 0)
small = st.integers(min_value=-7, max_value=7)
near_hexes = st.builds(Hex, small, small)
sides = st.sampled_from([LEFT, RIGHT])


# -- points --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "grid", [BOARD_GRID, HexGrid("y", "even", 52, 60, 30), HexGrid("x", "odd", 60, 52, 30)]
)
def test_lattice_points_land_on_tileds_pixels(grid: HexGrid) -> None:
    """Tiled's grid is an affine image of the lattice: centres and corners agree."""
    for h in spiral(Hex(3, 4), 3):
        x, y = to_pixel(grid, centre(h))
        assert (x, y) == pytest.approx(grid.hex_centre(h))
        for i in range(6):
            assert to_pixel(grid, corner_point(h, i)) == pytest.approx(grid.corner_point(h, i))
        for d in range(6):
            a, b = grid.edge_segment(h, h.neighbour(d))
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            assert to_pixel(grid, edge_middle(Edge.of(h, d))) == pytest.approx(mid)


def test_hexes_at_a_centre_a_side_and_a_corner() -> None:
    h = Hex(2, -1)
    assert hexes_at(centre(h)) == (h,)
    assert set(hexes_at(edge_middle(Edge.of(h, 0)))) == {h, h.neighbour(0)}
    assert set(hexes_at(corner_point(h, 1))) == {h, h.neighbour(0), h.neighbour(1)}


# -- plain lines ---------------------------------------------------------------------------


def test_a_straight_row_crosses_each_side_once() -> None:
    t = trace(centre(ORIGIN), centre(Hex(3, 0)))
    assert t.hexes == (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    assert [c.at for c in t.crossings] == [Fraction(1, 6), Fraction(1, 2), Fraction(5, 6)]
    assert not t.degenerate and t.between() == (Hex(1, 0), Hex(2, 0))


def test_a_line_may_pass_more_hexes_than_its_range() -> None:
    """Range counts hexes of distance; a slanted line can cross more hexes than that."""
    t = trace(centre(ORIGIN), centre(Hex(-3, 4)))
    assert ORIGIN.distance(Hex(-3, 4)) == 4
    assert len(t.hexes) == 6


def _sampled_hexes(a: Point, b: Point, n: int = 4000) -> list[Hex]:
    """An independent, approximate trace: points along the segment, rounded to hexes."""
    out: list[Hex] = []
    for i in range(n + 1):
        q = (a[0] + (b[0] - a[0]) * i / n) / 6
        r = (a[1] + (b[1] - a[1]) * i / n) / 6
        h = hex_round(q, r)
        if not out or out[-1] != h:
            out.append(h)
    return out


@given(near_hexes, near_hexes)
def test_trace_matches_a_dense_sampling_for_ordinary_lines(a: Hex, b: Hex) -> None:
    t = trace(centre(a), centre(b))
    assume(not t.degenerate)
    assert list(t.hexes) == _sampled_hexes(centre(a), centre(b))


@given(near_hexes, near_hexes, sides)
def test_trace_is_a_chain_of_neighbours(a: Hex, b: Hex, side: int) -> None:
    t = trace(centre(a), centre(b), side)
    assert t.first == a and t.last == b
    assert len(t.crossings) == len(t.visits) - 1
    for c, v0, v1 in zip(t.crossings, t.visits, t.visits[1:], strict=False):
        assert c.before == v0.hex and c.after == v1.hex and c.edge == Edge(v0.hex, v1.hex)
        assert v0.leave == c.at == v1.enter
    ats = [c.at for c in t.crossings]
    assert ats == sorted(ats)
    for c0, c1 in zip(t.crossings, t.crossings[1:], strict=False):
        # two sides crossed at once only at a corner the exact line passes through
        assert c0.at < c1.at or (c0.at_corner and c1.at_corner)
    assert all(0 < x < 1 for x in ats)
    assert len(set(t.hexes)) == len(t.hexes)


def _orient(p: Point, q: Point, x: Point) -> int:
    v = (q[0] - p[0]) * (x[1] - p[1]) - (q[1] - p[1]) * (x[0] - p[0])
    return (v > 0) - (v < 0)


def _properly_crosses(p0: Point, p1: Point, e: Edge) -> bool:
    """Independent test: does the segment cross side `e` at a point inside both?"""
    d = e.a.direction_to(e.b)
    assert d is not None
    v1, v2 = corner_point(e.a, d), corner_point(e.a, d + 1)
    return (
        _orient(p0, p1, v1) * _orient(p0, p1, v2) < 0
        and _orient(v1, v2, p0) * _orient(v1, v2, p1) < 0
    )


@given(near_hexes, near_hexes)
def test_ordinary_lines_cross_exactly_the_sides_they_properly_cross(a: Hex, b: Hex) -> None:
    t = trace(centre(a), centre(b))
    assume(not t.degenerate)
    nearby = {Edge.of(h, d) for h in spiral(a, a.distance(b) + 1) for d in range(6)}
    crossed = {e for e in nearby if _properly_crosses(centre(a), centre(b), e)}
    assert crossed == set(t.edges)


# -- symmetry ------------------------------------------------------------------------------


@given(near_hexes, near_hexes, sides)
def test_trace_is_symmetric(a: Hex, b: Hex, side: int) -> None:
    """The line from B to A nudged the other way is the line from A to B walked back."""
    assert trace(centre(b), centre(a), -side) == trace(centre(a), centre(b), side).reversed()


@given(near_hexes, near_hexes, st.sets(near_hexes, max_size=25))
def test_clear_is_symmetric(a: Hex, b: Hex, blocked: set[Hex]) -> None:
    def blocks_hex(h: Hex) -> bool:
        return h in blocked

    def blocks_edge(e: Edge) -> bool:
        return e.a in blocked and e.b in blocked

    assert line_is_clear(a, b, blocks_hex, blocks_edge) == line_is_clear(
        b, a, blocks_hex, blocks_edge
    )


# -- lines along a side or through a corner: the documented rule ---------------------------


@pytest.mark.parametrize("d", range(6))
def test_a_line_along_a_side_is_blocked_only_when_both_sides_block(d: int) -> None:
    """From A to the hex two steps away "between" directions d and d+1: the line runs
    along the side between the two hexes it passes (X and Y)."""
    b = ORIGIN + DIRECTIONS[d] + DIRECTIONS[(d + 1) % 6]
    x, y = ORIGIN.neighbour(d), ORIGIN.neighbour(d + 1)
    ts = hex_traces(ORIGIN, b)
    assert len(ts) == 2
    assert ts[0].along == (Edge(x, y),)
    assert {t.between() for t in ts} == {(x,), (y,)}
    assert all(Edge(x, y) not in t.edges for t in ts)

    def clear(blocked: set[Hex]) -> bool:
        return line_is_clear(ORIGIN, b, lambda h: h in blocked, lambda e: False)

    assert clear(set())
    assert clear({x}) and clear({y})
    assert not clear({x, y})


@pytest.mark.parametrize("d", range(6))
def test_a_wall_along_the_line_does_not_block_it(d: int) -> None:
    """The line runs along the wall, crossing from neither side of it to the other."""
    b = ORIGIN + DIRECTIONS[d] + DIRECTIONS[(d + 1) % 6]
    wall = Edge(ORIGIN.neighbour(d), ORIGIN.neighbour(d + 1))
    assert line_is_clear(ORIGIN, b, lambda h: False, lambda e: e == wall)


def test_walls_on_both_sides_of_a_corner_block() -> None:
    """Along-side line from A to B: one nudge crosses A|X and X|B, the other A|Y and Y|B;
    a wall on one side of each nudge blocks both."""
    b = Hex(2, -1)
    x, y = Hex(1, -1), Hex(1, 0)
    walls = {Edge(ORIGIN, x), Edge(y, b)}
    assert not line_is_clear(ORIGIN, b, lambda h: False, lambda e: e in walls)
    assert line_is_clear(ORIGIN, b, lambda h: False, lambda e: e == Edge(ORIGIN, x))


def _corner_only() -> tuple[Hex, Hex]:
    for b in spiral(ORIGIN, 8):
        t = hex_traces(ORIGIN, b)[0]
        if t.degenerate and not t.along:
            return ORIGIN, b
    raise AssertionError("no line through a corner only")


def test_a_line_through_a_corner_passes_the_third_hex_on_one_side_only() -> None:
    a, b = _corner_only()
    left, right = hex_traces(a, b)
    corner = left.corners[0]
    third = set(corner.hexes) - set(left.hexes) | set(corner.hexes) - set(right.hexes)
    assert len(third) == 1
    (c,) = third
    # one nudge passes through the third hex; the other crosses the side between the two
    # hexes it goes from and to, at the corner
    assert (c in left.hexes) != (c in right.hexes)
    straight = right if c in left.hexes else left
    through = [x for x in straight.crossings if x.at_corner]
    assert through and set(through[0].edge.hexes()) <= set(corner.hexes)

    def clear(hex_block: set[Hex], edge_block: set[Edge]) -> bool:
        return line_is_clear(a, b, lambda h: h in hex_block, lambda e: e in edge_block)

    assert clear({c}, set())
    assert clear(set(), {through[0].edge})
    assert not clear({c}, {through[0].edge})


@given(near_hexes, near_hexes, st.sets(st.builds(Edge.of, near_hexes, st.integers(0, 5))))
def test_a_clear_line_never_passes_through_a_wall(a: Hex, b: Hex, walls: set[Edge]) -> None:
    """Reported clear => the exact segment crosses no wall side at an inner point (an
    independent test); and a nudge that is clear crosses none at all."""
    ts = hex_traces(a, b)
    clear = [t for t in ts if trace_is_clear(t, lambda h: False, lambda e: e in walls)]
    if clear:
        assert not any(_properly_crosses(centre(a), centre(b), w) for w in walls)
        assert not set(clear[0].edges) & walls
    else:
        assert any(set(t.edges) & walls for t in ts)


# -- openings ------------------------------------------------------------------------------


def test_a_line_from_an_opening_starts_beyond_it() -> None:
    """The middle of a side as a start ("Window", "Arrow slits", "Building doors")."""
    window = Edge.of(ORIGIN, 0)
    t = trace(edge_middle(window), centre(Hex(3, 0)))
    assert t.first == Hex(1, 0) and window not in t.edges
    assert t.hexes == (Hex(1, 0), Hex(2, 0), Hex(3, 0))
    back = trace(edge_middle(window), centre(Hex(-2, 0)))
    assert back.first == ORIGIN


@given(st.integers(0, 5), near_hexes)
def test_lines_from_an_opening_are_chains(d: int, b: Hex) -> None:
    opening = Edge.of(ORIGIN, d)
    for side in (LEFT, RIGHT):
        t = trace(edge_middle(opening), centre(b), side)
        assert t.last == b and opening not in t.edges
        assert t.first in opening.hexes()


# -- range ---------------------------------------------------------------------------------


def test_range_counts_the_targets_hex_not_the_shooters() -> None:
    assert fire_range(ORIGIN, ORIGIN.neighbour(0)) == 1
    assert fire_range(ORIGIN, Hex(5, 0)) == 5 and in_range(ORIGIN, Hex(5, 0))
    assert fire_range(ORIGIN, Hex(3, 3)) == 6 and not in_range(ORIGIN, Hex(3, 3))
    assert MAX_RANGE == 5
