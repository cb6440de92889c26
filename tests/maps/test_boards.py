"""The six original boards in maps/*.tmx: geometry, openings, features, zones, reachability.

Boards are read with `load_board` from maps/. The checks of walking and fitting are in
board_checks.py (the rulebook's "Movement Restrictions" and "Movement of Alkiram and the
Queen's Guards" reduced to what a map decides); the design is in docs/boards.md.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

from dragonnoir.hexmap.board import LEVELS, Board, EdgeFeature, ZoneKind
from dragonnoir.hexmap.hexes import Edge, Hex

sys.path.insert(0, str(Path(__file__).resolve().parent))
bc = importlib.import_module("board_checks")

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"

EXPECTED = {
    "labyrinthe": "Le Labyrinthe",
    "fosse": "La Fosse",
    "ile": "L'Ile Souterraine",
    "pont": "Le Pont aux Spectres",
    "marais": "Le Marais Hanté",
    "nid": "Le Nid des Krobs",
}

#: Places deliberately reachable only from another board: none on these six boards.
OTHER_BOARD_ONLY: dict[str, set[tuple[int, int]]] = {}


def _load_all() -> dict[str, Board]:
    """The boards of maps/*.tmx; DRAGONNOIR_BOARDS=generator checks the generator's
    in-memory boards instead (tools/boards/make_boards.py, before saving)."""
    if os.environ.get("DRAGONNOIR_BOARDS") == "generator":
        sys.path.insert(0, str(ROOT / "tools" / "boards"))
        make_boards = importlib.import_module("make_boards")
        return {b.id: b for b in make_boards.build_all()}
    from dragonnoir.hexmap.board_io import load_board

    folder = MAPS
    if not (MAPS / "tilesets" / "terrain.tsx").exists():
        folder = _with_plain_tilesets()
    return {bid: load_board(folder / f"{bid}.tmx") for bid in EXPECTED}


def _with_plain_tilesets() -> Path:
    """A copy of maps/*.tmx next to plain tilesets (same tiles and properties, blank
    images), for when the art script has not made maps/tilesets yet: these tests check
    what the boards say, not how they look."""
    import shutil
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from dragonnoir.hexmap.board_tilesets import standard_tilesets
    from dragonnoir.hexmap.tmx import write_tsx

    folder = Path(tempfile.mkdtemp(prefix="dragonnoir-boards-"))
    tiles = folder / "tilesets"
    tiles.mkdir()
    for ts in standard_tilesets(tiles):
        write_tsx(ts, tiles / f"{ts.name}.tsx")
        assert ts.image is not None
        blank = pygame.Surface((ts.image.width, ts.image.height))
        pygame.image.save(blank, str(tiles / f"{ts.name}.png"))
    for bid in EXPECTED:
        shutil.copy(MAPS / f"{bid}.tmx", folder / f"{bid}.tmx")
    return folder


@pytest.fixture(scope="module")
def boards() -> dict[str, Board]:
    return _load_all()


@pytest.fixture(params=sorted(EXPECTED))
def board(request: pytest.FixtureRequest, boards: dict[str, Board]) -> Board:
    return boards[request.param]


def cell_of(board: Board, h: Hex) -> tuple[int, int]:
    return board.grid.to_cell(h)


def hexes_of(board: Board, cells: list[tuple[int, int]]) -> set[Hex]:
    return {board.grid.to_hex(c, r) for c, r in cells}


def terrain_ids(board: Board) -> Counter[str]:
    return Counter(c.terrain for c in board.cells.values())


def features(board: Board) -> Counter[EdgeFeature]:
    return Counter(board.edges.values())


# -- the set -----------------------------------------------------------------------------


def test_all_six_boards_with_their_names(boards: dict[str, Board]) -> None:
    assert {b.id: b.name for b in boards.values()} == EXPECTED


def test_same_size(board: Board) -> None:
    assert (board.width, board.height) == (27, 19)
    assert len(board.cells) == 27 * 10 + 26 * 9


def test_set_wide_counts(boards: dict[str, Board]) -> None:
    def count(kind: ZoneKind) -> int:
        return sum(len(b.zones_of(kind)) for b in boards.values())

    assert count(ZoneKind.CELL) == 8  # the eight "Khuzun?" counters
    assert count(ZoneKind.EXIT) == 4  # the four "Sun?" counters
    assert count(ZoneKind.DUNGEON_ENTRANCE) == 4
    with_entrance = [b.id for b in boards.values() if b.zones_of(ZoneKind.DUNGEON_ENTRANCE)]
    assert len(with_entrance) == 4  # on different maps
    assert len([b for b in boards.values() if b.zones_of(ZoneKind.EXIT)]) >= 3


def test_side_labels(board: Board) -> None:
    assert {board.side_top, board.side_bottom} == {"X", "Y"}
    assert board.arrows in ("up", "down")


# -- openings ----------------------------------------------------------------------------


def test_only_standard_openings_at_level_0(board: Board) -> None:
    standard = {cr for cells in bc.OPENINGS.values() for cr in cells}
    opened = bc.open_edge_cells(board)
    assert opened <= standard, f"non-standard openings {sorted(opened - standard)}"
    for cr in opened:
        c = board.cells[board.grid.to_hex(*cr)]
        assert (c.terrain, c.level, c.walkway) == ("cave_floor", 0.0, False), cr
    for name, cells in bc.OPENINGS.items():
        got = {cr for cr in cells if cr in opened}
        assert got in (set(), set(cells)), f"opening {name} only partly open: {sorted(got)}"


def test_enough_openings_on_every_side(board: Board) -> None:
    opened = bc.open_edge_cells(board)
    by_side = Counter(
        name.split("-")[0] for name, cells in bc.OPENINGS.items() if set(cells) <= opened
    )
    assert by_side["top"] >= 2 and by_side["bottom"] >= 2
    assert by_side["left"] >= 1 and by_side["right"] >= 1


def test_an_entry_zone_at_every_opening(board: Board) -> None:
    opened = bc.open_edge_cells(board)
    entries = {z.name: z for z in board.zones_of(ZoneKind.ENTRY)}
    for name, cells in bc.OPENINGS.items():
        if set(cells) <= opened:
            assert name in entries, f"no entry zone {name}"
            z = entries[name]
            assert z.hexes == hexes_of(board, list(cells))
            assert z.properties.get("side") == name.split("-")[0]
    assert len(entries) == len([n for n, c in bc.OPENINGS.items() if set(c) <= opened])


def test_off_board_cells_empty_or_absent(board: Board) -> None:
    for row in range(1, board.height, 2):
        assert board.grid.to_hex(board.width - 1, row) not in board.cells


# -- levels and terrain ------------------------------------------------------------------


def test_levels_are_consistent(board: Board) -> None:
    tt = bc.table()
    for h, c in board.cells.items():
        assert c.terrain in tt, c.terrain
        assert c.level in LEVELS
        t = tt[c.terrain]
        if c.level in (-0.5, 0.5):
            assert t.level_link, f"{cell_of(board, h)}: half level on {c.terrain}"
        if c.walkway:
            assert c.level == 0.0 and t.passable
        if c.walkway_end:
            assert c.level == 1.0 and t.passable


def test_whole_level_drops_are_cliffs(board: Board) -> None:
    """Two passable ground hexes a whole level apart are separated by a cliff (or rest a
    walkway on its end), so the picture shows why one cannot step across."""
    for h, c in board.cells.items():
        if not bc.passable(board, h):
            continue
        for n in h.neighbours():
            d = board.cells.get(n)
            if d is None or not bc.passable(board, n) or abs(c.level - d.level) < 1:
                continue
            if (c.walkway and d.walkway_end) or (c.walkway_end and d.walkway):
                continue
            assert board.edges.get(Edge(h, n)) is not None, (cell_of(board, h), cell_of(board, n))


# -- reachability ------------------------------------------------------------------------


def test_every_passable_place_is_reachable_from_an_opening(board: Board) -> None:
    lost = {cell_of(board, h) for h, _ in bc.unreachable(board)}
    lost -= OTHER_BOARD_ONLY.get(board.id, set())
    assert not lost, f"unreachable: {sorted(lost)}"


def test_openings_lead_into_the_cave(board: Board) -> None:
    """All openings lead to one network (Le Labyrinthe: two, its levels 0 and +1)."""
    starts = bc.opening_nodes(board)
    networks = [c for c in bc.components(board) if c & starts]
    assert len(networks) == (2 if board.id == "labyrinthe" else 1)
    assert all(len(c) >= 40 for c in networks)


def test_queen_fits_somewhere_and_not_everywhere(board: Board) -> None:
    assert bc.queen_footprints(board)
    assert bc.too_narrow_hexes(board), "no gallery too narrow for a Guard"
    assert bc.guard_only_hexes(board), "no place for a Guard where the Queen does not fit"


# -- the boards one by one ---------------------------------------------------------------


def test_labyrinthe_levels_do_not_meet(boards: dict[str, Board]) -> None:
    b = boards["labyrinthe"]
    edge = {b.grid.to_hex(*cr) for cr in bc.edge_hexes(b)}
    upper_found = lower_found = False
    for comp in bc.components(b):
        upper = [n for n in comp if n[1] or b.cells[n[0]].level == 1.0]
        lower = [n for n in comp if not n[1] and b.cells[n[0]].level == 0.0]
        if upper:
            upper_found = True
            # the +1 network touches level 0 only on the seam hexes of its own openings
            inner = [cell_of(b, h) for h, _ in lower if h not in edge]
            assert not inner, f"level +1 reaches level 0 at {inner}"
        elif lower:
            lower_found = True
    assert upper_found and lower_found


def test_labyrinthe_walkways(boards: dict[str, Board]) -> None:
    b = boards["labyrinthe"]
    under = [h for h, c in b.cells.items() if c.walkway]
    ends = [h for h, c in b.cells.items() if c.walkway_end]
    assert under and ends
    reach = bc.reachable(b, bc.opening_nodes(b))
    # someone on the deck and someone underneath, on the same hex
    both = [h for h in under if (h, True) in reach and (h, False) in reach]
    assert len(both) >= 3
    for h in under:  # every walkway rests on a walkway end or another walkway
        assert any(
            b.cells.get(n) is not None and (b.cells[n].walkway or b.cells[n].walkway_end)
            for n in h.neighbours()
        )


def test_fosse(boards: dict[str, Board]) -> None:
    b = boards["fosse"]
    t = terrain_ids(b)
    assert t["steep_stairs"] >= 1 and t["trapdoor"] == 1
    assert all(c.level == -0.5 for c in b.cells.values() if c.terrain == "steep_stairs")
    pit = [h for h, c in b.cells.items() if c.level == -1.0]
    assert len(pit) >= 20
    (trap,) = [h for h, c in b.cells.items() if c.terrain == "trapdoor"]
    assert b.cells[trap].level == -1.0
    assert features(b)[EdgeFeature.CLIFF] >= 12
    entrances = b.zones_of(ZoneKind.DUNGEON_ENTRANCE)
    assert any(trap in z.hexes for z in entrances)
    # the pit is entered only by the very steep stairs
    for h in pit:
        for n in bc.steps(b, (h, False)):
            c = b.cells[n[0]]
            assert c.level == -1.0 or c.terrain == "steep_stairs"


def test_ile(boards: dict[str, Board]) -> None:
    b = boards["ile"]
    t = terrain_ids(b)
    for tid in ("water", "beach", "sand_slope", "stairs", "embankment", "landing_stage"):
        assert t[tid] >= 1, tid
    assert t["trees"] >= 3 and t["building_floor"] >= 3
    lv = {c.terrain: set() for c in b.cells.values()}
    for c in b.cells.values():
        lv[c.terrain].add(c.level)
    assert lv["water"] == {-1.0} and lv["beach"] == {-1.0}
    assert lv["sand_slope"] == {-0.5} and lv["embankment"] == {-0.5}
    f = features(b)
    assert f[EdgeFeature.EMBANKMENT_TOP] >= 2
    for e, feat in b.edges.items():
        if feat is EdgeFeature.EMBANKMENT_TOP:
            lo, hi = sorted(e.hexes(), key=lambda h: b.cells[h].level)
            assert b.cells[lo].terrain == "embankment" and b.cells[hi].level == 0.0
    stages = b.zones_of(ZoneKind.LANDING_STAGE)
    assert len(stages) >= 3
    for z in stages:
        assert all(b.cells[h].terrain == "landing_stage" for h in z.hexes)
        # a boat (two water hexes) can lie with both hexes against the stage
        wet = {n for h in z.hexes for n in h.neighbours() if bc.is_water(b, n)}
        assert any(a.distance(c) == 1 for a in wet for c in wet), z.name
    # the house: building floor closed by walls, with a door and a window
    house = _room_containing(b, "building_floor", EdgeFeature.WINDOW)
    sides = _room_sides(b, house)
    assert EdgeFeature.DOOR in sides and EdgeFeature.WINDOW in sides
    assert set(sides) <= {EdgeFeature.WALL, EdgeFeature.DOOR, EdgeFeature.WINDOW}
    # the island: land surrounded by water, with trees, the house and a landing stage
    island = _island(b, next(iter(house)))
    terrains = {b.cells[h].terrain for h in island}
    assert {"trees", "building_floor", "landing_stage"} <= terrains


def test_pont(boards: dict[str, Board]) -> None:
    b = boards["pont"]
    t = terrain_ids(b)
    assert t["stone_bridge"] >= 3 and t["demolished_bridge"] == 1 and t["wooden_bridge"] >= 2
    assert t["water"] >= 30
    bridge = {h for h, c in b.cells.items() if c.terrain in ("stone_bridge", "demolished_bridge")}
    assert all(b.cells[h].level == 0.0 for h in bridge)
    (broken,) = [h for h in bridge if b.cells[h].terrain == "demolished_bridge"]
    # low walls on both long sides of every intact bridge hex
    for h, c in b.cells.items():
        if c.terrain == "stone_bridge":
            walls = [n for n in h.neighbours() if b.edges.get(Edge(h, n)) is EdgeFeature.LOW_WALL]
            assert len(walls) == 4, cell_of(b, h)
    # entered only from the two ends and from the islet (which leads to the broken hex)
    entries: dict[Hex, set[Hex]] = {}
    for h, _ in bc.nodes(b):
        if h in bridge:
            continue
        for n, _deck in bc.steps(b, (h, False)):
            if n in bridge:
                entries.setdefault(h, set()).add(n)
    assert len(entries) == 3, {cell_of(b, h) for h in entries}
    islets = [h for h in entries if entries[h] == {broken}]
    assert len(islets) == 1
    (islet,) = islets
    assert any(bc.is_water(b, n) for n in islet.neighbours())
    assert all(n in bridge or bc.is_water(b, n) for n in islet.neighbours()), (
        "the islet stands in the river"
    )
    ends = [h for h in entries if h != islet]
    assert all(b.cells[h].level == 0.0 and not bc.is_water(b, h) for h in ends)
    # the river crosses the board: water links the north and the south of the cave
    water = [h for h, c in b.cells.items() if c.terrain == "water"]
    rows = {cell_of(b, h)[1] for h in water}
    assert min(rows) <= 2 and max(rows) >= 16
    # the bridges join the banks for those who cannot swim (armoured characters)
    dry = bc.reachable(b, bc.opening_nodes(b), swim=False)
    assert bc.opening_nodes(b) <= bc.reachable(b, [next(iter(bc.opening_nodes(b)))], swim=False)
    assert {h for h, _ in dry} >= bridge
    # the wooden bridge is never entered from the water
    for h, c in b.cells.items():
        if c.terrain == "wooden_bridge":
            for n in h.neighbours():
                if bc.is_water(b, n):
                    assert (h, False) not in set(bc.steps(b, (n, False)))


def test_marais(boards: dict[str, Board]) -> None:
    b = boards["marais"]
    t = terrain_ids(b)
    assert t["marsh"] >= 20 and t["unstable_marsh"] >= 8 and t["water"] >= 3
    tower = _room_containing(b, "building_floor", EdgeFeature.ARROW_SLIT)
    sides = _room_sides(b, tower)
    assert sides[EdgeFeature.ARROW_SLIT] == 2
    assert features(b)[EdgeFeature.ARROW_SLIT] == 2
    assert sides[EdgeFeature.DOOR] >= 1
    assert set(sides) <= {EdgeFeature.WALL, EdgeFeature.DOOR, EdgeFeature.ARROW_SLIT}


def test_nid(boards: dict[str, Board]) -> None:
    b = boards["nid"]
    assert terrain_ids(b)["nest_floor"] >= 25
    on_resin = [
        fp for fp in bc.queen_footprints(b) if all(b.cells[h].terrain == "nest_floor" for h in fp)
    ]
    assert on_resin, "the Queen's great hall"


def test_cells_are_closed_rooms_with_a_door(boards: dict[str, Board]) -> None:
    for b in boards.values():
        for z in b.zones_of(ZoneKind.CELL):
            sides = _room_sides(b, set(z.hexes))
            assert sides[EdgeFeature.DOOR] == 1, (b.id, z.name)
            assert set(sides) <= {EdgeFeature.WALL, EdgeFeature.DOOR}, (b.id, z.name)
            assert len(z.hexes) <= 3


def test_zones_lie_on_passable_hexes(board: Board) -> None:
    for z in board.zones:
        assert z.hexes, z.name
        for h in z.hexes:
            assert bc.passable(board, h), (z.name, cell_of(board, h))


# -- helpers -----------------------------------------------------------------------------


def _room_sides(b: Board, room: set[Hex]) -> Counter[EdgeFeature]:
    """Features on the sides of a room facing passable hexes outside; every such side
    must carry one (a room is closed)."""
    out: Counter[EdgeFeature] = Counter()
    for h in room:
        for n in h.neighbours():
            if n in room or not bc.passable(b, n):
                continue
            feat = b.edges.get(Edge(h, n))
            assert feat is not None, f"{b.id}: room open at {cell_of(b, h)} -> {cell_of(b, n)}"
            out[feat] += 1
    return out


def _room_containing(b: Board, terrain: str, feature: EdgeFeature) -> set[Hex]:
    """The connected patch of `terrain` that has `feature` on its sides."""
    seen: set[Hex] = set()
    for h, c in b.cells.items():
        if c.terrain != terrain or h in seen:
            continue
        patch = {h}
        todo = [h]
        while todo:
            x = todo.pop()
            for n in x.neighbours():
                cn = b.cells.get(n)
                if cn and cn.terrain == terrain and n not in patch:
                    patch.add(n)
                    todo.append(n)
        seen |= patch
        if any(b.edges.get(Edge(x, n)) is feature for x in patch for n in x.neighbours()):
            return patch
    raise AssertionError(f"{b.id}: no {terrain} room with a {feature}")


def _island(b: Board, start: Hex) -> set[Hex]:
    """Dry hexes connected to `start` without crossing water or rock."""
    land = {start}
    todo = [start]
    while todo:
        x = todo.pop()
        for n in x.neighbours():
            if n in land or not bc.passable(b, n) or bc.is_water(b, n):
                continue
            land.add(n)
            todo.append(n)
    assert all(
        bc.is_water(b, n) or n in land for x in land for n in x.neighbours() if bc.passable(b, n)
    )
    edge = {b.grid.to_hex(*cr) for cr in bc.edge_hexes(b)}
    assert not land & edge, "the island reaches the board edge"
    return land
