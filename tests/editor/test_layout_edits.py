"""Layout edits: place, turn, move and remove boards; joins judged live with the reason;
the preview composes even while a join is wrong; every edit undone gives back the same
layout (hypothesis)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonnoir.editor.board_doc import new_board
from dragonnoir.editor.edits import Batch, Edit, EditError
from dragonnoir.editor.history import History
from dragonnoir.editor.layout_doc import (
    BoardLibrary,
    LayoutDocument,
    PutPlacement,
    SetLayoutName,
    legal_spots,
    move,
    place,
    seam_report,
    turn,
)
from dragonnoir.hexmap.layout import Placement

ROOT = Path(__file__).resolve().parents[2]
LIB = BoardLibrary()
FILES = [ROOT / "maps" / f"{n}.tmx" for n in ("fosse", "ile", "marais")]
BOARDS = [LIB.load(f) for f in FILES]


def placement(i: int, row: int, col: int, rotation: int) -> Placement:
    return Placement(BOARDS[i], row, col, rotation, file=FILES[i].resolve())


put = st.builds(
    lambda i, r, c, rot, gone, idx: PutPlacement(
        r, c, None if gone else placement(i, r, c, rot), idx
    ),
    st.integers(0, 2),
    st.integers(-1, 2),
    st.integers(-1, 2),
    st.sampled_from([0, 180]),
    st.booleans(),
    st.none() | st.integers(0, 3),
)
named = st.builds(SetLayoutName, st.sampled_from(["A", "B", ""]))
single: st.SearchStrategy[Edit[LayoutDocument]] = st.one_of(put, named)
any_edit = st.one_of(
    single, st.lists(single, min_size=1, max_size=3).map(lambda e: Batch(tuple(e)))
)


@settings(max_examples=100, deadline=None)
@given(st.lists(any_edit, max_size=10))
def test_every_layout_edit_undone_gives_back_the_same_layout(
    edits: list[Edit[LayoutDocument]],
) -> None:
    doc = LayoutDocument("Start", [placement(0, 0, 0, 0)])
    start = copy.copy(doc.placements), doc.name
    history = History(doc)
    done = 0
    for edit in edits:
        before = list(doc.placements), doc.name
        try:
            history.do(edit)
            done += 1
        except EditError:
            assert (doc.placements, doc.name) == before
    after = list(doc.placements), doc.name
    for _ in range(done):
        history.undo()
    assert (doc.placements, doc.name) == start
    for _ in range(done):
        history.redo()
    assert (doc.placements, doc.name) == after


def test_turning_a_board_breaks_the_join_and_says_why() -> None:
    doc = LayoutDocument("Pair", [placement(0, 0, 0, 0), placement(1, 0, 1, 0)])
    (join,) = doc.joins()
    assert join.ok and not join.vertical
    history = History(doc)
    edit = turn(doc, 0, 1)
    assert edit is not None
    history.do(edit)
    (join,) = doc.joins()
    assert not join.ok
    assert join.reason == (
        "La Fosse's arrows point up, L'Ile Souterraine's point down: across the width the "
        "arrows point the same way"
    )
    assert [p.text() for p in doc.problems()] == [f"{join.reason} [The Underground Maps]"]
    preview = doc.preview()
    assert preview is not None and len(preview.placements) == 2
    a, b = join.segment(preview)
    assert a[0] == b[0] and a[1] < b[1]  # a vertical line between the two boards
    history.undo()
    assert doc.joins()[0].ok


def test_boards_one_above_the_other_join_x_to_x() -> None:
    doc = LayoutDocument("Column", [placement(0, 0, 0, 0), placement(1, 1, 0, 0)])
    (join,) = doc.joins()
    assert join.vertical and not join.ok
    assert "shows Y at the bottom" in join.reason and "shows X on top" in join.reason
    assert doc.joins() and turn(doc, 1, 0) is not None
    edit = turn(doc, 1, 0)
    assert edit is not None
    edit.apply(doc)
    assert doc.joins()[0].ok


def test_legal_spots_are_where_a_dragged_board_snaps() -> None:
    doc = LayoutDocument("One", [placement(0, 0, 0, 0)])
    spots = legal_spots(doc, BOARDS[1])
    assert spots[(0, 1, 0)] == "" and spots[(0, -1, 0)] == ""
    assert spots[(0, 1, 180)] != "" and "arrows" in spots[(0, 1, 180)]
    assert spots[(1, 0, 180)] == "" and "side X goes with X" in spots[(1, 0, 0)]
    assert legal_spots(LayoutDocument(), BOARDS[0]) == {(0, 0, 0): "", (0, 0, 180): ""}


def test_moving_swaps_and_a_board_of_another_size_is_refused() -> None:
    doc = LayoutDocument("Pair", [placement(0, 0, 0, 0), placement(1, 0, 1, 0)])
    edits = move(doc, (0, 0), (0, 1))
    assert edits is not None
    Batch(tuple(edits)).apply(doc)
    assert [(p.board.id, p.row, p.col) for p in doc.placements] == [
        ("ile", 0, 0),
        ("fosse", 0, 1),
    ]
    with pytest.raises(EditError, match="27 x 19"):
        place(doc, new_board(9, 7), None, 0, 2).apply(doc)


def test_seam_report_shows_where_a_gallery_stops() -> None:
    doc = LayoutDocument("Pair", [placement(0, 0, 0, 0), placement(2, 0, 1, 0)])
    layout = doc.compose()
    report = seam_report(layout)
    # Fosse opens right-centre and right-south, Le Marais left-north and left-centre:
    # where only one is open, the seam hex is rock.
    assert report and all(s.winner == "rock" for s in report)
    assert all(len(s.halves) == 2 for s in report)


def test_a_layout_of_unsaved_boards_cannot_be_saved(tmp_path: Path) -> None:
    doc = LayoutDocument("Mine", [Placement(new_board(), 0, 0)])
    with pytest.raises(EditError, match="save the board first"):
        doc.save(tmp_path / "x.toml")
    assert not (tmp_path / "x.toml").exists()
