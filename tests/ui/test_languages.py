"""The client in other languages (issue 41): the main screens built in French and in
the pseudo-language `qps` (every message accented and 40% longer, `i18n.pseudo`).

Under qps a text that stays plain English was never translated, and pygame_gui's
"Label Rect is too small for text" (an error in the tests: pyproject.toml) catches a
label a longer text does not fit. The walk reads every label, button and text box of
each screen; a text with neither an accented letter nor the pseudo-language's "~]" is
English left on screen, unless it is a proper name or a number (`ALLOWED`)."""

from __future__ import annotations

import ast
import html
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from campaign_helpers import end
from test_play import mouse, screen_pos, start
from ui_driver import REPO, click, key, small_settings, step

from dragonnoir.campaign.plan import Campaign, load_campaign
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side, Status
from dragonnoir.i18n import LANG_ENV, PSEUDO
from dragonnoir.ui import map_view
from dragonnoir.ui.app import App, Scene
from dragonnoir.ui.campaign_scene import CampaignMenu, CampaignScene, CampaignSession, draw_plan
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import GameScene
from dragonnoir.ui.game_screen import key_help
from dragonnoir.ui.scenes import LoadScene, MainMenu, ScenarioPicker, SettingsScene

#: Texts that are the same in every language: the game's name, proper names, numbers,
#: window sizes, cells, keys.
ALLOWED = re.compile(
    r"^(Dragon Noir 2|Krobs?|Gharvs?|Zed|Khuzun|Lucifer|Godiva|English|Français"
    r"|[\d\s.,:x/()+\-·%?…]*|\d+x|[A-Z]\d*|[▲▼◀▶╳])$"
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


# -- the campaign's screens ------------------------------------------------------------------


def campaign_words(campaign: Campaign) -> set[str]:
    """A campaign file's own words (caves', links', steps', bands', members', endings'
    names and texts): said
    as written in a language the file gives no text in (`local_texts`)."""
    data = campaign.data
    texts = [data.name, data.briefing]
    texts += [t for c in data.cave for t in (c.name, c.text)]
    texts += [t for s in data.step for t in (s.name or "", s.briefing)]
    texts += [b.text for s in data.step for b in s.next]
    texts += [b.name for b in data.band] + [link.name for link in data.link]
    texts += [m.name for m in data.party if m.name]
    texts += [t for e in data.ending for t in (e.name, e.text)]
    return {" ".join(t.split()) for t in texts if t.strip()}


def campaign_english(app: App, campaign: Campaign, extra: Iterable[str] = ()) -> list[str]:
    """The English left on screen besides the campaign's and its scenarios' own words (a
    line of the info box may be one paragraph of a briefing)."""
    own = campaign_words(campaign) | SCENARIO_WORDS | set(extra)
    return [t for t in english_left(app) if not any(" ".join(t.split()) in w for w in own)]


def test_the_campaign_screens_show_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], pseudo: None
) -> None:
    """The campaign as it starts, after a scenario (the report: outcome, the fallen, who
    joins, the bands fought), the Krob player's view (its warning, the bands' moves), and
    the plan's labels."""
    app = make_app(settings=small_settings())
    campaign = load_campaign(REPO / "campaigns" / "la-descente.toml")
    session = CampaignSession.new(app, campaign, seed=7)
    pack = session.run.state.band("hunting-pack")
    assert pack is not None
    pack.cave = "fosse"  # a band met in the pit: it joins (secret), then is fought
    app.go(CampaignScene(app, session))
    step(app, 2)
    assert campaign_english(app, campaign) == []
    game = session.run.new_game()
    game.state.units["hunter_21"].status = Status.KILLED
    end(game, Side.ADVENTURERS, "the pit is clear")
    app.go(session.finish(game))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, CampaignScene)
    assert campaign_english(app, campaign, ["the pit is clear"]) == []
    labels = draw_plan(app.screen, scene.plan_rect(), scene.run, krob_view=False)
    assert [t for t in labels if not ACCENTED.search(t) and t not in campaign_words(campaign)] == []
    click(app, scene.buttons["krobs"])
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert campaign_english(app, campaign) == []
    click(app, dialog.buttons[0])
    assert app.scene is scene and scene.krob_view
    step(app, 2)
    assert campaign_english(app, campaign, ["the pit is clear"]) == []
    assert not re.search(r"\((wander|hunt|guard|gather)\)", scene.info_html())  # ids
    labels = draw_plan(app.screen, scene.plan_rect(), scene.run, krob_view=True)
    own = campaign_words(campaign)
    assert [t for t in labels if not ACCENTED.search(t) and t.split(" (")[0] not in own] == []


def test_key_help_and_the_players_choice_show_no_english_under_the_pseudo_language(
    make_app: Callable[..., App], pseudo: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game screen's key help (drawn, not widgets: read as it is drawn; the game
    screen lays its list out in columns, the editor draws it as rows)."""
    rows: list[str] = []
    real = map_view.draw_key_help

    def draw_key_help(screen: pygame.Surface, help_rows: Any, *args: Any, **kw: Any) -> Any:
        rows.extend(text for row in help_rows for text in row)
        rows.append(kw.get("title", ""))
        return real(screen, help_rows, *args, **kw)

    real_list = key_help.draw_key_list

    def draw_key_list(screen: pygame.Surface, help_rows: Any, room: Any, title: str) -> Any:
        rows.extend(text for row in help_rows for text in row)
        rows.append(title)
        return real_list(screen, help_rows, room, title)

    for module in list(sys.modules.values()):
        if not module or not module.__name__.startswith("dragonnoir"):
            continue
        if getattr(module, "draw_key_help", None) is real:
            monkeypatch.setattr(module, "draw_key_help", draw_key_help)
        if getattr(module, "draw_key_list", None) is real_list:
            monkeypatch.setattr(module, "draw_key_list", draw_key_list)
    game = fosse_game()
    app = start(make_app, game)  # type: ignore[arg-type]
    key(app, pygame.K_h)
    step(app, 2)
    assert rows
    assert [r for r in rows if r and not ACCENTED.search(r) and not ALLOWED.match(r)] == []


# -- every text a widget is given is marked --------------------------------------------------

#: The pygame_gui elements, and the argument that carries their text.
WIDGET_TEXT = {
    "UILabel": ("text", 1),
    "UIButton": ("text", 1),
    "UITextBox": ("html_text", 0),
    "UITextEntryBox": ("initial_text", 1),
    "UIDropDownMenu": ("starting_option", 1),
    "UIWindow": ("window_display_title", 2),
    "UIFileDialog": ("window_title", 2),
    "UIConfirmationDialog": ("action_long_desc", 2),
}
#: Methods that put a text on a widget.
TEXT_METHODS = {"set_text", "append_html_text", "set_display_title"}
#: The calls that translate (i18n, the narrator, the client's names).
MARKERS = {"_", "ngettext", "pgettext", "tell", "tell_n", "say", "said", "word", "data_word"}
#: Literals a widget may be given as they are: numbers and symbols, and markup.
UNMARKED = re.compile(r"^[\s\d.,:;x/()+\-·%?…•▲▼◀▶╳<>='#/\w]*$")


def literal_words(node: ast.AST) -> list[str]:
    """The words of the string literals in an argument (f-strings' literal parts too)
    that are not inside a translating call."""
    out: list[str] = []

    def visit(n: ast.AST) -> None:
        if isinstance(n, ast.Call):
            f = n.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name in MARKERS or (name == "format" and _translated(f)):
                return
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            plain = re.sub(r"<[^>]*>", "", n.value)
            if re.search(r"[A-Za-z]{2,}", plain) and not _markup_only(plain):
                out.append(n.value)
            return
        for child in ast.iter_child_nodes(n):
            visit(child)

    visit(node)
    return out


def _name_of(f: ast.AST) -> str:
    """The called function's or method's name."""
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _translated(f: ast.AST) -> bool:
    """`_("...").format(...)`: the format of a translated message."""
    value = getattr(f, "value", None)
    if isinstance(value, ast.Call):
        g = value.func
        return (g.id if isinstance(g, ast.Name) else getattr(g, "attr", "")) in MARKERS
    return False


def _markup_only(text: str) -> bool:
    """HTML and colour markup, html entities: no word a player reads."""
    return re.fullmatch(r"(\s|&\w+;|font|color|#\w+|[<>/='\"]|b|i|br)*", text) is not None


def unmarked_widget_texts(path: Path) -> list[str]:
    """The literal texts `path` gives widgets (their text argument, `set_text(...)`,
    a window's title) without a translating call around them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        args: list[ast.AST] = []
        if name in WIDGET_TEXT:
            keyword, position = WIDGET_TEXT[name]
            args += [k.value for k in node.keywords if k.arg == keyword]
            if len(node.args) > position:
                args.append(node.args[position])
        elif name in TEXT_METHODS and node.args:
            args.append(node.args[0])
        for arg in args:
            found += [f"{path.name}:{node.lineno}: {w!r}" for w in literal_words(arg)]
    return found


UI_AND_EDITOR = sorted(
    p for folder in ("ui", "editor") for p in (REPO / "dragonnoir" / folder).rglob("*.py")
)


def test_every_text_given_to_a_widget_is_marked_for_translation() -> None:
    """A string literal handed to a label, a button, a text box, a menu or a window's
    title (or to `set_text`) goes through `_`/`ngettext`/`pgettext` or the narrator:
    English left on a widget is found here, before any screen shows it."""
    found = [line for path in UI_AND_EDITOR for line in unmarked_widget_texts(path)]
    assert found == []


def test_the_widget_text_check_finds_an_unmarked_text(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "UILabel(rect, 'Left in the box', m)\n"
        "UIButton(rect, _('Save'), m)\n"
        "box.set_text(f'Cells: {n}')\n"
        "UITextBox(_('{n} hexes').format(n=n), rect, m)\n"
        'UILabel(rect, f"{name} · {uid}", m)\n',
        encoding="utf-8",
    )
    assert unmarked_widget_texts(sample) == [
        "sample.py:1: 'Left in the box'",
        "sample.py:3: 'Cells: '",
    ]
