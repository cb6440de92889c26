"""`dragonnoir validate --design` prints the editor's design problems of a well-formed
map as warnings; --strict fails on them."""

from __future__ import annotations

from pathlib import Path

import pytest

from dragonnoir.cli import main
from dragonnoir.editor.board_doc import BoardDocument, new_board, paint, with_terrain


@pytest.fixture
def islanded(tmp_path: Path) -> Path:
    """A cave floor board with one hex walled in by rock: no one can reach it."""
    doc = BoardDocument(new_board(9, 7, board_id="islanded", terrain="cave_floor"))
    g = doc.board.grid
    inner = g.to_hex(4, 3)
    edit = paint(doc, inner.neighbours(), with_terrain("rock"))
    assert edit is not None
    edit.apply(doc)
    return doc.save(tmp_path / "islanded.tmx")


def test_design_problems_are_warnings(islanded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(islanded)]) == 0
    assert f"warn {islanded}" not in capsys.readouterr().out  # only when asked: --design
    assert main(["validate", "--design", str(islanded)]) == 0
    out = capsys.readouterr().out
    assert f"warn {islanded}: cell (4, 3): no one can reach this place" in out
    assert "[Movement Restrictions]" in out


def test_strict_fails_on_them(islanded: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--strict", str(islanded)]) == 1
    err = capsys.readouterr().err
    assert f"FAIL {islanded}: cell (4, 3): no one can reach this place" in err


def test_a_scenario_s_placements(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The waters scenario's knight sits in a boat: no problem. Without the boat, he is
    an armoured man placed in water."""
    waters = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "waters.toml"
    assert main(["validate", "--design", str(waters)]) == 0
    assert "warn" not in capsys.readouterr().out
    layout = (waters.parent / "../../../layouts/four-boards.toml").resolve()
    text = waters.read_text(encoding="utf-8").replace(
        '"../../../layouts/four-boards.toml"', f'"{layout.as_posix()}"'
    )
    boatless = tmp_path / "waters.toml"
    boatless.write_text(text.split('[[accessory]]\nid = "boat_1"')[0], encoding="utf-8")
    # A scenario is refused outright (issue 12: validate names the file and the entry).
    assert main(["validate", "--design", str(boatless)]) == 1
    err = capsys.readouterr().err
    assert (
        f"FAIL {boatless}: field unit[11].cell: 'rebel_knight_2' would stand in water at "
        "cell (35, 11), but cannot swim"
    ) in err
