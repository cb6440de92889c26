"""The terrain table: data validated on load, errors naming file and field, the seam rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.terrain import Cover, default_terrain_table, load_terrain_table
from dragonnoir.hexmap.terrain_ids import default_terrain_ids, terrain_ids


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "terrain.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_table_has_every_terrain_the_rulebook_names() -> None:
    table = default_terrain_table()
    for tid in (
        "cave_floor", "rock", "water", "beach", "sand_slope", "marsh", "unstable_marsh",
        "trees", "stairs", "steep_stairs", "embankment", "wooden_bridge", "stone_bridge",
        "demolished_bridge", "landing_stage", "building_floor", "trapdoor",
    ):  # fmt: skip
        assert tid in table
    assert table["rock"].passable is False
    assert table["water"].water and table["marsh"].cover is Cover.LIGHT


def test_bad_value_names_file_row_and_field(tmp_path: Path) -> None:
    path = _write(tmp_path, '[[terrain]]\nid = "floor"\nname = "F"\nmove_cost = 0\n')
    with pytest.raises(DataFileError) as info:
        load_terrain_table(path)
    message = str(info.value)
    assert str(path) in message and "terrain[0] (id 'floor').move_cost" in message


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, '[[terrain]]\nid = "floor"\nname = "F"\nspeed = 2\n')
    with pytest.raises(DataFileError, match=r"terrain\[0\] \(id 'floor'\)\.speed"):
        load_terrain_table(path)


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    row = '[[terrain]]\nid = "floor"\nname = "F"\nmove_cost = 1\n'
    with pytest.raises(DataFileError, match="appears twice"):
        load_terrain_table(_write(tmp_path, row + row))


def test_broken_toml_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="not valid TOML"):
        load_terrain_table(_write(tmp_path, "[[terrain]\n"))
    with pytest.raises(DataFileError, match="file not found"):
        load_terrain_table(tmp_path / "nope.toml")


def test_a_players_own_values_replace_ours(tmp_path: Path) -> None:
    path = _write(tmp_path, '[[terrain]]\nid = "cave_floor"\nname = "Sol"\nmove_cost = 2\n')
    assert load_terrain_table(path)["cave_floor"].move_cost == 2


@pytest.mark.parametrize(
    ("a", "b", "winner"),
    [
        ("cave_floor", "rock", "rock"),  # impassable beats passable
        ("cave_floor", "water", "water"),  # the higher movement cost
        ("marsh", "stairs", "stairs"),  # same cost: the later row of the table
        ("beach", "beach", "beach"),
    ],
)
def test_seam_rule_less_passable_half_wins(a: str, b: str, winner: str) -> None:
    table = default_terrain_table()
    assert table.seam_winner(a, b) == winner
    assert table.seam_winner(b, a) == winner


def test_the_light_reading_of_the_ids_agrees_with_the_table() -> None:
    assert default_terrain_ids() == tuple(default_terrain_table().ids())


def test_ids_that_cannot_be_read_plainly_give_the_table_s_own_error(tmp_path: Path) -> None:
    twice = tmp_path / "twice.toml"
    twice.write_text(
        '[[terrain]]\nid = "rock"\nname = "Rock"\n[[terrain]]\nid = "rock"\nname = "Again"\n',
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match=r"twice\.toml.*appears twice"):
        terrain_ids(twice)
    nameless = tmp_path / "nameless.toml"
    nameless.write_text('[[terrain]]\nname = "Rock"\n', encoding="utf-8")
    with pytest.raises(DataFileError, match=r"nameless\.toml.*terrain\[0\]\.id"):
        terrain_ids(nameless)


def test_pytmx_still_loads_maps_with_pygame_imported_after_our_reader() -> None:
    """Our reader imports pytmx without pygame (tests/test_lazy_imports.py); pytmx's own
    pygame loader still works once pygame is imported."""
    code = (
        "from dragonnoir.hexmap.tmx import read_tmx\n"
        "read_tmx('maps/fosse.tmx')\n"
        "import os\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame, pytmx\n"
        "from pytmx.util_pygame import load_pygame\n"
        "pygame.display.set_mode((8, 8))\n"
        "print(load_pygame('maps/fosse.tmx').width)\n"
    )
    repo = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=repo
    )
    assert run.stdout.strip().splitlines()[-1] == "27"
