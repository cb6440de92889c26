"""No line a player reads holds an internal id (issue 41): seeded random games of every
shipped scenario, every event narrated and the refusals met on the way (a few illegal
moves tried each step), in English, French and the pseudo-language.

An id is a character's, an accessory's (boats included) or a weapon's key, or any
snake_case token: the engine's keys are written so, the players' words never are.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragonnoir import i18n
from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.narration.narrator import Narrator

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))
LANGUAGES = ("en", "fr", i18n.PSEUDO)
SEEDS = (1, 2)
ACTIONS = 150  # a game's first actions: enough to meet each phase, quick enough to run
REFUSALS = 3  # illegal moves explained a step
SNAKE = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
TOKEN = re.compile(r"[A-Za-z0-9_]+")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def ids_of(game: Game) -> set[str]:
    """Every key the engine names things by in this game."""
    ids = set(game.state.units) | set(game.state.accessories)
    rules = game.rules
    if rules is not None:
        ids |= set(rules.rate_of_fire)
    return ids


def leak(line: str, ids: set[str]) -> str | None:
    """The first id `line` holds, or None."""
    for token in TOKEN.findall(line):
        if token in ids:
            return token
    found = SNAKE.search(line)
    return found.group(0) if found else None


def lines_read(path: Path, seed: int) -> Iterator[tuple[str, str]]:
    """(what, line) for every event of the game and the refusals met, in each language."""
    game = load_scenario(path).new_game(seed)
    rng = random.Random(seed)
    narrators = [Narrator.of(game, language) for language in LANGUAGES]
    cells = sorted(game.board.cells, key=lambda h: (h.q, h.r))
    for _ in range(ACTIONS):
        if game.over:
            return
        acts = list(game.legal_actions(game.to_act()))
        if not acts:
            return
        units = sorted(game.state.units)
        for uid in rng.sample(units, k=min(REFUSALS, len(units))):
            verdict = game.explain(Move(uid, (rng.choice(cells),)))
            if not verdict.legal:
                for narrator in narrators:
                    yield f"refusal [{verdict.rule}]", narrator.say(verdict.said)
        before = len(game.log)
        game.apply(rng.choice(acts))
        for event in game.log[before:]:
            for narrator in narrators:
                yield f"event {event.kind}", narrator.event(event)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_line_a_player_reads_holds_an_id(path: Path) -> None:
    leaks: dict[str, str] = {}
    for seed in SEEDS:
        game = load_scenario(path).new_game(seed)
        ids = ids_of(game)
        for what, line in lines_read(path, seed):
            token = leak(line, ids)
            if token is not None:
                leaks.setdefault(what, f"{line!r} holds {token!r}")
    assert not leaks, "\n".join(f"{what}: {line}" for what, line in sorted(leaks.items()))
