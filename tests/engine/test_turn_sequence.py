"""The turn sequence ("Organisation of the Game Turn") as the engine plays it."""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import EndPhase, Move, Pass
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import GameEnded, PhaseBegan, TurnBegan
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.phases import SEQUENCE
from dragonnoir.engine.state import GameState, Side
from dragonnoir.hexmap.board import Board, Cell
from dragonnoir.hexmap.hexes import Hex


def empty_game(turn_limit: int | None = None) -> Game:
    board = Board("tiny", "Tiny", 3, 3, {Hex(0, 0): Cell("cave_floor")})
    return Game.start(board, [], rules=None, seed=7, turn_limit=turn_limit)


def test_a_game_starts_in_the_adventurer_offensive_fire_phase() -> None:
    game = empty_game()
    assert game.state.turn == 1
    assert game.state.phase == "adventurer_fire"
    assert game.to_act() is Side.ADVENTURERS
    assert game.legal_actions() == [EndPhase()]


def test_player_phases_come_in_the_rulebook_order_and_automatic_ones_play_themselves() -> None:
    game = empty_game()
    seen = [game.state.phase]
    began: list[str] = []
    for _ in range(5):
        events = game.apply(EndPhase())
        began.extend(e.phase for e in events if isinstance(e, PhaseBegan))
        seen.append(game.state.phase)
    assert seen == [
        "adventurer_fire",
        "adventurer_movement",
        "adventurer_combat",
        "krob_movement",  # recovery and Gharv interphase 1 ran by themselves
        "krob_combat",
        "adventurer_fire",  # Gharv interphase 2 too, then a new turn
    ]
    # Every phase of the sequence was entered, in order, exactly once.
    assert began == [p.id for p in SEQUENCE[1:]] + ["adventurer_fire"]
    assert game.state.turn == 2


def test_whose_decision_follows_the_phase() -> None:
    game = empty_game()
    for _ in range(3):
        game.apply(EndPhase())
    assert game.state.phase == "krob_movement"
    assert game.to_act() is Side.KROBS
    assert game.legal_actions(Side.ADVENTURERS) == []


def test_a_new_turn_begins_only_after_gharv_interphase_2() -> None:
    game = empty_game()
    events = []
    for _ in range(5):
        events = game.apply(EndPhase())
    assert TurnBegan(2) in events
    kinds = [e.phase for e in events if isinstance(e, PhaseBegan)]
    assert kinds[:3] == ["gharv2_appearance", "gharv2_combat", "gharv2_disappearance"]


def test_turn_limit_ends_the_game() -> None:
    game = empty_game(turn_limit=1)
    events = []
    for _ in range(5):
        events = game.apply(EndPhase())
    assert any(isinstance(e, GameEnded) for e in events)
    assert game.over and game.to_act() is None
    with pytest.raises(IllegalAction, match="over"):
        game.apply(EndPhase())


def test_out_of_sequence_action_is_refused_with_the_phase_rule() -> None:
    game = empty_game()
    verdict = game.explain(Move("zed", (Hex(1, 0),)))
    assert not verdict.legal
    assert "Offensive fire" in verdict.rule
    assert "previous one is finished" in verdict.reason
    with pytest.raises(IllegalAction):
        game.apply(Pass())


def test_undo_takes_back_phase_changes_until_a_die_is_rolled() -> None:
    game = empty_game()
    game.apply(EndPhase())
    game.apply(EndPhase())
    assert game.state.phase == "adventurer_combat"
    assert game.undo() and game.state.phase == "adventurer_movement"
    assert len(game.history) == 1
    assert game.undo() and game.state.phase == "adventurer_fire"
    assert not game.undo()


def test_state_survives_json_round_trip() -> None:
    game = empty_game()
    game.apply(EndPhase())
    data = game.state.to_dict()
    assert GameState.from_dict(data).to_dict() == data


def test_dice_are_reproducible_from_seed_and_count() -> None:
    a, b = Dice(42), Dice(42)
    rolls_a = [a.roll_d10() for _ in range(200)]
    assert rolls_a == [b.roll_d10() for _ in range(200)]
    assert set(rolls_a) == set(range(1, 11))
    c = Dice.from_dict(a.to_dict())
    assert c.roll_d10() == a.roll_d10()
