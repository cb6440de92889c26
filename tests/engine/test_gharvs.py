"""The Gharv interphases ("The Gharvs", "Organisation of the Game Turn") and the unstable
marsh: one small hand-made position per rule, dice forced (docs/gharvs.md)."""

from __future__ import annotations

from dragonnoir.engine.actions import Attack, Declare, EndPhase, Move, Pass
from dragonnoir.engine.events import (
    CombatResolved,
    DieRolled,
    GharvAppeared,
    GharvLeft,
    GharvNote,
    MovementStopped,
    ResultConverted,
    UnitWounded,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import gharvs
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.testing import Piece, cell_of, hexes, position, seed_for
from dragonnoir.engine.water_tables import WaterSituation
from dragonnoir.narration.phrase import english

# A beach hex (2, 1) with water all round to the west; land to the east.
SHORE = """
~ ~ ~ . . .
 ~ ~ h . . .
~ ~ ~ . . .
"""


def interphase(art: str, pieces: list[Piece], *faces: int, **kw: object) -> Game:
    """A game entering Gharv interphase 1 with the dice showing `faces`."""
    return position(art, pieces, phase="adventurer_recovery", seed=seed_for(*faces), **kw)  # type: ignore[arg-type]


def events_of(game: Game, kind: type) -> list:
    return [e for e in game.log if isinstance(e, kind)]


def test_who_rolls_in_the_water_on_the_shore_and_in_the_marsh() -> None:
    game = position(
        """
        ~ h . . m u
         . . . . . .
        """,
        [
            Piece("rebel_swordsman_1", (0, 0)),
            Piece("rebel_swordsman_2", (1, 0)),
            Piece("hunter_01", (3, 1)),
            Piece("hunter_02", (4, 0)),
            Piece("hunter_03", (5, 0)),
        ],
        phase="adventurer_movement",
    )
    units = game.state.units
    assert gharvs.situation(game, units["rebel_swordsman_1"]) is WaterSituation.WATER
    assert gharvs.situation(game, units["rebel_swordsman_2"]) is WaterSituation.SHORE
    assert gharvs.situation(game, units["hunter_01"]) is None
    assert gharvs.situation(game, units["hunter_02"]) is WaterSituation.MARSH
    assert gharvs.situation(game, units["hunter_03"]) is WaterSituation.UNSTABLE_MARSH


def test_a_gharv_rises_on_a_water_hex_drawn_by_the_die_and_attacks_its_caller() -> None:
    """Next to the water: 10 calls a Gharv. Three free water hexes next to him are
    numbered; a 10 is a spare face (9 faces for 3), re-rolled; 2 names the second. Then
    it attacks him; with nothing to decide the interphase runs on."""
    game = interphase(SHORE, [Piece("rebel_swordsman_1", (2, 1))], 10, 10, 2, 5)
    appeared = events_of(game, GharvAppeared)
    assert len(appeared) == 1 and appeared[0].victim == "rebel_swordsman_1"
    draws = [
        e for e in game.log if isinstance(e, DieRolled) and "where the Gharv" in english(e.purpose)
    ]
    assert [d.value for d in draws] == [10, 2]
    gharv = game.state.units[appeared[0].gharv]
    assert gharv.side is Side.GHARVS and gharvs.is_water(game, appeared[0].hex)
    fought = events_of(game, CombatResolved)
    assert fought and fought[0].attackers == (gharv.id,)
    assert fought[0].defenders == ("rebel_swordsman_1",)


def test_no_gharv_when_the_table_says_no() -> None:
    game = interphase(SHORE, [Piece("rebel_swordsman_1", (2, 1))], 9, 9)
    assert not events_of(game, GharvAppeared)
    assert game.state.phase == "krob_movement"


def test_eight_gharvs_at_most() -> None:
    """When all 8 counters are on the map no more appear, and the log says so."""
    game = position(SHORE, [Piece("rebel_swordsman_1", (2, 1))], phase="adventurer_movement")
    far = hexes(game, (0, 0))[0]
    for i in range(1, 9):
        game.state.units[f"gharv_{i}"] = Unit(
            id=f"gharv_{i}", kind=f"gharv_{i}", side=Side.GHARVS, hex=far, level=-1.0
        )
    game.touch()
    assert gharvs.free_counter(game) is None
    events = gharvs.appear(game)
    assert not any(isinstance(e, GharvAppeared) for e in events)
    assert any(isinstance(e, GharvNote) and "all 8" in english(e.message) for e in events)


def test_on_the_victims_retreat_the_gharv_advances_onto_the_freed_hex() -> None:
    """A Gharv (5, in the water: +) against a swordsman on the beach (3): 1-1, shifted
    to 2-1; die 5: the defender retreats; "in case of retreat or death of the character,
    the Gharv will always advance onto the hex left free"."""
    game = interphase(SHORE, [Piece("rebel_swordsman_1", (2, 1))], 10, 1, 5)
    fought = events_of(game, CombatResolved)
    assert fought and fought[0].result == "DR"
    beach = hexes(game, (2, 1))[0]
    gharv_id = events_of(game, GharvAppeared)[0].gharv
    assert game.state.units[gharv_id].hex == beach
    assert game.state.units["rebel_swordsman_1"].hex != beach
    # in contact with the swordsman on land, the Gharv stays for the next interphase
    assert game.state.phase == "krob_movement"
    assert game.state.units[gharv_id].hex == beach


def test_a_gharv_does_not_attack_a_man_on_an_embankment_and_dives_again() -> None:
    """ "A Gharv cannot attack a character situated on a hex where it cannot go (e.g.
    Embankment)": it rises, cannot attack, is in contact with nobody, and goes back."""
    game = interphase(
        """
        ~ ~ e . .
         ~ ~ e . .
        """,
        [Piece("rebel_swordsman_1", (2, 0))],
        10,
        1,
        levels="- - _ 0 0\n- - _ 0 0",
    )
    assert events_of(game, GharvAppeared)
    assert not events_of(game, CombatResolved)
    left = events_of(game, GharvLeft)
    assert left and "dives" in english(left[0].why)
    assert game.state.units[left[0].gharv].hex is None


def test_a_gharv_on_land_walks_back_to_the_water_with_its_land_potential() -> None:
    game = position(
        "~ . . . .",
        [Piece("gharv_1", (2, 0))],
        levels="- - - - -",
        phase="adventurer_movement",
    )
    # land potential 2: cave floor costs 1 a hex: (1, 0) then the water at (0, 0)
    events = gharvs.disappear(game)
    assert any(isinstance(e, GharvLeft) and "reaches the water" in english(e.why) for e in events)
    assert game.state.units["gharv_1"].hex is None
    far = position(
        "~ . . . .",
        [Piece("gharv_1", (4, 0))],
        levels="- - - - -",
        phase="adventurer_movement",
    )
    gharvs.disappear(far)
    assert cell_of(far, "gharv_1") == (2, 0)  # two hexes nearer; on next time


def test_two_attacks_are_ordered_by_the_die() -> None:
    game = position(
        """
        ~ ~ ~ ~ ~
         ~ h ~ h ~
        """,
        [Piece("rebel_swordsman_1", (1, 1)), Piece("rebel_swordsman_2", (3, 1))],
        phase="adventurer_recovery",
        seed=seed_for(10, 1, 10, 1, 2),
    )
    order = [
        e
        for e in game.log
        if isinstance(e, DieRolled) and "order of the Gharvs" in english(e.purpose)
    ]
    assert len(order) == 1
    assert len(events_of(game, CombatResolved)) >= 1


def test_either_side_may_attack_a_gharv_in_its_own_combat_phase() -> None:
    game = position(
        "~ h . .",
        [Piece("gharv_1", (0, 0)), Piece("rebel_swordsman_1", (1, 0))],
        levels="- - 0 0",
        phase="adventurer_combat",
    )
    verdict = game.explain(Attack(("rebel_swordsman_1",), ("gharv_1",)))
    assert verdict.legal, verdict
    game.apply(Attack(("rebel_swordsman_1",), ("gharv_1",)))
    game.apply(Declare())


# -- the unstable marsh -----------------------------------------------------------------


def test_an_armoured_character_may_stick_or_sink_in_the_unstable_marsh() -> None:
    """Our Unstable Marsh Table: 1-5 firm, 6-8 stuck, 9-10 sinks (wounded)."""
    art = ". u . ."
    knight = [Piece("rebel_knight_1", (0, 0))]
    move = lambda g: Move("rebel_knight_1", hexes(g, (1, 0), (2, 0)))  # noqa: E731
    firm = position(art, knight, seed=seed_for(3))
    firm.apply(move(firm))
    assert cell_of(firm, "rebel_knight_1") == (2, 0)
    stuck = position(art, knight, seed=seed_for(7))
    events = stuck.apply(move(stuck))
    assert cell_of(stuck, "rebel_knight_1") == (1, 0)
    assert any(isinstance(e, MovementStopped) and "Stuck" in e.reason for e in events)
    sinks = position(art, knight, seed=seed_for(10))
    events = sinks.apply(move(sinks))
    assert cell_of(sinks, "rebel_knight_1") == (1, 0)
    assert any(isinstance(e, UnitWounded) for e in events)
    # Not armoured: no roll.
    light = position(art, [Piece("rebel_swordsman_1", (0, 0))], seed=seed_for(10))
    light.apply(Move("rebel_swordsman_1", hexes(light, (1, 0), (2, 0))))
    assert cell_of(light, "rebel_swordsman_1") == (2, 0)


def test_the_interphase_waits_for_the_victims_decision_then_goes_on() -> None:
    """While a decision of an attacked character is pending the Gharv phase waits;
    answering it lets the interphase finish and the Krob turn begin."""
    game = interphase(
        SHORE,
        [Piece("rebel_swordsman_1", (2, 1)), Piece("rebel_swordsman_2", (4, 1))],
        10,
        1,
        6,
    )
    while game.state.pending:
        assert game.to_act() is not Side.GHARVS
        answer = next(iter(a for a in game.legal_actions() if not isinstance(a, Pass)), Pass())
        game.apply(answer)
    assert game.state.phase == "krob_movement"
    assert not any(
        u.status is Status.KNOCKED_OUT and u.side is Side.GHARVS for u in game.state.units.values()
    )
    assert EndPhase() in game.legal_actions()


def test_a_gharv_is_fired_at_and_makes_a_passer_by_roll_for_infiltration() -> None:
    """Gharvs are nobody's characters: an archer may shoot one in his fire phase, and a
    Gharv in a position to attack makes a character crossing next to it roll."""
    from dragonnoir.engine.actions import Fire
    from dragonnoir.engine.rules.infiltration import infiltration_threats

    game = position(
        """
        ~ ~ ~ ~ ~
         h h h h h
        """,
        [Piece("gharv_1", (2, 0)), Piece("elf_1", (4, 1)), Piece("rebel_swordsman_1", (0, 1))],
        phase="adventurer_fire",
    )
    assert game.explain(Fire(("elf_1",), "gharv_1")).legal
    swordsman = game.state.units["rebel_swordsman_1"]
    crossed = hexes(game, (2, 1))[0]
    assert [u.id for u in infiltration_threats(game, swordsman, crossed)] == ["gharv_1"]


def test_a_gharv_wounded_attacking_zed_dies_of_his_curare() -> None:
    """ "Any enemy character wounded in a combat in which Zed takes part dies instantly of
    his wounds" ("Zed"): the Gharv's own attack is such a combat. Zed on rubble (+) by
    the water: the Gharv (5, in the water: +) against his 4 is 1-1, no shift; die 10:
    an exchange, both wounded: Zed keeps his wound, the Gharv dies."""
    art = """
    ~ ~ ~ . . .
     ~ ~ r . . .
    ~ ~ ~ . . .
    """
    levels = """
    . . . . . .
     . . - . . .
    . . . . . .
    """
    game = interphase(art, [Piece("zed", (2, 1))], 10, 1, 10, levels=levels)
    fought = events_of(game, CombatResolved)
    assert fought and fought[0].result == "EX" and fought[0].defenders == ("zed",)
    gharv = game.state.units[fought[0].attackers[0]]
    assert any(
        isinstance(e, ResultConverted) and e.unit == gharv.id and "curare" in english(e.becomes)
        for e in game.log
    )
    assert not gharv.alive
    zed = game.state.units["zed"]
    assert zed.status is Status.WOUNDED and zed.wounds == 1
