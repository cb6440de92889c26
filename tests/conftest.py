"""Shared fixtures: the standard tilesets in a temporary folder, a small hand-made board,
what Tiled legitimately changes when it re-saves a map."""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from corpus_location import CORPUS
from hypothesis import HealthCheck, settings

from dragonnoir import i18n
from dragonnoir.hexmap.board import (
    Board,
    Cell,
    EdgeFeature,
    SideLabel,
    Zone,
    ZoneKind,
    board_cells,
)
from dragonnoir.hexmap.board_tilesets import standard_tilesets
from dragonnoir.hexmap.hexes import Edge
from dragonnoir.hexmap.tiled import HexGrid
from dragonnoir.hexmap.tmx import write_tsx
from dragonnoir.hexmap.tmxmodel import Properties, Property, TmxMap
from dragonnoir.safe_read import TRUSTED_ENV

# Names inside files may lead only within the file's folder tree, the installation and
# the player's data folder (safe_read.resolve_name). The suite trusts two more folders as
# it trusts the installation: the shared corpus of other people's maps (some name their
# tilesets two folders up, `../../tiles/hex.tsx`) and its own test data (games of
# tests/data/scenarios are saved in temporary folders, which then name them). The rule's
# own tests use temporary folders only (tests/test_names_inside_files.py). Set here, not
# per test: the commands the tests run in other processes inherit it.
TEST_DATA = Path(__file__).resolve().parent / "data"
os.environ[TRUSTED_ENV] = os.pathsep.join(
    filter(None, [os.environ.get(TRUSTED_ENV, ""), str(CORPUS), str(TEST_DATA)])
)

# Timings never decide a test (benchmarks/ holds them): hypothesis's 200 ms deadline per
# example failed property tests on a loaded machine, so it is off for the whole suite.
settings.register_profile("dragonnoir", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dragonnoir")

#: The hang limit of a soak or fuzz test (pyproject's `timeout` is for the others): their
#: size comes from the environment (DN_PLAYOUTS, DN_FUZZ_EXAMPLES...), so they may run long.
SOAK_TIMEOUT_SECONDS = 3600


#: The game's own files: no test may change them (the program never writes them).
SHIPPED = [
    Path(__file__).resolve().parents[1] / name
    for name in ("maps", "layouts", "scenarios", "campaigns", "dragonnoir/data")
]


def _shipped_files() -> dict[str, tuple[int, int]]:
    return {
        str(p): (st.st_size, st.st_mtime_ns)
        for folder in SHIPPED
        for p in folder.rglob("*")
        if (st := p.stat()) and p.is_file()
    }


@pytest.fixture(autouse=True)
def language_kept() -> Iterator[None]:
    """The language in use as it was before the test: a test that speaks French (`main(
    ["--lang", "fr", ...])`, `set_language`) must not leave the tests after it in French,
    which failed them in an order-dependent way. The module's state is put back as it
    was (not chosen anew), so a test that sets DRAGONNOIR_LANG still sees it chosen."""
    kept = (i18n._explicit, i18n._translations, i18n._language)
    yield
    i18n._explicit, i18n._translations, i18n._language = kept


@pytest.fixture(autouse=True)
def shipped_files_unchanged() -> Iterator[None]:
    """Fails a test after which a shipped board, layout, scenario, campaign or rules
    file was written, added or removed (issue 45: the editor once rewrote maps/)."""
    before = _shipped_files()
    yield
    after = _shipped_files()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, f"the test changed shipped files: {changed}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        soak = item.get_closest_marker("slow") or item.get_closest_marker("fuzz")
        if soak and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SOAK_TIMEOUT_SECONDS))


def _blank_png(path: Path, width: int, height: int) -> None:
    """A fully transparent RGBA PNG, written without pygame (hexmap tests stay pure)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + b"\x00" * (4 * width) for _ in range(height))
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw))
    png += chunk(b"IEND", b"")
    path.write_bytes(png)


@pytest.fixture
def tileset_dir(tmp_path: Path) -> Path:
    """The three standard tilesets (TSX + blank PNG) in a temporary folder."""
    folder = tmp_path / "tilesets"
    folder.mkdir()
    for ts in standard_tilesets(folder):
        assert ts.image is not None
        _blank_png(ts.image.path, ts.image.width, ts.image.height)
        write_tsx(ts, folder / f"{ts.name}.tsx")
    return folder


GRID = HexGrid("y", "odd", 52, 60, 30)


def small_board() -> Board:
    """A 7 x 5 board with a bit of everything the format holds."""
    cells = {}
    for col, row in board_cells(7, 5, GRID):
        terrain = "rock" if row in (0, 4) and col not in (3,) else "cave_floor"
        cells[GRID.to_hex(col, row)] = Cell(terrain)
    h = GRID.to_hex
    cells[h(1, 2)] = Cell("stairs", 0.5)
    cells[h(2, 2)] = Cell("cave_floor", 1.0, walkway_end=True)
    cells[h(3, 2)] = Cell("cave_floor", 0.0, walkway=True)
    cells[h(5, 1)] = Cell("water", -1.0)
    edges = {
        Edge(h(4, 2), h(5, 2)): EdgeFeature.WALL,
        Edge(h(4, 2), h(4, 3)): EdgeFeature.WALL,
        Edge(h(4, 2), h(3, 3)): EdgeFeature.DOOR,
        Edge(h(1, 1), h(1, 2)): EdgeFeature.EMBANKMENT_TOP,
        Edge(h(2, 3), h(2, 2)): EdgeFeature.WINDOW,
    }
    zones = [
        Zone(ZoneKind.ENTRY, "top-middle", frozenset({h(3, 0)}), {"side": "top"}),
        Zone(ZoneKind.DEPLOYMENT, "hall", frozenset({h(1, 3), h(2, 3), h(3, 3)})),
        Zone(ZoneKind.CELL, "cell 1", frozenset({h(4, 2)})),
    ]
    return Board(
        id="tiny",
        name="La Petite Grotte",
        width=7,
        height=5,
        cells=cells,
        edges=edges,
        zones=zones,
        side_top=SideLabel.Y,
        side_bottom=SideLabel.X,
        arrows="down",
        properties={"author": "tests", "difficulty": 2},
    )


@pytest.fixture
def tiny_board() -> Board:
    """A fresh copy of `small_board()` for each test."""
    return small_board()


# -- Tiled re-saves --------------------------------------------------------------------------


def _without_tiled_changes(props: Properties) -> Properties:
    """Tiled 1.8's --export-map loads no project file, so it drops the members and the
    `propertytype` of class properties, and turns a class property without members into
    an empty string property; it also drops `propertytype`. So class properties are
    compared as empty strings, and other properties without `propertytype`."""
    out: Properties = {}
    for name, p in props.items():
        if p.type == "class":
            out[name] = Property("")
        else:
            out[name] = Property(p.value, p.type)
    return out


def _normalise_for_tiled(m: TmxMap) -> TmxMap:
    """What Tiled legitimately changes when it re-saves a map we wrote:
    - class properties: see `_without_tiled_changes` (objects, layers, map, tilesets);
    - nothing else: version/tiledversion are already 1.8/1.8.2, layers without ids were
      given Tiled's ids by the reader, image sizes are read from the image files."""
    m = m.replace(path=None, properties=_without_tiled_changes(m.properties))
    for layer in m.layers:
        layer.properties = _without_tiled_changes(layer.properties)
        for obj in getattr(layer, "objects", []):
            obj.properties = _without_tiled_changes(obj.properties)
    return m


@pytest.fixture
def normalise_for_tiled() -> Callable[[TmxMap], TmxMap]:
    """`normalise_for_tiled(m)`: the map `m` as it compares with Tiled's re-save of it
    (`dragonnoir.tiled_tools.export_map`)."""
    return _normalise_for_tiled
