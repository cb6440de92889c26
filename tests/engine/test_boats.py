"""Movement by boat ("Movement by Boat") and capsizing ("The Gharvs"): one small
hand-made position per rule, dice forced where they roll (docs/movement.md, "Boats")."""

from __future__ import annotations

from dragonnoir.engine.actions import Move, SailBoat
from dragonnoir.engine.events import BoatCapsized, UnitKilled, UnitWounded
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import boats, gharvs
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status, Unit
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes, position
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.hexmap.hexes import Hex

# A landing stage along the top (level -1), water below, a bank of floor at -1 on the
# right of row 2 and a beach at the bottom right.
HARBOUR = """
. l l l l .
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ _
 ~ ~ ~ ~ ~ h
"""
LEVELS = """
0 - - - - 0
 - - - - - -
- - - - - -
 - - - - - -
"""


def harbour(
    pieces: list[Piece], boat: tuple[tuple[int, int], tuple[int, int]] = ((0, 1), (1, 1))
) -> Game:
    game = position(HARBOUR, pieces, levels=LEVELS, phase="adventurer_movement")
    stern, bow = hexes(game, *boat)
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    game.touch()
    return game


def boat(game: Game) -> Accessory:
    return game.state.accessories["boat_1"]


def test_boarding_costs_one_from_land_and_an_armoured_man_may_board() -> None:
    game = harbour([Piece("rebel_knight_1", (1, 0))])
    verdict = game.explain(Move("rebel_knight_1", hexes(game, (1, 1))))
    assert verdict.legal, verdict
    assert verdict.details["cost"] == 1
    game.apply(Move("rebel_knight_1", hexes(game, (1, 1))))
    assert gharvs.situation(game, game.state.units["rebel_knight_1"]) is WaterSituation.BOAT


def test_boarding_costs_two_from_the_water_and_only_adventurers_board() -> None:
    game = harbour([Piece("rebel_swordsman_1", (2, 1)), Piece("hunter_01", (2, 2))])
    verdict = game.explain(Move("rebel_swordsman_1", hexes(game, (1, 1))))
    assert verdict.legal and verdict.details["cost"] == 2
    game.state.phase = "krob_movement"
    game.touch()
    refusal = game.explain(Move("hunter_01", hexes(game, (1, 2), (1, 1))))
    assert not refusal.legal and refusal.rule == "Movement by Boat"


def test_boarding_with_half_his_points_or_fewer_the_boat_moves_two_hexes_at_once() -> None:
    game = harbour([Piece("rebel_swordsman_1", (1, 0))])  # 6 MP
    game.apply(Move("rebel_swordsman_1", hexes(game, (1, 1))))  # 1 MP spent
    two = SailBoat("rebel_swordsman_1", hexes(game, (2, 1), (3, 1)))
    assert game.explain(two).legal
    three = SailBoat("rebel_swordsman_1", hexes(game, (2, 1), (3, 1), (4, 1)))
    assert not game.explain(three).legal
    game.apply(two)
    assert boat(game).hexes == hexes(game, (2, 1), (3, 1))
    assert cell_of(game, "rebel_swordsman_1") == (3, 1)  # the bow seat moved with it
    assert game.state.units["rebel_swordsman_1"].mp_spent == 6  # the journey ends his move


def test_boarding_with_more_than_half_his_points_the_boat_waits() -> None:
    game = harbour([Piece("rebel_swordsman_1", (4, 0))])
    game.apply(Move("rebel_swordsman_1", hexes(game, (3, 0), (2, 0), (1, 0), (1, 1))))
    refusal = game.explain(SailBoat("rebel_swordsman_1", hexes(game, (2, 1))))
    assert not refusal.legal and "wait for the following turn" in refusal.reason


def test_aboard_at_the_start_of_his_turn_four_hexes_and_sharp_turns_count() -> None:
    game = harbour([Piece("rebel_swordsman_1", (1, 1))])
    four = SailBoat("rebel_swordsman_1", hexes(game, (2, 1), (3, 1), (4, 1), (5, 1)))
    assert game.explain(four).legal
    assert game.explain(four).details["cost"] == 4
    bow = hexes(game, (1, 1))[0]
    gentle = SailBoat("rebel_swordsman_1", (bow.neighbour(5),))  # 60°: one hex
    sharp = SailBoat("rebel_swordsman_1", (bow.neighbour(4),))  # 120°: two
    assert game.explain(gentle).details["cost"] == 1
    assert game.explain(sharp).details["cost"] == 2


def test_two_hexes_to_a_landing_stage_and_half_his_potential_to_land() -> None:
    game = harbour([Piece("rebel_swordsman_1", (1, 1))])
    game.apply(SailBoat("rebel_swordsman_1", hexes(game, (2, 1))))  # still docked
    unit = game.state.units["rebel_swordsman_1"]
    assert unit.mp_spent == 3  # half his 6 left
    land = Move("rebel_swordsman_1", hexes(game, (2, 0)))
    assert game.explain(land).legal
    game.apply(land)
    assert cell_of(game, "rebel_swordsman_1") == (2, 0)


def test_passengers_land_only_from_a_docked_or_beached_boat() -> None:
    game = harbour([Piece("rebel_swordsman_1", (4, 2))], boat=((3, 2), (4, 2)))
    refusal = game.explain(Move("rebel_swordsman_1", hexes(game, (5, 2))))
    assert not refusal.legal and refusal.rule == "Movement by Boat"
    beached = harbour([Piece("rebel_swordsman_1", (4, 3))], boat=((4, 3), (5, 3)))
    assert boats.boat_landing(beached, boat(beached))


def test_a_boat_is_rowed_once_a_turn() -> None:
    game = harbour([Piece("rebel_swordsman_1", (0, 1)), Piece("rebel_swordsman_2", (1, 1))])
    game.apply(SailBoat("rebel_swordsman_1", hexes(game, (2, 1), (3, 1))))
    refusal = game.explain(SailBoat("rebel_swordsman_2", hexes(game, (4, 1))))
    assert not refusal.legal and "already been rowed" in refusal.reason
    assert cell_of(game, "rebel_swordsman_2") == (3, 1)  # carried in his seat
    # docked after two hexes: the passenger who had not moved keeps half his points
    assert game.state.units["rebel_swordsman_2"].mp_spent == 3


def test_a_gharv_capsizes_a_boat_an_armoured_man_clutches_the_bank_or_drowns() -> None:
    game = harbour([Piece("rebel_swordsman_1", (0, 1)), Piece("rebel_knight_1", (1, 1))])
    game.state.units["gharv_1"] = Unit(
        id="gharv_1", kind="gharv_1", side=Side.GHARVS, hex=hexes(game, (1, 2))[0], level=-1.0
    )
    game.touch()
    force_dice(game, 9)  # our Capsize Table: 8-10
    events = boats.capsize(game, game.state.units["gharv_1"], boat(game))
    assert any(isinstance(e, BoatCapsized) for e in events)
    assert not boat(game).face_up
    assert cell_of(game, "rebel_swordsman_1") == (0, 1)  # swimming where he sat
    knight = game.state.units["rebel_knight_1"]
    assert cell_of(game, "rebel_knight_1") in {(1, 0), (2, 0)}  # clutched the stage
    assert any(isinstance(e, UnitWounded) for e in events) and knight.alive
    # out in open water, an armoured man sinks like a stone
    deep = harbour([Piece("rebel_knight_1", (2, 2))], boat=((1, 2), (2, 2)))
    deep.state.units["gharv_1"] = Unit(
        id="gharv_1", kind="gharv_1", side=Side.GHARVS, hex=hexes(deep, (3, 2))[0], level=-1.0
    )
    force_dice(deep, 10)
    events = boats.capsize(deep, deep.state.units["gharv_1"], boat(deep))
    assert any(isinstance(e, UnitKilled) for e in events)
    assert deep.state.units["rebel_knight_1"].status is Status.KILLED


def test_the_boat_holds_on_a_low_roll() -> None:
    game = harbour([Piece("rebel_swordsman_1", (1, 1))])
    game.state.units["gharv_1"] = Unit(
        id="gharv_1", kind="gharv_1", side=Side.GHARVS, hex=hexes(game, (1, 2))[0], level=-1.0
    )
    force_dice(game, 3)
    events = boats.capsize(game, game.state.units["gharv_1"], boat(game))
    assert not any(isinstance(e, BoatCapsized) for e in events) and boat(game).face_up


def test_sailing_is_listed_among_the_legal_actions() -> None:
    game = harbour([Piece("rebel_swordsman_1", (1, 1))])
    sails = [a for a in game.legal_actions() if isinstance(a, SailBoat)]
    assert sails and all(game.is_legal(a) for a in sails)
    assert any(len(a.path) == 4 for a in sails)


def _every_journey(game: Game, budget: int) -> dict[tuple[object, object], int]:
    """By brute force: each position the boat can reach by rowing at most `budget` hexes
    (every path of up to `budget` strokes, each checked whole by `boats.sail`), with
    the fewest hexes it counts."""
    found: dict[tuple[object, object], int] = {}
    stern, bow = boat(game).hexes
    for backward in (False, True):
        paths: list[tuple[Hex, ...]] = [()]
        for _ in range(budget):
            longer: list[tuple[Hex, ...]] = []
            for path in paths:
                lead = path[-1] if path else (stern if backward else bow)
                for h in lead.neighbours():
                    voyage = boats.sail(game, boat(game), (*path, h), backward)
                    if not isinstance(voyage, boats.Voyage) or voyage.cost > budget:
                        continue
                    end = voyage.positions[-1]
                    found[end] = min(found.get(end, budget + 1), voyage.cost)
                    longer.append((*path, h))
            paths = longer
    found.pop((stern, bow), None)
    return found


def test_the_listed_journeys_reach_every_position_once_at_its_cheapest() -> None:
    # Out on the water and by the beach (a beached boat goes no further), a swimmer in
    # the way: the journeys listed, grown a stroke at a time, are those a whole-path
    # check finds, one per position, each at its fewest hexes.
    for where, seat in ((((1, 2), (2, 2)), (2, 2)), (((3, 2), (4, 2)), (4, 2))):
        game = harbour(
            [Piece("rebel_swordsman_1", seat), Piece("rebel_swordsman_2", (2, 1))], boat=where
        )
        unit = game.state.units["rebel_swordsman_1"]
        listed = list(boats.voyages(game, unit, boat(game), boats.BEGAN_ABOARD))
        ends: dict[tuple[object, object], int] = {}
        for action in listed:
            voyage = boats.sail(game, boat(game), action.path, action.backward)
            assert not isinstance(voyage, str), voyage
            ends[voyage.positions[-1]] = voyage.cost
        assert len(ends) == len(listed)  # one journey per position
        assert ends == _every_journey(game, boats.BEGAN_ABOARD)
    # Two strokes turning sharply count four hexes; three gentle ones to the same place
    # count three: the journey listed is the cheaper (the first found was the dearer).
    game = harbour([Piece("rebel_swordsman_1", (2, 2))], boat=((1, 2), (2, 2)))
    unit = game.state.units["rebel_swordsman_1"]
    there = hexes(game, (2, 3), (3, 2))
    journeys = [
        boats.sail(game, boat(game), a.path, a.backward)
        for a in boats.voyages(game, unit, boat(game), boats.BEGAN_ABOARD)
    ]
    assert [v.cost for v in journeys if not isinstance(v, str) and v.positions[-1] == there] == [3]


def test_asking_about_a_boat_writes_nothing_until_it_is_rowed() -> None:
    """Issue 47: asking what a passenger may do (legal actions, explain) once wrote an
    empty record of rowed boats into the state, which a replay (asking nothing) did not
    make: a save written after the question was refused on loading."""
    game = harbour([Piece("rebel_swordsman_1", (1, 1))])
    before = game.state.to_dict()
    assert any(isinstance(a, SailBoat) for a in game.legal_actions(Side.ADVENTURERS))
    assert game.explain(SailBoat("rebel_swordsman_1", hexes(game, (2, 1)))).legal
    assert game.state.to_dict() == before
    game.apply(SailBoat("rebel_swordsman_1", hexes(game, (2, 1))))
    assert game.state.scratch["boats"] == {"boat_1": game.state.turn}
