"""Issue 8's rulings on the rulebook's wording, one small hand-made position each.

Each test names the ruling and quotes the rulebook sentence it enforces; the older
behaviour's tests were changed where the ruling changed them (see the commit messages).
"""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import Attack, Fire, Move
from dragonnoir.engine.events import DieRolled, MovementStopped
from dragonnoir.engine.rules.steps import in_position_to_attack
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes, position
from dragonnoir.engine.values import profile

# -- Ruling 6: newborn Krob Warriors are Warriors ------------------------------------------


def test_ruling_6_a_newborn_warrior_is_armoured_in_combat() -> None:
    """ "The Krob Warriors have a carapace that acts as armour": +1 to the combat die
    against a newborn Warrior as against an adult one."""
    game = position(
        ". . .",
        [Piece("rebel_swordsman_1", (0, 0)), Piece("warrior_01", (1, 0), adult=False)],
        phase="adventurer_combat",
    )
    assert profile(game, game.state.units["warrior_01"]).armoured
    verdict = game.explain(Attack(("rebel_swordsman_1",), ("warrior_01",)))
    assert verdict.legal, verdict
    assert verdict.details["die_modifier"] == 1
    assert "armoured" in verdict.details["die_modifiers"][0]["reason"]


def test_ruling_6_a_newborn_warrior_cannot_enter_water() -> None:
    """Movement Restriction 2: Krob Warriors "would sink like stones" — newborn too."""
    game = position(
        ". ~ .",
        [Piece("warrior_01", (0, 0), adult=False)],
        levels="0 0 0",
        phase="krob_movement",
    )
    verdict = game.explain(Move("warrior_01", hexes(game, (1, 0))))
    assert not verdict.legal and verdict.rule == "Movement Restriction 2 (water)"


# -- Ruling 7: a Gharv cannot attack a hex it cannot go onto --------------------------------


@pytest.mark.parametrize(("terrain", "threatens"), [("e", False), ("h", True)])
def test_ruling_7_a_gharv_does_not_threaten_a_man_on_an_embankment(
    terrain: str, threatens: bool
) -> None:
    """ "A Gharv cannot attack a character situated on a hex where it cannot go (e.g.
    Embankment)": on land a Gharv pays terrain costs against its land potential (the
    number in parentheses), and an embankment (4 MP) is more than its 2."""
    game = position(
        f"~ {terrain} .",
        [Piece("gharv_1", (0, 0)), Piece("rebel_swordsman_1", (1, 0))],
    )
    gharv = game.state.units["gharv_1"]
    man = game.state.units["rebel_swordsman_1"]
    assert in_position_to_attack(game, gharv, man) is threatens


def test_ruling_7_an_archer_on_an_embankment_next_to_a_gharv_may_fire() -> None:
    """The shooter is not "busy fighting hand to hand" with a Gharv that cannot go onto
    his hex ("Fire with the Bow or Crossbow", "The Gharvs")."""
    game = position(
        "~ e . . . .",
        [Piece("gharv_1", (0, 0)), Piece("elf_1", (1, 0)), Piece("hunter_01", (4, 0))],
        levels="- _ _ _ _ _",
        phase="adventurer_fire",
    )
    verdict = game.explain(Fire(("elf_1",), "hunter_01"))
    assert verdict.legal, verdict


# -- Ruling 3: infiltration, one roll per adjacent enemy ----------------------------------

INFIL_ART = """
. . . . .
 . . . . .
"""


def _infiltration_dice(events: list[object]) -> list[str]:
    return [e.purpose for e in events if isinstance(e, DieRolled)]


def test_ruling_3_every_roll_is_made_and_every_result_applies() -> None:
    """ "He rolls the die as many times as there are enemies adjacent to the hex": a
    knock-out by the first enemy does not spare him the second roll; both apply."""
    game = position(
        INFIL_ART,
        {"rebel_swordsman_1": (0, 0), "hunter_01": (2, 1), "hunter_02": (1, 1)},
    )
    # crossing (1, 0): hunter_02 alone: 1 -> P. Crossing (2, 0): both; the order die 1
    # names number 1 (hunter_01) first: 10 -> K, then hunter_02: 7 -> S.
    force_dice(game, 1, 1, 10, 7)
    events = game.apply(Move("rebel_swordsman_1", hexes(game, (1, 0), (2, 0), (3, 0))))
    purposes = _infiltration_dice(events)
    assert len(purposes) == 4
    assert purposes[1].startswith("order of the infiltration rolls: 2 enemies")
    assert "hunter_01" in purposes[2] and "hunter_02" in purposes[3]
    swordsman = game.state.units["rebel_swordsman_1"]
    assert swordsman.status is Status.KNOCKED_OUT
    assert cell_of(game, "rebel_swordsman_1") == (2, 0)
    stop = next(e for e in events if isinstance(e, MovementStopped))
    assert "hunter_01" in stop.reason and "hunter_02" in stop.reason


def test_ruling_3_the_die_decides_the_order_and_wounds_add_up() -> None:
    """Two Warriors beside the crossed hex: the order die names the second first; two
    'W' results give a Troll two wounds (he survives: three kill him)."""
    game = position(
        INFIL_ART,
        [
            Piece("troll_1", (1, 0)),
            Piece("warrior_01", (2, 1)),
            Piece("warrior_02", (3, 1)),
        ],
    )
    # crossing (2, 0): warrior_01 only (warrior_02 at (3,1) is not adjacent to (2,0)),
    # so go along (2,0) -> (3,0) -> (4,0): (3, 0) has both.
    force_dice(game, 1, 2, 10, 10)
    events = game.apply(Move("troll_1", hexes(game, (2, 0), (3, 0), (4, 0))))
    purposes = _infiltration_dice(events)
    # (2, 0): warrior_01: 1 -> P; (3, 0): order die 2 -> number 2 (warrior_02) first.
    assert "warrior_01" in purposes[0]
    assert purposes[1].startswith("order of the infiltration rolls")
    assert "warrior_02" in purposes[2] and "warrior_01" in purposes[3]
    troll = game.state.units["troll_1"]
    assert troll.wounds == 2 and troll.alive
    assert cell_of(game, "troll_1") == (3, 0)
