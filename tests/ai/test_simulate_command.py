"""`dragonnoir simulate` (dragonnoir/ai/simulate.py) on a small scenario."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from dragonnoir.ai.simulate import progress_bar, simulate
from dragonnoir.cli import main

CORRIDOR = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "corridor.toml"


def test_simulate_prints_one_json_object_with_the_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        ["simulate", str(CORRIDOR), "--games", "2", "--seed", "3", "--krobs", "ai:easy",
         "--adventurers", "random", "--json"]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 2
    assert set(data["wins"]) == {"krobs", "adventurers"}
    assert data["wins"]["krobs"] + data["wins"]["adventurers"] + data["draws"] == 2
    assert data["seconds_per_game"] > 0 and data["slowest_decision_ms"] > 0
    assert [r["seed"] for r in data["results"]] == [3, 4]
    assert data["average_turns"] == 3.0  # the corridor's turn limit: no condition ends it
    assert err == ""  # no progress bar when standard error is not a terminal


def test_simulate_summarises_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(CORRIDOR), "--games", "1", "--adventurers", "random"]) == 0
    out = capsys.readouterr().out
    assert "corridor: 1 game, seeds 0..0, Krobs: ai, Adventurers: random" in out
    assert "draws 1 (100%)" in out
    assert "slowest decision" in out and "seed 0: the " in out


def test_simulate_summarises_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """Every line in French, the slowest decision's side and phase by their names."""
    argv = ["--lang", "fr", "simulate", str(CORRIDOR), "--games", "2", "--adventurers", "random"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "corridor : 2 parties, graines 0..1, Krobs : ai, Aventuriers : random"
    assert "nulles 2 (100%)" in lines[1]
    assert "décision la plus lente" in lines[4] and "graine " in lines[4]
    assert "Tour des " in lines[4] and "krobs," not in lines[4]


def test_simulate_refuses_an_unknown_agent_and_a_bad_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", str(CORRIDOR), "--krobs", "clever"]) == 1
    refusal = capsys.readouterr().err
    assert "unknown agent 'clever': use one of random, passive, ai, ai:easy" in refusal
    assert main(["simulate", str(CORRIDOR), "--games", "0"]) == 1
    assert "--games must be at least 1" in capsys.readouterr().err
    assert main(["simulate", "no-such-scenario"]) == 1
    assert "no-such-scenario" in capsys.readouterr().err


@pytest.mark.slow
def test_games_in_worker_processes_give_the_same_results() -> None:
    alone = simulate(CORRIDOR, games=2, krobs="ai", adventurers="random")
    shared = simulate(CORRIDOR, games=2, krobs="ai", adventurers="random", jobs=2)
    assert [(r.seed, r.winner, r.turns, r.actions) for r in alone.records] == [
        (r.seed, r.winner, r.turns, r.actions) for r in shared.records
    ]


def test_the_progress_bar_is_drawn_only_on_a_terminal() -> None:
    assert progress_bar(io.StringIO()) is None

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    show = progress_bar(screen)
    assert show is not None
    show(1, 4)
    show(4, 4)
    assert screen.getvalue().endswith("] 4/4 games\n")
    assert "[#######" in screen.getvalue()
