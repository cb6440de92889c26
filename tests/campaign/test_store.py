"""Campaign saves: a round trip with the game in progress and between scenarios, the
previous file kept as .bak, and every broken file a one-line message naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from campaign_helpers import DESCENTE, end, start

from dragonnoir.campaign import CampaignError
from dragonnoir.campaign.store import load_campaign_save, save_campaign
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.state import Side
from dragonnoir.errors import DataFileError


def _played(seed: int, actions: int):  # type: ignore[no-untyped-def]
    run = start(seed)
    game = run.new_game()
    agent = RandomAgent(seed)
    for _ in range(actions):
        action = agent.choose(game)
        if action is None:
            break
        game.apply(action)
    return run, game


def test_a_game_in_progress_round_trips(tmp_path: Path) -> None:
    run, game = _played(2, 30)
    path = save_campaign(run, tmp_path / "c.json", game)
    again, resumed = load_campaign_save(path)
    assert resumed is not None
    assert resumed.state.to_dict() == game.state.to_dict()
    assert resumed.history == game.history
    assert again.state == run.state
    # and the resumed game goes on
    action = RandomAgent(9).choose(resumed)
    assert action is not None
    resumed.apply(action)


def test_between_scenarios_round_trips_and_keeps_a_backup(tmp_path: Path) -> None:
    run = start(4)
    game = run.new_game()
    path = save_campaign(run, tmp_path / "c.json", game)
    end(game, Side.ADVENTURERS)
    run.finish(game)
    save_campaign(run, path)
    again, resumed = load_campaign_save(path)
    assert resumed is None
    assert again.state == run.state and again.state.step == "the-nest"
    backup = json.loads((tmp_path / "c.json.bak").read_text(encoding="utf-8"))
    assert backup["state"]["step"] == "the-pit" and backup["game"] is not None


def test_the_save_finds_its_campaign_by_id_when_moved(tmp_path: Path) -> None:
    run = start(4)
    path = save_campaign(run, tmp_path / "c.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["campaign"]["path"] = "nowhere.toml"
    doc["campaign"]["absolute"] = "/nowhere/x.toml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    again, _ = load_campaign_save(path)
    assert again.campaign.id == "la-descente"


def _broken(tmp_path: Path, change) -> str:  # type: ignore[no-untyped-def]
    run, game = _played(2, 12)
    path = save_campaign(run, tmp_path / "c.json", game)
    text = path.read_text(encoding="utf-8")
    path.write_text(change(text), encoding="utf-8")
    with pytest.raises(CampaignError) as info:
        load_campaign_save(path)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message


def _edit(key: str, value: object):  # type: ignore[no-untyped-def]
    def change(text: str) -> str:
        doc = json.loads(text)
        node = doc
        *parts, last = key.split(".")
        for p in parts:
            node = node[int(p)] if p.isdigit() else node[p]
        node[last] = value
        return json.dumps(doc)

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: t[: len(t) // 2], "corrupt JSON"),
        (lambda t: "", "empty"),
        (lambda t: '{"format": "dragonnoir-save"}', "not a Dragon Noir campaign save"),
        (_edit("version", 9), "a newer version"),
        (_edit("state.party.0.wounds", "many"), "field state.party[0]"),
        (_edit("state.step", "the-moon"), "no step 'the-moon'"),
        (_edit("state.bands.0.cave", "sky"), "no cave 'sky'"),
        (_edit("game.seed", 1), "field game.seed"),
        (_edit("game.actions", [{"type": "Nonsense"}]), "field game.actions[0]"),
        (_edit("campaign.id", "unknown-campaign"), "is missing"),
    ],
)
def test_a_broken_campaign_save_is_one_clear_line(tmp_path: Path, change, words: str) -> None:  # type: ignore[no-untyped-def]
    assert words in _broken(tmp_path, change)


def test_a_tampered_snapshot_is_found(tmp_path: Path) -> None:
    def change(text: str) -> str:
        doc = json.loads(text)
        doc["game"]["state"]["turn"] = 99
        return json.dumps(doc)

    assert "does not reproduce" in _broken(tmp_path, change)


def test_another_file_is_never_overwritten(tmp_path: Path) -> None:
    other = tmp_path / "notes.json"
    other.write_text('{"mine": true}', encoding="utf-8")
    with pytest.raises(CampaignError, match="not a Dragon Noir campaign save"):
        save_campaign(start(), other)
    assert other.read_text(encoding="utf-8") == '{"mine": true}'


def test_a_broken_campaign_file_names_the_entry(tmp_path: Path) -> None:
    from dragonnoir.campaign import load_campaign

    text = DESCENTE.read_text(encoding="utf-8")
    cases = [
        (text.replace('cave = "fosse"\nbriefing', 'cave = "moon"\nbriefing', 1), "no cave 'moon'"),
        (text.replace('scenario = "la-fosse"', 'scenario = "la-fose"', 1), "la-fose"),
        (text.replace('goto = "daylight"', 'goto = "dawn"', 1), "goto 'dawn'"),
        (text.replace('kind = "hunter_21"', 'kind = "hunter_99"', 1), "no counter 'hunter_99'"),
        (text.replace('alert = ["hunting-pack"]', 'alert = ["pack"]', 1), "no band 'pack'"),
        (text.replace("scouting = 4", "scouting = 40"), "scouting"),
    ]
    for i, (broken, words) in enumerate(cases):
        assert broken != text  # the case changes the file
        path = tmp_path / f"c{i}.toml"
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(DataFileError) as info:
            load_campaign(path)
        assert words in str(info.value) and str(path) in str(info.value)


def test_a_campaign_named_outside_is_refused_unopened(tmp_path: Path) -> None:
    """Names inside files (issue 47): a campaign save naming /etc/passwd as its campaign
    opens nothing; when the campaign's id is unknown the refusal is the error."""
    run = start(4)
    path = save_campaign(run, tmp_path / "c.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["campaign"].update(path="../../../../../../etc/passwd", absolute="/etc/shadow.toml")
    doc["campaign"]["id"] = "unknown-campaign"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CampaignError) as info:
        load_campaign_save(path)
    message = str(info.value)
    assert message.startswith(f"{path}: field campaign.path: the campaign '../../")
    assert "is refused" in message and "TOML" not in message
