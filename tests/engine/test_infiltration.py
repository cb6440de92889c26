"""Infiltration of enemy lines ("Infiltration of Enemy Lines", "The Krobs: Infiltration",
"Lucifer and the Wardogs"): how many rolls a path triggers, which enemies count, and each
result of the Infiltration Table (docs/rules-tables.md)."""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import Move
from dragonnoir.engine.events import (
    DieRolled,
    MovementStopped,
    UnitFrenzied,
    UnitKnockedOut,
    UnitMoved,
    UnitWounded,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.infiltration import infiltration_threats, resolve_infiltration
from dragonnoir.engine.rules.movement import legal_destinations
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, cell_of, hexes, position, seed_for

RULE = "Infiltration of Enemy Lines"

# The mover walks along the top row; an enemy at (2, 1) is next to (2, 0) and (3, 0).
ART = """
. . . . .
 . . . . .
"""


def rolls_to(game: Game, unit_id: str) -> dict[tuple[int, int], int]:
    grid = game.board.grid
    return {grid.to_cell(h): d.rolls for h, d in legal_destinations(game, unit_id).items()}


def walk(game: Game, unit_id: str, *cells: tuple[int, int]) -> Move:
    return Move(unit_id, hexes(game, *cells))


# -- how many rolls -----------------------------------------------------------------------------


def test_one_roll_per_adjacent_enemy_for_each_hex_crossed_but_not_the_last() -> None:
    game = position(ART, {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1)})
    found = rolls_to(game, "rebel_swordsman_1")
    assert found[(2, 0)] == 0  # ends next to the Hunter: no roll
    assert found[(3, 0)] == 1  # crosses (2, 0)
    assert found[(4, 0)] == 2  # crosses (2, 0) and (3, 0)
    verdict = game.explain(walk(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0), (4, 0)))
    assert verdict.legal and verdict.details["rolls"] == 2


def test_as_many_rolls_as_there_are_enemies_adjacent_to_the_hex() -> None:
    game = position(ART, {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1), "hunter_02": (1, 1)})
    # (1, 0): hunter_02; (2, 0): both.
    assert rolls_to(game, "rebel_swordsman_1")[(3, 0)] == 3
    threats = infiltration_threats(
        game, game.state.units["rebel_swordsman_1"], hexes(game, (2, 0))[0]
    )
    assert [u.id for u in threats] == ["hunter_01", "hunter_02"]


def test_the_cheapest_path_is_kept_then_the_fewest_rolls() -> None:
    game = position(
        """
        . . . . .
         . . . . .
        . . . . .
        """,
        {"rebel_swordsman_1": (0, 1), "hunter_01": (2, 0)},
    )
    # To (3, 2) in 3 MP: through (1, 1) and (2, 1), both next to the Hunter, or along
    # the bottom row, next to nobody. The same cost: the fewer rolls win.
    dest = legal_destinations(game, "rebel_swordsman_1")[hexes(game, (3, 2))[0]]
    assert dest.cost == 3 and dest.rolls == 0
    assert dest.path == hexes(game, (1, 2), (2, 2), (3, 2))
    other = game.explain(walk(game, "rebel_swordsman_1", (1, 1), (2, 1), (3, 2)))
    assert other.legal and other.details["cost"] == 3 and other.details["rolls"] == 2


def test_a_wall_removes_the_threat() -> None:
    """ "In a position to attack" accounts for walls ("Combat Restrictions")."""
    game = position(
        ART,
        {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1)},
        edges=[((2, 0), 5, "wall"), ((3, 0), 4, "wall")],
    )
    assert rolls_to(game, "rebel_swordsman_1")[(4, 0)] == 0


def test_a_level_difference_removes_the_threat() -> None:
    game = position(
        """
        . . . . .
         . . _ . .
        """,
        {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1)},
    )
    assert rolls_to(game, "rebel_swordsman_1")[(4, 0)] == 0


@pytest.mark.parametrize(("krob", "rolls"), [("warrior_01", 0), ("hunter_01", 1)])
def test_an_enemy_who_cannot_go_onto_the_hex_is_not_in_a_position_to_attack(
    krob: str, rolls: int
) -> None:
    """A Krob Warrior never enters water (Restriction 2), so it cannot attack a swimmer
    ("Combat Restrictions"): no roll for swimming past it."""
    game = position(
        """
        ~ ~ ~ ~
         . . . .
        """,
        {"goblin_spearman_1": (0, 0), krob: (1, 1)},
        levels="""
        0 0 0 0
         0 0 0 0
        """,
    )
    # (1, 1) is next to (1, 0) and (2, 0); to (3, 0) he crosses both.
    assert rolls_to(game, "goblin_spearman_1")[(3, 0)] == 2 * rolls


def test_knocked_out_enemies_cause_no_roll() -> None:
    game = position(
        ART,
        [Piece("hunter_01", (0, 0)), Piece("ork_axeman_1", (2, 1), status=Status.KNOCKED_OUT)],
        phase="krob_movement",
    )
    assert rolls_to(game, "hunter_01")[(4, 0)] == 0


def test_baby_hunters_neither_cause_nor_suffer_rolls() -> None:
    """ "Baby Hunters are never subject to the infiltration rule but they have no effect
    either on enemies trying to infiltrate." """
    game = position(
        ART, [Piece("rebel_swordsman_1", (0, 0)), Piece("hunter_01", (2, 1), adult=False)]
    )
    assert rolls_to(game, "rebel_swordsman_1")[(4, 0)] == 0
    krobs = position(
        ART,
        [Piece("hunter_01", (0, 0), adult=False), Piece("rebel_swordsman_1", (2, 1))],
        phase="krob_movement",
    )
    assert rolls_to(krobs, "hunter_01")[(4, 0)] == 0
    # A newborn Warrior does make the adventurers roll (column "newborn").
    warriors = position(
        ART, [Piece("rebel_swordsman_1", (0, 0)), Piece("warrior_01", (2, 1), adult=False)]
    )
    assert rolls_to(warriors, "rebel_swordsman_1")[(4, 0)] == 2


def test_dogs_ignore_infiltration() -> None:
    """ "Lucifer and the Wardogs ... do not take into account the rule of infiltration of
    enemy lines when they move." """
    game = position(ART, {"wardog_1": (0, 0), "hunter_01": (2, 1)})
    assert rolls_to(game, "wardog_1")[(4, 0)] == 0
    events = game.apply(walk(game, "wardog_1", (1, 0), (2, 0), (3, 0), (4, 0)))
    assert not any(isinstance(e, DieRolled) for e in events)


def test_ignore_leaves_out_enemies_engaged_in_a_combat() -> None:
    """Advance after combat: "an enemy character adjacent to the crossed hex triggers a
    die roll only if he is not engaged at the same moment in a combat"."""
    game = position(ART, {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1)})
    mover = game.state.units["rebel_swordsman_1"]
    crossed = hexes(game, (2, 0))[0]
    assert [u.id for u in infiltration_threats(game, mover, crossed)] == ["hunter_01"]
    assert infiltration_threats(game, mover, crossed, ignore=frozenset({"hunter_01"})) == []


# -- the results ----------------------------------------------------------------------------------


def moved_past(kind: str, die: int, **mover: object) -> tuple[Game, list[object]]:
    """The swordsman walks (1,0)..(4,0) past an enemy `kind` at (2,1), the first die
    throw being `die`."""
    game = position(
        ART,
        [Piece("rebel_swordsman_1", (0, 0), **mover), Piece(kind, (2, 1))],  # type: ignore[arg-type]
        seed=seed_for(die),
    )
    events = game.apply(walk(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0), (4, 0)))
    return game, list(events)


def test_result_p_he_passes() -> None:
    game, events = moved_past("hunter_01", 1)
    dice = [e for e in events if isinstance(e, DieRolled)]
    assert [d.rule for d in dice] == [RULE, RULE]  # (2, 0) and (3, 0)
    assert cell_of(game, "rebel_swordsman_1") == (4, 0)
    assert next(e for e in events if isinstance(e, UnitMoved)).cost == 4


def test_result_s_stopped_on_the_crossed_hex_losing_his_points() -> None:
    game, events = moved_past("hunter_01", 7)  # Hunter column: 7 = S
    unit = game.state.units["rebel_swordsman_1"]
    assert cell_of(game, unit.id) == (2, 0)
    assert unit.status is Status.HEALTHY
    assert unit.mp_spent == 6  # his whole potential: the rest is lost
    stop = [e for e in events if isinstance(e, MovementStopped)]
    assert stop and stop[0].rule.startswith(RULE)
    assert next(e for e in events if isinstance(e, UnitMoved)).cost == 2
    assert len([e for e in events if isinstance(e, DieRolled)]) == 1


def test_result_k_stopped_and_knocked_out() -> None:
    game, events = moved_past("hunter_01", 10)  # Hunter column: 10 = K
    unit = game.state.units["rebel_swordsman_1"]
    assert cell_of(game, unit.id) == (2, 0) and unit.status is Status.KNOCKED_OUT
    assert UnitKnockedOut("rebel_swordsman_1", RULE) in events


def test_result_w_stopped_and_wounded() -> None:
    game, events = moved_past("warrior_01", 10)  # Warrior column: 10 = W
    unit = game.state.units["rebel_swordsman_1"]
    assert cell_of(game, unit.id) == (2, 0)
    assert unit.status is Status.WOUNDED and unit.wounds == 1
    assert UnitWounded("rebel_swordsman_1", 1, RULE) in events


def test_a_wounded_mover_adds_one_to_the_die() -> None:
    game, events = moved_past("hunter_01", 6, status=Status.WOUNDED, wounds=1)
    die = next(e for e in events if isinstance(e, DieRolled))
    assert (die.value, die.modified) == (6, 7)
    assert cell_of(game, "rebel_swordsman_1") == (2, 0)  # 7 = S


def test_a_troll_is_never_knocked_out_only_stopped() -> None:
    game = position(ART, {"troll_1": (0, 0), "hunter_01": (2, 1)}, seed=seed_for(10))
    game.apply(walk(game, "troll_1", (1, 0), (2, 0), (3, 0)))
    troll = game.state.units["troll_1"]
    assert cell_of(game, "troll_1") == (2, 0) and troll.status is Status.HEALTHY


def test_crazy_ork_frenzied_by_an_infiltration_wound_still_loses_his_remaining_points() -> None:
    """Infiltration of Enemy Lines (W: stopped on the crossed hex, the rest of his movement
    points lost) with "The Adventurers: Crazy Ork" (the wound sends him into his frenzy,
    whose counter has 7 movement points instead of 6): he is told of the frenzy and the
    stronger counter gives him no point back to go on with."""
    game = position(ART, {"crazy_ork": (0, 0), "warrior_01": (2, 1)}, seed=seed_for(10))
    events = game.apply(walk(game, "crazy_ork", (1, 0), (2, 0), (3, 0)))  # Warrior: 10 = W
    ork = game.state.units["crazy_ork"]
    assert cell_of(game, "crazy_ork") == (2, 0) and ork.frenzied
    assert any(isinstance(e, UnitFrenzied) for e in events)
    assert legal_destinations(game, "crazy_ork") == {}
    assert not game.is_legal(walk(game, "crazy_ork", (3, 0)))


def test_a_krob_is_never_knocked_out_only_stopped() -> None:
    game = position(
        ART,
        {"hunter_01": (0, 0), "rebel_swordsman_1": (2, 1)},
        seed=seed_for(9),  # Rebels column: 9 = K
        phase="krob_movement",
    )
    game.apply(walk(game, "hunter_01", (1, 0), (2, 0), (3, 0)))
    assert cell_of(game, "hunter_01") == (2, 0)
    assert game.state.units["hunter_01"].status is Status.HEALTHY


def test_stopped_where_he_may_not_stay_he_ends_on_the_last_hex_he_may_stand_on() -> None:
    """Stacking: one living character per hex at the end of movement."""
    game = position(
        ART,
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (2, 0), "hunter_01": (2, 1)},
        seed=seed_for(7),
    )
    events = game.apply(walk(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0)))
    assert cell_of(game, "rebel_swordsman_1") == (1, 0)
    assert any(isinstance(e, MovementStopped) and e.rule == "Stacking" for e in events)


def test_resolve_infiltration_rolls_once_per_threat_and_says_if_stopped() -> None:
    game = position(ART, {"rebel_swordsman_1": (2, 0), "hunter_01": (2, 1)}, seed=seed_for(1))
    mover = game.state.units["rebel_swordsman_1"]
    crossed = hexes(game, (2, 0))[0]
    threats = infiltration_threats(game, mover, crossed)
    stopped, events = resolve_infiltration(game, mover, crossed, threats)
    assert not stopped and [type(e) for e in events] == [DieRolled]
    game = position(ART, {"rebel_swordsman_1": (2, 0), "hunter_01": (2, 1)}, seed=seed_for(8))
    mover = game.state.units["rebel_swordsman_1"]
    stopped, events = resolve_infiltration(
        game, mover, crossed, infiltration_threats(game, mover, crossed)
    )
    assert stopped and isinstance(events[-1], MovementStopped)
