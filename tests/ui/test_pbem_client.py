"""Play by e-mail in the client (issue 42 §4), headless: a game started from the screen,
links played on the game screen against files an agent writes, the files the client
writes accepted by `pbem verify`, and every wrong file one message."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from pbem_helpers import HIDDEN, check_no_hidden_id, play_by_hand
from pygame_gui.elements import UIButton
from ui_driver import REPO, click, close_window, run_until, small_settings, step

from dragonnoir.cli import main
from dragonnoir.engine.actions import EndPhase
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.i18n import set_language
from dragonnoir.pbem import coins
from dragonnoir.pbem.chain import replay
from dragonnoir.pbem.commands import agent_chooser
from dragonnoir.pbem.keys import Identity, load_identity
from dragonnoir.pbem.session import open_session, turns_folder
from dragonnoir.pbem.turnfile import read_turn_file
from dragonnoir.pbem.turns import start_game, take_turn
from dragonnoir.ui import pbem_desktop, pbem_game, pbem_menu, screens
from dragonnoir.ui.app import App, Reset
from dragonnoir.ui.dialogs import ConfirmDialog
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.pbem_game import PbemGameScene
from dragonnoir.ui.pbem_menu import PbemMenu
from dragonnoir.ui.scenes import MainMenu
from dragonnoir.ui.tooltips import our_buttons


@pytest.fixture(autouse=True)
def quiet_desktop(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Seeded secrets (the same games every run); no file manager opened, no clipboard:
    the folders asked for are noted instead."""
    rng = random.Random(42)
    monkeypatch.setattr(coins, "new_secret", lambda: rng.randbytes(32).hex())
    monkeypatch.setattr(coins, "new_game_id", lambda: rng.randbytes(16).hex())
    opened: list[Path] = []

    def note(folder: Path) -> bool:
        opened.append(folder)
        return True

    for module in (pbem_desktop, pbem_game, pbem_menu):
        monkeypatch.setattr(module, "open_folder", note)
        monkeypatch.setattr(module, "copy_text", lambda _text: False)
    yield opened


class Opponent:
    """The other player, on "another computer": his own key and records, an agent."""

    def __init__(self, folder: Path) -> None:
        self.identity = Identity.fresh()
        self.records = folder / "records"
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def start_with(self, other: Opponent) -> Path:
        """A game of their own, to its third file (one link of play)."""
        scenario = load_scenario(REPO / "scenarios" / "la-fosse.toml", default_rules_data())
        out = self.folder / "own-0.dnturn"
        start_game(
            scenario,
            Side.ADVENTURERS,
            self.identity,
            default_rules_data(),
            out,
            None,
            self.records,
        )
        return self.play(other.play(out))

    def play(self, path: Path) -> Path:
        turn = read_turn_file(path)
        out = self.folder / f"theirs-{len(turn.links)}.dnturn"
        chooser = agent_chooser("random", turn.game)
        take_turn(turn, path, self.identity, default_rules_data(), chooser, out, None, self.records)
        return out


def untipped(app: App) -> list[str]:
    root = app.scene.root
    assert root is not None
    return [b.text for b in our_buttons(root) if not b.tool_tip_text]


def pbem_app(make_app: Callable[..., App], *, auto_pass: bool = False) -> tuple[App, PbemMenu]:
    settings = small_settings(ai_speed=0.0, auto_pass=auto_pass)
    app = make_app(lambda a: a.screens.pbem_menu(a), settings=settings)
    menu = app.scene
    assert isinstance(menu, PbemMenu)
    return app, menu


def start_from_the_screen(app: App, menu: PbemMenu, scenario: str = "la-fosse") -> Path:
    menu.selected = next(i for i, e in enumerate(menu.entries) if e.path.stem == scenario)
    click(app, menu.buttons["start"])
    assert menu.written is not None and menu.said_ok, menu.said
    return menu.written


def play_my_link(app: App, seed: int = 5) -> Path:
    """The person's link on the game screen: random legal actions of his side (often
    End phase), through the screen's one door, until the screen asks to send; then
    Write the file."""
    rng = random.Random(seed)
    for _ in range(3000):
        scene = app.scene
        if isinstance(scene, ConfirmDialog | EndScreen):
            break
        assert isinstance(scene, PbemGameScene)
        game = scene.game
        side = scene.session.side
        if scene.session.mine_started and game.to_act() is side and not scene.interphase.current:
            legal = game.legal_actions(side)
            ends = [a for a in legal if isinstance(a, EndPhase)]
            action = ends[0] if ends and rng.random() < 0.6 else rng.choice(legal)
            assert scene.apply(action) is not None
        step(app, 1, settle=True)
    dialog = app.scene
    if isinstance(dialog, EndScreen):  # my turn ended the game: written, then the end
        played = next(s for s in app.stack if isinstance(s, PbemGameScene))
        assert played.session.written is not None
        return played.session.written
    assert isinstance(dialog, ConfirmDialog) and dialog.dialog_title == "Send your turn"
    click(app, dialog.buttons[0])  # Write the file
    sent = app.scene
    assert isinstance(sent, ConfirmDialog) and sent.dialog_title == "Turn written"
    game_scene = sent.parent
    assert isinstance(game_scene, PbemGameScene) and game_scene.session.written is not None
    assert not game_scene.can_undo()  # the file holds the turn as sent
    return game_scene.session.written


def open_on_the_screen(app: App, path: Path) -> PbemGameScene:
    """A received file opened as `pbem play` opens it, the other side's turn shown to its
    end (or the game's)."""
    app.go(Reset(app.screens.pbem_menu(app, path)))
    step(app, 2)
    scene = app.scene
    if isinstance(scene, PbemMenu):
        raise AssertionError(scene.said)
    if isinstance(scene, ConfirmDialog):  # a turn with nothing to do: send at once
        assert "Nothing for you to do yet" in scene.text
        scene = scene.parent
    assert isinstance(scene, PbemGameScene)
    run_until(app, lambda: scene.session.mine_started or scene.game.over)
    return scene


def verify(path: Path, capsys: pytest.CaptureFixture[str], previous: Path | None = None) -> str:
    args = ["pbem", "verify", str(path)] + (["--previous", str(previous)] if previous else [])
    code = main(args)
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


@pytest.mark.parametrize("auto_pass", [False, True])
def test_a_game_started_on_the_screen_played_against_an_agent_s_files(
    make_app: Callable[..., App],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    auto_pass: bool,
) -> None:
    """Phases with nothing to do passing by themselves or not, the files check out (the
    other side's phases are never passed for it)."""
    app, menu = pbem_app(make_app, auto_pass=auto_pass)
    first = start_from_the_screen(app, menu)
    assert first.parent == turns_folder() and "Wrote" in menu.said
    them = Opponent(tmp_path)
    answer = them.play(first)  # the hand-shake
    app.go(menu.open_file(answer))
    step(app, 2)
    assert isinstance(app.scene, PbemGameScene), menu.said
    assert app.scene.session.mine_started
    mine = play_my_link(app)
    assert "ok:" in verify(mine, capsys, previous=answer)
    # their link, shown on the screen action by action, then mine again
    theirs = them.play(mine)
    app.go(app.screens.pbem_menu(app, theirs))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, PbemGameScene)
    assert scene.session.script and not scene.session.mine_started  # being shown
    run_until(app, lambda: scene.session.mine_started or scene.game.over)
    checked = replay(read_turn_file(theirs), theirs, default_rules_data()).game
    assert checked is not None
    # shown as it was played (`Session.begin_mine` compared the positions at its end;
    # his own empty phases may have passed since)
    assert scene.game.history[: len(checked.history)] == checked.history
    if not scene.game.over:
        again = play_my_link(app, seed=9)
        assert "ok:" in verify(again, capsys, previous=theirs)


def test_every_wrong_file_is_one_message_and_nothing_is_written(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """Not a turn file, a changed one, my own (not my turn), another game, an older one
    than I sent, a fork: each one message on the screen, and my records unchanged."""
    app, menu = pbem_app(make_app)
    first = start_from_the_screen(app, menu)
    them = Opponent(tmp_path / "them")
    answer = them.play(first)
    records = turns_folder().parent / "games"
    kept = tmp_path / "records-before"
    shutil.copytree(records, kept / "pbem" / "games")  # as a restored folder would be
    mine = open_session(answer, load_identity(), default_rules_data())
    play_by_hand(mine)
    sent = mine.finish()
    # the same turn played again from the restored folder: a fork the other side answers
    forked = tmp_path / "forked.dnturn"
    chooser = agent_chooser("random", read_turn_file(answer).game)
    take_turn(
        read_turn_file(answer),
        answer,
        load_identity(),
        default_rules_data(),
        chooser,
        forked,
        None,
        kept / "pbem" / "games",
    )
    fork_answer = them.play(forked)
    # a game between two others
    third = Opponent(tmp_path / "third")
    other_game = them.start_with(third)
    junk = tmp_path / "junk.dnturn"
    junk.write_text("hello", encoding="utf-8")
    changed = tmp_path / "changed.dnturn"
    changed.write_bytes(sent.read_bytes().replace(b'"n": 2', b'"n": 3', 1))
    before = {p: p.read_bytes() for p in records.iterdir()}
    cases = {
        junk: "not a turn file",
        changed: "link 2",
        sent: "send the file to the other player",  # my own file: their turn
        answer: "an older file of this game",
        fork_answer: "the game has forked",
        other_game: "no record of this game",
    }
    for path, words in cases.items():
        app.go(menu.open_file(path))
        step(app, 1)
        assert app.scene is menu and not menu.said_ok, path
        assert words in menu.said and "Cannot play this file" in menu.said, menu.said
    assert {p: p.read_bytes() for p in records.iterdir()} == before
    set_language("fr")
    app.go(menu.open_file(junk))
    assert "Impossible de jouer ce fichier" in menu.said and "pas un fichier de tour" in menu.said


def test_pbem_play_and_a_double_click_open_the_client_on_the_file(
    make_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`dragonnoir pbem play FILE` and `dragonnoir FILE.dnturn` open the *Play by e-mail*
    screen on the file, which says in the window why a file cannot be played."""
    firsts: list[Callable[[App], object]] = []

    def run_app(first: Callable[[App], object]) -> int:
        firsts.append(first)
        return 0

    monkeypatch.setattr(screens, "run_app", run_app)
    junk = tmp_path / "junk.dnturn"
    junk.write_text("{}", encoding="utf-8")
    assert main(["pbem", "play", str(junk)]) == 0
    assert main([str(junk)]) == 0
    for first in firsts:
        app = make_app(first)
        step(app, 2)
        menu = app.scene
        assert isinstance(menu, PbemMenu) and not menu.said_ok
        assert "not a Dragon Noir turn file" in menu.said
        assert isinstance(app.stack[0], MainMenu)


def test_every_button_of_the_pbem_screen_has_a_tooltip(make_app: Callable[..., App]) -> None:
    app, menu = pbem_app(make_app)
    start_from_the_screen(app, menu)
    step(app, 2)
    assert untipped(app) == []


def test_closing_in_the_middle_of_a_turn_sends_nothing(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """The window closed in the middle of the turn: asked first, nothing written, the
    records as they were; the same file opens on the same turn again."""
    app, menu = pbem_app(make_app)
    them = Opponent(tmp_path)
    answer = them.play(start_from_the_screen(app, menu))
    records = turns_folder().parent / "games"
    before = {p: p.read_bytes() for p in records.iterdir()}
    files = sorted(turns_folder().iterdir())
    app.go(menu.open_file(answer))
    step(app, 2)
    scene = app.scene
    assert isinstance(scene, PbemGameScene)
    game = scene.game
    side = scene.session.side
    start = len(game.history)
    while not (moves := [a for a in game.legal_actions(side) if not isinstance(a, EndPhase)]):
        assert scene.apply(EndPhase()) is not None  # a phase with nothing to do
    assert scene.apply(moves[0]) is not None  # a move: something to lose
    step(app, 1)
    save = scene.widgets["save"]
    assert isinstance(save, UIButton) and not save.is_enabled  # the files keep the game
    played = list(game.history)
    close_window(app)
    dialog = app.scene
    assert isinstance(dialog, ConfirmDialog) and dialog.dialog_title == "Your turn is not sent"
    assert "same dice" in dialog.text
    click(app, dialog.buttons[0])  # Leave
    assert not app.running
    assert sorted(turns_folder().iterdir()) == files
    assert {p: p.read_bytes() for p in records.iterdir()} == before
    again = open_session(answer, load_identity(), default_rules_data())
    assert again.game is not None
    for action in played[start:]:
        again.game.apply(action)
    assert again.game.state.to_dict() == game.state.to_dict()  # the same dice


def test_a_whole_game_on_the_screen_ends_on_the_end_screen(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    """Le Nid, the client's Krobs against an agent's files, to the end: each file the
    client writes checks out, and the end screen comes as for any game."""
    app, menu = pbem_app(make_app)
    menu.side = Side.KROBS
    them = Opponent(tmp_path)
    path = them.play(start_from_the_screen(app, menu, "le-nid"))
    for n in range(200):
        scene = open_on_the_screen(app, path)
        if scene.game.over:
            break
        mine = play_my_link(app, seed=n)
        if replay(read_turn_file(mine), mine, default_rules_data()).next_side() is None:
            assert isinstance(app.scene, EndScreen)  # my turn ended the game
            return
        path = them.play(mine)
    else:
        raise AssertionError("not over after 200 files")
    run_until(app, lambda: isinstance(app.scene, EndScreen))


def test_a_turn_file_dropped_on_the_main_menu_is_opened(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app = make_app(settings=small_settings())
    junk = tmp_path / "junk.dnturn"
    junk.write_text("{}", encoding="utf-8")
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(junk)))
    step(app, 3)
    menu = app.scene
    assert isinstance(menu, PbemMenu) and "not a Dragon Noir turn file" in menu.said


def test_a_file_opened_from_elsewhere_is_offered_again(
    make_app: Callable[..., App], tmp_path: Path
) -> None:
    app, menu = pbem_app(make_app)
    them = Opponent(tmp_path / "mail")
    answer = them.play(start_from_the_screen(app, menu))
    app.go(menu.open_file(answer))
    step(app, 2)
    app.go(Reset(app.screens.pbem_menu(app)))
    step(app, 2)
    menu = app.scene
    assert isinstance(menu, PbemMenu) and answer.resolve() in menu.files
    assert f"{answer.name} ({answer.resolve().parent})" in [menu.file_label(p) for p in menu.files]


@pytest.mark.parametrize(
    ("seat", "seed", "to_the_end"),
    [(Side.ADVENTURERS, 10, False), (Side.KROBS, 1, False), (Side.KROBS, 70, True)],
)
def test_le_pont_with_hidden_krobs_on_the_screen_from_each_seat(
    make_app: Callable[..., App],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    seat: Side,
    seed: int,
    to_the_end: bool,
) -> None:
    """Le Pont, its Krobs deployed in secret, the client playing `seat` against an
    agent's files until a Krob's coming into sight has cut an Adventurers' turn (seeds
    found so), or to the end: every file checks out with `pbem verify`, none names a
    hidden Krob before his opening, the cut is said in words on the Adventurers' screen,
    and the Krob player's screen writes the end audit."""
    app, menu = pbem_app(make_app)
    menu.side = seat
    them = Opponent(tmp_path)
    previous = start_from_the_screen(app, menu, "le-pont")
    path = them.play(previous)
    said: list[str] = []
    last = path
    for n in range(40):
        scene = open_on_the_screen(app, path)
        said.extend(scene.session.said)
        links = read_turn_file(path).links
        check_no_hidden_id(links, HIDDEN)
        cut = any("cut" in link for link in links[:-1])
        if scene.game.over or (cut and n >= 3 and not to_the_end):
            break
        last = mine = play_my_link(app, seed=seed + n)
        assert "ok:" in verify(mine, capsys, previous=path)
        if replay(read_turn_file(mine), mine, default_rules_data()).next_side() is None:
            assert isinstance(app.scene, EndScreen)  # the end audit written, then the end
            break
        last = path = them.play(mine)
        assert "ok:" in verify(path, capsys, previous=mine)
    links = read_turn_file(last).links
    check_no_hidden_id(links, HIDDEN)
    if to_the_end:  # the game ended in the Krob player's turn: his screen wrote the audit
        assert "audit" in links[-1] and links[-1]["side"] == "krobs"
        return
    assert any("cut" in link for link in links), f"no cut in {len(links)} links: another seed"
    if seat is Side.ADVENTURERS:
        assert any("came into sight" in line for line in said), said
