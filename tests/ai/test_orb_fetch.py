"""The party and the Orb in the Gharvs' waters: small hand-made
positions, each asserting where a character of the party goes and why."""

from __future__ import annotations

from typing import Any

from ai_helpers import ISLE, ISLE_LEVELS, bearer_in_the_hall, knight_goblin_and_boat

from dragonnoir.ai.orders import Order
from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import objectives
from dragonnoir.engine.state import Accessory, AccessoryKind, Side
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.board import Zone, ZoneKind
from dragonnoir.hexmap.hexes import Hex


def _orb_in_the_water(fetcher: str, at: tuple[int, int], orb: tuple[int, int]) -> Game:
    """`fetcher` stands at `at`; the true Orb, turned over, lies at `orb` where its last
    bearer drowned; the Gharvs in play; the Adventurers win by carrying it off by the
    exit at the shore's west end."""
    game = position(ISLE, [Piece(fetcher, at)], levels=ISLE_LEVELS)
    (lying,) = hexes(game, orb)
    game.state.accessories["orb_1"] = Accessory(
        "orb_1", AccessoryKind.ORB, (lying,), properties={"real": True, "revealed": True}
    )
    game.board.zones.append(Zone(ZoneKind.EXIT, "west", frozenset(hexes(game, (0, 0)))))
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": True}
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "orb_off"}]}
    game.touch()
    return game


def _moves(game: Game, agent: TacticalAgent, most: int = 4) -> list[Move]:
    """The Adventurers' moves as `agent` chooses them, until it does something else."""
    played: list[Move] = []
    while game.to_act() is Side.ADVENTURERS and len(played) < most:
        action = agent.choose(view_for(game, Side.ADVENTURERS))
        if not isinstance(action, Move):
            break
        game.apply(action)
        played.append(action)
    return played


def test_the_fetcher_picks_up_the_orb_in_the_water_and_climbs_back_out() -> None:
    # "The Gharvs": in the water a Gharv rises one time in two at each interphase, next
    # to it one in ten (the Gharv Appearance Table). The Goblin on the shore swims out
    # to the Orb (3 of his 7 points), picks it up, and with the points he has left
    # steps back ashore rather than wait in the water for the Gharvs (l-ile, seed 86:
    # four fetchers in a row drowned where the Orb lay beside the landing stage).
    game = _orb_in_the_water("goblin_spearman_1", (3, 0), (3, 1))
    played = _moves(game, TacticalAgent(Side.ADVENTURERS, 1, level="normal"))
    goblin = game.state.units["goblin_spearman_1"]
    assert objectives.carries_orb(game, goblin), played
    assert goblin.hex is not None
    assert game.board.cells[goblin.hex].terrain != "water", [m.path for m in played]
    assert len(played) == 2, [m.path for m in played]


def test_a_fetcher_on_land_waits_at_the_water_s_edge_beside_the_orb() -> None:
    # Four hexes along the shore, the Goblin could swim to the Orb this turn and end
    # there, in the water, for both Gharv interphases. He walks to the dry hex beside
    # it instead: from there, next turn, he swims out, picks it up and climbs back.
    game = _orb_in_the_water("goblin_spearman_1", (0, 0), (4, 1))
    (lying,) = hexes(game, (4, 1))
    played = _moves(game, TacticalAgent(Side.ADVENTURERS, 1, level="normal"))
    goblin = game.state.units["goblin_spearman_1"]
    assert goblin.hex is not None and goblin.hex.distance(lying) == 1, [m.path for m in played]
    assert game.board.cells[goblin.hex].terrain != "water"
    assert not objectives.carries_orb(game, goblin)


def _knight_by_the_boat(gharvs: bool) -> TacticalAgent:
    """The knight and a Goblin on the shore, a boat moored below them, an "Orb?" counter
    (the true one) on the isle; the party wins by carrying the Orb off. The agent has
    planned, and is returned."""
    game, _stern, _bow = knight_goblin_and_boat((2, 0), (3, 0), ((2, 1), (3, 1)))
    (counter,) = hexes(game, (3, 3))
    game.state.accessories["orb_1"] = Accessory(
        "orb_1", AccessoryKind.ORB, (counter,), properties={"real": True}
    )
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["switches"] = {"gharvs": gharvs}
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "orb_off"}]}
    game.touch()
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent


def test_the_knight_who_cannot_swim_keeps_to_the_shore_over_the_gharvs_waters() -> None:
    # "The Gharvs": in a boat a Gharv rises one time in five and capsizes it three times
    # in ten; the knight in armour then sinks like a stone, and his seat was one
    # swimmer fewer in the water. Where the goal lies over the Gharvs' waters he stays
    # ashore (l-ile against the random player, seeds 0-399: 354 won against 347).
    agent = _knight_by_the_boat(gharvs=True)
    assert not agent._orders["rebel_knight_1"].goal, agent._orders["rebel_knight_1"]
    assert agent._orders["goblin_spearman_1"].goal
    # Without the Gharvs the water is only a way: he takes the boat with the others.
    agent = _knight_by_the_boat(gharvs=False)
    assert agent._orders["rebel_knight_1"].goal


def _bearer_in_the_hall(elf: tuple[int, int], hunter: tuple[int, int]) -> tuple[Order, Hex, Hex]:
    """The elf's order in `ai_helpers.bearer_in_the_hall` once the agent has planned, the
    west and the east way out."""
    game, west, east = bearer_in_the_hall(elf, hunter)
    agent = TacticalAgent(Side.ADVENTURERS, 1, level="normal")
    agent.choose(view_for(game, Side.ADVENTURERS))
    return agent._orders["elf_1"], west, east


def test_the_orb_s_bearer_goes_round_to_a_way_out_no_krob_holds() -> None:
    # Two ways out of the hall, the east one nearer; a Hunter stands on it. The bearer
    # makes for the west one rather than wait beside the Hunter for the time to run out
    # (l-ile, seed 60).
    order, west, _east = _bearer_in_the_hall((6, 1), (9, 1))
    assert order.goal == frozenset({west}), order
    # On a way out already, a Hunter beside him: he leaves from where he stands.
    order, west, east = _bearer_in_the_hall((9, 1), (8, 1))
    assert east in order.goal, order
