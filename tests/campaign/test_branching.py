"""The outcome of a scenario chooses the next; the Krob bands move in secret,
deterministically from the campaign's seed, and the Adventurer view never shows them."""

from __future__ import annotations

import json

import pytest
from campaign_helpers import end, start
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonnoir.campaign.state import CampaignState
from dragonnoir.engine.state import Side, Status


def test_a_victory_at_the_pit_leads_to_the_nest() -> None:
    run = start()
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    result = run.finish(game)
    assert run.state.step == "the-nest"
    assert result.played.goto == "the-nest"
    assert "upper tunnel" in result.played.text


def test_a_defeat_at_the_pit_leads_to_the_island_and_sets_the_hunters_hunting() -> None:
    run = start()
    game = run.new_game()
    end(game, Side.KROBS)
    run.finish(game)
    assert run.state.step == "the-island"
    pack = run.state.band("hunting-pack")
    assert pack is not None and pack.moves == "hunt"
    assert pack.cave == "ile"  # one link from Le Pont, toward the party's cave


@pytest.mark.parametrize(
    ("killed", "step"),
    [(0, "the-island"), (3, "the-island"), (4, "lost")],
)
def test_the_nest_lost_branches_on_the_survivors(killed: int, step: str) -> None:
    run = start()
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    run.finish(game)
    game = run.new_game()
    dead = [u for u in game.state.units.values() if u.side is Side.ADVENTURERS][:killed]
    for u in dead:
        u.status = Status.KILLED
    end(game, Side.KROBS)
    run.finish(game)
    assert (run.state.step or run.state.ending) == step


def test_the_last_step_ends_the_campaign() -> None:
    run = start()
    for _ in range(4):
        game = run.new_game()
        end(game, Side.ADVENTURERS)
        run.finish(game)
    assert run.state.ending == "daylight" and run.state.over
    assert run.ending_text()[:2] == ("adventurers", "Daylight")
    steps = [p.step for p in run.state.played]
    assert steps == ["the-pit", "the-nest", "the-bridge", "the-island"]


def test_at_the_bridge_the_party_fills_the_deploying_group_and_bands_hide() -> None:
    run = start()
    for _ in range(2):
        game = run.new_game()
        end(game, Side.ADVENTURERS)
        run.finish(game)
    assert run.state.step == "the-bridge"
    pack = run.state.band("hunting-pack")
    assert pack is not None
    pack.cave = "pont"
    prepared = run.prepared()
    groups = {g.id: g for g in prepared.scenario.groups}
    alive = {m.id for m in run.state.alive()}
    assert set(groups["party"].units) == alive  # Le Pont's own party stepped aside
    assert {"hunter_21", "hunter_22", "hunter_23"} <= set(groups["east-bank"].units)
    units = {u.id: u for u in prepared.scenario.units}
    assert all(units[f"hunter_2{i}"].hidden_from is Side.ADVENTURERS for i in (1, 2, 3))
    # the Krobs' "kill Godiva" names the member who took her place
    kill = next(c for c in prepared.scenario.victory["conditions"] if c["kind"] == "kill"
                and c["side"] == "krobs" and c["units"])  # fmt: skip
    assert kill["units"][0] == prepared.replaced["godiva"]
    run.new_game()  # and it sets up


def _positions(seed: int, outcomes: list[Side]) -> list[tuple[str, str]]:
    run = start(seed)
    for winner in outcomes:
        if run.state.over:
            break
        game = run.new_game()
        end(game, winner)
        run.finish(game)
    return [(b.id, b.cave) for b in run.state.bands]


def test_the_secret_movements_are_deterministic_from_the_seed() -> None:
    outcomes = [Side.ADVENTURERS, Side.ADVENTURERS]
    assert _positions(11, outcomes) == _positions(11, outcomes)
    seen = {tuple(_positions(seed, outcomes)) for seed in range(12)}
    assert len(seen) > 1  # the dice matter


def test_the_adventurer_view_holds_no_band_position() -> None:
    run = start(3)
    game = run.new_game()
    end(game, Side.ADVENTURERS)
    run.finish(game)
    krobs = run.state.view(Side.KROBS)
    adventurers = run.state.view(Side.ADVENTURERS)
    assert {b["id"] for b in krobs["bands"]} == {"nest-watch", "hunting-pack", "brood"}
    assert "bands" not in adventurers
    sighted = {s["band"]: s["cave"] for s in adventurers["sightings"]}
    text = json.dumps(adventurers)
    for band in run.state.bands:
        if band.id not in sighted:
            assert band.id not in text and band.name not in text
    # a sighting is where the band was heard, not where it is now
    for s in adventurers["sightings"]:
        assert s["how"] in ("heard", "fought")


def test_state_round_trips_through_json() -> None:
    run = start(5)
    game = run.new_game()
    end(game, Side.KROBS)
    run.finish(game)
    again = CampaignState.model_validate(json.loads(json.dumps(run.state.model_dump(mode="json"))))
    assert again == run.state


def test_a_seeded_random_playout_of_the_shipped_campaign_reaches_an_ending() -> None:
    from dragonnoir.engine.playout import RandomAgent

    run = start(1)
    agent = RandomAgent(1)
    for _ in range(len(run.campaign.data.step)):
        if run.state.over:
            break
        game = run.new_game()
        for _ in range(5000):
            action = agent.choose(game)
            if action is None:
                break
            game.apply(action)
        assert game.over
        run.finish(game)
    assert run.state.over and run.ending_text()[1]
    assert len(run.state.played) >= 2


def test_each_branch_test() -> None:
    from dragonnoir.campaign.campaign_format import StepEntry
    from dragonnoir.campaign.state import Played

    run = start()
    step = StepEntry.model_validate(
        {
            "id": "x",
            "scenario": "la-fosse",
            "cave": "fosse",
            "next": [
                {"condition": "exit", "goto": "by-kind"},
                {"condition": "c3", "goto": "by-id"},
                {"exited": 2, "goto": "two-out"},
                {"alive": ["shaman"], "dead": ["rebel_knight_1"], "goto": "knight-dead"},
                {"survivors": 9, "goto": "nine"},
                {"winner": "draw", "goto": "draw"},
                {"goto": "otherwise"},
            ],
        }
    )
    played = Played(step="x", scenario="la-fosse", name="x", winner="adventurers")
    assert run.choose(step, played, "c1|exit").goto == "by-kind"
    assert run.choose(step, played, "c3|kill").goto == "by-id"
    assert run.choose(step, played, None).goto == "otherwise"
    played.exited = 2
    assert run.choose(step, played, None).goto == "two-out"
    played.exited = 0
    knight = run.state.member("rebel_knight_1")
    assert knight is not None
    knight.status = Status.KILLED
    assert run.choose(step, played, None).goto == "knight-dead"
    played.winner = "draw"
    run.state.member("shaman").status = Status.KILLED  # type: ignore[union-attr]
    assert run.choose(step, played, None).goto == "draw"


def test_the_result_condition_and_those_who_left_the_map_are_read() -> None:
    run = start()
    game = run.new_game()
    game.state.scratch["offmap"] = {
        "rebel_knight_1": {"state": "exited"},
        "shaman": {"state": "exited"},
        "dwarf_axeman_1": {"state": "passage"},
    }
    end(game, Side.ADVENTURERS, "two got out", condition="c2", kind="exit")
    result = run.finish(game)
    assert result.played.condition == "c2|exit"
    assert result.played.exited == 2
    assert result.played.reason == "two got out"


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    outcomes=st.lists(st.sampled_from([Side.ADVENTURERS, Side.KROBS, None]), max_size=4),
)
def test_bands_stay_on_the_plan_hunters_close_in_and_the_adventurers_see_only_sightings(
    seed: int, outcomes: list[Side | None]
) -> None:
    run = start(seed)
    caves = {c.id for c in run.campaign.data.cave}
    for winner in outcomes:
        if run.state.over:
            break
        before = {b.id: b.cave for b in run.state.bands}
        game = run.new_game()
        end(game, winner)
        run.finish(game)
        for band in run.state.bands:
            assert band.cave in caves
        if run.state.step is not None:  # a hunter is one link nearer the party's next cave
            dist = run.campaign.distances(run.campaign.step(run.state.step).cave)
            for band in run.state.bands:
                if band.moves == "hunt" and band.strength():
                    assert dist[band.cave] == max(dist[before[band.id]] - band.speed, 0)
        text = json.dumps(run.state.view(Side.ADVENTURERS))
        sighted = {s.band for s in run.state.sightings}
        for band in run.state.bands:
            if band.id not in sighted:
                assert band.name not in text
