"""The Gharv interphases shown beat by beat (ui/interphase_show.py)."""

from __future__ import annotations

from dragonnoir.engine.events import GharvAppeared
from dragonnoir.engine.testing import Piece, position, seed_for
from dragonnoir.ui.interphase_show import InterphaseShow, beats_of

SHORE = """
~ ~ ~ . . .
 ~ ~ h . . .
~ ~ ~ . . .
"""


def test_an_interphase_with_a_gharv_makes_beats_in_order() -> None:
    game = position(
        SHORE, [Piece("rebel_swordsman_1", (2, 1))], phase="adventurer_recovery",
        seed=seed_for(10, 10, 2, 5),
    )  # fmt: skip
    beats = beats_of(game, game.log, {"rebel_swordsman_1": "Sword 1"}.get)  # type: ignore[arg-type]
    captions = [b.caption for b in beats]
    # three free water hexes next to him: 10 is a spare face, then 2 names number 2
    assert captions[0].endswith("the die shows 10: no such number, rolled again")
    assert len(beats[0].numbered) == 3
    assert captions[1].endswith("the die shows 2: number 2")
    appeared = next(e for e in game.log if isinstance(e, GharvAppeared))
    assert beats[2].hexes == (appeared.hex,) and "rises next to Sword 1" in captions[2]
    assert any("attacks Sword 1" in c for c in captions)


def test_a_quiet_interphase_makes_no_beat_and_speed_zero_shows_nothing() -> None:
    game = position(SHORE, [Piece("rebel_swordsman_1", (2, 1))], phase="adventurer_recovery",
                    seed=seed_for(9, 9))  # fmt: skip
    assert beats_of(game, game.log) == []
    show = InterphaseShow()
    show.start(beats_of(game, game.log), 1.0)
    assert show.current is None
    loud = position(SHORE, [Piece("rebel_swordsman_1", (2, 1))], phase="adventurer_recovery",
                    seed=seed_for(10, 10, 2, 5))  # fmt: skip
    show.start(beats_of(loud, loud.log), 0.0)
    assert show.current is None  # animations off


def test_beats_advance_with_time_and_a_skip_drops_the_rest() -> None:
    game = position(SHORE, [Piece("rebel_swordsman_1", (2, 1))], phase="adventurer_recovery",
                    seed=seed_for(10, 10, 2, 5))  # fmt: skip
    beats = beats_of(game, game.log)
    show = InterphaseShow()
    show.start(beats, 2.0)
    first = show.current
    show.advance(0.2)
    assert show.current is first
    show.advance(0.3)  # 0.45 s a beat at speed 2
    assert show.current is beats[1]
    assert show.skip() and show.current is None


def test_a_long_spell_book_is_paged_every_spell_reachable(make_app) -> None:  # type: ignore[no-untyped-def]
    """More answers than the side panel holds: pages with a 'more' button."""
    from pathlib import Path

    from ui_driver import click, small_settings, step

    from dragonnoir.engine.actions import EndPhase, Pass
    from dragonnoir.engine.scenario import load_scenario
    from dragonnoir.ui.game_scene import GameScene

    game = load_scenario(
        Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"
    ).new_game(3)
    while game.state.phase != "adventurer_movement":
        game.apply(Pass() if game.state.pending else EndPhase())
    app = make_app(settings=small_settings(handover=False))
    app.go(GameScene(app, game, new=True))
    step(app, 3)
    scene = app.scene
    assert isinstance(scene, GameScene)
    scene.controller_command("cast")
    scene.refresh_controls()
    step(app, 2)
    book = scene.controller.prompt()
    assert book is not None and book.kind == "spell_book"
    seen: set[str] = set()
    for _ in range(10):
        seen.update(k for k in scene.widgets if k.startswith("choice_") and k[7:].isdigit())
        if "choice_more" not in scene.widgets:
            break
        click(app, scene.widgets["choice_more"])
        if len(seen) == len(book.choices):
            break
    assert len(seen) == len(book.choices)
