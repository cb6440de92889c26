"""The log tells the truth once (issue 45 §4): a line already written never changes, and
a phase the program passes by itself says why in words, with the rule, as a refusal
does."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from ui_driver import REPO, show_game, small_settings, step

from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.testing import Piece, position
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen.phase_passing import why_nothing
from dragonnoir.ui.names import names_of


def on_screen(make_app: Callable[..., App], game: Game) -> GameScene:
    return show_game(make_app(settings=small_settings(handover=False, auto_pass=True)), game)


@pytest.mark.parametrize(("scenario", "seed"), [("la-fosse", 3), ("le-pont", 11)])
def test_the_log_only_ever_grows_over_a_seeded_game(
    make_app: Callable[..., App], scenario: str, seed: int
) -> None:
    """Random legal actions (a seeded choice) through the game screen: the lines each
    pair of eyes reads at any moment begin with every line it read before."""
    game = load_scenario(REPO / "scenarios" / f"{scenario}.toml").new_game(seed)
    scene = on_screen(make_app, game)
    choose = random.Random(seed)
    read: dict[Side | None, list[str]] = {}
    for _action in range(160):
        if game.over:
            break
        actions = game.legal_actions()
        # moves far outnumber the rest: weigh them down so the game goes on to combats
        others = [a for a in actions if a.kind not in ("Move", "Deploy")]
        if others and choose.random() < 0.5:
            actions = others
        scene.controller.apply_action(choose.choice(actions))
        scene.changed()
        step(scene.app, 1)
        viewer = scene.log.viewer
        before, now = read.get(viewer, []), list(scene.log_lines)
        assert now[: len(before)] == before, f"a written line changed after {len(game.history)}"
        read[viewer] = now
    assert sum(len(lines) for lines in read.values()) > 20


BOARD = """
. . . . . .
 . . + . . .
. . . . . .
"""


def test_a_passed_combat_says_who_could_not_attack_and_the_rule(
    make_app: Callable[..., App],
) -> None:
    """Zed stands next to a Killer a level up with no stairs: the combat phase passes
    by itself, its line stays, and the next line says why in the engine's words."""
    game = position(
        BOARD, [Piece("zed", (1, 1)), Piece("killer_1", (2, 1))], phase="adventurer_combat"
    )
    why = why_nothing(game, names_of(game))
    assert why.text.startswith("no Adventurer can attack: Zed cannot go onto Killer 1's hex")
    assert why.rule.startswith("Combat Restrictions")
    scene = on_screen(make_app, game)
    assert game.phase.id != "adventurer_combat"
    lines = scene.log_lines
    at = next(i for i, line in enumerate(lines) if "Adventurer turn: combat." in line)
    passed = lines[at + 1]
    assert "Nothing to do, the phase passes: no Adventurer can attack: Zed cannot go" in passed
    assert "[Combat Restrictions" in passed


def test_a_passed_fire_phase_names_the_shot_nearest_to_possible(
    make_app: Callable[..., App],
) -> None:
    game = position(
        BOARD + ". . . . . .\n . . . . . .\n. . . . . .\n . . . . . .\n",
        [Piece("ork_archer_1", (0, 0)), Piece("warrior_01", (5, 6))],
        phase="adventurer_fire",
    )
    why = why_nothing(game, names_of(game))
    assert why.text.startswith("no Adventurer can fire: no shot at Warrior 1")
    assert "more than 5" in why.text and why.rule == "Range of Fire"
