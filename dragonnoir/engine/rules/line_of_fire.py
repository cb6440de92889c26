"""Line of fire, range and cover ("Fire with the Bow or Crossbow": "Line of Fire", "Range of
Fire"; "Fire Restrictions and Cover", every paragraph; "The Underground Maps": levels).

`line_of_fire(game, shooter, target)` says whether a shot may be made along the line
(range included), the target's cover class, why (each reason names its rule), and what
the line crosses, as data the client draws. The geometry (which hexes and sides the
segment crosses, exactly, and the rule for a line along a side or through a corner) is
`dragonnoir/hexmap/los.py`; everything here is the rulebook on top of it. Every reading
we made is in docs/line-of-fire.md.

Not judged here (the Fire action module does): whose turn it is, whether the shooter has
a bow or crossbow, has fired or moved, is in contact with an enemy in a position to
attack, whether the target is an enemy and alive, and the defensive-fire restriction on
a Krob adjacent to an adventurer.

Caches: map tables (rooms, openings) once per game; who stands where once per state
version (`Game.version`). A module that moves units in the middle of an action must call
`game.touch()` before asking (as for movement).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from dragonnoir.engine.display_names import display_name
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.infiltration import position_info
from dragonnoir.engine.rules.steps import edge_feature as _edge_feature_with_counters
from dragonnoir.engine.state import AccessoryKind, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.board import Board, EdgeFeature
from dragonnoir.hexmap.hexes import Corner, Edge, Hex
from dragonnoir.hexmap.los import (
    MAX_RANGE,
    Point,
    Trace,
    centre,
    edge_middle,
    points_of,
    to_pixel,
    traces,
)
from dragonnoir.hexmap.terrain import Cover, TerrainType
from dragonnoir.narration.covers import cover_name
from dragonnoir.narration.phrase import DataName, Phrase, english, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

# -- rule sections cited -------------------------------------------------------------------

_FR = "Fire Restrictions and Cover"
R_LINE: Final = "Line of Fire"
R_RANGE: Final = "Range of Fire"
R_TREES: Final = f"{_FR}: Trees"
R_WINDOW: Final = f"{_FR}: Window"
R_MARSH: Final = f"{_FR}: Marsh"
R_SLITS: Final = f"{_FR}: Arrow slits"
R_WALLS: Final = f"{_FR}: Walls"
R_DEMOLISHED: Final = f"{_FR}: Demolished walls"
R_CHARACTERS: Final = f"{_FR}: Characters"
R_WOODEN: Final = f"{_FR}: Wooden bridge"
R_STONE: Final = f"{_FR}: Stone bridge"
R_DOORS: Final = f"{_FR}: Building doors"
R_RIVER: Final = f"{_FR}: River"
R_EMBANKMENT: Final = f"{_FR}: Embankment"
R_WEBS: Final = f"{_FR}: Spider webs"
R_TERRAIN: Final = "Terrain table (cover)"
R_LEVELS: Final = "The Underground Maps (levels; our reading, docs/line-of-fire.md)"

#: Our reading: a cliff (a drop of a whole level) hides like the very steep embankment
#: ("Embankment"): the lower character must be at least as far from the foot of the
#: drop as the upper one. docs/line-of-fire.md, "Cliffs".
CLIFFS_HIDE: Final = True

#: Rooms (houses, the tower, cells) are regions closed by walls and openings of at most
#: this many hexes; anything larger is "outside".
ROOM_LIMIT: Final = 19

_RANK: Final = {Cover.NONE: 0, Cover.LIGHT: 1, Cover.MEDIUM: 2, Cover.STRONG: 3, Cover.TOTAL: 4}
_OPENINGS: Final = (EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT, EdgeFeature.DOOR)
_ENCLOSING: Final = frozenset(
    {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT, EdgeFeature.DOOR}
)
_STONE_BRIDGE: Final = frozenset({"stone_bridge", "demolished_bridge"})
_COUNTER_TERRAIN: Final = {
    AccessoryKind.BRIDGE: "wooden_bridge",
    AccessoryKind.GALLERY: "cave_floor",
}
_TERRAIN_RULE: Final = {
    "trees": R_TREES,
    "marsh": R_MARSH,
    "unstable_marsh": R_MARSH,
    "water": R_RIVER,
}


# -- the public answer ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineOfFire:
    """The verdict on a line of fire from a shooter to a target.

    `possible`: a shot may be made along this line (range included; the shooter's other
    conditions are the Fire module's). `cover`: the target's cover class (`TOTAL` means
    no shot). `range`: hexes, the target's counted and not the shooter's. `reasons`:
    (phrase, rule section) for each thing that blocked or gave cover, in order along
    the line (the shooter's own situation first, the target's last). `start`, `end`:
    the segment used, in map pixels (`HexGrid.hex_centre` space), moved to an opening
    when the rules say so. `crossed_hexes`: the hexes the line passes through, from the
    shooter's side to the target's (the shooter's own hex first unless the line starts
    at an opening); `crossed_edges`: the hex sides it passes through with their feature
    (an opening it starts from comes first). `blockers`: ids of the characters that
    block it.
    """

    possible: bool
    cover: Cover
    range: int
    reasons: tuple[tuple[Phrase, str], ...]
    start: tuple[float, float]
    end: tuple[float, float]
    crossed_hexes: tuple[Hex, ...]
    crossed_edges: tuple[tuple[Edge, str | None], ...]
    blockers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LineOfFireExplanation:
    """Everything behind a `LineOfFire`, for the client to draw and the player to read.

    `line` is the answer. `aim`: the target hex the shot is measured to (the best of a
    Queen's or Guard's hexes). `start_kind`: "centre" or the opening the line starts
    from ("window", "arrow_slit", "door"). `side`: which nudge was used when the exact
    line touches a corner (`los.LEFT` / `los.RIGHT`), None otherwise; `corners` and
    `along` are the corners the exact line passes through and the sides it runs along.
    `crossing_points`: pixel points where the line crosses each side. `candidates`:
    every line considered (each aim hex, start and nudge), best first; the first is
    `line`.
    """

    line: LineOfFire
    aim: Hex
    start_kind: str
    side: int | None
    corners: tuple[Corner, ...]
    along: tuple[Edge, ...]
    crossing_points: tuple[tuple[float, float], ...]
    candidates: tuple[LineOfFire, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (hexes as [q, r], edges as [[q, r], [q, r]], each reason
        in English with cube coordinates, `narration.phrase.english`)."""

        def hx(h: Hex) -> list[int]:
            return [h.q, h.r]

        def lof(x: LineOfFire) -> dict[str, Any]:
            return {
                "possible": x.possible,
                "cover": x.cover.value,
                "range": x.range,
                "reasons": [[english(said), rule] for said, rule in x.reasons],
                "start": list(x.start),
                "end": list(x.end),
                "crossed_hexes": [hx(h) for h in x.crossed_hexes],
                "crossed_edges": [[[hx(e.a), hx(e.b)], f] for e, f in x.crossed_edges],
                "blockers": list(x.blockers),
            }

        return {
            "line": lof(self.line),
            "aim": hx(self.aim),
            "start_kind": self.start_kind,
            "side": self.side,
            "corners": [[hx(h) for h in c.hexes] for c in self.corners],
            "along": [[hx(e.a), hx(e.b)] for e in self.along],
            "crossing_points": [list(p) for p in self.crossing_points],
            "candidates": [lof(c) for c in self.candidates],
        }


# -- per-game map tables ---------------------------------------------------------------------


@dataclass(slots=True)
class _MapTables:
    """Rooms and openings of the board (they never change during a game)."""

    rooms: dict[Hex, frozenset[Hex]]
    #: opening edge -> the hexes on its inner side ("placed just behind it", "Window";
    #: "the arrow-slit hex itself", "Arrow slits"; "the door hex", "Building doors")
    inner: dict[Edge, tuple[Hex, ...]]
    #: hex -> openings it is an inner hex of: (edge, feature, the hex beyond)
    openings_of: dict[Hex, tuple[tuple[Edge, EdgeFeature, Hex], ...]]
    #: hex -> windows it is the outer neighbour of: (edge, the window's inner hex)
    outside_windows: dict[Hex, tuple[tuple[Edge, Hex], ...]]


def _room(board: Board, start: Hex) -> frozenset[Hex] | None:
    """The region around `start` closed by walls and openings, if small enough to be a
    room (a house, the tower, a cell); None when it is open ground."""
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in h.neighbours():
            if n in seen or n not in board.cells:
                continue
            if board.edges.get(Edge(h, n)) in _ENCLOSING:
                continue
            seen.add(n)
            if len(seen) > ROOM_LIMIT:
                return None
            todo.append(n)
    return frozenset(seen)


#: The map tables of each board, by its identity: they depend on the board alone, so
#: every game on it shares them (an agent decides on a fresh copy of the game each time).
_MAPS: dict[int, tuple[Board, _MapTables]] = {}


def _map_tables(game: Game) -> _MapTables:
    cached = game.cache.get("line_of_fire_map")
    if isinstance(cached, _MapTables):
        return cached
    board = game.board
    shared = _MAPS.get(id(board))
    if shared is not None and shared[0] is board:
        game.cache["line_of_fire_map"] = shared[1]
        return shared[1]
    rooms: dict[Hex, frozenset[Hex]] = {}
    inner: dict[Edge, tuple[Hex, ...]] = {}
    openings: dict[Hex, list[tuple[Edge, EdgeFeature, Hex]]] = {}
    outside: dict[Hex, list[tuple[Edge, Hex]]] = {}
    for edge, feature in board.edges.items():
        if feature not in _OPENINGS:
            continue
        enclosed: list[Hex] = []
        for h in edge.hexes():
            if h not in board.cells:
                continue
            if h not in rooms:
                room = _room(board, h)
                if room is not None:
                    for x in room:
                        rooms[x] = room
            if h in rooms:
                enclosed.append(h)
        on_board = tuple(h for h in edge.hexes() if h in board.cells)
        sides = (enclosed[0],) if len(enclosed) == 1 else on_board
        inner[edge] = sides
        for h in sides:
            openings.setdefault(h, []).append((edge, feature, edge.other(h)))
            if feature is EdgeFeature.WINDOW and len(sides) == 1:
                outside.setdefault(edge.other(h), []).append((edge, h))
    tables = _MapTables(
        rooms,
        inner,
        {h: tuple(v) for h, v in openings.items()},
        {h: tuple(v) for h, v in outside.items()},
    )
    game.cache["line_of_fire_map"] = tables
    if len(_MAPS) > 16:
        _MAPS.clear()
    _MAPS[id(board)] = (board, tables)
    return tables


# -- per-version position ------------------------------------------------------------------


class _Position:
    """Terrain with the counters on it, webs, boats and who may block, for one version."""

    __slots__ = (
        "_traits",
        "blockers",
        "boats",
        "demolished",
        "footprints",
        "overrides",
        "table",
        "version",
        "webs",
    )

    def __init__(self, game: Game) -> None:
        self.version = game.version
        self.table: dict[str, TerrainType] = game.rules.terrain.by_id()
        self.overrides: dict[Hex, TerrainType] = {}
        webs: set[Hex] = set()
        boats: set[Hex] = set()
        self.demolished = False
        for acc in game.state.accessories.values():
            if not acc.face_up:
                continue
            if acc.kind in _COUNTER_TERRAIN:
                for h in acc.hexes:
                    if h in game.board.cells:
                        self.overrides[h] = self.table[_COUNTER_TERRAIN[acc.kind]]
                if acc.kind is AccessoryKind.GALLERY and "shape" in acc.properties:
                    self.demolished = True  # its closed sides are walls: ask the counters
            elif acc.kind is AccessoryKind.WEB:
                webs.update(acc.hexes)
            elif acc.kind is AccessoryKind.BOAT:
                boats.update(acc.hexes)
            elif acc.kind is AccessoryKind.DEMOLISHED_WALL:
                self.demolished = True
        self.webs = frozenset(webs)
        self.boats = frozenset(boats)
        self.footprints: dict[str, tuple[Hex, ...]] = {}
        self._traits: dict[str, tuple[frozenset[str], bool]] = {}
        #: hex -> standing characters not in the water there (the only ones that may
        #: block: "Characters", special case 2)
        self.blockers: dict[Hex, list[Unit]] = {}
        footprints = position_info(game).footprints  # the same hexes, worked out once
        for unit in game.state.units.values():
            if unit.hex is None:
                continue
            fp = footprints[unit.id]
            self.footprints[unit.id] = fp
            if not unit.standing:
                continue
            for h in fp:
                if not self.in_water_at(game, unit, h):
                    self.blockers.setdefault(h, []).append(unit)

    def traits(self, game: Game, unit: Unit) -> tuple[frozenset[str], bool]:
        """The unit's tags ("dwarf", "dog", "newborn"...) and whether it is a Krob."""
        got = self._traits.get(unit.id)
        if got is None:
            p = profile(game, unit)
            got = (p.tags, p.is_krob)
            self._traits[unit.id] = got
        return got

    def terrain(self, game: Game, h: Hex) -> TerrainType | None:
        over = self.overrides.get(h)
        if over is not None:
            return over
        cell = game.board.cells.get(h)
        return None if cell is None else self.table[cell.terrain]

    def in_water_at(self, game: Game, unit: Unit, h: Hex) -> bool:
        """Is `unit` in the water on `h` (a water hex, at its ground level, not in a boat)?"""
        t = self.terrain(game, h)
        if t is None or not t.water or h in self.boats:
            return False
        cell = game.board.cells[h]
        return unit.level <= cell.level

    def feature(self, game: Game, edge: Edge) -> EdgeFeature | None:
        """The side's feature with the counters on the map: a demolished wall removes
        one, the rock round a shaped gallery adds one where its shape is closed."""
        raw = game.board.edges.get(edge)
        if not self.demolished:
            return raw
        return _edge_feature_with_counters(game, edge.a, edge.b)


def _position(game: Game) -> _Position:
    pos = game.cache.get("line_of_fire_position")
    if not isinstance(pos, _Position) or pos.version != game.version:
        pos = _Position(game)
        game.cache["line_of_fire_position"] = pos
    return pos


# -- judging one candidate line ----------------------------------------------------------------


@dataclass(slots=True)
class _Who:
    unit: Unit
    hexes: tuple[Hex, ...]
    level: float
    tags: frozenset[str]
    is_krob: bool


@dataclass(slots=True)
class _Candidate:
    shooter_hex: Hex
    aim: Hex
    start_kind: str
    start_edge: Edge | None
    trace: Trace
    range: int
    possible: bool = True
    cover: Cover = Cover.NONE
    events: list[tuple[float, int, Phrase, str]] = field(default_factory=list)
    blockers: list[str] = field(default_factory=list)
    crossed: list[tuple[Edge, str | None]] = field(default_factory=list)

    def block(self, at: float, sentence: Phrase, rule: str) -> None:
        self.possible = False
        self.events.append((at, len(self.events), sentence, rule))

    def give(self, at: float, cover: Cover, sentence: Phrase, rule: str) -> None:
        if _RANK[cover] > _RANK[self.cover]:
            self.cover = cover
        if cover is Cover.TOTAL:
            self.possible = False
        self.events.append((at, len(self.events), sentence, rule))

    def key(self) -> tuple[int, int, int, int]:
        """Smaller is better for the shooter: possible, lower cover, shorter range, fewer
        obstacles."""
        return (0 if self.possible else 1, _RANK[self.cover], self.range, len(self.events))


def _name(game: Game, unit: Unit) -> DataName:
    """Who stands in the line or is fired at, by the name players read: never by `Who`,
    as a character hidden from the shooter's side may stand in the line and the side's
    view must not reach his id (docs/translating.md)."""
    return DataName(display_name(game, unit))


def _level_spares(lc: float, ls: float, lt: float) -> bool:
    """ "Characters", special case 3: when the shooter or his target is at height (one
    level of difference), the characters below are not an obstacle. Our reading for
    the rest: a character a whole level below or above both ends is not in the way
    either (under a walkway deck, over the pit)."""
    hi, lo = max(ls, lt), min(ls, lt)
    if hi - lo >= 1:
        return lc < hi or lc >= hi + 1
    return lc <= lo - 1 or lc >= hi + 1


def _judge(
    game: Game,
    pos: _Position,
    tables: _MapTables,
    shooter: _Who,
    target: _Who,
    cand: _Candidate,
) -> None:
    board = game.board
    t = cand.trace
    s_hex, aim = cand.shooter_hex, cand.aim
    ls, lt = shooter.level, target.level
    target_in_water = pos.in_water_at(game, target.unit, aim)
    target_hexes = set(target.hexes)

    # The opening the line starts from ("Window" a, "Arrow slits" a, "Building doors").
    if cand.start_edge is not None:
        feat = pos.feature(game, cand.start_edge)
        cand.crossed.append((cand.start_edge, None if feat is None else feat.value))
        if cand.start_kind == "window":
            cand.give(
                0.0,
                Cover.MEDIUM,
                tell(
                    "{unit} is fired at through the window at {cell} (medium cover)",
                    unit=_name(game, target.unit),
                    cell=s_hex,
                ),
                R_WINDOW,
            )

    # Sides crossed.
    low_walls: list[tuple[float, Edge]] = []
    for c in t.crossings:
        at = c.t
        feat = pos.feature(game, c.edge)
        cand.crossed.append((c.edge, None if feat is None else feat.value))
        if feat is None:
            continue
        if feat is EdgeFeature.WALL:
            cand.block(
                at,
                tell(
                    "a wall between {cell} and {other} blocks the line (total cover)",
                    cell=c.before,
                    other=c.after,
                ),
                R_WALLS,
            )
        elif feat is EdgeFeature.WINDOW:
            inner = tables.inner.get(c.edge, ())
            if c.after == aim and aim in inner and s_hex not in tables.rooms.get(aim, ()):
                cand.give(
                    at,
                    Cover.MEDIUM,
                    tell(
                        "{unit} is fired at through the window (medium cover)",
                        unit=_name(game, target.unit),
                    ),
                    R_WINDOW,
                )
            else:
                cand.block(
                    at,
                    tell(
                        "the line passes the window between {cell} and {other}: one fires "
                        "through a window only from just behind it, or at the character just "
                        "behind it",
                        cell=c.before,
                        other=c.after,
                    ),
                    R_WINDOW,
                )
        elif feat is EdgeFeature.ARROW_SLIT:
            inner = tables.inner.get(c.edge, ())
            if c.after == aim and aim in inner and _aligned(s_hex, aim, c.edge.other(aim)):
                cand.give(
                    at,
                    Cover.STRONG,
                    tell(
                        "{unit} is fired at through the arrow slit (strong cover)",
                        unit=_name(game, target.unit),
                    ),
                    R_SLITS,
                )
            elif c.after == aim and aim in inner:
                cand.block(
                    at,
                    tell("from outside, a shooter must be in exact alignment with the arrow slit"),
                    R_SLITS,
                )
            else:
                cand.block(
                    at,
                    tell(
                        "the line passes the arrow slit between {cell} and {other}: one fires "
                        "through it only from the arrow-slit hex, or at the character on it",
                        cell=c.before,
                        other=c.after,
                    ),
                    R_SLITS,
                )
        elif feat is EdgeFeature.DOOR:
            inner = tables.inner.get(c.edge, ())
            through = [h for h in (c.before, c.after) if h in inner and h != s_hex and h != aim]
            if through:
                cand.give(
                    at,
                    Cover.MEDIUM,
                    tell(
                        "{unit} is fired at through the door hex {cell} (medium cover)",
                        unit=_name(game, target.unit),
                        cell=through[0],
                    ),
                    R_DOORS,
                )
        elif feat is EdgeFeature.LOW_WALL:
            low_walls.append((at, c.edge))
        elif feat is EdgeFeature.EMBANKMENT_TOP or (feat is EdgeFeature.CLIFF and CLIFFS_HIDE):
            _step_edge(game, cand, shooter, target, c.edge, feat, at)

    # The stone bridge's low walls.
    if low_walls:
        s_terrain = pos.terrain(game, s_hex)
        on_bridge = s_terrain is not None and s_terrain.id in _STONE_BRIDGE
        counted = [(at, e) for at, e in low_walls if not (on_bridge and s_hex in e.hexes())]
        if counted:
            at = counted[0][0]
            if target_in_water:
                cand.give(
                    at,
                    Cover.TOTAL,
                    tell(
                        "the line passes a low wall of the stone bridge and {unit} is in the "
                        "water: the shooter cannot see him (total cover)",
                        unit=_name(game, target.unit),
                    ),
                    R_STONE,
                )
            else:
                cand.give(
                    at,
                    Cover.MEDIUM,
                    tell("the line passes a low wall of the stone bridge (medium cover)"),
                    R_STONE,
                )

    # Hexes crossed between the shooter and the target.
    visits = t.visits
    hi = max(ls, lt)
    dwarf = "dwarf" in shooter.tags
    for v in visits:
        h = v.hex
        if h in (s_hex, aim):
            continue
        at = v.mid
        terrain = pos.terrain(game, h)
        if terrain is None:
            cand.block(at, tell("the line leaves the map at {cell}", cell=h), R_LINE)
            continue
        if terrain.blocks_fire:
            if terrain.id == "trees":
                cand.block(at, tell("trees at {cell} block the line", cell=h), R_TREES)
            else:
                said = tell(
                    "{terrain} at {cell} blocks the line",
                    terrain=DataName(terrain.name, lower=True),
                    cell=h,
                )
                cand.block(at, said, R_WALLS)
        if h in pos.webs:
            cand.block(at, tell("a spider web at {cell} blocks the line", cell=h), R_WEBS)
        cell = board.cells.get(h)
        if cell is not None and cell.level >= hi + 1 and h not in target_hexes:
            cand.block(
                at,
                tell(
                    "the ground at {cell} (level {level}) rises a whole level above both "
                    "characters",
                    cell=h,
                    level=format(cell.level, "+g"),
                ),
                R_LEVELS,
            )
        if terrain.id == "wooden_bridge" and target_in_water:
            cand.give(
                at,
                Cover.MEDIUM,
                tell(
                    "the line crosses the wooden bridge at {cell} and {unit} is in the water "
                    "(medium cover)",
                    cell=h,
                    unit=_name(game, target.unit),
                ),
                R_WOODEN,
            )
        for other in pos.blockers.get(h, ()):
            if other.id in (shooter.unit.id, target.unit.id):
                continue
            if _level_spares(other.level, ls, lt):
                continue
            tags = pos.traits(game, other)[0]
            if ("dog" in tags or "newborn" in tags) and not dwarf:
                continue
            cand.blockers.append(other.id)
            cand.block(at, _stands_in_line(game, other, h, tags), R_CHARACTERS)

    # The target's own cover.
    terrain = pos.terrain(game, aim)
    cell = board.cells.get(aim)
    on_deck = cell is not None and cell.walkway and lt >= 1.0 > cell.level
    if terrain is not None and not on_deck and terrain.cover is not Cover.NONE:
        rule = _TERRAIN_RULE.get(terrain.id, R_TERRAIN)
        if target_in_water or not terrain.water:
            cand.give(
                1.0,
                terrain.cover,
                tell(
                    "{unit} is on {terrain} ({cover})",
                    unit=_name(game, target.unit),
                    terrain=DataName(terrain.name, lower=True),
                    cover=cover_name(terrain.cover.value),
                ),
                rule,
            )
    if aim in pos.webs and target.is_krob:
        cand.give(
            1.0,
            Cover.LIGHT,
            tell("{unit} is a Krob on a spider web (light cover)", unit=_name(game, target.unit)),
            R_WEBS,
        )


def _stands_in_line(game: Game, other: Unit, h: Hex, tags: frozenset[str]) -> Phrase:
    """ "Characters": who stands in the line; a dog or a baby Krob only blocks a dwarf's."""
    name = _name(game, other)
    if "dog" in tags:
        return tell(
            "{unit} stands at {cell} in the line (a dog blocks a dwarf's line)", unit=name, cell=h
        )
    if "newborn" in tags:
        return tell(
            "{unit} stands at {cell} in the line (a baby Krob blocks a dwarf's line)",
            unit=name,
            cell=h,
        )
    return tell("{unit} stands at {cell} in the line", unit=name, cell=h)


def _aligned(shooter: Hex, slit_hex: Hex, beyond: Hex) -> bool:
    """ "The shooter must be in exact alignment with" the arrow slit: on the row of hexes
    going straight out of the slit's side (the line then meets the slit square on)."""
    dq, dr = beyond.q - slit_hex.q, beyond.r - slit_hex.r
    k = slit_hex.distance(shooter)
    return k >= 1 and shooter == Hex(slit_hex.q + k * dq, slit_hex.r + k * dr)


def _step_edge(
    game: Game,
    cand: _Candidate,
    shooter: _Who,
    target: _Who,
    edge: Edge,
    feat: EdgeFeature,
    at: float,
) -> None:
    """ "Embankment": when the line passes through the top of an embankment, the shot is
    possible only if the character below is at least as far from the embankment hex as
    the character above; only a shooter adjacent to the top can fire at a Krob on the
    embankment and vice versa. Our reading: a cliff hides the same way (`CLIFFS_HIDE`)."""
    ls, lt = shooter.level, target.level
    if ls == lt:
        return
    cells = game.board.cells
    a, b = edge.a, edge.b
    ca, cb = cells.get(a), cells.get(b)
    if ca is None or cb is None or ca.level == cb.level:
        return
    upper_hex, lower_hex = (a, b) if ca.level > cb.level else (b, a)
    up_level, low_level = max(ca.level, cb.level), min(ca.level, cb.level)
    if ls > lt:
        upper, lower = cand.shooter_hex, cand.aim
        hi_level, lo_level = ls, lt
    else:
        upper, lower = cand.aim, cand.shooter_hex
        hi_level, lo_level = lt, ls
    if not (lo_level <= low_level and up_level <= hi_level):
        return
    d_low = lower.distance(lower_hex)
    d_up = upper.distance(lower_hex)
    if d_low >= d_up:
        return
    if d_low == 0 and d_up == 1:
        return  # adjacent to the top: "Only a shooter adjacent to the top ... and vice versa"
    embankment = feat is EdgeFeature.EMBANKMENT_TOP
    if d_low == 0 and embankment:
        sentence = tell(
            "a character on the embankment hex {cell} can be fired at (or fire) only from a "
            "hex adjacent to its top",
            cell=lower_hex,
        )
    elif d_low == 0:
        sentence = tell(
            "a character on the cliff hex {cell} can be fired at (or fire) only from a hex "
            "adjacent to its top",
            cell=lower_hex,
        )
    elif embankment:
        sentence = tell(
            "the line passes the top of the embankment at {cell}-{other} and the character "
            "below is nearer to it than the one above ({near} < {far}): they cannot see each "
            "other",
            cell=upper_hex,
            other=lower_hex,
            near=d_low,
            far=d_up,
        )
    else:
        sentence = tell(
            "the line passes the top of the cliff at {cell}-{other} and the character below is "
            "nearer to it than the one above ({near} < {far}): they cannot see each other",
            cell=upper_hex,
            other=lower_hex,
            near=d_low,
            far=d_up,
        )
    cand.block(at, sentence, R_EMBANKMENT)


# -- candidates ------------------------------------------------------------------------------


def _beyond(edge: Edge, inner: Hex, target: Hex) -> bool:
    """Is `target`'s centre strictly on the far side of the line of `edge` from `inner`?"""
    out = edge.other(inner)
    dq, dr = out.q - inner.q, out.r - inner.r
    mx, my = edge_middle(edge)
    tx, ty = centre(target)
    vx, vy = tx - mx, ty - my
    return vx * dq + vy * dr + (vx + vy) * (dq + dr) > 0


def _starts(
    game: Game, pos: _Position, tables: _MapTables, s_hex: Hex, aim: Hex
) -> list[tuple[str, Edge | None, Point]]:
    """Where the line may start: the centre of the shooter's hex, or an opening."""
    out: list[tuple[str, Edge | None, Point]] = [("centre", None, centre(s_hex))]
    for edge, feature, _beyond_hex in tables.openings_of.get(s_hex, ()):
        if pos.feature(game, edge) is not feature:
            continue
        if _beyond(edge, s_hex, aim):
            out.append((feature.value, edge, edge_middle(edge)))
    for edge, inner in tables.outside_windows.get(s_hex, ()):
        # "Window", special case: from the hex adjacent to the window, into the room.
        if pos.feature(game, edge) is EdgeFeature.WINDOW and aim in tables.rooms.get(inner, ()):
            out.append(("window", edge, edge_middle(edge)))
    return out


def _who(game: Game, pos: _Position, unit: Unit) -> _Who:
    if unit.hex is None:
        raise ValueError(f"{unit.id} is not on the map")
    tags, is_krob = pos.traits(game, unit)
    hexes = pos.footprints.get(unit.id) or footprint(game, unit)
    return _Who(unit, hexes, unit.level, tags, is_krob)


def _candidates(game: Game, shooter: Unit, target: Unit, *, exhaustive: bool) -> list[_Candidate]:
    """Every line worth judging, judged, best for the shooter first. Aims (a big
    target's hexes) are tried nearest first; unless `exhaustive`, the search stops at
    the first line that is possible with no cover and nothing in the way (no later line
    can be better)."""
    pos = _position(game)
    tables = _map_tables(game)
    s = _who(game, pos, shooter)
    tg = _who(game, pos, target)
    in_water = any(pos.in_water_at(game, shooter, h) for h in s.hexes)
    pairs = sorted(
        (
            (a.distance(b), i, a, b)
            for i, (a, b) in enumerate((a, b) for a in s.hexes for b in tg.hexes)
        ),
        key=lambda x: (x[0], x[1]),
    )
    out: list[_Candidate] = []
    for rng, _, s_hex, aim in pairs:
        for kind, edge, start in _starts(game, pos, tables, s_hex, aim):
            for t in _traces(start, centre(aim)):
                if kind == "centre" and _leaves_by_own_opening(tables, pos, game, s_hex, t):
                    continue
                cand = _Candidate(s_hex, aim, kind, edge, t, rng)
                if in_water:
                    said = tell("{unit} is in the water and cannot fire", unit=_name(game, shooter))
                    cand.block(0.0, said, R_RIVER)
                if rng > MAX_RANGE:
                    said = tell(
                        "the target is {n} hexes away, more than {most}", n=rng, most=MAX_RANGE
                    )
                    cand.block(0.0, said, R_RANGE)
                _judge(game, pos, tables, s, tg, cand)
                out.append(cand)
                if not exhaustive and cand.possible and not cand.events:
                    return [cand]
    out.sort(key=_Candidate.key)
    return out


#: The traces between two points already worked out (plain geometry, the same on every
#: map: the AI asks for the lines from every archer to every hex it weighs), and how many
#: are kept before starting afresh.
_TRACES: dict[tuple[Point, Point], tuple[Trace, ...]] = {}
_TRACES_KEPT: Final = 100_000


def _traces(start: Point, end: Point) -> tuple[Trace, ...]:
    """`traces(start, end)`, kept (traces are immutable)."""
    key = (start, end)
    found = _TRACES.get(key)
    if found is None:
        if len(_TRACES) >= _TRACES_KEPT:
            _TRACES.clear()
        found = _TRACES[key] = traces(start, end)
    return found


def _leaves_by_own_opening(
    tables: _MapTables, pos: _Position, game: Game, s_hex: Hex, t: Trace
) -> bool:
    """A line from the centre of the shooter's hex out through an opening of that hex:
    the rulebook starts such a line at the opening instead ("Window" a, "Arrow slits"
    a, "Building doors")."""
    if not t.crossings:
        return False
    first = t.crossings[0]
    if first.before != s_hex:
        return False
    return any(
        edge == first.edge and pos.feature(game, edge) is feature
        for edge, feature, _ in tables.openings_of.get(s_hex, ())
    )


def _answer(game: Game, cand: _Candidate) -> LineOfFire:
    grid = game.board.grid
    t = cand.trace
    reasons = tuple((s, r) for _, _, s, r in sorted(cand.events))
    return LineOfFire(
        possible=cand.possible,
        cover=cand.cover,
        range=cand.range,
        reasons=reasons,
        start=to_pixel(grid, t.start),
        end=to_pixel(grid, t.end),
        crossed_hexes=t.hexes,
        crossed_edges=tuple(cand.crossed),
        blockers=tuple(dict.fromkeys(cand.blockers)),
    )


# -- public functions ------------------------------------------------------------------------


def line_of_fire(game: Game, shooter: Unit, target: Unit) -> LineOfFire:
    """May `shooter` fire at `target` along a line of fire, with what cover, and why.

    For a Queen (7 hexes) or a Guard (3 hexes) the line goes to the centre of whichever
    of its hexes gives the shooter the best shot (possible first, then the lowest cover,
    then the shortest range). A line through a corner or along a side is judged on both
    of its nudges and the better counts (`hexmap/los.py`). When several covers apply the
    strongest counts.
    """
    return _answer(game, _candidates(game, shooter, target, exhaustive=False)[0])


def explain_line_of_fire(game: Game, shooter: Unit, target: Unit) -> LineOfFireExplanation:
    """`line_of_fire` with everything behind it (see `LineOfFireExplanation`)."""
    cands = _candidates(game, shooter, target, exhaustive=True)
    best = cands[0]
    t = best.trace
    return LineOfFireExplanation(
        line=_answer(game, best),
        aim=best.aim,
        start_kind=best.start_kind,
        side=t.side if t.degenerate else None,
        corners=t.corners,
        along=t.along,
        crossing_points=points_of(game.board.grid, t),
        candidates=tuple(_answer(game, c) for c in cands),
    )


def visible_targets(
    game: Game, shooter: Unit, *, include_blocked: bool = False
) -> dict[str, LineOfFire]:
    """The enemies `shooter` has a line of fire to, by id (all enemies within range with
    `include_blocked`). Enemies: the other side's characters and the Gharvs (alive, on
    the map). A cheap range test comes first: only characters with a hex within
    `MAX_RANGE` of one of the shooter's are traced."""
    if shooter.hex is None:
        return {}
    pos = _position(game)
    mine = pos.footprints.get(shooter.id) or footprint(game, shooter)
    out: dict[str, LineOfFire] = {}
    for unit in game.state.units.values():
        if unit.hex is None or not unit.alive or unit.side is shooter.side:
            continue
        if not _within(mine, pos.footprints.get(unit.id, (unit.hex,))):
            continue
        lof = line_of_fire(game, shooter, unit)
        if lof.possible or include_blocked:
            out[unit.id] = lof
    return out


def _within(a: Iterable[Hex], b: Iterable[Hex]) -> bool:
    bs = tuple(b)
    for x in a:
        for y in bs:
            dq = x.q - y.q
            dr = x.r - y.r
            if (abs(dq) + abs(dr) + abs(dq + dr)) <= 2 * MAX_RANGE:
                return True
    return False


__all__ = [
    "LineOfFire",
    "LineOfFireExplanation",
    "explain_line_of_fire",
    "line_of_fire",
    "visible_targets",
]
