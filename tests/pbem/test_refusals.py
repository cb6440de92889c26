"""Every way a turn file can be wrong is refused, naming where (issue 42 §2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pbem_helpers import Player, Table

from dragonnoir.engine.state import Side
from dragonnoir.engine.tables import default_rules_data
from dragonnoir.errors import DragonNoirError
from dragonnoir.pbem import coins
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.pbem.chain import replay, signed_part
from dragonnoir.pbem.keys import Identity
from dragonnoir.pbem.turnfile import TurnFile, TurnFileError, read_turn_file, write_turn_file
from dragonnoir.pbem.turns import NotYourTurn, ensure_next


def some_files(table: Table, count: int = 6) -> list[Path]:
    """The first `count` files of a game of La Fosse (links of play from the third)."""
    files = [table.start("la-fosse", Side.ADVENTURERS)]
    side = Side.KROBS
    for _ in range(count - 1):
        files.append(table.next(files[-1], side))
        side = Side.ADVENTURERS if side is Side.KROBS else Side.KROBS
    return files


def tampered(path: Path, change: Any, out: Path) -> Path:
    """`path`'s document changed by `change(doc)`, written canonically (so only what it
    says differs, not how it is written)."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    out.write_bytes(canonical_bytes(doc))
    return out


def refusal(path: Path, table: Table) -> str:
    with pytest.raises(TurnFileError) as caught:
        replay(read_turn_file(path), path, table.rules)
    return str(caught.value)


def acting_link(doc: dict[str, Any]) -> dict[str, Any]:
    return next(link for link in doc["links"] if link["actions"])


def test_a_changed_action_is_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table)[-1]

    def change(doc: dict[str, Any]) -> None:
        link = acting_link(doc)
        link["actions"][0] = {**link["actions"][0], "type": "end_phase"}

    said = refusal(tampered(last, change, tmp_path / "x.dnturn"), table)
    assert "signature" in said and "link" in said


def test_a_changed_secret_changes_the_dice_and_is_refused(table: Table, tmp_path: Path) -> None:
    """A die comes from the secrets: changing one (to steer a die) breaks its
    commitment, or the signature when the commitment is changed too."""
    last = some_files(table)[-1]

    def change(doc: dict[str, Any]) -> None:
        acting_link(doc)["reveal"] = coins.new_secret()

    assert "signature" in refusal(tampered(last, change, tmp_path / "x.dnturn"), table)


def test_a_revealed_secret_must_be_the_one_committed_even_when_signed(
    table: Table, tmp_path: Path
) -> None:
    """The side's own program re-signing a link with another secret: its commitment,
    made a link earlier, gives it away."""
    files = some_files(table, 4)
    doc = json.loads(files[-1].read_text(encoding="utf-8"))
    link = doc["links"][-1]
    link["reveal"] = coins.new_secret()
    side = Side(link["side"])
    link["sig"] = table.players[side].identity.sign(signed_part(link))
    path = tmp_path / "x.dnturn"
    path.write_bytes(canonical_bytes(doc))
    assert "not the one committed" in refusal(path, table)


def test_a_changed_commitment_is_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table)[-1]

    def change(doc: dict[str, Any]) -> None:
        doc["links"][1]["commit"] = coins.commitment(coins.new_secret())

    assert "link 1" in refusal(tampered(last, change, tmp_path / "x.dnturn"), table)


def test_a_signature_by_another_key_is_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table)[-1]
    intruder = Identity.fresh()

    def change(doc: dict[str, Any]) -> None:
        link = doc["links"][-1]
        link["sig"] = intruder.sign(signed_part(link))

    said = refusal(tampered(last, change, tmp_path / "x.dnturn"), table)
    assert "signature" in said and f"link {5}" in said


def test_reordered_and_dropped_links_are_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table)[-1]

    def swap(doc: dict[str, Any]) -> None:
        doc["links"][2], doc["links"][3] = doc["links"][3], doc["links"][2]

    def drop(doc: dict[str, Any]) -> None:
        del doc["links"][3]

    assert "link 2" in refusal(tampered(last, swap, tmp_path / "a.dnturn"), table)
    assert "link 3" in refusal(tampered(last, drop, tmp_path / "b.dnturn"), table)


def test_a_changed_start_is_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table)[-1]

    def change(doc: dict[str, Any]) -> None:
        doc["start"]["scenario"]["name"] = "Somewhere else"

    assert "link 0" in refusal(tampered(last, change, tmp_path / "x.dnturn"), table)


def test_a_file_written_otherwise_is_refused(table: Table, tmp_path: Path) -> None:
    last = some_files(table, 3)[-1]
    doc = json.loads(last.read_text(encoding="utf-8"))
    spaced = tmp_path / "x.dnturn"
    spaced.write_text(json.dumps(doc, indent=2, sort_keys=True), encoding="utf-8")
    with pytest.raises(TurnFileError, match="changed"):
        read_turn_file(spaced)


def test_an_older_file_played_again_is_refused(table: Table) -> None:
    """The Krobs answered file 1; playing file 1 again (to try other dice) is refused."""
    files = some_files(table, 4)  # t0 (A), t1 (K), t2 (A), t3 (K)
    with pytest.raises(NotYourTurn, match="older"):
        table.next(files[1], Side.ADVENTURERS)


def test_a_fork_is_seen_by_the_other_side(table: Table, tmp_path: Path) -> None:
    """The Adventurers send file 4, then another file 4 (played again elsewhere, or
    edited and signed with their own key) to try other dice: each version is a valid
    file on its own, and the Krobs' program, which has the first, sees the fork."""
    files = some_files(table, 4)  # t0 (A), t1 (K), t2 (A), t3 (K)
    adventurers = table.players[Side.ADVENTURERS]
    first = table.next(files[3], Side.ADVENTURERS)
    doc = json.loads(first.read_text(encoding="utf-8"))
    doc["links"][4]["said"] = ["another try"]
    doc["links"][4]["sig"] = adventurers.identity.sign(signed_part(doc["links"][4]))
    fork = tmp_path / "fork.dnturn"
    fork.write_bytes(canonical_bytes(doc))
    replay(read_turn_file(fork), fork, table.rules)  # valid on its own
    with pytest.raises(TurnFileError, match="forked"):
        ensure_next(read_turn_file(first), read_turn_file(fork), fork)
    later = table.next(first, Side.KROBS)  # the Krobs answer the first version
    with pytest.raises(TurnFileError, match="forked"):
        ensure_next(read_turn_file(later), read_turn_file(fork), fork)


def test_the_wrong_side_cannot_play_a_file(table: Table) -> None:
    files = some_files(table, 3)  # the Krobs are to play file 2
    with pytest.raises(NotYourTurn, match="turn of the Krobs"):
        table.next(files[2], Side.ADVENTURERS)


@pytest.fixture(scope="module")
def four_links(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("pbem")
    players = {side: Player(side, Identity.fresh(), folder / side.value) for side in Side}
    return some_files(Table(folder, players, default_rules_data()), 4)[-1].read_bytes()


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_any_byte_changed_is_refused(
    four_links: bytes, tmp_path: Path, data: st.DataObject
) -> None:
    """Whatever byte changes, to whatever value, the file is refused (and nothing but a
    refusal comes out: no other exception)."""
    at = data.draw(st.integers(0, len(four_links) - 1))
    value = data.draw(st.integers(0, 255).filter(lambda b: b != four_links[at]))
    path = tmp_path / "changed.dnturn"
    path.write_bytes(four_links[:at] + bytes([value]) + four_links[at + 1 :])
    with pytest.raises(DragonNoirError):
        replay(read_turn_file(path), path, default_rules_data())


def test_a_turn_file_keeps_its_game(table: Table) -> None:
    files = some_files(table, 3)
    a, b = read_turn_file(files[1]), read_turn_file(files[2])
    assert isinstance(a, TurnFile) and a.game == b.game
    with pytest.raises(TurnFileError, match="no new link"):
        ensure_next(b, b, files[2])
    other = TurnFile("0" * 32, a.start, a.links)
    with pytest.raises(TurnFileError, match="same game"):
        ensure_next(a, other, files[1])
    write_turn_file(b, files[2])  # writing what was read gives the same bytes
    assert read_turn_file(files[2]) == b
