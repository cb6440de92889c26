"""One step of movement: may this character go from this hex and level to that adjacent
hex, at what level and for how many movement points? And: is an enemy "in a position to
attack"?

This is where the nine Movement Restrictions that depend on the map live ("Movement
Restrictions" 2-9; restriction 1, enemy hexes, depends on who stands where and is applied
by path finding). "Combat Restrictions": "any combat is impossible when the attacker
cannot go onto the hex he is attacking" — so the same step decides who can attack whom,
and Infiltration asks it too ("an enemy in a position to attack").

The map seen by the rules is the board plus the spell and accessory counters lying on it:
a bridge counter spans water, a gallery counter opens rock, a demolished wall removes a
wall ("Counters Linked to Magic Spells").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dragonnoir.engine import revisions
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Unit
from dragonnoir.engine.values import Profile, profile
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import TerrainType
from dragonnoir.narration.phrase import DataName, Value, tell

if TYPE_CHECKING:
    from dragonnoir.engine.game import Game

R_WATER = "Movement Restriction 2 (water)"
R_WOODEN_BRIDGE = "Movement Restriction 3 (wooden bridge)"
R_STONE_BRIDGE = "Movement Restriction 4 (stone bridge)"
R_WALLS = "Movement Restriction 5 (walls)"
R_POTENTIAL = "Movement Restriction 6 (movement potential too low)"
R_WEBS = "Movement Restriction 7 (spider webs)"
R_LEVELS = "Movement Restriction 8 (levels)"
R_WALKWAY = "Movement Restriction 9 (walkways)"
R_TERRAIN = "Movement (terrain table)"
R_BIG = "Movement of Alkiram and the Queen's Guards"
R_BOAT = "Movement by Boat"

#: Cost of walking on a wooden walkway deck (our value; the deck is plain planks).
WALKWAY_COST = 1
#: Terrain a spell or accessory counter makes of the hexes it covers.
_COUNTER_TERRAIN = {AccessoryKind.BRIDGE: "wooden_bridge", AccessoryKind.GALLERY: "cave_floor"}
#: Edge features nobody walks through. A door is the opening in a wall; a low wall is
#: the stone bridge's parapet ("accessible only from the two ends of the bridge").
_BLOCKING = {
    EdgeFeature.WALL: R_WALLS,
    EdgeFeature.WINDOW: R_WALLS,
    EdgeFeature.ARROW_SLIT: R_WALLS,
    EdgeFeature.LOW_WALL: R_STONE_BRIDGE,
    EdgeFeature.CLIFF: R_LEVELS,
}
_WOODEN = {"wooden_bridge", "landing_stage"}
_STONE = {"stone_bridge", "demolished_bridge"}


@dataclass(frozen=True, slots=True)
class Step:
    """The verdict on one step. `level` is the level arrived at; `cost` the MP it takes."""

    ok: bool
    level: float = 0.0
    cost: int = 0
    reason: Value = ""
    rule: str = ""


#: The hex sides that stand in the way (`EdgeFeature`'s values), as players say them.
EDGES: dict[str, Value] = {
    "wall": tell("a wall"),
    "low_wall": tell("a low wall"),
    "window": tell("a window"),
    "arrow_slit": tell("an arrow slit"),
    "embankment_top": tell("the top of an embankment"),
    "cliff": tell("a cliff"),
}

#: The kinds of Krob that never swim (`Profile.category`), as players say them.
CATEGORIES: dict[str, Value] = {
    "queen": tell("the Queen"),
    "guard": tell("a Guard"),
    "killer": tell("a Killer"),
    "warrior": tell("a Warrior"),
    "hunter": tell("a Hunter"),
    "gharv": tell("a Gharv"),
    "living_dead": tell("a Living Dead"),
}


def _no(reason: Value, rule: str) -> Step:
    return Step(False, reason=reason, rule=rule)


class _Counters:
    """The accessory counters that change the map for a step, by kind, in the order of
    the game's counters: every step judged asked each counter lying about (webs,
    objectives, entrances) whether it was a bridge, a boat... Only *which* counters
    are kept; where they lie and whether they are face up is read at each question."""

    __slots__ = (
        "boats",
        "bridges",
        "demolished",
        "galleries",
        "key",
        "levels",
        "lying",
        "size",
        "terrain",
    )

    def __init__(self, accessories: dict[str, Accessory]) -> None:
        self.key = accessories
        self.size = len(accessories)
        everyone = list(accessories.values())
        self.terrain = tuple(a for a in everyone if a.kind in _COUNTER_TERRAIN)
        self.boats = tuple(a for a in everyone if a.kind is AccessoryKind.BOAT)
        self.galleries = tuple(a for a in everyone if a.kind is AccessoryKind.GALLERY)
        self.demolished = tuple(a for a in everyone if a.kind is AccessoryKind.DEMOLISHED_WALL)
        self.bridges = tuple(a for a in everyone if a.kind is AccessoryKind.BRIDGE)
        #: The level of each hex under a bridge counter (`bridge_levels`), with the
        #: bridges it was worked out for; None until first asked.
        self.levels: tuple[tuple[Any, ...], dict[Hex, float]] | None = None
        #: The hexes these counters lie on (`counter_hexes`), with where each lay when
        #: they were gathered; None until first asked.
        self.lying: tuple[tuple[tuple[Hex, ...], ...], frozenset[Hex]] | None = None


def _counters(game: Game) -> _Counters:
    """The game's `_Counters`, made again when its counters dict is another or has
    grown (counters are added, never removed; an undo or a load brings a new dict)."""
    accessories = game.state.accessories
    found = game.cache.get("step_counters")
    if (
        not isinstance(found, _Counters)
        or found.key is not accessories
        or found.size != len(accessories)
    ):
        found = _Counters(accessories)
        game.cache["step_counters"] = found
    return found


def terrain_at(game: Game, h: Hex) -> TerrainType | None:
    """The terrain that counts on `h`: the board's, unless a bridge or gallery counter
    lies there. None off the map."""
    cell = game.board.cells.get(h)
    if cell is None:
        return None
    table = game.rules.terrain
    for acc in _counters(game).terrain:
        # Only bridges and galleries: most counters lying about (webs, boats,
        # objectives) are not terrain.
        if acc.face_up and h in acc.hexes:
            return table[_COUNTER_TERRAIN[acc.kind]]  # type: ignore[no-any-return]
    return table[cell.terrain]  # type: ignore[no-any-return]


# -- bridges stand at the level of their banks ----------------------------------------------

#: Sides that keep a hex from being a bank a bridge joins.
_NOT_JOINED = {EdgeFeature.WALL, EdgeFeature.WINDOW, EdgeFeature.ARROW_SLIT, EdgeFeature.LOW_WALL}


_NO_LEVELS: dict[Hex, float] = {}


def ground_level(game: Game, h: Hex) -> float:
    """The level one stands at on `h` (on the floor, under a walkway's deck): the
    board's, or, under a bridge counter, the level of the banks it joins
    (`bridge_levels`). `h` must be on the map."""
    level = bridge_levels(game).get(h)
    return game.board.cells[h].level if level is None else level


def levels_at(game: Game, h: Hex) -> tuple[float, ...]:
    """The levels a character can stand at on `h`: its ground (`ground_level`), and a
    walkway's deck over it."""
    ground = ground_level(game, h)
    return (ground, 1.0) if game.board.cells[h].walkway else (ground,)


def bridge_levels(game: Game) -> dict[Hex, float]:
    """The level of each hex a bridge counter covers, where it is not the water's.

    Our reading (the rulebook says nothing of levels under a bridge; docs/spells.md,
    "Bridges"): a bridge stands at the level of the banks it joins, the highest of the
    dry hexes it touches (stairs, embankments and slopes are ways between levels, not
    banks; a wall between them and it joins nothing); one that touches no bank floats
    at the water's level. A bridge laid next to an earlier one is joined to it as to a
    bank. Worked out once per set of bridges."""
    counters = _counters(game)
    if not counters.bridges:
        return _NO_LEVELS
    key = (
        revisions.has(game, revisions.BRIDGE_BANKS),
        *((a.id, a.face_up) for a in counters.bridges),
    )
    if counters.levels is not None and counters.levels[0] == key:
        return counters.levels[1]
    levels: dict[Hex, float] = {}
    if key[0]:
        under = {h for a in counters.bridges if a.face_up for h in a.hexes}
        for acc in counters.bridges:
            if not acc.face_up:
                continue
            level = _bank_level(game, acc, levels, under)
            if level is not None:
                levels.update((h, level) for h in acc.hexes)
    counters.levels = (key, levels)
    return levels


def _bank_level(
    game: Game, bridge: Accessory, laid: dict[Hex, float], under: set[Hex]
) -> float | None:
    """The highest bank `bridge` touches, or None when it touches none."""
    best: float | None = None
    for h in bridge.hexes:
        for n in h.neighbours():
            if n in bridge.hexes or game.board.edges.get(Edge(h, n)) in _NOT_JOINED:
                continue
            level = laid.get(n)
            if level is None and n not in under:
                level = _bank(game, n)
            if level is not None and (best is None or level > best):
                best = level
    return best


def _bank(game: Game, h: Hex) -> float | None:
    """The level of `h` when it is a bank a bridge may join: dry ground one stands on."""
    cell = game.board.cells.get(h)
    terrain = terrain_at(game, h)
    if cell is None or terrain is None or not terrain.passable or terrain.water:
        return None
    if terrain.level_link:
        return None
    return cell.level


def _on_a_bridge(game: Game, a: Hex, b: Hex) -> bool:
    """Does a bridge counter on `a` or `b` rest on the top of the cliff between them
    (the other hex at the bridge's level)?"""
    levels = bridge_levels(game)
    if a not in levels and b not in levels:
        return False
    return ground_level(game, a) == ground_level(game, b)


#: The sides a gallery counter opens, by its shape, relative to its facing: a straight
#: gallery runs along its axis, a curved one bends by 120 degrees, a crossing is two
#: straight galleries across each other ("The Galleries ... straight ... curved ...
#: crossings").
GALLERY_SIDES = {"straight": (0, 3), "curved": (0, 2), "crossing": (0, 1, 3, 4)}


def _gallery_closes(game: Game, a: Hex, b: Hex) -> bool:
    """Is the side between `a` and `b` closed by the rock around a gallery counter (a
    side its shape does not open)? Galleries laid without a shape open every side."""
    for acc in _counters(game).galleries:
        if not acc.face_up:
            continue
        shape = acc.properties.get("shape")
        if shape not in GALLERY_SIDES:
            continue
        for here, there in ((a, b), (b, a)):
            if here in acc.hexes and there not in acc.hexes:
                d = here.direction_to(there)
                opens = {(acc.facing + k) % 6 for k in GALLERY_SIDES[str(shape)]}
                if d is not None and d not in opens:
                    return True
    return False


def edge_feature(game: Game, a: Hex, b: Hex) -> EdgeFeature | None:
    """The feature on the side between `a` and `b`, unless a demolished-wall counter lies
    on one of them facing the other ("Demolished walls"); the rock round a gallery
    counter closes the sides its shape does not open (a wall, for every rule)."""
    feature = game.board.edges.get(Edge(a, b))
    if feature is None:
        if _gallery_closes(game, a, b):
            return EdgeFeature.WALL
        return None
    if feature is EdgeFeature.CLIFF and _on_a_bridge(game, a, b):
        return None  # the bridge rests on the bank's edge: no cliff between them
    for acc in _counters(game).demolished:
        if acc.face_up and (
            (a in acc.hexes and b in acc.hexes)
            or (a in acc.hexes and a.direction_to(b) == acc.facing)
            or (b in acc.hexes and b.direction_to(a) == acc.facing)
        ):
            return None
    return feature


def has_web(game: Game, h: Hex) -> bool:
    return any(
        acc.kind is AccessoryKind.WEB and acc.face_up and h in acc.hexes
        for acc in game.state.accessories.values()
    )


def known_web_at(game: Game, h: Hex) -> Accessory | None:
    """The face-up spider web on `h` the Adventurers know of, if any: a web hidden from
    them is not theirs to destroy or burn until they find it."""
    for acc in game.state.accessories.values():
        if (
            acc.kind is AccessoryKind.WEB
            and acc.face_up
            and h in acc.hexes
            and acc.hidden_from is not Side.ADVENTURERS
        ):
            return acc
    return None


def never_swims(p: Profile) -> bool:
    """Movement Restriction 2: armoured adventurers, Krob Warriors, Guards and the Queen
    "would sink like stones"."""
    if p.side is Side.ADVENTURERS and p.category == "adventurer":
        return p.armoured
    return p.category in ("warrior", "guard", "queen")


def entry_cost(p: Profile, terrain: TerrainType) -> int | None:
    """The movement points a character of profile `p` pays to enter a hex of `terrain`
    (the Terrain Effects Chart; a Goblin swims, 2 MP a water hex: "The Goblins"); None
    where it cannot be entered. The client's hover panel says it for the mover."""
    if terrain.water and "goblin" in p.tags:
        return 2
    return terrain.move_cost


def step(
    game: Game,
    unit: Unit,
    p: Profile,
    src: Hex,
    src_level: float,
    dst: Hex,
    *,
    webs: bool = True,
) -> Step:
    """May `unit` (showing `p`) go from `src` at `src_level` to the adjacent `dst`?

    Occupancy and the movement points left are not judged here (path finding does);
    everything that depends on the map is. `webs=False` leaves spider webs out (the
    movement search judges them itself, and they never prevent an attack: "How to
    Destroy a Spider Web").
    """
    if src.distance(dst) != 1:
        return _no(tell("the hexes are not adjacent"), R_TERRAIN)
    board = game.board
    dst_cell = board.cells.get(dst)
    src_cell = board.cells.get(src)
    if dst_cell is None or src_cell is None:
        return _no(tell("off the map"), R_TERRAIN)
    feature = edge_feature(game, src, dst)
    src_ground = ground_level(game, src)
    if feature is not EdgeFeature.WALL and src_level == src_ground and not boat_at(game, src):
        # Between the water and a wooden bridge or landing stage the bridge's own rule
        # comes first: refused from the water (Movement Restriction 3), except for
        # Goblins, who "can pass freely from a water hex to a bridge or wooden
        # landing-stage hex and vice versa" (cliff or level difference notwithstanding).
        wood = _wood_and_water(game, src, dst)
        if wood == "into_wood" and "goblin" not in p.tags:
            terrain = terrain_at(game, dst)
            assert terrain is not None
            return _no(
                tell(
                    "{terrain} hexes cannot be entered from the water",
                    terrain=DataName(terrain.name),
                ),
                R_WOODEN_BRIDGE,
            )
        if wood is not None and "goblin" in p.tags:
            return _goblin_step(game, p, dst, webs=webs)
    if feature in _BLOCKING:
        assert feature is not None
        return _no(
            tell("{feature} stands in the way", feature=EDGES.get(feature.value, feature.value)),
            _BLOCKING[feature],
        )
    boat_verdict = _boat_step(game, p, src, src_level, dst)
    if boat_verdict is not None:
        return boat_verdict

    # Walkways (Movement Restriction 9): the deck at +1 is reached only from the hex it
    # rests on, or along the deck; from the deck one steps only onto the deck or its ends.
    on_deck = src_cell.walkway and src_level == 1.0
    if on_deck:
        if dst_cell.walkway:
            return _deck_step(game, unit, p, dst, webs=webs)
        if dst_cell.walkway_end and dst_cell.level == 1.0:
            pass  # stepping off the deck onto its end: judged as a normal step below
        else:
            return _no(tell("from a walkway one steps only along it or onto its ends"), R_WALKWAY)
    elif dst_cell.walkway and src_level == 1.0:
        if src_cell.walkway_end:
            return _deck_step(game, unit, p, dst, webs=webs)
        return _no(tell("only the hex a walkway rests on gives access to it"), R_WALKWAY)

    terrain = terrain_at(game, dst)
    src_terrain = terrain_at(game, src)
    assert terrain is not None and src_terrain is not None
    dst_level = ground_level(game, dst)
    # Movement Restriction 8: levels change only on stairs, embankments and slopes.
    diff = abs(dst_level - src_level)
    if diff > 0.5 or (diff == 0.5 and not (terrain.level_link or src_terrain.level_link)):
        if terrain.id in _STONE and src_terrain.id not in _STONE:
            # Its low walls and its height make the ends and the island the only ways on.
            return _no(
                tell("the stone bridge is entered only from its ends and the island"),
                R_STONE_BRIDGE,
            )
        return _no(
            tell(
                "from level {src_level} to level {dst_level} needs stairs, an embankment or a "
                "slope (or a jump)",
                src_level=format(src_level, "g"),
                dst_level=format(dst_level, "g"),
            ),
            R_LEVELS,
        )
    if not terrain.passable:
        return _no(tell("{terrain} cannot be entered", terrain=DataName(terrain.name)), R_TERRAIN)
    goblin = "goblin" in p.tags
    if terrain.water and never_swims(p):
        why = (
            tell("an armoured character")
            if p.category == "adventurer"
            else CATEGORIES.get(p.category, p.category.replace("_", " "))
        )
        return _no(tell("{why} would sink like a stone in water", why=why), R_WATER)
    if terrain.id in _WOODEN and src_terrain.water and not goblin and not boat_at(game, src):
        return _no(
            tell(
                "{terrain} hexes cannot be entered from the water", terrain=DataName(terrain.name)
            ),
            R_WOODEN_BRIDGE,
        )
    if webs and p.side is Side.ADVENTURERS and has_web(game, dst):
        return _no(tell("a spider web stops adventurers (destroy it in combat)"), R_WEBS)
    cost = entry_cost(p, terrain)
    assert cost is not None
    if p.category == "gharv":
        return _gharv_step(terrain, dst_level, p)
    if cost > p.movement:
        return _no(
            tell(
                "{terrain} costs {cost} MP, more than the potential of {movement}",
                terrain=DataName(terrain.name),
                cost=cost,
                movement=p.movement,
            ),
            R_POTENTIAL,
        )
    return Step(True, dst_level, cost)


# -- steps judged once per kind of place --------------------------------------------------


def counter_hexes(game: Game) -> frozenset[Hex]:
    """The hexes a map counter lies on (bridge, gallery, demolished wall, boat; face up or
    not): the only hexes where a step's verdict says more than the board and the mover's
    profile do. Gathered again when a counter has moved (a boat rowed) or been laid."""
    counters = _counters(game)
    if not (counters.terrain or counters.boats or counters.demolished):
        return _NOWHERE
    where = tuple(a.hexes for a in (*counters.terrain, *counters.boats, *counters.demolished))
    if counters.lying is None or counters.lying[0] != where:
        counters.lying = (where, frozenset(h for hexes in where for h in hexes))
    return counters.lying[1]


_NOWHERE: frozenset[Hex] = frozenset()


class _PlainSteps:
    """The steps of one board judged once per kind of place (`plain_step`): each pair of
    adjacent hexes numbered by its kind (the two cells and the side between them), each
    profile by what in it a step reads, and the verdicts by (kind, level, profile)."""

    __slots__ = ("board", "kind_ids", "kinds", "mover_ids", "movers", "rules", "verdicts")

    def __init__(self, game: Game) -> None:
        self.board = game.board
        self.rules = game.rules
        self.kinds: dict[tuple[Hex, Hex], int] = {}
        self.kind_ids: dict[tuple[Any, ...], int] = {}
        self.movers: dict[int, tuple[Profile, int]] = {}
        self.mover_ids: dict[tuple[Any, ...], int] = {}
        self.verdicts: dict[tuple[int, float, int], Step] = {}

    def kind(self, src: Hex, dst: Hex) -> int | None:
        """The kind of place of the step from `src` to `dst`; None unless both are on
        the board and adjacent."""
        pair = (src, dst)
        found = self.kinds.get(pair)
        if found is None:
            cells = self.board.cells
            if src.distance(dst) != 1 or src not in cells or dst not in cells:
                return None
            place = (cells[src], cells[dst], self.board.edges.get(Edge(src, dst)))
            found = self.kinds[pair] = self.kind_ids.setdefault(place, len(self.kind_ids))
        return found

    def mover(self, p: Profile) -> int:
        """The number of what in `p` a step reads (profiles are made once per counter
        face: looked up by identity first)."""
        found = self.movers.get(id(p))
        if found is None or found[0] is not p:
            reads = (
                p.side,
                p.category,
                p.armoured,
                "goblin" in p.tags,
                p.movement,
                p.movement_land,
                p.size,
            )
            found = self.movers[id(p)] = (p, self.mover_ids.setdefault(reads, len(self.mover_ids)))
        return found[1]


#: Per board: its `_PlainSteps`, by the board's identity. A board is not changed while a
#: game runs on it (the editor's play-test loads the saved scenario afresh), so a verdict
#: judged from its cells holds for as long as the board lives.
_PLAIN_STEPS: dict[int, _PlainSteps] = {}


def plain_step(game: Game, unit: Unit, p: Profile, src: Hex, src_level: float, dst: Hex) -> Step:
    """`step(..., webs=False)`, judged once per kind of place.

    Where no map counter lies on either hex, a step's verdict is decided by the two
    cells (terrain, level, walkway), the side between them, the level one starts at and
    the mover's profile, and its reason names none of the hexes: a cave's floor is
    judged once, not at each of its hexes. The first Krob turn with sixty Krobs judged
    some 9,000 steps of about 230 kinds (issue 44, "In time")."""
    lying = counter_hexes(game)
    memo = _plain_steps(game)
    kind = memo.kind(src, dst)
    if kind is None or (lying and (src in lying or dst in lying)):
        return step(game, unit, p, src, src_level, dst, webs=False)
    key = (kind, src_level, memo.mover(p))
    found = memo.verdicts.get(key)
    if found is None:
        found = memo.verdicts[key] = step(game, unit, p, src, src_level, dst, webs=False)
    return found


def _plain_steps(game: Game) -> _PlainSteps:
    """The game's board's `_PlainSteps`, made afresh for another board or rules data; the
    memo is bounded (a few boards, 200,000 pairs) so long sessions do not grow it."""
    found = _PLAIN_STEPS.get(id(game.board))
    if (
        found is None
        or found.board is not game.board
        or found.rules is not game.rules
        or len(found.kinds) > 200_000
    ):
        if len(_PLAIN_STEPS) > 16:
            _PLAIN_STEPS.clear()
        found = _PLAIN_STEPS[id(game.board)] = _PlainSteps(game)
    return found


def _gharv_step(terrain: TerrainType, level: float, p: Profile) -> Step:
    """A Gharv swims a water hex for 1 of its water potential (the blue number); on land
    it walks like anyone, terrain costs against its land potential (the number in
    parentheses), so Movement Restriction 6 keeps it off hexes too dear for it: "A Gharv
    cannot attack a character situated on a hex where it cannot go (e.g. Embankment)"
    ("The Gharvs")."""
    if terrain.water:
        return Step(True, level, 1)
    cost = terrain.move_cost
    assert cost is not None
    land = p.movement_land if p.movement_land is not None else p.movement
    if cost > land:
        return _no(
            tell(
                "{terrain} costs {cost} MP, more than the Gharv's land potential of {land}",
                terrain=DataName(terrain.name),
                cost=cost,
                land=land,
            ),
            R_POTENTIAL,
        )
    return Step(True, level, cost)


def boat_at(game: Game, h: Hex) -> Accessory | None:
    """The boat lying on `h`, or None ("Movement by Boat")."""
    for acc in _counters(game).boats:
        if acc.face_up and h in acc.hexes:
            return acc
    return None


def boat_landing(game: Game, boat: Accessory) -> bool:
    """Docked or beached: "To dock at a landing stage, the two hexes of the boat must be
    in contact with the landing stage. To land on a beach, the boat must occupy a beach
    hex." """
    return landed(game, boat.hexes)


def landed(game: Game, hexes: Sequence[Hex]) -> bool:
    """Whether a boat lying on `hexes` is docked or beached (`boat_landing`): also asked
    of where a boat would lie after a voyage, before it is rowed there."""
    beach = any((t := terrain_at(game, h)) is not None and t.id == "beach" for h in hexes)
    if beach:
        return True
    return all(
        any(
            (t := terrain_at(game, n)) is not None and t.id == "landing_stage"
            for n in h.neighbours()
        )
        for h in hexes
    )


def _boat_step(game: Game, p: Profile, src: Hex, src_level: float, dst: Hex) -> Step | None:
    """Boarding, moving about in and leaving a boat ("Movement by Boat"); None when no
    boat is concerned. "Only Adventurers can move by boat ... arrive on a boat hex (cost
    in movement points: 1 point from land and 2 points from water)"; a boat hex is not
    "in the water" (an armoured man may board); passengers land only from a boat docked
    at a landing stage or beached (our reading of "To dock at a landing stage, the two
    hexes of the boat must be in contact with the landing stage. To land on a beach, the
    boat must occupy a beach hex")."""
    into = boat_at(game, dst)
    out_of = boat_at(game, src)
    if into is None and out_of is None:
        return None
    dst_cell = game.board.cells[dst]
    if into is not None:
        if p.side is not Side.ADVENTURERS or p.category != "adventurer":
            return _no(tell("only Adventurers can move by boat"), R_BOAT)
        if abs(dst_cell.level - src_level) > 0.5:
            return _no(
                tell(
                    "from level {src_level} to a boat at level {level}: too high",
                    src_level=format(src_level, "g"),
                    level=format(dst_cell.level, "g"),
                ),
                R_LEVELS,
            )
        if into is out_of:
            return Step(True, dst_cell.level, 1)
        src_terrain = terrain_at(game, src)
        from_water = src_terrain is not None and src_terrain.water and out_of is None
        return Step(True, dst_cell.level, 2 if from_water else 1)
    assert out_of is not None
    terrain = terrain_at(game, dst)
    if terrain is not None and not terrain.water and not boat_landing(game, out_of):
        return _no(
            tell(
                "passengers land only from a boat docked at a landing stage (both its hexes "
                "touching it) or beached"
            ),
            R_BOAT,
        )
    return None  # into the water, or onto the land from a docked boat: a normal step


def _wood_and_water(game: Game, src: Hex, dst: Hex) -> str | None:
    """ "into_wood" for a step from water onto a wooden bridge or landing stage,
    "into_water" for the reverse, None otherwise."""
    a = terrain_at(game, src)
    b = terrain_at(game, dst)
    if a is None or b is None:
        return None
    if a.water and b.id in _WOODEN:
        return "into_wood"
    if a.id in _WOODEN and b.water:
        return "into_water"
    return None


def _goblin_step(game: Game, p: Profile, dst: Hex, *, webs: bool) -> Step:
    """A Goblin between the water and a wooden bridge or landing stage ("The Goblins")."""
    terrain = terrain_at(game, dst)
    assert terrain is not None
    if terrain.water and never_swims(p):
        return _no(tell("an armoured character would sink like a stone in water"), R_WATER)
    if webs and p.side is Side.ADVENTURERS and has_web(game, dst):
        return _no(tell("a spider web stops adventurers (destroy it in combat)"), R_WEBS)
    cost = entry_cost(p, terrain)
    assert cost is not None
    if cost > p.movement:
        return _no(
            tell(
                "{terrain} costs {cost} MP, more than the potential of {movement}",
                terrain=DataName(terrain.name),
                cost=cost,
                movement=p.movement,
            ),
            R_POTENTIAL,
        )
    return Step(True, ground_level(game, dst), cost)


def _deck_step(game: Game, unit: Unit, p: Profile, dst: Hex, *, webs: bool = True) -> Step:
    if p.size > 1:
        return _no(tell("the walkways are too narrow for the Queen and her Guards"), R_BIG)
    if webs and p.side is Side.ADVENTURERS and has_web(game, dst):
        return _no(tell("a spider web stops adventurers (destroy it in combat)"), R_WEBS)
    return Step(True, 1.0, WALKWAY_COST)


def can_attack_hex(
    game: Game, attacker: Unit, p: Profile, from_hex: Hex, to_hex: Hex, to_level: float
) -> Step:
    """Could `attacker` standing on `from_hex` attack a character at `to_hex`/`to_level`?

    "Combat Restrictions": impossible when the attacker cannot go onto the hex he is
    attacking. The step must be legal and arrive at the defender's level (a character on
    a walkway and one underneath cannot fight: "Stacking").
    """
    verdict = plain_step(game, attacker, p, from_hex, attacker.level, to_hex)
    if not verdict.ok:
        return verdict
    if verdict.level != to_level:
        return _no(tell("the two characters are on different levels"), R_WALKWAY)
    return verdict


def in_position_to_attack(game: Game, attacker: Unit, target: Unit) -> bool:
    """Is `attacker` in a position to attack `target` (adjacent, standing, and able to go
    onto one of its hexes)? Used by combat, infiltration and fire."""
    if not attacker.standing or attacker.hex is None or target.hex is None or not target.alive:
        return False
    p = profile(game, attacker)
    mine = footprint(game, attacker)
    theirs = footprint(game, target)
    for a in mine:
        for b in theirs:
            if a.distance(b) == 1 and can_attack_hex(game, attacker, p, a, b, target.level).ok:
                return True
    return False
