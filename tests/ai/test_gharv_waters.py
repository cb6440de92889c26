"""What the Gharvs' waters weigh for a swimmer (ai/scoring.py, `_water_danger`): in the
water, in a boat, next to the water, on dry land."""

from __future__ import annotations

import pytest

from dragonnoir.ai.evaluation import attack_loss
from dragonnoir.ai.orders import Order
from dragonnoir.ai.scoring import GHARV_ATTACK, GHARV_SHIFT
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.engine.values import profile
from dragonnoir.hexmap.hexes import Hex

# Dry floor, a bank, the lake, the water half a level below the floor.
SHORE = """
. . . ~ ~ ~
 . . . ~ ~ ~
. . . ~ ~ ~
"""
LEVELS = """
0 0 0 _ _ _
 0 0 0 _ _ _
0 0 0 _ _ _
"""


def test_a_swimmer_minds_the_water_most_then_its_bank_then_a_boat() -> None:
    # At each of the two interphases before he moves again a Gharv rises one time in two
    # for who is in the water, one in ten next to it, one in five in a boat where it can
    # only try to capsize it (the Gharv Appearance Table, "The Gharvs"); on dry land none.
    game = position(SHORE, [Piece("goblin_spearman_1", (0, 1))], levels=LEVELS)
    game.state.scratch.setdefault("scenario", {})["switches"] = {"gharvs": True}
    game.touch()
    goblin = game.state.units["goblin_spearman_1"]
    dry, bank, lake = hexes(game, (0, 1), (2, 1), (4, 1))
    view = view_for(game, Side.ADVENTURERS)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    p = profile(game, goblin)
    in_water = attack_loss(game, GHARV_ATTACK, p.defence, goblin, p.armoured, shift=GHARV_SHIFT)

    def danger(h: Hex, afloat: bool = False) -> float:
        return agent._water_danger(view, goblin, h, afloat=afloat)

    assert danger(lake) == pytest.approx(in_water)  # at one interphase or the other
    assert danger(bank) == pytest.approx(2 * 0.1 * in_water)
    assert danger(lake) > danger(bank) > danger(lake, afloat=True) > danger(dry) == 0.0


# A strip of floor along the lake, the water half a level below it.
STRAND = """
. . . . ~ ~ ~
 . . . . ~ ~ ~
. . . . ~ ~ ~
"""
STRAND_LEVELS = """
0 0 0 0 _ _ _
 0 0 0 0 _ _ _
0 0 0 0 _ _ _
"""


def test_hard_keeps_a_badly_wounded_man_from_the_krobs_on_land_not_in_the_lake() -> None:
    # A swordsman one wound from death, a Hunter two hexes west of him: he walks away
    # from the Hunter (`Order.avoid`). Two hexes out into the lake are farther from the
    # Hunter than the last floor hex, and a Gharv rises there one time in two at each
    # interphase: hard's keeping safe weighs that (les-eaux-noires: a badly wounded
    # swordsman swam off the island away from the Krobs). Without the Gharvs, farther
    # is safer.
    def scores(gharvs: bool) -> tuple[float, float]:
        game = position(
            STRAND,
            [Piece("rebel_swordsman_1", (2, 1), status=Status.WOUNDED, wounds=1),
             Piece("hunter_01", (0, 1))],
            levels=STRAND_LEVELS,
        )  # fmt: skip
        game.state.scratch.setdefault("scenario", {})["switches"] = {"gharvs": gharvs}
        game.touch()
        swordsman = game.state.units["rebel_swordsman_1"]
        floor, lake = hexes(game, (3, 1), (5, 1))
        view = view_for(game, Side.ADVENTURERS)
        agent = TacticalAgent(Side.ADVENTURERS, 1, level="hard")
        away = Order(avoid=True, aggression=0.1)
        return agent._score(view, swordsman, floor, away), agent._score(view, swordsman, lake, away)

    floor, lake = scores(gharvs=True)
    assert floor > lake
    floor, lake = scores(gharvs=False)
    assert lake > floor


def test_hard_krobs_mind_the_gharvs_waters_less_where_they_must_come_across_them() -> None:
    # A Hunter on the bank, a swordsman out in the lake. Where the casualty points judge
    # at the turn limit (les-eaux-noires), the Krobs must come at the party to win, and
    # hard's weigh the water a move would end in at half the weight normal's do
    # (`Level.krobs_daring`, `clock.dare_the_crossing`: a Krob is one of many). Where the
    # limit gives them the game (le-marais), the full weight: they need not cross.
    def hunter_in_the_lake(level: str, at_turn_limit: str) -> float:
        game = position(
            STRAND,
            [Piece("hunter_01", (2, 1)), Piece("rebel_swordsman_1", (6, 1))],
            levels=STRAND_LEVELS,
            phase="krob_movement",
        )
        setup = game.state.scratch.setdefault("scenario", {})
        setup["switches"] = {"gharvs": True}
        setup["victory"] = {"conditions": [], "at_turn_limit": at_turn_limit}
        game.touch()
        view = view_for(game, Side.KROBS)
        agent = TacticalAgent(Side.KROBS, 1, level=level)
        order = agent._plan(view)["hunter_01"]
        hunter = game.state.units["hunter_01"]
        return agent._water_cost(view, hunter, hexes(game, (4, 1))[0], order)

    normal = hunter_in_the_lake("normal", "casualties")
    assert normal > 0
    assert hunter_in_the_lake("hard", "casualties") == pytest.approx(normal / 2)
    full = hunter_in_the_lake("normal", "krobs")
    assert hunter_in_the_lake("hard", "krobs") == pytest.approx(full)
