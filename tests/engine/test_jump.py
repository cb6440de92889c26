"""Jumps (Movement Restriction 8: "Daredevil Adventurers have, however, the possibility of
jumping up or down one level, but the Adventurer player must then roll the die and
consult the Jump Table"), with every result of our Jump Table (docs/rules-tables.md)."""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import Jump, Move
from dragonnoir.engine.events import DieRolled, MovementStopped, UnitKnockedOut, UnitWounded
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, cell_of, hexes, position, seed_for

R_JUMP = "Movement Restriction 8 (levels; Jump Table)"

# A ledge: level 0 on the left, level -1 on the right, no stairs.
LEDGE = ". . _ _"


def jump_game(face: int, start: tuple[int, int] = (1, 0), **piece: object) -> Game:
    return position(
        LEDGE,
        [Piece("rebel_scout_1", start, **piece)],  # type: ignore[arg-type]
        seed=seed_for(face),
    )


def test_only_daredevils_may_jump() -> None:
    game = position(LEDGE, {"rebel_swordsman_1": (1, 0)})
    verdict = game.explain(Jump("rebel_swordsman_1", hexes(game, (2, 0))[0]))
    assert not verdict.legal and verdict.rule == R_JUMP and "daredevil" in verdict.reason
    scout = jump_game(1)
    verdict = scout.explain(Jump("rebel_scout_1", hexes(scout, (2, 0))[0]))
    assert verdict.legal and verdict.details["cost"] == 2  # floor 1 + 1 for the jump
    assert Jump("rebel_scout_1", hexes(scout, (2, 0))[0]) in scout.legal_actions()


def test_a_jump_is_exactly_one_level_to_an_adjacent_hex() -> None:
    game = jump_game(1)
    same_level = game.explain(Jump("rebel_scout_1", hexes(game, (0, 0))[0]))
    assert not same_level.legal and same_level.rule == R_JUMP
    too_far = game.explain(Jump("rebel_scout_1", hexes(game, (3, 0))[0]))
    assert not too_far.legal and too_far.rule == R_JUMP


def test_the_jump_costs_must_be_paid_with_points_left() -> None:
    game = jump_game(1)
    game.state.units["rebel_scout_1"].mp_spent = 6  # 1 left, the jump costs 2
    game.touch()
    verdict = game.explain(Jump("rebel_scout_1", hexes(game, (2, 0))[0]))
    assert not verdict.legal and "Jump Table" in verdict.rule


@pytest.mark.parametrize(
    ("face", "lands", "ends", "status"),
    [
        (1, True, False, Status.HEALTHY),  # J
        (6, True, True, Status.HEALTHY),  # JS
        (8, True, True, Status.KNOCKED_OUT),  # LK
        (10, True, True, Status.WOUNDED),  # LW
    ],
)
def test_jumping_down_each_result(face: int, lands: bool, ends: bool, status: Status) -> None:
    game = jump_game(face)
    events = game.apply(Jump("rebel_scout_1", hexes(game, (2, 0))[0]))
    scout = game.state.units["rebel_scout_1"]
    die = next(e for e in events if isinstance(e, DieRolled))
    assert die.rule == R_JUMP and die.value == face
    assert cell_of(game, scout.id) == ((2, 0) if lands else (1, 0))
    assert scout.level == (-1.0 if lands else 0.0)
    assert scout.status is status
    assert (scout.mp_spent == 7) is ends  # the jump cost 2; the rest lost if it ends
    if not ends:
        assert scout.mp_spent == 2
        assert game.is_legal(Move("rebel_scout_1", hexes(game, (3, 0))))  # goes on
    else:
        assert any(isinstance(e, MovementStopped) for e in events)
    if status is Status.KNOCKED_OUT:
        assert UnitKnockedOut("rebel_scout_1", R_JUMP) in events
    if status is Status.WOUNDED:
        assert UnitWounded("rebel_scout_1", 1, R_JUMP) in events


@pytest.mark.parametrize(
    ("face", "lands", "status"),
    [
        (1, True, Status.HEALTHY),  # J
        (4, True, Status.HEALTHY),  # JS
        (6, False, Status.HEALTHY),  # B: balks
        (8, False, Status.KNOCKED_OUT),  # FK
        (10, False, Status.WOUNDED),  # FW
    ],
)
def test_jumping_up_each_result(face: int, lands: bool, status: Status) -> None:
    game = jump_game(face, start=(2, 0))
    game.apply(Jump("rebel_scout_1", hexes(game, (1, 0))[0]))
    scout = game.state.units["rebel_scout_1"]
    assert cell_of(game, scout.id) == ((1, 0) if lands else (2, 0))
    assert scout.level == (0.0 if lands else -1.0)
    assert scout.status is status


def test_a_wounded_jumper_adds_one_to_the_die() -> None:
    game = jump_game(5, wounds=1, status=Status.WOUNDED)
    events = game.apply(Jump("rebel_scout_1", hexes(game, (2, 0))[0]))
    die = next(e for e in events if isinstance(e, DieRolled))
    assert (die.value, die.modified) == (5, 6)
    assert game.state.units["rebel_scout_1"].mp_spent == 5  # 6 = JS: movement ends


def test_no_jump_onto_a_walkway_deck_nor_through_a_wall() -> None:
    game = position(
        """
        . w w E
         + + + +
        """,
        {"rebel_scout_1": (0, 0), "zed": (1, 1)},
    )
    # From level 0 at (0,0) up onto the deck of (1,0): only the hex it rests on gives access.
    verdict = game.explain(Jump("rebel_scout_1", hexes(game, (1, 0))[0]))
    assert not verdict.legal and verdict.rule == "Movement Restriction 9 (walkways)"
    walled = position(LEDGE, {"rebel_scout_1": (1, 0)}, edges=[((1, 0), 0, "wall")])
    verdict = walled.explain(Jump("rebel_scout_1", hexes(walled, (2, 0))[0]))
    assert not verdict.legal and verdict.rule == "Movement Restriction 5 (walls)"
