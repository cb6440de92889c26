"""What the levels change, on small hand-made positions: the easy level's lapses (a
group that forgets its task for a turn) and hard's ways of playing that normal lacks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, hexes, position

ROOM = "\n".join((" " if r % 2 else "") + " ".join("." for _ in range(12)) for r in range(9))


def _party_sent_east() -> Game:
    """A swordsman who wins by reaching the east wall, a Hunter off his way, south-west."""
    game = position(
        ROOM,
        [Piece("rebel_swordsman_1", (3, 2)), Piece("hunter_01", (1, 7))],
        phase="adventurer_movement",
    )
    zone = [[h.q, h.r] for h in hexes(game, (11, 1), (11, 2), (11, 3))]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "reach", "hexes": zone}]}
    game.touch()
    return game


def _easy(lapses: float) -> TacticalAgent:
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="easy")
    agent.level = replace(agent.level, lapses=lapses)
    return agent


def test_an_easy_party_that_forgets_its_task_goes_for_the_nearest_enemy() -> None:
    game = _party_sent_east()
    hunter = game.state.units["hunter_01"].hex
    heedful, lapsing = _easy(0.0), _easy(1.0)
    for agent in (heedful, lapsing):
        agent.choose(view_for(game, Side.ADVENTURERS))
    assert hunter not in heedful._orders["rebel_swordsman_1"].goal
    assert lapsing._orders["rebel_swordsman_1"].goal == frozenset({hunter})
    assert any("forget their task" in line for line in lapsing.intent)
    assert not any("forget" in line for line in heedful.intent)


def test_a_lapse_is_drawn_once_a_turn_for_the_group() -> None:
    # Half the time: whatever the draw, the group keeps it for the whole turn, and the
    # intent line is said once.
    game = _party_sent_east()
    agent = _easy(0.5)
    goals = set()
    for _ in range(4):
        agent.choose(view_for(game, Side.ADVENTURERS))
        goals.add(agent._orders["rebel_swordsman_1"].goal)
    assert len(goals) == 1
    assert sum("forget" in line for line in agent.intent) <= 1


def test_the_krobs_never_lapse() -> None:
    game = _party_sent_east()
    game.state.phase = "krob_movement"
    game.touch()
    agent = TacticalAgent(Side.KROBS, 1, level="easy")
    agent.level = replace(agent.level, lapses=1.0)
    agent.choose(view_for(game, Side.KROBS))
    assert not any("forget" in line for line in agent.intent)


def test_the_lapse_s_intent_line_names_the_characters() -> None:
    agent = _easy(1.0)
    agent.choose(view_for(_party_sent_east(), Side.ADVENTURERS))
    assert "Turn 1, adventurers: Rebel Swordsman 1: forget their task" in agent.intent[-1]
