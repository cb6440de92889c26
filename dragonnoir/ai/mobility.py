"""How each character can get somewhere: on foot, swimming, by boat, by a deep passage.

The walking graph (paths.py) is one map for everyone. Characters differ:

- **who may not swim** ("Movement Restriction 2": armoured adventurers, Krob Warriors,
  Guards and the Queen "would sink like stones"): water is no way for them. The field
  they plan with leaves the water out;
- **boats** ("Movement by Boat": "Only Adventurers can move by boat"): an Adventurer
  who cannot swim and whose goal lies over water makes for a boat; once aboard he plans
  as if the water were his (the boat takes him across), and `sail_end` tells where a
  `SailBoat` leaves him;
- **jumps** (Movement Restriction 8: a daredevil jumps a level to a next hex, the Jump
  Table): jumps.py weighs them, with the walk on after a landing;
- **deep passages** (a scenario's `[[passage]]`: a dungeon entrance opening on a passage
  that comes out elsewhere some turns later): a way in the plan, worth its turns
  underground in the walking points of the one who takes it (`pace`).

The graph ranks where a character should want to go; the engine's legal actions say
what he may really do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from dragonnoir.ai import jumps
from dragonnoir.ai.memo import once_per_state, this_state
from dragonnoir.ai.paths import FAR, distances_for, map_counters
from dragonnoir.engine.actions import SailBoat
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import objectives, offmap
from dragonnoir.engine.rules.boats import THEN_LAND, Voyage, sail
from dragonnoir.engine.rules.steps import boat_at, landed, never_swims
from dragonnoir.engine.rules.switches import switch
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Unit
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex


@dataclass(frozen=True)
class Link:
    """A deep passage in the plan: from `entrance` one comes out at `out` after `cost`."""

    entrance: Hex
    out: Hex
    turns: int


def pace(game: Game, unit: Unit) -> int:
    """The walking points a game turn underground is worth to `unit`: his own move (a
    deep passage of T turns costs T times it in his plan). A Black Dwarf (4) gives up
    less walking by a turn in the dark than a Hunter: for him the pit's trapdoor and the
    vault stair beat the walk round by the island (les-six-cavernes)."""
    return max(1, profile(game, unit).movement)


def swims(game: Game, unit: Unit) -> bool:
    return not never_swims(profile(game, unit))


def water_hexes(game: Game) -> frozenset[Hex]:
    """The water hexes: the board's (memoised on the board) but those a bridge spans
    (a bridge counter's hexes are a wooden bridge's: `rules.steps.terrain_at`)."""
    table = game.rules.terrain
    water = _per_board(
        game,
        "water",
        lambda: frozenset(h for h, c in game.board.cells.items() if table[c.terrain].water),
    )
    bridged = _bridged(game)
    return water - bridged if bridged else water


def too_dear(game: Game, potential: int) -> frozenset[Hex]:
    """The land hexes whose terrain costs more than `potential`: "A character may be
    forbidden certain hexes (e.g. embankment hexes) if his movement potential is too
    low (notably the case of wounded characters)" (Movement Restriction 6). Without
    them in his plan, the wounded knight who carried the Orb up l-ile's east beach made
    for its embankment (4 MP) with his 3 and stood on the beach, the Gharvs striking,
    until the time ran out (seed 32). Memoised on the board for each potential."""
    table = game.rules.terrain

    def dear() -> frozenset[Hex]:
        return frozenset(
            h
            for h, c in game.board.cells.items()
            if not table[c.terrain].water and (table[c.terrain].move_cost or 0) > potential
        )

    return _per_board(game, f"dearer than {potential}", dear)


def _bridged(game: Game) -> frozenset[Hex]:
    """The hexes the bridges laid by spell span (none, on most maps)."""
    return frozenset(
        h for kind, hexes, _, _ in map_counters(game) if kind == "bridge" for h in hexes
    )


def beach_hexes(game: Game) -> frozenset[Hex]:
    """Where a boat may lie besides the water ("To land on a beach, the boat must occupy
    a beach hex"): static for a game, memoised on the board."""
    table = game.rules.terrain
    return _per_board(
        game,
        "beach",
        lambda: frozenset(h for h, c in game.board.cells.items() if table[c.terrain].id == "beach"),
    )


def _per_board(game: Game, what: str, compute: Callable[[], _T]) -> _T:
    """`compute()` once per board (a map's terrain does not change during a game)."""
    board = game.board
    cached = _PER_BOARD.get((id(board), what))
    if cached is not None and cached[0] is board:
        return cast(_T, cached[1])
    found = compute()
    _PER_BOARD[(id(board), what)] = (board, found)
    return found


_T = TypeVar("_T")
_PER_BOARD: dict[tuple[int, str], tuple[object, object]] = {}


def afloat(game: Game) -> list[Accessory]:
    """The boats afloat (a capsized one is face down), by id."""
    return sorted(
        (
            a
            for a in game.state.accessories.values()
            if a.kind is AccessoryKind.BOAT and a.face_up and a.hexes
        ),
        key=lambda a: a.id,
    )


def boats(game: Game) -> list[tuple[Hex, ...]]:
    """The hexes of each boat afloat."""
    return [tuple(a.hexes) for a in afloat(game)]


def links(game: Game) -> tuple[Link, ...]:
    """The scenario's deep passages, each way it may be taken (read once per game: the
    scenario's passages do not change; every mover asks at every step)."""
    table = offmap.passages(game)
    cached = game.cache.get(_LINKS)
    if cached is not None and cached[0] is table:
        return cached[1]  # type: ignore[no-any-return]
    found = _links(table)
    plain = tuple((w.entrance.q, w.entrance.r, w.out.q, w.out.r, w.turns) for w in found)
    game.cache[_LINKS] = (table, found, plain)
    return found


_LINKS = "ai_deep_passage_links"


def _links_key(game: Game) -> tuple[tuple[int, int, int, int, int], ...]:
    """`links(game)` as plain numbers: a memo key hashed quickly."""
    links(game)
    return game.cache[_LINKS][2]  # type: ignore[no-any-return]


def _links(table: dict[str, dict[str, Any]]) -> tuple[Link, ...]:
    out: list[Link] = []
    for p in table.values():
        a, b = Hex(*p["a"]), Hex(*p["b"])
        turns = int(p.get("turns", 1))
        out.append(Link(a, b, turns))
        if p.get("both_ways", True):
            out.append(Link(b, a, turns))
    return tuple(out)


def goal_field(
    game: Game, unit: Unit, goal: frozenset[Hex], blocked: frozenset[Hex] = frozenset()
) -> dict[Hex, int]:
    """The walking cost from each hex to `goal` as `unit` can go (see the module's
    docstring). `blocked`: hexes he may not cross (the webs, for an Adventurer).

    A swimmer swims, except where the scenario plays with the Gharvs, no friend who
    cannot swim still needs a boat, and a boat with a free seat lies within
    `BOAT_DETOUR` of him: then he takes the boat like one who cannot swim (in the
    water a Gharv rises one time in two, in a boat one in five: the Gharv Appearance
    Table)."""
    dear = too_dear(game, profile(game, unit).movement)
    if dear and not dear <= blocked:
        blocked = blocked | dear
    if unit.side is Side.ADVENTURERS:
        return _goal_field(game, unit, goal, blocked)
    # Whoever is not an Adventurer takes no boat: his field depends on whether he swims,
    # his goal and the hexes blocked, the map and its counters being the game's. Kept
    # per state version for all who share them (every mover is weighed at every step of
    # a movement phase). Should it come to depend on more of him, say it in the key.
    # His pace counts only where deep passages are in the plan (`_linked`): without
    # them the Krobs' fields are shared whatever their move.
    key = (swims(game, unit), unit.side, goal, blocked, pace(game, unit) if links(game) else 0)
    kept: dict[tuple[Any, ...], dict[Hex, int]] = this_state(game, _FIELDS)
    found: dict[Hex, int] | None = kept.get(key)
    if found is None:
        # And from one state (one view) to the next, by all the field reads of the game
        # besides the map (the walking graph's, kept with it): the deep passages, and
        # for one who does not swim the boats' hexes (`_goal_field`).
        swimmer = key[0]
        afloat = frozenset() if swimmer else frozenset(h for b in boats(game) for h in b)
        found = distances_for(game).kept(
            (*key, _links_key(game), afloat), lambda: _goal_field(game, unit, goal, blocked)
        )
        kept[key] = found
    return found


_FIELDS = "ai_goal_fields"


def _goal_field(
    game: Game, unit: Unit, goal: frozenset[Hex], blocked: frozenset[Hex]
) -> dict[Hex, int]:
    # A daredevil plans with the ledges he may jump (jumps.py).
    ways = jumps.distances_for_jumper if jumps.daredevil(game, unit) else distances_for
    memo = ways(game)
    swimmer = swims(game, unit)
    # Only an Adventurer takes a boat: the free seats are looked for only for him.
    adventurer = unit.side is Side.ADVENTURERS
    seats = (
        frozenset(h for b in boats(game) for h in b if _free_seat(game, h, unit))
        if adventurer
        else frozenset()
    )
    steps = pace(game, unit)
    wet = _linked(game, memo.field(goal, blocked=blocked), blocked, steps)
    aboard = adventurer and unit.hex is not None and boat_at(game, unit.hex) is not None
    # Swimming, he climbs onto no landing stage nor wooden bridge, unless a Goblin
    # (Movement Restriction 3); the boat he rows docks there (`wet`).
    swim = wet
    if swimmer and not aboard and "goblin" not in profile(game, unit).tags:
        swim = _linked(game, ways(game, swimmer=True).field(goal, blocked=blocked), blocked, steps)
    if swimmer and (
        unit.side is not Side.ADVENTURERS
        or not seats
        or not gharv_waters(game)
        or _boat_needed(game, unit)
    ):
        return swim
    if aboard:
        # Aboard: the water is his way. (Not the dry field with the boats as stepping
        # stones: from a boat that is neither docked nor beached no one steps ashore,
        # "Movement by Boat"; he must row there first, and the tactical layer weighs
        # where the boat can land, `scoring.UNDOCKED`.)
        return wet
    on_boats = frozenset(h for b in boats(game) for h in b)
    dry_blocked = _dry_blocked(game, blocked, on_boats)
    dry = _linked(game, memo.field(goal, blocked=dry_blocked), dry_blocked, steps)
    if unit.hex is None or dry.get(unit.hex, FAR) < FAR or unit.side is not Side.ADVENTURERS:
        return dry
    if not seats:
        return wet  # no boat for him: the nearest shore to the goal is the best he can do
    # His goal is over the water: first to a boat (counted to the goal from there). The
    # Orb's bearer who swims may swim to it: a short swim and a boat that rows four
    # hexes a turn ("Movement by Boat") keep the Orb out of the water sooner.
    to_boat = memo.field(
        seats, blocked=blocked if swimmer and objectives.carries_orb(game, unit) else dry_blocked
    )
    if swimmer and to_boat.get(unit.hex, FAR) > BOAT_DETOUR:
        return swim
    over = min((wet.get(h, FAR) for h in seats), default=FAR)
    return {h: d + over for h, d in to_boat.items()}


def _dry_blocked(game: Game, blocked: frozenset[Hex], on_boats: frozenset[Hex]) -> frozenset[Hex]:
    """`blocked` and the water but the boats: where one who does not swim may not go.
    The same set object for the same map, webs and boats (a memo key: its hash is
    worked out once, not over every water hex at every call)."""
    board = game.board
    key = (id(board), blocked, on_boats, _bridged(game))
    found = _DRY.get(key)
    if found is None or found[0] is not board:
        if len(_DRY) > 64:
            _DRY.clear()
        found = (board, blocked | (water_hexes(game) - on_boats))
        _DRY[key] = found
    return found[1]


_DRY: dict[
    tuple[int, frozenset[Hex], frozenset[Hex], frozenset[Hex]], tuple[object, frozenset[Hex]]
] = {}


#: How far (walking cost) a swimmer goes out of his way to take a boat in Gharv waters.
BOAT_DETOUR = 8


def _boat_needed(game: Game, unit: Unit) -> bool:
    """The friends who cannot swim and are not yet in a boat need every free seat: the
    seats are theirs first. With seats to spare, a swimmer may take one too. The Orb's
    bearer comes first of all: the Orb falls where he is knocked out, and one that
    falls in the water is seldom picked up again before the time runs out."""
    if objectives.carries_orb(game, unit):
        return False
    waiting = sum(
        1
        for u in game.state.units.values()
        if u.id != unit.id
        and u.side is unit.side
        and u.hex is not None
        and u.standing
        and not swims(game, u)
        and boat_at(game, u.hex) is None
    )
    if not waiting:
        return False
    free = sum(1 for b in boats(game) for h in b if _free_seat(game, h, unit))
    return free <= waiting


def _free_seat(game: Game, h: Hex, unit: Unit) -> bool:
    """No one but `unit` sits on this boat hex."""
    return all(u.id == unit.id or not u.alive for u in game.units_at(h))


def gharv_waters(game: Game) -> bool:
    """The scenario plays with the Gharvs and the map has where they rise: water, or a
    marsh ("The Gharvs": in the water, next to it, in a boat, in the marshes). Asked
    at every hex weighed: kept per state version in the game's cache."""
    return once_per_state(game, _GHARV_WATERS, _gharvs_rise)


def _gharvs_rise(game: Game) -> bool:
    return bool(switch(game, "gharvs")) and bool(water_hexes(game) or _marshes(game))


_GHARV_WATERS = "ai_gharv_waters"


def _marshes(game: Game) -> bool:
    """The board has a marsh hex (memoised on the board)."""
    return _per_board(
        game,
        "marsh",
        lambda: any(c.terrain in ("marsh", "unstable_marsh") for c in game.board.cells.values()),
    )


def _linked(
    game: Game, field: dict[Hex, int], blocked: frozenset[Hex], steps: int
) -> dict[Hex, int]:
    """`field` with the deep passages as shortcuts: from an entrance, the way out's cost
    plus the time underground (its turns, `steps` walking points each: `pace`), then
    walking from the entrance. Worked out once per field, passages, blocked hexes and
    pace (`Distances.derived`: every mover asks at every step of a movement phase)."""
    ways = links(game)
    if not ways:
        return field
    memo = distances_for(game)
    key = (_links_key(game), blocked, steps)
    return memo.derived(field, key, lambda: _with_links(game, field, ways, blocked, steps))


def _with_links(
    game: Game,
    field: dict[Hex, int],
    ways: tuple[Link, ...],
    blocked: frozenset[Hex],
    steps: int,
) -> dict[Hex, int]:
    """Passages in a row count too (les-six-cavernes: the pit's trapdoor to the marsh
    tower's vault, then the vault stair to the nest): each way out is read on the field
    as the passages already taken have shortened it, until none shortens it more (the
    costs only fall, and each link's entrance takes its best once its way out has)."""
    memo = distances_for(game)
    out = field
    shorter = True
    while shorter:
        shorter = False
        for link in ways:
            through = out.get(link.out, FAR) + link.turns * steps
            if through >= out.get(link.entrance, FAR):
                continue
            if out is field:
                out = dict(field)
            for h, d in memo.field([link.entrance], blocked=blocked).items():
                if through + d < out.get(h, FAR):
                    out[h] = through + d
            shorter = True
    return out


_VOYAGES = "ai_voyages"


def voyage_of(game: Game, unit: Unit, action: SailBoat) -> tuple[Accessory, Voyage] | None:
    """The boat `unit` sits in and its journey along `action` (None: he is in no boat,
    or it cannot go that way)."""
    # Asked for each journey by each of sail_end, kept_to_land and seats_after, for
    # every rower at every move: kept per state version (l-ile's boats).
    kept: dict[tuple[str, Hex | None, SailBoat], tuple[Accessory, Voyage] | None]
    kept = this_state(game, _VOYAGES)
    key = (unit.id, unit.hex, action)
    if key not in kept:
        kept[key] = _voyage_of(game, unit, action)
    return kept[key]


def _voyage_of(game: Game, unit: Unit, action: SailBoat) -> tuple[Accessory, Voyage] | None:
    boat = boat_at(game, unit.hex) if unit.hex is not None else None
    if boat is None:
        return None
    voyage = sail(game, boat, action.path, action.backward)
    if not isinstance(voyage, Voyage) or not voyage.positions:
        return None
    return boat, voyage


def sail_end(game: Game, unit: Unit, action: SailBoat) -> Hex | None:
    """Where `unit` sits when his boat has been rowed along `action.path`."""
    found = voyage_of(game, unit, action)
    if found is None or unit.hex is None:
        return None
    boat, voyage = found
    return voyage.positions[-1][boat.hexes.index(unit.hex)]


def kept_to_land(game: Game, unit: Unit, action: SailBoat) -> int:
    """The movement points `unit` keeps to step ashore after rowing along `action`: "A
    character who begins his turn on a boat can move 4 hexes by boat, or 2 hexes and
    half of his movement potential if he reaches a landing stage or a beach hex"
    ("Movement by Boat"; the engine's `boats.THEN_LAND`). Nought for a longer journey,
    one that does not land, or one who boarded this turn."""
    found = None if unit.moved else voyage_of(game, unit, action)
    if found is None or found[1].cost > THEN_LAND or not landed(game, found[1].positions[-1]):
        return 0
    return profile(game, unit).movement // 2


def passage_out(game: Game, unit: Unit, passage: str) -> tuple[Hex, int] | None:
    """Where a character going down `passage` comes out, and its cost in the plan."""
    if unit.hex is None:
        return None
    out = offmap.passage_out(game, passage, unit.hex)
    if out is None:
        return None
    turns = int(offmap.passages(game)[passage].get("turns", 1))
    return out, turns * pace(game, unit)
