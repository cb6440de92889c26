"""Carry-over between two scenarios: deaths, wounds, knocked-out characters coming round,
the wizards' EP and level 2, ids kept; the bands put into (or taken out of) a scenario."""

from __future__ import annotations

from campaign_helpers import end, pit_fight, start

from dragonnoir.campaign.carry import EP_PER_LEVEL
from dragonnoir.campaign.notes import say_note
from dragonnoir.campaign.run import PARTY_LOST
from dragonnoir.engine.rules import magic
from dragonnoir.engine.state import Side, Status


def test_the_party_fills_the_first_scenario_and_the_wizard_joins_near_it() -> None:
    run = start()
    sc = run.prepared().scenario
    adventurers = {u.id for u in sc.units if u.side is Side.ADVENTURERS}
    assert adventurers == {m.id for m in run.state.party}
    shaman = next(u for u in sc.units if u.id == "shaman")
    knight = next(u for u in sc.units if u.id == "rebel_knight_1")
    assert shaman.hex is not None and knight.hex is not None
    assert shaman.hex.distance(knight.hex) <= 3  # beside his companions
    assert [(w.unit, w.level, w.energy) for w in sc.wizards] == [("shaman", 1, 100)]
    # the loaded scenario file itself is untouched
    from dragonnoir.engine.scenario import load_scenario

    plain = load_scenario(run.campaign.scenario_files["the-pit"])
    assert "shaman" not in {u.id for u in plain.units}


def test_deaths_wounds_knock_outs_and_the_wizard_carry_over() -> None:
    run = start()
    game = run.new_game()
    units = game.state.units
    units["rebel_swordsman_1"].status = Status.KILLED
    units["rebel_knight_1"].status, units["rebel_knight_1"].wounds = Status.WOUNDED, 1
    units["dwarf_axeman_1"].status = Status.KNOCKED_OUT  # no wounds: comes round healthy
    game.state.wizards["shaman"].energy = 35  # 65 EP spent
    end(game, Side.ADVENTURERS, "the pit is clear")
    result = run.finish(game)

    assert result.played.winner == "adventurers"
    assert result.played.fallen == ["rebel_swordsman_1"]
    assert result.levelled == ["shaman"]
    assert run.state.step == "the-nest"
    sheet = run.state.wizards["shaman"]
    assert (sheet.level, sheet.energy) == (2, 35 + EP_PER_LEVEL)

    sc = run.prepared().scenario
    by_id = {u.id: u for u in sc.units}
    assert "rebel_swordsman_1" not in by_id  # the dead are gone
    assert (by_id["rebel_knight_1"].status, by_id["rebel_knight_1"].wounds) == (Status.WOUNDED, 1)
    assert by_id["dwarf_axeman_1"].status is Status.HEALTHY
    # Le Nid's own knight and ork stepped aside for the party; the elf was recruited
    assert "rebel_knight_2" not in by_id and "ork_axeman_1" not in by_id
    assert "elf_1" in by_id
    # the party members took their places (same cells)
    wizard = next(w for w in sc.wizards if w.unit == "shaman")
    assert (wizard.level, wizard.energy) == (2, 135)
    game2 = run.new_game()
    assert game2.state.wizards["shaman"].level == 2
    assert game2.state.units["rebel_knight_1"].wounds == 1


def test_a_wounded_wizard_keeps_the_ep_he_has_left() -> None:
    run = start()
    game = run.new_game()
    game.state.units["shaman"].status = Status.WOUNDED
    game.state.units["shaman"].wounds = 1  # EP halved by the wound: 100 -> 50
    end(game, Side.ADVENTURERS)
    run.finish(game)
    sheet = run.state.wizards["shaman"]
    assert (sheet.level, sheet.energy, sheet.wounds) == (2, 50 + EP_PER_LEVEL, 1)
    # The next scenario starts him with those EP: his wound is not counted a second time.
    game2 = run.new_game()
    shaman = game2.state.units["shaman"]
    assert shaman.wounds == 1
    assert magic.available_energy(magic.sheet(game2, shaman), shaman) == 50 + EP_PER_LEVEL
    # Healed there, his EP double ("Energy Points (EP)").
    magic.heal(game2, shaman, "Healing hands")
    assert game2.state.wizards["shaman"].energy == 2 * (50 + EP_PER_LEVEL)


def test_a_dead_wizard_loses_his_sheet_and_the_party_wiped_out_ends_the_campaign() -> None:
    run = start()
    game = run.new_game()
    for u in game.state.units.values():
        if u.side is Side.ADVENTURERS:
            u.status = Status.KILLED
    end(game, Side.KROBS)
    run.finish(game)
    assert "shaman" not in run.state.wizards
    assert run.state.ending == PARTY_LOST and run.state.step is None
    assert run.ending_text()[0] == "krobs"


def test_a_band_in_the_cave_joins_and_a_garrison_band_away_is_taken_out() -> None:
    run = start()
    pack = run.state.band("hunting-pack")
    watch = run.state.band("nest-watch")
    assert pack is not None and watch is not None
    pack.cave = "fosse"
    prepared = run.prepared()
    ids = {u.id for u in prepared.scenario.units}
    assert {"hunter_21", "hunter_22", "hunter_23"} <= ids
    assert any("hunting pack" in say_note(n) for n in prepared.secret)
    assert not any("hunting pack" in say_note(n) for n in prepared.notes)
    for u in prepared.scenario.units:
        if u.id.startswith("hunter_2"):
            assert u.hex is not None and u.hex in prepared.scenario.board.cells

    # at Le Nid: the watch's warrior stands there only while the band is home
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    run.finish(game)
    assert run.state.step == "the-nest"
    watch.cave = "labyrinthe"
    run._prepared = None
    assert "warrior_05" not in {u.id for u in run.prepared().scenario.units}
    watch.cave = "nid"
    run._prepared = None
    assert "warrior_05" in {u.id for u in run.prepared().scenario.units}


def test_band_losses_and_wounds_carry_over() -> None:
    run = start()
    pack = run.state.band("hunting-pack")
    assert pack is not None
    game = pit_fight(run)
    game.state.units["hunter_22"].status, game.state.units["hunter_22"].wounds = Status.WOUNDED, 1
    end(game, Side.KROBS)
    run.finish(game)
    assert pack.strength() == 2
    assert [(u.id, u.status) for u in pack.units if u.wounds] == [("hunter_22", Status.WOUNDED)]
    fought = [s for s in run.state.sightings if s.how == "fought"]
    assert fought and fought[0].band == "hunting-pack" and fought[0].cave == "fosse"
    assert say_note(fought[0].strength) == "left: 2, fallen: 1"


def test_a_summoned_spectre_never_joins_the_party() -> None:
    from dragonnoir.engine.state import Unit

    run = start()
    game = run.new_game()
    game.state.units["living_dead_1"] = Unit("living_dead_1", "living_dead_1", Side.ADVENTURERS)
    end(game, Side.ADVENTURERS)
    run.finish(game)
    assert run.state.member("living_dead_1") is None


def test_a_place_in_water_goes_only_to_one_who_may_stand_there() -> None:
    from dragonnoir.campaign.carry import Prepared, _Builder
    from dragonnoir.engine.scenario import load_scenario
    from dragonnoir.engine.state import Unit

    run = start()
    scenario = load_scenario(run.campaign.scenario_files["the-island"], run.rules)
    water = next(h for h, c in scenario.board.cells.items() if run.rules.terrain[c.terrain].water)
    boats = {h for a in scenario.accessories if a.kind.value == "boat" for h in a.hexes}
    builder = _Builder(run.campaign, run.state, run.campaign.step("the-island"),
                       Prepared(scenario), run.rules)  # fmt: skip
    knight = Unit("rebel_knight_1", "rebel_knight_1", Side.ADVENTURERS)  # armoured: sinks
    elf = Unit("elf_1", "elf_1", Side.ADVENTURERS)
    slot = Unit("x", "goblin_spearman_1", Side.ADVENTURERS, hex=water)
    assert water not in boats
    assert not builder.may_take(slot, knight) and builder.may_take(slot, elf)
    slot.hex = next(iter(boats))
    assert builder.may_take(slot, knight)  # in a boat
