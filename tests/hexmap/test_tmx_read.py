"""read_tmx on hand-made fixtures: every repaired pytmx weakness, and every kind of bad input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dragonnoir.errors import MapFormatError
from dragonnoir.hexmap.tmx import read_tmx, read_tsx
from dragonnoir.hexmap.tmxmodel import (
    FLIP_H,
    FLIP_V,
    ROT_60,
    ROT_120,
    ImageLayer,
    ObjectLayer,
    Property,
    TileLayer,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "tmx"


@pytest.fixture(scope="module")
def full():  # type: ignore[no-untyped-def]
    return read_tmx(DATA / "full.tmx")


def test_map_attributes(full) -> None:  # type: ignore[no-untyped-def]
    g = full.grid
    assert (full.width, full.height) == (4, 3)
    assert (g.stagger_axis, g.stagger_index, g.tile_width, g.tile_height, g.side_length) == (
        "x",
        "even",
        14,
        12,
        6,
    )
    assert full.background_color == "#203040"
    assert (full.next_layer_id, full.next_object_id) == (9, 9)
    assert full.file_tile_size is None


def test_typed_map_properties(full) -> None:  # type: ignore[no-untyped-def]
    p = full.properties
    assert p["title"] == Property("Full & tiny")
    assert p["notes"] == Property("line one\nline two")
    assert p["turns"] == Property(12, "int")
    assert p["scale"] == Property(1.5, "float")
    assert p["dark"] == Property(True, "bool")
    assert p["tint"] == Property("#ff336699", "color")
    assert p["rules"] == Property("rules/dn2.toml", "file")
    assert p["start"] == Property(3, "object")


def test_raw_gids_keep_all_four_flag_bits(full) -> None:  # type: ignore[no-untyped-def]
    ground = full.layer("Ground")
    assert isinstance(ground, TileLayer)
    assert ground.data[0] == [1, 2 | FLIP_H, 3 | FLIP_V, 4 | ROT_60]
    assert ground.data[1] == [
        5 | ROT_120,
        6 | ROT_60 | ROT_120,
        7 | FLIP_H | FLIP_V | ROT_60 | ROT_120,
        0,
    ]
    assert ground.data[2] == [9, 10, 12, 8]
    assert ground.gid_at(0, 1) == 5
    assert full.tileset_for(ground.gid_at(0, 1)) is full.tilesets[0]


def test_compressed_layers(full) -> None:  # type: ignore[no-untyped-def]
    detail = full.layer("Detail")
    assert isinstance(detail, TileLayer)
    assert detail.data == [[0, 9, 10, 0], [12, 0, 0, 0], [1 | ROT_120, 0, 0, 2]]
    gz = full.layer("Gz")
    assert isinstance(gz, TileLayer)
    assert gz.data == [[3] * 4] * 3 and not gz.visible


def test_groups_flattened_in_drawing_order(full) -> None:  # type: ignore[no-untyped-def]
    assert [layer.name for layer in full.layers] == [
        "Ground",
        "Detail",
        "Marks",
        "Gz",
        "Backdrop",
        "Empty",
    ]
    detail, marks = full.layer("Detail"), full.layer("Marks")
    assert detail.offset == (11.0, 2.5) and detail.opacity == 0.25 and detail.visible
    assert detail.tint == "#80ff0000"
    assert marks.offset == (10.25, 2.5) and marks.opacity == 0.5 and not marks.visible
    assert full.layer("Ground").offset == (0.5, -1.25)  # fractional offsets kept


def test_object_shapes(full) -> None:  # type: ignore[no-untyped-def]
    marks = full.layer("Marks")
    assert isinstance(marks, ObjectLayer)
    assert marks.draw_order == "index" and marks.color == "#a0a0a4"
    assert marks.properties == {"layer_note": Property("marks")}
    o = {obj.name: obj for obj in marks.objects}
    assert [obj.shape for obj in marks.objects] == [
        "rectangle",
        "ellipse",
        "point",
        "polygon",
        "polyline",
        "tile",
        "text",
        "tile",
    ]
    assert (o["box"].type, o["box"].width, o["box"].height, o["box"].rotation) == (
        "zone",
        10,
        5.5,
        15,
    )
    assert o["spot"].properties == {"hp": Property(3, "int")}
    assert o["area"].points == [(0, 0), (5, -3.5), (7, 2), (-1.5, 4)]
    assert o["area"].width == 0  # pytmx would compute a bounding box
    assert not o["road"].visible
    assert (o["piece"].gid, o["piece"].y) == (9 | FLIP_H, 30)  # pytmx moves tile objects up
    assert o["flipped"].gid == 2 | ROT_120
    assert o["label"].text == "Dragon <Noir>"
    assert o["label"].text_attributes["halign"] == "center"


def test_tilesets(full) -> None:  # type: ignore[no-untyped-def]
    hexes, coll = full.tilesets
    assert (hexes.first_gid, hexes.tile_count, hexes.columns, hexes.tile_offset) == (
        1,
        8,
        4,
        (0, 1),
    )
    assert hexes.image is not None and hexes.image.source == "tiles.png"
    assert (hexes.image.width, hexes.image.height, hexes.image.trans) == (56, 24, "ff00ff")
    assert (
        hexes.tiles[2].properties["move"] == Property(2, "int") and hexes.tiles[2].type == "forest"
    )
    assert hexes.properties == {"set": Property(1, "int")}
    # external image collection with gaps in its ids
    assert coll.source == "collection.tsx" and coll.source_path == DATA / "collection.tsx"
    assert coll.image is None and sorted(coll.tiles) == [0, 1, 3]
    assert coll.tiles[3].image is not None and coll.tiles[3].image.source == "collection/c.png"
    assert coll.tiles[3].image.path == DATA / "collection" / "c.png"
    assert full.tileset_for(12) is coll and full.tileset_for(11) is None
    assert coll.tiles[1].animation == [(0, 200), (1, 150)]
    coll_objs = coll.tiles[0].objects
    assert coll_objs is not None and coll_objs.draw_order == "index"
    assert [ob.shape for ob in coll_objs.objects] == ["rectangle", "polygon"]
    biome = coll.tiles[0].properties["Biome"]
    assert biome.type == "class" and biome.property_type == "demo::Biome"
    assert biome.members == {
        "move_cost": Property(2, "int"),
        "ty": Property("Plain", "string", "demo::BiomeType"),
    }


def test_image_layer(full) -> None:  # type: ignore[no-untyped-def]
    bg = full.layer("Backdrop")
    assert isinstance(bg, ImageLayer) and bg.image is not None
    assert (bg.offset, bg.opacity, bg.image.width, bg.image.height) == ((-3.5, 2.0), 0.75, 20, 10)
    assert bg.properties == {"credit": Property("me")}


def test_legacy_map_defaults_and_odd_tile_size() -> None:
    m = read_tmx(DATA / "legacy.tmx")
    # missing stagger attributes -> Tiled's defaults (pytmx gives None)
    assert (m.grid.stagger_axis, m.grid.stagger_index) == ("y", "odd")
    # Tiled 1.8 draws a 15x13 hex map as 14x12; the file's numbers are kept for writing
    assert (m.grid.tile_width, m.grid.tile_height, m.grid.side_length) == (14, 12, 7)
    assert m.file_tile_size == (15, 13)
    old = m.layer("Old")
    assert isinstance(old, TileLayer) and old.data == [[1, 2, 0], [3, 4, 5]]
    second = m.layer("Second")
    assert isinstance(second, TileLayer) and second.data[1][2] == 1 | ROT_120
    # layers without ids get Tiled's ids; columns computed from the image
    assert [layer.id for layer in m.layers] == [1, 2] and m.next_layer_id == 3
    assert m.tilesets[0].columns == 4 and m.tilesets[0].tile_count == 8


def test_read_tsx() -> None:
    ts = read_tsx(DATA / "collection.tsx", first_gid=5)
    assert ts.first_gid == 5 and ts.name == "collection" and sorted(ts.tiles) == [0, 1, 3]


# -- bad input -----------------------------------------------------------------------------


def _variant(tmp_path: Path, old: str, new: str, name: str = "bad.tmx") -> Path:
    for item in DATA.iterdir():
        if item.is_dir():
            shutil.copytree(item, tmp_path / item.name, dirs_exist_ok=True)
        else:
            shutil.copy(item, tmp_path / item.name)
    text = (DATA / "full.tmx").read_text()
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1))
    return path


def _refused(path: Path, *needles: str) -> str:
    with pytest.raises(MapFormatError) as info:
        read_tmx(path)
    msg = str(info.value)
    assert "\n" not in msg, msg
    for needle in needles:
        assert needle in msg, (needle, msg)
    return msg


BAD = [
    ("orthogonal", 'orientation="hexagonal"', 'orientation="orthogonal"', ["map", "orthogonal"]),
    ("infinite", 'infinite="0"', 'infinite="1"', ["map", "infinite"]),
    ("zstd", 'compression="gzip"', 'compression="zstd"', ["layer 'Gz'", "zstd"]),
    ("unknown encoding", 'encoding="csv"', 'encoding="hex"', ["layer 'Ground'", "encoding 'hex'"]),
    ("unknown compression", 'compression="zlib"', 'compression="lzma"', ["layer 'Detail'", "lzma"]),
    ("wrong length", "9,10,12,8\n", "9,10,12\n", ["layer 'Ground'", "11 cells", "4x3"]),
    ("gid nowhere", "9,10,12,8\n", "9,10,12,99\n", ["layer 'Ground', col 3, row 2", "gid 99"]),
    ("gid in a gap", "9,10,12,8\n", "9,10,11,8\n", ["layer 'Ground', col 2, row 2", "gid 11"]),
    ("tile object gid", 'gid="268435458"', 'gid="77"', ["object layer 'Marks', object 8", "77"]),
    ("missing tsx", 'source="collection.tsx"', 'source="nope.tsx"', ["nope.tsx", "not found"]),
    (
        "missing image",
        'source="tiles.png"',
        'source="gone.png"',
        ["tileset 'hex tiles'", "gone.png"],
    ),
    (
        "missing layer image",
        'source="backdrop.png"',
        'source="gone.png"',
        ["image layer 'Backdrop'", "gone.png"],
    ),
    ("bad base64", 'compression="zlib">\n   ', 'compression="zlib">\n   QUJD', ["layer 'Detail'"]),
    ("csv garbage", "9,10,12,8\n", "9,10,x,8\n", ["layer 'Ground'", "csv"]),
    ("template", 'name="spot"', 'name="spot" template="t.tx"', ["object 3", "template"]),
    ("parallax", 'name="Gz"', 'name="Gz" parallaxx="0.5"', ["layer 'Gz'", "parallax"]),
    ("bad stagger", 'staggeraxis="x"', 'staggeraxis="z"', ["map", "staggeraxis"]),
    ("bad property type", 'type="float"', 'type="decimal"', ["property 'scale'", "decimal"]),
    ("bad int", 'value="12"', 'value="twelve"', ["property 'turns'", "twelve"]),
    (
        "group properties",
        '<group id="4" name="Hidden" visible="0">',
        '<group id="4" name="Hidden" visible="0"><properties><property name="a" value="b"/>'
        "</properties>",
        ["group 'Hidden'", "properties"],
    ),
    ("unknown element", "<editorsettings>", "<wangsets/><editorsettings>", ["<wangsets>"]),
]


@pytest.mark.parametrize(("old", "new", "needles"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input_is_refused_with_file_and_place(
    tmp_path: Path, old: str, new: str, needles: list[str]
) -> None:
    path = _variant(tmp_path, old, new)
    _refused(path, str(path), *needles)


def test_broken_xml_gives_line_and_column(tmp_path: Path) -> None:
    path = _variant(tmp_path, "</layer>", "</layr>")
    _refused(path, str(path), "broken XML", "line 40, column 3")


def test_broken_tsx_names_the_tsx(tmp_path: Path) -> None:
    path = _variant(tmp_path, "x", "x")
    (tmp_path / "collection.tsx").write_text("<tileset><tile></tileset>")
    _refused(path, str(tmp_path / "collection.tsx"), "broken XML", "line 1")


def test_missing_file(tmp_path: Path) -> None:
    _refused(tmp_path / "nothing.tmx", str(tmp_path / "nothing.tmx"), "not found")


def test_not_a_map(tmp_path: Path) -> None:
    path = tmp_path / "x.tmx"
    path.write_text("<tileset/>")
    _refused(path, str(path), "not a TMX map")
