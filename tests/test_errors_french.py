"""Every error a file can cause, said to a French player in French (issue 41).

Each test breaks a file one way (broken JSON, TOML or XML, a save tampered with, a
scenario naming an unknown counter, a value pydantic refuses, a name leading outside),
loads it while the program speaks French, and reads the one line the player would read:
it names the file and the place, and holds none of the English words an untranslated
message would (tests/english_words.py). The parsers' and pydantic's own messages are said by their
kind (dragonnoir/foreign_words.py, dragonnoir/pydantic_words.py): a test makes the
standard library say each message listed and fails when one no longer matches its line.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from xml.parsers import expat

import pytest
from english_words import english_in

from dragonnoir import i18n
from dragonnoir.engine.save import check_save, load_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.errors import DataFileError, DragonNoirError, place_words
from dragonnoir.foreign_words import (
    PARSER_MESSAGES,
    XML_MESSAGES,
    json_reason,
    listed,
    said,
    toml_reason,
)
from dragonnoir.hexmap.layout import load_layout
from dragonnoir.hexmap.tmx import read_tmx
from dragonnoir.pydantic_words import MESSAGES, validation_reason
from dragonnoir.safe_read import parse_json
from dragonnoir.ui.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parents[1]
GOOD_SAVE = ROOT / "tests" / "data" / "malformed" / "saves" / "good.json"
CORRIDOR = ROOT / "tests" / "data" / "scenarios" / "corridor.toml"


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    i18n.set_language("fr")
    yield
    i18n.set_language("en")


def refusal(load: Callable[[], object]) -> DragonNoirError:
    with pytest.raises(DragonNoirError) as caught:
        load()
    return caught.value


def assert_french(error: DragonNoirError, path: Path, place: str | None = None) -> str:
    """The line of `error` names `path` (and `place`, as French says it), is one line and
    holds no English."""
    line = str(error)
    assert line.startswith(f"{path} : "), line
    assert "\n" not in line
    if place is not None:
        assert f" : {place_words(place)} : " in line, line
    assert english_in(line, path) == [], line
    return line


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- broken files ---------------------------------------------------------------------------


def test_a_save_of_broken_json(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.json", '{"format": "dragonnoir-save",\n bad}\n')
    line = assert_french(refusal(lambda: load_game(path)), path, "line 2, column 2")
    assert "JSON abîmé : un nom de clé entre guillemets doubles était attendu" in line


def test_a_save_that_is_no_save_or_too_new(tmp_path: Path) -> None:
    other = write(tmp_path, "other.json", '{"format": "something"}')
    assert_french(refusal(lambda: load_game(other)), other)
    newer = json.loads(GOOD_SAVE.read_text(encoding="utf-8"))
    newer["version"] = 99
    path = write(tmp_path, "newer.json", json.dumps(newer))
    line = assert_french(refusal(lambda: load_game(path)), path, "field version")
    assert "une version plus récente de Dragon Noir" in line


def test_a_save_tampered_with(tmp_path: Path) -> None:
    doc = json.loads(GOOD_SAVE.read_text(encoding="utf-8"))
    scenario = (GOOD_SAVE.parent / doc["scenario"]["path"]).resolve()
    doc["scenario"]["path"] = str(scenario)
    doc["actions"][1]["path"] = [[0, 9], [9, 9]]  # a leap the rules refuse on replay
    path = write(tmp_path, "tampered.json", json.dumps(doc))
    check = check_save(path)
    assert check.problems
    line = assert_french(check.problems[0], path, "field actions[1]")
    assert "refusée à la relecture" in line


def test_a_save_with_a_value_of_the_wrong_kind(tmp_path: Path) -> None:
    doc = json.loads(GOOD_SAVE.read_text(encoding="utf-8"))
    doc["seed"] = "forty-two"
    path = write(tmp_path, "seed.json", json.dumps(doc))
    line = assert_french(refusal(lambda: load_game(path)), path, "field seed")
    assert "un entier était attendu" not in line or "trouvé" in line


def test_a_missing_and_an_empty_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    assert "fichier introuvable" in assert_french(refusal(lambda: load_game(missing)), missing)
    empty = write(tmp_path, "empty.json", "")
    assert_french(refusal(lambda: load_game(empty)), empty)


def test_a_scenario_of_broken_toml(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", 'id = "x"\nname = [1\n')
    line = assert_french(refusal(lambda: load_scenario(path)), path, "end of document")
    assert "TOML invalide (une liste n'est jamais fermée)" in line


def test_a_scenario_with_an_unknown_counter(tmp_path: Path) -> None:
    text = CORRIDOR.read_text(encoding="utf-8")
    first_kind = re.search(r'kind = "([^"]+)"', text)
    assert first_kind is not None
    path = write(tmp_path, "corridor.toml", text.replace(first_kind[0], 'kind = "dragon_1"', 1))
    (tmp_path / "maps").mkdir()
    map_name = re.search(r'^map = "([^"]+)"', text, re.M)
    assert map_name is not None
    mapped = (CORRIDOR.parent / map_name[1]).resolve()
    path.write_text(
        path.read_text(encoding="utf-8").replace(map_name[0], f'map = "{mapped}"'),
        encoding="utf-8",
    )
    error = refusal(lambda: load_scenario(path))
    assert isinstance(error, DataFileError) and error.place is not None
    line = assert_french(error, path, error.place)
    assert "aucun pion 'dragon_1'" in line


def test_a_scenario_naming_a_file_outside(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'id = "x"\nname = "X"\nmap = "/etc/passwd.tmx"\n')
    line = assert_french(refusal(lambda: load_scenario(path)), path, "field map")
    assert "refusé" in line


def test_a_scenario_over_its_limits(tmp_path: Path) -> None:
    groups = "".join(
        f'[[group]]\nid = "g{i}"\nside = "krobs"\n[[group.unit]]\nkind = "x"\n' for i in range(201)
    )
    path = write(tmp_path, "big.toml", f'id = "x"\nname = "X"\nmap = "m.tmx"\n{groups}')
    line = assert_french(refusal(lambda: load_scenario(path)), path, "field group")
    assert "201 entrées" in line


def test_a_map_of_broken_xml(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.tmx", '<?xml version="1.0"?>\n<map version="1.10"><layer>\n')
    line = assert_french(refusal(lambda: read_tmx(path)), path)
    assert "XML cassé" in line


def test_a_map_that_is_no_map(tmp_path: Path) -> None:
    path = write(tmp_path, "tileset.tmx", '<?xml version="1.0"?>\n<tileset name="t"/>\n')
    line = assert_french(refusal(lambda: read_tmx(path)), path)
    assert "ce n'est pas une carte TMX" in line


def test_a_layout_with_a_value_pydantic_refuses(tmp_path: Path) -> None:
    path = write(
        tmp_path, "l.toml", 'name = "x"\n[[board]]\nfile = "fosse.tmx"\nrow = -1\ncol = 0\n'
    )
    line = assert_french(refusal(lambda: load_layout(path)), path, "board[0].row")
    assert "supérieure ou égale à 0" in line


# -- pydantic's messages, by type -------------------------------------------------------------

#: A scenario file refused by each kind of pydantic error we can meet in one.
SCENARIO_FAULTS = {
    "missing": ('id = "x"\nname = "X"\n', "field map"),
    "extra_forbidden": ('id = "x"\nname = "X"\nmap = "m.tmx"\nlength = 3\n', "field length"),
    "int_parsing": ('id = "x"\nname = "X"\nmap = "m.tmx"\nturn_limit = "ten"\n', None),
    "int_type": ('id = "x"\nname = "X"\nmap = "m.tmx"\nturn_limit = [1]\n', None),
    "int_from_float": ('id = "x"\nname = "X"\nmap = "m.tmx"\nturn_limit = 1.5\n', None),
    "greater_than_equal": ('id = "x"\nname = "X"\nmap = "m.tmx"\nturn_limit = 0\n', None),
    "string_type": ('id = "x"\nname = 3\nmap = "m.tmx"\n', "field name"),
    "bool_parsing": ('id = "x"\nname = "X"\nmap = "m.tmx"\n[rules]\ngharvs = "maybe"\n', None),
    "string_pattern_mismatch": ('id = "Big X"\nname = "X"\nmap = "m.tmx"\n', "field id"),
    "literal_error": (
        'id = "x"\nname = "X"\nmap = "m.tmx"\n[[objective]]\nkind = "grail"\ncells = [[1, 1]]\n',
        None,
    ),
    "too_short": (
        'id = "x"\nname = "X"\nmap = "m.tmx"\n[[group]]\nid = "g"\nside = "krobs"\nunit = []\n',
        None,
    ),
    "list_type": ('id = "x"\nname = "X"\nmap = "m.tmx"\ngroup = 3\n', "field group"),
    "less_than_equal": (
        'id = "x"\nname = "X"\nmap = "m.tmx"\n[[wizard]]\nunit = "w"\nlevel = 3\n',
        None,
    ),
}


@pytest.mark.parametrize("kind", sorted(SCENARIO_FAULTS))
def test_a_scenario_refused_by_pydantic(kind: str, tmp_path: Path) -> None:
    text, place = SCENARIO_FAULTS[kind]
    path = write(tmp_path, "s.toml", text)
    error = refusal(lambda: load_scenario(path))
    assert isinstance(error, DataFileError)
    assert_french(error, path, place or error.place)


def _samples() -> dict[str, dict[str, object]]:
    """A context for each message of `MESSAGES`, with the values it names."""
    ctx: dict[str, dict[str, object]] = {kind: {} for kind in MESSAGES}
    ctx.update(
        model_type={"class_name": "Group"},
        greater_than={"gt": 0},
        greater_than_equal={"ge": 1},
        less_than={"lt": 9},
        less_than_equal={"le": 5},
        string_pattern_mismatch={"pattern": "^[a-z]+$"},
        literal_error={"expected": "'krobs' or 'adventurers'"},
        enum={"expected": "'a', 'b' or 'c'"},
    )
    return ctx


@pytest.mark.parametrize("kind", sorted(MESSAGES))
def test_each_pydantic_type_has_its_french(kind: str) -> None:
    error = {"type": kind, "ctx": _samples()[kind], "msg": "English of pydantic", "loc": ()}
    words = validation_reason(error)
    assert "English" not in words
    i18n.set_language("en")
    assert validation_reason(error) != words


def test_a_pydantic_type_we_do_not_know_is_framed_in_french() -> None:
    words = validation_reason({"type": "new_kind", "msg": "Some new refusal", "loc": ()})
    assert words == "valeur invalide (Some new refusal)"


def test_the_choices_of_a_literal_are_joined_in_french() -> None:
    error = {"type": "literal_error", "ctx": {"expected": "'krobs' or 'adventurers'"}}
    assert validation_reason(error) == "la valeur doit être 'krobs' ou 'adventurers'"


# -- the parsers' messages ----------------------------------------------------------------------

#: Text that makes `json` say each of its messages in `PARSER_MESSAGES`.
JSON_SAMPLES = (
    "",
    "{a",
    '{"a" 1}',
    "[1 2]",
    "1 2",
    '"abc',
    '"a\x01"',
    '"a\\x"',
    '"\\u12"',
)
#: Text that makes `tomllib` say each of its messages in `PARSER_MESSAGES` we can reach.
TOML_SAMPLES = (
    "= 1",
    "a = 1 b",
    "[a",
    "[[a]\n",
    "a 1",
    'a = "x',
    "a = '''x",
    "a = @",
    "[a]\n[a]\n",
    "a = 1\na = 2\n",
    "a = {}\na.b = 1\n",
    "a = [1",
    "a = {b = 1, b = 2}",
    "a = {b = 1",
    'a = "\\q"',
    'a = "\\U11111111"',
    'a = "x\x01"',
    "a = 1979-13-01",
    "[a]\nb = 1\n[[a]]\n",
    "a = 'x\x7f'",
    "a = 1\n\x01",
    "a = 1979-02-30",
    "[a.b]\n[a]\nb.c = 1\n",
    'a = "\\uZZZZ"',
    "a. = 1",
)


def test_each_parser_message_is_met_and_known() -> None:
    met: set[str] = set()
    for text in JSON_SAMPLES:
        with pytest.raises(json.JSONDecodeError) as caught:
            json.loads(text)
        met.add(_listed(caught.value.msg))
    for text in TOML_SAMPLES:
        with pytest.raises(tomllib.TOMLDecodeError) as caught:
            tomllib.loads(text)
        written = re.sub(r" \(at (line \d+, column \d+|end of document)\)$", "", str(caught.value))
        met.add(_listed(written))
    # A trailing comma's own message is Python 3.13's (3.11 says "Expecting value").
    assert set(PARSER_MESSAGES) - met <= {"Illegal trailing comma before end of {what}"}


def _listed(message: str) -> str:
    """The line of `PARSER_MESSAGES` a parser's `message` is, said in French; fails when
    it is none: the standard library's words changed."""
    found = listed(message)
    assert found is not None, f"the parser's {message!r} is in no line of PARSER_MESSAGES"
    line, fields = found
    assert said(message) != line.format(**fields), f"{line!r} has no French"
    return line


def test_each_xml_message_is_expats_own() -> None:
    for code, words in XML_MESSAGES.items():
        assert expat.ErrorString(code) == words, code


def test_a_parser_message_we_do_not_know_is_said_as_written() -> None:
    assert json_reason("Some new complaint") == "Some new complaint"
    assert toml_reason("Some new complaint (at line 2, column 3)") == (
        "Some new complaint",
        "line 2, column 3",
    )


def test_our_own_json_refusals_are_french() -> None:
    for text in ('{"a": 1, "a": 2}', "[1e400]", "[NaN]", "1" * 40):
        with pytest.raises(ValueError) as caught:
            parse_json(text)
        assert english_in(str(caught.value), Path("-")) == [], caught.value


# -- the language is the one of the moment the line is read -------------------------------------


def test_the_place_follows_the_language_it_is_read_in(tmp_path: Path) -> None:
    error = DataFileError(tmp_path / "a.toml", "x", "field group[2] (die 1).unit")
    assert " : champ group[2] (dé 1).unit : " in str(error)
    i18n.set_language("en")
    assert str(error) == f"{tmp_path / 'a.toml'}: field group[2] (die 1).unit: x"


# -- the client's own file: its settings --------------------------------------------------------


def test_no_settings_file_is_no_warning_and_a_broken_one_is_said_in_french(tmp_path: Path) -> None:
    # A missing file is told by its kind (safe_read.Missing), not by its English words.
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)
    path = write(tmp_path, "settings.json", '{"zoom": }')
    settings, warning = load_settings(path)
    assert settings == Settings() and warning is not None
    assert "fichier de réglages abîmé" in warning
    assert english_in(warning, path) == [], warning
