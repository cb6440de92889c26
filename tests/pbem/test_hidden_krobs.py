"""Hidden Krobs stay hidden in a game by files (issue 42 §3, docs/pbem.md "Hidden Krobs"):
whole games of Le Pont between two agents, and the refusals of a cheating Krob program."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pbem_helpers import HIDDEN, REPO, Player, Table, check_kept_hidden, seed_secrets

from dragonnoir.engine.scenario import load_scenario
from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.pbem.blind import hidden_ids
from dragonnoir.pbem.canonical import canonical_bytes, digest
from dragonnoir.pbem.chain import chain_start, replay, signed_part
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.records import load_record
from dragonnoir.pbem.seals import Opening
from dragonnoir.pbem.turnfile import TurnFileError, read_turn_file


def test_le_pont_by_files_keeps_the_krobs_hidden_until_revealed(table: Table) -> None:
    """Both seats, the Adventurers creating: the Krobs deploy sealed (at least one seal
    each), and nothing names them before they are opened."""
    files = table.play_to_the_end("le-pont", Side.ADVENTURERS)
    check_kept_hidden(table, files, HIDDEN)
    links = read_turn_file(files[-1]).links
    assert sum("sealed" in a for link in links for a in link["actions"]) >= len(HIDDEN)


@pytest.mark.parametrize(
    ("scenario", "creator"),
    [
        ("le-marais", Side.KROBS),
        pytest.param("le-labyrinthe", Side.ADVENTURERS, marks=pytest.mark.slow),
        pytest.param("les-eaux-noires", Side.ADVENTURERS, marks=pytest.mark.slow),
    ],
)
def test_the_other_hidden_scenarios_by_files(table: Table, scenario: str, creator: Side) -> None:
    """The same in the other scenarios with Krobs deployed in secret (their Gharvs, marsh
    and passages), from both seats."""
    game = load_scenario(REPO / "scenarios" / f"{scenario}.toml", table.rules).new_game(0)
    check_kept_hidden(table, table.play_to_the_end(scenario, creator, limit=400), hidden_ids(game))


def test_le_pont_with_the_krobs_creating_ends_with_the_audit(table: Table) -> None:
    files = table.play_to_the_end("le-pont", Side.KROBS)
    last = read_turn_file(files[-1])
    assert "audit" in last.links[-1]
    # The Krob player's computer replays the same files in full: every hidden Krob there.
    krobs = load_record(last.game, table.players[Side.KROBS].records)
    assert krobs is not None
    full = replay(last, files[-1], table.rules, krobs.openings)
    blind = replay(last, files[-1], table.rules)
    assert full.game is not None and blind.game is not None
    assert set(full.game.state.units) >= HIDDEN
    assert full.game.state.winner == blind.game.state.winner


# -- a cheating Krob program --------------------------------------------------------------


def rechained(doc: dict[str, Any], table: Table, start: int) -> None:
    """Sign links `start`... again, each with its side's key, and chain them again: what
    two colluding programs could write (so only the protocol's own checks are left)."""
    links = doc["links"]
    for i in range(start, len(links)):
        link = links[i]
        link["prev"] = digest(links[i - 1]) if i else chain_start(doc["game"], doc["start"])
        link["sig"] = table.players[Side(link["side"])].identity.sign(signed_part(link))


def forged(path: Path, table: Table, change: Any, out: Path) -> Path:
    doc = json.loads(path.read_text(encoding="utf-8"))
    start = change(doc)
    rechained(doc, table, start)
    out.write_bytes(canonical_bytes(doc))
    return out


def refusal(path: Path, table: Table, openings: Any = None) -> str:
    with pytest.raises(TurnFileError) as caught:
        replay(read_turn_file(path), path, table.rules, openings)
    return str(caught.value)


def krob_openings(table: Table, path: Path) -> dict[str, Opening] | None:
    """The openings the Krob player's computer keeps for the game of the file at `path`."""
    record = load_record(read_turn_file(path).game, table.players[Side.KROBS].records)
    assert record is not None
    return record.openings


def first_link_with(doc: dict[str, Any], what: str) -> dict[str, Any]:
    return next(
        link for link in doc["links"] if any(what in a for a in link["actions"]) or what in link
    )


@pytest.fixture(scope="module")
def le_pont(tmp_path_factory: pytest.TempPathFactory) -> tuple[Table, list[Path]]:
    """One honest whole game for the refusal tests to forge from (played once: a game
    takes seconds), with its own players and seeded secrets."""
    folder = tmp_path_factory.mktemp("le-pont")
    with pytest.MonkeyPatch.context() as patch:
        seed_secrets(patch)
        players = {s: Player(s, Identity.fresh(), folder / s.value) for s in Side}
        table = Table(folder, players, default_rules_data())
        return table, table.play_to_the_end("le-pont", Side.ADVENTURERS)


def test_a_changed_seal_is_found_at_the_end_audit(
    le_pont: tuple[Table, list[Path]], tmp_path: Path
) -> None:
    table, whole_game = le_pont

    def change(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, "sealed")
        entry = next(a for a in link["actions"] if "sealed" in a)
        entry["sealed"] = "0" * 64
        return int(link["n"])

    said = refusal(forged(whole_game[-1], table, change, tmp_path / "x.dnturn"), table)
    assert "seal" in said


def test_an_opening_that_does_not_open_its_seals_is_refused(
    le_pont: tuple[Table, list[Path]], tmp_path: Path
) -> None:
    """A Krob "found" elsewhere than his sealed moves took him: the opening's place is
    checked against the seals made at the time, by the Adventurers' program itself."""
    table, whole_game = le_pont

    def change(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, "open")
        opened = next(a["open"] for a in link["actions"] if "open" in a)
        assert opened["seals"], "an opened Krob has at least his deployment sealed"
        opened["unit"]["hex"] = [opened["unit"]["hex"][0] + 1, opened["unit"]["hex"][1]]
        return int(link["n"])

    said = refusal(forged(whole_game[-1], table, change, tmp_path / "x.dnturn"), table)
    assert "elsewhere than his sealed moves" in said

    def salted(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, "open")
        opened = next(a["open"] for a in link["actions"] if "open" in a)
        opened["seals"][0][2] = "1" * 64
        return int(link["n"])

    said = refusal(forged(whole_game[-1], table, salted, tmp_path / "y.dnturn"), table)
    assert "was not sealed so" in said


@pytest.mark.parametrize(
    ("field", "value"),
    [("offmap", True), ("offmap", {"state": "nowhere"}), ("moving", 3), ("offmap", [1])],
)
@pytest.mark.parametrize("where", ["open", "cut"])
def test_an_opening_s_bookkeeping_of_another_shape_is_refused(
    le_pont: tuple[Table, list[Path]], tmp_path: Path, where: str, field: str, value: Any
) -> None:
    """An opening's off-map entry or move in progress that is not of a shape the engine
    writes (a `true` where an entry belongs) is refused with its field, in an action's
    opening as in a cut's: it once went into the blind game and crashed a rule later."""
    table, whole_game = le_pont

    def change(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, where)
        if where == "cut":
            opened = link["cut"]["open"][0]
        else:
            opened = next(a["open"] for a in link["actions"] if "open" in a)
        opened[field] = value
        return int(link["n"])

    said = refusal(forged(whole_game[-1], table, change, tmp_path / "x.dnturn"), table)
    assert "an opening" in said and f"field {field}" in said


def test_an_opening_naming_no_krob_by_a_text_is_refused(
    le_pont: tuple[Table, list[Path]], tmp_path: Path
) -> None:
    """A Krob named by something else than his id's text (a list) is refused, not a crash
    (found by the fuzz: the id was looked up in a table)."""
    table, whole_game = le_pont

    def change(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, "open")
        opened = next(a["open"] for a in link["actions"] if "open" in a)
        opened["unit"]["id"] = [1]
        return int(link["n"])

    said = refusal(forged(whole_game[-1], table, change, tmp_path / "x.dnturn"), table)
    assert "no Krob hidden from the Adventurers" in said


def test_a_cut_left_out_is_refused(le_pont: tuple[Table, list[Path]], tmp_path: Path) -> None:
    """The Krob program hides that an Adventurer's move ran into a Krob (it leaves out the
    cut): the link no longer fits the Adventurers' game (they are to act, yet the Krobs'
    link plays nothing), and the full replay names the cut left out."""

    table, whole_game = le_pont
    cut: list[int] = []

    def change(doc: dict[str, Any]) -> int:
        link = first_link_with(doc, "cut")
        del link["cut"]
        cut.append(int(link["n"]))
        return cut[0]

    path = forged(whole_game[-1], table, change, tmp_path / "x.dnturn")
    assert f"link {cut[0]}" in refusal(path, table)
    # The Krob player's own computer, replaying in full, says what is wrong.
    said = refusal(path, table, krob_openings(table, path))
    assert f"link {cut[0]}" in said and "does not say so" in said


def test_a_reveal_held_back_is_found_by_the_full_replay_of_the_end_audit(
    le_pont: tuple[Table, list[Path]], tmp_path: Path
) -> None:
    """A Krob program that leaves out an opening the rules call for (the Krob came into
    sight): the Adventurers' program cannot know it yet; the replay in full that the end
    audit runs (here with the Krob player's openings, as the audit would give them)
    refuses the very action, naming the Krob held back."""
    table, whole_game = le_pont
    held_back: list[Any] = []

    def change(doc: dict[str, Any]) -> int:
        link = next(
            link
            for link in doc["links"]
            if link["side"] == "krobs" and any("open" in a for a in link["actions"])
        )
        first = next(i for i, a in enumerate(link["actions"]) if "open" in a)
        held_back.append((link["n"], link["actions"].pop(first)["open"]["unit"]["id"]))
        del doc["links"][link["n"] + 1 :]
        return int(link["n"])

    path = forged(whole_game[-1], table, change, tmp_path / "x.dnturn")
    said = refusal(path, table, krob_openings(table, path))
    n, krob = held_back[0]
    assert f"link {n}" in said and "the link opens nobody (a reveal held back" in said
    assert krob not in said  # he is named as players name him, not by his id


def test_the_void_actions_played_anyway_are_refused(
    le_pont: tuple[Table, list[Path]], tmp_path: Path
) -> None:
    """An Adventurers' program that ignores the cut and keeps the actions it voided (the
    move that ran into a Krob, as it was played on the blind map, and all after it): they
    no longer fit the game, whose halted mover stands where the Krob stopped him."""
    table, whole_game = le_pont
    where: list[int] = []

    def change(doc: dict[str, Any]) -> int:
        cutting = first_link_with(doc, "cut")
        n, at = int(cutting["n"]), int(cutting["cut"]["at"])
        after = doc["links"][n + 1]
        after["actions"] = doc["links"][n - 1]["actions"][at:]
        del doc["links"][n + 2 :]
        where.append(n + 1)
        return n + 1

    said = refusal(forged(whole_game[-1], table, change, tmp_path / "x.dnturn"), table)
    assert f"link {where[0]}: action 0" in said


def leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths to every leaf of a JSON value."""
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))]
    return [path]


JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.text(max_size=6),
    st.just("0" * 64),
    st.lists(st.integers(0, 30), max_size=2),
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_change_to_a_hidden_game_link_signed_again_is_refused_or_played_never_a_crash(
    le_pont: tuple[Table, list[Path]], tmp_path: Path, data: st.DataObject
) -> None:
    """Both programs colluding to sign anything (the signatures and the chain out of the
    way): whatever a Krob link's seals, openings, cut or audit say, or an Adventurers'
    link's actions, the replay gives a clear refusal or a game, never a traceback."""
    table, whole_game = le_pont
    doc = json.loads(whole_game[-1].read_text(encoding="utf-8"))
    n = data.draw(st.integers(2, len(doc["links"]) - 1), label="link")
    link = doc["links"][n]
    fields = {k: link[k] for k in ("actions", "cut", "audit") if k in link}
    paths = leaves(fields)
    if not paths:
        return
    path = data.draw(st.sampled_from(paths), label="path")
    target: Any = fields
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = data.draw(JSON_LEAVES, label="value")
    del doc["links"][n + 1 :]
    rechained(doc, table, n)
    out = tmp_path / "fuzzed.dnturn"
    out.write_bytes(canonical_bytes(doc))
    with contextlib.suppress(TurnFileError):
        replay(read_turn_file(out), out, table.rules)
