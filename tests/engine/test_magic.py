"""Magic ("Magic", "Energy Points (EP)", "Resolution of a Spell", "Range of Action", "The
Spectres", "The Krobs: Fireballs"): one small hand-made position per rule, dice forced.
The spells are ours (dragonnoir/data/spells.toml, docs/spells.md)."""

from __future__ import annotations

import pytest

from dragonnoir.engine.actions import CastSpell, EndPhase, Move, Pass
from dragonnoir.engine.events import DieRolled, SpectreVanished, SpellCast, WebDestroyed
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import AccessoryKind, Side, Status, Wizard
from dragonnoir.engine.testing import Piece, cell_of, force_dice, hexes, position
from dragonnoir.engine.values import profile
from dragonnoir.narration.phrase import english

FLOOR = """
. . . . . . . . . . . . . .
 . . . . . . . . . . . . . .
. . . . . . . . . . . . . .
"""


def at(game: Game, cell: tuple[int, int]) -> str:
    h = hexes(game, cell)[0]
    return f"{h.q},{h.r}"


def wizard_game(pieces: list[Piece], art: str = FLOOR, level: int = 1, **kw: object) -> Game:
    """Zacharie at `level` in a drawn position; in the Krob movement, the window before
    the first Krob moves is passed (tests/engine/test_cast_windows.py has it)."""
    game = position(art, pieces, phase=kw.pop("phase", "adventurer_movement"), **kw)  # type: ignore[arg-type]
    game.state.wizards["zacharie"] = Wizard("zacharie", level, level * 100)
    pending = game.state.pending
    if pending and magic.window_moment(pending[0]) == magic.MOVEMENT_START:
        game.apply(Pass())
    return game


def cast(game: Game, spell: str, *targets: str) -> CastSpell:
    return CastSpell("zacharie", spell, targets)


def test_energy_is_level_times_100_halved_by_a_wound_doubled_by_healing() -> None:
    game = wizard_game([Piece("zacharie", (0, 0))], level=2)
    wizard = game.state.units["zacharie"]
    assert magic.available_energy(magic.sheet(game, wizard), wizard) == 200
    wizard.wounds, wizard.status = 1, Status.WOUNDED
    assert magic.available_energy(magic.sheet(game, wizard), wizard) == 100
    force_dice(game, 10)
    events = game.apply(cast(game, "self_healing"))  # 18 EP from the halved 100
    cast_event = next(e for e in events if isinstance(e, SpellCast))
    assert cast_event.success and wizard.wounds == 0
    # 100 - 18 = 82 while wounded; healed: doubled
    assert magic.available_energy(magic.sheet(game, wizard), wizard) == 164


@pytest.mark.parametrize(
    ("spell", "needs"), [("blink", 1), ("healing", 2), ("demolish_wall", 2), ("living_dead", 3)]
)
def test_the_die_must_beat_a_tenth_of_the_cost(spell: str, needs: int) -> None:
    """1-10 EP: more than 1; 11-20: more than 2; 21-30: more than 3..."""
    assert magic.success_needs(game_spell_cost(spell)) == needs


def game_spell_cost(spell: str) -> int:
    from dragonnoir.engine.tables import default_rules_data

    found = default_rules_data().spells.get(spell)
    assert found is not None
    return found.cost


def test_the_level_is_added_to_the_die_and_the_ep_are_spent_even_on_a_failure() -> None:
    game = wizard_game([Piece("zacharie", (0, 0))])
    # Blink (8 EP): needs more than 1; level 1 adds 1: a 1 becomes 2: success.
    verdict = game.explain(cast(game, "blink", at(game, (2, 0))))
    assert verdict.legal and verdict.details["needs"] == 1 and verdict.details["chance"] == 1.0
    game2 = wizard_game([Piece("zacharie", (0, 0))])
    # Raise a Living Dead (30 EP): more than 3; 1 + 1 = 2 fails, the 30 EP are gone.
    force_dice(game2, 1)
    events = game2.apply(cast(game2, "living_dead", at(game2, (2, 0))))
    done = next(e for e in events if isinstance(e, SpellCast))
    assert not done.success and done.energy_left == 70


def test_range_7_for_level_1_and_a_point_a_hex_beyond() -> None:
    game = wizard_game([Piece("zacharie", (0, 1))])
    near = game.explain(cast(game, "blink", at(game, (3, 1))))
    assert near.legal and near.details["penalty"] == 0
    sight = game.explain(cast(game, "living_dead", at(game, (10, 1))))
    assert sight.legal and sight.details["distance"] == 10 and sight.details["penalty"] == 3


def test_one_spell_per_wizard_per_game_turn_across_both_player_turns() -> None:
    game = wizard_game([Piece("zacharie", (0, 0)), Piece("hunter_01", (5, 2))])
    force_dice(game, 10)
    game.apply(cast(game, "blink", at(game, (1, 0))))
    again = game.explain(cast(game, "blink", at(game, (2, 0))))
    assert not again.legal and "one spell per wizard per game turn" in again.rule
    # the Krob turn: no cast window for him (he has cast); next game turn he may again
    while game.state.turn == 1:
        game.apply(Pass() if game.state.pending else EndPhase())
    while game.state.phase != "adventurer_movement":
        game.apply(Pass() if game.state.pending else EndPhase())
    assert game.explain(cast(game, "blink", at(game, (2, 0)))).legal


def test_a_wizard_who_did_not_cast_may_in_the_krob_turn_before_combat() -> None:
    game = wizard_game([Piece("zacharie", (0, 0)), Piece("hunter_01", (5, 2))])
    while game.state.phase != "krob_combat" or not game.state.pending:
        if game.state.pending:
            break
        game.apply(EndPhase())
    decision = game.state.pending[0]
    assert decision.kind == "cast_window" and decision.side is Side.ADVENTURERS
    assert game.is_legal(cast(game, "blink", at(game, (1, 0))))
    game.apply(cast(game, "blink", at(game, (1, 0))))
    assert not game.state.pending


def test_a_cast_between_the_steps_of_a_krob_move() -> None:
    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("hunter_01", (10, 2))], phase="krob_movement"
    )
    game.apply(Move("hunter_01", hexes(game, (9, 2), (8, 2))))
    assert game.state.pending and game.state.pending[0].kind == "defensive_fire"
    game.apply(cast(game, "blink", at(game, (1, 0))))
    assert cell_of(game, "zacharie") == (1, 0)
    game.apply(Pass())  # the Hunter goes on
    assert cell_of(game, "hunter_01") == (8, 2)


def test_a_fireball_that_drives_a_moving_krob_back_ends_its_move() -> None:
    # Cast in the pause after the Hunter's first step: the Fireball Table's "retreat one
    # hex" is settled at once (the Krob player's path, or the only one), and the Hunter's
    # move is over, as after a defensive shot that drives him back. It once went on
    # moving with its retreat still to choose, and no path was left to choose from.
    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("hunter_01", (10, 2))], phase="krob_movement"
    )
    game.apply(Move("hunter_01", hexes(game, (9, 2), (8, 2))))
    assert game.state.pending[0].kind == "defensive_fire"
    force_dice(game, 10, 5)  # success; Fireball Table: 5 + 1 = 6: R
    game.apply(cast(game, "fireball", "hunter_01"))
    while game.state.pending and game.state.pending[0].kind == "retreat":
        game.apply(game.legal_actions()[0])
    assert not any(d.kind == "defensive_fire" for d in game.state.pending)
    hunter = game.state.units["hunter_01"]
    assert cell_of(game, "hunter_01") != (9, 2) and cell_of(game, "hunter_01") != (8, 2)
    assert hunter.mp_spent >= profile(game, hunter).movement  # his move is over
    assert "move_in_progress" not in game.state.scratch
    assert game.legal_actions()  # the Krob turn goes on


def test_a_spell_that_leaves_the_moving_krob_alone_keeps_the_pause() -> None:
    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("hunter_01", (10, 2))], phase="krob_movement"
    )
    game.apply(Move("hunter_01", hexes(game, (9, 2), (8, 2))))
    force_dice(game, 10)
    game.apply(cast(game, "blink", at(game, (1, 0))))
    assert game.state.pending[0].kind == "defensive_fire"


def test_fireball_wounds_burns_the_web_and_barely_touches_a_guard() -> None:
    game = wizard_game([Piece("zacharie", (0, 1)), Piece("hunter_01", (4, 1))], webs=[(4, 1)])
    force_dice(game, 10, 9)  # success; Fireball Table: 9 + 1 = 10: W
    events = game.apply(cast(game, "fireball", "hunter_01"))
    assert any(isinstance(e, WebDestroyed) for e in events)
    assert game.state.units["hunter_01"].wounds == 1 or not game.state.units["hunter_01"].alive
    guard = wizard_game([Piece("zacharie", (0, 1)), Piece("guard_1", (5, 1), facing=3)])
    force_dice(guard, 10, 9)  # W becomes a retreat of one hex for a Guard
    before = guard.state.units["guard_1"].hex
    guard.apply(cast(guard, "fireball", "guard_1"))
    while guard.state.pending:
        guard.apply(guard.legal_actions()[0])
    g = guard.state.units["guard_1"]
    assert g.wounds == 0 and g.hex != before


def test_a_fireball_aimed_at_a_web_burns_it_with_nobody_on_it() -> None:
    """ "Fireballs automatically destroy spider webs" ("The Krobs: Fireballs"): a web
    hex is a target of its own; with nobody there, no Fireball Table."""
    game = wizard_game([Piece("zacharie", (0, 1))], webs=[(4, 1)])
    web = at(game, (4, 1))
    assert cast(game, "fireball", web) in game.legal_actions()
    force_dice(game, 10)
    events = game.apply(cast(game, "fireball", web))
    assert any(isinstance(e, WebDestroyed) for e in events)
    assert not any(
        isinstance(e, DieRolled) and "Fireball Table" in english(e.purpose) for e in events
    )
    assert not any(a.face_up for a in game.state.accessories.values())


def test_a_fireball_aimed_at_a_web_with_a_krob_on_it_burns_both() -> None:
    game = wizard_game([Piece("zacharie", (0, 1)), Piece("hunter_01", (4, 1))], webs=[(4, 1)])
    force_dice(game, 10, 9)  # success; Fireball Table: 9 + 1 = 10: W
    events = game.apply(cast(game, "fireball", at(game, (4, 1))))
    assert any(isinstance(e, WebDestroyed) for e in events)
    hunter = game.state.units["hunter_01"]
    assert hunter.wounds == 1 or not hunter.alive


def test_a_fireball_at_a_hex_with_no_web_the_wizards_know_of_is_refused() -> None:
    game = wizard_game([Piece("zacharie", (0, 1))], webs=[(4, 1)])
    why = game.explain(cast(game, "fireball", at(game, (3, 1))))
    assert not why.legal and why.rule == "The Krobs: Fireballs"
    for acc in game.state.accessories.values():
        acc.hidden_from = Side.ADVENTURERS
    assert not game.is_legal(cast(game, "fireball", at(game, (4, 1))))


def test_a_fireball_at_a_web_finds_and_strikes_a_krob_hidden_on_it() -> None:
    game = wizard_game([Piece("zacharie", (0, 1)), Piece("hunter_01", (4, 1))], webs=[(4, 1)])
    game.state.units["hunter_01"].hidden_from = Side.ADVENTURERS
    game.touch()
    force_dice(game, 10, 9)
    events = game.apply(cast(game, "fireball", at(game, (4, 1))))
    hunter = game.state.units["hunter_01"]
    assert hunter.hidden_from is None
    assert any(isinstance(e, DieRolled) and "Fireball Table" in english(e.purpose) for e in events)
    assert hunter.wounds == 1 or not hunter.alive


def test_a_bridge_makes_water_passable_for_an_armoured_man() -> None:
    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("rebel_knight_1", (0, 1))],
        art=". . . . .\n . ~ . . .\n. . . . .",
        levels="0 0 0 0 0\n0 0 0 0 0\n0 0 0 0 0",
    )
    across = Move("rebel_knight_1", hexes(game, (1, 1), (2, 1)))
    assert not game.explain(across).legal
    force_dice(game, 10)
    game.apply(cast(game, "small_bridge", at(game, (1, 1))))
    bridges = [a for a in game.state.accessories.values() if a.kind is AccessoryKind.BRIDGE]
    assert len(bridges) == 1 and bridges[0].properties["counter"] == "bridge_small"
    assert game.explain(across).legal


def test_the_box_has_two_small_bridges() -> None:
    game = wizard_game(
        [Piece("zacharie", (0, 0))], art=". ~ ~ ~ .\n . . . . .", levels="0 0 0 0 0\n0 0 0 0 0"
    )
    from dragonnoir.engine.state import Accessory

    for i, cell in enumerate(((1, 0), (2, 0))):
        game.state.accessories[f"b{i}"] = Accessory(
            f"b{i}", AccessoryKind.BRIDGE, hexes(game, cell), properties={"counter": "bridge_small"}
        )
    refusal = game.explain(cast(game, "small_bridge", at(game, (3, 0))))
    assert not refusal.legal and refusal.rule == "Counters Linked to Magic Spells"
    assert "run out of bridge small counters: all 2 are on the map" in refusal.reason


def test_a_scenario_s_bridges_are_the_box_s_counters_too() -> None:
    """A bridge a scenario lays (no spell named on it) takes a counter of the box: with
    two small ones on the map, the spell has none left."""
    game = wizard_game(
        [Piece("zacharie", (0, 0))], art=". ~ ~ ~ .\n . . . . .", levels="0 0 0 0 0\n0 0 0 0 0"
    )
    from dragonnoir.engine.state import Accessory

    game.state.accessories["b0"] = Accessory("b0", AccessoryKind.BRIDGE, hexes(game, (1, 0)))
    assert game.is_legal(cast(game, "small_bridge", at(game, (3, 0))))
    game.state.accessories["b1"] = Accessory("b1", AccessoryKind.BRIDGE, hexes(game, (2, 0)))
    game.touch()
    assert not game.is_legal(cast(game, "small_bridge", at(game, (3, 0))))


def test_a_demolished_wall_and_a_gallery_open_the_way() -> None:
    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("rebel_swordsman_1", (2, 0))],
        art=". . . # .",
        edges=[((2, 0), 0, "wall")],
    )
    through = Move("rebel_swordsman_1", hexes(game, (3, 0)))
    assert not game.explain(through).legal
    force_dice(game, 10)
    game.apply(cast(game, "gallery", at(game, (3, 0))))
    assert not game.explain(through).legal  # the wall still stands between
    game.state.wizards["zacharie"].cast_turn = None  # (a second wizard, as it were)
    force_dice(game, 10)
    game.apply(cast(game, "demolish_wall", at(game, (2, 0)), at(game, (3, 0))))
    assert game.explain(through).legal


def test_a_living_dead_stays_one_full_turn_the_first_player_turn_a_half() -> None:
    game = wizard_game([Piece("zacharie", (0, 0))])
    force_dice(game, 10)
    game.apply(cast(game, "living_dead", at(game, (2, 0))))
    dead = game.state.units["living_dead_1"]
    assert dead.hex == hexes(game, (2, 0))[0] and dead.side is Side.ADVENTURERS
    seen: list[object] = []
    while game.state.turn == 1 and not game.over:
        seen.extend(game.apply(Pass() if game.state.pending else EndPhase()))
        if game.state.phase == "krob_combat":
            assert dead.hex is not None  # still there in the Krob turn
    assert dead.hex is None and any(isinstance(e, SpectreVanished) for e in seen)


def test_remote_detection_is_for_level_2_and_reveals_a_hidden_web() -> None:
    low = wizard_game([Piece("zacharie", (0, 0))], webs=[(6, 1)])
    assert not low.explain(cast(low, "far_sight")).legal
    game = wizard_game([Piece("zacharie", (0, 0))], webs=[(6, 1)], level=2)
    web = next(iter(game.state.accessories.values()))
    web.hidden_from = Side.ADVENTURERS
    force_dice(game, 10)
    game.apply(cast(game, "far_sight"))
    assert web.hidden_from is None


def test_only_wizards_cast_and_not_when_knocked_out() -> None:
    game = wizard_game([Piece("zacharie", (0, 0)), Piece("rebel_swordsman_1", (1, 1))])
    assert not game.explain(CastSpell("rebel_swordsman_1", "blink", (at(game, (2, 0)),))).legal
    game.state.units["zacharie"].status = Status.KNOCKED_OUT
    assert not game.explain(cast(game, "blink", at(game, (2, 0)))).legal


def test_declining_spells_stops_the_offers_for_the_rest_of_the_krob_turn() -> None:
    from dragonnoir.engine.actions import DeclineSpells

    game = wizard_game(
        [Piece("zacharie", (0, 0)), Piece("hunter_01", (10, 2))], phase="krob_movement"
    )
    game.apply(Move("hunter_01", hexes(game, (9, 2), (8, 2))))
    assert game.state.pending and DeclineSpells() in game.legal_actions()
    game.apply(DeclineSpells())
    assert not game.state.pending  # no archer: the Hunter goes on at once
    assert cell_of(game, "hunter_01") == (8, 2)
    game.apply(Move("hunter_01", hexes(game, (7, 2))))  # it goes on: no more pauses
    assert not game.state.pending


# -- maps: "spells can only be cast in the cave (the map) where the wizard is" -----------


def layout_game(wizard_cell: tuple[int, int], level: int = 2) -> Game:
    """Le Labyrinthe over La Fosse (layouts/two-boards.toml), Zacharie at `wizard_cell`."""
    from pathlib import Path

    from dragonnoir.engine.state import Unit
    from dragonnoir.engine.tables import default_rules_data
    from dragonnoir.hexmap.layout import load_layout

    rules = default_rules_data()
    repo = Path(__file__).resolve().parents[2]
    layout = load_layout(repo / "layouts" / "two-boards.toml", rules.terrain)
    board = layout.map
    h = board.grid.to_hex(*wizard_cell)
    unit = Unit("zacharie", "zacharie", Side.ADVENTURERS, h, board.cells[h].level)
    game = Game.start(board, [unit], rules, 1, layout=layout, first_phase="adventurer_movement")
    game.state.wizards["zacharie"] = Wizard("zacharie", level, level * 100)
    return game


def test_a_spell_reaches_only_the_wizards_map_both_from_a_straddling_hex() -> None:
    on_fosse = layout_game((4, 21))
    other_map = on_fosse.explain(cast(on_fosse, "living_dead", at(on_fosse, (4, 16))))
    assert not other_map.legal and other_map.rule == "Range of Action"
    assert on_fosse.explain(cast(on_fosse, "living_dead", at(on_fosse, (4, 20)))).legal
    on_seam = layout_game((4, 18))  # on both boards
    assert on_seam.explain(cast(on_seam, "living_dead", at(on_seam, (4, 16)))).legal
    assert on_seam.explain(cast(on_seam, "living_dead", at(on_seam, (4, 20)))).legal


def test_remote_detection_reaches_one_map_away() -> None:
    from dragonnoir.engine.state import Accessory

    game = layout_game((4, 21))
    web_hex = hexes(game, (12, 16))[0]  # on Le Labyrinthe, the next board
    game.state.accessories["web_0"] = Accessory(
        "web_0", AccessoryKind.WEB, (web_hex,), hidden_from=Side.ADVENTURERS
    )
    force_dice(game, 10)
    game.apply(cast(game, "far_sight"))
    assert game.state.accessories["web_0"].hidden_from is None


def test_a_gargoyle_cast_in_the_krob_turn_stays_four_player_turns() -> None:
    """Two game turns, the Krob turn it appears in counting a half: it vanishes as the
    Gharv interphase after the Adventurer turn two turns on begins."""
    game = wizard_game([Piece("zacharie", (0, 0))], level=2, phase="krob_combat")
    while game.state.pending and game.state.pending[0].kind != "cast_window":
        game.apply(Pass())
    force_dice(game, 10)
    game.apply(cast(game, "gargoyle", at(game, (2, 0))))
    gargoyle = game.state.units["gargoyle_1"]
    appeared = (game.state.turn, "krob")
    while game.state.turn < 3:
        game.apply(Pass() if game.state.pending else EndPhase())
        if game.state.turn == 2:
            assert gargoyle.hex is not None
    assert appeared == (1, "krob")
    while game.state.phase != "krob_movement":
        game.apply(Pass() if game.state.pending else EndPhase())
    assert gargoyle.hex is None  # gone as turn 3's Adventurer turn ended


def test_a_gallerys_orientation_decides_where_it_opens() -> None:
    """A straight gallery runs along its axis; turned, it joins other hexes; a curved one
    bends by 120 degrees (rules/steps.py GALLERY_SIDES)."""
    art = "# # # # #\n . . # . .\n# # # # #"
    pieces = [Piece("zacharie", (0, 1)), Piece("rebel_swordsman_1", (1, 1))]
    through = ((3, 1),)
    across = wizard_game(pieces, art=art)
    force_dice(across, 10)
    across.apply(cast(across, "gallery", at(across, (2, 1)), "facing:0"))
    assert across.explain(Move("rebel_swordsman_1", hexes(across, (2, 1), *through))).legal
    turned = wizard_game(pieces, art=art)
    force_dice(turned, 10)
    turned.apply(cast(turned, "gallery", at(turned, (2, 1)), "facing:1"))
    refusal = turned.explain(Move("rebel_swordsman_1", hexes(turned, (2, 1))))
    assert not refusal.legal and "wall" in refusal.reason


def test_the_rock_round_a_gallery_blocks_a_line_of_fire_across_it() -> None:
    from dragonnoir.engine.actions import Fire
    from dragonnoir.engine.state import Accessory

    def shot(facing: int) -> bool:
        game = position(
            ". . # . .",
            [Piece("elf_1", (0, 0)), Piece("hunter_01", (4, 0))],
            phase="adventurer_fire",
        )
        game.state.accessories["g"] = Accessory(
            "g", AccessoryKind.GALLERY, hexes(game, (2, 0)), facing=facing,
            properties={"counter": "gallery_straight_1", "shape": "straight"},
        )  # fmt: skip
        game.touch()
        return game.explain(Fire(("elf_1",), "hunter_01")).legal

    assert shot(0)  # along its axis
    assert not shot(1)  # across it: the rock
