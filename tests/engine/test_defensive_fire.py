"""Defensive fire during the Krob turn ("Defensive Fire", "Organisation of the Game Turn:
Krob Player Turn, 1. Movement and defensive fire"), one small position per rule.

The engine pauses a Krob's move after each step when some Adventurer may fire at it and
asks the Adventurer side (decision "defensive_fire"): `Fire(shooters, krob)` or `Pass`.
Krobs their player did not move are offered when the movement sequence ends (decision
"defensive_fire_unmoved"). The line of fire: see test_fire.py.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_fire import REAL_LINE, game_of, shot, stand_in_line, unit

from dragonnoir.engine.actions import EndPhase, Fire, Move, Pass
from dragonnoir.engine.events import MovementStopped, ShotResolved, UnitMoved
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import fire
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.narration.narrator import Narrator


@pytest.fixture(autouse=True)
def _line(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not REAL_LINE:
        monkeypatch.setattr(fire, "line_of_fire", stand_in_line)
    yield


def krob_turn(pieces: list[Piece], **kw: object) -> Game:
    return game_of(pieces, phase="krob_movement", **kw)  # type: ignore[arg-type]


def move(game: Game, uid: str, *cells: tuple[int, int]) -> Move:
    return Move(uid, hexes(game, *cells))


def pending(game: Game) -> str | None:
    return game.state.pending[0].kind if game.state.pending else None


# -- the decision after each step -----------------------------------------------------------------


def test_the_decision_is_offered_after_each_step_and_pass_resumes_the_move() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (8, 2))])
    game.apply(move(game, "hunter_01", (7, 2), (6, 2), (5, 2)))
    # (7,2) is 7 hexes away, (6,2) 6: out of range, the move goes on; (5,2) is 5 away
    assert cell_of(game, "hunter_01") == (5, 2)
    assert pending(game) == "defensive_fire" and game.to_act() is Side.ADVENTURERS
    assert game.state.pending[0].data["unit"] == "hunter_01"
    assert game.legal_actions() == [Fire(("ork_archer_1",), "hunter_01"), Pass()]
    assert not game.is_legal(EndPhase())
    events = game.apply(Pass())
    assert pending(game) is None and "move_in_progress" not in game.state.scratch
    assert game.to_act() is Side.KROBS
    assert any(isinstance(e, UnitMoved) for e in events)


def test_several_steps_in_range_each_one_pauses() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (5, 2))])
    game.apply(move(game, "hunter_01", (4, 2), (3, 2)))
    assert cell_of(game, "hunter_01") == (4, 2) and pending(game) == "defensive_fire"
    game.apply(Pass())
    assert cell_of(game, "hunter_01") == (3, 2) and pending(game) == "defensive_fire"
    game.apply(Pass())
    assert pending(game) is None and unit(game, "hunter_01").mp_spent == 2


def test_a_defensive_shot_wounds_the_krob_and_its_move_goes_on() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (5, 2))])
    game.apply(move(game, "hunter_01", (4, 2), (3, 2)))
    force_dice(game, 2)  # short bow, none, row 2: B
    events = game.apply(Fire(("ork_archer_1",), "hunter_01"))
    s = shot(events)
    assert (
        s.result == "B"
        and s.mode == "defensive"
        and "defensive shot" in Narrator.english(game).event(s)
    )
    hunter = unit(game, "hunter_01")
    assert hunter.wounds == 1 and hunter.status is Status.WOUNDED
    # the archer has fired in this sequence: nobody else can fire, the move resumes
    assert cell_of(game, "hunter_01") == (3, 2)
    assert pending(game) is None and game.to_act() is Side.KROBS


def test_after_a_shot_another_shooter_is_offered_the_same_hex_again() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 1)),
            Piece("ork_archer_2", (0, 3)),
            Piece("hunter_01", (5, 2)),
        ]
    )
    game.apply(move(game, "hunter_01", (4, 2), (3, 2)))
    assert len([a for a in game.legal_actions() if isinstance(a, Fire)]) == 3
    force_dice(game, 9)
    game.apply(Fire(("ork_archer_1",), "hunter_01"))
    assert cell_of(game, "hunter_01") == (4, 2) and pending(game) == "defensive_fire"
    assert game.legal_actions() == [Fire(("ork_archer_2",), "hunter_01"), Pass()]


def test_a_krob_killed_by_defensive_fire_ends_its_move() -> None:
    game = krob_turn([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (5, 2))])
    game.apply(move(game, "hunter_01", (4, 2), (3, 2)))
    force_dice(game, 1)
    game.apply(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert unit(game, "hunter_01").status is Status.KILLED
    assert cell_of(game, "hunter_01") == (4, 2)
    assert pending(game) is None and "move_in_progress" not in game.state.scratch
    assert game.to_act() is Side.KROBS


def test_a_krob_driven_back_by_a_shot_stops_there() -> None:
    """C: a Hunter's knock-out is a 2-hex retreat (away from the shooter); our reading:
    its move is over."""
    game = krob_turn([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (5, 2))])
    game.apply(move(game, "hunter_01", (4, 2), (3, 2)))
    force_dice(game, 5)
    events = game.apply(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert shot(events).result == "C"
    stop = next(e for e in events if isinstance(e, MovementStopped))
    assert stop.rule == fire.R_DEFENSIVE
    if pending(game) == "retreat":
        assert game.to_act() is Side.KROBS
        game.apply(game.legal_actions()[0])
    hunter = unit(game, "hunter_01")
    shooter_hex = unit(game, "rebel_crossbowman_1").hex
    assert hunter.hex is not None and shooter_hex is not None
    assert hunter.hex.distance(shooter_hex) == 6
    assert pending(game) is None and "move_in_progress" not in game.state.scratch
    assert not game.is_legal(move(game, "hunter_01", (4, 2)))


def test_fire_answers_only_at_the_moving_krob() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("hunter_01", (5, 2)),
            Piece("hunter_02", (3, 0)),
        ]
    )
    game.apply(move(game, "hunter_01", (4, 2)))
    verdict = game.explain(Fire(("ork_archer_1",), "hunter_02"))
    assert not verdict.legal and verdict.rule == fire.R_DEFENSIVE
    assert not game.is_legal(move(game, "hunter_02", (3, 1)))


# -- who may fire defensively ---------------------------------------------------------------------


def _after_own_turn(pieces: list[Piece], fire_first: str | None, moved: list[str]) -> Game:
    """Play the Adventurer turn (fire with `fire_first` at hunter_09, move `moved` one hex
    east), then reach the Krob movement."""
    game = game_of(pieces)
    if fire_first is not None:
        force_dice(game, 10)
        game.apply(Fire((fire_first,), "hunter_09"))
    game.apply(EndPhase())
    for uid in moved:
        u = unit(game, uid)
        assert u.hex is not None
        game.apply(Move(uid, (u.hex.neighbour(0),)))
    game.apply(EndPhase())
    game.apply(EndPhase())
    assert game.state.phase == "krob_movement"
    return game


SHOOTERS = [
    Piece("ork_archer_1", (1, 0)),  # short bow
    Piece("rebel_archer_1", (1, 2)),  # long bow
    Piece("rebel_crossbowman_1", (1, 4)),  # crossbow
    Piece("hunter_01", (6, 2)),
    Piece("hunter_09", (4, 4)),
]


ALL = ["ork_archer_1", "rebel_archer_1", "rebel_crossbowman_1"]


@pytest.mark.parametrize(
    ("fired", "moved", "eligible"),
    [
        (None, [], ALL),
        (None, ALL, ["ork_archer_1"]),
        ("rebel_crossbowman_1", [], ["ork_archer_1", "rebel_archer_1"]),
        ("rebel_archer_1", [], ALL),
        ("ork_archer_1", ["ork_archer_1"], ALL),
    ],
)
def test_each_weapons_defensive_fire_restriction(
    fired: str | None, moved: list[str], eligible: list[str]
) -> None:
    """Long bows only if they did not move this turn; crossbows only if they neither moved
    nor fired; short bows always (Rate of Fire & Movement table)."""
    game = _after_own_turn(SHOOTERS, fired, moved)
    game.apply(move(game, "hunter_01", (5, 2)))
    assert pending(game) == "defensive_fire"
    krob = unit(game, "hunter_01")
    assert [u.id for u in fire.eligible_shooters(game, krob, fire.DEFENSIVE)] == eligible
    for uid in sorted(set(ALL) - set(eligible)):
        verdict = game.explain(Fire((uid,), "hunter_01"))
        assert not verdict.legal and verdict.rule == fire.R_RATE, verdict


def test_a_shooter_in_contact_with_an_enemy_cannot_fire_defensively() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("hunter_02", (0, 3)),
            Piece("hunter_01", (5, 2)),
        ]
    )
    game.apply(move(game, "hunter_01", (4, 2)))
    assert pending(game) is None  # no eligible shooter: no pause
    verdict = fire.explain_shot(game, "ork_archer_1", "hunter_01", fire.DEFENSIVE)
    assert not verdict.legal and verdict.rule == fire.R_CONTACT


def test_the_moving_krob_next_to_the_shooter_puts_him_in_contact() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (3, 2))])
    game.apply(move(game, "hunter_01", (2, 2), (1, 2)))
    assert cell_of(game, "hunter_01") == (2, 2) and pending(game) == "defensive_fire"
    game.apply(Pass())
    assert cell_of(game, "hunter_01") == (1, 2)
    assert pending(game) is None  # adjacent and able to attack him: he cannot fire


def test_not_at_a_krob_adjacent_to_an_adventurer_it_can_attack() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("rebel_swordsman_1", (3, 0)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    # (3,1) touches the swordsman at (3,0), in a position to attack him: no pause there
    game.apply(move(game, "hunter_01", (3, 1)))
    assert cell_of(game, "hunter_01") == (3, 1)
    assert pending(game) is None and game.to_act() is Side.KROBS
    krob = unit(game, "hunter_01")
    assert fire.engaged_with(game, krob) == unit(game, "rebel_swordsman_1")
    assert fire.eligible_shooters(game, krob, fire.DEFENSIVE) == []


def test_the_engaged_rule_refuses_with_its_reason() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("rebel_swordsman_1", (5, 2)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    verdict = fire.explain_shot(game, "ork_archer_1", "hunter_01", fire.DEFENSIVE)
    assert not verdict.legal and verdict.rule == fire.R_ENGAGED
    assert "rebel_swordsman_1" in verdict.reason


def test_unless_that_krob_cannot_attack_him_a_wall_between() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("rebel_swordsman_1", (5, 2)),
            Piece("hunter_01", (4, 2)),
        ],
        edges=[((4, 2), 0, EdgeFeature.WALL)],
    )
    assert fire.engaged_with(game, unit(game, "hunter_01")) is None
    assert fire.explain_shot(game, "ork_archer_1", "hunter_01", fire.DEFENSIVE).legal


def test_unless_that_krob_cannot_attack_him_different_levels() -> None:
    art = """
. . . . . . . . .
 . . . . . . . . .
. . . . . + . . .
 . . . . . . . . .
. . . . . . . . .
"""
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("rebel_swordsman_1", (5, 2)),
            Piece("hunter_01", (4, 2)),
        ],
        art=art,
    )
    assert unit(game, "rebel_swordsman_1").level == 1.0
    assert fire.engaged_with(game, unit(game, "hunter_01")) is None
    verdict = fire.explain_shot(game, "ork_archer_1", "hunter_01", fire.DEFENSIVE)
    assert verdict.legal, verdict


def test_each_shooter_fires_once_in_the_defensive_sequence() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 2)),
            Piece("hunter_01", (5, 1)),
            Piece("hunter_02", (5, 3)),
        ]
    )
    game.apply(move(game, "hunter_01", (4, 1)))
    force_dice(game, 9)
    game.apply(Fire(("ork_archer_1",), "hunter_01"))
    assert pending(game) is None
    game.apply(move(game, "hunter_02", (4, 3)))
    assert pending(game) is None  # he has fired in this firing sequence
    verdict = fire.explain_shot(game, "ork_archer_1", "hunter_02", fire.DEFENSIVE)
    assert not verdict.legal and verdict.rule == fire.R_ONCE


# -- Krobs their player does not move -------------------------------------------------------------


def test_krobs_that_did_not_move_are_offered_when_the_movement_ends() -> None:
    game = krob_turn(
        [
            Piece("ork_archer_1", (0, 1)),
            Piece("rebel_crossbowman_1", (0, 3)),
            Piece("hunter_01", (4, 1)),
            Piece("hunter_02", (8, 3)),
        ]
    )
    # a Krob that has not begun to move cannot be fired at during another's move
    game.apply(move(game, "hunter_02", (7, 3)))
    assert pending(game) is None
    game.apply(EndPhase())
    assert game.state.phase == "krob_combat"
    assert pending(game) == fire.UNMOVED_DECISION and game.to_act() is Side.ADVENTURERS
    assert game.state.pending[0].data["targets"] == ["hunter_01"]
    assert game.legal_actions() == [
        Fire(("ork_archer_1",), "hunter_01"),
        Fire(("rebel_crossbowman_1",), "hunter_01"),
        Fire(("ork_archer_1", "rebel_crossbowman_1"), "hunter_01"),
        Pass(),
    ]
    refused = game.explain(Fire(("ork_archer_1",), "hunter_02"))
    assert not refused.legal and refused.rule == fire.R_UNMOVED
    force_dice(game, 9)
    events = game.apply(Fire(("ork_archer_1",), "hunter_01"))
    assert isinstance(events[1], ShotResolved) and shot(events).mode == "defensive"
    assert pending(game) == fire.UNMOVED_DECISION  # the crossbowman may still fire
    game.apply(Pass())
    assert pending(game) is None and game.to_act() is Side.KROBS
    assert game.state.phase == "krob_combat"


def test_no_offer_when_nobody_can_fire() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (8, 2))])
    game.apply(EndPhase())
    assert game.state.phase == "krob_combat" and pending(game) is None


def test_the_unmoved_offer_ends_when_the_shooters_are_spent() -> None:
    game = krob_turn([Piece("ork_archer_1", (0, 2)), Piece("hunter_01", (4, 2))])
    game.apply(EndPhase())
    force_dice(game, 9)
    game.apply(Fire(("ork_archer_1",), "hunter_01"))
    assert pending(game) is None and game.to_act() is Side.KROBS
