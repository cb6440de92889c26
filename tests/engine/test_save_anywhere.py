"""A save loads wherever the game is installed (issue 9): the scenario is found by its
id among the installation's scenarios, and a scenario the installation does not have is
embedded in the save."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.save import check_save, load_game, save_game
from dragonnoir.engine.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]


def copy_checkout_part(dest: Path) -> Path:
    """La Fosse and its board in another folder, as a moved checkout would have them."""
    (dest / "scenarios").mkdir(parents=True)
    shutil.copytree(REPO / "maps", dest / "maps")
    target = dest / "scenarios" / "la-fosse.toml"
    shutil.copy(REPO / "scenarios" / "la-fosse.toml", target)
    return target


def test_a_bundled_scenario_is_found_by_id_after_its_file_moved(tmp_path: Path) -> None:
    scenario = copy_checkout_part(tmp_path / "old-checkout")
    game = load_scenario(scenario).new_game(5)
    game.apply(EndPhase())
    save = save_game(game, tmp_path / "saves" / "game.json")
    ref = json.loads(save.read_text())["scenario"]
    assert ref["id"] == "la-fosse" and "embedded" not in ref  # every installation has it
    shutil.rmtree(tmp_path / "old-checkout")  # the checkout moved away
    check = check_save(save)
    assert not check.problems
    assert check.game is not None
    assert check.game.state.to_dict() == game.state.to_dict()
    assert check.scenario_file == (REPO / "scenarios" / "la-fosse.toml").resolve()


def test_a_scenario_of_ones_own_is_embedded_and_loads_without_its_file(tmp_path: Path) -> None:
    scenario = copy_checkout_part(tmp_path / "mine")
    own = scenario.with_name("my-pit.toml")
    text = scenario.read_text().replace('id = "la-fosse"', 'id = "my-pit"')
    own.write_text(text.replace("turn_limit = 7", "turn_limit = 9"))
    scenario.unlink()
    game = load_scenario(own).new_game(2)
    game.apply(EndPhase())
    save = save_game(game, tmp_path / "saves" / "game.json")
    ref = json.loads(save.read_text())["scenario"]
    assert ref["id"] == "my-pit" and "embedded" in ref
    shutil.rmtree(tmp_path / "mine")
    loaded = load_game(save)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.state.turn_limit == 9
    # With the file back where it was, the file is used again.
    assert not check_save(save).problems


# -- the carried board is believed only for what it proves (issue 47, part 3) ---------------


def _own_scenario_save(tmp_path: Path) -> Path:
    """A save of a scenario this installation does not ship, whose file is then gone: it
    loads from the map and set-up it carries."""
    scenario = copy_checkout_part(tmp_path / "mine")
    own = scenario.with_name("my-pit.toml")
    own.write_text(scenario.read_text().replace('id = "la-fosse"', 'id = "my-pit"'))
    scenario.unlink()
    game = load_scenario(own).new_game(2)
    game.apply(EndPhase())
    save = save_game(game, tmp_path / "saves" / "game.json")
    shutil.rmtree(tmp_path / "mine")
    return save


def _edit_carried(save: Path, change: object) -> None:
    doc = json.loads(save.read_text())
    change(doc["scenario"]["embedded"]["board"])  # type: ignore[operator]
    save.write_text(json.dumps(doc))


def test_an_edited_carried_board_is_refused(tmp_path: Path) -> None:
    save = _own_scenario_save(tmp_path)
    assert not check_save(save).problems

    def walls_added(board: dict[str, list[list[object]]]) -> None:  # a wall on every edge
        board["edges"] = [[*e[:4], "wall"] for e in board["edges"]]

    _edit_carried(save, walls_added)
    [problem] = check_save(save).problems
    assert str(problem).startswith(f"{save}: field scenario.embedded: ")
    assert "changed since the game was saved" in str(problem)


def test_an_edited_exit_zone_of_the_carried_board_is_refused(tmp_path: Path) -> None:
    save = _own_scenario_save(tmp_path)
    _edit_carried(save, lambda board: board["zones"].pop())
    [problem] = check_save(save).problems
    assert "field scenario.embedded: " in str(problem)


def test_a_changed_map_of_the_scenario_file_is_said(tmp_path: Path) -> None:
    scenario = copy_checkout_part(tmp_path / "mine")
    game = load_scenario(scenario).new_game(2)
    game.apply(EndPhase())
    save = save_game(game, tmp_path / "mine" / "saves" / "game.json")
    board = tmp_path / "mine" / "maps" / "fosse.tmx"
    text = board.read_text()
    board.write_text(text.replace('name="pit-bottom"', 'name="pit-floor"', 1))
    check = check_save(save)
    said = "the map of the scenario has changed since the game was saved"
    assert any(said in note for note in check.notes)
