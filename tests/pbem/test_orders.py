"""Standing orders answer the other side's decisions without a round trip, and only as
they say (issue 42 §1)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pbem_helpers import Table

from dragonnoir.engine.actions import action_from_dict
from dragonnoir.engine.state import Side
from dragonnoir.pbem.canonical import canonical_bytes
from dragonnoir.pbem.chain import Replay, replay, signed_part
from dragonnoir.pbem.orders import Orders, OrdersError
from dragonnoir.pbem.turnfile import TurnFileError, read_turn_file


def answered_by_orders(walk_file: Path, table: Table) -> list[tuple[int, int, str]]:
    """(link, action, actor) of every action a link holds for the side that did not
    write it: an answer its standing orders gave."""
    turn = read_turn_file(walk_file)
    walk = Replay(walk_file, turn.game, turn.start, table.rules)
    found = []
    for n, link in enumerate(turn.links):
        if n < 2:
            walk.add(link)
            continue
        side = Side(link["side"])
        walk.begin_link(n, side, link["reveal"])
        for k, raw in enumerate(link["actions"]):
            assert walk.game is not None
            actor = walk.game.to_act()
            assert actor is not None
            if actor is not side:
                found.append((n, k, actor.value))
            walk.play(n, actor, action_from_dict(raw))
        walk.end_link(n, side)
        walk.links.append(link)
        walk.orders[side] = Orders.from_dict(link["orders"])
    return found


def test_orders_answer_in_the_other_side_s_link_and_cannot_be_changed(
    table: Table, tmp_path: Path
) -> None:
    files = table.play_to_the_end("le-nid", Side.ADVENTURERS)
    answers = answered_by_orders(files[-1], table)
    assert answers, "no decision of the other side was answered by its orders"
    n, k, actor = answers[0]
    doc: dict[str, Any] = json.loads(files[-1].read_text(encoding="utf-8"))
    link = doc["links"][n]
    legal_other = {"type": "Pass"} if link["actions"][k]["type"] != "Pass" else None
    if legal_other is None:  # the orders passed: answer otherwise
        link["actions"][k] = {"type": "DeclineSpells"}
    else:
        link["actions"][k] = legal_other
    writer = table.players[Side(link["side"])]
    link["sig"] = writer.identity.sign(signed_part(link))
    forged = tmp_path / "forged.dnturn"
    forged.write_bytes(canonical_bytes(doc))
    with pytest.raises(TurnFileError, match=f"link {n}: action {k}"):
        replay(read_turn_file(forged), forged, table.rules)
    assert actor != link["side"]


def test_asking_orders_send_the_file_back_at_each_decision(table: Table) -> None:
    """With every order `ask`, no link holds an answer for the other side (the same game
    with the orders by default holds one: the test above)."""
    ask = Orders(fire="ask", spells="ask", casualty="ask", retreat="ask", advance="ask")
    for player in table.players.values():
        player.orders = ask
    files = table.play_to_the_end("le-nid", Side.ADVENTURERS, limit=400)
    assert answered_by_orders(files[-1], table) == []


def test_orders_are_read_strictly() -> None:
    assert Orders.parse("fire=never, casualty=most_wounded") == Orders(
        fire="never", casualty="most_wounded"
    )
    assert Orders.parse("") == Orders()
    for bad in ("fire=sometimes", "shoot=never", "fire"):
        with pytest.raises(OrdersError):
            Orders.parse(bad)
