"""The map and set-up a save carries, so a game loads without its scenario file.

A save of a scenario every installation ships names it; a save of the player's own
scenario, or of a game built in code, also carries the map it is played on and the
set-up it started from, with a digest that proves them (a save is believed only for
what it proves: issue 47). A game on several boards carries one more thing: which
boards each hex lies on. The rules need it ("Range of Action": a spell reaches the
boards its wizard stands on), so a copy without it could not be played on; without a
copy, a save of one's own six-board scenario kept outside the trusted folders
(~/Downloads, a USB stick) could not be continued at all.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from dragonnoir.hexmap.hexes import Hex

#: The field of a carried copy holding which boards each hex lies on (games on a layout).
COVERS = "boards"


def values_sha256(value: Any) -> str:
    """The SHA-256 of JSON values written canonically (keys sorted, no spaces): the same
    values give the same digest however a file spaces or orders them."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class CarriedCover:
    """Which boards each hex lies on, as a layout said when the game was saved: what the
    rules ask of a layout (`engine.game.GameMap`), without the layout's board files."""

    def __init__(self, ids_at: dict[Hex, tuple[str, ...]]) -> None:
        self._ids_at = ids_at

    def board_ids_at(self, h: Hex) -> list[str]:
        return list(self._ids_at.get(h, ()))

    def to_list(self) -> list[dict[str, Any]]:
        """The hexes grouped by the boards they lie on (a dozen groups on six boards,
        so the save stays small), in a fixed order so the digest is stable."""
        groups: dict[tuple[str, ...], list[list[int]]] = {}
        for h, ids in sorted(self._ids_at.items(), key=lambda item: (item[0].q, item[0].r)):
            groups.setdefault(ids, []).append([h.q, h.r])
        return [{"boards": list(ids), "hexes": hexes} for ids, hexes in sorted(groups.items())]

    @classmethod
    def of(cls, layout: Any, cells: Iterable[Hex]) -> CarriedCover:
        """The cover of every cell of the map as `layout` answers for it."""
        return cls({h: tuple(layout.board_ids_at(h)) for h in cells})

    @classmethod
    def from_list(cls, groups: Any) -> CarriedCover:
        """The cover a save carries; ValueError (with what is wrong) when it is damaged."""
        if not isinstance(groups, list):
            raise ValueError(f"expected a list, found {type(groups).__name__}")
        ids_at: dict[Hex, tuple[str, ...]] = {}
        for i, group in enumerate(groups):
            if not isinstance(group, dict):
                raise ValueError(f"entry {i}: expected an object")
            ids, hexes = group.get("boards"), group.get("hexes")
            if not isinstance(ids, list) or not all(isinstance(b, str) for b in ids):
                raise ValueError(f"entry {i}: 'boards' must be a list of board ids")
            if not isinstance(hexes, list):
                raise ValueError(f"entry {i}: 'hexes' must be a list")
            for pair in hexes:
                if (
                    not isinstance(pair, list)
                    or len(pair) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
                ):
                    raise ValueError(f"entry {i}: a hex must be two whole numbers [q, r]")
                ids_at[Hex(pair[0], pair[1])] = tuple(ids)
        return cls(ids_at)


def carried_copy(
    board: dict[str, Any], start: dict[str, Any], cover: CarriedCover | None = None
) -> dict[str, Any]:
    """A map and set-up (and, on several boards, their cover) with the digest that proves
    them: the copy is used in place of a scenario file, so an edit to it (an exit removed,
    walls added) that would only matter turns later must be refused, not played."""
    copy: dict[str, Any] = {"board": board, "start": start}
    if cover is not None:
        copy[COVERS] = cover.to_list()
    return {**copy, "sha256": carried_digest(copy)}


def carried_digest(copy: dict[str, Any]) -> str:
    """The digest of a carried copy: of its map and set-up, and of its cover when it has
    one (a copy without a cover, as every single-board save, gives the digest saves have
    always recorded)."""
    proved = {"board": copy.get("board"), "start": copy.get("start")}
    if COVERS in copy:
        proved[COVERS] = copy[COVERS]
    return values_sha256(proved)
