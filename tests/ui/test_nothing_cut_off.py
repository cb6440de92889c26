"""Nothing cut off at the default size (issue 45 §3): the game screen's panels walked at
1280x800 in English and in French (whose texts are longer) with the longest texts: a
combat preview with all its outcomes, the longest spell text, a shot refused for a
long line-of-fire reason, the key list (H). pygame_gui's "too small for text" fails
any test (pyproject.toml); here each card is also drawn whole, scrolling in its box
when taller, and the key list fits the map's room."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest
from pygame_gui.elements import UIImage, UILabel, UIScrollingContainer
from test_play import hover, mouse, screen_pos
from ui_driver import key, show_game, step

from dragonnoir.engine.tables import default_rules_data
from dragonnoir.engine.testing import Piece, position
from dragonnoir.i18n import LANG_ENV, SOURCE, set_language
from dragonnoir.render import fonts
from dragonnoir.ui import keymap
from dragonnoir.ui.app import App
from dragonnoir.ui.controller_views import SpellPreview
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen.key_help import lay_out
from dragonnoir.ui.game_screen.message_line import MESSAGE_MAX_LINES, MESSAGE_SIZES, message_lines
from dragonnoir.ui.game_screen.side_panel import side_width
from dragonnoir.ui.names import names_of
from dragonnoir.ui.preview_card import card_for, draw_card
from dragonnoir.ui.scenes import ScenarioPicker, picker_list_width
from dragonnoir.ui.settings import Settings
from dragonnoir.ui.window_size import opening_size, remembered

BOARD = """
. . . . . . . . .
 . . . . . . . . .
. . . . . . . . .
 . . # . . . . . .
. . . . . . . . .
 . . . . . . . . .
"""


@pytest.fixture(params=[SOURCE, "fr"])
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv(LANG_ENV, request.param)
    set_language(request.param)
    yield request.param
    set_language(SOURCE)


def default_size_app(make_app: Callable[..., App]) -> App:
    return make_app(
        settings=Settings(window_width=1280, window_height=800, handover=False, auto_pass=False)
    )


def at(scene: GameScene, uid: str) -> tuple[int, int]:
    h = scene.game.state.units[uid].hex
    assert h is not None
    return screen_pos(scene, h)


def card_whole(scene: GameScene) -> None:
    """The card in the side panel is drawn whole: its image as tall as the card needs,
    in a box that scrolls when it is taller than the box."""
    card = scene.card
    assert card is not None
    frame, image = scene.widgets["card_frame"], scene.widgets["card"]
    assert isinstance(frame, UIScrollingContainer) and isinstance(image, UIImage)
    assert frame.visible
    needed = draw_card(card, (image.rect.w, 0)).get_height()
    assert image.rect.h >= needed
    if image.rect.h > frame.rect.h:
        assert frame.vert_scroll_bar is not None  # the rest is a scroll away


def preview_on_screen(
    make_app: Callable[..., App], pieces: list[Piece], phase: str, chosen: list[str], aim: str
) -> GameScene:
    """A position at 1280x800: the `chosen` characters clicked (after A in a combat
    phase), then the mouse on `aim`: its preview in the side panel."""
    game = position(BOARD, pieces, phase=phase)
    app = default_size_app(make_app)
    scene = show_game(app, game)
    if "Attack" in game.phase.actions:
        key(app, pygame.K_a)
    for uid in chosen:
        mouse(app, at(scene, uid))
    hover(app, at(scene, aim))
    step(app, 2)
    return scene


def test_a_combat_preview_shows_every_outcome(make_app: Callable[..., App], language: str) -> None:
    attackers = [("rebel_knight_1", (4, 2)), ("rebel_swordsman_1", (5, 1)), ("zed", (5, 3))]
    scene = preview_on_screen(
        make_app,
        [*(Piece(uid, cell) for uid, cell in attackers), Piece("killer_1", (5, 2))],
        "adventurer_combat",
        [uid for uid, _cell in attackers],
        "killer_1",
    )
    assert scene.card is not None and len(scene.card.chances) == 5
    card_whole(scene)


def test_a_shot_refused_for_a_long_line_of_fire_reason_is_shown_whole(
    make_app: Callable[..., App], language: str
) -> None:
    pieces = [Piece("ork_archer_1", (3, 4)), Piece("warrior_01", (6, 2))]
    in_the_line = Piece("rebel_swordsman_1", (4, 3))
    scene = preview_on_screen(
        make_app, [*pieces, in_the_line], "adventurer_fire", ["ork_archer_1"], "warrior_01"
    )
    assert scene.card is not None and not scene.card.legal
    card_whole(scene)
    key(scene.app, pygame.K_h)  # the key list over it
    assert scene.show_help


def test_the_longest_spell_text_is_drawn_whole(language: str) -> None:
    game = position(BOARD, [Piece("zacharie", (1, 1)), Piece("warrior_01", (4, 2))])
    spells = default_rules_data().spells.spells
    spell = max(spells.values() if isinstance(spells, dict) else spells, key=lambda s: len(s.text))
    preview = SpellPreview(
        "zacharie", spell.id, spell.name, spell.text, True, "", "", 2, 10, 7, 1, 1, 8, 6, 0.4
    )
    pygame.font.init()
    card = card_for(preview, names_of(game))
    width = side_width(1280)
    short = draw_card(card, (width, 0)).get_height()
    # the text's rows all drawn: a card with the text is taller by its wrapped lines
    without = draw_card(card.__class__(**{**_fields(card), "rows": card.rows[:-1]}), (width, 0))
    assert short - without.get_height() >= 4 * 14


def _fields(card: object) -> dict[str, object]:
    return {name: getattr(card, name) for name in card.__slots__}  # type: ignore[attr-defined]


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_key_list_fits_the_map(
    make_app: Callable[..., App], language: str, size: tuple[int, int]
) -> None:
    game = position(BOARD, [Piece("zed", (1, 1)), Piece("warrior_01", (6, 4))])
    w, h = size
    app = make_app(
        settings=Settings(window_width=w, window_height=h, auto_pass=False, handover=False)
    )
    scene = show_game(app, game)
    key(app, pygame.K_h)
    assert scene.show_help
    room = scene.map.viewport
    layout = lay_out(keymap.help_rows(), room.size, "Keys")
    assert layout.size[0] <= room.w and layout.size[1] <= room.h
    assert len(layout.placed) == len(keymap.help_rows())  # every row


def test_the_picker_names_every_scenario_whole(make_app: Callable[..., App], language: str) -> None:
    app = default_size_app(make_app)
    app.go(ScenarioPicker(app))
    step(app, 2)
    picker = app.scene
    assert isinstance(picker, ScenarioPicker) and picker.list is not None
    labels = [e.label for e in picker.entries]
    assert picker.list.rect.w == picker_list_width(labels, 1280)
    shown = [item["button_element"] for item in picker.list.item_list]
    assert shown and all(b is not None for b in shown)
    for button in shown:  # each name in its button's font, with the button's padding
        assert button.font.size(button.text)[0] + 20 <= button.rect.w, button.text


def test_the_side_panel_widens_with_the_window() -> None:
    assert side_width(1024) == side_width(1280) == 380
    assert 500 <= side_width(1920) <= 560
    assert side_width(3840) == 560


def test_the_window_opens_at_a_size_that_fits_the_screen() -> None:
    # never chosen: the screen less room for the task bar
    assert opening_size(Settings(), (1920, 1080)) == (1880, 980)
    assert opening_size(Settings(), (1366, 768)) == (1326, 668)
    # chosen: kept, but never bigger than the screen
    chosen = Settings(window_width=1600, window_height=1000)
    assert opening_size(chosen, (2560, 1440)) == (1600, 1000)
    assert opening_size(chosen, (1280, 720)) == (1280, 720)
    assert opening_size(Settings(), None) == (1280, 800)  # no screen to ask (tests)
    # the window the player left is remembered; a size the settings refuse is not
    kept = remembered(Settings(), (1700, 950))
    assert kept.window_size == (1700, 950) and opening_size(kept, (1920, 1080)) == (1700, 950)
    assert remembered(Settings(), (640, 480)).window_size == (1280, 800)


def test_a_label_too_small_for_its_text_fails_every_ui_test(make_app: Callable[..., App]) -> None:
    """pygame_gui's warning is an error in every test (pyproject.toml's filterwarnings),
    so any screen a test builds with a text cut off fails it."""
    app = make_app(settings=Settings(window_width=1280, window_height=800))
    with pytest.raises(UserWarning, match="too small for text"):
        UILabel(pygame.Rect(0, 0, 30, 12), "a text far too long for its label", app.manager)


def test_a_message_too_long_for_the_line_wraps_whole() -> None:
    """The line under the map says a long message (the cut of a turn by e-mail, in
    French) on several lines in its smallest letter, every word there; a short one on
    one line in the largest letter that fits."""
    pygame.font.init()
    cut = (
        "Votre mouvement de Archer elfe 2 a été arrêté en (10,6) : un Krob est apparu. "
        "Les actions qui le suivent sont annulées : rejouez depuis là."
    )
    font, lines = message_lines(cut, 600)
    assert len(lines) > 1 and " ".join(lines).split() == cut.split()
    assert all(font.size(line)[0] <= 600 for line in lines)
    font, lines = message_lines("Sauvegardé.", 600)
    assert (
        lines == ["Sauvegardé."] and font.get_height() == fonts.font(MESSAGE_SIZES[0]).get_height()
    )
    _font, lines = message_lines("mot " * 400, 300)
    assert len(lines) == MESSAGE_MAX_LINES and lines[-1].endswith("...")
