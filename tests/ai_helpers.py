"""Positions the AI tests share: drawn boards (a hall, a room, an isle in a lake, a marsh),
a real scenario played by the normal AI up to a point, and the setters of a position's
victory conditions, passages and counters that the tactics tests use."""

from __future__ import annotations

from typing import Any

from dragonnoir.ai.tactical import TacticalAgent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action
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


# -- a position's victory conditions, passages and counters ---------------------------


def win_by_reaching(game: Game, side: Side, cells: list[tuple[int, int]]) -> None:
    """A scenario whose `side` wins by reaching these cells."""
    zone = [[h.q, h.r] for h in hexes(game, *cells)]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": side.value, "kind": "reach", "hexes": zone}]}
    game.touch()


def choose_for(
    game: Game, side: Side, level: str = "hard", agent: TacticalAgent | None = None
) -> Action:
    """What `side`'s AI (`agent`, or a fresh one at `level`) does next in `game`."""
    agent = agent or TacticalAgent(side, 1, level=level)
    return agent.choose(view_for(game, side))


def win_by(game: Game, *conditions: dict[str, Any]) -> None:
    """The scenario's victory conditions are these."""
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": list(conditions)}
    game.touch()


def set_passages(game: Game, *ways: tuple[str, tuple[int, int], tuple[int, int], int]) -> None:
    """The scenario's deep passages: (id, one end's cell, the other's, turns)."""
    table: dict[str, Any] = {}
    for pid, a, b, turns in ways:
        one, other = hexes(game, a, b)
        table[pid] = {"a": [one.q, one.r], "b": [other.q, other.r], "turns": turns, "name": pid}
    game.state.scratch.setdefault("scenario", {})["passages"] = table
    game.touch()


ROOM = "\n".join((" " if r % 2 else "") + " ".join("." for _ in range(12)) for r in range(9))


def hall_drawing(length: int) -> str:
    """A hall `length` hexes long and three rows deep, for `position`."""
    return "\n".join(
        " ".join("." for _ in range(length))
        if r % 2 == 0
        else " " + " ".join("." for _ in range(length))
        for r in range(3)
    )


def two_counters(
    game: Game, kind: AccessoryKind, first: tuple[int, int], second: tuple[int, int]
) -> tuple[Hex, Hex]:
    """A '?' counter of `kind` on each of two cells, the second the true one."""
    hs = hexes(game, first, second)
    for i, h in enumerate(hs):
        game.state.accessories[f"{kind.value}_{i}"] = Accessory(
            f"{kind.value}_{i}", kind, (h,), properties={"real": i == 1}
        )
    return hs[0], hs[1]


def hall_with_two_orb_counters(
    pieces: list[Piece], at: tuple[tuple[int, int], tuple[int, int]]
) -> tuple[Game, Hex, Hex]:
    """A hall 14 hexes long, `pieces` in it, an "Orb?" counter on each cell of `at` (the
    second one the true Orb), the party to carry the Orb out."""
    game = position(hall_drawing(14), pieces)
    first, second = two_counters(game, AccessoryKind.ORB, *at)
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"conditions": [{"side": "adventurers", "kind": "orb_off"}]}
    game.touch()
    return game, first, second


MARSH = """
. m m m m m m .
 . m m m m m m .
. m m m m m m ~
"""


def near_the_turn_limit(game: Game, condition: dict[str, Any]) -> None:
    """Turn 9 of 10, the turn limit against the Adventurers, who win by `condition`."""
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {"at_turn_limit": "krobs", "conditions": [condition]}
    game.state.turn_limit, game.state.turn = 10, 9
    game.touch()


def win_by_holding(game: Game, cells: list[tuple[int, int]], turn: int) -> None:
    """A scenario the Adventurers win by holding these cells at the end of `turn`."""
    zone = [[h.q, h.r] for h in hexes(game, *cells)]
    setup: dict[str, Any] = game.state.scratch.setdefault("scenario", {})
    setup["victory"] = {
        "conditions": [{"side": "adventurers", "kind": "hold", "hexes": zone, "turn": turn}]
    }
    game.touch()


def give_the_orb(game: Game, uid: str) -> None:
    """The true Orb, turned over, in the hands of `uid` where he stands."""
    here = game.state.units[uid].hex
    assert here is not None
    game.state.accessories["orb_1"] = Accessory(
        "orb_1",
        AccessoryKind.ORB,
        (here,),
        properties={"real": True, "revealed": True, "carried_by": uid},
    )
