"""What the Gharvs' waters weigh for a swimmer (ai/scoring.py, `_water_danger`): in the
water, in a boat, next to the water, on dry land."""

from __future__ import annotations

import pytest

from dragonnoir.ai.evaluation import attack_loss
from dragonnoir.ai.scoring import GHARV_ATTACK, GHARV_SHIFT
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.state import Side
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
