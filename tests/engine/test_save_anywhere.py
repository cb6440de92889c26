"""A save loads wherever the game is installed (issue 9): the scenario is found by its
id among the installation's scenarios, and a scenario the installation does not have is
embedded in the save."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.carried import carried_digest
from dragonnoir.engine.game import Game
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


# -- one's own scenario on several boards, kept where a save may not lead (issue 47) ---------


def _own_six_board_game(tmp_path: Path) -> tuple[Path, Game]:
    """The player's own copy of Les six cavernes in a downloads folder, played a little."""
    downloads = tmp_path / "Downloads"
    shutil.copytree(REPO / "maps", downloads / "maps")
    shutil.copytree(REPO / "layouts", downloads / "layouts")
    (downloads / "scenarios").mkdir()
    own = downloads / "scenarios" / "my-caves.toml"
    text = (REPO / "scenarios" / "les-six-cavernes.toml").read_text()
    own.write_text(text.replace('id = "les-six-cavernes"', 'id = "my-caves"', 1))
    game = load_scenario(own).new_game(4)
    _play(game, 12)
    return own, game


def _play(game: Game, actions: int) -> None:
    """A few legal actions (the set-up's placements first), the same every run."""
    rng = random.Random(7)
    for _ in range(actions):
        game.apply(rng.choice(list(game.legal_actions(game.to_act()))))


def test_a_six_board_scenario_kept_outside_loads_from_the_copy_its_save_carries(
    tmp_path: Path,
) -> None:
    """The save lives in the player's saves folder, the scenario in ~/Downloads: the save
    may not lead there (names inside files), so the game goes on from the copy it carries,
    which knows which boards each hex lies on ("Range of Action")."""
    _, game = _own_six_board_game(tmp_path)
    save = save_game(game, tmp_path / "saves" / "game.json")
    assert "boards" in json.loads(save.read_text())["scenario"]["embedded"]
    check = check_save(save)
    assert not check.problems
    assert any("embedded copy is used" in note for note in check.notes)
    loaded = check.game
    assert loaded is not None and loaded.layout is not None and game.layout is not None
    assert loaded.state.to_dict() == game.state.to_dict()
    for h in game.board.cells:
        assert loaded.layout.board_ids_at(h) == game.layout.board_ids_at(h)
    assert {len(game.layout.board_ids_at(h)) for h in game.board.cells} >= {1, 2}  # seams


def test_a_six_board_game_loaded_from_its_copy_is_saved_again_and_goes_on(
    tmp_path: Path,
) -> None:
    """The autosave of a game loaded from the carried copy carries the copy on."""
    _, game = _own_six_board_game(tmp_path)
    loaded = load_game(save_game(game, tmp_path / "saves" / "game.json"))
    _play(loaded, 12)
    again = load_game(save_game(loaded, tmp_path / "saves" / "autosave.json"))
    assert again.state.to_dict() == loaded.state.to_dict()
    assert game.layout is not None and again.layout is not None
    assert all(
        again.layout.board_ids_at(h) == game.layout.board_ids_at(h) for h in game.board.cells
    )


def test_edited_or_damaged_boards_of_the_carried_copy_are_refused(tmp_path: Path) -> None:
    _, game = _own_six_board_game(tmp_path)
    save = save_game(game, tmp_path / "saves" / "game.json")
    doc = json.loads(save.read_text())
    groups = doc["scenario"]["embedded"]["boards"]
    groups[0]["boards"] = ["fosse"] if groups[0]["boards"] != ["fosse"] else ["nid"]
    save.write_text(json.dumps(doc))
    [problem] = check_save(save).problems
    assert "field scenario.embedded: " in str(problem)
    assert "changed since the game was saved" in str(problem)

    groups[0]["hexes"] = [[1, "two"]]
    doc["scenario"]["embedded"]["sha256"] = carried_digest(doc["scenario"]["embedded"])
    save.write_text(json.dumps(doc))
    [problem] = check_save(save).problems
    assert str(problem) == (
        f"{save}: field scenario.embedded.boards: the embedded boards are damaged "
        "(entry 0: a hex must be two whole numbers [q, r])"
    )
