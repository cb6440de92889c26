"""Where the engine chose a reading, the refusal or the preview says it in words, with
the section: a Krob and a boat's passenger, a Gharv's wound, a planned attack withdrawn."""

from __future__ import annotations

from dragonnoir.engine.actions import Attack, Declare, WithdrawAttack
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Accessory, AccessoryKind
from dragonnoir.engine.testing import Piece, hexes, position

R_RESTRICTIONS = (
    "Combat Restrictions: any combat is impossible when the attacker cannot go onto the hex "
    "he is attacking"
)


def boat_game() -> Game:
    """A swordsman in a boat at a landing stage; a Hunter on the landing stage beside."""
    game = position(
        ". l l l l .\n ~ ~ ~ ~ ~ ~\n~ ~ ~ ~ ~ ~",
        [Piece("rebel_swordsman_1", (1, 1)), Piece("hunter_01", (2, 0))],
        levels="0 - - - - 0\n - - - - - -\n- - - - - -",
        phase="krob_combat",
    )
    stern, bow = hexes(game, (0, 1), (1, 1))
    game.state.accessories["boat_1"] = Accessory("boat_1", AccessoryKind.BOAT, (stern, bow))
    game.touch()
    return game


def test_a_krob_cannot_attack_a_boat_s_passenger_and_is_told_why() -> None:
    game = boat_game()
    why = game.explain(Attack(("hunter_01",), ("rebel_swordsman_1",)))
    assert not why.legal and why.rule == R_RESTRICTIONS
    assert "only Adventurers can move by boat (Movement by Boat)" in why.reason
    assert "(1,1)" in why.reason  # the passenger's hex, by its cell


def test_not_adjacent_says_so() -> None:
    game = position(
        ". . . . .", [Piece("zed", (0, 0)), Piece("hunter_01", (3, 0))], phase="adventurer_combat"
    )
    why = game.explain(Attack(("zed",), ("hunter_01",)))
    assert not why.legal and "not adjacent" in why.reason and why.rule == R_RESTRICTIONS


def _notes(game: Game, attack: Attack) -> list[tuple[str, str]]:
    verdict = game.explain(attack)
    assert verdict.legal, verdict.reason
    return [(n["text"], n["rule"]) for n in verdict.details.get("notes", ())]


def test_the_preview_says_what_a_wound_does_to_a_gharv() -> None:
    plain = position(
        ". . . .\n . . . .",
        [Piece("rebel_swordsman_1", (1, 0)), Piece("gharv_1", (2, 0))],
        phase="adventurer_combat",
    )
    notes = _notes(plain, Attack(("rebel_swordsman_1",), ("gharv_1",)))
    lives = "a Gharv wounded here lives: only Zed's curare kills it (our reading)"
    assert (lives, "The Adventurers: Zed") in notes
    with_zed = position(
        ". . . .\n . . . .",
        [Piece("zed", (1, 0)), Piece("gharv_1", (2, 0))],
        phase="adventurer_combat",
    )
    notes = _notes(with_zed, Attack(("zed",), ("gharv_1",)))
    dies = "a Gharv wounded here dies: Zed takes part (his curare)"
    assert (dies, "The Adventurers: Zed") in notes


def test_a_planned_attack_says_it_may_be_withdrawn_until_declare() -> None:
    game = position(
        ". . . .", [Piece("zed", (1, 0)), Piece("hunter_01", (2, 0))], phase="adventurer_combat"
    )
    attack = Attack(("zed",), ("hunter_01",))
    texts = [text for text, rule in _notes(game, attack) if rule.startswith("Combat (declared")]
    assert texts == ["planned: it may be withdrawn until the combats are declared (Declare)"]
    game.apply(attack)
    assert game.is_legal(WithdrawAttack(1))
    game.apply(Declare())
    why = game.explain(WithdrawAttack(1))
    assert not why.legal and "only until the combats are declared" in why.reason
    assert why.rule.startswith("Combat (declared")


def test_no_gharv_note_without_a_gharv() -> None:
    plain = position(
        ". . . .", [Piece("zed", (1, 0)), Piece("hunter_01", (2, 0))], phase="adventurer_combat"
    )
    assert all("Gharv" not in text for text, _ in _notes(plain, Attack(("zed",), ("hunter_01",))))
