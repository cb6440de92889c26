"""`dragonnoir pbem new | verify | autoplay` (docs/pbem.md, "Commands")."""

from __future__ import annotations

import argparse
from pathlib import Path

from dragonnoir.ai.agent import Agent, make_agent
from dragonnoir.ai.view import view_for
from dragonnoir.engine.actions import Action
from dragonnoir.engine.events import GameEnded
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.i18n import _
from dragonnoir.narration.narrator import Narrator
from dragonnoir.pbem.chain import Replay, replay
from dragonnoir.pbem.keys import load_identity
from dragonnoir.pbem.orders import Orders
from dragonnoir.pbem.turnfile import read_turn_file
from dragonnoir.pbem.turns import Chooser, ensure_next, start_game, take_turn
from dragonnoir.pbem.words import side_words
from dragonnoir.resources import find
from dragonnoir.rules_folder import rules_in_use


def where_it_stands(walk: Replay) -> str:
    """One line: the game, its turn, whose link comes next."""
    name = walk.start["scenario"]["name"]
    game = walk.game
    turn = game.state.turn if game is not None else 1
    side = walk.next_side()
    if side is None:
        assert game is not None
        ended = next((e for e in reversed(game.log_for(None)) if isinstance(e, GameEnded)), None)
        said = Narrator.of(game).event(ended) if ended else _("the game is over")
        return _("{game} {id}, turn {turn}: {ended}").format(
            game=name, id=walk.game_id[:8], turn=turn, ended=said
        )
    return _("{game} {id}, turn {turn}, link {n}: {side} to play").format(
        game=name, id=walk.game_id[:8], turn=turn, n=len(walk.links), side=side_words(side)
    )


def cmd_new(args: argparse.Namespace) -> int:
    rules = rules_in_use()
    scenario = load_scenario(find("scenarios", args.scenario), rules)
    orders = Orders.parse(args.orders)
    out = Path(args.out)
    start_game(scenario, Side(args.side), load_identity(), rules, out, orders)
    print(_("wrote {path}: send it to the other player").format(path=out))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    path = Path(args.file)
    turn = read_turn_file(path)
    walk = replay(turn, path, rules_in_use())
    if args.previous:
        ensure_next(read_turn_file(Path(args.previous)), turn, path)
    print(_("ok: {state}").format(state=where_it_stands(walk)))
    return 0


def agent_chooser(name: str, game_id: str) -> Chooser:
    """An agent playing the side it is asked for (made on the first question, its own
    generator seeded from the game's id and that side)."""
    agents: dict[Side, Agent] = {}

    def choose(game: Game, side: Side) -> Action:
        if side not in agents:
            agents[side] = make_agent(name, side, int(game_id[:15], 16))
        return agents[side].choose(view_for(game, side))

    return choose


def cmd_autoplay(args: argparse.Namespace) -> int:
    path = Path(args.file)
    turn = read_turn_file(path)
    rules = rules_in_use()
    chooser = agent_chooser(args.agent, turn.game)
    orders = Orders.parse(args.orders)
    out = Path(args.out)
    _new, walk = take_turn(turn, path, load_identity(), rules, chooser, out, orders)
    print(_("wrote {path}: {state}").format(path=out, state=where_it_stands(walk)))
    return 0


def run(args: argparse.Namespace) -> int:
    """The `pbem` command named on the command line."""
    commands = {"new": cmd_new, "verify": cmd_verify, "autoplay": cmd_autoplay}
    return commands[args.pbem_command](args)
