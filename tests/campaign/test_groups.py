"""Carry-over into a scenario with groups (format v2): the party fills the deploying
group, a band joins the hidden Krob group (hidden too), victory conditions name the
members who took the places, "both" keeps the scenario's own Adventurers."""

from __future__ import annotations

from pathlib import Path

from campaign_helpers import end

from dragonnoir.campaign import CampaignRun, load_campaign
from dragonnoir.campaign.notes import say_note
from dragonnoir.engine.state import Side

CAMPAIGN = Path(__file__).resolve().parents[1] / "data" / "campaign" / "groups-campaign.toml"


def _run() -> CampaignRun:
    return CampaignRun.start(load_campaign(CAMPAIGN), 1)


def test_the_party_deploys_in_the_group_and_the_band_hides_with_the_ambush() -> None:
    run = _run()
    prepared = run.prepared()
    groups = {g.id: g.units for g in prepared.scenario.groups}
    assert groups == {
        "company": ["rebel_knight_1", "rebel_swordsman_1", "zacharie"],
        "ambush": ["warrior_03", "hunter_08"],
    }
    units = {u.id: u for u in prepared.scenario.units}
    assert units["hunter_08"].hidden_from is Side.ADVENTURERS and units["hunter_08"].hex is None
    assert prepared.replaced == {"rebel_knight_2": "rebel_knight_1", "elf_2": "rebel_swordsman_1"}
    reach = prepared.scenario.victory["conditions"][1]
    assert reach["units"] == ["rebel_knight_1"]  # the knight who took the place
    wizard = next(w for w in prepared.scenario.wizards if w.unit == "zacharie")
    assert (wizard.level, wizard.energy) == (1, 60)
    game = run.new_game()
    offmap = game.state.scratch["offmap"]
    assert offmap["zacharie"] == {"state": "deploying", "group": "company"}
    assert offmap["hunter_08"]["group"] == "ambush"


def test_both_keeps_the_scenarios_own_adventurers_who_then_join() -> None:
    run = _run()
    game = run.new_game()
    end(game, None)
    run.finish(game)
    assert run.state.step == "two"
    prepared = run.prepared()
    company = next(g for g in prepared.scenario.groups if g.id == "company")
    assert set(company.units) == {"rebel_knight_2", "elf_2", "rebel_knight_1",
                                  "rebel_swordsman_1", "zacharie"}  # fmt: skip
    assert any("joins the party" in say_note(n) for n in prepared.notes)
    # the lurkers guard cave A: not in cave B's scenario
    assert "hunter_08" not in {u.id for u in prepared.scenario.units}
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    run.finish(game)
    assert {m.id for m in run.state.party} >= {"rebel_knight_2", "elf_2"}
    assert run.state.ending == "done"
