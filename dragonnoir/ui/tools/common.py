"""What every tool of the game screen shares, written once: the characters a viewer sees
on a hex, and the redaction of reasons that would tell him of a spider web hidden from
him ("Spider Webs": a web is secret until revealed)."""

from __future__ import annotations

from collections.abc import Iterable

from dragonnoir.engine.game import Game
from dragonnoir.engine.rules import fire
from dragonnoir.engine.state import Side, Unit
from dragonnoir.hexmap.hexes import Hex
from dragonnoir.narration.phrase import Phrase, english, tell
from dragonnoir.ui.visibility import WEB_RULE_SUFFIX, Visibility

#: What is said instead of a line-of-fire reason that would reveal a hidden web.
HIDDEN_REASON: tuple[Phrase, str] = (tell("there is no line of fire"), fire.R_LINE)


def units_at(game: Game, vis: Visibility, h: Hex) -> list[Unit]:
    """The visible characters on `h`, living and standing first."""
    units = [u for u in vis.units_at(game, h) if u.hex is not None]
    return sorted(units, key=lambda u: (not u.alive, not u.standing, u.id))


def own_at(game: Game, vis: Visibility, h: Hex, side: Side | None) -> Unit | None:
    """The first living character of `side` the viewer sees on `h`."""
    return next((u for u in units_at(game, vis, h) if u.side is side and u.alive), None)


def enemy_at(game: Game, vis: Visibility, h: Hex, side: Side | None) -> Unit | None:
    """The first living character not of `side` the viewer sees on `h`."""
    return next((u for u in units_at(game, vis, h) if u.side is not side and u.alive), None)


def is_secret(
    game: Game, vis: Visibility, reason: Phrase | str, rule: str, context: Iterable[Hex] = ()
) -> bool:
    """Would this reason tell the viewer of a spider web hidden from him? (Read on its
    English words, the hexes written as the game writes its cells.)"""
    if not vis.hidden_webs:
        return False
    text = english(reason, game.where)
    if not (rule.endswith(WEB_RULE_SUFFIX) or "spider web" in text.lower()):
        return False
    if vis.any_hidden_web(context):
        return True
    return any(game.where(h) in text for h in vis.hidden_webs)


def redacted(
    game: Game, vis: Visibility, reason: Phrase | str, rule: str, context: Iterable[Hex] = ()
) -> tuple[Phrase | str, str]:
    """The reason and rule to show: `HIDDEN_REASON` when they would betray a hidden web."""
    if is_secret(game, vis, reason, rule, tuple(context)):
        return HIDDEN_REASON
    return reason, rule
