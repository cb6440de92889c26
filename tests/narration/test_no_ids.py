"""No line a player reads holds an internal id (issue 41): seeded random games of every
shipped scenario, every event narrated, the refusals met on the way (a few illegal
moves tried each step) and the line of fire's reasons between a few characters each
step, in English, French and the pseudo-language.

An id is a character's, an accessory's (boats included) or a weapon's key, or any
snake_case token: the engine's keys are written so, the players' words never are.

And no English is left in the words the rules modules chose (a reason, a modifier, a
result's name, a die's purpose): said in the pseudo-language, every word of them is
accented; an English word left plain was never made a phrase.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dragonnoir import i18n
from dragonnoir.engine import events as ev
from dragonnoir.engine.actions import Move
from dragonnoir.engine.game import Game
from dragonnoir.engine.rules.line_of_fire import line_of_fire
from dragonnoir.engine.scenario import load_scenario
from dragonnoir.narration.narrator import Narrator
from dragonnoir.narration.phases import phase_title
from dragonnoir.narration.phrase import Value

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))
LANGUAGES = ("en", "fr", i18n.PSEUDO)
SEEDS = (1, 2)
ACTIONS = 150  # a game's first actions: enough to meet each phase, quick enough to run
REFUSALS = 3  # illegal moves explained a step
LINES = 2  # lines of fire traced a step
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


def said_by_rules(event: ev.Event) -> list[Value]:
    """The words a rules module chose in `event` (phrases; a `str` is a scenario's own
    text, a name or a key, said as it is in every language)."""
    fields: list[Value] = []
    if isinstance(event, ev.CombatResolved):
        fields += [*event.shifts, *event.die_modifiers, event.meaning]
    elif isinstance(event, ev.ShotResolved):
        fields += [*event.modifiers, *event.cover_why, event.meaning]
    elif isinstance(event, ev.ResultConverted):
        fields.append(event.becomes)
    elif isinstance(event, ev.PhaseBegan):
        fields.append(phase_title(event.phase, event.title))
    elif isinstance(event, ev.DieRolled):
        fields.append(event.purpose)
    elif isinstance(event, ev.DecisionRequested):
        fields.append(event.asked)
    elif isinstance(event, ev.GameEnded):
        fields.append(event.reason)
    elif isinstance(event, ev.WentUnderground):
        fields.append(event.who)
    elif isinstance(event, ev.PassageTaken):
        fields.append(event.passage)
    return [f for f in fields if not isinstance(f, str)]


def lines_read(path: Path, seed: int) -> Iterator[tuple[str, str, Value]]:
    """(what, language, words) for every event of the game, the refusals met and the
    reasons of a few lines of fire: each said in each language, and each of the
    events' words the rules chose (`said_by_rules`) as a value of its own."""
    game = load_scenario(path).new_game(seed)
    rng = random.Random(seed)
    narrators = {language: Narrator.of(game, language) for language in LANGUAGES}
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
                for language in LANGUAGES:
                    yield f"refusal [{verdict.rule}]", language, verdict.said
        on_map = sorted(u.id for u in game.living_units())
        for _ in range(LINES if len(on_map) > 1 else 0):
            shooter, target = (game.state.units[u] for u in rng.sample(on_map, k=2))
            for said, rule in line_of_fire(game, shooter, target).reasons:
                for language in LANGUAGES:
                    yield f"line of fire [{rule}]", language, said
        before = len(game.log)
        game.apply(rng.choice(acts))
        for event in game.log[before:]:
            for language in LANGUAGES:
                yield f"event {event.kind}", language, narrators[language].event(event)
                for said in said_by_rules(event):
                    yield f"words of {event.kind}", language, said


#: Letters the pseudo-language accents (`i18n.pseudo`): a word holding one plain is English.
PLAIN = re.compile(r"[A-Za-z]*[aceinouyAEIOUCNY][A-Za-z]*")


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_no_line_a_player_reads_holds_an_id(path: Path) -> None:
    leaks: dict[str, str] = {}
    english: dict[str, str] = {}
    for seed in SEEDS:
        game = load_scenario(path).new_game(seed)
        ids = ids_of(game)
        narrators = {language: Narrator.of(game, language) for language in LANGUAGES}
        for what, language, said in lines_read(path, seed):
            line = said if isinstance(said, str) else narrators[language].value(said)
            token = leak(line, ids)
            if token is not None:
                leaks.setdefault(what, f"{line!r} holds {token!r}")
            plain = [w for w in PLAIN.findall(line) if len(w) > 1]
            if language == i18n.PSEUDO and not isinstance(said, str) and plain:
                english.setdefault(what, f"{line!r}: {plain[0]!r} is not translated")
    assert not leaks, "\n".join(f"{what}: {line}" for what, line in sorted(leaks.items()))
    assert not english, "\n".join(f"{what}: {line}" for what, line in sorted(english.items()))
