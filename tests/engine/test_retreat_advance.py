"""Retreats and advances after combat ("Multiple Combat", "Advance After Combat", "How to
Destroy a Spider Web"), and our readings of them (docs/combat.md)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from dragonnoir.engine.actions import (
    Advance,
    Attack,
    Declare,
    DestroyWeb,
    Pass,
    ResolveCombat,
    Retreat,
)
from dragonnoir.engine.events import (
    CombatResolved,
    DieRolled,
    Event,
    RetreatBlocked,
    Revealed,
    UnitAdvanced,
    UnitKnockedOut,
    WebDestroyed,
)
from dragonnoir.engine.explain import IllegalAction
from dragonnoir.engine.game import Game
from dragonnoir.engine.state import Side, Status
from dragonnoir.engine.testing import Piece, attack_now, force_dice, position
from dragonnoir.hexmap.board import BOARD_GRID
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import english

FLOOR = """
. . . . . . .
 . . . . . . .
. . . . . . .
 . . . . . . .
. . . . . . .
"""
C = Hex(3, 2)
E = C.neighbour(0)


def cell(h: Hex) -> tuple[int, int]:
    return BOARD_GRID.to_cell(h)


def game_of(
    pieces: dict[str, Hex],
    *,
    art: str = FLOOR,
    phase: str = "adventurer_combat",
    webs: Iterable[Hex] = (),
) -> Game:
    return position(
        art,
        [Piece(kind, cell(h)) for kind, h in pieces.items()],
        phase=phase,
        webs=[cell(h) for h in webs],
    )


def resolved(events: Iterable[Event]) -> CombatResolved:
    return next(e for e in events if isinstance(e, CombatResolved))


def infiltration_rolls(events: Iterable[Event]) -> list[DieRolled]:
    return [
        e
        for e in events
        if isinstance(e, DieRolled) and english(e.purpose).startswith("infiltration")
    ]


# -- retreats ------------------------------------------------------------------------------


def test_retreat_each_step_away_from_every_enemy_the_owner_chooses() -> None:
    game = game_of({"zed": C, "hunter_01": E})
    force_dice(game, 5)  # 6 vs 2: 3-1, die 5: DR
    assert resolved(attack_now(game, Attack(("zed",), ("hunter_01",)))).result == "DR"
    assert game.to_act() is Side.KROBS
    retreats = {a.path for a in game.legal_actions() if isinstance(a, Retreat)}
    assert retreats == {(E.neighbour(0),), (E.neighbour(1),), (E.neighbour(5),)}
    with pytest.raises(IllegalAction, match="farther from every enemy"):
        game.apply(Retreat("hunter_01", (E.neighbour(2),)))  # still next to Zed
    game.apply(Retreat("hunter_01", (E.neighbour(1),)))
    assert game.state.units["hunter_01"].hex == E.neighbour(1)


def test_retreat_through_friends_but_never_ending_on_one() -> None:
    friend = E.neighbour(0)
    game = game_of({"zed": C, "hunter_01": E, "hunter_02": friend, "hunter_03": E.neighbour(1)})
    force_dice(game, 6)  # 6 vs 2: 3-1, die 6: DR
    attack_now(game, Attack(("zed",), ("hunter_01",)))
    # One hex: only E+d5 is free; not the friends' hexes. Auto-applied, the only path.
    assert game.state.units["hunter_01"].hex == E.neighbour(5)
    game = game_of({"zed": C, "hunter_01": E, "hunter_02": friend, "hunter_03": E.neighbour(1)})
    force_dice(game, 4)  # 3-1, die 4: DK -> a Hunter retreats two hexes
    attack_now(game, Attack(("zed",), ("hunter_01",)))
    paths = {a.path for a in game.legal_actions() if isinstance(a, Retreat)}
    assert (friend, friend.neighbour(5)) in paths  # through a friend
    assert all(p[-1] not in (friend, E.neighbour(1)) for p in paths)


def test_attacker_retreat_applies_to_all_who_attacked_one_at_a_time() -> None:
    game = game_of({"zed": C, "rebel_swordsman_1": E.neighbour(1), "warrior_01": E})
    # 11 vs 4: 2-1, joint 3-1; die 9 + 1 = 10: AR
    force_dice(game, 9)
    events = attack_now(game, Attack(("rebel_swordsman_1", "zed"), ("warrior_01",)))
    assert resolved(events).result == "AR"
    decision = game.state.pending[0]
    assert decision.kind == "retreat" and decision.side is Side.ADVENTURERS
    assert decision.data["units"] == {"rebel_swordsman_1": 1, "zed": 1}
    first = next(a for a in game.legal_actions() if isinstance(a, Retreat) and a.unit == "zed")
    game.apply(first)
    assert game.state.pending and set(game.state.pending[0].data["units"]) == {"rebel_swordsman_1"}
    rest = next(a for a in game.legal_actions() if isinstance(a, Retreat))
    game.apply(rest)
    # Both retreated: the Warrior may advance.
    assert game.state.pending[0].kind == "advance" and game.to_act() is Side.KROBS


CORNER = Hex(0, 0)  # on FLOOR, its only neighbours on the map are Hex(1, 0) and Hex(0, 1)


def test_blocked_retreat_an_adventurer_is_knocked_out_instead() -> None:
    game = game_of(
        {"rebel_swordsman_1": CORNER, "hunter_01": Hex(1, 0), "hunter_02": Hex(0, 1)},
        phase="krob_combat",
    )
    force_dice(game, 3)  # 3 vs 3: 1-1, die 3: DR
    events = attack_now(game, Attack(("hunter_01",), ("rebel_swordsman_1",)))
    assert any(isinstance(e, RetreatBlocked) for e in events)
    assert UnitKnockedOut("rebel_swordsman_1") in events
    assert game.state.units["rebel_swordsman_1"].hex == CORNER


def test_blocked_retreat_a_krob_takes_a_wound_instead() -> None:
    game = game_of({"hunter_01": CORNER, "zed": Hex(1, 0), "rebel_swordsman_1": Hex(0, 1)})
    force_dice(game, 5)  # 6 vs 2: 3-1, die 5: DR
    events = attack_now(game, Attack(("zed",), ("hunter_01",)))
    assert any(isinstance(e, RetreatBlocked) for e in events)
    hunter = game.state.units["hunter_01"]
    assert hunter.status is Status.WOUNDED and hunter.hex == CORNER
    assert not game.state.pending  # no hex was left: nobody advances


# -- advance after combat ------------------------------------------------------------------


def test_advance_half_movement_first_hex_left_by_the_enemy_not_counted() -> None:
    game = game_of({"zed": C, "hunter_01": E})
    force_dice(game, 6)  # DR
    attack_now(game, Attack(("zed",), ("hunter_01",)))
    game.apply(Retreat("hunter_01", (E.neighbour(1),)))
    decision = game.state.pending[0]
    assert decision.kind == "advance" and decision.side is Side.ADVENTURERS
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances and all(a.path[0] == E for a in advances)
    assert max(len(a.path) for a in advances) == 3  # Zed: 6 MP, half is 3 on cave floor
    assert Pass() in game.legal_actions()
    with pytest.raises(IllegalAction, match="first hex"):
        game.apply(Advance("zed", (C.neighbour(1),)))
    with pytest.raises(IllegalAction):
        game.apply(Advance("zed", (E, E.neighbour(0), E.neighbour(0).neighbour(0), Hex(6, 2))))
    zed = game.state.units["zed"]
    game.apply(Advance("zed", (E, E.neighbour(0))))
    assert zed.hex == E.neighbour(0)
    assert zed.mp_spent == 0 and not zed.moved  # "do not prevent ... from moving normally"
    assert not game.state.pending


def test_an_illegal_advance_step_is_named_by_its_tiled_cell() -> None:
    rock = """
. . . . . . .
 . . . . . # .
. . . . . . .
 . . . . . . .
. . . . . . .
"""
    game = game_of({"zed": C, "hunter_01": E}, art=rock)
    force_dice(game, 6)  # DR
    attack_now(game, Attack(("zed",), ("hunter_01",)))
    game.apply(Retreat("hunter_01", (E.neighbour(5),)))
    with pytest.raises(IllegalAction, match=r"the step onto \(5,1\) is not allowed"):
        game.apply(Advance("zed", (E, E.neighbour(1), E.neighbour(0))))


def test_advance_may_be_declined() -> None:
    game = game_of({"zed": C, "hunter_01": E})
    force_dice(game, 6)
    attack_now(game, Attack(("zed",), ("hunter_01",)))
    game.apply(Retreat("hunter_01", (E.neighbour(0),)))
    game.apply(Pass())
    assert game.state.units["zed"].hex == C and not game.state.pending


def test_advance_through_the_hex_of_a_knocked_out_character_but_not_onto_it() -> None:
    game = game_of({"hunter_01": C, "rebel_swordsman_1": E}, phase="krob_combat")
    force_dice(game, 2)  # 3 vs 3: 1-1, die 2: DK
    attack_now(game, Attack(("hunter_01",), ("rebel_swordsman_1",)))
    assert game.state.units["rebel_swordsman_1"].status is Status.KNOCKED_OUT
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances and all(a.path[0] == E and a.path[-1] != E for a in advances)


def test_advance_infiltration_only_for_enemies_not_engaged_in_a_combat() -> None:
    """ "an enemy character adjacent to the crossed hex triggers a die roll only if he is
    not engaged at the same moment in a combat, as attacker or as defender. It does not
    matter whether the combat has already taken place or not": every combat of the phase
    is declared before the first is resolved (issue 8, ruling 2), so an enemy named in a
    combat still to come causes no roll either."""
    watcher = E.neighbour(1)  # next to E, the hex Zed crosses; not next to Zed

    def play(other_combat: str) -> list[Event]:
        pieces = {"zed": C, "hunter_01": E, "hunter_02": watcher}
        pieces["rebel_swordsman_1"] = watcher.neighbour(2)
        game = game_of(pieces)
        game.apply(Attack(("zed",), ("hunter_01",)))
        if other_combat != "none":
            game.apply(Attack(("rebel_swordsman_1",), ("hunter_02",)))
        game.apply(Declare())
        if other_combat == "resolved before":
            force_dice(game, 6)  # swordsman 5 vs 2: 2-1, die 6: NE
            assert resolved(game.apply(ResolveCombat(2))).result == "NE"
        force_dice(game, 5, 1, 1)  # Zed 6 vs 2: 3-1, die 5: DR; then infiltration dice
        game.apply(ResolveCombat(1))
        game.apply(Retreat("hunter_01", (E.neighbour(5),)))  # next to E: engaged, no roll
        return game.apply(Advance("zed", (E, E.neighbour(0))))

    assert len(infiltration_rolls(play("none"))) == 1  # hunter_02 only
    assert infiltration_rolls(play("resolved before")) == []
    assert infiltration_rolls(play("still to come")) == []


# -- How to Destroy a Spider Web -------------------------------------------------------------


def test_destroy_web_without_a_krob_advance_onto_it_and_flip_it() -> None:
    """ "If there is no Krob on the hex in question, the Adventurer automatically
    benefits from the advance after combat" ("How to Destroy a Spider Web"): Zed (6 MP)
    has 3 points of advance, the first hex the web's; he chooses where it ends. The
    advance is automatic: no Pass."""
    game = game_of({"zed": C}, webs=[E])
    action = DestroyWeb("zed", E)
    assert action in game.legal_actions()
    assert "half his movement potential (3 MP)" in game.explain(action).reason
    game.apply(action)
    assert game.state.units["zed"].attacked == 1
    assert game.to_act() is Side.ADVENTURERS and game.state.pending[0].kind == "advance"
    legal = game.legal_actions()
    assert Pass() not in legal
    why = game.explain(Pass())
    assert not why.legal and why.rule == "How to Destroy a Spider Web"
    assert Advance("zed", (E,)) in legal
    far = (E, Hex(3, 3), Hex(2, 3))  # round behind him
    assert Advance("zed", far) in legal
    assert not any(a.path[0] != E for a in legal if isinstance(a, Advance))
    events = game.apply(Advance("zed", far))
    assert any(isinstance(e, WebDestroyed) for e in events)
    assert any(isinstance(e, UnitAdvanced) for e in events)
    assert game.state.units["zed"].hex == far[-1]
    assert not any(acc.face_up for acc in game.state.accessories.values())
    assert not game.is_legal(DestroyWeb("zed", E))
    assert game.state.units["zed"].mp_spent == 0  # "do not prevent ... moving normally"


def test_destroy_web_an_advance_longer_than_half_the_potential_is_refused() -> None:
    game = game_of({"zed": C}, webs=[E])
    game.apply(DestroyWeb("zed", E))
    four = (E, Hex(3, 3), Hex(2, 3), Hex(1, 3))
    why = game.explain(Advance("zed", four))
    assert not why.legal and why.rule == "Advance After Combat"


def test_destroy_web_with_only_the_web_hex_in_reach_advances_at_once() -> None:
    """A wounded Black Dwarf (3 MP: 1 point of advance) has only
    the web's hex: nothing to choose, no decision."""
    game = position(
        FLOOR,
        [Piece("dwarf_axeman_1", cell(C), status=Status.WOUNDED, wounds=1)],
        phase="adventurer_combat",
        webs=[cell(E)],
    )
    events = game.apply(DestroyWeb("dwarf_axeman_1", E))
    assert not game.state.pending
    assert any(isinstance(e, WebDestroyed) for e in events)
    assert game.state.units["dwarf_axeman_1"].hex == E


def test_destroy_web_refused_with_a_krob_on_it_or_from_afar() -> None:
    game = game_of({"zed": C, "hunter_01": E}, webs=[E, Hex(0, 4)])
    why = game.explain(DestroyWeb("zed", E))
    assert not why.legal and why.rule == "How to Destroy a Spider Web"
    assert "Krob" in why.reason
    assert not game.is_legal(DestroyWeb("zed", Hex(0, 4)))
    # But the Krob on the web may be attacked.
    assert game.is_legal(Attack(("zed",), ("hunter_01",)))


def test_destroy_web_krob_killed_and_the_adventurer_advances_onto_the_web() -> None:
    game = game_of({"troll_1": C, "hunter_01": E}, webs=[E])
    force_dice(game, 1)  # 8 vs 2: 4-1, die 1: DX
    attack_now(game, Attack(("troll_1",), ("hunter_01",)))
    assert Advance("troll_1", (E,)) in game.legal_actions()
    events = game.apply(Advance("troll_1", (E,)))
    assert any(isinstance(e, WebDestroyed) for e in events)
    assert game.state.units["troll_1"].hex == E


def test_destroy_web_without_an_advance_the_web_remains() -> None:
    game = game_of({"troll_1": C, "hunter_01": E}, webs=[E])
    force_dice(game, 1)
    attack_now(game, Attack(("troll_1",), ("hunter_01",)))
    game.apply(Pass())
    assert all(acc.face_up for acc in game.state.accessories.values())


def test_destroy_web_only_a_web_the_adventurers_know_of() -> None:
    game = game_of({"zed": C}, webs=[E])
    for acc in game.state.accessories.values():
        acc.hidden_from = Side.ADVENTURERS
    assert not game.is_legal(DestroyWeb("zed", E))
    assert not [a for a in game.legal_actions() if isinstance(a, DestroyWeb)]


# -- a retreat planned as the side sees the map ("Hidden Krobs", docs/scenarios.md) -------

LURK = C.neighbour(3).neighbour(3)  # two hexes behind Zed's swordsman, away from the Warrior


def _pushed_two_hexes(lurker: bool) -> Game:
    """The swordsman on C must retreat two hexes from the Warriors on E and C+d1 (10 vs 3,
    joint: 4-1, die 6: DR2); with `lurker`, a Hunter hidden from the Adventurers waits on
    LURK. (On this open floor the swordsman would see him; where the caves hide him, in a
    pit below the rim or beyond a bend, it is the same: he is hidden once the retreat is
    to be chosen, which is all the retreat's rules ask.)"""
    pieces = {"rebel_swordsman_1": C, "warrior_01": E, "warrior_02": C.neighbour(1)}
    if lurker:
        pieces["hunter_02"] = LURK
    game = game_of(pieces, phase="krob_combat")
    force_dice(game, 6)
    events = attack_now(game, Attack(("warrior_01", "warrior_02"), ("rebel_swordsman_1",)))
    assert resolved(events).result == "DR2"
    if lurker:
        game.state.units["hunter_02"].hidden_from = Side.ADVENTURERS
    return game


def test_retreat_paths_do_not_tell_where_a_hidden_krob_lurks() -> None:
    seen = {a for a in _pushed_two_hexes(lurker=True).legal_actions() if isinstance(a, Retreat)}
    empty = {a for a in _pushed_two_hexes(lurker=False).legal_actions() if isinstance(a, Retreat)}
    assert seen == empty
    assert any(a.path[-1] == LURK for a in seen)


def test_a_retreat_that_runs_into_a_hidden_krob_finds_him_and_is_chosen_again() -> None:
    game = _pushed_two_hexes(lurker=True)
    into = next(a for a in game.legal_actions() if isinstance(a, Retreat) and a.path[-1] == LURK)
    events = game.apply(into)
    found = [e for e in events if isinstance(e, Revealed)]
    assert (
        found
        and "Rebel Swordsman" in english(found[0].what)
        and "retreat runs into him" in english(found[0].what)
    )
    assert game.state.units["hunter_02"].hidden_from is None
    assert game.state.units["rebel_swordsman_1"].hex == C  # he has not moved
    again = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    assert again and game.state.pending[0].kind == "retreat"
    assert all(LURK not in a.path for a in again)
    game.apply(again[0])
    assert game.state.units["rebel_swordsman_1"].hex == again[0].path[-1]
