"""A wizard's energy points change when the wound and the healing happen ("Energy Points
(EP)": "When a wizard is wounded, the number of energy points he has left is divided by
two (rounded down). If he heals, the EP he has left are multiplied by two"), in every
path that wounds or heals: rules/energy.py."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dragonnoir.engine.actions import Attack, CastSpell, Pass
from dragonnoir.engine.events import SpellCast
from dragonnoir.engine.game import Game
from dragonnoir.engine.roster import ADVENTURERS_FILE
from dragonnoir.engine.rules import energy, infiltration, magic
from dragonnoir.engine.state import Side, Status, Wizard
from dragonnoir.engine.tables import RulesData, load_rules_data
from dragonnoir.engine.testing import Piece, attack_now, edited_data_file, force_dice, position

FLOOR = """
. . . . . .
 . . . . . .
. . . . . .
"""


def ep(game: Game, unit_id: str = "zacharie") -> int:
    unit = game.state.units[unit_id]
    return magic.available_energy(magic.sheet(game, unit), unit)


def wizards(phase: str, *extra: Piece, energy_left: int = 151) -> Game:
    game = position(
        FLOOR,
        [Piece("zacharie", (1, 1)), Piece("shaman", (2, 1)), *extra],
        phase=phase,
    )
    game.state.wizards["zacharie"] = Wizard("zacharie", 2, energy_left)
    return game


def test_wounded_in_combat_then_healed_by_shaman_gives_the_rulebook_s_sum() -> None:
    """151 EP; Zacharie (2) attacks Hunter 1 (2): 1-1, die 10: an exchange, both
    wounded: 75 at once. Shaman's Healing hands (15 EP, die 10): doubled, 150 — not the
    151 a halving and a doubling worked out together would give back."""
    game = wizards("adventurer_combat", Piece("hunter_01", (0, 1)))
    force_dice(game, 10)
    attack_now(game, Attack(("zacharie",), ("hunter_01",)))
    zacharie = game.state.units["zacharie"]
    assert zacharie.wounds == 1 and game.state.wizards["zacharie"].energy == 75
    force_dice(game, 10)
    events = game.apply(CastSpell("shaman", "healing", ("zacharie",)))
    assert next(e for e in events if isinstance(e, SpellCast)).success
    assert zacharie.wounds == 0 and zacharie.status is Status.HEALTHY
    assert game.state.wizards["zacharie"].energy == 150 and ep(game) == 150


def test_a_wound_by_a_krob_in_the_krob_turn_halves_the_sheet_at_once() -> None:
    """Hunter 1 (3) against Zacharie (2): 1-1, die 1: defender wounded: 151 -> 75 on the
    sheet, before any spell is cast."""
    game = wizards("krob_combat", Piece("hunter_01", (0, 1)))
    game.apply(Pass())  # no spell before the Krobs attack
    force_dice(game, 1)
    attack_now(game, Attack(("hunter_01",), ("zacharie",)))
    assert game.state.units["zacharie"].wounds == 1
    assert game.state.wizards["zacharie"].energy == 75


def test_a_wound_on_the_infiltration_or_jump_table_halves_the_sheet() -> None:
    game = wizards("adventurer_movement")
    infiltration.suffer(game, game.state.units["zacharie"], "wounded", "Jump Table")
    assert game.state.wizards["zacharie"].energy == 75


def test_a_wizard_the_scenario_leaves_out_gets_a_sheet_at_his_first_wound() -> None:
    game = position(FLOOR, [Piece("shaman", (2, 1))])
    assert "shaman" not in game.state.wizards
    infiltration.suffer(game, game.state.units["shaman"], "wounded", "Jump Table")
    assert game.state.wizards["shaman"].energy == 50


def test_a_wound_set_from_outside_is_counted_before_a_healing() -> None:
    """A scenario may place its wizard wounded: his sheet is the EP before that wound,
    counted when read and before any healing (never given back unlost)."""
    game = wizards("adventurer_movement", energy_left=151)
    zacharie = game.state.units["zacharie"]
    zacharie.wounds, zacharie.status = 1, Status.WOUNDED
    assert ep(game) == 75
    magic.heal(game, zacharie, "Healing hands")
    assert ep(game) == 150 and game.state.wizards["zacharie"].wounds == 0


def test_other_characters_have_no_sheet() -> None:
    game = wizards("adventurer_movement", Piece("rebel_swordsman_1", (4, 1)))
    infiltration.suffer(game, game.state.units["rebel_swordsman_1"], "wounded", "Jump Table")
    assert set(game.state.wizards) == {"zacharie"}


# -- any sequence -------------------------------------------------------------------------

#: Zacharie with four wounded sides (a house rule), so that wounds may pile up.
MANY_WOUNDS = 4


@pytest.fixture(scope="module")
def tough_wizard_rules(tmp_path_factory: pytest.TempPathFactory) -> RulesData:
    one = "{ attack = 1, defence = 1, movement = 4 }"
    old = f'wounded = [{one}]\n\n[[adventurers]]\nid = "zed"'
    new = f'wounded = [{", ".join([one] * MANY_WOUNDS)}]\n\n[[adventurers]]\nid = "zed"'
    folder = tmp_path_factory.mktemp("tough-wizard")
    edited_data_file(folder, ADVENTURERS_FILE, old, new)
    return load_rules_data(folder)


OPERATIONS = st.lists(st.sampled_from(["wound", "heal", "spend"]), max_size=12)


@given(start=st.integers(min_value=0, max_value=400), operations=OPERATIONS)
def test_any_sequence_of_wounds_and_heals_keeps_the_rulebook_s_arithmetic(
    tough_wizard_rules: RulesData, start: int, operations: list[str]
) -> None:
    """Whatever comes, one at a time: a wound halves what is left, rounding down; a
    healing doubles it; a spell spends its cost. The sheet is always that sum."""
    game = position(FLOOR, [Piece("zacharie", (1, 1))], rules=tough_wizard_rules)
    game.state.wizards["zacharie"] = Wizard("zacharie", 2, start)
    zacharie = game.state.units["zacharie"]
    expected = start
    for op in operations:
        if op == "wound" and zacharie.wounds < MANY_WOUNDS:
            infiltration.suffer(game, zacharie, "wounded", "Jump Table")
            expected //= 2
        elif op == "heal" and zacharie.wounds > 0:
            magic.heal(game, zacharie, "Healing hands")
            expected *= 2
        elif op == "spend":
            sheet = energy.settle(game, zacharie)
            cost = min(sheet.energy, 7)
            sheet.energy -= cost
            expected -= cost
        assert ep(game) == expected
    assert zacharie.alive and zacharie.side is Side.ADVENTURERS
