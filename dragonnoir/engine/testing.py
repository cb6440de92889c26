"""Small hand-made positions for tests and examples: a map drawn in text, counters on it.

"One small hand-made position per rule" (the engine's test plan, after Wesnoth's tiny
Alice-and-Bob scenarios). A position is a few rows of hex-art, one character per cell,
odd rows indented by one space as they are offset on a pointy-top map:

    . . ~ ~ .
     . # ~ . .
    . . s . .

is a 5 x 3 board whose cell (col, row) is the `col`-th character of row `row`. Levels are
a second drawing (or default by character), edges a list of ((col, row), direction,
feature) — direction 0..5 as in `hexmap.hexes` (0 = east, then counter-clockwise).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from dragonnoir.engine.actions import Attack, Declare, Pass, ResolveCombat
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import Event
from dragonnoir.engine.game import Game
from dragonnoir.engine.roster import DATA_DIR
from dragonnoir.engine.rules import combat_declared
from dragonnoir.engine.ruleset import RuleSet
from dragonnoir.engine.state import Accessory, AccessoryKind, GameState, Status, Unit
from dragonnoir.engine.tables import RulesData, default_rules_data
from dragonnoir.engine.values import side_of
from dragonnoir.hexmap.board import BOARD_GRID, Board, Cell, EdgeFeature
from dragonnoir.hexmap.hexes import Edge, Hex

#: Character -> (terrain id, default level, walkway, walkway end).
LEGEND: dict[str, tuple[str, float, bool, bool]] = {
    ".": ("cave_floor", 0.0, False, False),
    "#": ("rock", 0.0, False, False),
    "r": ("rubble", 0.0, False, False),
    "~": ("water", -1.0, False, False),
    "h": ("beach", -1.0, False, False),
    "/": ("sand_slope", -0.5, False, False),
    "m": ("marsh", 0.0, False, False),
    "u": ("unstable_marsh", 0.0, False, False),
    "t": ("trees", 0.0, False, False),
    "s": ("stairs", -0.5, False, False),
    "S": ("steep_stairs", -0.5, False, False),
    "e": ("embankment", -0.5, False, False),
    "b": ("wooden_bridge", 0.0, False, False),
    "B": ("stone_bridge", 0.0, False, False),
    "d": ("demolished_bridge", 0.0, False, False),
    "l": ("landing_stage", -1.0, False, False),
    "f": ("building_floor", 0.0, False, False),
    "T": ("trapdoor", -1.0, False, False),
    "n": ("nest_floor", 0.0, False, False),
    "w": ("cave_floor", 0.0, True, False),  # a walkway deck (+1) over level-0 floor
    "E": ("cave_floor", 1.0, False, True),  # a level +1 hex a walkway rests on
    "+": ("cave_floor", 1.0, False, False),  # plain level +1 floor
    "_": ("cave_floor", -1.0, False, False),  # plain level -1 floor
}

#: Level drawing characters.
LEVEL_CHARS = {"-": -1.0, "_": -0.5, "0": 0.0, "^": 0.5, "+": 1.0, ".": None}


def _rows(art: str) -> list[list[str]]:
    lines = [line for line in art.splitlines() if line.strip()]
    if not lines:
        raise ValueError("an empty drawing")
    indent = min(len(line) - len(line.lstrip()) for line in lines[::2])
    return [line[indent:].split() for line in lines]


def draw_board(
    art: str,
    *,
    levels: str | None = None,
    edges: Iterable[tuple[tuple[int, int], int, EdgeFeature | str]] = (),
    board_id: str = "test",
) -> Board:
    """A Board from hex-art (see the module docstring)."""
    rows = _rows(art)
    level_rows = _rows(levels) if levels else None
    grid = BOARD_GRID
    cells: dict[Hex, Cell] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in LEGEND:
                raise ValueError(f"unknown map character {ch!r} at cell ({c}, {r})")
            terrain, level, walkway, end = LEGEND[ch]
            if level_rows is not None:
                mark = level_rows[r][c]
                if LEVEL_CHARS.get(mark) is not None:
                    level = LEVEL_CHARS[mark]  # type: ignore[assignment]
            cells[grid.to_hex(c, r)] = Cell(terrain, level, walkway, end)
    edge_map: dict[Edge, EdgeFeature] = {}
    for (c, r), direction, feature in edges:
        h = grid.to_hex(c, r)
        edge_map[Edge.of(h, direction)] = EdgeFeature(feature)
    width = max(len(row) for row in rows)
    return Board(board_id, board_id, width, len(rows), cells, edge_map)


@dataclass(frozen=True)
class Piece:
    """A counter to place: roster `kind` at Tiled `cell`, with optional state."""

    kind: str
    cell: tuple[int, int]
    id: str | None = None
    level: float | None = None
    facing: int = 0
    status: Status = Status.HEALTHY
    wounds: int = 0
    adult: bool = True


def position(
    art: str,
    pieces: Iterable[Piece] | Mapping[str, tuple[int, int]],
    *,
    levels: str | None = None,
    edges: Iterable[tuple[tuple[int, int], int, EdgeFeature | str]] = (),
    phase: str = "adventurer_movement",
    seed: int = 1,
    webs: Iterable[tuple[int, int]] = (),
    rules: RulesData | None = None,
    turn_limit: int | None = None,
    ruleset: RuleSet | None = None,
) -> Game:
    """A game on a drawn board with counters placed, entering `phase` at turn 1, played
    by `ruleset` (default: the standard rules)."""
    rules = rules or default_rules_data()
    board = draw_board(art, levels=levels, edges=edges)
    grid = board.grid
    if isinstance(pieces, Mapping):
        pieces = [Piece(kind, cell) for kind, cell in pieces.items()]
    units = []
    for piece in pieces:
        h = grid.to_hex(*piece.cell)
        if h not in board.cells:
            raise ValueError(f"{piece.kind} placed off the drawing at {piece.cell}")
        level = board.cells[h].level if piece.level is None else piece.level
        units.append(
            Unit(
                id=piece.id or piece.kind,
                kind=piece.kind,
                side=side_of(rules.roster, piece.kind),
                hex=h,
                level=level,
                facing=piece.facing,
                status=piece.status,
                wounds=piece.wounds,
                adult=piece.adult,
            )
        )
    web_list = [
        Accessory(f"web_{i}", AccessoryKind.WEB, (grid.to_hex(*cell),))
        for i, cell in enumerate(webs)
    ]

    def prepare(state: GameState) -> None:
        state.accessories = {a.id: a for a in web_list}

    return Game.start(
        board,
        units,
        rules,
        seed,
        first_phase=phase,
        turn_limit=turn_limit,
        prepare=prepare,
        ruleset=ruleset,
    )


def cell_of(game: Game, unit_id: str) -> tuple[int, int] | None:
    """The Tiled cell of a unit's anchor (for readable assertions)."""
    h = game.state.units[unit_id].hex
    return None if h is None else game.board.grid.to_cell(h)


def hexes(game: Game, *cells: tuple[int, int]) -> tuple[Hex, ...]:
    """Tiled cells -> hexes, for building Move paths in tests."""
    return tuple(game.board.grid.to_hex(c, r) for c, r in cells)


#: How many seeds `seed_for` tries before it gives up.
SEED_SEARCH = 2_000_000


@cache
def seed_for(*faces: int) -> int:
    """The first seed whose first d10 throws are `faces` (1..10), for `position(seed=...)`
    or `force_dice`. AssertionError when none of the first `SEED_SEARCH` seeds does."""
    for seed in range(SEED_SEARCH):
        dice = Dice(seed)
        if all(dice.roll_d10() == f for f in faces):
            return seed
    raise AssertionError(f"no seed gives {faces}")


def force_dice(game: Game, *faces: int) -> None:
    """Make the game's next d10 throws show `faces`: its dice are replaced by fresh dice
    of a seed whose first throws are those (`seed_for`)."""
    game.state.dice = Dice(seed_for(*faces))


def edited_data_file(folder: Path, name: str, old: str, new: str) -> Path:
    """A copy in `folder` of the shipped rules file `name` (dragonnoir/data) with the
    first `old` replaced by `new`: a broken or house-ruled file for a loader to refuse or
    read. AssertionError when the shipped file has no `old` (the edit must apply)."""
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    assert old in text, old
    path = folder / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def attack_now(game: Game, attack: Attack) -> list[Event]:
    """Declare `attack`, close the declarations and resolve it: one combat phase with a
    single combat (issue 8, ruling 2), for tests about one combat (a spell window that
    opens once the Krobs' combats are declared is passed). Raises
    `IllegalAction` as `Game.apply` does when the attack may not be declared. Returns
    the events of the resolution (the declaration's first)."""
    events = game.apply(attack)
    events += game.apply(Declare())
    while game.state.pending and game.state.pending[0].kind == "cast_window":
        events += game.apply(Pass())  # no spell once the Krobs' combats are declared
    number = len(combat_declared.combats(game))
    events += game.apply(ResolveCombat(number))
    return events
