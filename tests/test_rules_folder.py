"""The player's own rules data (dragonnoir/rules_folder.py): files in the user data
folder's `rules/` replace the shipped ones file by file; a file that cannot be used is one
line naming it and nothing plays; `dragonnoir data` and `--version` say which rules are
in use; saves made under other rules are loaded with theirs and a warning."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from dragonnoir import rules_folder, user_folders
from dragonnoir.cli import main
from dragonnoir.engine.roster import ADVENTURERS_FILE
from dragonnoir.engine.save import save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.tables import COMBAT_FILE, default_rules_data, rules_files
from dragonnoir.ui.storage import HOME_ENV

SHIPPED = Path(__file__).resolve().parents[1] / "dragonnoir" / "data"
PIT = Path(__file__).resolve().parent / "data" / "scenarios" / "fosse_pit.toml"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def own_combat(folder: Path, armoured: int = 3, extra: str = "") -> Path:
    """The player's combat.toml: the shipped one with another armoured-defender bonus."""
    text = (SHIPPED / COMBAT_FILE).read_text(encoding="utf-8")
    assert "\narmoured_defender = 1 " in text
    text = text.replace("\narmoured_defender = 1 ", f"\narmoured_defender = {armoured} ")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / COMBAT_FILE
    path.write_text(text + extra, encoding="utf-8")
    return path


def test_the_folder_is_rules_in_the_platformdirs_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)
    monkeypatch.setattr(user_folders, "user_data_dir", lambda *a, **k: str(tmp_path / "platform"))
    assert rules_folder.rules_dir() == tmp_path / "platform" / "rules"
    own_combat(rules_folder.rules_dir())
    assert rules_folder.rules_in_use().combat.modifiers.armoured_defender == 3


def test_the_rules_file_names_are_the_shipped_files() -> None:
    assert rules_folder.rules_file_names() == sorted(rules_files())


def test_no_files_of_the_player_s_means_the_shipped_rules(home: Path) -> None:
    assert rules_folder.rules_dir() == home / "data" / "rules"
    assert rules_folder.rules_in_use() is default_rules_data()
    assert rules_folder.summary() == "as shipped"


def test_a_player_s_table_replaces_the_shipped_one_only(home: Path) -> None:
    path = own_combat(rules_folder.rules_dir())
    rules = rules_folder.rules_in_use()
    assert rules.combat.modifiers.armoured_defender == 3
    assert rules.sources[COMBAT_FILE] == path
    assert rules.sources[ADVENTURERS_FILE] == SHIPPED / ADVENTURERS_FILE
    assert rules.roster == default_rules_data().roster
    assert rules_folder.rules_in_use() is rules  # read once per version of the folder
    assert rules_folder.summary().startswith("your own combat.toml (from ")
    # The file changes: the next game has the new values.
    own_combat(rules_folder.rules_dir(), armoured=4, extra="\n# now four\n")
    assert rules_folder.rules_in_use().combat.modifiers.armoured_defender == 4


def test_a_bad_file_of_the_player_s_is_one_line_and_refused(home: Path) -> None:
    path = own_combat(rules_folder.rules_dir(), armoured=1)
    path.write_text(path.read_text().replace('"1-1"', '"1-x"'))
    with pytest.raises(rules_folder.RulesFolderError) as caught:
        rules_folder.rules_in_use()
    text = str(caught.value)
    assert text.startswith(f"{path}: field columns[0]: odds '1-x'")
    assert "fix this file or remove it to play with the shipped rules" in text
    assert "\n" not in text
    with pytest.raises(rules_folder.RulesFolderError):  # the same answer until it changes
        rules_folder.rules_in_use()
    path.unlink()
    assert rules_folder.rules_in_use() is default_rules_data()


def test_a_roster_that_breaks_another_file_names_both(home: Path) -> None:
    folder = rules_folder.rules_dir()
    folder.mkdir(parents=True)
    text = (SHIPPED / "krobs.toml").read_text(encoding="utf-8")
    (folder / "krobs.toml").write_text(
        text.replace('type = "hunter"', 'type = "ogre"', 1), encoding="utf-8"
    )
    with pytest.raises(rules_folder.RulesFolderError) as caught:
        rules_folder.rules_in_use()
    assert str(folder / "krobs.toml") in str(caught.value)
    assert "your rules data in" in str(caught.value)


def test_a_file_that_is_not_a_rules_file_is_ignored_and_said(home: Path) -> None:
    folder = rules_folder.rules_dir()
    folder.mkdir(parents=True)
    (folder / "combats.toml").write_text("columns = []\n")
    (folder / "notes.txt").write_text("my notes\n")
    (folder / "jump.toml").mkdir()  # a folder of that name is no file of rules
    assert rules_folder.rules_in_use() is default_rules_data()
    assert rules_folder.summary() == (
        "as shipped; ignored there: combats.toml, jump.toml (not a rules file)"
    )


def test_copy_puts_a_shipped_file_there_and_never_overwrites(home: Path) -> None:
    [written] = rules_folder.copy_shipped([COMBAT_FILE])
    assert written.read_bytes() == (SHIPPED / COMBAT_FILE).read_bytes()
    with pytest.raises(rules_folder.DataFileError, match="already there"):
        rules_folder.copy_shipped(["all"])
    assert sorted(os.listdir(written.parent)) == [COMBAT_FILE]  # nothing half-copied
    with pytest.raises(rules_folder.DataFileError, match="not a rules file"):
        rules_folder.copy_shipped(["oracle.toml"])


# -- the command line ---------------------------------------------------------------------


def test_data_says_where_each_file_comes_from(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["data"]) == 0
    out = capsys.readouterr().out
    assert "rules data in use: as shipped" in out
    assert f"fingerprint (recorded in saves): {default_rules_data().fingerprint[:12]}" in out
    assert f"your rules folder: {home / 'data' / 'rules'} (not created yet)" in out
    assert main(["data", "--copy", COMBAT_FILE]) == 0
    out = capsys.readouterr().out
    assert f"wrote {home / 'data' / 'rules' / COMBAT_FILE}" in out
    assert "(the same values as shipped)" in out
    own_combat(rules_folder.rules_dir())
    assert main(["data"]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.strip().startswith(COMBAT_FILE))
    assert "yours" in line and str(home) in line and "same values" not in line
    assert default_rules_data().fingerprint[:12] not in out


def test_version_names_the_rules_data(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    own_combat(rules_folder.rules_dir())
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("dragonnoir ")
    assert out[1].startswith("rules data: your own combat.toml (from ")


def test_nothing_plays_with_a_bad_file(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = own_combat(rules_folder.rules_dir())
    path.write_text("columns = [\n")
    for argv in (["play", "la-fosse"], ["replay", "x.json"], ["data"], ["validate", "la-fosse"]):
        assert main(argv) == 1, argv
        err = capsys.readouterr().err
        assert f"{path}: end of document: not valid TOML" in err, argv
        assert "fix this file or remove it" in err, argv


def test_replay_warns_about_other_rules(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = save_game(load_scenario(PIT).new_game(4), tmp_path / "game.json")
    own_combat(rules_folder.rules_dir())
    assert main(["replay", "--verify", str(save)]) == 0
    captured = capsys.readouterr()
    assert f"dragonnoir: warning: {save}: this game was played with rules data other" in (
        captured.err
    )
    assert "combat.toml (shipped in the save; the player's own here)" in captured.err
    assert "ok: the 0 actions reproduce the saved snapshot" in captured.out
