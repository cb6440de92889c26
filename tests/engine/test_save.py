"""Save files: replayed and checked against their snapshot, written atomically with a
backup, every fault one line naming the file and the place."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import (
    SaveError,
    check_save,
    differences,
    load_game,
    save_game,
    verify_save,
)
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.testing import position
from dragonnoir.errors import DataFileError
from dragonnoir.narration.narrator import Narrator

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
MAPS = Path(__file__).resolve().parents[2] / "maps"
CORRIDOR = DATA / "corridor.toml"


def played(game: Game, actions: int, seed: int = 0) -> Game:
    """`game` after up to `actions` random legal actions."""
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def corridor(seed: int = 3, actions: int = 12) -> Game:
    return played(load_scenario(CORRIDOR).new_game(seed), actions, seed)


def own_scenario(folder: Path, zed_cell: str = "[3, 9]", comment: str = "") -> Path:
    """A scenario file of our own (its map named absolutely, so it may live anywhere)."""
    path = folder / "mine.toml"
    path.write_text(
        f'{comment}id = "mine"\nname = "Mine"\nmap = "{(MAPS / "fosse.tmx").as_posix()}"\n'
        f'turn_limit = 2\n[[unit]]\nkind = "zed"\ncell = {zed_cell}\n'
        '[[unit]]\nkind = "hunter_01"\ncell = [6, 9]\n',
        encoding="utf-8",
    )
    return path


def test_a_save_loads_into_the_same_game(tmp_path: Path) -> None:
    game = corridor()
    path = save_game(game, tmp_path / "game.json")
    loaded = load_game(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.history == game.history
    assert loaded.log == game.log
    assert (loaded.scenario_id, loaded.seed) == ("corridor", 3)
    assert loaded.scenario_path == str(CORRIDOR.resolve())
    assert verify_save(path) == []


def test_the_save_holds_every_documented_field(tmp_path: Path) -> None:
    game = corridor(actions=5)
    path = save_game(game, tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert list(doc) == [
        "format",
        "version",
        "program",
        "scenario",
        "rules",
        "seed",
        "actions",
        "state",
        "language",
        "log",
    ]
    assert doc["format"] == "dragonnoir-save" and doc["version"] == 1
    ref = doc["scenario"]
    assert ref["id"] == "corridor"
    assert (path.parent / ref["path"]).resolve() == CORRIDOR.resolve()
    assert ref["absolute"] == CORRIDOR.resolve().as_posix()
    assert len(ref["sha256"]) == 64
    assert doc["actions"] == [a.to_dict() for a in game.history]
    assert doc["state"] == json.loads(json.dumps(game.state.to_dict()))
    assert doc["language"] == "en"
    assert doc["log"] == Narrator.of(game).log(game, None)
    assert doc["log"][2].endswith("(Zacharie): 5 -> 7.")  # names, not ids


def test_saving_again_keeps_the_previous_save_as_a_backup(tmp_path: Path) -> None:
    game = corridor(actions=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    first = path.read_bytes()
    game.apply(game.legal_actions()[-1])
    save_game(game, path)
    assert (tmp_path / "game.json.bak").read_bytes() == first
    assert path.read_bytes() != first
    save_game(game, path)  # the backup rotates: now the second save
    assert (tmp_path / "game.json.bak").read_bytes() == path.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]


def test_a_save_after_one_killed_before_its_rename_leaves_no_temporary(tmp_path: Path) -> None:
    # A save killed between keeping the backup (a hard link to the save) and renaming
    # its new text over the save leaves `<name>.bak` and the save one file. The next
    # save's backup link then names that same file, and POSIX rename() between two links
    # of one file "does nothing": the temporary link must not be left behind (the
    # kill -9 soak test caught one).
    game = corridor(actions=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    os.link(path, tmp_path / "game.json.bak")
    game.apply(game.legal_actions()[-1])
    save_game(game, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "game.json.bak"]
    assert (tmp_path / "game.json.bak").read_bytes() != path.read_bytes()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")
def test_a_save_has_the_permissions_of_any_new_file(tmp_path: Path) -> None:
    umask = os.umask(0o022)
    try:
        path = save_game(corridor(actions=1), tmp_path / "game.json")
        save_game(corridor(actions=2), path)
    finally:
        os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "game.json.bak").stat().st_mode & 0o777 == 0o644


def test_a_failed_write_leaves_the_old_save_and_no_litter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = save_game(corridor(actions=1), tmp_path / "game.json")
    before = path.read_bytes()

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(SaveError, match="cannot write it: the disk is full") as info:
        save_game(corridor(actions=4), path)
    assert str(path) in str(info.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_file_that_is_not_a_save_is_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my campaign notes\n", encoding="utf-8")
    with pytest.raises(SaveError, match="not a Dragon Noir save; not overwriting"):
        save_game(corridor(actions=1), path)
    assert path.read_text(encoding="utf-8") == "my campaign notes\n"


def test_a_snapshot_the_replay_does_not_reach_names_the_first_field(tmp_path: Path) -> None:
    path = save_game(corridor(actions=3), tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    zed = next(u for u in doc["state"]["units"] if u["id"] == "zed")
    real = list(zed["hex"])
    zed["hex"] = [real[0], real[1] + 1]
    path.write_text(json.dumps(doc), encoding="utf-8")
    tampered = path.read_bytes()
    with pytest.raises(SaveError) as info:
        load_game(path)
    message = str(info.value)
    assert message.startswith(f"{path}: field state: ")
    assert f"units[zed].hex: replay gives {json.dumps(real)}, the save says " in message
    assert f"[{real[0]}, {real[1] + 1}]" in message
    assert isinstance(info.value, DataFileError)
    assert path.read_bytes() == tampered  # loading writes nothing
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_verify_lists_several_differences(tmp_path: Path) -> None:
    path = save_game(corridor(actions=3), tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["state"]["turn"] += 5
    doc["state"]["dice"]["rolls"] += 1
    path.write_text(json.dumps(doc), encoding="utf-8")
    problems = verify_save(path)
    assert len(problems) == 2
    assert all(p.startswith(str(path)) for p in problems)
    assert "turn: replay gives" in problems[0] and "dice.rolls: replay gives" in problems[1]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{\n  "format": "dragonnoir-save",\n  "version": 1,,\n}', "line 3, column 16: corrupt"),
        ("", "the file is empty"),
        ("[1, 2]", "not a Dragon Noir save file"),
        ('{"format": "dragonnoir-save", "version": 99}', "version 99 is not supported (a newer"),
        ('{"format": "dragonnoir-save", "version": "x"}', "field version: save format version"),
        ('{"format": "dragonnoir-save", "version": 1}', "field seed: missing"),
    ],
)
def test_broken_files_are_one_line_naming_the_place(
    tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_game(path)
    assert str(path) in str(info.value) and fragment in str(info.value)
    assert "\n" not in str(info.value)
    assert path.read_text(encoding="utf-8") == text


def test_a_missing_save_or_scenario_is_named(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="file not found"):
        load_game(tmp_path / "nothing.json")
    scenario = own_scenario(tmp_path)
    path = save_game(load_scenario(scenario).new_game(1), tmp_path / "game.json")
    scenario.unlink()
    load_game(path)  # a scenario of one's own is embedded in the save: it still loads
    doc = json.loads(path.read_text(encoding="utf-8"))
    del doc["scenario"]["embedded"]  # a save without the copy (an older one)
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(
        SaveError, match=r"field scenario.path: the scenario file is missing"
    ) as info:
        load_game(path)
    assert str(scenario) in str(info.value)


def test_the_scenario_is_found_next_to_a_moved_save(tmp_path: Path) -> None:
    first = tmp_path / "first"
    first.mkdir()
    scenario = own_scenario(first)
    game = played(load_scenario(scenario).new_game(5), 6, 5)
    save_game(game, first / "game.json")
    moved = tmp_path / "moved"
    first.rename(moved)  # the absolute path is gone; the relative one still works
    loaded = load_game(moved / "game.json")
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.scenario_path == str((moved / "mine.toml").resolve())


def test_a_changed_scenario_is_reported(tmp_path: Path) -> None:
    scenario = own_scenario(tmp_path)
    game = load_scenario(scenario).new_game(1)
    for _ in range(3):
        game.apply(EndPhase())
    path = save_game(game, tmp_path / "game.json")
    own_scenario(tmp_path, comment="# a comment changes nothing that matters\n")
    check = check_save(path)
    assert check.ok and any("has changed since the game was saved" in n for n in check.notes)
    own_scenario(tmp_path, zed_cell="[4, 9]")
    problems = verify_save(path)
    assert problems and "units[zed].hex" in problems[0]
    assert "the scenario file has changed since the game was saved" in problems[0]


def test_an_action_the_rules_refuse_is_named_with_its_index(tmp_path: Path) -> None:
    path = save_game(corridor(actions=2), tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["actions"].append({"type": "Pass"})
    doc["actions"].append({"type": "Teleport"})
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match=r"field actions\[2\]: \{\"type\": \"Pass\"\} is refused"):
        load_game(path)
    doc["actions"][2] = {"type": "Teleport"}
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError, match=r"field actions\[2\]: unknown action type 'Teleport'"):
        load_game(path)


def test_a_game_built_in_code_embeds_its_map(tmp_path: Path) -> None:
    art = """
    . . . . .
     . # . ~ .
    . . . . .
    """
    game = position(art, {"zed": (0, 0), "hunter_01": (4, 2)}, seed=9, webs=[(2, 2)])
    played(game, 10, 9)
    path = save_game(game, tmp_path / "pos.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert "inline" in doc["scenario"]
    loaded = load_game(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.board.cells == game.board.cells
    assert loaded.board.edges == game.board.edges
    assert loaded.log == game.log
    save_game(loaded, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == path.read_bytes()


def test_save_load_save_is_byte_identical(tmp_path: Path) -> None:
    path = save_game(corridor(actions=20), tmp_path / "a.json")
    save_game(load_game(path), path)
    assert path.read_bytes() == (tmp_path / "a.json.bak").read_bytes()


def test_undo_still_reaches_back_to_the_last_die_after_loading(tmp_path: Path) -> None:
    game = corridor(actions=3)
    path = save_game(game, tmp_path / "a.json")
    loaded = load_game(path)
    assert loaded.can_undo() == game.can_undo()


def test_differences_name_entries_by_id() -> None:
    saved = {"units": [{"id": "zed", "hex": [3, 5]}, {"id": "ann", "hex": [0, 0]}], "turn": 1}
    same_units = [{"id": "ann", "hex": [0, 0]}, {"id": "zed", "hex": [3, 4]}]
    assert differences(saved, {"units": same_units, "turn": 1}) == [
        "units[zed].hex: replay gives [3, 4], the save says [3, 5]"
    ]
    assert differences({"a": 1}, {"a": True}) == ["a: replay gives true, the save says 1"]
    assert differences({"a": 1}, {"a": 1.0}) == []
    assert differences({"a": [1, 2]}, {"a": [1]}) == ["a: replay gives [1], the save says [1, 2]"]
    assert differences({"a": [[1], [2]]}, {"a": [[1]]}) == [
        "a: replay gives 1 entries, the save says 2"
    ]
    assert differences({"a": 1}, {"b": 1}, limit=5) == [
        "a: the replay has no such field, the save says 1",
        "b: replay gives 1, the save has no such field",
    ]


def test_end_phase_only_games_save_too(tmp_path: Path) -> None:
    game = load_scenario(CORRIDOR).new_game(1)
    for _ in range(3):
        game.apply(EndPhase())
    assert load_game(save_game(game, tmp_path / "g.json")).state.phase == "krob_movement"
