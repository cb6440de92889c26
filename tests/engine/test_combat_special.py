"""Special rules that change a combat ("Special Rules": The Adventurers, The Spectres,
The Krobs, The Gharvs), one small position each, dice forced by the seed."""

from __future__ import annotations

from collections.abc import Iterable

from dragonnoir.engine.actions import Attack, Declare, Pass, ResolveCombat, Retreat
from dragonnoir.engine.events import (
    CombatResolved,
    DieRolled,
    Event,
    ResultConverted,
    RetreatBlocked,
    UnitFrenzied,
    UnitKilled,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.combat_geometry import between_legs_hexes, rear_zone
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, attack_now, force_dice, position
from dragonnoir.hexmap.board import BOARD_GRID
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import english

FLOOR = """
. . . . . . .
 . . . . . . .
. . . . . . .
 . . . . . . .
. . . . . . .
"""
C = Hex(3, 2)


def cell(h: Hex) -> tuple[int, int]:
    return BOARD_GRID.to_cell(h)


def game_of(
    pieces: dict[str, Hex] | Iterable[Piece], *, art: str = FLOOR, phase: str = "adventurer_combat"
) -> Game:
    if isinstance(pieces, dict):
        pieces = [Piece(kind, cell(h)) for kind, h in pieces.items()]
    return position(art, pieces, phase=phase)


def resolved(events: Iterable[Event]) -> CombatResolved:
    return next(e for e in events if isinstance(e, CombatResolved))


def converted(events: Iterable[Event]) -> list[tuple[str, str, str]]:
    return [
        (e.unit, e.result, english(e.becomes)) for e in events if isinstance(e, ResultConverted)
    ]


def status(game: Game, uid: str) -> Status:
    return game.state.units[uid].status


# -- The Krobs: Attack (Guards) ------------------------------------------------------------

GUARD = Piece("guard_1", cell(C), facing=0)  # head C, body C+d3 and C+d4
FRONT = C.neighbour(0)
LEGS = (C.neighbour(2), C.neighbour(5))
REAR = C.neighbour(3).neighbour(3)  # behind the first body hex


def test_guard_geometry_rear_zone_and_between_the_legs() -> None:
    """ "an attack from behind, through the greyed zone of the counter" (docs/combat.md)."""
    game = game_of([GUARD])
    guard = game.state.units["guard_1"]
    assert between_legs_hexes(guard) == frozenset(LEGS)
    assert rear_zone(game, guard) == frozenset(
        {Hex(2, 1), Hex(1, 2), Hex(1, 3), Hex(1, 4), Hex(2, 4)}
    )


def test_queen_geometry_rear_zone_is_the_five_hexes_behind_her() -> None:
    game = game_of([Piece("queen_alkiram", cell(C), facing=0)])
    queen = game.state.units["queen_alkiram"]
    d = [C.neighbour(i) - C for i in range(6)]
    expected = {C + d[2].scale(2), C + d[3].scale(2), C + d[4].scale(2), C + d[2] + d[3]}
    expected.add(C + d[3] + d[4])
    assert rear_zone(game, queen) == frozenset(expected)


def test_the_krobs_defence_front_and_rear_of_a_guard() -> None:
    """Zed from behind: the Guard's rear defence (3); from the front: 6."""
    rear = game_of([GUARD, Piece("zed", cell(REAR))])
    why = rear.explain(Attack(("zed",), ("guard_1",)))
    assert why.details["zone"] == "rear" and why.details["defence"] == 3
    assert why.details["odds"] == "2-1"
    front = game_of([GUARD, Piece("zed", cell(FRONT))])
    why = front.explain(Attack(("zed",), ("guard_1",)))
    assert why.details["zone"] == "front" and why.details["defence"] == 6


def test_the_krobs_defence_front_and_rear_attacks_are_always_separate() -> None:
    game = game_of([GUARD, Piece("zed", cell(REAR)), Piece("troll_1", cell(FRONT))])
    why = game.explain(Attack(("troll_1", "zed"), ("guard_1",)))
    assert not why.legal and why.rule == "The Krobs: Defence"
    joint = [a for a in game.legal_actions() if isinstance(a, Attack) and len(a.attackers) > 1]
    assert joint == []


def test_queen_attacked_from_behind_uses_the_number_in_parentheses() -> None:
    behind = C + (C.neighbour(3) - C).scale(2)
    ahead = C + (C.neighbour(0) - C).scale(2)
    game = game_of([Piece("queen_alkiram", cell(C)), Piece("troll_1", cell(behind))])
    why = game.explain(Attack(("troll_1",), ("queen_alkiram",)))
    assert why.legal and why.details["defence"] == 5 and why.details["odds"] == "1-1"
    game = game_of([Piece("queen_alkiram", cell(C)), Piece("troll_1", cell(ahead))])
    assert not game.is_legal(Attack(("troll_1",), ("queen_alkiram",)))  # 8 against 10


def test_guard_between_its_legs_attack_doubled_and_one_column_right() -> None:
    game = game_of(
        [GUARD, Piece("zed", cell(LEGS[0])), Piece("rebel_swordsman_1", cell(FRONT))],
        phase="krob_combat",
    )
    action = Attack(("guard_1",), ("zed",), between_legs=True)
    assert action in game.legal_actions()
    why = game.explain(action)
    # 8 x 2 = 16 against Zed's 4: 4-1, one column right: 5-1.
    assert why.details["attack"] == 16 and why.details["odds"] == "4-1"
    assert why.details["column"] == "5-1"
    assert any("between the Guard's legs" in english(s["reason"]) for s in why.details["shifts"])
    force_dice(game, 10)  # 5-1, die 10: NE
    game.apply(action)
    # "either two attacks ... or one attack against an enemy placed between their legs"
    why = game.explain(Attack(("guard_1",), ("rebel_swordsman_1",)))
    assert not why.legal and why.rule == "The Krobs: Attack"


def test_guard_two_attacks_per_turn_against_different_opponents() -> None:
    game = game_of(
        [GUARD, Piece("zed", cell(FRONT)), Piece("rebel_swordsman_1", cell(C.neighbour(1)))],
        phase="krob_combat",
    )
    game.apply(Attack(("guard_1",), ("zed",)))
    again = game.explain(Attack(("guard_1",), ("zed",)))
    assert not again.legal and "different opponents" in again.reason
    game.apply(Attack(("guard_1",), ("rebel_swordsman_1",)))
    third = game.explain(Attack(("guard_1",), ("rebel_swordsman_1",)))
    assert not third.legal and third.rule == "The Krobs: Attack"
    game.apply(Declare())
    force_dice(game, 7)  # 8 vs 4: 2-1, die 7: NE
    assert resolved(game.apply(ResolveCombat(1))).result == "NE"
    force_dice(game, 7)  # 8 vs 3: 2-1, die 7: NE
    assert resolved(game.apply(ResolveCombat(2))).result == "NE"


def test_queens_guard_is_on_the_majority_terrain_of_its_three_hexes() -> None:
    art = """
. . . . . . .
 . . . . . . .
. . . m . . .
 . . . m . . .
. . . . . . .
"""
    game = game_of([GUARD, Piece("zed", cell(FRONT))], art=art)
    why = game.explain(Attack(("zed",), ("guard_1",)))
    assert why.details["terrain"]["defenders"]["effect"] == "-"
    assert "majority" in why.details["terrain"]["defenders"]["why"]
    assert why.details["column"] == "2-1"  # 6 vs 6: 1-1, (0) against (-): +1


def test_for_the_guards_killed_is_a_double_wound() -> None:
    game = game_of([GUARD, Piece("zed", cell(REAR)), Piece("troll_1", cell(Hex(1, 3)))])
    force_dice(game, 1)  # 14 vs 3: 4-1, joint 5-1, die 1: DX
    events = attack_now(game, Attack(("troll_1", "zed"), ("guard_1",)))
    assert resolved(events).result == "DX"
    assert ("guard_1", "killed", "two wounds") in converted(events)
    guard = game.state.units["guard_1"]
    assert guard.wounds == 2 and guard.status is Status.WOUNDED  # Zed's curare: not Krobs


# -- The Krobs: Combat results (Killers, babies, knocked out) --------------------------------


def test_killer_subtracts_one_never_below_one_and_its_wound_kills() -> None:
    game = game_of({"killer_1": C, "rebel_swordsman_1": C.neighbour(0)}, phase="krob_combat")
    why = game.explain(Attack(("killer_1",), ("rebel_swordsman_1",)))
    assert [m["value"] for m in why.details["die_modifiers"]] == [-1]
    force_dice(game, 1)  # 6 vs 3: 2-1, 1 - 1 = 1 (not 0): DW
    events = attack_now(game, Attack(("killer_1",), ("rebel_swordsman_1",)))
    die = next(e for e in events if isinstance(e, DieRolled))
    assert (die.value, die.modified) == (1, 1)
    assert resolved(events).result == "DW"
    assert status(game, "rebel_swordsman_1") is Status.KILLED
    assert ("rebel_swordsman_1", "wounded", "killed: a Killer's blow") in converted(events)


def _killer_and_hunter() -> Game:
    return game_of(
        {
            "killer_1": C,
            "hunter_01": C.neighbour(0).neighbour(1),
            "rebel_swordsman_1": C.neighbour(0),
        },
        phase="krob_combat",
    )


def test_killer_with_other_krobs_second_die_1_to_5_mortal() -> None:
    game = _killer_and_hunter()
    force_dice(game, 4, 3)  # 9 vs 3: 3-1, joint 4-1; 4 - 1 = 3: DW; second die 3: mortal
    events = attack_now(game, Attack(("hunter_01", "killer_1"), ("rebel_swordsman_1",)))
    assert resolved(events).result == "DW"
    assert len([e for e in events if isinstance(e, DieRolled)]) == 2
    assert status(game, "rebel_swordsman_1") is Status.KILLED


def test_killer_with_other_krobs_second_die_6_to_10_normal_wound() -> None:
    game = _killer_and_hunter()
    force_dice(game, 4, 7)
    attack_now(game, Attack(("hunter_01", "killer_1"), ("rebel_swordsman_1",)))
    unit = game.state.units["rebel_swordsman_1"]
    assert unit.status is Status.WOUNDED and unit.wounds == 1


def test_killer_rule_applies_to_an_attacker_wounded_against_a_killer() -> None:
    """ "This rule also applies when an attacker is wounded in a combat against a
    Killer": EX at 1-1, the crossbowman dies, the Killer is only wounded."""
    game = game_of({"rebel_crossbowman_1": C, "killer_1": C.neighbour(0)})
    force_dice(game, 10)  # 3 vs 3: 1-1, die 10: EX
    events = attack_now(game, Attack(("rebel_crossbowman_1",), ("killer_1",)))
    assert resolved(events).result == "EX"
    assert status(game, "rebel_crossbowman_1") is Status.KILLED
    assert status(game, "killer_1") is Status.WOUNDED


def test_baby_krobs_are_killed_at_the_first_wound() -> None:
    game = game_of([Piece("zed", cell(C)), Piece("hunter_01", cell(C.neighbour(0)), adult=False)])
    force_dice(game, 6)  # 6 vs 1: 6-1, die 6: DW
    events = attack_now(game, Attack(("zed",), ("hunter_01",)))
    assert resolved(events).result == "DW"
    assert status(game, "hunter_01") is Status.KILLED


def test_hunters_knocked_out_retreat_two_hexes_other_krobs_one() -> None:
    game = game_of({"zed": C, "hunter_01": C.neighbour(0)})
    force_dice(game, 4)  # 6 vs 2: 3-1, die 4: DK
    events = attack_now(game, Attack(("zed",), ("hunter_01",)))
    assert ("hunter_01", "knocked_out", "a retreat of 2 hexes") in converted(events)
    decision = game.state.pending[0]
    assert decision.kind == "retreat" and decision.data["units"] == {"hunter_01": 2}
    assert all(len(a.path) == 2 for a in game.legal_actions() if isinstance(a, Retreat))

    game = game_of({"troll_1": C, "warrior_01": C.neighbour(0)})
    force_dice(game, 2)  # 8 vs 4: 2-1, 2 + 1 = 3: DK
    events = attack_now(game, Attack(("troll_1",), ("warrior_01",)))
    assert ("warrior_01", "knocked_out", "a retreat of 1 hex") in converted(events)
    assert game.state.pending[0].data["units"] == {"warrior_01": 1}
    assert status(game, "warrior_01") is Status.HEALTHY


# -- The Adventurers -----------------------------------------------------------------------


def test_trolls_are_never_knocked_out_knocked_out_becomes_a_retreat() -> None:
    game = game_of({"warrior_01": C, "troll_1": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 2)  # 5 vs 5: 1-1, die 2: DK
    events = attack_now(game, Attack(("warrior_01",), ("troll_1",)))
    assert ("troll_1", "knocked_out", "a retreat of 1 hex") in converted(events)
    assert status(game, "troll_1") is Status.HEALTHY
    assert game.state.pending[0].kind == "retreat"


def test_trolls_killed_becomes_a_double_wound_and_three_wounds_kill() -> None:
    game = game_of([GUARD, Piece("troll_1", cell(LEGS[0]))], phase="krob_combat")
    force_dice(game, 1)  # 16 vs 5: 3-1, between the legs 4-1, die 1: DX
    events = attack_now(game, Attack(("guard_1",), ("troll_1",), between_legs=True))
    assert resolved(events).result == "DX"
    troll = game.state.units["troll_1"]
    assert troll.wounds == 2 and troll.status is Status.WOUNDED
    game = game_of(
        [Piece("warrior_01", cell(C)), Piece("troll_1", cell(C.neighbour(0)), wounds=2)],
        phase="krob_combat",
    )
    force_dice(game, 1)  # 5 vs 3: 1-1, die 1: DW, the third wound
    attack_now(game, Attack(("warrior_01",), ("troll_1",)))
    assert status(game, "troll_1") is Status.KILLED


def test_trolls_die_of_a_killers_wound() -> None:
    game = game_of({"killer_1": C, "troll_1": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 2)  # 6 vs 5: 1-1, 2 - 1 = 1: DW
    attack_now(game, Attack(("killer_1",), ("troll_1",)))
    assert status(game, "troll_1") is Status.KILLED


def test_dogs_knocked_out_retreat_and_one_wound_kills() -> None:
    game = game_of({"hunter_01": C, "wardog_1": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 2)  # 3 vs 2: 1-1, die 2: DK
    events = attack_now(game, Attack(("hunter_01",), ("wardog_1",)))
    assert ("wardog_1", "knocked_out", "a retreat of 1 hex") in converted(events)
    game = game_of({"hunter_01": C, "wardog_1": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 1)  # DW
    events = attack_now(game, Attack(("hunter_01",), ("wardog_1",)))
    assert UnitKilled("wardog_1", "Combat") in events


def test_lucifer_adds_his_defence_to_godivas_while_adjacent() -> None:
    near = game_of(
        {"hunter_01": C, "godiva": C.neighbour(0), "lucifer": C.neighbour(0).neighbour(0)},
        phase="krob_combat",
    )
    why = near.explain(Attack(("hunter_01",), ("godiva",)))
    assert not why.legal  # 3 against 3 + 2: less than 1-1
    assert why.details["defence"] == 5 and why.details["defenders"] == ["godiva", "lucifer"]
    far = game_of(
        {"hunter_01": C, "godiva": C.neighbour(0), "lucifer": Hex(0, 4)}, phase="krob_combat"
    )
    assert far.explain(Attack(("hunter_01",), ("godiva",))).details["defence"] == 3
    troll_game = game_of(
        {
            "warrior_01": C,
            "killer_1": C.neighbour(1),
            "godiva": C.neighbour(0),
            "lucifer": C.neighbour(0).neighbour(0),
        },
        phase="krob_combat",
    )
    why = troll_game.explain(Attack(("killer_1", "warrior_01"), ("godiva",)))
    assert why.legal and why.details["joined"][0]["unit"] == "lucifer"


def test_zed_curare_kills_a_wounded_gharv_but_not_a_krob() -> None:
    game = game_of({"zed": C, "gharv_1": C.neighbour(0)})
    # 6 vs 3: 2-1; a Gharv on land fights at (-): 3-1; die 2: DW -> killed by curare.
    force_dice(game, 2)
    events = attack_now(game, Attack(("zed",), ("gharv_1",)))
    assert resolved(events).result == "DW"
    assert ("gharv_1", "wounded", "killed: Zed's curare") in converted(events)
    assert status(game, "gharv_1") is Status.KILLED
    game = game_of({"rebel_swordsman_1": C, "gharv_1": C.neighbour(0)})
    force_dice(game, 1)  # 5 vs 3: 1-1, (-) for the Gharv: 2-1, die 1: DW
    attack_now(game, Attack(("rebel_swordsman_1",), ("gharv_1",)))
    assert status(game, "gharv_1") is Status.WOUNDED
    game = game_of({"zed": C, "killer_1": C.neighbour(0)})
    force_dice(game, 1)  # 6 vs 3: 2-1, die 1: DW; "The Krobs drink curare like milk"
    attack_now(game, Attack(("zed",), ("killer_1",)))
    assert status(game, "killer_1") is Status.WOUNDED


def test_crazy_ork_frenzy_on_wounded_or_knocked_out() -> None:
    for face in (1, 2):  # 3 vs 3: 1-1, die 1: DW, die 2: DK
        game = game_of({"hunter_01": C, "crazy_ork": C.neighbour(0)}, phase="krob_combat")
        force_dice(game, face)
        events = attack_now(game, Attack(("hunter_01",), ("crazy_ork",)))
        ork = game.state.units["crazy_ork"]
        assert UnitFrenzied("crazy_ork") in events
        assert ork.frenzied and ork.status is Status.HEALTHY and ork.wounds == 0


def test_crazy_ork_frenzied_ignores_knocked_out_and_retreats_and_dies_of_a_wound() -> None:
    def frenzied_game(face: int) -> Game:
        game = game_of({"warrior_01": C, "crazy_ork": C.neighbour(0)}, phase="krob_combat")
        game.state.units["crazy_ork"].frenzied = True
        force_dice(game, face)  # 5 vs 4: 1-1
        attack_now(game, Attack(("warrior_01",), ("crazy_ork",)))
        return game

    for face in (2, 3):  # DK, DR
        game = frenzied_game(face)
        assert game.state.units["crazy_ork"].hex == C.neighbour(0)
        assert status(game, "crazy_ork") is Status.HEALTHY
        assert not game.state.pending
    assert status(frenzied_game(1), "crazy_ork") is Status.KILLED


def test_crazy_ork_frenzied_attacker_is_still_knocked_out_by_attacker_knocked_out() -> None:
    """ "The Adventurers: Crazy Ork": once frenzied, only "Defender knocked out" and the
    retreats no longer apply to him; "Attacker knocked out" still does."""
    game = game_of({"crazy_ork": C, "warrior_01": C.neighbour(0)}, phase="adventurer_combat")
    game.state.units["crazy_ork"].frenzied = True
    force_dice(game, 9)  # 9 vs 4: 2-1; 9 + 1 (armoured carapace) = 10: AK
    attack_now(game, Attack(("crazy_ork",), ("warrior_01",)))
    assert status(game, "crazy_ork") is Status.KNOCKED_OUT


def test_crazy_ork_wounded_by_a_killer_dies_without_frenzy() -> None:
    game = game_of({"killer_1": C, "crazy_ork": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 2)  # 6 vs 3: 2-1, 2 - 1 = 1: DW
    events = attack_now(game, Attack(("killer_1",), ("crazy_ork",)))
    assert status(game, "crazy_ork") is Status.KILLED
    assert UnitFrenzied("crazy_ork") not in events


def test_elves_count_trees_as_advantageous() -> None:
    art = """
. . . . . . .
 . . . . . . .
. . . t . . .
 . . . . . . .
. . . . . . .
"""
    elf = Hex(2, 2)  # the trees hex
    game = game_of([Piece("elf_1", cell(elf)), Piece("hunter_01", cell(C), adult=False)], art=art)
    why = game.explain(Attack(("elf_1",), ("hunter_01",)))
    assert why.details["terrain"]["attackers"]["effect"] == "+"
    assert why.details["odds"] == "3-1" and why.details["column"] == "4-1"
    game = game_of(
        [Piece("goblin_spearman_1", cell(elf)), Piece("hunter_01", cell(C), adult=False)], art=art
    )
    assert game.explain(Attack(("goblin_spearman_1",), ("hunter_01",))).details["column"] == "3-1"


# -- The Spectres, The Gharvs -------------------------------------------------------------


def test_spectres_turn_every_blow_into_a_retreat() -> None:
    game = game_of({"hunter_01": C, "living_dead_1": C.neighbour(0)}, phase="krob_combat")
    force_dice(game, 1)  # 3 vs 3: 1-1, DW
    events = attack_now(game, Attack(("hunter_01",), ("living_dead_1",)))
    assert ("living_dead_1", "wounded", "a retreat of 1 hex") in converted(events)
    assert status(game, "living_dead_1") is Status.HEALTHY
    assert game.state.pending[0].kind == "retreat"
    assert game.to_act() is Side.ADVENTURERS


def test_spectres_without_room_do_not_move() -> None:
    art = """
. . . . . . .
 # . . . . . .
. . . . . . .
 . . . . . . .
. . . . . . .
"""
    corner = BOARD_GRID.to_hex(0, 0)  # its only other neighbour on the map is rock
    krob = BOARD_GRID.to_hex(1, 0)
    game = game_of({"warrior_01": krob, "gargoyle_1": corner}, art=art, phase="krob_combat")
    force_dice(game, 1)  # 5 vs 4: 1-1, die 1: DW
    events = attack_now(game, Attack(("warrior_01",), ("gargoyle_1",)))
    assert ("gargoyle_1", "wounded", "a retreat of 1 hex") in converted(events)
    assert any(isinstance(e, RetreatBlocked) for e in events)
    assert game.state.units["gargoyle_1"].hex == corner
    assert status(game, "gargoyle_1") is Status.HEALTHY
    assert not game.state.pending


def test_gharvs_are_on_favourable_terrain_in_the_water() -> None:
    art = """
. . . . . . .
 . . . . . . .
. . . h ~ . .
 . . . . . . .
. . . . . . .
"""
    game = game_of({"zed": Hex(2, 2), "gharv_1": Hex(3, 2)}, art=art)
    why = game.explain(Attack(("zed",), ("gharv_1",)))
    assert why.details["terrain"]["defenders"]["effect"] == "+"
    assert why.details["odds"] == "2-1" and why.details["column"] == "1-1"


def test_a_gharv_defender_that_wins_advances_by_itself() -> None:
    game = game_of({"rebel_crossbowman_1": C, "gharv_1": C.neighbour(0)})
    # 3 vs 3: 1-1, Gharv on land (-): 2-1; die 9: AR
    force_dice(game, 9)
    events = attack_now(game, Attack(("rebel_crossbowman_1",), ("gharv_1",)))
    assert resolved(events).result == "AR"
    # The crossbowman chooses his retreat; then the Gharv advances without a question.
    retreats = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    game.apply(retreats[0])
    assert game.state.units["gharv_1"].hex == C
    assert not game.state.pending
    assert not game.is_legal(Pass())
