"""Playing against the AI in the client (issue 13, "The client"), headless with posted
events: the picker's choice of players, the AI thinking on its worker while frames keep
coming, no hand-over screen for an AI side, pause, speed, undo against the AI, watching
the AI play itself to the end screen, and the players kept in saves."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
from ui_driver import (
    HANG_SECONDS,
    REPO,
    click,
    key,
    run_until,
    settle_ai,
    small_settings,
    step,
    wait_for,
)

from dragonnoir.ai.agent import Agent, make_agent
from dragonnoir.ai.view import SideView, hidden_ids
from dragonnoir.engine.actions import Action, EndPhase
from dragonnoir.engine.game import Game
from dragonnoir.engine.save import check_save, save_game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.ui.ai_driver import intent_shown
from dragonnoir.ui.app import App
from dragonnoir.ui.end_screen import EndScreen
from dragonnoir.ui.game_scene import AI_READY, GameScene, HandOverMode
from dragonnoir.ui.scenes import ScenarioPicker
from dragonnoir.ui.settings import load_settings

SCENARIOS = REPO / "tests" / "data" / "scenarios"


def pit_game(players: dict[str, str], seed: int = 3, name: str = "fosse_pit") -> Game:
    game = load_scenario(SCENARIOS / f"{name}.toml").new_game(seed)
    game.players = dict(players)
    return game


class GatedAgent:
    """An agent that thinks until the test lets it (a slow AI made deterministic), then
    answers as `inner` does; counts its calls and the threads it ran on."""

    def __init__(self, inner: Agent, gate: threading.Event) -> None:
        self.inner = inner
        self.side = inner.side
        self.intent = inner.intent
        self.gate = gate
        self.threads: set[str] = set()
        self.calls = 0

    def choose(self, view: SideView) -> Action:
        self.threads.add(threading.current_thread().name)
        self.calls += 1
        assert self.gate.wait(HANG_SECONDS), "the test never let the AI answer"
        return self.inner.choose(view)


class EndingAgent:
    """Ends every phase it may (no dice: an undo can take its whole turn back)."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.intent: list[str] = []

    def choose(self, view: SideView) -> Action:
        legal = view.legal
        return next((a for a in legal if isinstance(a, EndPhase)), legal[0])


def play_on(app: App, game: Game) -> None:
    """The person's simplest action: decline a decision (P), else End phase (E)."""
    key(app, pygame.K_p if game.state.pending else pygame.K_e)


def test_solo_game_the_ai_answers_on_its_worker_while_frames_keep_coming(
    make_app: Callable[..., App],
) -> None:
    """The person ends his phases; the Krob AI then thinks on the worker thread (gated:
    as slow as the test wants) while the window keeps drawing frames and zooming; no
    hand-over screen; once let go, its moves are applied by the screen."""
    gate = threading.Event()
    agents: list[GatedAgent] = []

    def make(name: str, side: Side, seed: int) -> Agent:
        agent = GatedAgent(make_agent(name, side, seed), gate)
        agents.append(agent)
        return agent

    game = pit_game({"adventurers": "human", "krobs": "ai:normal"})
    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=make),
        settings=small_settings(handover=True),
    )
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.human is Side.ADVENTURERS and scene.controller.viewer is Side.ADVENTURERS
    while game.to_act() is Side.ADVENTURERS:
        play_on(app, game)  # the person's actions: End phase
        assert not isinstance(scene.mode, HandOverMode)
    assert game.to_act() is Side.KROBS
    history = len(game.history)
    step(app, 2)
    assert scene.ai is not None and scene.ai.thinking is Side.KROBS
    assert not scene.animating  # the window may idle while it thinks (App.run)
    frames, zoom = app.frames, scene.map.camera.zoom
    key(app, pygame.K_EQUALS, frames=30)  # zoom in while the AI thinks
    assert app.frames - frames >= 30  # the window drew every frame
    assert scene.map.camera.zoom > zoom
    assert len(game.history) == history  # nothing applied while it thinks
    assert "thinking" in scene.ai_status_text()
    # the person may not act for the AI
    key(app, pygame.K_e)
    assert len(game.history) == history and "AI" in scene.message_text
    gate.set()
    # the worker wakes an idle window when its answer is ready
    wait_for(lambda: pygame.event.peek(AI_READY), "the worker's AI_READY event")
    run_until(app, lambda: game.to_act() is Side.ADVENTURERS or game.over)
    krobs = next(a for a in agents if a.side is Side.KROBS)
    assert krobs.calls >= 1 and krobs.threads == {"dragonnoir-ai"}
    assert len(game.history) > history
    assert not isinstance(scene.mode, HandOverMode)
    assert any("Krobs (AI normal)" in line for line in scene.log_lines)  # its intent


def test_no_handover_and_hidden_krobs_stay_hidden_against_the_krob_ai(
    make_app: Callable[..., App],
) -> None:
    """With hidden Krobs (secret placement) the hotseat always hands over; against the
    AI the person's eyes are the only ones: no hand-over screen ever, the hidden Krobs
    not drawn, and no intent line naming a group with a hidden member."""
    game = pit_game({"adventurers": "human", "krobs": "ai:easy"}, seed=5, name="ambush")
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings(ai_speed=0.0))
    scene = app.scene
    assert isinstance(scene, GameScene)
    seen_handover = False
    for _ in range(40):
        run_until(app, lambda: game.to_act() is Side.ADVENTURERS or game.over)
        seen_handover |= isinstance(scene.mode, HandOverMode)
        hidden = hidden_ids(game, Side.ADVENTURERS)
        vis = scene.controller.visibility()
        assert not any(vis.sees_unit(game.state.units[u]) for u in hidden)
        if game.over or game.state.turn >= 2:
            break
        play_on(app, game)
    assert not seen_handover
    assert game.state.turn >= 2
    names = scene.names
    for uid in hidden_ids(game, Side.ADVENTURERS):
        assert not any(names.full(uid) in line and "AI" in line for line in scene.log_lines)


def test_intent_of_a_group_with_a_hidden_member_is_kept_from_the_person() -> None:
    game = pit_game({}, seed=5, name="ambush")
    hidden = hidden_ids(game, Side.ADVENTURERS)
    assert hidden
    line = "Turn 1, krobs: Corridor (Hunter 2, Killer 1): wait unseen in ambush"
    corridor = set(game.state.scratch["scenario"]["groups"]["corridor"]["units"])
    assert corridor & hidden
    assert not intent_shown(game, line, Side.KROBS, Side.ADVENTURERS)
    assert intent_shown(game, line, Side.KROBS, None)  # a spectator sees all
    assert intent_shown(game, line, Side.KROBS, Side.KROBS)
    party = "Turn 1, adventurers: Party (Rebel Knight 1, Elf 1): make for the objective"
    assert intent_shown(game, party, Side.ADVENTURERS, Side.KROBS)
    relief = "Turn 2, krobs: Relief (Warrior 2): hunt Elf 1 on (3,8)"
    assert intent_shown(game, relief, Side.KROBS, Side.ADVENTURERS)  # a group in sight
    # a line of another form naming a hidden Krob is kept back all the same
    assert not intent_shown(game, "Turn 1, krobs: Hunter 2 waits", Side.KROBS, Side.ADVENTURERS)


def test_pause_stops_the_ai_moves_from_being_applied(make_app: Callable[..., App]) -> None:
    game = pit_game({"adventurers": "ai:easy", "krobs": "ai:easy"})
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings(ai_speed=0.0))
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.ai is not None
    run_until(app, lambda: len(game.history) >= 2)
    key(app, pygame.K_SPACE)
    assert scene.ai.paused and "Paused" in scene.ai_status_text()
    held = len(game.history)
    step(app, 120)
    assert len(game.history) == held
    click(app, scene.widgets["ai_pause"])  # the on-screen button resumes
    assert not scene.ai.paused
    run_until(app, lambda: len(game.history) > held)
    key(app, pygame.K_ESCAPE)  # the AI's turn: Esc still leaves (asking first: unsaved)
    assert scene.quit_prompt is not None


def test_speed_keys_and_button(make_app: Callable[..., App]) -> None:
    game = pit_game({"adventurers": "human", "krobs": "ai:normal"})
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.ai is not None
    key(app, pygame.K_2)
    assert scene.ai.speed == 2.0
    key(app, pygame.K_4)
    assert scene.ai.speed == 0.0
    click(app, scene.widgets["ai_speed"])
    assert scene.ai.speed == 1.0
    assert load_settings()[0].ai_speed == 1.0  # remembered


class SlowAgent:
    """Answers as `inner` does, after a pause: an AI on a machine busy with other work."""

    def __init__(self, inner: Agent, seconds: float) -> None:
        self.inner = inner
        self.side = inner.side
        self.intent = inner.intent
        self.seconds = seconds

    def choose(self, view: SideView) -> Action:
        time.sleep(self.seconds)
        return self.inner.choose(view)


def watch_to_the_end(make_app: Callable[..., App], think_seconds: float = 0.0) -> App:
    """Watch the AI play itself to the end screen, each decision taking at least
    `think_seconds` more than it needs."""
    game = pit_game({"adventurers": "ai:easy", "krobs": "ai:normal"})

    def make(name: str, side: Side, seed: int) -> Agent:
        return SlowAgent(make_agent(name, side, seed), think_seconds)

    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=make),
        settings=small_settings(ai_speed=0.0),
    )
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.human is None and scene.controller.viewer is None
    run_until(app, lambda: isinstance(app.scene, EndScreen))
    assert game.over
    assert not isinstance(scene.mode, HandOverMode)
    return app


def test_watch_mode_plays_to_the_end_screen(make_app: Callable[..., App]) -> None:
    watch_to_the_end(make_app)


def test_a_slow_ai_plays_the_same_game_in_as_many_frames(make_app: Callable[..., App]) -> None:
    """The tests await the AI's answer, never a number of frames: an AI slowed down (each
    decision several frames' worth of real time longer) plays the same actions, and the
    screen reaches the end in the same frames."""
    quick = watch_to_the_end(make_app)
    slow = watch_to_the_end(make_app, think_seconds=0.02)
    assert isinstance(quick.scene, EndScreen) and isinstance(slow.scene, EndScreen)
    assert [a.to_dict() for a in slow.scene.game.history] == [
        a.to_dict() for a in quick.scene.game.history
    ]
    assert slow.frames == quick.frames


def test_ai_moves_are_shown_beat_by_beat(make_app: Callable[..., App]) -> None:
    """At 1x the AI's moves are shown one by one (the interphase show's beats): the next
    move waits for the show of the last one."""
    game = pit_game({"adventurers": "human", "krobs": "ai:normal"})
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    while game.to_act() is Side.ADVENTURERS:
        # One frame a key: the last End phase hands over and the AI starts thinking, and
        # no frame polls its answer before the loop below awaits it. (Two frames let a
        # quick AI move first, its move ask the person for defensive fire, and End phase
        # be pressed at that question for ever: seen once on a loaded machine.)
        key(app, pygame.K_e, frames=1)
    captions: list[str] = []
    #: Where the walking counter was drawn, frame by frame, per walk.
    drawn: dict[str, set[tuple[int, int]]] = {}
    for _ in range(2000):
        settle_ai(app)
        app.step(1 / 60)
        beat = scene.interphase.current
        if beat is not None and (not captions or captions[-1] != beat.caption):
            captions.append(beat.caption)
        if beat is not None and beat.walker:
            rect = next((r for uid, r in scene.unit_rects if uid == beat.walker), None)
            if rect is not None:
                drawn.setdefault(beat.caption, set()).add(rect.center)
        if game.to_act() is Side.ADVENTURERS:
            if not game.state.pending or game.state.turn > 1:
                break
            key(app, pygame.K_p, frames=1)  # no defensive fire
    assert any(" moves to (" in c for c in captions), captions
    # the moving counter steps along its path while the beat lasts
    assert any(len(places) >= 2 for places in drawn.values()), drawn


def test_undo_takes_back_the_ai_reply(make_app: Callable[..., App]) -> None:
    """The person's End phase, the AI's whole turn (no die rolled: it only ends its
    phases), then Undo: back at the person's own decision."""
    game = pit_game({"adventurers": "human", "krobs": "ai:normal"})
    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=lambda n, s, seed: EndingAgent(s)),
        settings=small_settings(ai_speed=0.0),
    )
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert not scene.can_undo()
    while game.state.phase != "adventurer_combat":
        key(app, pygame.K_e)
    before = len(game.history)
    key(app, pygame.K_e)  # the person's last action of the turn
    run_until(app, lambda: game.to_act() is Side.ADVENTURERS and game.state.turn == 2)
    assert len(game.history) > before + 1
    assert scene.can_undo()
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(game.history) == before
    assert game.state.phase == "adventurer_combat" and game.state.turn == 1
    assert "Undone" in scene.message_text
    step(app, 10)
    assert len(game.history) == before  # the AI does not play for the person


def test_players_round_trip_in_saves(tmp_path: Path, make_app: Callable[..., App]) -> None:
    game = pit_game({"adventurers": "human", "krobs": "ai:hard"})
    game.apply(EndPhase())
    path = save_game(game, tmp_path / "solo.json")
    assert json.loads(path.read_text())["players"] == {"adventurers": "human", "krobs": "ai:hard"}
    check = check_save(path)
    assert check.ok and check.game is not None
    assert check.game.players == {"adventurers": "human", "krobs": "ai:hard"}
    # the loaded game resumes with the same players
    app = make_app(lambda a: GameScene(a, check.game), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.human is Side.ADVENTURERS
    assert scene.ai is not None and scene.ai.sides == {Side.KROBS}
    # an old save (no players) loads as hotseat; a broken record too, with a note
    doc = json.loads(path.read_text())
    del doc["players"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    loaded = check_save(old)
    assert loaded.ok and loaded.game is not None and loaded.game.players == {}
    doc["players"] = ["ai"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc))
    loaded = check_save(broken)
    assert loaded.ok and loaded.game is not None and loaded.game.players == {}
    assert any("players" in n for n in loaded.notes)


def test_unknown_player_in_a_save_is_played_by_a_person(make_app: Callable[..., App]) -> None:
    game = pit_game({"adventurers": "ai:genius", "krobs": "ai:easy"})
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings())
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.human is Side.ADVENTURERS
    assert any("ai:genius" in line for line in scene.log_lines)


def test_picker_asks_who_plays_and_remembers(make_app: Callable[..., App]) -> None:
    app = make_app(
        lambda a: ScenarioPicker(a, folder=REPO / "scenarios", seed=4),
        settings=small_settings(),
    )
    picker = app.scene
    assert isinstance(picker, ScenarioPicker)
    assert picker.choice.players == {Side.ADVENTURERS: "human", Side.KROBS: "human"}
    click(app, picker.choice.buttons[(Side.KROBS, "ai:hard")])
    assert picker.choice.players[Side.KROBS] == "ai:hard"
    assert picker.choice.buttons[(Side.KROBS, "ai:hard")].is_selected
    key(app, pygame.K_RETURN)
    scene = app.scene
    assert isinstance(scene, GameScene)
    assert scene.game.players == {"adventurers": "human", "krobs": "ai:hard"}
    settings, _ = load_settings()
    assert (settings.adventurers_player, settings.krobs_player) == ("human", "ai:hard")
    again = ScenarioPicker(app)
    assert again.choice.players[Side.KROBS] == "ai:hard"


class BrokenAgent:
    """An agent whose code fails."""

    def __init__(self, side: Side) -> None:
        self.side = side
        self.intent: list[str] = []

    def choose(self, view: SideView) -> Action:
        raise RuntimeError("the planner lost its way")


def test_a_failing_agent_pauses_the_ai_and_loses_nothing(make_app: Callable[..., App]) -> None:
    game = pit_game({"adventurers": "ai:normal", "krobs": "human"})
    app = make_app(
        lambda a: GameScene(a, game, new=True, agents=lambda n, s, seed: BrokenAgent(s)),
        settings=small_settings(),
    )
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.ai is not None
    history = len(game.history)
    run_until(app, lambda: scene.ai is not None and scene.ai.paused)
    assert "The AI failed (RuntimeError: the planner lost its way)" in scene.message_text
    assert len(game.history) == history and not game.over
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # the game can still be saved
    assert "Saved as" in scene.message_text


def test_play_again_keeps_the_players(make_app: Callable[..., App]) -> None:
    from dragonnoir.ui.end_screen import EndScreen as End

    game = pit_game({"adventurers": "ai:easy", "krobs": "ai:easy"})
    app = make_app(lambda a: GameScene(a, game, new=True), settings=small_settings(ai_speed=0.0))
    run_until(app, lambda: isinstance(app.scene, End))
    end = app.scene
    assert isinstance(end, End)
    app.go(end.play_again(seed=9))
    again = app.scene
    assert isinstance(again, GameScene) and again.game is not game
    assert again.game.players == {"adventurers": "ai:easy", "krobs": "ai:easy"}


def test_a_campaign_against_the_krob_ai(make_app: Callable[..., App]) -> None:
    """The campaign menu asks who plays too; the campaign keeps it (its save), and each
    of its games — new or resumed — is played against the AI."""
    from dragonnoir.ui.campaign_scene import CampaignMenu, CampaignScene, resume_scene
    from dragonnoir.ui.campaign_scene import save_path_for as campaign_save

    app = make_app(settings=small_settings())
    click(app, app.scene.buttons["campaign"])  # type: ignore[attr-defined]
    menu = app.scene
    assert isinstance(menu, CampaignMenu)
    click(app, menu.choice.buttons[(Side.KROBS, "ai:easy")])
    assert "Solo" in " ".join(
        str(getattr(w, "text", ""))
        for w in menu.root.elements  # type: ignore[union-attr]
    )
    click(app, menu.buttons["new"])
    screen = app.scene
    assert isinstance(screen, CampaignScene)
    assert screen.run.state.players == {"adventurers": "human", "krobs": "ai:easy"}
    click(app, screen.buttons["continue"])
    game_screen = app.scene
    assert isinstance(game_screen, GameScene)
    assert game_screen.human is Side.ADVENTURERS
    assert game_screen.ai is not None and game_screen.ai.sides == {Side.KROBS}
    resumed = resume_scene(app, campaign_save("la-descente"))
    assert isinstance(resumed, GameScene)
    assert resumed.game.players == {"adventurers": "human", "krobs": "ai:easy"}
