"""How much each kind of document may hold (issue 47, part 2): a file over a limit is
refused in one line naming the file, the field and the limit, before any model of it is
built. (The fuzz suite's "huge lists" mutations check the same at full size, with its own
hang outcome: tests/fuzz/.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragonnoir.campaign.campaign_format import CampaignFile
from dragonnoir.campaign.plan import load_campaign
from dragonnoir.engine.save import SaveError, check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.scenario_format import ScenarioFile
from dragonnoir.engine.tables import load_rules_data
from dragonnoir.errors import DataFileError
from dragonnoir.hexmap.layout import load_layout
from dragonnoir.safe_read import CAMPAIGN, LAYOUT, RULES, SAVE, SCENARIO, SETTINGS
from dragonnoir.ui.settings import load_settings

REPO = Path(__file__).resolve().parents[1]
FOSSE = REPO / "maps" / "fosse.tmx"
CORRIDOR = REPO / "tests" / "data" / "scenarios" / "corridor.toml"


def _never_built(monkeypatch: pytest.MonkeyPatch, *models: type) -> None:
    """A model built of the file fails the test: the limits come first."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a model was built of a file over its limits")

    for model in models:
        monkeypatch.setattr(model, "model_validate", refuse)


def _scenario(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "big.toml"
    path.write_text(f'id = "big"\nname = "Big"\nmap = "{FOSSE}"\n{body}', encoding="utf-8")
    return path


def _refused(load: object, path: Path) -> str:
    with pytest.raises(DataFileError) as info:
        load(path)  # type: ignore[operator]
    message = str(info.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message


def test_a_scenario_larger_than_a_scenario_may_be_is_refused_unread(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "# " + "x" * SCENARIO.size + "\n")
    message = _refused(load_scenario, path)
    assert "the scenario is too large" in message
    assert f"the limit is {SCENARIO.size:,}" in message


def test_a_scenario_of_too_many_groups_is_refused_before_its_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    groups = SCENARIO.lists["group"] + 1
    body = "".join(f'[[group]]\nid = "g{i}"\nside = "krobs"\n' for i in range(groups))
    _never_built(monkeypatch, ScenarioFile)
    message = _refused(load_scenario, _scenario(tmp_path, body))
    assert f"field group: {groups:,} entries, more than a scenario may hold (200)" in message


def test_too_long_a_briefing_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _never_built(monkeypatch, ScenarioFile)
    path = _scenario(tmp_path, f'briefing = "{"a" * (SCENARIO.text + 1)}"\n')
    message = _refused(load_scenario, path)
    assert "field briefing: text of 20,001 characters, longer than a scenario may hold" in message


def test_too_deep_a_scenario_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _never_built(monkeypatch, ScenarioFile)
    deep = "[" * (SCENARIO.depth + 1) + "]" * (SCENARIO.depth + 1)
    message = _refused(load_scenario, _scenario(tmp_path, f"cells = {deep}\n"))
    assert f"deeper than a scenario may be ({SCENARIO.depth})" in message


def test_a_layout_of_too_many_boards_is_refused(tmp_path: Path) -> None:
    boards = LAYOUT.lists["board"] + 1
    path = tmp_path / "many.toml"
    entry = f'[[board]]\nfile = "{FOSSE}"\nrow = 0\ncol = 0\n'
    path.write_text('name = "many"\n' + entry * boards, encoding="utf-8")
    message = _refused(load_layout, path)
    assert f"field board: {boards} entries, more than a layout may hold (64)" in message


def test_a_campaign_of_too_many_steps_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = CAMPAIGN.lists["step"] + 1
    path = tmp_path / "long.toml"
    path.write_text('id = "long"\n' + '[[step]]\nid = "s"\n' * steps, encoding="utf-8")
    _never_built(monkeypatch, CampaignFile)
    message = _refused(load_campaign, path)
    assert f"field step: {steps} entries, more than a campaign may hold (200)" in message


def test_a_rules_file_of_too_many_rows_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    rows = RULES.items + 1
    (folder / "terrain.toml").write_text(
        "".join(f'[[terrain]]\nid = "t{i}"\n' for i in range(rows)), encoding="utf-8"
    )
    with pytest.raises(DataFileError) as info:
        load_rules_data(folder)
    assert f"terrain.toml: field terrain: {rows:,} entries, more than a rules data file" in str(
        info.value
    )


def test_a_save_of_too_many_actions_is_refused_before_any_is_read(tmp_path: Path) -> None:
    path = save_game(load_scenario(CORRIDOR).new_game(3), tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    actions = SAVE.lists["actions"] + 1
    doc["actions"] = [{"type": "EndPhase"}] * actions
    path.write_text(json.dumps(doc), encoding="utf-8")
    [problem] = check_save(path).problems
    assert isinstance(problem, SaveError)
    assert f"field actions: {actions:,} entries, more than a save may hold (20,000)" in str(problem)


def test_a_save_larger_than_a_save_may_be_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (SAVE.size + 1))
    [problem] = check_save(path).problems
    assert f"the save is too large ({SAVE.size + 1:,} bytes; the limit is {SAVE.size:,})" in str(
        problem
    )


def test_settings_of_too_long_a_list_go_back_to_the_defaults_saying_why(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"extra": list(range(SETTINGS.items + 1))}), encoding="utf-8")
    settings, warning = load_settings(path)
    assert settings == type(settings)()  # the defaults
    assert warning is not None and "using the defaults" in warning
    assert "extra: 1,001 entries, more than a settings file may hold (1,000)" in warning
