"""`Game.dice_source`: each action's dice from a source the game is given (play by
e-mail seeds them from both players' secrets), through the one door."""

from __future__ import annotations

import random
from pathlib import Path

from dragonnoir.engine.dice import Dice
from dragonnoir.engine.events import DieRolled
from dragonnoir.engine.game import Game, hidden_seed
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.narration.phrase import tell

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


def test_a_hidden_character_rolls_from_his_own_stream_when_dice_come_from_a_source() -> None:
    """Play by e-mail plays the Adventurers' game without the Krobs hidden from them
    (pbem/blind.py): a die rolled for a hidden Krob must not shift the dice of anything
    else in the same action. With a `dice_source`, his rolls come from his own stream;
    without one (a game at one screen), every roll comes from the game's dice as ever."""
    game = fosse()
    krob = next(u for u in game.state.units.values() if u.side.value == "krobs")
    rebel = next(u for u in game.state.units.values() if u.side.value == "adventurers")
    krob.hidden_from = rebel.side
    game.state.dice = Dice(77)
    game.roll(tell("test"), "rule", by=krob.id)
    assert game.state.dice.rolls == 1  # no source: the game's own dice

    game.dice_source = lambda g, a: Dice(77)
    game.state.dice = Dice(77)
    with_hidden = [game.roll(tell("test"), "rule", by=krob.id)[0] for _ in range(3)]
    seen = game.roll(tell("test"), "rule", by=rebel.id)[0]
    assert game.state.dice.rolls == 1  # only the rebel's roll came from the game's dice
    assert seen == Dice(77).roll_d10()  # the same die he would roll without the Krob
    own = Dice(hidden_seed(77, krob.id))
    assert with_hidden == [own.roll_d10() for _ in range(3)]  # one stream, going on
    krob.hidden_from = None  # seen: his rolls are the game's again
    game.roll(tell("test"), "rule", by=krob.id)
    assert game.state.dice.rolls == 2
