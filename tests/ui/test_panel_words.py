"""The panels say the right numbers in words (issue 45 §6): the hover panel's movement
cost is what the mover pays (water said 3 MP to a Goblin who pays 2), and plurals are
words, never "combat(s)"."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from ui_driver import REPO, small_settings, step

from dragonnoir.engine.actions import Attack, Declare, ResolveCombat
from dragonnoir.engine.testing import Piece, hexes, position, seed_for
from dragonnoir.ui.app import App
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen.texts import hover_html
from dragonnoir.ui.names import names_of
from dragonnoir.ui.visibility import visible_to

BOARD = """
. . ~ ~ .
 . . ~ . .
. . . . .
"""
PLAY_BOARD = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . . . . . . . .
"""


def water_game() -> object:
    return position(
        BOARD,
        [Piece("goblin_spearman_1", (1, 0)), Piece("rebel_swordsman_1", (1, 1))],
        phase="adventurer_movement",
    )


def test_the_hover_panel_says_what_the_selected_mover_pays() -> None:
    game = water_game()
    water = hexes(game, (2, 0))[0]  # type: ignore[arg-type]
    names, seen = names_of(game), visible_to(game, None)  # type: ignore[arg-type]
    goblin = hover_html(game, names, seen, water, "goblin_spearman_1")  # type: ignore[arg-type]
    assert "movement cost 2 MP for Goblin Spearman 1" in goblin
    rebel = hover_html(game, names, seen, water, "rebel_swordsman_1")  # type: ignore[arg-type]
    assert "movement cost 3 MP for Rebel Swordsman 1" in rebel


def test_with_nobody_selected_it_says_the_chart_and_who_pays_otherwise() -> None:
    game = water_game()
    water = hexes(game, (2, 0))[0]  # type: ignore[arg-type]
    names, seen = names_of(game), visible_to(game, None)  # type: ignore[arg-type]
    text = hover_html(game, names, seen, water)  # type: ignore[arg-type]
    assert "movement cost 3 MP; 2 MP for Goblin Spearman 1, cover" in text
    floor = hover_html(game, names, seen, hexes(game, (0, 2))[0])  # type: ignore[arg-type]
    assert "movement cost 1 MP, cover" in floor  # the same for everyone: said once


#: "(s)" after a word: a plural the program should say in words (`ngettext`).
PLURAL_S = re.compile(r"[a-z]\(s\)")


def test_no_plural_is_written_with_an_s_in_brackets() -> None:
    """The client's sources and the French catalog say plurals in words. (The editor's
    screens, `editor_*.py`, get their words in another branch of issue 45.)"""
    found = []
    sources = sorted((REPO / "dragonnoir" / "ui").rglob("*.py"))
    for path in [*(p for p in sources if not p.name.startswith("editor_")), _catalog()]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if PLURAL_S.search(line):
                found.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert found == []


def _catalog() -> Path:
    return REPO / "dragonnoir" / "locale" / "fr" / "LC_MESSAGES" / "dragonnoir.po"


def test_a_retreat_is_offered_by_its_places(make_app: Callable[..., App]) -> None:
    """Zed's blow drives the Hunter back: the Krob player's answers name where each path
    ends and goes by, cell and terrain, as the hover panel names a hex."""
    game = position(
        PLAY_BOARD,
        [Piece("zed", (5, 2)), Piece("hunter_01", (6, 2))],
        phase="adventurer_combat",
        seed=seed_for(6),
    )
    game.apply(Attack(("zed",), ("hunter_01",)))
    game.apply(Declare())
    game.apply(ResolveCombat(1))
    app = make_app(settings=small_settings(handover=False))
    app.go(GameScene(app, game, new=True))
    step(app, 2)
    prompt = app.scene.controller.prompt()  # type: ignore[attr-defined]
    assert prompt is not None and prompt.kind == "retreat"
    labels = [
        w.text
        for k, w in app.scene.widgets.items()
        if k.startswith("choice_")  # type: ignore[attr-defined]
    ]
    retreats = [t for t in labels if t.startswith("Hunter")]
    assert retreats and all(re.search(r"retreats to \(\d+,\d+\) Cave floor", t) for t in retreats)
