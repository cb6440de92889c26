"""Properties of the hex value type (hypothesis): the arithmetic every rule relies on."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.hexmap.hexes import (
    DIRECTIONS,
    Corner,
    Edge,
    Hex,
    corner_of,
    corners,
    edges,
    line,
    ring,
    spiral,
)

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)


@given(hexes)
def test_cube_coordinates_sum_to_zero(h: Hex) -> None:
    assert h.q + h.r + h.s == 0


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)


@given(hexes, hexes, hexes)
def test_distance_obeys_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes)
def test_neighbours_are_at_distance_one_and_distinct(h: Hex) -> None:
    ns = h.neighbours()
    assert len(set(ns)) == 6
    assert all(h.distance(n) == 1 for n in ns)
    assert all(h.direction_to(n) == i for i, n in enumerate(ns))


@given(hexes, hexes)
def test_line_has_distance_plus_one_contiguous_hexes(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert len(path) == a.distance(b) + 1
    assert path[0] == a and path[-1] == b
    assert all(p.distance(n) == 1 for p, n in itertools.pairwise(path))


@given(hexes, st.integers(min_value=0, max_value=12))
def test_ring_has_six_k_hexes_all_at_distance_k(c: Hex, k: int) -> None:
    hs = ring(c, k)
    assert len(hs) == (6 * k if k else 1)
    assert len(set(hs)) == len(hs)
    assert all(c.distance(h) == k for h in hs)


def test_spiral_counts_a_queen_sized_area() -> None:
    # Queen Alkiram covers a hex and its six neighbours: radius 1 holds 7 hexes.
    assert len(list(spiral(Hex(3, -2), 1))) == 7


@given(hexes, st.integers(min_value=0, max_value=5))
def test_edge_is_the_same_value_from_either_side(h: Hex, d: int) -> None:
    e = Edge.of(h, d)
    other = h.neighbour(d)
    assert e == Edge.of(other, (d + 3) % 6)
    assert e.other(h) == other and e.other(other) == h


@given(hexes)
def test_hex_has_six_distinct_edges_and_corners(h: Hex) -> None:
    assert len(set(edges(h))) == 6
    cs = corners(h)
    assert len(set(cs)) == 6
    assert all(h in c.hexes for c in cs)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_corner_is_shared_by_its_three_hexes(h: Hex, i: int) -> None:
    c = corner_of(h, i)
    assert isinstance(c, Corner)
    for other in c.hexes:
        assert c in corners(other)


@given(hexes, st.integers(min_value=0, max_value=5))
def test_edge_ends_are_corners_of_both_hexes(h: Hex, d: int) -> None:
    e = Edge.of(h, d)
    for c in e.corners():
        assert e.a in c.hexes and e.b in c.hexes


@given(hexes, hexes)
def test_rotate_180_is_an_involution_preserving_distance(h: Hex, c2: Hex) -> None:
    assert h.rotate_180(c2).rotate_180(c2) == h
    assert h.rotate_180(c2).distance(Hex(0, 0).rotate_180(c2)) == h.length()


@given(hexes, st.integers(min_value=0, max_value=11))
def test_rotate_60_keeps_length_and_six_turns_are_identity(h: Hex, k: int) -> None:
    assert h.rotate_60(k).length() == h.length()
    assert h.rotate_60(6) == h


def test_directions_are_the_six_unit_hexes() -> None:
    assert len(set(DIRECTIONS)) == 6
    assert all(d.length() == 1 for d in DIRECTIONS)


def test_edge_refuses_non_adjacent_hexes() -> None:
    import pytest

    with pytest.raises(ValueError, match="not adjacent"):
        Edge(Hex(0, 0), Hex(2, 0))
