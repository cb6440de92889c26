"""A save whose replay check fails is not simply refused (issue 47): the check says what
happened in words, and offers the game as its snapshot stands, marked unverified; every
save of that game keeps the mark and replays from the snapshot taken
(engine/unverified.py, docs/saves.md "A save that does not replay")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dragonnoir.engine.events import WentOnUnverified
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import RandomAgent
from dragonnoir.engine.save import SaveError, check_save, load_game, save_game
from dragonnoir.engine.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]
L_ILE = REPO / "scenarios" / "l-ile.toml"
CORRIDOR = REPO / "tests" / "data" / "scenarios" / "corridor.toml"


def played(game: Game, actions: int, seed: int) -> Game:
    agent = RandomAgent(seed)
    for _ in range(actions):
        action = agent.choose(game)
        if action is None or game.over:
            break
        game.apply(action)
    return game


def issue_47_save(folder: Path) -> Path:
    """A save as the faulty version wrote it: l-ile, seed 1, four actions, and the empty
    record of rowed boats a question to the engine left in the state."""
    game = played(load_scenario(L_ILE).new_game(1), 4, 1)
    game.state.scratch["boats"] = {}
    return save_game(game, folder / "l-ile.json")


def edit(path: Path, change: object) -> dict[str, object]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return doc  # type: ignore[no-any-return]


def test_the_check_names_the_fault_and_offers_the_snapshot_as_it_stands(tmp_path: Path) -> None:
    path = issue_47_save(tmp_path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    check = check_save(path)
    assert [str(p) for p in check.problems] == [
        f"{path}: field state: the replay does not reproduce the snapshot: scratch.boats: "
        "the replay has no such field, the save says {}"
    ]
    assert check.game is None and not check.ok
    snapshot = check.snapshot
    assert snapshot is not None
    assert snapshot.state.to_dict() == saved["state"]
    assert [a.to_dict() for a in snapshot.history] == saved["actions"]
    assert snapshot.unverified is not None and snapshot.unverified.actions == 4
    assert "scratch.boats" in snapshot.unverified.reason
    assert isinstance(snapshot.log[-1], WentOnUnverified)
    assert not snapshot.can_undo()
    with pytest.raises(SaveError, match="does not reproduce the snapshot"):
        load_game(path)  # never takes the snapshot on its own


def test_the_words_say_what_happened_without_ids_or_field_paths(tmp_path: Path) -> None:
    words = check_save(issue_47_save(tmp_path)).in_words()
    assert "played again from the start" in words
    assert "which boats were rowed this turn" in words
    assert "fault in the program's bookkeeping" in words
    for technical in ("scratch", "boats:", "{}", "field", str(tmp_path)):
        assert technical not in words


def test_a_character_that_differs_is_named_as_players_read_him(tmp_path: Path) -> None:
    path = save_game(played(load_scenario(L_ILE).new_game(1), 4, 1), tmp_path / "g.json")

    def move_the_knight(doc: dict[str, list[dict[str, object]]]) -> None:
        knight = next(u for u in doc["state"]["units"] if u["id"] == "rebel_knight_1")
        knight["wounds"] = 1

    edit(path, move_the_knight)
    words = check_save(path).in_words()
    assert "Knight of Halöven 1's wounds" in words
    assert "rebel_knight_1" not in words


def test_an_action_refused_on_replay_is_said_with_its_number_and_turn(tmp_path: Path) -> None:
    game = played(load_scenario(CORRIDOR).new_game(3), 6, 3)
    path = save_game(game, tmp_path / "g.json")
    edit(path, lambda doc: doc["actions"].insert(1, {"type": "Pass"}))
    check = check_save(path)
    assert check.fault is not None and check.fault.refused == 1
    assert "action 2 of 7 (game turn 1) is refused when played again" in check.in_words()
    assert check.snapshot is not None and len(check.snapshot.history) == 7


def test_the_mark_is_kept_and_what_is_played_after_it_is_checked(tmp_path: Path) -> None:
    path = issue_47_save(tmp_path)
    game = check_save(path).snapshot
    assert game is not None
    played(game, 6, 2)
    again = save_game(game, tmp_path / "on.json")
    check = check_save(again)
    assert check.ok, check.problems
    assert check.game is not None and check.game.unverified == game.unverified
    assert check.game.state.to_dict() == game.state.to_dict()
    assert any(n.startswith("Unverified: this game goes on from a position") for n in check.notes)
    assert len(check.action_turns) == len(check.game.history)
    # the log before the mark is the replay's, as far as the actions went
    assert sum(isinstance(e, WentOnUnverified) for e in check.game.log) == 1
    # and saving the loaded game again gives the same bytes
    assert (
        save_game(check.game, tmp_path / "on.json").read_bytes()
        == (tmp_path / "on.json.bak").read_bytes()
    )


def test_a_later_fault_after_the_mark_is_found_and_offered_again(tmp_path: Path) -> None:
    game = check_save(issue_47_save(tmp_path)).snapshot
    assert game is not None
    played(game, 3, 2)
    path = save_game(game, tmp_path / "on.json")
    edit(path, lambda doc: doc["state"].__setitem__("turn", doc["state"]["turn"] + 1))
    check = check_save(path)
    assert check.fault is not None and check.fault.fields == ("turn",)
    assert check.snapshot is not None and check.snapshot.unverified is not None
    assert check.snapshot.unverified.actions == len(game.history)


def test_a_position_the_rules_cannot_play_is_not_offered(tmp_path: Path) -> None:
    path = save_game(played(load_scenario(CORRIDOR).new_game(3), 3, 3), tmp_path / "g.json")
    edit(path, lambda doc: doc["state"]["units"][0].__setitem__("kind", "dragon"))
    check = check_save(path)
    assert check.problems and check.snapshot is None
    assert any("cannot be played either" in n and "dragon" in n for n in check.notes)


@pytest.mark.parametrize(
    ("mark", "words"),
    [
        ([], "field unverified: expected an object, found a list"),
        ({"actions": 1, "turn": 1, "reason": ""}, "field unverified.state: expected an object"),
        ({"actions": 99, "turn": 1, "reason": "", "state": {}}, "not between 0 and the 3"),
        ({"actions": 1, "turn": 1, "reason": "", "state": {}, "x": 1}, "unknown field"),
        ({"actions": True, "turn": 1, "reason": "", "state": {}}, "an integer, found true"),
    ],
)
def test_a_damaged_mark_is_a_damaged_save(tmp_path: Path, mark: object, words: str) -> None:
    path = save_game(played(load_scenario(CORRIDOR).new_game(3), 3, 3), tmp_path / "g.json")
    edit(path, lambda doc: doc.__setitem__("unverified", mark))
    check = check_save(path)
    assert len(check.problems) == 1 and words in str(check.problems[0])
    assert check.snapshot is None


def test_a_mark_whose_position_is_damaged_is_refused(tmp_path: Path) -> None:
    game = check_save(issue_47_save(tmp_path)).snapshot
    assert game is not None
    path = save_game(game, tmp_path / "on.json")
    edit(path, lambda doc: doc["unverified"]["state"].__setitem__("phase", "tea_time"))
    check = check_save(path)
    assert "field unverified.state.phase: unknown phase" in str(check.problems[0])


def test_seeded_unverified_games_reload_byte_for_byte(tmp_path: Path) -> None:
    """Whatever is played after the mark, a save of it loads and saves the same bytes."""
    rng = random.Random(5)
    game = check_save(issue_47_save(tmp_path)).snapshot
    assert game is not None
    for n in range(4):
        played(game, rng.randint(1, 8), n)
        first = save_game(game, tmp_path / "g.json").read_bytes()
        loaded = load_game(tmp_path / "g.json")
        assert save_game(loaded, tmp_path / "g.json").read_bytes() == first
