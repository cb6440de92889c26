"""The maps with odd tile sizes of `tests/data/tmx/odd/` (issue 48): they are what
`tests/odd_tile_maps.py` writes, they cover what they are there for, and the reader lays
them out as Tiled does. Their pictures are compared with `tmxrasterizer`'s in
`tests/render/test_against_tiled.py`."""

from __future__ import annotations

from pathlib import Path

import pytest
from odd_tile_maps import ODD_DIR, ODD_MAPS, OddMap, gid_at, odd_map_files

from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import read_tmx, write_tmx
from dragonnoir.hexmap.tmxmodel import TileLayer


def test_the_files_on_disk_are_the_helper_s() -> None:
    on_disk = {path.name: path.read_bytes() for path in ODD_DIR.iterdir()}
    assert on_disk == odd_map_files()


def test_the_maps_cover_odd_widths_and_heights_on_every_stagger() -> None:
    def odd_sizes(m: OddMap) -> tuple[bool, bool]:
        return (m.tile_width % 2 == 1, m.tile_height % 2 == 1)

    for stagger in (("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")):
        kinds = {odd_sizes(m) for m in ODD_MAPS if m[:2] == stagger}
        assert {(True, False), (False, True), (True, True)} <= kinds, stagger
    assert {m.side % 2 for m in ODD_MAPS} == {0, 1}


@pytest.mark.parametrize("spec", ODD_MAPS, ids=lambda m: m.name)
def test_an_odd_map_is_read_on_tiled_s_grid(spec: OddMap) -> None:
    tmx_map = read_tmx(ODD_DIR / f"{spec.name}.tmx")
    rounded = (spec.tile_width & ~1, spec.tile_height & ~1)
    assert tmx_map.grid == HexGrid(spec.stagger_axis, spec.stagger_index, *rounded, spec.side)
    assert tmx_map.file_tile_size == (spec.tile_width, spec.tile_height)
    (layer,) = tmx_map.layers
    assert isinstance(layer, TileLayer)
    assert layer.data[spec.height - 1][spec.width - 1] == gid_at(spec.width - 1, spec.height - 1)


@pytest.mark.parametrize("saved_by", ["1.8.2", "1.11.0"])
@pytest.mark.parametrize("spec", ODD_MAPS[:12:3], ids=lambda m: m.name)
def test_an_odd_map_written_and_read_back_keeps_its_layout(
    spec: OddMap, saved_by: str, tmp_path: Path
) -> None:
    """The writer writes the sizes as read, and the `tiledversion` whose layout the map
    has (ours, 1.8.2, unless a later Tiled lays its sizes out otherwise)."""
    text = (ODD_DIR / f"{spec.name}.tmx").read_text(encoding="utf-8")
    source = tmp_path / "source.tmx"
    source.write_text(text.replace('tiledversion="1.8.2"', f'tiledversion="{saved_by}"'))
    (tmp_path / spec.image_name).write_bytes((ODD_DIR / spec.image_name).read_bytes())
    tmx_map = read_tmx(source)
    write_tmx(tmx_map, tmp_path / "again.tmx")
    again = read_tmx(tmp_path / "again.tmx")
    assert again.grid == tmx_map.grid and again.file_tile_size == tmx_map.file_tile_size
    as_tiled_1_8 = HexGrid.from_tmx(
        spec.stagger_axis, spec.stagger_index, spec.tile_width, spec.tile_height, spec.side
    )
    written = (tmp_path / "again.tmx").read_text(encoding="utf-8")
    version = "1.8.2" if tmx_map.grid == as_tiled_1_8 else saved_by
    assert f'tiledversion="{version}"' in written
