"""`hexmap/records.py`: the TMX model's and HexGrid's classes behave as the dataclasses
they replace (equality, hash, repr, replace, copying, pickling, immutability)."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

import pytest

from dragonnoir.hexmap.records import FrozenRecord, Record
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.hexmap.tmxmodel import ImageRef, MapObject, Property, TileLayer, TmxMap

FOSSE = Path(__file__).resolve().parents[2] / "maps" / "fosse.tmx"


def test_frozen_records_are_values() -> None:
    grid = HexGrid("x", "even", 60, 52, 30)
    same = HexGrid(stagger_axis="x", stagger_index="even", tile_width=60, tile_height=52)
    assert grid == same and hash(grid) == hash(same)
    assert grid != HexGrid() and grid != ("x", "even", 60, 52, 30)
    assert repr(grid) == (
        "HexGrid(stagger_axis='x', stagger_index='even', tile_width=60, tile_height=52, "
        "side_length=30)"
    )
    with pytest.raises(AttributeError):
        grid.tile_width = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del grid.tile_width
    assert {grid: 1}[same] == 1
    assert Property(3, "int") == Property(3, "int") != Property(3)


def test_mutable_records_compare_by_fields_and_are_unhashable() -> None:
    a = MapObject(1, 2.0, 3.0, points=[(0.0, 0.0)])
    b = MapObject(1, 2.0, 3.0, points=[(0.0, 0.0)])
    assert a == b
    b.points.append((1.0, 1.0))
    assert a != b
    with pytest.raises(TypeError):
        hash(a)
    assert MapObject(1, 0.0, 0.0).points is not MapObject(1, 0.0, 0.0).points  # own lists


def test_replace_copies_with_changes_and_refuses_unknown_fields() -> None:
    layer = TileLayer("t", 2, 1, [[1, 2]], properties={"k": Property("v")})
    other = layer.replace(name="u", opacity=0.5)
    assert (other.name, other.opacity, other.data) == ("u", 0.5, [[1, 2]])
    assert layer.name == "t"
    with pytest.raises(TypeError, match="no field 'colour'"):
        layer.replace(colour="red")


def test_a_whole_map_copies_and_pickles_equal() -> None:
    tmx_map = read_tmx(FOSSE)
    assert copy.deepcopy(tmx_map) == tmx_map
    assert pickle.loads(pickle.dumps(tmx_map)) == tmx_map
    assert copy.copy(tmx_map.grid) == tmx_map.grid
    image = ImageRef(Path("a.png"), "a.png", 4, 4)
    assert pickle.loads(pickle.dumps(image)) == image


def test_saved_by_is_left_out_of_map_equality() -> None:
    tmx_map = read_tmx(FOSSE)
    assert tmx_map.replace(saved_by="1.11.0") == tmx_map
    assert TmxMap(None, 1, 1, HexGrid(), saved_by="1.8.2") == TmxMap(None, 1, 1, HexGrid())


def test_a_record_whose_init_does_not_match_its_slots_is_refused() -> None:
    with pytest.raises(TypeError, match="not its fields"):

        class Broken(Record):
            __slots__ = ("a", "b")

            def __init__(self, a: int) -> None:
                self.a = a

    class Fine(FrozenRecord):
        __slots__ = ("a", "b")  # in any order: the fields follow __init__'s

        def __init__(self, b: int, a: int = 0) -> None:
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    assert Fine._fields == ("b", "a")
    assert repr(Fine(1)).endswith("Fine(b=1, a=0)")
    assert Fine(1).replace(a=2) == Fine(1, 2)
