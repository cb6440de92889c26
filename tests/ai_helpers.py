"""Positions the AI tests share: drawn boards (a hall, an isle in a lake) and a real
scenario played by the normal AI up to a point."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Accessory, AccessoryKind, Side
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.hexmap.board import Zone, ZoneKind
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.resources import find

#: A bare hall, ten hexes by four (engine.testing.position's drawing).
HALL = """
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
 . . . . . . . . . .
"""


#: An isle in a lake, a shore along the top row (the Gharvs' waters: boats, swimmers,
#: the Orb).
ISLE = """
. . . . . .
 ~ ~ ~ ~ ~ ~
~ ~ ~ ~ ~ ~
 ~ ~ . . ~ ~
~ ~ ~ ~ ~ ~
"""
#: A low island: its banks at the water's level, so a swimmer climbs out anywhere.
ISLE_LEVELS = "\n".join((" " if r % 2 else "") + " ".join("0" for _ in range(6)) for r in range(5))


def knight_goblin_and_boat(
    knight: tuple[int, int], goblin: tuple[int, int], boat: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[Game, Hex, Hex]:
    """The knight (who cannot swim) and a Goblin where given on ISLE, one boat whose
    stern and bow lie on `boat`'s cells: the game, the stern and the bow."""
    pieces = [Piece("rebel_knight_1", knight), Piece("goblin_spearman_1", goblin)]
    game = position(ISLE, pieces, levels=ISLE_LEVELS)
    stern, bow = hexes(game, *boat)
    game.state.accessories["boat_1"] = Accessory(
        "boat_1", AccessoryKind.BOAT, (stern, bow), facing=stern.direction_to(bow) or 0
    )
    return game, stern, bow


def bearer_in_the_hall(
    elf: tuple[int, int], hunter: tuple[int, int], *, turn: int = 1, turn_limit: int | None = None
) -> tuple[Game, Hex, Hex]:
    """The elf carries the Orb in HALL at `elf`, a Hunter at `hunter`, a way out at each
    end of the second row; the party wins by carrying the Orb off, and with `turn_limit`
    the limit gives the game to the Krobs. The game at `turn`, the west and the east way
    out."""
    game = position(HALL, [Piece("elf_1", elf), Piece("hunter_01", hunter)], turn_limit=turn_limit)
    game.state.turn = turn
    (here,) = hexes(game, elf)
    game.state.accessories["orb_1"] = Accessory(
        "orb_1",
        AccessoryKind.ORB,
        (here,),
        properties={"real": True, "revealed": True, "carried_by": "elf_1"},
    )
    west, east = hexes(game, (0, 1), (9, 1))
    game.board.zones.append(Zone(ZoneKind.EXIT, "west", frozenset({west})))
    game.board.zones.append(Zone(ZoneKind.EXIT, "east", frozenset({east})))
    victory: dict[str, Any] = {"conditions": [{"side": "adventurers", "kind": "orb_off"}]}
    if turn_limit:
        victory["at_turn_limit"] = "krobs"
    game.state.scratch.setdefault("scenario", {})["victory"] = victory
    game.touch()
    return game, west, east


def le_pont_at_movement(turn: int) -> Game:
    """Le Pont (seed 3) as the Adventurers' movement of `turn` begins, both sides played
    by the normal AI up to there: hidden Krobs, webs, a river, exits east and west."""
    game = scenario_games(find("scenarios", "le-pont"))(3)
    agents = {s: TacticalAgent(s, 5, level="normal") for s in (Side.KROBS, Side.ADVENTURERS)}
    while not (game.state.turn == turn and game.state.phase == "adventurer_movement"):
        side = game.to_act()
        assert side is not None
        game.apply(agents[side].choose(view_for(game, side)))
    return game
