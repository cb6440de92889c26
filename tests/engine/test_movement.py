"""Movement ("Movement", "Movement Restrictions" 1-9, "Organisation of the Game Turn"):
one small hand-made position per rule, allowed and refused, the refusal naming the rule.

Hex-art (dragonnoir.engine.testing): odd rows are shifted right; the neighbours of an
even-row cell (c, r) are (c±1, r), (c-1, r±1), (c, r±1); of an odd-row cell (c±1, r),
(c, r±1), (c+1, r±1).
"""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import EndPhase, Move, Pass
from dragonnoir.engine.events import DecisionRequested, MovementStopped, Revealed, UnitMoved
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import movement
from dragonnoir.engine.rules.movement import legal_destinations, moving
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, cell_of, hexes, position
from dragonnoir.hexmap.board import EdgeFeature


def reach(game: Game, unit_id: str) -> dict[tuple[int, int], int]:
    """Destination cell -> cost."""
    grid = game.board.grid
    return {grid.to_cell(h): d.cost for h, d in legal_destinations(game, unit_id).items()}


def move(game: Game, unit_id: str, *cells: tuple[int, int]) -> Move:
    return Move(unit_id, hexes(game, *cells))


def refusal(game: Game, action: Move) -> str:
    verdict = game.explain(action)
    assert not verdict.legal, verdict
    return verdict.rule


# -- Movement: terrain costs --------------------------------------------------------------


def test_movement_each_hex_costs_its_terrain_movement_points() -> None:
    """ "Each hex crossed makes him spend a number of movement points corresponding to the
    difficulty of the terrain": floor 1, rubble 2, marsh 2, water 3 (terrain.toml)."""
    game = position(
        ". r m ~ .",
        {"rebel_swordsman_1": (0, 0)},  # 6 MP, not armoured
        levels="0 0 0 0 0",
    )
    assert reach(game, "rebel_swordsman_1") == {(1, 0): 2, (2, 0): 4}
    # Water (3) would make 7 > 6: beyond the potential.
    verdict = game.explain(move(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0)))
    assert not verdict.legal and verdict.rule == "Movement" and "7 MP" in verdict.reason


def test_the_goblins_spend_only_2_movement_points_per_water_hex() -> None:
    """ "The Goblins. They spend only 2 movement points to cross a water hex." """
    game = position(
        ". ~ ~ ~ .",
        {"goblin_spearman_1": (0, 0)},  # 7 MP
        levels="0 0 0 0 0",
    )
    assert reach(game, "goblin_spearman_1") == {(1, 0): 2, (2, 0): 4, (3, 0): 6, (4, 0): 7}


def test_unused_movement_points_are_lost_and_a_move_is_counted() -> None:
    game = position(". . . . .", {"rebel_swordsman_1": (0, 0)})
    events = game.apply(move(game, "rebel_swordsman_1", (1, 0), (2, 0)))
    moved = [e for e in events if isinstance(e, UnitMoved)]
    assert moved == [UnitMoved("rebel_swordsman_1", hexes(game, (1, 0), (2, 0)), 2)]
    unit = game.state.units["rebel_swordsman_1"]
    assert unit.moved and unit.mp_spent == 2 and cell_of(game, unit.id) == (2, 0)


# -- Restriction 1: enemies ------------------------------------------------------------------


CORRIDOR = ". . . . ."


def test_restriction_1_a_standing_enemy_blocks_the_way() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 0)})
    assert reach(game, "rebel_swordsman_1") == {(1, 0): 1}
    rule = refusal(game, move(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0)))
    assert rule == "Movement Restriction 1 (enemy characters)"


@pytest.mark.parametrize("status", [Status.KNOCKED_OUT, Status.KILLED])
def test_restriction_1_knocked_out_or_dead_enemies_can_be_passed(status: Status) -> None:
    game = position(
        CORRIDOR,
        [Piece("hunter_01", (0, 0)), Piece("rebel_swordsman_1", (2, 0), status=status)],
        phase="krob_movement",
    )
    found = reach(game, "hunter_01")
    assert (3, 0) in found and (4, 0) in found
    # A move may end on a knocked-out or dead character's hex (Stacking is checked at
    # the end of the movement sequence: issue 8, ruling 1).
    assert (2, 0) in found


# -- Restriction 2: water ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "swims"),
    [
        ("rebel_knight_1", False),  # armoured adventurer
        ("rebel_swordsman_1", True),
        ("warrior_01", False),  # "Krob Warriors"
        ("hunter_01", True),
    ],
)
def test_restriction_2_armoured_adventurers_and_warriors_never_enter_water(
    kind: str, swims: bool
) -> None:
    phase = "krob_movement" if kind.startswith(("warrior", "hunter")) else "adventurer_movement"
    game = position(". ~ .", {kind: (0, 0)}, levels="0 0 0", phase=phase)
    action = move(game, kind, (1, 0))
    verdict = game.explain(action)
    assert verdict.legal is swims
    if not swims:
        assert verdict.rule == "Movement Restriction 2 (water)"


# -- Restriction 3: wooden bridge ---------------------------------------------------------------


def test_restriction_3_a_wooden_bridge_is_not_entered_from_the_water() -> None:
    game = position(
        """
        . b .
         ~ ~ .
        """,
        {"rebel_swordsman_1": (0, 1), "rebel_swordsman_2": (0, 0)},
        levels="""
        0 0 0
         0 0 0
        """,
    )
    # From the water (0,1) to the bridge (1,0): refused.
    assert refusal(game, move(game, "rebel_swordsman_1", (1, 0))) == (
        "Movement Restriction 3 (wooden bridge)"
    )
    # From land it is fine.
    assert game.is_legal(move(game, "rebel_swordsman_2", (1, 0)))


def test_restriction_3_goblins_pass_freely_between_water_and_bridge() -> None:
    game = position(
        """
        . b .
         ~ ~ .
        """,
        {"goblin_spearman_1": (0, 1)},
        levels="""
        0 0 0
         - - 0
        """,
    )
    assert game.is_legal(move(game, "goblin_spearman_1", (1, 0)))


# -- Restriction 4: stone bridge --------------------------------------------------------------


def test_restriction_4_the_stone_bridge_only_from_its_ends() -> None:
    # A bridge B B across the water; its long sides carry low walls.
    edges = [((1, 1), 1, "low_wall"), ((1, 1), 2, "low_wall"), ((2, 1), 1, "low_wall")]
    edges += [((1, 1), 4, "low_wall"), ((1, 1), 5, "low_wall"), ((2, 1), 4, "low_wall")]
    game = position(
        """
        . . . .
         . B B .
        . ~ ~ .
        """,
        {"rebel_swordsman_1": (0, 1), "rebel_swordsman_2": (1, 0), "hunter_01": (1, 2)},
        levels="""
        0 0 0 0
         0 0 0 0
        0 - - 0
        """,
        edges=edges,
    )
    assert game.is_legal(move(game, "rebel_swordsman_1", (1, 1), (2, 1)))  # from its end
    rule = refusal(game, move(game, "rebel_swordsman_2", (1, 1)))  # over the low wall
    assert rule == "Movement Restriction 4 (stone bridge)"
    game.apply(EndPhase())
    game.apply(EndPhase())  # to the Krob movement phase
    assert game.state.phase == "krob_movement"
    rule = refusal(game, move(game, "hunter_01", (1, 1)))  # from the water
    assert rule == "Movement Restriction 4 (stone bridge)"


# -- Restriction 5: walls -----------------------------------------------------------------------


def test_restriction_5_walls_are_impassable_except_at_doors() -> None:
    game = position(
        """
        . .
         . .
        """,
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (0, 1)},
        edges=[((0, 0), 0, EdgeFeature.WALL), ((0, 1), 0, EdgeFeature.DOOR)],
    )
    rule = refusal(game, move(game, "rebel_swordsman_1", (1, 0)))
    assert rule == "Movement Restriction 5 (walls)"
    assert game.is_legal(move(game, "rebel_swordsman_2", (1, 1)))


# -- Restriction 6: movement potential too low ---------------------------------------------------


def test_restriction_6_a_hex_costing_more_than_the_potential_is_forbidden() -> None:
    """Embankment costs 4: a wounded crossbowman (potential 3) may never enter it."""
    game = position(
        ". e _",
        [
            Piece("rebel_crossbowman_1", (0, 0), wounds=1, status=Status.WOUNDED),
        ],
    )
    rule = refusal(game, move(game, "rebel_crossbowman_1", (1, 0)))
    assert rule == "Movement Restriction 6 (movement potential too low)"
    healthy = position(". e _", {"rebel_crossbowman_1": (0, 0)})  # potential 5
    assert reach(healthy, "rebel_crossbowman_1") == {(1, 0): 4, (2, 0): 5}


# -- Restriction 7: spider webs ---------------------------------------------------------------


def test_restriction_7_spider_webs_stop_adventurers_not_krobs() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0)}, webs=[(2, 0)])
    assert reach(game, "rebel_swordsman_1") == {(1, 0): 1}
    rule = refusal(game, move(game, "rebel_swordsman_1", (1, 0), (2, 0)))
    assert rule == "Movement Restriction 7 (spider webs)"
    krobs = position(CORRIDOR, {"hunter_01": (0, 0)}, webs=[(2, 0)], phase="krob_movement")
    assert set(reach(krobs, "hunter_01")) == {(1, 0), (2, 0), (3, 0), (4, 0)}


def test_restriction_7_a_web_he_did_not_know_of_stops_him_on_the_previous_hex() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0)})
    web = hexes(game, (2, 0))
    game.state.accessories["web_x"] = Accessory(
        "web_x", AccessoryKind.WEB, web, hidden_from=Side.ADVENTURERS
    )
    game.touch()
    dest = legal_destinations(game, "rebel_swordsman_1")[hexes(game, (3, 0))[0]]
    assert dest.web_stop == hexes(game, (1, 0))[0]
    events = game.apply(move(game, "rebel_swordsman_1", (1, 0), (2, 0), (3, 0)))
    assert cell_of(game, "rebel_swordsman_1") == (1, 0)
    stops = [e for e in events if isinstance(e, MovementStopped)]
    assert stops and stops[0].rule == "Movement Restriction 7 (spider webs)"
    assert game.state.accessories["web_x"].hidden_from is None  # now he knows
    # A reveal of hidden information: undo cannot take the move back (issue: "Undo of the
    # last actions back to the last die roll or reveal of hidden information").
    assert any(isinstance(e, Revealed) for e in events)
    assert not game.can_undo()


# -- Restriction 8: levels ----------------------------------------------------------------------


def test_restriction_8_levels_change_only_by_stairs_embankments_and_slopes() -> None:
    game = position(
        """
        . _ .
         s _ .
        """,
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (2, 0)},
    )
    # (0,0) at 0 next to (1,0) at -1: one level, no stairs.
    rule = refusal(game, move(game, "rebel_swordsman_1", (1, 0)))
    assert rule == "Movement Restriction 8 (levels)"
    # Down the stairs (0,1) at -0.5, then to (1,1) at -1.
    assert game.is_legal(move(game, "rebel_swordsman_1", (0, 1), (1, 1)))
    assert reach(game, "rebel_swordsman_1")[(1, 1)] == 3  # stairs 2 + floor 1


def test_restriction_8_a_cliff_edge_cannot_be_walked() -> None:
    game = position(
        ". s _",
        {"rebel_swordsman_1": (0, 0)},
        edges=[((0, 0), 0, EdgeFeature.CLIFF)],
    )
    assert refusal(game, move(game, "rebel_swordsman_1", (1, 0))) == (
        "Movement Restriction 8 (levels)"
    )


# -- Restriction 9: walkways --------------------------------------------------------------------


WALKWAY = """
+ E w w E +
 . . . . . .
"""


def test_restriction_9_only_the_hex_a_walkway_rests_on_gives_access_to_it() -> None:
    game = position(
        WALKWAY,
        [
            Piece("rebel_swordsman_1", (0, 0)),  # level +1, not a walkway end
            Piece("rebel_swordsman_2", (1, 0)),  # on the walkway end
            Piece("rebel_swordsman_3", (2, 1)),  # on the floor below
        ],
    )
    # (0,0) is next to the deck hex? No: (0,0)-(1,0)-(2,0). Step onto the end, then deck.
    assert game.is_legal(move(game, "rebel_swordsman_2", (2, 0), (3, 0), (4, 0)))
    found = movement.search_all(game, game.state.units["rebel_swordsman_2"], 6)
    assert (hexes(game, (2, 0))[0], 1.0) in found  # on the deck
    # From the floor the walkway hex is entered underneath, at level 0.
    below = movement.search_all(game, game.state.units["rebel_swordsman_3"], 6)
    assert (hexes(game, (2, 0))[0], 0.0) in below
    assert (hexes(game, (2, 0))[0], 1.0) not in below


def test_restriction_9_the_deck_is_not_reached_from_another_level_1_hex() -> None:
    game = position(
        """
        + w w E
         + . . .
        """,
        {"rebel_swordsman_1": (0, 0)},
    )
    rule = refusal(game, move(game, "rebel_swordsman_1", (1, 0)))
    assert rule == "Movement Restriction 9 (walkways)"


# -- Organisation of the Game Turn: who moves, how often -------------------------------------------


def test_crossbowmen_who_have_just_fired_may_not_move() -> None:
    """ "MOVEMENT: all Adventurers may move, except the crossbowmen who have just fired." """
    game = position(
        """
        . . .
         . . .
        """,
        {"rebel_crossbowman_1": (0, 0), "rebel_archer_1": (0, 1)},
    )
    game.state.units["rebel_crossbowman_1"].fired = True
    game.state.units["rebel_archer_1"].fired = True  # a long bow: may still move
    game.touch()
    verdict = game.explain(move(game, "rebel_crossbowman_1", (1, 0)))
    assert not verdict.legal and "crossbowmen who have just fired" in verdict.reason
    assert verdict.rule.startswith("Organisation of the Game Turn")
    assert legal_destinations(game, "rebel_crossbowman_1") == {}
    assert game.is_legal(move(game, "rebel_archer_1", (1, 1)))


def test_a_characters_move_is_one_continuous_path() -> None:
    game = position(
        """
        . . . .
         . . . .
        """,
        {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (0, 1)},
    )
    game.apply(move(game, "rebel_swordsman_1", (1, 0)))
    # Right after, he may go on (the same path, continued) ...
    game.apply(move(game, "rebel_swordsman_1", (2, 0)))
    assert game.state.units["rebel_swordsman_1"].mp_spent == 2
    # ... but once another character has moved, his movement is over.
    game.apply(move(game, "rebel_swordsman_2", (1, 1)))
    verdict = game.explain(move(game, "rebel_swordsman_1", (3, 0)))
    assert not verdict.legal and "one continuous path" in verdict.rule
    # A new turn gives a new move.
    for _ in range(5):
        game.apply(EndPhase())
    assert game.state.phase == "adventurer_movement"
    assert game.is_legal(move(game, "rebel_swordsman_1", (3, 0)))


def test_knocked_out_characters_and_the_other_side_do_not_move() -> None:
    game = position(
        CORRIDOR,
        [
            Piece("rebel_swordsman_1", (0, 0), status=Status.KNOCKED_OUT),
            Piece("hunter_01", (4, 0)),
        ],
    )
    assert not game.is_legal(move(game, "rebel_swordsman_1", (1, 0)))
    assert not game.is_legal(move(game, "hunter_01", (3, 0)))
    assert [a for a in game.legal_actions() if isinstance(a, Move)] == []


def test_legal_actions_list_one_move_per_destination_and_each_is_legal() -> None:
    game = position(
        """
        . . r
         . m .
        """,
        {"rebel_swordsman_1": (0, 0)},
    )
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    ends = {m.path[-1] for m in moves}
    assert len(ends) == len(moves) == len(legal_destinations(game, "rebel_swordsman_1")) == 5
    assert all(game.is_legal(m) for m in moves)


def test_a_move_without_dice_can_be_undone() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0)})
    game.apply(move(game, "rebel_swordsman_1", (1, 0), (2, 0)))
    assert game.undo()
    unit = game.state.units["rebel_swordsman_1"]
    assert cell_of(game, unit.id) == (0, 0) and not unit.moved and unit.mp_spent == 0
    assert reach(game, "rebel_swordsman_1")[(2, 0)] == 2


# -- Defensive Fire: the Krob's move pauses and resumes ------------------------------------------


def test_defensive_fire_interrupts_a_krob_move_after_each_step_and_pass_resumes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """ "The Adventurer player who makes defensive shots can thus interrupt at any moment
    the movement of a Krob on a precise hex." """
    monkeypatch.setattr(moving, "defensive_fire_possible", lambda game, krob: True)
    game = position(
        CORRIDOR, {"hunter_01": (0, 0), "rebel_archer_1": (4, 0)}, phase="krob_movement"
    )
    events = game.apply(move(game, "hunter_01", (1, 0), (2, 0)))
    assert cell_of(game, "hunter_01") == (1, 0)
    assert any(isinstance(e, DecisionRequested) for e in events)
    assert game.to_act() is Side.ADVENTURERS
    assert game.legal_actions()[-1] == Pass()  # after a Fire for the archer (rules/fire.py)
    assert game.state.pending[0].kind == "defensive_fire"
    assert game.state.scratch["move_in_progress"]["unit"] == "hunter_01"
    # The Krob player can do nothing else meanwhile.
    assert not game.is_legal(EndPhase())
    game.apply(Pass())  # resumes: one more step, one more chance to fire
    assert cell_of(game, "hunter_01") == (2, 0)
    assert game.state.pending and game.state.pending[0].kind == "defensive_fire"
    game.apply(Pass())
    assert not game.state.pending and "move_in_progress" not in game.state.scratch
    assert game.to_act() is Side.KROBS
    assert game.state.units["hunter_01"].mp_spent == 2


def test_defensive_fire_a_krob_wounded_meanwhile_goes_on_only_with_points_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(moving, "defensive_fire_possible", lambda game, krob: True)
    game = position(CORRIDOR, {"hunter_01": (0, 0)}, phase="krob_movement")
    game.apply(move(game, "hunter_01", (1, 0), (2, 0), (3, 0), (4, 0)))
    game.apply(Pass())
    assert cell_of(game, "hunter_01") == (2, 0)
    # Shot there (by the Fire rules, simulated): a wounded Hunter has 5 MP, not 7; say
    # it had spent 5 (a rough road): it cannot take the next step.
    krob = game.state.units["hunter_01"]
    krob.wounds, krob.status, krob.mp_spent = 1, Status.WOUNDED, 5
    game.touch()
    events = game.apply(Pass())
    assert not game.state.pending
    assert cell_of(game, "hunter_01") == (2, 0)
    stops = [e for e in events if isinstance(e, MovementStopped)]
    assert stops and stops[0].rule == "Movement"


def test_no_defensive_fire_pause_by_default_nor_for_adventurers() -> None:
    game = position(CORRIDOR, {"hunter_01": (0, 0)}, phase="krob_movement")
    game.apply(move(game, "hunter_01", (1, 0), (2, 0)))
    assert not game.state.pending and cell_of(game, "hunter_01") == (2, 0)


def test_moving_a_character_twice_by_accident_is_refused_with_the_rule() -> None:
    game = position(CORRIDOR, {"rebel_swordsman_1": (0, 0), "rebel_swordsman_2": (4, 0)})
    game.apply(move(game, "rebel_swordsman_2", (3, 0)))
    game.apply(move(game, "rebel_swordsman_1", (1, 0)))
    with pytest.raises(IllegalAction, match="continuous path"):
        game.apply(move(game, "rebel_swordsman_2", (2, 0)))
