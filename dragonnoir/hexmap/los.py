"""Line of fire geometry: exactly which hexes and hex sides a segment crosses.

"Line of Fire": "an imaginary straight line drawn from the centre of the shooter's
hexagon to the centre of the target's hexagon." This module traces such a segment
across the hex grid, exactly; the rules on top of it (what blocks, what gives cover) are
in `dragonnoir/engine/rules/line_of_fire.py`. Pure geometry: no pygame, no game state.

Exact geometry
--------------
Points are integer pairs in the axial lattice scaled by six (`Point`): the centre of
`Hex(q, r)` is `(6q, 6r)`, the middle of a side is the mean of two centres (integers
again), a corner the mean of three (integers again). A pointy-top grid of regular hexes,
and Tiled's 52 x 60 grid alike, are affine images of this lattice (`to_pixel`), and an
affine map keeps straight lines straight, keeps which side of a line a point lies on,
and keeps the order of points along a line. So every question asked here — which side
of the segment is this corner, where along the segment is this side crossed — is
answered with integer arithmetic and is the same on the printed map, on Tiled's pixels
and on ideal hexes. Crossing parameters are exact fractions of the segment (0 at its
start, 1 at its end).

Lines along a side or through a corner
--------------------------------------
The rulebook does not say what happens when the line runs exactly along a side or
through a corner (docs/line-of-fire.md, shared/design/RULES-GAPS.md). Our rule: such a
line is looked at twice, moved a hair's breadth to the left and a hair's breadth to the
right (`LEFT`, `RIGHT`: the whole segment turned by an infinitesimal angle about its
start). Each of the two is an ordinary line that crosses hexes and sides and never
touches a corner. The line of fire is clear if either of the two is clear, and the
shooter gets the better of the two ('the benefit of the doubt goes to the shooter'); a
line is blocked there only when the things on **both** sides of it block. The rules
module applies this to terrain, hex sides and characters alike, because it judges whole
traces, never single hexes. `traces()` gives one trace for an ordinary line and the two
nudged traces for a line that touches a corner.

A nudged trace never crosses the side it runs along (it stays on one side of it), and
passes through the corner's third hex on one side or crosses the side between the other
two on the other side.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Final, TypeVar

from dragonnoir.hexmap.hexes import DIRECTIONS, Corner, Edge, Hex, corner_of
from dragonnoir.hexmap.tiled import HexGrid

#: A point of the plane: axial (q, r) coordinates times `SCALE` (integers).
Point = tuple[int, int]
SCALE: Final = 6

#: The two nudges of a line that touches a corner (see the module docstring).
LEFT: Final = 1
RIGHT: Final = -1

#: "shots are impossible ... if the target is more than 5 hexes from the shooter"
MAX_RANGE: Final = 5

_D: Final[tuple[tuple[int, int], ...]] = tuple((d.q, d.r) for d in DIRECTIONS)
#: Corner i of a hex, relative to its centre (corner i lies between sides i-1 and i).
_CORNER: Final[tuple[tuple[int, int], ...]] = tuple(
    (2 * (_D[i - 1][0] + _D[i][0]), 2 * (_D[i - 1][1] + _D[i][1])) for i in range(6)
)


# -- points ------------------------------------------------------------------------------


def centre(h: Hex) -> Point:
    """The centre of a hex."""
    return (SCALE * h.q, SCALE * h.r)


def edge_middle(edge: Edge) -> Point:
    """The middle of a hex side (where a window, a door or an arrow slit opens)."""
    a, b = edge.a, edge.b
    return (3 * (a.q + b.q), 3 * (a.r + b.r))


def corner_point(h: Hex, index: int) -> Point:
    """Corner `index` of `h` (as `hexes.corner_of`: between sides index-1 and index)."""
    dq, dr = _CORNER[index % 6]
    return (SCALE * h.q + dq, SCALE * h.r + dr)


def to_pixel(grid: HexGrid, p: Point) -> tuple[float, float]:
    """A lattice point in map pixels of `grid` (`HexGrid.hex_centre` space).

    Tiled's centre mapping is affine in (q, r), so this is exact for centres, side
    middles and Tiled's own hex corners.
    """
    ox, oy, ax, ay, bx, by = _affine(grid)
    q, r = p[0], p[1]
    return (ox + q * ax + r * bx, oy + q * ay + r * by)


@lru_cache(maxsize=16)
def _affine(grid: HexGrid) -> tuple[float, float, float, float, float, float]:
    ox, oy = grid.hex_centre(Hex(0, 0))
    ux, uy = grid.hex_centre(Hex(1, 0))
    vx, vy = grid.hex_centre(Hex(0, 1))
    return (ox, oy, (ux - ox) / SCALE, (uy - oy) / SCALE, (vx - ox) / SCALE, (vy - oy) / SCALE)


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


def _dot(ax: int, ay: int, bx: int, by: int) -> int:
    """Euclidean dot product of two axial vectors (up to a positive factor): the cube
    embedding (q, r, -q-r) of a regular hex grid."""
    return ax * bx + ay * by + (ax + ay) * (bx + by)


def hexes_at(p: Point) -> tuple[Hex, ...]:
    """The hexes whose closed outline contains `p`: one inside a hex, two on a side,
    three at a corner."""
    guess = Hex(round(p[0] / SCALE), round(p[1] / SCALE))
    out: list[Hex] = []
    for h in (guess, *guess.neighbours()):
        a, b = p[0] - SCALE * h.q, p[1] - SCALE * h.r
        c = -a - b
        if max(abs(a - b), abs(b - c), abs(c - a)) <= SCALE:
            out.append(h)
    return tuple(sorted(out))


# -- traces ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HexVisit:
    """A hex the (nudged) segment passes through, between parameters `enter` and `leave`
    (fractions of the segment: 0 at its start, 1 at its end)."""

    hex: Hex
    enter: Fraction
    leave: Fraction
    #: the middle of the visit as a float (for ordering things along the line quickly)
    mid: float = field(compare=False)


@dataclass(frozen=True, slots=True)
class Crossing:
    """A hex side the (nudged) segment crosses, at parameter `at`, from `before` into
    `after`. `at_corner`: the exact segment crosses it at one of its ends (a corner)."""

    edge: Edge
    at: Fraction
    before: Hex
    after: Hex
    at_corner: bool
    #: `at` as a float
    t: float = field(compare=False)


@dataclass(frozen=True, slots=True)
class Trace:
    """Everything a segment crosses, in order from `start` to `end`, for one nudge.

    `visits` are the hexes passed through (the first holds the start, the last the end);
    `crossings` the sides crossed between them. `corners` are the corners the exact
    segment passes through and `along` the sides it runs along (both empty for an
    ordinary line; the same for both nudges). `side` is the nudge this trace follows
    (`LEFT` or `RIGHT`); it matters only when `corners` is not empty.
    """

    start: Point
    end: Point
    side: int
    visits: tuple[HexVisit, ...]
    crossings: tuple[Crossing, ...]
    corners: tuple[Corner, ...]
    along: tuple[Edge, ...]

    @property
    def hexes(self) -> tuple[Hex, ...]:
        return tuple(v.hex for v in self.visits)

    @property
    def edges(self) -> tuple[Edge, ...]:
        return tuple(c.edge for c in self.crossings)

    @property
    def degenerate(self) -> bool:
        """True when the exact segment touches a corner (and so runs along no side or
        along one): the two nudges then differ."""
        return bool(self.corners)

    @property
    def first(self) -> Hex:
        return self.visits[0].hex

    @property
    def last(self) -> Hex:
        return self.visits[-1].hex

    def between(self) -> tuple[Hex, ...]:
        """The hexes strictly between the first and the last (where obstacles count)."""
        return tuple(v.hex for v in self.visits[1:-1])

    def reversed(self) -> Trace:
        """The same line walked from its end (the nudge keeps its side of the plane, so
        `side` flips)."""
        one = Fraction(1)
        return Trace(
            self.end,
            self.start,
            -self.side,
            tuple(
                HexVisit(v.hex, one - v.leave, one - v.enter, 1.0 - v.mid)
                for v in reversed(self.visits)
            ),
            tuple(
                Crossing(c.edge, one - c.at, c.after, c.before, c.at_corner, float(one - c.at))
                for c in reversed(self.crossings)
            ),
            tuple(reversed(self.corners)),
            tuple(reversed(self.along)),
        )


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def _trace(start: Point, end: Point, side: int) -> Trace:
    """The exact trace of start -> end nudged to `side` (uncached; see `trace`)."""
    if side not in (LEFT, RIGHT):
        raise ValueError(f"side must be LEFT (1) or RIGHT (-1), not {side}")
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    if dx == 0 and dy == 0:
        hs = hexes_at(start)
        if len(hs) != 1:
            raise ValueError(f"a segment of no length on a hex side or corner: {start}")
        zero = Fraction(0)
        return Trace(start, end, side, (HexVisit(hs[0], zero, Fraction(1), 0.5),), (), (), ())
    # Which hex the segment starts in.
    holders = hexes_at(start)
    if len(holders) == 3:
        raise ValueError(f"a segment may not start on a corner: {start}")
    if len(holders) == 1:
        h = holders[0]
    else:
        a, b = holders
        toward = _dot(dx, dy, b.q - a.q, b.r - a.r)
        if toward > 0:
            h = b
        elif toward < 0:
            h = a
        else:  # along the side it starts on: the nudge decides
            ca = _cross(dx, dy, SCALE * a.q - sx, SCALE * a.r - sy)
            h = a if _sign(ca) == -side else b

    def orient(px: int, py: int) -> int:
        """Side of point (px, py) as the nudged line sees it: +1 left, -1 right."""
        o = _cross(dx, dy, px - sx, py - sy)
        if o:
            return 1 if o > 0 else -1
        ahead = _dot(dx, dy, px - sx, py - sy)
        return side if ahead > 0 else -side

    visits: list[HexVisit] = []
    crossings: list[Crossing] = []
    touched: dict[Point, Corner] = {}
    touched_order: list[Point] = []
    t_in = Fraction(0)
    length2 = _dot(dx, dy, dx, dy)
    limit = 4 * (abs(dx) + abs(dy) + abs(dx + dy)) // SCALE + 8
    for _ in range(limit):
        cq, cr = SCALE * h.q, SCALE * h.r
        pts = [(cq + ox, cr + oy) for ox, oy in _CORNER]
        sides = [orient(px, py) for px, py in pts]
        for i, (px, py) in enumerate(pts):
            if _cross(dx, dy, px - sx, py - sy) == 0:
                ahead = _dot(dx, dy, px - sx, py - sy)
                if 0 < ahead < length2 and (px, py) not in touched:
                    touched[(px, py)] = corner_of(h, i)
                    touched_order.append((px, py))
        exit_dir = -1
        for i in range(6):
            if sides[i] != sides[(i + 1) % 6] and _dot(dx, dy, *_D[i]) > 0:
                exit_dir = i
                break
        if exit_dir < 0:  # pragma: no cover - geometry guarantees an exit
            raise AssertionError(f"no exit from {h} for {start}->{end}")
        ax, ay = pts[exit_dir]
        bx, by = pts[(exit_dir + 1) % 6]
        ex, ey = bx - ax, by - ay
        t_out = Fraction(_cross(ax - sx, ay - sy, ex, ey), _cross(dx, dy, ex, ey))
        if t_out >= 1:
            visits.append(HexVisit(h, t_in, Fraction(1), float((t_in + 1) / 2)))
            break
        nxt = h.neighbour(exit_dir)
        at_corner = _cross(dx, dy, ax - sx, ay - sy) == 0 or _cross(dx, dy, bx - sx, by - sy) == 0
        visits.append(HexVisit(h, t_in, t_out, float((t_in + t_out) / 2)))
        crossings.append(Crossing(Edge(h, nxt), t_out, h, nxt, at_corner, float(t_out)))
        h, t_in = nxt, t_out
    else:  # pragma: no cover
        raise AssertionError(f"trace {start}->{end} did not end")

    corners_hit = tuple(
        touched[p] for p in sorted(touched_order, key=lambda p: _dot(dx, dy, p[0] - sx, p[1] - sy))
    )
    along: list[Edge] = []
    for i in range(len(corners_hit) - 1):
        shared = set(corners_hit[i].hexes) & set(corners_hit[i + 1].hexes)
        if len(shared) == 2:
            x, y = sorted(shared)
            along.append(Edge(x, y))
    return Trace(start, end, side, tuple(visits), tuple(crossings), corners_hit, tuple(along))


_T = TypeVar("_T")


def _shift_hex(h: Hex, q: int, r: int) -> Hex:
    return Hex(h.q + q, h.r + r)


def _translate(t: Trace, q: int, r: int) -> Trace:
    if q == 0 and r == 0:
        return t
    dx, dy = SCALE * q, SCALE * r

    def edge(e: Edge) -> Edge:
        return Edge(_shift_hex(e.a, q, r), _shift_hex(e.b, q, r))

    return Trace(
        (t.start[0] + dx, t.start[1] + dy),
        (t.end[0] + dx, t.end[1] + dy),
        t.side,
        tuple(HexVisit(_shift_hex(v.hex, q, r), v.enter, v.leave, v.mid) for v in t.visits),
        tuple(
            Crossing(
                edge(c.edge),
                c.at,
                _shift_hex(c.before, q, r),
                _shift_hex(c.after, q, r),
                c.at_corner,
                c.t,
            )
            for c in t.crossings
        ),
        tuple(
            Corner(
                (
                    _shift_hex(c.hexes[0], q, r),
                    _shift_hex(c.hexes[1], q, r),
                    _shift_hex(c.hexes[2], q, r),
                )
            )
            for c in t.corners
        ),
        tuple(edge(e) for e in t.along),
    )


@lru_cache(maxsize=1 << 14)
def _relative(start: Point, end: Point, side: int) -> Trace:
    return _trace(start, end, side)


@lru_cache(maxsize=1 << 13)
def trace(start: Point, end: Point, side: int = LEFT) -> Trace:
    """The trace of the segment `start` -> `end` nudged to `side` (exact, cached).

    The start may be a hex centre or the middle of a side (then the trace begins in the
    hex the segment goes into, and that side is not crossed); so may the end (then the
    trace ends in the hex the segment comes from). A corner is refused as an end.
    The geometry is the same everywhere on the grid: traces are computed once per
    relative position and moved.
    """
    q, r = start[0] // SCALE, start[1] // SCALE
    rel = _relative(
        (start[0] - SCALE * q, start[1] - SCALE * r), (end[0] - SCALE * q, end[1] - SCALE * r), side
    )
    return _translate(rel, q, r)


def traces(start: Point, end: Point) -> tuple[Trace, ...]:
    """The traces to judge for a line of fire: one for an ordinary line, the `LEFT` and
    `RIGHT` nudges for a line through a corner or along a side (module docstring)."""
    left = trace(start, end, LEFT)
    if not left.degenerate:
        return (left,)
    return (left, trace(start, end, RIGHT))


def hex_traces(a: Hex, b: Hex) -> tuple[Trace, ...]:
    """`traces` from the centre of `a` to the centre of `b`."""
    return traces(centre(a), centre(b))


# -- helpers for rules and tests ---------------------------------------------------------


def fire_range(shooter: Hex, target: Hex) -> int:
    """ "Range of Fire": hexes from the shooter to the target, the target's hex counted
    and not the shooter's — the hex distance."""
    return shooter.distance(target)


def in_range(shooter: Hex, target: Hex, limit: int = MAX_RANGE) -> bool:
    return shooter.distance(target) <= limit


def crossed_features(
    t: Trace, lookup: Mapping[Edge, _T] | Callable[[Edge], _T | None]
) -> tuple[tuple[Edge, _T | None], ...]:
    """Each side `t` crosses with its feature from `lookup` (a board's `edges` mapping or
    a function), in order."""
    if callable(lookup):
        fn = lookup
        return tuple((c.edge, fn(c.edge)) for c in t.crossings)
    table = lookup
    return tuple((c.edge, table.get(c.edge)) for c in t.crossings)


def trace_is_clear(
    t: Trace,
    blocks_hex: Callable[[Hex], bool],
    blocks_edge: Callable[[Edge], bool],
) -> bool:
    """True when no hex strictly between the ends and no crossed side blocks."""
    return not any(blocks_edge(c.edge) for c in t.crossings) and not any(
        blocks_hex(h) for h in t.between()
    )


def line_is_clear(
    a: Hex,
    b: Hex,
    blocks_hex: Callable[[Hex], bool],
    blocks_edge: Callable[[Edge], bool],
) -> bool:
    """The documented rule in its simplest form: the centre-to-centre line from `a` to
    `b` is clear when one of its traces is clear (a line along a side or through a
    corner is blocked only when both sides block)."""
    return any(trace_is_clear(t, blocks_hex, blocks_edge) for t in hex_traces(a, b))


def along_or_corner(a: Hex, b: Hex) -> bool:
    """Does the centre-to-centre line from `a` to `b` touch a corner?"""
    return hex_traces(a, b)[0].degenerate


def segment_pixels(grid: HexGrid, t: Trace) -> tuple[tuple[float, float], tuple[float, float]]:
    return (to_pixel(grid, t.start), to_pixel(grid, t.end))


def points_of(grid: HexGrid, t: Trace) -> tuple[tuple[float, float], ...]:
    """The pixel points where `t` crosses each side (for the client to draw)."""
    sx, sy = to_pixel(grid, t.start)
    ex, ey = to_pixel(grid, t.end)
    return tuple((sx + float(c.at) * (ex - sx), sy + float(c.at) * (ey - sy)) for c in t.crossings)


def all_hexes(ts: Iterable[Trace]) -> tuple[Hex, ...]:
    """Every hex any of `ts` passes through, in order of first appearance."""
    seen: dict[Hex, None] = {}
    for t in ts:
        for v in t.visits:
            seen.setdefault(v.hex, None)
    return tuple(seen)
