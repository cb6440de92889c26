"""A held post planned as a line across the gallery (dragonnoir/ai/lines.py): the guards
stand from wall to wall, and nobody walks past them without a hex next to a Krob."""

from __future__ import annotations

from dragonnoir.ai.lines import cross_section, line_of
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, position
from dragonnoir.hexmap.hexes import Hex

#: A gallery five hexes wide (rows 1-5) running west to east between walls of rock.
WIDE = 5
GALLERY = "\n".join(
    (" " if r % 2 else "") + " ".join(("#" if r in (0, WIDE + 1) else ".") for _ in range(18))
    for r in range(WIDE + 2)
)
#: The picket stands bunched by the northern wall; the knight is far to the east, beyond
#: a guard's reach (he strikes nobody this turn).
PICKET = {"warrior_01": (6, 1), "warrior_02": (7, 1), "hunter_01": (6, 2)}
KNIGHT = (16, 3)


def _guarded(picket: dict[str, tuple[int, int]]) -> Game:
    game = position(
        GALLERY,
        [*(Piece(k, c) for k, c in picket.items()), Piece("rebel_knight_1", KNIGHT)],
        phase="krob_movement",
    )
    game.state.scratch["scenario"] = {
        "groups": {"picket": {"name": "The picket", "side": "krobs",
                              "units": list(picket), "behaviour": "guard"}}
    }  # fmt: skip
    return game


def _krobs_move(game: Game) -> None:
    agent = TacticalAgent(Side.KROBS, 1, level="normal")
    for _ in range(6):
        action = agent.choose(view_for(game, Side.KROBS))
        if not isinstance(action, Move):
            return
        game.apply(action)


def _way_past_unseen(game: Game) -> bool:
    """Whether the knight can reach the gallery's western end without entering a hex
    next to a Krob (where "Infiltration of Enemy Lines" makes him roll)."""
    krobs = [u.hex for u in game.living_units(Side.KROBS) if u.hex is not None]
    watched = {n for k in krobs for n in (k, *k.neighbours())}
    grid = game.board.grid
    start = grid.to_hex(*KNIGHT)
    west = {grid.to_hex(0, r) for r in range(1, WIDE + 1)}
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        if here in west:
            return True
        for n in here.neighbours():
            cell = game.board.cells.get(n)
            if n not in seen and n not in watched and cell is not None and cell.terrain != "rock":
                seen.add(n)
                todo.append(n)
    return False


def test_bunched_by_one_wall_the_picket_leaves_a_way_past() -> None:
    assert _way_past_unseen(_guarded(PICKET))


def test_the_picket_stands_across_the_gallery_and_shuts_the_way() -> None:
    game = _guarded(PICKET)
    _krobs_move(game)
    assert not _way_past_unseen(game)
    rows = {game.board.grid.to_cell(u.hex)[1] for u in game.living_units(Side.KROBS) if u.hex}
    assert len(rows) == 3  # one Krob a row: spread from wall to wall


def test_two_suffice_for_five_hexes() -> None:
    game = _guarded({k: c for k, c in PICKET.items() if k != "hunter_01"})
    _krobs_move(game)
    assert not _way_past_unseen(game)


def test_the_cut_runs_from_wall_to_wall_and_the_line_takes_every_other_hex() -> None:
    game = _guarded(PICKET)
    post = frozenset(u.hex for u in game.living_units(Side.KROBS) if u.hex is not None)
    knight = game.state.units["rebel_knight_1"].hex
    assert knight is not None
    across = cross_section(game, post, [knight])
    assert sorted(game.board.grid.to_cell(h)[1] for h in across) == [1, 2, 3, 4, 5]
    assert _covers(line_of(across, 2), across) and len(line_of(across, 2)) == 2
    three = line_of(across, 3)
    assert three == across[::2]  # one every other hex: the two between are next to two


def _covers(line: list[Hex], across: list[Hex]) -> bool:
    return all(any(h.distance(k) <= 1 for k in line) for h in across)
