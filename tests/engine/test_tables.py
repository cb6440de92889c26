"""Rules tables: shipped files load, the rulebook's examples hold, broken files are named."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragonnoir.engine.tables import (
    COMBAT_FILE,
    INFILTRATION_FILE,
    JUMP_FILE,
    TERRAIN_SHIFTS_FILE,
    CombatTable,
    Effect,
    RollEffect,
    default_rules_data,
    face_value,
    least_advantageous,
    load_combat_table,
    load_infiltration_table,
    load_jump_table,
    load_rules_data,
    load_terrain_shifts,
    majority_effect,
)
from dragonnoir.engine.testing import edited_data_file
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.terrain import CombatEffect

DATA = Path(__file__).resolve().parents[2] / "dragonnoir" / "data"


def _combat() -> CombatTable:
    return default_rules_data().combat


# -- shipped files ------------------------------------------------------------------------


def test_shipped_rules_data_loads_and_is_cached() -> None:
    data = default_rules_data()
    assert load_rules_data() is data
    assert "cave_floor" in data.terrain
    assert data.combat.columns[:6] == ("1-1", "2-1", "3-1", "4-1", "5-1", "6-1")
    assert len(data.terrain_shifts.shifts) == 9
    assert {"queen", "guard", "killer", "warrior", "hunter"} <= set(data.infiltration.column_ids())
    assert {c.id for c in data.jump.columns} == {"up", "down"}
    assert data.sources[COMBAT_FILE] == DATA / COMBAT_FILE


def test_combat_table_covers_die_1_to_10_and_the_armoured_row_11() -> None:
    table = _combat()
    assert table.die_range == (1, 11)
    assert [row.die for row in table.rows] == list(range(1, 12))


def test_every_result_kind_the_rules_name_exists() -> None:
    table = _combat()
    defender = {r.defender.effect for r in table.results}
    attacker = {r.attacker.effect for r in table.results}
    assert {Effect.RETREAT, Effect.KNOCKED_OUT, Effect.WOUNDED, Effect.KILLED} <= defender
    assert {Effect.RETREAT, Effect.KNOCKED_OUT, Effect.WOUNDED} <= attacker
    assert table.code("NE").no_effect
    assert table.code("DR2").defender.hexes == 2


def test_better_odds_and_lower_dice_never_hurt_the_attacker() -> None:
    """A sanity property of our table: moving right or rolling lower is never worse."""
    table = _combat()
    order = ["AW", "EX", "AK", "AR", "NE", "DR", "DR2", "DK", "DW", "DX"]
    rank = {code: i for i, code in enumerate(order)}
    assert set(rank) == set(table.codes())
    for row in table.rows:
        ranks = [rank[c] for c in row.results]
        assert ranks == sorted(ranks), row.die
    for col in range(len(table.columns)):
        ranks = [rank[row.results[col]] for row in table.rows]
        assert ranks == sorted(ranks, reverse=True), table.columns[col]


# -- odds, shifts, dice -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "defence", "label"),
    [
        (8, 3, "2-1"),  # the rulebook: 2.6 to 1 is rounded to 2-1
        (3, 3, "1-1"),
        (5, 3, "1-1"),
        (6, 3, "2-1"),
        (17, 3, "5-1"),
        (18, 3, "6-1"),
        (60, 2, "6-1"),  # above the last column: the last column
    ],
)
def test_odds_are_rounded_in_favour_of_the_defender(attack: int, defence: int, label: str) -> None:
    table = _combat()
    column = table.column_for(attack, defence)
    assert column is not None and table.columns[column] == label


def test_below_one_to_one_is_impossible_whatever_the_shifts() -> None:
    table = _combat()
    assert table.column_for(2, 3) is None
    assert table.column_for(0, 1) is None
    with pytest.raises(ValueError):
        table.column_for(3, 0)


def test_multiple_combat_example_terrain_left_then_joint_attack_right() -> None:
    """ "Multiple Combat": two attackers at 4-1, one on (0) and one on (-), against a
    defender on (0): they count as (-), one column left (3-1); attacking together, one
    column right: the combat is resolved at 4-1."""
    data = default_rules_data()
    table = data.combat
    column = table.column_for(4 + 4, 2)
    assert column is not None and table.columns[column] == "4-1"
    attackers = least_advantageous([CombatEffect.NEUTRAL, CombatEffect.MINUS])
    assert attackers is CombatEffect.MINUS
    terrain = data.terrain_shifts.shift(attackers, CombatEffect.NEUTRAL)
    assert terrain == -1
    assert table.columns[table.shift(column, terrain)] == "3-1"
    joint = table.modifiers.joint_attack_shift
    assert table.columns[table.shift(column, terrain + joint)] == "4-1"


def test_terrain_shifts_are_complete_and_antisymmetric() -> None:
    shifts = default_rules_data().terrain_shifts
    for a in CombatEffect:
        assert shifts.shift(a, a) == 0
        for d in CombatEffect:
            assert shifts.shift(a, d) == -shifts.shift(d, a)
    assert shifts.shift("+", "-") > shifts.shift("0", "-") > 0


def test_column_shifts_clamp_at_both_ends() -> None:
    table = _combat()
    assert table.shift(0, -2) == 0  # before 1-1: stays at 1-1
    assert table.shift(table.last_column, 3) == table.last_column
    assert table.result(-4, 5) == table.result(0, 5)
    assert table.result(99, 5) == table.result(table.last_column, 5)


def test_killer_die_floor_one_minus_one_is_one() -> None:
    table = _combat()
    killer = table.modifiers.killer_attacks
    assert killer == -1
    assert table.die(1, killer) == 1
    assert table.die(5, killer) == 4
    assert table.result(0, table.die(1, killer)) == table.result(0, 1)


def test_armoured_defender_plus_one_reads_row_eleven() -> None:
    table = _combat()
    armoured = table.modifiers.armoured_defender
    assert table.die(0, armoured) == 11  # the die's 0 counts as 10
    assert table.result(0, 11).code == table.rows[-1].results[0]
    assert table.die(0, armoured + 5) == 11  # clamped to the last row
    assert table.die(1, armoured + table.modifiers.killer_attacks) == 1  # summed first


def test_face_value_zero_counts_as_ten() -> None:
    assert face_value(0) == 10 and face_value(7) == 7
    with pytest.raises(ValueError):
        face_value(11)


def test_majority_terrain_of_a_guard_and_ties() -> None:
    assert majority_effect(["+", "+", "-"]) is CombatEffect.PLUS
    assert majority_effect(["+", "0", "-"]) is CombatEffect.MINUS  # tie: least advantageous


# -- infiltration and jump ----------------------------------------------------------------


def test_infiltration_results_and_modifiers() -> None:
    table = default_rules_data().infiltration
    assert not table.roll("hunter", 1).stops
    assert table.roll("queen", 0).stops  # 0 counts as 10
    codes = {r.code: r for r in table.results}
    assert codes["K"].effect is RollEffect.KNOCKED_OUT and codes["W"].effect is RollEffect.WOUNDED
    assert table.roll("queen", 9, table.modifiers.mover_wounded) == table.roll("queen", 10)
    assert table.roll("hunter", 1, -5) == table.roll("hunter", 1)  # clamped


def test_the_queen_stops_more_than_a_hunter() -> None:
    table = default_rules_data().infiltration

    def passes(column: str) -> int:
        return sum(not table.roll(column, die).stops for die in range(1, 11))

    assert passes("queen") < passes("guard") < passes("warrior") < passes("hunter")
    assert passes("trolls") < passes("goblins") <= passes("dog")


def test_jump_table_up_is_harder_than_down() -> None:
    table = default_rules_data().jump
    up = sum(table.roll("up", d).lands for d in range(1, 11))
    down = sum(table.roll("down", d).lands for d in range(1, 11))
    assert up < down
    failed = table.roll("up", 10)
    assert not failed.lands and failed.ends_movement
    assert table.roll("up", 9, wounded=True) == failed


# -- broken files ---------------------------------------------------------------------------


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / COMBAT_FILE
    path.write_text("columns = [\n", encoding="utf-8")
    with pytest.raises(DataFileError, match="not valid TOML") as info:
        load_combat_table(path)
    assert str(path) in str(info.value)


def test_wrong_type_names_file_row_and_field(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, COMBAT_FILE, "die = 3\n", 'die = "three"\n')
    with pytest.raises(DataFileError) as info:
        load_combat_table(path)
    message = str(info.value)
    assert str(path) in message and "rows[2] (die 'three').die" in message


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, COMBAT_FILE, 'code = "DX"\n', 'code = "DX"\ncolour = "red"\n')
    with pytest.raises(DataFileError, match=r"results\[\d+\] \(code 'DX'\)\.colour"):
        load_combat_table(path)


def test_unknown_result_code_names_the_cell(tmp_path: Path) -> None:
    path = edited_data_file(
        tmp_path, COMBAT_FILE, 'die = 2\nresults = [  "DK"', 'die = 2\nresults = [  "ZZ"'
    )
    with pytest.raises(DataFileError) as info:
        load_combat_table(path)
    message = str(info.value)
    assert str(path) in message
    assert "rows[1] (die 2).results[0]" in message and "unknown result code 'ZZ'" in message


def test_duplicate_result_code_is_refused(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, COMBAT_FILE, 'code = "DX"', 'code = "DW"')
    with pytest.raises(DataFileError, match=r"results\[\d+\] \(code 'DW'\)\.code: .*twice"):
        load_combat_table(path)


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('"5-1", "6-1"]', '"6-1", "5-1"]', r"columns\[5\]: .*not above"),
        ('"1-1", "2-1"', '"1:1", "2-1"', r"columns\[0\]: .*'3-1'"),
        ("die = 11\n", "die = 12\n", r"rows\[10\] \(die 12\)\.die: .*follow"),
        ('{ effect = "retreat", hexes = 2 }', '{ effect = "retreat" }', r"defender\.hexes"),
        ('{ effect = "wounded" }', '{ effect = "bruised" }', r"attacker\.effect"),
    ],
)
def test_combat_table_shape_errors(tmp_path: Path, old: str, new: str, where: str) -> None:
    with pytest.raises(DataFileError, match=where):
        load_combat_table(edited_data_file(tmp_path, COMBAT_FILE, old, new))


def test_terrain_shifts_missing_and_duplicate_pairs(tmp_path: Path) -> None:
    text = (DATA / TERRAIN_SHIFTS_FILE).read_text(encoding="utf-8")
    path = tmp_path / TERRAIN_SHIFTS_FILE
    first = text.index("\n[[shifts]]")
    second = text.index("\n[[shifts]]", first + 1)
    path.write_text(text[:second], encoding="utf-8")  # only the first pair
    with pytest.raises(DataFileError, match=r"field shifts: .*missing attacker/defender pairs"):
        load_terrain_shifts(path)
    path.write_text(text + '\n[[shifts]]\nattacker = "+"\ndefender = "+"\nshift = 1\n')
    with pytest.raises(DataFileError, match=r"shifts\[9\]: .*twice"):
        load_terrain_shifts(path)


def test_infiltration_column_must_name_a_kind_of_enemy(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, INFILTRATION_FILE, 'id = "hunter"', 'id = "hunters"')
    with pytest.raises(DataFileError, match=r"columns\[0\] \(id 'hunters'\)\.id: .*not a kind"):
        load_infiltration_table(path)


def test_infiltration_column_missing_for_the_roster(tmp_path: Path) -> None:
    edited_data_file(
        tmp_path, INFILTRATION_FILE, 'id = "trolls"\nname = "Troll"', 'id = "queen"\nname = "X"'
    )
    with pytest.raises(DataFileError, match=r"columns\[\d+\] \(id 'queen'\)\.id: .*twice"):
        load_rules_data(tmp_path)
    text = (DATA / INFILTRATION_FILE).read_text(encoding="utf-8")
    start = text.index('[[columns]]\nid = "trolls"')
    end = text.index("[[columns]]", start + 1)
    (tmp_path / INFILTRATION_FILE).write_text(text[:start] + text[end:], encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_rules_data(tmp_path)
    message = str(info.value)
    assert INFILTRATION_FILE in message and "field columns" in message
    assert "no column 'trolls'" in message


def test_infiltration_column_of_wrong_length(tmp_path: Path) -> None:
    path = edited_data_file(
        tmp_path, INFILTRATION_FILE, '"S", "S", "S", "K"]', '"S", "S", "S", "K", "K"]'
    )
    with pytest.raises(DataFileError, match=r"columns\[0\] \(id 'hunter'\)\.results: .*at most 10"):
        load_infiltration_table(path)


def test_jump_table_needs_up_and_down(tmp_path: Path) -> None:
    path = edited_data_file(tmp_path, JUMP_FILE, 'id = "down"', 'id = "sideways"')
    with pytest.raises(DataFileError, match=r"columns\[1\] \(id 'sideways'\)\.id"):
        load_jump_table(path)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="file not found"):
        load_jump_table(tmp_path / JUMP_FILE)


# -- a player's own Game Sheet --------------------------------------------------------------


def test_a_players_own_tables_replace_ours(tmp_path: Path) -> None:
    """A folder holding only some files: those are used, the rest are ours."""
    text = (DATA / COMBAT_FILE).read_text(encoding="utf-8")
    text = text.replace(
        'columns = ["1-1", "2-1", "3-1", "4-1", "5-1", "6-1"]',
        'columns = ["1-2", "1-1", "3-2", "2-1", "3-1", "4-1"]',
    )
    text = text.replace("armoured_defender = 1 ", "armoured_defender = 2 ")
    (tmp_path / COMBAT_FILE).write_text(text, encoding="utf-8")
    shutil.copy(DATA / TERRAIN_SHIFTS_FILE, tmp_path / TERRAIN_SHIFTS_FILE)
    data = load_rules_data(tmp_path)
    assert data is not default_rules_data()
    assert data.sources[COMBAT_FILE] == tmp_path / COMBAT_FILE
    assert data.sources[JUMP_FILE] == DATA / JUMP_FILE
    table = data.combat
    assert table.modifiers.armoured_defender == 2
    assert table.columns[table.column_for(2, 3) or 0] == "1-2"  # 2/3: at least 1-2 here
    assert table.column_for(1, 3) is None
    assert table.columns[table.column_for(3, 2) or 0] == "3-2"
    assert data.jump == default_rules_data().jump


def test_docs_show_the_shipped_combat_table() -> None:
    """docs/rules-tables.md prints the grid; it must say what the data says."""
    docs = (DATA.parents[1] / "docs" / "rules-tables.md").read_text(encoding="utf-8")
    table = _combat()
    assert "| die | " + " | ".join(table.columns) + " |" in docs
    for row in table.rows:
        assert f" | {' | '.join(row.results)} |" in docs, row.die
    for result in table.results:
        assert f"| `{result.code}` | {result.name} |" in docs
