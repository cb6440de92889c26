"""The tactical AI's goals on small hand-made positions: counters to turn over, Orbs and
Suns, Khuzun, exits, kill conditions, places to hold, the turn limit, the plan said once a
turn.
Each test asserts the choice a good player would make, and why."""

from __future__ import annotations

from typing import Any

import pytest
from ai_helpers import (
    MARSH,
    ROOM,
    choose_for,
    give_the_orb,
    hall_drawing,
    hall_with_two_orb_counters,
    le_pont_at_movement,
    near_the_turn_limit,
    set_passages,
    two_counters,
    win_by,
    win_by_holding,
    win_by_reaching,
)

from dragonnoir.ai import tactical
from dragonnoir.ai.orders import GroupPlan, Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action, LeaveMap, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Accessory, AccessoryKind, Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.hexes import Hex


def _orders_after_a_plan(game: Game, side: Side = Side.ADVENTURERS) -> dict[str, Order]:
    """Each character's order once a normal-level agent has planned (and chosen)."""
    agent = TacticalAgent(side, 1, level="normal")
    agent.choose(view_for(game, side))
    return agent._orders


def _goals(game: Game, uids: list[str]) -> tuple[TacticalAgent, list[frozenset[Hex]]]:
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent, [agent._orders[u].goal for u in uids]


def test_the_party_splits_by_pairs_to_turn_over_two_counters() -> None:
    # Two "Orb?" counters at the two ends of a hall, four rebels in the middle: two go
    # each way ("Revealed" by contact), rather than all four to the nearer one.
    party = ["rebel_knight_1", "rebel_swordsman_1", "elf_1", "dwarf_axeman_1"]
    game, west, east = hall_with_two_orb_counters(
        [
            Piece(uid, cell)
            for uid, cell in zip(party, [(6, 1), (7, 1), (6, 0), (7, 0)], strict=True)
        ],
        ((0, 1), (13, 1)),
    )
    agent, goals = _goals(game, party)
    assert sorted(goals.count(frozenset({h})) for h in (west, east)) == [2, 2]
    assert any("split to turn over 2 '?' counters" in line for line in agent.intent)


def test_two_searchers_go_alone_to_counters_far_apart() -> None:
    # Thirteen hexes between the counters (more than a move: `SEARCH_APART`): going
    # round them together costs turns, so each of two rebels turns one over alone.
    party = ["rebel_knight_1", "elf_1"]
    game, west, east = hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (6, 1)), Piece("elf_1", (7, 1))], ((0, 1), (13, 1))
    )
    _, goals = _goals(game, party)
    assert sorted(goals.count(frozenset({h})) for h in (west, east)) == [1, 1]


def test_two_searchers_stay_together_where_the_counters_lie_close() -> None:
    # Four hexes between the counters: a lone searcher is easy prey and the walk from
    # one to the other is short, so the two go together (the whole goal, not one each).
    party = ["rebel_knight_1", "elf_1"]
    game, first, second = hall_with_two_orb_counters(
        [Piece("rebel_knight_1", (6, 1)), Piece("elf_1", (7, 1))], ((4, 1), (8, 1))
    )
    _, goals = _goals(game, party)
    assert goals[0] == goals[1] and {first, second} <= goals[0]


def test_of_two_kill_conditions_the_party_goes_for_the_one_nearest_done() -> None:
    # Kill the Guard (far, strong) or the newborn Hunter (near, dies of a wound): all go
    # for the newborn (Le Nid's choice).
    game = position(
        ROOM,
        [
            Piece("rebel_knight_1", (2, 4)),
            Piece("elf_1", (2, 5)),
            Piece("hunter_01", (5, 4), adult=False),
            Piece("guard_1", (10, 4), facing=3),
        ],
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [
            {"side": "adventurers", "kind": "kill", "units": ["guard_1"]},
            {"side": "adventurers", "kind": "kill", "units": ["hunter_01"]},
        ]
    }
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
    agent.choose(view_for(game, Side.ADVENTURERS))
    baby = game.state.units["hunter_01"].hex
    assert agent._orders["rebel_knight_1"].goal == frozenset({baby})


def test_the_party_escorts_khuzun_rather_than_crowd_the_exits() -> None:
    # Khuzun freed (a unit on the map) and a khuzun_out condition: Khuzun makes for the
    # exits and leaves; the others follow him, so they never stand on the hexes he needs.
    game = position(
        ROOM,
        [Piece("troll_1", (3, 4)), Piece("dwarf_miner_1", (3, 5)), Piece("khuzun", (5, 4))],
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "khuzun_out"}]}
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    khuzun = game.state.units["khuzun"].hex
    assert agent._orders["khuzun"].leave
    assert agent._orders["troll_1"].goal == frozenset({khuzun})
    assert any("bring Khuzun out" in line for line in agent.intent)


def test_time_running_out_hurries_a_party_out_rather_than_into_fights() -> None:
    # A party that wins by leaving by the east wall walks on as the limit nears; one
    # that wins by killing the Hunter grows bolder ("time runs out: they press on").
    game = position(
        ROOM,
        [Piece("rebel_swordsman_1", (2, 4)), Piece("hunter_01", (3, 4))],
        phase="adventurer_movement",
    )
    east = [[h.q, h.r] for h in hexes(game, (11, 3), (11, 4), (11, 5))]
    near_the_turn_limit(game, {"side": "adventurers", "kind": "exit", "count": 1, "hexes": east})
    walking = _orders_after_a_plan(game)["rebel_swordsman_1"]
    near_the_turn_limit(game, {"side": "adventurers", "kind": "kill", "units": ["hunter_01"]})
    hunting = _orders_after_a_plan(game)["rebel_swordsman_1"]
    assert walking.leave and walking.aggression == 0.5  # as far from the limit
    assert hunting.aggression > 0.8


def test_the_party_makes_for_a_near_exit_rather_than_a_long_fight_far_off() -> None:
    # Two ways to win: leave by the exit two hexes away, or kill the Queen across the
    # hall (seven wounds to deal). The party makes for the exit; with the exit far and
    # the Krob a weak one next to them, it goes for the Krob.
    def goal_of(kill: str, exit_cell: tuple[int, int], enemy_cell: tuple[int, int]) -> str:
        game = position(
            ROOM, [Piece("rebel_knight_1", (1, 4)), Piece("elf_1", (1, 5)), Piece(kill, enemy_cell)]
        )
        zone = [[h.q, h.r] for h in hexes(game, exit_cell)]
        setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
        setup["victory"] = {
            "conditions": [
                {"side": "adventurers", "kind": "reach", "hexes": zone},
                {"side": "adventurers", "kind": "kill", "units": [kill]},
            ]
        }
        game.touch()
        agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
        agent.choose(view_for(game, Side.ADVENTURERS))
        target = game.state.units[kill].hex
        return "kill" if agent._orders["rebel_knight_1"].goal == frozenset({target}) else "place"

    assert goal_of("queen_alkiram", (3, 4), (9, 4)) == "place"
    assert goal_of("hunter_01", (11, 8), (3, 4)) == "kill"


def test_the_wounded_bearer_of_the_orb_still_makes_for_the_way_out() -> None:
    # The elf carries the Orb and one more wound would kill him, a Hunter close by:
    # still he leaves (the Orb is the victory), daring what water lies on the way.
    from dragonnoir.ai.behaviours import BEARER_DARING

    game = position(
        ROOM,
        [Piece("elf_1", (1, 4), status=Status.WOUNDED, wounds=1), Piece("hunter_01", (4, 4))],
    )
    give_the_orb(game, "elf_1")
    win_by(game, {"side": "adventurers", "kind": "orb_off"})
    order = _orders_after_a_plan(game)["elf_1"]
    assert order.leave and not order.avoid and order.daring == BEARER_DARING


def test_the_hardest_hitter_deploys_first_nearest_the_goal() -> None:
    # Four Troll-strength blows against an archer's: the Troll takes the deployment hex
    # nearest the hall's far end, not the first in alphabetical order (the archer).
    from dragonnoir.engine.actions import Deploy

    game = position(ROOM, [Piece("troll_1", (0, 0)), Piece("rebel_archer_1", (0, 8))])
    win_by_reaching(game, Side.ADVENTURERS, [(11, 4)])
    spots = hexes(game, (2, 4), (6, 4))
    legal: list[Action] = [Deploy(u, h) for u in ("rebel_archer_1", "troll_1") for h in spots]
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    first = agent._deploy(view_for(game, Side.ADVENTURERS), legal)
    assert first == Deploy("troll_1", spots[1]), first


def test_on_the_last_turn_the_ork_wades_into_the_place_to_hold() -> None:
    # Turn 10 of 10, the tower one marsh hex away: standing in it is the victory, and
    # the Gharvs that may rise there no reason to stay out.
    game = position(MARSH, [Piece("ork_warrior_1", (5, 1))], turn_limit=10)
    win_by_holding(game, [(6, 1)], turn=10)
    game.state.turn = 10
    game.touch()
    choice = choose_for(game, Side.ADVENTURERS, level="normal")
    assert isinstance(choice, Move) and choice.path[-1] == hexes(game, (6, 1))[0], choice


def test_the_last_sun_left_face_down_is_the_true_one() -> None:
    # Three "Sun?" counters; two were turned over and found empty. "On the back of one
    # of them is the sun": the last one is it, so the party leaves by its gallery without
    # walking to the counter first.
    game = position(ROOM, [Piece("rebel_knight_1", (1, 4)), Piece("elf_1", (1, 5))])
    cells = hexes(game, (11, 0), (11, 8), (6, 8))
    gallery = hexes(game, (5, 8), (6, 8), (7, 8))
    for i, h in enumerate(cells):
        props: dict[str, Any] = {"real": i == 2, "revealed": i < 2}
        if i == 2:
            props["zone"] = ";".join(f"{g.q},{g.r}" for g in gallery)
        game.state.accessories[f"sun_{i}"] = Accessory(f"sun_{i}", AccessoryKind.SUN, (h,),
                                                       properties=props)  # fmt: skip
    win_by(game, {"side": "adventurers", "kind": "sun_exit"})
    order = _orders_after_a_plan(game)["rebel_knight_1"]
    assert order.leave and order.goal == frozenset(gallery), order


def test_the_searchers_count_the_deep_passages_on_their_way() -> None:
    # Two "Sun?" counters in two caves walled apart; a passage of one turn leads from
    # the west cave to the east one. The Elf is nearest the west counter; the Black
    # Dwarf, standing on the passage's entrance, gets to the east one first by going
    # down (the party splits to turn them over: one each, the caves being far apart).
    game = position(
        """
        . . . . . # . . . . .
         . . . . . # . . . . .
        . . . . . # . . . . .
        """,
        [Piece("dwarf_axeman_1", (0, 1)), Piece("elf_1", (2, 1))],
    )
    west, east = two_counters(game, AccessoryKind.SUN, (4, 0), (10, 1))
    set_passages(game, ("deep", (0, 1), (8, 1), 1))
    win_by(game, {"side": "adventurers", "kind": "sun_exit"})
    orders = _orders_after_a_plan(game)
    assert orders["elf_1"].goal == frozenset({west}), orders["elf_1"]
    assert orders["dwarf_axeman_1"].goal == frozenset({east}), orders["dwarf_axeman_1"]


def test_where_several_must_get_out_the_bands_share_far_counters_as_one_party() -> None:
    # Two "Sun?" counters at the two ends of a long hall, two of the party to get out by
    # the true one. The west band stands by the west counter, the east band farther
    # east. The west counter's team is the four who get there first (the two needed and
    # two spare); the other six, the fifth of the west band too, go east, where a team
    # would win last. Each band's own share (three of its five to the nearer) would send
    # six west and four east.
    west_band = ["ork_warrior_1", "ork_warrior_2", "ork_warrior_3", "ork_warrior_4", "ork_axeman_1"]
    east_band = ["ork_axeman_2", "ork_axeman_3", "ork_axeman_4", "rebel_swordsman_1",
                 "rebel_swordsman_2"]  # fmt: skip
    game = position(
        hall_drawing(30),
        [Piece(uid, (1 + i // 2, i % 2 * 2)) for i, uid in enumerate(west_band)]
        + [Piece(uid, (12 + i // 2, i % 2 * 2)) for i, uid in enumerate(east_band)],
    )
    west, east = two_counters(game, AccessoryKind.SUN, (0, 1), (29, 1))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["groups"] = {
        "band_a": {"side": "adventurers", "name": "The west band", "units": west_band},
        "band_b": {"side": "adventurers", "name": "The east band", "units": east_band},
    }
    win_by(game, {"side": "adventurers", "kind": "sun_exit", "count": 2})
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    orders = agent._orders
    going_west = {uid for uid, o in orders.items() if o.goal == frozenset({west})}
    going_east = {uid for uid, o in orders.items() if o.goal == frozenset({east})}
    assert going_west == set(west_band[:4]), going_west
    assert going_east == {"ork_axeman_1", *east_band}
    # Each band's intent says where it goes: one counter, named by its cell, or both.
    intents = " | ".join(agent.intent)
    assert "The east band (Ork Axeman 2, " in intents
    assert "go to turn over the '?' counter on (29,1)" in intents, intents
    assert "split to turn over 2 '?' counters" in intents, intents


def test_a_plan_is_said_once_a_turn_even_when_it_comes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The band's plan goes from one '?' counter to another and back within a turn (its
    # team changing hands as the searchers move): the log says each plan once that
    # turn, and again on the next turn.
    game = position(ROOM, [Piece("rebel_knight_1", (2, 4))])
    plans = iter(["west", "east", "west", "east", "west"])

    def plan_groups(view: Any, posts: Any, **_: Any) -> list[GroupPlan]:
        side = next(plans)
        plan = GroupPlan("band", "The band", "objective", ["rebel_knight_1"])
        plan.intent, plan.mode = f"The band: go {side}", f"search-1-{side}"
        return [plan]

    monkeypatch.setattr(tactical, "plan_groups", plan_groups)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    for _ in range(3):
        agent._plan(view)
    assert agent.intent == [
        "Turn 1, adventurers: The band: go west",
        "Turn 1, adventurers: The band: go east",
    ]
    game.state.turn = 2
    agent._plan(view_for(game, Side.ADVENTURERS))
    assert agent.intent[-1] == "Turn 2, adventurers: The band: go east"


def test_the_party_leaves_only_by_the_exits_that_count() -> None:
    # The west bank's entry zone on the map's edge is a way out too, but leaving there
    # counts for nothing ("four of the party ... by the eastern galleries"): Godiva,
    # set on it, walks on; an Elf set on an eastern exit leaves.
    from dragonnoir.engine.rules.offmap import exit_hexes

    game = le_pont_at_movement(1)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))  # plans: the goal is the eastern exits
    east = agent._orders["elf_2"].goal
    taken = set(game.occupancy())
    west = sorted((h for h in exit_hexes(game) - east if h not in taken), key=lambda h: (h.q, h.r))
    assert west, "le-pont has no other way out: the test needs one"
    game.state.units["godiva"].hex = west[0]
    game.touch()
    fresh = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    view = view_for(game, Side.ADVENTURERS)
    assert LeaveMap("godiva") in view.legal  # the engine allows it ...
    first = fresh.choose(view)
    assert first != LeaveMap("godiva")  # ... the AI does not waste her
    out = sorted((h for h in east if h not in set(game.occupancy())), key=lambda h: (h.q, h.r))
    game.state.units["elf_2"].hex = out[0]
    game.touch()
    again = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    assert again.choose(view_for(game, Side.ADVENTURERS)) == LeaveMap("elf_2")
