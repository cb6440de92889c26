"""benchmarks/ai_balance.py --levels, the report of what each level is worth against
normal: the games it says it plays, the wins it counts, and a stopped run resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.ai_balance import Job, level_jobs, levels_table, paired, play_levels, with_knobs
from dragonnoir.ai.levels import LEVELS


def test_the_jobs_put_each_level_in_each_seat_against_normal() -> None:
    jobs = level_jobs(["la-fosse", "le-nid"], ["hard", "easy"], [1000, 2000], 3)
    assert len(jobs) == 2 * 2 * 2 * 2 * 3
    assert len({j.key() for j in jobs}) == len(jobs)
    assert Job("la-fosse", "hard", "krobs", 1000).agents() == ("ai:hard", "ai:normal")
    assert Job("la-fosse", "easy", "adventurers", 2002).agents() == ("ai:normal", "ai:easy")
    assert {j.seed for j in jobs} == {1000, 1001, 1002, 2000, 2001, 2002}


def test_the_table_counts_the_level_s_wins_and_no_draw() -> None:
    jobs = level_jobs(["la-fosse"], ["hard"], [1000], 2)
    winners = {("krobs", 1000): "krobs", ("krobs", 1001): None,
               ("adventurers", 1000): "krobs", ("adventurers", 1001): "adventurers"}  # fmt: skip
    games = {j.key(): {**vars(j), "winner": winners[(j.seat, j.seed)]} for j in jobs}
    table = levels_table(jobs, games)
    assert "| la-fosse | 1/2 (50%) | 1/2 (50%) | 2/4 (50%) |" in table
    assert "hard against normal: 2 of 4 = 50.0%" in table


def test_a_run_saves_every_game_and_a_second_run_plays_none_again(tmp_path: Path) -> None:
    save = tmp_path / "levels.jsonl"
    jobs = level_jobs(["la-fosse"], ["easy"], [1000], 1)
    first = play_levels(jobs, save, 1)
    lines = [json.loads(line) for line in save.read_text().splitlines()]
    assert len(lines) == 2 and {g["seat"] for g in lines} == {"krobs", "adventurers"}
    assert all(g["winner"] in ("krobs", "adventurers", None) and g["turns"] >= 1 for g in lines)
    again = play_levels(jobs, save, 1)
    assert again == first
    assert len(save.read_text().splitlines()) == 2


def test_knobs_change_the_fields_they_name_and_refuse_what_is_not_a_field() -> None:
    hard = LEVELS["hard"]
    screened = with_knobs(hard, "presses_on=False, risk=1.2")
    assert screened.presses_on is False and screened.risk == 1.2
    assert screened.keeps_safe == hard.keeps_safe  # the rest as it was
    assert with_knobs(hard, "") == hard
    with pytest.raises(SystemExit, match="courage"):
        with_knobs(hard, "courage=2")
    with pytest.raises(SystemExit, match="risk"):
        with_knobs(hard, "risk=high")


def test_a_screen_pairs_its_games_with_the_base_seed_by_seed() -> None:
    def game(seat: str, seed: int, winner: str | None, turns: int) -> dict[str, object]:
        return {"scenario": "le-nid", "level": "hard", "seat": seat, "seed": seed,
                "winner": winner, "turns": turns}  # fmt: skip

    def keyed(*games: dict[str, object]) -> dict:  # type: ignore[type-arg]
        return {(g["scenario"], g["level"], g["seat"], g["seed"]): g for g in games}

    base = keyed(game("krobs", 1, "krobs", 9), game("krobs", 2, None, 10))
    screen = keyed(game("krobs", 1, "krobs", 8), game("krobs", 2, "krobs", 7),
                   game("krobs", 3, "krobs", 5))  # fmt: skip
    said = paired(screen, base)
    assert "le-nid as krobs: 2 against 1 of 2 (2 changed)" in said  # seed 3: no base
    assert said.endswith("all: 2 against 1 of 2 (2 changed)")
