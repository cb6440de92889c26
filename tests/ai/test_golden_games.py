"""Golden AI games: seeded games between agents, kept as JSON under
`tests/ai/data/golden/` (every action chosen, the result, the intent lines), replayed and
compared action by action.

Their purpose: work that makes the AI *faster* (caches, cheaper views, a quicker
movement search: issue 13's speed aim) must not change what it *chooses*. Same seeds,
same games.

When the AI's play changes on purpose (a better evaluation, a new behaviour), regenerate
the games on that code, before any speed change is applied on top of it:

    .venv/bin/python tests/ai/test_golden_games.py --write

(without --write it only says which games differ) and say in the commit message why the
games changed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.ai.runner import play_game
from dragonnoir.engine.actions import Action
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import scenario_games
from dragonnoir.engine.state import Side
from dragonnoir.resources import find

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"
GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
WRITE = ".venv/bin/python tests/ai/test_golden_games.py --write"

#: file -> (scenario in tests/data/scenarios or a shipped one, seed, Krob agent,
#: Adventurer agent, turns (None: to the end)). Hidden Krobs (ambush), the Queen and her
#: Guards (nest), every level, a whole shipped game, and the benchmark position of sixty
#: Krobs on six boards for two turns; a hard party that changes its style after looking
#: ahead.
GAMES: dict[str, tuple[str, int, str, str, int | None]] = {
    "ambush_1.json": ("ambush", 1, "ai", "ai", None),
    "nest_2.json": ("nest", 2, "ai:hard", "ai", None),
    "fosse_pit_3.json": ("fosse_pit", 3, "ai", "ai:easy", None),
    "la_fosse_0.json": ("la-fosse", 0, "ai", "ai", None),
    "sixty_krobs_0.json": ("six_boards_sixty_krobs", 0, "ai", "ai:hard", 2),
    # Hard looks ahead (ai/lookahead.py): it shelters Godiva on turns 4 to 6.
    "le_pont_3.json": ("le-pont", 3, "ai", "ai:hard", None),
}


def play(name: str) -> dict[str, Any]:
    scenario, seed, krobs, adventurers, turns = GAMES[name]
    actions: list[Action] = []

    def keep(game: Game, side: Side, action: Action) -> None:
        actions.append(action)

    path = SCENARIOS / f"{scenario}.toml"
    record = play_game(
        scenario_games(path if path.exists() else find("scenarios", scenario)),
        seed,
        {Side.KROBS: krobs, Side.ADVENTURERS: adventurers},
        on_action=keep,
        max_turns=turns,
    )
    return {
        "scenario": scenario,
        "seed": seed,
        "krobs": krobs,
        "adventurers": adventurers,
        "turns": turns,
        "winner": record.winner,
        "reason": record.reason,
        "intent": record.intent,
        "actions": [a.to_dict() for a in actions],
    }


def _dump(game: dict[str, Any]) -> str:
    head = {k: v for k, v in game.items() if k != "actions"}
    lines = [json.dumps(a, sort_keys=True) for a in game["actions"]]
    return (
        '{"game": ' + json.dumps(head, indent=1, ensure_ascii=False) + ',\n"actions": [\n'
        + ",\n".join(lines) + "\n]}\n"
    )  # fmt: skip


@pytest.mark.parametrize("name", list(GAMES))
def test_seeded_ai_games_make_the_same_choices(name: str) -> None:
    path = GOLDEN / name
    stored = json.loads(path.read_text(encoding="utf-8"))
    game = play(name)
    head = {k: v for k, v in game.items() if k != "actions"}
    for i, (want, got) in enumerate(zip(stored["actions"], game["actions"], strict=False)):
        assert got == want, f"{name}: action {i} differs (regenerate: {WRITE})"
    assert len(game["actions"]) == len(stored["actions"]), f"{name}: regenerate: {WRITE}"
    assert head == stored["game"]


def main(argv: list[str]) -> None:
    write = "--write" in argv
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in GAMES:
        text = _dump(play(name))
        path = GOLDEN / name
        same = path.exists() and path.read_text(encoding="utf-8") == text
        if write and not same:
            path.write_text(text, encoding="utf-8")
        print(f"{name}: {'same' if same else ('written' if write else 'DIFFERS')}")


if __name__ == "__main__":
    main(sys.argv[1:])
