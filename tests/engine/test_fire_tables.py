"""The Fire Table and the Rate of Fire & Movement table: shipped files, the rulebook's
modifiers, the design properties (crossbow strongest, cover protects), broken files named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dragonnoir.engine.tables import (
    FIRE_COVERS,
    FIRE_FILE,
    MISSILE_WEAPONS,
    RATE_OF_FIRE_FILE,
    Effect,
    FireTable,
    default_rules_data,
    load_fire_table,
    load_rate_of_fire,
    load_rules_data,
)
from dragonnoir.engine.testing import edited_data_file
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.terrain import Cover

DATA = Path(__file__).resolve().parents[2] / "dragonnoir" / "data"
DOCS = DATA.parents[1] / "docs"

#: From best for the shooter to worst.
SEVERITY = {"A": 3, "B": 2, "C": 1, "-": 0}


def _fire() -> FireTable:
    return default_rules_data().fire


# -- shipped files ------------------------------------------------------------------------


def test_shipped_fire_tables_load_with_the_rules_data() -> None:
    data = default_rules_data()
    assert data.sources[FIRE_FILE] == DATA / FIRE_FILE
    assert data.sources[RATE_OF_FIRE_FILE] == DATA / RATE_OF_FIRE_FILE
    assert data.fire.covers == FIRE_COVERS
    assert {r.code for r in data.fire.results} == {"A", "B", "C", "-"}
    assert data.fire.code("A").effect is Effect.KILLED
    assert data.fire.code("B").effect is Effect.WOUNDED
    assert data.fire.code("C").effect is Effect.KNOCKED_OUT
    assert data.fire.code("-").effect is Effect.NONE
    assert {w.id for w in data.rate_of_fire.weapons} == set(MISSILE_WEAPONS)


def test_rows_reach_every_modified_die_the_rules_allow() -> None:
    """-1 Elf on a 1 gives 0; a wounded shooter (+1) at the Queen (+4) on a 10 gives 15."""
    table = _fire()
    assert table.die_range == (0, 15)
    assert table.die(1, table.modifiers.elf_shooter) == 0
    assert table.die(0, table.modifiers.wounded_shooter + 4) == 15  # 0 counts as 10
    assert table.die(1, -5) == 0 and table.die(10, 9) == 15  # house rules: clamped


def test_the_rulebooks_modifiers() -> None:
    table = _fire()
    assert table.modifiers.wounded_shooter == 1
    assert table.modifiers.elf_shooter == -1
    assert table.target_modifier("warrior", newborn=False) == 1
    assert table.target_modifier("guard", newborn=False) == 2
    assert table.target_modifier("queen", newborn=False) == 4
    assert table.target_modifier("hunter", newborn=False) == 0
    assert table.target_modifier("killer", newborn=False) == 0
    assert table.target_modifier(None, newborn=False) == 0
    # "When a shooter targets a Warrior, he must add one point": nothing exempts the
    # newborn side (issue 8, ruling 6)
    assert table.target_modifier("warrior", newborn=True) == 1


def test_lower_dice_less_cover_and_stronger_weapons_never_hurt_the_shooter() -> None:
    table = _fire()
    low, high = table.die_range
    for weapon in MISSILE_WEAPONS:
        for i, cover in enumerate(FIRE_COVERS):
            column = [SEVERITY[table.result(weapon, cover, d).code] for d in range(low, high + 1)]
            assert column == sorted(column, reverse=True), (weapon, cover)
            if i:
                for d in range(low, high + 1):
                    more = table.result(weapon, cover, d).code
                    less = table.result(weapon, FIRE_COVERS[i - 1], d).code
                    assert SEVERITY[more] <= SEVERITY[less], (weapon, cover, d)
    for d in range(low, high + 1):
        for cover in FIRE_COVERS:
            short, long_, cross = (
                SEVERITY[table.result(w, cover, d).code] for w in MISSILE_WEAPONS
            )
            assert short <= long_ <= cross, (cover, d)


def test_the_crossbow_is_the_most_powerful_and_cover_matters() -> None:
    table = _fire()

    def hits(weapon: str, cover: Cover) -> int:
        return sum(table.result(weapon, cover, d).code != "-" for d in range(1, 11))

    assert (
        hits("crossbow", Cover.NONE) > hits("long_bow", Cover.NONE) > hits("short_bow", Cover.NONE)
    )
    assert hits("crossbow", Cover.NONE) > hits("crossbow", Cover.STRONG)
    with pytest.raises(KeyError):
        table.result("crossbow", Cover.TOTAL, 1)


def test_rate_of_fire_and_movement() -> None:
    rate = default_rules_data().rate_of_fire
    short, long_, cross = (rate.of(w) for w in MISSILE_WEAPONS)
    assert all(w.shots_per_sequence == 1 for w in (short, long_, cross))
    assert short.move_after_firing and long_.move_after_firing and not cross.move_after_firing
    assert short.defensive_after_moving and short.defensive_after_firing
    assert not long_.defensive_after_moving and long_.defensive_after_firing
    assert not cross.defensive_after_moving and not cross.defensive_after_firing
    assert rate.get(None) is None and rate.get("none") is None


# -- broken files -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('{ die =  3, short_bow = ["C", "C"', '{ die =  3, short_bow = ["Z", "C"',
         r"rows\[3\] \(die 3\)\.short_bow\[0\]: unknown result code 'Z'"),
        ('long_bow = ["C", "C", "-", "-"], crossbow = ["B", "C", "C", "-"] }',
         'long_bow = ["C", "C", "-"], crossbow = ["B", "C", "C", "-"] }',
         r"rows\[4\] \(die 4\)\.long_bow: 3 results for 4 cover columns"),
        ("{ die =  7,", "{ die =  8,", r"rows\[7\] \(die 8\)\.die: die rows must follow"),
        ('covers = ["none", "light", "medium", "strong"]', 'covers = ["none", "light", "strong"]',
         r"field covers: .*exactly 'none', 'light', 'medium', 'strong'"),
        ('effect = "knocked_out"', 'effect = "retreat"', r"results\[2\] \(code 'C'\)\.effect"),
        ('{ type = "guard", modifier = 2 }', '{ type = "gard", modifier = 2 }',
         r"modifiers\.targets\[1\]\.type"),
        ('{ type = "guard", modifier = 2 }', '{ type = "warrior", modifier = 2 }',
         r"modifiers\.targets\[1\]\.type: Krob type 'warrior' appears twice"),
        ("wounded_shooter = 1", "wounded_shooter = 1\nsniper = 2", r"modifiers\.sniper"),
        ('code = "B"', 'code = "A"', r"results\[1\] \(code 'A'\)\.code: .*twice"),
    ],
)  # fmt: skip
def test_broken_fire_table_names_the_field(tmp_path: Path, old: str, new: str, where: str) -> None:
    path = edited_data_file(tmp_path, FIRE_FILE, old, new)
    with pytest.raises(DataFileError, match=where) as info:
        load_fire_table(path)
    assert str(path) in str(info.value)


def test_fire_rows_must_cover_one_to_ten(tmp_path: Path) -> None:
    text = (DATA / FIRE_FILE).read_text(encoding="utf-8")
    text = re.sub(r"  \{ die = (1[0-5]|[7-9]),.*\n", "", text)
    path = tmp_path / FIRE_FILE
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=r"field rows: rows must cover at least the die"):
        load_fire_table(path)


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ('id = "long_bow"', 'id = "longbow"', r"weapons\[1\] \(id 'longbow'\)\.id"),
        ('id = "long_bow"', 'id = "none"', r"weapons\[1\] \(id 'none'\)\.id: .*not a missile"),
        ('id = "long_bow"', 'id = "short_bow"',
         r"weapons\[1\] \(id 'short_bow'\)\.id: weapon 'short_bow' appears twice"),
        ("shots_per_sequence = 1", "shots_per_sequence = 0",
         r"weapons\[0\] \(id 'short_bow'\)\.shots_per_sequence"),
        ("move_after_firing = false", 'move_after_firing = "maybe"',
         r"weapons\[2\] \(id 'crossbow'\)\.move_after_firing"),
    ],
)  # fmt: skip
def test_broken_rate_of_fire_names_the_field(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    path = edited_data_file(tmp_path, RATE_OF_FIRE_FILE, old, new)
    with pytest.raises(DataFileError, match=where) as info:
        load_rate_of_fire(path)
    assert str(path) in str(info.value)


def test_a_roster_weapon_without_rate_of_fire_is_refused(tmp_path: Path) -> None:
    text = (DATA / RATE_OF_FIRE_FILE).read_text(encoding="utf-8")
    start = text.index('[[weapons]]\nid = "crossbow"')
    (tmp_path / RATE_OF_FIRE_FILE).write_text(text[:start], encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_rules_data(tmp_path)
    message = str(info.value)
    assert RATE_OF_FIRE_FILE in message and "field weapons" in message
    assert "no entry for 'crossbow'" in message


def test_a_players_own_fire_table_replaces_ours(tmp_path: Path) -> None:
    edited_data_file(tmp_path, FIRE_FILE, "elf_shooter = -1", "elf_shooter = -2")
    data = load_rules_data(tmp_path)
    assert data.fire.modifiers.elf_shooter == -2
    assert data.sources[FIRE_FILE] == tmp_path / FIRE_FILE
    assert data.rate_of_fire == default_rules_data().rate_of_fire


# -- the docs say what the data says -----------------------------------------------------------


def test_docs_show_the_shipped_fire_table() -> None:
    docs = (DOCS / "rules-tables.md").read_text(encoding="utf-8")
    table = _fire()
    for row in table.rows:
        cells = " | ".join(" ".join(row.codes(w)) for w in MISSILE_WEAPONS)
        assert f"| {row.die} | {cells} |" in docs, row.die
    for result in table.results:
        assert f"| `{result.code}` | {result.name} |" in docs
