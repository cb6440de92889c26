"""Scenario files: a map, counters on cells, and one-line errors naming the entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.errors import DataFileError

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_the_corridor_scenario_starts_a_game() -> None:
    scenario = load_scenario(DATA / "corridor.toml")
    game = scenario.new_game(seed=3)
    assert game.to_act() is Side.ADVENTURERS
    assert game.state.units["hunter_01"].side is Side.KROBS
    assert game.state.wizards["zacharie"].energy == 200  # level 2: "Level x 100"
    assert game.board.grid.to_cell(game.state.units["zed"].hex) == (3, 9)  # type: ignore[arg-type]


def _scenario(tmp_path: Path, units: str, extra: str = "") -> Path:
    path = tmp_path / "s.toml"
    path.write_text(
        f'id = "t"\nname = "T"\nmap = "{(MAPS / "fosse.tmx").as_posix()}"\n{extra}{units}',
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("units", "fragment"),
    [
        ('[[unit]]\nkind = "nobody"\ncell = [3, 9]\n', "unit[0].kind: no counter 'nobody'"),
        (
            '[[unit]]\nkind = "zed"\ncell = [0, 0]\n',
            "unit[0].cell: 'zed' would stand on solid rock",
        ),
        ('[[unit]]\nkind = "zed"\ncell = [99, 9]\n', "unit[0].cell: cell (99, 9) is not on"),
        (
            '[[unit]]\nkind = "zed"\ncell = [3, 9]\n[[unit]]\nkind = "godiva"\ncell = [3, 9]\n',
            "unit[1].cell: 'godiva' and 'zed' would share a hex",
        ),
        ('[[unit]]\nkind = "zed"\ncell = [3, 9]\nlevel = 1\n', "unit[0].level"),
        ('[[unit]]\nkind = "zed"\ncell = [3, 9]\nspeed = 3\n', "unit[0].speed"),
    ],
)
def test_bad_scenarios_name_the_entry(tmp_path: Path, units: str, fragment: str) -> None:
    path = _scenario(tmp_path, units)
    with pytest.raises(DataFileError) as info:
        load_scenario(path)
    assert str(path) in str(info.value) and fragment in str(info.value)


def test_a_missing_map_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('id = "t"\nname = "T"\nmap = "nowhere.tmx"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match="field map"):
        load_scenario(path)


def _accessories(kind: str, cells: list[list[list[int]]]) -> str:
    return "".join(
        f'[[accessory]]\nid = "{kind}_{i}"\nkind = "{kind}"\ncells = {c}\n'
        for i, c in enumerate(cells)
    )


@pytest.mark.parametrize(
    ("extra", "fragment"),
    [
        (
            _accessories("boat", [[[3, 9], [4, 9]], [[3, 10], [4, 10]], [[3, 11], [4, 11]]]),
            "3 boat counters: the box holds 2 (Accessory Counters)",
        ),
        (
            _accessories("bridge", [[[3, 9]], [[4, 9]], [[5, 9]]]),
            "3 bridge small counters: the box holds 2 (Counters Linked to Magic Spells)",
        ),
    ],
)
def test_a_scenario_needing_more_counters_than_the_box_holds_is_refused(
    tmp_path: Path, extra: str, fragment: str
) -> None:
    """One line naming the file, the counter and the count ("Game Components")."""
    path = _scenario(tmp_path, "", extra)
    with pytest.raises(DataFileError) as info:
        load_scenario(path)
    message = str(info.value)
    assert str(path) in message and fragment in message and "\n" not in message


def test_the_box_counts_characters_by_kind() -> None:
    """72 Adventurers, 60 Krobs by type (28 Hunters...), 8 Gharvs: the roster's counters."""
    from dragonnoir.engine.box import character_limits, over_the_box
    from dragonnoir.engine.state import Unit
    from dragonnoir.engine.tables import default_rules_data

    rules = default_rules_data()
    limits = character_limits(rules.roster)
    assert limits["Adventurers"] == 72 and limits["Hunters"] == 28 and limits["Gharvs"] == 8
    assert limits["Queen's Guards"] == 7 and limits["Queens"] == 1
    hunters = [Unit(f"h{i}", "hunter_01", Side.KROBS) for i in range(29)]
    over = over_the_box(rules.roster, rules.spells.counters, hunters, [])
    assert [str(e) for e in over] == ["29 Hunters: the box holds 28 (The Characters)"]
    assert over_the_box(rules.roster, rules.spells.counters, hunters[:28], []) == []
