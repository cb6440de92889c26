"""`scenario_problems`: every fault of a scenario at once, each with its hexes, the first
one exactly what `load_scenario` refuses the file with (the map editor marks them all)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir import resources
from dragonnoir.engine.scenario import (
    load_scenario,
    scenario_file_problems,
    scenario_from,
    scenario_problems,
)
from dragonnoir.engine.scenario_format import ScenarioFile
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.board_io import load_board

MAPS = Path(__file__).resolve().parents[2] / "maps"

#: Six bad entries: an unknown counter, a character in the rock, two on one hex, a
#: wizard entry naming no one, an objective in the rock, a condition naming no one.
MANY_FAULTS = """
[[unit]]
kind = "nobody"
cell = [5, 9]

[[unit]]
kind = "zed"
cell = [0, 0]

[[unit]]
kind = "zacharie"
cell = [3, 9]

[[unit]]
kind = "godiva"
cell = [3, 9]

[[wizard]]
unit = "merlin"

[[objective]]
kind = "orb"
cells = [[1, 0]]

[victory]
[[victory.condition]]
side = "krobs"
kind = "kill"
units = ["ghost"]
"""


def _scenario(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.toml"
    path.write_text(
        f'id = "t"\nname = "T"\nmap = "{(MAPS / "fosse.tmx").as_posix()}"\n{body}',
        encoding="utf-8",
    )
    return path


def test_every_bad_entry_is_found_at_once_with_its_hexes(tmp_path: Path) -> None:
    path = _scenario(tmp_path, MANY_FAULTS)
    faults = scenario_file_problems(path)
    board = load_board(MAPS / "fosse.tmx")
    at = board.grid.to_hex
    assert [f.place for f in faults] == [
        "field unit[0].kind",
        "field unit[1].cell",
        "field unit[3].cell",
        "field wizard[0].unit",
        "field objective[0] (orb)",
        "field victory.condition[0] (kill).units",
    ]
    hexes = [f.hexes for f in faults]
    assert hexes[0] == (at(5, 9),)  # the unknown counter's cell
    assert hexes[1] == (at(0, 0),)  # in the rock
    assert hexes[2] == (at(3, 9),)  # the shared hex
    assert hexes[3] == ()  # a wizard entry has no place on the map
    assert hexes[4] == (at(1, 0),)
    # The refusal a player sees is the first fault, word for word.
    with pytest.raises(DataFileError) as info:
        load_scenario(path)
    assert str(info.value) == str(faults[0])
    assert info.value.hexes == faults[0].hexes


def test_a_group_reports_each_bad_character(tmp_path: Path) -> None:
    body = """
[[group]]
id = "band"
side = "adventurers"
[[group.unit]]
kind = "zed"
cell = [0, 0]
[[group.unit]]
kind = "hunter_01"
cell = [3, 9]
[[group.unit]]
kind = "zacharie"
cell = [4, 9]
"""
    faults = scenario_file_problems(_scenario(tmp_path, body))
    assert [f.place for f in faults] == [
        "field group[0] (id 'band').unit[0].cell",
        "field group[0] (id 'band').unit[1].kind",
    ]
    assert "one of the Krobs" in faults[1].detail


def test_a_deployment_too_small_marks_the_zone(tmp_path: Path) -> None:
    units = "".join(f'[[group.unit]]\nkind = "hunter_0{i}"\n' for i in range(1, 10))
    body = f'[[group]]\nid = "k"\nside = "krobs"\ndeploy_cells = [[3, 9]]\n{units}'
    (fault,) = scenario_file_problems(_scenario(tmp_path, body))
    assert "the zone is too small" in fault.detail
    board = load_board(MAPS / "fosse.tmx")
    assert fault.hexes == (board.grid.to_hex(3, 9),)


def test_a_missing_map_is_the_only_fault(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('id = "t"\nname = "T"\nmap = "nowhere.tmx"\n' + MANY_FAULTS, encoding="utf-8")
    (fault,) = scenario_file_problems(path)
    assert fault.place == "field map"


def test_a_file_that_is_no_scenario_is_one_fault(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('id = "t"\nname = 3\n', encoding="utf-8")
    (fault,) = scenario_file_problems(path)
    assert str(path) in str(fault)


@pytest.mark.parametrize("path", [i.path for i in resources.items("scenarios")], ids=str)
def test_the_shipped_scenarios_have_no_fault(path: Path) -> None:
    from dragonnoir.datafiles import load_toml_model

    data = load_toml_model(path, ScenarioFile)
    assert scenario_problems(data, path) == []
    assert scenario_from(data, path).id == data.id


def test_validate_prints_every_fault(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dragonnoir.cli import main

    path = _scenario(tmp_path, MANY_FAULTS)
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 6 and all(line.startswith(f"FAIL {path}: field ") for line in lines)
