"""Saves record the rules data a game was played with (engine/rules_record.py): its
fingerprint, the digest of every file and the text of the player's own files, so a game
played with house rules replays anywhere, and loading it where other rules are in use
names what differs instead of silently diverging."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.roster import ADVENTURERS_FILE
from dragonnoir.engine.rules_digests import fingerprint, values_digest
from dragonnoir.engine.rules_record import (
    NO_RECORD_SAID,
    read_record,
    rules_for_save,
    rules_record,
)
from dragonnoir.engine.save import SaveError, check_save, dumps_save, load_game, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.tables import (
    COMBAT_FILE,
    RulesData,
    default_rules_data,
    load_rules_data,
    rules_files,
)

SHIPPED = Path(__file__).resolve().parents[2] / "dragonnoir" / "data"
PIT = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "fosse_pit.toml"


def house_folder(folder: Path, movement: int = 14) -> Path:
    """A player's rules folder whose adventurers.toml gives Crazy Ork `movement`."""
    text = (SHIPPED / ADVENTURERS_FILE).read_text(encoding="utf-8")
    start = text.index('id = "crazy_ork"')
    line_start = text.index("healthy", start)
    line_end = text.index("\n", line_start)
    line = re.sub(r"movement = \d+", f"movement = {movement}", text[line_start:line_end])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / ADVENTURERS_FILE).write_text(
        text[:line_start] + line + text[line_end:], encoding="utf-8"
    )
    return folder


def long_run(rules: RulesData) -> Game:
    """The pit skirmish where Crazy Ork makes the longest move `rules` allow him."""
    game = load_scenario(PIT, rules).new_game(1, rules)
    while not (moves := [a for a in game.legal_actions() if _ork_move(a)]):
        game.apply(game.legal_actions()[0])
    game.apply(max(moves, key=lambda m: len(m.path)))  # type: ignore[attr-defined]
    return game


def _ork_move(action: object) -> bool:
    return isinstance(action, Move) and action.unit == "crazy_ork"


# -- digests --------------------------------------------------------------------------


def test_a_digest_counts_values_not_comments_or_layout() -> None:
    base = values_digest('a = 1\nb = ["x", "y"]\n')
    assert values_digest('# my Game Sheet\nb = [ "x","y" ]\n\na   = 1  # ok\n') == base
    assert values_digest('a = 2\nb = ["x", "y"]\n') != base


def test_the_shipped_rules_have_a_digest_per_file_and_no_own_text() -> None:
    rules = default_rules_data()
    assert set(rules.digests) == set(rules_files()) and rules.own_texts == {}
    assert rules.fingerprint == fingerprint(rules.digests)
    assert re.fullmatch(r"[0-9a-f]{64}", rules.fingerprint)


def test_a_player_s_file_is_kept_as_read_and_changes_the_fingerprint(tmp_path: Path) -> None:
    house = load_rules_data(house_folder(tmp_path))
    shipped = default_rules_data()
    assert set(house.own_texts) == {ADVENTURERS_FILE}
    assert house.own_texts[ADVENTURERS_FILE] == (tmp_path / ADVENTURERS_FILE).read_text()
    differ = {n for n in house.digests if house.digests[n] != shipped.digests[n]}
    assert differ == {ADVENTURERS_FILE} and house.fingerprint != shipped.fingerprint
    # A copy with the shipped values is the player's file, with the shipped fingerprint.
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / COMBAT_FILE).write_bytes(b"# mine\n" + (SHIPPED / COMBAT_FILE).read_bytes())
    same = load_rules_data(copy)
    assert set(same.own_texts) == {COMBAT_FILE} and same.fingerprint == shipped.fingerprint


# -- the save's record --------------------------------------------------------------------


def test_a_save_records_the_fingerprint_and_the_players_files(tmp_path: Path) -> None:
    shipped_game = load_scenario(PIT).new_game(1)
    doc = json.loads(save_game(shipped_game, tmp_path / "a.json").read_text())
    assert doc["rules"] == rules_record(default_rules_data())
    assert doc["rules"]["fingerprint"] == default_rules_data().fingerprint
    assert doc["rules"]["own"] == {} and set(doc["rules"]["files"]) == set(rules_files())

    house = load_rules_data(house_folder(tmp_path / "house"))
    doc = json.loads(save_game(long_run(house), tmp_path / "b.json").read_text())
    assert doc["rules"]["fingerprint"] == house.fingerprint
    assert doc["rules"]["own"] == {ADVENTURERS_FILE: house.own_texts[ADVENTURERS_FILE]}


def test_a_house_rules_game_replays_anywhere_with_a_warning(tmp_path: Path) -> None:
    folder = house_folder(tmp_path / "house")
    house = load_rules_data(folder)
    game = long_run(house)
    assert len(game.history[-1].path) > 6  # type: ignore[attr-defined]  # only with house rules
    path = save_game(game, tmp_path / "house.json")
    # Where the same rules are in use: nothing to say.
    same = check_save(path, rules=house)
    assert same.ok and same.warnings == [] and same.game is not None
    assert same.game.rules is house
    # The house folder is gone; the shipped rules are in use: the save's own copy is used.
    (folder / ADVENTURERS_FILE).unlink()
    elsewhere = check_save(path)
    assert elsewhere.ok, elsewhere.problems
    assert elsewhere.game is not None
    assert elsewhere.game.state.to_dict() == game.state.to_dict()
    assert elsewhere.game.rules.fingerprint == house.fingerprint
    assert elsewhere.game.rules.roster.get("crazy_ork").healthy.movement == 14
    [warning] = elsewhere.warnings
    assert "other than the rules in use" in warning
    assert "adventurers.toml (the player's own in the save; shipped here)" in warning
    assert "goes on with the rules it was played with" in warning
    # Saving the loaded game again writes the same bytes: it still carries the house file.
    again = save_game(elsewhere.game, tmp_path / "again.json")
    assert again.read_text() == path.read_text().replace("house.json", "again.json")


def test_without_its_record_the_same_save_would_diverge(tmp_path: Path) -> None:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(long_run(house), tmp_path / "house.json")
    doc = json.loads(path.read_text())
    del doc["rules"]  # as a save written before rules were recorded
    path.write_text(dumps_save(doc))
    with pytest.raises(SaveError, match=r"field actions\[\d+\].*is refused on replay"):
        load_game(path)


def test_a_shipped_rules_save_loaded_under_house_rules_keeps_the_shipped_ones(
    tmp_path: Path,
) -> None:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(load_scenario(PIT).new_game(2), tmp_path / "shipped.json")
    check = check_save(path, rules=house)
    assert check.ok and check.game is not None
    assert check.game.rules.fingerprint == default_rules_data().fingerprint
    assert check.game.rules.own_texts == {}
    assert "adventurers.toml (shipped in the save; the player's own here)" in check.warnings[0]


# -- what a save's record may hold ----------------------------------------------------------


def _with_record(tmp_path: Path, change: object) -> Path:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(load_scenario(PIT, house).new_game(1, house), tmp_path / "g.json")
    doc = json.loads(path.read_text())
    change(doc["rules"])  # type: ignore[operator]
    path.write_text(json.dumps(doc))
    return path


def test_a_broken_file_in_the_save_is_named(tmp_path: Path) -> None:
    def breaks(record: dict[str, dict[str, str]]) -> None:
        record["own"][ADVENTURERS_FILE] = record["own"][ADVENTURERS_FILE].replace(
            "movement = 14", "movement = -3"
        )
        # a record consistent with the broken file: the digests say it is the game's
        record["files"][ADVENTURERS_FILE] = values_digest(record["own"][ADVENTURERS_FILE])
        record["fingerprint"] = fingerprint(record["files"])

    [problem] = check_save(_with_record(tmp_path, breaks)).problems
    text = str(problem)
    assert "g.json: field rules.own['adventurers.toml']" in text
    assert "the file adventurers.toml it carries is refused" in text
    assert "crazy_ork" in text and "movement" in text and "\n" not in text


@pytest.mark.parametrize(
    ("change", "place", "words"),
    [
        (lambda r: r.update(fingerprint="abc"), "field rules.fingerprint", "64 hex digits"),
        (lambda r: r.update(files=[]), "field rules.files", "naming each rules file"),
        (lambda r: r["files"].update({"../x": "0" * 64}), "field rules.files", "not a rules"),
        (lambda r: r["own"].update({"jump.toml": 3}), "field rules.own['jump.toml']", "text"),
        (lambda r: r["own"].update({"x.toml": ""}), "field rules.own['x.toml']", "does not list"),
        (lambda r: r.update(extra=1), "field rules", "unknown field 'extra'"),
    ],
)
def test_a_damaged_record_is_one_line_naming_its_field(
    tmp_path: Path, change: object, place: str, words: str
) -> None:
    [problem] = check_save(_with_record(tmp_path, change)).problems
    assert f"g.json: {place}: " in str(problem) and words in str(problem)


def test_a_shipped_file_changed_since_the_game_is_named(tmp_path: Path) -> None:
    """A save from another version of the program, whose shipped combat.toml differed."""
    shipped = default_rules_data()
    files = dict(shipped.digests) | {COMBAT_FILE: "1" * 64, "oracle.toml": "2" * 64}
    record = read_record(tmp_path / "old.json", {"fingerprint": fingerprint(files), "files": files})
    match = rules_for_save(tmp_path / "old.json", record, shipped)
    assert match.rules.fingerprint == shipped.fingerprint
    text = " | ".join(match.warnings)
    assert "combat.toml (shipped in the save; shipped here)" in text
    assert "this installation's shipped combat.toml differs from the one the game" in text
    assert "oracle.toml (ignored)" in text
    assert match.hint == " (the rules data differs from the game's: combat.toml)"


def test_a_save_without_a_record_replays_with_the_rules_in_use(tmp_path: Path) -> None:
    record_less = rules_for_save(tmp_path / "x.json", None, default_rules_data())
    assert record_less.rules is default_rules_data()
    assert record_less.warnings == [NO_RECORD_SAID]


# -- a record is believed only for what it proves (issue 47, part 3) ------------------------


def _edited(path: Path, change: object) -> Path:
    doc = json.loads(path.read_text())
    change(doc)  # type: ignore[operator]
    path.write_text(dumps_save(doc))
    return path


def test_a_carried_file_changed_after_the_game_is_refused_naming_it(tmp_path: Path) -> None:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(long_run(house), tmp_path / "house.json")

    def faster(doc: dict[str, dict[str, dict[str, str]]]) -> None:  # its digest left as it was
        own = doc["rules"]["own"]
        own[ADVENTURERS_FILE] = own[ADVENTURERS_FILE].replace("movement = 14", "movement = 15")

    check = check_save(_edited(path, faster))
    [problem] = check.problems
    assert str(problem).startswith(f"{path}: field rules.own['adventurers.toml']: ")
    assert "changed since the game was saved" in str(problem)
    assert check.game is None and check.snapshot is None


def test_a_record_whose_fingerprint_is_not_its_files_is_refused(tmp_path: Path) -> None:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(long_run(house), tmp_path / "house.json")
    other = default_rules_data().fingerprint
    [problem] = check_save(_edited(path, lambda d: d["rules"].update(fingerprint=other))).problems
    assert str(problem).startswith(f"{path}: field rules.fingerprint: ")
    assert "does not match" in str(problem)


def test_a_save_without_its_record_says_so(tmp_path: Path) -> None:
    path = save_game(load_scenario(PIT).new_game(1), tmp_path / "shipped.json")
    check = check_save(_edited(path, lambda d: d.pop("rules")))
    assert check.ok
    [warning] = check.warnings
    assert "does not record the rules data it was played with" in warning
    assert "goes on with the rules in use" in warning


def test_a_house_rules_save_without_its_record_names_the_likely_cause(tmp_path: Path) -> None:
    house = load_rules_data(house_folder(tmp_path / "house"))
    path = save_game(long_run(house), tmp_path / "house.json")
    [problem] = check_save(_edited(path, lambda d: d.pop("rules"))).problems
    assert "is refused on replay" in str(problem)
    assert "the save does not record its rules data" in str(problem)
