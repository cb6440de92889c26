"""Playing a scenario with design problems is refused with validate's messages: by the
command line's `play`, the scenario picker and the editor's Play (`editor/playable.py`)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from dragonnoir.cli import main
from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.board_doc import BoardDocument, new_board
from dragonnoir.editor.playable import DesignProblemsError, load_playable
from dragonnoir.hexmap.board import EdgeFeature
from dragonnoir.hexmap.hexes import Edge

ROOT = Path(__file__).resolve().parents[2]


def walled_in(tmp_path: Path) -> Path:
    """A floor board with one hex walled round (no one can reach it) and a scenario on
    it with a knight standing elsewhere: it loads, but has a design problem."""
    board = copy.deepcopy(new_board(9, 7, terrain="cave_floor"))
    shut = board.grid.to_hex(6, 3)
    for n in shut.neighbours():
        board.edges[Edge(shut, n)] = EdgeFeature.WALL
    BoardDocument(board).save(tmp_path / "shut.tmx")
    doc = sd.ScenarioDocument.new(tmp_path / "shut.tmx")
    sd.place_unit(doc, "rebel_knight_1", board.grid.to_hex(2, 3)).apply(doc)
    return doc.save(tmp_path / "shut.toml")


def test_a_scenario_with_design_problems_is_refused(tmp_path: Path) -> None:
    path = walled_in(tmp_path)
    with pytest.raises(DesignProblemsError) as caught:
        load_playable(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: not played: 1 design problem")
    assert "cell (6, 3): no one can reach this place" in message
    assert len(caught.value.problems) == 1


def test_play_and_validate_say_the_same(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = walled_in(tmp_path)
    assert main(["validate", "--design", str(path)]) == 0
    warned = [line[len(f"warn {path}: ") :] for line in capsys.readouterr().out.splitlines()[1:]]
    assert main(["play", str(path)]) == 1
    err = capsys.readouterr().err
    assert warned and all(text in err for text in warned)


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")), ids=lambda p: p.name)
def test_the_shipped_scenarios_are_playable(path: Path) -> None:
    assert load_playable(path).units
