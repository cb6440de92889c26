"""The scenario document: placing forces, groups, counters, victory conditions; every
edit undone gives back the same document; what it saves `load_scenario` accepts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dragonnoir.datafiles import load_toml_model
from dragonnoir.editor import scenario_doc as sd
from dragonnoir.editor.edits import Edit, EditError
from dragonnoir.editor.history import History
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.scenario_format import ScenarioFile
from dragonnoir.engine.state import AccessoryKind
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.hexmap.hexes import Hex

ROOT = Path(__file__).resolve().parents[2]
TWO_BOARDS = ROOT / "layouts" / "two-boards.toml"


@pytest.fixture(scope="module")
def blank() -> sd.ScenarioDocument:
    return sd.ScenarioDocument.new(TWO_BOARDS)


def fresh(blank: sd.ScenarioDocument) -> sd.ScenarioDocument:
    return sd.ScenarioDocument(blank.data, blank.map_path, blank.board, blank.layout)


def dry_hexes(doc: sd.ScenarioDocument) -> list[Hex]:
    """Open dry ground anyone may stand on, ordered (a zone's hexes are not used)."""
    table = default_rules_data().terrain
    return sorted(
        (
            h
            for h, c in doc.board.cells.items()
            if table[c.terrain].passable and not table[c.terrain].water and c.level == 0
        ),
        key=lambda h: (h.q, h.r),
    )


def test_two_units_saved_and_played(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    a, b = dry_hexes(doc)[0], dry_hexes(doc)[40]
    history = History(doc)
    history.do(sd.place_unit(doc, "rebel_knight_1", a))
    history.do(sd.place_unit(doc, "warrior_01", b))
    history.do(sd.set_info(doc, turn_limit=6, briefing="Two\nlines") or sd.SetPart("size", "", ""))
    target = tmp_path / "scenarios" / "mine.toml"
    target.parent.mkdir()
    doc.save(target)
    scenario = load_scenario(target)
    assert [u.kind for u in scenario.units] == ["rebel_knight_1", "warrior_01"]
    assert scenario.units[0].hex == a and scenario.units[1].hex == b
    assert scenario.turn_limit == 6 and scenario.briefing == "Two\nlines"
    assert "../" in target.read_text() or str(TWO_BOARDS.parent) in target.read_text()
    game = scenario.new_game(3)
    assert set(game.state.units) == {"rebel_knight_1", "warrior_01"}
    assert doc.check() == []


def test_same_counter_twice_gets_its_own_id(blank: sd.ScenarioDocument) -> None:
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    sd.place_unit(doc, "warrior_01", hexes[0]).apply(doc)
    sd.place_unit(doc, "warrior_01", hexes[5]).apply(doc)
    assert [p.unit_id for p in doc.placed()] == ["warrior_01", "warrior_01_2"]
    assert doc.check() == []


def test_a_hex_holds_one_character(blank: sd.ScenarioDocument) -> None:
    doc = fresh(blank)
    h = dry_hexes(doc)[0]
    sd.place_unit(doc, "warrior_01", h).apply(doc)
    with pytest.raises(EditError, match="already stands"):
        sd.place_unit(doc, "elf_1", h)


def test_group_deploys_in_a_zone_and_is_hidden(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    sd.place_unit(doc, "hunter_01", hexes[0], new_group_side="krobs").apply(doc)
    sd.place_unit(doc, "warrior_01", hexes[3], "krobs").apply(doc)
    edit = sd.set_group(doc, "krobs", deploy=["fosse:pit-bottom"], hidden=True)
    undo = edit.apply(doc)
    group = doc.group("krobs")
    assert group is not None and group.hidden and group.deploy == ["fosse:pit-bottom"]
    assert all(u.cell is None for u in group.unit)  # the player places them
    assert sd.how_group_comes(group) == "deployed by its player in fosse:pit-bottom"
    doc.save(tmp_path / "s.toml")
    scenario = load_scenario(tmp_path / "s.toml")
    assert scenario.groups[0].hidden and len(scenario.groups[0].deploy) == 8
    undo.apply(doc)
    group = doc.group("krobs")
    assert group is not None and not group.hidden and group.unit[0].cell is not None


def test_reinforcements_enter_on_a_turn(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    sd.place_unit(doc, "elf_1", dry_hexes(doc)[0], new_group_side="adventurers").apply(doc)
    sd.set_group(doc, "adventurers", enter={"zone": "labyrinthe:top-centre", "turn": 3}).apply(doc)
    # a counter added to an entering group has no cell
    sd.place_unit(doc, "elf_2", dry_hexes(doc)[9], "adventurers").apply(doc)
    doc.save(tmp_path / "s.toml")
    scenario = load_scenario(tmp_path / "s.toml")
    assert scenario.groups[0].entry_turn == 3 and scenario.groups[0].units == ["elf_1", "elf_2"]


def test_wrong_side_for_the_group_is_refused(blank: sd.ScenarioDocument) -> None:
    doc = fresh(blank)
    sd.place_unit(doc, "elf_1", dry_hexes(doc)[0], new_group_side="adventurers").apply(doc)
    with pytest.raises(EditError, match="one of the Krobs"):
        sd.place_unit(doc, "warrior_01", dry_hexes(doc)[4], "adventurers")


def test_wizard_levels_and_removal(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    sd.place_unit(doc, "zacharie", dry_hexes(doc)[0]).apply(doc)
    sd.set_wizard(doc, "zacharie", 2).apply(doc)
    assert doc.wizard_level("zacharie") == 2
    doc.save(tmp_path / "s.toml")
    assert load_scenario(tmp_path / "s.toml").wizards[0].level == 2
    sd.place_unit(doc, "elf_1", dry_hexes(doc)[3]).apply(doc)
    with pytest.raises(EditError, match="no wizard"):
        sd.set_wizard(doc, "elf_1", 1)
    sd.remove_unit(doc, "zacharie").apply(doc)
    assert doc.data.wizard == []  # the file stays loadable


def test_accessories_and_objectives(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    sd.toggle_accessory(doc, AccessoryKind.WEB, hexes[2], hidden=True).apply(doc)
    sd.toggle_objective(doc, "orb", hexes[5]).apply(doc)
    sd.toggle_objective(doc, "orb", hexes[8]).apply(doc)
    sd.place_unit(doc, "elf_1", hexes[0]).apply(doc)
    cond = sd.condition_from_form("adventurers", "orb_off", text="The Orb is out")
    sd.put_condition(doc, None, cond).apply(doc)
    doc.save(tmp_path / "s.toml")
    scenario = load_scenario(tmp_path / "s.toml")
    assert [a.kind for a in scenario.accessories] == [AccessoryKind.WEB]
    assert len(scenario.objectives[0].hexes) == 2
    assert scenario.victory["conditions"][0]["kind"] == "orb_off"
    # the same click takes them off again
    sd.toggle_accessory(doc, AccessoryKind.BOAT, hexes[2]).apply(doc)
    sd.toggle_objective(doc, "orb", hexes[5]).apply(doc)
    sd.toggle_objective(doc, "orb", hexes[8]).apply(doc)
    assert doc.data.accessory == [] and doc.data.objective == []
    with pytest.raises(EditError, match="only spider webs"):
        sd.toggle_accessory(doc, AccessoryKind.BOAT, hexes[2], hidden=True)


def test_the_editor_counts_what_the_box_has_left(blank: sd.ScenarioDocument) -> None:
    """The box's counters are the limits ("Game Components"): the editor shows what is
    left of each and refuses one more than the box holds."""
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    assert sd.box_left(doc, "web") == [("web", 10, 10)]
    sd.toggle_accessory(doc, AccessoryKind.WEB, hexes[0]).apply(doc)
    assert sd.box_left(doc, "web") == [("web", 9, 10)]
    sd.toggle_accessory(doc, AccessoryKind.BRIDGE, hexes[1]).apply(doc)
    sd.toggle_accessory(doc, AccessoryKind.BRIDGE, hexes[2]).apply(doc)
    assert ("bridge_small", 0, 2) in sd.box_left(doc, "bridge")
    with pytest.raises(EditError, match="the box holds 2 small bridges"):
        sd.toggle_accessory(doc, AccessoryKind.BRIDGE, hexes[3])
    for h in hexes[4:7]:
        sd.toggle_objective(doc, "orb", h).apply(doc)
    assert sd.box_left(doc, "orb") == [("orb", 0, 3)]
    with pytest.raises(EditError, match="the box holds 3 Orb counters"):
        sd.toggle_objective(doc, "orb", hexes[7])


def test_condition_form_refuses_bad_fields() -> None:
    with pytest.raises(EditError, match="whole number"):
        sd.condition_from_form("adventurers", "exit", count="three")
    with pytest.raises(EditError):
        sd.condition_from_form("adventurers", "flee")
    cond = sd.condition_from_form("krobs", "kill", units="elf_1, elf_2", count="1")
    assert cond.units == ["elf_1", "elf_2"] and cond.count == 1


def test_check_reports_the_loader_fault(blank: sd.ScenarioDocument) -> None:
    doc = fresh(blank)
    sd.place_unit(doc, "elf_1", dry_hexes(doc)[0]).apply(doc)
    cond = sd.condition_from_form("adventurers", "reach", units="nobody")
    sd.put_condition(doc, None, cond).apply(doc)
    problems = doc.check()
    assert len(problems) == 1
    assert "victory.condition[0]" in problems[0].message
    assert "no unit 'nobody'" in problems[0].message
    assert problems[0].rule == sd.R_SCENARIO


def test_check_marks_every_bad_entry_at_once(blank: sd.ScenarioDocument) -> None:
    """Each bad entry is a problem of its own, with the hex where it is (the loader's
    `scenario_problems`), not only the first one."""
    doc = fresh(blank)
    table = default_rules_data().terrain
    rock = min(h for h, c in doc.board.cells.items() if not table[c.terrain].passable)
    a, b = dry_hexes(doc)[0], dry_hexes(doc)[9]
    units = [
        sd._model(sd.UnitEntry, kind="elf_1", cell=doc.cell_of(rock)),
        sd._model(sd.UnitEntry, kind="no_such_counter", cell=doc.cell_of(a)),
        sd._model(sd.UnitEntry, kind="warrior_01", cell=doc.cell_of(b)),
    ]
    sd.SetPart("unit", units, "three").apply(doc)
    sd.put_condition(doc, None, sd.condition_from_form("krobs", "kill", units="nobody")).apply(doc)
    problems = doc.check()
    assert [p.hexes for p in problems] == [(rock,), (a,), ()]
    assert "unit[0].cell" in problems[0].message and "unit[1].kind" in problems[1].message
    assert "no unit 'nobody'" in problems[2].message


def test_check_reports_design_problems() -> None:
    doc = sd.ScenarioDocument.new(ROOT / "maps" / "marais.tmx")
    table = default_rules_data().terrain
    water = min(h for h, c in doc.board.cells.items() if table[c.terrain].water)
    sd.place_unit(doc, "elf_1", water).apply(doc)  # an elf swims: no problem
    assert doc.check() == []
    sd.remove_unit(doc, "elf_1").apply(doc)
    sd.place_unit(doc, "warrior_01", water).apply(doc)
    problems = doc.check()
    assert len(problems) == 1
    assert "water" in problems[0].message and problems[0].hexes == (water,)


def test_info_refuses_a_bad_id(blank: sd.ScenarioDocument) -> None:
    doc = fresh(blank)
    with pytest.raises(EditError, match="id"):
        sd.set_info(doc, id="Bad Id")
    assert sd.set_info(doc, name=doc.data.name) is None


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.toml")), ids=lambda p: p.name)
def test_shipped_scenarios_round_trip(path: Path, tmp_path: Path) -> None:
    doc = sd.ScenarioDocument.open(path)
    target = tmp_path / f"roundtrip-{path.name}"  # (never beside it: shipped files stay)
    doc.save(target)
    assert load_toml_model(target, ScenarioFile).model_copy(update={"map": ""}) == (
        load_toml_model(path, ScenarioFile).model_copy(update={"map": ""})
    )
    load_scenario(target)


def test_a_deep_passage_between_two_entrances(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    """A passage from La Fosse's trapdoor (named by its zone) to a cell of Le
    Labyrinthe: saved, loaded by the game, changed and removed, each undoable."""
    doc = fresh(blank)
    trapdoor = doc.board.zone("fosse:trapdoor")
    assert trapdoor is not None
    a = min(trapdoor.hexes, key=lambda h: (h.q, h.r))
    b = dry_hexes(doc)[3]
    history = History(doc)
    history.do(sd.new_passage(doc, a, b))
    assert doc.data.passage[0].ends == ("fosse:trapdoor", doc.cell_of(b))
    history.do(sd.set_passage(doc, 0, turns=3, both_ways=False, name="The long way"))
    with pytest.raises(EditError, match="two different entrances"):
        sd.new_passage(doc, a, a)
    with pytest.raises(EditError):
        sd.set_passage(doc, 0, turns=99)  # the format: 1 to 20 turns
    target = tmp_path / "p.toml"
    doc.save(target)
    scenario = load_scenario(target)
    (passage,) = scenario.passages
    assert (passage.a, passage.b, passage.turns, passage.both_ways) == (a, b, 3, False)
    assert passage.name == "The long way" and doc.check() == []
    assert sd.passage_hex(doc, "fosse:trapdoor") == a
    history.do(sd.put_passage(doc, 0, None))
    assert doc.data.passage == []
    history.undo()
    history.undo()
    assert doc.data.passage[0].turns == 1


def test_a_group_deploys_on_cells(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    history = History(doc)
    history.do(sd.place_unit(doc, "hunter_01", hexes[0], new_group_side="krobs"))
    history.do(sd.place_unit(doc, "hunter_02", hexes[1], "krobs"))
    for h in hexes[10:13]:
        history.do(sd.toggle_deploy_cell(doc, "krobs", h))
    group = doc.group("krobs")
    assert group is not None and [tuple(c) for c in group.deploy_cells] == [
        doc.cell_of(h) for h in hexes[10:13]
    ]
    assert all(u.cell is None for u in group.unit)  # their player places them
    assert sd.how_group_comes(group).startswith("deployed by its player")
    history.do(sd.toggle_deploy_cell(doc, "krobs", hexes[12]))  # off again
    table = default_rules_data().terrain
    rock = min(h for h, c in doc.board.cells.items() if not table[c.terrain].passable)
    with pytest.raises(EditError, match="open ground"):
        sd.toggle_deploy_cell(doc, "krobs", rock)
    target = tmp_path / "d.toml"
    doc.save(target)
    (g,) = load_scenario(target).groups
    assert g.deploy == hexes[10:12]
    assert doc.check() == []
    # Two cells for two Krobs: taking one more off leaves no room, said live.
    history.do(sd.toggle_deploy_cell(doc, "krobs", hexes[11]))
    (problem,) = doc.check()
    assert "too small" in problem.message and problem.hexes == (hexes[10],)
    history.do(sd.toggle_deploy_cell(doc, "krobs", hexes[11]))
    with pytest.raises(EditError, match="needs a zone or a cell"):
        for h in hexes[10:12]:
            history.do(sd.toggle_deploy_cell(doc, "krobs", h))


def test_a_characters_state_at_the_start(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    table = default_rules_data().terrain
    deck = next(
        h
        for h, c in sorted(doc.board.cells.items(), key=lambda x: (x[0].q, x[0].r))
        if c.walkway and table[c.terrain].passable and not table[c.terrain].water
    )
    history = History(doc)
    history.do(sd.place_unit(doc, "elf_1", deck))
    assert sd.unit_levels(doc, "elf_1") == (0.0, 1.0)
    history.do(sd.set_unit(doc, "elf_1", level=1.0, name="Elf on the walkway"))
    history.do(sd.set_unit(doc, "elf_1", status="wounded", wounds=1))
    with pytest.raises(EditError):
        sd.set_unit(doc, "elf_1", wounds=-1)
    with pytest.raises(EditError, match="no field"):
        sd.set_unit(doc, "elf_1", speed=3)
    target = tmp_path / "u.toml"
    doc.save(target)
    scenario = load_scenario(target)
    (unit,) = scenario.units
    assert (unit.level, unit.status.value, unit.wounds) == (1.0, "wounded", 1)
    assert scenario.names == {"elf_1": "Elf on the walkway"}
    # A level the hex does not have is the loader's fault, marked on the hex.
    history.do(sd.set_unit(doc, "elf_1", level=-1.0))
    (problem,) = doc.check()
    assert "level -1 does not exist" in problem.message and problem.hexes == (deck,)
    history.do(sd.set_unit(doc, "elf_1", name="", level=None))
    assert doc.find("elf_1").entry.name is None  # type: ignore[union-attr]


def test_which_objective_counter_is_real(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    hexes = dry_hexes(doc)
    history = History(doc)
    for h in hexes[20:23]:
        history.do(sd.toggle_objective(doc, "orb", h))
    assert sd.objective_hexes(doc, "orb") == hexes[20:23]
    history.do(sd.set_objective_real(doc, "orb", 1))
    with pytest.raises(EditError, match="1 to 3"):
        sd.set_objective_real(doc, "orb", 3)
    with pytest.raises(EditError, match="none of the Khuzun counters"):
        sd.set_objective_real(doc, "khuzun", 0)
    target = tmp_path / "o.toml"
    doc.save(target)
    (objective,) = load_scenario(target).objectives
    assert objective.real == 1 and objective.hexes == hexes[20:23]
    history.do(sd.set_objective_real(doc, "orb", None))  # the dice draw it
    assert doc.data.objective[0].real is None
    history.undo()
    assert doc.data.objective[0].real == 1


# -- every edit undone gives back the same document (hypothesis) ---------------------------

KINDS = ["rebel_knight_1", "elf_1", "zacharie", "warrior_01", "hunter_01", "killer_1"]
ACTS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "place",
                "new_group",
                "move",
                "remove",
                "deploy",
                "hide",
                "wizard",
                "web",
                "orb",
                "cond",
                "passage",
                "deploy_cell",
                "unit_state",
                "real",
            ]
        ),
        st.integers(0, 5),
        st.integers(0, 60),
    ),
    min_size=1,
    max_size=14,
)


def act(doc: sd.ScenarioDocument, what: str, i: int, j: int) -> Edit[sd.ScenarioDocument] | None:
    hexes = dry_hexes(doc)
    h = hexes[(j * 7) % len(hexes)]
    ids = [p.unit_id for p in doc.placed()]
    groups = [g.id for g in doc.data.group]
    kind = KINDS[i]
    if what == "place":
        return sd.place_unit(doc, kind, h, groups[i % len(groups)] if groups and i % 2 else None)
    if what == "new_group":
        side = "adventurers" if i < 3 else "krobs"
        return sd.place_unit(doc, kind, h, new_group_side=side)
    if what == "move" and ids:
        return sd.move_unit(doc, ids[i % len(ids)], h)
    if what == "remove" and ids:
        return sd.remove_unit(doc, ids[i % len(ids)])
    if what == "deploy" and groups:
        return sd.set_group(doc, groups[i % len(groups)], deploy=["fosse:pit-bottom"])
    if what == "hide" and groups:
        return sd.set_group(doc, groups[i % len(groups)], hidden=True)
    if what == "wizard" and ids:
        return sd.set_wizard(doc, ids[i % len(ids)], 1 + j % 2)
    if what == "web":
        return sd.toggle_accessory(doc, AccessoryKind.WEB, h)
    if what == "orb":
        return sd.toggle_objective(doc, "orb", h)
    if what == "cond":
        return sd.put_condition(doc, None, sd.condition_from_form("krobs", "eliminate"))
    if what == "passage":
        if doc.data.passage and i % 2:
            return sd.set_passage(doc, 0, turns=1 + j % 5, both_ways=bool(i % 3))
        return sd.new_passage(doc, h, hexes[(j * 11 + 3) % len(hexes)])
    if what == "deploy_cell" and groups:
        return sd.toggle_deploy_cell(doc, groups[i % len(groups)], h)
    if what == "unit_state" and ids:
        status = sd.STATUSES[j % len(sd.STATUSES)]
        return sd.set_unit(doc, ids[i % len(ids)], status=status, wounds=j % 3, name=f"N{i}")
    if what == "real" and doc.data.objective:
        count = len(doc.data.objective[0].cells)
        return sd.set_objective_real(doc, "orb", None if i == 0 else j % count)
    return None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(acts=ACTS)
def test_every_edit_undone_gives_back_the_document(
    blank: sd.ScenarioDocument, acts: list[tuple[str, int, int]]
) -> None:
    doc = fresh(blank)
    history = History(doc)
    states = [doc.data]
    for what, i, j in acts:
        try:
            edit = act(doc, what, i, j)
            if edit is None:
                continue
            history.do(edit)
        except EditError:
            assert doc.data == states[-1]  # a refused edit changes nothing
            continue
        states.append(doc.data)
    final = doc.data
    for state in reversed(states[:-1]):
        history.undo()
        assert doc.data == state
    while history.can_redo():
        history.redo()
    assert doc.data == final


def test_no_victory_table(blank: sd.ScenarioDocument, tmp_path: Path) -> None:
    doc = fresh(blank)
    assert sd.drop_victory(doc) is None  # a new scenario has none
    sd.place_unit(doc, "elf_1", dry_hexes(doc)[0]).apply(doc)
    sd.set_victory(doc, at_turn_limit="draw").apply(doc)  # type: ignore[union-attr]
    assert doc.data.victory is not None and doc.data.victory.at_turn_limit == "draw"
    cond = sd.condition_from_form("krobs", "eliminate")
    sd.put_condition(doc, None, cond).apply(doc)
    with pytest.raises(EditError, match="remove the victory conditions first"):
        sd.drop_victory(doc)
    sd.put_condition(doc, 0, None).apply(doc)
    undo = sd.drop_victory(doc)
    assert undo is not None
    undo.apply(doc)
    assert doc.data.victory is None
    doc.save(tmp_path / "s.toml")
    assert "[victory]" not in (tmp_path / "s.toml").read_text()
    load_scenario(tmp_path / "s.toml")
