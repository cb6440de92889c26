"""The side's view (dragonnoir/ai/view.py): what an agent may know, and nothing more.

Two promises are checked on seeded games of the hidden-Krobs scenario (ambush.toml):
the legal actions computed on the redacted view are the real game's, and no path leads
from a view to what its side may not see (hidden characters, the true objective behind
a "?" counter, the game's own state and dice)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.ai.view import SideView, hidden_ids, view_for
from dragonnoir.engine.dice import Dice
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import RandomAgent, scenario_games
from dragonnoir.engine.state import AccessoryKind, Side

AMBUSH = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "ambush.toml"


def _positions(seeds: range) -> Iterator[Game]:
    """Every position of random games of the ambush scenario, in turn."""
    make = scenario_games(AMBUSH)
    for seed in seeds:
        game = make(seed)
        agent = RandomAgent(seed)
        while not game.over:
            yield game
            action = agent.choose(game)
            assert action is not None
            game.apply(action)


@pytest.mark.parametrize(
    "seeds", [range(1), pytest.param(range(1, 8), marks=pytest.mark.slow)], ids=["seed0", "more"]
)
def test_the_view_s_legal_actions_are_the_real_game_s(seeds: range) -> None:
    compared = hidden = 0
    for game in _positions(seeds):
        side = game.to_act()
        assert side is not None
        view = view_for(game, side)
        assert view.legal == game.legal_actions(), (game.state.turn, game.state.phase, side)
        compared += 1
        hidden += bool(hidden_ids(game, side))
    assert compared > 50 * len(seeds)
    assert hidden > 10 * len(seeds)  # decisions taken with Krobs hidden from the side


def _walk(obj: Any, skip: tuple[Any, ...], seen: set[int] | None = None) -> Iterator[Any]:
    """Every object reachable from `obj` through attributes, slots, and containers (the
    public map and rules data in `skip` aside)."""
    seen = set() if seen is None else seen
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen or any(item is s for s in skip):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, str | int | float | bool | type(None) | bytes):
            continue
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif hasattr(item, "__dict__"):
            stack.extend(vars(item).values())
        for name in getattr(type(item), "__slots__", ()):
            if hasattr(item, name):
                stack.append(getattr(item, name))


def _leaks(view: SideView, game: Game) -> list[str]:
    secret = hidden_ids(game, view.side)
    skip = (game.board, game.rules, game.layout)
    real = {id(game), id(game.state), id(game.state.dice), id(game.log), id(game.history)}
    real |= {id(u) for u in game.state.units.values()}
    real |= {id(a) for a in game.state.accessories.values()}
    found: list[str] = []
    for item in _walk(view, skip):
        if id(item) in real:
            found.append(f"a reference to the real game: {type(item).__name__}")
        elif isinstance(item, str) and item in secret:
            found.append(f"the hidden id {item!r}")
        elif isinstance(item, Dice) and item.seed == game.state.dice.seed:
            found.append("the game's dice")
        elif isinstance(item, int) and not isinstance(item, bool) and item == game.seed > 1000:
            found.append("the game's seed")
    if view.side is Side.ADVENTURERS:
        for acc in view.game.state.accessories.values():
            objective = acc.kind in (AccessoryKind.ORB, AccessoryKind.KHUZUN, AccessoryKind.SUN)
            if objective and "real" in acc.properties and not acc.properties.get("revealed"):
                found.append(f"{acc.id} says whether it is the true one")
    return found


def test_no_path_leads_from_a_view_to_what_its_side_may_not_see() -> None:
    checked = 0
    for game in _positions(range(1)):
        for side in (Side.ADVENTURERS, Side.KROBS):
            if not hidden_ids(game, side) and side is Side.KROBS:
                continue
            view = view_for(game, side)
            assert _leaks(view, game) == []
            checked += 1
    assert checked > 50


def test_the_adventurers_do_not_know_the_true_orb_the_krobs_do() -> None:
    game = scenario_games(AMBUSH)(3)
    game.seed = 123_456  # a seed the walk can tell from small numbers
    adventurers = view_for(game, Side.ADVENTURERS)
    krobs = view_for(game, Side.KROBS)
    assert _leaks(adventurers, game) == []
    orbs = [a for a in adventurers.state.accessories.values() if a.kind is AccessoryKind.ORB]
    assert len(orbs) == 3 and not any("real" in a.properties for a in orbs)
    known = [a for a in krobs.state.accessories.values() if a.properties.get("real")]
    assert len(known) == 1
    # Hidden Krobs are not in the Adventurers' view at all; the Krobs see their own.
    assert hidden_ids(game, Side.ADVENTURERS)
    assert not hidden_ids(game, Side.ADVENTURERS) & set(adventurers.state.units)
    assert hidden_ids(game, Side.ADVENTURERS) <= set(krobs.state.units)


def test_the_view_s_dice_are_a_decoy_and_its_log_the_side_s() -> None:
    game = scenario_games(AMBUSH)(0)
    agent = RandomAgent(0)
    while game.state.phase == "krob_deployment":  # the Krobs place the pit's group
        action = agent.choose(game)
        assert action is not None
        game.apply(action)
    view = view_for(game, Side.ADVENTURERS)
    assert view.state.dice.seed != game.state.dice.seed
    assert view.state.dice.rolls == 0
    assert view.game.seed == 0 and view.game.history == []
    assert view.log == game.log_for(Side.ADVENTURERS)
    assert len(view.log) < len(game.log)  # the secret placement is not in it


@pytest.mark.parametrize("seed", [0])
def test_an_agent_s_look_ahead_on_its_view_leaves_the_game_alone(seed: int) -> None:
    game = scenario_games(AMBUSH)(seed)
    before = game.state.to_dict()
    view = view_for(game, game.to_act() or Side.KROBS)
    view.game.apply(view.legal[0])
    assert game.state.to_dict() == before


def test_the_view_weighs_every_field_of_the_state() -> None:
    # view_for builds its copy field by field: a field added to the state (or to a
    # character, accessory or wizard, copied whole) must be weighed there first.
    from dragonnoir.ai.view import STATE_FIELDS
    from dragonnoir.engine.state import GameState

    assert tuple(f.name for f in dataclasses.fields(GameState)) == STATE_FIELDS


def test_a_hidden_wizard_s_sheet_is_not_in_the_view() -> None:
    # A wizard underground (a deep passage) is hidden from the other side: his sheet
    # (level, energy) would name him.
    game = scenario_games(AMBUSH)(0)
    shaman = game.state.units["shaman"]
    shaman.hidden_from = Side.KROBS
    game.touch()
    assert "shaman" in game.state.wizards
    view = view_for(game, Side.KROBS)
    assert "shaman" not in view.state.wizards and "shaman" not in view.state.units
    assert _leaks(view, game) == []
    assert "shaman" in view_for(game, Side.ADVENTURERS).state.wizards
