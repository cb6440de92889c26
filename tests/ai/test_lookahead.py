"""The hard level's look at the enemy's reply (ai/lookahead.py): the styles it weighs,
how it judges where a round ends, and that the rounds it plays in its head touch
nothing but their own copies."""

from __future__ import annotations

from random import Random

from dragonnoir.ai import lookahead
from dragonnoir.ai.behaviours import Order
from dragonnoir.ai.tactical import TacticalAgent, _rehearsal_player
from dragonnoir.ai.view import view_for
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, position
from dragonnoir.resources import find

CORRIDOR = """
. . . . . . . .
 . . . . . . . .
. . . . . . . .
"""


def _kill_condition(game, units: list[str]) -> None:  # type: ignore[no-untyped-def]
    setup = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "krobs", "kind": "kill", "units": units}]}
    game.touch()


def test_bolder_and_warier_shift_every_aggression_within_bounds() -> None:
    game = position(CORRIDOR, [Piece("elf_1", (0, 1))])
    view = view_for(game, Side.ADVENTURERS)
    orders = {"a": Order(aggression=0.9), "b": Order(aggression=0.1)}
    bolder = lookahead.restyle(view, "bolder", orders)
    warier = lookahead.restyle(view, "warier", orders)
    assert bolder["a"].aggression == 1.0 and abs(bolder["b"].aggression - 0.4) < 1e-9
    assert abs(warier["a"].aggression - 0.6) < 1e-9 and warier["b"].aggression == 0.0
    assert lookahead.restyle(view, "as planned", orders) == orders


def test_sheltering_sends_away_whom_the_enemy_wins_by_killing_and_the_badly_hurt() -> None:
    game = position(
        CORRIDOR,
        [Piece("godiva", (0, 1)), Piece("elf_1", (1, 1)), Piece("zed", (2, 1))],
    )
    _kill_condition(game, ["godiva"])
    zed = game.state.units["zed"]
    zed.status = Status.WOUNDED
    zed.wounds = 1  # one more kills him
    view = view_for(game, Side.ADVENTURERS)
    goal = Order(goal=frozenset({game.state.units["elf_1"].hex}), aggression=0.5)  # type: ignore[arg-type]
    orders = {"godiva": goal, "elf_1": goal, "zed": goal}
    sheltered = lookahead.restyle(view, "sheltering", orders)
    assert sheltered["godiva"].avoid and sheltered["zed"].avoid
    assert sheltered["elf_1"] == goal  # he is neither: he goes on


def test_a_decided_game_outweighs_any_count_of_counters() -> None:
    game = position(CORRIDOR, [Piece("elf_1", (0, 1)), Piece("hunter_01", (5, 1))])
    game.end_game(Side.KROBS, "test")
    assert lookahead.judge(game, Side.KROBS, {}, {}) == lookahead.DECIDED
    assert lookahead.judge(game, Side.ADVENTURERS, {}, {}) == -lookahead.DECIDED


def test_a_wound_dealt_counts_for_the_side_that_dealt_it() -> None:
    pieces = [Piece("elf_1", (0, 1)), Piece("hunter_01", (5, 1))]
    whole = position(CORRIDOR, pieces)
    hurt = position(CORRIDOR, pieces)
    hunter = hurt.state.units["hunter_01"]
    hunter.status = Status.WOUNDED
    hunter.wounds = 1
    for side in (Side.ADVENTURERS, Side.KROBS):
        gain = lookahead.judge(hurt, side, {}, {}) - lookahead.judge(whole, side, {}, {})
        assert (gain > 0) == (side is Side.ADVENTURERS), (side, gain)


def test_the_walk_left_to_the_goal_counts_against_the_side() -> None:
    game = position(CORRIDOR, [Piece("elf_1", (0, 1)), Piece("hunter_01", (7, 2))])
    elf = game.state.units["elf_1"]
    near = Order(goal=frozenset({game.board.grid.to_hex(1, 1)}))
    far = Order(goal=frozenset({game.board.grid.to_hex(6, 1)}))
    assert elf.hex is not None
    value_near = lookahead.judge(game, Side.ADVENTURERS, {"elf_1": near}, {})
    value_far = lookahead.judge(game, Side.ADVENTURERS, {"elf_1": far}, {})
    assert value_near > value_far


def _a_real_position(turns: int = 2):  # type: ignore[no-untyped-def]
    """Le Pont after a few turns of normal play: hidden Krobs, webs, a river."""
    game = scenario_games(find("scenarios", "le-pont"))(3)
    agents = {s: TacticalAgent(s, 5, level="normal") for s in (Side.KROBS, Side.ADVENTURERS)}
    while not (game.state.turn == turns and game.state.phase == "adventurer_movement"):
        side = game.to_act()
        assert side is not None
        game.apply(agents[side].choose(view_for(game, side)))
    return game


def test_the_rounds_played_in_the_head_touch_only_their_copies_and_repeat() -> None:
    game = _a_real_position()
    view = view_for(game, Side.ADVENTURERS)
    before = view.game.state.to_dict()
    real_before = game.state.to_dict()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view)
    orders = agent._orders
    first = lookahead.choose_style(view, _rehearsal_player, Random(9), orders)
    again = lookahead.choose_style(view, _rehearsal_player, Random(9), orders)
    assert first == again  # seeded: the same rounds, the same verdict
    assert first.style in lookahead.STYLES and first.style in first.values
    assert view.game.state.to_dict() == before  # the view is not played on
    assert game.state.to_dict() == real_before  # nor, through it, the real game


def test_only_the_hard_level_looks_ahead() -> None:
    assert TacticalAgent(Side.KROBS, 1, level="hard").level.looks_ahead
    assert not TacticalAgent(Side.KROBS, 1, level="normal").level.looks_ahead
    assert not TacticalAgent(Side.KROBS, 1, level="easy").level.looks_ahead
