"""Undo by snapshot, limited by information: back to the last die roll or reveal, never
further; state, history and log restored exactly; the history left replays to the same
state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dragonnoir.engine.actions import Action, EndPhase, Pass
from dragonnoir.engine.events import Event, Revealed
from dragonnoir.engine.explain import Explanation, allowed, refused
from dragonnoir.engine.game import Game
from dragonnoir.engine.ruleset import RulesPart
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.standard_rules import standard_rules
from dragonnoir.engine.state import Decision, Side
from dragonnoir.engine.testing import position
from dragonnoir.narration.narrator import Narrator

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"
ART = """
. . . . .
 . . . . .
. . . . .
"""


class _Oracle:
    """A decision (kinds "test_roll" and "test_reveal") answered by Pass: it throws the
    die or reveals something, like the rules modules will."""

    def __init__(self, reveal: bool) -> None:
        self.reveal = reveal

    def explain(self, game: Game, decision: Decision, action: Action) -> Explanation:
        if isinstance(action, Pass):
            return allowed("answered")
        return refused("answer with Pass", "tests")

    def apply(self, game: Game, decision: Decision, action: Action) -> list[Event]:
        game.pop_decision()
        if self.reveal:
            return [Revealed("a hidden Krob", None)]
        _, event = game.roll("a test", "tests")
        return [event]

    def generate(self, game: Game, decision: Decision) -> list[Action]:
        return [Pass()]


#: The standard rules and the test's own decisions.
RULES = standard_rules().plus(
    RulesPart(
        "test_oracles",
        decisions={"test_roll": _Oracle(reveal=False), "test_reveal": _Oracle(reveal=True)},
    )
)


def game_at_start(seed: int = 4) -> Game:
    return position(ART, {"zed": (0, 0), "hunter_01": (4, 2)}, seed=seed, ruleset=RULES)


def snapshot(game: Game) -> tuple[dict[str, object], list[Action], list[str]]:
    return game.state.to_dict(), list(game.history), Narrator.english(game).log(game, None)


def replayed(game: Game, seed: int = 4) -> Game:
    """A new game from the same set-up and seed with `game`'s history applied."""
    fresh = game_at_start(seed)
    for action in game.history:
        fresh.apply(action)
    return fresh


def test_every_undo_restores_state_history_and_log_exactly() -> None:
    game = game_at_start()
    marks = [snapshot(game)]
    for _ in range(7):
        game.apply(EndPhase())
        marks.append(snapshot(game))
    marks.pop()
    while marks:
        assert game.can_undo()
        assert game.undo()
        assert snapshot(game) == marks.pop()
        assert replayed(game).state.to_dict() == game.state.to_dict()
    assert not game.can_undo() and not game.undo()
    assert game.history == []


@pytest.mark.parametrize("kind", ["test_roll", "test_reveal"])
def test_undo_stops_at_the_last_die_roll_or_reveal(kind: str) -> None:
    game = game_at_start()
    game.apply(EndPhase())
    game.apply(EndPhase())
    game.push_decision(Decision(kind, Side.ADVENTURERS))
    rolls = game.state.dice.rolls
    game.apply(Pass())
    assert game.state.dice.rolls == rolls + (kind == "test_roll")
    assert not game.can_undo()  # the die (or the reveal) cannot be taken back
    after_information = snapshot(game)
    game.apply(EndPhase())
    game.apply(EndPhase())
    assert game.undo() and game.undo()
    assert snapshot(game) == after_information
    assert not game.undo()  # no further than the roll
    assert snapshot(game) == after_information


def test_undo_then_the_same_action_again_gives_the_same_state() -> None:
    game = load_scenario(SCENARIOS / "corridor.toml").new_game(11)
    rng = random.Random(11)
    for _ in range(25):
        if game.over:
            break
        action = rng.choice(game.legal_actions())
        before = snapshot(game)
        events = game.apply(action)
        after = snapshot(game)
        if game.can_undo():
            assert game.undo()
            assert snapshot(game) == before
            assert game.apply(action) == events
            assert snapshot(game) == after


def test_the_history_left_after_undo_replays_to_the_same_state() -> None:
    scenario = load_scenario(SCENARIOS / "nest.toml")
    game = scenario.new_game(8)
    rng = random.Random(8)
    for _ in range(30):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.3:
            game.undo()
    fresh = scenario.new_game(8)
    for action in game.history:
        fresh.apply(action)
    assert fresh.state.to_dict() == game.state.to_dict()
    assert fresh.log == game.log


def test_no_undo_when_not_recorded() -> None:
    game = game_at_start()
    game.record_undo = False
    game.apply(EndPhase())
    assert not game.can_undo() and not game.undo()


def test_a_real_die_roll_ends_undo() -> None:
    """Whatever rolls dice in the engine (infiltration, combat, fire...), once rolled it
    cannot be undone."""
    for name in ("nest", "fosse_pit", "corridor"):
        scenario = load_scenario(SCENARIOS / f"{name}.toml")
        for seed in range(10):
            game = scenario.new_game(seed)
            rng = random.Random(seed)
            while not game.over:
                rolls = game.state.dice.rolls
                game.apply(rng.choice(game.legal_actions()))
                if game.state.dice.rolls != rolls:
                    assert not game.can_undo()
                    return
    pytest.skip("no rules module rolls dice yet")
