"""Whole games played by turn files between two agents (issue 42, "Done means")."""

from __future__ import annotations

import itertools

import pytest
from pbem_helpers import Table

from dragonnoir.engine.state import Side
from dragonnoir.errors import DragonNoirError
from dragonnoir.pbem.chain import replay
from dragonnoir.pbem.turnfile import read_turn_file
from dragonnoir.pbem.turns import ensure_next


@pytest.mark.parametrize(
    ("scenario", "creator"), [("la-fosse", Side.ADVENTURERS), ("le-nid", Side.KROBS)]
)
def test_a_whole_game_by_files_ends_and_every_file_extends_the_one_before(
    table: Table, scenario: str, creator: Side
) -> None:
    files = table.play_to_the_end(scenario, creator)
    last = replay(read_turn_file(files[-1]), files[-1], table.rules)
    assert last.game is not None and last.game.over
    for before, after in itertools.pairwise(files):
        ensure_next(read_turn_file(before), read_turn_file(after), after)
    # The links alternate sides, and the first two carry no action (the hand-shake).
    sides = [link["side"] for link in read_turn_file(files[-1]).links]
    assert sides[::2] == [creator.value] * len(sides[::2])
    assert all(not link["actions"] for link in read_turn_file(files[-1]).links[:2])


def test_the_same_files_replay_to_the_same_game(table: Table) -> None:
    files = table.play_to_the_end("la-fosse", Side.ADVENTURERS)
    turn = read_turn_file(files[-1])
    a = replay(turn, files[-1], table.rules).game
    b = replay(turn, files[-1], table.rules).game
    assert a is not None and b is not None
    assert a.state.to_dict() == b.state.to_dict()


def test_a_file_that_could_not_be_written_can_be_played_again(table: Table) -> None:
    """Nothing lost: when the next file cannot be written (here, a folder is in the way),
    this computer does not count it as sent, and the same turn is played again."""
    files = [table.start("la-fosse", Side.ADVENTURERS)]
    files.append(table.next(files[0], Side.KROBS))
    (table.folder / "t2.dnturn").mkdir()
    with pytest.raises(DragonNoirError):
        table.next(files[1], Side.ADVENTURERS)
    (table.folder / "t2.dnturn").rmdir()
    again = table.next(files[1], Side.ADVENTURERS)
    assert len(read_turn_file(again).links) == 3
