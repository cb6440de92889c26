"""Offensive fire ("Fire with the Bow or Crossbow", "Resolution of Fire", "Organisation of
the Game Turn: 1. Offensive fire"), one small hand-made position per rule, dice forced.

The line of fire is `rules/line_of_fire.py`'s. With DRAGONNOIR_FIRE_STAND_IN=1 (or should
that module be missing) the tests use the stand-in below instead (clear lines, the
target's terrain for cover, 5 hexes), so that the fire rules can be checked apart from the
line of fire; the positions are drawn so that both give the same answers.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from dragonnoir.engine.actions import EndPhase, Fire, Move
from dragonnoir.engine.events import (
    Event,
    ResultConverted,
    ShotCancelled,
    ShotResolved,
    UnitFrenzied,
    UnitKilled,
    UnitRetreated,
    UnitWounded,
)
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import combat_results, fire
from dragonnoir.engine.rules.footprint import footprint
from dragonnoir.engine.rules.steps import terrain_at
from dragonnoir.engine.state import Side, Status, Unit
from dragonnoir.engine.tables import Effect
from dragonnoir.engine.testing import Piece, force_dice, hexes, position
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.terrain import Cover
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import DataName, english

FLOOR = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
"""

#: The real line of fire when it exists; DRAGONNOIR_FIRE_STAND_IN=1 forces the stand-in.
REAL_LINE = importlib.util.find_spec("dragonnoir.engine.rules.line_of_fire") is not None and (
    not os.environ.get("DRAGONNOIR_FIRE_STAND_IN")
)


# -- the stand-in line of fire ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StandInLine:
    possible: bool
    cover: Cover
    range: int
    reasons: tuple[tuple[str, str], ...]
    start: tuple[float, float] = (0.0, 0.0)
    end: tuple[float, float] = (0.0, 0.0)
    crossed_hexes: tuple[Any, ...] = ()
    crossed_edges: tuple[tuple[Any, str | None], ...] = ()
    blockers: tuple[str, ...] = ()


def stand_in_line(game: Game, shooter: Unit, target: Unit) -> StandInLine:
    """Range to the nearest hex of the target, cover of the target's terrain, nothing in
    between; a shooter in water cannot fire."""
    assert shooter.hex is not None
    near = min(footprint(game, target), key=shooter.hex.distance)
    reach = shooter.hex.distance(near)
    terrain = terrain_at(game, near)
    assert terrain is not None
    here = terrain_at(game, shooter.hex)
    if here is not None and here.water:
        return StandInLine(False, terrain.cover, reach, (("he is in the water", "River"),))
    if reach > fire.MAX_RANGE:
        return StandInLine(False, terrain.cover, reach, (("more than 5 hexes", "Range of Fire"),))
    why = (f"{target.id} is on {terrain.name.lower()}", "Fire Restrictions and Cover")
    return StandInLine(True, terrain.cover, reach, (why,), crossed_hexes=(near,))


@pytest.fixture(autouse=True)
def _line(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not REAL_LINE:
        monkeypatch.setattr(fire, "line_of_fire", stand_in_line)
    yield


# -- helpers ---------------------------------------------------------------------------------------


def game_of(
    pieces: Iterable[Piece],
    *,
    art: str = FLOOR,
    phase: str = "adventurer_fire",
    edges: Iterable[tuple[tuple[int, int], int, EdgeFeature | str]] = (),
    levels: str | None = None,
) -> Game:
    return position(art, list(pieces), phase=phase, edges=edges, levels=levels)


def shots(events: Iterable[Event]) -> list[ShotResolved]:
    return [e for e in events if isinstance(e, ShotResolved)]


def shot(events: Iterable[Event]) -> ShotResolved:
    found = shots(events)
    assert len(found) == 1, found
    return found[0]


def unit(game: Game, uid: str) -> Unit:
    return game.state.units[uid]


# -- resolution ------------------------------------------------------------------------------------


def test_a_shot_reports_every_number_and_kills_on_A() -> None:
    """Crossbow, target in the open, no modifier, die 1: row 1, column none: A (killed)."""
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))])
    force_dice(game, 1)
    events = game.apply(Fire(("rebel_crossbowman_1",), "hunter_01"))
    s = shot(events)
    assert (s.shooter, s.target, s.weapon, s.cover, s.range) == (
        "rebel_crossbowman_1",
        "hunter_01",
        "crossbow",
        "none",
        4,
    )
    assert (s.die, s.modified_die, s.result, s.meaning, s.modifiers) == (
        1,
        1,
        "A",
        DataName("Killed"),
        (),
    )
    assert s.rule == "Resolution of Fire" and s.mode == "offensive"
    killed = next(e for e in events if isinstance(e, UnitKilled))
    assert killed.unit == "hunter_01" and killed.rule == "Resolution of Fire"
    assert unit(game, "hunter_01").status is Status.KILLED
    assert unit(game, "rebel_crossbowman_1").fired
    said = Narrator.english(game).event(s)
    assert "crossbow" in said and "result A (Killed)" in said
    assert "combat" not in game.state.scratch


@pytest.mark.parametrize(("face", "code"), [(3, "B"), (6, "C"), (7, "-")])
def test_each_result_through_the_targets_special_rules(face: int, code: str) -> None:
    """A Killer: B wounds it (it has one wounded side), C is a 1-hex retreat (a Krob is
    never knocked out), "-" does nothing."""
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("killer_1", (4, 2))])
    force_dice(game, face)
    events = game.apply(Fire(("rebel_crossbowman_1",), "killer_1"))
    assert shot(events).result == code
    killer = unit(game, "killer_1")
    if code == "B":
        assert killer.wounds == 1 and killer.status is Status.WOUNDED
        wounded = next(e for e in events if isinstance(e, UnitWounded))
        assert wounded.rule == "Resolution of Fire"
    elif code == "C":
        converted = next(e for e in events if isinstance(e, ResultConverted))
        assert english(converted.becomes) == "a retreat of 1 hex"
        assert game.to_act() is Side.KROBS and game.state.pending[0].kind == "retreat"
        events = game.apply(game.legal_actions()[0])
        assert len(next(e for e in events if isinstance(e, UnitRetreated)).path) == 1
        shooter_hex = unit(game, "rebel_crossbowman_1").hex
        assert killer.hex is not None and shooter_hex is not None
        assert killer.hex.distance(shooter_hex) == 5
        assert killer.status is Status.HEALTHY
    else:
        assert killer.wounds == 0 and killer.hex == hexes(game, (4, 2))[0]
    assert not game.state.pending and "combat" not in game.state.scratch


def test_knocked_out_hunter_retreats_two_hexes_away_from_the_shooter() -> None:
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (3, 2))])
    force_dice(game, 5)  # crossbow, none, row 5: C
    events = game.apply(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert shot(events).result == "C"
    if game.state.pending:  # several paths: the Krob player chooses
        assert game.to_act() is Side.KROBS and game.state.pending[0].kind == "retreat"
        game.apply(game.legal_actions()[0])
    hunter = unit(game, "hunter_01")
    shooter_hex = unit(game, "rebel_crossbowman_1").hex
    assert hunter.hex is not None and shooter_hex is not None
    assert hunter.hex.distance(shooter_hex) == 5
    assert hunter.status is Status.HEALTHY
    assert "combat" not in game.state.scratch


def test_guard_killed_by_a_shot_takes_two_wounds_and_a_baby_dies_of_one() -> None:
    art = FLOOR
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 0)),
            Piece("elf_3", (0, 4)),
            Piece("guard_1", (4, 1), facing=3),
            Piece("warrior_01", (4, 4), adult=False),
        ],
        art=art,
    )
    # crossbow at a Guard (+2): die 1 -> row 3: B; the Elf (-1) at a newborn Warrior (+1:
    # its carapace acts as armour, issue 8 ruling 6): die 2 -> row 2: B, and a baby Krob
    # dies of its first wound.
    force_dice(game, 1, 2)
    ev1 = game.apply(Fire(("rebel_crossbowman_1",), "guard_1"))
    s = shot(ev1)
    assert s.modified_die == 3 and s.result == "B" and unit(game, "guard_1").wounds == 1
    ev2 = game.apply(Fire(("elf_3",), "warrior_01"))
    s2 = shot(ev2)
    assert len(s2.modifiers) == 2
    assert "-1 an Elf shoots (excellent shooters)" in [english(m) for m in s2.modifiers]
    assert s2.modified_die == 2 and s2.result == "B"
    assert unit(game, "warrior_01").status is Status.KILLED
    assert any(isinstance(e, ResultConverted) and "baby Krobs" in english(e.becomes) for e in ev2)


def test_a_killed_result_on_a_guard_is_a_double_wound() -> None:
    """The Krobs: "For the Guards and the Queen, any 'killed' result is equivalent to
    'double wound'", for a shot as in combat (an Elf's long bow at a Guard: -1 + 2)."""
    game = game_of([Piece("elf_3", (0, 0)), Piece("guard_1", (3, 1), facing=3)])
    verdict = game.explain(Fire(("elf_3",), "guard_1"))
    assert verdict.legal and verdict.details["shots"][0]["die_modifier"] == 1
    events = combat_results.start_shot(
        game, "elf_3", "guard_1", Effect.KILLED, "Resolution of Fire"
    )
    assert any(
        isinstance(e, ResultConverted) and english(e.becomes) == "two wounds" for e in events
    )
    assert unit(game, "guard_1").wounds == 2 and unit(game, "guard_1").alive


def test_shot_results_reuse_the_counters_special_rules() -> None:
    """Crazy Ork goes into his frenzy on a knocked-out or wounded result "during a shot";
    a dog's knock-out is a retreat; Zed's curare and a Killer's blow are combat only."""
    game = game_of(
        [
            Piece("hunter_01", (0, 2)),
            Piece("crazy_ork", (3, 2)),
            Piece("wardog_1", (3, 4)),
            Piece("killer_1", (0, 0)),
        ]
    )
    events = combat_results.start_shot(
        game, "hunter_01", "crazy_ork", Effect.KNOCKED_OUT, "Resolution of Fire"
    )
    assert any(isinstance(e, UnitFrenzied) for e in events) and unit(game, "crazy_ork").frenzied
    assert unit(game, "crazy_ork").standing
    events = combat_results.start_shot(
        game, "hunter_01", "wardog_1", Effect.KNOCKED_OUT, "Resolution of Fire"
    )
    assert any(isinstance(e, ResultConverted) and "retreat" in english(e.becomes) for e in events)
    # a Killer "shooting" (a house rule) would not make the wound mortal: no second die
    rolls = game.state.dice.rolls
    events = combat_results.start_shot(
        game, "killer_1", "crazy_ork", Effect.WOUNDED, "Resolution of Fire"
    )
    assert game.state.dice.rolls == rolls
    assert any(
        isinstance(e, ResultConverted) and "further wound" in english(e.becomes) for e in events
    )


# -- modifiers -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "adult", "expected"),
    [
        ("hunter_01", True, 0),
        ("killer_1", True, 0),
        ("warrior_01", True, 1),
        ("warrior_01", False, 1),  # a newborn Warrior too (issue 8, ruling 6)
        ("guard_1", True, 2),
    ],
)
def test_target_modifiers(target: str, adult: bool, expected: int) -> None:
    game = game_of(
        [Piece("rebel_crossbowman_1", (0, 0)), Piece(target, (4, 1), facing=3, adult=adult)]
    )
    verdict = fire.explain_shot(game, "rebel_crossbowman_1", target)
    assert verdict.legal, verdict
    assert verdict.details["die_modifier"] == expected
    if expected:
        assert verdict.details["modifiers"][0]["rule"] == "The Krobs: Shots"


QUEEN_FLOOR = """
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
 . . . . . . . . . .
. . . . . . . . . .
"""


def test_the_queen_plus_four_and_a_wounded_shooter_plus_one_reach_row_15() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 3), status=Status.WOUNDED, wounds=1),
            Piece("queen_alkiram", (5, 3)),
        ],
        art=QUEEN_FLOOR,
    )
    verdict = fire.explain_shot(game, "rebel_crossbowman_1", "queen_alkiram")
    assert verdict.legal, verdict
    details = verdict.details
    assert details["die_modifier"] == 5
    assert [m["value"] for m in details["modifiers"]] == [1, 4]
    assert details["by_die"][-1] == {"die": 10, "row": 15, "result": "-"}
    assert details["by_die"][0] == {"die": 1, "row": 6, "result": "C"}
    assert details["probabilities"] == {"A": 0.0, "B": 0.0, "C": 0.1, "-": 0.9}


def test_a_wounded_shooter_still_fires_with_plus_one() -> None:
    game = game_of(
        [
            Piece("ork_archer_1", (0, 2), status=Status.WOUNDED, wounds=1),
            Piece("hunter_01", (3, 2)),
        ]
    )
    force_dice(game, 1)
    s = shot(game.apply(Fire(("ork_archer_1",), "hunter_01")))
    assert [english(m) for m in s.modifiers] == ["+1 the shooter is wounded"]
    assert (s.die, s.modified_die, s.result) == (1, 2, "B")  # short bow, none, row 2


def test_an_elf_subtracts_one_and_can_read_row_zero() -> None:
    game = game_of([Piece("elf_3", (0, 2)), Piece("hunter_01", (3, 2))])
    force_dice(game, 1)
    s = shot(game.apply(Fire(("elf_3",), "hunter_01")))
    assert (s.die, s.modified_die, s.result) == (1, 0, "A")
    assert [english(m) for m in s.modifiers] == ["-1 an Elf shoots (excellent shooters)"]


def test_explain_gives_the_line_cover_modifiers_rows_and_probabilities() -> None:
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))])
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert verdict.legal and verdict.rule == "Fire with the Bow or Crossbow"
    details = verdict.details["shots"][0]
    assert details["weapon"] == "crossbow" and details["cover"] == "none"
    assert details["line"]["possible"] and details["line"]["range"] == 4
    assert all({"reason", "rule"} == set(why) for why in details["cover_why"])
    assert details["modifiers"] == [] and details["die_modifier"] == 0
    assert details["rows"] == list(range(1, 11))
    assert details["probabilities"] == {"A": 0.2, "B": 0.2, "C": 0.2, "-": 0.4}
    assert sum(details["probabilities"].values()) == pytest.approx(1.0)
    assert details["results"]["C"] == {"name": "Knocked out", "effect": "knocked_out"}


def test_cover_of_the_target_chooses_the_column() -> None:
    art = """
. . . . . . . . .
 . . . . . . . . .
. . . . r . . . .
 . . . . . . . . .
. . . . . . . . .
"""
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))], art=art)
    details = fire.explain_shot(game, "rebel_crossbowman_1", "hunter_01").details
    assert details["cover"] == "light"
    assert details["probabilities"] == {"A": 0.1, "B": 0.2, "C": 0.2, "-": 0.5}


# -- who may fire ----------------------------------------------------------------------------------


def test_a_shooter_adjacent_to_an_enemy_able_to_attack_him_cannot_fire() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 2)),
            Piece("hunter_01", (1, 2)),
            Piece("hunter_02", (4, 2)),
        ]
    )
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_02"))
    assert not verdict.legal and verdict.rule == fire.R_CONTACT
    assert "hunter_01" in verdict.reason
    assert not [a for a in game.legal_actions() if isinstance(a, Fire)]


def test_an_adjacent_enemy_behind_a_wall_does_not_stop_him() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 2)),
            Piece("hunter_01", (1, 2)),
            Piece("hunter_02", (0, 4)),
        ],
        edges=[((0, 2), 0, EdgeFeature.WALL)],
    )
    assert fire.in_contact(game, unit(game, "rebel_crossbowman_1")) is None
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_02"))
    assert verdict.legal, verdict


def test_each_shooter_fires_once_per_firing_sequence() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 2)),
            Piece("hunter_01", (4, 0)),
            Piece("hunter_02", (4, 4)),
        ]
    )
    force_dice(game, 9)
    game.apply(Fire(("rebel_crossbowman_1",), "hunter_01"))
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_02"))
    assert not verdict.legal and verdict.rule == fire.R_ONCE
    twice = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))])
    verdict = twice.explain(Fire(("rebel_crossbowman_1", "rebel_crossbowman_1"), "hunter_01"))
    assert not verdict.legal and verdict.rule == fire.R_ONCE
    with pytest.raises(IllegalAction):
        game.apply(Fire(("rebel_crossbowman_1",), "hunter_02"))


def test_several_shooters_at_one_target_roll_one_die_each_in_order() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 1)),
            Piece("rebel_archer_1", (0, 3)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    force_dice(game, 3, 2)  # crossbow row 3: B; long bow row 2: B -> the second kills
    events = game.apply(Fire(("rebel_crossbowman_1", "rebel_archer_1"), "hunter_01"))
    assert [(s.shooter, s.result) for s in shots(events)] == [
        ("rebel_crossbowman_1", "B"),
        ("rebel_archer_1", "B"),
    ]
    assert unit(game, "hunter_01").status is Status.KILLED
    assert unit(game, "rebel_crossbowman_1").fired and unit(game, "rebel_archer_1").fired


def test_shots_stop_when_the_target_is_dead() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 1)),
            Piece("rebel_archer_1", (0, 3)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    force_dice(game, 1)
    events = game.apply(Fire(("rebel_crossbowman_1", "rebel_archer_1"), "hunter_01"))
    assert [s.shooter for s in shots(events)] == ["rebel_crossbowman_1"]
    cancelled = next(e for e in events if isinstance(e, ShotCancelled))
    assert cancelled.shooter == "rebel_archer_1" and "dead" in english(cancelled.reason)
    assert not unit(game, "rebel_archer_1").fired
    assert fire.shots_made(game, "rebel_archer_1", fire.OFFENSIVE) == 0


def test_crossbowmen_who_fired_do_not_move_others_do() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 1)),
            Piece("rebel_archer_1", (0, 3)),
            Piece("hunter_01", (5, 2)),
        ]
    )
    force_dice(game, 9, 9)
    game.apply(Fire(("rebel_crossbowman_1", "rebel_archer_1"), "hunter_01"))
    game.apply(EndPhase())
    assert game.state.phase == "adventurer_movement"
    refused = game.explain(Move("rebel_crossbowman_1", hexes(game, (1, 1))))
    assert not refused.legal and "crossbowmen who have just fired" in refused.reason
    assert game.explain(Move("rebel_archer_1", hexes(game, (1, 3)))).legal
    rate = game.rules.rate_of_fire
    assert not rate.of("crossbow").move_after_firing and rate.of("long_bow").move_after_firing


def test_only_standing_shooters_with_a_bow_or_crossbow_fire() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 1), status=Status.KNOCKED_OUT),
            Piece("rebel_swordsman_1", (0, 3)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    ko = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert not ko.legal and "knocked out" in ko.reason
    sword = game.explain(Fire(("rebel_swordsman_1",), "hunter_01"))
    assert not sword.legal and "no bow or crossbow" in sword.reason


def test_fire_belongs_to_the_offensive_fire_sequence() -> None:
    game = game_of(
        [Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))],
        phase="adventurer_movement",
    )
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert not verdict.legal and "not allowed during" in verdict.reason


def test_no_line_of_fire_no_shot(monkeypatch: pytest.MonkeyPatch) -> None:
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (4, 2))])

    def blocked(game: Game, shooter: Unit, target: Unit) -> StandInLine:
        return StandInLine(False, Cover.NONE, 4, (("a wall blocks the line", "Walls"),))

    monkeypatch.setattr(fire, "line_of_fire", blocked)
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert not verdict.legal and verdict.rule == "Walls" and "a wall blocks" in verdict.reason
    assert verdict.details["shots"][0]["line"]["possible"] is False

    def total(game: Game, shooter: Unit, target: Unit) -> StandInLine:
        return StandInLine(True, Cover.TOTAL, 4, (("behind a wall", "Walls"),))

    monkeypatch.setattr(fire, "line_of_fire", total)
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert not verdict.legal and "total cover" in verdict.reason
    assert not [a for a in game.legal_actions() if isinstance(a, Fire)]


def test_beyond_five_hexes_no_shot() -> None:
    game = game_of([Piece("rebel_crossbowman_1", (0, 2)), Piece("hunter_01", (6, 2))])
    verdict = game.explain(Fire(("rebel_crossbowman_1",), "hunter_01"))
    assert not verdict.legal and verdict.details["shots"][0]["line"]["range"] == 6


def test_the_engaged_target_rule_is_for_defensive_fire_only() -> None:
    """Our reading: offensive fire may aim at a Krob next to a friend (the rulebook puts
    that restriction under "Defensive Fire"); `engaged_target_offensive` changes it."""
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 2)),
            Piece("rebel_swordsman_1", (5, 2)),
            Piece("hunter_01", (4, 2)),
        ]
    )
    assert fire.engaged_with(game, unit(game, "hunter_01")) is not None
    assert game.explain(Fire(("rebel_crossbowman_1",), "hunter_01")).legal
    verdict = fire.explain_shot(game, "rebel_crossbowman_1", "hunter_01", fire.DEFENSIVE)
    assert not verdict.legal and verdict.rule == fire.R_ENGAGED


def test_legal_actions_list_each_shooter_target_pair_and_the_group() -> None:
    game = game_of(
        [
            Piece("rebel_crossbowman_1", (0, 1)),
            Piece("rebel_archer_1", (0, 3)),
            Piece("hunter_01", (4, 2)),
            Piece("hunter_02", (8, 2)),
        ]
    )
    fires = [a for a in game.legal_actions() if isinstance(a, Fire)]
    assert fires == [
        Fire(("rebel_archer_1",), "hunter_01"),
        Fire(("rebel_crossbowman_1",), "hunter_01"),
        Fire(("rebel_archer_1", "rebel_crossbowman_1"), "hunter_01"),
    ]
    assert all(game.is_legal(a) for a in fires)
