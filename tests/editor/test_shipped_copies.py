"""The game's own boards, layouts and scenarios are never written (issue 45, section 1):
painting a shipped two-board layout and saving it once rewrote maps/fosse.tmx and
maps/labyrinthe.tmx. Saved from the editor, a shipped document goes to the player's copy
in the user's folder, named for him ("My Labyrinthe"), and a layout names the copies of
the boards painted on it. (tests/conftest.py fails any test after which a shipped file
changed; the writer itself refuses them: tests/test_safe_write.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir import resources
from dragonnoir.editor import board_doc as bd
from dragonnoir.editor import layout_paint as lp
from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.copies import copy_name, said_of
from dragonnoir.editor.layout_doc import BoardLibrary, LayoutDocument
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.layout import load_layout, read_layout_file
from dragonnoir.safe_write import WriteError, write_text

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DRAGONNOIR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_copy_names_leave_the_article_out() -> None:
    assert copy_name("Le Labyrinthe") == "My Labyrinthe"
    assert copy_name("L'Ile") == "My Ile"
    assert copy_name("Les Eaux Noires") == "My Eaux Noires"
    assert copy_name("two boards") == "My Two boards"
    assert copy_name("Lemurs") == "My Lemurs"


def test_a_shipped_board_is_saved_as_the_player_s_copy(home: Path) -> None:
    doc = bd.BoardDocument.open(MAPS / "labyrinthe.tmx")
    assert doc.shipped
    h = doc.board.grid.to_hex(4, 4)
    bd.SetCells(((h, bd.with_terrain("rubble")(doc.board.cells[h])),)).apply(doc)
    saved = doc.save()
    mine = home / "data" / "maps" / "my-labyrinthe.tmx"
    assert saved == mine and doc.path == mine and not doc.shipped
    assert doc.copied is not None
    assert doc.copied.said() == (
        "Le Labyrinthe is a shipped board: your changes go to a copy, My Labyrinthe "
        "(my-labyrinthe.tmx in your maps folder)"
    )
    copy = load_board(mine)
    assert (copy.id, copy.name) == ("my-labyrinthe", "My Labyrinthe")
    assert copy.cells[h].terrain == "rubble"
    assert load_board(MAPS / "labyrinthe.tmx").cells[h].terrain != "rubble"
    doc.save()  # the copy is the player's: saved in place from now on
    assert doc.copied is None and doc.path == mine
    again = bd.BoardDocument.open(MAPS / "labyrinthe.tmx").save()
    assert again == home / "data" / "maps" / "my-labyrinthe-2.tmx"  # the first kept


def test_painting_a_shipped_layout_saves_copies_the_layout_names(
    home: Path, tmp_path: Path
) -> None:
    """The fault as reported: the two-board layout painted across both boards and saved
    to a file of the player's."""
    doc = LayoutDocument.open(ROOT / "layouts" / "two-boards.toml", BoardLibrary())
    canvas = doc.canvas()
    assert canvas is not None
    hexes = [
        canvas.layout.to_global(i, p.board.grid.to_hex(4, 4)) for i, p in enumerate(doc.placements)
    ]
    edit = lp.paint(doc, canvas, hexes, bd.with_terrain("rubble"))
    assert edit is not None
    edit.apply(doc)
    shipped = sorted(doc.painted)
    assert shipped and all(resources.is_shipped(f) for f in shipped)
    target = tmp_path / "mine" / "painted.toml"
    doc.save(target)
    assert [c.kind for c in doc.copied] == ["board"] * len(shipped)
    assert said_of(doc.copied) == "the game's own files went to your copies: " + ", ".join(
        f"My {load_board(f).name.split(' ', 1)[-1]} (my-{f.stem}.tmx in your maps folder)"
        for f in shipped
    )
    _, entries = read_layout_file(target)
    files = [file for file, *_ in entries]
    assert all(f.parent == home / "data" / "maps" and f.name.startswith("my-") for f in files)
    layout = load_layout(target)
    for placement in layout.placements:
        assert placement.board.cells[placement.board.grid.to_hex(4, 4)].terrain == "rubble"
    for file in shipped:  # the game's boards as they were
        assert load_board(file).cells[load_board(file).grid.to_hex(4, 4)].terrain != "rubble"


def test_a_shipped_layout_saved_in_place_becomes_a_copy(home: Path) -> None:
    doc = LayoutDocument.open(ROOT / "layouts" / "two-boards.toml", BoardLibrary())
    shipped_name = doc.name
    saved = doc.save()
    assert saved == home / "data" / "layouts" / "my-two-boards.toml"
    name, _ = read_layout_file(saved)
    assert name == doc.name == copy_name(shipped_name) != shipped_name
    assert (
        load_layout(saved).map.cells == load_layout(ROOT / "layouts" / "two-boards.toml").map.cells
    )


def test_a_shipped_scenario_is_saved_as_the_player_s_copy(home: Path) -> None:
    doc = sd.ScenarioDocument.open(ROOT / "scenarios" / "la-fosse.toml")
    saved = doc.save()
    assert saved == home / "data" / "scenarios" / "my-la-fosse.toml"
    scenario = load_scenario(saved)
    assert (scenario.id, scenario.name) == ("my-la-fosse", "My Fosse: the pit")
    assert doc.copied is not None and doc.copied.shipped_name == "La Fosse: the pit"


def test_the_writer_refuses_a_shipped_file() -> None:
    before = (MAPS / "fosse.tmx").read_bytes()
    with pytest.raises(WriteError, match="one of the game's own files, which it never changes"):
        write_text(MAPS / "fosse.tmx", "painted")
    assert (MAPS / "fosse.tmx").read_bytes() == before
