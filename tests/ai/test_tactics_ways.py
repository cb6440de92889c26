"""The tactical AI on its ways about the caves, on small hand-made positions: boats and
rowing, swimmers and the Gharvs' waters, deep passages, the marsh, jumps and stairs.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

from typing import Any

import pytest
from ai_helpers import (
    ISLE,
    ISLE_LEVELS,
    MARSH,
    choose_for,
    give_the_orb,
    knight_goblin_and_boat,
    near_the_turn_limit,
    set_passages,
    win_by,
    win_by_holding,
    win_by_reaching,
)

from dragonnoir.ai import mobility
from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import EndPhase, EnterPassage, Jump, Move, SailBoat
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.steps import landed
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.hexes import Hex

LAKE = """
. l l l l .
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~
. h h h h .
"""
LAKE_LEVELS = """
0 - - - - 0
 - - - - - -
- - - - - -
 - - - - - -
0 - - - - 0
"""


def test_a_knight_who_cannot_swim_takes_the_boat_and_rows_it_across() -> None:
    # "Only Adventurers can move by boat"; an armoured man "would sink like a stone"
    # (Movement Restriction 2): the south shore is his goal, the lake between.
    game = position(LAKE, [Piece("rebel_knight_1", (2, 0))], levels=LAKE_LEVELS)
    stern, bow = hexes(game, (1, 1), (2, 1))
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    win_by_reaching(game, Side.ADVENTURERS, [(1, 4), (2, 4), (3, 4), (4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    board = choose_for(game, Side.ADVENTURERS, agent=agent)
    assert isinstance(board, Move) and board.path[-1] in (stern, bow)
    game.apply(board)
    row = choose_for(game, Side.ADVENTURERS, agent=agent)
    # Boarded with half his points or fewer: "the boat can move immediately 2 hexes".
    assert isinstance(row, SailBoat), row
    before = game.state.units["rebel_knight_1"].hex
    game.apply(row)
    after = game.state.units["rebel_knight_1"].hex
    assert before is not None and after is not None
    assert game.board.grid.to_cell(after)[1] > game.board.grid.to_cell(before)[1]  # southwards


def test_a_swimmer_makes_for_a_beach_not_for_the_landing_stage_he_cannot_climb() -> None:
    # The north shore: a beach at its west end, a landing stage beside the swimmer.
    # No one climbs onto the stage from the water but a Goblin (Movement Restriction 3;
    # the Goblins "can pass freely from a water hex to a bridge or wooden landing-stage
    # hex"): the elf swims west to the beach, where the planner's one graph
    # for everyone made the stage his way and he trod water beside it (l-ile: the Orb's
    # bearer swam to the south stage and drowned there).
    art = """
    h l l l l l l l l l
     ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
    ~ ~ ~ ~ ~ ~ ~ ~ ~ ~
    """
    for uid, climbs in (("elf_1", False), ("goblin_spearman_1", True)):
        game = position(art, [Piece(uid, (8, 1))])
        win_by_reaching(game, Side.ADVENTURERS, [(c, 0) for c in range(10)])
        move = choose_for(game, Side.ADVENTURERS, level="normal")
        assert isinstance(move, Move), (uid, move)
        end = game.board.cells[move.path[-1]].terrain
        if climbs:
            assert end == "landing_stage", uid
        else:
            assert end == "water" and game.board.grid.to_cell(move.path[-1])[0] < 8, uid


def test_a_swimmer_keeps_out_of_the_gharvs_waters_when_a_dry_way_is_as_good() -> None:
    # Two ways to the east end of a hall: along the floor, or through a pool one hex
    # shorter. Ending the move in the water would call the Gharvs ("Appearance of the
    # Gharvs"): the elf stays dry.
    game = position(
        """
        . . . . . . . .
         . ~ ~ ~ ~ ~ . .
        . . . . . . . .
        """,
        [Piece("elf_1", (0, 1))],
        levels="""
        0 0 0 0 0 0 0 0
         0 - - - - - 0 0
        0 0 0 0 0 0 0 0
        """,
    )
    win_by_reaching(game, Side.ADVENTURERS, [(7, 1)])
    move = choose_for(game, Side.ADVENTURERS)
    assert isinstance(move, Move)
    terrain = game.board.cells[move.path[-1]].terrain
    assert terrain != "water", game.board.grid.to_cell(move.path[-1])


def test_a_character_takes_the_deep_passage_when_it_is_the_short_way() -> None:
    # Two caves walled apart; a passage from the west cave's entrance comes out in the
    # east cave one turn later: the goal is in the east cave.
    game = position(
        """
        . . . # . . .
         . . . # . . .
        . . . # . . .
        """,
        [Piece("elf_1", (0, 1))],
    )
    entrance, out = hexes(game, (0, 1), (5, 1))
    game.state.scratch["scenario"] = {
        "passages": {"deep": {"a": [entrance.q, entrance.r], "b": [out.q, out.r], "turns": 1,
                              "name": "the deep way"}}
    }  # fmt: skip
    win_by_reaching(game, Side.ADVENTURERS, [(6, 1)])
    assert choose_for(game, Side.ADVENTURERS) == EnterPassage("elf_1", "deep")


def test_passages_in_a_row_are_one_way_in_the_plan() -> None:
    # Three caves walled apart. The first passage leads from the west cave to the
    # middle one, the second from the middle cave to the east one, where the goal is:
    # only the two taken one after the other lead there (les-six-cavernes: the pit's
    # trapdoor to the marsh tower's vault, the vault stair to the nest). The elf walks
    # to the first one's entrance, and goes down.
    def three_caves(elf: tuple[int, int]) -> Game:
        game = position(
            """
            . . . # . . . # . . .
             . . . # . . . # . . .
            . . . # . . . # . . .
            """,
            [Piece("elf_1", elf)],
        )
        set_passages(game, ("down", (0, 1), (4, 1), 1), ("on", (6, 1), (8, 1), 1))
        win_by_reaching(game, Side.ADVENTURERS, [(10, 1)])
        return game

    game = three_caves((2, 1))
    walk = choose_for(game, Side.ADVENTURERS)
    assert isinstance(walk, Move) and walk.path[-1] == hexes(game, (0, 1))[0], walk
    assert choose_for(three_caves((0, 1)), Side.ADVENTURERS) == EnterPassage("elf_1", "down")


# A long cave: from its west end the goal is a long walk east; a passage of two turns
# leads there from the same hex.
LONG_CAVE = """
. . . . . . . . . . .
 . . . . . . . . . . .
"""


@pytest.mark.parametrize(("who", "goes_down"), [("dwarf_axeman_1", True), ("elf_1", False)])
def test_a_turn_underground_is_worth_the_walker_s_own_move(who: str, goes_down: bool) -> None:
    # Two turns in the dark cost a Black Dwarf (4 movement points) eight points of his
    # walk and the ten-hex walk costs him ten: he goes down. An Elf walks the ten hexes
    # in less than two of his moves: he walks.
    game = position(LONG_CAVE, [Piece(who, (0, 0))])
    set_passages(game, ("deep", (0, 0), (10, 0), 2))
    win_by_reaching(game, Side.ADVENTURERS, [(10, 0)])
    choice = choose_for(game, Side.ADVENTURERS)
    assert (choice == EnterPassage(who, "deep")) is goes_down, choice
    if not goes_down:
        assert isinstance(choice, Move), choice


def test_a_passage_that_comes_out_in_the_marsh_is_still_taken() -> None:
    # The passage comes out in a marsh where Gharvs rise ("The Gharvs"): Zacharie fears
    # them, but he comes out turns from now and walks on; standing at the entrance
    # wastes his turn.
    game = position(
        """
        . . . # m m m
         . . . # m m m
        . . . # m m m
        """,
        [Piece("zacharie", (0, 1))],
        turn_limit=10,
    )
    set_passages(game, ("deep", (0, 1), (5, 1), 1))
    win_by_reaching(game, Side.ADVENTURERS, [(6, 1)])
    assert choose_for(game, Side.ADVENTURERS, level="normal") == EnterPassage("zacharie", "deep")


def test_a_daredevil_jumps_down_the_ledge_rather_than_walk_round() -> None:
    # A ledge (level 0 above, -1 below) with the only stairs far to the west: the scout
    # jumps (Movement Restriction 8, the Jump Table); the swordsman, no daredevil, walks.
    game = position(
        """
        s . . . . . . .
         _ _ _ _ _ _ _ _
        """,
        [Piece("rebel_scout_1", (6, 0))],
    )
    win_by_reaching(game, Side.ADVENTURERS, [(7, 1)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    choice = agent.choose(view_for(game, Side.ADVENTURERS))
    if isinstance(choice, Move):  # a step along the ledge to jump right onto the goal
        assert choice.path[-1].distance(hexes(game, (7, 1))[0]) == 1, choice
        game.apply(choice)
        choice = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(choice, Jump) and choice.unit == "rebel_scout_1", choice


def test_a_place_to_hold_at_turn_ten_is_waited_for_out_of_the_marsh() -> None:
    # The place to hold lies across a marsh where Gharvs rise (the Gharv Appearance
    # Table: "In the marsh"). On turn 1 of 10 there is time: the Ork stays on firm
    # ground (no wandering either: the noise of `normal` picks among moves, it does not
    # make one). On turn 9 he must go, and wades in.
    game = position(MARSH, [Piece("ork_warrior_1", (0, 1))], turn_limit=10)
    win_by_holding(game, [(7, 1)], turn=10)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    choice = agent.choose(view_for(game, Side.ADVENTURERS))
    assert choice.to_dict()["type"] == "EndPhase", choice
    assert any("wait out of harm's way" in line for line in agent.intent)
    game.state.turn = 9
    game.touch()
    late = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    choice = late.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(choice, Move) and choice.unit == "ork_warrior_1", choice


def test_hard_makes_for_the_place_to_hold_at_once_across_the_marsh() -> None:
    # The same marsh and place, turn 1 of 10: hard does not bide (`Level.presses_on`):
    # every turn waited is one for the enemy to dig in and bring up reinforcements
    # (le-marais: the war party on turn 4). He wades in now, and no order has slack.
    game = position(MARSH, [Piece("ork_warrior_1", (0, 1))], turn_limit=10)
    win_by_holding(game, [(7, 1)], turn=10)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    choice = agent.choose(view_for(game, Side.ADVENTURERS))
    assert isinstance(choice, Move) and choice.unit == "ork_warrior_1", choice
    assert agent._orders["ork_warrior_1"].slack == 0
    assert not any("wait out of harm's way" in line for line in agent.intent), agent.intent


def _exit_by_the_east(game: Game) -> None:
    """Turn 3 of 10: the Adventurers win by leaving by the east end, or lose at the limit."""
    east = [[h.q, h.r] for h in hexes(game, (9, 1))]
    near_the_turn_limit(game, {"side": "adventurers", "kind": "exit", "count": 1, "hexes": east})
    game.state.turn = 3
    game.touch()


@pytest.mark.parametrize("named", [False, True])
def test_the_wizard_wades_into_the_marsh_that_lies_across_his_only_way_out(named: bool) -> None:
    # Every step towards the way out ends in the marsh, where a Gharv may rise next to
    # him ("The Gharvs"). Waiting on firm ground makes it no safer: the marsh does not
    # dry and time runs out. He goes in. Not when the Krobs win by his death: the party
    # needs him alive more than it needs him out.
    marsh = """
    . m m m m m m m m .
     . m m m m m m m m .
    . m m m m m m m m ~
    """
    game = position(marsh, [Piece("zacharie", (0, 1)), Piece("hunter_01", (9, 0))], turn_limit=10)
    _exit_by_the_east(game)
    if named:
        setup: dict[str, Any] = game.state.scratch["scenario"]
        setup["victory"]["conditions"].append(
            {"side": "krobs", "kind": "kill", "units": ["zacharie"]}
        )
        game.touch()
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    if named:
        assert choice == EndPhase(), choice
    else:
        assert isinstance(choice, Move) and choice.unit == "zacharie", choice


def test_the_wizard_keeps_to_the_dry_ledge_beside_the_marsh() -> None:
    # The same marsh with a dry ledge along its north side: the way out does not need
    # the marsh, so he keeps out of it.
    ledge = """
    . . . . . . . . . .
     . m m m m m m m m .
    . m m m m m m m m ~
    """
    game = position(ledge, [Piece("zacharie", (0, 1))], turn_limit=10)
    _exit_by_the_east(game)
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move), choice
    assert game.board.cells[choice.path[-1]].terrain != "marsh", choice


def test_without_the_gharvs_a_place_to_hold_is_not_waited_for() -> None:
    # The same hall as firm floor, no water and no marsh: no Gharv rises anywhere ("The
    # Gharvs": in the water, next to it, in a boat, in the marshes), so waiting would
    # only give the defenders time: he goes at once.
    floor = MARSH.replace("~", ".").replace("m", ".")
    game = position(floor, [Piece("ork_warrior_1", (0, 1))], turn_limit=10)
    win_by_holding(game, [(7, 1)], turn=10)
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move) and choice.unit == "ork_warrior_1", choice


def _knight_on_the_isle_the_boat_afloat() -> tuple[Game, Hex, Hex]:
    """The knight and a Goblin on the isle of ISLE, the one boat out on the lake (its
    stern and bow)."""
    return knight_goblin_and_boat((2, 3), (3, 3), ((4, 1), (5, 1)))


def test_a_swimmer_brings_the_boat_to_the_knight_cut_off_on_the_island() -> None:
    # The knight cannot swim ("would sink like a stone") and must leave by the north
    # shore; the only boat lies out on the lake. The Goblin swims to it, then rows it
    # until its free seat touches the island, where the knight steps in.
    from dragonnoir.ai import shuttle

    game, stern, bow = _knight_on_the_isle_the_boat_afloat()
    zone = [[h.q, h.r] for h in hexes(game, *[(c, 0) for c in range(6)])]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "exit", "hexes": zone}]}
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    assert agent._orders["goblin_spearman_1"].goal == frozenset({stern, bow})
    assert any("brings a boat to Knight" in line for line in agent.intent), agent.intent
    # Aboard (he began his turn there): he rows, and the free seat ends next to the isle.
    game.state.units["goblin_spearman_1"].hex = bow
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    row = agent.choose(view_for(game, Side.ADVENTURERS))
    order = agent._orders["goblin_spearman_1"]
    assert order.ferry and isinstance(row, SailBoat), row
    game.apply(row)
    seats = game.state.accessories["boat_1"].hexes
    gob = game.state.units["goblin_spearman_1"].hex
    assert gob is not None and shuttle.ferry_gap(order.ferry, seats, gob) == 0
    knight = game.state.units["rebel_knight_1"]
    free = next(h for h in seats if h != gob)
    assert knight.hex is not None and knight.hex.distance(free) <= 2


def test_the_ferryman_of_the_orbs_bearer_swims_for_the_boat() -> None:
    # The knight carries the Orb on the isle, the Gharvs in play; the Goblin beside him
    # would escort him by land, weighing the waters thrice. Once he is to bring the boat,
    # the water is his way: he swims for it (l-ile, seed 347: the Elf kept to the island,
    # the boat afloat beside it, until the time ran out).
    from dragonnoir.ai.behaviours import WARY

    game, stern, bow = _knight_on_the_isle_the_boat_afloat()
    give_the_orb(game, "rebel_knight_1")
    from dragonnoir.hexmap.board import Zone, ZoneKind

    game.board.zones.append(Zone(ZoneKind.EXIT, "north", frozenset(hexes(game, (0, 0)))))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": True}
    win_by(game, {"side": "adventurers", "kind": "orb_off"})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    move = agent.choose(view_for(game, Side.ADVENTURERS))
    order = agent._orders["goblin_spearman_1"]
    assert order.goal == frozenset({stern, bow}) and order.daring < WARY, order
    assert isinstance(move, Move) and move.unit == "goblin_spearman_1", move
    assert game.board.cells[move.path[-1]].terrain == "water" or move.path[-1] in (stern, bow)


def _bearer_on_the_isle(
    gharvs: bool, elf: tuple[int, int] = (2, 0)
) -> tuple[Game, dict[str, Order]]:
    """The Goblin carries the Orb on the island of ISLE; the swordsman stands beside
    him, the elf on the north shore across the water (or where given)."""
    game = position(
        ISLE,
        [
            Piece("goblin_spearman_1", (2, 3)),
            Piece("rebel_swordsman_1", (3, 3)),
            Piece("elf_1", elf),
        ],
        levels=ISLE_LEVELS,
    )
    give_the_orb(game, "goblin_spearman_1")
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": gharvs}
    win_by(game, {"side": "adventurers", "kind": "orb_off"})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    ashore = "Elf Archer 1 keeps to the land rather than swim after Goblin Spearman 1"
    assert any(ashore in line for line in agent.intent) == gharvs, agent.intent
    return game, agent._orders


def test_escorts_follow_the_orb_bearer_by_land_but_not_over_the_gharvs_waters() -> None:
    # "The Gharvs": whoever is in the water, in a boat or next to the water may call a
    # Gharv. The swordsman on the island goes with the bearer; the elf across the water
    # keeps ashore rather than swim after him, weighing the waters thrice.
    from dragonnoir.ai.behaviours import WARY

    game, orders = _bearer_on_the_isle(gharvs=True)
    bearer = game.state.units["goblin_spearman_1"].hex
    assert orders["goblin_spearman_1"].leave
    assert orders["rebel_swordsman_1"].goal == frozenset({bearer})
    assert orders["elf_1"].goal == frozenset() and orders["elf_1"].daring == WARY
    # Where the scenario plays without the Gharvs, the water is only a way: he follows.
    game, orders = _bearer_on_the_isle(gharvs=False)
    assert orders["elf_1"].goal == frozenset({bearer}) and orders["elf_1"].daring == 1.0
    # Swimming between the shore and the isle, he makes for land, not for the bearer.
    game, orders = _bearer_on_the_isle(gharvs=True, elf=(2, 1))
    shore, isle, lake = hexes(game, (2, 0), (3, 3), (2, 2))
    assert shore in orders["elf_1"].goal and isle in orders["elf_1"].goal
    assert lake not in orders["elf_1"].goal


def test_the_one_whose_death_loses_the_game_keeps_clear_of_friends_in_the_marsh() -> None:
    # A Gharv rises next to the Ork who called it and may strike whoever stands next to
    # it: Zacharie (the Krobs win by killing him) counts that danger beside an Ork in the
    # marsh, none two hexes farther off, and his order weighs the waters thrice.
    from dragonnoir.ai.behaviours import WARY

    game = position(
        MARSH,
        [Piece("zacharie", (0, 0)), Piece("ork_warrior_1", (1, 1)), Piece("hunter_01", (7, 0))],
        turn_limit=10,
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "reach", "hexes": [[h.q, h.r] for h in
                                                                hexes(game, (7, 2))]},
            {"side": "krobs", "kind": "kill", "units": ["zacharie"]},
        ]
    }  # fmt: skip
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    agent.choose(view)
    assert agent._orders["zacharie"].daring == WARY
    zacharie = game.state.units["zacharie"]
    near, far = hexes(game, (0, 1), (4, 2))
    assert agent._beside_callers(view, zacharie, near) > 0
    assert agent._beside_callers(view, zacharie, far) == 0


#: Beaches at the water's level each side of a lake (a beach, not a landing stage: no
#: one but a Goblin climbs onto a landing stage from the water, Movement Restriction 3).
SHORES = "\n".join(
    (" " if r % 2 else "") + " ".join(("~" if 6 <= r <= 8 else "h") for _ in range(8))
    for r in range(10)
)


def _shores(hunter_02: tuple[int, int], *more: Piece) -> Game:
    """Hunter 1 at the water's edge, Hunter 2 where given, the elf across the lake."""
    pieces = [Piece("hunter_01", (3, 5)), Piece("hunter_02", hunter_02), *more]
    return position(SHORES, [*pieces, Piece("elf_1", (3, 9))], phase="krob_movement")


def _held(game: Game, level: str) -> TacticalAgent:
    """The agent of `level` once it has planned the Krobs' move (and chosen it)."""
    agent = TacticalAgent(Side.KROBS, 1, level=level)
    agent.choose(view_for(game, Side.KROBS))
    return agent


def test_hard_krob_swimmers_wait_at_the_waters_edge_to_cross_together() -> None:
    # Hunter 1 is at the water's edge, Hunter 2 five hexes behind; the elf is across the
    # lake. Swimming over one by one, each would meet her alone: the hard Hunter waits
    # for his friend (ai/crossing.py); normal swims on.
    hard = TacticalAgent(Side.KROBS, 1, level="hard")
    move = hard.choose(view_for(_shores((3, 0)), Side.KROBS))
    assert hard._orders["hunter_01"].hold and not hard._orders["hunter_02"].hold
    assert isinstance(move, Move) and move.unit == "hunter_02"
    assert any("wait at the water's edge" in line for line in hard.intent)
    assert not _held(_shores((3, 0)), "normal")._orders["hunter_01"].hold
    # Once his friend has come up beside him, they both swim.
    hard = _held(_shores((4, 5)), "hard")
    assert not hard._orders["hunter_01"].hold and not hard._orders["hunter_02"].hold
    # A friend fighting where he stands is not coming: nobody waits for him (the pack
    # hunts the elf, whom the Krobs win by killing; the goblin holds Hunter 2 up).
    game = _shores((3, 0), Piece("goblin_archer_1", (4, 0)))
    win_by(game, {"side": "krobs", "kind": "kill", "units": ["elf_1"]})
    assert not _held(game, "hard")._orders["hunter_01"].hold


DOCK = """
l l l l l l
 l l l l l l
~ ~ ~ ~ ~ ~
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~
"""


def test_a_passenger_rows_on_to_dock_rather_than_sit_in_a_boat_that_has_not_landed() -> None:
    # "To dock at a landing stage, the two hexes of the boat must be in contact with the
    # landing stage": the knight's boat touches it with its bow only, and no one steps
    # ashore from it. He rows it alongside first, then lands.
    game = position(DOCK, [Piece("rebel_knight_1", (2, 2))], phase="adventurer_movement")
    bow, stern = hexes(game, (2, 2), (2, 3))
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (bow, stern), facing=stern.direction_to(bow) or 0
    )
    win_by_reaching(game, Side.ADVENTURERS, [(0, 0), (1, 0), (2, 0), (3, 0)])
    assert not any(isinstance(a, Move) and a.unit == "rebel_knight_1" and a.path[-1] not in (
        bow, stern) for a in game.legal_actions())  # fmt: skip
    row = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(row, SailBoat), row
    game.apply(row)
    boat = game.state.accessories["boat_1"]
    assert landed(game, boat.hexes)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_wounded_knight_walks_round_to_the_stairs_an_embankment_too_steep_for_him(
    level: str,
) -> None:
    # The embankment costs 4 MP: the wounded knight (3) may not enter it (Movement
    # Restriction 6), so his way up is the stairs at the far end of the ledge. Planned
    # over the embankment, he stood at its foot for the rest of the game (l-ile, seed 32:
    # on the east beach with the Orb, the Gharvs striking). Healthy, he climbs it.
    art = """
    . . . . . . . .
     # e # # # # s #
    _ _ _ _ _ _ _ _
    """
    for wounds, first_step in ((0, (1, 1)), (1, (4, 2))):
        status = Status.WOUNDED if wounds else Status.HEALTHY
        game = position(art, [Piece("rebel_knight_1", (1, 2), status=status, wounds=wounds)])
        win_by_reaching(game, Side.ADVENTURERS, [(1, 0)])
        choice = choose_for(game, Side.ADVENTURERS, level)
        assert isinstance(choice, Move), (wounds, choice)
        assert choice.path[-1] == hexes(game, first_step)[0], (wounds, game.where(choice.path[-1]))


def _afloat_on_the_lake(
    uid: str, boat: tuple[tuple[int, int], tuple[int, int]], goal: list[tuple[int, int]]
) -> Game:
    """`uid` in a boat (stern, bow) on `LAKE`, the Gharvs in play, his goal `goal`."""
    game = position(LAKE, [Piece(uid, boat[0])], levels=LAKE_LEVELS)
    stern, bow = hexes(game, *boat)
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": True}
    win_by_reaching(game, Side.ADVENTURERS, goal)
    return game


def test_a_row_ends_in_the_boat_not_in_the_water() -> None:
    # Rowed to a hex, he sits in the boat there: the Gharvs rise for one in a boat one
    # time in five, for a swimmer one in two (the Gharv Appearance Table). The map
    # shows only water where the boat will lie, and read as a swim, rowing to the
    # island's stage was worth no more than swimming there: the passengers swam, and
    # drowned (l-ile, seed 0; seeds 0-399 against the random player: 357 wins, 332
    # before).
    game = _afloat_on_the_lake("elf_1", ((2, 1), (3, 1)), [(1, 4), (2, 4), (3, 4), (4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view := view_for(game, Side.ADVENTURERS))
    elf, order = view.game.state.units["elf_1"], agent._orders["elf_1"]
    field = mobility.goal_field(view.game, elf, order.goal)
    (there,) = hexes(game, (2, 3))
    rows = [
        agent._option(view, elf, a, order, field)
        for a in view.game.legal_actions()
        if isinstance(a, SailBoat) and mobility.sail_end(view.game, elf, a) == there
    ]
    (swim,) = [
        agent._option(view, elf, a, order, field)
        for a in view.game.legal_actions()
        if isinstance(a, Move) and a.path[-1] == there
    ]
    assert rows and swim is not None
    assert max(r for r in rows if r is not None) > swim + 3, (rows, swim)


def test_a_rower_lands_with_the_half_of_his_points_he_keeps() -> None:
    # "A character who begins his turn on a boat can move 4 hexes by boat, or 2 hexes
    # and half of his movement potential if he reaches a landing stage or a beach hex":
    # two hexes from the beach, the knight rows there and steps ashore to his goal
    # (2 of his 4 points). Before, he sat in the beached boat through the Gharv
    # interphases (l-ile: the party afloat by the island's shore).
    game = _afloat_on_the_lake("rebel_knight_1", ((1, 2), (2, 2)), [(4, 4)])
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    played = []
    while game.to_act() is Side.ADVENTURERS and len(played) < 3:
        action = agent.choose(view_for(game, Side.ADVENTURERS))
        if not isinstance(action, Move | SailBoat):
            break
        played.append(type(action).__name__)
        game.apply(action)
    assert played == ["SailBoat", "Move"], played
    assert game.state.units["rebel_knight_1"].hex == hexes(game, (4, 4))[0]
