"""Every hexagonal map of the shared corpus loads, or is refused in one clear line."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from corpus_location import CORPUS

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.tmx import read_tmx, tmx_bytes, write_tmx
from dragonnoir.hexmap.tmxmodel import (
    FLIP_H,
    FLIP_V,
    ROT_60,
    ROT_120,
    ImageLayer,
    ObjectLayer,
    TileLayer,
    TmxMap,
)
from dragonnoir.safe_read import TRUSTED_ENV
from dragonnoir.tiled_tools import export_map, have_tiled

MAPS = (
    sorted(p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*.tmx"))
    if CORPUS.is_dir()
    else []
)
needs_corpus = pytest.mark.skipif(not MAPS, reason=f"shared TMX corpus not found at {CORPUS}")

# Maps we refuse, and the feature the one-line message must name.
REFUSED = {
    "others/bevy_ecs_tiled/assets/maps/hexagonal/infinite_flat_top_even.tmx": "infinite",
    "others/bevy_ecs_tiled/assets/maps/hexagonal/infinite_flat_top_odd.tmx": "infinite",
    "others/bevy_ecs_tiled/assets/maps/hexagonal/infinite_pointy_top_even.tmx": "infinite",
    "others/bevy_ecs_tiled/assets/maps/hexagonal/infinite_pointy_top_odd.tmx": "infinite",
}
LOADED = [m for m in MAPS if m not in REFUSED]


@needs_corpus
def test_corpus_is_the_one_we_know() -> None:
    assert set(REFUSED) <= set(MAPS)
    assert len(LOADED) >= 8


@needs_corpus
@pytest.mark.parametrize("rel", MAPS)
def test_corpus_map_loads_or_is_refused_clearly(rel: str) -> None:
    path = CORPUS / rel
    if rel in REFUSED:
        with pytest.raises(MapFormatError) as info:
            read_tmx(path)
        msg = str(info.value)
        assert "\n" not in msg and str(path) in msg and REFUSED[rel] in msg
    else:
        m = read_tmx(path)
        assert m.layers and m.tilesets
        for layer in m.tile_layers():
            assert len(layer.data) == layer.height
            assert all(len(row) == layer.width for row in layer.data)


def _load(rel: str) -> TmxMap:
    return read_tmx(CORPUS / rel)


@needs_corpus
def test_tiled_example_60x60_has_every_flag_combination() -> None:
    m = _load("tiled-examples/test_hexagonal_tile_60x60x30.tmx")
    g = m.grid
    assert (g.stagger_axis, g.stagger_index, g.tile_width, g.tile_height, g.side_length) == (
        "x",
        "odd",
        60,
        60,
        30,
    )
    (layer,) = m.tile_layers()
    assert layer.data[0][:7] == [
        1,
        1 | ROT_60,
        1 | ROT_120,
        1 | FLIP_H | FLIP_V,
        1 | FLIP_H | FLIP_V | ROT_60,
        1 | FLIP_H | FLIP_V | ROT_120,
        1,
    ]
    assert layer.data[3][:6] == [
        1 | FLIP_H,
        1 | FLIP_H | ROT_60,
        1 | FLIP_H | ROT_120,
        1 | FLIP_V,
        1 | FLIP_V | ROT_60,
        1 | FLIP_V | ROT_120,
    ]
    assert m.pixel_size() == (915, 1230)


@needs_corpus
def test_hexagonal_mini_zlib() -> None:
    m = _load("tiled-examples/hexagonal-mini.tmx")
    assert (m.width, m.height, m.grid.stagger_axis, m.grid.stagger_index) == (20, 20, "y", "odd")
    (ts,) = m.tilesets
    assert ts.tile_offset == (0, 1) and (ts.columns, ts.tile_count) == (5, 20)
    assert ts.image is not None and (ts.image.width, ts.image.height) == (106, 72)
    assert sum(1 for row in m.tile_layers()[0].data for g in row if g) > 300


@needs_corpus
def test_kivent_legacy_xml_and_odd_height() -> None:
    m = _load("others/kivent/examples/assets/maps/hexagonal.tmx")
    assert m.file_tile_size == (60, 39)
    assert (m.grid.tile_width, m.grid.tile_height) == (60, 38)  # as Tiled 1.8 draws it
    assert m.pixel_size() == (915, 779)  # the size of tmxrasterizer's render
    layer = m.tile_layers()[0]
    assert layer.data[0][:8] == [11, 11, 11, 11, 11, 11, 11, 10]
    assert layer.data[19][-1] == 9
    assert (m.tilesets[0].columns, m.tilesets[0].tile_count) == (4, 12)


@needs_corpus
def test_pytiled_parser_external_tileset() -> None:
    m = _load("others/pytiled_parser/tests/test_data/map_tests/hexagonal/map.tmx")
    (ts,) = m.tilesets
    assert ts.source == "tileset.tsx" and ts.image is not None
    assert ts.image.source == "../../images/hexmini.png" and ts.image.path.is_file()
    assert m.tile_layers()[0].data[4][:4] == [1, 1, 12, 5]


@needs_corpus
def test_bevy_flat_top_even() -> None:
    m = _load("others/bevy_ecs_tiled/assets/maps/hexagonal/finite_flat_top_even.tmx")
    assert (m.width, m.height, m.grid.stagger_axis, m.grid.stagger_index) == (20, 22, "x", "even")
    image_layer, tiles, objects = m.layers
    assert isinstance(image_layer, ImageLayer) and image_layer.offset == (620.691, 321.333)
    assert image_layer.image is not None and image_layer.image.width == 257  # the real PNG
    assert isinstance(tiles, TileLayer) and tiles.data[5][8] == 7
    assert isinstance(objects, ObjectLayer)
    assert [o.shape for o in objects.objects] == ["point", "polygon", "point", "rectangle"]
    (ts,) = m.tilesets
    assert ts.image is None and sorted(ts.tiles) == [1, 2, 4, 5, 6, 7]
    assert m.tileset_for(8) is ts  # local id 7, beyond tilecount=6: an image-collection gap
    assert len(ts.tiles[4].objects.objects) == 3  # type: ignore[union-attr]


@needs_corpus
def test_bevy_pointy_top_odd_class_properties() -> None:
    m = _load("others/bevy_ecs_tiled/assets/maps/hexagonal/finite_pointy_top_odd.tmx")
    assert [layer.name for layer in m.layers] == [
        "Image Layer 1",
        "TerrainLayer",
        "Object Layer ",
        "BuildingsLayer",
    ]
    objects = m.layers[2]
    assert isinstance(objects, ObjectLayer)
    spawn = objects.objects[0].properties["SpawnPoint"]
    assert spawn.type == "class" and spawn.property_type == "properties_basic::SpawnPoint"
    assert spawn.members is not None
    player = spawn.members["Player"].members
    assert player is not None and player["other_obj"].value == 6
    assert player["other_obj"].type == "object"
    assert objects.objects[1].shape == "ellipse"
    biome = m.tilesets[0].tiles[0].properties["Biome"]
    assert biome.members is not None and biome.members["move_cost"].value == 1
    assert m.tilesets[0].tiles[19].animation == [(12, 200), (13, 200), (14, 200), (15, 200)]


@pytest.fixture(scope="module")
def corpus_copy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A copy of the corpus, trusted as the corpus is (tests/conftest.py): some of its
    maps name tilesets two folders up."""
    dst = tmp_path_factory.mktemp("corpus") / "c"
    shutil.copytree(CORPUS, dst)
    before = os.environ.get(TRUSTED_ENV, "")
    os.environ[TRUSTED_ENV] = os.pathsep.join(filter(None, [before, str(dst)]))
    yield dst
    os.environ[TRUSTED_ENV] = before


@needs_corpus
@pytest.mark.parametrize("rel", LOADED)
def test_corpus_write_read_is_lossless(corpus_copy: Path, rel: str) -> None:
    src = corpus_copy / rel
    m = read_tmx(src)
    out = src.with_name(src.stem + ".roundtrip.tmx")
    write_tmx(m, out)
    again = read_tmx(out)
    assert m.replace(path=None) == again.replace(path=None)
    assert tmx_bytes(again, out.parent) == out.read_bytes()


@needs_corpus
@pytest.mark.tiled
@pytest.mark.skipif(not have_tiled(), reason="Tiled is not installed")
@pytest.mark.parametrize("rel", LOADED)
def test_corpus_tiled_reexport(
    corpus_copy: Path, rel: str, normalise_for_tiled: Callable[[TmxMap], TmxMap]
) -> None:
    src = corpus_copy / rel
    ours = src.with_name(src.stem + ".ours.tmx")
    write_tmx(read_tmx(src), ours)
    theirs = src.with_name(src.stem + ".tiled.tmx")
    export_map(ours, theirs)
    assert normalise_for_tiled(read_tmx(ours)) == normalise_for_tiled(read_tmx(theirs))
