"""Golden replays of fire sequences: a scripted game turn of offensive fire, defensive
fire during a Krob's move and at Krobs that did not move, kept as JSON under
`tests/engine/data/golden/` (the position, the seed, the actions, the event texts), then
replayed and compared by the test.

When a rule changes on purpose, regenerate with

    .venv/bin/python tests/engine/test_fire_golden.py --write

(without --write it prints the sequence) and say in the commit message why the events
changed.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.engine.actions import Action, EndPhase, Fire, Move, Pass, action_from_dict
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import fire
from dragonnoir.engine.testing import Piece, hexes, position
from dragonnoir.narration.narrator import Narrator

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_fire import REAL_LINE, stand_in_line

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
WRITE = ".venv/bin/python tests/engine/test_fire_golden.py --write"

ART = """
. . . . . . . . . . .
 . . . . . . . . . . .
. . . . . . . . . . .
 . . . . . . . . . . .
. . . . . . . . . . .
 . . . . . . . . . . .
. . . . . . . . . . .
"""

#: (file, seed, pieces as (kind, (col, row)))
SEQUENCES: dict[str, dict[str, Any]] = {
    "fire_turn.json": {
        "seed": 10,
        "pieces": [
            ("rebel_crossbowman_1", (0, 1)),
            ("elf_3", (0, 5)),
            ("ork_archer_1", (2, 3)),
            ("goblin_archer_1", (1, 2)),
            ("hunter_01", (4, 1)),
            ("warrior_01", (5, 5)),
            ("hunter_02", (9, 3)),
        ],
    },
}


def build(spec: dict[str, Any]) -> Game:
    pieces = [Piece(kind, (int(c), int(r))) for kind, (c, r) in spec["pieces"]]
    return position(spec["art"], pieces, phase="adventurer_fire", seed=int(spec["seed"]))


def _answer(game: Game, last: Action | None) -> Action:
    """The script's choice at a pending decision: at a defensive-fire pause, one shot by
    the first listed shooter, then pass; the first listed answer for anything else."""
    legal = game.legal_actions()
    if game.state.pending[0].kind in ("defensive_fire", fire.UNMOVED_DECISION):
        if not isinstance(last, Fire):
            for action in legal:
                if isinstance(action, Fire) and len(action.shooters) == 1:
                    return action
        return Pass()
    return legal[0]


def script(game: Game) -> list[Action]:
    """Offensive fire by two shooters at two targets; the movement and combat end; a
    Hunter walks into range (defensive fire at each pause); the movement ends (defensive
    fire at the Krobs that did not move)."""
    done: list[Action] = []

    def play(action: Action) -> None:
        game.apply(action)
        done.append(action)
        settle()

    def settle() -> None:
        while game.state.pending:
            action = _answer(game, done[-1])
            game.apply(action)
            done.append(action)

    for shooter, target in (("rebel_crossbowman_1", "hunter_01"), ("elf_3", "warrior_01")):
        action = Fire((shooter,), target)
        if game.is_legal(action):
            play(action)
    for _ in range(3):
        play(EndPhase())
    assert game.state.phase == "krob_movement", game.state.phase
    play(Move("hunter_02", hexes(game, (8, 3), (7, 3), (6, 3))))
    play(EndPhase())
    return done


def narrated(game: Game, start: int) -> list[str]:
    """The log from `start`, as the narrator says it in English (names and cells)."""
    narrator = Narrator.english(game)
    return [narrator.event(e) for e in game.log[start:]]


def generate(name: str) -> dict[str, Any]:
    spec = {"art": ART, **SEQUENCES[name]}
    game = build(spec)
    start = len(game.log)
    actions = script(game)
    return {
        "about": "Golden replay of a fire sequence; regenerate with: " + WRITE,
        "art": spec["art"],
        "seed": spec["seed"],
        "pieces": [[kind, list(cell)] for kind, cell in spec["pieces"]],
        "actions": [a.to_dict() for a in actions],
        "events": narrated(game, start),
    }


def replay(data: dict[str, Any]) -> list[str]:
    game = build({"art": data["art"], "seed": data["seed"], "pieces": data["pieces"]})
    start = len(game.log)
    for raw in data["actions"]:
        game.apply(action_from_dict(raw))
    return narrated(game, start)


@pytest.fixture(autouse=True)
def _line(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    if not REAL_LINE:
        monkeypatch.setattr(fire, "line_of_fire", stand_in_line)
    yield


@pytest.mark.parametrize("name", sorted(SEQUENCES))
def test_fire_golden_replay(name: str) -> None:
    path = GOLDEN / name
    data = json.loads(path.read_text(encoding="utf-8"))
    assert replay(data) == data["events"], f"events changed; if on purpose: {WRITE}"
    kinds = {a["type"] for a in data["actions"]}
    assert {"Fire", "Move", "Retreat", "EndPhase"} <= kinds
    assert any("defensive shot" in line for line in data["events"])
    assert any(" shot at " in line and "defensive" not in line for line in data["events"])


def main(argv: list[str]) -> int:
    if not REAL_LINE:
        fire.line_of_fire = stand_in_line  # type: ignore[assignment]
    for name in sorted(SEQUENCES):
        data = generate(name)
        if "--write" in argv:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
            print(f"wrote {GOLDEN / name}")
        else:
            print("\n".join(data["events"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
