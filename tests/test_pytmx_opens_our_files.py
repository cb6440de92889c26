"""Every TMX and TSX file the project writes opens with bare `pytmx.TiledMap` (issue 16,
section 5): the boards in maps/, their tilesets, the export of every layout, and what
`save_board`, `export_layout_tmx` and the art script's `write_tilesets` write.

Why bare pytmx: it is the loader other pygame programs use, and it refuses things Tiled
accepts (a property named like one of its attributes, such as `rotation` on an object).
Our own reader works around pytmx; these tests make sure our files never need it to.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import pytmx

from dragonnoir.errors import LayoutError
from dragonnoir.hexmap import board_io
from dragonnoir.hexmap.board_tilesets import TILESET_DIR
from dragonnoir.hexmap.layout import (
    ExportedPlacement,
    export_layout_tmx,
    exported_placements,
    load_layout,
)
from dragonnoir.hexmap.tmx import read_tmx

REPO = Path(__file__).resolve().parents[1]
BOARDS = sorted((REPO / "maps").glob("*.tmx"))
LAYOUTS = sorted((REPO / "layouts").glob("*.toml"))
TILESETS = sorted(TILESET_DIR.glob("*.tsx"))


def bare_pytmx(path: Path) -> pytmx.TiledMap:
    """`pytmx.TiledMap(path)`: parses the map and every external tileset it names."""
    return pytmx.TiledMap(str(path))


@pytest.mark.parametrize("path", BOARDS, ids=[p.stem for p in BOARDS])
def test_pytmx_opens_each_board(path: Path) -> None:
    tm = bare_pytmx(path)
    assert tm.properties["board_id"] == path.stem
    assert [layer.name for layer in tm.visible_layers][:1] == ["terrain"]


@pytest.mark.parametrize("tsx", TILESETS, ids=[p.stem for p in TILESETS])
def test_pytmx_opens_each_tileset(tsx: Path, tmp_path: Path) -> None:
    """A TSX is opened the only way pytmx opens one: through a map that names it."""
    ours = read_tmx(BOARDS[0]).tilesets
    declared = next(ts for ts in ours if ts.name == tsx.stem)
    probe = tmp_path / "probe.tmx"
    probe.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" orientation="hexagonal" renderorder="right-down" width="1" '
        f'height="1" tilewidth="{declared.tile_width}" tileheight="{declared.tile_height}" '
        'infinite="0" hexsidelength="30" staggeraxis="y" staggerindex="odd" '
        'nextlayerid="2" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{os.path.relpath(tsx, tmp_path)}"/>\n'
        ' <layer id="1" name="t" width="1" height="1"><data encoding="csv">1</data></layer>\n'
        "</map>\n",
        encoding="utf-8",
    )
    tm = bare_pytmx(probe)
    (ts,) = tm.tilesets
    assert (ts.name, ts.tilecount) == (declared.name, declared.tile_count)


@pytest.mark.parametrize("layout", LAYOUTS, ids=[p.stem for p in LAYOUTS])
def test_pytmx_opens_each_layout_export(layout: Path, tmp_path: Path) -> None:
    lay = load_layout(layout)
    out = tmp_path / "export.tmx"
    export_layout_tmx(lay, out)
    tm = bare_pytmx(out)
    boards = tm.get_layer_by_name("boards")
    assert [o.properties["board_rotation"] for o in boards] == [p.rotation for p in lay.placements]
    assert [(p.row, p.col, p.rotation) for p in exported_placements(read_tmx(out), out)] == [
        (p.row, p.col, p.rotation) for p in lay.placements
    ]


def test_pytmx_opens_a_saved_board_and_the_written_tilesets(tmp_path: Path) -> None:
    """`save_board` next to tilesets written by the art script (PNG + TSX)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from dragonnoir.render.art import write_tilesets

    tilesets = tmp_path / "tilesets"
    write_tilesets(tilesets)
    board = board_io.load_board(BOARDS[0])
    out = tmp_path / "boards" / "copy.tmx"
    out.parent.mkdir()
    board_io.save_board(board, out, tilesets)
    tm = bare_pytmx(out)
    assert tm.properties["board_id"] == board.id
    assert len(tm.tilesets) == 3


def test_an_export_written_before_the_rename_still_reads(tmp_path: Path) -> None:
    """Old exports called the turn `rotation`: pytmx refuses them, we still read them."""
    lay = load_layout(REPO / "layouts" / "two-boards.toml")
    out = tmp_path / "old.tmx"
    export_layout_tmx(lay, out)
    text = out.read_text(encoding="utf-8")
    assert 'name="board_rotation"' in text
    out.write_text(text.replace('name="board_rotation"', 'name="rotation"'), encoding="utf-8")
    with pytest.raises(ValueError, match="Reserved names"):
        bare_pytmx(out)
    assert exported_placements(read_tmx(out), out) == [
        ExportedPlacement(p.board.id, _rel(p.file, out), p.row, p.col, p.rotation)
        for p in lay.placements
    ]
    assert board_io.load_board(out).cells == lay.map.cells


def _rel(file: Path | None, out: Path) -> str:
    return Path(os.path.relpath(file, out.parent)).as_posix() if file else ""


def test_a_wrong_turn_in_an_export_is_named(tmp_path: Path) -> None:
    lay = load_layout(REPO / "layouts" / "two-boards.toml")
    out = tmp_path / "bad.tmx"
    export_layout_tmx(lay, out)
    text = out.read_text(encoding="utf-8")
    out.write_text(
        text.replace(
            'name="board_rotation" type="int" value="0"',
            'name="board_rotation" type="int" value="90"',
            1,
        ),
        encoding="utf-8",
    )
    with pytest.raises(LayoutError, match=r"bad\.tmx.*layer 'boards', object .*0 or 180, not 90"):
        exported_placements(read_tmx(out), out)


def test_pytmx_opens_what_the_map_editor_writes(tmp_path: Path) -> None:
    """The editor's board save and layout export (the editor writes through `save_board`
    and `export_layout_tmx`, but with its own choice of tilesets)."""
    from dragonnoir.editor.board_doc import BoardDocument, new_board
    from dragonnoir.editor.layout_doc import LayoutDocument

    board_file = tmp_path / "new.tmx"
    BoardDocument(new_board(board_id="fresh")).save(board_file)
    assert bare_pytmx(board_file).properties["board_id"] == "fresh"

    export = tmp_path / "two.tmx"
    LayoutDocument.open(REPO / "layouts" / "two-boards.toml").export_tmx(export)
    boards = bare_pytmx(export).get_layer_by_name("boards")
    assert [o.properties["board_rotation"] for o in boards] == [0, 180]
