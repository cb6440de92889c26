"""The end screen says why the game ended in the player's language: the engine's reason
is a phrase (`GameEnded.reason`), its English only kept in the state for saves (issue 41)."""

from __future__ import annotations

from pathlib import Path

from dragonnoir import i18n
from dragonnoir.engine.rules import victory
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.ui.end_screen import game_result

CORRIDOR = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"


def test_the_turn_limits_verdict_is_said_in_french_and_kept_in_english() -> None:
    game = load_scenario(CORRIDOR).new_game(1)
    game.log.append(game.end_game(*victory.judge_at_limit(game)))
    english = str(game.state.scratch["result"]["reason"])
    assert english.startswith("turn limit ")
    i18n.set_language("fr")
    try:
        said = game_result(game).said_reason
    finally:
        i18n.set_language("en")
    assert said.startswith("limite de ") and "turn" not in said, said
