"""The hard level's look at the enemy's reply (ai/lookahead.py): the styles it weighs,
how it judges where a round ends, and that the rounds it plays in its head touch
nothing but their own copies."""

from __future__ import annotations

from random import Random

from ai_helpers import HALL, ROOM, le_pont_at_movement

from dragonnoir.ai import lookahead
from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent, _rehearsal_player
from dragonnoir.ai.view import view_for
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, hexes, position

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


def test_the_krobs_shelter_their_named_but_not_the_queen_nor_a_badly_hurt_krob() -> None:
    # The party wins by killing the Queen or the Guard. Sheltering walks the Guard away;
    # the Queen stays with her court (she walked away from it: la-reine), and a Hunter
    # one wound from death stays in the fight (a Krob the fewer for the Orb: l-ile).
    game = position(
        ROOM,
        [
            Piece("queen_alkiram", (5, 4), facing=3),
            Piece("guard_2", (9, 4), facing=3),
            Piece("hunter_01", (1, 1)),
            Piece("hunter_02", (1, 7)),
        ],
        phase="krob_movement",
    )
    setup = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "kill", "units": ["queen_alkiram"]},
            {"side": "adventurers", "kind": "kill", "units": ["guard_2"]},
        ]
    }
    hunter = game.state.units["hunter_01"]
    hunter.status = Status.WOUNDED
    hunter.wounds = 1  # one more kills him
    game.touch()
    view = view_for(game, Side.KROBS)
    assert lookahead.is_badly_hurt(view, hunter)
    goal = Order(goal=frozenset({game.state.units["hunter_02"].hex}), aggression=0.5)  # type: ignore[arg-type]
    orders = {uid: goal for uid in ("queen_alkiram", "guard_2", "hunter_01", "hunter_02")}
    sheltered = lookahead.restyle(view, "sheltering", orders)
    assert sheltered["guard_2"].avoid
    assert sheltered["queen_alkiram"] == goal and sheltered["hunter_01"] == goal
    assert sheltered["hunter_02"] == goal


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


def test_the_rounds_played_in_the_head_touch_only_their_copies_and_repeat() -> None:
    game = le_pont_at_movement(2)
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


def test_hard_keeps_back_the_one_whose_death_loses_when_the_round_shows_her_killed() -> None:
    # The party wins by reaching the east wall, the Krobs by killing Godiva. Her planned
    # walk east ends where the two Warriors and the Killer reach her in their move:
    # played out in its head, that round loses the game, and sheltering her does not.
    game = position(
        HALL,
        [
            Piece("godiva", (0, 1)),
            Piece("elf_2", (0, 2)),
            Piece("warrior_06", (6, 1)),
            Piece("warrior_07", (6, 2)),
            Piece("killer_2", (7, 1)),
        ],
        turn_limit=6,
    )
    east = [[h.q, h.r] for h in hexes(game, (9, 0), (9, 1), (9, 2), (9, 3))]
    setup = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "reach", "hexes": east},
            {"side": "krobs", "kind": "kill", "units": ["godiva"]},
        ]
    }
    game.touch()
    start = game.board.grid.to_cell(game.state.units["godiva"].hex)[0]  # type: ignore[arg-type]
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    while game.state.phase == "adventurer_movement":
        game.apply(hard.choose(view_for(game, Side.ADVENTURERS)))
    assert hard.style == "sheltering", hard.intent
    line = next(x for x in hard.intent if "moves sheltering this turn" in x)
    assert "as planned -" in line  # the planned walk's rounds were the worse
    end = game.state.units["godiva"].hex
    assert end is not None and game.board.grid.to_cell(end)[0] <= start  # not one step on


def test_fewer_rounds_where_more_characters_stand_and_none_beyond(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    view = view_for(
        position(CORRIDOR, [Piece("elf_1", (0, 1)), Piece("hunter_01", (5, 1))]), Side.ADVENTURERS
    )
    assert lookahead.rounds_for(view) == lookahead.ROUNDS
    assert lookahead.styles_for(view) == lookahead.STYLES
    monkeypatch.setattr(lookahead, "FEW_CHARACTERS", 1)
    assert lookahead.rounds_for(view) == 1
    assert lookahead.styles_for(view) == lookahead.MANY_STYLES
    monkeypatch.setattr(lookahead, "MOST_CHARACTERS", 1)
    assert lookahead.rounds_for(view) == 0
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    agent.choose(view)
    assert agent.style == "as planned"  # nothing played out: the plan as it is


def test_the_players_of_a_round_in_the_head_decline_the_spell_windows() -> None:
    # Passing the Krob turn's windows (so a wizard may blink before the Krobs attack)
    # makes each window one more decision: in a round played out in the head that cost
    # hard four times its time on la-reine. The real players keep the windows open.
    assert TacticalAgent(Side.ADVENTURERS, 0).keeps_windows
    assert not _rehearsal_player(Side.ADVENTURERS, 0, "as planned").keeps_windows


def test_one_who_left_by_an_exit_counts_as_much_as_one_a_step_from_it() -> None:
    # Counted as nothing, a round that got an Elf out looked worse than one that kept
    # him a step from the way out.
    from dragonnoir.engine.rules.offmap import _offmap_table

    game = position(CORRIDOR, [Piece("elf_1", (6, 1)), Piece("hunter_01", (0, 1))])
    out = Order(goal=frozenset({game.board.grid.to_hex(7, 1)}), leave=True)
    near = lookahead.judge(game, Side.ADVENTURERS, {"elf_1": out}, {})
    elf = game.state.units["elf_1"]
    _offmap_table(game)["elf_1"] = {"state": "exited", "turn": 1, "at": [0, 0]}
    elf.hex = None
    game.touch()
    gone = lookahead.judge(game, Side.ADVENTURERS, {"elf_1": out}, {})
    assert gone > near
    _offmap_table(game)["elf_1"] = {"state": "arriving"}  # not come yet: not counted
    game.touch()
    assert lookahead.judge(game, Side.ADVENTURERS, {"elf_1": out}, {}) < near


def test_hard_thinks_its_movement_again_when_a_hidden_enemy_comes_into_sight(
    monkeypatch,  # type: ignore[no-untyped-def]
) -> None:
    game = position(
        HALL,
        [Piece("elf_1", (0, 1)), Piece("elf_2", (0, 2)), Piece("hunter_01", (8, 1))],
    )
    game.state.units["hunter_01"].hidden_from = Side.ADVENTURERS
    game.touch()
    looked: list[int] = []
    real = lookahead.choose_style

    def counting(view, make, rng, orders):  # type: ignore[no-untyped-def]
        looked.append(len(view.enemies()))
        return real(view, make, rng, orders)

    monkeypatch.setattr(lookahead, "choose_style", counting)
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    hard.choose(view_for(game, Side.ADVENTURERS))
    hard.choose(view_for(game, Side.ADVENTURERS))
    assert looked == [0]  # once at the start of the movement, not at every step
    game.state.units["hunter_01"].hidden_from = None  # the Hunter is seen
    game.touch()
    hard.choose(view_for(game, Side.ADVENTURERS))
    assert looked == [0, 1]
    assert any("enemies came into sight" in line for line in hard.intent)
