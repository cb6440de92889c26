"""`Game.dice_source`: each action's dice from a source the game is given (play by
e-mail seeds them from both players' secrets), through the one door."""

from __future__ import annotations

import random
from pathlib import Path

from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import DieRolled
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario

REPO = Path(__file__).resolve().parents[2]


def fosse() -> Game:
    return load_scenario(REPO / "scenarios" / "la-fosse.toml").new_game(3)


def test_each_action_rolls_the_dice_its_source_gives() -> None:
    """Two games played alike, one given a source, one whose dice are set by hand to the
    same seeds before each action: the same dice, the same game."""
    given, by_hand = fosse(), fosse()
    asked: list[int] = []

    def source(game: Game, action: object) -> Dice:
        asked.append(len(game.history))
        return Dice(1000 + len(game.history))

    given.dice_source = source
    rng = random.Random(5)
    rolled = 0
    for _ in range(120):
        if given.over:
            break
        action = rng.choice(given.legal_actions())
        by_hand.state.dice = Dice(1000 + len(by_hand.history))
        events = given.apply(action)
        assert by_hand.apply(action) == events
        rolled += sum(isinstance(e, DieRolled) for e in events)
    assert rolled > 0  # dice were rolled, from the source
    assert asked == list(range(len(asked)))  # asked once before each action
    assert given.state.to_dict() == by_hand.state.to_dict()
