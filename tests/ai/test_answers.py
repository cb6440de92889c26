"""The answers to a question that offers spells, casts left out (ai/answers.py), are the
engine's own list less its casts, and say whether a cast was in it."""

from __future__ import annotations

from dragonnoir.ai.answers import spell_answers
from dragonnoir.ai.runner import play_game
from dragonnoir.ai.simulate import games_of
from dragonnoir.engine.actions import Action, CastSpell, EndPhase, Pass
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side
from dragonnoir.resources import find


def _compare_all(scenario: str, seed: int, agents: dict[Side, str]) -> tuple[int, int]:
    """Play the game; at every question that offers spells compare the two lists.
    Returns how many such questions there were, and how many offered a cast."""
    seen = [0, 0]

    def check(game: Game, side: Side, action: Action) -> None:
        pending = game.state.pending
        if not pending:
            return
        offered = spell_answers(game, pending[0])
        if offered is None:
            return
        legal = game.legal_actions()
        rest, casting = offered
        assert rest == [a for a in legal if not isinstance(a, CastSpell)]
        assert casting == any(isinstance(a, CastSpell) for a in legal)
        assert Pass() in rest
        seen[0] += 1
        seen[1] += casting

    play_game(games_of(str(find("scenarios", scenario))), seed, agents, on_action=check)
    return seen[0], seen[1]


def test_the_answers_are_the_engines_less_the_casts() -> None:
    # Le-nid's Shaman in the hall: the Krobs' every step is a pause where he may cast.
    agents = {Side.KROBS: "ai:normal", Side.ADVENTURERS: "ai:normal"}
    asked, casting = _compare_all("le-nid", 1, agents)
    assert asked >= 8 and casting >= 8


def test_a_pause_for_an_archer_once_the_wizard_has_cast() -> None:
    """A pause where no cast is legal any more (the wizard has cast this turn; since the
    Krob turn's windows open only while he may, only an archer's shot makes one)."""
    from dragonnoir.engine.actions import Move
    from dragonnoir.engine.state import Wizard
    from dragonnoir.engine.testing import Piece, hexes, position

    art = ". . . . . . . . . .\n . . . . . . . . . .\n. . . . . . . . . ."
    pieces = [Piece("zacharie", (0, 0)), Piece("elf_3", (0, 2)), Piece("hunter_01", (9, 1))]
    game = position(art, pieces, phase="adventurer_movement")
    game.state.wizards["zacharie"] = Wizard("zacharie", 1, 100)
    game.state.wizards["zacharie"].cast_turn = 1  # he has cast this turn
    while game.state.phase != "krob_movement":
        game.apply(EndPhase())
    assert not game.state.pending  # no window: he has cast
    game.apply(Move("hunter_01", hexes(game, (8, 1), (7, 1), (6, 1), (5, 1), (4, 1))))
    pending = game.state.pending
    assert pending and pending[0].kind == "defensive_fire"
    offered = spell_answers(game, pending[0])
    assert offered is not None
    rest, casting = offered
    assert not casting and rest == game.legal_actions()


def test_other_questions_are_not_answered_here() -> None:
    game = games_of(str(find("scenarios", "la-fosse")))(0)
    assert not game.state.pending
    from dragonnoir.engine.state import Decision

    assert spell_answers(game, Decision("retreat", Side.KROBS, {})) is None
