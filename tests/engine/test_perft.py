"""Legal-action counts for fixture positions, kept as data (like chess perft).

`tests/engine/data/perft.toml` lists positions and how many legal actions each has, by
type, and for some the number of positions two actions away. A change in any count means
the rules changed: if on purpose, regenerate the numbers with

    .venv/bin/python tests/engine/test_perft.py --write

and say why in the commit message.
"""

from __future__ import annotations

import random
import re
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from dragonnoir.engine.actions import action_from_dict
from dragonnoir.engine.game import Game
from dragonnoir.engine.playout import count_actions, perft
from dragonnoir.engine.scenario import Scenario, load_scenario
from dragonnoir.engine.state import Status
from dragonnoir.engine.testing import Piece, position

DATA = Path(__file__).resolve().parent / "data" / "perft.toml"
REGENERATE = ".venv/bin/python tests/engine/test_perft.py --write"


def load_positions(path: Path = DATA) -> list[dict[str, Any]]:
    with path.open("rb") as fh:
        positions: list[dict[str, Any]] = tomllib.load(fh)["position"]
    return positions


@cache
def _scenario(path: Path) -> Scenario:
    return load_scenario(path)


def build(spec: dict[str, Any], base: Path = DATA.parent) -> Game:
    """The game a perft entry describes, with its prefix of actions applied."""
    seed = int(spec.get("seed", 1))
    if "scenario" in spec:
        game = _scenario((base / spec["scenario"]).resolve()).new_game(seed)
    else:
        pieces = [
            Piece(
                p["kind"],
                (int(p["cell"][0]), int(p["cell"][1])),
                id=p.get("id"),
                level=p.get("level"),
                facing=int(p.get("facing", 0)),
                status=Status(p.get("status", "healthy")),
                wounds=int(p.get("wounds", 0)),
                adult=bool(p.get("adult", True)),
            )
            for p in spec["pieces"]
        ]
        game = position(
            spec["art"],
            pieces,
            levels=spec.get("levels"),
            edges=[((e[0], e[1]), e[2], e[3]) for e in spec.get("edges", [])],
            phase=spec.get("phase", "adventurer_movement"),
            seed=seed,
            webs=[(w[0], w[1]) for w in spec.get("webs", [])],
            turn_limit=spec.get("turn_limit"),
        )
    for raw in spec.get("actions", []):
        game.apply(action_from_dict(raw))
    rng = random.Random(seed)
    for _ in range(int(spec.get("walk", 0))):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


def numbers(spec: dict[str, Any]) -> dict[str, int]:
    """What the engine says now: `total`, `depth2` (if asked) and a count per type."""
    game = build(spec)
    out = {"total": len(game.legal_actions())}
    if spec.get("depth2"):
        out["depth2"] = perft(game, 2)
    out.update(sorted(count_actions(game).items()))
    return out


def _positions() -> list[Any]:
    return [pytest.param(spec, id=spec["name"]) for spec in load_positions()]


@pytest.mark.parametrize("spec", _positions())
def test_legal_action_counts_match_the_data(spec: dict[str, Any]) -> None:
    expected = dict(spec["expected"])
    got = numbers(spec)
    assert got == expected, (
        f"{spec['name']}: the engine now counts {got}, perft.toml says {expected}. "
        f"If the rules changed on purpose, run `{REGENERATE}` and say why in the commit."
    )


def test_counts_add_up() -> None:
    for spec in load_positions():
        expected = spec["expected"]
        by_type = {k: v for k, v in expected.items() if k not in ("total", "depth2")}
        assert sum(by_type.values()) == expected["total"], spec["name"]
        assert ("depth2" in expected) == bool(spec.get("depth2")), spec["name"]


def test_regenerating_rewrites_only_the_expected_lines(tmp_path: Path) -> None:
    data = tmp_path / "perft.toml"
    data.write_text(
        '# a comment that stays\n[[position]]\nname = "empty"\nart = ". ."\n'
        'pieces = [{ kind = "zed", cell = [0, 0] }]\nphase = "adventurer_fire"\n'
        "expected = { total = 99 }  # stale\n",
        encoding="utf-8",
    )
    assert regenerate(data) == ["empty"]
    text = data.read_text(encoding="utf-8")
    assert text.startswith("# a comment that stays\n")
    assert text.endswith("expected = { total = 1, EndPhase = 1 }\n")
    assert regenerate(data) == []


def _inline(values: dict[str, int]) -> str:
    return "{ " + ", ".join(f"{k} = {v}" for k, v in values.items()) + " }"


def regenerate(path: Path = DATA) -> list[str]:
    """Rewrite every `expected = {...}` line of `path` with the engine's counts; the
    rest of the file (comments, layout) stays. Returns the names whose counts changed."""
    specs = load_positions(path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if re.match(r"expected\s*=", line)]
    if len(marks) != len(specs):
        raise SystemExit(f"{path}: every [[position]] needs one `expected = {{...}}` line")
    changed = []
    for i, spec in zip(marks, specs, strict=True):
        got = numbers(spec)
        if got != spec.get("expected"):
            changed.append(spec["name"])
        lines[i] = f"expected = {_inline(got)}\n"
    path.write_text("".join(lines), encoding="utf-8")
    return changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        for spec in load_positions():
            print(f"{spec['name']}: {numbers(spec)}")
        print(f"(dry run; `{REGENERATE}` rewrites {DATA})")
    else:
        changed = regenerate()
        print(f"rewrote {DATA}; changed: {', '.join(changed) or 'nothing'}")
