"""Bridges over sunken rivers (issue 40, item 5): a bridge stands at the level of the
banks it joins, and movement, combat, the line of fire and the Gharvs follow. Our
reading, since the rulebook says nothing of levels under a bridge: docs/spells.md,
"Bridges". One small hand-made position per point, dice forced."""

from __future__ import annotations

from dragonnoir.engine import revisions
from dragonnoir.engine.actions import CastSpell, Fire, Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import gharvs
from dragonnoir.engine.rules.steps import bridge_levels, ground_level, in_position_to_attack
from dragonnoir.engine.state import Accessory, AccessoryKind, Wizard
from dragonnoir.engine.testing import Piece, force_dice, hexes, position
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Edge

#: A river (level -1) from north to south between two banks at level 0, cliffs between.
RIVER = """
. . ~ . .
 . . ~ . .
. . ~ . .
"""
#: A river along row 1 with beaches (level -1) beside a one-hex channel.
CHANNEL = """
. . . . . . .
 h h h ~ h h h
. . . . . . .
"""
#: A lake four hexes wide between two banks.
LAKE = """
. ~ ~ ~ ~ .
 . ~ ~ ~ ~ .
. ~ ~ ~ ~ .
"""


def with_cliffs(game: Game) -> Game:
    """Cliffs on every side between hexes a whole level apart, as the boards have them
    (docs/boards.md, "Generated edges")."""
    cells = game.board.cells
    for h, cell in cells.items():
        for n in h.neighbours():
            other = cells.get(n)
            if other is not None and abs(other.level - cell.level) >= 1.0:
                game.board.edges[Edge(h, n)] = EdgeFeature.CLIFF
    game.touch()
    return game


def at(game: Game, cell: tuple[int, int]) -> str:
    h = hexes(game, cell)[0]
    return f"{h.q},{h.r}"


def lay_bridge(game: Game, *cells: tuple[int, int], name: str = "bridge_1") -> None:
    """A bridge counter laid on `cells` (as a scenario lays one), the counters standing
    on it at its level."""
    game.state.accessories[name] = Accessory(
        name, AccessoryKind.BRIDGE, hexes(game, *cells), properties={"counter": "bridge_small"}
    )
    game.touch()
    for unit in game.state.units.values():
        if unit.hex in hexes(game, *cells):
            unit.level = ground_level(game, unit.hex)
    game.touch()


def legacy(game: Game) -> Game:
    """The game as saved before the revision: the bridge keeps the water's level."""
    revisions.align(game, [])
    return game


def test_a_spell_bridge_over_a_sunken_river_stands_at_its_banks_level() -> None:
    game = with_cliffs(
        position(RIVER, [Piece("zacharie", (0, 0)), Piece("rebel_knight_1", (1, 1))])
    )
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    across = Move("rebel_knight_1", hexes(game, (2, 1), (3, 1)))
    assert "Movement Restriction 8" in game.explain(across).rule  # the cliff down to it
    force_dice(game, 10)
    game.apply(CastSpell("zacharie", "small_bridge", (at(game, (2, 1)),)))
    bridge = hexes(game, (2, 1))[0]
    assert game.board.cells[bridge].level == -1.0
    assert ground_level(game, bridge) == 0.0
    verdict = game.explain(across)
    assert verdict.legal, verdict.reason
    game.apply(across)
    assert game.state.units["rebel_knight_1"].level == 0.0


def test_before_the_revision_the_bridge_kept_the_water_s_level() -> None:
    """A game saved before the revision replays with the rules it was begun with: the
    knight could not step down the cliff onto it (engine/revisions.py)."""
    game = legacy(with_cliffs(position(RIVER, [Piece("rebel_knight_1", (1, 1))])))
    lay_bridge(game, (2, 1))
    assert ground_level(game, hexes(game, (2, 1))[0]) == -1.0
    assert not game.explain(Move("rebel_knight_1", hexes(game, (2, 1), (3, 1)))).legal


def test_a_swimmer_cannot_climb_onto_the_bridge_but_a_goblin_can() -> None:
    """ "The hexes of a wooden bridge are not accessible from a water hex" (Movement
    Restriction 3); the Goblins "can pass freely from a water hex to a bridge or wooden
    landing-stage hex and vice versa" ("The Goblins")."""
    game = with_cliffs(
        position(RIVER, [Piece("rebel_scout_1", (2, 0)), Piece("goblin_archer_1", (2, 2))])
    )
    lay_bridge(game, (2, 1))
    swim = game.explain(Move("rebel_scout_1", hexes(game, (2, 1))))
    assert not swim.legal and "Movement Restriction 3" in swim.rule
    climb = Move("goblin_archer_1", hexes(game, (2, 1)))
    assert game.explain(climb).legal
    game.apply(climb)
    assert game.state.units["goblin_archer_1"].level == 0.0


def test_a_krob_on_the_bank_may_attack_a_man_on_the_bridge() -> None:
    """Same level, the cliff under the bridge's end covered: "any combat is impossible
    when the attacker cannot go onto the hex he is attacking" ("Combat Restrictions")
    no longer keeps them apart; before the revision it did."""
    pieces = [Piece("rebel_knight_1", (2, 1)), Piece("warrior_01", (3, 1))]
    game = with_cliffs(position(RIVER, pieces, phase="krob_combat"))
    lay_bridge(game, (2, 1))
    units = game.state.units
    assert in_position_to_attack(game, units["warrior_01"], units["rebel_knight_1"])
    old = legacy(with_cliffs(position(RIVER, pieces, phase="krob_combat")))
    lay_bridge(old, (2, 1))
    units = old.state.units
    assert not in_position_to_attack(old, units["warrior_01"], units["rebel_knight_1"])


def test_a_bridge_joins_the_highest_bank_it_touches() -> None:
    """Beaches (-1) on either side of the channel, banks (0) above and below: the
    bridge stands at 0, and a beach a whole level below it is not stepped onto."""
    game = with_cliffs(position(CHANNEL, [Piece("rebel_scout_1", (3, 0))]))
    lay_bridge(game, (3, 1))
    assert ground_level(game, hexes(game, (3, 1))[0]) == 0.0
    assert game.explain(Move("rebel_scout_1", hexes(game, (3, 1), (3, 2)))).legal
    down = game.explain(Move("rebel_scout_1", hexes(game, (3, 1), (4, 1))))
    assert not down.legal


def test_a_bridge_touching_no_bank_floats_and_one_laid_on_from_a_bridge_joins_it() -> None:
    game = position(LAKE, [Piece("rebel_scout_1", (0, 1))])
    lay_bridge(game, (2, 1), (3, 1), name="raft")  # water all round: the water's level
    assert ground_level(game, hexes(game, (2, 1))[0]) == -1.0
    game = position(LAKE, [Piece("rebel_scout_1", (0, 1))])
    lay_bridge(game, (1, 1), (2, 1), name="first")  # from the west bank: level 0
    lay_bridge(game, (3, 1), name="second")  # touches only the first bridge and water
    levels = bridge_levels(game)
    assert levels[hexes(game, (3, 1))[0]] == 0.0
    assert levels[hexes(game, (1, 1))[0]] == 0.0


def test_the_line_of_fire_from_a_raised_bridge_passes_over_those_below() -> None:
    """ "when the shooter or his target is situated at height (one level of difference),
    the characters below are not an obstacle" ("Characters"): an archer on the bridge
    over the channel shoots along the beach over a Krob standing on it."""
    pieces = [
        Piece("ork_archer_1", (3, 1)),
        Piece("hunter_01", (6, 1)),
        Piece("hunter_02", (5, 1)),
    ]
    game = with_cliffs(position(CHANNEL, pieces, phase="adventurer_fire"))
    lay_bridge(game, (3, 1))
    shot = Fire(("ork_archer_1",), "hunter_01")
    verdict = game.explain(shot)
    assert verdict.legal, verdict.reason
    old = legacy(with_cliffs(position(CHANNEL, pieces, phase="adventurer_fire")))
    lay_bridge(old, (3, 1))
    assert not old.explain(shot).legal  # on the water's level, the Krob is in the way


def test_a_man_on_a_bridge_calls_no_gharv_and_none_comes_up_under_it() -> None:
    """The bridges are "Very useful when you want to avoid giving your toes to the
    Gharvs to eat" ("Counters Linked to Magic Spells"): a man on one is not in the
    water nor on a beach or a boat; a swimmer's Gharv rises on water, never under the
    bridge (the counter covers the hex). On level-0 water too (a marsh pool)."""
    pool = ". . . . .\n . ~ ~ ~ .\n. . . . ."
    game = position(pool, [Piece("rebel_knight_1", (2, 1)), Piece("rebel_scout_1", (3, 1))])
    lay_bridge(game, (2, 1))
    units = game.state.units
    assert gharvs.situation(game, units["rebel_knight_1"]) is None
    swimmer = units["rebel_scout_1"]
    assert gharvs.situation(game, swimmer) is not None
    assert hexes(game, (2, 1))[0] not in gharvs.appearance_hexes(game, swimmer)
    old = legacy(position(pool, [Piece("rebel_knight_1", (2, 1))]))
    lay_bridge(old, (2, 1))
    assert gharvs.situation(old, old.state.units["rebel_knight_1"]) is not None
