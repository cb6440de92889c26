"""Combat as the engine plays it ("Combat" and its subsections): one small hand-made
position per rule, dice forced by choosing the seed."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from dragonnoir.engine.actions import (
    Attack,
    ChooseCasualty,
    Declare,
    EndPhase,
    Pass,
    ResolveCombat,
)
from dragonnoir.engine.events import CombatResolved, UnitKnockedOut, UnitStoodUp
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, attack_now, force_dice, position
from dragonnoir.hexmap.board import BOARD_GRID, EdgeFeature
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import english

FLOOR = """
. . . . . . .
 . . . . . . .
. . . . . . .
 . . . . . . .
. . . . . . .
"""
C = Hex(3, 2)  # an inner hex of FLOOR; its neighbours are C.neighbour(0..5)


def cell(h: Hex) -> tuple[int, int]:
    return BOARD_GRID.to_cell(h)


def game_of(
    pieces: dict[str, Hex] | Iterable[Piece],
    *,
    art: str = FLOOR,
    phase: str = "adventurer_combat",
    **kw: object,
) -> Game:
    if isinstance(pieces, dict):
        pieces = [Piece(kind, cell(h)) for kind, h in pieces.items()]
    return position(art, pieces, phase=phase, **kw)  # type: ignore[arg-type]


def resolved(events: Iterable[object]) -> CombatResolved:
    return next(e for e in events if isinstance(e, CombatResolved))


# -- Resolution of Combats -----------------------------------------------------------------


def test_resolution_of_combats_8_against_3_is_2_to_1() -> None:
    """ "an attacker of strength 8 against a defender of strength 3 gives ... 2.6 to 1,
    which is rounded to 2 to 1" (a Troll, 8, against an adult Killer, 3)."""
    game = game_of({"troll_1": C, "killer_1": C.neighbour(0)})
    why = game.explain(Attack(("troll_1",), ("killer_1",)))
    assert why.legal
    assert why.details["attack"] == 8 and why.details["defence"] == 3
    assert why.details["odds"] == "2-1" and why.details["column"] == "2-1"
    assert why.details["die_modifiers"] == []  # a Killer only subtracts when it attacks


def test_resolution_of_combats_less_than_1_to_1_is_impossible() -> None:
    game = game_of({"hunter_01": C, "troll_1": C.neighbour(0)}, phase="krob_combat")
    why = game.explain(Attack(("hunter_01",), ("troll_1",)))
    assert not why.legal
    assert "Resolution of Combats" in why.rule and "less than 1 to 1" in why.rule
    assert Attack(("hunter_01",), ("troll_1",)) not in game.legal_actions()


def test_resolution_of_combats_the_decision_belongs_to_the_player_whose_turn_it_is() -> None:
    game = game_of({"zed": C, "hunter_01": C.neighbour(0)})
    why = game.explain(Attack(("hunter_01",), ("zed",)))
    assert not why.legal and why.rule == "Combat"


def test_combat_event_carries_every_number() -> None:
    game = game_of({"zed": C, "hunter_01": C.neighbour(0)})
    force_dice(game, 6)
    events = attack_now(game, Attack(("zed",), ("hunter_01",)))
    r = resolved(events)
    # Zed 6 against a Hunter 2: 3-1; die 6 -> DR.
    assert (r.attack, r.defence, r.odds, r.column, r.die, r.modified_die, r.result) == (
        6, 2, "3-1", "3-1", 6, 6, "DR",
    )  # fmt: skip


def test_probabilities_come_from_the_table_with_the_modifiers() -> None:
    """A Warrior's carapace: +1 to the die ("Combat Against an Armoured Defender")."""
    game = game_of({"zed": C, "warrior_01": C.neighbour(0)})
    why = game.explain(Attack(("zed",), ("warrior_01",)))
    # 6 against 4: 1-1, die + 1: rows 2..11 of column 1-1.
    assert why.details["column"] == "1-1"
    assert [m["value"] for m in why.details["die_modifiers"]] == [1]
    assert "Combat Against an Armoured Defender" in english(
        why.details["die_modifiers"][0]["reason"]
    )
    probs = why.details["probabilities"]
    assert probs == {"NE": 0.2, "AR": 0.2, "AK": 0.1, "AW": 0.1, "EX": 0.1, "DR": 0.2, "DK": 0.1}
    assert sum(probs.values()) == pytest.approx(1.0)


def test_armoured_defender_bonus_needs_every_defender_armoured() -> None:
    """ "If there are several defenders and they are not all armoured, this rule does not
    apply"."""
    game = game_of({"troll_1": C, "warrior_01": C.neighbour(0), "hunter_01": C.neighbour(1)})
    why = game.explain(Attack(("troll_1",), ("hunter_01", "warrior_01")))
    assert why.legal
    assert why.details["defence"] == 6 and why.details["die_modifiers"] == []


# -- Effect of Terrain on Combats ----------------------------------------------------------


def test_effect_of_terrain_attacker_on_marsh_defender_on_rubble_two_columns_left() -> None:
    art = """
. . . . . . .
 . . . . . . .
. . . m r . .
 . . . . . . .
. . . . . . .
"""
    game = game_of({"troll_1": Hex(2, 2), "hunter_01": Hex(3, 2)}, art=art)
    why = game.explain(Attack(("troll_1",), ("hunter_01",)))
    assert why.details["odds"] == "4-1"
    assert why.details["terrain"]["attackers"]["effect"] == "-"
    assert why.details["terrain"]["defenders"]["effect"] == "+"
    assert [s["columns"] for s in why.details["shifts"]] == [-2]
    assert why.details["column"] == "2-1"


def test_effect_of_terrain_shifts_never_go_below_the_first_column() -> None:
    art = """
. . . . . . .
 . . . . . . .
. . . m r . .
 . . . . . . .
. . . . . . .
"""
    game = game_of({"zed": Hex(2, 2), "killer_1": Hex(3, 2)}, art=art)
    why = game.explain(Attack(("zed",), ("killer_1",)))
    assert why.legal and why.details["odds"] == "2-1" and why.details["column"] == "1-1"


# -- Multiple Combat -----------------------------------------------------------------------


def test_multiple_combat_rulebook_example_4_to_1_on_minus_and_neutral_stays_4_to_1() -> None:
    """Two attackers at 4-1, one on (0) and one on (-), against a defender on (0): the
    least advantageous terrain (-) shifts left to 3-1, attacking together shifts right:
    resolved at 4-1."""
    art = """
. . . . . . .
 . . . . . . .
. . . m . . .
 . . . . . . .
. . . . . . .
"""
    killer = Hex(3, 2)
    zed = Hex(2, 2)  # marsh (-)
    knight = killer.neighbour(1)  # cave floor (0)
    game = game_of({"killer_1": killer, "zed": zed, "rebel_knight_1": knight}, art=art)
    why = game.explain(Attack(("zed", "rebel_knight_1"), ("killer_1",)))
    assert why.legal
    assert why.details["attack"] == 12 and why.details["defence"] == 3
    assert why.details["odds"] == "4-1"
    assert why.details["terrain"]["attackers"]["effect"] == "-"
    assert sorted(s["columns"] for s in why.details["shifts"]) == [-1, 1]
    assert why.details["column"] == "4-1"


def test_multiple_combat_defenders_are_summed_and_all_must_be_attackable() -> None:
    game = game_of({"troll_1": C, "hunter_01": C.neighbour(0), "hunter_02": C.neighbour(2)})
    why = game.explain(Attack(("troll_1",), ("hunter_01", "hunter_02")))
    assert why.legal and why.details["defence"] == 4 and why.details["odds"] == "2-1"
    far = game_of({"troll_1": C, "hunter_01": C.neighbour(0), "hunter_02": Hex(0, 0)})
    why = far.explain(Attack(("troll_1",), ("hunter_01", "hunter_02")))
    assert not why.legal and why.rule.startswith("Combat Restrictions")


def test_multiple_combat_legal_actions_list_single_joint_and_all_defenders() -> None:
    game = game_of(
        {
            "troll_1": C,
            "zed": C.neighbour(1),
            "hunter_01": C.neighbour(0),
            "hunter_02": C.neighbour(5),
        }
    )
    attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
    assert Attack(("troll_1",), ("hunter_01",)) in attacks
    assert Attack(("troll_1",), ("hunter_01", "hunter_02")) in attacks
    assert Attack(("troll_1", "zed"), ("hunter_01",)) in attacks
    assert Attack(("zed",), ("hunter_01",)) in attacks
    assert all(game.is_legal(a) for a in attacks)


def test_multiple_combat_the_owner_chooses_who_is_knocked_out() -> None:
    """ "it is the player of the side concerned who decides which of his characters
    takes the blow": Zed and a swordsman attack a Warrior and are knocked out; the
    Adventurer player chooses which of them."""
    game = game_of(
        [
            Piece("zed", cell(C)),
            Piece("rebel_swordsman_1", cell(C.neighbour(1))),
            Piece("warrior_01", cell(C.neighbour(0))),
            Piece("warrior_02", cell(C.neighbour(0).neighbour(0))),
        ]
    )
    # zed 6 + swordsman 5 = 11 against a Warrior 4: 2-1, joint 3-1; die 10+1 = 11: AK.
    force_dice(game, 10)
    events = attack_now(game, Attack(("rebel_swordsman_1", "zed"), ("warrior_01",)))
    assert resolved(events).result == "AK"
    decision = game.state.pending[0]
    assert decision.kind == "casualty" and decision.side is Side.ADVENTURERS
    assert set(game.legal_actions()) == {ChooseCasualty("zed"), ChooseCasualty("rebel_swordsman_1")}
    with pytest.raises(IllegalAction):
        game.apply(ChooseCasualty("warrior_01"))
    events = game.apply(ChooseCasualty("rebel_swordsman_1"))
    assert UnitKnockedOut("rebel_swordsman_1") in events
    knocked = game.state.units["rebel_swordsman_1"]
    assert knocked.status is Status.KNOCKED_OUT and knocked.knocked_out_turn == 1


def test_multiple_combat_a_single_candidate_is_not_asked() -> None:
    game = game_of({"rebel_swordsman_1": C, "warrior_01": C.neighbour(0)})
    # 5 against 4: 1-1; die 8 + 1 = 9: AK.
    force_dice(game, 8)
    events = attack_now(game, Attack(("rebel_swordsman_1",), ("warrior_01",)))
    assert resolved(events).result == "AK"
    assert game.state.units["rebel_swordsman_1"].status is Status.KNOCKED_OUT
    # No question about who: the Warrior's side is asked only whether it advances.
    assert [d.kind for d in game.state.pending] == ["advance"]
    assert game.to_act() is Side.KROBS
    game.apply(Pass())
    assert not game.state.pending


# -- Combat: one attack per turn, several attacks on a defender ------------------------------


def test_combat_one_attack_per_character_but_a_defender_may_be_attacked_several_times() -> None:
    """Both combats are declared first (issue 8, ruling 2): Zed may not be named in a
    second; the Warrior may be attacked again by the swordsman."""
    game = game_of({"zed": C, "rebel_swordsman_1": C.neighbour(2), "warrior_01": C.neighbour(1)})
    game.apply(Attack(("zed",), ("warrior_01",)))
    again = game.explain(Attack(("zed",), ("warrior_01",)))
    assert not again.legal and again.rule.startswith("Combat: each character can make only one")
    game.apply(Attack(("rebel_swordsman_1",), ("warrior_01",)))
    gone = game.explain(Attack(("rebel_swordsman_1",), ("warrior_01",)))
    assert not gone.legal and gone.rule.startswith("Combat: each character can make only one")
    game.apply(Declare())
    force_dice(game, 8)  # 6 vs 4: 1-1, 8+1 = 9: AK on Zed, no retreat of the Warrior
    game.apply(ResolveCombat(1))
    game.apply(Pass())  # the Warrior does not advance
    force_dice(game, 5)  # swordsman 5 vs 4: 1-1, 5+1 = 6: NE
    events = game.apply(ResolveCombat(2))
    assert resolved(events).result == "NE"
    assert game.explain(EndPhase()).legal


def test_knocked_out_characters_cannot_attack_and_stand_up_next_adventurer_turn() -> None:
    """ "KNOCKED-OUT CHARACTERS: all Adventurers who were knocked out during the previous
    game turn are put back on their feet"."""
    game = game_of({"rebel_swordsman_1": C, "warrior_01": C.neighbour(0)})
    force_dice(game, 8)
    attack_now(game, Attack(("rebel_swordsman_1",), ("warrior_01",)))
    game.apply(Pass())
    unit = game.state.units["rebel_swordsman_1"]
    assert unit.status is Status.KNOCKED_OUT
    game.apply(EndPhase())  # -> Krob movement (recovery of turn 1 leaves him down)
    assert unit.status is Status.KNOCKED_OUT
    game.apply(EndPhase())  # Krob combat: the Warrior may attack a knocked-out man
    assert game.is_legal(Attack(("warrior_01",), ("rebel_swordsman_1",)))
    stood: list[object] = []
    while game.state.turn == 1 or game.state.phase != "adventurer_combat":
        stood.extend(game.apply(EndPhase()))
    assert unit.status is Status.KNOCKED_OUT  # turn 2, before the recovery step
    stood.extend(game.apply(EndPhase()))
    assert UnitStoodUp("rebel_swordsman_1") in stood
    assert game.state.units["rebel_swordsman_1"].status.value == "healthy"


# -- Combat Restrictions -------------------------------------------------------------------


def test_combat_restrictions_an_armoured_character_cannot_attack_into_water() -> None:
    """ "an armoured character cannot attack a character in the water"."""
    art = """
. . . . . . .
 . . . . . . .
. . . h ~ . .
 . . . . . . .
. . . . . . .
"""
    game = game_of({"rebel_knight_1": Hex(2, 2), "gharv_1": Hex(3, 2)}, art=art)
    why = game.explain(Attack(("rebel_knight_1",), ("gharv_1",)))
    assert not why.legal and why.rule.startswith("Combat Restrictions")
    other = game_of({"zed": Hex(2, 2), "gharv_1": Hex(3, 2)}, art=art)
    assert other.is_legal(Attack(("zed",), ("gharv_1",)))


def test_combat_restrictions_no_attack_through_a_wall() -> None:
    game = game_of({"zed": C, "hunter_01": C.neighbour(0)}, edges=[(cell(C), 0, EdgeFeature.WALL)])
    assert not game.is_legal(Attack(("zed",), ("hunter_01",)))
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]


# -- dead counters -------------------------------------------------------------------------


def test_dead_counters_stay_and_block_nothing() -> None:
    game = game_of({"troll_1": C, "hunter_01": C.neighbour(0)}, phase="adventurer_combat")
    force_dice(game, 1)  # 8 vs 2: 4-1, die 1: DX
    events = attack_now(game, Attack(("troll_1",), ("hunter_01",)))
    assert resolved(events).result == "DX"
    dead = game.state.units["hunter_01"]
    assert dead.status is Status.KILLED and dead.hex == C.neighbour(0)
    # The Troll may advance onto the dead Krob's hex.
    decision = game.state.pending[0]
    assert decision.kind == "advance"
    from dragonnoir.engine.actions import Advance

    game.apply(Advance("troll_1", (C.neighbour(0),)))
    assert game.state.units["troll_1"].hex == C.neighbour(0)
    assert not game.state.pending
    assert not game.is_legal(Pass())
