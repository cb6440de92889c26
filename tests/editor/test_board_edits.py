"""Board edits: each returns its inverse, so every edit undone gives back the same board
(a hypothesis property over random edit sequences), and edits that do not fit the board
are refused without changing it."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonnoir.editor import board_doc as bd
from dragonnoir.editor.board_doc import (
    BoardDocument,
    PutZone,
    ReplaceBoard,
    SetBoardInfo,
    SetCells,
    SetEdges,
    brush,
    copy_region,
    entry_side,
    fill_region,
    new_board,
    paint,
    paste,
    set_side,
    toggle_zone_hexes,
    with_level,
    with_terrain,
)
from dragonnoir.editor.edits import Batch, Edit, EditError
from dragonnoir.editor.history import History
from dragonnoir.hexmap.board import LEVELS, Cell, EdgeFeature, Zone, ZoneKind
from dragonnoir.hexmap.board_io import load_board
from dragonnoir.hexmap.hexes import Edge, Hex
from dragonnoir.hexmap.terrain import default_terrain_table

MAPS = Path(__file__).resolve().parents[2] / "maps"
TABLE = default_terrain_table()
BASE = new_board(7, 5, terrain="cave_floor")
HEXES = sorted(BASE.cells)


def doc() -> BoardDocument:
    return BoardDocument(copy.deepcopy(BASE))


cells = st.builds(
    Cell,
    terrain=st.sampled_from(TABLE.ids()),
    level=st.sampled_from(LEVELS),
    walkway=st.booleans(),
    walkway_end=st.booleans(),
)
hexes = st.sampled_from(HEXES)
edges = st.builds(lambda h, d: Edge.of(h, d), hexes, st.integers(0, 5))
set_cells = st.builds(
    SetCells, st.lists(st.tuples(hexes, cells), min_size=1, max_size=6).map(tuple)
)
set_edges = st.builds(
    SetEdges,
    st.lists(
        st.tuples(edges, st.none() | st.sampled_from(list(EdgeFeature))), min_size=1, max_size=6
    ).map(tuple),
)
zone_names = st.sampled_from(["a", "b", "c"])


@st.composite
def put_zone(draw: st.DrawFn) -> PutZone:
    name = draw(zone_names)
    if draw(st.booleans()):
        return PutZone(name, None)
    zone = Zone(
        draw(st.sampled_from(list(ZoneKind))),
        name,
        frozenset(draw(st.lists(hexes, min_size=1, max_size=5))),
        {"side": "top"} if draw(st.booleans()) else {},
    )
    return PutZone(name, zone, draw(st.none() | st.integers(0, 3)))


info = st.builds(
    SetBoardInfo,
    st.lists(
        st.sampled_from(
            [
                ("name", "Renamed"),
                ("id", "other_id"),
                ("arrows", "down"),
                ("arrows", "up"),
                ("side_top", "Y"),
                ("side_bottom", "X"),
            ]
        ),
        min_size=1,
        max_size=3,
    ).map(tuple),
)
off_board = st.just(SetCells(((Hex(40, 40), Cell("rock")),)))
replace_board = st.builds(
    lambda w: ReplaceBoard(new_board(w, 3, terrain="rock")), st.sampled_from([3, 4, 5])
)
single: st.SearchStrategy[Edit[BoardDocument]] = st.one_of(
    set_cells, set_edges, put_zone(), info, off_board, replace_board
)
any_edit = st.one_of(
    single, st.lists(single, min_size=1, max_size=4).map(lambda e: Batch(tuple(e)))
)


@settings(max_examples=150, deadline=None)
@given(st.lists(any_edit, max_size=12))
def test_every_edit_undone_gives_back_the_same_board(edits: list[Edit[BoardDocument]]) -> None:
    d = doc()
    history = History(d)
    done = 0
    for edit in edits:
        before = copy.deepcopy(d.board)
        try:
            history.do(edit)
        except EditError:
            assert d.board == before  # a refused edit (or batch) changes nothing
        else:
            done += 1
    after = copy.deepcopy(d.board)
    for _ in range(done):
        history.undo()
    assert d.board == BASE
    assert not history.can_undo()
    for _ in range(done):
        history.redo()
    assert d.board == after


@settings(max_examples=150, deadline=None)
@given(any_edit)
def test_an_edits_inverse_restores_the_board_and_its_inverse_redoes_it(
    edit: Edit[BoardDocument],
) -> None:
    d = doc()
    try:
        inverse = edit.apply(d)
    except EditError:
        assert d.board == BASE
        return
    changed = copy.deepcopy(d.board)
    again = inverse.apply(d)
    assert d.board == BASE
    again.apply(d)
    assert d.board == changed


def test_refused_edits_name_the_place() -> None:
    d = doc()
    with pytest.raises(EditError, match=r"cell \(\d+, \d+\) is not on board"):
        SetCells(((Hex(40, 40), Cell("rock")),)).apply(d)
    with pytest.raises(EditError, match="unknown terrain 'lava'"):
        SetCells(((HEXES[0], Cell("lava")),)).apply(d)
    with pytest.raises(EditError, match="X and Y, one each"):
        SetBoardInfo((("side_top", "Y"),)).apply(d)
    with pytest.raises(EditError, match="off the board"):
        PutZone("z", Zone(ZoneKind.CELL, "z", frozenset({Hex(40, 40)}))).apply(d)
    with pytest.raises(EditError, match=r"even|odd"):
        new_board(6, 4)
    assert d.board == BASE


def test_a_brush_stroke_is_one_undo_step_and_still_strokes_add_none() -> None:
    d = doc()
    history = History(d)
    history.begin("Paint Rubble")
    centre = d.board.grid.to_hex(3, 2)
    for h in (centre, centre.neighbour(0), centre.neighbour(0)):
        edit = paint(d, brush(d, h, 1), with_terrain("rubble"))
        if edit is not None:
            history.do(edit)
    assert paint(d, brush(d, centre, 1), with_terrain("rubble")) is None
    history.end()
    assert len(history.undo_steps) == 1
    assert history.undo_label() == "Paint Rubble"
    assert sum(c.terrain == "rubble" for c in d.board.cells.values()) == 10
    touched = history.undo()
    assert touched is not None and centre in touched and len(touched) == 10
    assert d.board == BASE


def test_fill_stops_at_other_terrain_levels_and_walls() -> None:
    d = doc()
    g = d.board.grid
    # A rock column at col 3 splits the board; a wall closes (1, 2)'s east side.
    wall = paint(d, [g.to_hex(3, r) for r in range(5)], with_terrain("rock"))
    assert wall is not None
    wall.apply(d)
    low = paint(d, [g.to_hex(0, 0)], with_level(-1.0))
    assert low is not None
    low.apply(d)
    region = fill_region(d, g.to_hex(1, 1))
    cols = {g.to_cell(h)[0] for h in region}
    assert max(cols) < 3 and g.to_hex(0, 0) not in region
    room = g.to_hex(1, 2)
    for n in room.neighbours():
        side = set_side(d, Edge(room, n), EdgeFeature.WALL)
        assert side is not None
        side.apply(d)
    assert set_side(d, Edge(room, room.neighbour(0)), EdgeFeature.WALL) is None
    assert fill_region(d, room) == [room]
    assert room not in fill_region(d, g.to_hex(1, 1))


def test_zone_hexes_are_added_and_removed_and_an_empty_zone_goes() -> None:
    d = doc()
    a, b = HEXES[3], HEXES[4]
    edit = toggle_zone_hexes(d, ZoneKind.DEPLOYMENT, "camp", [a, b], add=True)
    assert edit is not None
    edit.apply(d)
    camp = d.board.zone("camp")
    assert camp is not None and camp.hexes == {a, b}
    with pytest.raises(EditError, match="already a deployment zone"):
        toggle_zone_hexes(d, ZoneKind.EXIT, "camp", [a], add=True)
    edit = toggle_zone_hexes(d, ZoneKind.DEPLOYMENT, "camp", [a, b], add=False)
    assert edit is not None
    inverse = edit.apply(d)
    assert d.board.zone("camp") is None
    inverse.apply(d)
    assert d.board.zone("camp") == camp


def test_history_knows_unsaved_changes_across_undo() -> None:
    d = doc()
    history = History(d)
    assert not history.modified
    history.do(SetBoardInfo((("name", "Mine"),)))
    assert history.modified
    history.mark_saved()
    assert not history.modified
    history.undo()
    assert history.modified
    history.redo()
    assert not history.modified
    history.undo()
    history.do(SetBoardInfo((("name", "Other"),)))
    assert history.modified and not history.can_redo()


def test_copy_and_paste_a_walled_room_elsewhere() -> None:
    d = doc()
    g = d.board.grid
    room = [g.to_hex(1, 1), g.to_hex(2, 1)]
    rock = paint(d, room, with_terrain("building_floor"))
    assert rock is not None
    rock.apply(d)
    for h in room:
        for n in h.neighbours():
            if n not in room:
                side = set_side(d, Edge(h, n), EdgeFeature.WALL)
                if side is not None:
                    side.apply(d)
    clip = copy_region(d, room)
    assert clip is not None and len(clip.cells) == 2 and len(clip.edges) == 10
    at = g.to_hex(4, 3)
    before = copy.deepcopy(d.board)
    edit = paste(d, clip, at)
    assert edit is not None and edit.label == "Paste 2 hexes"
    inverse = edit.apply(d)
    pasted = clip.footprint(at)
    assert [d.board.cells[h].terrain for h in pasted] == ["building_floor"] * 2
    walls = [e for e in d.board.edges if e.a in pasted or e.b in pasted]
    assert len(walls) == 10
    inverse.apply(d)
    assert d.board == before
    # Off the board: only what falls on it is pasted; all off, nothing to do.
    assert paste(d, clip, Hex(60, 60)) is None


def test_an_entry_zone_says_which_side_it_opens_on() -> None:
    d = doc()
    g = d.board.grid
    edit = toggle_zone_hexes(d, ZoneKind.ENTRY, "north", [g.to_hex(3, 0)], add=True)
    assert edit is not None and edit.zone is not None
    assert edit.zone.properties == {"side": "top"}
    assert entry_side(d.board, [g.to_hex(5, 1)]) == "right"  # odd row: next to the side
    assert entry_side(d.board, [g.to_hex(0, 2), g.to_hex(3, 0)]) is None


def test_zone_properties_and_rename_undo(tmp_path: Path) -> None:
    doc = BoardDocument.open(MAPS / "fosse.tmx")
    before = copy.deepcopy(doc.board.zones)
    name = doc.board.zones[0].name
    props = bd.parse_properties("side=top, turn=3, secret=true, ratio=0.5, note=two words")
    assert props == {"side": "top", "turn": 3, "secret": True, "ratio": 0.5, "note": "two words"}
    assert bd.properties_text(props) == "side=top, turn=3, secret=true, ratio=0.5, note=two words"
    edit = bd.set_zone_properties(doc, name, props)
    assert edit is not None
    undo_props = edit.apply(doc)
    undo_name = bd.rename_zone(doc, name, "north-gate").apply(doc)
    assert doc.board.zones[0].name == "north-gate" and doc.board.zone(name) is None
    doc.save(tmp_path / "z.tmx")
    again = load_board(tmp_path / "z.tmx")
    gate = again.zone("north-gate")
    assert gate is not None and dict(gate.properties) == props  # types kept in the TMX
    undo_name.apply(doc)
    undo_props.apply(doc)
    assert doc.board.zones == before
    with pytest.raises(EditError, match="already a zone"):
        bd.rename_zone(doc, name, doc.board.zones[1].name)
    with pytest.raises(EditError, match="name=value"):
        bd.parse_properties("side top")
    assert bd.set_zone_properties(doc, name, dict(doc.board.zones[0].properties)) is None
