"""Hex values: the cube-coordinate cell, its neighbours, distances, lines, edges and corners.

Everything above this module (boards, layouts, line of fire, the rules engine) speaks in
these values, never in Tiled's offset cells, so that a board turned 180 degrees or placed
anywhere in a layout is still plain arithmetic. Pixel positions live in `tiled.py`.

Cube coordinates (q, r, s) with q + r + s == 0; the six directions are numbered
counter-clockwise starting from +q (east on a pointy-top map). See "The Underground Maps"
in the rulebook for why hexes matter at all: every distance in the game (range of fire,
spell range, movement) is counted in hexes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One cell in cube coordinates. Immutable and hashable, so it can key dicts and sets."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, always -q-r."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def scale(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in `direction` (0..5, counter-clockwise from +q)."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order.

        Kept once worked out (`_NEIGHBOURS`): the rules and the AI ask for them millions
        of times in a game, and building six hexes costs ten times a look-up."""
        found = _NEIGHBOURS.get(self)
        if found is None:
            q, r = self.q, self.r
            if len(_NEIGHBOURS) >= _NEIGHBOURS_KEPT:
                _NEIGHBOURS.clear()
                _SAME.clear()
            # The same hex object for the same cell, whoever asks: a dict meeting it
            # again finds it by identity, without comparing fields.
            same = _SAME.setdefault
            found = tuple(same(h, h) for h in (Hex(q + d.q, r + d.r) for d in DIRECTIONS))
            _NEIGHBOURS[self] = found
        return found

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Number of steps between two hexes (the rulebook's "hexes away")."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> int | None:
        """The direction index if `other` is adjacent, else None."""
        delta = other - self
        return _DIRECTION_INDEX.get(delta)

    def rotate_180(self, centre2: Hex) -> Hex:
        """Point reflection through a centre given in doubled coordinates.

        `centre2` is twice the (possibly half-integer) centre, so a board can be turned
        about an edge midpoint as well as about a hex centre; both keep the lattice.
        """
        return Hex(centre2.q - self.q, centre2.r - self.r)

    def rotate_60(self, times: int = 1) -> Hex:
        """Rotate about the origin by 60 degrees counter-clockwise, `times` times."""
        q, r, s = self.q, self.r, self.s
        for _ in range(times % 6):
            q, r, s = -r, -s, -q
        return Hex(q, r)

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


ORIGIN: Final = Hex(0, 0)

#: The six unit steps, counter-clockwise starting from +q.
DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
_DIRECTION_INDEX: Final[dict[Hex, int]] = {d: i for i, d in enumerate(DIRECTIONS)}
#: The neighbours of the hexes asked about so far (`Hex.neighbours`), and how many are
#: kept before starting afresh (six boards hold about ten thousand hexes).
_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
_SAME: dict[Hex, Hex] = {}
_NEIGHBOURS_KEPT: Final = 200_000


def ring(centre: Hex, radius: int) -> list[Hex]:
    """All hexes exactly `radius` steps from `centre` (just `centre` for radius 0)."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, not {radius}")
    if radius == 0:
        return [centre]
    result: list[Hex] = []
    h = centre + DIRECTIONS[4].scale(radius)
    for side in range(6):
        for _ in range(radius):
            result.append(h)
            h = h.neighbour(side)
    return result


def spiral(centre: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within `radius` of `centre`, nearest rings first."""
    for k in range(radius + 1):
        yield from ring(centre, k)


def hex_round(fq: float, fr: float) -> Hex:
    """The hex containing fractional cube coordinates (fq, fr, -fq-fr)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


# A nudge that breaks ties when a centre-to-centre line runs exactly along a hex side
# or through a corner. Its sign is fixed so the choice is the same everywhere; the line
# of fire module documents the rule that uses the exact geometry instead.
_NUDGE: Final = (1e-6, 2e-6)


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a centre-to-centre segment visits, from `a` to `b`, distance+1 of them.

    Ties (the segment along an edge) go to one side by a fixed nudge; the rules that care
    about such lines (line of fire) work on the exact segment, not on this list.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar = a.q + _NUDGE[0], a.r + _NUDGE[1]
    bq, br = b.q + _NUDGE[0], b.r + _NUDGE[1]
    step = 1.0 / n
    return [hex_round(aq + (bq - aq) * i * step, ar + (br - ar) * i * step) for i in range(n + 1)]


@dataclass(frozen=True, slots=True)
class Edge:
    """The side shared by two adjacent hexes; the same value whichever hex you start from.

    A board-boundary edge is simply an edge with one hex on the board and one off it.
    """

    a: Hex
    b: Hex

    def __post_init__(self) -> None:
        if self.a.distance(self.b) != 1:
            raise ValueError(f"{self.a} and {self.b} are not adjacent: no edge between them")
        if self.b < self.a:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @classmethod
    def of(cls, h: Hex, direction: int) -> Edge:
        """The edge of `h` facing `direction`."""
        return cls(h, h.neighbour(direction))

    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this edge from `h`."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on {self}")

    def corners(self) -> tuple[Corner, Corner]:
        """The two corners at the ends of this edge."""
        d = self.a.direction_to(self.b)
        assert d is not None
        return (corner_of(self.a, d), corner_of(self.a, (d + 1) % 6))

    def __repr__(self) -> str:
        return f"Edge({self.a}, {self.b})"


@dataclass(frozen=True, slots=True)
class Corner:
    """A vertex where three hexes meet, identified by the sorted triple of those hexes."""

    hexes: tuple[Hex, Hex, Hex]

    def __repr__(self) -> str:
        return f"Corner{self.hexes}"


def corner_of(h: Hex, index: int) -> Corner:
    """Corner `index` of hex `h`: the vertex between the sides facing directions
    `index - 1` and `index` (so corner i lies between edge i-1 and edge i)."""
    i = index % 6
    trio = sorted((h, h.neighbour(i - 1), h.neighbour(i)))
    return Corner((trio[0], trio[1], trio[2]))


def corners(h: Hex) -> tuple[Corner, ...]:
    """The six corners of a hex, in index order."""
    return tuple(corner_of(h, i) for i in range(6))


def edges(h: Hex) -> tuple[Edge, ...]:
    """The six edges of a hex, in direction order."""
    return tuple(Edge.of(h, d) for d in range(6))
