"""The client in other languages (issue 41): the main screens built in French and in
the pseudo-language `qps` (every message accented and 40% longer, `i18n.pseudo`).

Under qps a text that stays plain English was never translated, and pygame_gui's
"Label Rect is too small for text" (an error in the tests: pyproject.toml) catches a
label a longer text does not fit. The walk reads every label, button and text box of
each screen; a text with neither an accented letter nor the pseudo-language's "~]" is
English left on screen, unless it is a proper name or a number (`ALLOWED`)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator

import pygame
import pytest
from test_play import mouse, screen_pos, start
from ui_driver import REPO, small_settings, step

from dragonnoir.campaign.plan import load_campaign
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.i18n import LANG_ENV, PSEUDO
from dragonnoir.ui.app import App, Scene
from dragonnoir.ui.campaign_scene import CampaignMenu
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.scenes import LoadScene, MainMenu, ScenarioPicker, SettingsScene

#: Texts that are the same in every language: the game's name, proper names, numbers,
#: window sizes, cells, keys.
ALLOWED = re.compile(
    r"^(Dragon Noir 2|Krobs?|Gharvs?|Zed|Khuzun|Lucifer|Godiva|English|Français"
    r"|[\d\s.,:x/()+\-·%?…]*|\d+x|[A-Z]\d*|[▲▼◀▶])$"
)


def scenario_words() -> set[str]:
    """The shipped scenarios' and campaigns' own words (names, briefings): the file's,
    said as written where it gives no text in the language (`local_texts`)."""
    out = set()
    for path in sorted((REPO / "scenarios").glob("*.toml")):
        scenario = load_scenario(path)
        out |= {" ".join(scenario.name.split()), " ".join(scenario.briefing.split())}
    for path in sorted((REPO / "campaigns").glob("*.toml")):
        campaign = load_campaign(path)
        out |= {campaign.name, " ".join(campaign.data.briefing.split())}
    return out


SCENARIO_WORDS = scenario_words()
#: What the pseudo-language puts in a text (or a French one has): an accented letter.
ACCENTED = re.compile(r"[À-ÿŒœŸ]|~\]")


@pytest.fixture
def pseudo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(LANG_ENV, PSEUDO)
    yield


def texts_on_screen(app: App) -> list[str]:
    """Every text a widget of the window shows, its HTML taken off."""
    out = []
    for element in app.manager.get_sprite_group().sprites():
        if not getattr(element, "visible", True):
            continue
        text = getattr(element, "html_text", None)
        if text is None:
            text = getattr(element, "text", None)
        if isinstance(text, str) and text.strip():
            plain = html.unescape(re.sub(r"<[^>]+>", " ", text.replace("<br>", "\n")))
            out.extend(line.strip() for line in plain.split("\n") if line.strip())
    return out


def english_left(app: App) -> list[str]:
    """The texts on screen neither translated nor allowed (see the module's docstring)."""
    return [
        t
        for t in texts_on_screen(app)
        if not ACCENTED.search(t) and not ALLOWED.match(t) and t not in SCENARIO_WORDS
    ]


def fosse_game() -> object:
    return load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(1)


SCREENS: dict[str, Callable[[App], Scene]] = {
    "main menu": MainMenu,
    "scenario picker": ScenarioPicker,
    "load list": LoadScene,
    "settings": SettingsScene,
    "campaign menu": CampaignMenu,
}


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_the_menus_show_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], pseudo: None, name: str
) -> None:
    app = make_app(settings=small_settings())
    app.go(SCREENS[name](app))
    step(app, 2)
    assert english_left(app) == []


def test_the_game_screen_and_a_preview_show_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], pseudo: None
) -> None:
    game = fosse_game()
    app = start(make_app, game)  # type: ignore[arg-type]
    scene = app.scene
    assert isinstance(scene, GameScene)
    scene.map.fit()
    step(app, 1)
    h = game.state.units["rebel_crossbowman_1"].hex  # type: ignore[attr-defined]
    mouse(app, screen_pos(scene, h))
    mouse(app, screen_pos(scene, game.state.units["warrior_03"].hex))  # type: ignore[attr-defined]
    step(app, 2)
    assert scene.card is not None
    assert english_left(app) == []
    card = scene.card
    # The card's own words (its values are the engine's: issue 41 §1, another branch).
    own = [card.title, card.verdict, card.chances_title, *(label for label, _v in card.rows)]
    assert [w for w in own if w and not ACCENTED.search(w) and not ALLOWED.match(w)] == []


def test_the_end_screen_shows_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], pseudo: None
) -> None:
    game = fosse_game()
    game.end_game(None, "a test ends it")  # type: ignore[attr-defined]
    app = make_app(settings=small_settings())
    app.go(EndScreen(app, game))  # type: ignore[arg-type]
    step(app, 2)
    assert english_left(app) == ["A test ends it"]  # the reason the test gave, as given


@pytest.mark.parametrize("language", ["fr", PSEUDO])
def test_every_main_screen_builds_in_the_language_without_an_overflow(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """pygame_gui's "too small for text" is an error here: each screen must fit its
    words in French and in the (longer) pseudo-language."""
    monkeypatch.setenv(LANG_ENV, language)
    app = make_app(settings=small_settings())
    for make in SCREENS.values():
        app.go(make(app))
        step(app, 2)
    game = fosse_game()
    app.go(GameScene(app, game, new=True))  # type: ignore[arg-type]
    step(app, 2)
    assert pygame.display.get_surface() is not None


#: Every letter French needs, and those the pseudo-language puts in (`i18n.pseudo`).
ACCENTED_LETTERS = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸñÑ«»’"


def missing_glyphs(font: pygame.font.Font, text: str) -> list[str]:
    """The letters of `text` `font` draws as it draws a letter it does not have (a
    private-use character: the same box)."""
    white = (255, 255, 255)
    box = pygame.image.tobytes(font.render("\ue000", True, white), "RGBA")
    return [c for c in text if pygame.image.tobytes(font.render(c, True, white), "RGBA") == box]


@pytest.mark.parametrize("px", [12, 14, 15, 16, 18, 22, 52])
def test_accents_render_in_every_font_the_client_draws_with(px: int) -> None:
    """The fonts of the hand-drawn screens (render.fonts: Noto Sans, the file pygame_gui's
    theme draws the widgets with, bold or not; pygame's own) have a glyph for every
    letter French and the pseudo-language use, at every size the client draws."""
    from dragonnoir.render import fonts

    pygame.font.init()
    for font in (fonts.ui_font(px), fonts.ui_font(px, bold=True), fonts.font(px)):
        assert missing_glyphs(font, ACCENTED_LETTERS) == [], px
    assert missing_glyphs(fonts.font(px), "\u6f22") == ["\u6f22"]  # the check sees a missing one
