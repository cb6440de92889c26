"""Scenario rules (issue 12): deployment, reinforcements, exits, deep passages, hidden
Krobs and every way they are revealed, objective counters, victory conditions, and the
loader's refusals. Small hand-made scenarios on La Fosse (maps/fosse.tmx).

La Fosse, as the cells used here lie: row 9 is a long east-west corridor (cells 0-25),
the pit (level -1) fills cells 9-16 of rows 5-13, the trapdoor is (14, 10), the
deployment zone "west-cave" is cells (7-9, 14-16), the entry "right-centre" is (25, 9),
(26, 8), (26, 10), the entry "left-centre" (0, 8), (0, 9), (0, 10).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.engine.actions import (
    CastSpell,
    Deploy,
    EndPhase,
    EnterMap,
    EnterPassage,
    LeaveMap,
    Move,
    Pass,
)
from dragonnoir.engine.events import GameEnded, PassageTaken, Revealed, UnitMoved
from dragonnoir.engine.explain import Explanation
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import offmap
from dragonnoir.engine.save import load_game, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side, Status
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phrase import english

FOSSE = (Path(__file__).resolve().parents[2] / "maps" / "fosse.tmx").as_posix()
ADV, KROBS = Side.ADVENTURERS, Side.KROBS


def told(game: Game, verdict: Explanation) -> str:
    """The verdict as an English reader is told it: names, and hexes by their cells."""
    return Narrator.of(game, "en").say(verdict.said)


def scenario(tmp_path: Path, body: str, *, turn_limit: int = 6, name: str = "s") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(
        f'id = "{name}"\nname = "Test"\nmap = "{FOSSE}"\nturn_limit = {turn_limit}\n{body}',
        encoding="utf-8",
    )
    return path


def start(tmp_path: Path, body: str, seed: int = 1, **kw: int) -> Game:
    return load_scenario(scenario(tmp_path, body, **kw)).new_game(seed)


def h(game: Game, col: int, row: int) -> Hex:
    return game.board.grid.to_hex(col, row)


def cell(game: Game, uid: str) -> tuple[int, int] | None:
    unit = game.state.units[uid]
    return None if unit.hex is None else game.board.grid.to_cell(unit.hex)


def end_phases_until(game: Game, phase: str) -> None:
    """End phases (declining every decision) until `phase` begins."""
    for _ in range(40):
        if game.state.phase == phase and not game.state.pending:
            return
        game.apply(Pass() if game.state.pending else EndPhase())
    raise AssertionError(f"never reached {phase}")


KROB_FAR = """
[[unit]]
kind = "killer_1"
cell = [22, 8]
"""

VICTORY = """
[victory]
at_turn_limit = "krobs"
"""


# -- deployment ---------------------------------------------------------------------------------


DEPLOY = (
    """
[[group]]
id = "patrol"
side = "adventurers"
deploy = "west-cave"
[[group.unit]]
kind = "rebel_knight_1"
[[group.unit]]
kind = "elf_1"
"""
    + KROB_FAR
)


def test_deployment_comes_before_the_first_turn(tmp_path: Path) -> None:
    game = start(tmp_path, DEPLOY)
    assert (game.state.turn, game.state.phase) == (1, "adventurer_deployment")
    assert game.state.units["rebel_knight_1"].hex is None
    actions = game.legal_actions()
    assert actions and all(isinstance(a, Deploy) for a in actions)
    assert {game.board.grid.to_cell(a.to) for a in actions if isinstance(a, Deploy)} <= {
        (7, 14),
        (7, 15),
        (8, 14),
        (8, 15),
        (8, 16),
        (9, 14),
        (9, 15),
        (9, 16),
    }
    refusal = game.explain(EndPhase())
    assert not refusal.legal and "2 characters still to place" in refusal.reason
    outside = game.explain(Deploy("elf_1", h(game, 5, 9)))
    assert not outside.legal and "outside his deployment zone" in outside.reason
    game.apply(Deploy("rebel_knight_1", h(game, 8, 15)))
    taken = game.explain(Deploy("elf_1", h(game, 8, 15)))
    assert not taken.legal and "Stacking" in taken.rule
    game.apply(Deploy("elf_1", h(game, 9, 15)))
    game.apply(Deploy("elf_1", h(game, 9, 14)))  # placed again, elsewhere
    game.apply(EndPhase())
    assert (game.state.turn, game.state.phase) == (1, "adventurer_fire")
    assert cell(game, "elf_1") == (9, 14)
    assert "offmap" not in game.state.scratch


def test_both_sides_deploy_in_the_order_the_scenario_sets(tmp_path: Path) -> None:
    body = (
        DEPLOY.replace(KROB_FAR, "")
        + """
[rules]
deploy_first = "krobs"

[[group]]
id = "guards"
side = "krobs"
hidden = true
deploy = "pit-bottom"
[[group.unit]]
kind = "hunter_01"
"""
    )
    game = start(tmp_path, body)
    assert game.state.phase == "krob_deployment"
    game.apply(Deploy("hunter_01", h(game, 12, 10)))
    # The secret placement is not in the Adventurers' log.
    assert not any("hunter_01" in repr(e) for e in game.log_for(ADV))
    assert any("hunter_01" in repr(e) for e in game.log_for(KROBS))
    game.apply(EndPhase())
    assert game.state.phase == "adventurer_deployment"


def test_a_deployment_zone_too_small_is_refused(tmp_path: Path) -> None:
    units = "".join(f'[[group.unit]]\nkind = "rebel_archer_{i}"\n' for i in (1, 2))
    units += '[[group.unit]]\nkind = "rebel_scout_1"\n'
    units += "".join(f'[[group.unit]]\nkind = "elf_{i}"\n' for i in (1, 2, 3, 4))
    units += "".join(f'[[group.unit]]\nkind = "troll_{i}"\n' for i in (1, 2))
    body = '[[group]]\nid = "many"\nside = "adventurers"\ndeploy = "west-cave"\n' + units
    with pytest.raises(DataFileError, match="9 characters to deploy on 8 hexes"):
        load_scenario(scenario(tmp_path, body))


# -- reinforcements, exits -----------------------------------------------------------------------


REINFORCE = """
[[unit]]
kind = "rebel_knight_1"
cell = [2, 9]

[[group]]
id = "relief"
side = "krobs"
enter = { zone = "right-centre", turn = 2 }
[[group.unit]]
kind = "warrior_01"
"""


def test_reinforcements_come_on_from_their_zone_on_their_turn(tmp_path: Path) -> None:
    game = start(tmp_path, REINFORCE)
    end_phases_until(game, "krob_movement")
    early = game.explain(EnterMap("warrior_01", h(game, 25, 9)))
    assert not early.legal and "game turn 2" in early.reason
    assert not any(isinstance(a, EnterMap) for a in game.legal_actions())
    end_phases_until(game, "adventurer_movement")
    end_phases_until(game, "krob_movement")
    assert game.state.turn == 2
    entries = [a for a in game.legal_actions() if isinstance(a, EnterMap)]
    assert {game.board.grid.to_cell(a.to) for a in entries} <= {(25, 9), (26, 8), (26, 10)}
    game.apply(EnterMap("warrior_01", h(game, 25, 9)))
    assert cell(game, "warrior_01") == (25, 9)
    warrior = game.state.units["warrior_01"]
    assert warrior.mp_spent > 0  # the hex cost is paid
    assert any(isinstance(a, Move) and a.unit == "warrior_01" for a in game.legal_actions())


def test_an_adventurer_leaves_by_an_edge_entry_when_the_scenario_has_objectives(
    tmp_path: Path,
) -> None:
    body = (
        """
[[unit]]
kind = "rebel_knight_1"
cell = [1, 9]
"""
        + KROB_FAR
        + VICTORY
    )
    game = start(tmp_path, body)
    end_phases_until(game, "adventurer_movement")
    assert not game.explain(LeaveMap("rebel_knight_1")).legal  # (1, 9) is no way out
    game.apply(Move("rebel_knight_1", (h(game, 0, 9),)))
    assert LeaveMap("rebel_knight_1") in game.legal_actions()
    game.apply(LeaveMap("rebel_knight_1"))
    assert game.state.units["rebel_knight_1"].hex is None
    assert offmap.exited(game)["rebel_knight_1"]["turn"] == 1
    # The Adventurers have nobody left on the map: judged as at the turn limit.
    assert game.over and game.state.winner is KROBS
    assert "have left the caves" in game.state.scratch["result"]["reason"]


def test_without_objectives_no_one_leaves_the_map(tmp_path: Path) -> None:
    game = start(tmp_path, '[[unit]]\nkind = "rebel_knight_1"\ncell = [0, 9]\n' + KROB_FAR)
    end_phases_until(game, "adventurer_movement")
    assert not game.explain(LeaveMap("rebel_knight_1")).legal


# -- deep passages -------------------------------------------------------------------------------


PASSAGE = (
    """
[[unit]]
kind = "goblin_spearman_1"
cell = [14, 10]

[[passage]]
ends = ["trapdoor", [4, 2]]
turns = 1
name = "the old drain"
"""
    + KROB_FAR
)


def test_a_deep_passage_takes_a_character_away_unseen_and_brings_him_out(
    tmp_path: Path,
) -> None:
    game = start(tmp_path, PASSAGE)
    entrances = [a for a in game.state.accessories.values() if a.kind.value == "dungeon_entrance"]
    assert {game.board.grid.to_cell(a.hexes[0]) for a in entrances} == {(14, 10), (4, 2)}
    end_phases_until(game, "adventurer_movement")
    verdict = game.explain(EnterPassage("goblin_spearman_1", "passage_1"))
    assert verdict.legal and "(4,2) on game turn 2" in told(game, verdict)
    game.apply(EnterPassage("goblin_spearman_1", "passage_1"))
    goblin = game.state.units["goblin_spearman_1"]
    assert goblin.hex is None and goblin.hidden_from is KROBS
    krob_log = [e for e in game.log_for(KROBS)]
    assert not any(isinstance(e, PassageTaken) for e in krob_log)
    narrator = Narrator.english(game)
    assert any("goes down into the deep passages" in narrator.event(e) for e in krob_log)
    assert any(isinstance(e, PassageTaken) for e in game.log_for(ADV))
    end_phases_until(game, "krob_movement")
    assert goblin.hex is None  # still underground on turn 1
    end_phases_until(game, "adventurer_movement")
    assert game.state.turn == 2 and cell(game, "goblin_spearman_1") == (4, 2)
    assert goblin.hidden_from is None
    assert any(isinstance(a, Move) and a.unit == "goblin_spearman_1" for a in game.legal_actions())


def test_reinforcements_come_up_out_of_the_deep_passages(tmp_path: Path) -> None:
    body = (
        ADV_WEST
        + """
[[group]]
id = "below"
side = "krobs"
enter = { zone = "trapdoor", turn = 2 }
[[group.unit]]
kind = "hunter_01"
[[group.unit]]
kind = "hunter_02"
"""
    )
    game = start(tmp_path, body)
    hunter = game.state.units["hunter_01"]
    assert hunter.hex is None and hunter.hidden_from is ADV
    assert not any("hunter_01" in repr(e) for e in game.log_for(ADV))
    end_phases_until(game, "krob_movement")
    assert hunter.hex is None  # turn 1: still below
    end_phases_until(game, "adventurer_movement")
    end_phases_until(game, "krob_movement")
    assert game.state.turn == 2
    assert cell(game, "hunter_01") == (14, 10)  # up through the trapdoor
    assert cell(game, "hunter_02") is not None and cell(game, "hunter_02") != (14, 10)
    assert hunter.hidden_from is None


# -- hidden Krobs ---------------------------------------------------------------------------------


def hidden_krob(col: int, row: int, kind: str = "hunter_01") -> str:
    return f"""
[[group]]
id = "lurkers"
side = "krobs"
hidden = true
[[group.unit]]
kind = "{kind}"
cell = [{col}, {row}]
"""


ADV_WEST = """
[[unit]]
kind = "rebel_knight_1"
cell = [1, 9]

[[unit]]
kind = "elf_1"
cell = [0, 8]
"""


def test_a_hidden_krob_leaves_no_trace_in_the_adventurers_view(tmp_path: Path) -> None:
    hidden = start(tmp_path, ADV_WEST + hidden_krob(12, 9) + KROB_FAR, seed=5)
    plain = start(tmp_path, ADV_WEST + KROB_FAR, seed=5)
    assert hidden.state.units["hunter_01"].hidden_from is ADV
    for game in (hidden, plain):
        end_phases_until(game, "adventurer_movement")
    # Legal actions are computed as the Adventurers see the map: identical.
    assert hidden.legal_actions() == plain.legal_actions()
    assert not any("hunter_01" in repr(e) for e in hidden.log_for(ADV))


def test_a_move_halts_when_a_hidden_krob_comes_into_sight(tmp_path: Path) -> None:
    game = start(tmp_path, ADV_WEST + hidden_krob(8, 9) + KROB_FAR)
    end_phases_until(game, "adventurer_movement")
    assert game.state.units["hunter_01"].hidden_from is ADV  # 7 hexes: too far to see
    path = tuple(h(game, c, 9) for c in range(2, 6))
    events = game.apply(Move("rebel_knight_1", path))
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert revealed and "seen by" in english(revealed[0].what)
    hunter = game.state.units["hunter_01"]
    assert hunter.hidden_from is None
    knight = game.state.units["rebel_knight_1"]
    assert cell(game, "rebel_knight_1") == (3, 9)  # he halted 5 hexes from the Krob
    assert knight.mp_spent == 2  # and keeps his points: he may go on
    assert any(isinstance(a, Move) and a.unit == "rebel_knight_1" for a in game.legal_actions())
    assert not game.can_undo()  # a reveal is information: no undo past it


def test_a_hidden_krob_is_revealed_by_contact(tmp_path: Path) -> None:
    """Knocked-out adventurers see nothing; when he stands up, the Krob next to him is
    found."""
    body = (
        """
[[unit]]
kind = "rebel_knight_1"
cell = [8, 14]
status = "knocked_out"
"""
        + hidden_krob(8, 15)
        + KROB_FAR
    )
    game = start(tmp_path, body)
    assert game.state.units["hunter_01"].hidden_from is ADV
    game.state.units["rebel_knight_1"].knocked_out_turn = 0
    game.state.units["rebel_knight_1"].status = Status.HEALTHY
    game.touch()
    events = game.apply(EndPhase())
    assert any(isinstance(e, Revealed) and "in contact with" in english(e.what) for e in events)


def test_a_hidden_krob_who_attacks_shows_himself(tmp_path: Path) -> None:
    """A knocked-out adventurer sees nothing, but the Krob who declares an attack on him
    is revealed at once, and the declaration is in both logs."""
    from dragonnoir.engine.actions import Attack

    body = (
        """
[[unit]]
kind = "rebel_scout_1"
cell = [8, 14]
status = "knocked_out"
"""
        + hidden_krob(8, 15, "killer_2")
        + KROB_FAR
    )
    game = start(tmp_path, body)
    game.state.units["rebel_scout_1"].knocked_out_turn = 1  # he stays down this turn
    end_phases_until(game, "krob_combat")
    assert game.state.units["killer_2"].hidden_from is ADV
    events = game.apply(Attack(("killer_2",), ("rebel_scout_1",)))
    assert any(isinstance(e, Revealed) and "he attacks" in english(e.what) for e in events)
    assert any("killer_2" in repr(e) for e in game.log_for(ADV))


def test_a_character_running_into_a_hidden_krob_is_stopped_before_him(tmp_path: Path) -> None:
    game = start(tmp_path, ADV_WEST + KROB_FAR)
    end_phases_until(game, "adventurer_movement")
    # A hidden Krob put down where the sweep has not yet looked (as if he had just come).
    from dragonnoir.engine.state import Unit

    game.state.units["hunter_01"] = Unit(
        "hunter_01", "hunter_01", KROBS, h(game, 3, 9), 0.0, hidden_from=ADV
    )
    game.touch()
    path = (h(game, 2, 9), h(game, 3, 9), h(game, 4, 9))
    events = game.apply(Move("rebel_knight_1", path))
    assert any(isinstance(e, Revealed) for e in events)
    assert cell(game, "rebel_knight_1") == (2, 9)


def test_detection_reveals_hidden_krobs_and_the_true_objective(tmp_path: Path) -> None:
    body = (
        """
[[unit]]
kind = "zacharie"
cell = [1, 9]

[[wizard]]
unit = "zacharie"
level = 2

[[objective]]
kind = "orb"
cells = [[20, 9], [21, 8], [22, 9]]
real = 2
"""
        + hidden_krob(20, 13)
        + KROB_FAR
    )
    game = start(tmp_path, body)
    assert game.state.phase == "adventurer_fire"
    action = next(
        a for a in game.legal_actions() if isinstance(a, CastSpell) and a.spell == "far_sight"
    )
    events = game.apply(action)
    whats = [english(e.what) for e in events if isinstance(e, Revealed)]
    assert any("Far sight" in w for w in whats)
    assert game.state.units["hunter_01"].hidden_from is None
    orbs = {a.id: a for a in game.state.accessories.values() if a.kind.value == "orb"}
    assert all(a.properties["revealed"] for a in orbs.values())
    assert [a.face_up for _, a in sorted(orbs.items())] == [False, False, True]


def test_a_hidden_krob_moves_unseen_and_no_window_is_offered(tmp_path: Path) -> None:
    body = """
[[unit]]
kind = "zacharie"
cell = [1, 9]

[[wizard]]
unit = "zacharie"
""" + hidden_krob(20, 9)
    game = start(tmp_path, body)
    end_phases_until(game, "krob_movement")
    events = game.apply(Move("hunter_01", (h(game, 19, 9), h(game, 18, 9))))
    assert not game.state.pending  # no defensive fire or spell window for an unseen step
    assert cell(game, "hunter_01") == (18, 9)
    assert any(isinstance(e, UnitMoved) for e in events)
    assert not any("hunter_01" in repr(e) for e in game.log_for(ADV))
    assert game.state.units["hunter_01"].hidden_from is ADV


# -- objectives ------------------------------------------------------------------------------


def test_the_orb_is_found_carried_and_taken_off_the_map(tmp_path: Path) -> None:
    body = (
        """
[[unit]]
kind = "rebel_scout_1"
cell = [3, 9]

[[objective]]
kind = "orb"
cells = [[1, 9], [4, 9], [22, 9]]
real = 0

[victory]
[[victory.condition]]
side = "adventurers"
kind = "orb_off"
"""
        + KROB_FAR
    )
    game = start(tmp_path, body)
    end_phases_until(game, "adventurer_movement")
    game.apply(Move("rebel_scout_1", (h(game, 2, 9), h(game, 1, 9))))
    orb = game.state.accessories["orb_1"]
    assert orb.properties["revealed"] and orb.properties["carried_by"] == "rebel_scout_1"
    assert not game.state.accessories["orb_2"].face_up  # next to his start: found empty
    game.apply(Move("rebel_scout_1", (h(game, 0, 9),)))
    assert orb.hexes == (h(game, 0, 9),)  # it moves with him
    verdict = game.explain(LeaveMap("rebel_scout_1"))
    assert told(game, verdict).endswith("(0,9): he carries the Orb off the map")
    game.apply(LeaveMap("rebel_scout_1"))
    assert game.over and game.state.winner is ADV
    assert game.state.scratch["result"]["reason"] == "the Orb was carried off the map"
    ended = [e for e in game.log if isinstance(e, GameEnded)]
    assert ended and ended[-1].winner == "adventurers"


def test_khuzun_is_freed_and_brought_out(tmp_path: Path) -> None:
    body = (
        """
[[unit]]
kind = "rebel_scout_1"
cell = [4, 9]

[[objective]]
kind = "khuzun"
cells = [[3, 9], [22, 9]]
real = 0

[victory]
[[victory.condition]]
side = "adventurers"
kind = "khuzun_out"
"""
        + KROB_FAR
    )
    game = start(tmp_path, body)
    # The scout stands next to the cell from the start: the prisoner is freed at once.
    assert any(isinstance(e, Revealed) and "true Khuzun" in english(e.what) for e in game.log)
    khuzun = game.state.units["khuzun"]
    assert khuzun.side is ADV and cell(game, "khuzun") == (3, 9)
    end_phases_until(game, "adventurer_movement")
    assert not game.explain(Move("khuzun", (h(game, 2, 9),))).legal  # from the next turn
    end_phases_until(game, "krob_movement")
    end_phases_until(game, "adventurer_movement")
    game.apply(Move("khuzun", (h(game, 2, 9), h(game, 1, 9), h(game, 0, 9))))
    assert not game.over
    game.apply(LeaveMap("khuzun"))
    assert game.over and game.state.winner is ADV
    assert game.state.scratch["result"]["reason"] == "Khuzun was freed and brought out"


def test_the_sun_exit_counts_only_the_true_gallery(tmp_path: Path) -> None:
    body = (
        """
[[unit]]
kind = "rebel_scout_1"
cell = [1, 9]

[[unit]]
kind = "rebel_scout_2"
cell = [1, 8]

[[objective]]
kind = "sun"
zones = ["left-centre", "right-centre"]
real = 1

[victory]
[[victory.condition]]
side = "adventurers"
kind = "sun_exit"
"""
        + KROB_FAR
    )
    game = start(tmp_path, body)
    end_phases_until(game, "adventurer_movement")
    game.apply(Move("rebel_scout_1", (h(game, 0, 9),)))
    assert not game.state.accessories["sun_1"].face_up  # revealed empty on arrival
    game.apply(LeaveMap("rebel_scout_1"))
    assert not game.over  # the wrong gallery


# -- victory conditions ----------------------------------------------------------------------


def test_reach_wins_when_the_named_character_stands_in_the_zone(tmp_path: Path) -> None:
    body = (
        ADV_WEST
        + KROB_FAR
        + """
[victory]
[[victory.condition]]
side = "adventurers"
kind = "reach"
units = ["rebel_knight_1"]
cells = [[3, 9]]
text = "The knight reached the crossing"
"""
    )
    game = start(tmp_path, body)
    end_phases_until(game, "adventurer_movement")
    game.apply(Move("elf_1", (h(game, 1, 8),)))
    assert not game.over
    game.apply(Move("rebel_knight_1", (h(game, 2, 9), h(game, 3, 9))))
    assert game.over and game.state.winner is ADV
    assert game.state.scratch["result"]["reason"] == "The knight reached the crossing"
    assert game.legal_actions() == [] and game.to_act() is None


def test_kill_the_named_character(tmp_path: Path) -> None:
    body = (
        ADV_WEST
        + KROB_FAR
        + """
[victory]
[[victory.condition]]
side = "krobs"
kind = "kill"
units = ["elf_1"]
"""
    )
    game = start(tmp_path, body)
    game.state.units["elf_1"].status = Status.KILLED
    game.touch()
    game.apply(EndPhase())
    assert game.over and game.state.winner is KROBS
    assert game.state.scratch["result"]["casualties"]["adventurers"]["lost"] == ["elf_1"]


def test_hold_is_judged_at_the_end_of_its_turn(tmp_path: Path) -> None:
    body = (
        ADV_WEST
        + """
[[unit]]
kind = "warrior_01"
cell = [20, 9]

[victory]
at_turn_limit = "adventurers"
[[victory.condition]]
side = "krobs"
kind = "hold"
cells = [[20, 9], [21, 9]]
turn = 2
"""
    )
    game = start(tmp_path, body)
    end_phases_until(game, "adventurer_fire")  # turn 1 goes by: not judged yet
    assert not game.over and game.state.turn == 1
    for _ in range(30):
        if game.over:
            break
        game.apply(Pass() if game.state.pending else EndPhase())
    assert game.over and game.state.winner is KROBS and game.state.turn == 2
    assert "held" in game.state.scratch["result"]["reason"]


def test_a_side_wiped_out_loses_at_once(tmp_path: Path) -> None:
    game = start(tmp_path, ADV_WEST + KROB_FAR + VICTORY)
    game.state.units["killer_1"].status = Status.KILLED
    game.touch()
    game.apply(EndPhase())
    assert game.over and game.state.winner is ADV
    assert game.state.scratch["result"]["reason"] == "the Krobs were wiped out"


@pytest.mark.parametrize(
    ("mode", "killed", "winner", "words"),
    [
        ("krobs", [], KROBS, "the Krobs prevail"),
        ("draw", [], None, "a draw"),
        ("casualties", [], None, "a draw on casualty points 0 to 0"),
        ("casualties", ["elf_1"], KROBS, "the Krobs win on casualty points 0 to 4"),
        ("casualties", ["warrior_01"], ADV, "the Adventurers win on casualty points 3 to 0"),
    ],
)
def test_the_turn_limit_decides_as_the_scenario_says(
    tmp_path: Path, mode: str, killed: list[str], winner: Side | None, words: str
) -> None:
    body = (
        ADV_WEST
        + KROB_FAR
        + f"""
[[unit]]
kind = "warrior_01"
cell = [20, 9]

[victory]
at_turn_limit = "{mode}"
"""
    )
    game = start(tmp_path, body, turn_limit=1)
    for uid in killed:
        game.state.units[uid].status = Status.KILLED
    game.touch()
    for _ in range(30):
        if game.over:
            break
        game.apply(Pass() if game.state.pending else EndPhase())
    assert game.over and game.state.winner is winner
    assert words in game.state.scratch["result"]["reason"]


def test_a_game_without_a_victory_block_ends_with_no_winner(tmp_path: Path) -> None:
    game = start(tmp_path, ADV_WEST + KROB_FAR, turn_limit=1)
    for _ in range(30):
        if game.over:
            break
        game.apply(Pass() if game.state.pending else EndPhase())
    assert game.over and game.state.winner is None


# -- saves -----------------------------------------------------------------------------------


def test_hidden_units_and_characters_off_the_map_survive_a_save(tmp_path: Path) -> None:
    path = scenario(tmp_path, PASSAGE + hidden_krob(22, 14), name="saved")
    game = load_scenario(path).new_game(3)
    end_phases_until(game, "adventurer_movement")
    game.apply(EnterPassage("goblin_spearman_1", "passage_1"))
    out = tmp_path / "game.json"
    save_game(game, out)
    again = load_game(out)
    assert again.state.to_dict() == game.state.to_dict()
    assert again.secret == game.secret


# -- the loader's refusals -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[unit]]\nkind = "hunter_99"\ncell = [1, 9]\n', "no counter 'hunter_99' in the roster"),
        ('[[unit]]\nkind = "elf_1"\ncell = [90, 9]\n', "cell (90, 9) is not on the map"),
        ('[[unit]]\nkind = "elf_1"\ncell = [0, 0]\n', "would stand on solid rock at cell (0, 0)"),
        (
            '[[unit]]\nkind = "elf_1"\ncell = [1, 9]\n[[unit]]\nkind = "elf_1"\ncell = [2, 9]\n',
            "unit id 'elf_1' is used twice",
        ),
        (
            '[[group]]\nid = "g"\nside = "krobs"\ndeploy = "nowhere"\n'
            '[[group.unit]]\nkind = "hunter_01"\n',
            "no zone 'nowhere' on the map",
        ),
        (
            '[[group]]\nid = "g"\nside = "adventurers"\nhidden = true\n'
            '[[group.unit]]\nkind = "elf_1"\ncell = [1, 9]\n',
            "only the Krobs place groups in secret",
        ),
        (
            '[[unit]]\nkind = "elf_1"\ncell = [1, 9]\n[victory]\n[[victory.condition]]\n'
            'side = "adventurers"\nkind = "khuzun_out"\n',
            "the scenario lays no khuzun counters",
        ),
        (
            '[[unit]]\nkind = "elf_1"\ncell = [1, 9]\n[victory]\n[[victory.condition]]\n'
            'side = "adventurers"\nkind = "exit"\ncount = 3\n',
            "the Adventurers have only 1 characters: the condition can never be met",
        ),
        (
            '[[objective]]\nkind = "orb"\ncells = [[1, 9], [2, 9]]\nreal = 2\n',
            "real = 2, but there are 2 counters",
        ),
        (
            '[[objective]]\nkind = "orb"\ncells = [[1, 9], [0, 0]]\n',
            "a counter on (0, 0), in the rock: no one can reach it",
        ),
        (
            '[[accessory]]\nid = "w"\nkind = "web"\ncells = [[0, 0]]\n',
            "a spider web on (0, 0), which is not open ground",
        ),
        (
            '[[objective]]\nkind = "sun"\ncells = [[1, 9], [2, 9], [3, 9], [4, 9], [5, 9]]\n',
            "5 sun counters: the box has 4",
        ),
        (
            '[[group]]\nid = "g"\nside = "krobs"\nenter = { zone = "cell-fosse-west" }\n'
            '[[group.unit]]\nkind = "hunter_01"\n',
            "zone 'cell-fosse-west' is of the kind cell, not entry, exit or dungeon entrance",
        ),
        (
            '[[group]]\nid = "g"\nside = "krobs"\n'
            'enter = { zone = ["trapdoor", "left-centre"] }\n'
            '[[group.unit]]\nkind = "hunter_01"\n',
            "up from the deep passages, not both",
        ),
        (
            '[[group]]\nid = "g"\nside = "krobs"\ndeploy = "pit-bottom"\n'
            '[[group.unit]]\nkind = "hunter_01"\ncell = [12, 10]\n',
            "his group is placed by its player or enters later: leave the cell out",
        ),
    ],
)
def test_broken_scenarios_are_refused_naming_the_place(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(DataFileError) as caught:
        load_scenario(scenario(tmp_path, body, name="broken"))
    text = str(caught.value)
    assert message in text
    assert "broken.toml" in text and "field" in text


# -- switches --------------------------------------------------------------------------------


def test_babies_grow_up_when_the_scenario_says(tmp_path: Path) -> None:
    body = (
        ADV_WEST
        + """
[rules]
babies_grow = true
babies_grow_turns = 1

[[unit]]
kind = "hunter_01"
cell = [20, 9]
adult = false
"""
    )
    game = start(tmp_path, body)
    end_phases_until(game, "krob_movement")
    assert not game.state.units["hunter_01"].adult  # turn 1
    end_phases_until(game, "adventurer_movement")
    end_phases_until(game, "krob_movement")
    assert game.state.turn == 2 and game.state.units["hunter_01"].adult


def test_the_gharvs_can_be_switched_off(tmp_path: Path) -> None:
    from dragonnoir.engine.rules.switches import switch

    game = start(tmp_path, ADV_WEST + KROB_FAR + "[rules]\ngharvs = false\n")
    assert switch(game, "gharvs") is False and switch(game, "unstable_marsh") is True
    plain = start(tmp_path, ADV_WEST + KROB_FAR, name="plain")
    assert switch(plain, "gharvs") is True
    assert "scenario" not in plain.state.scratch  # nothing to say: nothing written


def test_a_secret_placement_may_not_share_the_other_sides_zone(tmp_path: Path) -> None:
    body = """
[[group]]
id = "a"
side = "adventurers"
deploy = "pit-bottom"
[[group.unit]]
kind = "elf_1"

[[group]]
id = "b"
side = "krobs"
hidden = true
deploy = "pit-bottom"
[[group.unit]]
kind = "hunter_01"
"""
    with pytest.raises(DataFileError, match="deploy on the same hexes"):
        load_scenario(scenario(tmp_path, body))


def test_an_advance_is_planned_without_the_hidden_krobs_and_stops_short_of_one() -> None:
    # The Adventurers' advance after combat is listed as if the Krobs hidden from them
    # were not there (their legal actions must not betray a hidden Krob), and carrying it
    # out finds the Krob and stops before his hex, as a move does.
    from dragonnoir.engine.events import MovementStopped
    from dragonnoir.engine.rules import combat_results
    from dragonnoir.engine.testing import Piece, hexes, position

    art = ". . . . . .\n . . . . . .\n. . . . . ."

    def game_with(lurker: bool) -> Game:
        pieces = [Piece("rebel_swordsman_1", (1, 1))]
        if lurker:
            pieces.append(Piece("hunter_01", (3, 1)))
        game = position(art, pieces, phase="adventurer_combat")
        if lurker:
            game.state.units["hunter_01"].hidden_from = Side.ADVENTURERS
        return game

    seen, blind = game_with(False), game_with(True)
    left = frozenset(hexes(blind, (2, 1)))
    swordsman = blind.state.units["rebel_swordsman_1"]
    options = _advance_planned_as_seen(seen, blind, left)
    path = hexes(blind, (2, 1), (3, 1))
    assert options[path[-1]][0] == path
    events = combat_results.do_advance(blind, swordsman, path)
    assert swordsman.hex == path[0]
    assert blind.state.units["hunter_01"].hidden_from is None
    assert any(isinstance(e, Revealed) for e in events)
    assert any(isinstance(e, MovementStopped) for e in events)


def _advance_planned_as_seen(
    seen: Game, blind: Game, left: frozenset[Hex]
) -> dict[Hex, tuple[tuple[Hex, ...], int]]:
    """The swordsman's advance options in `blind` (something hidden from him ahead) are
    those of `seen` (nothing there): the plan shows only what his side sees."""
    from dragonnoir.engine.rules import combat_results

    options = combat_results.advance_options(blind, blind.state.units["rebel_swordsman_1"], left)
    assert options == combat_results.advance_options(
        seen, seen.state.units["rebel_swordsman_1"], left
    )
    return options


def test_an_advance_is_planned_through_a_hidden_web_and_stops_at_it() -> None:
    from dragonnoir.engine.events import MovementStopped
    from dragonnoir.engine.rules import combat_results
    from dragonnoir.engine.testing import Piece, hexes, position

    art = ". . . . . .\n . . . . . .\n. . . . . ."
    seen = position(art, [Piece("rebel_swordsman_1", (1, 1))], phase="adventurer_combat")
    blind = position(
        art, [Piece("rebel_swordsman_1", (1, 1))], phase="adventurer_combat", webs=[(3, 1)]
    )
    web = next(iter(blind.state.accessories.values()))
    web.hidden_from = Side.ADVENTURERS
    left = frozenset(hexes(blind, (2, 1)))
    swordsman = blind.state.units["rebel_swordsman_1"]
    _advance_planned_as_seen(seen, blind, left)
    path = hexes(blind, (2, 1), (3, 1))
    assert combat_results.check_advance_path(blind, swordsman, path, left) is None
    events = combat_results.do_advance(blind, swordsman, path)
    assert swordsman.hex == path[0] and web.hidden_from is None and web.face_up
    assert any(isinstance(e, MovementStopped) for e in events)


def test_an_unnamed_passage_is_said_by_its_ends_in_the_readers_language(tmp_path: Path) -> None:
    """A passage the scenario does not name is called by its two ends' cells, in the
    reader's language (it was fixed in English when the scenario was read)."""
    game = start(tmp_path, PASSAGE.replace('name = "the old drain"\n', ""))
    end_phases_until(game, "adventurer_movement")
    game.apply(EnterPassage("goblin_spearman_1", "passage_1"))
    taken = next(e for e in game.log_for(ADV) if isinstance(e, PassageTaken))
    english = Narrator.english(game).event(taken)
    french = Narrator.of(game, "fr").event(taken)
    assert "the passage (14,10) - (4,2)" in english
    assert "le passage (14,10) - (4,2)" in french and "the passage" not in french
