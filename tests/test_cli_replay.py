"""`dragonnoir replay SAVE [--verify]`: exit 0 only when the actions reproduce the saved
snapshot; otherwise one line per problem naming the file, exit 1, never a traceback. A
replay that does not reproduce is also said in the client's words (issue 47)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dragonnoir.cli import main
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario

CORRIDOR = Path(__file__).resolve().parent / "data" / "scenarios" / "corridor.toml"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _game(actions: int = 12, seed: int = 3) -> Game:
    game = load_scenario(CORRIDOR).new_game(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def save(tmp_path: Path) -> Path:
    return save_game(_game(), tmp_path / "game.json")


def test_verify_a_good_save(capsys: pytest.CaptureFixture[str], save: Path) -> None:
    code, out, err = _run(capsys, "replay", str(save), "--verify")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"{save}: scenario corridor (")
    assert "seed 3" in lines[0]
    assert lines[1].startswith("turn 1: ") and "ended" in lines[1]  # "2 phases ended"
    assert lines[-1] == "ok: the 12 actions reproduce the saved snapshot"
    assert "Game turn 1 begins." not in out  # --verify: no event log


def test_replay_prints_the_event_log(capsys: pytest.CaptureFixture[str], save: Path) -> None:
    code, out, _ = _run(capsys, "replay", str(save))
    assert code == 0
    log = json.loads(save.read_text(encoding="utf-8"))["log"]
    assert out.splitlines()[: len(log)] == log
    assert out.splitlines()[-1].startswith("ok: ")


def test_a_finished_game_says_how_it_ended(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = _game(actions=10_000)
    assert game.over
    path = save_game(game, tmp_path / "done.json")
    code, out, _ = _run(capsys, "replay", str(path), "--verify")
    assert code == 0
    assert "game over in turn 3: The game ends:" in out


def test_the_summary_speaks_french_without_ids(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Under French the summary's every line is French, and actions are counted as
    players name them ("6 mouvements"), never by their kind's id ("6 Move")."""
    game = _game(actions=10_000)
    path = save_game(game, tmp_path / "done.json")
    code, out, _ = _run(capsys, "--lang", "fr", "replay", str(path), "--verify")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{path} : scénario corridor (") and "graine 3" in lines[0]
    assert lines[1].startswith("tour 1 : ") and "fin" in lines[1]
    assert "partie finie au tour 3 : Fin de la partie" in out
    assert lines[-1].startswith("ok : les ") and "reproduisent" in lines[-1]
    kinds = ("EndPhase", "Move", "Attack", "Fire", "Pass", "Declare", "ResolveCombat")
    english = (" turn ", "game over", " the ", " seed ", "reproduce ")
    assert not any(word in out for word in kinds + english), out


def test_a_tampered_save_lists_each_problem(capsys: pytest.CaptureFixture[str], save: Path) -> None:
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["state"]["turn"] += 1
    doc["state"]["units"][0]["wounds"] = 3
    save.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(save), "--verify")
    assert code == 1 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3
    assert all(line.startswith(f"dragonnoir: {save}: field state: ") for line in lines[:2])
    assert "turn: replay gives" in lines[0]
    assert f"units[{doc['state']['units'][0]['id']}].wounds: replay gives 0" in lines[1]
    assert lines[2].startswith("dragonnoir: what happened: When a game is loaded, its actions")
    assert "it differs in the game turn and Zed's wounds" in lines[2]
    assert lines[2].endswith(
        "offers to go on from the position as it was saved, marked unverified."
    )


def test_a_save_marked_unverified_replays_from_its_mark(
    capsys: pytest.CaptureFixture[str], save: Path
) -> None:
    doc = json.loads(save.read_text(encoding="utf-8"))
    doc["state"]["scratch"]["boats"] = {}  # what issue 47's fault left in the state
    save.write_text(json.dumps(doc), encoding="utf-8")
    snapshot = check_save(save).snapshot
    assert snapshot is not None
    snapshot.apply(snapshot.legal_actions()[0])
    marked = save_game(snapshot, save.with_name("marked.json"))
    code, out, err = _run(capsys, "replay", str(marked), "--verify")
    assert code == 0 and err == ""
    assert "note: Unverified: this game goes on from a position saved in game turn" in out
    assert out.splitlines()[-1] == (
        "ok: the 1 action since the unverified position (of 13) reproduces the saved snapshot"
    )


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('{"format": "dragonnoir-save",\n "version": 1\n "seed": 3}', "line 3, column 2"),
        ('{"format": "dragonnoir-save", "version": 2}', "version 2 is not supported"),
        ("not json at all", "line 1, column 1: corrupt JSON"),
    ],
)
def test_a_broken_save_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, fragment: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    code, out, err = _run(capsys, "replay", str(path), "--verify")
    assert code == 1 and out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(f"dragonnoir: {path}") and fragment in err


def test_a_missing_save_or_scenario(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = _run(capsys, "replay", str(tmp_path / "none.json"), "--verify")
    assert code == 1 and "none.json: file not found" in err
    path = save_game(_game(actions=2), tmp_path / "game.json")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["scenario"]["path"] = "gone.toml"
    doc["scenario"]["absolute"] = str(tmp_path / "gone.toml")
    doc["scenario"].pop("embedded", None)  # a save without its scenario's copy
    path.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = _run(capsys, "replay", str(path), "--verify")
    assert code == 1 and len(err.splitlines()) == 1
    assert "the scenario file is missing" in err and "gone.toml" in err


def test_the_real_command_exits_1_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "dragonnoir", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.strip().startswith(f"dragonnoir: {path}: line 1, column 2: corrupt JSON")
