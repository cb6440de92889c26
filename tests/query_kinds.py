"""Every kind of question the client and the AI ask the engine between actions (issue 47).

A save is checked by replaying its actions, and a replay asks nothing: any question that
wrote into the state (a record made "on first use") would make the save of a game in
which it was asked differ from its replay, and be refused on loading. The tests that
prove questions change nothing (tests/engine/test_queries.py, and the fuzz kind
"queries" of tests/fuzz/fuzz_harness.py) ask them all through `Questions`.

The kinds follow what the callers ask: `Game.legal_actions` and `Game.explain` (the
client on a click, the AI on every move), the reach of a character (moves, jumps,
flights, a boat's journeys, placements on and off the map), fire (who may shoot, the
chances, the line of fire), combat (who may attack whom, the declared combats), magic,
the AI's side view (`ai.view.view_for`) and an agent deciding on it, and the client's
own screen logic (`ui.controller.Controller`: selection, hover, overlays, previews,
prompts), which asks the engine through the same functions the screen draws from.
Where a question has many subjects (every character, every pair of enemies) a few are
drawn from the caller's `random.Random`, so the cost stays bounded.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dragonnoir.ai.agent import make_agent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import (
    Action,
    Attack,
    EndPhase,
    Jump,
    Move,
    Pass,
)
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import (
    boats,
    combat_declared,
    fire,
    flight,
    hidden,
    line_of_fire,
    magic,
    movement,
)
from dragonnoir.engine.rules.combat_odds import check_attacker
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.ui import placement
from dragonnoir.ui.controller import Controller
from dragonnoir.ui.visibility import visible_to

#: Subjects drawn per question that has many (characters, pairs, hexes).
SAMPLE = 2
#: Earlier legal actions kept to be asked about again later, mostly refused by then.
STALE = 40
PLAYERS = (Side.ADVENTURERS, Side.KROBS)


def _some(rng: random.Random, items: list[Any], n: int = SAMPLE) -> list[Any]:
    return items if len(items) <= n else rng.sample(items, n)


def _units(game: Game) -> list[Unit]:
    """Living characters on the map, in id order (a stable order for the draws)."""
    return sorted(game.living_units(), key=lambda u: u.id)


def _enemy_pairs(game: Game) -> list[tuple[Unit, Unit]]:
    units = _units(game)
    return [(a, b) for a in units for b in units if a.side is not b.side]


class Questions:
    """Asks a game every kind of question, drawing the subjects from `rng`.

    Keeps some of the legal actions it saw, to ask `explain` about them again later in
    the game, when most are refused (the refusals are questions too)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.seen: list[Action] = []
        self.kinds: dict[str, Callable[[Game], None]] = {
            "legal_actions": self.legal_actions,
            "explain": self.explain,
            "reach": self.reach,
            "placement": self.placement,
            "fire": self.fire,
            "line_of_fire": self.line_of_fire,
            "combat": self.combat,
            "magic": self.magic,
            "ai_view": self.ai_view,
            "ai_choice": self.ai_choice,
            "client": self.client,
        }

    def ask(self, kind: str, game: Game) -> None:
        self.kinds[kind](game)

    # -- the engine's door -----------------------------------------------------------------

    def legal_actions(self, game: Game) -> None:
        listed = game.legal_actions()
        for side in Side:
            game.legal_actions(side)
        game.legal_actions(kinds=("Move", "Attack"))  # as the AI asks, one type at a time
        self._keep(listed)

    def explain(self, game: Game) -> None:
        listed = game.legal_actions()
        for action in _some(self.rng, listed) + _some(self.rng, self.seen):
            game.explain(action)
        game.explain(EndPhase())
        game.explain(Pass())
        self._keep(listed)

    def _keep(self, actions: list[Action]) -> None:
        self.seen.extend(_some(self.rng, actions, 2))
        del self.seen[:-STALE]

    # -- reach -----------------------------------------------------------------------------

    def reach(self, game: Game) -> None:
        cells = sorted(game.board.cells, key=lambda h: (h.q, h.r))
        movement.shared_hexes(game)
        for unit in _some(self.rng, _units(game)):
            movement.may_move(game, unit)
            movement.budget_of(game, unit)
            found = movement.legal_destinations(game, unit.id)
            goals = _some(self.rng, sorted(found, key=lambda h: (h.q, h.r)), 1)
            for h in goals + _some(self.rng, cells, 1):
                movement.why_not_reach(game, unit.id, h)
                game.explain(Move(unit.id, (h,)))
            assert unit.hex is not None
            for h in unit.hex.neighbours():
                game.explain(Jump(unit.id, h))
            flight.flights(game, unit)
            self._boat(game, unit)

    def _boat(self, game: Game, unit: Unit) -> None:
        boat = boats.boat_of(game, unit)
        if boat is None:
            return
        budget = boats.rower_budget(game, unit, boat)
        if isinstance(budget, tuple):
            for action in boats.voyages(game, unit, boat, budget[0]):
                boats.sail(game, boat, action.path, action.backward)

    def placement(self, game: Game) -> None:
        placement.passages(game)
        for side in PLAYERS:
            for off in _some(self.rng, placement.off_map(game, side)):
                placement.deploy_options(game, off.uid)
                placement.enter_options(game, off.uid)
            placement.arriving(game, side)
        for unit in _some(self.rng, _units(game)):
            placement.ways_out(game, unit)

    # -- fire and combat -------------------------------------------------------------------

    def fire(self, game: Game) -> None:
        mode = fire.current_mode(game)
        for shooter, target in _some(self.rng, _enemy_pairs(game)):
            fire.explain_shot(game, shooter.id, target.id)
            fire.weapon_rate(game, shooter)
            for sequence in (fire.OFFENSIVE, fire.DEFENSIVE):
                fire.shooter_problem(game, shooter, mode or sequence)
                fire.eligible_shooters(game, target, sequence)

    def line_of_fire(self, game: Game) -> None:
        for shooter, target in _some(self.rng, _enemy_pairs(game)):
            line_of_fire.line_of_fire(game, shooter, target)
            line_of_fire.explain_line_of_fire(game, shooter, target)
            line_of_fire.visible_targets(game, shooter, include_blocked=True)

    def combat(self, game: Game) -> None:
        combat_declared.combats(game)
        combat_declared.closed(game)
        combat_declared.open_combats(game)
        for attacker, defender in _some(self.rng, _enemy_pairs(game)):
            check_attacker(game, attacker, (defender.id,))
            game.explain(Attack((attacker.id,), (defender.id,)))
            game.explain(Attack((attacker.id,), (defender.id,), between_legs=True))

    def magic(self, game: Game) -> None:
        magic.any_cast_possible(game)
        for unit in _units(game):
            if magic.is_wizard(game, unit):
                magic.may_cast_now(game, unit)
                magic.available_energy(magic.sheet(game, unit), unit)
            hidden.display_name(game, unit)
            hidden.why_seen(game, unit)

    # -- the AI ----------------------------------------------------------------------------

    def ai_view(self, game: Game) -> None:
        for side in PLAYERS:
            view = view_for(game, side)
            _ = view.legal  # the view's own game answers: the real one must not change

    def ai_choice(self, game: Game) -> None:
        side = game.to_act()
        if side not in PLAYERS:
            return
        view = view_for(game, side)
        if view.legal:
            make_agent("ai:easy", side, self.rng.randrange(2**31)).choose(view)

    # -- the client ------------------------------------------------------------------------

    def client(self, game: Game) -> None:
        """What the game screen asks while the player points and clicks, short of acting:
        choosing a character, a shooter or an attacker, hovering hexes, the spell book."""
        side = game.to_act()
        for viewer in PLAYERS:
            visible_to(game, viewer)
        if side not in PLAYERS:
            return
        screen = Controller(game, side, confirm_moves=True)
        self._look(screen)
        actions = game.phase.actions
        if game.state.pending or "Deploy" in actions:
            return  # a click here answers or places: an action, not a question
        if "Fire" in actions or "Attack" in actions:
            screen.command("fire" if "Fire" in actions else "attack")
        own = [u for u in _units(game) if u.side is side]
        for unit in _some(self.rng, own, 1):
            assert unit.hex is not None
            screen.click_hex(unit.hex)  # selects him: a mover, a shooter, an attacker
            self._look(screen)
        if "CastSpell" in actions and screen.cast_possible():
            screen.command("cast")
            self._look(screen)

    def _look(self, screen: Controller) -> None:
        """Hover a few hexes (where the selection may go, and anywhere) and read all the
        screen draws."""
        overlays = screen.overlays()
        marked: set[Hex] = set(overlays.reachable) | set(overlays.jumps) | set(overlays.sails)
        cells = sorted(screen.game.board.cells, key=lambda h: (h.q, h.r))
        for h in _some(self.rng, sorted(marked, key=lambda h: (h.q, h.r)), 2) + _some(
            self.rng, cells, 2
        ):
            screen.hover_hex(h)
            screen.overlays()
            screen.preview()
        screen.prompt()
        screen.hint()


KINDS = tuple(Questions(random.Random(0)).kinds)
#: How likely `wander` ends the phase when it may: a uniform choice among dozens of
#: moves would spend a whole game in the first movement phase; this way a few dozen
#: actions cross every phase of a turn, where the questions differ.
END_PHASE = 0.3


def wander(game: Game, rng: random.Random) -> Action | None:
    """A legal action of the side to act, drawn from `rng` (None: nothing to do)."""
    legal = game.legal_actions()
    if not legal:
        return None
    ends = [a for a in legal if isinstance(a, EndPhase)]
    if ends and rng.random() < END_PHASE:
        return ends[0]
    return rng.choice(legal)
