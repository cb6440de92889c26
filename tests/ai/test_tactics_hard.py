"""What the hard level does beyond normal, on small hand-made positions: who moves first,
who is kept back, where the Krobs go after the prize.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

from typing import Any

from ai_helpers import (
    HALL,
    ROOM,
    choose_for,
    give_the_orb,
    hall_drawing,
    hall_with_two_orb_counters,
    win_by,
    win_by_reaching,
)

from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action, Attack, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, hexes, position


def test_hard_moves_first_the_one_nearest_his_goal_as_normal_does() -> None:
    # A knight (4 MP) ahead of a scout (7 MP) in a gallery, both walking east: the scout
    # would gain more by moving, but the knight, nearer the goal, moves first at every
    # level. (Hard once moved first whoever gained most: as Adventurers it lost games
    # normal won; benchmarks/README.md, session 18.)
    game = position(
        ". . . . . . . . . . . . . .",
        [Piece("rebel_knight_1", (3, 0)), Piece("rebel_scout_1", (1, 0))],
    )
    win_by_reaching(game, Side.ADVENTURERS, [(13, 0)])
    for level in ("normal", "hard"):
        first = choose_for(game, Side.ADVENTURERS, level=level)
        assert isinstance(first, Move) and first.unit == "rebel_knight_1", (level, first)


def _exit_hall(count: int) -> Game:
    """Godiva, an Elf and Zed must get `count` of them out by the east wall; the Krobs
    win by killing Godiva; a Warrior stands in sight across the hall."""
    game = position(
        HALL,
        [
            Piece("godiva", (0, 1)),
            Piece("elf_2", (0, 2)),
            Piece("zed", (1, 1)),
            Piece("warrior_06", (7, 2)),
        ],
        turn_limit=8,
    )
    east = [[h.q, h.r] for h in hexes(game, (9, 0), (9, 1), (9, 2), (9, 3))]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "exit", "count": count, "hexes": east},
            {"side": "krobs", "kind": "kill", "units": ["godiva"]},
        ]
    }
    game.touch()
    return game


def test_hard_keeps_back_the_one_the_enemy_wins_by_killing_while_the_others_are_enough() -> None:
    from dragonnoir.engine.rules.offmap import _offmap_table

    def godiva_order(count: int, level: str) -> Order:
        game = _exit_hall(count)
        agent = TacticalAgent(Side.ADVENTURERS, 1, level=level)
        plans = agent._plan(view_for(game, Side.ADVENTURERS))
        return plans["godiva"]

    # Two must get out and the Elf and Zed are two: hard keeps Godiva back, and says so.
    spared = godiva_order(2, "hard")
    assert spared.avoid and not spared.leave
    # Three must: she is needed, she goes (as normal always sends her).
    needed = godiva_order(3, "hard")
    assert needed.leave and not needed.avoid
    assert godiva_order(2, "normal").leave
    # Three must, and a fourth of the party is already out: the Elf and Zed are enough.
    game = position(
        HALL,
        [Piece("godiva", (0, 1)), Piece("elf_2", (0, 2)), Piece("zed", (1, 1)),
         Piece("elf_3", (2, 1)), Piece("warrior_06", (7, 2))],
        turn_limit=8,
    )  # fmt: skip
    game.state.scratch["scenario"] = _exit_hall(3).state.scratch["scenario"]
    gate = hexes(game, (9, 1))[0]  # by the east wall: his leaving counts
    _offmap_table(game)["elf_3"] = {"state": "exited", "turn": 1, "at": [gate.q, gate.r]}
    game.state.units["elf_3"].hex = None
    game.touch()
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    assert hard._plan(view_for(game, Side.ADVENTURERS))["godiva"].avoid
    # Gone by the west wall instead, he counts for nothing (as the engine judges it).
    west = hexes(game, (0, 3))[0]
    _offmap_table(game)["elf_3"] = {"state": "exited", "turn": 1, "at": [west.q, west.r]}
    game.touch()
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    assert hard._plan(view_for(game, Side.ADVENTURERS))["godiva"].leave
    game = _exit_hall(2)
    hard = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    hard._plan(view_for(game, Side.ADVENTURERS))
    assert any("Godiva keeps back: the others are enough to get out" in x for x in hard.intent)


def _krobs_plan(game: Game, level: str = "hard") -> tuple[dict[str, Order], list[str]]:
    """The Krobs' orders and intent once an agent of `level` has planned."""
    agent = TacticalAgent(Side.KROBS, 1, level=level)
    orders = agent._plan(view_for(game, Side.KROBS))
    return orders, agent.intent


def _holding(
    turn: int, level: str, *, judged: dict[str, Any] | None = None, dead: tuple[Piece, ...] = ()
) -> tuple[dict[str, Order], list[str]]:
    """The Krobs' plan where the party holds the east end "and no Krob does" at the end
    of turn 6 (turn limit 8): a knight in the west, a Hunter one move from the place, a
    Warrior two. `judged`: the victory block's turn-limit keys (default: the Krobs
    prevail); `dead`: characters already killed (their casualty points)."""
    game = position(
        HALL,
        [Piece("rebel_knight_1", (0, 1)), Piece("hunter_01", (5, 1)),
         Piece("warrior_06", (1, 3)), *dead],
        phase="krob_movement",
        turn_limit=8,
    )  # fmt: skip
    zone = [[h.q, h.r] for h in hexes(game, (9, 1), (9, 2))]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [{"side": "adventurers", "kind": "hold", "hexes": zone, "turn": 6}],
        **(judged or {}),
    }
    game.state.turn = turn
    game.touch()
    return _krobs_plan(game, level)


PLACE = frozenset(hexes(position(HALL, []), (9, 1), (9, 2)))


def test_hard_krobs_make_for_the_place_the_party_must_hold_in_time() -> None:
    # A hard Krob who can walk into the place by the end of turn 6 makes for it once the
    # moves left are at most his walk's moves plus three (CONTEST_MARGIN): the Hunter
    # one move away from turn 3, the Warrior at the far end (two moves) from turn 2;
    # before, they hunt the party.
    plans, intent = _holding(3, "hard")
    assert plans["hunter_01"].goal == PLACE and plans["hunter_01"].prize > 0
    assert any("for the place by" in line and "turn 6" in line for line in intent), intent
    early, _ = _holding(2, "hard")
    assert early["warrior_06"].goal == PLACE  # the far one sets off first
    assert early["hunter_01"].goal != PLACE  # too early for the near one: he hunts
    assert _holding(1, "hard")[0]["warrior_06"].goal != PLACE  # too early for both
    last, _ = _holding(6, "hard")  # the turn itself
    assert last["hunter_01"].goal == PLACE
    assert last["warrior_06"].goal != PLACE  # two moves away: he cannot be in it in time
    assert all(o.goal != PLACE for o in _holding(7, "hard")[0].values())  # over
    assert all(o.goal != PLACE for o in _holding(3, "normal")[0].values())  # normal does not


def test_hard_krobs_contest_the_place_only_where_the_party_not_holding_it_loses() -> None:
    # As in les-eaux-noires, at the limit the casualty points judge (here a lead of more
    # than 2 wins). A Krob in the place at the end of turn 6 only sends the game to the
    # points: worth the walk when the Krobs would then win, not while it would be a draw
    # or the party's win. A dead knight is worth 3 points to the Krobs.
    on_points = {"at_turn_limit": "casualties", "margin": 2, "draw_allowed": True}
    even, _ = _holding(3, "hard", judged=on_points)
    assert all(o.goal != PLACE for o in even.values())  # 0 to 0: a draw, not theirs
    knight = Piece("rebel_knight_2", (0, 3), status=Status.KILLED)
    ahead, intent = _holding(3, "hard", judged=on_points, dead=(knight,))
    assert ahead["hunter_01"].goal == PLACE
    assert any("for the place by" in line for line in intent), intent


def test_hard_krobs_keep_the_true_orb_then_go_after_its_bearer() -> None:
    # The party must carry the Orb off the map; the Krobs know the true "Orb?" counter
    # (the east one) and an Adventurer picks the Orb up by standing on it. Hard sends one
    # Krob to stand on it: of the two who can be there within two moves the Warrior
    # (defence 4), not the nearer Hunter (2). Normal does not read it so.
    game, _, true = hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (0, 1)), Piece("hunter_01", (9, 1)),
         Piece("warrior_06", (6, 2))],
        ((2, 1), (11, 1)),
    )  # fmt: skip
    game.state.phase = "krob_movement"
    game.touch()
    orders, intent = _krobs_plan(game)
    assert orders["warrior_06"].goal == frozenset({true}) and orders["warrior_06"].prize > 0
    assert orders["hunter_01"].goal != frozenset({true})
    assert any("Warrior 6 keeps the Orb on (11,1)" in line for line in intent), intent
    assert all(o.goal != frozenset({true}) for o in _krobs_plan(game, "normal")[0].values())
    # The knight has it: every Krob goes after him, wherever his post.
    knight = game.state.units["rebel_knight_1"].hex
    assert knight is not None
    orb = game.state.accessories["orb_1"]
    orb.hexes = (knight,)
    orb.properties.update(revealed=True, carried_by="rebel_knight_1")
    game.touch()
    orders, intent = _krobs_plan(game)
    assert all(orders[u].goal == frozenset({knight}) for u in ("hunter_01", "warrior_06"))
    assert any("go after Knight of Halöven 1" in line for line in intent), intent


def test_hard_krobs_strike_the_orb_bearer_first() -> None:
    # A Killer between a Goblin (the better odds) and the swordsman who carries the Orb:
    # his fall drops it, so hard strikes the swordsman; normal takes the better odds.
    def choice(level: str) -> Action:
        game = position(
            ROOM,
            [Piece("goblin_spearman_1", (6, 4)), Piece("killer_1", (5, 4)),
             Piece("rebel_swordsman_1", (4, 4))],
            phase="krob_combat",
        )  # fmt: skip
        give_the_orb(game, "rebel_swordsman_1")
        win_by(game, {"side": "adventurers", "kind": "orb_off"})
        return choose_for(game, Side.KROBS, level=level)

    assert choice("normal") == Attack(("killer_1",), ("goblin_spearman_1",))
    assert choice("hard") == Attack(("killer_1",), ("rebel_swordsman_1",))


def test_hard_krobs_go_after_khuzun_freed() -> None:
    # Le Labyrinthe: the party wins when Khuzun, freed, gets off the map. Hard's Krobs go
    # after him rather than the nearer Troll; normal's hunt whoever is nearest.
    game = position(
        hall_drawing(14),
        [Piece("khuzun", (0, 1)), Piece("troll_1", (8, 1)), Piece("hunter_01", (11, 1))],
        phase="krob_movement",
    )
    win_by(game, {"side": "adventurers", "kind": "khuzun_out"})
    khuzun = game.state.units["khuzun"].hex
    orders, intent = _krobs_plan(game)
    assert orders["hunter_01"].goal == frozenset({khuzun})
    assert any("go after Khuzun" in line for line in intent), intent
    assert _krobs_plan(game, "normal")[0]["hunter_01"].goal != frozenset({khuzun})


def test_hard_krobs_go_after_whoever_is_about_to_slip_away() -> None:
    # Le Pont: the party wins by getting two out by the east end. The Elf is within two
    # of his moves of it, Zed far back: hard's Warrior goes after the Elf, though Zed is
    # nearer him (RUNNER_MOVES); normal's hunts both alike.
    game = position(
        hall_drawing(14),
        [Piece("zed", (0, 1)), Piece("elf_2", (10, 1)), Piece("warrior_06", (4, 1))],
        phase="krob_movement",
        turn_limit=8,
    )
    east = [[h.q, h.r] for h in hexes(game, (13, 0), (13, 1), (13, 2))]
    win_by(game, {"side": "adventurers", "kind": "exit", "count": 2, "hexes": east})
    elf = game.state.units["elf_2"].hex
    orders, intent = _krobs_plan(game)
    assert orders["warrior_06"].goal == frozenset({elf})
    said = "go after Elf Archer 2: his escape is the enemy's victory"
    assert any(said in line for line in intent), intent
    assert _krobs_plan(game, "normal")[0]["warrior_06"].goal != frozenset({elf})
