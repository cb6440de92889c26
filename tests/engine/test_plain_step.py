"""`steps.plain_step`: a step judged once per kind of place gives the verdict `steps.step`
gives at every hex of every shipped scenario's map, for each kind of character on it,
and a map counter laid on a hex is read there at once (never a remembered verdict)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.rules.steps import counter_hexes, levels_at, plain_step, step
from dragonnoir.engine.state import Accessory, AccessoryKind, Unit
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.engine.values import Profile, profile

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))


def _one_of_each_kind(game: Game) -> list[tuple[Unit, Profile]]:
    """A character of each counter face on the map (a Goblin, an armoured knight, a
    Warrior, a Guard, a Gharv...: whatever the scenario has)."""
    seen: dict[str, tuple[Unit, Profile]] = {}
    for unit in game.state.units.values():
        p = profile(game, unit)
        key = repr((p.side, p.category, p.armoured, sorted(p.tags), p.movement, p.size))
        seen.setdefault(key, (unit, p))
    return list(seen.values())


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_a_step_judged_once_per_kind_of_place_is_the_step_judged_there(path: Path) -> None:
    game = scenario_games(path)(0)
    cells = game.board.cells
    compared = remembered = 0
    for unit, p in _one_of_each_kind(game):
        for src in cells:
            for level in levels_at(game, src):
                for dst in src.neighbours():
                    if dst not in cells:
                        continue
                    expected = step(game, unit, p, src, level, dst, webs=False)
                    assert plain_step(game, unit, p, src, level, dst) == expected, (
                        path.stem,
                        p.category,
                        src,
                        level,
                        dst,
                    )
                    compared += 1
                    if src not in counter_hexes(game) and dst not in counter_hexes(game):
                        remembered += 1
    assert compared > 1_000 and remembered > compared // 2


FLOOR = "\n".join([". . . . .", ". . . . .", ". . . . .", ". . . . ."])


def test_a_counter_laid_between_two_judgements_is_read_at_once() -> None:
    game = position(FLOOR, [Piece("hunter_01", (1, 1))], edges=[((1, 1), 0, "wall")])
    unit = game.state.units["hunter_01"]
    p = profile(game, unit)
    a = hexes(game, (1, 1))[0]
    b = a.neighbours()[0]
    before = plain_step(game, unit, p, a, 0.0, b)
    game.state.accessories["dw"] = Accessory(
        "dw", AccessoryKind.DEMOLISHED_WALL, (a,), facing=a.direction_to(b) or 0
    )
    game.touch()
    after = plain_step(game, unit, p, a, 0.0, b)
    assert not before.ok and after.ok
    assert after == step(game, unit, p, a, 0.0, b, webs=False)


def test_a_boat_rowed_away_leaves_its_hexes_plain_again() -> None:
    game = position(FLOOR, [Piece("hunter_01", (2, 2))])
    boat = Accessory("boat_1", AccessoryKind.BOAT, hexes(game, (2, 1), (3, 1)))
    game.state.accessories["boat_1"] = boat
    game.touch()
    assert counter_hexes(game) == frozenset(boat.hexes)
    boat.hexes = hexes(game, (0, 3), (1, 3))
    assert counter_hexes(game) == frozenset(boat.hexes)
