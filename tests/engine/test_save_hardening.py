"""Whatever a save file holds, loading it ends in a `SaveError` naming the file and the
field (issue 17): the damaged saves found by fuzzing are kept in
tests/data/malformed/saves/ and each must keep giving its one-line message."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from dragonnoir.cli import main
from dragonnoir.engine.actions import ACTION_TYPES, FIELD_KINDS, action_from_dict
from dragonnoir.engine.save import (
    UNFORESEEN,
    SaveError,
    check_save,
    load_game,
    save_game,
)
from dragonnoir.engine.scenario import load_scenario

MALFORMED = Path(__file__).resolve().parents[1] / "data" / "malformed" / "saves"
CORRIDOR = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"

#: Each regression sample and the words its one error must contain (file, field, why).
SAMPLES = {
    "action-hex-not-a-list.json": "field actions[1]: Move.path: a hex is written [q, r], not 5",
    "action-hex-null.json": "field actions[1]: Move.path: a hex is written [q, r], not None",
    "action-hex-1e400.json": "line 14, column 47: corrupt JSON: the number '1e400' is too large",
    "action-facing-1e400.json": "line 14, column 73: corrupt JSON: the number '1e400' is too",
    "action-unknown-field.json": "field actions[1]: unknown field 'speed' in a Move action",
    "deep-nesting.json": "corrupt JSON: nested more than 64 levels deep",
    "integer-5000-digits.json": "line 11, column 11: corrupt JSON: an integer of 5001 digits",
    "duplicate-key.json": "line 11, column 14: corrupt JSON: the key 'seed' appears twice",
    "inline-cell-1e400.json": "line 7, column 126: corrupt JSON: the number '1e400' is too large",
    "inline-unit-float.json": "field scenario.inline.start.units[0]: expected an object, found 1.5",
    "inline-start-phase-unknown.json": "field scenario.inline.start.phase: unknown phase '0'",
    "rules-fingerprint-number.json": "field rules.fingerprint: expected 64 hex digits",
    "rules-own-bad-value.json": "field rules.own['combat.toml']: the game's rules cannot be "
    "rebuilt: the file combat.toml it carries is refused: field modifiers.armoured_defender",
    "rules-own-surrogate.json": "field rules.own['combat.toml']: not text a file can hold",
}


def test_every_sample_is_listed() -> None:
    on_disk = {p.name for p in MALFORMED.glob("*.json") if not p.name.startswith("good")}
    assert on_disk == set(SAMPLES)


def test_the_samples_are_damaged_copies_of_a_good_save() -> None:
    assert check_save(MALFORMED / "good.json").ok


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_damaged_save_is_one_save_error_naming_file_and_field(name: str) -> None:
    path = MALFORMED / name
    check = check_save(path)
    assert check.game is None
    assert len(check.problems) == 1
    message = str(check.problems[0])
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert SAMPLES[name] in message
    assert UNFORESEEN not in message
    with pytest.raises(SaveError):
        load_game(path)


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_replay_of_a_damaged_save_exits_1_with_one_line(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    code = main(["replay", str(MALFORMED / name), "--verify"])
    _, err = capsys.readouterr()
    assert code == 1
    # A save without a rules record is said to replay with the rules in use (a warning).
    errors = [line for line in err.splitlines() if not line.startswith("dragonnoir: warning:")]
    assert len(errors) == 1 and SAMPLES[name] in errors[0]


def test_every_action_field_has_a_json_kind() -> None:
    from dataclasses import fields

    named = {f.name for cls in ACTION_TYPES.values() for f in fields(cls)}
    assert named == set(FIELD_KINDS)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"type": "EndPhase", "extra": 1}, "unknown field 'extra' in a EndPhase action"),
        ({"type": "Move", "unit": 3, "path": []}, "Move.unit is a string, not 3"),
        ({"type": "Move", "unit": "z", "path": [[0, 1.5]]}, "not 1.5"),
        ({"type": "Move", "unit": "z", "path": [[True, 1]]}, "not True"),
        ({"type": "Move", "unit": "z", "path": [[10**9, 1]]}, "not 1000000000"),
        ({"type": "Attack", "attackers": "zed", "defenders": []}, "Attack.attackers is a list"),
        ({"type": "Attack", "attackers": [], "defenders": [], "between_legs": 1}, "true or"),
        ({"type": 7}, "unknown action type 7"),
        ({"type": ["Move"]}, "unknown action type ['Move']"),
    ],
)
def test_actions_are_read_strictly(raw: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=None) as info:
        action_from_dict(raw)
    assert words in str(info.value)


def _good_save(folder: Path) -> Path:
    return save_game(load_scenario(CORRIDOR).new_game(3), folder / "good.json")


def test_a_fifo_a_folder_a_device_and_a_symlink_loop_are_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    (tmp_path / "loop1.json").symlink_to(tmp_path / "loop2.json")
    (tmp_path / "loop2.json").symlink_to(tmp_path / "loop1.json")
    words = {
        "fifo.json": "is a pipe (FIFO), not a regular file",
        "folder.json": "is a folder, not a file",
        "zero.json": "is a device, not a regular file",
        "loop1.json": "cannot read it: too many symbolic links (a loop?)",
    }
    for name, expected in words.items():
        problems = check_save(tmp_path / name).problems
        assert [str(p) for p in problems] == [f"{tmp_path / name}: {expected}"]


def test_a_save_larger_than_the_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dragonnoir.engine.save as save_module

    path = _good_save(tmp_path)
    monkeypatch.setattr(save_module, "SAVE", dataclasses.replace(save_module.SAVE, size=100))
    (problem,) = check_save(path).problems
    assert "the save is too large" in str(problem) and "the limit is 100" in str(problem)


def test_a_scenario_reference_to_a_fifo_is_missing_not_a_hang(tmp_path: Path) -> None:
    path = _good_save(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    os.mkfifo(tmp_path / "fifo.toml")
    doc["scenario"].pop("embedded", None)  # no copy to fall back on
    doc["scenario"].update(path="fifo.toml", absolute=str(tmp_path / "fifo.toml"))
    doc["scenario"].pop("embedded", None)  # a save without its scenario's copy
    path.write_text(json.dumps(doc), encoding="utf-8")
    (problem,) = check_save(path).problems
    assert "the scenario file is missing" in str(problem)
    assert "field scenario.path" in str(problem)


def test_a_scenario_reference_through_a_symlink_loop_is_missing(tmp_path: Path) -> None:
    path = _good_save(tmp_path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    (tmp_path / "loop.toml").symlink_to(tmp_path / "loop.toml")
    doc["scenario"].pop("embedded", None)  # no copy to fall back on
    doc["scenario"].update(path="loop.toml", absolute=str(tmp_path / "loop.toml"))
    path.write_text(json.dumps(doc), encoding="utf-8")
    (problem,) = check_save(path).problems
    assert "field scenario.path: the scenario file is missing" in str(problem)
